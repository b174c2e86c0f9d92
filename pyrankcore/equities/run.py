"""Running an equity plan: one task at a time through the kernels, and the
one driver (:func:`run_plan`) that splits a plan into tasks, hands them to
an executor (local threads here, dask in :mod:`pyrankcore.dask`) and adds
up their integer tallies: exact totals, Monte Carlo rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import numpy as np

from pyrankcore import _core
from pyrankcore._work import ProgressBar, progress_bar, run_tasks
from pyrankcore.equities.planning import (
    CHUNK,
    WEIGHTED_TASKS,
    Plan,
    exact_tasks,
    monte_carlo_chunks,
    never_fit,
    round_chunks,
)
from pyrankcore.equities.sweep import sweep_task
from pyrankcore.equities.types import N_COUNTS, SQ_HI, SQ_LO, UNIT, UNITS, EquityResult
from pyrankcore.errors import InvalidArgumentError

__all__ = [
    "Executor",
    "TaskWork",
    "ThreadExecutor",
    "finish_exact",
    "max_std_error",
    "run_exact_task",
    "run_locally",
    "run_monte_carlo_task",
    "run_plan",
    "total",
]

# Calls estimated longer than this run on worker threads while the calling
# thread waits for them (pyrankcore._work.run_tasks with a stop flag), so
# that Ctrl-C (KeyboardInterrupt) is raised there and stops the kernels.
INLINE_SECONDS = 0.02

Task = TypeVar("Task")
ExactTask = tuple[int, int, int, int]
ChunkTask = tuple[int, int]


class TaskWork(Protocol):
    """:func:`run_exact_task` or :func:`run_monte_carlo_task`."""

    def __call__(self, p: Plan, task: Any, stop: Any = None) -> EquityResult: ...


def _result(
    p: Plan, stats: Any, trials: int, weighted: Any = None, weight_total: float | None = None
) -> EquityResult:
    """An EquityResult from a kernel's uint64 tallies (and weighed floats)."""
    counts = []
    for row in stats.tolist():
        c = [int(x) for x in row[:SQ_LO]]
        c.append(int(row[SQ_LO]) + (int(row[SQ_HI]) << 64))
        counts.append(tuple(c))
    w = None
    if weighted is not None:
        w = tuple(tuple(float(x) for x in row[:N_COUNTS]) for row in weighted.tolist())
    i = p.inputs
    return EquityResult(
        i.variant, i.hands, i.board, i.dead, p.exact, i.hilo, trials, tuple(counts), w, weight_total
    )


def total(p: Plan, parts: Sequence[EquityResult]) -> EquityResult:
    """The sum of a plan's task results, in their order (none: all zero)."""
    i = p.inputs
    result = EquityResult(
        i.variant,
        i.hands,
        i.board,
        i.dead,
        p.exact,
        i.hilo,
        0,
        tuple((0,) * N_COUNTS for _ in i.hands),
        tuple((0.0,) * N_COUNTS for _ in i.hands) if p.weighted else None,
        0.0 if p.weighted else None,
    )
    for part in parts:
        result = result + part
    return result


def run_exact_task(p: Plan, task: ExactTask, stop: Any = None) -> EquityResult:
    """Tallies of one exact task (see :func:`exact_tasks`). stop: an int32
    array of one element; setting it to 1 makes the kernel stop within
    milliseconds (KeyboardInterrupt)."""
    a_lo, a_hi, top_lo, top_hi = task
    if p.sweep is not None:
        stats, weighted, weight_total = sweep_task(p.sweep, task, stop)
        deals = sum(int(x) for x in stats[:, UNITS]) // UNIT
        if weighted is None:
            return _result(p, stats, deals)
        return _result(p, stats, deals, weighted, weight_total)
    if p.ranges is not None:
        stats, weighted, weight_total = _core.equity_exact_ranges(
            p.spec, list(p.ranges), a_lo, a_hi, top_lo, top_hi, True, stop
        )
        deals = sum(int(x) for x in stats[:, UNITS]) // UNIT
        if weighted is None:
            return _result(p, stats, deals)
        return _result(p, stats, deals, weighted, weight_total)
    if p.weights is None and p.mult is None:
        stats = _core.equity_exact(
            p.spec, p.assignments, a_lo, a_hi, top_lo, top_hi, False, True, stop
        )
        deals = sum(int(x) for x in stats[:, UNITS]) // UNIT
        return _result(p, stats, deals)
    one = _core.equity_exact(p.spec, p.assignments, a_lo, a_hi, top_lo, top_hi, True, True, stop)
    # each row stands for mult assignments (weights: their summed weights)
    per = one if p.mult is None else one * p.mult[a_lo:a_hi, None, None].astype("uint64")
    stats = per.sum(axis=0, dtype="uint64")
    deals = sum(int(x) for x in per[:, :, UNITS].sum(axis=1)) // UNIT
    if p.weights is None:
        return _result(p, stats, deals)
    w = p.weights[a_lo:a_hi]
    weighted = (one.astype("float64") * w[:, None, None]).sum(axis=0)
    deals_each = one[:, :, UNITS].sum(axis=1).astype("float64") / UNIT
    return _result(p, stats, deals, weighted, float((deals_each * w).sum()))


def run_monte_carlo_task(p: Plan, task: ChunkTask, stop: Any = None) -> EquityResult:
    """Tallies of chunks task[0]..task[1]-1 of a Monte Carlo plan. stop: as
    :func:`run_exact_task`."""
    chunk_lo, chunk_hi = task
    assert p.draws is not None
    stats = _core.equity_monte_carlo(
        p.spec, list(p.draws), p.seed[0], p.seed[1], p.trials, chunk_lo, chunk_hi, stop
    )
    first = min(chunk_lo * CHUNK, p.trials)
    last = min(chunk_hi * CHUNK, p.trials)
    return _result(p, stats, max(last - first, 0))


def finish_exact(p: Plan, parts: Sequence[EquityResult]) -> EquityResult:
    """The total of an exact plan's tasks (in task order); an error when no
    combination of the ranges fits, or when every product of weights
    underflowed (the weights were scaled by each range's largest, so only
    weights far below 2**-1000 of a range's largest can do that)."""
    result = total(p, parts)
    if result.trials == 0:
        raise never_fit()
    if result.weighted is not None and not result.weight_total:
        raise InvalidArgumentError(
            "every combination of combos that fits has a product of weights below "
            "the smallest float: give the combos weights closer to each other"
        )
    return result


def max_std_error(result: EquityResult) -> float:
    return max(pl.std_error or 0.0 for pl in result.players)


class Executor(Protocol):
    """Where :func:`run_plan` runs its tasks: how finely to split the work,
    and ``run(work, p, tasks, seconds)``, which returns ``work(p, task)``
    for every task, in task order (*seconds*: the estimated work of all of
    them on one thread)."""

    def exact_tasks(self, p: Plan) -> int: ...

    def monte_carlo_tasks(self, p: Plan, chunks: int) -> int: ...

    def run(
        self, work: TaskWork, p: Plan, tasks: Sequence[Task], seconds: float
    ) -> list[EquityResult]: ...


def run_plan(p: Plan, target: float | None, executor: Executor) -> EquityResult:
    """The result of a plan, its tasks run by *executor*. Exact: the
    plan's tasks, totalled. Monte Carlo: every chunk, or with a target
    standard error rounds of chunks (16, then doubling) until every
    player's error is at most the target."""
    if p.exact:
        n_tasks = WEIGHTED_TASKS if p.weighted else executor.exact_tasks(p)
        tasks = exact_tasks(p, n_tasks)
        return finish_exact(p, executor.run(run_exact_task, p, tasks, p.seconds))
    total_chunks = -(-p.trials // CHUNK)
    result = total(p, [])
    done = 0
    while done < total_chunks:
        stop_at = total_chunks if target is None else round_chunks(done, total_chunks)
        chunks = monte_carlo_chunks(p, done, stop_at, executor.monte_carlo_tasks(p, stop_at - done))
        trials = min(stop_at * CHUNK, p.trials) - done * CHUNK
        for part in executor.run(run_monte_carlo_task, p, chunks, p.seconds * trials):
            result = result + part
        done = stop_at
        if target is not None and max_std_error(result) <= target:
            break
    return result


class ThreadExecutor:
    """Runs tasks on this machine through :func:`pyrankcore._work.run_tasks`:
    short runs in the calling thread, long ones (and every Monte Carlo run
    with ranges, which may redraw colliding combos for a long time) on
    worker threads with the kernels' stop flag, so that Ctrl-C stops them.
    *bar* counts the deals or trials of each finished task."""

    def __init__(self, p: Plan, n_threads: int, bar: ProgressBar | None) -> None:
        self.n_threads = n_threads
        self.bar = bar
        self.stop = np.zeros(1, dtype=np.int32)  # raised to stop the kernels
        self.redraws = not p.exact and any(len(c) > 1 for c in p.inputs.combos)
        # one thread: finer tasks only to move the bar
        self.fine = bar is not None

    def exact_tasks(self, p: Plan) -> int:
        if self.n_threads > 1:
            return self.n_threads * 8
        return 64 if self.fine else 1

    def monte_carlo_tasks(self, p: Plan, chunks: int) -> int:
        if self.n_threads > 1:
            return self.n_threads * 4
        return chunks if self.fine else 1

    def run(
        self, work: TaskWork, p: Plan, tasks: Sequence[Task], seconds: float
    ) -> list[EquityResult]:
        on_workers = self.n_threads > 1 or self.redraws or seconds > INLINE_SECONDS
        stop = self.stop if on_workers else None
        bar = self.bar

        def done(task: Task, result: EquityResult | None) -> None:
            if bar is not None and result is not None:
                bar.update(result.trials)

        return run_tasks(tasks, lambda t: work(p, t, stop), self.n_threads, done=done, stop=stop)


def run_locally(p: Plan, target: float | None, n_threads: int, progress: bool) -> EquityResult:
    """:func:`run_plan` on this machine's threads, with a progress bar that
    counts deals (exact) or trials (Monte Carlo) when *progress*."""
    if p.exact:
        bar = progress_bar(progress, p.deals, "deal", "equity (exact)")
    else:
        expected = p.trials if target is None else None
        bar = progress_bar(progress, expected, "trial", "equity (Monte Carlo)")
    try:
        return run_plan(p, target, ThreadExecutor(p, n_threads, bar))
    finally:
        if bar is not None:
            bar.close()
