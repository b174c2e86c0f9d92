"""The cost model of equity: how many combinations of the players' combos
fit together (counted or sampled); and the arrays the kernels take: the
rows an exact run enumerates (grouped by suit renaming), the ranges it
combines itself, and the Monte Carlo draws with their integer weights.

The nanosecond figures are estimates for one thread on this machine class;
:func:`pyrankcore.equities.planning.plan` turns them into seconds to choose
exact enumeration or Monte Carlo and to refuse an infeasible exact=True.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyrankcore.equities.inputs import SeatCombos

__all__ = [
    "Fit",
    "assignment_rows",
    "count_combinations",
    "count_fitting",
    "draw_ranges",
    "exact_ranges",
    "integer_weights",
    "suit_classes",
]

# Estimated nanoseconds per combination of the players' combos that the
# exact kernel steps through (made and checked for shared cards in C), and
# per combination that fits (the deal's state set up).
NS_PER_COMBINATION = 3.0
NS_PER_ASSIGNMENT = 25.0
# Estimated nanoseconds per player and deal (one thread, this machine class).
NS_PER_EVAL = 6.0
NS_PER_OMAHA_EVAL = 30.0
# A Monte Carlo deal (drawing combos and cards, then ranking) takes about
# this many times a ranking (measured: about 65 ns for hold'em heads-up).
MONTE_CARLO_FACTOR = 5.0
# Hold'em from preflop, every hand known: the rank-board path
# (src/prc_equity_exact.h) takes about this long per assignment and player.
NS_PER_FAST_ASSIGNMENT = 250_000.0
# Monte Carlo redraws every combo when two collide: estimated nanoseconds
# per seat and draw.
NS_PER_REDRAW = 5.0
# Fitting combinations are counted one by one up to this many, sampled
# above it (FIT_SAMPLE combinations; a count of hits below FIT_HITS_BOUND
# counts as that many, so that few or no hits err towards more work).
COUNT_COMBINATIONS = 1 << 20
FIT_SAMPLE = 1 << 16
FIT_HITS_BOUND = 3
# Monte Carlo draws a combo by integer weights: a range's weights are
# scaled by one power of two so that they sum to at most 2**WEIGHT_BITS,
# then rounded (64-bit draws pick among them), so each weight is exact to
# 2**-53 of the sum, a double's precision; equal weights become 1 each.
# (A sum far below 2**64 also keeps the draw's rejections rare.)
WEIGHT_BITS = 53


def _fitting(combos: Sequence[SeatCombos], index: Any) -> tuple[list[Any], list[Any]]:
    """For combination indices (int64 arrays, one per seat, or one int64
    array of mixed-radix indices, seat 0 the most significant digit): the
    digits (one array per seat) and, per prefix length k = 1..players,
    whether the first k combos hold no card twice (bool arrays)."""
    if isinstance(index, list):
        digits = index
    else:
        digits = []
        rest = index
        for seat in reversed(range(len(combos))):
            n = len(combos[seat])
            digits.append(rest % n)
            rest = rest // n
        digits.reverse()
    size = len(digits[0]) if digits else 0
    used = np.zeros(size, dtype=np.uint64)
    ok = np.ones(size, dtype=bool)
    prefixes = []
    for seat, d in enumerate(digits):
        m = _combo_masks(combos[seat])[d]
        ok = ok & ((used & m) == 0)
        used |= m
        prefixes.append(ok)
    return digits, prefixes


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _combo_masks(seat_combos: SeatCombos) -> Any:
    out = np.zeros(len(seat_combos), dtype=np.uint64)
    for i, (cards, _w) in enumerate(seat_combos):
        out[i] = _mask(cards)
    return out


@dataclass(frozen=True)
class Fit:
    """How many combinations of the players' combos hold no card twice.
    prefixes[k]: of the first k seats' combos (prefixes[0] = 1, the last
    is the whole); exact when counted, else an estimate from a sample that
    errs high when it found few; seen: how many fitting combinations the
    count or the sample found."""

    prefixes: tuple[int, ...]
    seen: int

    @property
    def fitting(self) -> int:
        return self.prefixes[-1]

    def steps(self, sizes: Sequence[int]) -> int:
        """The exact kernel's odometer steps: each fitting prefix of k
        seats tries every combo of seat k."""
        return sum(f * n for f, n in zip(self.prefixes, sizes))


def count_fitting(combos: Sequence[SeatCombos]) -> Fit:
    """Count the fitting combinations (in arrays of bounded size) up to
    COUNT_COMBINATIONS combinations, estimate them from a fixed sample of
    FIT_SAMPLE above (at least FIT_HITS_BOUND hits per prefix length
    counted: a bound that errs high, so that work is never underestimated
    much and a sample without hits does not claim that nothing fits)."""
    sizes = [len(c) for c in combos]
    total = math.prod(sizes)
    if total == 1:
        # one hand per seat (the common call): no arrays needed
        used, prefixes = 0, [1]
        for seat in combos:
            mask = _mask(seat[0][0])
            prefixes.append(prefixes[-1] if not used & mask else 0)
            used |= mask
        return Fit(tuple(prefixes), prefixes[-1])
    if total <= COUNT_COMBINATIONS:
        _, ok = _fitting(combos, np.arange(total, dtype=np.int64))
        counts = [int(o.sum()) for o in ok]
        heads = [math.prod(sizes[k + 1 :]) for k in range(len(sizes))]
        # each fitting prefix of k+1 seats starts heads[k] of the indices
        prefixes = [1] + [c // h for c, h in zip(counts, heads)]
        return Fit(tuple(prefixes), counts[-1] if counts else 1)
    rng = np.random.default_rng(0)
    digits = [rng.integers(0, n, FIT_SAMPLE) for n in sizes]
    _, ok = _fitting(combos, digits)
    prefixes = [1]
    for k, o in enumerate(ok):
        hits = max(int(o.sum()), FIT_HITS_BOUND)
        whole = math.prod(sizes[: k + 1])
        prefixes.append(min(whole, -(-whole * hits // FIT_SAMPLE)))
    return Fit(tuple(prefixes), int(ok[-1].sum()))


def count_combinations(combos: Sequence[SeatCombos]) -> int:
    """How many combinations of the players' combos hold no card twice
    (see count_fitting: exact up to COUNT_COMBINATIONS)."""
    return count_fitting(combos).fitting


def assignment_rows(combos: Sequence[SeatCombos]) -> tuple[Any, Any]:
    """Every combination of the players' combos with no card twice, as
    (A, players, 8) uint8 rows, and the product of the weights of each (an
    (A,) float64 array, or None when every weight is 1). Made with arrays
    of one element per combination: the caller bounds their number."""
    total = math.prod(len(c) for c in combos)
    digits, prefixes = _fitting(combos, np.arange(total, dtype=np.int64))
    ok = prefixes[-1]
    rows = np.zeros((int(ok.sum()), len(combos), 8), dtype=np.uint8)
    weights = None
    for seat, d in enumerate(digits):
        cards = np.array([c for c, _ in combos[seat]], dtype=np.uint8).reshape(
            len(combos[seat]), -1
        )
        rows[:, seat, : cards.shape[1]] = cards[d[ok]]
        w = np.array([w for _, w in combos[seat]], dtype=np.float64)
        if bool((w != 1.0).any()):
            weights = (1.0 if weights is None else weights) * w[d[ok]]
    return rows, weights


def suit_classes(holes: Any, dead: Sequence[int], weights: Any) -> tuple[Any, Any, Any]:
    """Group assignments (rows of holes, two cards per player) that a
    renaming of the suits maps onto each other (and that leaves the dead
    cards where they are): the same showdowns, so one row per group is
    enumerated and counted as many times as its group is large. Returns the
    rows kept, their group sizes (int64) and their groups' summed weights
    (float64, or None when unweighted). Up to 5 players (a row's cards fit
    in 60 bits); otherwise every row is kept."""
    n, players = int(holes.shape[0]), int(holes.shape[1])
    if players > 5 or n < 2:
        return holes, np.ones(n, dtype=np.int64), weights
    dead_set = set(dead)
    maps = []
    for perm in itertools.permutations(range(4)):
        cmap = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.int64)
        if {int(cmap[c]) for c in dead_set} == dead_set:
            maps.append(cmap)
    cards = holes[:, :, :2].astype(np.int64)
    best = None
    for cmap in maps:
        mapped = cmap[cards]  # (n, players, 2)
        code = mapped.max(axis=2) * 52 + mapped.min(axis=2)  # one hand: 12 bits
        key = np.zeros(n, dtype=np.int64)
        for seat in range(players):
            key = (key << 12) | code[:, seat]
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    _, first, inverse, counts = np.unique(
        best, return_index=True, return_inverse=True, return_counts=True
    )
    inverse = inverse.reshape(-1)
    w = None if weights is None else np.bincount(inverse, weights=weights)
    return holes[first], counts.astype(np.int64), w


def integer_weights(weights: Sequence[float]) -> Any:
    """A range's weights as uint64 integers for the Monte Carlo draw: all
    scaled by one power of two so that they sum to at most 2**WEIGHT_BITS,
    then rounded (exact but for the last of a float's bits relative to the
    sum); all 1 when the weights are all equal."""
    w = np.asarray(weights, dtype=np.float64)
    if len(w) == 0 or bool((w == w[0]).all()):
        return np.ones(len(w), dtype=np.uint64)
    _, exponent = math.frexp(math.fsum(w))  # the sum is below 2**exponent
    return np.rint(np.ldexp(w, WEIGHT_BITS - exponent)).astype(np.uint64)


def draw_ranges(combos: Sequence[SeatCombos], known: Sequence[int]) -> list[tuple[Any, Any]]:
    """Per seat, its combos as an (n, known) uint8 array and their integer
    draw weights: what the Monte Carlo kernel takes."""
    out = []
    for seat, seat_combos in enumerate(combos):
        cards = np.array([c for c, _ in seat_combos], dtype=np.uint8).reshape(
            len(seat_combos), known[seat]
        )
        out.append((cards, integer_weights([w for _, w in seat_combos])))
    return out


def exact_ranges(combos: Sequence[SeatCombos]) -> tuple[tuple[Any, Any], ...]:
    """Per seat, its combos as an (n, known) uint8 array and their float
    weights (None when all are 1): what the exact kernel over ranges takes."""
    out = []
    for seat_combos in combos:
        cards = np.array([c for c, _ in seat_combos], dtype=np.uint8)
        w = np.array([w for _, w in seat_combos], dtype=np.float64)
        out.append((cards.reshape(len(seat_combos), -1), w if bool((w != 1.0).any()) else None))
    return tuple(out)
