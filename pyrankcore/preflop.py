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
with ``threads=2`` (minutes when the machine is busy); the file is 229 kB.
It is saved as ``preflop_matrix.bin`` in the cache folder: the
``cache_dir`` argument (``""`` is refused; the current folder is ``"."``;
a leading ``~`` is the home folder), else the ``PYRANKCORE_CACHE_DIR`` environment
variable, else ``platformdirs.user_cache_dir("pyrankcore")`` when
platformdirs is installed, else ``$XDG_CACHE_HOME/pyrankcore`` or
``~/.cache/pyrankcore``. Later calls read it and keep it in memory.

The file is a fixed magic line, a one-line JSON header (format version, a
sha256 of the inputs that make the matrix: format, library version, grid
order, board count and a fingerprint of the hold'em ranking; the shape, the
dtype and a sha256 of the data), then the 169 x 169 little-endian float64
values. It is written to a temporary name and renamed over the old file,
so a reader never sees half a file. Anything under that name but a
regular file (a folder, a FIFO, a device) is a bad cache, never read. A read checks the file against
accidental damage and other versions: the header and data have fixed
sizes, and the header must equal the one this library would write for that
data (the data's sha256 and the inputs' digest included). It checks the
values against wrong data: the matrix must have ``m + m.T == 1`` within
1e-12, exactly 1/2 on the diagonal, and a few cells exactly as the equity
engine counts them now (AA v KK, 72o v AA, AKs v QQ; about 0.1 s with the
engine's start-up, once per process). Any failure (damage, another
version, a different file) means the matrix is computed again and the file
replaced. The checksums are not a signature: a deliberate edit that
rewrites the data and its sha256 together and keeps the symmetry, the
diagonal and those cells is read as it is, so the cache folder needs the
same protection as any file a program reads. A folder that cannot be written gives the
computed matrix with one :class:`CacheWriteWarning`; it is kept in memory,
so later calls in the process do not compute it again.

The matrix is a :class:`PreflopMatrix`: a read-only NumPy array (an
``ndarray`` subclass, so every array operation works as before) that also
takes hand names, ``m["AA", "KK"]``, and shows six well-known hands
against each other in the REPL and a notebook; ``m.to_frame()`` is a pandas DataFrame with the names
on both axes. What is computed from it (a slice, a sum, ``m + m.T``) is a
plain array.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import threading
import warnings
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

import pyrankcore
from pyrankcore import _core, _display
from pyrankcore._args import flag, thread_count
from pyrankcore._files import replace_atomically
from pyrankcore._work import progress_bar, run_tasks
from pyrankcore.batch import evaluate_batch
from pyrankcore.equities import equity
from pyrankcore.equities.planning import plan
from pyrankcore.equities.types import UNITS
from pyrankcore.errors import InvalidArgumentError, PyrankcoreError
from pyrankcore.ranges import GRID_NAMES, combos, grid_index

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["CacheWriteWarning", "PreflopMatrix", "cache_path", "preflop_matrix"]

FILE_NAME = "preflop_matrix.bin"
ENV_VAR = "PYRANKCORE_CACHE_DIR"
# Raised whenever the file's layout or what the matrix depends on changes;
# a file of another version is computed again.
FORMAT_VERSION = 2
# How far m[i, j] + m[j, i] may be from 1: the two are a / (a + b) and
# b / (a + b) of the same integers, each correctly rounded.
SYMMETRY_TOLERANCE = 1e-12
# Cells checked on every read against the equity engine: cheap (few combos,
# a few ms each), in different rows and columns, none of them 1/2, so a
# transposed, shifted or constant matrix fails.
_SPOT_CHECKS = (("AA", "KK"), ("72o", "AA"), ("AKs", "QQ"))
_N = 169
_BOARDS = 1_712_304  # C(48, 5): boards for two hands of two cards
_MAGIC = b"pyrankcore preflop matrix\n"
_MAX_HEADER = 1024  # bytes, newline included
_DATA_BYTES = _N * _N * 8
_FINGERPRINT_HANDS = 1024
# The classes a PreflopMatrix shows in its repr: six well-known hands, each
# against each (not a corner: they are far apart in GRID_NAMES).
SHOWN_CLASSES = ("AA", "KK", "AKs", "AKo", "JTs", "72o")
_lock = threading.Lock()
_memory: dict[str, PreflopMatrix] = {}  # resolved file path -> the matrix
_checks: dict[str, Any] = {}  # the inputs digest and spot values, once per process


def _default_dir() -> Path:
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
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
    if isinstance(cache_dir, str) and not cache_dir:
        # Path("") is the current folder: too easy to get by accident (an
        # unset setting read as ""), so it must be asked for as ".".
        raise InvalidArgumentError(
            'cache_dir is empty; name a folder ("." for the current one) or pass None '
            f"for the default ({ENV_VAR}, else the user cache folder)"
        )
    name = os.fspath(cache_dir) if cache_dir is not None else ""
    if ("\0" if isinstance(name, str) else b"\0") in name:
        # No file name holds a NUL: refused here, before the matrix is
        # computed, rather than by the save that follows the computation.
        raise InvalidArgumentError(f"cache_dir={name!r} holds a NUL character; no folder name can")
    folder = Path(cache_dir).expanduser() if cache_dir is not None else _default_dir()
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


def _units(holes: npt.NDArray[np.uint8], threads: int, progress: bool) -> npt.NDArray[np.uint64]:
    """(A, 2) pot units of each player over every board, per row of holes."""
    # the kernel's spec of hold'em heads-up from preflop, both hands known
    spec = plan("Hold'em", ["AhKh", "QsQd"], exact=True)[0].spec
    n = int(holes.shape[0])
    out = np.zeros((n, 2), dtype=np.uint64)
    step = 256
    tasks = [(a, min(a + step, n)) for a in range(0, n, step)]

    def work(task: tuple[int, int]) -> None:
        a, b = task
        stats = _core.equity_exact(spec, holes, a, b, 0, 64, True)
        out[a:b] = stats[:, :, UNITS]

    bar = progress_bar(progress, n, "enumeration", "preflop matrix")

    def done(task: tuple[int, int], _result: None) -> None:
        if bar is not None:
            bar.update(task[1] - task[0])

    try:
        run_tasks(tasks, work, threads, done=done)
    finally:
        if bar is not None:
            bar.close()
    return out


def shares(
    pairs: list[tuple[int, int]], threads: int, progress: bool
) -> dict[tuple[int, int], tuple[int, int]]:
    """For each (i, j): the pot units won by GRID_NAMES[i] and by
    GRID_NAMES[j] summed over every combo pair and board (integers)."""
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


def random_hand_weights() -> npt.NDArray[np.float64]:
    """169 x 169 array: for one combo of class i (rows and columns in
    :data:`GRID_NAMES` order), the combos of class j that share no card
    with it. Each row sums to C(50, 2) = 1,225. A class's equity against a
    random hand is its row of the matrix averaged with these weights
    (``(w * m).sum(axis=1) / w.sum(axis=1)``: AA 85.2%, 72o 34.6%).

    >>> w = random_hand_weights()
    >>> int(w[0, 0]), int(w[0].sum())       # AA: one pair of aces left
    (1, 1225)
    """
    every = [c for name in GRID_NAMES for c in combos(name)]
    classes = np.repeat(np.arange(_N), [len(combos(name)) for name in GRID_NAMES])
    cards = np.array(every)
    weights = np.zeros((_N, _N))
    for i in range(_N):
        a, b = cards[np.argmax(classes == i)]
        free = (cards != a).all(axis=1) & (cards != b).all(axis=1)
        weights[i] = np.bincount(classes[free], minlength=_N)
    return weights


def entries(
    pairs: list[tuple[int, int]], threads: int = 1, progress: bool = False
) -> dict[tuple[int, int], float]:
    """m[i, j] for the given (i, j) index pairs only, each computed from its
    own suit patterns (tests use it; :func:`preflop_matrix` for all)."""
    return {pair: a / (a + b) for pair, (a, b) in shares(pairs, threads, progress).items()}


def compute(threads: int = 1, progress: bool = False) -> npt.NDArray[np.float64]:
    """The matrix, computed now (no cache): one enumeration per suit pattern
    of each unordered pair of grid names; both players' shares come from it."""
    pairs = [(i, j) for i in range(_N) for j in range(i, _N)]
    out = np.empty((_N, _N), dtype=np.float64)
    for (i, j), (a, b) in shares(pairs, threads, progress).items():
        out[i, j] = a / (a + b)
        if j != i:
            out[j, i] = b / (a + b)
    return out


def _name_key(key: Any) -> Any:
    """An index with grid names (a name, or a list of names, per axis)
    turned into positions; anything else as it is."""
    if isinstance(key, str):
        return grid_index(key)
    if isinstance(key, list) and key and all(isinstance(k, str) for k in key):
        return [grid_index(k) for k in key]
    if isinstance(key, tuple):
        return tuple(_name_key(k) for k in key)
    return key


def _has_names(key: Any) -> bool:
    if isinstance(key, tuple):
        return any(_has_names(k) for k in key)
    return isinstance(key, str) or (isinstance(key, list) and any(isinstance(k, str) for k in key))


class PreflopMatrix(np.ndarray[Any, np.dtype[np.float64]]):
    """The preflop matrix: a 169 x 169 float64 NumPy array whose rows and
    columns are the hand classes of :data:`~pyrankcore.GRID_NAMES`.

    It is an ``ndarray`` (subclass), so code written for the bare array
    works unchanged, and ``np.asarray(m)`` is that array. On top of it:

    * ``m["AA", "KK"]``: AA's equity against KK; a name, or a list of
      names, per axis (``m["AA"]`` is AA's row); positions work as before;
    * :attr:`labels`, :meth:`to_frame` (pandas), :meth:`as_dict` and a
      labelled repr and HTML table of six well-known hands against each
      other.

    Indexing by position and arithmetic give plain arrays (``m[:10]``,
    ``m + m.T``, ``m.sum()``), so no result carries labels that no longer
    fit it. Methods that keep the class (``m.copy()``, ``m.T``) keep the
    169 x 169 shape, where the labels still hold; the few that change the
    shape (``m.ravel()``) give an array that refuses names.

    >>> m = preflop_matrix()                                 # doctest: +SKIP
    >>> round(float(m["AA", "KK"]), 4)                       # doctest: +SKIP
    0.8195
    """

    def _check_labelled(self, what: str) -> None:
        if self.shape != (_N, _N):
            raise InvalidArgumentError(
                f"{what} is for the 169 x 169 preflop matrix; this array derived from it "
                f"has shape {self.shape}"
            )

    @property
    def labels(self) -> tuple[str, ...]:
        """The hand class of each row and of each column: GRID_NAMES."""
        self._check_labelled("labels")
        return GRID_NAMES

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override,unused-ignore]
        if _has_names(key):
            self._check_labelled("indexing by hand name")
            key = _name_key(key)
        return np.asarray(self)[key]

    def __setitem__(self, key: Any, value: Any) -> None:  # type: ignore[override,unused-ignore]
        if _has_names(key):
            self._check_labelled("indexing by hand name")
            key = _name_key(key)
        np.asarray(self)[key] = value

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """Compute on the plain arrays: a result is never labelled."""

        def plain(x: Any) -> Any:
            return np.asarray(x) if isinstance(x, PreflopMatrix) else x

        out = kwargs.get("out")
        if out is not None:
            kwargs["out"] = tuple(plain(x) for x in out)
        result = getattr(ufunc, method)(*(plain(x) for x in inputs), **kwargs)
        if out is not None and method != "at":  # m += 1: the caller's own array back
            return out[0] if len(out) == 1 else out
        return result

    def as_dict(self) -> dict[str, Any]:
        """``{"labels": GRID_NAMES as a list, "equity": the rows as lists
        of floats}``: plain JSON types."""
        return {"labels": list(self.labels), "equity": np.asarray(self).tolist()}

    def to_frame(self) -> Any:
        """A pandas DataFrame of the matrix: index ``hand`` (the row's
        class) and columns ``against`` (the column's), both GRID_NAMES.
        Needs pandas (``pip install pandas``)."""
        pd = _display.require_pandas("PreflopMatrix.to_frame()")
        return pd.DataFrame(
            np.asarray(self),
            index=pd.Index(self.labels, name="hand"),
            columns=pd.Index(self.labels, name="against"),
        )

    def _shown(self) -> list[list[str]]:
        return [[r] + [f"{float(self[r, c]):.4f}" for c in SHOWN_CLASSES] for r in SHOWN_CLASSES]

    _TITLE = (
        "PreflopMatrix: hold'em heads-up preflop equity of the row hand against the column hand"
    )
    _NOTE = (
        "169 x 169, rows and columns GRID_NAMES (AA, AKs, ..., 22); six hands shown; "
        'm["AA", "KK"] by name, m.to_frame() for all'
    )

    def __repr__(self) -> str:
        if self.shape != (_N, _N):
            return repr(np.asarray(self))
        table = _display.text_table(("", *SHOWN_CLASSES), self._shown(), "<" + ">" * 6)
        return f"{self._TITLE}\n{table}\n{self._NOTE}"

    def _repr_html_(self) -> str | None:
        if self.shape != (_N, _N):
            return None  # a notebook then shows the plain array's repr
        rows = [
            [_display.Cell(r, header=True)] + [_display.Cell(v, weight=float(v)) for v in values]
            for r, *values in self._shown()
        ]
        return _display.html_table(
            ("", *SHOWN_CLASSES), rows, caption=self._TITLE, footer=self._NOTE
        )


class CacheWriteWarning(UserWarning):
    """The preflop matrix was computed but could not be saved (the cache
    folder cannot be created or written); it is kept in memory for the rest
    of the process."""


class _BadCacheFile(Exception):
    """A cache file that is not the matrix these inputs make (the reason)."""


def _ranking_fingerprint() -> str:
    """sha256 of the hold'em strengths of a fixed set of 7-card hands: a
    change to the ranking tables changes the matrix, so it must change the
    file's inputs digest too (the library version alone misses a rebuilt
    development checkout)."""
    # Each row sorts 52 multiplicative-hash keys: a fixed permutation of the
    # deck per row, with no random generator whose stream could change.
    rows = np.arange(_FINGERPRINT_HANDS, dtype=np.uint64)[:, None]
    keys = (rows * np.uint64(52) + np.arange(52, dtype=np.uint64)) * np.uint64(2654435761)
    hands = np.argsort(keys % np.uint64(1 << 32), axis=1, kind="stable")[:, :7]
    strengths = evaluate_batch(hands.astype(np.uint8), "high", threads=1)
    return hashlib.sha256(strengths.astype("<u4").tobytes()).hexdigest()


def _inputs_digest() -> str:
    """sha256 of everything the matrix depends on: the file format, the
    library version, the grid order, the board count and the ranking."""
    if "inputs" not in _checks:
        inputs = {
            "format": FORMAT_VERSION,
            "library": pyrankcore.__version__,
            "grid": list(GRID_NAMES),
            "boards": _BOARDS,
            "ranking": _ranking_fingerprint(),
        }
        text = json.dumps(inputs, sort_keys=True).encode()
        _checks["inputs"] = hashlib.sha256(text).hexdigest()
    return _checks["inputs"]  # type: ignore[no-any-return]


def _header(data: bytes) -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "inputs": _inputs_digest(),
        "shape": [_N, _N],
        "dtype": "<f8",
        "sha256": hashlib.sha256(data).hexdigest(),
    }


def _spot_values() -> dict[tuple[int, int], float]:
    """The spot-check cells, computed now by the equity engine over the two
    classes' explicit combos (no suit patterns): exact fractions from its
    integer counts, heads-up so a tie is half a pot."""
    if "spots" not in _checks:
        values = {}
        for first, second in _SPOT_CHECKS:
            i, j = GRID_NAMES.index(first), GRID_NAMES.index(second)
            p = equity("Hold'em", [first, second], exact=True, threads=1).players[0]
            share = Fraction(2 * p.wins + p.ties, 2 * p.total)
            values[i, j] = float(share)
            values[j, i] = float(1 - share)
        _checks["spots"] = values
    return _checks["spots"]  # type: ignore[no-any-return]


def _verify(m: Any) -> None:
    """Raise _BadCacheFile unless m can be the matrix: the shape and type,
    every entry in [0, 1], m + m.T == 1 within 1e-12, the diagonal exactly
    1/2, and the spot-check cells exactly as the equity engine counts them."""
    if not isinstance(m, np.ndarray) or m.shape != (_N, _N) or m.dtype != np.float64:
        raise _BadCacheFile("not a 169 x 169 float64 array")
    if not bool(np.all((m >= 0.0) & (m <= 1.0))):  # NaN fails too
        raise _BadCacheFile("an entry outside [0, 1]")
    if float(np.max(np.abs(m + m.T - 1.0))) > SYMMETRY_TOLERANCE:
        raise _BadCacheFile("m[i, j] + m[j, i] is not 1")
    if not bool(np.all(np.diagonal(m) == 0.5)):
        raise _BadCacheFile("a hand against its own class is not exactly 1/2")
    for (i, j), value in _spot_values().items():
        if m[i, j] != value:
            raise _BadCacheFile(f"m[{i}, {j}] is {m[i, j]!r}, the equity engine says {value!r}")


def _read(path: Path) -> npt.NDArray[np.float64]:
    """The matrix in the file at path, verified; _BadCacheFile or OSError
    (or anything a damaged file can raise) otherwise. Nothing in the file
    decides how much is read: the header and the data have fixed limits."""
    # Opened without blocking and checked before the first read: a FIFO (or
    # a device) under the file's name would otherwise block open() or
    # read() forever, with the module lock held. Only a regular file can be
    # the cache.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise _BadCacheFile("not a regular file")
        if info.st_size > len(_MAGIC) + _MAX_HEADER + _DATA_BYTES:
            raise _BadCacheFile("larger than the matrix")
        if f.read(len(_MAGIC)) != _MAGIC:
            raise _BadCacheFile("not a pyrankcore preflop matrix file")
        line = f.readline(_MAX_HEADER + 1)
        if len(line) > _MAX_HEADER or not line.endswith(b"\n"):
            raise _BadCacheFile("the header is cut or too long")
        header = json.loads(line)
        data = f.read(_DATA_BYTES + 1)
    if len(data) != _DATA_BYTES:
        raise _BadCacheFile(f"{len(data)} bytes of data, not {_DATA_BYTES}")
    if header != _header(data):  # format, inputs, shape and data checksum
        raise _BadCacheFile("another format or library version, or damaged data")
    m = np.frombuffer(data, dtype="<f8").reshape(_N, _N).astype(np.float64)
    _verify(m)
    return m


def _load(path: Path) -> npt.NDArray[np.float64] | None:
    """The verified matrix from path, or None when it must be computed."""
    try:
        return _read(path)
    except Exception:  # whatever the file holds, the answer is to compute again
        return None


def _save(path: Path, m: npt.NDArray[np.float64]) -> None:
    """Write to a temporary file in the same folder, then rename it over the
    target (atomic on POSIX and Windows), so a reader sees the old file or
    the whole new one."""
    data = np.ascontiguousarray(m, dtype="<f8").tobytes()
    header = json.dumps(_header(data), sort_keys=True).encode() + b"\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(path, _MAGIC + header + data, ".preflop_")


def preflop_matrix(
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    threads: int | None = None,
    refresh: bool = False,
    progress: bool = False,
) -> PreflopMatrix:
    """The 169 x 169 hold'em heads-up preflop equity matrix (read-only
    float64, a :class:`PreflopMatrix`): ``m[i, j]`` is ``GRID_NAMES[i]``'s
    equity against ``GRID_NAMES[j]`` (also ``m["AKs", "QQ"]``), exact over
    every combo pair and board, so ``m[i, j] + m[j, i] == 1`` (up to
    rounding). ``np.asarray(m)`` is the plain array.

    The first call computes it (about 17 s on one core, 10 s with
    ``threads=2``) and saves it under :func:`cache_path`; later calls read
    and verify it (see the module notes) and keep it in memory. A missing,
    damaged or outdated file is computed again and replaced; if the folder
    cannot be written, the matrix is returned with a
    :class:`CacheWriteWarning`. ``refresh=True`` computes it again.
    ``progress=True`` shows a progress bar on stderr counting the
    enumerations done (tqdm's where it is installed, else one line).

    >>> from pyrankcore import GRID_NAMES
    >>> m = preflop_matrix()                                # doctest: +SKIP
    >>> float(round(m[GRID_NAMES.index("AA"), GRID_NAMES.index("KK")], 4))  # doctest: +SKIP
    0.8195
    """
    n_threads = thread_count(threads)
    refresh = flag(refresh, "refresh")
    progress = flag(progress, "progress")
    path = cache_path(cache_dir)
    key = str(path.resolve()) if path.is_absolute() else str(path.absolute())
    with _lock:
        if not refresh and key in _memory:
            return _memory[key]
        m = None if refresh else _load(path)
        if m is None:
            m = compute(n_threads, progress)
            try:
                _verify(m)
            except _BadCacheFile as reason:
                raise PyrankcoreError(
                    f"the computed preflop matrix failed its checks: {reason}"
                ) from None
            try:
                _save(path, m)
            except OSError as error:
                warnings.warn(
                    CacheWriteWarning(
                        f"the preflop matrix could not be saved as {str(path)!r} ({error}); "
                        "it is kept in memory for this process only"
                    ),
                    stacklevel=2,
                )
        m.flags.writeable = False
        labelled = m.view(PreflopMatrix)
        _memory[key] = labelled
        return labelled
