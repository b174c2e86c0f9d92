# cython: language_level=3, boundscheck=False, wraparound=False
"""Smoke test for the public C-level API of pyrankcore.

Compiled by tests/test_cimport.py in a temporary directory. Everything that
touches pyrankcore runs inside ``with nogil`` to prove the API is usable there.
"""

from libc.stdint cimport uint8_t, uint16_t, uint64_t

from pyrankcore cimport (
    evaluate_5,
    evaluate_6,
    evaluate_7,
    evaluate_cards,
    evaluate_many,
    evaluate_mask,
    index_hand,
    index_many,
    indexer_tables,
    unindex_hand,
    unindex_many,
)


def eval_fixed(const uint8_t[::1] cards):
    """evaluate_5 / evaluate_6 / evaluate_7 on one hand of 5, 6 or 7 ids."""
    cdef Py_ssize_t n = cards.shape[0]
    cdef uint16_t result = 0
    with nogil:
        if n == 5:
            result = evaluate_5(cards[0], cards[1], cards[2], cards[3], cards[4])
        elif n == 6:
            result = evaluate_6(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5])
        elif n == 7:
            result = evaluate_7(cards[0], cards[1], cards[2], cards[3], cards[4],
                                cards[5], cards[6])
    return result


def eval_rows(const uint8_t[:, ::1] hands, uint16_t[:, ::1] out):
    """Each row three ways: out[i, 0] fixed-arity, out[i, 1] evaluate_cards,
    out[i, 2] evaluate_mask."""
    cdef Py_ssize_t i, j, n = hands.shape[0]
    cdef int k = <int>hands.shape[1]
    cdef uint64_t mask
    cdef uint16_t fixed
    with nogil:
        for i in range(n):
            if k == 5:
                fixed = evaluate_5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                                   hands[i, 4])
            elif k == 6:
                fixed = evaluate_6(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                                   hands[i, 4], hands[i, 5])
            else:
                fixed = evaluate_7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                                   hands[i, 4], hands[i, 5], hands[i, 6])
            out[i, 0] = fixed
            out[i, 1] = evaluate_cards(&hands[i, 0], k)
            mask = 0
            for j in range(k):
                mask |= (<uint64_t>1) << hands[i, j]
            out[i, 2] = evaluate_mask(mask)


def eval_mask(uint64_t mask):
    cdef uint16_t result
    with nogil:
        result = evaluate_mask(mask)
    return result


def eval_many(const uint8_t[:, ::1] hands, uint16_t[::1] out, long n=-1):
    """evaluate_many over the whole array (n rows; -1: all of them)."""
    cdef long rows = hands.shape[0] if n < 0 else n
    cdef long first_bad
    with nogil:
        first_bad = evaluate_many(&hands[0, 0], <int>hands.shape[1], &out[0], rows)
    return first_bad


def index_rows(indexer, const uint8_t[:, ::1] cards, int rounds, uint64_t[:, ::1] each,
               uint64_t[:, ::1] batch):
    """Each row by index_hand into each (its statuses), then all rows by
    index_many into batch: (statuses, index_many's result)."""
    cdef const void *tables = indexer_tables(indexer)
    cdef Py_ssize_t i, n = cards.shape[0]
    cdef long first_bad
    statuses = []
    cdef int status
    for i in range(n):
        with nogil:
            status = index_hand(tables, rounds, &cards[i, 0], &each[i, 0])
        statuses.append(status)
    with nogil:
        first_bad = index_many(tables, rounds, &cards[0, 0], &batch[0, 0], n)
    return statuses, first_bad


def unindex_rows(indexer, int round, const uint64_t[::1] indices, uint8_t[:, ::1] each,
                 uint8_t[:, ::1] batch):
    """unindex_hand per index into each (its statuses), then unindex_many
    into batch: (statuses, unindex_many's result)."""
    cdef const void *tables = indexer_tables(indexer)
    cdef Py_ssize_t i, n = indices.shape[0]
    cdef long first_bad
    statuses = []
    cdef int status
    for i in range(n):
        with nogil:
            status = unindex_hand(tables, round, indices[i], &each[i, 0])
        statuses.append(status)
    with nogil:
        first_bad = unindex_many(tables, round, &indices[0], &batch[0, 0], n)
    return statuses, first_bad


def tables_of(indexer):
    """indexer_tables on anything: raises TypeError for a non-indexer."""
    indexer_tables(indexer)
