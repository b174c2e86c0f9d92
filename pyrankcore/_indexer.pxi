# Hand isomorphism (src/prc_isomorphism.h): the tables of one round
# structure, owned by an IndexerTables object, and the row loops over them
# without the GIL. pyrankcore.indexer checks the arguments and names them
# in its errors; the functions here check every size once more, and the
# row loops every card, as the kernels trust them.

cdef extern from "prc_isomorphism.h" nogil:
    const int PRC_IX_MAX_ROUNDS
    const int PRC_IX_E_ROUNDS
    const int PRC_IX_E_DECK
    const int PRC_IX_E_SIZE
    const int PRC_IX_E_CODES
    ctypedef struct prc_ix_config_t:
        pass
    ctypedef struct prc_ix_round_t:
        int cards
        int total
        int nconfig
        uint64_t size
        uint32_t hash_mask
    ctypedef struct prc_ix_t:
        int nrounds
        int ranks
        uint64_t deck
        prc_ix_round_t round[8]
    ctypedef struct prc_ix_state_t:
        uint64_t seen
        int32_t round
    int prc_ix_build(prc_ix_t *ix, const int *cards, int nrounds, int ranks,
                     prc_ix_config_t *config, uint32_t *hash)
    long prc_ix_index_rows(const prc_ix_t *ix, int nr, const uint8_t *cards, int k,
                           uint64_t *out, long start, long stop)
    long prc_ix_next_rows(const prc_ix_t *ix, prc_ix_state_t *st, const uint8_t *cards,
                          int k, uint64_t *out, long start, long stop)
    long prc_ix_unindex_rows(const prc_ix_t *ix, int r, const uint64_t *idx, uint8_t *out,
                             long start, long stop)

from cpython.mem cimport PyMem_Free, PyMem_Malloc

# The most rounds a structure may have (the C tables' fixed size).
INDEXER_MAX_ROUNDS = PRC_IX_MAX_ROUNDS
# Bytes of one hand's state for index_next_round.
INDEXER_STATE_BYTES = sizeof(prc_ix_state_t)


cdef class IndexerTables:
    """The tables of one round structure over a deck of 4 suits x *ranks*
    (the top ranks), built once, then read by any number of threads."""

    cdef prc_ix_t *ix
    cdef prc_ix_config_t *config
    cdef uint32_t *hash
    cdef readonly tuple rounds
    cdef readonly int ranks

    def __cinit__(self, tuple rounds, int ranks):
        cdef int cards[8]
        cdef int n = len(rounds), i, err
        cdef Py_ssize_t nconfig = 0, nslots = 0
        if not 1 <= n <= PRC_IX_MAX_ROUNDS:
            raise InvalidArgumentError(f"rounds: 1 to {PRC_IX_MAX_ROUNDS} rounds, got {n}")
        if not 1 <= ranks <= 13:
            raise InvalidArgumentError(f"ranks must be 1 to 13, got {ranks}")
        for i in range(n):
            if not 1 <= rounds[i] <= 4 * ranks:
                raise InvalidArgumentError(f"rounds: round {i} deals {rounds[i]} cards")
            cards[i] = rounds[i]
        if sum(rounds) > 4 * ranks:
            raise InvalidArgumentError(
                f"rounds: {sum(rounds)} cards in all, the deck holds {4 * ranks}")
        self.rounds = rounds
        self.ranks = ranks
        self.ix = <prc_ix_t *>PyMem_Malloc(sizeof(prc_ix_t))
        if self.ix == NULL:
            raise MemoryError()
        err = prc_ix_build(self.ix, cards, n, ranks, NULL, NULL)
        if err == 0:
            for i in range(n):
                nconfig += self.ix.round[i].nconfig
                nslots += self.ix.round[i].hash_mask + 1
            self.config = <prc_ix_config_t *>PyMem_Malloc(nconfig * sizeof(prc_ix_config_t))
            self.hash = <uint32_t *>PyMem_Malloc(nslots * sizeof(uint32_t))
            if self.config == NULL or self.hash == NULL:
                raise MemoryError()
            err = prc_ix_build(self.ix, cards, n, ranks, self.config, self.hash)
        if err == PRC_IX_E_SIZE:
            raise InvalidArgumentError(
                f"rounds {list(rounds)}: a round has 2**58 classes or more, too many for this indexer")
        if err == PRC_IX_E_CODES:
            raise InvalidArgumentError(
                f"rounds {list(rounds)}: too many ways to split the rounds among the suits")
        if err != 0:
            raise InvalidArgumentError(f"rounds {list(rounds)}: not a round structure of this deck")

    def __dealloc__(self):
        PyMem_Free(self.hash)
        PyMem_Free(self.config)
        PyMem_Free(self.ix)

    def __reduce__(self):
        return (IndexerTables, (self.rounds, self.ranks))

    @property
    def sizes(self):
        """The number of classes of each round."""
        return [int(self.ix.round[i].size) for i in range(len(self.rounds))]

    @property
    def deck_mask(self):
        """The card ids of the deck, as bits."""
        return int(self.ix.deck)

    def index_into(self, const uint8_t[:, ::1] cards, uint64_t[:, ::1] out,
                   Py_ssize_t lo, Py_ssize_t hi):
        """out[i, r] = the index of row i on round r, for rows lo..hi-1 of
        cards (the first out.shape[1] rounds' cards), without the GIL.
        Returns -1, or the first row with a card outside the deck or
        repeated."""
        cdef int nr = out.shape[1], k = cards.shape[1], r
        cdef long bad
        if not 1 <= nr <= len(self.rounds) or out.shape[0] != cards.shape[0]:
            raise InvalidArgumentError("out must have a row per hand and a column per round")
        if k != self.ix.round[nr - 1].total:
            raise HandSizeError(f"cards: {nr} rounds take {self.ix.round[nr - 1].total} cards, rows hold {k}")
        if not 0 <= lo <= hi <= cards.shape[0]:
            raise InvalidArgumentError(f"rows {lo}:{hi} outside 0:{cards.shape[0]}")
        if hi == lo:
            return -1
        with nogil:
            bad = prc_ix_index_rows(self.ix, nr, &cards[0, 0], k, &out[0, 0], lo, hi)
        return bad

    def next_into(self, uint8_t[:, ::1] state, int round, const uint8_t[:, ::1] cards,
                  uint64_t[::1] out, Py_ssize_t lo, Py_ssize_t hi):
        """The next round (*round*) of rows lo..hi-1 of state (one
        INDEXER_STATE_BYTES row per hand, all at *round*): out[i] = the
        index. Returns -1, or the first row with a card outside the deck,
        repeated, or dealt in an earlier round (it and the rows after it
        unchanged)."""
        cdef long bad
        cdef Py_ssize_t n = state.shape[0]
        if not 0 <= round < len(self.rounds):
            raise InvalidArgumentError(f"round {round}: the structure has {len(self.rounds)}")
        if state.shape[1] != sizeof(prc_ix_state_t) or cards.shape[0] != n or out.shape[0] != n:
            raise InvalidArgumentError("state, cards and out must have a row per hand")
        if cards.shape[1] != self.ix.round[round].cards:
            raise HandSizeError(
                f"cards: round {round} deals {self.ix.round[round].cards} cards, rows hold {cards.shape[1]}")
        if not 0 <= lo <= hi <= n:
            raise InvalidArgumentError(f"rows {lo}:{hi} outside 0:{n}")
        if hi == lo:
            return -1
        cdef Py_ssize_t i
        for i in range(lo, hi):
            if (<prc_ix_state_t *>&state[i, 0]).round != round:
                raise InvalidArgumentError(f"state row {i} is not at round {round}")
        with nogil:
            bad = prc_ix_next_rows(self.ix, <prc_ix_state_t *>&state[0, 0], &cards[0, 0],
                                   cards.shape[1], &out[0], lo, hi)
        return bad

    def unindex_into(self, int round, const uint64_t[::1] indices, uint8_t[:, ::1] out,
                     Py_ssize_t lo, Py_ssize_t hi):
        """out[i] = the canonical hand of class indices[i] on *round* (its
        cards through that round, round by round, ids ascending within a
        round), rows lo..hi-1, without the GIL. Returns -1, or the first
        row whose index is not below the round's size."""
        cdef long bad
        if not 0 <= round < len(self.rounds):
            raise InvalidArgumentError(f"round {round}: the structure has {len(self.rounds)}")
        if out.shape[0] != indices.shape[0] or out.shape[1] != self.ix.round[round].total:
            raise InvalidArgumentError("out must have a row per index and a column per card")
        if not 0 <= lo <= hi <= indices.shape[0]:
            raise InvalidArgumentError(f"rows {lo}:{hi} outside 0:{indices.shape[0]}")
        if hi == lo:
            return -1
        with nogil:
            bad = prc_ix_unindex_rows(self.ix, round, &indices[0], &out[0, 0], lo, hi)
        return bad


# The C-level API of the indexer (declared in _core.pxd): a HandIndexer's
# tables as an opaque pointer, then index and unindex without the GIL.

cdef const void *indexer_tables(object indexer) except NULL:
    tables = getattr(indexer, "_tables", indexer)
    if not isinstance(tables, IndexerTables):
        raise TypeError(
            f"indexer must be a pyrankcore.indexer.HandIndexer, not {type(indexer).__name__}")
    return <const void *>(<IndexerTables>tables).ix


cdef long index_many(const void *tables, int rounds, const uint8_t *cards, uint64_t *out,
                     long n) noexcept nogil:
    cdef const prc_ix_t *ix = <const prc_ix_t *>tables
    if ix == NULL or rounds < 1 or rounds > ix.nrounds or n < 0:
        return -2
    if n == 0:
        return -1
    return prc_ix_index_rows(ix, rounds, cards, ix.round[rounds - 1].total, out, 0, n)


cdef int index_hand(const void *tables, int rounds, const uint8_t *cards,
                    uint64_t *out) noexcept nogil:
    cdef long bad = index_many(tables, rounds, cards, out, 1)
    return 0 if bad == -1 else (-2 if bad == -2 else -1)


cdef long unindex_many(const void *tables, int round, const uint64_t *indices, uint8_t *out,
                       long n) noexcept nogil:
    cdef const prc_ix_t *ix = <const prc_ix_t *>tables
    if ix == NULL or round < 0 or round >= ix.nrounds or n < 0:
        return -2
    if n == 0:
        return -1
    return prc_ix_unindex_rows(ix, round, indices, out, 0, n)


cdef int unindex_hand(const void *tables, int round, uint64_t index,
                      uint8_t *cards) noexcept nogil:
    cdef long bad = unindex_many(tables, round, &index, cards, 1)
    return 0 if bad == -1 else (-2 if bad == -2 else -1)
