"""Open-Face Chinese poker: boards, fouls, royalties, scoring, Fantasyland.

Rules follow the OFC sections of the rule texts (shared/rules/): a board is a
3-card front, a 5-card middle and a 5-card back; the back must be at least as
strong as the middle and the middle at least as strong as the front, or the
board is fouled. The front is compared with the middle as the rule texts
compare hands of unequal size (the ``incomplete`` ranking: a present kicker
beats a missing one), so front K-K-A against middle K-K-Q-7-3 is a foul.

Every house rule is a field of :class:`Rules`; the defaults are the standard
game (1-6 scoring, the standard royalty table, classic Fantasyland).

Double deck (``Rules(decks=2)``, ``Board(..., decks=2)``): two 52-card decks
shuffled together. Cards keep their ids 0..51; a card id may appear at most
twice in a deal (on one board or across the boards), so a row can repeat a
card. Rows rank as with one deck, plus five of a kind above the straight
flush; five cards of one suit are a flush even with a repeated card
(A-A-K-Q-J of spades, compared card by card like any flush), on the
double-deck scale (:data:`DD_N_CLASSES` strengths).

>>> b = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
>>> b.royalties, b.fouled
(7, False)
"""

from __future__ import annotations

import numbers
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from pyrankcore import _core
from pyrankcore._args import whole_number as _integer
from pyrankcore._rankings import check_choice, show_value
from pyrankcore.batch import (
    as_array,
    as_uint8,
    card_matrix,
    check_threads,
    raise_bad_row,
    split_rows,
)
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidOptionError,
    OptionTypeError,
)
from pyrankcore.hands import (
    NATURAL_CATEGORIES,
    RANK_NAMES,
    RANK_PLURALS,
    Category,
    category,
    describe,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pyrankcore._typing import BoardLike, CardArray, CardsLike, OfcBoardArray

__all__ = [
    "DD_N_CLASSES",
    "MAX_PLAYERS",
    "OFC_DEALT",
    "PINEAPPLE_DEALT",
    "STANDARD_ROYALTIES",
    "Board",
    "RoyaltyTable",
    "Rules",
    "check_deal",
    "fantasyland",
    "royalties_batch",
    "score",
    "score_batch",
    "solve_fantasyland",
    "solve_fantasyland_batch",
    "stays_in_fantasyland",
]

# Category boundaries of the 1..7462 high strengths (first strength of each),
# generated with the tables.
_HIGH_STARTS = _core.CATEGORY_STARTS
_ROYAL = _core.N_CLASSES
_QUEEN, _KING, _ACE = 10, 11, 12


# Point values are capped so that every sum in the solver and the int32
# batch results stays far from overflow.
MAX_POINTS = 1_000_000


_POINTS = f"an int 0..{MAX_POINTS:,}"

# Players a deal seats, by number of decks. One deck holds four boards of 13
# cards. Two decks ("allowing more people to play", rule text 001) seat six:
# their deal fits 104 cards even when every player is dealt 17 (Pineapple,
# or progressive Fantasyland): 6 x 17 = 102.
MAX_PLAYERS: Mapping[int, int] = MappingProxyType({1: 4, 2: 6})
DECK_SIZE = 52
# Cards a player is dealt in a hand: 13 in OFC (five, then one at a time);
# 17 in Pineapple (five, then four times three, one of each three
# discarded); in Fantasyland, 13 to 17 as :func:`fantasyland` says.
OFC_DEALT, PINEAPPLE_DEALT, MOST_DEALT = 13, 17, 17


def _option_int(option: str, value: Any, allowed: str) -> int:
    """An int or NumPy integer (not a bool, not a float) as a plain int."""
    try:
        return _integer(value, option)
    except TypeError:
        raise OptionTypeError(
            f"{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
        ) from None


def _check_points(option: str, value: Any) -> int:
    """A points value: an int (or NumPy integer) in 0..MAX_POINTS, as an int."""
    points = _option_int(option, value, _POINTS)
    if not 0 <= points <= MAX_POINTS:
        raise InvalidOptionError(
            f"invalid {option}={show_value(points)}; {option} must be {_POINTS}"
        )
    return points


def _check_decks(value: Any) -> int:
    decks = _option_int("decks", value, "1 or 2")
    if decks not in (1, 2):
        raise InvalidOptionError(f"invalid decks={show_value(decks)}; decks must be 1 or 2")
    return decks


def _per_rank(option: str, value: Any) -> tuple[int, ...]:
    """13 points, one per rank (deuce first), as a tuple (the table is hashed)."""
    allowed = f"a sequence of 13 ints 0..{MAX_POINTS:,} (deuce .. ace)"
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise OptionTypeError(
            f"{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
        )
    if len(value) != 13:
        raise InvalidOptionError(
            f"invalid {option}={show_value(value)}; {option} must be {allowed}, got {len(value)} entries"
        )
    return tuple(_check_points(f"{option}[{r}]", v) for r, v in enumerate(value))


def _category_points(option: str, value: Any) -> tuple[tuple[Category, int], ...]:
    """(Category, points) pairs from pairs or a mapping, each category once."""
    allowed = f"(Category, points) pairs or a mapping of Category to {_POINTS}"
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise OptionTypeError(
            f"{option} must be {allowed}, not {type(value).__name__} ({show_value(value)})"
        )
    else:
        items = list(value)
    pairs: list[tuple[Category, int]] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise OptionTypeError(
                f"each entry of {option} must be a (Category, points) pair, "
                f"not {type(item).__name__} ({show_value(item)})"
            )
        try:
            cat = _integer(item[0], "a category")
        except TypeError:
            raise OptionTypeError(
                f"a category in {option} must be a Category, "
                f"not {type(item[0]).__name__} ({show_value(item[0])})"
            ) from None
        points = item[1]
        if not 0 <= cat <= max(Category):
            raise InvalidOptionError(
                f"invalid category {show_value(cat)} in {option}; a Category is 0..9 "
                "(HIGH_CARD .. FIVE_OF_A_KIND)"
            )
        category_ = Category(cat)
        if any(c == category_ for c, _ in pairs):
            raise InvalidOptionError(f"{option} lists {category_.name} twice")
        pairs.append((category_, _check_points(f"{option}[{category_.name}]", points)))
    return tuple(pairs)


@dataclass(frozen=True)
class RoyaltyTable:
    """Royalty points per row. ``front_pairs[r]`` is the bonus for a pair of
    rank r on top (r = 0 deuce .. 12 ace), ``front_trips[r]`` for three of
    rank r. Middle and back map a Category to points; ``*_royal`` is the
    royal flush (a straight flush ace high).

    Five of a kind (double deck only) scores the row's STRAIGHT_FLUSH points
    unless the row lists ``Category.FIVE_OF_A_KIND`` itself (rule text 001:
    "some suggest giving this hand the same royalties as the straight
    flush")."""

    front_pairs: tuple[int, ...] = (0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    front_trips: tuple[int, ...] = tuple(range(10, 23))
    middle: tuple[tuple[Category, int], ...] = (
        (Category.THREE_OF_A_KIND, 2),
        (Category.STRAIGHT, 4),
        (Category.FLUSH, 8),
        (Category.FULL_HOUSE, 12),
        (Category.FOUR_OF_A_KIND, 20),
        (Category.STRAIGHT_FLUSH, 30),
    )
    middle_royal: int = 50
    back: tuple[tuple[Category, int], ...] = (
        (Category.STRAIGHT, 2),
        (Category.FLUSH, 4),
        (Category.FULL_HOUSE, 6),
        (Category.FOUR_OF_A_KIND, 10),
        (Category.STRAIGHT_FLUSH, 15),
    )
    back_royal: int = 25

    def __post_init__(self) -> None:
        """Check every field; store sequences as tuples (tables are cached by
        their RoyaltyTable, so it must stay hashable).

        Raises OptionTypeError (a TypeError) for a field of the wrong type and
        InvalidOptionError (a ValueError) for one outside its values; both
        name the field and what it allows.
        """
        set_field = object.__setattr__  # frozen: normalise once, here
        set_field(self, "front_pairs", _per_rank("front_pairs", self.front_pairs))
        set_field(self, "front_trips", _per_rank("front_trips", self.front_trips))
        set_field(self, "middle", _category_points("middle", self.middle))
        set_field(self, "back", _category_points("back", self.back))
        set_field(self, "middle_royal", _check_points("middle_royal", self.middle_royal))
        set_field(self, "back_royal", _check_points("back_royal", self.back_royal))


STANDARD_ROYALTIES = RoyaltyTable()


@dataclass(frozen=True)
class Rules:
    """House rules, defaulting to the standard game.

    royalties: the royalty table.
    row_points, scoop_bonus: points per row won and for winning all three
        (1 and 3: the "1-6" system).
    majority_bonus: points for winning two or three of the three rows
        against an opponent (rule text 001: "players are also paid an
        additional unit if they win in two or three of the hands"); 0 by
        default. It adds to the scoop bonus, so a scoop pays both:
        ``Rules(majority_bonus=1, scoop_bonus=0)`` is the text's variant.
    fantasyland: whether Fantasyland is played.
    fantasyland_cards: cards dealt in Fantasyland, "fixed" (``fixed_cards``)
        or "progressive" (QQ 14, KK 15, AA 16, trips 17).
    fixed_cards: 13 (classic) or 14 (Pineapple, one discarded).
    fantasyland_min: the weakest front that enters Fantasyland, "QQ"
        (standard), "KK" or "AA" (the "AA+" house rule the rule text
        suggests for Pineapple and double deck).
    decks: 1, or 2 for double-deck OFC (a card id may appear twice in a
        deal; five of a kind; see the module docstring). One deck seats 2
        to 4 players, two decks 2 to 6 (:data:`MAX_PLAYERS`).
    stay: "classic" (trips on top, full house or better in the middle, or
        quads or better on the bottom) or "pineapple" (trips on top or quads
        or better on the bottom).
    shoot_the_moon: a legal board with a jack-high (or weaker) back collects
        ``moon_bonus`` from every other player.
    """

    royalties: RoyaltyTable = field(default_factory=RoyaltyTable)
    row_points: int = 1
    scoop_bonus: int = 3
    fantasyland: bool = True
    fantasyland_cards: str = "fixed"
    fixed_cards: int = 13
    stay: str = "classic"
    shoot_the_moon: bool = False
    moon_bonus: int = 20
    fantasyland_min: str = "QQ"
    decks: int = 1
    majority_bonus: int = 0  # added last, so positional Rules(...) calls keep their meaning

    def __post_init__(self) -> None:
        """Check every field.

        Raises OptionTypeError (a TypeError) for a field of the wrong type and
        InvalidOptionError (a ValueError) for one outside its values; both
        name the field and what it allows.
        """
        if not isinstance(self.royalties, RoyaltyTable):
            raise OptionTypeError(
                "royalties must be a RoyaltyTable, "
                f"not {type(self.royalties).__name__} ({show_value(self.royalties)})"
            )
        set_field = object.__setattr__  # frozen: store NumPy integers as ints, once, here
        for name in ("row_points", "scoop_bonus", "majority_bonus", "moon_bonus"):
            set_field(self, name, _check_points(name, getattr(self, name)))
        for name in ("fantasyland", "shoot_the_moon"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise OptionTypeError(
                    f"{name} must be True or False, not {type(value).__name__} ({show_value(value)})"
                )
        check_choice("fantasyland_cards", self.fantasyland_cards, ("fixed", "progressive"))
        check_choice("stay", self.stay, ("classic", "pineapple"))
        check_choice("fantasyland_min", self.fantasyland_min, ("QQ", "KK", "AA"))
        set_field(self, "decks", _check_decks(self.decks))
        fixed = _option_int("fixed_cards", self.fixed_cards, "an int 13..17")
        set_field(self, "fixed_cards", fixed)
        if not 13 <= fixed <= 17:
            raise InvalidOptionError(
                f"invalid fixed_cards={show_value(fixed)}; fixed_cards must be an int 13..17"
            )

    @classmethod
    def double_deck(cls, **changes: Any) -> Rules:
        """Double-deck OFC: ``decks=2`` (other rules as given)."""
        return cls(**{"decks": 2, **changes})

    @classmethod
    def pineapple(cls, **changes: Any) -> Rules:
        """Pineapple OFC: 14 cards in Fantasyland, stay with trips on top or
        quads or better on the bottom."""
        return cls(**{"fixed_cards": 14, "stay": "pineapple", **changes})


DEFAULT_RULES = Rules()
_FANTASYLAND_MIN_RANK = {"QQ": _QUEEN, "KK": _KING, "AA": _ACE}


def _rules(rules: Any) -> Rules:
    """*rules* or the defaults; anything but a Rules or None is refused here,
    not later as an AttributeError (and ``rules=""`` is not the defaults)."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise OptionTypeError(
            f"rules must be an ofc.Rules or None, not {type(rules).__name__} ({show_value(rules)})"
        )
    return rules


# ------------------------------------------------------------------ tables


@cache
def _high_to_incomplete() -> list[int]:
    """incomplete-scale strength of every 5-card high strength (same order:
    the incomplete ranking of five cards is the high ranking)."""
    incomplete = _core.resolve_game("incomplete").ranking.classes()
    high = _core.resolve_game("high").ranking.classes()
    index = {k: i + 1 for i, k in enumerate(incomplete)}
    return [0] + [index[key] for key in high]


@cache
def _front_royalty(table: RoyaltyTable) -> list[int]:
    """Royalty by 3-card front strength (incomplete scale)."""
    classes = _core.resolve_game("incomplete").ranking.classes()
    out = [0] * (len(classes) + 1)
    for s, key in enumerate(classes, start=1):
        cat, ranks = key[1], key[2:]
        if cat == Category.PAIR:
            out[s] = table.front_pairs[ranks[0]]
        elif cat == Category.THREE_OF_A_KIND:
            out[s] = table.front_trips[ranks[0]]
    return out


@cache
def _five_royalty(table: RoyaltyTable, row: str) -> list[int]:
    """Royalty by 5-card high strength for the middle or back row."""
    points = dict(table.middle if row == "middle" else table.back)
    royal = table.middle_royal if row == "middle" else table.back_royal
    out = [0] * (_ROYAL + 1)
    for cat in NATURAL_CATEGORIES:
        for s in range(_HIGH_STARTS[cat], _HIGH_STARTS[cat + 1]):
            out[s] = points.get(cat, 0)
    out[_ROYAL] = royal
    return out


def _front_strength_of_pair(rank: int) -> int:
    """Weakest front strength holding a pair of *rank* (for QQ+ checks)."""
    return _core.evaluate([rank * 4, rank * 4 + 1, 0 if rank else 4], "incomplete")


# ------------------------------------------------------------- double deck
#
# The double-deck scale of a 5-card row: the high scale with the flushes
# widened to every suited rank multiset two decks allow, five of a kind on
# top. Larger wins, as everywhere:
#   1 .. 5863       high card .. straight: the high strengths themselves
#   5864 .. 10858   4995 flushes (1277 without a pair, 2860 with one pair,
#                   858 with two pairs), ordered card by card, high first
#   10859 .. 11180  full house, four of a kind, straight flush: the high
#                   strength + _DD_SHIFT (royal flush 11180)
#   11181 .. 11193  five of a kind, deuces .. aces
# Fronts (3 cards) keep the incomplete scale: three cards hold no flush, and
# their rank patterns are those of one deck.

_DD_FLUSH_START = _HIGH_STARTS[Category.FLUSH]
_DD_N_FLUSHES = 4995
_DD_SHIFT = _DD_N_FLUSHES - (_HIGH_STARTS[Category.FULL_HOUSE] - _DD_FLUSH_START)
_DD_ROYAL = _ROYAL + _DD_SHIFT
_DD_FIVE_START = _DD_ROYAL + 1
DD_N_CLASSES: int = _DD_FIVE_START + 12
"""Strengths of a 5-card double-deck row: 1 .. DD_N_CLASSES (11193)."""
# First strength of each Category (FIVE_OF_A_KIND last), then the end.
_DD_STARTS = (
    *_HIGH_STARTS[: Category.FULL_HOUSE],
    *(start + _DD_SHIFT for start in _HIGH_STARTS[Category.FULL_HOUSE :]),
    DD_N_CLASSES + 1,
)
_RANK_LETTERS = "23456789TJQKA"


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
    if strength >= _HIGH_STARTS[Category.FULL_HOUSE]:
        return strength + _DD_SHIFT
    if strength >= _DD_FLUSH_START:  # pragma: no cover - flushes are numbered apart
        raise AssertionError("a flush has no plain double-deck strength")
    return strength


@cache
def _dd_tables() -> tuple[Any, Any, Any, tuple[tuple[int, ...], ...]]:
    """(plain, flush, front, flush_ranks): the tables of prc_dd_eval5 and
    prc_dd_eval3 (uint16 by multiset number) and the ranks, high first, of
    each double-deck flush (flush_ranks[s - 5864])."""
    import numpy as np

    plain = np.zeros(comb(17, 5), dtype=np.uint16)
    flush = np.zeros(comb(17, 5), dtype=np.uint16)
    front = np.zeros(comb(15, 3), dtype=np.uint16)
    flushes: list[tuple[tuple[int, ...], int]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        i = _dd_index(ranks)
        counts = Counter(ranks)
        if len(counts) == 1:
            plain[i] = flush[i] = _DD_FIVE_START + ranks[0]
            continue
        plain[i] = _dd_from_high(_core.evaluate(_spread(ranks)))
        if max(counts.values()) > 2:  # three of a rank: never one suit
            flush[i] = plain[i]
            continue
        suited = _core.evaluate([r * 4 for r in ranks]) if len(counts) == 5 else 0
        if suited >= _HIGH_STARTS[Category.STRAIGHT_FLUSH]:
            flush[i] = suited + _DD_SHIFT
        else:
            flushes.append((tuple(sorted(ranks, reverse=True)), i))
    flushes.sort()
    if len(flushes) != _DD_N_FLUSHES:  # pragma: no cover - a counting check
        raise AssertionError(f"{len(flushes)} double-deck flushes, expected {_DD_N_FLUSHES}")
    for n, (_, i) in enumerate(flushes):
        flush[i] = _DD_FLUSH_START + n
    for three in combinations_with_replacement(range(13), 3):
        front[_dd_index(three)] = _core.evaluate(_spread(three), "incomplete")
    for t in (plain, flush, front):
        t.setflags(write=False)
    return plain, flush, front, tuple(r for r, _ in flushes)


def _dd_five(ids: Sequence[int]) -> int:
    """Double-deck strength of a 5-card row (ids 0..51, repeats allowed)."""
    plain, flush, _, _ = _dd_tables()
    table = flush if len({c % 4 for c in ids}) == 1 else plain
    return int(table[_dd_index(sorted(c // 4 for c in ids))])


def _dd_front(ids: Sequence[int]) -> int:
    """Incomplete-scale strength of a 3-card front (repeats allowed)."""
    return int(_dd_tables()[2][_dd_index(sorted(c // 4 for c in ids))])


def _dd_category(strength: int) -> Category:
    return Category(bisect_right(_DD_STARTS, strength) - 1)


def _dd_describe(strength: int) -> str:
    """A double-deck 5-card strength in words."""
    if strength < _DD_FLUSH_START:
        return describe(strength)
    if strength < _DD_STARTS[Category.FULL_HOUSE]:
        ranks = _dd_tables()[3][strength - _DD_FLUSH_START]
        text = f"Flush, {RANK_NAMES[ranks[0]]} high"
        if len(set(ranks)) < 5:
            text += " (" + "-".join(_RANK_LETTERS[r] for r in ranks) + ")"
        return text
    if strength < _DD_FIVE_START:
        return describe(strength - _DD_SHIFT)
    return f"Five of a Kind, {RANK_PLURALS[strength - _DD_FIVE_START]}"


@cache
def _dd_to_incomplete() -> list[int]:
    """incomplete-scale strength of every double-deck 5-card strength, for
    the front-against-middle check: exact for the hands one deck has; every
    flush maps to the weakest flush and five of a kind to the royal flush
    (both beat every 3-card front, which is all the check asks)."""
    single = _high_to_incomplete()
    out = [0] * (DD_N_CLASSES + 1)
    for s in range(1, _DD_FLUSH_START):
        out[s] = single[s]
    for s in range(_DD_FLUSH_START, _DD_FLUSH_START + _DD_N_FLUSHES):
        out[s] = single[_DD_FLUSH_START]
    for s in range(_HIGH_STARTS[Category.FULL_HOUSE], _ROYAL + 1):
        out[s + _DD_SHIFT] = single[s]
    for s in range(_DD_FIVE_START, DD_N_CLASSES + 1):
        out[s] = single[_ROYAL]
    return out


@cache
def _dd_five_royalty(table: RoyaltyTable, row: str) -> list[int]:
    """Royalty by double-deck 5-card strength for the middle or back row."""
    points = dict(table.middle if row == "middle" else table.back)
    royal = table.middle_royal if row == "middle" else table.back_royal
    points.setdefault(Category.FIVE_OF_A_KIND, points.get(Category.STRAIGHT_FLUSH, 0))
    out = [0] * (DD_N_CLASSES + 1)
    for cat in Category:
        for s in range(_DD_STARTS[cat], _DD_STARTS[cat + 1]):
            out[s] = points.get(cat, 0)
    out[_DD_ROYAL] = royal
    return out


def _parse_dd(cards: CardsLike) -> list[int]:
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


def _raise_dd_bad_row(values: list[int], row: int) -> None:
    """The error of a row dd_first_bad_row flagged."""
    for v in values:
        if not 0 <= v <= 51:
            raise InvalidCardError(f"row {row}: invalid card id {v} (OFC cards are 0..51)")
    _check_copies(values, "", row)
    raise AssertionError(f"row {row} was flagged but holds no bad card")  # pragma: no cover


def _starts(decks: int) -> Sequence[int]:
    """First strength of each Category on the 5-card scale of *decks*."""
    return _HIGH_STARTS if decks == 1 else _DD_STARTS


# ------------------------------------------------------------------- board


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

    >>> b = Board("Qs Qs 2c", "Ah Ah Kh Qh Jh", "9c 9c 9d 9d 9s", decks=2)
    >>> b.describe()
    'front Pair of Queens (Q-Q-2); middle Flush, Ace high (A-A-K-Q-J); back Five of a Kind, Nines (royalties 30)'
    """

    __slots__ = ("_strengths", "back", "decks", "front", "middle")

    def __init__(
        self, front: CardsLike, middle: CardsLike, back: CardsLike, *, decks: int = 1
    ) -> None:
        decks = _check_decks(decks)
        parse = _core.parse_cards if decks == 1 else _parse_dd
        rows = []
        for name, cards, size in (("front", front, 3), ("middle", middle, 5), ("back", back, 5)):
            ids = parse(cards)
            if len(ids) != size:
                raise HandSizeError(f"the {name} row needs {size} cards, got {len(ids)}")
            rows.append(tuple(ids))
        every = [c for row in rows for c in row]
        if decks == 1:
            _check_distinct(every, "the board")
        else:
            _check_copies(every, "the board")
        self.decks = decks
        self.front, self.middle, self.back = rows
        if decks == 1:
            front_s = _core.evaluate(list(self.front), "incomplete")
            middle_s = _core.evaluate(list(self.middle))
            back_s = _core.evaluate(list(self.back))
        else:
            front_s = _dd_front(self.front)
            middle_s, back_s = _dd_five(self.middle), _dd_five(self.back)
        self._strengths = (front_s, middle_s, back_s)

    @classmethod
    def from_cards(cls, cards: CardsLike, *, decks: int = 1) -> Board:
        """A board from 13 cards in row order: front 3, middle 5, back 5."""
        ids = _core.parse_cards(cards) if _check_decks(decks) == 1 else _parse_dd(cards)
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
        to_incomplete = _high_to_incomplete() if self.decks == 1 else _dd_to_incomplete()
        return back_s < middle_s or to_incomplete[middle_s] < front_s

    def row_royalties_under(self, rules: Rules | None = None) -> tuple[int, int, int]:
        """Royalties of (front, middle, back) under *rules*; zeros if fouled."""
        table = _rules(rules).royalties
        if self.fouled:
            return (0, 0, 0)
        front_s, middle_s, back_s = self._strengths
        five = _five_royalty if self.decks == 1 else _dd_five_royalty
        return (
            _front_royalty(table)[front_s],
            five(table, "middle")[middle_s],
            five(table, "back")[back_s],
        )

    @property
    def row_royalties(self) -> tuple[int, int, int]:
        """Standard royalties of (front, middle, back); zeros if fouled."""
        return self.row_royalties_under()

    @property
    def royalties(self) -> int:
        """Total standard royalties (0 for a fouled board)."""
        return sum(self.row_royalties)

    def describe(self) -> str:
        """The three rows in words, e.g. for a log or a UI."""
        front_s, middle_s, back_s = self._strengths
        five = describe if self.decks == 1 else _dd_describe
        text = (
            f"front {describe(front_s, 'incomplete')}; middle {five(middle_s)}; back {five(back_s)}"
        )
        if self.fouled:
            return text + " (fouled)"
        return text + f" (royalties {self.royalties})"


def _check_distinct(cards: list[int], where: str) -> None:
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(f"duplicate card {_core.format_card(c)} in {where}")
        seen.add(c)


def _as_board(b: Any, decks: int = 1) -> Board:
    """A Board for rules of *decks* decks: a single-deck Board is also a
    double-deck one (re-ranked on that scale); a double-deck Board under
    single-deck rules is refused."""
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
    if isinstance(b, (list, tuple, str)):
        return Board.from_cards(b, decks=decks)
    raise TypeError(
        f"a board is a Board, (front, middle, back) or 13 cards, not {type(b).__name__}"
    )


# ----------------------------------------------------------------- scoring


def _moon(board: Board, rules: Rules) -> bool:
    if not rules.shoot_the_moon or board.fouled:
        return False
    back_s = board.strengths[2]  # high cards have the same strengths on both scales
    cat, ranks = _core.class_info(back_s) if back_s <= _ROYAL else (-1, (13,))
    return cat == Category.HIGH_CARD and ranks[0] <= 9  # jack high or weaker


def _settle(a: Board, b: Board, rules: Rules) -> int:
    """Points a wins from b (negative: a pays b)."""
    foul_a, foul_b = a.fouled, b.fouled
    sweep = _sweep(rules)
    if foul_a and foul_b:
        return 0
    if foul_a:
        return -(sweep + sum(b.row_royalties_under(rules)) + _moon_points(b, rules))
    if foul_b:
        return sweep + sum(a.row_royalties_under(rules)) + _moon_points(a, rules)
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


def _sweep(rules: Rules) -> int:
    """What a fouled board pays a legal one before royalties: every row,
    the scoop and the majority bonus (it loses all three rows)."""
    return 3 * rules.row_points + rules.scoop_bonus + rules.majority_bonus


def _check_players(players: int, decks: int) -> None:
    most = MAX_PLAYERS[decks]
    if 2 <= players <= most:
        return
    with_decks = "one deck" if decks == 1 else f"{decks} decks"
    text = f"OFC is scored for 2 to {most} players with {with_decks}, got {players}"
    if players > most and decks == 1:
        text += f"; Rules(decks=2) allows up to {MAX_PLAYERS[2]}"
    raise InvalidArgumentError(text)


def check_deal(dealt: Sequence[int], rules: Rules | None = None) -> int:
    """Cards a hand deals, after checking that the decks hold them.

    *dealt* holds the cards each player is dealt, in any order:
    :data:`OFC_DEALT` (13), :data:`PINEAPPLE_DEALT` (17: five, then three
    at a time, one of each three discarded), or for a player in
    Fantasyland what :func:`fantasyland` gave (13 to 17). Returns the
    total, at most 52 cards a deck (``rules.decks``).

    Raises
    ------
    TypeError
        *dealt* is not a sequence, or an entry is not an int.
    InvalidArgumentError
        An entry outside 13..17, a player count outside 2 to
        ``MAX_PLAYERS[rules.decks]`` (4 with one deck, 6 with two), or a
        deal needing more cards than the decks hold.

    >>> check_deal([PINEAPPLE_DEALT] * 3)          # Pineapple: three players
    51
    >>> check_deal([PINEAPPLE_DEALT] * 6, Rules(decks=2))
    102
    """
    rules = _rules(rules)
    if isinstance(dealt, (str, bytes, Mapping)) or not isinstance(dealt, Sequence):
        raise TypeError(
            f"dealt must be a sequence of card counts, one per player, not {type(dealt).__name__}"
        )
    counts = [_integer(n, f"dealt[{seat}]") for seat, n in enumerate(dealt)]
    for seat, n in enumerate(counts):
        if not OFC_DEALT <= n <= MOST_DEALT:
            raise InvalidArgumentError(
                f"dealt[{seat}]={show_value(n)}: an OFC player is dealt "
                f"{OFC_DEALT} to {MOST_DEALT} cards"
            )
    _check_players(len(counts), rules.decks)
    total = sum(counts)
    held = DECK_SIZE * rules.decks
    if total > held:
        decks_hold = "one deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
        raise InvalidArgumentError(
            f"this deal needs {total} cards ({' + '.join(map(str, counts))}); {decks_hold} {held}"
        )
    return total


def _moon_points(board: Board, rules: Rules) -> int:
    return rules.moon_bonus if _moon(board, rules) else 0


def score(boards: Sequence[BoardLike], rules: Rules | None = None) -> list[int]:
    """Net points of each player, settling every pair independently.

    2 to 4 boards (Board objects, (front, middle, back) triples, or 13 cards
    in row order), 2 to 6 under ``Rules(decks=2)``. Each pair: one point
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
    rules = _rules(rules)
    if isinstance(boards, (str, Board)) or not hasattr(boards, "__len__"):
        raise TypeError(
            f"boards must be a sequence of 2 to {MAX_PLAYERS[rules.decks]} boards, "
            f"not {type(boards).__name__}"
        )
    _check_players(len(boards), rules.decks)
    parsed = [_as_board(b, rules.decks) for b in boards]
    every = [c for b in parsed for c in b.cards]
    if rules.decks == 1:
        _check_distinct(every, "the players' boards")
    else:
        _check_copies(every, "the players' boards")
    totals = [0] * len(parsed)
    for i in range(len(parsed)):
        for j in range(i + 1, len(parsed)):
            points = _settle(parsed[i], parsed[j], rules)
            totals[i] += points
            totals[j] -= points
    return totals


# ------------------------------------------------------------- Fantasyland


def fantasyland(board: BoardLike, rules: Rules | None = None) -> int:
    """Cards dealt next hand in Fantasyland for this board, 0 for none.

    Entry: ``rules.fantasyland_min`` (QQ, or KK or AA) or better on top
    and no foul. Fixed rules deal ``rules.fixed_cards``; progressive rules
    deal QQ 14, KK 15, AA 16, trips 17.
    """
    rules = _rules(rules)
    b = _as_board(board, rules.decks)
    if not rules.fantasyland or b.fouled:
        return 0
    front_s = b.strengths[0]
    if front_s < _front_strength_of_pair(_FANTASYLAND_MIN_RANK[rules.fantasyland_min]):
        return 0
    if rules.fantasyland_cards == "fixed":
        return rules.fixed_cards
    if category(front_s, "incomplete") == Category.THREE_OF_A_KIND:
        return 17
    if front_s >= _front_strength_of_pair(_ACE):
        return 16
    if front_s >= _front_strength_of_pair(_KING):
        return 15
    return 14


def stays_in_fantasyland(board: BoardLike, rules: Rules | None = None) -> bool:
    """Whether a board played in Fantasyland earns another Fantasyland hand."""
    rules = _rules(rules)
    b = _as_board(board, rules.decks)
    if not rules.fantasyland or b.fouled:
        return False
    return _stays(b.strengths, rules, b.decks)


def _stays(strengths: tuple[int, int, int], rules: Rules, decks: int) -> bool:
    front_s, middle_s, back_s = strengths
    starts = _starts(decks)
    if category(front_s, "incomplete") == Category.THREE_OF_A_KIND:
        return True
    if back_s >= starts[Category.FOUR_OF_A_KIND]:
        return True
    return rules.stay == "classic" and middle_s >= starts[Category.FULL_HOUSE]


# ------------------------------------------------------------------ solver


@cache
def _solver_tables(table: RoyaltyTable, decks: int = 1) -> tuple[Any, Any, Any, Any]:
    """Royalties by front, middle and back strength and the middle's
    incomplete-scale strength, as int32 arrays (5-card rows on the scale of
    *decks*)."""
    import numpy as np

    five = _five_royalty if decks == 1 else _dd_five_royalty
    to_incomplete = _high_to_incomplete() if decks == 1 else _dd_to_incomplete()
    return (
        np.asarray(_front_royalty(table), dtype=np.int32),
        np.asarray(five(table, "middle"), dtype=np.int32),
        np.asarray(five(table, "back"), dtype=np.int32),
        np.asarray(to_incomplete, dtype=np.int32),
    )


# The solver's arguments: four tables, the stay thresholds, the stay value
# and the double-deck tables (none for one deck).
_SolverArgs = tuple[Any, Any, Any, Any, int, int, float, tuple[Any, ...]]


def _solver_args(rules: Rules, stay_value: Any) -> _SolverArgs:
    """The solver's tables and thresholds for *rules*, after checking
    *stay_value*."""
    if isinstance(stay_value, bool) or not isinstance(stay_value, numbers.Real):
        raise TypeError(f"stay_value must be a number, not {type(stay_value).__name__}")
    value = float(stay_value)
    if not 0 <= value <= MAX_POINTS:  # also rejects NaN
        raise InvalidArgumentError(
            f"stay_value must be a number in 0..{MAX_POINTS:,}, got {show_value(stay_value)}"
        )
    front_r, middle_r, back_r, to_incomplete = _solver_tables(rules.royalties, rules.decks)
    starts = _starts(rules.decks)
    no_row = len(middle_r)
    middle_from = starts[Category.FULL_HOUSE] if rules.stay == "classic" else no_row
    back_from = starts[Category.FOUR_OF_A_KIND]
    if not rules.fantasyland:
        value = 0.0
    dd = _dd_tables()[:3] if rules.decks == 2 else ()
    return front_r, middle_r, back_r, to_incomplete, middle_from, back_from, value, dd


def solve_fantasyland(
    cards: CardsLike, rules: Rules | None = None, stay_value: float = 0.0
) -> tuple[Board, float]:
    """The legal board with the highest value from 13 to 17 cards.

    Value = the board's royalties under ``rules`` plus ``stay_value`` if the
    board stays in Fantasyland (so a solver can price another Fantasyland
    hand). Extra cards beyond 13 are discarded. Exact: the result equals an
    exhaustive search over every arrangement (branch and bound prunes only
    boards that cannot beat the best found). Under ``Rules(decks=2)`` a card
    may appear twice in the hand (a third copy is a DuplicateCardError).

    >>> board, value = solve_fantasyland("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    >>> board, value
    (Board('As Ad Ah', 'Kc Kd 7s 7d 7c', '2h 3h 4h 5h 6h'), 49.0)
    """
    rules = _rules(rules)
    if rules.decks == 1:
        ids = _core.parse_cards(cards)
    else:
        ids = _parse_dd(cards)
        _check_copies(ids, "the hand")
    if not 13 <= len(ids) <= 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {len(ids)}")
    front_r, middle_r, back_r, to_incomplete, middle_from, back_from, stay_value, dd = _solver_args(
        rules, stay_value
    )
    found = _core.solve_fantasyland_ids(
        ids, front_r, middle_r, back_r, to_incomplete, middle_from, back_from, stay_value, *dd
    )
    if found is None:  # pragma: no cover - 13 cards always fit legally
        raise ValueError("no legal board can be made from these cards")
    value, front, middle, back = found
    return Board(front, middle, back, decks=rules.decks), value


# Hands solved between progress updates (a few hundred milliseconds of work).
_SOLVER_CHUNK = 512


def solve_fantasyland_batch(
    hands: CardArray | Sequence[CardsLike],
    rules: Rules | None = None,
    *,
    stay_value: float = 0.0,
    threads: int | None = None,
    progress: bool = False,
) -> list[tuple[Board, float]]:
    """:func:`solve_fantasyland` for many hands, without the GIL.

    Parameters
    ----------
    hands
        An (N, k) integer array of card ids (k = 13..17), or a sequence of
        hands in any form :func:`pyrankcore.parse_cards` accepts (their
        sizes may differ).
    rules, stay_value
        As for :func:`solve_fantasyland`.
    threads
        Split the hands across up to this many threads (capped at the
        machine's cores).
    progress
        Show a progress bar on stderr (tqdm when installed, else one line).

    Returns
    -------
    list of (Board, float)
        One (board, value) per hand, in order; equal to calling
        :func:`solve_fantasyland` on each.

    Raises InvalidCardError / DuplicateCardError naming the first bad hand,
    HandSizeError for hands of fewer than 13 or more than 17 cards.

    >>> hands = ["As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h",
    ...          "Qs Qd 2c 3d 4h 5s 7c 8d 9h Js Kc Kd Ac 6d"]
    >>> [value for board, value in solve_fantasyland_batch(hands)]
    [49.0, 9.0]
    """
    import numpy as np

    rules = _rules(rules)
    args = _solver_args(rules, stay_value)
    if isinstance(hands, np.ndarray) and hands.dtype.kind in "iu" and hands.ndim == 2:
        groups = {hands.shape[1]: (np.arange(hands.shape[0]), hands)}
    else:
        if isinstance(hands, (str, set, frozenset, dict)) or not hasattr(hands, "__len__"):
            raise TypeError(
                f"hands must be an (N, k) integer array or a sequence of hands, "
                f"not {type(hands).__name__}"
            )
        parse = _core.parse_cards if rules.decks == 1 else _parse_dd
        parsed = [parse(h) for h in hands]
        by_size: dict[int, list[int]] = {}
        for i, ids in enumerate(parsed):
            by_size.setdefault(len(ids), []).append(i)
        groups = {
            k: (np.array(rows), np.array([parsed[i] for i in rows], dtype=np.int64))
            for k, rows in by_size.items()
        }
    results: list[tuple[Board, float] | None] = [None] * sum(len(r) for r, _ in groups.values())
    bar = _Progress(len(results)) if progress else None
    try:
        for k, (rows, arr) in sorted(groups.items()):
            _solve_group(card_matrix(arr, "hands"), rows, k, args, threads, results, bar)
    finally:
        if bar is not None:
            bar.close()
    return results  # type: ignore[return-value]


def _solve_group(
    arr: Any,
    rows: Any,
    k: int,
    args: _SolverArgs,
    threads: int | None,
    results: list[tuple[Board, float] | None],
    bar: _Progress | None,
) -> None:
    import numpy as np

    if not 13 <= k <= 17:
        first = int(rows[0]) if len(rows) else 0
        raise HandSizeError(f"hand {first}: Fantasyland hands have 13 to 17 cards, got {k}")
    ids = as_uint8(arr)
    dd = args[7]
    if dd:
        bad = _core.dd_first_bad_row(ids)
        if bad >= 0:
            _raise_dd_bad_row([int(v) for v in arr[bad]], int(rows[bad]))
    else:
        bad = _core.first_bad_row(ids)
        if bad >= 0:
            raise_bad_row([int(v) for v in arr[bad]], int(rows[bad]), _core.resolve_game("high"))
    n = ids.shape[0]
    values = np.zeros(n, dtype=np.float64)
    boards = np.zeros((n, 13), dtype=np.uint8)
    for start in range(0, n, _SOLVER_CHUNK):
        stop = min(n, start + _SOLVER_CHUNK)
        # a solve takes a fraction of a millisecond: a thread per 8 hands pays
        n_threads = check_threads(threads, stop - start, min_rows=8)

        def solve(a: int, b: int, start: int = start) -> int:
            front_r, middle_r, back_r, to_incomplete, middle_from, back_from, stay, dd = args
            return _core.solve_fantasyland_rows(
                ids,
                front_r,
                middle_r,
                back_r,
                to_incomplete,
                middle_from,
                back_from,
                stay,
                values,
                boards,
                start + a,
                start + b,
                *dd,
            )

        if split_rows(solve, stop - start, n_threads) >= 0:  # pragma: no cover
            raise AssertionError("a valid Fantasyland hand had no legal board")
        if bar is not None:
            bar.update(stop - start)
    decks = 2 if dd else 1
    for i in range(n):
        b = boards[i].tolist()
        results[int(rows[i])] = (Board(b[:3], b[3:8], b[8:], decks=decks), float(values[i]))


class _Progress:
    """tqdm when installed, else a one-line count on stderr."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        import importlib

        try:  # an optional dependency, without type stubs
            tqdm = importlib.import_module("tqdm").tqdm
        except ImportError:
            self.bar: Any = None
        else:
            self.bar = tqdm(total=total, unit="hand", desc="Fantasyland")

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        else:
            import sys

            sys.stderr.write(f"\rFantasyland: {self.done:,}/{self.total:,} hands")
            sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            import sys

            sys.stderr.write("\n")


# ------------------------------------------------------------------- batch


def _batch_boards(boards: Any, np: Any, decks: int = 1) -> Any:
    """Validate an (N, players, 13) card array; returns it as uint8. Goes
    through the same checks as every batch (pyrankcore.batch); with two
    decks a card may appear twice in a deal (a row of the flat array)."""
    arr = as_array(boards, "boards") if boards is not None else None
    from_list = not isinstance(boards, np.ndarray)
    if arr is not None and arr.ndim == 3:
        n, players, k = arr.shape
        if k != 13:
            raise HandSizeError(
                f"boards must have shape (N, players, 13) or (N, 13), got {arr.shape}"
            )
        flat = card_matrix(arr.reshape(n, players * 13), "boards", from_list)
    else:
        flat = card_matrix(arr, "boards", from_list)
        if flat.shape[1] != 13:
            raise HandSizeError(
                f"boards must have shape (N, players, 13) or (N, 13), got {flat.shape}"
            )
        arr = flat[:, None, :]
    flat8 = as_uint8(flat)
    if decks == 2:
        row = _core.dd_first_bad_row(flat8)
        if row >= 0:
            _raise_dd_bad_row([int(v) for v in flat[row]], row)
    else:
        row = _core.first_bad_row(flat8)
        if row >= 0:
            raise_bad_row([int(v) for v in flat[row]], row, _core.resolve_game("high"))
    return flat8.reshape(arr.shape)


def _dd_rows(flat: Any, np: Any, threads: int | None) -> tuple[Any, Any, Any]:
    """Double-deck strengths (front, middle, back) of an (M, 13) uint8 array
    of boards, in C without the GIL."""
    plain, flush, front_t, _ = _dd_tables()
    m = flat.shape[0]
    out = np.empty((3, m), dtype=np.uint16)

    def rows(a: int, b: int) -> int:
        return _core.dd_board_rows(flat, plain, flush, front_t, out[0], out[1], out[2], a, b)

    split_rows(rows, m, check_threads(threads, m))
    return out[0], out[1], out[2]


def _batch_rows(
    arr: Any, rules: Rules, np: Any, threads: int | None
) -> dict[str, npt.NDArray[Any]]:
    """Strengths, fouls and royalties of every board in an (N, P, 13) array."""
    from pyrankcore.batch import evaluate_batch

    n, players, _ = arr.shape
    flat = arr.reshape(n * players, 13)
    if rules.decks == 2:
        front, middle, back = _dd_rows(np.ascontiguousarray(flat), np, threads)
    else:
        front = evaluate_batch(np.ascontiguousarray(flat[:, :3]), "incomplete", threads=threads)
        middle = evaluate_batch(np.ascontiguousarray(flat[:, 3:8]), threads=threads)
        back = evaluate_batch(np.ascontiguousarray(flat[:, 8:]), threads=threads)
    front_r, middle_r, back_r, to_incomplete = _solver_tables(rules.royalties, rules.decks)
    fouled = (back < middle) | (to_incomplete[middle] < front)
    royalties = np.where(fouled, 0, front_r[front] + middle_r[middle] + back_r[back])
    shape = (n, players)
    return {
        "front": front.reshape(shape),
        "middle": middle.reshape(shape),
        "back": back.reshape(shape),
        "fouled": fouled.reshape(shape),
        "royalties": royalties.reshape(shape).astype(np.int32),
    }


def royalties_batch(
    boards: OfcBoardArray, rules: Rules | None = None, *, threads: int | None = None
) -> npt.NDArray[np.int32]:
    """Royalties of N boards: (N, players, 13) or (N, 13) card ids in row
    order (front 3, middle 5, back 5). Returns int32 of shape (N, players)
    or (N,); fouled boards get 0. Errors name the first bad row."""
    import numpy as np

    rules = _rules(rules)
    arr = _batch_boards(boards, np, rules.decks)
    result = _batch_rows(arr, rules, np, threads)["royalties"]
    return result[:, 0] if np.asarray(boards).ndim == 2 else result


def score_batch(
    boards: OfcBoardArray, rules: Rules | None = None, *, threads: int | None = None
) -> npt.NDArray[np.int32]:
    """Scores of N deals at once: an (N, players, 13) array of card ids, 2 to
    4 players (2 to 6 under ``Rules(decks=2)``), each board in row order. Returns int32 (N, players) net
    points, each row summing to zero, equal to :func:`score` row by row.
    Under ``Rules(decks=2)`` a card id may appear twice in a deal (a third
    copy is a DuplicateCardError naming the row and the card).

    >>> import numpy as np
    >>> from pyrankcore import parse_cards
    >>> deal = parse_cards("6s 6c 4h Td Ts 9c Qs 8c 3h 3d 3s 2h 2d "
    ...                    "Ah Kd Qd 9h 9d 5h 5d 4c Ks Js 9s 8s 7s")
    >>> score_batch(np.array(deal).reshape(1, 2, 13))
    array([[ 4, -4]], dtype=int32)
    """
    import numpy as np

    rules = _rules(rules)
    shape = getattr(boards, "shape", None)
    if isinstance(shape, tuple) and len(shape) == 3:
        _check_players(shape[1], rules.decks)
    arr = _batch_boards(boards, np, rules.decks)
    _check_players(arr.shape[1], rules.decks)
    rows = _batch_rows(arr, rules, np, threads)
    fouled, royalties = rows["fouled"], rows["royalties"]
    moon = np.zeros(fouled.shape, dtype=np.int32)
    if rules.shoot_the_moon:
        # a legal board whose back is jack-high or weaker (no pair)
        jack_high = rows["back"] <= _core.evaluate("Jc Td 9h 8s 6c")  # best jack high
        moon = np.where(~fouled & jack_high, rules.moon_bonus, 0).astype(np.int32)
    n, players = fouled.shape
    totals = np.zeros((n, players), dtype=np.int32)
    sweep = _sweep(rules)
    for i in range(players):
        for j in range(i + 1, players):
            signs = [
                np.sign(rows[r][:, i].astype(np.int32) - rows[r][:, j].astype(np.int32))
                for r in ("front", "middle", "back")
            ]
            won = sum((s > 0).astype(np.int32) for s in signs)
            lost = sum((s < 0).astype(np.int32) for s in signs)
            points = (won - lost) * rules.row_points
            points += np.where(won == 3, rules.scoop_bonus, 0)
            points -= np.where(lost == 3, rules.scoop_bonus, 0)
            points += np.where(won >= 2, rules.majority_bonus, 0)
            points -= np.where(lost >= 2, rules.majority_bonus, 0)
            points += royalties[:, i] - royalties[:, j] + moon[:, i] - moon[:, j]
            fi, fj = fouled[:, i], fouled[:, j]
            points = np.where(fi & fj, 0, points)
            points = np.where(fi & ~fj, -(sweep + royalties[:, j] + moon[:, j]), points)
            points = np.where(~fi & fj, sweep + royalties[:, i] + moon[:, i], points)
            totals[:, i] += points
            totals[:, j] -= points
    return totals
