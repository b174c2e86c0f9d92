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

/* The running sums of an Omaha hand's cards: their keys summed, their
 * bits summed and ORed. On x86-64 a card's key and bits come in one 16-byte
 * load (as prc_sum_cards_wide), summed and ORed two lanes at a time, its
 * bits suit-major (PRC_CARD_BITS16); elsewhere from two tables, which
 * costs no more than one entry of both (no address arithmetic), its bits
 * by id (prc_card_bit). prc_omaha_cards_invalid and prc_omaha_cards_ranks
 * read masks of the same kind. */
#if PRC_CARD_SUM_SSE2
typedef struct { __m128i sum, any; } prc_omaha_cards_t;
#define PRC_OMAHA_CARDS_ZERO {_mm_setzero_si128(), _mm_setzero_si128()}
static PRC_ALWAYS_INLINE void prc_omaha_cards_add(prc_omaha_cards_t *s, uint8_t c, const int POPCNT) {
    __m128i e = PRC_CARD_ENTRY(c);
    s->sum = _mm_add_epi64(s->sum, e);
    if (!POPCNT) s->any = _mm_or_si128(s->any, e);
}
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_key(const prc_omaha_cards_t *s) {
    return (uint64_t)_mm_cvtsi128_si64(s->sum);
}
/* Their bits ORed: the sum's where that equals it (a valid hand's, or
 * under POPCNT, where only the sum is kept). */
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_bits(const prc_omaha_cards_t *s, const int POPCNT) {
    return prc_high_lane(POPCNT ? s->sum : s->any);
}
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_sum(const prc_omaha_cards_t *s) {
    return prc_high_lane(s->sum);
}
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_invalid(const prc_game_t *g) { return g->invalid; }
static PRC_ALWAYS_INLINE unsigned prc_omaha_cards_ranks(uint64_t bits, int suit) {
    return prc_sm_ranks(bits, suit);
}
#else
typedef struct { uint64_t key, sum, any; } prc_omaha_cards_t;
#define PRC_OMAHA_CARDS_ZERO {0, 0, 0}
static PRC_ALWAYS_INLINE void prc_omaha_cards_add(prc_omaha_cards_t *s, uint8_t c, const int POPCNT) {
    uint64_t bit = prc_card_bit[c];
    s->key += prc_card_key[c];
    s->sum += bit;
    if (!POPCNT) s->any |= bit;
}
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_key(const prc_omaha_cards_t *s) { return s->key; }
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_bits(const prc_omaha_cards_t *s, const int POPCNT) {
    return POPCNT ? s->sum : s->any;
}
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_sum(const prc_omaha_cards_t *s) { return s->sum; }
static PRC_ALWAYS_INLINE uint64_t prc_omaha_cards_invalid(const prc_game_t *g) {
    return g->invalid_ids;
}
static PRC_ALWAYS_INLINE unsigned prc_omaha_cards_ranks(uint64_t bits, int suit) {
    return prc_id_suit_ranks(bits, suit);
}
#endif

/* Nonzero when the n cards of *s* are not a valid hand of a deck lacking
 * the cards *invalid* (prc_omaha_cards_invalid): an invalid id (its key's
 * poison bit), a repeat (with POPCNT the sum of bits has fewer bits set
 * than n, else it differs from their OR), a card outside the deck. */
static PRC_ALWAYS_INLINE uint64_t prc_omaha_scalar_bad(const prc_omaha_cards_t *s, int n,
                                                       uint64_t invalid, const int POPCNT) {
    uint64_t bits = prc_omaha_cards_bits(s, POPCNT);
    if (POPCNT) return (uint64_t)(prc_popcount64(bits) != n) | (bits & invalid);
    return (prc_omaha_cards_key(s) >> PRC_INVALID_SHIFT) | (bits ^ prc_omaha_cards_sum(s)) |
           (bits & invalid);
}

/* Adds n cards to *s*; with low_bit (a low game's rank sets), ORs their
 * ranks' bits into *set*. */
static PRC_ALWAYS_INLINE void prc_omaha_scalar_cards(const uint8_t *cards, const int n,
                                                     const uint8_t *low_bit, prc_omaha_cards_t *s,
                                                     unsigned *set, const int POPCNT) {
    for (int j = 0; j < n; j++) {
        prc_omaha_cards_add(s, cards[j], POPCNT);
        if (low_bit) *set |= low_bit[(cards[j] >> 2) & 15];
    }
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
    const uint64_t invalid =
        prc_omaha_cards_invalid(hi) | (lo ? prc_omaha_cards_invalid(lo) : 0);
    /* hi-lo: the low from rank sets where it applies, else from rows */
    const uint16_t *low_best = olo ? olo->low_best : NULL;
    const int stride = olo ? 2 : 1;
    long bad = -1;
    for (long base = start; base < stop && bad < 0; base += PRC_OMAHA_CHUNK) {
        long end = base + PRC_OMAHA_CHUNK < stop ? base + PRC_OMAHA_CHUNK : stop;
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * NH, *board = boards + i * NB;
            prc_omaha_cards_t cards = PRC_OMAHA_CARDS_ZERO;
            unsigned board_set = 0, hole_set = 0;
            prc_omaha_scalar_cards(board, NB, low_best ? olo->low_bit : NULL, &cards, &board_set,
                                   POPCNT);
            const uint64_t bkey = prc_omaha_cards_key(&cards);
            const uint64_t board_bits = prc_omaha_cards_bits(&cards, POPCNT);
            prc_omaha_scalar_cards(hole, NH, low_best ? olo->low_bit : NULL, &cards, &hole_set,
                                   POPCNT);
            if (prc_omaha_scalar_bad(&cards, NH + NB, invalid, POPCNT)) {
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
                 * flush from the card masks while they are at hand. */
                uint64_t hkey = prc_omaha_cards_key(&cards) - bkey;
                uint64_t suits = (bkey + (0x5555ULL << PRC_SUIT_SHIFT)) &
                                 (hkey + (0x6666ULL << PRC_SUIT_SHIFT)) &
                                 (0x8888ULL << PRC_SUIT_SHIFT);
                flush_best[i - base] = 0;
                if (suits) {
                    int suit = (prc_ctz64(suits) - PRC_SUIT_SHIFT - 3) >> 2;
                    uint64_t hole_bits = prc_omaha_cards_bits(&cards, POPCNT) ^ board_bits;
                    flush_best[i - base] = prc_omaha_flush_of_ranks(
                        ohi, prc_omaha_cards_ranks(board_bits, suit),
                        prc_omaha_cards_ranks(hole_bits, suit));
                }
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

/* The loop of a vector tier's Omaha rows over blocks of LANES hands.
 * FIRST_PASS(n, blk) is the tier's first pass of the LANES rows at n into
 * *blk (a BLOCK, such as prc_omaha_block_t), nonzero where one is invalid;
 * BLOCK_OUT(o, olo, blk, LANES, NH, out) its second pass (as
 * prc_omaha_block_out). PIPELINED: two blocks in flight, the first pass of
 * the next block (which hashes its boards and prefetches their pattern
 * rows) before the second pass of this one, so that the rows have a
 * block's work to arrive; else each block's passes in turn. A block
 * holding an invalid row goes to the scalar loop, which reports the first
 * invalid row, as do the rows after the last full block. The body of a
 * function with the arguments of prc_omaha_rows_hilo (game g, tables o,
 * low game glo and olo) in scope. */
#define PRC_OMAHA_VECTOR_ROWS(LANES, BLOCK, FIRST_PASS, BLOCK_OUT, PIPELINED)                \
    BLOCK blk_[2];                                                                           \
    const int stride_ = olo ? 2 : 1;                                                         \
    int cur_ = 0, ready_ = 0; /* ready_: blk_[cur_] holds the first pass of the rows at i_ */ \
    long i_ = start;                                                                         \
    while (i_ + (LANES) <= stop) {                                                           \
        if (!ready_ && FIRST_PASS(i_, &blk_[cur_])) {                                        \
            long bad_ = prc_omaha_rows_rest(g, o, glo, olo, holes, NH, boards, NB, out, i_,  \
                                            i_ + (LANES));                                   \
            if (bad_ >= 0) return bad_;                                                      \
            i_ += (LANES);                                                                   \
            continue;                                                                        \
        }                                                                                    \
        /* a bad next block is found again, and handled, next time */                       \
        ready_ = (PIPELINED) && i_ + 2 * (LANES) <= stop &&                                  \
                 !FIRST_PASS(i_ + (LANES), &blk_[cur_ ^ 1]);                                 \
        BLOCK_OUT(o, olo, &blk_[cur_], LANES, NH, out + stride_ * i_);                       \
        cur_ ^= ready_;                                                                      \
        i_ += (LANES);                                                                       \
    }                                                                                        \
    return prc_omaha_rows_rest(g, o, glo, olo, holes, NH, boards, NB, out, i_, stop);

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
