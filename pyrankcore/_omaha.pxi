# Omaha: exactly two of 4-6 hole cards and three of 3-5 board cards.

def evaluate_omaha(hole, board, game="high"):
    """Best hand from exactly two of 4-6 hole cards and three of 3-5 board
    cards (Omaha, Big O / five-card Omaha, six-card Omaha). *game* is a
    ranking, or an Omaha variant with one ranking ("Omaha", "PLO5"), whose
    own hole and board counts the hand must have (HandSizeError otherwise).

    >>> evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h")
    7462
    """
    cdef GameTables t = public_tables(game, hole, board)
    if t.suited:  # a suit tie-break ranking: _suits.pxi
        return evaluate_suited_omaha(hole, board, t)
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int bad = 0, i
    if isinstance(hole, (list, tuple)) and isinstance(board, (list, tuple)):
        check_omaha_sizes(len(hole), len(board))
    hole_ids = _ids_of(hole)
    board_ids = _ids_of(board)
    check_omaha_sizes(len(hole_ids), len(board_ids))
    _check_five_card_ranking(t)
    cdef uint64_t seen = 0, bit
    cdef bint repeated = False
    cdef int nh = len(hole_ids), nb = len(board_ids)
    for i in range(nh):
        h[i] = hole_ids[i]
        bit = (<uint64_t>1) << h[i]
        repeated |= (seen & bit) != 0
        seen |= bit
    for i in range(nb):
        b[i] = board_ids[i]
        bit = (<uint64_t>1) << b[i]
        repeated |= (seen & bit) != 0
        seen |= bit
    if repeated or (seen & ~t.deck_mask):
        # the precise error: the deck first, as everywhere, then repeats
        check_cards(t, hole_ids + board_ids, nh)
    if t.has_wild:
        return prc_wild_omaha(&t.wild, h, nh, b, nb)
    if t.game.flush_mode == PRC_FLUSH_LOW:
        return prc_omaha_checked(&t.game, h, nh, b, nb, &bad)
    cdef uint16_t out = 0
    if prc_omaha_rows(&t.game, _omaha_tables(t), h, nh, b, nb, &out, 0, 1) >= 0:
        raise AssertionError("a validated Omaha hand was rejected")
    return out


cdef _check_omaha_variant(object resolved, object hole, object board):
    """An Omaha variant's own card counts ("Big O" deals five hole cards)."""
    n_hole, n_board = len(_ids_of(hole)), len(_ids_of(board))
    check_omaha_sizes(n_hole, n_board)
    resolved.check_sizes(n_hole, n_board)


cdef _check_five_card_ranking(GameTables t):
    if t.min_cards > 5 or t.max_cards < 5:
        raise HandSizeError(f"{t.name} does not rank five-card hands")
    if t.wild.lowest:
        raise InvalidArgumentError(
            f"{t.name}: the lowest-card wild rule is not defined for Omaha "
            f"(which cards make a player's hand: hole cards, or each five?)")


cdef const prc_omaha_t *_omaha_tables(GameTables t) except NULL:
    """The game's fast-Omaha tables (about 2 MB and a fraction of a
    second; see prc_omaha_rows), built on first use. Only for games whose
    flushes are ignored or dominant.

    Built and published under the build lock, once: another thread's nogil
    loop may already be reading them, so they are never replaced."""
    cdef GameTables base
    with _build_lock:
        if t._omaha_arrays is None:
            if t.base is not None or t._shared is not None:
                # a ranking with suit options ranks with its plain ranking's
                # tables, a renamed one with those of the same rules: share
                # their Omaha tables too (the lock is re-entrant)
                base = t.base if t.base is not None else t._shared
                _omaha_tables(base)
                t.omaha = base.omaha
                t._omaha_arrays = base._omaha_arrays   # published last
            else:
                _build_omaha_tables(t)
        return &t.omaha


cdef _build_omaha_tables(GameTables t):
    import numpy as np
    cdef uint32_t mult[13]
    cdef int r
    for r in range(13):
        mult[r] = <uint32_t>(prc_card_key[r * 4] & 0xFFFFFFFF)
    patterns = [pat for pat in _rank_multisets() if 3 <= sum(pat) <= 5]
    # One spare entry past each table: the vector loops read 4 bytes for a
    # uint16 entry, so the last entry's read stays inside (as PRC_RANK_LEN).
    pattern_of_slot = np.zeros(PRC_BOARD_SLOTS + 1, dtype=np.uint16)   # by board slot
    board_counts = np.array(patterns, dtype=np.int32)
    best = np.zeros(len(patterns) * PRC_N_PAIR_COLUMNS + 1, dtype=np.uint16)
    cdef uint16_t[::1] slot_view = pattern_of_slot
    cdef const int32_t[:, ::1] counts = board_counts
    cdef uint16_t[::1] best_view = best
    cdef Py_ssize_t p, n_patterns = len(patterns)
    cdef int a, b, c, h1, h2, i
    cdef uint32_t total, triple
    cdef uint16_t v
    cdef int cnt[13]
    with nogil:
        for p in range(n_patterns):
            for r in range(13):
                cnt[r] = counts[p, r]
            # distinct three-card sub-multisets a <= b <= c of the board
            for a in range(13):
                if cnt[a] == 0:
                    continue
                for b in range(a, 13):
                    if cnt[b] < 1 + (b == a):
                        continue
                    for c in range(b, 13):
                        if cnt[c] < 1 + (c == a) + (c == b):
                            continue
                        triple = mult[a] + mult[b] + mult[c]
                        for h2 in range(13):
                            for h1 in range(h2 + 1):
                                # the hole pair and the whole board share a
                                # deck: at most four cards of a rank
                                if cnt[h1] + 1 + (h1 == h2) > 4 or cnt[h2] + 1 > 4:
                                    continue
                                total = triple + mult[h1] + mult[h2]
                                v = t.game.rank[prc_rank_slot(total)]
                                i = <int>p * PRC_N_PAIR_COLUMNS + h2 * (h2 + 1) // 2 + h1
                                if v > best_view[i]:
                                    best_view[i] = v
    # Boards whose rows are equal share one: a low game's rows depend only
    # on the board's distinct low ranks (a few hundred of some 8,500), so
    # its table fits in L2 and the hi-lo pass reads it almost for free.
    best, row_of_pattern = _shared_rows(best, n_patterns)
    best_view = best
    for p in range(n_patterns):
        slot_view[_board_slot_of_counts(patterns[p], mult)] = <uint16_t>row_of_pattern[p]
    flush_arrays = None
    if t.game.flush_mode == PRC_FLUSH_DOMINANT:
        flush_arrays = _build_omaha_flush_tables(t)
    low_best = None
    if t.game.flush_mode == PRC_FLUSH_IGNORED:
        low_best = _build_omaha_low_sets(t, mult, patterns)
    flush_row, flush_best = flush_arrays if flush_arrays is not None else (None, None)
    best, pattern_of_slot, flush_row, flush_best, low_best = _packed_tables(
        [best, pattern_of_slot, flush_row, flush_best, low_best])
    if flush_arrays is not None:
        flush_arrays = (flush_row, flush_best)
    cdef const uint16_t[::1] packed_view
    packed_view = pattern_of_slot
    t.omaha.pattern_of_slot = &packed_view[0]
    packed_view = best
    t.omaha.best = &packed_view[0]
    t.omaha.prefetch_rows = best.nbytes > PRC_OMAHA_PREFETCH_BYTES
    cdef const uint16_t[::1] flush_row_view, flush_best_view
    if flush_arrays is not None:
        flush_row_view, flush_best_view = flush_arrays
        t.omaha.flush_row = &flush_row_view[0]
        t.omaha.flush_best = &flush_best_view[0]
    cdef const uint16_t[::1] low_best_view
    if low_best is not None:
        low_best_view = low_best
        t.omaha.low_best = &low_best_view[0]
    t._omaha_arrays = (pattern_of_slot, best, flush_arrays, low_best)   # published last


cdef object omaha_driver_tables(game):
    """A game's fast-Omaha tables (prc_omaha_t), built on first use, in the
    TABLES format of the arm64 driver (tests/native_safety/arm64/driver.c,
    see _driver_tables): pattern_of_slot, best, flush_row, flush_best,
    low_best (a count of 0 where the game has none) and low_bit (16
    entries). For the C row loops built for another architecture, which
    load the same tables from a file."""
    import numpy as np
    cdef GameTables t = _plain_tables_of(game, "omaha_driver_tables")
    _check_five_card_ranking(t)
    if t.has_wild or t.game.flush_mode == PRC_FLUSH_LOW:
        raise InvalidArgumentError(
            f"{t.name}: Omaha pattern tables are built only for rankings without wild "
            f"cards whose flushes are ignored or dominant")
    cdef const prc_omaha_t *o = _omaha_tables(t)
    pattern_of_slot, best, flush_arrays, low_best = t._omaha_arrays
    flush_row, flush_best = flush_arrays if flush_arrays is not None else (None, None)
    low_bit = np.array([o.low_bit[r] for r in range(16)], dtype=np.uint16)
    return _driver_tables([pattern_of_slot, best, flush_row, flush_best, low_best, low_bit])


cdef object _build_omaha_low_sets(GameTables t, const uint32_t *mult, list patterns):
    """The best low of each pair of rank sets (board, hole cards), for a low
    game whose only hands are five distinct ranks from at most eight ranks
    (see prc_omaha_t.low_best); sets t.omaha.low_bit. None, and nothing
    set, for any other game."""
    import numpy as np
    cdef int rank_of_bit[8]
    cdef int n_low = 0, r, i, m, p, n_bits
    cdef uint16_t v
    cdef uint32_t used = 0
    # Every five-card rank multiset that ranks at all must be five distinct
    # ranks; the ranks they use make the set.
    for pat in patterns:
        if sum(pat) != 5:
            continue
        total = 0
        for r in range(13):
            total += pat[r] * mult[r]
        if t.game.rank[prc_rank_slot(<uint32_t>total)] == 0:
            continue
        if max(pat) > 1:
            return None
        for r in range(13):
            if pat[r]:
                used |= 1u << r
    for r in range(13):
        if used >> r & 1:
            if n_low == 8:
                return None
            rank_of_bit[n_low] = r
            n_low += 1
    if n_low < 5:
        return None
    # One entry more than the sets index: the AVX-512 loop reads entries
    # with 32-bit gathers, two entries at a time.
    low_best = np.zeros((1 << 16) + 1, dtype=np.uint16)
    cdef uint16_t[::1] out = low_best
    cdef uint32_t total_key, board_free, hole_free, bs, hs, pair_bits, three
    with nogil:
        for m in range(256):
            n_bits = 0
            total_key = 0
            for i in range(8):
                if m >> i & 1:
                    n_bits += 1
                    if i < n_low:
                        total_key += mult[rank_of_bit[i]]
            if n_bits != 5 or m >> n_low:
                continue
            v = t.game.rank[prc_rank_slot(total_key)]
            if v == 0:
                continue
            # every split of the five ranks into two from the hand and three
            # from the board, and every board and hole set holding them
            for p in range(256):
                if (p & ~m) or _popcount8(p) != 2:
                    continue
                pair_bits = <uint32_t>p
                three = <uint32_t>(m & ~p)
                board_free = 0xFF & ~three
                bs = board_free
                while True:
                    hole_free = 0xFF & ~pair_bits
                    hs = hole_free
                    while True:
                        i = <int>(((three | bs) << 8) | pair_bits | hs)
                        if v > out[i]:
                            out[i] = v
                        if hs == 0:
                            break
                        hs = (hs - 1) & hole_free
                    if bs == 0:
                        break
                    bs = (bs - 1) & board_free
    for r in range(16):
        t.omaha.low_bit[r] = 0
    for i in range(n_low):
        t.omaha.low_bit[rank_of_bit[i]] = <uint8_t>(1 << i)
    low_best.flags.writeable = False
    return low_best


cdef inline int _popcount8(int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef uint32_t _board_slot_of_counts(tuple counts, const uint32_t *mult):
    """Slot of a board's rank pattern (3 to 5 cards) in the boards' hash."""
    cdef uint32_t total = 0
    cdef int r
    for r in range(13):
        total += <uint32_t>counts[r] * mult[r]
    return prc_board_slot(total)


cdef tuple _shared_rows(object best, Py_ssize_t n_patterns):
    """The distinct pattern rows of *best* (n_patterns rows of the pair
    columns and the spare entry), in the order each first appears, with the
    spare entry after them; and the new row of each pattern."""
    import numpy as np
    rows = best[: n_patterns * PRC_N_PAIR_COLUMNS].reshape(n_patterns, PRC_N_PAIR_COLUMNS)
    # each row as one opaque item: equal bytes, equal rows
    items = rows.view(np.dtype((np.void, rows.itemsize * PRC_N_PAIR_COLUMNS))).reshape(-1)
    _, first, inverse = np.unique(items, return_index=True, return_inverse=True)
    order = np.argsort(first)          # kept rows, by first appearance
    new_row = np.empty(len(first), dtype=np.intp)
    new_row[order] = np.arange(len(first))
    shared = _aligned_zeros(len(first) * PRC_PATTERN_STRIDE + 1)
    shared[:-1].reshape(-1, PRC_PATTERN_STRIDE)[:, :PRC_N_PAIR_COLUMNS] = rows[first[order]]
    return shared, new_row[inverse.reshape(-1)]


# The page the Omaha tables ask for: 2 MB, the x86-64 and arm64 huge page.
_HUGE_PAGE = 2 << 20


cdef tuple _packed_tables(list arrays):
    """Read-only copies of the uint16 *arrays* (None kept), one after
    another in one buffer, each on a 64-byte cache line. The Omaha loops
    read a random pattern row a hand: spread over some 480 pages of 4 KB,
    the rows cost a TLB miss a hand, so on Linux the buffer is a private
    mapping that starts on a 2 MB page and asks for transparent huge pages
    (one TLB entry: the built-in rankings' tables take under 2 MB). Tables
    under a quarter of that (a low game's shared rows) stay in ordinary
    pages, as everywhere the kernel declines or has no such advice."""
    import numpy as np
    sizes = [0 if a is None else -(-a.nbytes // 64) * 64 for a in arrays]
    total = max(sum(sizes), 64)
    try:
        import mmap
        if total < _HUGE_PAGE // 4:
            raise ValueError("small enough for ordinary pages")
        pages = -(-total // _HUGE_PAGE) * _HUGE_PAGE
        region = mmap.mmap(-1, pages + _HUGE_PAGE,
                           flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        region.madvise(mmap.MADV_HUGEPAGE)
        raw = np.frombuffer(region, dtype=np.uint8)
        at = -raw.ctypes.data % _HUGE_PAGE
    except (AttributeError, OSError, ValueError):   # no such mapping or advice here
        raw = np.zeros(total + 64, dtype=np.uint8)
        at = -raw.ctypes.data % 64
    copies = []
    for array, size in zip(arrays, sizes):
        if array is None:
            copies.append(None)
            continue
        copy = raw[at : at + array.nbytes].view(np.uint16)
        copy[:] = array
        copy.flags.writeable = False
        copies.append(copy)
        at += size
    return tuple(copies)


cdef object _aligned_zeros(Py_ssize_t n):
    """n zero uint16 entries starting on a 64-byte cache line."""
    import numpy as np
    raw = np.zeros(n + 32, dtype=np.uint16)
    skip = (-raw.ctypes.data % 64) // 2
    return raw[skip : skip + n]


cdef _build_omaha_flush_tables(GameTables t):
    """Flushes in Omaha (flush-dominant games): for every rank mask of one
    suit's 3 to 5 board cards (2,288 masks, a row each) and every pair of
    hole ranks of that suit (the pair columns), the best flush of the pair
    and three of those board cards. A hand's flush then costs one lookup
    (per suited hole pair). Returns (row of mask, best), read-only."""
    import numpy as np
    masks = np.array([m for m in range(1 << 13) if 3 <= bin(m).count("1") <= 5],
                     dtype=np.uint16)
    flush_row = np.zeros((1 << 13) + 1, dtype=np.uint16)   # + the spare entry
    flush_best = np.zeros(len(masks) * PRC_N_PAIR_COLUMNS + 1, dtype=np.uint16)
    cdef uint16_t[::1] row_view = flush_row
    cdef uint16_t[::1] best_view = flush_best
    cdef const uint16_t[::1] mask_of_row = masks
    cdef const uint16_t *flush = t.game.flush
    cdef Py_ssize_t row, n_rows = len(masks)
    cdef unsigned m, pair, x, y, z
    cdef int h1, h2
    cdef uint16_t v, top
    for row in range(n_rows):
        row_view[mask_of_row[row]] = <uint16_t>row
    with nogil:
        for row in range(n_rows):
            m = mask_of_row[row]
            for h2 in range(13):
                for h1 in range(h2):
                    pair = (<unsigned>1 << h1) | (<unsigned>1 << h2)
                    if pair & m:
                        continue   # the same card twice: no hand holds it
                    top = 0
                    # every three of the board's cards of the suit
                    x = m
                    while x:
                        y = x & (x - 1)
                        while y:
                            z = y & (y - 1)
                            while z:
                                v = flush[pair | (x & (~x + 1)) | (y & (~y + 1)) | (z & (~z + 1))]
                                if v > top:
                                    top = v
                                z &= z - 1
                            y &= y - 1
                        x &= x - 1
                    best_view[row * PRC_N_PAIR_COLUMNS + h2 * (h2 + 1) // 2 + h1] = top
    flush_row.flags.writeable = False
    flush_best.flags.writeable = False
    return flush_row, flush_best


def check_omaha_sizes(Py_ssize_t nh, Py_ssize_t nb):
    if not 4 <= nh <= 6:
        raise HandSizeError(f"Omaha hands have 4, 5 or 6 hole cards, got {nh}")
    if not 3 <= nb <= 5:
        raise HandSizeError(f"Omaha boards have 3, 4 or 5 cards, got {nb}")


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_omaha_rows(const uint8_t[:, ::1] holes,
                        const uint8_t[:, ::1] boards, uint16_t[::1] out,
                        Py_ssize_t start, Py_ssize_t stop, game="high"):
    """Fill out[start:stop] for Omaha rows without the GIL; returns the first
    invalid row or -1 (checks and conversion to uint8 are the caller's)."""
    cdef GameTables t = _plain_tables_of(game, "evaluate_omaha_rows (uint16)")
    cdef const prc_game_t *g = &t.game
    cdef Py_ssize_t i = start
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1], bad = 0
    cdef const prc_omaha_t *fast = NULL
    cdef long first_bad = -1
    # The kernels keep fixed-size buffers per hand: sizes are checked here
    # too, not only by the caller.
    check_omaha_sizes(holes.shape[1], boards.shape[1])
    _check_five_card_ranking(t)
    _check_span(start, stop, min(holes.shape[0], boards.shape[0]), out.shape[0])
    if stop <= start:
        return -1
    if t.has_wild:
        return _wild_omaha_rows(t, holes, boards, out, start, stop)
    if t.game.flush_mode != PRC_FLUSH_LOW:
        fast = _omaha_tables(t)
    with nogil:
        # The common shapes get constant sizes, so the card loops unroll.
        if fast != NULL and nh == 4 and nb == 5:
            first_bad = prc_omaha_rows(g, fast, &holes[0, 0], 4, &boards[0, 0],
                                       5, &out[0], start, stop)
        elif fast != NULL and nh == 5 and nb == 5:
            first_bad = prc_omaha_rows(g, fast, &holes[0, 0], 5, &boards[0, 0],
                                       5, &out[0], start, stop)
        elif fast != NULL and nh == 6 and nb == 5:
            first_bad = prc_omaha_rows(g, fast, &holes[0, 0], 6, &boards[0, 0],
                                       5, &out[0], start, stop)
        elif fast != NULL:
            first_bad = prc_omaha_rows(g, fast, &holes[0, 0], nh, &boards[0, 0],
                                       nb, &out[0], start, stop)
        else:
            for i in range(start, stop):
                out[i] = prc_omaha_checked(g, &holes[i, 0], nh, &boards[i, 0],
                                           nb, &bad)
                if bad:
                    break
    if fast != NULL:
        return first_bad
    return i if bad else -1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef long _wild_omaha_rows(GameTables t, const uint8_t[:, ::1] holes,
                           const uint8_t[:, ::1] boards, uint16_t[::1] out,
                           Py_ssize_t start, Py_ssize_t stop):
    """Omaha rows of a wild-card game: each hand is checked whole (ids in
    the deck, no repeats), then its 60 to 150 fives are ranked."""
    cdef Py_ssize_t i
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    with nogil:
        for i in range(start, stop):
            if not prc_wild_omaha_valid(&t.wild, &holes[i, 0], nh, &boards[i, 0], nb):
                return i
            out[i] = prc_wild_omaha(&t.wild, &holes[i, 0], nh, &boards[i, 0], nb)
    return -1


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_omaha_rows_hilo(const uint8_t[:, ::1] holes,
                             const uint8_t[:, ::1] boards, uint16_t[:, ::1] out,
                             Py_ssize_t start, Py_ssize_t stop, high, low):
    """Both halves of hi-lo Omaha rows in one pass, without the GIL: out[i]
    = (high, low). Falls back to two passes where the fused kernel does not
    apply (a low game whose flushes count, a wild-card game). Returns the
    first invalid row or -1."""
    purpose = "evaluate_omaha_batch with a split-pot variant (uint16 high and low)"
    cdef GameTables hi = _plain_tables_of(high, purpose)
    cdef GameTables lo = _plain_tables_of(low, purpose)
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    cdef long first_bad = -1
    check_omaha_sizes(holes.shape[1], boards.shape[1])
    _check_five_card_ranking(hi)
    _check_five_card_ranking(lo)
    _check_span(start, stop, min(holes.shape[0], boards.shape[0]), out.shape[0])
    if out.shape[1] != 2:
        raise InvalidArgumentError(f"out must have two columns, not {out.shape[1]}")
    if stop <= start:
        return -1
    if (hi.has_wild or lo.has_wild or hi.game.flush_mode == PRC_FLUSH_LOW
            or lo.game.flush_mode != PRC_FLUSH_IGNORED):
        import numpy as np
        halves = np.zeros((2, out.shape[0]), dtype=np.uint16)
        bad_hi = evaluate_omaha_rows(holes, boards, halves[0], start, stop, hi)
        bad_lo = evaluate_omaha_rows(holes, boards, halves[1], start, stop, lo)
        bad = [b for b in (bad_hi, bad_lo) if b >= 0]
        first = min(bad) if bad else -1
        last = first if first >= 0 else stop
        np.asarray(out)[start:last] = halves[:, start:last].T
        return first
    cdef const prc_omaha_t *ohi = _omaha_tables(hi)
    cdef const prc_omaha_t *olo = _omaha_tables(lo)
    with nogil:
        # The common shapes get constant sizes, so the card loops unroll.
        if nh == 4 and nb == 5:
            first_bad = prc_omaha_rows_hilo(&hi.game, ohi, &lo.game, olo, &holes[0, 0], 4,
                                            &boards[0, 0], 5, &out[0, 0], start, stop)
        elif nh == 5 and nb == 5:
            first_bad = prc_omaha_rows_hilo(&hi.game, ohi, &lo.game, olo, &holes[0, 0], 5,
                                            &boards[0, 0], 5, &out[0, 0], start, stop)
        elif nh == 6 and nb == 5:
            first_bad = prc_omaha_rows_hilo(&hi.game, ohi, &lo.game, olo, &holes[0, 0], 6,
                                            &boards[0, 0], 5, &out[0, 0], start, stop)
        else:
            first_bad = prc_omaha_rows_hilo(&hi.game, ohi, &lo.game, olo, &holes[0, 0], nh,
                                            &boards[0, 0], nb, &out[0, 0], start, stop)
    return first_bad
