/* pyrankcore: the portable tier, for every machine: the row loops of every
 * family (high and any game, Omaha, wild, suit tie-break) in plain C.
 * The vector tiers hand these loops the rows they do not take. */
#ifndef PRC_TIER_PORTABLE_H
#define PRC_TIER_PORTABLE_H

#include "prc_eval.h"
#include "prc_omaha.h"
#include "prc_suits.h"
#include "prc_wild.h"

/* Each loop stays a function of its own, as the other tiers' loops are
 * (their target attributes keep them apart): all ten inlined into one
 * dispatcher make it too big for GCC to inline the kernel into them. */
PRC_DEFINE_ALL_ROWS(prc_rows_high, prc_rows_game, prc_sum_cards_wide, PRC_NOINLINE)
PRC_DEFINE_ALL_WILD_ROWS(prc_wild_rows, prc_wild_sum_rows, )
PRC_DEFINE_ALL_SUITED_ROWS(prc_suited_rows, prc_sum_cards, )

/* NAME##_5, _6 or _7 (n = 5, 6, otherwise 7) called with the arguments. */
#define PRC_CALL_BY_SIZE(NAME, n, ...)                                                    \
    ((n) == 5 ? NAME##_5(__VA_ARGS__) : (n) == 6 ? NAME##_6(__VA_ARGS__) : NAME##_7(__VA_ARGS__))

/* The entry loops of a vector tier NAME for k cards, high (the static
 * tables) and any game, from its prc_NAME_rows_body. */
#define PRC_DEFINE_VECTOR_ROWS(NAME, ATTR, K)                                             \
    ATTR static long prc_rows_high_##NAME##_##K(const uint8_t *cards, uint16_t *out,      \
                                                long start, long stop) {                  \
        return prc_##NAME##_rows_body(NULL, cards, K, out, start, stop);                  \
    }                                                                                     \
    ATTR static long prc_rows_game_##NAME##_##K(const prc_game_t *g, const uint8_t *cards, \
                                                uint16_t *out, long start, long stop) {   \
        return prc_##NAME##_rows_body(g, cards, K, out, start, stop);                     \
    }

/* The best strength over a hand's hole pairs in its pattern row. */
static inline uint16_t prc_omaha_pairs_best(const uint16_t *row, const uint8_t *hole, int nh) {
    uint16_t best = 0;
    for (int a = 0; a < nh; a++) {
        const uint8_t *column = prc_pair_column + ((size_t)hole[a] << 6);
        for (int b = a + 1; b < nh; b++) {
            uint16_t v = row[column[hole[b]]];
            best = v > best ? v : best;
        }
    }
    return best;
}

/* Validity of one Omaha hand from its cards' bits (prc_card_bit): *bits*
 * their OR, *sum* their sum (unused with POPCNT: the OR's popcount is the card
 * count exactly when every id is valid, invalid ids having no bit, and none
 * repeats), *key* the sum of their keys (the poison bit of invalid ids).
 * Nonzero when invalid, repeated or outside the deck (*invalid*). */
static PRC_ALWAYS_INLINE uint64_t prc_omaha_scalar_bad(uint64_t key, uint64_t bits, uint64_t sum,
                                                       int n, uint64_t invalid, const int POPCNT) {
    if (POPCNT) return (uint64_t)(prc_popcount64(bits) != n) | (bits & invalid);
    return (key >> PRC_INVALID_SHIFT) | (bits ^ sum) | (bits & invalid);
}

/* The summed keys of n cards; their bits (prc_card_bit) ORed into *bits*
 * and, without POPCNT, added to *sum*; with low_bit (a low game's rank
 * sets), their ranks' bits ORed into *set*. */
static PRC_ALWAYS_INLINE uint64_t prc_omaha_scalar_cards(const uint8_t *cards, const int n,
                                                         const uint8_t *low_bit, uint64_t *bits,
                                                         uint64_t *sum, unsigned *set,
                                                         const int POPCNT) {
    uint64_t key = 0;
    for (int j = 0; j < n; j++) {
        uint64_t b = prc_card_bit[cards[j]];
        key += prc_card_key[cards[j]];
        *bits |= b;
        if (!POPCNT) *sum += b;
        if (low_bit) *set |= low_bit[(cards[j] >> 2) & 15];
    }
    return key;
}

/* Many Omaha rows (hole rows of NH ids, board rows of NB ids, C order) for
 * a game whose flushes are ignored or dominant; hi-lo (olo not NULL, a
 * constant where inlined): also a low game whose flushes are ignored, two
 * strengths a row in out (high, low). The pattern tables do not all fit in
 * L2, so rows go in chunks: the first pass validates each hand, hashes its
 * board and prefetches its pattern row (and, for a low from rank sets, its
 * entry of low_best); the second does the pair lookups once the rows are
 * in cache. Returns the index of the first invalid row (for either game's
 * deck), or -1; the rows before it are written, the rows from it on are
 * not. Inlined into one loop per common shape, NH and NB constants there. */
static PRC_ALWAYS_INLINE long prc_omaha_scalar_body(const prc_game_t *hi,
                                                    const prc_omaha_t *omaha_hi,
                                                    const prc_game_t *lo, const prc_omaha_t *olo,
                                                    const uint8_t *holes, const int NH,
                                                    const uint8_t *boards, const int NB,
                                                    uint16_t *out, long start, long stop,
                                                    const int POPCNT) {
    /* a local copy: extensions build with -fno-strict-aliasing, so every
     * store to out[] would otherwise force the table pointers to be loaded
     * again */
    const prc_omaha_t local = *omaha_hi, *ohi = &local;
    const uint16_t *rows[PRC_OMAHA_CHUNK], *lo_rows[PRC_OMAHA_CHUNK];
    uint32_t low_index[PRC_OMAHA_CHUNK];
    uint16_t flush_best[PRC_OMAHA_CHUNK]; /* each hand's best flush, 0 if none */
    const int flushes = hi->flush_mode == PRC_FLUSH_DOMINANT;
    const uint64_t invalid = hi->invalid_ids | (lo ? lo->invalid_ids : 0);
    /* hi-lo: the low from rank sets where it applies, else from rows */
    const uint16_t *low_best = olo ? olo->low_best : NULL;
    const int stride = olo ? 2 : 1;
    long bad = -1;
    for (long base = start; base < stop && bad < 0; base += PRC_OMAHA_CHUNK) {
        long end = base + PRC_OMAHA_CHUNK < stop ? base + PRC_OMAHA_CHUNK : stop;
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * NH, *board = boards + i * NB;
            uint64_t bits = 0, sum = 0;
            unsigned board_set = 0, hole_set = 0;
            uint64_t bkey = prc_omaha_scalar_cards(board, NB, low_best ? olo->low_bit : NULL,
                                                   &bits, &sum, &board_set, POPCNT);
            uint64_t board_bits = bits;
            uint64_t hkey = prc_omaha_scalar_cards(hole, NH, low_best ? olo->low_bit : NULL,
                                                   &bits, &sum, &hole_set, POPCNT);
            if (prc_omaha_scalar_bad(bkey + hkey, bits, sum, NH + NB, invalid, POPCNT)) {
                bad = i; /* finish the rows before it, then report it */
                end = i;
                break;
            }
            uint32_t slot = prc_board_slot((uint32_t)bkey);
            rows[i - base] = prc_omaha_fetch_row(ohi, slot);
            if (low_best) {
                low_index[i - base] = board_set << 8 | hole_set;
                PRC_PREFETCH(low_best + low_index[i - base]);
            } else if (olo) {
                /* not prefetched: a low game's rows are shared (a few
                 * hundred distinct, in L2) */
                lo_rows[i - base] = olo->best + (size_t)olo->pattern_of_slot[slot] *
                                                     PRC_PATTERN_STRIDE;
            }
            if (flushes) {
                /* suits where the board holds three or more and the hand
                 * two or more: adding 5 or 6 to a 4-bit suit counter sets
                 * its top bit exactly then (the rank sums stay below bit
                 * 32). At most one, with at most five board cards; its
                 * flush from the masks while they are at hand. */
                uint64_t suits = (bkey + (0x5555ULL << PRC_SUIT_SHIFT)) &
                                 (hkey + (0x6666ULL << PRC_SUIT_SHIFT)) &
                                 (0x8888ULL << PRC_SUIT_SHIFT);
                flush_best[i - base] =
                    suits ? prc_omaha_flush_of_masks(ohi, board_bits, bits ^ board_bits,
                                                     (prc_ctz64(suits) - PRC_SUIT_SHIFT - 3) >> 2)
                          : 0;
            }
        }
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * NH;
            const uint16_t *row = rows[i - base];
            const uint16_t *lo_row = olo && !low_best ? lo_rows[i - base] : NULL;
            uint16_t best = 0, low = 0;
            if (lo_row == NULL) {
                best = prc_omaha_pairs_best(row, hole, NH);
            } else { /* both rows at each column */
                for (int a = 0; a < NH; a++) {
                    const uint8_t *column = prc_pair_column + ((size_t)hole[a] << 6);
                    for (int b = a + 1; b < NH; b++) {
                        unsigned col = column[hole[b]];
                        best = row[col] > best ? row[col] : best;
                        low = lo_row[col] > low ? lo_row[col] : low;
                    }
                }
            }
            if (flushes) best = flush_best[i - base] > best ? flush_best[i - base] : best;
            out[stride * i] = best;
            if (olo) out[stride * i + 1] = low_best ? low_best[low_index[i - base]] : low;
        }
    }
    return bad;
}

/* A tier's scalar Omaha loops: one per common shape (hole cards 4, 5, 6
 * with a 5-card board), then any, each single and hi-lo (NAME_4_5,
 * NAME_4_5_hilo, ...), kept out of line. */
#define PRC_DEFINE_OMAHA_SCALAR_SHAPE(NAME, NH_ARG, NB_ARG, POPCNT, ATTR)                    \
    ATTR PRC_NOINLINE static long NAME(const prc_game_t *hi, const prc_omaha_t *ohi,         \
                                       const uint8_t *holes, int nh, const uint8_t *boards,  \
                                       int nb, uint16_t *out, long start, long stop) {       \
        (void)nh;                                                                            \
        (void)nb;                                                                            \
        return prc_omaha_scalar_body(hi, ohi, NULL, NULL, holes, NH_ARG, boards, NB_ARG,     \
                                     out, start, stop, POPCNT);                              \
    }                                                                                        \
    ATTR PRC_NOINLINE static long NAME##_hilo(                                               \
        const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo,                  \
        const prc_omaha_t *olo, const uint8_t *holes, int nh, const uint8_t *boards, int nb, \
        uint16_t *out, long start, long stop) {                                              \
        (void)nh;                                                                            \
        (void)nb;                                                                            \
        return prc_omaha_scalar_body(hi, ohi, lo, olo, holes, NH_ARG, boards, NB_ARG, out,   \
                                     start, stop, POPCNT);                                   \
    }

#define PRC_DEFINE_OMAHA_SCALAR(NAME, POPCNT, ATTR)                                          \
    PRC_DEFINE_OMAHA_SCALAR_SHAPE(NAME##_4_5, 4, 5, POPCNT, ATTR)                            \
    PRC_DEFINE_OMAHA_SCALAR_SHAPE(NAME##_5_5, 5, 5, POPCNT, ATTR)                            \
    PRC_DEFINE_OMAHA_SCALAR_SHAPE(NAME##_6_5, 6, 5, POPCNT, ATTR)                            \
    PRC_DEFINE_OMAHA_SCALAR_SHAPE(NAME##_any, nh, nb, POPCNT, ATTR)

/* The body of a tier's Omaha entry function over the loops NAME_* above
 * (the arguments of prc_tier_t.omaha in scope). */
#define PRC_OMAHA_SCALAR_BY_SHAPE(NAME)                                                      \
    if (lo != NULL) {                                                                        \
        if (nb == 5 && nh == 4)                                                              \
            return NAME##_4_5_hilo(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop); \
        if (nb == 5 && nh == 5)                                                              \
            return NAME##_5_5_hilo(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop); \
        if (nb == 5 && nh == 6)                                                              \
            return NAME##_6_5_hilo(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop); \
        return NAME##_any_hilo(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop);   \
    }                                                                                        \
    if (nb == 5 && nh == 4) return NAME##_4_5(hi, ohi, holes, nh, boards, nb, out, start, stop); \
    if (nb == 5 && nh == 5) return NAME##_5_5(hi, ohi, holes, nh, boards, nb, out, start, stop); \
    if (nb == 5 && nh == 6) return NAME##_6_5(hi, ohi, holes, nh, boards, nb, out, start, stop); \
    return NAME##_any(hi, ohi, holes, nh, boards, nb, out, start, stop);

PRC_DEFINE_OMAHA_SCALAR(prc_omaha_portable, 0, )

/* Omaha rows by the portable loops, single (prc_omaha_rows_scalar) and
 * hi-lo (prc_omaha_rows_hilo_scalar); the vector loops hand them the rows
 * they do not take. */
static long prc_portable_omaha(const prc_game_t *hi, const prc_omaha_t *ohi,
                               const prc_game_t *lo, const prc_omaha_t *olo,
                               const uint8_t *holes, int nh, const uint8_t *boards, int nb,
                               uint16_t *out, long start, long stop) {
    PRC_OMAHA_SCALAR_BY_SHAPE(prc_omaha_portable)
}

static inline long prc_omaha_rows_scalar(const prc_game_t *g, const prc_omaha_t *o,
                                         const uint8_t *holes, int nh, const uint8_t *boards,
                                         int nb, uint16_t *out, long start, long stop) {
    return prc_portable_omaha(g, o, NULL, NULL, holes, nh, boards, nb, out, start, stop);
}

static inline long prc_omaha_rows_hilo_scalar(const prc_game_t *hi, const prc_omaha_t *ohi,
                                              const prc_game_t *lo, const prc_omaha_t *olo,
                                              const uint8_t *holes, int nh,
                                              const uint8_t *boards, int nb, uint16_t *out,
                                              long start, long stop) {
    return prc_portable_omaha(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop);
}

/* The rows a vector loop does not take (a chunk holding an invalid row,
 * the last rows), by the portable loops: single, or hi-lo where olo is not
 * NULL. Returns the first invalid row or -1. */
static inline long prc_omaha_rows_rest(const prc_game_t *hi, const prc_omaha_t *ohi,
                                       const prc_game_t *lo, const prc_omaha_t *olo,
                                       const uint8_t *holes, int nh, const uint8_t *boards,
                                       int nb, uint16_t *out, long start, long stop) {
    return prc_portable_omaha(hi, ohi, olo ? lo : NULL, olo, holes, nh, boards, nb, out, start,
                              stop);
}

/* The row, wild and suit entry functions of a scalar tier NAME over its
 * loops by hand size (HIGH and GAME as PRC_ROWS_BY_SIZE takes them, WILD
 * and SUITED of 5..7 cards); wild and suit rows of other sizes give
 * WILD_REST and SUITED_REST (expressions of the entry function's
 * arguments). */
#define PRC_DEFINE_SCALAR_TIER(NAME, HIGH, GAME, WILD, SUITED, WILD_REST, SUITED_REST)      \
    static long prc_##NAME##_rows(const prc_game_t *g, const uint8_t *cards, int k,         \
                                  uint16_t *out, long start, long stop) {                   \
        PRC_ROWS_BY_SIZE(HIGH, GAME)                                                        \
    }                                                                                       \
    static long prc_##NAME##_wild(const prc_wild_t *x, const uint8_t *cards, int k,         \
                                  uint16_t *out, long start, long stop) {                   \
        PRC_WILD_ROWS_BY_SIZE(WILD)                                                         \
        return WILD_REST;                                                                   \
    }                                                                                       \
    static long prc_##NAME##_suited(const prc_suited_t *x, const uint8_t *cards, int k,     \
                                    uint32_t *out, long start, long stop) {                 \
        PRC_SUITED_ROWS_BY_SIZE(SUITED)                                                     \
        return SUITED_REST;                                                                 \
    }

/* The tier's entry points (its row in prc_tiers.h): a wild row of another
 * size is invalid, a suit row of another size goes to the searching loop. */
PRC_DEFINE_SCALAR_TIER(portable, prc_rows_high, prc_rows_game, prc_wild_rows, prc_suited_rows,
                       start < stop ? start : -1,
                       prc_suited_search_rows(x, cards, k, out, start, stop))

/* The entry functions of a vector tier NAME: its row, wild and suit loops
 * take 5..7 cards (the suit loops only under a vector plan), its Omaha loop
 * (prc_omaha_NAME_loop) the rows for which OMAHA_TAKES (an expression of
 * nh, nb, start and stop) holds; the rest goes to the tier BELOW, Omaha to
 * the portable loop. */
#define PRC_DEFINE_VECTOR_TIER(NAME, BELOW, OMAHA_TAKES)                                   \
    static long prc_##NAME##_rows(const prc_game_t *g, const uint8_t *cards, int k,      \
                                  uint16_t *out, long start, long stop) {                 \
        PRC_ROWS_BY_SIZE_5_TO_7(prc_rows_high_##NAME, prc_rows_game_##NAME)               \
        return prc_##BELOW##_rows(g, cards, k, out, start, stop);                         \
    }                                                                                      \
    static long prc_##NAME##_wild(const prc_wild_t *x, const uint8_t *cards, int k,      \
                                  uint16_t *out, long start, long stop) {                 \
        PRC_WILD_ROWS_BY_RULE(NAME)                                                        \
        return prc_##BELOW##_wild(x, cards, k, out, start, stop);                         \
    }                                                                                      \
    static long prc_##NAME##_suited(const prc_suited_t *x, const uint8_t *cards, int k,  \
                                    uint32_t *out, long start, long stop) {               \
        if (x->vplan != NULL) {                                                            \
            PRC_SUITED_ROWS_BY_SIZE(prc_suited_rows_##NAME)                                \
        }                                                                                  \
        return prc_##BELOW##_suited(x, cards, k, out, start, stop);                       \
    }                                                                                      \
    static long prc_##NAME##_omaha(const prc_game_t *hi, const prc_omaha_t *ohi,           \
                                   const prc_game_t *lo, const prc_omaha_t *olo,           \
                                   const uint8_t *holes, int nh, const uint8_t *boards,    \
                                   int nb, uint16_t *out, long start, long stop) {         \
        if (OMAHA_TAKES)                                                                   \
            return prc_omaha_##NAME##_loop(nh, nb, lo != NULL)(hi, ohi, lo, olo, holes, nh,  \
                                                               boards, nb, out, start, stop); \
        return prc_portable_omaha(hi, ohi, lo, olo, holes, nh, boards, nb, out, start, stop); \
    }

#endif
