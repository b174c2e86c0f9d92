# Suit tie-break rankings: ranking(base, suit_tiebreak=..., suit_order=...).
#
# Their strengths are suited strengths, strength << 10 | suit key (uint32),
# computed by src/prc_suits.h over the plain ranking's own tables: the one
# place that breaks ties by suit (pyrankcore.suits ranks compare, winners
# and suited_strength with these tables; the tests hold a slow reference).
# A ranking with only a suit_order ranks as its plain ranking (the order is
# for odd chips and the bring-in): its GameTables share the plain tables,
# not suited.

SUIT_KEY_BITS = PRC_SUIT_KEY_BITS

# The vector loop's plans (a play per strength and their kinds), made in C
# from the scalar ones.
cdef extern from "prc_suits.h" nogil:
    const int PRC_VPLAN_KINDS
    ctypedef struct prc_vkind_t:
        pass
    int prc_suited_vplan_fill(const prc_play_t *plan, int n, uint64_t *plays,
                              prc_vkind_t *kinds)
    void prc_suited_set_vplan(prc_suited_t *x, const uint64_t *plays,
                              const prc_vkind_t *kinds)

cdef dict _SUITED = {}       # Ranking with suit options -> GameTables
cdef dict _SUIT_INFO = {}    # plain Ranking -> read-only uint64 info array
cdef dict _SUIT_GROUPS = {}  # plain Ranking -> ({strength: counts}, {strength: suits})
cdef dict _SUIT_PLANS = {}   # (plain Ranking, tie-break index) -> prc_play_t array
cdef dict _SUIT_VPLANS = {}  # (plain Ranking, tie-break index) -> (plays, kinds) or None


cdef GameTables _suit_tables(object ranking):
    """GameTables of a ranking with suit options: built once under the
    lock, published complete, never replaced (a nogil loop may read it)."""
    t = _SUITED.get(ranking)
    if t is not None:
        return t
    cdef GameTables base = _resolve_any(ranking.without_suits())
    cdef GameTables made
    cdef const uint64_t[::1] info
    cdef const uint8_t[::1] plan
    cdef const uint64_t[::1] plays
    cdef const uint8_t[::1] kinds
    with _build_lock:
        t = _SUITED.get(ranking)
        if t is not None:
            return t
        made = _new_tables(ranking, base.n_classes)
        # Every kernel table of the plain ranking is shared, not rebuilt:
        # the rank and flush tables and the wild-card tables here, the Omaha
        # tables on first use (_omaha_tables follows made.base).
        made.game = base.game        # same tables, same deck
        made.wild = base.wild        # (wild-card tables are complete once resolved)
        made._arrays = base          # keeps them alive
        made.base = base
        if ranking.suit_tiebreak is not None:
            arr = _suit_info(base)
            tiebreak = _rankings.SUIT_TIEBREAKS.index(ranking.suit_tiebreak)
            plans = _suit_plans(base.ranking, arr, tiebreak)
            vplans = _suit_vplans(base.ranking, plans, tiebreak)
            info = arr
            plan = plans.view("uint8")
            made._suit_arrays = (arr, plans, vplans)
            made.suit.game = base.game
            made.suit.info = &info[0]
            made.suit.plan = <const prc_play_t *>&plan[0]
            made.suit.n_classes = base.n_classes
            made.suit.tiebreak = tiebreak
            ranks = _rankings.suit_order_ranks(ranking.suit_order)
            for suit in range(4):
                made.suit.low_suit[suit] = 3 - ranks[suit]
            prc_suited_init(&made.suit)
            if vplans is not None:
                plays, kinds = vplans
                prc_suited_set_vplan(&made.suit, &plays[0], <const prc_vkind_t *>&kinds[0])
            made.suited = True
        _SUITED[ranking] = made
        return made


cdef object _suit_info(GameTables base):
    """Per plain strength of *base* (the plain ranking's tables): the read
    priority of each rank (4 bits a rank, 15 = absent) and, at
    PRC_SUIT_INFO_SHIFT, 3 bits per tie-break (in SUIT_TIEBREAKS order): the
    priority of the group whose highest-suited card decides. Called under
    the build lock."""
    import numpy as np
    plain = base.ranking
    cdef int n_classes = base.n_classes
    arr = _SUIT_INFO.get(plain)
    if arr is not None:
        return arr
    values = [None] * (n_classes + 1)
    counts_of = {}     # strength -> its 5-card rank counts (None: several)
    suits_ok = {}      # strength -> PRC_PLAY_FLUSH_OK | PRC_PLAY_MIXED_OK
    cdef uint8_t hand[5]
    cdef int n, rank, copy, bad = 0
    cdef unsigned s
    for counts, flush in plain.patterns():
        # A pattern's strength is that of a hand of its ranks under the plain
        # tables (built from the same keys): all clubs for a flush, else each
        # rank's copies in other suits and five single ranks not all clubs.
        n = 0
        for rank in range(13):
            for copy in range(<int>counts[rank]):
                hand[n] = <uint8_t>(4 * rank + (0 if flush else copy))
                n += 1
        if n == 5 and not flush and max(counts) == 1:
            hand[4] += 1
        s = prc_eval_game_checked(&base.game, hand, n, &bad)
        if bad or s > <unsigned>n_classes:
            raise AssertionError(f"{plain.name}: pattern {counts} gave {s} (bad {bad})")
        if s == 0:  # does not qualify
            continue
        entry = _suit_info_entry(plain, counts)
        if values[s] is None:
            values[s] = entry
        elif values[s] != entry:  # one strength, one set of ranks
            raise AssertionError(f"{plain.name}: strength {s} has two rank patterns")
        # For the row loops' plans (_suit_plans): the strength's rank counts
        # and whether its five may be one suit, or mixed.
        if sum(counts) != 5 or counts_of.get(s, counts) != counts:
            counts_of[s] = None
            continue
        counts_of[s] = counts
        if flush:
            ok = PRC_PLAY_FLUSH_OK
        elif not plain.flushes and max(counts) == 1:
            ok = PRC_PLAY_FLUSH_OK | PRC_PLAY_MIXED_OK   # suits never matter
        else:
            ok = PRC_PLAY_MIXED_OK
        suits_ok[s] = suits_ok.get(s, 0) | ok
    arr = np.zeros(n_classes + 1, dtype=np.uint64)
    arr[:] = [0 if v is None else v for v in values]
    arr.flags.writeable = False
    _SUIT_GROUPS[plain] = (counts_of, suits_ok)
    _SUIT_INFO[plain] = arr
    return arr


cdef object _suit_plans(object plain, object info, int tiebreak):
    """Per plain strength: which five cards play in a hand of that strength
    (prc_play_t in prc_suits.h): its rank groups in reading order (the order
    of info's read priorities), each its rank's shift and its code (the
    cards that play, whether its highest-suited card decides under
    *tiebreak*, the key places after it), and whether the five may, or
    must, be of one suit. A strength that more than one 5-card rank pattern
    (or a smaller hand) makes, or none, is searched. Called under the build
    lock, after _suit_info(plain)."""
    import numpy as np
    arr = _SUIT_PLANS.get((plain, tiebreak))
    if arr is not None:
        return arr
    counts_of, suits_ok = _SUIT_GROUPS[plain]
    dtype = np.dtype([("base", "=u2", 5), ("shift", "u1", 5), ("flags", "u1")])
    if dtype.itemsize != sizeof(prc_play_t):
        raise AssertionError(f"prc_play_t is {sizeof(prc_play_t)} bytes, not {dtype.itemsize}")
    n = len(info)
    bases, shifts, flags = [[0] * 5] * n, [[0] * 5] * n, [PRC_PLAY_SEARCH] * n
    for s, counts in counts_of.items():
        if counts is not None:
            bases[s], shifts[s] = _suit_play(int(info[s]), counts, tiebreak)
            flags[s] = suits_ok[s]
    arr = np.zeros(n, dtype=dtype)
    arr["base"] = bases
    arr["shift"] = shifts
    arr["flags"] = flags
    arr.flags.writeable = False
    _SUIT_PLANS[(plain, tiebreak)] = arr
    return arr


cdef object _suit_vplans(object plain, object plans, int tiebreak):
    """The plans of _suit_plans in the vector loop's form (prc_suits.h,
    prc_vkind_t): a uint64 play per plain strength and the kinds they
    name; None where they need too many kinds (the other loops run then).
    Called under the build lock."""
    import numpy as np
    key = (plain, tiebreak)
    if key in _SUIT_VPLANS:
        return _SUIT_VPLANS[key]
    cdef const uint8_t[::1] plan = plans.view("uint8")
    n = len(plans)
    play_arr = np.zeros(n, dtype=np.uint64)
    # the kinds and one more (each kind's operands read 8 bytes past it)
    kind_arr = np.zeros((PRC_VPLAN_KINDS + 1) * sizeof(prc_vkind_t), dtype=np.uint8)
    cdef uint64_t[::1] play_out = play_arr
    cdef uint8_t[::1] kind_out = kind_arr
    made = None
    if prc_suited_vplan_fill(<const prc_play_t *>&plan[0], <int>n, &play_out[0],
                             <prc_vkind_t *>&kind_out[0]) > 0:
        play_arr.flags.writeable = False
        kind_arr.flags.writeable = False
        made = (play_arr, kind_arr)
    _SUIT_VPLANS[key] = made
    return made


def _suit_play(word, tuple counts, int tiebreak):
    """The rank groups of one 5-card pattern, from its info *word*, in
    reading order: (group_keys bases, shifts), each group's code saying the
    cards that play, whether its highest-suited card decides, and the key
    places after the cards it reads in place (the deciding card is read
    first, apart)."""
    order = sorted(((word >> (4 * r)) & 15, r) for r in range(13) if counts[r])
    first = (word >> (PRC_SUIT_INFO_SHIFT + 3 * tiebreak)) & 7
    bases, shifts = [0] * 5, [0] * 5
    after = 4   # key places after the deciding card
    for i, (_, r) in enumerate(order):
        decides = 1 if i == first else 0
        after -= counts[r] - decides
        bases[i] = 16 * PRC_PLAY_CODE(counts[r], decides, after)
        shifts[i] = 4 * r
    return (bases, shifts)


def _suit_info_entry(object r, tuple counts):
    """The info word of one rank pattern (1 to 5 cards) under ranking *r*,
    read as pyrankcore.best_five reads a hand: the larger group first, then
    the higher (a straight from its top card; aces as the ranking values
    them), and the deciding group of each tie-break of SuitRule."""
    present = [x for x in range(13) if counts[x]]
    top = r.straight_top(set(present)) if sum(counts) == 5 else None

    def value(rank):
        if top is not None and rank == _rankings.ACE:
            return 14 if top == r.value(rank) or top == rank else -2
        if r.ace_low and r.ace_pair_high and rank == _rankings.ACE and counts[rank] > 1:
            return 13
        return r.value(rank)

    order = sorted(present, key=lambda x: (counts[x], value(x)), reverse=True)
    prio = {rank: i for i, rank in enumerate(order)}
    highest = 0 if top is not None else prio[max(present, key=r.value)]
    unpaired = next((prio[x] for x in order if counts[x] == 1), highest)
    firsts = {"highest_card": highest, "main_group": 0, "highest_unpaired": unpaired}
    word = 0
    for x in range(13):
        word |= (prio[x] if counts[x] else 15) << (4 * x)
    for i, name in enumerate(_rankings.SUIT_TIEBREAKS):
        word |= firsts[name] << (PRC_SUIT_INFO_SHIFT + 3 * i)
    return word


cdef object _evaluate_suited(object cards, GameTables t):
    """evaluate() for a suit tie-break ranking: the suited strength."""
    cdef uint8_t ids[7]
    cdef int bad = 0
    cdef Py_ssize_t i, n
    cdef uint32_t v, best = 0
    if isinstance(cards, (list, tuple)) or type(cards).__module__ == "numpy":
        if getattr(cards, "ndim", 1) == 1:
            check_hand_count(t, len(cards))
    cdef list parsed = _ids_of(cards)
    n = len(parsed)
    check_hand_count(t, n)
    if n <= 7:
        for i in range(n):
            ids[i] = <uint8_t><int>parsed[i]
        v = prc_suited_checked(&t.suit, ids, <int>n, &bad)
        if bad:
            raise_flagged(t, parsed)
        return v
    # 8 to 10 cards: the best five lie in some 7-card subset, and a subset's
    # suited strength is the best of its fives'.
    from itertools import combinations
    check_cards(t, parsed)
    for subset in combinations(parsed, 7):
        for i in range(7):
            ids[i] = <uint8_t><int>subset[i]
        v = prc_suited_checked(&t.suit, ids, 7, &bad)
        if bad:
            raise AssertionError(f"a checked hand was flagged: {parsed}")
        if v > best:
            best = v
    return best


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_suited_rows(const uint8_t[:, ::1] cards, uint32_t[::1] out,
                         Py_ssize_t start, Py_ssize_t stop, GameTables t):
    """Fill out[start:stop] with the suited strengths of those rows (a suit
    tie-break ranking), without the GIL. Returns the first invalid row or
    -1; rows after it are left unwritten. Ids are uint8 (the caller clamps
    wider ones to the invalid 255)."""
    if not t.suited:
        raise InvalidArgumentError(f"{t.name} has no suit tie-break")
    cdef Py_ssize_t k = cards.shape[1]
    check_hand_size(t, k)
    _check_span(start, stop, cards.shape[0], out.shape[0])
    if stop <= start:
        return -1
    cdef long first_bad
    with nogil:
        first_bad = prc_suited_rows(&t.suit, &cards[0, 0], <int>k, &out[0], start, stop)
    return first_bad


def evaluate_suited_omaha(hole, board, GameTables t):
    """evaluate_omaha() for a suit tie-break ranking (checks as there)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int bad = 0, i
    if not t.suited:
        raise InvalidArgumentError(f"{t.name} has no suit tie-break")
    if isinstance(hole, (list, tuple)) and isinstance(board, (list, tuple)):
        check_omaha_sizes(len(hole), len(board))
    hole_ids = _ids_of(hole)
    board_ids = _ids_of(board)
    check_omaha_sizes(len(hole_ids), len(board_ids))
    _check_five_card_ranking(t)
    cdef int nh = len(hole_ids), nb = len(board_ids)
    for i in range(nh):
        h[i] = hole_ids[i]
    for i in range(nb):
        b[i] = board_ids[i]
    cdef uint32_t v = prc_suited_omaha_checked(&t.suit, h, nh, b, nb, &bad)
    if bad:
        raise_flagged(t, hole_ids + board_ids, nh)
    return v


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_suited_omaha_rows(const uint8_t[:, ::1] holes,
                               const uint8_t[:, ::1] boards, uint32_t[::1] out,
                               Py_ssize_t start, Py_ssize_t stop, GameTables t):
    """Omaha rows for a suit tie-break ranking, without the GIL; the first
    invalid row or -1."""
    if not t.suited:
        raise InvalidArgumentError(f"{t.name} has no suit tie-break")
    check_omaha_sizes(holes.shape[1], boards.shape[1])
    _check_five_card_ranking(t)
    _check_span(start, stop, min(holes.shape[0], boards.shape[0]), out.shape[0])
    if stop <= start:
        return -1
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    cdef long first_bad
    with nogil:
        first_bad = prc_suited_omaha_rows(&t.suit, &holes[0, 0], nh, &boards[0, 0], nb,
                                          &out[0], start, stop)
    return first_bad


cdef object suited_driver_tables(ranking):
    """A suit tie-break ranking's tables (prc_suited_t) in the TABLES format
    of the arm64 driver (tests/native_safety/arm64/driver.c, see
    _driver_tables): the plain rank and flush tables (a count of 0 for none),
    info, the plans (prc_play_t, 16 bytes each), and the scalars as uint64:
    the flush mode, the game's invalid and invalid_ids, n_classes, the
    tie-break and low_suit[0..3]. The driver fills the rest as _suit_tables
    does (prc_suited_init). For the C row loops built for another
    architecture."""
    import numpy as np
    cdef GameTables t = tables_of(ranking)
    if not t.suited:
        raise InvalidArgumentError(f"{t.name} has no suit tie-break")
    cdef const prc_suited_t *x = &t.suit
    info, plans, _ = t._suit_arrays
    scalars = [x.game.flush_mode, x.game.invalid, x.game.invalid_ids, x.n_classes, x.tiebreak]
    scalars += [x.low_suit[suit] for suit in range(4)]
    return _driver_tables([_u16_copy(x.game.rank, PRC_RANK_LEN), _u16_copy(x.game.flush, 8192),
                           info, plans.view(np.uint8), np.array(scalars, dtype=np.uint64)])
