"""NumPy batch evaluation: validate once per batch, then run nogil kernels."""

from __future__ import annotations

from typing import Any

from pyrankcore import _core
from pyrankcore.errors import DuplicateCardError, HandSizeError, InvalidCardError

__all__ = ["evaluate_batch", "evaluate_omaha_batch"]

# Dtypes the kernel is compiled for; any other integer dtype is converted.
_KERNEL_DTYPES = frozenset(
    ["uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64"]
)


def evaluate_batch(
    cards: Any,
    game: str = "high",
    *,
    out: Any = None,
    threads: int | None = None,
) -> Any:
    """Strengths of N hands given as an (N, k) integer array, k = 5, 6 or 7.

    Parameters
    ----------
    cards
        Card ids, any integer dtype, any memory order (read-only is fine).
        Non-C-contiguous input is copied once.
    game
        Ranking to use; see ``pyrankcore.GAMES``.
    out
        Optional writable C-contiguous uint16 array of shape (N,) to fill.
    threads
        Split the rows across this many threads (the GIL is released while
        evaluating). None or 1: evaluate in the calling thread.

    Returns
    -------
    numpy.ndarray
        uint16 strengths of shape (N,); larger wins.

    Raises
    ------
    InvalidCardError, DuplicateCardError
        For the first bad row, named in the message.
    HandSizeError
        The array is not 2-d or k is not 5, 6 or 7.
    TypeError
        A non-integer dtype, or a bad ``out``.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44]]))
    array([7452], dtype=uint16)
    """
    import numpy as np

    tables = _core.resolve_game(game)
    if cards is None:
        raise TypeError("cards must be an (N, k) integer array, not None")
    arr = np.asarray(cards)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"cards must be an integer array, not dtype {arr.dtype}")
    if arr.ndim != 2:
        raise HandSizeError(f"cards must be a 2-d (N, k) array, got shape {arr.shape}")
    n, k = arr.shape
    if not tables.min_cards <= k <= tables.max_cards:
        raise HandSizeError(
            f"{tables.name} rows need {tables.min_cards} to {tables.max_cards} cards, got {k}"
        )
    if arr.dtype.name not in _KERNEL_DTYPES or not arr.dtype.isnative:
        arr = arr.astype(np.int64)
    arr = np.ascontiguousarray(arr)
    out = _check_out(out, n, np)
    n_threads = _check_threads(threads)

    def rows(start: int, stop: int) -> int:
        return _core.evaluate_rows(arr, out, start, stop, tables)

    first_bad = _split(rows, n, n_threads)
    if first_bad >= 0:
        _raise_bad_row(arr, first_bad, tables)
    return out


def _check_out(out: Any, n: int, np: Any) -> Any:
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, not {type(out).__name__}")
    if out.dtype != np.uint16:
        raise TypeError(f"out must have dtype uint16, not {out.dtype}")
    if out.shape != (n,):
        raise ValueError(f"out must have shape ({n},), not {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writable")
    return out


def _check_threads(threads: int | None) -> int:
    if threads is None:
        return 1
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return threads


def _raise_bad_row(arr: Any, row: int, tables: Any, label: int | None = None) -> None:
    values = [int(x) for x in arr[row]]
    row = row if label is None else label
    for v in values:
        if not 0 <= v <= 51:
            raise InvalidCardError(f"row {row}: invalid card id {v} (not in 0..51)")
        if not tables.deck_mask >> v & 1:
            raise InvalidCardError(
                f"row {row}: card {_core.format_card(v)} is not in the {tables.name} deck"
            )
    seen = set()
    for v in values:
        if v in seen:
            raise DuplicateCardError(f"row {row}: duplicate card {_core.format_card(v)}")
        seen.add(v)
    raise AssertionError(f"row {row} was flagged but looks valid: {values}")


def evaluate_omaha_batch(
    holes: Any,
    boards: Any,
    game: Any = "high",
    *,
    out: Any = None,
    threads: int | None = None,
) -> Any:
    """Omaha strengths for N hands: exactly two hole cards and three board cards.

    Parameters
    ----------
    holes
        (N, h) integer card ids, h = 4, 5 or 6.
    boards
        (N, b) integer card ids, b = 3, 4 or 5; a 1-d board of b cards is
        shared by every row.
    game, out, threads
        As for :func:`evaluate_batch`. A card in a hand and on its board is a
        duplicate.

    >>> import numpy as np
    >>> evaluate_omaha_batch(np.array([[51, 47, 0, 1]]), np.array([43, 39, 35, 2, 3]))
    array([7462], dtype=uint16)
    """
    import numpy as np

    tables = _core.resolve_game(game)
    hole_arr = _card_matrix(holes, "holes", np)
    board_arr = np.asarray(boards) if boards is not None else None
    if board_arr is not None and board_arr.ndim == 1:
        board_arr = np.broadcast_to(board_arr, (hole_arr.shape[0], board_arr.shape[0]))
    board_arr = _card_matrix(board_arr, "boards", np)
    n, nh = hole_arr.shape
    nb = board_arr.shape[1]
    _core.check_omaha_sizes(nh, nb)
    if board_arr.shape[0] != n:
        raise ValueError(f"holes have {n} rows but boards have {board_arr.shape[0]}")
    if tables.min_cards > 5 or tables.max_cards < 5:
        raise HandSizeError(f"{tables.name} does not rank five-card hands")
    hole8, board8 = _as_uint8(hole_arr, np), _as_uint8(board_arr, np)
    out = _check_out(out, n, np)
    n_threads = _check_threads(threads)

    def rows(start: int, stop: int) -> int:
        return _core.evaluate_omaha_rows(hole8, board8, out, start, stop, tables)

    first_bad = _split(rows, n, n_threads)
    if first_bad >= 0:
        _raise_bad_row(
            np.concatenate([hole8[first_bad], board8[first_bad]])[None], 0, tables, label=first_bad
        )
    return out


def _card_matrix(cards: Any, what: str, np: Any) -> Any:
    if cards is None:
        raise TypeError(f"{what} must be an (N, k) integer array, not None")
    arr = np.asarray(cards)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array, not dtype {arr.dtype}")
    if arr.ndim != 2:
        raise HandSizeError(f"{what} must be a 2-d (N, k) array, got shape {arr.shape}")
    return arr


def _as_uint8(arr: Any, np: Any) -> Any:
    """uint8 copy of card ids; anything outside 0..255 becomes 255 (invalid)."""
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    wide = arr.astype(np.int64)
    return np.ascontiguousarray(np.where((wide < 0) | (wide > 255), 255, wide), np.uint8)


def _split(rows: Any, n: int, n_threads: int) -> int:
    """Run rows(start, stop) over [0, n) on n_threads threads; first bad row."""
    if n_threads == 1 or n < 2 * n_threads:
        return int(rows(0, n))
    import threading

    bounds = [n * i // n_threads for i in range(n_threads + 1)]
    results = [-1] * n_threads

    def work(i: int) -> None:
        results[i] = rows(bounds[i], bounds[i + 1])

    workers = [threading.Thread(target=work, args=(i,)) for i in range(1, n_threads)]
    for w in workers:
        w.start()
    work(0)
    for w in workers:
        w.join()
    bad = [r for r in results if r >= 0]
    return min(bad) if bad else -1
