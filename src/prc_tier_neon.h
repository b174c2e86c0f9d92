/* pyrankcore: NEON row loops (arm64), 16 hands a step.
 *
 * The NEON tier, on arm64, where NEON is part of the base instruction set:
 * no target attribute and no run-time check. Its loops fill
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
 * Its instruction counts under qemu-aarch64 are in
 * tests/native_safety/arm64/README.md. */
#ifndef PRC_TIER_NEON_H
#define PRC_TIER_NEON_H

#include "prc_cpu.h"
#include "prc_tier_portable.h"
#if PRC_TIERS_NEON
#include <arm_neon.h>
#endif

#if PRC_TIERS_NEON

#define PRC_NEON_INLINE inline __attribute__((always_inline))
#define PRC_NEON_STEP 16

/* Byte indexes that move card 0 of a step's 16 rows of K = 4..8 bytes into
 * one register (card j: add j): lo picks rows 0-7 from the step's first 64
 * bytes (an index of 128 or more, out of range, gives 0 in rows 8-15), hi
 * rows 8-15 from its last 64 bytes (out of range: rows 0-7 stay). */
typedef struct {
    uint8x16_t lo, hi;
} prc_neon_rows_t;

static inline void prc_neon_rows_init(prc_neon_rows_t *rows, int k) {
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
static PRC_NEON_INLINE void prc_neon_cards(const prc_neon_rows_t *rows, const uint8_t *p, const int k,
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
static PRC_NEON_INLINE uint8x16_t prc_neon_repeats(uint8x16_t bad, const uint8x16_t *card,
                                                const int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) bad = vorrq_u8(bad, vceqq_u8(card[i], card[j]));
    return bad;
}

/* 0xFF in the bytes where a card is outside the deck (a 64-byte table of
 * the deck: 0xFF where held; ids of 64 and up look up 0) or two cards of
 * the same row are equal, of cards 0..n-1. */
static PRC_NEON_INLINE uint8x16_t prc_neon_bad_rows(const uint8x16x4_t *deck,
                                                 const uint8x16_t *card, const int n) {
    uint8x16_t held = vqtbl4q_u8(*deck, card[0]);
    for (int j = 1; j < n; j++) held = vandq_u8(held, vqtbl4q_u8(*deck, card[j]));
    return prc_neon_repeats(vmvnq_u8(held), card, n);
}

/* Constants of a row loop of K cards. */
typedef struct {
    prc_neon_rows_t rows;
    /* Byte b of each rank's key (the low 32 bits of its card key, below
     * 2^24: the generator's multipliers are below 2^22), by rank. */
    uint8x16_t key[3];
    /* Each suit's 4-bit counter increment: suits 0 and 1, suits 2 and 3. */
    uint8x16_t suits01, suits23;
} prc_neon_consts_t;

static inline void prc_neon_consts_init(prc_neon_consts_t *c, int k) {
    uint8_t key[3][16] = {{0}};
    prc_neon_rows_init(&c->rows, k);
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
static inline uint8x16x4_t prc_neon_deck_table(uint64_t invalid_ids) {
    uint8_t bytes[64];
    for (int id = 0; id < 64; id++)
        bytes[id] = (id < 52 && !((invalid_ids >> id) & 1)) ? 0xFF : 0;
    return vld1q_u8_x4(bytes);
}

/* A 16-byte mask (0 or 0xFF a byte) as a 64-bit one: bits 4r..4r+3 are
 * byte r. */
static PRC_NEON_INLINE uint64_t prc_neon_nibbles(uint8x16_t mask) {
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(mask), 4)), 0);
}

/* The rank sums (the low 32 bits of the summed card keys) of cards
 * 0..n-1 of 16 rows: each byte of the rank keys summed in 16 bits (rows
 * 0-7, rows 8-15), then the three sums shifted into place in 32 bits.
 * keep (NULL: every card): 0xFF where card j of a row counts, else 0. */
static PRC_NEON_INLINE void prc_neon_rank_sums(const prc_neon_consts_t *c, const uint8x16_t *card,
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
 * suits 0 and 1 in *s01, suits 2 and 3 in *s23 (keep: as prc_neon_rank_sums). */
static PRC_NEON_INLINE void prc_neon_suit_counts(const prc_neon_consts_t *c, const uint8x16_t *card,
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
static PRC_NEON_INLINE uint64_t prc_neon_step(const prc_neon_consts_t *c, const uint8x16x4_t *deck,
                                           const uint8_t *p, const int k, uint8x16_t flushes,
                                           uint32_t sums[16], uint64_t *flush_rows) {
    uint8x16_t card[7];
    prc_neon_cards(&c->rows, p, k, card);

    uint8x16_t bad;
    if (deck) {
        bad = prc_neon_bad_rows(deck, card, k);
    } else {
        uint8x16_t top = card[0];
        for (int j = 1; j < k; j++) top = vmaxq_u8(top, card[j]);
        bad = prc_neon_repeats(vcgeq_u8(top, vdupq_n_u8(52)), card, k);
    }

    prc_neon_rank_sums(c, card, NULL, k, sums);
    /* suit counts from 3, so that five cards set bit 3 */
    uint8x16_t s01 = vdupq_n_u8(0x33), s23 = s01;
    prc_neon_suit_counts(c, card, NULL, k, &s01, &s23);
    uint8x16_t flush = vandq_u8(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)), flushes);
    *flush_rows = prc_neon_nibbles(flush) & 0x1111111111111111ULL;
    return prc_neon_nibbles(bad);
}

/* Rows start..stop under game (NULL: the high ranking's static tables), a
 * step at a time: each row takes the rank table's strength of its sum; then
 * the rows holding a flush are done again from their summed card entries,
 * as the portable loop does them (the rows are valid: no check). The deck's
 * table is read only for a deck that lacks cards. */
static PRC_NEON_INLINE long prc_neon_rows_body(const prc_game_t *game, const uint8_t *cards,
                                               const int K, uint16_t *out, long start,
                                               long stop) {
    const prc_game_t local = prc_game_or_high(game), *g = &local;
    const uint8x16_t flushes = vdupq_n_u8(g->flush_mode != PRC_FLUSH_IGNORED ? 0xFF : 0);
    const uint8x16x4_t deck = prc_neon_deck_table(g->invalid_ids);
    const uint8x16x4_t *lacks = g->invalid_ids ? &deck : NULL;
    prc_neon_consts_t c;
    prc_neon_consts_init(&c, K);
    uint32_t sums[PRC_NEON_STEP];
    uint64_t flush_rows;
    long i = start;
    for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {
        if (prc_neon_step(&c, lacks, cards + i * K, K, flushes, sums, &flush_rows)) break;
        for (int r = 0; r < PRC_NEON_STEP; r++) out[i + r] = g->rank[prc_rank_slot(sums[r])];
        for (; flush_rows; flush_rows &= flush_rows - 1) {
            long row = i + (prc_ctz64(flush_rows) >> 2);
            uint64_t key, bits;
            prc_sum_cards(cards + row * K, K, &key, &bits);
            out[row] = prc_game_value(g, key, bits, K);
        }
    }
    if (game) return PRC_CALL_BY_SIZE(prc_rows_game, K, game, cards, out, i, stop);
    return PRC_CALL_BY_SIZE(prc_rows_high, K, cards, out, i, stop);
}

PRC_DEFINE_VECTOR_ROWS(neon, , 5)
PRC_DEFINE_VECTOR_ROWS(neon, , 6)
PRC_DEFINE_VECTOR_ROWS(neon, , 7)

/* ------------------------------------------------------------------------
 * Omaha. */

/* The NEON Omaha row loops, 16 hands a step. They read the same tables as prc_omaha_rows and fill exactly
 * what it fills: a step holding an invalid row, and the rows after the
 * last full step, go to the scalar loop, which reports the first invalid
 * row. Boards of 4 or 5 cards (16 boards of 3 cards are fewer bytes than
 * the 64-byte loads read: the scalar loop takes those).
 *
 * NEON has no gather, so this is the AVX2 loop's design (prc_tier_avx2.h)
 * in 16 byte lanes: the vector unit does what needs no table larger than
 * a register, and each hand then makes its table loads as scalar loads.
 * One step of 16 hands:
 *  - hole and board cards into registers, card j of the 16 rows in one
 *    (prc_neon_cards);
 *  - validation over all nh + nb cards: a lookup in a 64-byte table of the
 *    deck (both games' deck, hi-lo) and one compare per pair of cards;
 *  - the board's rank sum (prc_neon_rank_sums) is hashed and its pattern row
 *    found and prefetched; a step later, one lookup per hole pair reads
 *    the row at the pair's column (hi * (hi + 1) / 2 + lo of the two
 *    ranks: a byte lookup of the triangle number and an add, 16 hands a
 *    register);
 *  - hi-lo with an eight-or-better low: the low is one lookup a hand, at
 *    the board's and the hole cards' sets of low ranks (one byte lookup per
 *    card); other lows read the low game's pattern row at the same columns;
 *  - flushes (flush-dominant games): 4-bit suit counters of board and hole
 *    cards tell the hands that may hold one (three or more of a suit on the
 *    board, two or more in the hand; about one in ten), and those read the
 *    flush tables as the scalar loop does. */
#define PRC_NEON_OMAHA_STEP 16

typedef struct {
    prc_neon_consts_t keys;   /* rank key bytes, suit increments; its rows: the board's */
    prc_neon_rows_t hole_rows;
    uint8x16x4_t deck;     /* 0xFF at the ids the deck holds (both games' decks, hi-lo) */
    uint8x16_t triangle;   /* r * (r + 1) / 2 by rank r */
    uint8x16_t low_bits;   /* hi-lo from rank sets: the low game's low_bit */
    int low_sets;          /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_neon_omaha_consts;

/* First pass over a step's 16 hands: returns nonzero (bits 4t..4t+3 for
 * hand t) when a hand is invalid; else fills *blk*, its columns as bytes
 * (prc_omaha_block_out8 reads it). */
static PRC_NEON_INLINE uint64_t prc_neon_omaha_first_pass(const prc_neon_omaha_consts *c,
                                                  const prc_omaha_t *o,
                                                  const prc_omaha_t *olo,
                                                  const uint8_t *holes, const int NH,
                                                  const uint8_t *boards, const int NB,
                                                  const int flushes, prc_omaha_block_t *blk) {
    uint8x16_t card[11]; /* the board's cards, then the hole cards */
    prc_neon_cards(&c->keys.rows, boards, NB, card);
    prc_neon_cards(&c->hole_rows, holes, NH, card + NB);
    uint64_t bad = prc_neon_nibbles(prc_neon_bad_rows(&c->deck, card, NB + NH));
    if (bad) return bad;

    uint32_t sums[PRC_NEON_OMAHA_STEP];
    prc_neon_rank_sums(&c->keys, card, NULL, NB, sums);
    for (int t = 0; t < PRC_NEON_OMAHA_STEP; t++) {
        uint32_t slot = prc_board_slot(sums[t]);
        blk->row[t] = prc_omaha_fetch_row(o, slot);
        if (olo && !c->low_sets) /* not prefetched: a low game's rows are few, shared */
            blk->lo_row[t] = olo->best + (size_t)olo->pattern_of_slot[slot] * PRC_PATTERN_STRIDE;
    }

    uint8x16_t rank[6];
    for (int j = 0; j < NH; j++) rank[j] = vshrq_n_u8(card[NB + j], 2);
    int pair = 0;
    for (int a = 0; a < NH; a++)
        for (int b = a + 1; b < NH; b++) {
            uint8x16_t hi = vmaxq_u8(rank[a], rank[b]), lo = vminq_u8(rank[a], rank[b]);
            vst1q_u8(blk->column8[pair++], vaddq_u8(vqtbl1q_u8(c->triangle, hi), lo));
        }

    if (c->low_sets) {
        uint8x16_t board_set = vdupq_n_u8(0), hole_set = board_set;
        for (int j = 0; j < NB; j++)
            board_set = vorrq_u8(board_set, vqtbl1q_u8(c->low_bits, vshrq_n_u8(card[j], 2)));
        for (int j = 0; j < NH; j++)
            hole_set = vorrq_u8(hole_set, vqtbl1q_u8(c->low_bits, rank[j]));
        uint8_t board_sets[PRC_NEON_OMAHA_STEP], hole_sets[PRC_NEON_OMAHA_STEP];
        vst1q_u8(board_sets, board_set);
        vst1q_u8(hole_sets, hole_set);
        for (int t = 0; t < PRC_NEON_OMAHA_STEP; t++) {
            blk->low_index[t] = (uint32_t)board_sets[t] << 8 | hole_sets[t];
            /* the lows' table (128 KB) does not stay in L2 beside the high rows */
            PRC_PREFETCH(olo->low_best + blk->low_index[t]);
        }
    }

    blk->flush_lanes = 0;
    if (flushes) {
        /* adding 5 (6) to a 4-bit count sets its top bit exactly at 3 (2) */
        uint8x16_t board01 = vdupq_n_u8(0x55), board23 = board01;
        uint8x16_t hole01 = vdupq_n_u8(0x66), hole23 = hole01;
        prc_neon_suit_counts(&c->keys, card, NULL, NB, &board01, &board23);
        prc_neon_suit_counts(&c->keys, card + NB, NULL, NH, &hole01, &hole23);
        uint8x16_t may = vorrq_u8(vandq_u8(board01, hole01), vandq_u8(board23, hole23));
        uint64_t rows = prc_neon_nibbles(vtstq_u8(may, vdupq_n_u8(0x88))) & 0x1111111111111111ULL;
        for (; rows; rows &= rows - 1) { /* bit 4t: hand t may hold a flush */
            int t = prc_ctz64(rows) >> 2;
            blk->flush_lanes |= 1u << t;
            blk->flush_ranks[t] = prc_omaha_flush_ranks(holes + t * NH, NH, boards + t * NB, NB);
        }
    }
    return 0;
}

/* Omaha rows start..stop with NH hole and NB = 4 or 5 board cards, for a
 * game whose flushes are ignored or dominant; hi-lo (olo not NULL): also a
 * low game whose flushes are ignored, two strengths a row (high, low).
 * Returns the first invalid row or -1, as the scalar loops. */
static PRC_NEON_INLINE long prc_omaha_rows_neon_body(const prc_game_t *game,
                                                     const prc_omaha_t *o,
                                                     const prc_game_t *glo,
                                                     const prc_omaha_t *olo,
                                                     const uint8_t *holes, const int NH,
                                                     const uint8_t *boards, const int NB,
                                                     uint16_t *out, long start, long stop) {
    static const uint8_t triangle[16] = {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78};
    const prc_game_t local = *game, *g = &local;
    const int flushes = g->flush_mode == PRC_FLUSH_DOMINANT;
    prc_neon_omaha_consts c;
    prc_neon_consts_init(&c.keys, NB);
    prc_neon_rows_init(&c.hole_rows, NH);
    c.deck = prc_neon_deck_table(g->invalid_ids | (glo ? glo->invalid_ids : 0));
    c.triangle = vld1q_u8(triangle);
    c.low_sets = olo && olo->low_best;
    c.low_bits = c.low_sets ? vld1q_u8(olo->low_bit) : vdupq_n_u8(0);
#define PRC_NEON_OMAHA_FIRST(n, blk)                                                      \
    prc_neon_omaha_first_pass(&c, o, olo, holes + (n) * NH, NH, boards + (n) * NB, NB, flushes, \
                              blk)
    PRC_OMAHA_VECTOR_ROWS(PRC_NEON_OMAHA_STEP, prc_omaha_block_t, PRC_NEON_OMAHA_FIRST,
                          prc_omaha_block_out8, 1)
#undef PRC_NEON_OMAHA_FIRST
}

/* The loops by shape (hole cards 4, 5, 6, boards of 4 or 5), single and
 * hi-lo; a single loop ignores the low game's arguments. */
typedef long (*prc_neon_omaha_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
                               const prc_omaha_t *, const uint8_t *, int, const uint8_t *, int,
                               uint16_t *, long, long);

#define PRC_DEFINE_OMAHA_NEON(NAME, NH_ARG, NB_ARG)                                      \
    static long NAME(const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo, \
                     const prc_omaha_t *olo, const uint8_t *holes, int nh,               \
                     const uint8_t *boards, int nb, uint16_t *out, long start,           \
                     long stop) {                                                        \
        (void)lo;                                                                        \
        (void)olo;                                                                       \
        (void)nh;                                                                        \
        (void)nb;                                                                        \
        return prc_omaha_rows_neon_body(hi, ohi, NULL, NULL, holes, NH_ARG, boards,      \
                                        NB_ARG, out, start, stop);                       \
    }                                                                                    \
    static long NAME##_hilo(const prc_game_t *hi, const prc_omaha_t *ohi,                \
                            const prc_game_t *lo, const prc_omaha_t *olo,                \
                            const uint8_t *holes, int nh, const uint8_t *boards, int nb, \
                            uint16_t *out, long start, long stop) {                      \
        (void)nh;                                                                        \
        (void)nb;                                                                        \
        return prc_omaha_rows_neon_body(hi, ohi, lo, olo, holes, NH_ARG, boards, NB_ARG, \
                                        out, start, stop);                               \
    }

PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_4_4, 4, 4)
PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_5_4, 5, 4)
PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_6_4, 6, 4)
PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_4_5, 4, 5)
PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_5_5, 5, 5)
PRC_DEFINE_OMAHA_NEON(prc_omaha_rows_neon_6_5, 6, 5)

/* The loop of a shape: 4 to 6 hole cards, boards of 4 or 5 cards (the
 * dispatch checks), each with its card loops unrolled. */
static inline prc_neon_omaha_rows_fn prc_omaha_neon_loop(int nh, int nb, int hilo) {
    static const prc_neon_omaha_rows_fn loops[2][2][3] = {
        {{prc_omaha_rows_neon_4_4, prc_omaha_rows_neon_5_4, prc_omaha_rows_neon_6_4},
         {prc_omaha_rows_neon_4_5, prc_omaha_rows_neon_5_5, prc_omaha_rows_neon_6_5}},
        {{prc_omaha_rows_neon_4_4_hilo, prc_omaha_rows_neon_5_4_hilo,
          prc_omaha_rows_neon_6_4_hilo},
         {prc_omaha_rows_neon_4_5_hilo, prc_omaha_rows_neon_5_5_hilo,
          prc_omaha_rows_neon_6_5_hilo}},
    };
    return loops[hilo != 0][nb - 4][nh - 4];
}

/* ------------------------------------------------------------------------
 * Wild cards. */

/* NEON loops for wild games, 16 rows a step as the high loops, for
 * every wild ranking. What the AVX2 loop computes, in byte lanes (a row a
 * byte), with no card-id masks: each card's kind by two 64-byte lookups of
 * its id (in the deck; wild), the wild count a byte, the natural cards'
 * rank sums and suit counts as prc_neon_step sums them, with the wild cards
 * masked out. Under the lowest-card rule, the lowest natural rank is a
 * byte minimum over the cards, and that rank's cards (never aces) turn
 * wild. Valid: every id in the deck, no two equal. Each row's strength is
 * then two scalar loads (hand_rank at the natural pattern's slot); a row
 * in which a suit reaches five with the wild cards is settled from the
 * flush tables where a flush dominates (as the AVX2 loop does), else ranked
 * again by the scalar rows loop's value (prc_wild_value_rows); a step with
 * an invalid row, and the rows after the last step, go to the portable
 * loop. */
typedef struct {
    prc_neon_consts_t c;
    uint8x16x4_t held, wild; /* by id: 0xFF where the deck holds it; where it is wild */
    uint64_t natural_ids;    /* the ids of natural cards, a bit each */
} prc_wild_neon_t;

static inline void prc_wild_neon_init(prc_wild_neon_t *n, const prc_wild_t *x, int k) {
    uint8_t held[64], wild[64];
    n->natural_ids = 0;
    for (int id = 0; id < 64; id++) {
        uint64_t key = x->card16[2 * id];
        wild[id] = key == 1ULL << PRC_WILD_SHIFT ? 0xFF : 0;
        held[id] = key >> PRC_INVALID_SHIFT ? 0 : 0xFF; /* not the poison key */
        if (held[id] && !wild[id]) n->natural_ids |= 1ULL << id;
    }
    prc_neon_consts_init(&n->c, k);
    n->held = vld1q_u8_x4(held);
    n->wild = vld1q_u8_x4(wild);
}

/* Rows start..stop of K cards (LOWEST: x->lowest, a constant so that each
 * rule gets its own loop). */
static PRC_NEON_INLINE long prc_wild_rows_neon_body(
    const prc_wild_t *wild, const uint8_t *cards, const int K, const int LOWEST, uint16_t *out,
    long start, long stop, long (*scalar)(const prc_wild_t *, const uint8_t *, uint16_t *, long,
                                          long)) {
    const prc_wild_t local = *wild, *x = &local;
    const uint16_t *hand_rank = x->hand_rank[K - 5];
    const int flushes = x->natural.flush_mode != PRC_FLUSH_IGNORED;
    const int dominant = prc_wild_flush_dominant(x);
    prc_wild_neon_t n;
    prc_wild_neon_init(&n, x, K);
    const uint8x16_t fifteen = vdupq_n_u8(15), aces = vdupq_n_u8(12);
    long i = start;
    for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {
        const uint8_t *p = cards + i * K;
        uint8x16_t card[7], natural[7], rank[7];
        prc_neon_cards(&n.c.rows, p, K, card);
        uint8x16_t held_all = vdupq_n_u8(0xFF), w = vdupq_n_u8(0);
        for (int j = 0; j < K; j++) {
            uint8x16_t held = vqtbl4q_u8(n.held, card[j]), is_wild = vqtbl4q_u8(n.wild, card[j]);
            held_all = vandq_u8(held_all, held);
            natural[j] = vbicq_u8(held, is_wild);
            rank[j] = vshrq_n_u8(card[j], 2);
            w = vsubq_u8(w, is_wild); /* 0xFF is -1 */
        }
        if (prc_neon_nibbles(prc_neon_repeats(vmvnq_u8(held_all), card, K))) {
            long r = scalar(x, cards, out, i, i + PRC_NEON_STEP);
            if (r >= 0) return r;
            continue;
        }
        if (LOWEST) {
            /* the lowest natural rank (15: none); aces are never the lowest card */
            uint8x16_t low = fifteen;
            for (int j = 0; j < K; j++) low = vminq_u8(low, vbslq_u8(natural[j], rank[j], fifteen));
            uint8x16_t some = vcltq_u8(low, aces);
            for (int j = 0; j < K; j++) {
                uint8x16_t lowest = vandq_u8(vandq_u8(natural[j], some), vceqq_u8(rank[j], low));
                natural[j] = vbicq_u8(natural[j], lowest);
                w = vsubq_u8(w, lowest);
            }
        }
        uint32_t sums[PRC_NEON_STEP];
        prc_neon_rank_sums(&n.c, card, natural, K, sums);
        for (int t = 0; t < PRC_NEON_STEP; t++) {
            uint32_t s = sums[t];
            out[i + t] = hand_rank[s + prc_hash_offset[s >> PRC_RANK_SHIFT]];
        }
        if (!flushes) continue;
        /* A suit's natural count plus the wild cards reaching five: from 3,
         * at most 3 + 7 (no carry between the 4-bit counters). */
        uint8x16_t spread = vorrq_u8(w, vshlq_n_u8(w, 4));
        uint8x16_t s01 = vaddq_u8(vdupq_n_u8(0x33), spread), s23 = s01;
        prc_neon_suit_counts(&n.c, card, natural, K, &s01, &s23);
        uint64_t reach = prc_neon_nibbles(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)));
        reach &= 0x1111111111111111ULL;
        if (!reach) continue;
        if (!dominant) { /* a row a nibble */
            prc_wild_rows_reaching(x, hand_rank, cards, K, out, i, reach, 2);
            continue;
        }
        /* A flush beats what the same cards make without one: settled from
         * the row's natural ids, as the AVX2 loop does (prc_wild_flush_settle). */
        uint8_t wilds[PRC_NEON_STEP], suits01[PRC_NEON_STEP], suits23[PRC_NEON_STEP];
        vst1q_u8(wilds, w);
        vst1q_u8(suits01, s01);
        vst1q_u8(suits23, s23);
        for (; reach; reach &= reach - 1) {
            int t = prc_ctz64(reach) >> 2;
            const uint8_t *row = p + t * K;
            uint64_t ids = 0;
            for (int j = 0; j < K; j++) ids |= 1ULL << row[j]; /* valid: ids below 54 */
            ids &= n.natural_ids;
            if (LOWEST) ids = prc_wild_without_lowest(ids);
            uint32_t reaching = (uint32_t)(suits01[t] & 0x88) | (uint32_t)(suits23[t] & 0x88) << 8;
            out[i + t] = prc_wild_flush_settle(x, out[i + t], ids, wilds[t], reaching);
        }
    }
    return scalar(x, cards, out, i, stop);
}

PRC_DEFINE_WILD_VECTOR_ROWS(neon, , prc_wild_rows, 5)
PRC_DEFINE_WILD_VECTOR_ROWS(neon, , prc_wild_rows, 6)
PRC_DEFINE_WILD_VECTOR_ROWS(neon, , prc_wild_rows, 7)

/* ------------------------------------------------------------------------
 * Suit tie-breaks. */

/* The NEON loop (arm64), 16 rows a step in byte lanes (a row a byte):
 * validation, rank sums and the rows holding five of a suit as in
 * prc_neon_step; each row's plain strength by the rank hash (scalar loads)
 * and its vector plan (prc_vkind_t's plays, one load a row); then the
 * suit keys of the 16 rows at once, place by place: the place's rank and
 * slot come from the plays' byte f (transposed as the cards are), the
 * rank's suit mask from one compare per card, its sorted_suits byte from
 * one table lookup, and the slot's two bits from a shift by twice the
 * slot. Rows holding five of one suit, plans that search, a step with a
 * bad row and the rows after the last step go to the portable loop. */
static PRC_NEON_INLINE long prc_suited_neon_body(const prc_suited_t *x, const uint8_t *cards,
                                                 const int K, uint32_t *out, long start,
                                                 long stop,
                                                 long (*scalar)(const prc_suited_t *,
                                                                const uint8_t *, uint32_t *,
                                                                long, long)) {
    const uint16_t *rank_table = x->game.rank;
    const uint64_t *plays = x->vplan;
    const unsigned n_classes = (unsigned)x->n_classes;
    const int searching = x->vplan_search;
    const uint8x16x4_t deck = prc_neon_deck_table(x->game.invalid_ids);
    const uint8x16_t sorted = vld1q_u8(x->sorted_suits);
    const uint8x16_t one = vdupq_n_u8(1), three = vdupq_n_u8(3);
    prc_neon_consts_t c;
    prc_neon_consts_init(&c, K);
    prc_neon_rows_t play_rows; /* byte f of 16 plays (8 bytes each) into one register */
    prc_neon_rows_init(&play_rows, 8);
    long i = start;
    for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {
        const uint8_t *p = cards + i * K;
        uint8x16_t card[7];
        prc_neon_cards(&c.rows, p, K, card);
        if (prc_neon_nibbles(prc_neon_bad_rows(&deck, card, K))) {
            long r = scalar(x, cards, out, i, i + PRC_NEON_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_NEON_STEP];
        prc_neon_rank_sums(&c, card, NULL, K, sums);
        /* five of a suit matters in every ranking: it may have to play, or
         * be kept from playing */
        uint8x16_t s01 = vdupq_n_u8(0x33), s23 = s01;
        prc_neon_suit_counts(&c, card, NULL, K, &s01, &s23);
        uint64_t rare = prc_neon_nibbles(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)));
        rare &= 0x1111111111111111ULL;
        unsigned strength[PRC_NEON_STEP];
        uint64_t play[PRC_NEON_STEP];
        for (int t = 0; t < PRC_NEON_STEP; t++) {
            uint32_t sum = sums[t];
            unsigned s = rank_table[sum + prc_hash_offset[sum >> PRC_RANK_SHIFT]];
            strength[t] = s <= n_classes ? s : 0;
            play[t] = plays[strength[t]];
        }
        if (searching)
            for (int t = 0; t < PRC_NEON_STEP; t++)
                if (play[t] >> 56 == PRC_VPLAN_SEARCH) rare |= 1ULL << (4 * t);
        uint8x16_t rank[7], bit[7];
        for (int j = 0; j < K; j++) {
            rank[j] = vshrq_n_u8(card[j], 2);
            bit[j] = vshlq_u8(one, vreinterpretq_s8_u8(vandq_u8(card[j], three)));
        }
        /* place f: its rank in bits 0-3 (0x80: none, which no card has),
         * its slot in bits 4-5 */
        const uint8x16x4_t first = vld1q_u8_x4((const uint8_t *)play);
        const uint8x16x4_t last = vld1q_u8_x4((const uint8_t *)play + 64);
        uint8x16_t lo = play_rows.lo, hi = play_rows.hi, key_low = vdupq_n_u8(0), key_high;
        for (int f = 0; f < 5; f++) {
            uint8x16_t place = vqtbx4q_u8(vqtbl4q_u8(first, lo), last, hi);
            lo = vaddq_u8(lo, one);
            hi = vaddq_u8(hi, one);
            uint8x16_t want = vandq_u8(place, vdupq_n_u8(0x8F)), suits = vdupq_n_u8(0);
            for (int j = 0; j < K; j++)
                suits = vorrq_u8(suits, vandq_u8(vceqq_u8(rank[j], want), bit[j]));
            /* the slot's suit rank: sorted_suits >> 2 * slot */
            int8x16_t shift = vnegq_s8(vreinterpretq_s8_u8(
                vandq_u8(vshrq_n_u8(place, 3), vdupq_n_u8(6))));
            uint8x16_t v = vandq_u8(vshlq_u8(vqtbl1q_u8(sorted, suits), shift), three);
            if (f < 4)
                key_low = vorrq_u8(key_low, vshlq_u8(v, vdupq_n_s8((int8_t)(2 * f))));
            else
                key_high = v;
        }
        uint16_t key[PRC_NEON_STEP];
        vst1q_u16(key, vreinterpretq_u16_u8(vzip1q_u8(key_low, key_high)));
        vst1q_u16(key + 8, vreinterpretq_u16_u8(vzip2q_u8(key_low, key_high)));
        for (int t = 0; t < PRC_NEON_STEP; t++)
            out[i + t] = (uint32_t)strength[t] << PRC_SUIT_KEY_BITS | key[t];
        for (; rare; rare &= rare - 1) {
            long row = i + (prc_ctz64(rare) >> 2);
            scalar(x, cards, out, row, row + 1);
        }
    }
    return scalar(x, cards, out, i, stop);
}

#define PRC_DEFINE_SUITED_ROWS_NEON(K)                                                \
    static long prc_suited_rows_neon_##K(const prc_suited_t *x, const uint8_t *cards, \
                                         uint32_t *out, long start, long stop) {      \
        return prc_suited_neon_body(x, cards, K, out, start, stop, prc_suited_rows_##K); \
    }
PRC_DEFINE_SUITED_ROWS_NEON(5)
PRC_DEFINE_SUITED_ROWS_NEON(6)
PRC_DEFINE_SUITED_ROWS_NEON(7)

/* ------------------------------------------------------------------------
 * The tier's entry points (its row in prc_tiers.h). */

/* The Omaha loops' 64-byte loads take 16 rows of 4 cards or more, and
 * their buffers up to 6 hole and 5 board cards. */
PRC_DEFINE_VECTOR_TIER(neon, portable,
                       nh >= 4 && nh <= 6 && nb >= 4 && nb <= 5 &&
                           stop - start >= PRC_NEON_OMAHA_STEP)

#endif /* PRC_TIERS_NEON */
#endif
