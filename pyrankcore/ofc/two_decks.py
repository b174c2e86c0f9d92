"""The double-deck scale of a 5-card row, and the choice of scale by the
number of decks a game is played with.

The double-deck scale is the high scale with the flushes widened to every
suited rank multiset two decks allow, five of a kind on top. Larger wins,
as everywhere::

    1 .. 5863       high card .. straight: the high strengths themselves
    5864 .. 10858   4995 flushes (1277 without a pair, 2860 with one pair,
                    858 with two pairs), ordered card by card, high first
    10859 .. 11180  full house, four of a kind, straight flush: the high
                    strength + DD_SHIFT (royal flush 11180)
    11181 .. 11193  five of a kind, deuces .. aces

Fronts (3 cards) keep the incomplete scale: three cards hold no flush, and
their rank patterns are those of one deck.

Private to the package, for its other modules: the scale's bounds
(``DD_*``), :func:`tables`, :func:`five_strength`, :func:`front_strength`,
:func:`describe_five`, and the choosers by number of decks:
:func:`five_starts`, :func:`incomplete_of_five`, :func:`five_royalty`,
:func:`royalty_arrays`, :func:`card_parser`, :func:`check_repeats` and
:func:`check_card_rows`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Any

from pyrankcore import _core
from pyrankcore._rankings import RANK_CHARS
from pyrankcore.errors import DuplicateCardError, InvalidCardError
from pyrankcore.hands import RANK_NAMES, RANK_PLURALS, Category, describe
from pyrankcore.ofc.rules import (
    HIGH_STARTS,
    ROYAL_FLUSH,
    RoyaltyTable,
    front_royalty,
    high_to_incomplete,
)

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike

DD_FLUSH_START = HIGH_STARTS[Category.FLUSH]
DD_N_FLUSHES = 4995
DD_SHIFT = DD_N_FLUSHES - (HIGH_STARTS[Category.FULL_HOUSE] - DD_FLUSH_START)
DD_ROYAL_FLUSH = ROYAL_FLUSH + DD_SHIFT
DD_FIVE_START = DD_ROYAL_FLUSH + 1
DD_N_CLASSES: int = DD_FIVE_START + 12
"""Strengths of a 5-card double-deck row: 1 .. DD_N_CLASSES (11193)."""
# First strength of each Category (FIVE_OF_A_KIND last), then the end.
DD_STARTS = (
    *HIGH_STARTS[: Category.FULL_HOUSE],
    *(start + DD_SHIFT for start in HIGH_STARTS[Category.FULL_HOUSE :]),
    DD_N_CLASSES + 1,
)


def _dd_index(ranks: Sequence[int]) -> int:
    """Number of a multiset of ranks given in ascending order (the
    combinatorial number system for multisets, as prc_dd_index)."""
    return sum(comb(r + j, j + 1) for j, r in enumerate(ranks))


def _spread(ranks: Sequence[int]) -> list[int]:
    """Distinct card ids with these ranks, not all of one suit (each rank's
    copies take suits c, d, h, s in turn; at most four of a rank)."""
    seen: Counter[int] = Counter()
    ids = []
    for r in ranks:
        ids.append(r * 4 + seen[r])
        seen[r] += 1
    if len(ids) == 5 and all(c % 4 == 0 for c in ids):
        ids[-1] += 1  # five distinct ranks: break the flush
    return ids


def _dd_from_high(strength: int) -> int:
    """Double-deck strength of a single-deck hand that is not a flush."""
    if strength >= HIGH_STARTS[Category.FULL_HOUSE]:
        return strength + DD_SHIFT
    if strength >= DD_FLUSH_START:  # pragma: no cover - flushes are numbered apart
        raise AssertionError("a flush has no plain double-deck strength")
    return strength


@cache
def tables() -> tuple[Any, Any, Any, tuple[tuple[int, ...], ...]]:
    """(plain, flush, front, flush_ranks): the tables of prc_dd_eval5 and
    prc_dd_eval3 (uint16 by multiset number) and the ranks, high first, of
    each double-deck flush (flush_ranks[s - DD_FLUSH_START])."""
    import numpy as np

    plain = np.zeros(comb(17, 5), dtype=np.uint16)
    flush = np.zeros(comb(17, 5), dtype=np.uint16)
    front = np.zeros(comb(15, 3), dtype=np.uint16)
    flushes: list[tuple[tuple[int, ...], int]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        i = _dd_index(ranks)
        counts = Counter(ranks)
        if len(counts) == 1:
            plain[i] = flush[i] = DD_FIVE_START + ranks[0]
            continue
        plain[i] = _dd_from_high(_core.evaluate(_spread(ranks)))
        if max(counts.values()) > 2:  # three of a rank: never one suit
            flush[i] = plain[i]
            continue
        suited = _core.evaluate([r * 4 for r in ranks]) if len(counts) == 5 else 0
        if suited >= HIGH_STARTS[Category.STRAIGHT_FLUSH]:
            flush[i] = suited + DD_SHIFT
        else:
            flushes.append((tuple(sorted(ranks, reverse=True)), i))
    flushes.sort()
    if len(flushes) != DD_N_FLUSHES:  # pragma: no cover - a counting check
        raise AssertionError(f"{len(flushes)} double-deck flushes, expected {DD_N_FLUSHES}")
    for n, (_, i) in enumerate(flushes):
        flush[i] = DD_FLUSH_START + n
    for three in combinations_with_replacement(range(13), 3):
        front[_dd_index(three)] = _core.evaluate(_spread(three), "incomplete")
    for t in (plain, flush, front):
        t.setflags(write=False)
    return plain, flush, front, tuple(r for r, _ in flushes)


def five_strength(ids: Sequence[int]) -> int:
    """Double-deck strength of a 5-card row (ids 0..51, repeats allowed)."""
    plain, flush, _, _ = tables()
    table = flush if len({c % 4 for c in ids}) == 1 else plain
    return int(table[_dd_index(sorted(c // 4 for c in ids))])


def front_strength(ids: Sequence[int]) -> int:
    """Incomplete-scale strength of a 3-card front (repeats allowed)."""
    return int(tables()[2][_dd_index(sorted(c // 4 for c in ids))])


def describe_five(strength: int) -> str:
    """A double-deck 5-card strength in words."""
    if strength < DD_FLUSH_START:
        return describe(strength)
    if strength < DD_STARTS[Category.FULL_HOUSE]:
        ranks = tables()[3][strength - DD_FLUSH_START]
        text = f"Flush, {RANK_NAMES[ranks[0]]} high"
        if len(set(ranks)) < 5:
            text += " (" + "-".join(RANK_CHARS[r] for r in ranks) + ")"
        return text
    if strength < DD_FIVE_START:
        return describe(strength - DD_SHIFT)
    return f"Five of a Kind, {RANK_PLURALS[strength - DD_FIVE_START]}"


@cache
def _dd_to_incomplete() -> list[int]:
    """incomplete-scale strength of every double-deck 5-card strength, for
    the front-against-middle check: exact for the hands one deck has; every
    flush maps to the weakest flush and five of a kind to the royal flush
    (both beat every 3-card front, which is all the check asks)."""
    single = high_to_incomplete()
    out = [0] * (DD_N_CLASSES + 1)
    for s in range(1, DD_FLUSH_START):
        out[s] = single[s]
    for s in range(DD_FLUSH_START, DD_FLUSH_START + DD_N_FLUSHES):
        out[s] = single[DD_FLUSH_START]
    for s in range(HIGH_STARTS[Category.FULL_HOUSE], ROYAL_FLUSH + 1):
        out[s + DD_SHIFT] = single[s]
    for s in range(DD_FIVE_START, DD_N_CLASSES + 1):
        out[s] = single[ROYAL_FLUSH]
    return out


def _parse_two_decks(cards: CardsLike) -> list[int]:
    """Card ids 0..51 with repeats kept (two decks); jokers are refused."""
    ids = _core.parse_cards_repeated(cards)
    for c in ids:
        if c > 51:
            raise InvalidCardError(
                f"invalid card {_core.format_card(c)}: OFC is played without jokers"
            )
    return ids


def _check_copies(cards: list[int], where: str, row: int | None = None) -> None:
    """Two decks: no card id more than twice (in *where*, or in batch *row*)."""
    for c, n in Counter(cards).items():
        if n > 2:
            card = _core.format_card(c)
            text = f"row {row}: card {card}" if row is not None else f"card {card}"
            where_ = "" if row is not None else f" in {where}"
            raise DuplicateCardError(
                f"{text} appears {n} times{where_}; with two decks a card appears at most twice"
            )


# ------------------------------------------------- one deck or two decks


def five_starts(decks: int) -> Sequence[int]:
    """First strength of each Category on the 5-card scale of *decks*, then
    the end of the scale."""
    return HIGH_STARTS if decks == 1 else DD_STARTS


@cache
def incomplete_of_five(decks: int) -> list[int]:
    """incomplete-scale strength of every 5-card strength on the scale of
    *decks* (the front-against-middle check of a foul)."""
    return high_to_incomplete() if decks == 1 else _dd_to_incomplete()


@cache
def five_royalty(table: RoyaltyTable, row: str, decks: int) -> list[int]:
    """Royalty by 5-card strength on the scale of *decks* for the "middle"
    or "back" row; five of a kind pays the row's straight flush unless the
    table lists it."""
    points: dict[int, int] = dict(table.middle if row == "middle" else table.back)
    points.setdefault(Category.FIVE_OF_A_KIND, points.get(Category.STRAIGHT_FLUSH, 0))
    starts = five_starts(decks)
    out = [0] * starts[-1]
    for cat, (first, end) in enumerate(zip(starts, starts[1:])):
        out[first:end] = [points.get(cat, 0)] * (end - first)
    royal = ROYAL_FLUSH if decks == 1 else DD_ROYAL_FLUSH
    out[royal] = table.middle_royal if row == "middle" else table.back_royal
    return out


@cache
def royalty_arrays(table: RoyaltyTable, decks: int = 1) -> tuple[Any, Any, Any, Any]:
    """Royalties by front, middle and back strength and the middle's
    incomplete-scale strength, as int32 arrays (5-card rows on the scale of
    *decks*): what the solver and the batch paths index."""
    import numpy as np

    return (
        np.asarray(front_royalty(table), dtype=np.int32),
        np.asarray(five_royalty(table, "middle", decks), dtype=np.int32),
        np.asarray(five_royalty(table, "back", decks), dtype=np.int32),
        np.asarray(incomplete_of_five(decks), dtype=np.int32),
    )


def card_parser(decks: int) -> Callable[[CardsLike], list[int]]:
    """The card parser of *decks*: one deck refuses a repeated card, two
    decks keep repeats (and refuse jokers)."""
    return _core.parse_cards if decks == 1 else _parse_two_decks


def check_repeats(cards: list[int], where: str, decks: int) -> None:
    """Refuse a card dealt more often than *decks* hold it, naming *where*
    ("the board", "the players' boards", "the hand")."""
    if decks == 2:
        _check_copies(cards, where)
        return
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(f"duplicate card {_core.format_card(c)} in {where}")
        seen.add(c)


def check_card_rows(ids: Any, values: Any, decks: int, row_names: Any = None) -> None:
    """Refuse the first bad row of a uint8 card array *ids* (a card id that
    is no card, or a card more often than *decks* hold it). The error is
    built from *values* (the user's array, so that it names the user's
    value) and names the row as ``row_names[row]`` (default: its index)."""
    first_bad = _core.first_bad_row if decks == 1 else _core.dd_first_bad_row
    bad = first_bad(ids)
    if bad < 0:
        return
    cards = [int(v) for v in values[bad]]
    row = bad if row_names is None else int(row_names[bad])
    if decks == 1:
        _core.raise_flagged(_core.tables_of("high"), cards, row=row)
    else:
        for v in cards:
            if not 0 <= v <= 51:
                raise InvalidCardError(f"row {row}: invalid card id {v} (OFC cards are 0..51)")
        _check_copies(cards, "", row)
    raise AssertionError(f"row {row} was flagged but holds no bad card")  # pragma: no cover
