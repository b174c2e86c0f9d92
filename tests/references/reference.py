"""A slow, independent reference evaluator for standard high poker (tests only).

Written from the rule texts in shared/rules/, not from the implementation, and
by a different method: there are no lookup tables or hashes here.  A five-card
hand is classified by counting its ranks and checking the suits and the
sequence directly, giving a *value tuple* ``(category, tiebreak ranks...)``
that compares correctly with Python's tuple ordering.  Six and seven cards are
the best value over all five-card subsets.

The numeric strength 1..7462 is obtained by building every distinct five-card
class once (all rank multisets, plus every set of five distinct ranks in one
suit), sorting the value tuples and numbering them from the bottom.

Card ids follow the public contract: id = rank * 4 + suit, rank 0 = deuce ...
12 = ace, suit 0..3 = c, d, h, s.
"""

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades

# Category numbers, lowest first (the same order as pyrankcore.Category).
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8

CATEGORY_TITLES = (
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

RANK_NAMES = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_PLURALS = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)

ACE = 12
FIVE = 3


# --------------------------------------------------------------------------
# card text (an independent, minimal parser for writing test cases)


def card(token):
    """One card id from text such as "As", "Td", "10d" or "A\u2660"."""
    rank_text, suit_text = token[:-1], token[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text.upper() not in RANK_CHARS:
        raise ValueError(f"bad rank in {token!r}")
    if suit_text in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_text)
    elif suit_text in SUIT_CHARS:
        suit = SUIT_CHARS.index(suit_text)
    else:
        raise ValueError(f"bad suit in {token!r}")
    return RANK_CHARS.index(rank_text.upper()) * 4 + suit


def cards(text):
    """Card ids from space-separated card text, e.g. "As Kd 7h"."""
    ids = [card(tok) for tok in text.split()]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate card in {text!r}")
    return ids


def card_text(card_id):
    return RANK_CHARS[card_id // 4] + SUIT_CHARS[card_id % 4]


# --------------------------------------------------------------------------
# five-card classification from the rules


def _straight_top(distinct_ranks):
    """Top rank of a straight made by five distinct ranks, or None.

    The ace plays high (A-K-Q-J-T) or low (5-4-3-2-A, top card the five) but
    never both: K-A-2-3-4 does not wrap around.
    """
    low, high = min(distinct_ranks), max(distinct_ranks)
    if high - low == 4:
        return high
    if set(distinct_ranks) == {ACE, 0, 1, 2, 3}:
        return FIVE
    return None


@cache
def _value_from_ranks(sorted_ranks, suited):
    counts = Counter(sorted_ranks)
    # Rank groups, biggest group first, higher rank first within a size:
    # that is the comparison order of every category's tiebreak.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(order)
        if top is not None:
            return (STRAIGHT_FLUSH if suited else STRAIGHT, top)
        return (FLUSH if suited else HIGH_CARD,) + order
    if suited:
        raise ValueError("a flush cannot contain a pair in a single deck")
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[shape]
    return (category,) + order


def value_from_ranks(ranks, suited):
    """Value tuple of five ranks (0..12); ``suited``: all five share a suit."""
    if len(ranks) != 5:
        raise ValueError("five ranks expected")
    return _value_from_ranks(tuple(sorted(ranks)), bool(suited))


def _check(ids, sizes):
    ids = [int(c) for c in ids]
    if len(ids) not in sizes:
        raise ValueError(f"expected {sizes} cards, got {len(ids)}")
    if any(not 0 <= c < 52 for c in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"bad hand {ids}")
    return ids


def value5(ids):
    """Value tuple of exactly five card ids."""
    ids = _check(ids, (5,))
    suits = {c % 4 for c in ids}
    return value_from_ranks([c // 4 for c in ids], len(suits) == 1)


def best_value(ids):
    """Value tuple of the best five-card hand among 5 to 7 card ids."""
    ids = _check(ids, (5, 6, 7))
    return max(value5(five) for five in combinations(ids, 5))


# --------------------------------------------------------------------------
# numbering the 7,462 classes


def _rank_multisets(size):
    """Every multiset of ``size`` ranks with at most four copies of a rank."""
    for ranks in combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


@cache
def _classes():
    table = {}
    for ranks in _rank_multisets(5):
        table.setdefault(value_from_ranks(ranks, False), (ranks, False))
    for ranks in combinations(range(13), 5):
        table.setdefault(value_from_ranks(ranks, True), (ranks, True))
    ordered = sorted(table)
    strength = {value: i + 1 for i, value in enumerate(ordered)}
    return ordered, strength, table


def all_values():
    """The distinct five-card value tuples, weakest first (index + 1 = strength)."""
    return _classes()[0]


def strength_of_value(value):
    """The 1..7462 strength of a value tuple (7462 = royal flush)."""
    return _classes()[1][value]


def representative(value):
    """``(ranks, suited)`` of one five-card hand in the class of ``value``."""
    return _classes()[2][value]


def strength(ids):
    """Reference strength 1..7462 of 5 to 7 card ids."""
    return strength_of_value(best_value(ids))


def class_hand_count(value):
    """How many of the 2,598,960 five-card hands fall in the class of ``value``."""
    ranks, suited = representative(value)
    if suited:
        return 4
    count = prod(comb(4, n) for n in Counter(ranks).values())
    if len(set(ranks)) == 5:
        count -= 4  # the all-one-suit colourings are flushes, not this class
    return count


def category_of_strength(s):
    return all_values()[s - 1][0]


# --------------------------------------------------------------------------
# descriptions (formats from the API contract)


def describe_value(value):
    category, ranks = value[0], value[1:]
    if category == STRAIGHT_FLUSH:
        if ranks[0] == ACE:
            return "Royal Flush"
        return f"Straight Flush, {RANK_NAMES[ranks[0]]} high"
    if category == FOUR_OF_A_KIND:
        return f"Four of a Kind, {RANK_PLURALS[ranks[0]]}"
    if category == FULL_HOUSE:
        return f"Full House, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if category == FLUSH:
        return f"Flush, {RANK_NAMES[ranks[0]]} high"
    if category == STRAIGHT:
        return f"Straight, {RANK_NAMES[ranks[0]]} high"
    if category == THREE_OF_A_KIND:
        return f"Three of a Kind, {RANK_PLURALS[ranks[0]]}"
    if category == TWO_PAIR:
        return f"Two Pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if category == PAIR:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return f"High Card, {RANK_NAMES[ranks[0]]}"


# --------------------------------------------------------------------------
# exact strength histograms over all C(52, k) hands, by counting colourings


def _best_flush_value(suited_ranks):
    return max(value_from_ranks(five, True) for five in combinations(suited_ranks, 5))


def exact_histogram(k):
    """``{strength: number of k-card hands}`` over all C(52, k) hands, k = 5..7.

    Works per rank multiset M instead of per hand.  Of the prod C(4, m_r)
    colourings of M, those where one suit holds exactly the rank set S
    (|S| >= 5; with at most seven cards only one suit can) number
    4 * prod_{r in S} C(3, m_r - 1) * prod_{r not in S} C(3, m_r); their best
    hand is the better of the best flush inside S and the best unsuited hand
    of M.  Every other colouring has the best unsuited hand of M.
    """
    if k not in (5, 6, 7):
        raise ValueError("k must be 5, 6 or 7")
    hist = Counter()
    for ranks in _rank_multisets(k):
        mult = Counter(ranks)
        unsuited = max(value_from_ranks(five, False) for five in set(combinations(ranks, 5)))
        total = prod(comb(4, n) for n in mult.values())
        flushed = 0
        distinct = sorted(mult)
        for size in range(5, len(distinct) + 1):
            for suited in combinations(distinct, size):
                inside = set(suited)
                ways = 4 * prod(
                    comb(3, n - 1) if r in inside else comb(3, n) for r, n in mult.items()
                )
                if ways:
                    hist[max(unsuited, _best_flush_value(suited))] += ways
                    flushed += ways
        hist[unsuited] += total - flushed
    return {strength_of_value(v): n for v, n in hist.items()}
