# cython: language_level=3
"""pyrankcore's compiled core: card parsing, evaluation and batch kernels.

Everything hot lives in this one extension, next to the generated tables
(``src/``), so that the C compiler can inline the lookups. The module is
split by concern into ``.pxi`` includes (one module, one copy of each table):

* ``_decls.pxi``        the C headers of src/ (kernels, tables, solver)
* ``_games.pxi``        rankings -> kernel tables; lazily built tables
* ``_cards.pxi``        card text and ids
* ``_single.pxi``       one hand at a time
* ``_batch.pxi``        row loops over NumPy arrays, without the GIL
* ``_omaha.pxi``        Omaha (two hole cards and three board cards)
* ``_suits.pxi``        suit tie-break rankings: suited strengths
* ``_deals.pxi``        random deals
* ``_fantasyland.pxi``  the OFC Fantasyland solver
* ``_equity.pxi``       equity: exact enumeration and Monte Carlo deals
* ``_board.pxi``        every hand on a board at once
* ``_indexer.pxi``      hand isomorphism: indices of suit-isomorphic hands

The public Python API is the facade in ``pyrankcore/__init__.py``; this
module is private.
"""

cimport cython
from cpython.mem cimport PyMem_RawFree, PyMem_RawMalloc
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    UnknownGameError,
)

include "_decls.pxi"


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


cdef long evaluate_many(const uint8_t *cards, int k, uint16_t *out, long n) noexcept nogil:
    if k < 5 or k > 7 or n < 0:
        return -2
    if n == 0:
        return -1
    return prc_rows(NULL, cards, k, out, 0, n)


include "_games.pxi"
include "_cards.pxi"
include "_single.pxi"
include "_batch.pxi"
include "_omaha.pxi"
include "_deals.pxi"
include "_wild.pxi"
include "_suits.pxi"
include "_fantasyland.pxi"
include "_equity.pxi"
include "_board.pxi"
include "_indexer.pxi"
include "_testing.pxi"
