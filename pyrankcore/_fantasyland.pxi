# The OFC Fantasyland solver: the search is C (src/prc_fantasyland.h), run
# without the GIL over a workspace allocated here and checked. Also the
# double-deck row kernels (rank multisets; a card id may appear twice).

cdef extern from "prc_fantasyland.h" nogil:
    const int PRC_DD_N5
    const int PRC_DD_N3
    const int PRC_DD_N_CLASSES
    const int PRC_FL_N_HIGH_DD
    ctypedef struct prc_dd_tables_t:
        const uint16_t *plain
        const uint16_t *flush
        const uint16_t *front
    void prc_fl_set_decks(prc_fl_rules_t *r, const uint16_t *plain,
                          const uint16_t *flush, const uint16_t *front, int n_high)
    void prc_dd_board_rows(const prc_dd_tables_t *t, const uint8_t *boards,
                           uint16_t *front, uint16_t *middle, uint16_t *back,
                           long start, long stop)


DD_N_CLASSES = PRC_DD_N_CLASSES


cdef _check_dd_tables(const uint16_t[::1] plain, const uint16_t[::1] flush,
                      const uint16_t[::1] front):
    """The double-deck tables index royalty arrays and the solver's caps:
    check their sizes and every value before C reads them."""
    if plain.shape[0] != PRC_DD_N5 or flush.shape[0] != PRC_DD_N5:
        raise InvalidArgumentError(f"double-deck five-card tables need {PRC_DD_N5} entries")
    if front.shape[0] != PRC_DD_N3:
        raise InvalidArgumentError(f"the double-deck front table needs {PRC_DD_N3} entries")
    cdef Py_ssize_t i
    for i in range(PRC_DD_N5):
        if not (1 <= plain[i] <= PRC_DD_N_CLASSES and 1 <= flush[i] <= PRC_DD_N_CLASSES):
            raise InvalidArgumentError("a double-deck table holds a value off the scale")
    for i in range(PRC_DD_N3):
        if not 1 <= front[i] < PRC_FL_N_FRONT:
            raise InvalidArgumentError("the double-deck front table holds a value off the scale")


def parse_cards_repeated(cards):
    """Card ids of anything parse_cards accepts, repeats kept (two decks:
    the caller counts them). Invalid tokens and ids raise InvalidCardError."""
    return _ids_of(cards)


@cython.boundscheck(False)
@cython.wraparound(False)
def dd_first_bad_row(const uint8_t[:, ::1] cards):
    """Index of the first row holding an id above 51 or an id three times or
    more (two decks: each card at most twice), or -1; without the GIL."""
    cdef Py_ssize_t i, j, n = cards.shape[0], k = cards.shape[1], bad = -1
    cdef uint8_t counts[256]
    cdef uint8_t c
    with nogil:
        for i in range(n):
            for j in range(k):
                counts[cards[i, j]] = 0
            for j in range(k):
                c = cards[i, j]
                counts[c] += 1
                if c > 51 or counts[c] > 2:
                    bad = i
                    break
            if bad >= 0:
                break
    return bad


@cython.boundscheck(False)
@cython.wraparound(False)
def dd_board_rows(const uint8_t[:, ::1] boards, const uint16_t[::1] plain,
                  const uint16_t[::1] flush, const uint16_t[::1] front,
                  uint16_t[::1] front_out, uint16_t[::1] middle_out,
                  uint16_t[::1] back_out, Py_ssize_t start, Py_ssize_t stop):
    """Double-deck strengths of rows start..stop-1 of an (N, 13) array of
    boards (front 3, middle 5, back 5; ids 0..51, each at most twice per row:
    checked here) without the GIL. Returns -1."""
    _check_dd_tables(plain, flush, front)
    if boards.shape[1] != 13:
        raise InvalidArgumentError("boards must have 13 columns")
    _check_span(start, stop, boards.shape[0],
                min(front_out.shape[0], middle_out.shape[0], back_out.shape[0]))
    if stop <= start:
        return -1
    if dd_first_bad_row(boards[start:stop]) >= 0:
        raise InvalidArgumentError("dd_board_rows needs card ids 0..51, each at most twice")
    cdef prc_dd_tables_t t
    t.plain = &plain[0]
    t.flush = &flush[0]
    t.front = &front[0]
    with nogil:
        prc_dd_board_rows(&t, &boards[0, 0], &front_out[0], &middle_out[0],
                          &back_out[0], start, stop)
    return -1

cdef int _first_trips_strength():
    """Weakest three-card front that is three of a kind (incomplete scale)."""
    cdef uint8_t three[3]
    cdef int bad = 0
    three[0] = 0; three[1] = 1; three[2] = 2   # 2c 2d 2h
    return prc_eval_game_checked(&(<GameTables>_BUILTIN["incomplete"]).game,
                                 three, 3, &bad)


# The cap on point values of pyrankcore.ofc (MAX_POINTS).
cdef int32_t _FL_MAX_POINTS = 1000000


cdef _check_royalties(const int32_t[::1] table, str row):
    cdef Py_ssize_t i
    for i in range(table.shape[0]):
        if not 0 <= table[i] <= _FL_MAX_POINTS:
            raise InvalidArgumentError(
                f"{row} royalties must be in 0..1,000,000, got {table[i]} at {i}")


cdef prc_fl_rules_t _fl_rules(const int32_t[::1] front_royalty,
                              const int32_t[::1] middle_royalty,
                              const int32_t[::1] back_royalty,
                              const int32_t[::1] high_to_incomplete,
                              int middle_stay_from, int back_stay_from,
                              double stay_value,
                              const uint16_t[::1] dd_plain,
                              const uint16_t[::1] dd_flush,
                              const uint16_t[::1] dd_front) except *:
    """The rules struct over the caller's arrays (which must outlive it),
    after checking every size the C search indexes by. The dd tables are
    all None (one deck) or all given (two decks: the high-strength tables
    are then on the double-deck scale, PRC_FL_N_HIGH_DD entries)."""
    cdef bint two_decks = dd_plain is not None
    if two_decks != (dd_flush is not None) or two_decks != (dd_front is not None):
        raise InvalidArgumentError("pass all three double-deck tables or none")
    cdef int n_high = PRC_FL_N_HIGH_DD if two_decks else PRC_FL_N_HIGH
    if two_decks:
        _check_dd_tables(dd_plain, dd_flush, dd_front)
    cdef GameTables incomplete = _BUILTIN["incomplete"]
    if incomplete.n_classes != PRC_N_CLASSES_INCOMPLETE:
        raise AssertionError("incomplete tables do not match the solver's sizes")
    if front_royalty.shape[0] != PRC_FL_N_FRONT:
        raise InvalidArgumentError(f"front royalties need {PRC_FL_N_FRONT} entries")
    if (middle_royalty.shape[0] != n_high or back_royalty.shape[0] != n_high
            or high_to_incomplete.shape[0] != n_high):
        raise InvalidArgumentError(f"high-strength tables need {n_high} entries")
    for i in range(n_high):
        if not 0 <= high_to_incomplete[i] < PRC_FL_N_FRONT:
            raise InvalidArgumentError("high_to_incomplete holds a value off the front scale")
    # Royalties index the solver's counting sort (prc_fl_bucket_order) and
    # are summed in int: negative or huge ones would write outside it.
    _check_royalties(front_royalty, "front")
    _check_royalties(middle_royalty, "middle")
    _check_royalties(back_royalty, "back")
    if not 0 <= stay_value <= 1e6:   # also rejects NaN
        raise InvalidArgumentError(f"stay_value must be in 0..1,000,000, got {stay_value!r}")
    cdef prc_fl_rules_t r
    r.front_royalty = &front_royalty[0]
    r.middle_royalty = &middle_royalty[0]
    r.back_royalty = &back_royalty[0]
    r.high_to_incomplete = &high_to_incomplete[0]
    r.incomplete = &incomplete.game
    r.middle_stay_from = middle_stay_from
    r.back_stay_from = back_stay_from
    r.trips_from = _first_trips_strength()
    r.stay_value = stay_value
    if two_decks:
        prc_fl_set_decks(&r, &dd_plain[0], &dd_flush[0], &dd_front[0], n_high)
    else:
        prc_fl_set_decks(&r, NULL, NULL, NULL, n_high)
    return r


cdef prc_fl_workspace_t *_fl_workspace() except NULL:
    cdef prc_fl_workspace_t *w = <prc_fl_workspace_t *>PyMem_RawMalloc(
        prc_fl_workspace_size())
    if w == NULL:
        raise MemoryError("no memory for the Fantasyland solver's workspace")
    return w


def solve_fantasyland_ids(cards, const int32_t[::1] front_royalty,
                          const int32_t[::1] middle_royalty,
                          const int32_t[::1] back_royalty,
                          const int32_t[::1] high_to_incomplete,
                          int middle_stay_from, int back_stay_from,
                          double stay_value,
                          const uint16_t[::1] dd_plain=None,
                          const uint16_t[::1] dd_flush=None,
                          const uint16_t[::1] dd_front=None):
    """Exact Fantasyland solver over 13..17 distinct valid card ids (with
    the three double-deck tables: ids 0..51, each at most twice, ranked on
    the double-deck scale).

    Chooses 13 of the cards as a legal board (back >= middle >= front) that
    maximises royalties plus *stay_value* when the board stays in
    Fantasyland (trips on top; a middle strength >= middle_stay_from; a
    back strength >= back_stay_from; pass 7463 to disable a row). Returns
    (value, front, middle, back) with card-id tuples, or None if no legal
    board exists. Exact: the result equals exhaustive search (ties keep the
    first board found).
    """
    cdef prc_fl_rules_t r = _fl_rules(front_royalty, middle_royalty, back_royalty,
                                      high_to_incomplete, middle_stay_from,
                                      back_stay_from, stay_value,
                                      dd_plain, dd_flush, dd_front)
    ids = parse_cards(cards) if dd_plain is None else _ids_of(cards)
    cdef int n = len(ids), i, found
    if n < 13 or n > 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {n}")
    if dd_plain is not None:
        for c in ids:
            if c > 51:
                raise InvalidCardError(f"invalid card {format_card(c)}: OFC has no jokers")
            if ids.count(c) > 2:
                raise DuplicateCardError(
                    f"card {format_card(c)} appears {ids.count(c)} times; with two decks "
                    "a card appears at most twice")
    cdef uint8_t hand[17]
    for i in range(n):
        hand[i] = ids[i]
    cdef prc_fl_result_t result
    cdef prc_fl_workspace_t *w = _fl_workspace()
    try:
        with nogil:
            found = prc_fl_solve(&r, w, hand, n, &result)
    finally:
        PyMem_RawFree(w)
    if found < 0:
        raise MemoryError("no memory for the Fantasyland solver")
    if found == 0:
        return None
    return (result.value, tuple(result.front[i] for i in range(3)),
            tuple(result.middle[i] for i in range(5)),
            tuple(result.back[i] for i in range(5)))


@cython.boundscheck(False)
@cython.wraparound(False)
def solve_fantasyland_rows(const uint8_t[:, ::1] hands,
                           const int32_t[::1] front_royalty,
                           const int32_t[::1] middle_royalty,
                           const int32_t[::1] back_royalty,
                           const int32_t[::1] high_to_incomplete,
                           int middle_stay_from, int back_stay_from,
                           double stay_value, double[::1] values,
                           uint8_t[:, ::1] boards, Py_ssize_t start,
                           Py_ssize_t stop,
                           const uint16_t[::1] dd_plain=None,
                           const uint16_t[::1] dd_flush=None,
                           const uint16_t[::1] dd_front=None):
    """Solve rows start..stop-1 of an (N, k) array of valid, distinct card
    ids (k = 13..17; the caller validates; with the double-deck tables, ids
    0..51 each at most twice) without the GIL: values[i] gets the best
    value, boards[i] the 13 cards (front 3, middle 5, back 5). Returns the
    first row with no legal board, or -1."""
    cdef prc_fl_rules_t r = _fl_rules(front_royalty, middle_royalty, back_royalty,
                                      high_to_incomplete, middle_stay_from,
                                      back_stay_from, stay_value,
                                      dd_plain, dd_flush, dd_front)
    cdef int k = <int>hands.shape[1], found = 1, j
    cdef Py_ssize_t i = start
    if not 13 <= k <= 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {k}")
    if boards.shape[1] != 13:
        raise InvalidArgumentError("boards must have 13 columns")
    _check_span(start, stop, hands.shape[0], min(values.shape[0], boards.shape[0]))
    if dd_plain is not None:
        if dd_first_bad_row(hands[start:stop]) >= 0:
            raise InvalidArgumentError(
                "solve_fantasyland_rows needs card ids 0..51, each at most twice")
    elif first_bad_row(hands[start:stop]) >= 0:
        raise InvalidArgumentError("solve_fantasyland_rows needs valid, distinct cards")
    cdef prc_fl_result_t result
    cdef prc_fl_workspace_t *w = _fl_workspace()
    try:
        with nogil:
            for i in range(start, stop):
                found = prc_fl_solve(&r, w, &hands[i, 0], k, &result)
                if found <= 0:
                    break
                values[i] = result.value
                for j in range(3):
                    boards[i, j] = result.front[j]
                for j in range(5):
                    boards[i, 3 + j] = result.middle[j]
                    boards[i, 8 + j] = result.back[j]
    finally:
        PyMem_RawFree(w)
    if found < 0:
        raise MemoryError("no memory for the Fantasyland solver")
    return i if found == 0 else -1
