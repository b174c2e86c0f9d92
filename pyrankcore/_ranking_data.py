"""The data of each ranking (DESIGN's "a ranking orders hands"): how five
cards (or fewer) compare under each game.

Pure standard library, with no import of the rest of the package: the table
generator (src/tablegen/gen_tables.py) loads this file by path at build time
to emit the built-in tables, and pyrankcore builds tables for custom rankings
from the same definitions at run time, so the two cannot drift. That is why
the data and the ranking a user holds are two classes: the checked
:class:`pyrankcore.Ranking` (pyrankcore._rankings) adds to
:class:`RankingData` the option checks, which need the package's errors
and argument rules (pyrankcore.errors, pyrankcore._args): the generator
would have to load those by path too, and one module would hold both
(over a thousand lines).

A ranking maps a hand pattern (13 rank counts, plus whether all five cards
share a suit) to a key: a tuple where larger is better, or None for a hand
that does not qualify (an eight-or-better low that fails). Strengths are the
positions of the distinct keys in sorted order, from 1; 0 = no qualifying
hand. The kernels never see keys, only the strengths tabulated from them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, TypeVar

# Categories (standard names); the order a ranking uses is its own.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
FIVE_OF_A_KIND = 9  # only with wild cards (a wild card joins four of a kind)
CATEGORY_NAMES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Five of a Kind",
)
ACE = 12

# How flushes reach the kernel (mirrored by PRC_FLUSH_* in prc_eval.h).
FLUSH_IGNORED = 0  # suits never matter: only the rank table is used
FLUSH_DOMINANT = 1  # a flush beats every hand that can share seven cards
FLUSH_LOW = 2  # flushes hurt: with 6-7 cards, search the 5-subsets

_SHAPES = {  # group sizes, largest first -> category
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
    (5,): FIVE_OF_A_KIND,
    # incomplete hands (fewer than five cards)
    (1,): HIGH_CARD,
    (1, 1): HIGH_CARD,
    (1, 1, 1): HIGH_CARD,
    (1, 1, 1, 1): HIGH_CARD,
    (2,): PAIR,
    (2, 1): PAIR,
    (2, 1, 1): PAIR,
    (2, 2): TWO_PAIR,
    (3,): TRIPS,
    (3, 1): TRIPS,
    (4,): QUADS,
}


# Card text: the rank letters by rank (0 = deuce) and the suit letters by
# suit (c, d, h, s = 0..3). The one spelling of both in the package.
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
JOKERS = (52, 53)  # card ids of the two jokers

# Suit orders of the rule texts ("Ranking of suits"), highest suit first; the
# suit words joined by "-" are the canonical names. pyrankcore.suits
# re-exports these and documents them; they live here so that the table
# generator and a Ranking's option checks share them.
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_ORDERS: dict[str, tuple[str, str, str, str]] = {
    "spades-hearts-diamonds-clubs": ("s", "h", "d", "c"),  # standard poker, bridge
    "spades-hearts-clubs-diamonds": ("s", "h", "c", "d"),
    "spades-diamonds-clubs-hearts": ("s", "d", "c", "h"),
    "hearts-spades-diamonds-clubs": ("h", "s", "d", "c"),  # Greece, Turkey
    "hearts-diamonds-spades-clubs": ("h", "d", "s", "c"),  # Austria, Sweden
    "hearts-diamonds-clubs-spades": ("h", "d", "c", "s"),  # Italy
    "diamonds-spades-hearts-clubs": ("d", "s", "h", "c"),  # Brazil
    "diamonds-hearts-spades-clubs": ("d", "h", "s", "c"),  # Brazil
    "clubs-spades-hearts-diamonds": ("c", "s", "h", "d"),  # Germany
}
DEFAULT_SUIT_ORDER = "spades-hearts-diamonds-clubs"
# Regions the text names with one order each (Brazil has two: name them).
SUIT_ORDER_ALIASES: dict[str, str] = {
    "standard": DEFAULT_SUIT_ORDER,
    "bridge": DEFAULT_SUIT_ORDER,
    "greece": "hearts-spades-diamonds-clubs",
    "turkey": "hearts-spades-diamonds-clubs",
    "austria": "hearts-diamonds-spades-clubs",
    "sweden": "hearts-diamonds-spades-clubs",
    "italy": "hearts-diamonds-clubs-spades",
    "germany": "clubs-spades-hearts-diamonds",
}
# The text's three rules "when hands are equal apart from suit", in its order.
SUIT_TIEBREAKS = ("highest_card", "main_group", "highest_unpaired")


def suit_order_ranks(name: str) -> tuple[int, int, int, int]:
    """Rank of each suit (3 = highest) under a canonical suit order name,
    indexed by the card id's suit (c, d, h, s = 0..3)."""
    letters = [w[0] for w in name.split("-")]
    return tuple(3 - letters.index(s) for s in SUIT_CHARS)  # type: ignore[return-value]


# bug="lowest_card": in a low game the bug is the lowest card its five lacks.
BUG_LOWEST_CARD = "lowest_card"

# natural_beats_wild: each hand class splits into tiers by wild cards used.
GRADED_TIERS = 8  # True / "graded": 0..7 wild cards, fewer wins ("more_wild": more wins)
PLAIN_TIERS = 2  # "plain": natural, or made with wild cards
MORE_WILD = "more_wild"  # the ranking page's "a hand with more wild cards beats ... fewer"
NATURAL_BEATS_WILD_RULES = ("graded", "plain", MORE_WILD)

Counts = tuple[int, ...]  # cards of each rank, deuce first (13 entries)
Key = tuple[int, ...]  # compares like the hands: larger is better
R = TypeVar("R", bound="RankingData")


@dataclass(frozen=True)
class RankingData:
    """The fields of a ranking and how they order hands, without the option
    checks (pyrankcore.Ranking adds them; its docstring says what each field
    means). The table generator builds the built-in rankings from this class,
    with the options of BUILT_IN_RANKINGS."""

    name: str
    low: bool = False
    ace_low: bool = False
    straights: bool = True
    flushes: bool = True
    lowest_rank: int = 0
    wheel: bool = True
    broadway: bool = True
    ace_pair_high: bool = False
    flush_over_full_house: bool = False
    trips_over_straight: bool = False
    qualifier: int | None = None
    min_cards: int = 5
    max_cards: int = 7
    wild: str | None = None
    bug: bool | str = False
    natural_beats_wild: bool | str = False
    double_ace_flush: bool = False
    suit_tiebreak: str | None = None
    suit_order: str | None = None

    @property
    def suited(self) -> bool:
        """Hands equal apart from suit are ordered (suit_tiebreak is set):
        strengths are suited strengths."""
        return self.suit_tiebreak is not None

    def without_suits(self: R) -> R:
        """This ranking without suit_tiebreak and suit_order: the plain
        strengths that suited strengths extend, under the plain name
        (``high[suit_tiebreak=...]`` -> ``high``)."""
        if self.suit_tiebreak is None and self.suit_order is None:
            return self
        name = self.name
        if name.endswith("]") and "[" in name:
            head, _, labels = name[:-1].rpartition("[")
            kept = [
                label
                for label in labels.split(",")
                if label.split("=")[0] not in ("suit_tiebreak", "suit_order")
            ]
            name = f"{head}[{','.join(kept)}]" if kept else head
        return replace(self, name=name, suit_tiebreak=None, suit_order=None)

    # ----------------------------------------------------------------- shape
    @property
    def flush_mode(self) -> int:
        if not self.flushes:
            return FLUSH_IGNORED
        return FLUSH_LOW if self.low else FLUSH_DOMINANT

    @property
    def deck_ranks(self) -> tuple[int, ...]:
        return tuple(range(self.lowest_rank, 12)) + (ACE,)

    @property
    def has_wild(self) -> bool:
        """Any wild card (or bug) in this game."""
        return self.wild is not None or bool(self.bug)

    @property
    def jokers(self) -> bool:
        """The deck holds the two jokers (card ids 52 and 53)."""
        return bool(self.bug) or (self.wild is not None and "jokers" in self.wild.split())

    @property
    def wild_lowest(self) -> bool:
        """Each hand's lowest natural rank is wild."""
        return self.wild is not None and "lowest" in self.wild.split()

    @property
    def wild_ids(self) -> frozenset[int]:
        """Card ids that are always wild (jokers, wild ranks and cards; a
        bug counts: its limits live in the tables)."""
        ids: set[int] = set(JOKERS) if self.jokers else set()
        for token in (self.wild or "").split():
            if len(token) == 1:
                ids.update(4 * RANK_CHARS.index(token) + s for s in range(4))
            elif token not in ("jokers", "lowest"):
                ids.add(_card_id(token))
        return frozenset(ids)

    def category_order(self) -> tuple[int, ...]:
        """Categories weakest first, as this game orders them."""
        order = [
            HIGH_CARD,
            PAIR,
            TWO_PAIR,
            TRIPS,
            STRAIGHT,
            FLUSH,
            FULL_HOUSE,
            QUADS,
            STRAIGHT_FLUSH,
        ]
        if self.trips_over_straight:
            order[3], order[4] = STRAIGHT, TRIPS
        order.append(FIVE_OF_A_KIND)  # the top, and only with wild cards
        if self.flush_over_full_house:
            i, j = order.index(FLUSH), order.index(FULL_HOUSE)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def value(self, rank: int) -> int:
        """Comparison value of a rank (larger = higher card)."""
        if self.ace_low:
            return -1 if rank == ACE else rank
        return rank

    # ------------------------------------------------------------------ keys
    def straight_top(self, ranks: set[int]) -> int | None:
        """Comparison value of the top card of a straight, or None."""
        if not self.straights or len(ranks) != 5:
            return None
        values = sorted(self.value(r) for r in ranks)
        if values[4] - values[0] == 4:
            return values[4]
        if ACE in ranks:
            rest = sorted(r for r in ranks if r != ACE)
            low = self.lowest_rank
            if self.wheel and not self.ace_low and rest == list(range(low, low + 4)):
                return low + 3  # A-6-7-8-9 in short deck
            if self.ace_low and self.broadway and rest == [8, 9, 10, 11]:
                return 12  # A-K-Q-J-T above K-high
        return None

    def key(self, counts: Counts, flush: bool = False) -> Key | None:
        """Comparable key of a hand pattern (larger is better) or None."""
        size = sum(counts)
        if not 1 <= size <= 5:
            raise ValueError(f"{self.name}: keys are for 1-5 card patterns")
        present = [r for r in range(13) if counts[r]]

        def group_value(r: int) -> int:
            v = self.value(r)
            if self.ace_low and self.ace_pair_high and r == ACE and counts[r] > 1:
                return 13
            return v

        groups = sorted(present, key=lambda r: (counts[r], group_value(r)), reverse=True)
        shape = tuple(counts[r] for r in groups)
        values = tuple(group_value(r) for r in groups)
        if self.qualifier is not None and (
            shape != (1, 1, 1, 1, 1) or max(self.value(r) for r in present) > self.qualifier
        ):
            return None
        flush = flush and self.flushes and size == 5
        top = self.straight_top(set(present)) if size == 5 else None
        tiebreak: Key
        if top is not None:
            cat, tiebreak = (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
        elif flush and shape != (1, 1, 1, 1, 1):  # double_ace_flush: card by card
            cat = FLUSH
            tiebreak = tuple(
                sorted((self.value(r) for r in present for _ in range(counts[r])), reverse=True)
            )
        elif flush:
            cat, tiebreak = FLUSH, values
        else:
            cat, tiebreak = _SHAPES[shape], values
        tiebreak = tiebreak + (-99,) * (5 - len(tiebreak))  # missing kicker
        key = (self.category_order().index(cat), cat) + tiebreak
        if self.low:
            return tuple(-x for x in key)
        return key

    # -------------------------------------------------------------- classes
    def patterns(self) -> Iterator[tuple[Counts, bool]]:
        """Every hand pattern of the sizes this game compares directly:
        (counts, flush) for 5 cards, and 1-4 cards for incomplete hands."""
        ranks = self.deck_ranks
        sizes = range(self.min_cards, 6) if self.min_cards < 5 else (5,)
        for size in sizes:
            for combo in _multisets(ranks, size):
                tally = [0] * 13
                for r in combo:
                    tally[r] += 1
                counts = tuple(tally)
                yield counts, False
                if size == 5 and self.flushes and max(counts) == 1:
                    yield counts, True
        # Five of a kind (the bug makes only five aces). Never the best low:
        # a wild card there takes a rank the hand lacks, so low games keep
        # their numbering.
        if self.has_wild and not self.low:
            for r in (ACE,) if self.bug else ranks:
                yield tuple(5 if i == r else 0 for i in range(13)), False
        if self.double_ace_flush:  # flushes whose ranks repeat
            for combo in _multisets(ranks, 5):
                if len(set(combo)) < 5:
                    yield tuple(combo.count(r) for r in range(13)), True

    def classes(self) -> list[Key]:
        """Sorted distinct keys; strength of a key = its index + 1. With
        natural_beats_wild each key is followed by minus the wild cards
        used, from wild_tiers - 1 down to 0 (fewer wins; with "plain", -1
        stands for one or more; with "more_wild", the wild cards used, 0 up
        to wild_tiers - 1): wild_tiers classes per hand class."""
        more = self.natural_beats_wild == MORE_WILD
        return list(_class_keys(self._class_shape(), self.wild_tiers, more))

    @property
    def wild_tiers(self) -> int:
        """Strengths per hand class: 1, or with natural_beats_wild one per
        tier of wild cards used (GRADED_TIERS or PLAIN_TIERS)."""
        if self.natural_beats_wild == "plain":
            return PLAIN_TIERS
        return GRADED_TIERS if self.natural_beats_wild else 1

    def _class_shape(self) -> RankingData:
        """This ranking without what its hand classes do not depend on (its
        name, which cards are wild, suit options, natural_beats_wild), so
        that rankings that differ only there share one list of keys."""
        return replace(
            self,
            name="classes",
            wild="jokers" if self.wild is not None else None,
            natural_beats_wild=False,
            suit_tiebreak=None,
            suit_order=None,
        )


@lru_cache(maxsize=16)
def _sorted_keys(ranking: RankingData) -> tuple[Key, ...]:
    """The sorted distinct keys of a ranking's hand patterns, computed once
    per shape of ranking (about 0.1 s: every wild-card ranking of a base
    game shares them)."""
    keys = {ranking.key(c, f) for c, f in ranking.patterns()}
    return tuple(sorted(k for k in keys if k is not None))


@lru_cache(maxsize=8)
def _class_keys(ranking: RankingData, tiers: int, more_wild: bool = False) -> tuple[Key, ...]:
    """:meth:`RankingData.classes` of a shape of ranking, with *tiers* strengths
    per hand class (more wild cards win with *more_wild*, fewer without)."""
    keys = _sorted_keys(ranking)
    if tiers == 1:
        return keys
    if more_wild:
        return tuple(k + (used,) for k in keys for used in range(tiers))
    return tuple(k + (-used,) for k in keys for used in range(tiers - 1, -1, -1))


def wild_tier(strength: int, tiers: int = GRADED_TIERS, more_wild: bool = False) -> tuple[int, int]:
    """(strength of the same hand without the natural_beats_wild rule, tier)
    of a natural_beats_wild strength (>= 1). The tier is the wild cards used
    (graded, the default, and more_wild=True for the "more_wild" rule, whose
    strengths count up with them) or, with tiers=PLAIN_TIERS, 0 for a
    natural hand and 1 for one made with wild cards."""
    if more_wild:
        return (strength - 1) // tiers + 1, (strength - 1) % tiers
    return (strength - 1) // tiers + 1, tiers - 1 - (strength - 1) % tiers


def wild_use_words(ranking: RankingData, strength: int) -> str:
    """How the hand of a natural_beats_wild strength was made, as words for
    :func:`pyrankcore.describe`: " (natural)", " (2 wild cards)" or, under
    the plain rule, " (wild)"; "" for a ranking without the rule."""
    if not ranking.natural_beats_wild:
        return ""
    more = ranking.natural_beats_wild == MORE_WILD
    used = wild_tier(strength, ranking.wild_tiers, more)[1]
    if used == 0:
        return " (natural)"
    if ranking.natural_beats_wild == "plain":
        return " (wild)"
    return f" ({used} wild card{'s' if used > 1 else ''})"


def _card_id(text: str) -> int:
    """Id of a card in canonical text ("Jh")."""
    return 4 * RANK_CHARS.index(text[0]) + SUIT_CHARS.index(text[1])


def _multisets(ranks: Sequence[int], size: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Rank multisets (sorted tuples, at most 4 of a rank) of a given size."""
    if size == 0:
        yield ()
        return
    for i in range(start, len(ranks)):
        for rest in _multisets(ranks, size - 1, i):
            combo = (ranks[i],) + rest
            if combo.count(ranks[i]) <= 4:
                yield combo


# Built-in rankings: options by name. Keep names stable: they are the public
# game names, and this order is that of pyrankcore.GAMES.
BUILT_IN_RANKINGS: dict[str, dict[str, Any]] = {
    "high": {},
    "ace_five": {"low": True, "ace_low": True, "straights": False, "flushes": False},
    "ace_five_8": {
        "low": True,
        "ace_low": True,
        "straights": False,
        "flushes": False,
        "qualifier": 6,
    },
    "deuce_seven": {"low": True, "wheel": False},
    "ace_six": {"low": True, "ace_low": True, "broadway": False},
    "incomplete": {"min_cards": 1, "max_cards": 5},
    "short_deck": {"lowest_rank": 4, "flush_over_full_house": True},
}
