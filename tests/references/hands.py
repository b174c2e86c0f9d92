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
    # positions into cards; each pass appends every larger position to each row
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        grow = n - 1 - last
        ends = np.cumsum(grow)
        offsets = np.arange(ends[-1]) - np.repeat(ends - grow, grow)
        added = np.repeat(last + 1, grow) + offsets
        rows = np.concatenate(
            [np.repeat(rows, grow, axis=0), added[:, None].astype(np.uint8)], axis=1
        )
    assert rows.shape == (comb(n, k), k)
    hands = np.asarray(cards, dtype=np.uint8)[rows]
    hands.flags.writeable = False
    return hands


@functools.cache
def every_hand_counts(k, game="high"):
    """``_core.enumerate_counts(k, game)`` (hands per strength over every
    k-card hand of the game's deck), read only, counted once per session."""
    counts = _core.enumerate_counts(k, game)
    counts.flags.writeable = False
    return counts
