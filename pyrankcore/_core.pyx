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

    const uint64_t prc_card_key[256]
    const uint64_t prc_card_bit[256]
    const uint16_t prc_rank_high[77000]
    const uint16_t prc_rank_ace_five[77000]
    const uint16_t prc_rank_ace_five_8[77000]
    const uint16_t prc_rank_deuce_seven[77000]
    const uint16_t prc_flush_deuce_seven[8192]
    const uint16_t prc_rank_ace_six[77000]
    const uint16_t prc_flush_ace_six[8192]
    const uint16_t prc_rank_incomplete[77000]
    const uint16_t prc_flush_incomplete[8192]
    const uint16_t prc_rank_short_deck[77000]
    const uint16_t prc_flush_short_deck[8192]
    const int PRC_HASH_SIZE
    const int PRC_FLUSH_LOW
    ctypedef struct prc_game_t:
        const uint16_t *rank
        const uint16_t *flush
        uint64_t invalid
        int flush_mode
    uint32_t prc_rank_slot(uint32_t rank_sum)
    uint16_t prc_game_value(const prc_game_t *g, uint64_t key, uint64_t seen,
                            int n)
    uint16_t prc_eval_game_checked(const prc_game_t *g, const uint8_t *cards,
                                   int n, int *bad)
    uint16_t prc_omaha_checked(const prc_game_t *g, const uint8_t *hole, int nh,
                               const uint8_t *board, int nb, int *bad)
    void prc_omaha_init()
    ctypedef struct prc_omaha_t:
        const uint16_t *pattern_of_slot
        const uint16_t *best
    long prc_omaha_rows(const prc_game_t *g, const prc_omaha_t *o,
                        const uint8_t *holes, int nh, const uint8_t *boards,
                        int nb, uint16_t *out, long start, long stop)

N_CLASSES = PRC_N_CLASSES
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
GAMES = ("high", "ace_five", "ace_five_8", "deuce_seven", "ace_six",
         "incomplete", "short_deck")


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

from pyrankcore import _rankings


cdef class GameTables:
    """The kernel-side view of one ranking: its tables and hand sizes.

    Built-in games point at the generated static tables; custom rankings
    (stripped decks, house-rule options) own NumPy arrays built at run time
    by the same code (pyrankcore/_rankings.py) that generated the built-ins.
    """
    cdef prc_game_t game
    cdef object _arrays
    cdef prc_omaha_t omaha
    cdef object _omaha_arrays
    cdef readonly object ranking
    cdef readonly str name
    cdef readonly int min_cards, max_cards, n_classes
    cdef readonly uint64_t deck_mask

    def __repr__(self):
        return f"<GameTables {self.name}>"


cdef uint64_t _deck_mask(object ranking):
    cdef uint64_t mask = 0
    for r in ranking.deck_ranks:
        for suit in range(4):
            mask |= (<uint64_t>1) << (r * 4 + suit)
    return mask


cdef GameTables _new_tables(object ranking, n_classes):
    cdef GameTables t = GameTables.__new__(GameTables)
    t.ranking = ranking
    t.name = ranking.name
    t.min_cards = ranking.min_cards
    t.max_cards = ranking.max_cards
    t.n_classes = n_classes
    t.deck_mask = _deck_mask(ranking)
    t.game.invalid = ~t.deck_mask
    t.game.flush_mode = ranking.flush_mode
    return t


cdef int _table_max(const uint16_t *table, int size) noexcept:
    cdef int i, best = 0
    for i in range(size):
        if table[i] > best:
            best = table[i]
    return best


cdef GameTables _builtin(str name, const uint16_t *rank, const uint16_t *flush):
    # The strongest class appears in one of the tables, so the class count
    # is their maximum: no need to build the class list at import time.
    cdef int n_classes = _table_max(rank, PRC_HASH_SIZE)
    if flush != NULL:
        n_classes = max(n_classes, _table_max(flush, 8192))
    cdef GameTables t = _new_tables(_rankings.RANKINGS[name], n_classes)
    t.game.rank = rank
    t.game.flush = flush
    return t


cdef dict _BUILTIN = {}
cdef dict _CUSTOM = {}


def _register_builtins():
    _BUILTIN["high"] = _builtin("high", prc_rank_high, prc_flush_high)
    _BUILTIN["ace_five"] = _builtin("ace_five", prc_rank_ace_five, NULL)
    _BUILTIN["ace_five_8"] = _builtin("ace_five_8", prc_rank_ace_five_8, NULL)
    _BUILTIN["deuce_seven"] = _builtin(
        "deuce_seven", prc_rank_deuce_seven, prc_flush_deuce_seven)
    _BUILTIN["ace_six"] = _builtin("ace_six", prc_rank_ace_six,
                                   prc_flush_ace_six)
    _BUILTIN["incomplete"] = _builtin(
        "incomplete", prc_rank_incomplete, prc_flush_incomplete)
    _BUILTIN["short_deck"] = _builtin(
        "short_deck", prc_rank_short_deck, prc_flush_short_deck)


_register_builtins()
cdef GameTables _HIGH = _BUILTIN["high"]


def rank_slot_of_counts(counts):
    """Perfect-hash slot of a rank pattern (13 counts, at most 7 cards)."""
    cdef uint32_t total = 0
    for r, c in enumerate(counts):
        total += <uint32_t>c * <uint32_t>(prc_card_key[r * 4] & 0xFFFFFFFF)
    return prc_rank_slot(total)


cdef GameTables _build_custom(object ranking):
    """Tables for a ranking that is not built in (about a second, cached)."""
    import numpy as np
    multisets = list(_rank_multisets())
    by_slot, flush, classes = _rankings.build_values(
        ranking, multisets, rank_slot_of_counts)
    rank_arr = np.zeros(PRC_HASH_SIZE, dtype=np.uint16)
    for slot, v in by_slot.items():
        rank_arr[slot] = v
    flush_arr = np.asarray(flush, dtype=np.uint16)
    cdef GameTables t = _new_tables(ranking, len(classes))
    cdef const uint16_t[::1] rv = rank_arr
    cdef const uint16_t[::1] fv = flush_arr
    t._arrays = (rank_arr, flush_arr)
    t.game.rank = &rv[0]
    t.game.flush = &fv[0]
    return t


def _rank_multisets():
    """Every rank pattern of 0..7 cards (at most 4 of a rank)."""
    def rec(r, left, acc):
        if r == 13:
            yield tuple(acc)
            return
        for c in range(min(4, left) + 1):
            acc.append(c)
            yield from rec(r + 1, left - c, acc)
            acc.pop()
    yield from rec(0, 7, [])


cpdef GameTables resolve_game(object game):
    """GameTables for a game name, a Ranking, or GameTables.

    Raises UnknownGameError for an unknown name, TypeError for other types.
    """
    if game is "high":
        return _HIGH
    if isinstance(game, str):
        t = _BUILTIN.get(game)
        if t is None:
            raise UnknownGameError(
                f"unknown game {game!r}; choose one of {GAMES}")
        return t
    if isinstance(game, GameTables):
        return game
    if isinstance(game, _rankings.Ranking):
        t = _BUILTIN.get(game.name)
        if t is not None and (<GameTables>t).ranking == game:
            return t
        t = _CUSTOM.get(game)
        if t is None:
            t = _CUSTOM[game] = _build_custom(game)
        return t
    raise TypeError(f"game must be a name or a Ranking, not {type(game).__name__}")


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
    """Strength of the best five-card hand in *cards* under *game*.

    Larger beats smaller, equal ties, 0 = no qualifying hand (an
    eight-or-better low that fails). For "high": 1 is 7-5-4-3-2 offsuit,
    7462 a royal flush. *cards* is anything :func:`parse_cards` accepts:
    5, 6 or 7 cards (1 to 5 for "incomplete").

    Raises InvalidCardError (also for a card the game's deck lacks),
    DuplicateCardError, HandSizeError, UnknownGameError, TypeError.

    >>> evaluate("As Ks Qs Js Ts")
    7462
    """
    cdef uint8_t ids[7]
    cdef Py_ssize_t n, i
    cdef long v
    cdef uint64_t seen = 0, bit
    cdef object item
    cdef GameTables t = _HIGH
    cdef int bad = 0
    if not (game is "high" or game == "high"):
        t = resolve_game(game)
    # Fast path: a tuple or list of plain ints, all valid and distinct.
    if type(cards) is tuple or type(cards) is list:
        n = len(cards)
        if t.min_cards <= n <= t.max_cards:
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
                if t is _HIGH:
                    return prc_eval_high(ids, <int>n)
                if not (seen & t.game.invalid):
                    return prc_eval_game_checked(&t.game, ids, <int>n, &bad)
    # General path: text, arrays, and every error with its precise message.
    return _evaluate_game(cards, t)


cdef object _evaluate_game(object cards, GameTables t):
    """General path: full parsing and validation with precise errors."""
    cdef uint8_t ids[7]
    cdef int bad = 0
    parsed = parse_cards(cards)
    cdef Py_ssize_t n = len(parsed), i
    check_hand_size(t, n)
    for i in range(n):
        ids[i] = <uint8_t>parsed[i]
        if not (t.deck_mask >> ids[i]) & 1:
            raise InvalidCardError(
                f"card {format_card(ids[i])} is not in the {t.name} deck")
    return prc_eval_game_checked(&t.game, ids, <int>n, &bad)


def check_hand_size(GameTables t, Py_ssize_t n):
    if n < t.min_cards or n > t.max_cards:
        raise HandSizeError(
            f"{t.name} hands have {t.min_cards} to {t.max_cards} cards, got {n}"
            if t.min_cards < 5 else
            f"expected 5, 6 or 7 cards, got {n}")


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
    cdef GameTables t = resolve_game(game)
    cdef const prc_game_t *g = &t.game
    if stop <= start:
        return -1
    with nogil:
        if t is _HIGH:
            # The high game keeps its own kernel (static tables, no game
            # pointer); one loop per hand size so the card loop unrolls.
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
        elif k == 7:
            for i in range(start, stop):
                out[i] = _row_game(g, &cards[i, 0], 7, &bad)
                if bad:
                    break
        elif k == 6:
            for i in range(start, stop):
                out[i] = _row_game(g, &cards[i, 0], 6, &bad)
                if bad:
                    break
        elif k == 5:
            for i in range(start, stop):
                out[i] = _row_game(g, &cards[i, 0], 5, &bad)
                if bad:
                    break
        else:
            for i in range(start, stop):
                out[i] = _row_game(g, &cards[i, 0], <int>k, &bad)
                if bad:
                    break
    return i if bad else -1


@cython.boundscheck(False)
@cython.wraparound(False)
def enumerate_counts(int k, game="high"):
    """Count strengths over every k-card hand from the game's deck.

    Returns an int64 NumPy array indexed by strength (0 = no qualifying
    hand). Each hand goes through the same row kernel as evaluate_rows.
    """
    import numpy as np
    cdef GameTables t = resolve_game(game)
    check_hand_size(t, k)
    cdef uint8_t deck[52]
    cdef uint8_t cards[7]
    cdef int idx[7]
    cdef int i, j, m = 0
    cdef int bad = 0
    for i in range(52):
        if (t.deck_mask >> i) & 1:
            deck[m] = i
            m += 1
    result = np.zeros(t.n_classes + 1, dtype=np.int64)
    cdef int64_t[::1] counts = result
    for i in range(k):
        idx[i] = i
    with nogil:
        while True:
            for i in range(k):
                cards[i] = deck[idx[i]]
            if t is _HIGH:
                counts[_row_high(<const uint8_t *>cards, k, &bad)] += 1
            else:
                counts[_row_game(&t.game, <const uint8_t *>cards, k, &bad)] += 1
            # next combination of deck positions, lexicographic
            i = k - 1
            while i >= 0 and idx[i] == m - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for j in range(i + 1, k):
                idx[j] = idx[j - 1] + 1
    if bad:
        raise AssertionError("enumeration produced an invalid hand")
    return result


# ---------------------------------------------------------------------------
# Omaha

def evaluate_omaha(hole, board, game="high"):
    """Best hand from exactly two of 4-6 hole cards and three of 3-5 board
    cards (Omaha, Big O / five-card Omaha, six-card Omaha).

    >>> evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h")
    7462
    """
    cdef GameTables t = resolve_game(game)
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int bad = 0, i
    hole_ids = parse_cards(hole)
    board_ids = parse_cards(board)
    check_omaha_sizes(len(hole_ids), len(board_ids))
    if t.min_cards > 5 or t.max_cards < 5:
        raise UnknownGameError(f"{t.name} does not rank five-card hands")
    seen = set()
    for c in hole_ids + board_ids:
        if c in seen:
            raise DuplicateCardError(
                f"duplicate card {format_card(c)} (in the hand and on the board)")
        seen.add(c)
        if not (t.deck_mask >> <int>c) & 1:
            raise InvalidCardError(
                f"card {format_card(c)} is not in the {t.name} deck")
    for i, c in enumerate(hole_ids):
        h[i] = c
    for i, c in enumerate(board_ids):
        b[i] = c
    if t.game.flush_mode == PRC_FLUSH_LOW:
        return prc_omaha_checked(&t.game, h, len(hole_ids), b, len(board_ids),
                                 &bad)
    cdef uint16_t out = 0
    if prc_omaha_rows(&t.game, _omaha_tables(t), h, len(hole_ids), b,
                      len(board_ids), &out, 0, 1) >= 0:
        raise AssertionError("a validated Omaha hand was rejected")
    return out


cdef prc_omaha_t *_omaha_tables(GameTables t) except NULL:
    """The game's fast-Omaha tables, built on first use (about 1.5 MB and a
    fraction of a second; see prc_omaha_rows). Only for games whose flushes
    are ignored or dominant."""
    if t._omaha_arrays is not None:
        return &t.omaha
    import numpy as np
    cdef uint32_t mult[13]
    cdef int r
    for r in range(13):
        mult[r] = <uint32_t>(prc_card_key[r * 4] & 0xFFFFFFFF)
    patterns = [pat for pat in _rank_multisets() if 3 <= sum(pat) <= 5]
    prc_omaha_init()
    pattern_of_slot = np.zeros(PRC_HASH_SIZE, dtype=np.uint16)
    board_counts = np.array(patterns, dtype=np.int32)
    best = np.zeros(len(patterns) * 91, dtype=np.uint16)
    cdef uint16_t[::1] slot_view = pattern_of_slot
    cdef const int32_t[:, ::1] counts = board_counts
    cdef uint16_t[::1] best_view = best
    cdef Py_ssize_t p, n_patterns = len(patterns)
    cdef int a, b, c, h1, h2, i
    cdef uint32_t total, triple
    cdef uint16_t v
    cdef int cnt[13]
    for p in range(n_patterns):
        slot_view[rank_slot_of_counts(patterns[p])] = <uint16_t>p
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
                                i = <int>p * 91 + h2 * (h2 + 1) // 2 + h1
                                if v > best_view[i]:
                                    best_view[i] = v
    t._omaha_arrays = (pattern_of_slot, best)
    t.omaha.pattern_of_slot = &slot_view[0]
    t.omaha.best = &best_view[0]
    return &t.omaha


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
    cdef GameTables t = resolve_game(game)
    cdef const prc_game_t *g = &t.game
    cdef Py_ssize_t i = start
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1], bad = 0
    cdef const prc_omaha_t *fast = NULL
    cdef long first_bad = -1
    if stop <= start:
        return -1
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


# ---------------------------------------------------------------------------
# OFC Fantasyland solver

from libc.stdlib cimport malloc, free

cdef enum:
    PRC_N_INCOMPLETE = 9841   # classes of the incomplete ranking (1-5 cards)


cdef void _bucket_order(const int *values, int n, int *order, int max_value) noexcept nogil:
    """Indices 0..n-1 ordered by values, largest first (counting sort: the
    values are small non-negative royalties)."""
    cdef int *start = <int *>malloc((max_value + 2) * sizeof(int))
    cdef int i, v, total = 0
    for v in range(max_value + 2):
        start[v] = 0
    for i in range(n):
        start[max_value - values[i]] += 1
    for v in range(max_value + 1):
        i = start[v]
        start[v] = total
        total += i
    for i in range(n):
        v = max_value - values[i]
        order[start[v]] = i
        start[v] += 1
    free(start)


@cython.boundscheck(False)
@cython.wraparound(False)
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
    board exists. Branch and bound over middles and backs in descending
    royalty order; the bound is exact, so the result equals exhaustive
    search (ties keep the first board found).
    """
    cdef int n = len(cards), i, a, b, c, d, e, m, k
    if (<GameTables>resolve_game("incomplete")).n_classes != PRC_N_INCOMPLETE:
        raise AssertionError("incomplete ranking size changed; update PRC_N_INCOMPLETE")
    if n < 13 or n > 17:
        raise HandSizeError(f"Fantasyland hands have 13 to 17 cards, got {n}")
    cdef uint8_t ids[17]
    for i in range(n):
        ids[i] = cards[i]
    cdef int n5 = 0
    # five-card subsets: bitmask over positions, high strength, royalties
    cdef int max5 = 6188
    cdef uint32_t *mask5 = <uint32_t *>malloc(max5 * sizeof(uint32_t))
    cdef int *hs5 = <int *>malloc(max5 * sizeof(int))
    cdef int *mid_val = <int *>malloc(max5 * sizeof(int))
    cdef int *back_val = <int *>malloc(max5 * sizeof(int))
    cdef int *mid_order = <int *>malloc(max5 * sizeof(int))
    cdef int *back_order = <int *>malloc(max5 * sizeof(int))
    # front strength and royalty for every position triple
    cdef int *front_s = <int *>malloc(17 * 17 * 17 * sizeof(int))
    cdef int *front_r = <int *>malloc(17 * 17 * 17 * sizeof(int))
    cdef int *bound5 = <int *>malloc(max5 * sizeof(int))
    cdef int *front_cap = <int *>malloc((PRC_N_INCOMPLETE + 1) * sizeof(int))
    cdef int *trips_cap = <int *>malloc((PRC_N_INCOMPLETE + 1) * sizeof(int))
    cdef int *back_cap = <int *>malloc(7464 * sizeof(int))
    cdef int *quads_cap = <int *>malloc(7464 * sizeof(int))
    cdef int stay_ceil, max_bound, mid_extra, j, free_n
    cdef int *index5 = <int *>malloc((<size_t>1 << n) * sizeof(int))
    cdef uint8_t five[5]
    cdef uint8_t three[3]
    cdef int bad = 0, max_mid = 0, max_back = 0, max_front = 0
    cdef int trips_from = _first_trips_strength()
    cdef double best = -1.0
    cdef int best_mid = -1, best_back = -1, best_front = -1
    cdef int rem[17]
    cdef const prc_game_t *incomplete = &(<GameTables>resolve_game("incomplete")).game
    try:
        with nogil:
            for a in range(n):
                for b in range(a + 1, n):
                    for c in range(b + 1, n):
                        three[0] = ids[a]; three[1] = ids[b]; three[2] = ids[c]
                        k = prc_eval_game_checked(incomplete, three, 3, &bad)
                        front_s[(a * 17 + b) * 17 + c] = k
                        front_r[(a * 17 + b) * 17 + c] = front_royalty[k]
                        if front_royalty[k] > max_front:
                            max_front = front_royalty[k]
                        for d in range(c + 1, n):
                            for e in range(d + 1, n):
                                five[0] = ids[a]; five[1] = ids[b]; five[2] = ids[c]
                                five[3] = ids[d]; five[4] = ids[e]
                                k = prc_eval_high(five, 5)
                                mask5[n5] = ((1u << a) | (1u << b) | (1u << c)
                                             | (1u << d) | (1u << e))
                                hs5[n5] = k
                                mid_val[n5] = middle_royalty[k]
                                back_val[n5] = back_royalty[k]
                                if middle_royalty[k] > max_mid:
                                    max_mid = middle_royalty[k]
                                if back_royalty[k] > max_back:
                                    max_back = back_royalty[k]
                                n5 += 1
            # Per-middle upper bounds. A front must not beat its middle and a
            # back must not lose to it, so a weak middle caps both: the best
            # front royalty among triples no stronger than the middle, the
            # best back royalty among hands at least as strong.
            for k in range(PRC_N_INCOMPLETE + 1):
                front_cap[k] = 0
                trips_cap[k] = 0
            for a in range(n):
                for b in range(a + 1, n):
                    for c in range(b + 1, n):
                        e = (a * 17 + b) * 17 + c
                        if front_r[e] > front_cap[front_s[e]]:
                            front_cap[front_s[e]] = front_r[e]
                        if front_s[e] >= trips_from:
                            trips_cap[front_s[e]] = 1
            for k in range(1, PRC_N_INCOMPLETE + 1):
                if front_cap[k - 1] > front_cap[k]:
                    front_cap[k] = front_cap[k - 1]
                if trips_cap[k - 1] > trips_cap[k]:
                    trips_cap[k] = trips_cap[k - 1]
            for k in range(7464):
                back_cap[k] = 0
                quads_cap[k] = 0
            for i in range(n5):
                if back_val[i] > back_cap[hs5[i]]:
                    back_cap[hs5[i]] = back_val[i]
                if hs5[i] >= back_stay_from:
                    quads_cap[hs5[i]] = 1
            for k in range(7461, -1, -1):
                if back_cap[k + 1] > back_cap[k]:
                    back_cap[k] = back_cap[k + 1]
                if quads_cap[k + 1] > quads_cap[k]:
                    quads_cap[k] = quads_cap[k + 1]
            stay_ceil = <int>stay_value + (1 if stay_value != <int>stay_value else 0)
            max_bound = 0
            for i in range(n5):
                k = high_to_incomplete[hs5[i]]
                bound5[i] = mid_val[i] + back_cap[hs5[i]] + front_cap[k]
                if stay_value > 0 and (hs5[i] >= middle_stay_from
                                       or quads_cap[hs5[i]] or trips_cap[k]):
                    bound5[i] += stay_ceil
                if bound5[i] > max_bound:
                    max_bound = bound5[i]
            for i in range(n5):
                index5[mask5[i]] = i   # only these entries are ever read
            _bucket_order(bound5, n5, mid_order, max_bound)
            _bucket_order(back_val, n5, back_order, max_back)
            for i in range(n5):
                m = mid_order[i]
                if best >= bound5[m]:
                    break       # no later middle can do better
                k = high_to_incomplete[hs5[m]]
                # what fronts and staying can still add to this middle
                mid_extra = bound5[m] - mid_val[m] - back_cap[hs5[m]]
                # Backs with a royalty, best first, until none can help ...
                for j in range(n5):
                    b = back_order[j]
                    if back_val[b] == 0 or best >= mid_val[m] + back_val[b] + mid_extra:
                        break
                    if (mask5[m] & mask5[b]) or hs5[b] < hs5[m]:
                        continue
                    _best_front(m, b, n, mask5, hs5, mid_val, back_val, front_s,
                                front_r, k, trips_from, middle_stay_from,
                                back_stay_from, stay_value, &best, &best_mid,
                                &best_back, &best_front)
                # ... then the royalty-free backs, if they still can: only the
                # 5-card subsets of the cards the middle leaves (126 of 2002
                # subsets with 14 cards), found through the mask index.
                if best >= mid_val[m] + mid_extra:
                    continue
                free_n = 0
                for a in range(n):
                    if not (mask5[m] >> a) & 1:
                        rem[free_n] = a
                        free_n += 1
                for a in range(free_n):
                    for b in range(a + 1, free_n):
                        for c in range(b + 1, free_n):
                            for d in range(c + 1, free_n):
                                for e in range(d + 1, free_n):
                                    j = index5[(1u << rem[a]) | (1u << rem[b])
                                               | (1u << rem[c]) | (1u << rem[d])
                                               | (1u << rem[e])]
                                    if back_val[j] != 0 or hs5[j] < hs5[m]:
                                        continue
                                    _best_front(m, j, n, mask5, hs5, mid_val,
                                                back_val, front_s, front_r, k,
                                                trips_from, middle_stay_from,
                                                back_stay_from, stay_value,
                                                &best, &best_mid, &best_back,
                                                &best_front)
        if best_mid < 0:
            return None
        front = (ids[best_front // 289], ids[(best_front // 17) % 17],
                 ids[best_front % 17])
        middle = tuple(ids[i] for i in range(n) if (mask5[best_mid] >> i) & 1)
        back = tuple(ids[i] for i in range(n) if (mask5[best_back] >> i) & 1)
        return best, front, middle, back
    finally:
        free(mask5); free(hs5); free(mid_val); free(back_val)
        free(mid_order); free(back_order); free(front_s); free(front_r)
        free(bound5); free(front_cap); free(trips_cap); free(back_cap)
        free(quads_cap); free(index5)


cdef inline void _best_front(int m, int b, int n, const uint32_t *mask5,
                             const int *hs5, const int *mid_val,
                             const int *back_val, const int *front_s,
                             const int *front_r, int k, int trips_from,
                             int middle_stay_from, int back_stay_from,
                             double stay_value, double *best, int *best_mid,
                             int *best_back, int *best_front) noexcept nogil:
    """Try every legal front from the cards middle m and back b leave."""
    cdef uint32_t used = mask5[m] | mask5[b]
    cdef int rem[17]
    cdef int rem_n = 0, a, c, d, e
    cdef bint stays
    cdef double value
    for a in range(n):
        if not (used >> a) & 1:
            rem[rem_n] = a
            rem_n += 1
    for a in range(rem_n):
        for c in range(a + 1, rem_n):
            for d in range(c + 1, rem_n):
                e = (rem[a] * 17 + rem[c]) * 17 + rem[d]
                if front_s[e] > k:
                    continue   # the front beats the middle: a foul
                stays = (front_s[e] >= trips_from or hs5[m] >= middle_stay_from
                         or hs5[b] >= back_stay_from)
                value = mid_val[m] + back_val[b] + front_r[e]
                if stays:
                    value += stay_value
                if value > best[0]:
                    best[0] = value
                    best_mid[0] = m
                    best_back[0] = b
                    best_front[0] = e


cdef int _first_trips_strength():
    """Weakest three-card front that is three of a kind (incomplete scale)."""
    cdef uint8_t three[3]
    cdef int bad = 0
    three[0] = 0; three[1] = 1; three[2] = 2   # 2c 2d 2h
    return prc_eval_game_checked(&(<GameTables>resolve_game("incomplete")).game,
                                 three, 3, &bad)


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
