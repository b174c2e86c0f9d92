"""NumPy batch evaluation: validate once per batch, then run nogil kernels."""

from __future__ import annotations

import threading
from typing import Any

from pyrankcore import _core
from pyrankcore.errors import DuplicateCardError, HandSizeError, InvalidCardError

__all__ = ["evaluate_batch"]

# Dtypes the kernel is compiled for; any other integer dtype is converted.
_KERNEL_DTYPES = frozenset("uint8 int8 uint16 int16 uint32 int32 uint64 int64".split())


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
    array([7297], dtype=uint16)
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
            f"{tables.name} rows need {tables.min_cards} to {tables.max_cards} "
            f"cards, got {k}")
    if arr.dtype.name not in _KERNEL_DTYPES or not arr.dtype.isnative:
        arr = arr.astype(np.int64)
    arr = np.ascontiguousarray(arr)
    out = _check_out(out, n, np)
    n_threads = _check_threads(threads)

    if n_threads == 1 or n < 2 * n_threads:
        first_bad = _core.evaluate_rows(arr, out, 0, n, tables)
    else:
        first_bad = _run_threads(arr, out, n, n_threads, tables)
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


def _run_threads(arr: Any, out: Any, n: int, n_threads: int, tables: Any) -> int:
    bounds = [n * i // n_threads for i in range(n_threads + 1)]
    results = [-1] * n_threads

    def work(i: int) -> None:
        results[i] = _core.evaluate_rows(arr, out, bounds[i], bounds[i + 1], tables)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(1, n_threads)]
    for w in workers:
        w.start()
    work(0)
    for w in workers:
        w.join()
    bad = [r for r in results if r >= 0]
    return min(bad) if bad else -1


def _raise_bad_row(arr: Any, row: int, tables: Any) -> None:
    values = [int(x) for x in arr[row]]
    for v in values:
        if not 0 <= v <= 51:
            raise InvalidCardError(f"row {row}: invalid card id {v} (not in 0..51)")
        if not tables.deck_mask >> v & 1:
            raise InvalidCardError(
                f"row {row}: card {_core.format_card(v)} is not in the "
                f"{tables.name} deck"
            )
    seen = set()
    for v in values:
        if v in seen:
            raise DuplicateCardError(f"row {row}: duplicate card {_core.format_card(v)}")
        seen.add(v)
    raise AssertionError(f"row {row} was flagged but looks valid: {values}")
