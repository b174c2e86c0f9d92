# Row loops over NumPy arrays, without the GIL. Every shape, dtype and size
# check happens before (pyrankcore/batch.py); the loops only flag bad rows.

# Pick the row loops for this CPU once, at import, before any thread runs.
# The tiers of this build (src/prc_tiers.h), slowest first: "portable",
# "popcnt", "avx2", "avx512" on x86-64, "portable", "neon" on arm64.
_ROW_KERNELS = tuple(prc_tier_name(i).decode("ascii") for i in range(prc_tier_count()))
prc_tier_select(prc_tier_best())


def row_loop():
    """The row loops evaluate_batch uses now: "portable", "popcnt", "avx2",
    "avx512" or "neon" (the best this CPU runs, unless a test chose another)."""
    return _ROW_KERNELS[prc_tier_current()]


def row_loops():
    """Every row loop this CPU and OS run, slowest first ("portable",
    "popcnt", "avx2", "avx512" on x86-64; "portable", "neon" on arm64): the
    last is the one evaluate_batch uses."""
    return _ROW_KERNELS[:prc_tier_best() + 1]


cdef object _driver_tables(list arrays):
    """Tables in the TABLES format of the arm64 driver
    (tests/native_safety/arm64/driver.c): each array as an int64 count of
    uint16 entries, then the entries, in native byte order (a uint64 array
    as four entries an element, None as a count of 0)."""
    import numpy as np
    parts = []
    for array in arrays:
        data = b"" if array is None else np.ascontiguousarray(array).tobytes()
        parts += [np.int64(len(data) // 2).tobytes(), data]
    return b"".join(parts)


cdef object _u16_copy(const uint16_t *table, Py_ssize_t n):
    """A copy of n entries of a uint16 table (for _driver_tables), None for
    NULL."""
    import numpy as np
    if table == NULL:
        return None
    return np.array(<const uint16_t[:n]>table, dtype=np.uint16)


# The compiler and the compile flags the extension was built with.
BUILD_COMPILER = PRC_BUILD_COMPILER.decode("ascii", "replace")
BUILD_FLAGS = PRC_BUILD_FLAGS.decode("ascii", "replace")


ctypedef fused card_t:
    uint8_t
    int8_t
    uint16_t
    int16_t
    uint32_t
    int32_t
    uint64_t
    int64_t


cdef inline uint16_t _row_high(const card_t *p, int n, int *bad) noexcept nogil:
    """Strength of one row of any integer dtype; sets bad[0] for an invalid
    or repeated card. Wider ids are clamped to 255 (an invalid byte) so that
    every dtype shares the byte kernel's branch-free validation."""
    cdef uint8_t ids[7]
    cdef int i
    if card_t is uint8_t:
        return prc_eval_high_checked(p, n, bad)
    for i in range(n):
        ids[i] = <uint8_t>p[i] if <uint64_t>p[i] < 256 else 255
    return prc_eval_high_checked(ids, n, bad)


cdef inline uint16_t _row_game(const prc_game_t *g, const card_t *p, int n,
                               int *bad) noexcept nogil:
    cdef uint8_t ids[7]
    cdef int i
    if card_t is uint8_t:
        return prc_eval_game_checked(g, p, n, bad)
    for i in range(n):
        ids[i] = <uint8_t>p[i] if <uint64_t>p[i] < 256 else 255
    return prc_eval_game_checked(g, ids, n, bad)


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_rows(const card_t[:, ::1] cards, uint16_t[::1] out,
                  Py_ssize_t start, Py_ssize_t stop, game="high"):
    """Fill out[start:stop] with the strengths of those rows, without the GIL.

    Returns the index of the first invalid row (bad id, repeated card, or a
    card the game's deck lacks), or -1. Rows after a bad one are left
    unwritten. Shapes are checked by the caller (pyrankcore.batch).
    """
    cdef Py_ssize_t i = start, k = cards.shape[1]
    cdef int bad = 0
    cdef GameTables t = _plain_tables_of(game, "evaluate_rows (uint16)")
    cdef const prc_game_t *g = &t.game
    cdef const prc_game_t *rows_game
    # Kernels copy a row into 7-card buffers: never let a count past them.
    check_hand_size(t, k)
    _check_span(start, stop, cards.shape[0], out.shape[0])
    if stop <= start:
        return -1
    cdef long first_bad = -1
    if t.has_wild:
        return _wild_rows(t, cards, out, start, stop)
    if card_t is uint8_t:
        # The common case: the row loop is C (prc_rows), with the kernel
        # inlined for each hand size. The high game reads its static tables
        # directly (no game pointer).
        rows_game = g
        if t is _HIGH:
            rows_game = NULL
        with nogil:
            first_bad = prc_rows(rows_game, &cards[0, 0], <int>k, &out[0], start, stop)
        return first_bad
    # Wider dtypes: each row is narrowed to bytes first (ids >= 256 become
    # the invalid 255), then the same kernels.
    with nogil:
        for i in range(start, stop):
            if t is _HIGH:
                out[i] = _row_high(&cards[i, 0], <int>k, &bad)
            else:
                out[i] = _row_game(g, &cards[i, 0], <int>k, &bad)
            if bad:
                break
    return i if bad else -1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef long _wild_rows(GameTables t, const card_t[:, ::1] cards, uint16_t[::1] out,
                     Py_ssize_t start, Py_ssize_t stop):
    """evaluate_rows for a wild-card game (sizes already checked)."""
    cdef Py_ssize_t i, j, k = cards.shape[1]
    cdef uint8_t ids[7]
    cdef int bad = 0
    cdef long first_bad = -1
    with nogil:
        if card_t is uint8_t:
            first_bad = prc_wild_rows(&t.wild, &cards[0, 0], <int>k, &out[0], start, stop)
        else:
            for i in range(start, stop):
                for j in range(k):
                    ids[j] = <uint8_t>cards[i, j] if <uint64_t>cards[i, j] < 256 else 255
                out[i] = prc_wild_eval(&t.wild, ids, <int>k, &bad)
                if bad:
                    first_bad = i
                    break
    return first_bad


cdef _check_span(Py_ssize_t start, Py_ssize_t stop, Py_ssize_t rows,
                 Py_ssize_t out_rows):
    if not (0 <= start <= rows and start <= stop <= rows and stop <= out_rows):
        raise InvalidArgumentError(
            f"rows {start}:{stop} are outside the {rows} input rows "
            f"or the {out_rows} output rows")


cdef extern from "prc_eval.h" nogil:
    uint16_t prc_high_value(uint64_t key, uint64_t bits)
    uint16_t prc_game_value(const prc_game_t *g, uint64_t key, uint64_t bits, int n)


@cython.boundscheck(False)
@cython.wraparound(False)
def enumerate_counts(int k, game="high"):
    """Count strengths over every k-card hand from the game's deck.

    Returns an int64 NumPy array indexed by strength (0 = no qualifying
    hand). Each hand's strength comes from the value functions every row
    loop ends in (prc_high_value, prc_game_value), fed with card sums
    built one card at a time: the first k - 1 cards' sums are kept per
    position, so most hands cost one addition and one lookup.
    """
    import numpy as np
    cdef GameTables t = _plain_tables_of(game, "enumerate_counts")
    check_hand_size(t, k)
    if t.has_wild:
        raise InvalidArgumentError(
            f"enumerate_counts does not cover wild-card games ({t.name}); "
            f"evaluate_batch every hand instead")
    # The deck's cards in id order, as their key and suit-major bit: the
    # cards are distinct and in the deck, so no sum needs validating.
    cdef uint64_t card_key[52]
    cdef uint64_t card_bits[52]
    cdef int i, j, last, m = 0
    for i in range(52):
        if (t.deck_mask >> i) & 1:
            card_key[m] = prc_card16[2 * i]
            card_bits[m] = prc_card16[2 * i + 1]
            m += 1
    result = np.zeros(t.n_classes + 1, dtype=np.int64)
    if m < k:
        return result
    cdef int64_t[::1] counts = result
    # idx[0..k-2]: deck positions of the first k - 1 cards, increasing;
    # key_sum[j], bit_sum[j]: the sums over the first j of them. (Games of
    # one card have no first cards: one pass of the last card's loop.)
    cdef int idx[7]
    cdef uint64_t key_sum[8]
    cdef uint64_t bit_sum[8]
    cdef uint64_t key, bits
    cdef bint high = t is _HIGH
    cdef const prc_game_t *g = &t.game
    key_sum[0] = PRC_SUIT_START
    bit_sum[0] = 0
    for j in range(k - 1):
        idx[j] = j
        key_sum[j + 1] = key_sum[j] + card_key[j]
        bit_sum[j + 1] = bit_sum[j] + card_bits[j]
    with nogil:
        while True:
            key = key_sum[k - 1]
            bits = bit_sum[k - 1]
            for last in range(idx[k - 2] + 1 if k >= 2 else 0, m):
                if high:
                    counts[prc_high_value(key + card_key[last], bits + card_bits[last])] += 1
                else:
                    counts[prc_game_value(g, key + card_key[last],
                                          bits + card_bits[last], k)] += 1
            # the next k - 1 positions, lexicographic; position j ends at
            # m - k + j so that the last card still has a place after it
            i = k - 2
            while i >= 0 and idx[i] == m - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for j in range(i + 1, k - 1):
                idx[j] = idx[j - 1] + 1
            for j in range(i, k - 1):
                key_sum[j + 1] = key_sum[j] + card_key[idx[j]]
                bit_sum[j + 1] = bit_sum[j] + card_bits[idx[j]]
    return result


@cython.boundscheck(False)
@cython.wraparound(False)
def first_bad_row(const uint8_t[:, ::1] cards):
    """Index of the first row holding an id above 51 or a repeated card, or
    -1; without the GIL (a bit mask per row, as in the kernels)."""
    cdef Py_ssize_t i, j, n = cards.shape[0], k = cards.shape[1], bad = -1
    cdef uint64_t seen, total, bit
    cdef bint invalid
    with nogil:
        for i in range(n):
            seen = 0
            total = 0
            invalid = False
            for j in range(k):
                bit = prc_card_bit[cards[i, j]]   # 0 for ids 52..255
                invalid |= bit == 0
                seen |= bit
                total += bit
            if invalid or seen != total:
                bad = i
                break
    return bad
