"""A slow, independent reference for the non-standard rankings (tests only).

Written from the rule texts in shared/rules/ (000 "Hand Ranking in Low Poker",
"Ace to Five", "Deuce to Seven", "Ace to Six", "Selecting from more than five
cards", "Incomplete Hands", "Stripped Decks"; 001 Razz; 002 the seven-to-ace
stripped deck; 003 Omaha hi-lo), not from pyrankcore's sources.

Every game is described by a small :class:`Rules` record.  A hand of at most
five cards gets a *badness-free* value tuple where a larger tuple is always the
better hand for that game (low games negate the "how high is it" tuple), or
``None`` for a hand that does not qualify (eight-or-better).  Six or seven
cards are worth the best five-card subset ("the player is free to select
whichever cards make the lowest hand").

Exact strengths are obtained as in tests/reference.py: build every distinct
class once (every rank multiset, plus every set of five distinct ranks in one
suit where suits matter), sort the values and number them from 1; 0 means "no
qualifying hand".

Card ids: id = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suits c d h s.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12
EIGHT = 6

# category numbers = pyrankcore.Category values (standard names)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

_SHAPE_CATEGORY = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
}


def _shape_category(shape):
    """Category of a group shape; also for 1-4 card (incomplete) hands."""
    if max(shape) == 1:
        return HIGH_CARD
    if sum(shape) == 5:
        return _SHAPE_CATEGORY[shape]
    top = shape[0]
    if top == 4:
        return QUADS
    if top == 3:
        return TRIPS  # a full house needs five cards
    if shape[:2] == (2, 2):
        return TWO_PAIR
    return PAIR


@dataclass(frozen=True)
class Rules:
    """One ranking system, in the words of the rule texts."""

    name: str
    low: bool = False  # the lowest hand wins
    aces_low: bool = False  # the ace is the lowest card (A-5 and A-6 lowball)
    straights: bool = True
    flushes: bool = True
    lowest: int = 0  # lowest rank in the deck (0 = deuce, 4 = six, 5 = seven)
    ace_completes_low_straight: bool = True  # A-2-3-4-5, A-6-7-8-9 ...
    ace_high_straight: bool = True  # A-K-Q-J-T (ace-low games: "broadway")
    pair_of_aces_high: bool = False  # ace-to-six house rule
    flush_over_full_house: bool = False
    trips_over_straight: bool = False
    eight_or_better: bool = False
    sizes: tuple = (5, 6, 7)

    @property
    def deck_ranks(self):
        return tuple(range(self.lowest, 13))

    def deck(self):
        return [r * 4 + s for r in self.deck_ranks for s in range(4)]

    # ---------------------------------------------------------- five cards
    def card_value(self, rank):
        """How high a single card is (larger = higher)."""
        if self.aces_low:
            return 0 if rank == ACE else rank + 1
        return rank

    def _straight_top(self, ranks):
        """How high the straight made by five distinct ranks is, or None."""
        if not self.straights or len(set(ranks)) != 5 or len(ranks) != 5:
            return None
        values = sorted(self.card_value(r) for r in ranks)
        if values == list(range(values[0], values[0] + 5)):
            return values[-1]
        if ACE in ranks:
            others = sorted(r for r in ranks if r != ACE)
            if self.aces_low:
                # A-K-Q-J-T: only a straight under the "broadway" house rule
                if self.ace_high_straight and others == [8, 9, 10, 11]:
                    return 13  # above the king-high straight
            elif self.ace_completes_low_straight and others == list(
                range(self.lowest, self.lowest + 4)
            ):
                return others[-1]
        return None

    def category_order(self):
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
            order.remove(TRIPS)
            order.insert(order.index(STRAIGHT) + 1, TRIPS)
        if self.flush_over_full_house:
            order.remove(FLUSH)
            order.insert(order.index(FULL_HOUSE) + 1, FLUSH)
        return order

    def classify(self, ranks, suited=False):
        """(category, tiebreak values) of 1-5 ranks, or None if they do not
        qualify.  The tiebreak is how high the hand is within its category."""
        ranks = tuple(sorted(ranks))
        n = len(ranks)
        if self.eight_or_better:
            # "five unequal cards, all 8 or lower" (aces count low)
            if n != 5 or len(set(ranks)) != 5:
                return None
            if any(r > EIGHT and r != ACE for r in ranks):
                return None
        counts = Counter(ranks)

        def group_value(r):
            if self.pair_of_aces_high and r == ACE and counts[r] >= 2:
                return 14  # A-A counted above K-K
            return self.card_value(r)

        groups = sorted(counts, key=lambda r: (counts[r], group_value(r)), reverse=True)
        shape = tuple(counts[r] for r in groups)
        values = tuple(group_value(r) for r in groups)
        suited = bool(suited) and self.flushes and n == 5
        top = self._straight_top(ranks) if n == 5 else None
        if top is not None:
            return (STRAIGHT_FLUSH if suited else STRAIGHT), (top,)
        if suited:
            return FLUSH, values
        return _shape_category(shape), values

    def value(self, ranks, suited=False):
        """Comparable value of 1-5 ranks (larger = better) or None."""
        got = self.classify(ranks, suited)
        if got is None:
            return None
        cat, tiebreak = got
        # "any kicker that is present in the hand beats a missing kicker"
        tiebreak = tuple(tiebreak) + (-1,) * (5 - len(tiebreak))
        height = (self.category_order().index(cat),) + tiebreak
        if self.low:
            return tuple(-x for x in height)
        return height

    # ---------------------------------------------------------- card ids
    def check(self, ids):
        ids = [int(c) for c in ids]
        if len(ids) not in self.sizes:
            raise ValueError(f"{self.name}: {len(ids)} cards")
        if len(set(ids)) != len(ids) or any(
            c // 4 not in self.deck_ranks or not 0 <= c < 52 for c in ids
        ):
            raise ValueError(f"bad hand {ids}")
        return ids

    def value_of_cards(self, ids):
        """Best value among the (at most five card) subsets the game allows."""
        ids = self.check(ids)
        if len(ids) <= 5:
            return _cached_value(self, tuple(sorted(c // 4 for c in ids)), _suited(ids))
        best = None
        for five in combinations(ids, 5):
            v = _cached_value(self, tuple(sorted(c // 4 for c in five)), _suited(five))
            if v is not None and (best is None or v > best):
                best = v
        return best

    def strength(self, ids):
        """Exact reference strength: 0 = no qualifying hand, else 1..n."""
        v = self.value_of_cards(ids)
        return 0 if v is None else strength_table(self)[v]

    def category(self, ids):
        """Standard category name (under this game's rules) of the best five."""
        ids = self.check(ids)
        best, best_cat = None, None
        subsets = combinations(ids, 5) if len(ids) > 5 else [ids]
        for five in subsets:
            ranks = [c // 4 for c in five]
            v = self.value(ranks, _suited(five))
            if v is not None and (best is None or v > best):
                best, best_cat = v, self.classify(ranks, _suited(five))[0]
        return best_cat


def _suited(ids):
    return len(ids) == 5 and len({c % 4 for c in ids}) == 1


@cache
def _cached_value(rules, sorted_ranks, suited):
    return rules.value(sorted_ranks, suited)


# --------------------------------------------------------------- classes


def patterns(rules):
    """Every (ranks, suited, number of hands) pattern of the sizes the game
    compares directly: five cards, or one to five for incomplete hands."""
    sizes = sorted({min(s, 5) for s in rules.sizes})
    for size in sizes:
        for ranks in combinations_with_replacement(rules.deck_ranks, size):
            mult = Counter(ranks)
            if max(mult.values()) > 4:
                continue
            ways = prod(comb(4, m) for m in mult.values())
            if size == 5 and len(mult) == 5:
                yield ranks, True, 4
                yield ranks, False, ways - 4
            else:
                yield ranks, False, ways


@cache
def _classes(rules):
    values = {}
    for ranks, suited, _ in patterns(rules):
        v = rules.value(ranks, suited)
        if v is not None:
            values.setdefault(v, (ranks, suited))
    ordered = sorted(values)
    return ordered, {v: i + 1 for i, v in enumerate(ordered)}, values


def all_values(rules):
    """Distinct values, worst first (index + 1 = strength)."""
    return _classes(rules)[0]


def strength_table(rules):
    return _classes(rules)[1]


def representative(rules, value):
    """(ranks, suited) of one hand of the class ``value``."""
    return _classes(rules)[2][value]


def n_classes(rules):
    return len(all_values(rules))


def hand_of(ranks, suited):
    """Card ids for ranks (all clubs if suited, else suits spread out)."""
    if suited:
        return [r * 4 for r in ranks]
    used = Counter()
    ids = []
    for i, r in enumerate(sorted(ranks)):
        s = used[r]
        used[r] += 1
        ids.append(r * 4 + s)
    if len(ids) == 5 and len({c % 4 for c in ids}) == 1:
        ids[-1] += 1  # never all one suit
    return ids


def small_histogram(rules, k=5):
    """{strength: number of k-card hands} over the game's whole deck, k <= 5."""
    hist = Counter()
    table = strength_table(rules)
    for ranks, suited, ways in patterns(rules):
        if len(ranks) != k or not ways:
            continue
        v = rules.value(ranks, suited)
        hist[0 if v is None else table[v]] += ways
    return hist


def suitless_histogram(rules, k):
    """{strength: number of k-card hands} for a game where suits never matter
    (no flushes), by counting rank multisets."""
    assert not rules.flushes
    hist = Counter()
    table = strength_table(rules)
    for ranks in combinations_with_replacement(rules.deck_ranks, k):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        best = None
        for five in set(combinations(ranks, 5)):
            v = _cached_value(rules, five, False)
            if v is not None and (best is None or v > best):
                best = v
        hist[0 if best is None else table[best]] += prod(comb(4, m) for m in mult.values())
    return hist


# --------------------------------------------------------------- games

HIGH = Rules("high")
ACE_FIVE = Rules("ace_five", low=True, aces_low=True, straights=False, flushes=False)
ACE_FIVE_8 = Rules(
    "ace_five_8",
    low=True,
    aces_low=True,
    straights=False,
    flushes=False,
    eight_or_better=True,
)
DEUCE_SEVEN = Rules("deuce_seven", low=True, ace_completes_low_straight=False)
ACE_SIX = Rules("ace_six", low=True, aces_low=True, ace_high_straight=False)
ACE_SIX_BROADWAY = Rules("ace_six_broadway", low=True, aces_low=True, ace_high_straight=True)
ACE_SIX_ACES_HIGH = Rules(
    "ace_six_aces_high",
    low=True,
    aces_low=True,
    ace_high_straight=False,
    pair_of_aces_high=True,
)
INCOMPLETE = Rules("incomplete", sizes=(1, 2, 3, 4, 5))
SHORT_DECK = Rules("short_deck", lowest=4, flush_over_full_house=True)
SHORT_DECK_TRIPS = Rules(
    "short_deck_trips", lowest=4, flush_over_full_house=True, trips_over_straight=True
)
SEVEN_TO_ACE = Rules("stripped_7", lowest=5, flush_over_full_house=True)
TWENTY_CARD = Rules("stripped_T", lowest=8, straights=False, flushes=False)

BUILTIN = {
    r.name: r for r in (HIGH, ACE_FIVE, ACE_FIVE_8, DEUCE_SEVEN, ACE_SIX, INCOMPLETE, SHORT_DECK)
}


# --------------------------------------------------------------- card text


def card(token):
    rank_text, suit_text = token[:-1], token[-1]
    if rank_text == "10":
        rank_text = "T"
    return RANK_CHARS.index(rank_text.upper()) * 4 + SUIT_CHARS.index(suit_text.lower())


def cards(text):
    ids = [card(t) for t in text.split()]
    assert len(set(ids)) == len(ids), text
    return ids


def card_text(c):
    return RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]
