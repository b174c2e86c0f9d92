# cython: language_level=3
"""pyrankcore's compiled core: card parsing, evaluation and batch kernels.

Everything hot lives here, next to the generated tables (``src/``), so that
the C compiler can inline the lookups. The public Python API is the facade
in ``pyrankcore/__init__.py``; this module is private.
"""

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    UnknownGameError,
)

cdef extern from "prc_eval.h" nogil:
    const uint64_t PRC_SUIT_START
    const int PRC_N_CLASSES
    const uint16_t prc_flush_high[8192]
    const uint32_t prc_class_info[7463]
    uint16_t prc_rank_lookup(uint32_t rank_sum)
    unsigned prc_suit_ranks(uint64_t id_mask, int suit)
    int prc_flush_suit(uint64_t key)
    uint16_t prc_eval_high(const uint8_t *cards, int n)
    uint16_t prc_eval_high_mask(uint64_t id_mask)
    uint16_t prc_eval_high_checked(const uint8_t *cards, int n, int *bad)

N_CLASSES = PRC_N_CLASSES
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
GAMES = ("high",)


# ---------------------------------------------------------------------------
# C-level API (declared in _core.pxd; see the contracts there)

cdef uint16_t evaluate_5(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e) noexcept nogil:
    cdef uint8_t cards[5]
    cards[0] = a; cards[1] = b; cards[2] = c; cards[3] = d; cards[4] = e
    return prc_eval_high(cards, 5)


cdef uint16_t evaluate_6(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e, uint8_t f) noexcept nogil:
    cdef uint8_t cards[6]
    cards[0] = a; cards[1] = b; cards[2] = c; cards[3] = d; cards[4] = e
    cards[5] = f
    return prc_eval_high(cards, 6)


cdef uint16_t evaluate_7(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e, uint8_t f, uint8_t g) noexcept nogil:
    cdef uint8_t cards[7]
    cards[0] = a; cards[1] = b; cards[2] = c; cards[3] = d; cards[4] = e
    cards[5] = f; cards[6] = g
    return prc_eval_high(cards, 7)


cdef uint16_t evaluate_cards(const uint8_t *cards, int n) noexcept nogil:
    if n < 5 or n > 7:
        return 0
    return prc_eval_high(cards, n)


cdef uint16_t evaluate_mask(uint64_t mask) noexcept nogil:
    return prc_eval_high_mask(mask)


# ---------------------------------------------------------------------------
# Games

cdef int _game_id(object game) except -1:
    """Resolve a game name; only 'high' is built in the core engine."""
    if game is "high" or game == "high":
        return 0
    if not isinstance(game, str):
        raise TypeError(f"game must be a str, not {type(game).__name__}")
    raise UnknownGameError(f"unknown game {game!r}; choose one of {GAMES}")


def check_game(game):
    """Return the canonical name of *game*, or raise UnknownGameError."""
    _game_id(game)
    return "high"


# ---------------------------------------------------------------------------
# Card text

cdef inline int _rank_of(Py_UCS4 ch) noexcept:
    if c'2' <= ch <= c'9':
        return <int>ch - 50  # ord('2')
    if ch == c'T' or ch == c't':
        return 8
    if ch == c'J' or ch == c'j':
        return 9
    if ch == c'Q' or ch == c'q':
        return 10
    if ch == c'K' or ch == c'k':
        return 11
    if ch == c'A' or ch == c'a':
        return 12
    return -1


cdef inline int _suit_of(Py_UCS4 ch) noexcept:
    if ch == c'c' or ch == c'C' or ch == 0x2663 or ch == 0x2667:
        return 0
    if ch == c'd' or ch == c'D' or ch == 0x2666 or ch == 0x2662:
        return 1
    if ch == c'h' or ch == c'H' or ch == 0x2665 or ch == 0x2661:
        return 2
    if ch == c's' or ch == c'S' or ch == 0x2660 or ch == 0x2664:
        return 3
    return -1


cdef inline bint _is_sep(Py_UCS4 ch) noexcept:
    return ch == c' ' or ch == c','


cdef list _parse_text(str text):
    """Card ids in *text*: cards back to back or split by spaces/commas."""
    cdef Py_ssize_t n = len(text), pos = 0, start, end
    cdef int rank, suit, width
    cdef list ids = []
    if n == 0:
        raise InvalidCardError("invalid card '': empty text")
    while True:
        start = pos
        rank = -1
        width = 1
        if pos + 1 < n and text[pos] == c'1' and text[pos + 1] == c'0':
            rank = 8
            width = 2
        elif pos < n:
            rank = _rank_of(text[pos])
        suit = _suit_of(text[pos + width]) if pos + width < n else -1
        if rank < 0 or suit < 0:
            end = pos
            while end < n and not _is_sep(text[end]):
                end += 1
            token = text[start:end] if end > start else text[start:start + 1]
            raise InvalidCardError(
                f"invalid card {token!r} in {text!r}" if token != text
                else f"invalid card {token!r}")
        ids.append(rank * 4 + suit)
        pos += width + 1
        if pos == n:
            return ids
        # Between cards: nothing, one space, one comma, or a comma and a space.
        if text[pos] == c',':
            pos += 1
            if pos < n and text[pos] == c' ':
                pos += 1
        elif text[pos] == c' ':
            pos += 1
        if pos == n or _is_sep(text[pos]):
            raise InvalidCardError(
                f"invalid card text {text!r}: stray separator at {pos}")


cdef int _card_from_int(object item) except -1:
    cdef long v
    try:
        v = item
    except OverflowError:
        raise InvalidCardError(f"invalid card id {item!r}: not in 0..51")
    if v < 0 or v > 51:
        raise InvalidCardError(f"invalid card id {item!r}: not in 0..51")
    return <int>v


cdef int _card_from_item(object item) except -1:
    """One card from a sequence element: a str holding one card, or an int."""
    cdef list ids
    if isinstance(item, str):
        ids = _parse_text(<str>item)
        if len(ids) != 1:
            raise InvalidCardError(
                f"invalid card {item!r}: a sequence element must be one card")
        return ids[0]
    if isinstance(item, bool) or not _is_integer(item):
        raise TypeError(
            f"a card must be a str or an int, not {type(item).__name__}")
    return _card_from_int(item)


cdef bint _is_integer(object x):
    if isinstance(x, int):
        return True
    # NumPy integer scalars and other objects that are exact integers
    return hasattr(x, "__index__") and not isinstance(x, float) and (
        type(x).__module__ == "numpy")


cdef list _check_duplicates(list ids):
    cdef uint64_t seen = 0, bit
    for card in ids:
        bit = (<uint64_t>1) << <int>card
        if seen & bit:
            raise DuplicateCardError(
                f"duplicate card {format_card(card)}")
        seen |= bit
    return ids


def parse_cards(cards):
    """Parse cards into a list of card ids (rank * 4 + suit).

    Accepts text ("As Kd 7h", "AsKd7h", "10d", "ah", "A♠"), a single card id,
    a sequence whose elements are each one card (text or id), or a NumPy
    integer array. Card ids: rank 0 = deuce .. 12 = ace; suit c, d, h, s =
    0..3.

    Raises
    ------
    InvalidCardError
        A token or id that is not a card; the message names it.
    DuplicateCardError
        A card given twice; the message names it.
    TypeError
        Anything that is not text, an int or a sequence of them.

    >>> parse_cards("As Kd")
    [51, 45]
    """
    if isinstance(cards, str):
        return _check_duplicates(_parse_text(<str>cards))
    if isinstance(cards, (list, tuple)):
        return _check_duplicates([_card_from_item(x) for x in cards])
    if isinstance(cards, bool) or cards is None:
        raise TypeError(f"cards must be text, an int or a sequence of cards, "
                        f"not {type(cards).__name__}")
    if isinstance(cards, int):
        return [_card_from_int(cards)]
    if type(cards).__module__ == "numpy":
        import numpy as np
        arr = np.asarray(cards)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"card arrays must hold integers, not {arr.dtype}")
        if arr.ndim > 1:
            raise HandSizeError(
                f"expected a 1-d array of cards, got shape {arr.shape}")
        return _check_duplicates(
            [_card_from_int(int(x)) for x in arr.reshape(-1)])
    raise TypeError(f"cards must be text, an int or a sequence of cards, "
                    f"not {type(cards).__name__}")


def format_card(card):
    """Text of one card id, e.g. 51 -> 'As'."""
    cdef int c = _card_from_item(card)
    return RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]


def format_cards(cards):
    """Text of cards, e.g. [51, 45] -> 'As Kd'. Accepts ids or card text."""
    if cards is None or isinstance(cards, (bool, float)):
        raise TypeError(f"cards must be card ids, not {type(cards).__name__}")
    if isinstance(cards, int):
        return format_card(cards)
    if isinstance(cards, str):
        ids = _parse_text(<str>cards)
    elif type(cards).__module__ == "numpy":
        ids = [_card_from_item(x) for x in cards.reshape(-1).tolist()]
    elif isinstance(cards, (list, tuple)):
        ids = [_card_from_item(x) for x in cards]
    else:
        raise TypeError(f"cards must be a list, tuple or array of card ids, "
                        f"not {type(cards).__name__}")
    return " ".join([RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in ids])


# ---------------------------------------------------------------------------
# One hand

def evaluate(cards, game="high"):
    """Strength of the best five-card hand in *cards* (5, 6 or 7 cards).

    Larger beats smaller, equal ties: 1 is 7-5-4-3-2 offsuit, 7462 a royal
    flush. *cards* is anything :func:`parse_cards` accepts.

    Raises InvalidCardError, DuplicateCardError, HandSizeError (not 5..7
    cards), UnknownGameError, TypeError.

    >>> evaluate("As Ks Qs Js Ts")
    7462
    """
    cdef uint8_t ids[7]
    cdef Py_ssize_t n, i
    cdef long v
    cdef uint64_t seen = 0, bit
    cdef object item
    if not (game is "high" or game == "high"):
        _game_id(game)
    # Fast path: a tuple or list of 5..7 plain ints, all valid and distinct.
    if type(cards) is tuple or type(cards) is list:
        n = len(cards)
        if 5 <= n <= 7:
            for i in range(n):
                item = cards[i]
                if type(item) is not int:
                    break
                try:
                    v = item
                except OverflowError:
                    break
                if v < 0 or v > 51:
                    break
                bit = (<uint64_t>1) << v
                if seen & bit:
                    break
                seen |= bit
                ids[i] = <uint8_t>v
            else:
                return prc_eval_high(ids, <int>n)
    # General path: full parsing and validation with precise errors.
    parsed = parse_cards(cards)
    n = len(parsed)
    if n < 5 or n > 7:
        raise HandSizeError(f"expected 5, 6 or 7 cards, got {n}")
    for i in range(n):
        ids[i] = <uint8_t>parsed[i]
    return prc_eval_high(ids, <int>n)


def class_info(int strength):
    """(category number, group ranks) of a 5-card high class 1..7462."""
    if strength < 1 or strength > PRC_N_CLASSES:
        raise ValueError(
            f"strength {strength} is not a high hand strength (1..7462)")
    cdef uint32_t packed = prc_class_info[strength]
    ranks = tuple((packed >> (16 - 4 * i)) & 15 for i in range(5))
    return packed >> 20, ranks


# ---------------------------------------------------------------------------
# Batches

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


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_rows(const card_t[:, ::1] cards, uint16_t[::1] out,
                  Py_ssize_t start, Py_ssize_t stop):
    """Fill out[start:stop] with the strengths of those rows, without the GIL.

    Returns the index of the first invalid row (bad id or repeated card), or
    -1. Rows after a bad one are left unwritten. Shapes are checked by the
    caller (pyrankcore.batch).
    """
    cdef Py_ssize_t i, k = cards.shape[1]
    cdef int bad = 0
    if stop <= start:
        return -1
    with nogil:
        # One loop per hand size so the compiler unrolls the card loop.
        if k == 7:
            for i in range(start, stop):
                out[i] = _row_high(&cards[i, 0], 7, &bad)
                if bad:
                    break
        elif k == 6:
            for i in range(start, stop):
                out[i] = _row_high(&cards[i, 0], 6, &bad)
                if bad:
                    break
        else:
            for i in range(start, stop):
                out[i] = _row_high(&cards[i, 0], 5, &bad)
                if bad:
                    break
    return i if bad else -1


@cython.boundscheck(False)
@cython.wraparound(False)
def enumerate_counts(int k, game="high"):
    """Count strengths over every k-card hand (k = 5, 6 or 7).

    Returns an int64 NumPy array of PRC_N_CLASSES + 1 counts indexed by
    strength. Each hand goes through the same row kernel as evaluate_rows.
    """
    _game_id(game)
    if k < 5 or k > 7:
        raise HandSizeError(f"expected 5, 6 or 7 cards, got {k}")
    cdef uint8_t cards[7]
    cdef int64_t counts[7463]
    cdef int i, j
    cdef int bad = 0
    for i in range(7463):
        counts[i] = 0
    for i in range(k):
        cards[i] = i
    with nogil:
        while True:
            counts[_row_high(<const uint8_t *>cards, k, &bad)] += 1
            # next combination in lexicographic order
            i = k - 1
            while i >= 0 and cards[i] == 52 - k + i:
                i -= 1
            if i < 0:
                break
            cards[i] += 1
            for j in range(i + 1, k):
                cards[j] = cards[j - 1] + 1
    if bad:
        raise AssertionError("enumeration produced an invalid hand")
    import numpy as np
    return np.array([counts[i] for i in range(7463)], dtype=np.int64)


# ---------------------------------------------------------------------------
# Random deals

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


@cython.boundscheck(False)
@cython.wraparound(False)
def random_hands(Py_ssize_t n, int k=7, seed=None, exclude=None):
    """n rows of k distinct random cards as an (n, k) uint8 array.

    Uniform over all k-card hands from the deck less *exclude* (cards dealt
    elsewhere, e.g. a board). *seed* makes the deal reproducible; None draws
    a seed from the operating system. Runs without the GIL.

    >>> random_hands(2, 5, seed=1).shape
    (2, 5)
    """
    import numpy as np
    cdef uint64_t dead = 0, used, bit, state
    cdef Py_ssize_t i
    cdef int j, live
    cdef uint32_t c
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if exclude is not None:
        for card in parse_cards(exclude):
            dead |= (<uint64_t>1) << <int>card
    live = 52
    for j in range(52):
        live -= (dead >> j) & 1
    if k < 1 or k > live:
        raise HandSizeError(f"cannot deal {k} cards from {live} live cards")
    if seed is None:
        import os
        seed = int.from_bytes(os.urandom(8), "little")
    state = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    hands = np.empty((n, k), dtype=np.uint8)
    cdef uint8_t[:, ::1] view = hands
    with nogil:
        for i in range(n):
            used = dead
            for j in range(k):
                while True:
                    c = _below(&state, 52)
                    bit = (<uint64_t>1) << c
                    if not (used & bit):
                        break
                used |= bit
                view[i, j] = <uint8_t>c
    return hands
