"""Exact equity by the sweep: every hand on each final board at once
(:mod:`pyrankcore.boards`), instead of every combination of hands one deal
at a time.

For each way to complete the board, every combo of the players' ranges is
ranked once and sorted. Heads-up, one pass with running sums per card
(card removal) gives each of player one's combos what it beats, ties and
could face among player two's. With three players, sums per card of two
seats' masses against the third's cumulative sums give every outcome
without visiting a combination; with four to six, the combos of every
seat but one are combined one combination at a time, and the last seat's
combos that rank below, level with and above the best of them are read
from cumulative sums per card (src/prc_equity_sweep.h). Four-card combos
and hi-lo with three or more players combine the other seats the same way
and hold each combination against the last seat's combos in a row, ranked
once per board (a mask test and a compare or two each, where enumeration
ranks every player's hand of every deal). The integer
tallies are those of enumerating each combination of combos that fits and
each board (one deal each), so :mod:`pyrankcore.equities.planning` picks
whichever is estimated faster.

Taken where every player's own cards are dealt as whole combos: hold'em
(two cards) or Omaha with four, 2 to 6 players, a board of five, high,
low or hi-lo (heads-up hi-lo sweeps the low half the same way, see
prc_eq_hilo_side in src/prc_equity_sweep.h). A random hand becomes the
range of every combo left; a hand given in part becomes every completion
of it.
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

__all__ = ["SweepJob", "job_arguments", "sweep_job", "sweep_seconds", "sweep_task"]

# Estimated nanoseconds per combo and board (ranked, sorted, swept once for
# the counts; weights sweep again), one thread, this machine class
# (measured: random hands on the flop, Omaha ranges on the turn and river).
NS_PER_COMBO = 13.0
NS_PER_OMAHA_COMBO = 250.0
NS_PER_WEIGHTED_COMBO = 4.0
# and per board (the sort's buckets; for Omaha zeroing the pair and triple
# sums)
NS_PER_BOARD = 1_500.0
NS_PER_OMAHA_BOARD = 60_000.0
# Three players: per combo and board (each combo of the two seats that are
# not counted sums its partners' per-card masses against the counted
# seat's, a few hundred steps).
NS_PER_THREE_COMBO = 2_000.0
# Four or more players: per combination of the combined seats' combos (the
# counted seat's sums read at three tie-group boundaries).
NS_PER_COMBINATION = 35.0
# Three or more players with four-card combos or hi-lo: per combination of
# the seats but the largest (its classes settled) and per combo of the
# largest seat it is held against (a mask test and two compares).
NS_PER_EACH_COMBINATION = 60.0
NS_PER_EACH_COMBO = 1.5
# and per four-card combo and board its strength (the board's Omaha pattern
# row read once), and once per job the arrays of every four-card combo
NS_PER_OMAHA_RANK = 20.0
NS_PER_OMAHA_SETUP = 5e6
# Hi-lo: the distinct qualifying lows a seat's combos can have (eight or
# better: five of eight ranks), each two sweeps of the high order; a sweep
# costs about this much per combo (running sums of four-card or two-card
# combos) and per sweep (zeroing the sums).
HILO_LOWS = 56
NS_PER_SWEEP4 = 8.0
NS_PER_SWEEP2 = 3.0
NS_PER_SWEEP_SUMS = 20_000.0
# The most players the sweep takes (src/prc_equity_sweep.h).
MAX_PLAYERS = 6
# A range of every combo is made at most this large (Omaha from the flop:
# four-card combos of 45 cards).
MAX_COMBOS = 200_000


@dataclass(frozen=True)
class SweepJob:
    """The arrays of a sweep (picklable: dask ships them): the ranking (a
    name or a Ranking, resolved where the task runs), the union of the
    players' combos, per player how often each is in its range and its
    summed weight (None: unweighted), the seat whose combos are counted
    (three or more players), the known board, the cards the board is
    completed from, and how many boards that makes."""

    ranking: Any
    low: Any
    omaha: bool
    counted: int
    board: Any
    board_final: int
    deck: Any
    combos: Any
    counts: Any
    weights: Any
    boards: int


def _tables(ranking: Any) -> GameTables:
    return _core.plain_tables(ranking_tables(ranking), "equity")


def _eligible(inputs: Inputs) -> int:
    """The cards per combo the sweep deals the players (2 or 4), or 0 where
    it does not apply."""
    s = inputs.spec
    if not 2 <= inputs.n_players <= MAX_PLAYERS or s.board_final != 5:
        return 0
    k = s.hand_final[0]
    if any(h != k for h in s.hand_final) or k not in _core.SWEEP_HOLE_CARDS:
        return 0
    if s.omaha != (k == 4):
        return 0
    return k


def _live_bits(inputs: Inputs, tables: GameTables) -> int:
    """The id mask of the deck less the board and the dead cards."""
    taken = 0
    for c in inputs.spec.board + inputs.spec.dead:
        taken |= 1 << c
    return int(tables.deck_mask) & ~taken


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
    live = min(n, math.comb(n_live, k))
    if inputs.n_players > 2 and (k == 4 or inputs.hilo):
        # every combination of the seats but the largest, each against the
        # largest seat's combos in a row
        others = math.prod(sorted(sizes)[:-1])
        rank = NS_PER_OMAHA_RANK if k == 4 else NS_PER_COMBO
        ranked = live * rank * (2 if inputs.hilo else 1)
        visits = others * (NS_PER_EACH_COMBINATION + NS_PER_EACH_COMBO * max(sizes))
        setup = NS_PER_OMAHA_SETUP if k == 4 else 0.0
        return 1e-9 * (setup + boards * (ranked + NS_PER_BOARD + visits))
    if inputs.hilo:
        # both halves ranked, then per seat as heroes three sweeps and two
        # per distinct low of its combos (at most 56 eight-or-better lows)
        sweeps = sum(3 + 2 * min(HILO_LOWS, size) for size in sizes)
        per_sweep = live * (NS_PER_SWEEP4 if k == 4 else NS_PER_SWEEP2) + NS_PER_SWEEP_SUMS
        return 1e-9 * boards * (2 * live * per_combo + sweeps * per_sweep)
    if inputs.n_players == 3:
        per_board += NS_PER_THREE_COMBO * sum(sorted(sizes)[:-1])
    elif inputs.n_players > 3:
        # every combination of the seats but the largest one
        per_board += NS_PER_COMBINATION * math.prod(sorted(sizes)[:-1])
    return 1e-9 * boards * (live * per_combo + per_board)


_MASKS: dict[int, Any] = {}


def _masks(k: int) -> Any:
    """The card-id bit mask of each row of all_combos(k), built once."""
    masks = _MASKS.get(k)
    if masks is None:
        bits = np.left_shift(np.uint64(1), all_combos(k).astype(np.uint64))
        masks = np.bitwise_or.reduce(bits, axis=1)
        masks.setflags(write=False)
        _MASKS[k] = masks
    return masks


def sweep_job(inputs: Inputs) -> SweepJob:
    """The arrays of the sweep for *inputs* (where :func:`sweep_seconds`
    is not None)."""
    k = _eligible(inputs)
    s = inputs.spec
    one = s.high if s.high is not None else s.low
    assert one is not None  # a variant has a high or a low ranking
    low = s.low if s.high is not None else None  # hi-lo: the low half
    tables = _tables(one)
    live = _live_bits(inputs, tables)
    universe = all_combos(k)
    masks = _masks(k)
    everywhere = (masks & np.uint64(~live & ((1 << 64) - 1))) == 0  # what a random hand holds
    size = len(universe)
    counts = np.zeros((inputs.n_players, size), dtype=np.float64)
    weights = np.zeros((inputs.n_players, size), dtype=np.float64)
    held = 0
    for p, seat in enumerate(inputs.combos):
        whole = [(cards, w) for cards, w in seat if len(cards) == k]
        if whole:
            ids = combo_index([cards for cards, _ in whole])
            np.add.at(counts[p], ids, 1.0)
            np.add.at(weights[p], ids, [w for _, w in whole])
        for cards, w in seat:
            if len(cards) < k:
                # a hand given in part (or a random one): every completion
                fits = everywhere
                if cards:
                    part = np.uint64(sum(1 << c for c in cards))
                    fits = everywhere & ((masks & part) == part)
                counts[p] += fits
                weights[p] += w * fits
        # a card that a player holds in every combo never reaches the board
        # (a few combos' cards are checked; a wide range holds none always)
        if len(seat) < 64 and all(cards for cards, _ in seat):
            always = (1 << 52) - 1
            for cards, _ in seat:
                always &= sum(1 << c for c in cards)
            held |= always
    weighted = any(w != 1.0 for seat in inputs.combos for _, w in seat)
    in_any = counts[0] != 0
    for p in range(1, inputs.n_players):
        in_any |= counts[p] != 0
    n_used = int(np.count_nonzero(in_any))
    missing = s.board_final - len(s.board)
    # only the combos of some range are ranked on every board; a one-board
    # job whose ranges cover most of the deck keeps them all instead (the
    # others count for nothing, and the copies would take longer)
    if n_used < size and (missing > 0 or n_used < size // 2):
        used = np.flatnonzero(in_any)
        combos = universe[used]
        counts = counts[:, used]
        weights = weights[:, used]
    else:
        combos = universe
    # the largest range is counted, the others combined
    counted = int(np.argmax(np.count_nonzero(counts, axis=1))) if inputs.n_players > 2 else 1
    deal = live & ~held
    deck = [c for c, bit in enumerate(reversed(bin(deal)[2:])) if bit == "1"]
    return SweepJob(
        ranking=one,
        low=low,
        omaha=s.omaha,
        counted=counted,
        board=np.array(s.board, dtype=np.uint8),
        board_final=s.board_final,
        deck=np.array(deck, dtype=np.uint8),
        combos=np.ascontiguousarray(combos),
        counts=np.ascontiguousarray(counts),
        weights=np.ascontiguousarray(weights) if weighted else None,
        boards=math.comb(len(deck), missing),
    )


def job_arguments(
    job: SweepJob,
) -> tuple[GameTables, bool, Any, int, Any, Any, Any, Any, int]:
    """The kernel's (``_core.equity_sweep``) arguments that come from the
    job, before the task's boards and combos."""
    return (
        _tables(job.ranking),
        job.omaha,
        job.board,
        job.board_final,
        job.deck,
        job.combos,
        job.counts,
        job.weights,
        job.counted,
    )


def sweep_task(
    job: SweepJob, task: tuple[int, int, int, int], stop: Any = None
) -> tuple[Any, Any, float]:
    """Tallies of one task, boards task[0]..task[1]-1 (and with three or
    more players the first combined seat's combos task[2]..task[3]-1):
    (stats, wstats or None, wtotal)."""
    low = None if job.low is None else _tables(job.low)
    b_lo, b_hi, first_lo, first_hi = task
    return _core.equity_sweep(*job_arguments(job), b_lo, b_hi, first_lo, first_hi, stop, low)
