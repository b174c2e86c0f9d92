"""The hold'em heads-up preflop equity matrix, computed exactly and cached on disk.

``preflop_matrix()[i, j]`` is the equity (share of the pot, ties split) of
the hand class ``GRID_NAMES[i]`` against ``GRID_NAMES[j]`` before the flop:
every pair of their combos that do not share a card counts once, each with
all 1,712,304 boards, exactly as ``equity("Hold'em", [GRID_NAMES[i],
GRID_NAMES[j]], exact=True)`` counts them.

Suit isomorphism makes that feasible. Renaming the suits changes no
showdown, so the combo pairs of two classes fall into a few suit patterns
(AA v KK: the kings share no suit with the aces, one, or two; 6, 24 and 6
pairs). One pair per pattern is enumerated and weighed by the pattern's
size: 47,086 enumerations for the 14,365 unordered class pairs, instead of
1.6 million. Each enumeration gives both players' shares, so ``m[i, j]``
and ``m[j, i]`` come from the same counts (they add up to 1).

The first call computes the matrix and saves it. Cost: 47,086 exact
enumerations of about 0.35 ms each (the rank-board path of
src/prc_equity.h), about 17 s on one core of a shared 2-core EPYC and 10 s
with ``threads=2``; the file is 229 kB. It is saved as ``preflop_matrix_v1.npy``
in the cache folder: the ``cache_dir`` argument, else the
``PYRANKCORE_CACHE_DIR`` environment variable, else
``platformdirs.user_cache_dir("pyrankcore")`` when platformdirs is
installed, else ``$XDG_CACHE_HOME/pyrankcore`` or ``~/.cache/pyrankcore``.
The file is written to a temporary name and renamed, so a reader never
sees half a file; a file that does not look like the matrix is computed
again. Later calls read it (a few milliseconds) and keep it in memory.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyrankcore.errors import InvalidArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["cache_path", "preflop_matrix"]

FILE_NAME = "preflop_matrix_v1.npy"
ENV_VAR = "PYRANKCORE_CACHE_DIR"
_BOARDS = 1_712_304  # C(48, 5): boards for two hands of two cards
_lock = threading.Lock()
_memory: dict[str, Any] = {}


def _default_dir() -> Path:
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    try:
        import platformdirs  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        return Path(base) / "pyrankcore"
    return Path(platformdirs.user_cache_dir("pyrankcore"))


def cache_path(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where :func:`preflop_matrix` keeps the matrix (see the module notes)."""
    if cache_dir is not None and not isinstance(cache_dir, (str, os.PathLike)):
        raise TypeError(f"cache_dir must be a path or None, not {type(cache_dir).__name__}")
    folder = Path(cache_dir) if cache_dir is not None else _default_dir()
    return folder / FILE_NAME


# --------------------------------------------------------------------------
# suit patterns


def _pattern(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A key shared by exactly the combo pairs that a renaming of the suits
    maps onto each other. cards: hand one's two cards, then hand two's, each
    higher rank first. Suits are renamed in order of first appearance; the
    two cards of a pair may swap (their order says nothing), so the key is
    the least over those orders."""
    ranks = [c >> 2 for c in cards]
    firsts = ((0, 1), (1, 0)) if ranks[0] == ranks[1] else ((0, 1),)
    seconds = ((2, 3), (3, 2)) if ranks[2] == ranks[3] else ((2, 3),)
    best: tuple[int, ...] | None = None
    for a in firsts:
        for b in seconds:
            names: dict[int, int] = {}
            key = tuple(names.setdefault(cards[p] & 3, len(names)) for p in a + b)
            if best is None or key < best:
                best = key
    assert best is not None
    return best


def pair_classes(first: str, second: str) -> list[tuple[tuple[int, int, int, int], int]]:
    """The combo pairs of two grid names (``"AKs"``, ``"QQ"``) that share
    no card, in suit patterns: one pair of each pattern (its four card ids)
    with the number of pairs in the pattern.

    >>> [n for _, n in pair_classes("AA", "KK")]
    [6, 24, 6]
    >>> sum(n for _, n in pair_classes("AKo", "AKo"))
    84
    """
    from pyrankcore.ranges import combos

    found: dict[tuple[int, ...], list[Any]] = {}
    for a in combos(first):
        for b in combos(second):
            if set(a) & set(b):
                continue
            cards = (a[0], a[1], b[0], b[1])
            entry = found.setdefault(_pattern(cards), [cards, 0])
            entry[1] += 1
    return [(tuple(c), n) for c, n in found.values()]  # type: ignore[misc,unused-ignore]


# --------------------------------------------------------------------------
# computing


def _holdem_spec() -> tuple[Any, ...]:
    from pyrankcore import equities

    p, _ = equities.plan("Hold'em", ["AhKh", "QsQd"], exact=True)
    return p.spec


def _units(holes: npt.NDArray[np.uint8], threads: int, progress: bool) -> npt.NDArray[np.uint64]:
    """(A, 2) pot units of each player over every board, per row of holes."""
    import numpy as np

    from pyrankcore import _core, equities

    spec = _holdem_spec()
    n = int(holes.shape[0])
    out = np.zeros((n, 2), dtype=np.uint64)
    step = 256
    tasks = [(a, min(a + step, n)) for a in range(0, n, step)]

    def work(task: tuple[int, int]) -> None:
        a, b = task
        stats = _core.equity_exact(spec, holes, a, b, 0, 64, True)
        out[a:b] = stats[:, :, equities._UNITS]

    bar = equities._progress_bar(progress, len(tasks), "preflop matrix")
    try:
        equities._run_threads(tasks, work, threads, bar)
    finally:
        if bar is not None:
            bar.close()
    return out


def _shares(
    pairs: list[tuple[int, int]], threads: int, progress: bool
) -> dict[tuple[int, int], tuple[int, int]]:
    """For each (i, j): the pot units won by GRID_NAMES[i] and by
    GRID_NAMES[j] summed over every combo pair and board (integers)."""
    import numpy as np

    from pyrankcore.ranges import GRID_NAMES

    rows: list[tuple[int, int, int, int]] = []
    mults: list[int] = []
    cell: list[int] = []
    for k, (i, j) in enumerate(pairs):
        for cards, n in pair_classes(GRID_NAMES[i], GRID_NAMES[j]):
            rows.append(cards)
            mults.append(n)
            cell.append(k)
    holes = np.zeros((len(rows), 2, 8), dtype=np.uint8)
    if rows:
        arr = np.array(rows, dtype=np.uint8)
        holes[:, 0, :2] = arr[:, :2]
        holes[:, 1, :2] = arr[:, 2:]
    units = _units(holes, threads, progress).tolist()
    sums = [[0, 0] for _ in pairs]
    for r, k in enumerate(cell):
        sums[k][0] += units[r][0] * mults[r]
        sums[k][1] += units[r][1] * mults[r]
    return {pair: (a, b) for pair, (a, b) in zip(pairs, sums)}


def entries(
    pairs: list[tuple[int, int]], threads: int = 1, progress: bool = False
) -> dict[tuple[int, int], float]:
    """m[i, j] for the given (i, j) index pairs only, each computed from its
    own suit patterns (tests use it; :func:`preflop_matrix` for all)."""
    return {pair: a / (a + b) for pair, (a, b) in _shares(pairs, threads, progress).items()}


def compute(threads: int = 1, progress: bool = False) -> npt.NDArray[np.float64]:
    """The matrix, computed now (no cache): one enumeration per suit pattern
    of each unordered pair of grid names; both players' shares come from it."""
    import numpy as np

    n = 169
    pairs = [(i, j) for i in range(n) for j in range(i, n)]
    out = np.empty((n, n), dtype=np.float64)
    for (i, j), (a, b) in _shares(pairs, threads, progress).items():
        out[i, j] = a / (a + b)
        if j != i:
            out[j, i] = b / (a + b)
    return out


def _looks_right(m: Any) -> bool:
    import numpy as np

    return (
        isinstance(m, np.ndarray)
        and m.shape == (169, 169)
        and m.dtype == np.float64
        and bool(np.all((m >= 0) & (m <= 1)))
        and bool(np.allclose(m + m.T, 1.0, atol=1e-9))
    )


def _load(path: Path) -> Any:
    import numpy as np

    try:
        m = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    return m if _looks_right(m) else None


def _save(path: Path, m: npt.NDArray[np.float64]) -> None:
    """Write to a temporary file in the same folder, then rename it over the
    target (atomic on POSIX and Windows)."""
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".preflop_", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, m, allow_pickle=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def preflop_matrix(
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    threads: int | None = None,
    refresh: bool = False,
    progress: bool = False,
) -> npt.NDArray[np.float64]:
    """The 169 x 169 hold'em heads-up preflop equity matrix (read-only
    float64): ``m[i, j]`` is ``GRID_NAMES[i]``'s equity against
    ``GRID_NAMES[j]``, exact over every combo pair and board, so ``m[i, j]
    + m[j, i] == 1`` (up to rounding).

    The first call computes it (about 17 s on one core, 10 s with
    ``threads=2``) and saves it under :func:`cache_path`; later calls read
    it (under a millisecond) and keep it in memory. ``refresh=True`` computes it again. ``progress=True`` shows a
    bar (tqdm).

    >>> from pyrankcore import GRID_NAMES
    >>> m = preflop_matrix()                                # doctest: +SKIP
    >>> float(round(m[GRID_NAMES.index("AA"), GRID_NAMES.index("KK")], 4))  # doctest: +SKIP
    0.8195
    """
    from pyrankcore.batch import check_threads

    n_threads = check_threads(threads, 1 << 30, 1)
    for name, flag in (("refresh", refresh), ("progress", progress)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {type(flag).__name__}")
    path = cache_path(cache_dir)
    key = str(path.resolve()) if path.is_absolute() else str(path.absolute())
    with _lock:
        if not refresh and key in _memory:
            return _memory[key]  # type: ignore[no-any-return]
        m = None if refresh else _load(path)
        if m is None:
            m = compute(n_threads, progress)
            if not _looks_right(m):
                raise InvalidArgumentError("the computed preflop matrix failed its own checks")
            _save(path, m)
        m.flags.writeable = False
        _memory[key] = m
        return m
