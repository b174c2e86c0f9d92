"""The seat preamble every multi-player function runs first.

Hands come in seat order (a sequence: a set, a dict or a generator has no
seats), the board is optional, and no card is dealt twice across the hands
and the board. :func:`parse_seats` does all of it from user input;
:func:`check_seats` takes ids already parsed (as equity parses ranges) and
returns them.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import TYPE_CHECKING, Any

from pyrankcore import _core
from pyrankcore.errors import DuplicateCardError, InvalidArgumentError

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeGuard

    from pyrankcore._typing import CardsLike

__all__ = [
    "check_no_repeats",
    "check_ordered",
    "check_seats",
    "has_cards",
    "optional_cards",
    "parse_seats",
]


def has_cards(cards: Any) -> TypeGuard[CardsLike]:
    """False for None and for an empty sequence: no cards given."""
    if cards is None:
        return False
    try:
        return len(cards) > 0
    except TypeError:
        return True


def optional_cards(cards: Any) -> list[int]:
    """Card ids of optional cards (a board, dead cards): [] for none."""
    return _core.parse_cards(cards) if has_cards(cards) else []


def check_ordered(value: Any, what: str) -> None:
    """*value* must be a sized, indexable sequence (one entry per seat): a set,
    a dict or a generator has no seat order, so it is refused."""
    if (
        isinstance(value, (str, bytes, Set, Mapping))
        or not hasattr(value, "__len__")
        or not hasattr(value, "__getitem__")
    ):
        raise TypeError(
            f"{what} must be a sequence in seat order (list or tuple), not {type(value).__name__}"
        )


def check_seats(hands: list[list[int]], board: list[int]) -> tuple[list[list[int]], list[int]]:
    """No card twice across the players' hands and the board; the message
    says where each copy is (cards within one hand or the board are already
    checked by parse_cards). Returns (hands, board)."""
    seat_of: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for c in hand:
            other = seat_of.get(c)
            if other is not None and other != seat:
                raise DuplicateCardError(
                    f"duplicate card {_core.format_card(c)} in the hands of seats {other} and {seat}"
                )
            seat_of[c] = seat
    for c in board:
        if c in seat_of:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} in seat {seat_of[c]}'s hand and on the board"
            )
    return hands, board


def check_no_repeats(cards: list[int]) -> None:
    """One player's hole cards and the board hold no card twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} (in the hand and on the board)"
            )
        seen.add(c)


def parse_seats(
    hands: Sequence[CardsLike], board: CardsLike | None, *, caller: str | None = None
) -> tuple[list[list[int]], list[int]]:
    """(hands, board) as card ids, checked: seat order, at least one hand
    (where *caller* names the function, for the message), no card twice."""
    check_ordered(hands, "hands")
    if caller is not None and len(hands) < 1:
        raise InvalidArgumentError(f"{caller} needs at least one hand")
    board_ids = optional_cards(board)
    return check_seats([_core.parse_cards(h) for h in hands], board_ids)
