# The C-level API of pyrankcore, for solvers written in Cython:
#
#     from pyrankcore cimport evaluate_7
#
# Card ids are rank * 4 + suit (rank 0 = deuce .. 12 = ace; suits c, d, h, s
# = 0..3). Every function returns the high strength: 1..7462, larger wins,
# 7462 = royal flush. None of them checks its input (that is what makes them
# fast): the caller guarantees ids in 0..51 with no card repeated. A bad
# id (52..255) gives a wrong answer but never a bad memory access. All are
# noexcept and nogil: call them inside `with nogil` or prange.
#
# ABI policy: these signatures change only on a minor version. Pin
# pyrankcore>=X.Y,<X.(Y+1) in both your build requirements and your
# runtime dependencies.

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint64_t

# Strength of five, six or seven card ids.
cdef uint16_t evaluate_5(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e) noexcept nogil
cdef uint16_t evaluate_6(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e, uint8_t f) noexcept nogil
cdef uint16_t evaluate_7(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                         uint8_t e, uint8_t f, uint8_t g) noexcept nogil

# Strength of cards[0..n-1] for n = 5, 6 or 7; returns 0 for any other n.
cdef uint16_t evaluate_cards(const uint8_t *cards, int n) noexcept nogil

# Strength of the cards in a mask: bit i set = card id i is in the hand.
# The mask must have 5, 6 or 7 of its low 52 bits set; higher bits are
# ignored.
cdef uint16_t evaluate_mask(uint64_t mask) noexcept nogil

# High strengths of n rows of k = 5, 6 or 7 card ids (row i is
# cards[i*k .. i*k+k-1]) into out[0..n-1], every card checked, by the
# fastest row loop for this CPU (the one evaluate_batch uses, AVX-512 where
# present): one call for a whole array instead of one per hand. Returns -1
# when every row is valid, else the index of the first row holding an id
# above 51 or a repeated card (the rows before it are written, the rest
# not); -2 for k outside 5..7 or n < 0 (nothing written). cards and out must
# hold n*k and n entries.
cdef long evaluate_many(const uint8_t *cards, int k, uint16_t *out, long n) noexcept nogil

# Terminal values for solvers, over a board's sorted data as
# pyrankcore.solver.SortedBoard prepares it once per board (its arrays
# strengths, order and subsets; n combos of k = 2 or 4 cards, m of them
# missing the board). reach holds R vectors of n opponent reaches, one per
# combo of the same list (row r is reach[r*n .. r*n+n-1]); out gets R rows
# of n values. Card removal is exact: a combo meets only the opponent's
# combos that share no card with it.
#   showdown_values: out = win * (reach it beats) + tie * (reach it ties)
#                    + lose * (reach that beats it)
#   fold_values:     out = amount * (reach it could face at all)
# Combos that share a card with the board get 0. work must hold
# terminal_work_size(n, k) doubles (one buffer per thread). Both return 0,
# -1 for k not 2 or 4, n, m or R out of range (nothing written), or, for
# two-card combos (whose reach is read eight vectors at a time and
# checked), -2 for a NaN, infinite or negative reach (the rows from its
# block of eight on are not written). The sorted arrays are not checked:
# pass the SortedBoard's own.
cdef Py_ssize_t terminal_work_size(int n, int k) noexcept nogil
cdef int showdown_values(const int32_t *strength, const int32_t *order,
                         const uint16_t *subsets, int n, int m, int k,
                         const double *reach, long R, double win, double tie,
                         double lose, double *work, double *out) noexcept nogil
cdef int fold_values(const int32_t *strength, const int32_t *order,
                     const uint16_t *subsets, int n, int m, int k,
                     const double *reach, long R, double amount, double *work,
                     double *out) noexcept nogil

# Hand isomorphism: the class indices of pyrankcore.indexer.HandIndexer,
# for solvers and bots written in Cython. indexer_tables(indexer) gives a
# HandIndexer's tables (an opaque pointer, valid while that HandIndexer
# lives; any number of threads may read them at once); the other functions
# take it and need no GIL. Cards are given round by round, each row the
# first `rounds` rounds' cards (their total), every card checked.
#   index_hand:   out[r] = the hand's index on round r, r < rounds. Returns
#                 0, -1 for a card outside the indexer's deck or repeated
#                 (out partly written), -2 for rounds outside 1..the
#                 structure's rounds (nothing written).
#   index_many:   the same for n rows (row i is cards[i*total ..], its
#                 indices out[i*rounds ..]); returns -1 when every row is
#                 valid, else the first bad row (the rows before it
#                 written); -2 for bad rounds or n < 0.
#   unindex_hand: cards = the canonical hand of class `index` on `round`
#                 (its cards through that round, round by round, each
#                 round's ids ascending). Returns 0, -1 for an index not
#                 below the round's size, -2 for a round outside the
#                 structure.
#   unindex_many: the same for n indices (row i of out holds the cards of
#                 indices[i]); returns -1, or the first index out of range,
#                 or -2.
cdef const void *indexer_tables(object indexer) except NULL
cdef int index_hand(const void *tables, int rounds, const uint8_t *cards,
                    uint64_t *out) noexcept nogil
cdef long index_many(const void *tables, int rounds, const uint8_t *cards, uint64_t *out,
                     long n) noexcept nogil
cdef int unindex_hand(const void *tables, int round, uint64_t index,
                      uint8_t *cards) noexcept nogil
cdef long unindex_many(const void *tables, int round, const uint64_t *indices, uint8_t *out,
                       long n) noexcept nogil
