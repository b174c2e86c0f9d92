/* pyrankcore: NEON row loops (arm64), 16 hands a step.
 *
 * Included by prc_eval.h on arm64, where NEON is part of the base
 * instruction set: no target attribute and no run-time check. They fill
 * exactly what the portable loops fill and return the same first bad row:
 * a step of 16 rows that holds an invalid row goes to the portable loop,
 * and so do the rows after the last full step.
 *
 * NEON has no gather, so the vector unit does all that needs no table
 * larger than a register, 16 rows at a time, and each row then makes the
 * two table loads of the rank hash. One step of K = 5..7 card bytes:
 *  - two 64-byte loads (the step's first and last 64 bytes); per card, one
 *    4-register table lookup takes card j of rows 0-7 from the first and
 *    one more (its extending form) card j of rows 8-15 from the last, so
 *    card j of the 16 rows sits in one register, a row a byte;
 *  - validation: an id past the deck is one compare of the largest id (the
 *    high ranking) or a lookup in a 64-byte table of the deck (any ranking;
 *    ids of 64 and up look up 0); a repeat is one compare per pair of cards;
 *  - the rank sums: each of the three low bytes of the card's rank key
 *    from a 16-entry lookup by rank, summed in 16 bits, shifted into place
 *    in 32; the suit counts: 4 bits a suit, two bytes a row;
 *  - each row: its strength from the rank hash (one offset load, one
 *    strength load); then the rows holding a flush are done again from
 *    their summed card entries, as the portable loop does them.
 *
 * Measured under qemu-aarch64 (guest instructions per hand, GCC 12 -O3,
 * random valid hands; tests/native_safety/arm64/README.md): about a third
 * of the portable loop's at 5-7 cards, and fewer than OMPEval's (which
 * validates nothing). */
#ifndef PRC_NEON_H
#define PRC_NEON_H
#if PRC_NEON_DISPATCH /* set by prc_eval.h, which includes this header */

#include <arm_neon.h>

#define PRC_NEON_INLINE inline __attribute__((always_inline))
#define PRC_NEON_STEP 16

/* Byte indexes that move card 0 of a step's 16 rows of K = 4..8 bytes into
 * one register (card j: add j): lo picks rows 0-7 from the step's first 64
 * bytes (an index of 128 or more, out of range, gives 0 in rows 8-15), hi
 * rows 8-15 from its last 64 bytes (out of range: rows 0-7 stay). */
typedef struct {
    uint8x16_t lo, hi;
} prc_n_rows_t;

static inline void prc_n_rows_init(prc_n_rows_t *rows, int k) {
    uint8_t lo[16], hi[16];
    for (int r = 0; r < 16; r++) {
        lo[r] = r < 8 ? (uint8_t)(r * k) : 128;
        hi[r] = r < 8 ? 128 : (uint8_t)(r * k - (16 * k - 64));
    }
    rows->lo = vld1q_u8(lo);
    rows->hi = vld1q_u8(hi);
    /* Opaque to the optimizer: else it folds lo + j and hi + j into 2K
     * constants that do not all fit in registers and are loaded anew every
     * step (two instructions each). */
    __asm__("" : "+w"(rows->lo), "+w"(rows->hi));
}

/* Card j of the 16 rows of K = 4..8 bytes at p, a row a byte, in card[j]:
 * two 64-byte loads (the step's first and last 64 bytes, which overlap
 * unless K is 4), then two table lookups per card. */
static PRC_NEON_INLINE void prc_n_cards(const prc_n_rows_t *rows, const uint8_t *p, const int k,
                                        uint8x16_t *card) {
    const uint8x16x4_t first = vld1q_u8_x4(p), last = vld1q_u8_x4(p + 16 * k - 64);
    uint8x16_t lo = rows->lo, hi = rows->hi;
    const uint8x16_t one = vdupq_n_u8(1);
    for (int j = 0; j < k; j++) {
        card[j] = vqtbx4q_u8(vqtbl4q_u8(first, lo), last, hi);
        lo = vaddq_u8(lo, one);
        hi = vaddq_u8(hi, one);
    }
}

/* *bad* with 0xFF also in the bytes where two of cards 0..n-1 are equal. */
static PRC_NEON_INLINE uint8x16_t prc_n_repeats(uint8x16_t bad, const uint8x16_t *card,
                                                const int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) bad = vorrq_u8(bad, vceqq_u8(card[i], card[j]));
    return bad;
}

/* 0xFF in the bytes where a card is outside the deck (a 64-byte table of
 * the deck: 0xFF where held; ids of 64 and up look up 0) or two cards of
 * the same row are equal, of cards 0..n-1. */
static PRC_NEON_INLINE uint8x16_t prc_n_bad_rows(const uint8x16x4_t *deck,
                                                 const uint8x16_t *card, const int n) {
    uint8x16_t held = vqtbl4q_u8(*deck, card[0]);
    for (int j = 1; j < n; j++) held = vandq_u8(held, vqtbl4q_u8(*deck, card[j]));
    return prc_n_repeats(vmvnq_u8(held), card, n);
}

/* Constants of a row loop of K cards. */
typedef struct {
    prc_n_rows_t rows;
    /* Byte b of each rank's key (the low 32 bits of its card key, below
     * 2^24: the generator's multipliers are below 2^22), by rank. */
    uint8x16_t key[3];
    /* Each suit's 4-bit counter increment: suits 0 and 1, suits 2 and 3. */
    uint8x16_t suits01, suits23;
} prc_n_consts_t;

static inline void prc_n_consts_init(prc_n_consts_t *c, int k) {
    uint8_t key[3][16] = {{0}};
    prc_n_rows_init(&c->rows, k);
    for (int rank = 0; rank < 13; rank++) {
        uint32_t rank_key = (uint32_t)prc_card_key[4 * rank];
        for (int b = 0; b < 3; b++) key[b][rank] = (uint8_t)(rank_key >> (8 * b));
    }
    for (int b = 0; b < 3; b++) c->key[b] = vld1q_u8(key[b]);
    const uint8_t suits01[16] = {0x01, 0x10}, suits23[16] = {0, 0, 0x01, 0x10};
    c->suits01 = vld1q_u8(suits01);
    c->suits23 = vld1q_u8(suits23);
}

/* 0xFF in deck[id] for each id < 64 of a card the deck holds, else 0. */
static inline uint8x16x4_t prc_n_deck_table(uint64_t invalid_ids) {
    uint8_t bytes[64];
    for (int id = 0; id < 64; id++)
        bytes[id] = (id < 52 && !((invalid_ids >> id) & 1)) ? 0xFF : 0;
    return vld1q_u8_x4(bytes);
}

/* A 16-byte mask (0 or 0xFF a byte) as a 64-bit one: bits 4r..4r+3 are
 * byte r. */
static PRC_NEON_INLINE uint64_t prc_n_nibbles(uint8x16_t mask) {
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(mask), 4)), 0);
}

/* The rank sums (the low 32 bits of the summed card keys) of cards
 * 0..n-1 of 16 rows: each byte of the rank keys summed in 16 bits (rows
 * 0-7, rows 8-15), then the three sums shifted into place in 32 bits.
 * keep (NULL: every card): 0xFF where card j of a row counts, else 0. */
static PRC_NEON_INLINE void prc_n_rank_sums(const prc_n_consts_t *c, const uint8x16_t *card,
                                            const uint8x16_t *keep, const int n,
                                            uint32_t sums[16]) {
    uint16x8_t sum[3][2];
    for (int b = 0; b < 3; b++) sum[b][0] = sum[b][1] = vdupq_n_u16(0);
    for (int j = 0; j < n; j++) {
        uint8x16_t rank = vshrq_n_u8(card[j], 2);
        for (int b = 0; b < 3; b++) {
            uint8x16_t part = vqtbl1q_u8(c->key[b], rank);
            if (keep) part = vandq_u8(part, keep[j]);
            sum[b][0] = vaddw_u8(sum[b][0], vget_low_u8(part));
            sum[b][1] = vaddw_high_u8(sum[b][1], part);
        }
    }
    for (int h = 0; h < 2; h++) {
        uint32x4_t low = vaddw_u16(vshll_n_u16(vget_low_u16(sum[1][h]), 8),
                                   vget_low_u16(sum[0][h]));
        uint32x4_t high = vaddw_high_u16(vshll_high_n_u16(sum[1][h], 8), sum[0][h]);
        vst1q_u32(sums + 8 * h, vaddq_u32(low, vshll_n_u16(vget_low_u16(sum[2][h]), 16)));
        vst1q_u32(sums + 8 * h + 4, vaddq_u32(high, vshll_high_n_u16(sum[2][h], 16)));
    }
}

/* Adds cards 0..n-1 of 16 rows to the rows' suit counters: 4 bits a suit,
 * suits 0 and 1 in *s01, suits 2 and 3 in *s23 (keep: as prc_n_rank_sums). */
static PRC_NEON_INLINE void prc_n_suit_counts(const prc_n_consts_t *c, const uint8x16_t *card,
                                              const uint8x16_t *keep, const int n,
                                              uint8x16_t *s01, uint8x16_t *s23) {
    const uint8x16_t three = vdupq_n_u8(3);
    for (int j = 0; j < n; j++) {
        uint8x16_t suit = vandq_u8(card[j], three);
        uint8x16_t add01 = vqtbl1q_u8(c->suits01, suit), add23 = vqtbl1q_u8(c->suits23, suit);
        if (keep) {
            add01 = vandq_u8(add01, keep[j]);
            add23 = vandq_u8(add23, keep[j]);
        }
        *s01 = vaddq_u8(*s01, add01);
        *s23 = vaddq_u8(*s23, add23);
    }
}

/* One step: the 16 rows of K = 5..7 card bytes at p. Returns nonzero when
 * a row holds an id the deck lacks or a repeated id (with deck == NULL,
 * the deck is all 52 cards: the largest id is compared, no lookup); else
 * sums[r] is row r's rank sum (the low 32 bits of its key) and bit 4r of
 * *flush_rows is set where row r holds five or more cards of a suit and
 * *flushes* is 0xFF (0: a ranking where suits never count). */
static PRC_NEON_INLINE uint64_t prc_n_step(const prc_n_consts_t *c, const uint8x16x4_t *deck,
                                           const uint8_t *p, const int k, uint8x16_t flushes,
                                           uint32_t sums[16], uint64_t *flush_rows) {
    uint8x16_t card[7];
    prc_n_cards(&c->rows, p, k, card);

    uint8x16_t bad;
    if (deck) {
        bad = prc_n_bad_rows(deck, card, k);
    } else {
        uint8x16_t top = card[0];
        for (int j = 1; j < k; j++) top = vmaxq_u8(top, card[j]);
        bad = prc_n_repeats(vcgeq_u8(top, vdupq_n_u8(52)), card, k);
    }

    prc_n_rank_sums(c, card, NULL, k, sums);
    /* suit counts from 3, so that five cards set bit 3 */
    uint8x16_t s01 = vdupq_n_u8(0x33), s23 = s01;
    prc_n_suit_counts(c, card, NULL, k, &s01, &s23);
    uint8x16_t flush = vandq_u8(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)), flushes);
    *flush_rows = prc_n_nibbles(flush) & 0x1111111111111111ULL;
    return prc_n_nibbles(bad);
}

/* A step's rows: each takes the rank table's strength of its sum; then the
 * rows holding a flush are done again from their summed card entries, as
 * the portable loop does them (the rows are valid: no check). */
#define PRC_DEFINE_ROWS_HIGH_NEON(K)                                                    \
    static long prc_rows_high_neon_##K(const uint8_t *cards, uint16_t *out, long start, \
                                       long stop) {                                     \
        prc_n_consts_t c;                                                               \
        prc_n_consts_init(&c, K);                                                       \
        uint32_t sums[PRC_NEON_STEP];                                                   \
        uint64_t flush_rows;                                                            \
        long i = start;                                                                 \
        for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {                         \
            const uint8_t *p = cards + i * K;                                           \
            if (prc_n_step(&c, NULL, p, K, vdupq_n_u8(0xFF), sums, &flush_rows)) break; \
            for (int r = 0; r < PRC_NEON_STEP; r++) out[i + r] = prc_rank_lookup(sums[r]); \
            for (; flush_rows; flush_rows &= flush_rows - 1) {                          \
                long row = i + (prc_ctz64(flush_rows) >> 2);                            \
                uint64_t key, bits;                                                     \
                prc_sum_cards(cards + row * K, K, &key, &bits);                         \
                out[row] = prc_high_value(key, bits);                                   \
            }                                                                           \
        }                                                                               \
        return prc_rows_high_##K(cards, out, i, stop);                                  \
    }

/* Any ranking: the game is copied into a local first (see
 * PRC_DEFINE_ROWS_GAME). */
#define PRC_DEFINE_ROWS_GAME_NEON(K)                                                    \
    static long prc_rows_game_neon_##K(const prc_game_t *game, const uint8_t *cards,    \
                                       uint16_t *out, long start, long stop) {          \
        const prc_game_t local = *game, *g = &local;                                    \
        const uint8x16_t flushes = vdupq_n_u8(g->flush_mode != PRC_FLUSH_IGNORED ? 0xFF : 0); \
        const uint8x16x4_t deck = prc_n_deck_table(g->invalid_ids);                     \
        prc_n_consts_t c;                                                               \
        prc_n_consts_init(&c, K);                                                       \
        uint32_t sums[PRC_NEON_STEP];                                                   \
        uint64_t flush_rows;                                                            \
        long i = start;                                                                 \
        for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {                         \
            const uint8_t *p = cards + i * K;                                           \
            if (prc_n_step(&c, &deck, p, K, flushes, sums, &flush_rows)) break;          \
            for (int r = 0; r < PRC_NEON_STEP; r++)                                     \
                out[i + r] = g->rank[prc_rank_slot(sums[r])];                           \
            for (; flush_rows; flush_rows &= flush_rows - 1) {                          \
                long row = i + (prc_ctz64(flush_rows) >> 2);                            \
                uint64_t key, bits;                                                     \
                prc_sum_cards(cards + row * K, K, &key, &bits);                         \
                out[row] = prc_game_value(g, key, bits, K);                             \
            }                                                                           \
        }                                                                               \
        return prc_rows_game_##K(g, cards, out, i, stop);                               \
    }

PRC_DEFINE_ROWS_HIGH_NEON(5)
PRC_DEFINE_ROWS_HIGH_NEON(6)
PRC_DEFINE_ROWS_HIGH_NEON(7)
PRC_DEFINE_ROWS_GAME_NEON(5)
PRC_DEFINE_ROWS_GAME_NEON(6)
PRC_DEFINE_ROWS_GAME_NEON(7)

#endif
#endif
