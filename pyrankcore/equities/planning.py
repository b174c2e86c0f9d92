"""Planning an equity run: checked inputs -> a :class:`Plan` (exact
enumeration or Monte Carlo, with the estimated cost) -> tasks whose
tallies add up to the whole (ranges of assignments or of first dealt
cards; ranges of seeded chunks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyrankcore import _core
from pyrankcore._args import entropy_seed, optional_whole_number, seed_value
from pyrankcore.equities.cost import (
    COUNT_COMBINATIONS,
    FIT_SAMPLE,
    MONTE_CARLO_FACTOR,
    NS_PER_ASSIGNMENT,
    NS_PER_COMBINATION,
    NS_PER_EVAL,
    NS_PER_FAST_ASSIGNMENT,
    NS_PER_OMAHA_EVAL,
    NS_PER_REDRAW,
    Fit,
    assignment_rows,
    count_fitting,
    draw_ranges,
    exact_ranges,
    suit_classes,
)
from pyrankcore.equities.inputs import EquitySpec, Inputs, read_inputs
from pyrankcore.equities.sweep import SweepJob, sweep_job, sweep_seconds
from pyrankcore.errors import InvalidArgumentError

__all__ = [
    "Plan",
    "exact_tasks",
    "monte_carlo_chunks",
    "never_fit",
    "plan",
    "round_chunks",
    "whole_assignments",
]

CHUNK: int = _core.EQ_CHUNK  # Monte Carlo trials per seeded chunk
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 1 << 40
# exact=True refuses work estimated above this many seconds per thread.
MAX_EXACT_SECONDS = 3600.0
# exact=None enumerates when the estimate is at most this many seconds.
EXACT_SECONDS = 1.0
# Exact hold'em from preflop keeps its assignments in one array (grouped
# by suit renaming) while combinations times players stay below this; it
# bounds that array and its temporaries to a few hundred MB.
ROW_CELLS = 1 << 22
# Weighted exact runs are split into this many tasks whatever the number
# of threads (or dask workers): the float sums then add up in the same
# order, so any number of threads gives the same last bits.
WEIGHTED_TASKS = 64
# A target_se run first checks after this many chunks, then each time the
# chunks double.
FIRST_ROUND_CHUNKS = 16


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to run part of an equity job (picklable).

    exact: enumeration or Monte Carlo; seconds: the estimated work on one
    thread (exact: all of it; Monte Carlo: per deal). Exact plans take one
    of three forms. A sweep (every hand dealt as whole combos, two to six
    players): sweep, the arrays of :mod:`pyrankcore.equities.sweep`, whose
    tasks are ranges of boards. Rows: every assignment of known cards in an (A, players,
    8) uint8 array (hold'em from preflop, grouped by suit renaming), with
    weights ((A,) float64, or None when unweighted) and mult ((A,) int64,
    the assignments each row stands for, or None). Ranges: per player
    (combos (n, known) uint8, weights (n,) float64 or None); the kernel
    makes each of the *combinations* of combos itself, by index (seat 0 the
    most significant digit). deals: the deals an exact plan enumerates,
    where they are counted before the run (None: only estimated). Monte
    Carlo plans carry the number of trials,
    the two seed words and the draws: per player, combos (n, known) uint8
    and integer weights (n,) uint64."""

    inputs: Inputs
    exact: bool
    seconds: float
    assignments: Any = None
    weights: Any = None
    mult: Any = None
    ranges: tuple[tuple[Any, Any], ...] | None = None
    combinations: int = 0
    deals: int | None = None
    trials: int = 0
    seed: tuple[int, int] = (0, 0)
    draws: tuple[tuple[Any, Any], ...] | None = None
    sweep: SweepJob | None = None

    @property
    def spec(self) -> EquitySpec:
        return self.inputs.spec

    @property
    def n_players(self) -> int:
        return self.inputs.n_players

    @property
    def weighted(self) -> bool:
        """Whether exact tallies are also weighed (some combo weight is not 1)."""
        if self.sweep is not None:
            return self.sweep.weights is not None
        if self.ranges is not None:
            return any(w is not None for _, w in self.ranges)
        return self.weights is not None


def never_fit(why: str = "no combination") -> InvalidArgumentError:
    """The error for ranges that leave no combination of combos without a
    card twice."""
    return InvalidArgumentError(f"the players' ranges never fit together ({why})")


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def _too_costly(deals: int, fitting: int, seconds: float) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"exact enumeration of {deals * fitting:,} deals ({fitting:,} "
        f"{_plural(fitting, 'combination')} of the hands, {deals:,} "
        f"{_plural(deals, 'deal')} each) would take about "
        f"{_duration(seconds)} on one thread, more than the "
        f"{_duration(MAX_EXACT_SECONDS)} per thread allowed: for an estimate "
        "use Monte Carlo (exact=None, trials=N or target_se=...), or spread the "
        "enumeration over a cluster with pyrankcore.dask.equity(..., threads=T)"
    )


def _seed_words(seed: Any) -> tuple[int, int]:
    """The two 64-bit words the Monte Carlo kernel seeds its chunks from."""
    words = np.random.SeedSequence(entropy_seed(seed)).generate_state(2, np.uint64)
    return int(words[0]), int(words[1])


def _check_bounds(
    exact: bool | None, trials: Any, target_se: Any
) -> tuple[int | None, float | None]:
    """exact, trials and target_se checked: the trials and the target."""
    if exact not in (None, True, False):
        raise TypeError(f"exact must be True, False or None, not {type(exact).__name__}")
    n_trials = optional_whole_number(trials, "trials", 1, MAX_TRIALS)
    target: float | None = None
    if target_se is not None:
        if isinstance(target_se, bool) or not isinstance(target_se, (int, float)):
            raise TypeError(f"target_se must be a float or None, not {type(target_se).__name__}")
        target = float(target_se)
        if not 0.0 < target < 1.0:
            raise InvalidArgumentError(f"target_se must be in (0, 1), got {target_se!r}")
    if exact is True and (n_trials is not None or target is not None):
        raise InvalidArgumentError(
            "exact=True enumerates every deal: trials and target_se bound Monte Carlo"
        )
    return n_trials, target


def _exact_plan(inputs: Inputs, fit: Fit | None, seconds: float, per_deal: float) -> Plan:
    """An exact plan: rows of assignments (hold'em from preflop, while they
    fit in memory), else the ranges the kernel combines itself."""
    combos = inputs.combos
    combinations = math.prod(len(c) for c in combos)
    counted = (fit or count_fitting(combos)) if combinations <= COUNT_COMBINATIONS else None
    if counted is not None and counted.fitting == 0:
        raise never_fit()
    if inputs.spec.rank_board and combinations * inputs.n_players <= ROW_CELLS:
        holes, weights = assignment_rows(combos)
        if len(holes) == 0:
            raise never_fit()
        mult = None
        if len(holes) > 1:
            holes, mult, weights = suit_classes(holes, inputs.spec.dead, weights)
        rows = len(holes) if mult is None else int(mult.sum())
        return Plan(
            inputs,
            exact=True,
            seconds=inputs.deals * len(holes) * per_deal * 1e-9,
            assignments=holes,
            weights=weights,
            mult=mult,
            deals=inputs.deals * rows,
        )
    return Plan(
        inputs,
        exact=True,
        seconds=seconds,
        ranges=exact_ranges(combos),
        combinations=combinations,
        deals=None if counted is None else inputs.deals * counted.fitting,
    )


def plan(
    game: Any,
    hands: Sequence[Any],
    board: Any = (),
    dead: Any = (),
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> tuple[Plan, float | None]:
    """Check the inputs and decide exact or Monte Carlo (the first half of
    :func:`pyrankcore.equity`; :func:`pyrankcore.equities.run.run_plan`
    runs the second), with its arguments in its order. Returns the plan
    and the target standard error (or None)."""
    n_trials, target = _check_bounds(exact, trials, target_se)
    seed_value(seed)  # checked whichever way the plan goes: exact plans draw none
    inputs = read_inputs(game, hands, board, dead)
    combos = inputs.combos
    n_players = inputs.n_players
    combinations = math.prod(len(c) for c in combos)
    deals = inputs.deals
    per_deal = n_players * (NS_PER_OMAHA_EVAL if inputs.spec.omaha else NS_PER_EVAL)
    if inputs.hilo:
        per_deal *= 2
    per_random_deal = per_deal * MONTE_CARLO_FACTOR
    if inputs.spec.rank_board:
        # per deal, so that deals * assignments * per_deal stays the estimate
        per_deal = n_players * NS_PER_FAST_ASSIGNMENT / deals
    fit: Fit | None = None
    seconds = 0.0
    by_sweep = False
    if exact is not False and n_trials is None and target is None:
        # the work of exact enumeration, counted before anything is built:
        # the odometer steps through the combinations (a clash skips every
        # combination that starts the same way), the fitting ones dealt out
        fit = count_fitting(combos)
        fitting = fit.fitting
        seconds = 1e-9 * (
            fitting * (deals * per_deal + NS_PER_ASSIGNMENT)
            + fit.steps([len(c) for c in combos]) * NS_PER_COMBINATION
        )
        swept = sweep_seconds(inputs)
        if swept is not None and swept < seconds and fitting > 0:
            seconds, by_sweep = swept, True
        # Monte Carlo redraws every combo until they fit
        redraws = combinations / max(fitting, 1) * n_players * NS_PER_REDRAW
        per_random_deal += redraws
        too_big = combinations >= 1 << 62 or seconds > MAX_EXACT_SECONDS * max(threads, 1)
        if exact is None:
            monte_carlo = 1e-9 * per_random_deal * DEFAULT_TRIALS
            exact = seconds <= max(EXACT_SECONDS * max(threads, 1), monte_carlo)
        elif fit.seen == 0 and too_big:
            raise never_fit(f"none of {FIT_SAMPLE:,} sampled combinations fits")
        elif too_big:
            raise _too_costly(deals, fitting, seconds)
    if exact and by_sweep:
        return Plan(inputs, exact=True, seconds=seconds, sweep=sweep_job(inputs)), None
    if exact:
        return _exact_plan(inputs, fit, seconds, per_deal), None
    if n_trials is None:
        n_trials = MAX_TRIALS if target is not None else DEFAULT_TRIALS
    return Plan(
        inputs,
        exact=False,
        seconds=per_random_deal * 1e-9,
        trials=n_trials,
        seed=_seed_words(seed),
        draws=tuple(draw_ranges(combos, inputs.spec.known)),
    ), target


# --------------------------------------------------------------------------
# tasks


def whole_assignments(spec: EquitySpec) -> bool:
    """Whether the exact kernel enumerates each assignment whole, by its
    rank-board path: hold'em or Omaha from preflop, every hand known (for
    Omaha, rankings whose flushes are ignored or dominant; other rankings
    take the board-by-board loop, on whole assignments too)."""
    if spec.rank_board:
        return True
    return spec.omaha and spec.board_final == 5 and not spec.board and spec.known == spec.hand_final


def exact_tasks(p: Plan, n_tasks: int) -> list[tuple[int, int, int, int]]:
    """Split an exact plan into about *n_tasks* parts: ranges of boards (a
    sweep; with three or more players and few boards, parts of a board),
    of assignments (rows, or combination indices), or (with few of them)
    ranges of the first dealt card. Their tallies add up to the whole."""
    if p.sweep is not None:
        n = p.sweep.boards
        n_combos = len(p.sweep.combos)
        if p.n_players > 2 and n < n_tasks:
            # few boards (the river): each board's combinations split by the
            # combos of the first seat that is combined
            per = -(-n_tasks // n)
            cuts = [n_combos * i // per for i in range(per + 1)]
            return [
                (b, b + 1, lo, hi) for b in range(n) for lo, hi in zip(cuts, cuts[1:]) if hi > lo
            ]
        n_tasks = max(1, min(n_tasks, n))
        bounds = [n * i // n_tasks for i in range(n_tasks + 1)]
        return [(a, b, 0, n_combos) for a, b in zip(bounds, bounds[1:]) if b > a]
    n_assign = p.combinations if p.ranges is not None else int(p.assignments.shape[0])
    if n_tasks <= 1:
        return [(0, n_assign, 0, 64)]
    if n_assign >= n_tasks or whole_assignments(p.spec):
        # (the rank-board path enumerates whole assignments only)
        n_tasks = min(n_tasks, n_assign)
        bounds = [n_assign * i // n_tasks for i in range(n_tasks + 1)]
        return [(a, b, 0, 64) for a, b in zip(bounds, bounds[1:]) if b > a]
    # one task per assignment and first card position: the early positions
    # hold most deals, so tasks are handed out first come, first served
    n_first = max(p.inputs.n_live - sum(p.spec.known), 1)
    return [(a, a + 1, top, top + 1) for a in range(n_assign) for top in range(n_first)]


def monte_carlo_chunks(
    p: Plan, chunk_lo: int, chunk_hi: int, n_tasks: int
) -> list[tuple[int, int]]:
    """Chunks chunk_lo..chunk_hi-1 in about *n_tasks* ranges."""
    n = chunk_hi - chunk_lo
    n_tasks = max(1, min(n_tasks, n))
    bounds = [chunk_lo + n * i // n_tasks for i in range(n_tasks + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def round_chunks(done: int, total_chunks: int) -> int:
    """Where a target_se round that starts at chunk *done* ends: 16 chunks
    first, then the total doubles each round (the same rounds on one
    machine and on a cluster).

    >>> [round_chunks(done, 100) for done in (0, 16, 32, 64)]
    [16, 32, 64, 100]
    """
    return min(total_chunks, max(FIRST_ROUND_CHUNKS, 2 * done))
