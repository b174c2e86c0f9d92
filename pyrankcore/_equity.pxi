# Equity: exact enumeration and Monte Carlo over deals (src/prc_equity.h).
# pyrankcore/equities/ plans the work (players, ranges, tasks, seeds); the
# functions here check a plan's sizes and cards once more, build the C spec
# and run the kernels without the GIL.

cdef extern from "prc_equity.h" nogil:
    const int PRC_EQ_MAX_PLAYERS
    const unsigned PRC_EQ_UNIT
    const int PRC_EQ_NSTAT
    const int PRC_EQ_CHUNK
    const int PRC_EQ_BAD_SPEC
    const int PRC_EQ_NO_DEAL
    const int PRC_EQ_STOPPED
    const int PRC_EQ_INDEX_LIMIT
    ctypedef struct prc_eq_spec_t:
        int n_players
        int omaha
        const prc_game_t *hi
        const prc_game_t *lo
        int hi_std
        const prc_omaha_t *hi_fast
        const prc_omaha_t *lo_fast
        int board_final
        int board_known
        uint8_t board[5]
        int hand_final[10]
        int known[10]
        uint64_t live
        const int32_t *stop
    ctypedef struct prc_eq_range_t:
        const uint8_t *cards
        const uint64_t *key
        const uint64_t *bits
        const uint64_t *mask
        const uint64_t *cum
        const double *weight
        uint64_t *scratch
        int n
    int prc_eq_exact(const prc_eq_spec_t *s, const uint8_t *holes, long a_lo,
                     long a_hi, int top_lo, int top_hi, int per_assignment,
                     int allow_fast, uint64_t *stats)
    int prc_eq_exact_ranges(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                            int64_t idx_lo, int64_t idx_hi, int top_lo, int top_hi,
                            int allow_fast, uint64_t *stats, double *wstats,
                            double *wtotal)
    int prc_eq_monte_carlo(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                           uint64_t seed0, uint64_t seed1, int64_t trials,
                           int64_t chunk_lo, int64_t chunk_hi, uint64_t *stats)
    int prc_eq_monte_carlo_deals(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                                 uint64_t seed0, uint64_t seed1, int64_t trials,
                                 uint64_t *stats, uint8_t *record)
    void prc_eq_ranks_init()

# The rank-board tables of exact hold'em and Omaha from preflop (~0.1 ms),
# built here at import, before any kernel can run on another thread.
prc_eq_ranks_init()

EQ_UNIT = PRC_EQ_UNIT
EQ_NSTAT = PRC_EQ_NSTAT
EQ_CHUNK = PRC_EQ_CHUNK
EQ_MAX_PLAYERS = PRC_EQ_MAX_PLAYERS


cdef list _eq_spec(prc_eq_spec_t *s, object spec, object stop):
    """Fill *s* from a plan's spec (pyrankcore.equities.inputs.EquitySpec,
    read by field name: high, low (GameTables, resolved by the caller), omaha, board_final, board, hand_final,
    known, dead) and the stop flag (an int32 array of one element that
    another thread sets to stop the kernel, or None); returns the objects
    that must outlive the kernel call. Every size the kernel relies on is
    checked here."""
    hi, lo, omaha = spec.high, spec.low, spec.omaha
    board_final, board, hand_final = spec.board_final, spec.board, spec.hand_final
    known, dead = spec.known, spec.dead
    cdef GameTables th = None, tl = None
    keep = []
    if hi is None and lo is None:
        raise InvalidArgumentError("equity needs a high or a low ranking")
    cdef uint64_t deck = (<uint64_t>1 << 52) - 1
    memset_spec(s)
    cdef int32_t[::1] flag
    if stop is not None:
        flag = stop
        if flag.shape[0] != 1:
            raise InvalidArgumentError("the stop flag is an int32 array of one element")
        s.stop = &flag[0]
    if hi is not None:
        th = plain_tables(hi, "equity")
        keep.append(th)
        s.hi = &th.game
        s.hi_std = th is _HIGH
        deck &= th.deck_mask
    if lo is not None:
        tl = plain_tables(lo, "equity")
        keep.append(tl)
        s.lo = &tl.game
        deck &= tl.deck_mask
    cdef int P = len(hand_final)
    if not 1 <= P <= PRC_EQ_MAX_PLAYERS or len(known) != P:
        raise InvalidArgumentError(f"equity takes 1 to {PRC_EQ_MAX_PLAYERS} players, got {P}")
    s.n_players = P
    s.omaha = bool(omaha)
    if not 0 <= board_final <= 5 or len(board) > board_final:
        raise HandSizeError(f"a board of {len(board)} cards in a final board of {board_final}")
    s.board_final = board_final
    s.board_known = len(board)
    cdef int i, p
    cdef uint64_t taken = 0, bit
    for i in range(len(board)):
        c = board[i]
        if not 0 <= c < 52 or (taken >> c) & 1:
            raise InvalidCardError(f"bad or repeated board card {c!r}")
        s.board[i] = c
        taken |= (<uint64_t>1) << <int>c
    for c in dead:
        if not 0 <= c < 52:
            raise InvalidCardError(f"bad dead card {c!r}")
        taken |= (<uint64_t>1) << <int>c
    s.live = deck & ~taken
    cdef int tables_min = 5, tables_max = 5
    for p in range(P):
        if not 0 <= known[p] <= hand_final[p] <= 7:
            raise HandSizeError(f"player {p}: {known[p]} known of {hand_final[p]} cards")
        s.hand_final[p] = hand_final[p]
        s.known[p] = known[p]
        n = 5 if omaha else hand_final[p] + board_final
        for t in keep:
            if not (<GameTables>t).min_cards <= n <= (<GameTables>t).max_cards:
                raise HandSizeError(f"{(<GameTables>t).name} does not rank {n}-card hands")
    if omaha:
        for p in range(P):
            check_omaha_sizes(hand_final[p], board_final)
        for t in keep:
            _check_five_card_ranking(t)
        if th is not None and th.game.flush_mode != PRC_FLUSH_LOW:
            s.hi_fast = _omaha_tables(th)
        if tl is not None and tl.game.flush_mode != PRC_FLUSH_LOW:
            s.lo_fast = _omaha_tables(tl)
    keep.append(stop)  # after the loops above, which read keep as GameTables
    return keep


cdef void memset_spec(prc_eq_spec_t *s) noexcept:
    s.n_players = 0
    s.omaha = 0
    s.hi = NULL
    s.lo = NULL
    s.hi_std = 0
    s.hi_fast = NULL
    s.lo_fast = NULL
    s.board_final = 0
    s.board_known = 0
    s.live = 0
    s.stop = NULL


cdef _eq_raise(int rc):
    if rc == PRC_EQ_NO_DEAL:
        raise InvalidArgumentError(
            "the ranges (almost) never fit together: a million draws in a row "
            "gave two players the same card")
    if rc == PRC_EQ_STOPPED:
        # the caller raised the stop flag (Ctrl-C in the calling thread)
        raise KeyboardInterrupt("equity stopped")
    if rc != 0:
        raise AssertionError(f"the equity kernel refused a checked spec ({rc})")


@cython.boundscheck(False)
@cython.wraparound(False)
def equity_exact(spec, const uint8_t[:, :, ::1] holes, Py_ssize_t a_lo,
                 Py_ssize_t a_hi, int top_lo, int top_hi,
                 bint per_assignment=False, bint fast=True, stop=None):
    """Exact tallies for assignments a_lo..a_hi-1 of *holes* (shape (A,
    players, 8): each player's known cards first), the first dealt card at
    live-deck positions top_lo..top_hi-1. Returns uint64 tallies of shape
    (players, EQ_NSTAT), or (a_hi - a_lo, players, EQ_NSTAT). fast=False
    turns off the rank-board path of hold'em preflop (tests compare). stop:
    see _eq_spec (KeyboardInterrupt when raised)."""
    import numpy as np
    cdef prc_eq_spec_t s
    keep = _eq_spec(&s, spec, stop)
    cdef int P = s.n_players, p, i
    cdef Py_ssize_t a
    if holes.shape[1] != P or holes.shape[2] != 8:
        raise HandSizeError(f"holes must have shape (A, {P}, 8), not {tuple(holes.shape)[:3]}")
    if not 0 <= a_lo <= a_hi <= holes.shape[0]:
        raise InvalidArgumentError(f"assignments {a_lo}:{a_hi} outside 0:{holes.shape[0]}")
    for a in range(a_lo, a_hi):
        for p in range(P):
            for i in range(s.known[p]):
                if holes[a, p, i] >= 52:
                    raise InvalidCardError(f"bad card id {holes[a, p, i]}")
    shape = (a_hi - a_lo if per_assignment else 1, P, PRC_EQ_NSTAT)
    out = np.zeros(shape, dtype=np.uint64)
    cdef uint64_t[:, :, ::1] view = out
    cdef const uint8_t *hp = &holes[0, 0, 0] if holes.shape[0] > 0 else NULL
    cdef int rc = 0
    if a_hi > a_lo:
        with nogil:
            rc = prc_eq_exact(&s, hp, a_lo, a_hi, top_lo, top_hi, per_assignment,
                              fast, &view[0, 0, 0])
    _eq_raise(rc)
    return out if per_assignment else out[0]


cdef _eq_ranges(prc_eq_range_t *r, prc_eq_spec_t *s, list ranges, list keep,
                bint exact):
    """Fill r[0..players) from per player (cards, weights): an (n, known)
    uint8 array of combos and n weights, for Monte Carlo nonnegative
    integers (uint64) with a sum in 1..2**63-1, for exact enumeration
    floats or None (every weight 1). Arrays made here go into *keep*."""
    import numpy as np
    cdef int P = s.n_players, p, j, k
    cdef Py_ssize_t i, n
    if len(ranges) != P:
        raise InvalidArgumentError(f"{len(ranges)} ranges for {P} players")
    cdef const uint8_t[:, ::1] cv
    cdef const uint64_t[::1] wv
    cdef const double[::1] fv
    cdef uint64_t[::1] kv, bv, mv, cumv, sv
    cdef uint64_t total, key, bits, mask
    for p in range(P):
        cards, weights = ranges[p]
        cards = np.ascontiguousarray(cards, dtype=np.uint8)
        if cards.ndim != 2 or cards.shape[1] != s.known[p]:
            raise HandSizeError(f"player {p}: combos of {s.known[p]} cards expected")
        n = cards.shape[0]
        # the kernels index combos with an int and their cards with size_t
        if n < 1 or n > (1 << 30):
            raise InvalidArgumentError(f"player {p}: {n} combos (1 to 2**30 allowed)")
        cv = cards
        k = s.known[p]
        karr = np.empty(n, dtype=np.uint64)
        barr = np.empty(n, dtype=np.uint64)
        marr = np.empty(n, dtype=np.uint64)
        kv = karr; bv = barr; mv = marr
        for i in range(n):
            key = 0; bits = 0; mask = 0
            for j in range(k):
                if cv[i, j] >= 52:
                    raise InvalidCardError(f"bad card id {cv[i, j]}")
                key += prc_card16[2 * cv[i, j]]
                bits |= prc_card16[2 * cv[i, j] + 1]
                mask |= (<uint64_t>1) << cv[i, j]
            kv[i] = key; bv[i] = bits; mv[i] = mask
        keep.append((cards, karr, barr, marr))
        r[p].cards = &cv[0, 0] if k > 0 else NULL
        r[p].key = &kv[0]
        r[p].bits = &bv[0]
        r[p].mask = &mv[0]
        r[p].cum = NULL
        r[p].weight = NULL
        r[p].scratch = NULL
        r[p].n = <int>n
        if exact:
            if weights is not None:
                warr = np.ascontiguousarray(weights, dtype=np.float64)
                if warr.shape != (n,) or not bool(np.all(np.isfinite(warr) & (warr >= 0))):
                    raise InvalidArgumentError(f"player {p}: {n} finite weights >= 0 expected")
                fv = warr
                keep.append(warr)
                r[p].weight = &fv[0]
            continue
        given = np.asarray(weights)
        if given.shape != (n,):
            raise InvalidArgumentError(f"player {p}: weights of the wrong shape")
        if given.dtype.kind not in "ui" or bool((given < 0).any()):
            # a cast would turn -1 into 2**64 - 1 and 0.5 into 0
            raise InvalidArgumentError(
                f"player {p}: Monte Carlo weights are integers >= 0, not {given.dtype}")
        warr = np.ascontiguousarray(given, dtype=np.uint64)
        wv = warr
        carr = np.empty(n, dtype=np.uint64)
        cumv = carr
        total = 0
        for i in range(n):
            if wv[i] >= (<uint64_t>1 << 63) - total:
                raise InvalidArgumentError(f"player {p}: weights sum to 2**63 or more")
            total += wv[i]
            cumv[i] = total
        if total == 0:
            raise InvalidArgumentError(f"player {p}: the weights sum to 0")
        # the sampler's cumulative weights and index (written by the kernel)
        sarr = np.empty(n + PRC_EQ_INDEX_LIMIT // 2, dtype=np.uint64)
        sv = sarr
        keep.append((warr, carr, sarr))
        r[p].cum = &cumv[0]
        r[p].scratch = &sv[0]


def equity_monte_carlo(spec, list ranges, uint64_t seed0, uint64_t seed1,
                       int64_t trials, int64_t chunk_lo, int64_t chunk_hi,
                       stop=None):
    """Monte Carlo tallies of chunks chunk_lo..chunk_hi-1 of a run of
    *trials* deals. ranges: per player (cards, weights), an (n, known)
    uint8 array of combos and n nonnegative integer weights (uint64, their
    sum in 1..2**63-1). stop: see _eq_spec. Returns uint64 tallies of shape
    (players, EQ_NSTAT)."""
    import numpy as np
    cdef prc_eq_spec_t s
    keep = _eq_spec(&s, spec, stop)
    cdef int P = s.n_players
    if trials < 0 or chunk_lo < 0 or chunk_hi < chunk_lo:
        raise InvalidArgumentError("bad trial counts")
    cdef prc_eq_range_t r[PRC_EQ_MAX_PLAYERS]
    _eq_ranges(r, &s, ranges, keep, False)
    out = np.zeros((P, PRC_EQ_NSTAT), dtype=np.uint64)
    cdef uint64_t[:, ::1] view = out
    cdef int rc
    with nogil:
        rc = prc_eq_monte_carlo(&s, r, seed0, seed1, trials, chunk_lo, chunk_hi,
                                &view[0, 0])
    _eq_raise(rc)
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object equity_monte_carlo_deals(spec, list ranges, uint64_t seed0, uint64_t seed1,
                                     int64_t trials):
    """The deals of a hold'em Monte Carlo run of *trials* trials (every
    player's two cards from a range or a hand; ranges as for
    equity_monte_carlo), for the tests of the sampler: a uint8 array of
    shape (trials, 2 * players + missing board cards), each trial's hole
    cards by player and the board's dealt cards, and the run's tallies."""
    import numpy as np
    cdef prc_eq_spec_t s
    keep = _eq_spec(&s, spec, None)
    cdef int P = s.n_players, p
    if s.omaha or not s.hi_std or s.lo != NULL or s.board_final != 5 or any(
            s.hand_final[p] != 2 or s.known[p] != 2 for p in range(P)):
        raise InvalidArgumentError("the deals are recorded for hold'em with known hands only")
    if not 0 <= trials <= (1 << 24):
        raise InvalidArgumentError(f"{trials} trials (0 to 2**24 recorded)")
    cdef prc_eq_range_t r[PRC_EQ_MAX_PLAYERS]
    _eq_ranges(r, &s, ranges, keep, False)
    record = np.zeros((trials, 2 * P + s.board_final - s.board_known), dtype=np.uint8)
    out = np.zeros((P, PRC_EQ_NSTAT), dtype=np.uint64)
    cdef uint64_t[:, ::1] view = out
    cdef uint8_t[:, ::1] rview = record
    cdef uint8_t *rp = &rview[0, 0] if trials > 0 else NULL
    cdef int rc
    if trials == 0:
        return record, out
    with nogil:
        rc = prc_eq_monte_carlo_deals(&s, r, seed0, seed1, trials, &view[0, 0], rp)
    _eq_raise(rc)
    return record, out


def equity_exact_ranges(spec, list ranges, int64_t idx_lo, int64_t idx_hi,
                        int top_lo=0, int top_hi=64, bint fast=True,
                        stop=None):
    """Exact tallies over the combinations idx_lo..idx_hi-1 of the players'
    ranges (one mixed-radix index, seat 0 the most significant digit;
    combinations with a card twice count nothing), the first dealt card at
    live-deck positions top_lo..top_hi-1. ranges: per player (cards,
    weights), an (n, known) uint8 array of combos and n float weights or
    None. Returns (stats, weighted, weight_total): uint64 tallies of shape
    (players, EQ_NSTAT); with weights, the tallies weighed by each
    combination's product of weights (float64, same shape) and the weighed
    number of deals; without, None and 0.0."""
    import numpy as np
    cdef prc_eq_spec_t s
    keep = _eq_spec(&s, spec, stop)
    cdef int P = s.n_players, p
    cdef prc_eq_range_t r[PRC_EQ_MAX_PLAYERS]
    _eq_ranges(r, &s, ranges, keep, True)
    weighted = any(w is not None for _, w in ranges)
    total = 1
    for p in range(P):
        total *= r[p].n
    if total >= (1 << 62):
        raise InvalidArgumentError(f"{total} combinations of the ranges (at most 2**62)")
    if not 0 <= idx_lo <= idx_hi <= total:
        raise InvalidArgumentError(f"combinations {idx_lo}:{idx_hi} outside 0:{total}")
    out = np.zeros((P, PRC_EQ_NSTAT), dtype=np.uint64)
    wout = np.zeros((P, PRC_EQ_NSTAT), dtype=np.float64)
    cdef uint64_t[:, ::1] view = out
    cdef double[:, ::1] wview = wout
    cdef double *wp = &wview[0, 0] if weighted else NULL
    cdef double wtotal = 0.0
    cdef int rc
    with nogil:
        rc = prc_eq_exact_ranges(&s, r, idx_lo, idx_hi, top_lo, top_hi, fast,
                                 &view[0, 0], wp, &wtotal)
    _eq_raise(rc)
    if weighted:
        return out, wout, wtotal
    return out, None, 0.0
