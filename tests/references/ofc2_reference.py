"""Slow, independent reference for double-deck Open-Face Chinese poker
(tests only).

Nothing here imports pyrankcore. Two 52-card decks are shuffled together,
so a card (rank * 4 + suit) may appear twice in a deal. Rows are ranked
from the rules, written out plainly:

* the standard categories (rule text 000, "Standard Poker Rankings"), plus
  five of a kind above the straight flush ("Five of a Kind is the highest
  hand of all and beats a Royal Flush");
* a flush is "any five cards of the same suit", so five suited cards with a
  repeated card are a flush, and flushes compare card by card from the
  highest ("continue comparing the next highest cards"): A-A-K-Q-J beats
  A-K-Q-J-9, as in the double-ace flush (000, "Double Ace Flush");
* a 3-card front holds high card, a pair or trips only, and compares with
  the middle as the rule texts compare hands of unequal size (a present
  kicker beats a missing one).

Every row gets an integer key ``category * 14**5 + digits`` (digits: the
deciding ranks, most important first, each rank + 1, a missing card 0), so
fronts and 5-card rows compare directly. Royalties come from the standard
table typed in from the rule text, five of a kind scoring the straight
flush's points by default (rule text 001). The Fantasyland solver is a plain
exhaustive search over every arrangement of card positions.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = range(10)
ROYAL = 10  # pseudo-category of the royalty tables only

BASE = 14
CAT_UNIT = BASE**5


def cards(text: str) -> list[int]:
    return [RANKS.index(t[0].upper()) * 4 + SUITS.index(t[1].lower()) for t in text.split()]


def text(ids) -> str:
    return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in ids)


# ------------------------------------------------------------------ ranking


def _digits(ranks) -> int:
    out = 0
    for i in range(5):
        out = out * BASE + (ranks[i] + 1 if i < len(ranks) else 0)
    return out


def key(hand) -> int:
    """Key of a 3- or 5-card row; repeated cards allowed."""
    if isinstance(hand, str):
        hand = cards(hand)
    hand = [int(c) for c in hand]
    assert len(hand) in (3, 5)
    ranks = [c // 4 for c in hand]
    counts = Counter(ranks)
    # distinct ranks by (count, rank), most important first
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(hand) == 3:
        cat = {(3,): TRIPS, (2, 1): PAIR, (1, 1, 1): HIGH}[tuple(shape)]
        return cat * CAT_UNIT + _digits(groups)
    if shape == [5]:
        return FIVE * CAT_UNIT + _digits(groups)
    suited = len({c % 4 for c in hand}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:  # the wheel, five high
            straight_top = 3
    if straight_top is not None and suited:
        return STRAIGHT_FLUSH * CAT_UNIT + _digits([straight_top])
    if shape == [4, 1]:
        return QUADS * CAT_UNIT + _digits(groups)
    if shape == [3, 2]:
        return FULL_HOUSE * CAT_UNIT + _digits(groups)
    if suited:  # every card, repeats included, high to low
        return FLUSH * CAT_UNIT + _digits(sorted(ranks, reverse=True))
    if straight_top is not None:
        return STRAIGHT * CAT_UNIT + _digits([straight_top])
    cat = {(3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(tuple(shape), HIGH)
    return cat * CAT_UNIT + _digits(groups)


def category_of(k: int) -> int:
    return k // CAT_UNIT


def top_rank(k: int) -> int:
    return (k % CAT_UNIT) // BASE**4 - 1


# ---------------------------------------------------------------- royalties

STANDARD = {
    "front_pairs": {4: 1, 5: 2, 6: 3, 7: 4, 8: 5, 9: 6, 10: 7, 11: 8, 12: 9},  # 66..AA
    "front_trips": {r: 10 + r for r in range(13)},  # 222 = 10 .. AAA = 22
    "middle": {
        TRIPS: 2,
        STRAIGHT: 4,
        FLUSH: 8,
        FULL_HOUSE: 12,
        QUADS: 20,
        STRAIGHT_FLUSH: 30,
        ROYAL: 50,
    },
    "back": {STRAIGHT: 2, FLUSH: 4, FULL_HOUSE: 6, QUADS: 10, STRAIGHT_FLUSH: 15, ROYAL: 25},
}


def row_royalty(k: int, row: str, table=STANDARD) -> int:
    cat, r = category_of(k), top_rank(k)
    if row == "front":
        if cat == PAIR:
            return table["front_pairs"].get(r, 0)
        if cat == TRIPS:
            return table["front_trips"].get(r, 0)
        return 0
    points = table[row]
    if cat == STRAIGHT_FLUSH and r == 12:
        return points.get(ROYAL, 0)
    if cat == FIVE:  # "the same royalties as the straight flush" unless listed
        return points.get(FIVE, points.get(STRAIGHT_FLUSH, 0))
    return points.get(cat, 0)


# ------------------------------------------------------------------- boards


class RefBoard2:
    def __init__(self, front, middle, back):
        conv = lambda x: cards(x) if isinstance(x, str) else [int(c) for c in x]  # noqa: E731
        self.front, self.middle, self.back = conv(front), conv(middle), conv(back)
        assert (len(self.front), len(self.middle), len(self.back)) == (3, 5, 5)
        every = self.front + self.middle + self.back
        assert max(Counter(every).values()) <= 2 and all(0 <= c < 52 for c in every)
        self.keys = (key(self.front), key(self.middle), key(self.back))

    @classmethod
    def from_ids(cls, ids):
        ids = [int(c) for c in ids]
        return cls(ids[:3], ids[3:8], ids[8:])

    @property
    def fouled(self) -> bool:
        f, m, b = self.keys
        return not (b >= m >= f)

    def row_royalties(self, table=STANDARD):
        if self.fouled:
            return (0, 0, 0)
        return tuple(
            row_royalty(k, r, table) for k, r in zip(self.keys, ("front", "middle", "back"))
        )

    def royalties(self, table=STANDARD) -> int:
        return sum(self.row_royalties(table))


def settle(a: RefBoard2, b: RefBoard2, table=STANDARD, majority=0) -> int:
    """Points a collects from b under 1-6 scoring, plus *majority* units to
    the player who wins two or three of the rows (rule text 001's variant;
    a fouled board loses all three)."""
    if a.fouled and b.fouled:
        return 0
    if a.fouled:
        return -(6 + majority + b.royalties(table))
    if b.fouled:
        return 6 + majority + a.royalties(table)
    a_rows = sum(x > y for x, y in zip(a.keys, b.keys))
    b_rows = sum(y > x for x, y in zip(a.keys, b.keys))
    pts = a_rows - b_rows + (3 if a_rows == 3 else -3 if b_rows == 3 else 0)
    pts += majority if a_rows >= 2 else -majority if b_rows >= 2 else 0
    return pts + a.royalties(table) - b.royalties(table)


def score(boards, table=STANDARD, majority=0) -> list[int]:
    """Every pair settled on its own, summed per player (any player count)."""
    totals = [0] * len(boards)
    for i, j in itertools.combinations(range(len(boards)), 2):
        p = settle(boards[i], boards[j], table, majority)
        totals[i] += p
        totals[j] -= p
    return totals


def fantasyland_cards(board: RefBoard2, minimum: int = 10, fixed: int = 13) -> int:
    """Cards dealt next hand (fixed rules): a pair of rank >= *minimum*
    (10 = queens, 12 = aces) or trips on top, and no foul."""
    if board.fouled:
        return 0
    f = board.keys[0]
    if category_of(f) == TRIPS or (category_of(f) == PAIR and top_rank(f) >= minimum):
        return fixed
    return 0


def stays(board: RefBoard2) -> bool:
    """Classic stay: trips on top, full house or better in the middle, or
    quads or better in the back (five of a kind counts as better)."""
    if board.fouled:
        return False
    f, m, b = (category_of(k) for k in board.keys)
    return f == TRIPS or m >= FULL_HOUSE or b >= QUADS


# ------------------------------------------------------------------- solver


def solve(hand, table=STANDARD, stay_value=0.0) -> float:
    """Exhaustive best value over every legal board that uses 13 of the
    given cards (positions, so repeated cards are fine), under classic stay
    rules. 13 or 14 cards: a second or so."""
    hand = [int(c) for c in hand]
    n = len(hand)
    assert 13 <= n <= 14
    fives = list(itertools.combinations(range(n), 5))
    mask = np.array([sum(1 << i for i in f) for f in fives], dtype=np.int64)
    k5 = {}
    for f, m in zip(fives, mask):
        k5[int(m)] = key([hand[i] for i in f])
    keys = np.zeros(1 << n, dtype=np.int64)
    mid_roy = np.zeros(1 << n, dtype=np.int64)
    back_roy = np.zeros(1 << n, dtype=np.int64)
    for m, k in k5.items():
        keys[m] = k
        mid_roy[m] = row_royalty(k, "middle", table)
        back_roy[m] = row_royalty(k, "back", table)
    cat = keys // CAT_UNIT
    mids, backs = _splits(n - 3)
    best = -np.inf
    for front in itertools.combinations(range(n), 3):
        rest = np.array([i for i in range(n) if i not in front], dtype=np.int64)
        fkey = key([hand[i] for i in front])
        froy = row_royalty(fkey, "front", table)
        mm = (1 << rest[mids]).sum(axis=1)
        bm = (1 << rest[backs]).sum(axis=1)
        legal = (keys[bm] >= keys[mm]) & (keys[mm] >= fkey)
        value = (froy + mid_roy[mm] + back_roy[bm]).astype(np.float64)
        stay = (cat[bm] >= QUADS) | (cat[mm] >= FULL_HOUSE) | (category_of(fkey) == TRIPS)
        value = np.where(stay, value + stay_value, value)
        value = np.where(legal, value, -np.inf)
        best = max(best, float(value.max()))
    return best


@cache
def _splits(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every (middle 5, back 5) pair of index sets drawn from k positions."""
    mids, backs = [], []
    for m in itertools.combinations(range(k), 5):
        rest = [i for i in range(k) if i not in m]
        for b in itertools.combinations(rest, 5):
            mids.append(m)
            backs.append(b)
    return np.array(mids, dtype=np.int64), np.array(backs, dtype=np.int64)
