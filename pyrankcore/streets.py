"""Feature tables for whole streets: the features of every hand on every
canonical flop or turn, keyed by the hand indexer's board index.

A bot that buckets hands by strength needs :mod:`pyrankcore.features` for
every board it may meet. Boards that differ only in suit names have the
same features up to the same renaming of the hands' suits, so one board
per class is enough: :class:`~pyrankcore.indexer.HandIndexer` numbers the
classes of a street's board (1,755 flops, 16,432 turns; 573 and 3,663 in
short deck) and :meth:`~pyrankcore.indexer.HandIndexer.unindex` gives each
class's canonical board. :func:`build_street_table` computes every feature
of every combo (:func:`~pyrankcore.boards.hole_combos` order) on each of
them; row b of the table is the board whose index is b.

The table is a folder: ``meta.json`` (the parameters it is built with)
and one chunk file per slice of boards, ``chunk-NNNNNN.npz`` (NumPy, the
default) or, with ``format="parquet"`` (the ``parquet`` extra: pyarrow),
``chunk-NNNNNN.parquet``: one row per board and hand, the columns
``index`` (the board's), ``board`` (its cards), ``combo`` (the hand's row
of :func:`~pyrankcore.boards.hole_combos`), the features and
``histogram`` (a list of bins per row), which any Parquet reader
(pandas, DuckDB, Spark) takes. Each chunk is written
under a temporary name and renamed, so an interrupted build leaves whole
chunks only, and building again into the same folder with the same
parameters computes only the chunks that are missing or fail their checks
(a folder built with other parameters is refused, never mixed).
:func:`read_street_table` checks every chunk against the accidental damage
and other versions, as the preflop cache does: its header must equal the
one this library would write (format, library version, the parameters'
digest, the boards it holds), every array its shape and dtype and its
sha256 (a Parquet chunk's header is in its schema's metadata, and its
repeated columns must repeat exactly); then, unless ``check=False``, it
computes the first board again and compares. The checksums are not a
signature: a folder that others can write needs the protection of any
file a program reads.

The values are float32 (NaN for combos that share a card with the board):
hs, ehs, ehs2, ppot, npot of shape (boards, combos) and the river
histogram (boards, combos, bins). A flop table of hold'em with 10 bins is
about 140 MB, a turn table 1.3 GB. The chunks compute on this machine's
threads, or as tasks on Dask (``dask=True``: the current ``distributed``
client, or dask's local scheduler), the client writing each chunk.

>>> import tempfile
>>> from pyrankcore.streets import build_street_table, read_street_table
>>> folder = tempfile.mkdtemp()
>>> t = build_street_table(folder, "flop", "Short-deck Hold'em", bins=4, limit=3)
>>> t.hs.shape, t.histogram.shape, t.boards.shape
((3, 630), (3, 630, 4), (3, 3))
>>> again = read_street_table(folder)
>>> bool((again.ehs[~np.isnan(again.ehs)] == t.ehs[~np.isnan(t.ehs)]).all())
True
"""

from __future__ import annotations

import hashlib
import importlib
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import pyrankcore
from pyrankcore._args import flag, optional_whole_number, whole_number
from pyrankcore._files import replace_atomically
from pyrankcore._work import progress_bar
from pyrankcore.boards import board_game, combo_array
from pyrankcore.errors import InvalidArgumentError, PyrankcoreError
from pyrankcore.features import opponent_weights, strength_features
from pyrankcore.games import resolve
from pyrankcore.indexer import HandIndexer

__all__ = [
    "FILE_FORMATS",
    "STREETS",
    "StreetTable",
    "StreetTableError",
    "build_street_table",
    "read_street_table",
    "street_boards",
]

# Board cards per street that has cards to come.
STREETS = {"flop": 3, "turn": 4}
FORMAT_VERSION = 2
# The chunk files a table may be written in.
FILE_FORMATS = ("npz", "parquet")
# Boards per chunk by default: under a minute of flops on one core (what an
# interruption may lose), about 5 MB of float32 per hold'em flop file.
CHUNK_BOARDS = 64
# The dask tasks computed before their chunks are written.
DASK_WAVE = 16
FEATURES = ("hs", "ehs", "ehs2", "ppot", "npot", "histogram")
_META = "meta.json"


class StreetTableError(PyrankcoreError):
    """A street table folder that is damaged, incomplete or another
    table's."""


@dataclass(frozen=True)
class StreetTable:
    """A street's features: ``index`` (B,) uint64 board indices (0 to B-1),
    ``boards`` (B, nb) their canonical boards, ``combos`` (n, 2) the hands,
    the features (float32, NaN where a combo collides with the board) and
    ``meta``, the parameters the table was built with."""

    index: np.ndarray
    boards: np.ndarray
    combos: np.ndarray
    hs: np.ndarray
    ehs: np.ndarray
    ehs2: np.ndarray
    ppot: np.ndarray
    npot: np.ndarray
    histogram: np.ndarray
    meta: dict[str, Any]


def _deck(game: Any) -> tuple[str, str]:
    """The game's name and the indexer's deck for it."""
    g = resolve(game, omaha=None).plain("street tables")
    tables, omaha, hole = board_game(g)  # the game resolved above, not again
    if omaha or hole != 2:
        raise InvalidArgumentError(
            f"{g.name}: street tables take hold'em-style games (two hole cards)"
        )
    mask = tables.deck_mask & ((1 << 52) - 1)
    if mask == (1 << 52) - 1:
        return g.name, "standard"
    if mask == ((1 << 52) - 1) & ~((1 << 16) - 1):
        return g.name, "short"
    raise InvalidArgumentError(f"{g.name}: street tables take the standard or the short deck")


def street_boards(street: str, game: Any = "Hold'em") -> np.ndarray:
    """The canonical board of every class of *street* ("flop", "turn"):
    a (size, nb) uint8 array whose row b is the board of index b
    (``HandIndexer([nb]).unindex``).

    >>> street_boards("flop").shape, street_boards("turn", "Short-deck Hold'em").shape
    ((1755, 3), (3663, 4))
    """
    nb = _street(street)
    _name, deck = _deck(game)
    ix = HandIndexer([nb], deck=deck)
    boards: np.ndarray = ix.unindex(0, np.arange(ix.size(0), dtype=np.uint64))
    return boards


def _street(street: Any) -> int:
    if street not in STREETS:
        raise InvalidArgumentError(f"street must be one of {sorted(STREETS)}, not {street!r}")
    return STREETS[street]


def _sha(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


def _meta(
    street: str,
    game: Any,
    bins: int,
    mass: np.ndarray,
    potential: bool,
    limit: int | None,
    chunk: int,
    file_format: str = "npz",
) -> dict[str, Any]:
    name, deck = _deck(game)
    size = HandIndexer([STREETS[street]], deck=deck).size(0)
    return {
        "format": FORMAT_VERSION,
        "library": pyrankcore.__version__,
        "street": street,
        "game": name,
        "deck": deck,
        "bins": bins,
        "opponent": _sha(mass.astype("<f8")),
        "potential": potential,
        "boards": size if limit is None else min(limit, size),
        "chunk": chunk,
        "dtype": "<f4",
        "file_format": file_format,
    }


def _digest(meta: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(meta, sort_keys=True).encode()).hexdigest()


def _chunk_path(folder: Path, c: int, file_format: str = "npz") -> Path:
    return folder / f"chunk-{c:06d}.{file_format}"


def _pyarrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet (an optional dependency)."""
    try:
        pa = importlib.import_module("pyarrow")
        pq = importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise InvalidArgumentError(
            "Parquet street tables need pyarrow: pip install 'pyrankcore[parquet]'"
        ) from None
    return pa, pq


def _parquet_bytes(header: str, data: dict[str, np.ndarray]) -> bytes:
    """A chunk as one Parquet table: a row per board and combo, the header
    in the schema's metadata."""
    pa, pq = _pyarrow()
    rows, n = data["hs"].shape

    def lists(a: np.ndarray, size: int) -> Any:
        return pa.FixedSizeListArray.from_arrays(pa.array(a.ravel()), size)

    columns = {
        "index": pa.array(np.repeat(data["index"], n)),
        "board": lists(np.repeat(data["boards"], n, axis=0), data["boards"].shape[1]),
        "combo": pa.array(np.tile(np.arange(n, dtype=np.uint16), rows)),
        **{k: pa.array(data[k].ravel()) for k in FEATURES if k != "histogram"},
        "histogram": lists(data["histogram"], data["histogram"].shape[2]),
    }
    table = pa.table(columns).replace_schema_metadata({"pyrankcore": header})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    out: bytes = sink.getvalue().to_pybytes()
    return out


def _parquet_arrays(path: Path, n: int) -> dict[str, np.ndarray]:
    """A Parquet chunk's arrays (n combos a board) as an .npz chunk holds
    them, header included; ValueError (or pyarrow's errors) where it is
    not the layout _parquet_bytes writes."""
    _pa, pq = _pyarrow()
    table = pq.read_table(path)
    header = (table.schema.metadata or {}).get(b"pyrankcore")
    if header is None or n == 0:
        raise ValueError("no header")

    def column(name: str) -> np.ndarray:
        col = table.column(name).combine_chunks()
        if name in ("board", "histogram"):
            col = col.flatten()
        return np.asarray(col.to_numpy(zero_copy_only=False))

    rows, left = divmod(table.num_rows, n)
    if left:
        raise ValueError(f"{table.num_rows} rows, not a whole number of boards")
    index = column("index")
    boards = column("board").reshape(table.num_rows, -1)
    data = {"header": np.array(header.decode()), "index": index[::n], "boards": boards[::n]}
    if not (
        np.array_equal(index, np.repeat(data["index"], n))
        and np.array_equal(boards, np.repeat(data["boards"], n, axis=0))
        and np.array_equal(column("combo"), np.tile(np.arange(n), rows))
    ):
        raise ValueError("the board and combo columns do not repeat as written")
    for k in FEATURES:
        data[k] = column(k).reshape(rows, n, -1)
        if k != "histogram":
            data[k] = data[k][:, :, 0]
    return data


def _compute_chunk(
    boards: np.ndarray, game: str, bins: int, mass: np.ndarray, potential: bool, threads: Any
) -> dict[str, np.ndarray]:
    """The float32 features of a slice of boards."""
    f = strength_features(
        boards, game, bins=bins, opponent=mass, potential=potential, threads=threads
    )
    return {name: getattr(f, name).astype("<f4") for name in FEATURES}


def _write_chunk(
    folder: Path,
    c: int,
    lo: int,
    index: np.ndarray,
    boards: np.ndarray,
    arrays: dict[str, np.ndarray],
    digest: str,
    file_format: str = "npz",
) -> None:
    """Chunk c, under a temporary name renamed over the target."""
    data = {"index": index.astype("<u8"), "boards": boards.astype(np.uint8), **arrays}
    header = json.dumps(_chunk_header(digest, c, lo, data), sort_keys=True)
    if file_format == "parquet":
        content = _parquet_bytes(header, data)
    else:
        buf = io.BytesIO()
        save: Any = np.savez  # its stubs take no array named like its options
        save(buf, header=np.array(header), **data)
        content = buf.getvalue()
    replace_atomically(_chunk_path(folder, c, file_format), content, ".chunk_")


def _chunk_header(digest: str, c: int, lo: int, data: dict[str, np.ndarray]) -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "library": pyrankcore.__version__,
        "table": digest,
        "chunk": c,
        "first": lo,
        "arrays": {
            k: {"shape": list(v.shape), "dtype": v.dtype.str, "sha256": _sha(v)}
            for k, v in sorted(data.items())
        },
    }


def _read_chunk(
    folder: Path, c: int, lo: int, hi: int, meta: dict[str, Any], n: int
) -> dict[str, np.ndarray]:
    """Chunk c's arrays, checked; StreetTableError (naming the file and
    what is wrong) otherwise."""
    path = _chunk_path(folder, c, meta["file_format"])
    if not path.is_file():
        raise StreetTableError(
            f"{path}: missing; build the table again into {str(folder)!r} to finish it"
        )
    if meta["file_format"] == "parquet":
        _pyarrow()  # a missing pyarrow is not a damaged chunk
    try:
        if meta["file_format"] == "parquet":
            data = _parquet_arrays(path, n)
        else:
            with np.load(path, allow_pickle=False) as z:
                data = {k: z[k] for k in z.files}
    except Exception as bad:
        raise StreetTableError(f"{path}: not a readable chunk ({bad})") from None
    header_text = data.pop("header", None)
    if header_text is None or header_text.shape != ():
        raise StreetTableError(f"{path}: no header")
    want_shapes = {
        "index": (hi - lo,),
        "boards": (hi - lo, STREETS[meta["street"]]),
        **{k: (hi - lo, n) for k in FEATURES if k != "histogram"},
        "histogram": (hi - lo, n, meta["bins"]),
    }
    for k, shape in want_shapes.items():
        if k not in data or data[k].shape != shape:
            raise StreetTableError(f"{path}: {k} is missing or not of shape {shape}")
    try:
        header = json.loads(str(header_text))
    except ValueError:
        raise StreetTableError(f"{path}: a damaged header") from None
    if header != _chunk_header(_digest(meta), c, lo, data):
        raise StreetTableError(
            f"{path}: damaged, or written by another version or with other parameters"
        )
    if not (data["index"] == np.arange(lo, hi, dtype=np.uint64)).all():
        raise StreetTableError(f"{path}: boards out of order")
    return data


def _read_meta(folder: Path) -> dict[str, Any] | None:
    path = folder / _META
    if not path.exists():
        return None
    try:
        meta = json.loads(path.read_text())
    except (OSError, ValueError) as bad:
        raise StreetTableError(f"{path}: not a street table's parameters ({bad})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_VERSION:
        raise StreetTableError(f"{path}: another format of street table")
    return meta


def build_street_table(
    path: str | os.PathLike[str],
    street: str = "flop",
    game: Any = "Hold'em",
    *,
    bins: int = 10,
    opponent: Any = None,
    potential: bool = True,
    limit: int | None = None,
    chunk_boards: int = CHUNK_BOARDS,
    threads: int | None = None,
    dask: bool = False,
    progress: bool = False,
    format: str = "npz",
) -> StreetTable:
    """Compute the features of every canonical board of *street* into the
    folder *path* (made if missing) and return the table.

    Parameters
    ----------
    path
        The table's folder. One that holds part of a table built with the
        same parameters is finished (only missing or damaged chunks are
        computed); one built with other parameters is refused.
    street
        "flop" (both cards to come) or "turn".
    game
        A hold'em-style game of the standard or short deck.
    bins, opponent, potential
        As :func:`pyrankcore.features.strength_features` (*opponent*: a
        range text or one weight per combo of
        :func:`~pyrankcore.boards.hole_combos`).
    limit
        Only the boards of index 0 to limit-1 (a partial table, for a try).
    chunk_boards
        Boards per chunk file.
    threads
        Threads per chunk on this machine (None: one).
    dask
        Compute the chunks as tasks on Dask (needs the ``dask`` extra).
    progress
        A progress bar on stderr counting the boards done.
    format
        The chunk files: "npz" (NumPy) or "parquet" (needs the ``parquet``
        extra, pyarrow; a row per board and hand, see the module notes).

    Returns
    -------
    StreetTable
        As :func:`read_street_table` returns it (not checked again).

    Examples
    --------
    >>> import tempfile
    >>> t = build_street_table(tempfile.mkdtemp(), "turn", "Short-deck Hold'em", bins=2,
    ...                        limit=2, potential=False)
    >>> t.ehs.shape, t.histogram.shape, sorted(t.meta)[:4]
    ((2, 630), (2, 630, 2), ['bins', 'boards', 'chunk', 'deck'])

    Raises
    ------
    InvalidArgumentError
        An unknown street, an Omaha game, a bad bin count, limit or format,
        "parquet" without pyarrow.
    StreetTableError
        The folder holds a table built with other parameters.
    """
    _street(street)
    if not isinstance(bins, int) or isinstance(bins, bool) or not 1 <= bins <= 1000:
        raise InvalidArgumentError(f"bins must be an int from 1 to 1000, got {bins!r}")
    potential = flag(potential, "potential")
    limit = optional_whole_number(limit, "limit", low=1)
    chunk = whole_number(chunk_boards, "chunk_boards", 1, 1 << 20)
    show = flag(progress, "progress")
    on_dask = flag(dask, "dask")
    if format not in FILE_FORMATS:
        raise InvalidArgumentError(f"format must be one of {FILE_FORMATS}, not {format!r}")
    if format == "parquet":
        _pyarrow()
    name, _deck_name = _deck(game)
    tables, _omaha, _hole = board_game(game)
    combos = combo_array(None, tables, 2)
    mass = opponent_weights(opponent, combos)
    meta = _meta(street, game, bins, mass, potential, limit, chunk, format)
    folder = Path(path)
    folder.mkdir(parents=True, exist_ok=True)
    old = _read_meta(folder)
    if old is not None and old != meta:
        differ = sorted(k for k in set(old) | set(meta) if old.get(k) != meta.get(k))
        raise StreetTableError(
            f"{str(folder)!r} holds a table built with other parameters "
            f"({', '.join(differ)}); use another folder"
        )
    if old is None:
        text = json.dumps(meta, sort_keys=True, indent=1) + "\n"
        replace_atomically(folder / _META, text.encode(), ".meta_")
    boards = street_boards(street, game)[: meta["boards"]]
    digest = _digest(meta)
    n = len(combos)
    spans = [
        (c, lo, min(lo + chunk, len(boards))) for c, lo in enumerate(range(0, len(boards), chunk))
    ]
    todo = []
    for c, lo, hi in spans:
        try:
            _read_chunk(folder, c, lo, hi, meta, n)
        except StreetTableError:
            todo.append((c, lo, hi))
    bar = progress_bar(show, len(boards), "board", f"{street} features")

    def save(c: int, lo: int, hi: int, arrays: dict[str, np.ndarray]) -> None:
        _write_chunk(folder, c, lo, np.arange(lo, hi), boards[lo:hi], arrays, digest, format)
        if bar is not None:
            bar.update(hi - lo)

    try:
        if bar is not None:
            bar.update(len(boards) - sum(hi - lo for _c, lo, hi in todo))
        if on_dask:
            _build_on_dask(todo, boards, (name, bins, mass, potential), save)
        else:
            for c, lo, hi in todo:
                save(c, lo, hi, _compute_chunk(boards[lo:hi], name, bins, mass, potential, threads))
    finally:
        if bar is not None:
            bar.close()
    return _assemble(folder, meta, combos, check=False)


def _build_on_dask(
    todo: list[tuple[int, int, int]],
    boards: np.ndarray,
    args: tuple[str, int, np.ndarray, bool],
    save: Any,
) -> None:
    """The chunks as dask tasks (args: _compute_chunk's game, bins, mass and
    potential), DASK_WAVE at a time, each wave saved as it comes back (so
    an interrupted run keeps the waves done)."""
    try:  # an optional dependency; dask.compute runs on the default client if any
        dask: Any = importlib.import_module("dask")
    except ImportError:
        raise InvalidArgumentError("dask=True needs dask: pip install 'pyrankcore[dask]'") from None
    work = dask.delayed(_compute_chunk, pure=True)
    for w in range(0, len(todo), DASK_WAVE):
        wave = todo[w : w + DASK_WAVE]
        tasks = [work(boards[lo:hi], *args, None) for _c, lo, hi in wave]
        for (c, lo, hi), arrays in zip(wave, dask.compute(*tasks)):
            save(c, lo, hi, arrays)


def _assemble(folder: Path, meta: dict[str, Any], combos: np.ndarray, check: bool) -> StreetTable:
    """Every chunk read and checked into the table's arrays (one chunk in
    memory beside them); with *check* the first board computed again and
    compared."""
    total, chunk = meta["boards"], meta["chunk"]
    joined: dict[str, np.ndarray] = {}
    for c, lo in enumerate(range(0, total, chunk)):
        hi = min(lo + chunk, total)
        part = _read_chunk(folder, c, lo, hi, meta, len(combos))
        for k, v in part.items():
            if k not in joined:
                joined[k] = np.empty((total, *v.shape[1:]), dtype=v.dtype)
            joined[k][lo:hi] = v
    table = StreetTable(
        index=joined["index"].astype(np.uint64, copy=False),
        boards=joined["boards"],
        combos=np.array(combos),
        meta=dict(meta),
        **{k: joined[k].astype(np.float32, copy=False) for k in FEATURES},
    )
    # the opponent's weights are not stored (their digest is): a table
    # against a random opponent is computed again
    if check and meta["opponent"] == _sha(np.ones(len(combos), dtype="<f8")):
        again = _compute_chunk(
            table.boards[:1],
            meta["game"],
            meta["bins"],
            np.ones(len(combos)),
            meta["potential"],
            None,
        )
        for k in FEATURES:
            if not np.array_equal(again[k][0], getattr(table, k)[0], equal_nan=True):
                raise StreetTableError(
                    f"{folder}: board 0's {k} differs from what this library computes"
                )
    return table


def read_street_table(path: str | os.PathLike[str], *, check: bool = True) -> StreetTable:
    """The table in the folder *path*, every chunk checked (see the module
    notes); with *check* (the default) the first board is computed again
    and compared (a table against a random opponent; a range's weights are
    not stored, only their digest).

    Raises
    ------
    StreetTableError
        A missing folder or chunk, damage, another format or library
        version, or values that differ from this library's.
    """
    check = flag(check, "check")
    folder = Path(path)
    meta = _read_meta(folder)
    if meta is None:
        raise StreetTableError(f"{str(folder)!r} holds no street table ({_META} is missing)")
    try:
        expected_keys = set(_meta("flop", "Hold'em", 1, np.ones(1), True, None, 1))
        if (
            set(meta) != expected_keys
            or meta["street"] not in STREETS
            or meta["file_format"] not in FILE_FORMATS
        ):
            raise StreetTableError(f"{folder / _META}: not a street table's parameters")
        if meta["library"] != pyrankcore.__version__:
            raise StreetTableError(
                f"{folder}: built by pyrankcore {meta['library']}, this is "
                f"{pyrankcore.__version__}; build it again"
            )
        tables, _omaha, _hole = board_game(meta["game"])
    except (KeyError, TypeError, ValueError):
        raise StreetTableError(f"{folder / _META}: not a street table's parameters") from None
    combos = combo_array(None, tables, 2)
    return _assemble(folder, meta, combos, check)
