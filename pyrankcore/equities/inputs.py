"""The inputs of one equity call, checked once: the variant, each seat's
hand or range as combos, the board and the dead cards, and the named spec
the kernels read (:class:`EquitySpec`).

Ranges (``"AKs,QQ+"``) are parsed by :mod:`pyrankcore.ranges`. Combos that
collide with the board, the dead cards, another player's fixed cards or
the deck of the variant are removed, as PokerStove and OMPEval do; each
range's weights are scaled by its largest (only ratios matter).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pyrankcore import _core, games
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)
from pyrankcore.ranges import Range, parse_range
from pyrankcore.seats import check_ordered, check_seats, has_cards
from pyrankcore.variants import Variant, variant

__all__ = ["Combo", "EquitySpec", "Inputs", "SeatCombos", "player_combos", "read_inputs"]

RANGE_HOLE_CARDS = (2, 4, 5, 6)  # hand sizes parse_range takes
RANDOM_WORDS = ("", "random", "?")  # a seat whose cards are all dealt
DECK_MASK = (1 << 52) - 1

# A combo: the known cards a seat may hold and its weight.
Combo = tuple[tuple[int, ...], float]
SeatCombos = tuple[Combo, ...]


@dataclass(frozen=True)
class EquitySpec:
    """A deal as the kernels see it (pyrankcore/_equity.pxi reads these
    fields by name): the tables of the high and low rankings, resolved
    once (None where the variant has no such half), Omaha's two-plus-three rule, the final board size and
    its known cards, each seat's final and known own cards, and the dead
    cards (sorted ids)."""

    high: _core.GameTables | None
    low: _core.GameTables | None
    omaha: bool
    board_final: int
    board: tuple[int, ...]
    hand_final: tuple[int, ...]
    known: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def rank_board(self) -> bool:
        """Whether the exact kernel takes its rank-board path: hold'em from
        preflop, the standard high ranking, every player's two cards known."""
        return (
            self.high is _core.tables_of("high")
            and self.low is None
            and not self.omaha
            and self.board_final == 5
            and not self.board
            and all(h == 2 for h in self.hand_final)
            and all(k == 2 for k in self.known)
        )


@dataclass(frozen=True)
class Inputs:
    """The checked inputs of one equity call (picklable: dask ships them).

    variant: the variant's name; hands, board, dead: as the result shows
    them; combos: per seat, the combos left beside the board, the dead
    cards and the fixed hands, weights scaled by the seat's largest; deals:
    the ways to deal the missing cards to one assignment of known cards;
    n_live: the cards in the deck less the board and the dead cards."""

    variant: str
    hilo: bool
    spec: EquitySpec
    hands: tuple[str, ...]
    board: str
    dead: str
    combos: tuple[SeatCombos, ...]
    deals: int
    n_live: int

    @property
    def n_players(self) -> int:
        return len(self.hands)


def player_combos(entry: Any, hole_cards: int, seat: int, game: str) -> tuple[list[Combo], str]:
    """The known cards a player may hold, with weights, and the entry as
    text: one combo for a hand ("AhKh", or fewer cards than the game deals:
    the rest are dealt), one empty combo for "random" (or ""), or a range's
    combos (``pyrankcore.ranges.parse_range``: its text, or the Range it
    returns). Text with a comma is always
    a range: "AsKs,QdJd" is two combos in hold'em and every hand holding
    As Ks or Qd Jd in Omaha, never the one hand As Ks Qd Jd."""
    if entry is None or (isinstance(entry, str) and entry.strip().lower() in RANDOM_WORDS):
        return [((), 1.0)], "random"
    if isinstance(entry, Range):
        return _parsed_range(entry, hole_cards, seat, game)
    if isinstance(entry, str) and "," in entry:
        return _range_combos(entry, hole_cards, seat, game, None)
    try:
        ids = _core.parse_cards(entry)
    except InvalidCardError as not_cards:
        if not isinstance(entry, str):
            raise
        return _range_combos(entry, hole_cards, seat, game, not_cards)
    return [(tuple(ids), 1.0)], _core.format_cards(ids)


def _range_combos(
    text: str, hole_cards: int, seat: int, game: str, not_cards: InvalidCardError | None
) -> tuple[list[Combo], str]:
    """A seat's range text as combos (see player_combos); *not_cards*: why
    the text is not a hand, re-raised where the game takes no ranges."""
    fixed = " ".join(text.replace(",", " ").split())
    how = "a fixed hand is written without commas"
    if _is_cards(fixed):
        how += f", e.g. {fixed!r}"
    if hole_cards not in RANGE_HOLE_CARDS:
        if not_cards is not None:
            raise not_cards
        raise InvalidArgumentError(
            f"seat {seat}: {text.strip()!r} has a comma, which makes it a range, and "
            f"{game} takes no ranges: {how}"
        )
    try:
        combos = parse_range(text, hole_cards=hole_cards)
    except ValueError as exc:
        if not_cards is not None and _is_cards(text.strip()[:2]):
            # it starts as a hand: name the card that is wrong
            raise type(not_cards)(
                f"seat {seat}: {text.strip()!r} is not a hand: {not_cards}"
            ) from None
        if not_cards is not None or not _is_cards(fixed):
            raise
        raise type(exc)(f"seat {seat}: {exc} (a comma makes a range; {how})") from None
    return [(tuple(int(c) for c in cards), float(w)) for cards, w in combos], text.strip()


def _parsed_range(r: Range, hole_cards: int, seat: int, game: str) -> tuple[list[Combo], str]:
    """A seat given what parse_range returned: its combos as parsed, for a
    game that deals that many hole cards."""
    if r.hole_cards != hole_cards:
        raise InvalidArgumentError(
            f"seat {seat}: the range is for {r.hole_cards}-card hands (hole_cards="
            f"{r.hole_cards}) and {game} deals {hole_cards}; parse it with "
            f"hole_cards={hole_cards} or pass its text"
        )
    if not r:
        raise InvalidArgumentError(f"seat {seat}: the range is empty")
    label = r.text.strip() or f"a range of {len(r)} combos"
    return [(tuple(int(c) for c in cards), float(w)) for cards, w in r], label


def _is_cards(text: str) -> bool:
    try:
        _core.parse_cards(text)
    except ValueError:
        return False
    return True


def _equity_variant(
    game: Any,
) -> tuple[Variant, tuple[_core.GameTables | None, _core.GameTables | None]]:
    """The variant *game* names and its rankings' tables (high first),
    each half resolved once; refused where the engine cannot settle it."""
    if isinstance(game, str) and game in _core.GAMES:
        raise InvalidArgumentError(
            f"{game!r} is a ranking: equity takes a variant, e.g. 'Hold'em' or 'Razz'"
        )
    v = variant(game)
    halves = games.resolve(v).plain("equity").halves
    tables = [half for half in halves if half is not None]
    for t in tables:
        if t.has_wild:
            # The engine's kernels rank natural cards and deal from 52.
            raise InvalidArgumentError(
                f"equity does not cover wild-card rankings yet ({v.name}: "
                f"{t.name}); use showdown() on each deal"
            )
    if v.declare or v.down_wild or v.must_use_up:
        # The engine ranks cards that speak; these games need declarations,
        # face-down wild cards or up-cards that must play.
        raise InvalidArgumentError(
            f"equity does not cover {v.name} (declarations, face-down wild cards or "
            "up-cards that must play); use showdown() on each deal"
        )
    return v, halves


def _board_and_dead(
    v: Variant, board: Any, dead: Any, board_final: int
) -> tuple[list[int], list[int]]:
    """The board and the dead cards as ids: at most *board_final* board
    cards, none of them dead."""
    board_ids = _core.parse_cards(board) if has_cards(board) else []
    dead_ids = _core.parse_cards(dead) if has_cards(dead) else []
    if len(board_ids) > board_final:
        n = len(board_ids)
        got = f"got {n} board card{'s' if n > 1 else ''}"
        if board_final == 0:  # a stud or draw game: no card is shared
            raise HandSizeError(
                f"{v.name} has no board (every card is a player's own), {got}; "
                "cards seen elsewhere go in dead="
            )
        raise HandSizeError(f"{v.name}: the board has at most {board_final} cards, {got}")
    for c in board_ids:
        if c in dead_ids:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} on the board and in the dead cards"
            )
    return board_ids, dead_ids


def _seat_combos(
    v: Variant, hands: Sequence[Any], hand_final: int
) -> list[tuple[list[Combo], str]]:
    """Each seat's combos and text; no combo holds more than the game deals."""
    players = [player_combos(h, hand_final, seat, v.name) for seat, h in enumerate(hands)]
    for seat, (combos, _) in enumerate(players):
        for cards, _w in combos:
            if len(cards) > hand_final:
                raise HandSizeError(
                    f"{v.name}: seat {seat} holds at most {hand_final} cards, got {len(cards)}"
                )
    return players


def _fixed_cards(
    v: Variant,
    players: list[tuple[list[Combo], str]],
    board_ids: list[int],
    dead_ids: list[int],
    deck: int,
) -> set[int]:
    """The cards of the seats that hold one fixed hand, checked against
    each other, the board, the dead cards and the deck; with the board and
    the dead cards, the cards no range may use."""
    fixed = [c[0][0] if len(c) == 1 else () for c, _ in players]
    check_seats([list(f) for f in fixed], board_ids)
    fixed_seat = {card: s for s, f in enumerate(fixed) for card in f}
    for c in dead_ids:
        if c in fixed_seat:
            raise DuplicateCardError(
                f"duplicate card {_core.format_card(c)} in seat {fixed_seat[c]}'s hand "
                "and in the dead cards"
            )
    blocked = set(board_ids) | set(dead_ids) | set(fixed_seat)
    for c in sorted(blocked):
        if not deck >> c & 1:
            raise InvalidCardError(f"card {_core.format_card(c)} is not in the {v.name} deck")
    return blocked


def _kept_combos(
    seat: int, combos: list[Combo], text: str, blocked: set[int], deck: int
) -> SeatCombos:
    """A range less the combos that use a blocked card or a card outside
    the deck (a fixed hand is already checked), weights scaled by the
    largest: only their ratios matter, and the products of exact
    enumeration stay clear of underflow."""
    if len(combos) > 1:
        kept = [
            (cards, w)
            for cards, w in combos
            if not blocked.intersection(cards) and all(deck >> c & 1 for c in cards)
        ]
        if not kept:
            raise InvalidArgumentError(
                f"seat {seat}'s range {text!r} has no combo left beside the "
                "board, the dead cards and the other hands"
            )
        combos = kept
    if len({len(cards) for cards, _ in combos}) != 1:
        raise HandSizeError(f"seat {seat}: every combo must have the same number of cards")
    largest = max(w for _, w in combos)
    if largest > 0 and largest != 1.0:
        combos = [(cards, w / largest) for cards, w in combos]
    return tuple(combos)


def read_inputs(game: Any, hands: Sequence[Any], board: Any, dead: Any) -> Inputs:
    """Check an equity call's inputs (every card parsed once, each half of
    the game resolved once) and build its :class:`Inputs`.

    Raises InvalidCardError, DuplicateCardError, HandSizeError,
    UnknownGameError, InvalidArgumentError and TypeError as
    :func:`pyrankcore.equity` documents."""
    v, halves = _equity_variant(game)
    check_ordered(hands, "hands")
    if not 2 <= len(hands) <= _core.EQ_MAX_PLAYERS:
        raise InvalidArgumentError(f"equity takes 2 to 10 players, got {len(hands)}")
    hand_final, board_final = max(v.hole_cards), max(v.board_cards)
    board_ids, dead_ids = _board_and_dead(v, board, dead, board_final)
    players = _seat_combos(v, hands, hand_final)
    deck = DECK_MASK
    for t in halves:
        if t is not None:
            deck &= t.deck_mask
    blocked = _fixed_cards(v, players, board_ids, dead_ids, deck)
    combos = tuple(
        _kept_combos(seat, seat_combos, text, blocked, deck)
        for seat, (seat_combos, text) in enumerate(players)
    )
    known = tuple(len(c[0][0]) for c in combos)
    n_live = bin(deck).count("1") - len(set(board_ids) | set(dead_ids))
    need = board_final + hand_final * len(hands)
    if need > n_live:
        raise HandSizeError(
            f"{v.name}: {len(hands)} players and the board need {need} cards, "
            f"only {n_live} are live"
        )
    spec = EquitySpec(
        high=halves[0],
        low=halves[1],
        omaha=v.omaha,
        board_final=board_final,
        board=tuple(board_ids),
        hand_final=(hand_final,) * len(hands),
        known=known,
        dead=tuple(sorted(dead_ids)),
    )
    return Inputs(
        variant=v.name,
        hilo=v.high is not None and v.low is not None,
        spec=spec,
        hands=tuple(text for _, text in players),
        board=_core.format_cards(board_ids) if board_ids else "",
        dead=_core.format_cards(spec.dead) if dead_ids else "",
        combos=combos,
        deals=_deals(n_live - sum(known), board_final - len(board_ids), hand_final, known),
        n_live=n_live,
    )


def _deals(left: int, board_missing: int, hand_final: int, known: tuple[int, ...]) -> int:
    """The ways to deal the board's missing cards, then each player's, from
    *left* cards."""
    deals = math.comb(left, board_missing)
    left -= board_missing
    for k in known:
        deals *= math.comb(left, hand_final - k)
        left -= hand_final - k
    return deals
