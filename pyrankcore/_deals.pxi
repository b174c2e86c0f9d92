# Random deals: a splitmix64 stream and unbiased draws, without the GIL.

from pyrankcore._args import entropy_seed, whole_number

cdef inline uint64_t _splitmix64(uint64_t *state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint32_t _below(uint64_t *state, uint32_t bound) noexcept nogil:
    """Unbiased integer in [0, bound): multiply-shift with rejection
    (Lemire's method) over 32-bit draws."""
    cdef uint64_t m
    cdef uint32_t low, threshold = (<uint32_t>(-bound)) % bound
    while True:
        m = (_splitmix64(state) & 0xFFFFFFFFULL) * bound
        low = <uint32_t>m
        if low >= threshold:
            return <uint32_t>(m >> 32)


# Rows of one call: far beyond any machine's memory, far below overflow.
MAX_DEAL_ROWS = 1 << 40


@cython.boundscheck(False)
@cython.wraparound(False)
def random_hands(n, k=7, *, seed=None, exclude=None, game="high"):
    """n rows of k distinct random cards as an (n, k) uint8 array.

    Uniform over all k-card hands from the game's deck (52 cards; 36 for
    short deck; 54 with the jokers of a wild-card game) less *exclude* (cards dealt elsewhere, e.g. a board).
    *seed* (an int >= 0) makes the deal reproducible; None draws a seed from
    the operating system. Runs without the GIL.

    Raises TypeError for a non-integer n, k or seed; InvalidArgumentError
    for a negative or too large n or seed; HandSizeError when the live deck
    has fewer than k cards.

    >>> random_hands(2, 5, seed=1).shape
    (2, 5)
    """
    import numpy as np
    cdef uint64_t dead, used, bit, state
    cdef Py_ssize_t i, rows
    cdef int j, live, cards
    cdef uint32_t c
    n = whole_number(n, "n", 0, MAX_DEAL_ROWS)
    k = whole_number(k, "k")
    seed = entropy_seed(seed)
    cdef GameTables t = public_tables(game)  # its deck only
    # Ids 0..51, and the jokers 52 and 53 where the game has them (games
    # without jokers draw exactly as before).
    cdef uint32_t ids = 54 if (t.deck_mask >> 52) & 3 else 52
    dead = ~t.deck_mask & ((<uint64_t>1 << ids) - 1)
    if exclude is not None:
        for card in parse_cards(exclude):
            dead |= (<uint64_t>1) << <int>card
    live = ids
    for j in range(<int>ids):  # ids is 52 or 54
        live -= (dead >> j) & 1
    if k < 1 or k > live:
        raise HandSizeError(f"cannot deal {_short(k)} cards from {live} live cards")
    state = <uint64_t>seed
    rows = n
    cards = k
    hands = np.empty((rows, cards), dtype=np.uint8)
    cdef uint8_t[:, ::1] view = hands
    with nogil:
        for i in range(rows):
            used = dead
            for j in range(cards):
                while True:
                    c = _below(&state, ids)
                    bit = (<uint64_t>1) << c
                    if not (used & bit):
                        break
                used |= bit
                view[i, j] = <uint8_t>c
    return hands
