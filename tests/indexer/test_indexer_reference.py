"""HandIndexer's index values against a slow reference written from the
algorithm's description (Waugh, 2013), not from the C code: each suit's
counts per round in mixed radix (its code) and its rank sets' colex ranks
among the ranks still free (its index); the suits sorted by (code, index),
largest first; the configurations of each round numbered in the order the
docs give, with their offsets; each group of suits with equal codes ranked
as a multiset. The row loops have a path with the round sizes built in
(hold'em's), a path for any structure, a first round read from a table and
a round-by-round path: each is pinned here to the same numbers."""

from math import comb

import numpy as np
import pytest

from pyrankcore.errors import DuplicateCardError, InvalidCardError
from pyrankcore.indexer import HandIndexer

SUITS = 4


def colex(ranks):
    """The colex rank of a set of ranks: sum of C(r_i, i + 1), ascending."""
    return sum(comb(r, i + 1) for i, r in enumerate(sorted(ranks)))


class Reference:
    """The index of one hand, for rounds of `rounds` cards over the top
    `ranks` ranks."""

    def __init__(self, rounds, ranks=13):
        self.rounds = list(rounds)
        self.ranks = ranks
        self.lo = 13 - ranks
        self.radix = [min(n, ranks) + 1 for n in rounds]
        self._configs = {}

    def counts(self, r, code):
        """The per-round counts of single-suit code `code` through round r."""
        m = []
        for j in range(r, -1, -1):
            m.append(code % self.radix[j])
            code //= self.radix[j]
        return m[::-1]

    def suit_n(self, r, code):
        """How many indices a suit with this code may have."""
        n, used = 1, 0
        for m in self.counts(r, code):
            n *= comb(self.ranks - used, m)
            used += m
        return n

    def configurations(self, r):
        """({sorted codes: (offset, [(first position, size, stride)] of the
        groups with more than one index)}, in the documented order; the
        round's size)."""
        if r not in self._configs:
            self._configs[r] = self._enumerate(r)
        return self._configs[r]

    def _enumerate(self, r):
        space = 1
        for j in range(r + 1):
            space *= self.radix[j]
        codes = [c for c in range(space) if sum(self.counts(r, c)) <= self.ranks]
        out, offset = {}, 0
        for a in range(len(codes) - 1, -1, -1):
            for b in range(a, -1, -1):
                for c in range(b, -1, -1):
                    ma, mb, mc = (self.counts(r, codes[i]) for i in (a, b, c))
                    md = [self.rounds[j] - ma[j] - mb[j] - mc[j] for j in range(r + 1)]
                    if any(x < 0 or x >= self.radix[j] for j, x in enumerate(md)):
                        continue
                    d = 0
                    for j, x in enumerate(md):
                        d = d * self.radix[j] + x
                    if sum(md) > self.ranks or d > codes[c]:
                        continue
                    key = (codes[a], codes[b], codes[c], d)
                    groups, mult, p = [], 1, 0
                    while p < SUITS:
                        q = p
                        while q < SUITS and key[q] == key[p]:
                            q += 1
                        n = self.suit_n(r, key[p])
                        if n > 1:
                            groups.append((p, q - p, mult))
                            mult *= comb(n + q - p - 1, q - p)
                        p = q
                    out[key] = (offset, groups)
                    offset += mult
        return out, offset

    def size(self, r):
        return self.configurations(r)[1]

    def index(self, hand, r):
        """The index of `hand` (card ids, the rounds in order) on round r."""
        suits = []
        for s in range(SUITS):
            code = idx = 0
            used = set()
            at = 0
            for j in range(r + 1):
                dealt = {(c >> 2) - self.lo for c in hand[at : at + self.rounds[j]] if c & 3 == s}
                at += self.rounds[j]
                free = [x for x in range(self.ranks) if x not in used]
                code = code * self.radix[j] + len(dealt)
                idx = idx * comb(len(free), len(dealt)) + colex(free.index(x) for x in dealt)
                used |= dealt
            suits.append((code, idx))
        suits.sort(reverse=True)
        offset, groups = self.configurations(r)[0][tuple(code for code, _ in suits)]
        index = offset
        for p, g, stride in groups:
            a = [suits[p + i][1] for i in range(g)]  # descending
            index += stride * sum(comb(a[i] + g - 1 - i, g - i) for i in range(g))
        return index


def deals(n, k, seed, ids):
    rng = np.random.default_rng(seed)
    ids = np.array(ids, dtype=np.uint8)
    return ids[np.argsort(rng.random((n, len(ids))), axis=1)[:, :k]]


STRUCTURES = [
    ([2, 3, 1, 1], "standard"),  # hold'em: the path with the round sizes built in
    ([2, 3, 1, 1], "short"),
    ([4, 3, 1, 1], "standard"),  # Omaha: the path for any structure
    ([2, 5], "standard"),
    ([1, 2, 2], "standard"),  # a first round of one card, by table
    ([3, 3, 3], "short"),  # a first round past the table
    ([6, 6], "standard"),  # groups past the tables of multiset terms
    ([2, 1, 1, 1, 1, 1], "standard"),  # many rounds
]


@pytest.mark.parametrize("rounds, deck", STRUCTURES)
def test_index_values_match_the_reference(rounds, deck):
    ix = HandIndexer(rounds, deck=deck)
    ref = Reference(rounds, ranks=9 if deck == "short" else 13)
    k = sum(rounds)
    deck_ids = [c for c in range(52) if c >> 2 >= ref.lo]
    two_suits = [c for c in deck_ids if c & 3 >= 2]
    hands = np.concatenate(
        [
            deals(150, k, 7, deck_ids),
            # two suits only: their codes often match (groups of suits)
            deals(150, k, 8, two_suits) if k <= len(two_suits) else deals(1, k, 8, deck_ids),
        ]
    )
    # 299 rows: the row loop's groups of hands, then the rows left over one
    # at a time
    hands = hands[: len(hands) - 1]
    got = ix.index(hands)
    want = [[ref.index(h.tolist(), r) for r in range(len(rounds))] for h in hands]
    assert got.tolist() == want
    # round by round
    state = ix.start(len(hands))
    bounds = np.cumsum([0, *rounds])
    for r in range(len(rounds)):
        step = ix.index_next_round(state, hands[:, bounds[r] : bounds[r + 1]])
        assert step.tolist() == [w[r] for w in want]


def test_reference_sizes():
    """The reference's numbering is dense and gives the published sizes."""
    ref = Reference([2, 3, 1, 1])
    assert [ref.size(r) for r in range(4)] == [169, 1_286_792, 55_190_538, 2_428_287_420]


@pytest.mark.parametrize("rounds", [[2, 3, 1, 1], [4, 3, 1, 1], [9, 8]])
def test_a_bad_row_is_found_wherever_it_sits(rounds):
    """The row loops take rows in groups and check a group's cards before
    indexing it: a bad row at any place of a group (and in the rows left
    after the groups) is the row the error names. Rows of 17 cards include
    17 copies of one card, whose bits summed would wrap around to that
    card's own bit."""
    ix = HandIndexer(rounds)
    k = sum(rounds)
    hands = deals(8, k, 9, range(52))
    for row in range(len(hands)):
        bad = hands.copy()
        bad[row, -1] = bad[row, 0]
        with pytest.raises(DuplicateCardError, match=f"cards row {row}:"):
            ix.index(bad)
        bad = hands.astype(np.int64)
        bad[row, 1] = 52
        with pytest.raises(InvalidCardError, match=f"cards row {row}:"):
            ix.index(bad)
    if k >= 17:
        same = hands.copy()
        same[5] = 51
        with pytest.raises(DuplicateCardError, match="cards row 5:"):
            ix.index(same)
