"""NumPy batch evaluation: validate once per batch, then run nogil kernels.

Every batch entry point (here and in :mod:`pyrankcore.ofc`) goes through the
same checks, in the same order as :func:`pyrankcore.evaluate`: the array's
type and shape, then each bad row's card ids, the game's deck, repeats. The
first bad row is named with the user's own values.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, overload

from pyrankcore import _core, games
from pyrankcore._args import thread_count
from pyrankcore._work import split_rows
from pyrankcore.errors import (
    HandSizeError,
    InvalidArgumentError,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pyrankcore._typing import (
        CardArray,
        CardId,
        Game,
        Strengths,
        SuitedRanking,
        SuitedStrengths,
    )

__all__ = ["evaluate_batch", "evaluate_omaha_batch"]


def _is_kernel_dtype(dtype: Any) -> bool:
    """A dtype the kernel is compiled for (signed or unsigned integers of
    8 to 64 bits, native byte order); any other integer dtype is converted.
    Read by kind and size: a dtype's name is built anew at each use (2 us,
    a fifth of a small batch's time)."""
    return dtype.kind in "iu" and dtype.itemsize in (1, 2, 4, 8) and dtype.isnative


# Suited strengths (a ranking with a suit tie-break) need 26 bits.
SUITED_DTYPE = "uint32"
# Fewer rows than this per thread are not worth a thread's start-up cost.
MIN_ROWS_PER_THREAD = 16_384


@overload
def evaluate_batch(  # type: ignore[overload-overlap]
    cards: CardArray,
    game: SuitedRanking,
    *,
    out: SuitedStrengths | None = None,
    threads: int | None = None,
) -> SuitedStrengths: ...
@overload
def evaluate_batch(  # type: ignore[overload-overlap]
    cards: CardArray,
    game: Game = "high",
    *,
    out: SuitedStrengths,
    threads: int | None = None,
) -> SuitedStrengths: ...
@overload
def evaluate_batch(
    cards: CardArray,
    game: Game = "high",
    *,
    out: Strengths | None = None,
    threads: int | None = None,
) -> Strengths: ...
def evaluate_batch(
    cards: CardArray,
    game: Game = "high",
    *,
    out: Strengths | SuitedStrengths | None = None,
    threads: int | None = None,
) -> Any:
    """Strengths of N hands given as an (N, k) integer array, k = 5 to 10.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44]]))
    array([7452], dtype=uint16)

    Parameters
    ----------
    cards
        Card ids, any integer dtype, any memory order (read-only is fine).
        Non-C-contiguous input is copied once.
    game
        Ranking to use: a name in ``pyrankcore.GAMES``, a Ranking, or a
        variant with one ranking ("Razz").
    out
        Optional writable C-contiguous uint16 array (uint32 for a suit
        tie-break ranking) of shape (N,) to fill; it must not share memory
        with *cards*.
    threads
        Split the rows across up to this many threads (the GIL is released
        while evaluating). None or 1: evaluate in the calling thread. Capped
        at the machine's cores and at one thread per 16,384 rows.

    Returns
    -------
    numpy.ndarray
        uint16 strengths of shape (N,); larger wins. For a ranking with a
        suit tie-break (``ranking("high", suit_tiebreak=...)``): uint32
        suited strengths, ``strength << 10 | suit key``, and *out* must be
        uint32.

    Raises
    ------
    InvalidCardError, DuplicateCardError
        For the first bad row, named in the message.
    HandSizeError
        The array is not 2-d or k is not 5 to 10 (the ranking's sizes: 1 to
        5 for "incomplete").
    InvalidArgumentError
        ``threads`` < 1, or a bad ``out`` (shape, layout, overlap).
    TypeError
        A non-integer dtype, a wrong type of ``out`` or ``threads``.
    """
    import numpy as np

    tables = games.ranking_tables(game)
    arr = card_matrix(cards, "cards")
    n, k = arr.shape
    top = _core.max_hand_cards(tables)
    if not tables.min_cards <= k <= top:
        raise HandSizeError(f"{tables.name} rows need {tables.min_cards} to {top} cards, got {k}")
    if k > tables.max_cards:
        best: Strengths = _best_of_subsets(arr, tables, out, threads)
        return best
    if tables.suited:
        return _evaluate_suited(arr, tables, out, threads)
    kernel = arr
    if kernel.dtype == object:
        kernel = as_uint8(kernel)
    elif not _is_kernel_dtype(kernel.dtype):
        kernel = kernel.astype(np.int64)
    kernel = np.ascontiguousarray(kernel)
    out = check_out(out, n, (arr, kernel))
    n_threads = thread_count(threads, n, MIN_ROWS_PER_THREAD)

    def rows(start: int, stop: int) -> int:
        return _core.evaluate_rows(kernel, out, start, stop, tables)

    first_bad = split_rows(rows, n, n_threads)
    if first_bad >= 0:
        _core.raise_flagged(tables, [int(v) for v in arr[first_bad]], row=first_bad)
    return out


def _evaluate_suited(arr: Any, tables: Any, out: Any, threads: int | None) -> Any:
    """evaluate_batch for a suit tie-break ranking (5 to 7 cards): uint32
    suited strengths, by the nogil row loop of prc_suits.h."""
    n = arr.shape[0]
    kernel = as_uint8(arr)  # ids outside 0..255 become 255, which is flagged
    out = check_out(out, n, (arr, kernel), SUITED_DTYPE)
    n_threads = thread_count(threads, n, MIN_ROWS_PER_THREAD)

    def rows(start: int, stop: int) -> int:
        return _core.evaluate_suited_rows(kernel, out, start, stop, tables)

    first_bad = split_rows(rows, n, n_threads)
    if first_bad >= 0:
        _core.raise_flagged(tables, [int(v) for v in arr[first_bad]], row=first_bad)
    return out


# Rows of 8 to 10 cards are expanded to their 7-card subsets (at most
# C(10, 7) = 120 a row) in blocks of about this many subset rows, so memory
# stays bounded whatever N is.
_SUBSET_BLOCK = 1 << 16


def _best_of_subsets(arr: Any, tables: Any, out: Any, threads: int | None) -> Any:
    """evaluate_batch for k > 7: each row's best 7-card subset, ranked by
    the 7-card kernels. Every pair of a row's cards shares some subset, so a
    bad row is flagged; it is reported with the user's own values. With
    wild="lowest" the wild cards depend on the whole row: each row is ranked
    under the equivalent fixed wild rank (see _core.lowest_wild_ranking)."""
    import numpy as np

    n, k = arr.shape
    cards = as_uint8(arr)  # ids outside 0..255 become 255, which is flagged
    dtype = SUITED_DTYPE if tables.suited else "uint16"
    out = check_out(out, n, (arr, cards), dtype)
    thread_count(threads, n, MIN_ROWS_PER_THREAD)  # the argument's checks, before any work
    subsets = np.array(list(combinations(range(k), 7)), dtype=np.intp)
    per_row = len(subsets)
    ranking = tables.ranking
    lowest = tables.has_wild and ranking.wild_lowest
    wild_ids = np.array(sorted(ranking.wild_ids), dtype=np.int64)
    step = max(1, _SUBSET_BLOCK // per_row)

    def best(block: Any, game: Any, first_row: int) -> Any:
        sub = np.ascontiguousarray(block[:, subsets].reshape(-1, 7))
        values = np.empty(len(sub), dtype=dtype)

        def rows(start: int, stop: int) -> int:
            if game.suited:  # the best suited strength of the subsets
                return _core.evaluate_suited_rows(sub, values, start, stop, game)
            return _core.evaluate_rows(sub, values, start, stop, game)

        bad = split_rows(rows, len(sub), thread_count(threads, len(sub), MIN_ROWS_PER_THREAD))
        if bad >= 0:
            row = first_row + bad // per_row
            _core.raise_flagged(tables, [int(v) for v in arr[row]], row=row)
        return values.reshape(-1, per_row).max(axis=1)

    for start in range(0, n, step):
        block = cards[start : start + step]
        result = best(block, tables, start)  # validates every row of the block
        if lowest:
            ids = block.astype(np.int64)
            natural = (ids < 52) & ~np.isin(ids, wild_ids) & (ids >> 2 != 12)
            low = np.where(natural, ids >> 2, 13).min(axis=1)
            for rank in np.unique(low).tolist():
                game = _core.tables_of(
                    _core.lowest_wild_ranking(ranking, None if rank == 13 else rank)
                )
                pick = low == rank
                result[pick] = best(block[pick], game, start)
        out[start : start + len(block)] = result
    return out


@overload
def evaluate_omaha_batch(  # type: ignore[overload-overlap]
    holes: CardArray,
    boards: CardArray | Sequence[CardId],
    game: SuitedRanking,
    *,
    out: SuitedStrengths | None = None,
    threads: int | None = None,
) -> SuitedStrengths: ...
@overload
def evaluate_omaha_batch(  # type: ignore[overload-overlap]
    holes: CardArray,
    boards: CardArray | Sequence[CardId],
    game: Game = "high",
    *,
    out: SuitedStrengths,
    threads: int | None = None,
) -> SuitedStrengths: ...
@overload
def evaluate_omaha_batch(
    holes: CardArray,
    boards: CardArray | Sequence[CardId],
    game: Game = "high",
    *,
    out: Strengths | None = None,
    threads: int | None = None,
) -> Strengths: ...
def evaluate_omaha_batch(
    holes: CardArray,
    boards: CardArray | Sequence[CardId],
    game: Game = "high",
    *,
    out: Strengths | SuitedStrengths | None = None,
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
        As for :func:`evaluate_batch` (an Omaha variant with one ranking,
        such as "Omaha", is accepted too, and its own hole and board counts
        are checked: "Courchevel" takes 5 hole cards). A card in a hand and on its board
        is a duplicate. A split-pot Omaha variant ("Omaha Hi-Lo 8", "Big O")
        gives both halves in one pass: an (N, 2) array of (high, low)
        strengths, low 0 where no low qualifies. A ranking with a suit
        tie-break gives uint32 suited strengths (out must be uint32); a
        split-pot variant with one is refused.

    Examples
    --------
    >>> import numpy as np
    >>> evaluate_omaha_batch(np.array([[51, 47, 0, 1]]), np.array([43, 39, 35, 2, 3]))
    array([7462], dtype=uint16)
    >>> evaluate_omaha_batch(np.array([[48, 0, 47, 46]]), np.array([4, 8, 12, 43, 39]),
    ...                      "Omaha Hi-Lo 8").tolist()
    [[7453, 56]]
    """
    g = games.resolve(game, omaha=True)
    if g.is_omaha and g.high is not None and g.low is not None:
        both: Strengths = _evaluate_omaha_hilo(holes, boards, g, out, threads)
        return both
    tables = g.tables
    hole_arr, board_arr, hole8, board8 = _omaha_inputs(holes, boards)
    g.check_sizes(hole_arr.shape[1], board_arr.shape[1])
    n = hole_arr.shape[0]
    if tables.min_cards > 5 or tables.max_cards < 5:
        raise HandSizeError(f"{tables.name} does not rank five-card hands")
    dtype = SUITED_DTYPE if tables.suited else "uint16"
    out_: Any = check_out(out, n, (hole_arr, board_arr, hole8, board8), dtype)
    n_threads = thread_count(threads, n, MIN_ROWS_PER_THREAD)

    def rows(start: int, stop: int) -> int:
        if tables.suited:
            return _core.evaluate_suited_omaha_rows(hole8, board8, out_, start, stop, tables)
        return _core.evaluate_omaha_rows(hole8, board8, out_, start, stop, tables)

    first_bad = split_rows(rows, n, n_threads)
    if first_bad >= 0:
        hole = [int(v) for v in hole_arr[first_bad]]
        board = [int(v) for v in board_arr[first_bad]]
        _core.raise_flagged(tables, hole + board, len(hole), row=first_bad)
    return out_


def _omaha_inputs(holes: Any, boards: Any) -> tuple[Any, Any, Any, Any]:
    """Checked Omaha arrays: (holes, boards) as given (a 1-d board shared by
    every row) and as uint8 for the kernels."""
    import numpy as np

    hole_arr = card_matrix(holes, "holes")
    board_arr = as_array(boards, "boards") if boards is not None else None
    if board_arr is not None and board_arr.ndim == 1:
        board_arr = np.broadcast_to(board_arr, (hole_arr.shape[0], board_arr.shape[0]))
    board_arr = card_matrix(board_arr, "boards")
    n, nh = hole_arr.shape
    _core.check_omaha_sizes(nh, board_arr.shape[1])
    if board_arr.shape[0] != n:
        raise HandSizeError(f"holes have {n} rows but boards have {board_arr.shape[0]}")
    return hole_arr, board_arr, as_uint8(hole_arr), as_uint8(board_arr)


def _evaluate_omaha_hilo(
    holes: Any, boards: Any, g: games.ResolvedGame, out: Any, threads: int | None
) -> Any:
    """evaluate_omaha_batch for a split-pot variant: (N, 2) high and low."""
    import numpy as np

    assert g.high is not None and g.low is not None
    purpose = "a split-pot Omaha batch"
    g.plain(purpose)
    high, low = g.high, g.low
    hole_arr, board_arr, hole8, board8 = _omaha_inputs(holes, boards)
    g.check_sizes(hole_arr.shape[1], board_arr.shape[1])
    n = hole_arr.shape[0]
    if out is None:
        out = np.empty((n, 2), dtype=np.uint16)
    elif not isinstance(out, np.ndarray) or out.dtype != np.uint16 or out.shape != (n, 2):
        raise InvalidArgumentError(f"out must be a uint16 array of shape ({n}, 2) for hi-lo")
    elif not out.flags.c_contiguous or not out.flags.writeable:
        raise InvalidArgumentError("out must be C-contiguous and writable")
    n_threads = thread_count(threads, n, MIN_ROWS_PER_THREAD)

    def rows(start: int, stop: int) -> int:
        return int(_core.evaluate_omaha_rows_hilo(hole8, board8, out, start, stop, high, low))

    first_bad = split_rows(rows, n, n_threads)
    if first_bad >= 0:
        hole = [int(v) for v in hole_arr[first_bad]]
        board = [int(v) for v in board_arr[first_bad]]
        # the card a deck lacks is named by that half's game
        outside_high = any(0 <= v < 64 and not high.deck_mask >> v & 1 for v in hole + board)
        _core.raise_flagged(high if outside_high else low, hole + board, len(hole), row=first_bad)
    return out


# --------------------------------------------------------------------------
# The shared validation path (also used by pyrankcore.ofc)


def card_matrix(cards: Any, what: str, from_list: bool | None = None) -> Any:
    """*cards* as a 2-d integer NumPy array (no copy when it already is one).

    A list holding Python ints beyond int64 becomes an object array of those
    exact ints (:func:`as_array`), so that the error can name the user's
    value; *from_list* says the input was a list when the caller converted
    it already.
    TypeError for None or a non-integer dtype; HandSizeError for another
    number of dimensions.
    """

    import numpy as np

    if cards is None:
        raise TypeError(f"{what} must be an (N, k) integer array, not None")
    arr = as_array(cards, what)
    if from_list is None:
        from_list = not isinstance(cards, np.ndarray)
    # object arrays only as as_array makes them from lists; a user's object
    # array is a wrong type
    exact_ints = from_list and arr.dtype == object and all(type(v) is int for v in arr.flat)
    if arr.dtype.kind not in "iu" and not exact_ints:
        raise TypeError(f"{what} must be an integer array, not dtype {arr.dtype}")
    if arr.ndim != 2:
        raise HandSizeError(f"{what} must be a 2-d (N, k) array, got shape {arr.shape}")
    return arr


def as_array(cards: Any, what: str) -> Any:
    """np.asarray(cards), with the errors of this library: HandSizeError (not
    numpy's ValueError) for ragged lists. Lists are read as users mean them:
    an empty list is an empty integer array (not float64), and a list of
    Python ints too large for int64 (which NumPy turns into float64 or
    object) is kept as an object array of those exact ints."""
    import numpy as np

    try:
        arr = np.asarray(cards)
    except (ValueError, OverflowError):
        raise HandSizeError(f"{what} must be an (N, k) array; its rows differ in length") from None
    if isinstance(cards, np.ndarray) or arr.dtype.kind in "iu":
        return arr
    if arr.size == 0 and arr.dtype.kind == "f":
        return arr.astype(np.int64)
    if arr.dtype.kind in "fO":
        exact = np.empty(arr.shape, dtype=object)
        try:
            exact[...] = cards
        except (ValueError, TypeError):
            return arr
        if all(type(v) is int for v in exact.flat):
            return exact
    return arr


def as_uint8(arr: Any) -> Any:
    """C-contiguous uint8 card ids for the byte kernels. Ids outside 0..255
    become 255, which every kernel flags as invalid; error messages are built
    from the original array, so the user's value is the one reported."""
    import numpy as np

    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype == object:  # exact Python ints (see as_array)
        clamp = np.frompyfunc(lambda v: v if 0 <= v <= 255 else 255, 1, 1)
        return np.ascontiguousarray(clamp(arr).astype(np.uint8))
    wide = arr.astype(np.int64)  # uint64 ids >= 2**63 wrap negative: invalid too
    return np.ascontiguousarray(np.where((wide < 0) | (wide > 255), 255, wide), np.uint8)


def check_out(out: Any, n: int, inputs: tuple[Any, ...], dtype: str = "uint16") -> Any:
    """A uint16 output of n rows (*dtype*: uint32 for suited strengths): a
    new array, or the caller's after checks.

    The kernels write rows while other threads read theirs, so an output
    that overlaps what the kernels read would corrupt the input: refused.
    """
    import numpy as np

    if out is None:
        return np.empty(n, dtype=dtype)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, not {type(out).__name__}")
    if out.dtype != np.dtype(dtype):
        why = " (suited strengths of a suit tie-break ranking)" if dtype == SUITED_DTYPE else ""
        raise TypeError(f"out must have dtype {dtype}{why}, not {out.dtype}")
    if out.shape != (n,):
        raise InvalidArgumentError(f"out must have shape ({n},), not {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise InvalidArgumentError("out must be C-contiguous and writable")
    for arr in inputs:
        if np.may_share_memory(out, arr) and np.shares_memory(out, arr):
            raise InvalidArgumentError("out must not share memory with the input cards")
    return out
