"""An OFC board (:class:`Board`: rows, fouls, royalties) and the scoring of
boards against each other (:func:`score`).

A Board shows itself as ``Board('...', '...', '...')`` in the REPL and as
a table of its rows (cards, hand, royalty) in a notebook; ``as_dict()``
gives plain JSON types and ``to_frame()`` a pandas DataFrame of the rows.

Private to the package, for its other modules: :func:`as_board` and
:func:`sweep`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyrankcore import _core, _display
from pyrankcore.errors import HandSizeError, InvalidArgumentError
from pyrankcore.hands import Category, describe
from pyrankcore.ofc.rules import (
    MAX_PLAYERS,
    ROYAL_FLUSH,
    Rules,
    as_rules,
    check_decks,
    check_players,
    front_royalty,
)
from pyrankcore.ofc.two_decks import (
    card_parser,
    check_repeats,
    describe_five,
    five_royalty,
    five_strength,
    front_strength,
    incomplete_of_five,
)

if TYPE_CHECKING:
    from pyrankcore._typing import BoardLike, CardsLike

ROW_NAMES = ("front", "middle", "back")
# Between the rows of a board written as one text: "6s 6c 4h / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d".
ROW_SEPARATOR = "/"


class Board:
    """One player's finished OFC board: 3 front, 5 middle, 5 back cards.

    Cards are text or ids, as :func:`pyrankcore.parse_cards` accepts.
    Raises HandSizeError for rows of the wrong size and DuplicateCardError
    for a card used twice on the board.

    ``decks=2`` (double deck): a card id may appear twice on the board, in
    one row or two; a third copy is a DuplicateCardError naming the card.
    The middle and back strengths are then on the double-deck scale
    (1..DD_N_CLASSES: five of a kind on top, flushes with a repeated card
    among the flushes); the front keeps the incomplete scale.

    :meth:`as_dict` and :meth:`to_frame` (pandas) give the three rows
    with their cards, strength, hand in words and royalty; a notebook
    shows them as a table.

    >>> b = Board("Qs Qs 2c", "Ah Ah Kh Qh Jh", "9c 9c 9d 9d 9s", decks=2)
    >>> b.describe()
    'front Pair of Queens (Q-Q-2); middle Flush, Ace high (A-A-K-Q-J); back Five of a Kind, Nines (royalties 30)'
    """

    __slots__ = ("_strengths", "back", "decks", "front", "middle")

    def __init__(
        self, front: CardsLike, middle: CardsLike, back: CardsLike, *, decks: int = 1
    ) -> None:
        decks = check_decks(decks)
        parse = card_parser(decks)
        rows = []
        for name, cards, size in (("front", front, 3), ("middle", middle, 5), ("back", back, 5)):
            ids = parse(cards)
            if len(ids) != size:
                raise HandSizeError(f"the {name} row needs {size} cards, got {len(ids)}")
            rows.append(tuple(ids))
        check_repeats([c for row in rows for c in row], "the board", decks)
        self.decks = decks
        self.front, self.middle, self.back = rows
        if decks == 1:
            front_s = _core.evaluate(list(self.front), "incomplete")
            middle_s = _core.evaluate(list(self.middle))
            back_s = _core.evaluate(list(self.back))
        else:
            front_s = front_strength(self.front)
            middle_s, back_s = five_strength(self.middle), five_strength(self.back)
        self._strengths = (front_s, middle_s, back_s)

    @classmethod
    def from_cards(cls, cards: CardsLike, *, decks: int = 1) -> Board:
        """A board from 13 cards in row order: front 3, middle 5, back 5."""
        ids = card_parser(check_decks(decks))(cards)
        if len(ids) != 13:
            raise HandSizeError(f"a board has 13 cards, got {len(ids)}")
        return cls(ids[:3], ids[3:8], ids[8:], decks=decks)

    def __repr__(self) -> str:
        decks = ", decks=2" if self.decks == 2 else ""
        return (
            f"Board({_core.format_cards(list(self.front))!r}, "
            f"{_core.format_cards(list(self.middle))!r}, "
            f"{_core.format_cards(list(self.back))!r}{decks})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.decks, sorted(self.front), sorted(self.middle), sorted(self.back)) == (
            other.decks,
            sorted(other.front),
            sorted(other.middle),
            sorted(other.back),
        )

    def __hash__(self) -> int:
        return hash((frozenset(self.front), frozenset(self.middle), frozenset(self.back)))

    @property
    def cards(self) -> list[int]:
        return list(self.front + self.middle + self.back)

    @property
    def strengths(self) -> tuple[int, int, int]:
        """(front on the incomplete scale, middle high, back high); with
        decks=2 the middle and back are on the double-deck scale."""
        return self._strengths

    @property
    def fouled(self) -> bool:
        """True unless back >= middle >= front."""
        front_s, middle_s, back_s = self._strengths
        return back_s < middle_s or incomplete_of_five(self.decks)[middle_s] < front_s

    def row_royalties_under(self, rules: Rules | None = None) -> tuple[int, int, int]:
        """Royalties of (front, middle, back) under *rules*; zeros if fouled."""
        table = as_rules(rules).royalties
        if self.fouled:
            return (0, 0, 0)
        front_s, middle_s, back_s = self._strengths
        return (
            front_royalty(table)[front_s],
            five_royalty(table, "middle", self.decks)[middle_s],
            five_royalty(table, "back", self.decks)[back_s],
        )

    @property
    def row_royalties(self) -> tuple[int, int, int]:
        """Standard royalties of (front, middle, back); zeros if fouled."""
        return self.row_royalties_under()

    @property
    def royalties(self) -> int:
        """Total standard royalties (0 for a fouled board)."""
        return sum(self.row_royalties)

    def _row_words(self) -> tuple[str, str, str]:
        front_s, middle_s, back_s = self._strengths
        five = describe if self.decks == 1 else describe_five
        return describe(front_s, "incomplete"), five(middle_s), five(back_s)

    def _outcome(self) -> str:
        return "fouled" if self.fouled else f"royalties {self.royalties}"

    def describe(self) -> str:
        """The three rows in words, e.g. for a log or a UI."""
        words = "; ".join(f"{n} {w}" for n, w in zip(ROW_NAMES, self._row_words()))
        return f"{words} ({self._outcome()})"

    def as_dict(self) -> dict[str, Any]:
        """The board as plain JSON types: decks, fouled, royalties (the
        standard total) and ``rows``, one dict per row (front, middle,
        back) with its name, cards (text), strength, hand (in words) and
        royalty."""
        rows = [
            {
                "row": name,
                "cards": _core.format_cards(list(cards)),
                "strength": strength,
                "hand": words,
                "royalty": royalty,
            }
            for name, cards, strength, words, royalty in zip(
                ROW_NAMES,
                (self.front, self.middle, self.back),
                self._strengths,
                self._row_words(),
                self.row_royalties,
            )
        ]
        return {
            "decks": self.decks,
            "fouled": self.fouled,
            "royalties": self.royalties,
            "rows": rows,
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame of the three rows (index ``row``: front,
        middle, back) with columns cards, strength, hand and royalty. Needs
        pandas (``pip install pandas``)."""
        pd = _display.require_pandas("Board.to_frame()")
        columns = ["row", "cards", "strength", "hand", "royalty"]
        return pd.DataFrame.from_records(self.as_dict()["rows"], columns=columns).set_index("row")

    def _repr_html_(self) -> str:
        rows = [
            [_display.Cell(r["row"], header=True), r["cards"], r["hand"], r["royalty"]]
            for r in self.as_dict()["rows"]
        ]
        decks = ", two decks" if self.decks == 2 else ""
        caption = f"OFC board{decks}: {self._outcome()}"
        return _display.html_table(["row", "cards", "hand", "royalty"], rows, caption=caption)


def as_board(b: Any, decks: int = 1) -> Board:
    """A Board for rules of *decks* decks from a Board, a (front, middle,
    back) triple, the text "front / middle / back" (rows separated by "/",
    as the command line takes a board) or 13 cards: a single-deck Board is
    also a double-deck one (re-ranked on that scale); a double-deck Board
    under single-deck rules is refused."""
    if isinstance(b, Board):
        if b.decks == decks:
            return b
        if decks == 2:
            return Board(b.front, b.middle, b.back, decks=2)
        raise InvalidArgumentError(
            f"{b!r} is a double-deck board: pass rules=Rules(decks=2) to score it"
        )
    if isinstance(b, (list, tuple)) and len(b) == 3:
        return Board(*b, decks=decks)
    if isinstance(b, str) and ROW_SEPARATOR in b:
        rows = b.split(ROW_SEPARATOR)
        if len(rows) != 3:
            raise InvalidArgumentError(
                f"a board is three rows separated by {ROW_SEPARATOR!r} (front / middle / "
                f"back), got {len(rows)} in {b[:80]!r}"
            )
        return Board(*(row.strip() for row in rows), decks=decks)
    if isinstance(b, (list, tuple, str)):
        return Board.from_cards(b, decks=decks)
    raise TypeError(
        f"a board is a Board, (front, middle, back) or 13 cards, not {type(b).__name__}"
    )


# ----------------------------------------------------------------- scoring


def _moon_points(board: Board, rules: Rules) -> int:
    """The moon bonus a legal board with a jack-high (or weaker) back
    collects from each opponent, where the rules pay one."""
    if not rules.shoot_the_moon or board.fouled:
        return 0
    back_s = board.strengths[2]  # high cards have the same strengths on both scales
    cat, ranks = _core.class_info(back_s) if back_s <= ROYAL_FLUSH else (-1, (13,))
    jack_high = cat == Category.HIGH_CARD and ranks[0] <= 9
    return rules.moon_bonus if jack_high else 0


def sweep(rules: Rules) -> int:
    """What a fouled board pays a legal one before royalties: every row,
    the scoop and the majority bonus (it loses all three rows)."""
    return 3 * rules.row_points + rules.scoop_bonus + rules.majority_bonus


def _settle(a: Board, b: Board, rules: Rules) -> int:
    """Points a wins from b (negative: a pays b)."""
    foul_a, foul_b = a.fouled, b.fouled
    if foul_a and foul_b:
        return 0
    if foul_a:
        return -(sweep(rules) + sum(b.row_royalties_under(rules)) + _moon_points(b, rules))
    if foul_b:
        return sweep(rules) + sum(a.row_royalties_under(rules)) + _moon_points(a, rules)
    won = sum(sa > sb for sa, sb in zip(a.strengths, b.strengths))
    lost = sum(sa < sb for sa, sb in zip(a.strengths, b.strengths))
    points = (won - lost) * rules.row_points
    if won == 3:
        points += rules.scoop_bonus
    elif lost == 3:
        points -= rules.scoop_bonus
    if won >= 2:
        points += rules.majority_bonus
    elif lost >= 2:
        points -= rules.majority_bonus
    points += sum(a.row_royalties_under(rules)) - sum(b.row_royalties_under(rules))
    return points + _moon_points(a, rules) - _moon_points(b, rules)


def score(boards: Sequence[BoardLike], rules: Rules | None = None) -> list[int]:
    """Net points of each player, settling every pair independently.

    2 to 4 boards (Board objects, (front, middle, back) triples, the text
    "front / middle / back", or 13 cards in row order), 2 to 8 under
    ``Rules(decks=2)``. Each pair: one point
    per row won, the scoop bonus for all three, the majority bonus (if the
    rules pay one) for two or three, plus the difference of royalties. A
    fouled board loses every row, the scoop and the majority bonus to each
    legal board and pays that board's royalties; two fouled boards settle 0.
    The result sums to zero.

    >>> ivey = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
    >>> hellmuth = Board("Ah Kd Qd", "9h 9d 5h 5d 4c", "Ks Js 9s 8s 7s")
    >>> score([ivey, hellmuth])
    [4, -4]
    """
    rules = as_rules(rules)
    if isinstance(boards, (str, Board)) or not hasattr(boards, "__len__"):
        raise TypeError(
            f"boards must be a sequence of 2 to {MAX_PLAYERS[rules.decks]} boards, "
            f"not {type(boards).__name__}"
        )
    check_players(len(boards), rules.decks)
    parsed = [as_board(b, rules.decks) for b in boards]
    check_repeats([c for b in parsed for c in b.cards], "the players' boards", rules.decks)
    totals = [0] * len(parsed)
    for i in range(len(parsed)):
        for j in range(i + 1, len(parsed)):
            points = _settle(parsed[i], parsed[j], rules)
            totals[i] += points
            totals[j] -= points
    return totals
