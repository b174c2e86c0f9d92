"""Ranking systems as data: how five cards (or fewer) compare under each game.

Pure standard library, with no import of the rest of the package, because the
table generator (src/tablegen/gen_tables.py) loads this file at build time to
emit the built-in tables, and pyrankcore loads it at run time to build tables
for custom stripped decks. One definition serves both, so they cannot drift.

A ranking maps a hand pattern (13 rank counts, plus whether all five cards
share a suit) to a key: a tuple where larger is better, or None for a hand
that does not qualify (an eight-or-better low that fails). Strengths are the
positions of the distinct keys in sorted order, from 1; 0 = no qualifying
hand. The kernels never see keys, only the strengths tabulated from them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

# Categories (standard names); the order a ranking uses is its own.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
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


@dataclass(frozen=True)
class Ranking:
    """How hands compare in one game. Built-ins are in RANKINGS.

    Fields
    ------
    name: the game name users pass (e.g. "ace_five").
    low: True when the lowest hand wins (the key is negated).
    ace_low: aces rank below deuces (ace-to-five, ace-to-six).
    straights, flushes: whether those combinations count.
    lowest_rank: lowest rank in the deck (0 = deuce; 4 = six for short deck).
        The ace also completes a straight below this rank (A-6-7-8-9).
    wheel: whether the ace makes the lowest straight at all (not in
        deuce-to-seven, where A-2-3-4-5 is no straight).
    broadway: with ace_low, whether A-K-Q-J-T still counts as a straight.
    ace_pair_high: with ace_low, pairs (and sets) of aces rank above kings.
    flush_over_full_house, trips_over_straight: stripped-deck orders.
    qualifier: for a low, the highest rank allowed (8-or-better: 6 = eight);
        the hand also needs five different ranks.
    min_cards, max_cards: hand sizes the game accepts.
    """

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

    # ----------------------------------------------------------------- shape
    @property
    def flush_mode(self) -> int:
        if not self.flushes:
            return FLUSH_IGNORED
        return FLUSH_LOW if self.low else FLUSH_DOMINANT

    @property
    def deck_ranks(self) -> tuple[int, ...]:
        return tuple(range(self.lowest_rank, 12)) + (ACE,)

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

    def key(self, counts, flush: bool = False):
        """Comparable key of a hand pattern (larger is better) or None."""
        size = sum(counts)
        if not 1 <= size <= 5:
            raise ValueError(f"{self.name}: keys are for 1-5 card patterns")
        present = [r for r in range(13) if counts[r]]

        def group_value(r):
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
        tiebreak: tuple[int, ...]
        if top is not None:
            cat, tiebreak = (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
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
    def patterns(self):
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

    def classes(self):
        """Sorted distinct keys; strength of a key = its index + 1."""
        keys = {self.key(c, f) for c, f in self.patterns()}
        keys.discard(None)
        return sorted(keys)


def _multisets(ranks, size, start=0):
    """Rank multisets (sorted tuples, at most 4 of a rank) of a given size."""
    if size == 0:
        yield ()
        return
    for i in range(start, len(ranks)):
        for rest in _multisets(ranks, size - 1, i):
            combo = (ranks[i],) + rest
            if combo.count(ranks[i]) <= 4:
                yield combo


def subsets_of_counts(counts):
    """Sub-multisets with one card fewer."""
    for r, c in enumerate(counts):
        if c:
            yield counts[:r] + (c - 1,) + counts[r + 1 :]


# Built-in rankings. Keep names stable: they are the public game names.
HIGH = Ranking("high")
RANKINGS = {
    "high": HIGH,
    "ace_five": Ranking("ace_five", low=True, ace_low=True, straights=False, flushes=False),
    "ace_five_8": Ranking(
        "ace_five_8", low=True, ace_low=True, straights=False, flushes=False, qualifier=6
    ),
    "deuce_seven": Ranking("deuce_seven", low=True, wheel=False),
    "ace_six": Ranking("ace_six", low=True, ace_low=True, broadway=False),
    "incomplete": Ranking("incomplete", min_cards=1, max_cards=5),
    "short_deck": Ranking("short_deck", lowest_rank=4, flush_over_full_house=True),
}


def stripped_deck(
    lowest,
    *,
    flush_over_full_house: bool = True,
    trips_over_straight: bool = False,
    straights: bool = True,
    flushes: bool = True,
    name: str | None = None,
) -> Ranking:
    """High ranking for a deck stripped below rank *lowest*.

    *lowest* is a rank character ("6", "7", "T") or a rank index (0 = deuce).
    The ace also sits just below the lowest rank, so with sixes low A-6-7-8-9
    is the lowest straight. Defaults follow the rule texts for stripped decks
    (a flush above a full house). The 20-card ace-to-ten deck of early poker
    had six hand types: ``stripped_deck("T", straights=False, flushes=False)``.

    >>> stripped_deck("7").deck_ranks[:2]
    (5, 6)
    """
    if isinstance(lowest, str):
        chars = "23456789TJQKA"
        text = "T" if lowest == "10" else lowest.upper()
        if len(text) != 1 or text not in chars:
            raise ValueError(f"unknown rank {lowest!r}")
        lowest = chars.index(text)
    if isinstance(lowest, bool) or not isinstance(lowest, int):
        raise TypeError(f"lowest must be a rank or an int, not {type(lowest).__name__}")
    if not 0 <= lowest <= 8:
        raise ValueError(f"the lowest rank must be 2 .. T (0 .. 8), got {lowest}")
    return Ranking(
        name or f"stripped_{'23456789TJQKA'[lowest]}",
        lowest_rank=lowest,
        straights=straights,
        flushes=flushes,
        flush_over_full_house=flush_over_full_house,
        trips_over_straight=trips_over_straight,
    )


def ranking(name: str, **options) -> Ranking:
    """A built-in ranking with house-rule options, e.g.
    ``ranking("ace_six", broadway=True, ace_pair_high=True)`` or
    ``ranking("short_deck", trips_over_straight=True)``.

    >>> ranking("short_deck", trips_over_straight=True).name
    'short_deck[trips_over_straight]'
    """
    if name not in RANKINGS:
        raise ValueError(f"unknown ranking {name!r}; choose one of {tuple(RANKINGS)}")
    base = RANKINGS[name]
    fields = set(base.__dataclass_fields__) - {"name"}
    for key in options:
        if key not in fields:
            raise TypeError(f"unknown option {key!r} for ranking {name!r}")
    changed = sorted(k for k, v in options.items() if getattr(base, k) != v)
    if not changed:
        return base
    label = ",".join(k if options[k] is True else f"{k}={options[k]}" for k in changed)
    return replace(base, name=f"{name}[{label}]", **options)


# ----------------------------------------------------------------- tables


def build_values(ranking: Ranking, multisets, slot_of):
    """(rank table by slot, flush table by 13-bit mask, classes) for a game.

    multisets: every count vector of 0..7 cards (the perfect hash's domain);
    slot_of(counts) gives its slot. Sizes outside the game's range get 0.
    """
    classes = ranking.classes()
    strength = {k: i + 1 for i, k in enumerate(classes)}
    direct = max(ranking.min_cards, 1)
    deck = set(ranking.deck_ranks)
    values = {}
    for counts in sorted(multisets, key=sum):
        size = sum(counts)
        if size < direct or any(c and r not in deck for r, c in enumerate(counts)):
            values[counts] = 0
        elif size <= 5:
            values[counts] = strength.get(ranking.key(counts), 0)
        else:
            values[counts] = max(values[s] for s in subsets_of_counts(counts))
    table = {}
    for counts, v in values.items():
        table[slot_of(counts)] = v
    flush = [0] * 8192
    if ranking.flushes:
        by_bits = sorted(range(8192), key=lambda m: bin(m).count("1"))
        for mask in by_bits:
            bits = bin(mask).count("1")
            if bits < 5 or any(mask >> r & 1 and r not in deck for r in range(13)):
                continue
            if bits == 5:
                counts = tuple(mask >> r & 1 for r in range(13))
                flush[mask] = strength.get(ranking.key(counts, True), 0)
            elif bits <= 7:  # best flush among the suit's 5-card subsets
                flush[mask] = max(flush[mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
    return table, flush, classes


def best_of_five(ranking: Ranking, cards):
    """Reference: best strength over all five-card subsets (slow, for tests)."""
    classes = {k: i + 1 for i, k in enumerate(ranking.classes())}
    best = 0
    for five in combinations(cards, 5):
        counts = [0] * 13
        for c in five:
            counts[c >> 2] += 1
        flush = len({c & 3 for c in five}) == 1
        best = max(best, classes.get(ranking.key(tuple(counts), flush), 0))
    return best
