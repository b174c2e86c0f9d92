"""Scale-out on Dask (the optional extra ``pyrankcore[dask]``).

Hands at cluster scale are made where they are used: :func:`random_hands`
deals each block on its worker from a seed derived from the block's index,
:func:`evaluate_batch` ranks the rows of a dask array block by block, and
:func:`category_counts` and :func:`strength_histogram` reduce them per
block to a few thousand integers, so no hand travels to the client. The
eager calls (:func:`equity`, :func:`solve_fantasyland_batch`,
:func:`preflop_matrix`) split their work into tasks whose results equal the
one-machine call. Everything runs on the current ``distributed`` client, or
on dask's local scheduler without one; :func:`compute` computes lazy
results with a progress bar.

A bad row is named by its row in the whole array (its block's first row
plus its row in the block), with the message of the one-machine call.
With bad rows in several blocks, the first block to fail is reported (the
blocks run in parallel), not always the first bad row.

>>> import pyrankcore.dask as prd  # doctest: +SKIP
>>> prd.equity("Hold'em", ["AhKh", "QsQd"]) == pyrankcore.equity("Hold'em", ["AhKh", "QsQd"])  # doctest: +SKIP
True
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

try:  # typed as Any here; the public functions are typed with dask's own types
    dask: Any = importlib.import_module("dask")
    da: Any = importlib.import_module("dask.array")
except ImportError as exc:  # pragma: no cover - exercised without dask
    raise ImportError("pyrankcore.dask needs dask: pip install 'pyrankcore[dask]'") from exc

from pyrankcore import _core, ofc, preflop
from pyrankcore._args import entropy_seed, flag, optional_whole_number, whole_number
from pyrankcore.batch import card_matrix
from pyrankcore.batch import evaluate_batch as _evaluate_batch
from pyrankcore.equities.planning import CHUNK, Plan, plan
from pyrankcore.equities.run import TaskWork, run_plan
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)
from pyrankcore.games import ranking_tables
from pyrankcore.hands import Category, category
from pyrankcore.ofc.rules import as_rules
from pyrankcore.ranges import GRID_NAMES

if TYPE_CHECKING:
    import numpy.typing as npt
    from dask.array import Array

    from pyrankcore._core import GameTables
    from pyrankcore._typing import CardArray, CardsLike, Game
    from pyrankcore.equities.types import EquityResult
    from pyrankcore.ofc import Board, Rules
    from pyrankcore.variants import Variant

__all__ = [
    "category_counts",
    "compute",
    "equity",
    "evaluate_batch",
    "preflop_entries",
    "preflop_matrix",
    "random_hands",
    "solve_fantasyland_batch",
    "strength_histogram",
]

R = TypeVar("R")

# Rows per block of evaluate_batch: at about 50 M hands/s through the
# checked batch call, 5 M rows is 0.1 s of work.
MIN_BLOCK_ROWS = 5_000_000
# Rows per block of random_hands by default: 0.1 to 0.5 s of dealing, 35 MB
# of 7-card hands; a worker thread holds about two blocks at a time.
DEAL_BLOCK_ROWS = 5_000_000
# Seconds of work per equity task (the scheduler's overhead is about 1 ms).
TASK_SECONDS = 0.1
MAX_TASKS = 4096
# Fantasyland hands per task: 13 to 14 cards solve in a few milliseconds
# each, so a task holds about half a second of work.
FANTASYLAND_TASK_HANDS = 64
# Unordered pairs of grid names per preflop task (about 3.3 suit patterns
# each, 0.35 ms per pattern): about 0.2 s of work, 84 tasks.
PREFLOP_TASK_PAIRS = 172

# How a one-machine error names its row ("row 12: ...", "hand 3: ...").
_ROW_PREFIX = re.compile(r"(row|hand) (\d+)(?=:)")
_ROW_ERRORS = (InvalidCardError, DuplicateCardError, HandSizeError)


def _client() -> Any:
    """The current distributed client, or None (dask's local scheduler)."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        return None
    try:
        return distributed.get_client()
    except ValueError:
        return None


def compute(*collections: Any, progress: bool = False) -> tuple[Any, ...]:
    """``dask.compute(*collections)`` on the current client (or the local
    scheduler), with dask's own progress bar on request:
    ``distributed.progress`` under a client (a text bar, or a widget in a
    notebook), :class:`dask.diagnostics.ProgressBar` without one; both
    print to stdout. Returns the computed values, in order."""
    show = flag(progress, "progress")
    client = _client()
    if client is not None:
        futures = client.compute(list(collections))
        if show:  # a text bar that waits for the futures, or a notebook widget
            importlib.import_module("distributed").progress(futures)
        return tuple(client.gather(futures))
    if show:
        diagnostics: Any = importlib.import_module("dask.diagnostics")
        with diagnostics.ProgressBar():
            return tuple(dask.compute(*collections))
    return tuple(dask.compute(*collections))


def _with_global_row(offset: int, call: Callable[[], R]) -> R:
    """``call()``, its bad-row error renamed to the row of the whole array:
    *offset* (the block's first row) plus the row the block reported."""
    try:
        return call()
    except _ROW_ERRORS as exc:
        text = str(exc)
        found = _ROW_PREFIX.match(text)
        if found is None or offset == 0:
            raise
        renamed = f"{found[1]} {offset + int(found[2])}{text[found.end() :]}"
        raise type(exc)(renamed) from None


def _first_row(block_info: Any) -> int:
    """The row of the whole array where a map_blocks input block starts."""
    return int(block_info[0]["array-location"][0][0])


# --------------------------------------------------------------------------
# dealing


def _block_seed(seed: int, index: int) -> int:
    """Block *index*'s seed: SeedSequence(seed).spawn(...)[index], so a
    block's hands depend only on the seed and its index."""
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1, np.uint64)
    return int(state[0])


def _deal_block(
    *, k: int, seed: int, exclude: list[int], tables: GameTables, block_id: Any, block_info: Any
) -> Any:
    rows = block_info[None]["chunk-shape"][0]
    return _core.random_hands(
        rows, k, seed=_block_seed(seed, block_id[0]), exclude=exclude, game=tables
    )


def _row_chunks(n: int, chunks: int | Sequence[int] | None, default: int) -> tuple[int, ...]:
    """Block sizes of n rows: *default* or an int per block (the last
    smaller), or the sizes themselves (whole numbers adding up to n)."""
    if chunks is None or not isinstance(chunks, Sequence):
        size = whole_number(default if chunks is None else chunks, "chunks", low=1)
        return tuple(min(size, n - a) for a in range(0, n, size)) or (0,)
    sizes = tuple(whole_number(c, "chunks", low=0) for c in chunks)
    if sum(sizes) != n:
        raise InvalidArgumentError(f"chunks must add up to n = {n}, not {sum(sizes)}")
    return sizes or (0,)


def random_hands(
    n: int,
    k: int = 7,
    *,
    seed: int | None = None,
    chunks: int | Sequence[int] | None = None,
    exclude: CardsLike | None = None,
    game: Game = "high",
) -> Array:
    """:func:`pyrankcore.random_hands` as a lazy (n, k) uint8 dask array,
    dealt on the workers block by block.

    Block i is ``pyrankcore.random_hands(rows_i, k, seed=s_i, ...)`` with
    s_i derived from *seed* and i (``numpy.random.SeedSequence(seed)
    .spawn``), so the array depends only on n, k, seed, chunks, exclude and
    game, not on the scheduler or the number of workers. Rows are uniform
    over the k-card hands of the game's deck less *exclude*, as in the
    one-machine call (whose stream is not the same: seeds differ per block).

    *chunks*: rows per block (an int, default 5,000,000: 35 MB of 7-card
    hands) or the block sizes (adding up to n). *seed* None draws one from
    the operating system once, here. Argument errors are raised now, as by
    the one-machine call.
    """
    n = whole_number(n, "n", 0, _core.MAX_DEAL_ROWS)
    k = whole_number(k, "k")
    seed = entropy_seed(seed)
    dead = [] if exclude is None else [int(c) for c in _core.parse_cards(exclude)]
    tables = ranking_tables(game)
    _core.random_hands(0, k, seed=0, exclude=dead, game=tables)  # the deck's checks, now
    sizes = _row_chunks(n, chunks, DEAL_BLOCK_ROWS)
    deal = functools.partial(_deal_block, k=k, seed=seed, exclude=dead, tables=tables)
    hands: Array = da.map_blocks(
        deal, chunks=(sizes, (k,)), dtype=np.uint8, meta=np.empty((0, k), np.uint8)
    )
    return hands


# --------------------------------------------------------------------------
# batches and their reductions


def _rows(cards: Any) -> Any:
    """An (N, k) dask array of card ids. A NumPy array under a distributed
    client is scattered to the workers in blocks: the graph then holds
    references, not the data (a graph of hundreds of MB is slow to send)."""
    if isinstance(cards, da.Array):
        # The one-machine call's checks of type and shape, now: a dask
        # array knows its dtype and dimensions before it is computed.
        if cards.dtype.kind not in "iu":
            raise TypeError(f"cards must be an integer array, not dtype {cards.dtype}")
        if cards.ndim != 2:
            raise HandSizeError(f"cards must be a 2-d (N, k) array, got shape {cards.shape}")
        arr = cards
    else:
        # The one-machine call's checks and messages (ragged rows, dtype,
        # dimensions), now.
        local = card_matrix(cards, "cards")
        if local.dtype == object:
            # Lists of ints beyond int64, kept exact: never card ids. The
            # one-machine call names the first, as it would.
            _evaluate_batch(cards)
        client = _client()
        if client is None:
            arr = da.from_array(local, chunks=(MIN_BLOCK_ROWS, -1))
        else:
            step = MIN_BLOCK_ROWS
            blocks = [local[a : a + step] for a in range(0, local.shape[0], step)] or [local]
            futures = client.scatter(blocks)
            parts = [
                da.from_delayed(f, shape=b.shape, dtype=local.dtype)
                for f, b in zip(futures, blocks)
            ]
            arr = da.concatenate(parts, axis=0)
    rows = max(min(MIN_BLOCK_ROWS, max(arr.shape[0], 1)), max(arr.chunks[0], default=1))
    return arr.rechunk({0: rows, 1: -1})


# The tasks carry the game's tables, resolved once by the call that makes
# the graph (GameTables pickle as their ranking, rebuilt on a worker).


def _strengths(block: Any, tables: Any, offset: int) -> Any:
    return _with_global_row(offset, lambda: _evaluate_batch(np.ascontiguousarray(block), tables))


def _evaluate_block(block: Any, *, tables: GameTables, block_info: Any) -> Any:
    return _strengths(block, tables, _first_row(block_info))


def evaluate_batch(cards: Array | CardArray, game: Game = "high") -> Array:
    """Strengths of the rows of an (N, k) array of card ids (a dask array,
    or a NumPy array: see below) as a lazy (N,) uint16 dask array (uint32
    for a ranking with a suit tie-break). Row blocks smaller than 5,000,000
    rows are merged (each task should hold at least 0.1 s of work); the
    columns of a row stay in one block. An array of the wrong type or
    shape raises now, bad rows when the result is computed (named by their
    row in the whole array), each with the one-machine call's error.

    A NumPy array is cut into blocks; under a distributed client the blocks
    are sent to the workers now (``Client.scatter``) rather than inside the
    task graph. Hands made on the workers (:func:`random_hands`, or read
    there from files) never travel at all."""
    arr = _rows(cards)
    tables = ranking_tables(game)  # an unknown game raises now
    dtype = np.uint32 if tables.suited else np.uint16
    evaluate = functools.partial(_evaluate_block, tables=tables)
    strengths: Array = arr.map_blocks(evaluate, drop_axis=1, dtype=dtype)
    return strengths


def _plain_strengths(strengths: Any, suited: bool) -> Any:
    """Strengths without a suit key (a suited strength is strength << bits | key)."""
    return strengths >> _core.SUIT_KEY_BITS if suited else strengths


def _histogram_block(block: Any, *, tables: GameTables, bins: int, block_info: Any) -> Any:
    strengths = _strengths(block, tables, _first_row(block_info))
    values = _plain_strengths(strengths, tables.suited)
    return np.bincount(values, minlength=bins).astype(np.int64)[None, :]


def strength_histogram(cards: Array | CardArray, game: Game = "high") -> Array:
    """How many rows have each strength: a lazy int64 dask array of
    ``n_classes + 1`` counts, index s for strength s (index 0: no
    qualifying hand, in a game with a qualifier). For a ranking with a suit
    tie-break, rows count under their strength without the suit key. Each
    block is ranked and counted on its worker; only the counts are summed.

    >>> import pyrankcore.dask as prd  # doctest: +SKIP
    >>> int(prd.strength_histogram(prd.random_hands(1000, 7, seed=1)).sum().compute())  # doctest: +SKIP
    1000
    """
    arr = _rows(cards)
    return _histogram(arr, ranking_tables(game))


def _histogram(arr: Any, tables: GameTables) -> Array:
    bins = int(tables.n_classes) + 1
    count = functools.partial(_histogram_block, tables=tables, bins=bins)
    per_block = arr.map_blocks(count, chunks=((1,) * arr.numblocks[0], (bins,)), dtype=np.int64)
    histogram: Array = per_block.sum(axis=0)
    return histogram


def _category_table(tables: Any) -> npt.NDArray[np.int64]:
    """Category of each plain strength 1..n_classes of a game's *tables*
    (index 0, no qualifying hand: -1)."""
    plain = np.arange(1, int(tables.n_classes) + 1, dtype=np.int64)
    strengths = plain << _core.SUIT_KEY_BITS if tables.suited else plain
    return np.concatenate([[-1], category(strengths, tables).astype(np.int64)])


def category_counts(cards: Array | CardArray, game: Game = "high") -> Array:
    """How many rows fall in each :class:`~pyrankcore.Category`: a lazy
    int64 dask array indexed by Category (``counts[Category.FLUSH]``), of
    ``len(Category)`` entries. Rows without a qualifying hand (strength 0,
    games with a qualifier) are in no category. Reduced per block from
    :func:`strength_histogram`, so no hand travels to the client."""
    tables = ranking_tables(game)
    table = _category_table(tables)
    histogram: Any = _histogram(_rows(cards), tables)
    cats = len(Category)

    def fold(hist: Any) -> Any:
        counts = np.zeros(cats, dtype=np.int64)
        np.add.at(counts, table[1:], hist[1:])  # exact int64 sums
        return counts

    counts: Array = histogram.map_blocks(fold, chunks=((cats,),), dtype=np.int64)
    return counts


# --------------------------------------------------------------------------
# equity


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
        delayed = [dask.delayed(work)(p, t) for t in tasks]
        return list(compute(*delayed, progress=self.progress))


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
    (None: one); each task runs on one worker thread. *progress* shows the
    tasks done (see :func:`compute`)."""
    n_threads = optional_whole_number(threads, "threads", low=1) or 1
    show = flag(progress, "progress")
    p, target = plan(variant, hands, board, dead, exact, trials, target_se, seed, n_threads)
    return run_plan(p, target, DaskExecutor(show))


# --------------------------------------------------------------------------
# Fantasyland and the preflop matrix


def _solve_slice(
    hands: Any, offset: int, rules: Rules | None, stay_value: float
) -> list[tuple[Board, float]]:
    return _with_global_row(
        offset, lambda: ofc.solve_fantasyland_batch(hands, rules, stay_value=stay_value)
    )


def solve_fantasyland_batch(
    hands: CardArray | Sequence[CardsLike],
    rules: Rules | None = None,
    *,
    stay_value: float = 0.0,
    hands_per_task: int | None = None,
    progress: bool = False,
) -> list[tuple[Board, float]]:
    """:func:`pyrankcore.ofc.solve_fantasyland_batch` on a dask cluster:
    the hands in tasks of *hands_per_task* (default 64), each solved on a
    worker; the same list of (board, value), in order. A bad hand raises
    the one-machine error, named by its index in *hands*."""
    per_task = whole_number(
        FANTASYLAND_TASK_HANDS if hands_per_task is None else hands_per_task,
        "hands_per_task",
        low=1,
    )
    show = flag(progress, "progress")
    as_rules(rules)  # a bad rules argument raises here, not on a worker
    if isinstance(hands, (str, set, frozenset, dict)) or not hasattr(hands, "__len__"):
        raise TypeError(
            f"hands must be an (N, k) integer array or a sequence of hands, "
            f"not {type(hands).__name__}"
        )
    solve = dask.delayed(_solve_slice, pure=True)
    tasks = [
        solve(hands[a : a + per_task], a, rules, stay_value) for a in range(0, len(hands), per_task)
    ]
    solved: list[tuple[Board, float]] = []
    for part in compute(*tasks, progress=show):
        solved.extend(part)
    return solved


def _preflop_shares(pairs: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    return preflop.shares(pairs, 1, False)


def _cluster_shares(
    pairs: list[tuple[int, int]], progress: bool
) -> dict[tuple[int, int], tuple[int, int]]:
    """preflop.shares of *pairs*, PREFLOP_TASK_PAIRS pairs a task."""
    work = dask.delayed(_preflop_shares, pure=True)
    step = PREFLOP_TASK_PAIRS
    tasks = [work(pairs[a : a + step]) for a in range(0, len(pairs), step)]
    found: dict[tuple[int, int], tuple[int, int]] = {}
    for part in compute(*tasks, progress=progress):
        found.update(part)
    return found


def preflop_entries(
    pairs: Sequence[tuple[int, int]], *, progress: bool = False
) -> dict[tuple[int, int], float]:
    """``preflop_matrix()[i, j]`` for the given (i, j) index pairs of
    ``GRID_NAMES``, computed on the cluster; equal to the one-machine
    ``pyrankcore.preflop.entries``."""
    if isinstance(pairs, str) or not isinstance(pairs, Iterable):
        raise TypeError(f"pairs must be (i, j) index pairs, not {type(pairs).__name__}")
    last = len(GRID_NAMES) - 1
    wanted = []
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"each of pairs is an (i, j) pair of grid indexes, not {pair!r:.40}")
        wanted.append((whole_number(pair[0], "i", 0, last), whole_number(pair[1], "j", 0, last)))
    shares = _cluster_shares(wanted, flag(progress, "progress"))
    return {pair: a / (a + b) for pair, (a, b) in shares.items()}


def preflop_matrix(*, progress: bool = False) -> preflop.PreflopMatrix:
    """The 169 x 169 preflop equity matrix of
    :func:`pyrankcore.preflop_matrix`, computed on the cluster (about 17
    core-seconds in 84 tasks); equal to the one-machine computation, and
    like it read-only and indexed by name too. Reads and writes no cache:
    save it where you need it."""
    n = len(GRID_NAMES)
    pairs = [(i, j) for i in range(n) for j in range(i, n)]
    out = np.empty((n, n), dtype=np.float64)
    for (i, j), (a, b) in _cluster_shares(pairs, flag(progress, "progress")).items():
        out[i, j] = a / (a + b)
        out[j, i] = b / (a + b)
    out.flags.writeable = False
    return out.view(preflop.PreflopMatrix)
