"""Every k-card hand of a list of cards, as a read-only uint8 array, built
with NumPy (itertools takes seconds for the millions of rows of the
exhaustive tests) and kept for the session, so the tests that walk the same
hands share one array; and the library's own count per strength over every
hand of a game's deck (``_core.enumerate_counts``: under a second for seven cards),
kept the same way for the tests in several files that check it."""

import functools
from math import comb

import numpy as np

from pyrankcore import _core


def every_hand(cards, k):
    """Every k-card hand of *cards* (card ids), one row each, in the order
    itertools.combinations gives: (C(len(cards), k), k) uint8."""
    return _every_hand(tuple(int(c) for c in cards), k)


@functools.cache
def _every_hand(cards, k):
    n = len(cards)
    values = np.asarray(cards, dtype=np.uint8)
    # Increasing cards are built as they are; others as positions, mapped last.
    increasing = bool(np.all(values[1:] > values[:-1]))
    base = values if increasing else np.arange(n, dtype=np.uint8)
    # One size at a time: the s-subsets in order are, for each first card a,
    # a followed by every (s - 1)-subset whose first card is above a, which
    # in order is a tail of them.
    rows = base[:, None]
    for size in range(2, k + 1):
        tails = np.searchsorted(rows[:, 0], base, side="right")
        grown = np.empty((int((len(rows) - tails).sum()), size), dtype=np.uint8)
        at = 0
        for a, tail in zip(base.tolist(), tails.tolist()):
            rest = rows[tail:]
            grown[at : at + len(rest), 0] = a
            grown[at : at + len(rest), 1:] = rest
            at += len(rest)
        rows = grown
    assert rows.shape == (comb(n, k), k)
    hands = rows if increasing else values[rows]
    hands.flags.writeable = False
    return hands


@functools.cache
def every_hand_counts(k, game="high"):
    """``_core.enumerate_counts(k, game)`` (hands per strength over every
    k-card hand of the game's deck), read only, counted once per session."""
    counts = _core.enumerate_counts(k, game)
    counts.flags.writeable = False
    return counts
