"""Slow, independent reference for Open-Face Chinese poker (tests only).

Nothing here imports pyrankcore: hands are ranked by a small NumPy evaluator
written from the rules, boards are checked for fouls, royalties come from a
table typed in from the rule text, and the Fantasyland solver is a plain
exhaustive search over every arrangement.

Hand keys
---------
Every hand (3 or 5 cards) gets an integer key ``category * 14**5 + digits``
where the digits are the ranks that decide the hand, most important first,
each stored as rank + 1 (rank 0 = deuce .. 12 = ace) and a missing card as
0. So a 3-card front and a 5-card row compare directly, with a present
kicker beating a missing one (8-8-K > 8-8-6-2 > 8-8-6), as the rule texts
compare the front with the middle.
"""

from __future__ import annotations

import itertools
from functools import cache
from math import comb

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ROYAL = 9  # pseudo-category used only in royalty tables

BASE = 14
CAT_UNIT = BASE**5


def card(text: str) -> int:
    return RANKS.index(text[0].upper()) * 4 + SUITS.index(text[1].lower())


def cards(text: str) -> list[int]:
    return [card(t) for t in text.split()]


def text(ids) -> str:
    return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in ids)


# ------------------------------------------------------------------ ranking


def hand_keys(hands) -> np.ndarray:
    """Keys (int64) of an (N, k) array of card ids, k = 3 or 5."""
    hands = np.asarray(hands, dtype=np.int64)
    if hands.ndim == 1:
        hands = hands[None, :]
    n, k = hands.shape
    assert k in (3, 5)
    ranks = hands // 4
    suits = hands % 4
    counts = (ranks[:, :, None] == np.arange(13)[None, None, :]).sum(axis=1)  # (N, 13)
    order = np.where(counts > 0, counts * 16 + np.arange(13)[None, :], -1)
    order = -np.sort(-order, axis=1)[:, :5]  # distinct ranks by (count, rank) desc
    digits = np.where(order >= 0, order % 16 + 1, 0)
    weights = BASE ** np.arange(4, -1, -1)
    rank_part = (digits * weights[None, :]).sum(axis=1)

    maxc = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    cat = np.full(n, HIGH)
    cat = np.where(pairs == 1, PAIR, cat)
    cat = np.where(pairs == 2, TWO_PAIR, cat)
    cat = np.where(maxc == 3, TRIPS, cat)
    cat = np.where((maxc == 3) & (pairs >= 1), FULL_HOUSE, cat)
    cat = np.where(maxc == 4, QUADS, cat)

    if k == 5:
        distinct = maxc == 1
        hi, lo = ranks.max(axis=1), ranks.min(axis=1)
        wheel = distinct & (counts[:, [12, 0, 1, 2, 3]].sum(axis=1) == 5)
        straight = distinct & ((hi - lo == 4) | wheel)
        top = np.where(wheel, 3, hi)
        flush = (suits == suits[:, :1]).all(axis=1)
        cat = np.where(flush, FLUSH, cat)
        cat = np.where(straight, STRAIGHT, cat)
        cat = np.where(straight & flush, STRAIGHT_FLUSH, cat)
        rank_part = np.where(straight, (top + 1) * BASE**4, rank_part)
    return cat.astype(np.int64) * CAT_UNIT + rank_part


def key(hand) -> int:
    if isinstance(hand, str):
        hand = cards(hand)
    return int(hand_keys([list(hand)])[0])


def category_of(keys):
    return np.asarray(keys) // CAT_UNIT


def top_rank(keys):
    """Rank (0..12) of the first deciding digit: the pair/trips/quads rank,
    the high card, or a straight's top card."""
    return (np.asarray(keys) % CAT_UNIT) // BASE**4 - 1


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


def table_with(**rows) -> dict:
    """STANDARD with some entries replaced, e.g. table_with(middle={QUADS: 16})."""
    out = {k: dict(v) for k, v in STANDARD.items()}
    for name, changes in rows.items():
        out[name].update(changes)
    return out


def front_royalty(keys, table=STANDARD):
    keys = np.asarray(keys)
    cat, r = category_of(keys), top_rank(keys)
    pairs = np.array([table["front_pairs"].get(i, 0) for i in range(13)])
    trips = np.array([table["front_trips"].get(i, 0) for i in range(13)])
    return np.where(cat == PAIR, pairs[r], np.where(cat == TRIPS, trips[r], 0))


def five_royalty(keys, row: str, table=STANDARD):
    keys = np.asarray(keys)
    cat, r = category_of(keys), top_rank(keys)
    per_cat = np.array([table[row].get(c, 0) for c in range(9)])
    royal = (cat == STRAIGHT_FLUSH) & (r == 12)
    return np.where(royal, table[row].get(ROYAL, 0), per_cat[cat])


# ------------------------------------------------------------------- boards


class RefBoard:
    def __init__(self, front, middle, back):
        conv = lambda x: cards(x) if isinstance(x, str) else list(x)
        self.front, self.middle, self.back = conv(front), conv(middle), conv(back)
        assert (len(self.front), len(self.middle), len(self.back)) == (3, 5, 5)
        assert len(set(self.front + self.middle + self.back)) == 13
        self.keys = (key(self.front), key(self.middle), key(self.back))

    @classmethod
    def from_ids(cls, ids):
        ids = [int(c) for c in ids]
        return cls(ids[:3], ids[3:8], ids[8:])

    @property
    def fouled(self) -> bool:
        f, m, b = self.keys
        return bool(not (b >= m >= f))

    def row_royalties(self, table=STANDARD):
        if self.fouled:
            return (0, 0, 0)
        f, m, b = self.keys
        return (
            int(front_royalty(f, table)),
            int(five_royalty(m, "middle", table)),
            int(five_royalty(b, "back", table)),
        )

    def royalties(self, table=STANDARD) -> int:
        return sum(self.row_royalties(table))

    def moon(self) -> bool:
        """Legal with a back of jack high or weaker (no pair at all)."""
        b = self.keys[2]
        return bool(not self.fouled and category_of(b) == HIGH and top_rank(b) <= 9)


def settle(
    a: RefBoard,
    b: RefBoard,
    table=STANDARD,
    row_points=1,
    scoop_bonus=3,
    moon_bonus=None,
    majority_bonus=0,
) -> int:
    """Points a collects from b (negative: a pays b). majority_bonus: "an
    additional unit if they win in two or three of the hands" (rule text
    001); a fouled board loses all three rows, so it pays that too."""

    def extra(x):
        return moon_bonus if (moon_bonus is not None and x.moon()) else 0

    if a.fouled and b.fouled:
        return 0
    if a.fouled:
        return -(3 * row_points + scoop_bonus + majority_bonus + b.royalties(table) + extra(b))
    if b.fouled:
        return 3 * row_points + scoop_bonus + majority_bonus + a.royalties(table) + extra(a)
    wins_a = [x > y for x, y in zip(a.keys, b.keys)]
    wins_b = [y > x for x, y in zip(a.keys, b.keys)]
    pts = (sum(wins_a) - sum(wins_b)) * row_points
    if all(wins_a):
        pts += scoop_bonus
    if all(wins_b):
        pts -= scoop_bonus
    if sum(wins_a) in (2, 3):
        pts += majority_bonus
    if sum(wins_b) in (2, 3):
        pts -= majority_bonus
    return pts + a.royalties(table) - b.royalties(table) + extra(a) - extra(b)


def score(boards, **kw) -> list[int]:
    totals = [0] * len(boards)
    for i, j in itertools.combinations(range(len(boards)), 2):
        p = settle(boards[i], boards[j], **kw)
        totals[i] += p
        totals[j] -= p
    return totals


def fantasyland_cards(board: RefBoard, progressive=False, fixed=13) -> int:
    if board.fouled:
        return 0
    f = board.keys[0]
    cat, r = int(category_of(f)), int(top_rank(f))
    if cat == TRIPS:
        return 17 if progressive else fixed
    if cat == PAIR and r >= 10:
        return (14 + (r - 10)) if progressive else fixed
    return 0


def stays(board: RefBoard, pineapple=False) -> bool:
    if board.fouled:
        return False
    f, m, b = (int(category_of(k)) for k in board.keys)
    if f == TRIPS or b >= QUADS:
        return True
    return (not pineapple) and m >= FULL_HOUSE


# ------------------------------------------------------------------- solver


@cache
def _combos(n: int, k: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


@cache
def _mid_back_split(n: int) -> tuple[np.ndarray, np.ndarray]:
    """All (middle 5, back 5) index pairs drawn from n >= 10 positions."""
    mids, backs = [], []
    for m in itertools.combinations(range(n), 5):
        rest = [i for i in range(n) if i not in m]
        for b in itertools.combinations(rest, 5):
            mids.append(m)
            backs.append(b)
    return np.array(mids, dtype=np.int64), np.array(backs, dtype=np.int64)


def solve(hand, table=STANDARD, stay_value=0.0, pineapple_stay=False):
    """Exhaustive best (value, front, middle, back) over every legal board
    that uses 13 of the given cards (13 or 14 cards: a few seconds at most)."""
    hand = [int(c) for c in hand]
    n = len(hand)
    assert 13 <= n <= 15 and len(set(hand)) == n
    hand_arr = np.array(hand, dtype=np.int64)
    # keys of every 5-subset, addressed by bit mask of positions
    five = _combos(n, 5)
    key_by_mask = np.zeros(1 << n, dtype=np.int64)
    masks5 = (1 << five).sum(axis=1)
    key_by_mask[masks5] = hand_keys(hand_arr[five])
    mid_roy = np.zeros(1 << n, dtype=np.int64)
    back_roy = np.zeros(1 << n, dtype=np.int64)
    mid_roy[masks5] = five_royalty(key_by_mask[masks5], "middle", table)
    back_roy[masks5] = five_royalty(key_by_mask[masks5], "back", table)

    best = None
    rest_mids, rest_backs = _mid_back_split(n - 3)
    for front in itertools.combinations(range(n), 3):
        rest = np.array([i for i in range(n) if i not in front], dtype=np.int64)
        fkey = key([hand[i] for i in front])
        froy = int(front_royalty(fkey, table))
        mmask = (1 << rest[rest_mids]).sum(axis=1)
        bmask = (1 << rest[rest_backs]).sum(axis=1)
        mkey, bkey = key_by_mask[mmask], key_by_mask[bmask]
        legal = (bkey >= mkey) & (mkey >= fkey)
        if not legal.any():
            continue
        value = (froy + mid_roy[mmask] + back_roy[bmask]).astype(np.float64)
        stay = (category_of(bkey) >= QUADS) | (category_of(fkey) == TRIPS)
        if not pineapple_stay:
            stay = stay | (category_of(mkey) >= FULL_HOUSE)
        value = value + np.where(stay, stay_value, 0.0)
        value = np.where(legal, value, -np.inf)
        i = int(np.argmax(value))
        if best is None or value[i] > best[0]:
            best = (
                float(value[i]),
                [hand[j] for j in front],
                [hand[j] for j in rest[rest_mids[i]]],
                [hand[j] for j in rest[rest_backs[i]]],
            )
    return best


def board_value(board: RefBoard, table=STANDARD, stay_value=0.0, pineapple_stay=False):
    if board.fouled:
        return None
    return board.royalties(table) + (stay_value if stays(board, pineapple_stay) else 0.0)


def count_arrangements(n: int) -> int:
    return comb(n, 3) * comb(n - 3, 5) * comb(n - 8, 5)
