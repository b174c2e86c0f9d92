"""Exact heads-up equity by the sweep: every hand on each final board at
once (:mod:`pyrankcore.boards`), instead of every pair of hands one deal at
a time.

For each way to complete the board, every combo of the two players'
ranges is ranked once and sorted, and one pass with running sums per card
(card removal) gives each of player one's combos what it beats, ties and
could face among player two's. The integer tallies are those of
enumerating each pair of combos that fits and each board (a pair of combos
on a board is one deal), so :mod:`pyrankcore.equities.planning` picks
whichever of the two is estimated faster.

Taken where both players' own cards are dealt as whole combos: hold'em
(two cards) or Omaha with four, one ranking (not hi-lo), a board of five.
A random hand becomes the range of every combo left; a hand given in part
becomes every completion of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pyrankcore import _core
from pyrankcore.boards import all_combos, combo_index
from pyrankcore.games import ranking_tables

if TYPE_CHECKING:
    from pyrankcore._core import GameTables
    from pyrankcore.equities.inputs import Inputs

__all__ = ["SweepJob", "sweep_job", "sweep_seconds", "sweep_task"]

# Estimated nanoseconds per combo and board (ranked, sorted, swept once for
# the counts; weights sweep again), one thread, this machine class.
NS_PER_COMBO = 9.0
NS_PER_OMAHA_COMBO = 70.0
NS_PER_WEIGHTED_COMBO = 4.0
# and per board (the sort's buckets, the running sums)
NS_PER_BOARD = 1_500.0
NS_PER_OMAHA_BOARD = 600_000.0
# A range of every combo is made at most this large (Omaha from the flop:
# four-card combos of 45 cards).
MAX_COMBOS = 200_000


@dataclass(frozen=True)
class SweepJob:
    """The arrays of a sweep (picklable: dask ships them): the union of both
    players' combos, per player how often each is in its range and its
    summed weight (None: unweighted), the known board, the cards the board
    is completed from, and how many boards that makes."""

    tables: GameTables
    omaha: bool
    board: Any
    board_final: int
    deck: Any
    combos: Any
    counts: Any
    weights: Any
    boards: int

    def seconds(self) -> float:
        """The estimated work on one thread."""
        n = len(self.combos)
        per_combo = NS_PER_OMAHA_COMBO if self.omaha else NS_PER_COMBO
        if self.weights is not None:
            per_combo += NS_PER_WEIGHTED_COMBO
        per_board = NS_PER_OMAHA_BOARD if self.combos.shape[1] == 4 else NS_PER_BOARD
        return 1e-9 * self.boards * (n * per_combo + per_board)


def _eligible(inputs: Inputs) -> int:
    """The cards per combo the sweep deals the players (2 or 4), or 0 where
    it does not apply."""
    s = inputs.spec
    if inputs.n_players != 2 or inputs.hilo or s.board_final != 5:
        return 0
    k = s.hand_final[0]
    if any(h != k for h in s.hand_final) or k not in _core.SWEEP_HOLE_CARDS:
        return 0
    if s.omaha != (k == 4):
        return 0
    return k


def _live(inputs: Inputs, tables: GameTables) -> list[int]:
    taken = set(inputs.spec.board) | set(inputs.spec.dead)
    return [c for c in range(52) if tables.deck_mask >> c & 1 and c not in taken]


def _seat_size(combos: Any, k: int, n_live: int) -> int:
    """How many whole combos a seat's combos become."""
    return sum(math.comb(n_live - len(cards), k - len(cards)) for cards, _ in combos)


def sweep_seconds(inputs: Inputs) -> float | None:
    """The sweep's estimated seconds on one thread, or None where it does
    not apply (or its ranges would be too large to build), without
    building anything."""
    k = _eligible(inputs)
    if not k:
        return None
    n_live = inputs.n_live
    sizes = [_seat_size(c, k, n_live) for c in inputs.combos]
    if max(sizes) > MAX_COMBOS:
        return None
    n = sum(sizes)  # the union is at most this large
    boards = math.comb(n_live, inputs.spec.board_final - len(inputs.spec.board))
    weighted = any(w != 1.0 for seat in inputs.combos for _, w in seat)
    per_combo = NS_PER_OMAHA_COMBO if k == 4 else NS_PER_COMBO
    if weighted:
        per_combo += NS_PER_WEIGHTED_COMBO
    per_board = NS_PER_OMAHA_BOARD if k == 4 else NS_PER_BOARD
    return 1e-9 * boards * (min(n, math.comb(n_live, k)) * per_combo + per_board)


def sweep_job(inputs: Inputs) -> SweepJob:
    """The arrays of the sweep for *inputs* (where :func:`sweep_seconds`
    is not None)."""
    k = _eligible(inputs)
    s = inputs.spec
    high = s.high if s.high is not None else s.low
    tables = ranking_tables(high, suited=False, purpose="equity")
    live = _live(inputs, tables)
    universe = all_combos(k)
    live_mask = np.zeros(52, dtype=bool)
    live_mask[live] = True
    everywhere = live_mask[universe].all(axis=1)  # the combos a random hand may hold
    size = len(universe)
    counts = np.zeros((2, size), dtype=np.float64)
    weights = np.zeros((2, size), dtype=np.float64)
    held: set[int] = set()
    for p, seat in enumerate(inputs.combos):
        whole = [(cards, w) for cards, w in seat if len(cards) == k]
        if whole:
            ids = combo_index([cards for cards, _ in whole])
            np.add.at(counts[p], ids, 1.0)
            np.add.at(weights[p], ids, [w for _, w in whole])
        for cards, w in seat:
            if len(cards) == k:
                continue
            # a hand given in part (or a random one): every completion
            fits = everywhere.copy()
            for c in cards:
                fits &= (universe == c).any(axis=1)
            counts[p, fits] += 1.0
            weights[p, fits] += w
        # a card that a player holds in every combo never reaches the board
        mine = universe[counts[p] > 0]
        if len(mine):
            for c in mine[0].tolist():
                if (mine == c).any(axis=1).all():
                    held.add(c)
    used = np.flatnonzero(counts.sum(axis=0) > 0)
    weighted = any(w != 1.0 for seat in inputs.combos for _, w in seat)
    deck = [c for c in live if c not in held]
    missing = s.board_final - len(s.board)
    return SweepJob(
        tables=tables,
        omaha=s.omaha,
        board=np.array(s.board, dtype=np.uint8),
        board_final=s.board_final,
        deck=np.array(deck, dtype=np.uint8),
        combos=np.ascontiguousarray(universe[used]),
        counts=np.ascontiguousarray(counts[:, used]),
        weights=np.ascontiguousarray(weights[:, used]) if weighted else None,
        boards=math.comb(len(deck), missing),
    )


def sweep_task(job: SweepJob, b_lo: int, b_hi: int, stop: Any = None) -> tuple[Any, Any, float]:
    """Tallies of boards b_lo..b_hi-1: (stats, wstats or None, wtotal)."""
    return _core.equity_sweep(
        job.tables,
        job.omaha,
        job.board,
        job.board_final,
        job.deck,
        job.combos,
        job.counts,
        job.weights,
        b_lo,
        b_hi,
        stop,
    )
