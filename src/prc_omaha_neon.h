/* pyrankcore: NEON Omaha row loops (arm64), 16 hands a step.
 *
 * Included by prc_omaha.h on arm64 (with prc_neon.h); chosen with the other
 * NEON loops. They read the same tables as prc_omaha_rows and fill exactly
 * what it fills: a step holding an invalid row, and the rows after the
 * last full step, go to the scalar loop, which reports the first invalid
 * row. Boards of 4 or 5 cards (16 boards of 3 cards are fewer bytes than
 * the 64-byte loads read: the scalar loop takes those).
 *
 * NEON has no gather, so this is the AVX2 loop's design (prc_omaha_avx2.h)
 * in 16 byte lanes: the vector unit does what needs no table larger than
 * a register, and each hand then makes its table loads as scalar loads.
 * One step of 16 hands:
 *  - hole and board cards into registers, card j of the 16 rows in one
 *    (prc_n_cards);
 *  - validation over all nh + nb cards: a lookup in a 64-byte table of the
 *    deck (both games' deck, hi-lo) and one compare per pair of cards;
 *  - the board's rank sum (prc_n_rank_sums) is hashed and its pattern row
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
#ifndef PRC_OMAHA_NEON_H
#define PRC_OMAHA_NEON_H
#if PRC_NEON_DISPATCH /* set by prc_eval.h; prc_omaha.h includes this header */

#define PRC_NO_STEP 16

typedef struct {
    prc_n_consts_t keys;   /* rank key bytes, suit increments; its rows: the board's */
    prc_n_rows_t hole_rows;
    uint8x16x4_t deck;     /* 0xFF at the ids the deck holds (both games' decks, hi-lo) */
    uint8x16_t triangle;   /* r * (r + 1) / 2 by rank r */
    uint8x16_t low_bits;   /* hi-lo from rank sets: the low game's low_bit */
    int low_sets;          /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_no_consts;

/* What the first pass keeps of one step for the second. */
typedef struct {
    const uint16_t *row[PRC_NO_STEP];    /* each hand's pattern row in o->best */
    const uint16_t *lo_row[PRC_NO_STEP]; /* hi-lo, low from rows: the low game's */
    uint8_t column[15][PRC_NO_STEP];     /* each hole pair's column, by pair and hand */
    uint8_t board_set[PRC_NO_STEP], hole_set[PRC_NO_STEP]; /* hi-lo, low from rank sets */
    uint64_t flush_rows; /* bit 4t: hand t may hold a flush */
} prc_no_block;

/* First pass over a step's 16 hands: returns nonzero (bits 4t..4t+3 for
 * hand t) when a hand is invalid; else fills *blk*. */
static PRC_NEON_INLINE uint64_t prc_no_first_pass(const prc_no_consts *c,
                                                  const prc_omaha_t *o,
                                                  const prc_omaha_t *olo,
                                                  const uint8_t *holes, const int NH,
                                                  const uint8_t *boards, const int NB,
                                                  const int flushes, prc_no_block *blk) {
    uint8x16_t card[11]; /* the board's cards, then the hole cards */
    prc_n_cards(&c->keys.rows, boards, NB, card);
    prc_n_cards(&c->hole_rows, holes, NH, card + NB);
    uint64_t bad = prc_n_nibbles(prc_n_bad_rows(&c->deck, card, NB + NH));
    if (bad) return bad;

    uint32_t sums[PRC_NO_STEP];
    prc_n_rank_sums(&c->keys, card, NULL, NB, sums);
    for (int t = 0; t < PRC_NO_STEP; t++) {
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
            vst1q_u8(blk->column[pair++], vaddq_u8(vqtbl1q_u8(c->triangle, hi), lo));
        }

    if (c->low_sets) {
        uint8x16_t board_set = vdupq_n_u8(0), hole_set = board_set;
        for (int j = 0; j < NB; j++)
            board_set = vorrq_u8(board_set, vqtbl1q_u8(c->low_bits, vshrq_n_u8(card[j], 2)));
        for (int j = 0; j < NH; j++)
            hole_set = vorrq_u8(hole_set, vqtbl1q_u8(c->low_bits, rank[j]));
        vst1q_u8(blk->board_set, board_set);
        vst1q_u8(blk->hole_set, hole_set);
        /* the lows' table (128 KB) does not stay in L2 beside the high rows */
        for (int t = 0; t < PRC_NO_STEP; t++)
            PRC_PREFETCH(olo->low_best + ((unsigned)blk->board_set[t] << 8 | blk->hole_set[t]));
    }

    blk->flush_rows = 0;
    if (flushes) {
        /* adding 5 (6) to a 4-bit count sets its top bit exactly at 3 (2) */
        uint8x16_t board01 = vdupq_n_u8(0x55), board23 = board01;
        uint8x16_t hole01 = vdupq_n_u8(0x66), hole23 = hole01;
        prc_n_suit_counts(&c->keys, card, NULL, NB, &board01, &board23);
        prc_n_suit_counts(&c->keys, card + NB, NULL, NH, &hole01, &hole23);
        uint8x16_t may = vorrq_u8(vandq_u8(board01, hole01), vandq_u8(board23, hole23));
        blk->flush_rows = prc_n_nibbles(vtstq_u8(may, vdupq_n_u8(0x88))) & 0x1111111111111111ULL;
    }
    return 0;
}

/* Second pass: the best strength of each of the step's hands (and, hi-lo,
 * the best low), one scalar lookup per hole pair; then the best flush of
 * the hands that may hold one. */
static PRC_NEON_INLINE void prc_no_second_pass(const prc_no_block *blk, const prc_omaha_t *o,
                                               const prc_omaha_t *olo, const uint8_t *holes,
                                               const int NH, const uint8_t *boards,
                                               const int NB, uint16_t *out) {
    const int pairs = NH * (NH - 1) / 2, stride = olo ? 2 : 1;
    for (int t = 0; t < PRC_NO_STEP; t++) {
        const uint16_t *row = blk->row[t];
        uint16_t best = 0;
        for (int p = 0; p < pairs; p++) {
            uint16_t v = row[blk->column[p][t]];
            best = v > best ? v : best;
        }
        out[stride * t] = best;
        if (!olo) continue;
        uint16_t low = 0;
        if (olo->low_best) {
            low = olo->low_best[(unsigned)blk->board_set[t] << 8 | blk->hole_set[t]];
        } else {
            const uint16_t *lo_row = blk->lo_row[t];
            for (int p = 0; p < pairs; p++) {
                uint16_t v = lo_row[blk->column[p][t]];
                low = v > low ? v : low;
            }
        }
        out[2 * t + 1] = low;
    }
    for (uint64_t m = blk->flush_rows; m; m &= m - 1) {
        int t = prc_ctz64(m) >> 2;
        uint16_t v = prc_omaha_flush_any(o, holes + t * NH, NH, boards + t * NB, NB);
        uint16_t *slot = out + stride * t;
        *slot = v > *slot ? v : *slot;
    }
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
    const int stride = olo ? 2 : 1; /* strengths per row in out */
    prc_no_consts c;
    prc_n_consts_init(&c.keys, NB);
    prc_n_rows_init(&c.hole_rows, NH);
    c.deck = prc_n_deck_table(g->invalid_ids | (glo ? glo->invalid_ids : 0));
    c.triangle = vld1q_u8(triangle);
    c.low_sets = olo && olo->low_best;
    c.low_bits = c.low_sets ? vld1q_u8(olo->low_bit) : vdupq_n_u8(0);
    /* Two steps in flight: the first pass of the next step (which prefetches
     * its pattern rows) runs before the second pass of this one. */
    prc_no_block blk[2];
    int cur = 0, ready = 0; /* ready: blk[cur] holds the first pass of the step at i */
    long i = start;
    while (i + PRC_NO_STEP <= stop) {
        if (!ready && prc_no_first_pass(&c, o, olo, holes + i * NH, NH, boards + i * NB, NB,
                                        flushes, &blk[cur])) {
            /* the scalar loop finds the first bad row */
            long r = olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards, NB,
                                                      out, i, i + PRC_NO_STEP)
                         : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i,
                                                 i + PRC_NO_STEP);
            if (r >= 0) return r;
            i += PRC_NO_STEP;
            continue;
        }
        ready = 0;
        if (i + 2 * PRC_NO_STEP <= stop) {
            long n = i + PRC_NO_STEP;
            /* a bad step is found again, and handled, next time */
            ready = !prc_no_first_pass(&c, o, olo, holes + n * NH, NH, boards + n * NB, NB,
                                       flushes, &blk[cur ^ 1]);
        }
        prc_no_second_pass(&blk[cur], o, olo, holes + i * NH, NH, boards + i * NB, NB,
                           out + stride * i);
        cur ^= ready;
        i += PRC_NO_STEP;
    }
    return olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards, NB, out, i, stop)
               : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i, stop);
}

/* The loops by shape (hole cards 4, 5, 6, boards of 4 or 5), single and
 * hi-lo; a single loop ignores the low game's arguments. */
typedef long (*prc_no_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
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
static inline prc_no_rows_fn prc_omaha_neon_loop(int nh, int nb, int hilo) {
    static const prc_no_rows_fn loops[2][2][3] = {
        {{prc_omaha_rows_neon_4_4, prc_omaha_rows_neon_5_4, prc_omaha_rows_neon_6_4},
         {prc_omaha_rows_neon_4_5, prc_omaha_rows_neon_5_5, prc_omaha_rows_neon_6_5}},
        {{prc_omaha_rows_neon_4_4_hilo, prc_omaha_rows_neon_5_4_hilo,
          prc_omaha_rows_neon_6_4_hilo},
         {prc_omaha_rows_neon_4_5_hilo, prc_omaha_rows_neon_5_5_hilo,
          prc_omaha_rows_neon_6_5_hilo}},
    };
    return loops[hilo != 0][nb - 4][nh - 4];
}

#endif
#endif
