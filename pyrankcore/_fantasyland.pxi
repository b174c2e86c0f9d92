# The OFC Fantasyland solver: the search is C (src/prc_fantasyland.h), run
# without the GIL over a workspace allocated here and checked.

cdef int _first_trips_strength():
    """Weakest three-card front that is three of a kind (incomplete scale)."""
    cdef uint8_t three[3]
    cdef int bad = 0
    three[0] = 0; three[1] = 1; three[2] = 2   # 2c 2d 2h
    return prc_eval_game_checked(&(<GameTables>resolve_game("incomplete")).game,
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
                              double stay_value) except *:
    """The rules struct over the caller's arrays (which must outlive it),
    after checking every size the C search indexes by."""
    cdef GameTables incomplete = resolve_game("incomplete")
    if incomplete.n_classes != PRC_N_CLASSES_INCOMPLETE:
        raise AssertionError("incomplete tables do not match the solver's sizes")
    if front_royalty.shape[0] != PRC_FL_N_FRONT:
        raise InvalidArgumentError(f"front royalties need {PRC_FL_N_FRONT} entries")
    if (middle_royalty.shape[0] != PRC_FL_N_HIGH or back_royalty.shape[0] != PRC_FL_N_HIGH
            or high_to_incomplete.shape[0] != PRC_FL_N_HIGH):
        raise InvalidArgumentError(f"high-strength tables need {PRC_FL_N_HIGH} entries")
    for i in range(PRC_FL_N_HIGH):
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
                          double stay_value):
    """Exact Fantasyland solver over 13..17 distinct valid card ids.

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
                                      back_stay_from, stay_value)
    ids = parse_cards(cards)
    cdef int n = len(ids), i, found
    if n < 13 or n > 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {n}")
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
                           Py_ssize_t stop):
    """Solve rows start..stop-1 of an (N, k) array of valid, distinct card
    ids (k = 13..17; the caller validates) without the GIL: values[i] gets
    the best value, boards[i] the 13 cards (front 3, middle 5, back 5).
    Returns the first row with no legal board, or -1."""
    cdef prc_fl_rules_t r = _fl_rules(front_royalty, middle_royalty, back_royalty,
                                      high_to_incomplete, middle_stay_from,
                                      back_stay_from, stay_value)
    cdef int k = <int>hands.shape[1], found = 1, j
    cdef Py_ssize_t i = start
    if not 13 <= k <= 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {k}")
    if boards.shape[1] != 13:
        raise InvalidArgumentError("boards must have 13 columns")
    _check_span(start, stop, hands.shape[0], min(values.shape[0], boards.shape[0]))
    if first_bad_row(hands[start:stop]) >= 0:
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
