# Every hand on a board at once (src/prc_board.h): strengths of a list of
# hole-card combos on boards, a board's sorted data, and the showdown and
# fold values solvers take at their terminal nodes; heads-up exact equity
# by the same sweep (src/prc_equity_sweep.h). pyrankcore.boards and
# pyrankcore.solver check the arguments and name them in their errors; the
# functions here check every card and size once more, as the kernels
# trust them.

cdef extern from "prc_board.h" nogil:
    const int PRC_BD_PAIRS
    const int PRC_BD_MAX_SUBSETS
    ctypedef struct prc_bd_game_t:
        const prc_game_t *g
        int std
        int omaha
        uint64_t deck
    ctypedef struct prc_bd_combo_t:
        uint64_t key, bits, mask
    ctypedef struct prc_bd_list_t:
        int n, k, m, nsub
        const int32_t *strength
        const int32_t *order
        const uint16_t *sub
    int PRC_BD_SUMS(int k)
    int prc_bd_nsub(int k)
    void prc_bd_subsets(const uint8_t *c, int k, uint16_t *sub)
    void prc_bd_prepare(const uint8_t *combos, int k, long lo, long hi, prc_bd_combo_t *out)
    void prc_bd_strengths(const prc_bd_game_t *x, const uint8_t *board, int nb,
                          const uint8_t *combos, const prc_bd_combo_t *pc, int k, long lo,
                          long hi, int32_t *out)
    int prc_bd_sort(const int32_t *strength, int n, int32_t *order, int32_t *scratch)
    void prc_bd_sweep(const prc_bd_list_t *l, const double *w, const double *hero,
                      double *sums, double *beat, double *tie, double *apart)
    void prc_bd_showdown(const prc_bd_list_t *l, const double *reach, long R, double win,
                         double tie_value, double lose, double *sums, double *scratch,
                         double *out)
    void prc_bd_fold(const prc_bd_list_t *l, const double *reach, long R, double amount,
                     double *sums, double *out)

cdef extern from "prc_equity.h" nogil:
    const int PRC_TV_BAD_REACH
    int prc_tv_values(const prc_bd_list_t *l, const void *reach, int f32_in, long r_lo,
                      long r_hi, double win, double tie, double lose, int fold,
                      double *work, void *out, int f32_out)
    const int PRC_EQ_SWEEP_MAX_PLAYERS
    ctypedef struct prc_eq_sweep_t:
        prc_bd_game_t game
        prc_bd_game_t low
        int hilo
        const prc_omaha_t *fast
        const prc_omaha_t *low_fast
        const uint8_t *combos
        const uint16_t *sub
        int n, k
        int n_players, counted
        const double *count[6]
        const double *weight[6]
        uint8_t board[5]
        int nb, board_final
        uint8_t deck[52]
        int ndeck
        int first_lo, first_hi
        const int32_t *stop
    ctypedef struct prc_eq_sweep_work_t:
        int32_t *strength
        int32_t *order
        int32_t *tmp
        int32_t *grp
        int32_t *gstart
        int32_t *lists
        int32_t *card_start
        int32_t *card_list
        uint8_t *code
        double *few
        prc_bd_combo_t *prepared
        double *d
        double *sums
        uint64_t *mask
        int64_t *ct
        int64_t *cx
        double *wt
        double *wx
        int32_t *pgrp
        int64_t *pc
        double *pw
        int32_t *pstr
        double *pmass
        int32_t *lstrength
        int32_t *lorder
        double *wbuf
        double *hbuf
        uint64_t *emask
        int32_t *ehigh
        int32_t *elow
        double *ecount
        double *eweight
    int64_t prc_eq_sweep_boards(const prc_eq_sweep_t *j)
    int prc_eq_sweep(const prc_eq_sweep_t *j, int64_t b_lo, int64_t b_hi,
                     const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                     double *wtotal)

# The most combos one list may hold: every four-card combo of the deck (and
# the sweep's indices are C ints).
BOARD_MAX_COMBOS = 270725
# Hole cards per combo that the sweep (card removal) takes; strengths take
# any Omaha or hold'em size.
SWEEP_HOLE_CARDS = (2, 4)


cdef int _board_game(prc_bd_game_t *x, GameTables t, bint omaha, int k, int nb) except -1:
    """Fill *x* for ranking combos of k cards on boards of nb cards, after
    checking that the ranking ranks such hands."""
    if t.has_wild:
        raise InvalidArgumentError(
            f"{t.name} has wild cards: board strengths take rankings without them")
    if t.suited:
        raise InvalidArgumentError(
            f"{t.name} breaks ties by suit: board strengths take plain strengths")
    if omaha:
        check_omaha_sizes(k, nb)
        _check_five_card_ranking(t)
    elif not t.min_cards <= k + nb <= t.max_cards:
        raise HandSizeError(f"{t.name} does not rank {k + nb}-card hands ({k} + {nb} on the board)")
    x.g = &t.game
    x.std = t is _HIGH
    x.omaha = omaha
    x.deck = t.deck_mask
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
cdef int _check_rows(const uint8_t[:, ::1] rows, uint64_t deck, str what) except -1:
    """Every id of every row in the deck, none twice in a row."""
    cdef Py_ssize_t i, j
    cdef uint64_t seen, bit
    for i in range(rows.shape[0]):
        seen = 0
        for j in range(rows.shape[1]):
            if rows[i, j] >= 52 or not (deck >> rows[i, j]) & 1:
                raise InvalidCardError(f"{what} {i}: card id {rows[i, j]} is not in the deck")
            bit = (<uint64_t>1) << rows[i, j]
            if seen & bit:
                raise DuplicateCardError(f"{what} {i}: card {format_card(rows[i, j])} twice")
            seen |= bit
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def board_strengths_into(GameTables t, bint omaha, const uint8_t[:, ::1] boards,
                         const uint8_t[:, ::1] combos, int32_t[:, ::1] out,
                         Py_ssize_t lo, Py_ssize_t hi, bint check_combos=True):
    """out[b, i] = the strength of combos[i] on boards[b] for boards lo..hi-1
    (-1 where the combo shares a card with the board), without the GIL.
    check_combos=False skips checking the combos: only for the ranking's
    own deck combos (pyrankcore.boards), never for a caller's array."""
    cdef prc_bd_game_t x
    cdef int k = combos.shape[1], nb = boards.shape[1]
    _board_game(&x, t, omaha, k, nb)
    if out.shape[0] != boards.shape[0] or out.shape[1] != combos.shape[0]:
        raise InvalidArgumentError("out must have one row per board, one column per combo")
    if not 0 <= lo <= hi <= boards.shape[0]:
        raise InvalidArgumentError(f"boards {lo}:{hi} outside 0:{boards.shape[0]}")
    if combos.shape[0] > BOARD_MAX_COMBOS:
        raise InvalidArgumentError(f"at most {BOARD_MAX_COMBOS:,} combos")
    _check_rows(boards[lo:hi], x.deck, "board")
    if check_combos:
        _check_rows(combos, x.deck, "combo")
    cdef long n = combos.shape[0]
    cdef Py_ssize_t b
    if n == 0 or hi == lo:
        return
    cdef prc_bd_combo_t *pc = <prc_bd_combo_t *>PyMem_RawMalloc(n * sizeof(prc_bd_combo_t))
    if pc == NULL:
        raise MemoryError()
    try:
        with nogil:
            prc_bd_prepare(&combos[0, 0], k, 0, n, pc)
            for b in range(lo, hi):
                prc_bd_strengths(&x, &boards[b, 0], nb, &combos[0, 0], pc, k, 0, n, &out[b, 0])
    finally:
        PyMem_RawFree(pc)


@cython.boundscheck(False)
@cython.wraparound(False)
def combo_subsets(const uint8_t[:, ::1] combos):
    """The sweep's subset ids of each combo of 2 or 4 valid cards: a uint16
    array of shape (n, 2) or (n, 14) (cards, then pairs and triples)."""
    import numpy as np
    cdef int k = combos.shape[1]
    if k not in SWEEP_HOLE_CARDS:
        raise HandSizeError(
            f"card removal is counted for combos of 2 or 4 cards, not {k}")
    _check_rows(combos, (<uint64_t>1 << 52) - 1, "combo")
    cdef int ns = prc_bd_nsub(k)
    out = np.zeros((combos.shape[0], ns), dtype=np.uint16)
    cdef uint16_t[:, ::1] view = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(combos.shape[0]):
            prc_bd_subsets(&combos[i, 0], k, &view[i, 0])
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def sort_strengths(const int32_t[::1] strength):
    """The indices of the strengths >= 0, by ascending strength (stable),
    as int32; strengths are below 2**16."""
    import numpy as np
    cdef int n = strength.shape[0]
    cdef Py_ssize_t i
    for i in range(n):
        if strength[i] > 0xFFFF:
            raise InvalidArgumentError(f"strength {strength[i]} above 65535")
    order = np.empty(n, dtype=np.int32)
    tmp = np.empty(max(n, 1), dtype=np.int32)
    cdef int32_t[::1] ov = order, tv = tmp
    cdef int m = 0
    if n:
        with nogil:
            m = prc_bd_sort(&strength[0], n, &ov[0], &tv[0])
    return order[:m].copy()


cdef int _board_list(prc_bd_list_t *l, const int32_t[::1] strength, const int32_t[::1] order,
                     const uint16_t[:, ::1] subsets) except -1:
    """Fill *l* from a board's sorted data, checking that it fits together:
    one strength and one row of subset ids per combo, order the live
    combos by ascending strength."""
    cdef int n = strength.shape[0], k
    cdef Py_ssize_t i, j
    if subsets.shape[0] != n or subsets.shape[1] not in (2, PRC_BD_MAX_SUBSETS):
        raise InvalidArgumentError("subsets must have one row of 2 or 14 ids per combo")
    k = 2 if subsets.shape[1] == 2 else 4
    for i in range(n):
        for j in range(k):
            if subsets[i, j] >= 52:
                raise InvalidArgumentError("subsets: a card id above 51")
        for j in range(k, subsets.shape[1]):
            if subsets[i, j] >= (PRC_BD_PAIRS if j < 10 else 22100):
                raise InvalidArgumentError("subsets: a pair or triple id out of range")
    cdef int live = 0
    for i in range(n):
        live += strength[i] >= 0
    if order.shape[0] != live:
        raise InvalidArgumentError("order must list every combo that misses the board")
    for j in range(order.shape[0]):
        i = order[j]
        if not 0 <= i < n or strength[i] < 0 or (j and strength[order[j - 1]] > strength[i]):
            raise InvalidArgumentError("order is not the combos by ascending strength")
    l.n = n
    l.k = k
    l.m = live
    l.nsub = subsets.shape[1]
    l.strength = &strength[0] if n else NULL
    l.order = &order[0] if live else NULL
    l.sub = &subsets[0, 0] if n else NULL
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def board_values_into(const int32_t[::1] strength, const int32_t[::1] order,
                      const uint16_t[:, ::1] subsets, const double[:, ::1] reach,
                      double[:, ::1] out, double win, double tie, double lose, bint fold):
    """Showdown (or, with fold, fold: win is the amount) values of every
    combo against each row of reach, into out, without the GIL (see
    prc_bd_showdown and prc_bd_fold)."""
    import numpy as np
    cdef prc_bd_list_t l
    _board_list(&l, strength, order, subsets)
    cdef long R = reach.shape[0]
    if reach.shape[1] != l.n or out.shape[0] != R or out.shape[1] != l.n:
        raise InvalidArgumentError(f"reach and out must have shape (R, {l.n})")
    if R == 0 or l.n == 0:
        return
    work = np.empty(PRC_BD_SUMS(l.k) + 3 * l.n, dtype=np.float64)
    cdef double[::1] wv = work
    with nogil:
        if fold:
            prc_bd_fold(&l, &reach[0, 0], R, win, &wv[0], &out[0, 0])
        else:
            prc_bd_showdown(&l, &reach[0, 0], R, win, tie, lose, &wv[0],
                            &wv[PRC_BD_SUMS(l.k)], &out[0, 0])


cdef Py_ssize_t _tv_work(int m, Py_ssize_t R) noexcept nogil:
    """Doubles of scratch prc_tv_values takes for m live combos and R
    vectors (eight lanes from eight vectors on, four from four, else one)."""
    cdef Py_ssize_t lanes = 8 if R >= 8 else 4 if R >= 4 else 1
    return 2 * <Py_ssize_t>m * lanes + 52 * lanes


cdef int _values_into(prc_bd_list_t *l, reach, out, double win, double tie, double lose,
                      bint fold) except -1:
    """Terminal values of list l against reach (R, n) into out (R, n), each
    C-contiguous float32 or float64 (the caller checked shapes and types):
    two-card combos by prc_tv_values, which checks the reach as it reads
    it; four-card combos by prc_bd_showdown and prc_bd_fold in float64."""
    import numpy as np
    cdef Py_ssize_t R = reach.shape[0]
    cdef const double[:, ::1] r64
    cdef const float[:, ::1] r32
    cdef double[:, ::1] o64
    cdef float[:, ::1] o32
    cdef const void *rp
    cdef void *op
    cdef bint f32_in = reach.dtype == np.float32, f32_out = out.dtype == np.float32
    if R == 0 or l.n == 0:
        return 0
    if l.k == 2:
        if f32_in:
            r32 = reach
            rp = &r32[0, 0]
        else:
            r64 = reach
            rp = &r64[0, 0]
        if f32_out:
            o32 = out
            op = &o32[0, 0]
        else:
            o64 = out
            op = &o64[0, 0]
        work = np.empty(_tv_work(l.m, R), dtype=np.float64)
        _run_tv(l, rp, f32_in, R, win, tie, lose, fold, work, op, f32_out)
        return 0
    rows = np.ascontiguousarray(reach, dtype=np.float64)
    if not bool(np.isfinite(rows).all()) or bool((rows < 0).any()):
        raise InvalidArgumentError("reach must be finite and >= 0 (no NaN)")
    r64 = rows
    dest = out if not f32_out else np.empty((R, l.n), dtype=np.float64)
    o64 = dest
    work = np.empty(PRC_BD_SUMS(l.k) + 3 * l.n, dtype=np.float64)
    cdef double[::1] wv4 = work
    with nogil:
        if fold:
            prc_bd_fold(l, &r64[0, 0], R, win, &wv4[0], &o64[0, 0])
        else:
            prc_bd_showdown(l, &r64[0, 0], R, win, tie, lose, &wv4[0],
                            &wv4[PRC_BD_SUMS(l.k)], &o64[0, 0])
    if f32_out:
        out[...] = dest
    return 0


cdef int _run_tv(prc_bd_list_t *l, const void *rp, bint f32_in, Py_ssize_t R, double win,
                 double tie, double lose, bint fold, work, void *op, bint f32_out) except -1:
    cdef double[::1] wv = work
    cdef int rc
    with nogil:
        rc = prc_tv_values(l, rp, f32_in, 0, R, win, tie, lose, fold, &wv[0], op, f32_out)
    if rc == PRC_TV_BAD_REACH:
        raise InvalidArgumentError("reach must be finite and >= 0 (no NaN)")
    return 0


@cython.final
cdef class TerminalBoard:
    """A board's sorted data (strength, order, subsets as
    :class:`pyrankcore.boards.SortedBoard` holds them), checked once and
    copied, for terminal values whose calls check only the reach: its
    shape, its type and, as it is read, its values.

    >>> import numpy as np
    >>> from pyrankcore.boards import SortedBoard
    >>> sb = SortedBoard("2c 3d 4h 5s 9c")
    >>> tb = TerminalBoard(sb.strengths, sb.order, sb.subsets)
    >>> out = np.empty((1, len(sb)))
    >>> tb.values_into(np.ones((1, len(sb))), out, 1.0, 0.5, 0.0, False)
    >>> float(out[0, sb.index("As Ad")])
    780.5
    """

    cdef prc_bd_list_t l
    cdef readonly object strength, order, subsets

    def __cinit__(self, strength, order, subsets):
        import numpy as np
        self.strength = np.array(strength, dtype=np.int32, order="C")
        self.order = np.array(order, dtype=np.int32, order="C")
        self.subsets = np.array(subsets, dtype=np.uint16, order="C")
        for a in (self.strength, self.order, self.subsets):
            a.setflags(write=False)
        _board_list(&self.l, self.strength, self.order, self.subsets)

    def __len__(self):
        return self.l.n

    def __reduce__(self):
        return (TerminalBoard, (self.strength, self.order, self.subsets))

    def values_into(self, reach, out, double win, double tie, double lose, bint fold):
        """Showdown values (fold: *win* times the compatible reach) of every
        combo against each row of *reach* into *out*: both (R, n),
        C-contiguous, float32 or float64 each. A NaN, infinite or negative
        reach raises InvalidArgumentError (out is then partly written)."""
        import numpy as np
        for name, a in (("reach", reach), ("out", out)):
            if type(a) is not np.ndarray or a.dtype not in (np.float32, np.float64):
                raise TypeError(f"{name} must be a float32 or float64 array")
            if a.ndim != 2 or a.shape[1] != self.l.n or not a.flags.c_contiguous:
                raise InvalidArgumentError(
                    f"{name} must be C-contiguous of shape (R, {self.l.n})")
        if out.shape[0] != reach.shape[0]:
            raise InvalidArgumentError("reach and out must have the same number of rows")
        _values_into(&self.l, reach, out, win, tie, lose, fold)


@cython.boundscheck(False)
@cython.wraparound(False)
def board_masses(const int32_t[::1] strength, const int32_t[::1] order,
                 const uint16_t[:, ::1] subsets, const double[::1] reach):
    """(beat, tie, apart): per combo, the reach it beats, ties and could
    face at all (prc_bd_sweep), as float64 arrays."""
    import numpy as np
    cdef prc_bd_list_t l
    _board_list(&l, strength, order, subsets)
    if reach.shape[0] != l.n:
        raise InvalidArgumentError(f"reach must have {l.n} entries")
    out = np.zeros((3, l.n), dtype=np.float64)
    if l.n == 0:
        return out[0], out[1], out[2]
    work = np.empty(PRC_BD_SUMS(l.k), dtype=np.float64)
    cdef double[::1] wv = work
    cdef double[:, ::1] ov = out
    with nogil:
        prc_bd_sweep(&l, &reach[0], NULL, &wv[0], &ov[0, 0], &ov[1, 0], &ov[2, 0])
    return out[0], out[1], out[2]


# ---------------------------------------------------------------------------
# C-level API for solvers (declared in _core.pxd)

cdef Py_ssize_t terminal_work_size(int n, int k) noexcept nogil:
    if k != 2 and k != 4 or n < 0:
        return -1
    if k == 2:  # prc_tv_values, eight vectors at a time
        return _tv_work(n, 8)
    return <Py_ssize_t>PRC_BD_SUMS(k) + 3 * <Py_ssize_t>n


cdef int _c_list(prc_bd_list_t *l, const int32_t *strength, const int32_t *order,
                 const uint16_t *subsets, int n, int m, int k) noexcept nogil:
    if k != 2 and k != 4 or n < 0 or m < 0 or m > n:
        return -1
    l.n = n
    l.k = k
    l.m = m
    l.nsub = prc_bd_nsub(k)
    l.strength = strength
    l.order = order
    l.sub = subsets
    return 0


cdef int showdown_values(const int32_t *strength, const int32_t *order,
                         const uint16_t *subsets, int n, int m, int k,
                         const double *reach, long R, double win, double tie,
                         double lose, double *work, double *out) noexcept nogil:
    cdef prc_bd_list_t l
    if _c_list(&l, strength, order, subsets, n, m, k) or R < 0:
        return -1
    if k == 2:
        return -2 if prc_tv_values(&l, reach, 0, 0, R, win, tie, lose, 0, work, out, 0) else 0
    prc_bd_showdown(&l, reach, R, win, tie, lose, work, work + PRC_BD_SUMS(k), out)
    return 0


cdef int fold_values(const int32_t *strength, const int32_t *order,
                     const uint16_t *subsets, int n, int m, int k,
                     const double *reach, long R, double amount, double *work,
                     double *out) noexcept nogil:
    cdef prc_bd_list_t l
    if _c_list(&l, strength, order, subsets, n, m, k) or R < 0:
        return -1
    if k == 2:
        return -2 if prc_tv_values(&l, reach, 0, 0, R, amount, 0.0, 0.0, 1, work, out, 0) else 0
    prc_bd_fold(&l, reach, R, amount, work, out)
    return 0


# ---------------------------------------------------------------------------
# Heads-up exact equity by the sweep

@cython.boundscheck(False)
@cython.wraparound(False)
def equity_sweep(GameTables t, bint omaha, const uint8_t[::1] board, int board_final,
                 const uint8_t[::1] deck, const uint8_t[:, ::1] combos,
                 const double[:, ::1] counts, weights, int counted, int64_t b_lo,
                 int64_t b_hi, Py_ssize_t first_lo=0, Py_ssize_t first_hi=-1, stop=None,
                 GameTables low=None):
    """Exact tallies over boards b_lo..b_hi-1 (the board completed to
    board_final cards from *deck* every way, colex order) of 2 to 6 players:
    combos is the union of the players' combos, counts[p, i] how often combo
    i is in player p's range, weights None or (P, n) summed weights;
    *counted*: with three or more players, the seat whose combos are
    counted at each combination of the others', and of the first of the
    others only its combos first_lo..first_hi-1 (-1: to the end; tasks
    split one board so). *low*: a hi-lo game's low ranking (t is then its
    high ranking). Returns (stats
    (P, EQ_NSTAT) uint64, wstats (P, EQ_NSTAT) float64 or None, wtotal).
    stop: as equity_exact."""
    import numpy as np
    cdef prc_eq_sweep_t j
    cdef prc_eq_sweep_work_t x
    cdef int k = combos.shape[1], nb = board.shape[0], P = counts.shape[0]
    cdef Py_ssize_t n = combos.shape[0], i
    _board_game(&j.game, t, omaha, k, board_final)
    j.hilo = low is not None
    j.low = j.game
    if low is not None:
        _board_game(&j.low, low, omaha, k, board_final)
        j.game.deck &= j.low.deck
        j.low.deck = j.game.deck
    if k not in SWEEP_HOLE_CARDS:
        raise HandSizeError(f"the sweep takes combos of 2 or 4 cards, not {k}")
    j.fast = NULL
    j.low_fast = NULL
    if omaha and t.game.flush_mode != PRC_FLUSH_LOW:
        j.fast = _omaha_tables(t)
    if omaha and low is not None and low.game.flush_mode != PRC_FLUSH_LOW:
        j.low_fast = _omaha_tables(low)
    if not 2 <= P <= PRC_EQ_SWEEP_MAX_PLAYERS:
        raise InvalidArgumentError(f"the sweep takes 2 to {PRC_EQ_SWEEP_MAX_PLAYERS} players")
    if P > 2 and not 0 <= counted < P:
        raise InvalidArgumentError(f"counted must be a seat, 0 to {P - 1}")
    if not 0 <= nb <= board_final <= 5 or deck.shape[0] > 52:
        raise HandSizeError(f"a board of {nb} of {board_final} cards, a deck of {deck.shape[0]}")
    if n > BOARD_MAX_COMBOS:
        raise InvalidArgumentError(f"at most {BOARD_MAX_COMBOS:,} combos")
    if counts.shape[1] != n:
        raise InvalidArgumentError(f"counts must have shape ({P}, {n})")
    cdef uint64_t taken = 0, bit
    cdef int c, p
    for i in range(nb + deck.shape[0]):
        c = board[i] if i < nb else deck[i - nb]
        bit = (<uint64_t>1) << (c & 63)
        if c >= 52 or taken & bit or not (j.game.deck >> c) & 1:
            raise InvalidCardError(f"bad or repeated board or deck card {c}")
        taken |= bit
    for i in range(n):
        for p in range(P):
            if not 0.0 <= counts[p, i] <= 4096.0 or counts[p, i] != <int>counts[p, i]:
                raise InvalidArgumentError("counts are whole numbers from 0 to 4096")
    # three or more players: sums per card (two-card combos of one
    # ranking), else each combination against the counted seat's combos in
    # a row, which reads no subset ids
    cdef bint each = P > 2 and (k != 2 or low is not None)
    subs = combo_subsets(combos) if not each else np.zeros((1, 1), dtype=np.uint16)
    cdef uint16_t[:, ::1] sv = subs
    cdef const double[:, ::1] wv
    j.combos = &combos[0, 0] if n else NULL
    j.sub = &sv[0, 0] if n and not each else NULL
    j.n = <int>n
    j.k = k
    j.n_players = P
    j.counted = counted if P > 2 else 1
    if first_hi < 0:
        first_hi = n
    if not 0 <= first_lo <= first_hi <= n:
        raise InvalidArgumentError(f"first combos {first_lo}:{first_hi} outside 0:{n}")
    j.first_lo = <int>first_lo
    j.first_hi = <int>first_hi
    for p in range(P):
        j.count[p] = &counts[p, 0] if n else NULL
        j.weight[p] = NULL
    if weights is not None:
        warr = np.ascontiguousarray(weights, dtype=np.float64)
        if warr.shape != (P, n) or not bool(np.all(np.isfinite(warr) & (warr >= 0))):
            raise InvalidArgumentError(f"weights must be finite, >= 0, of shape ({P}, {n})")
        wv = warr
        if n:
            for p in range(P):
                j.weight[p] = &wv[p, 0]
    for i in range(nb):
        j.board[i] = board[i]
    j.nb = nb
    j.board_final = board_final
    for i in range(deck.shape[0]):
        j.deck[i] = deck[i]
    j.ndeck = deck.shape[0]
    cdef int32_t[::1] flag
    j.stop = NULL
    if stop is not None:
        flag = stop
        if flag.shape[0] != 1:
            raise InvalidArgumentError("the stop flag is an int32 array of one element")
        j.stop = &flag[0]
    if not 0 <= b_lo <= b_hi <= prc_eq_sweep_boards(&j):
        raise InvalidArgumentError(f"boards {b_lo}:{b_hi} outside 0:{prc_eq_sweep_boards(&j)}")
    stats = np.zeros((P, PRC_EQ_NSTAT), dtype=np.uint64)
    wstats = np.zeros((P, PRC_EQ_NSTAT), dtype=np.float64)
    if n == 0 or b_hi == b_lo:
        return stats, (None if weights is None else wstats), 0.0
    cdef Py_ssize_t multi = n + 1 if P > 2 and not each else 1
    cdef Py_ssize_t ne = n if each else 1
    each_ints = np.empty(2 * ne, dtype=np.int32)
    each_words = np.empty(ne, dtype=np.uint64)
    each_work = np.empty(2 * ne, dtype=np.float64)
    cdef int32_t[::1] eiv = each_ints
    cdef uint64_t[::1] ewv = each_words
    cdef double[::1] edv = each_work
    # strength, order, tmp, grp (n each), gstart (n + 1), lists (P * n),
    # card_start (53), card_list (2 * n)
    ints = np.empty(5 * n + 1 + P * n + 53 + 2 * n, dtype=np.int32)
    work = np.empty(3 * n + PRC_BD_SUMS(k), dtype=np.float64)
    masks = np.empty(n if P > 2 else 1, dtype=np.uint64)
    cum = np.empty(multi * 53, dtype=np.int64)
    wcum = np.empty(multi * 53, dtype=np.float64)
    pairs = np.full(52 * 52 if multi > 1 else 1, -1, dtype=np.int32)
    pair_counts = np.empty(52 * 52 if multi > 1 else 1, dtype=np.int64)
    pair_weights = np.empty(52 * 52 if multi > 1 else 1, dtype=np.float64)
    low_ints = np.empty(2 * n if low is not None else 1, dtype=np.int32)
    low_work = np.empty(2 * n if low is not None else 1, dtype=np.float64)
    cdef int32_t[::1] liv = low_ints
    cdef double[::1] lwv = low_work
    pair_strengths = np.full(52 * 52 if P == 3 and not each else 1, -1, dtype=np.int32)
    pair_masses = np.zeros(3 * 52 * 52 if P == 3 and not each else 1, dtype=np.float64)
    cdef int32_t[::1] psv = pair_strengths
    cdef double[::1] pmv = pair_masses
    codes = np.empty(65536 if P == 2 and k == 2 else 1, dtype=np.uint8)
    cdef uint8_t[::1] codev = codes
    # per card of a narrow range (up to 96 cards): 2 * (2 * 48 + 3) sums
    few = np.empty(96 * 2 * 99 if P == 2 and k == 2 else 1, dtype=np.float64)
    cdef double[::1] fewv = few
    cdef int32_t[::1] iv = ints, pv = pairs
    cdef double[::1] dv = work, wcv = wcum, pwv = pair_weights
    cdef uint64_t[::1] mv = masks
    cdef int64_t[::1] cv = cum, pcv = pair_counts
    x.strength = &iv[0]
    x.order = &iv[n]
    x.tmp = &iv[2 * n]
    x.grp = &iv[3 * n]
    x.gstart = &iv[4 * n]
    x.lists = &iv[5 * n + 1]
    x.card_start = &iv[5 * n + 1 + P * n]
    x.card_list = &iv[5 * n + 1 + P * n + 53]
    x.code = &codev[0]
    x.few = &fewv[0]
    prepared = np.empty(3 * n, dtype=np.uint64)  # n prc_bd_combo_t
    cdef uint64_t[::1] prepv = prepared
    x.prepared = <prc_bd_combo_t *>&prepv[0]
    x.d = &dv[0]
    x.sums = &dv[3 * n]
    x.mask = &mv[0]
    x.ct = &cv[0]
    x.cx = &cv[multi]
    x.wt = &wcv[0]
    x.wx = &wcv[multi]
    x.pgrp = &pv[0]
    x.pc = &pcv[0]
    x.pw = &pwv[0]
    x.pstr = &psv[0]
    x.pmass = &pmv[0]
    x.lstrength = &liv[0]
    x.lorder = &liv[n] if low is not None else &liv[0]
    x.wbuf = &lwv[0]
    x.hbuf = &lwv[n] if low is not None else &lwv[0]
    x.emask = &ewv[0]
    x.ehigh = &eiv[0]
    x.elow = &eiv[ne]
    x.ecount = &edv[0]
    x.eweight = &edv[ne]
    cdef uint64_t[:, ::1] stv = stats
    cdef double[:, ::1] wsv = wstats
    cdef double wtotal = 0
    cdef int rc = 0
    with nogil:
        rc = prc_eq_sweep(&j, b_lo, b_hi, &x, &stv[0, 0], &wsv[0, 0], &wtotal)
    _eq_raise(rc)
    if weights is None:
        return stats, None, 0.0
    return stats, wstats, wtotal


# ---------------------------------------------------------------------------
# Features over runouts (prc_bd_features)

cdef extern from "prc_board.h" nogil:
    ctypedef struct prc_bd_place_t:
        uint16_t g, la, lb, ta, tb, s0, sa, sb
    ctypedef struct prc_bd_feat_t:
        prc_bd_game_t game
        const uint8_t *combos
        const prc_bd_combo_t *pc
        const uint16_t *sub
        const double *w
        int n, bins
        const prc_bd_place_t *place
        const int32_t *cnt
        long mem
        const int32_t *stop
    ctypedef struct prc_bd_feat_work_t:
        int32_t *strength
        int32_t *order
        int32_t *scratch
        double *sums
        double *beat
        double *upto
        double *below
        double *in_ "in"
        double *mem
    ctypedef struct prc_bd_feat_out_t:
        double *seen
        double *total
        double *squares
        double *hist
        double *hp
        double *river
    long prc_bd_now_places(const int32_t *now, const int32_t *order, int m,
                           const uint16_t *sub, prc_bd_place_t *place, int32_t *cnt)
    long prc_bd_features(const prc_bd_feat_t *f, const uint8_t *finals, long R,
                         const prc_bd_feat_work_t *x, const prc_bd_feat_out_t *o)


@cython.boundscheck(False)
@cython.wraparound(False)
def board_feature_sums(GameTables t, const uint8_t[:, ::1] board, const uint8_t[:, ::1] finals,
                       const uint8_t[:, ::1] combos, const double[::1] mass, int bins,
                       bint potential, river=None, stop=None):
    """Every two-card combo's features on *board* (one board, shape (1,
    nb), 3 to 5 cards) summed over the runouts *finals* ((R, 5) final
    boards), against the opponent's mass (one value per combo of the same
    list), each runout ranked, sorted and swept once for all of them
    (prc_bd_features). Returns (seen, total, squares, hist, counts):

    - with bins > 0, per combo the runouts where it faces any mass, the sum
      of its river hand strength (what it beats plus half what it ties,
      over all it could face) and of its square, and an (n, bins) count
      per equal bin of [0, 1] (the last bin closed); zeros with bins = 0;
    - with *potential* (a board of 3 or 4 cards), the (n, 3, 2) float64
      counts [i, now, river]: the opponent's mass that shares no card with
      combo i or the runout, summed over the runouts that miss i, where i
      stands *now* (0 ahead, 1 tied, 2 behind) on the board as it is and
      *river* (0 ahead, 1 tied) on the runout; None without.

    *river*: None, or an (R, n) float64 array that gets each runout's river
    hand strengths (NaN where the combo meets the runout or faces nothing;
    needs bins > 0). Hold'em-style games; without the GIL; stop: an int32
    array of one element that ends the run early when set (then the sums
    are partial)."""
    import numpy as np
    cdef prc_bd_feat_t f
    cdef prc_bd_feat_work_t x
    cdef prc_bd_feat_out_t o
    cdef int nb = board.shape[1]
    cdef Py_ssize_t n = combos.shape[0], R = finals.shape[0], i
    if combos.shape[1] != 2:
        raise HandSizeError("features take two-card combos")
    if board.shape[0] != 1 or not 3 <= nb <= 5 or (potential and nb == 5):
        raise HandSizeError(
            f"features take one board of {'3 or 4' if potential else '3 to 5'} cards")
    if finals.shape[1] != 5:
        raise HandSizeError("runouts are final boards of 5 cards")
    _board_game(&f.game, t, False, 2, nb)  # ranks the hands now
    _board_game(&f.game, t, False, 2, 5)  # and at the river
    if mass.shape[0] != n:
        raise InvalidArgumentError(f"mass must have {n} entries")
    if not 0 <= bins <= 1000:
        raise InvalidArgumentError("bins must be 0 to 1000")
    if n > BOARD_MAX_COMBOS:
        raise InvalidArgumentError(f"at most {BOARD_MAX_COMBOS:,} combos")
    _check_rows(board, f.game.deck, "board")
    _check_rows(finals, f.game.deck, "runout")
    _check_rows(combos, f.game.deck, "combo")
    for i in range(n):
        if not (mass[i] >= 0.0 and mass[i] < float("inf")):
            raise InvalidArgumentError("mass must be finite and >= 0")
    cdef double[:, ::1] rv
    o.river = NULL
    if river is not None:
        rv = river
        if rv.shape[0] != R or rv.shape[1] != n or bins == 0:
            raise InvalidArgumentError(f"river must have shape ({R}, {n}), with bins > 0")
        if R and n:
            o.river = &rv[0, 0]
    cdef int32_t[::1] flag
    f.stop = NULL
    if stop is not None:
        flag = stop
        if flag.shape[0] != 1:
            raise InvalidArgumentError("the stop flag is an int32 array of one element")
        f.stop = &flag[0]
    moments = np.zeros((3, n), dtype=np.float64)
    hist = np.zeros((n, max(bins, 1)), dtype=np.float64)
    hp = np.zeros((n, 3, 2), dtype=np.float64)
    counts = hp if potential else None
    if n == 0 or R == 0:
        return moments[0], moments[1], moments[2], hist[:, :bins], counts
    subs = combo_subsets(combos)
    ints = np.empty(4 * n + 53, dtype=np.int32)  # strength, order, scratch, now, counts
    work = np.zeros(4 * n + PRC_BD_SUMS(2), dtype=np.float64)
    prepared = np.empty(3 * n, dtype=np.uint64)  # n prc_bd_combo_t
    places = np.zeros(4 * n, dtype=np.uint64)  # n prc_bd_place_t
    cdef uint16_t[:, ::1] sv = subs
    cdef int32_t[::1] iv = ints
    cdef double[::1] wv = work
    cdef uint64_t[::1] pv = prepared, plv = places
    cdef double[:, ::1] mv = moments, hv = hist
    cdef double[:, :, ::1] hpv = hp
    cdef int m
    cdef long size = 0
    f.combos = &combos[0, 0]
    f.pc = <prc_bd_combo_t *>&pv[0]
    f.sub = &sv[0, 0]
    f.w = &mass[0]
    f.n = <int>n
    f.bins = bins
    f.place = NULL
    f.cnt = &iv[4 * n]
    f.mem = 0
    x.strength = &iv[0]
    x.order = &iv[n]
    x.scratch = &iv[2 * n]
    x.sums = &wv[4 * n]
    x.beat = &wv[0]
    x.upto = &wv[n]
    x.below = &wv[2 * n]
    x.in_ = &wv[3 * n]
    o.seen = &mv[0, 0]
    o.total = &mv[1, 0]
    o.squares = &mv[2, 0]
    o.hist = &hv[0, 0]
    o.hp = &hpv[0, 0, 0]
    with nogil:
        prc_bd_prepare(&combos[0, 0], 2, 0, n, <prc_bd_combo_t *>&pv[0])
        if potential:
            prc_bd_strengths(&f.game, &board[0, 0], nb, &combos[0, 0], f.pc, 2, 0, n, &iv[3 * n])
            m = prc_bd_sort(&iv[3 * n], <int>n, &iv[n], &iv[2 * n])
            size = prc_bd_now_places(&iv[3 * n], &iv[n], m, &sv[0, 0],
                                     <prc_bd_place_t *>&plv[0], &iv[4 * n])
    if size < 0:
        raise InvalidArgumentError("too many distinct combos for hand potential")
    mem = np.zeros(max(size, 1), dtype=np.float64)
    cdef double[::1] memv = mem
    x.mem = &memv[0]
    if potential:
        f.place = <prc_bd_place_t *>&plv[0]
        f.mem = size
    with nogil:
        prc_bd_features(&f, &finals[0, 0], R, &x, &o)
    return moments[0], moments[1], moments[2], hist[:, :bins], counts
