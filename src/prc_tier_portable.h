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
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++) {
            uint16_t v = row[prc_pair_column[hole[a] * 64 + hole[b]]];
            best = v > best ? v : best;
        }
    return best;
}

/* best raised to the flush table's strength of each suit in suits (the
 * suits where board and hole hold a flush; flushes dominant). */
static inline uint16_t prc_omaha_flushes_best(const prc_omaha_t *o, const uint8_t *hole, int nh,
                                              const uint8_t *board, int nb, uint64_t suits,
                                              uint16_t best) {
    for (; suits; suits &= suits - 1) {
        int suit = (prc_ctz64(suits) - 3) >> 2;
        uint16_t v = prc_omaha_flush_lookup(o, hole, nh, board, nb, suit);
        best = v > best ? v : best;
    }
    return best;
}

/* Many Omaha rows (hole rows of nh ids, board rows of nb ids, C order).
 * The pattern tables (about 1.5 MB) do not fit in L2, so rows go in chunks:
 * the first pass validates each hand, hashes its board and prefetches its
 * pattern row; the second does the pair lookups once the rows are in cache.
 * Returns the index of the first invalid row, or -1; the rows before it are
 * written, the rows from it on are not. */
static inline long prc_omaha_rows_scalar(const prc_game_t *g, const prc_omaha_t *o,
                                         const uint8_t *holes, int nh,
                                         const uint8_t *boards, int nb,
                                         uint16_t *out, long start, long stop) {
    const uint16_t *rows[PRC_OMAHA_CHUNK];
    uint64_t flush_suits[PRC_OMAHA_CHUNK];
    long bad = -1;
    for (long base = start; base < stop && bad < 0; base += PRC_OMAHA_CHUNK) {
        long end = base + PRC_OMAHA_CHUNK < stop ? base + PRC_OMAHA_CHUNK : stop;
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            uint64_t bkey, hkey;
            if (prc_omaha_read(hole, nh, board, nb, g->invalid_ids, &bkey, &hkey)) {
                bad = i;   /* finish the rows before it, then report it */
                end = i;
                break;
            }
            rows[i - base] = prc_omaha_fetch_row(o, prc_board_slot((uint32_t)bkey));
            flush_suits[i - base] = prc_omaha_flush_suits(bkey, hkey);
        }
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            uint16_t best = prc_omaha_pairs_best(rows[i - base], hole, nh);
            if (g->flush_mode == PRC_FLUSH_DOMINANT)
                best = prc_omaha_flushes_best(o, hole, nh, board, nb, flush_suits[i - base], best);
            out[i] = best;
        }
    }
    return bad;
}

/* Hi-lo in one pass: the high game (flushes ignored or dominant) and a low
 * game whose flushes are ignored (eight-or-better, ace-to-five), over the
 * same rows. Each hand is read, checked and its board hashed once; both
 * pattern rows are fetched together and the hole pairs index both (the
 * pair columns are the same). out holds two strengths a row: high, low.
 * Returns the first invalid row (for either game's deck), or -1. */
static inline long prc_omaha_rows_hilo_scalar(const prc_game_t *hi, const prc_omaha_t *ohi,
                                              const prc_game_t *lo, const prc_omaha_t *olo,
                                              const uint8_t *holes, int nh,
                                              const uint8_t *boards, int nb,
                                              uint16_t *out, long start, long stop) {
    const uint16_t *hi_rows[PRC_OMAHA_CHUNK], *lo_rows[PRC_OMAHA_CHUNK];
    uint64_t flush_suits[PRC_OMAHA_CHUNK];
    const uint64_t invalid = hi->invalid_ids | lo->invalid_ids;
    const uint16_t *low_best = olo->low_best; /* the low from rank sets, where it applies */
    long bad = -1;
    for (long base = start; base < stop && bad < 0; base += PRC_OMAHA_CHUNK) {
        long end = base + PRC_OMAHA_CHUNK < stop ? base + PRC_OMAHA_CHUNK : stop;
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            uint64_t bkey, hkey;
            if (prc_omaha_read(hole, nh, board, nb, invalid, &bkey, &hkey)) {
                bad = i;   /* finish the rows before it, then report it */
                end = i;
                break;
            }
            uint32_t slot = prc_board_slot((uint32_t)bkey);
            hi_rows[i - base] = prc_omaha_fetch_row(ohi, slot);
            if (!low_best) lo_rows[i - base] = prc_omaha_fetch_row(olo, slot);
            flush_suits[i - base] = prc_omaha_flush_suits(bkey, hkey);
        }
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            const uint16_t *hrow = hi_rows[i - base];
            uint16_t best_hi = 0, best_lo = 0;
            if (low_best) {
                unsigned board_set = 0, hole_set = 0;
                for (int j = 0; j < nb; j++) board_set |= olo->low_bit[board[j] >> 2];
                for (int j = 0; j < nh; j++) hole_set |= olo->low_bit[hole[j] >> 2];
                best_lo = low_best[board_set << 8 | hole_set];
                best_hi = prc_omaha_pairs_best(hrow, hole, nh);
            } else {
                const uint16_t *lrow = lo_rows[i - base];
                for (int a = 0; a < nh; a++)
                    for (int b = a + 1; b < nh; b++) {
                        int col = prc_pair_column[hole[a] * 64 + hole[b]];
                        uint16_t h = hrow[col], l = lrow[col];
                        best_hi = h > best_hi ? h : best_hi;
                        best_lo = l > best_lo ? l : best_lo;
                    }
            }
            if (hi->flush_mode == PRC_FLUSH_DOMINANT)
                best_hi = prc_omaha_flushes_best(ohi, hole, nh, board, nb, flush_suits[i - base],
                                                 best_hi);
            out[2 * i] = best_hi;
            out[2 * i + 1] = best_lo;
        }
    }
    return bad;
}

/* The tier's entry points (its row in prc_tiers.h). */
static long prc_portable_rows(const prc_game_t *g, const uint8_t *cards, int k, uint16_t *out,
                              long start, long stop) {
    PRC_ROWS_BY_SIZE(prc_rows_high, prc_rows_game)
}

static long prc_portable_omaha(const prc_game_t *hi, const prc_omaha_t *ohi,
                               const prc_game_t *lo, const prc_omaha_t *olo,
                               const uint8_t *holes, int nh, const uint8_t *boards, int nb,
                               uint16_t *out, long start, long stop) {
    if (lo != NULL)
        return prc_omaha_rows_hilo_scalar(hi, ohi, lo, olo, holes, nh, boards, nb, out, start,
                                          stop);
    return prc_omaha_rows_scalar(hi, ohi, holes, nh, boards, nb, out, start, stop);
}

static long prc_portable_wild(const prc_wild_t *x, const uint8_t *cards, int k, uint16_t *out,
                              long start, long stop) {
    PRC_WILD_ROWS_BY_SIZE(prc_wild_rows)
    return start < stop ? start : -1;
}

static long prc_portable_suited(const prc_suited_t *x, const uint8_t *cards, int k,
                                uint32_t *out, long start, long stop) {
    PRC_SUITED_ROWS_BY_SIZE(prc_suited_rows)
    return prc_suited_search_rows(x, cards, k, out, start, stop);
}

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
