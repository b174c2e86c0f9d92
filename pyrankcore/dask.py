"""Scale-out on Dask (the optional extra ``pyrankcore[dask]``).

* :func:`evaluate_batch` maps :func:`pyrankcore.evaluate_batch` over the
  row blocks of a dask array (``map_blocks``), with blocks large enough to
  hold at least 0.1 s of work each.
* :func:`equity` has the signature and the result of
  :func:`pyrankcore.equity`; it runs on the current dask client (or the
  local scheduler without one). The work is split into tasks whose integer
  tallies add up to exactly the one-machine answer: ranges of assignments
  or of first dealt cards (exact), ranges of seeded chunks (Monte Carlo).

>>> import pyrankcore.dask as prd  # doctest: +SKIP
>>> prd.equity("Hold'em", ["AhKh", "QsQd"]) == pyrankcore.equity("Hold'em", ["AhKh", "QsQd"])  # doctest: +SKIP
True
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

try:  # typed as Any: dask ships no complete annotations
    dask: Any = importlib.import_module("dask")
    da: Any = importlib.import_module("dask.array")
except ImportError as exc:  # pragma: no cover - exercised without dask
    raise ImportError("pyrankcore.dask needs dask: pip install 'pyrankcore[dask]'") from exc

from pyrankcore import _core
from pyrankcore._args import optional_whole_number
from pyrankcore.batch import evaluate_batch as _evaluate_batch
from pyrankcore.equities.planning import CHUNK, Plan, plan
from pyrankcore.equities.run import TaskWork, run_plan
from pyrankcore.errors import HandSizeError

if TYPE_CHECKING:
    from pyrankcore._typing import CardsLike, Game
    from pyrankcore.equities.types import EquityResult
    from pyrankcore.variants import Variant

__all__ = ["equity", "evaluate_batch"]

# Rows per block of evaluate_batch: at about 50 M hands/s through the
# checked batch call, 5 M rows is 0.1 s of work.
MIN_BLOCK_ROWS = 5_000_000
# Seconds of work per equity task (the scheduler's overhead is about 1 ms).
TASK_SECONDS = 0.1
MAX_TASKS = 4096


def evaluate_batch(cards: Any, game: Game = "high") -> Any:
    """Strengths of the rows of an (N, k) dask array of card ids, as a lazy
    (N,) uint16 dask array (uint32 for a ranking with a suit tie-break). Row
    blocks smaller than 5,000,000 rows are merged (each task should hold at
    least 0.1 s of work); the columns of a row stay in one block. Bad rows raise when the result is computed."""
    arr = da.asarray(cards)
    if arr.ndim != 2:
        raise HandSizeError(f"cards must be a 2-d array of card ids, got {arr.ndim} dimensions")
    rows = max(min(MIN_BLOCK_ROWS, max(arr.shape[0], 1)), max(arr.chunks[0], default=1))
    arr = arr.rechunk({0: rows, 1: -1})

    def block(b: Any) -> Any:
        return _evaluate_batch(np.ascontiguousarray(b), game)

    # uint32 suited strengths for a ranking with a suit tie-break
    dtype = np.uint32 if _core.resolve_game(game, suited=True).suited else np.uint16
    return arr.map_blocks(block, drop_axis=1, dtype=dtype)


def _compute(tasks: list[Any], progress: bool) -> list[Any]:
    client: Any = None
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        pass
    else:
        try:
            client = distributed.get_client()
        except ValueError:
            client = None
    if client is not None:
        return list(client.gather(client.compute(tasks)))
    if progress:
        diagnostics: Any = importlib.import_module("dask.diagnostics")
        with diagnostics.ProgressBar():
            return list(dask.compute(*tasks))
    return list(dask.compute(*tasks))


class DaskExecutor:
    """Runs equity tasks as dask.delayed calls on the current client (or
    the local scheduler), about TASK_SECONDS of work each, at most
    MAX_TASKS at a time (see :class:`pyrankcore.equities.run.Executor`)."""

    def __init__(self, progress: bool) -> None:
        self.progress = progress

    def exact_tasks(self, p: Plan) -> int:
        return int(min(MAX_TASKS, max(1, p.seconds / TASK_SECONDS)))

    def monte_carlo_tasks(self, p: Plan, chunks: int) -> int:
        chunk_seconds = max(p.seconds * CHUNK, 1e-9)
        per_task = max(1, int(TASK_SECONDS / chunk_seconds))
        return min(MAX_TASKS, -(-chunks // per_task))

    def run(
        self, work: TaskWork, p: Plan, tasks: Sequence[Any], seconds: float
    ) -> list[EquityResult]:
        return _compute([dask.delayed(work)(p, t) for t in tasks], self.progress)


def equity(
    variant: str | Variant,
    hands: Sequence[CardsLike | None],
    board: CardsLike | None = (),
    *,
    dead: CardsLike | None = (),
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """:func:`pyrankcore.equity` on a dask cluster: the same arguments and
    the same result (equal integer counts, exact or seeded Monte Carlo).
    *threads* counts the cluster's threads for the exact-or-not estimate
    (None: one); each task runs on one worker thread."""
    n_threads = optional_whole_number(threads, "threads", low=1) or 1
    p, target = plan(
        variant,
        hands,
        board,
        dead=dead,
        exact=exact,
        trials=trials,
        target_se=target_se,
        seed=seed,
        threads=n_threads,
    )
    return run_plan(p, target, DaskExecutor(progress))
