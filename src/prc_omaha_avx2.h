/* pyrankcore: AVX2 Omaha row loops, 8 hands to a vector.
 *
 * Included by prc_omaha.h where prc_avx2.h is (x86-64); chosen at run time
 * with the other AVX2 loops (prc_kernel). They read the same tables as
 * prc_omaha_rows and fill exactly what it fills: a chunk holding an invalid
 * row, and the rows after the last full chunk, go to the scalar loop, which
 * reports the first invalid row.
 *
 * One block of 8 hands:
 *  - hole and board bytes come in as in prc_avx2.h (loads inside the rows,
 *    byte shuffles into 32-bit lanes);
 *  - validation as there over all nh + nb cards (the suit counts of the
 *    card mask add up to nh + nb, no card outside the deck);
 *  - the board's rank sum is hashed and its pattern row found, and the
 *    row's cache lines prefetched; a chunk later, one lookup per
 *    hole pair reads the row at the pair's column (hi * (hi + 1) / 2 + lo
 *    of the two ranks, computed 8 hands to a vector). The lookups are
 *    scalar loads: on AMD (Zen 3) a gather costs more than eight of them;
 *    an AVX2 loop with gathers measured barely faster than the scalar one,
 *    and gathers in this second pass alone no faster (slower for hi-lo);
 *  - hi-lo with an eight-or-better low: the low is one lookup a hand, at
 *    the board's and the hole cards' sets of low ranks (prc_omaha_t's
 *    low_best; the sets come from a byte shuffle per card);
 *  - flushes (flush-dominant games): a hand can flush only with two or more
 *    hole cards of a suit the board holds three or more of (per-suit
 *    counters of board and hole cards); for those hands, about one in ten,
 *    the flush row of the board's ranks in that suit is read at each pair
 *    of the hole cards' ranks in it (the suit's ranks from the card masks,
 *    without a branch per card). */
#ifndef PRC_OMAHA_AVX2_H
#define PRC_OMAHA_AVX2_H

typedef struct {
    prc_y_rows_t hole_rows, board_rows;
    __m256i key_low, key_high;
    __m256i low_bits; /* hi-lo from rank sets: the low game's low_bit, twice */
    int low_sets;     /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_yo_consts;

/* What the first pass keeps of one block for the second. */
typedef struct {
    const uint16_t *row[8];    /* each hand's pattern row in o->best */
    const uint16_t *lo_row[8]; /* hi-lo: the same in the low game's table */
    uint32_t low_index[8];     /* hi-lo from rank sets: the entry of low_best */
    uint32_t column[15][8];    /* each hole pair's column, by pair and hand */
    unsigned flush_lanes;      /* hands that may hold a flush */
    /* Only where flush_lanes is not 0: the suits that may flush (the top
     * bit of the suit's 4-bit field), the board's and the hole cards' card
     * masks (ids 0..31, 32..63). */
    uint32_t flush_suits[8], board_lo[8], board_hi[8], hole_lo[8], hole_hi[8];
} prc_yo_block;

/* Blocks of 8 hands a chunk, high only and hi-lo alike: one. A chunk's
 * 32 row prefetches are about what a Zen 3 core keeps in flight; four (128
 * at once) measured some 25% slower there. The hi-lo one pass prefetches
 * only the high rows (see prc_yo_first_pass), so it keeps one too. */
#ifndef PRC_YO_CHUNK_BLOCKS
#define PRC_YO_CHUNK_BLOCKS 1
#endif

/* Hi-lo whose low is read from pattern rows (a low game without rank
 * sets) with this many hole cards or more runs as two passes over spans
 * (prc_omaha_rows_avx2_hilo_spans); fewer, or a low from rank sets, as
 * one pass. */
#define PRC_YO_SPANS_FROM_HOLES 6

/* Suit counters of a card: 1 << (4 * suit). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_yo_suit_one(__m256i card) {
    return _mm256_sllv_epi32(_mm256_set1_epi32(1),
                             _mm256_slli_epi32(_mm256_and_si256(card, _mm256_set1_epi32(3)), 2));
}

/* Each lane's card's bit in the low game's rank sets (prc_omaha_t.low_bit;
 * the lane's upper bytes get entry 0: callers keep the low byte only). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_yo_low_bit(__m256i low_bits, __m256i card) {
    return _mm256_shuffle_epi8(low_bits, _mm256_srli_epi32(card, 2));
}

/* Column of each lane's pair of ranks: hi * (hi + 1) / 2 + lo, the
 * triangle number from a 16-entry byte table (ranks are 0..12, so the
 * lane's upper bytes index entry 0, which is 0). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_yo_column(__m256i ra, __m256i rb) {
    const __m256i triangle = _mm256_setr_epi8(
        0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 28, 36,
        45, 55, 66, 78, 0, 0, 0);
    __m256i hi = _mm256_max_epu32(ra, rb), lo = _mm256_min_epu32(ra, rb);
    return _mm256_add_epi32(_mm256_shuffle_epi8(triangle, hi), lo);
}

/* First pass over 8 rows: returns the lanes holding an invalid row (a
 * bit a lane). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE unsigned prc_yo_first_pass(
    const prc_yo_consts *c, const prc_omaha_t *o, const prc_omaha_t *olo, __m256i missing_lo,
    __m256i missing_hi, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, int flushes, prc_yo_block *blk) {
    __m256i loads[2], rank[6];
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum, board_suits = sum;
    __m256i board_set = sum, hole_set = sum; /* hi-lo from rank sets */
    prc_y_load(boards, NB, loads);
    for (int g = 0; 4 * g < NB; g++) {
        __m256i group = prc_y_group(&c->board_rows, loads, NB, g);
        for (int m = 0; m < 4 && 4 * g + m < NB; m++) {
            __m256i card = prc_y_card(&c->board_rows, group, m);
            sum = _mm256_add_epi32(sum, prc_y_rank_key(c->key_low, c->key_high, card));
            prc_y_add_bit(card, &lo, &hi);
            if (flushes) board_suits = _mm256_add_epi32(board_suits, prc_yo_suit_one(card));
            if (c->low_sets)
                board_set = _mm256_or_si256(board_set, prc_yo_low_bit(c->low_bits, card));
        }
    }
    const __m256i board_lo = lo, board_hi = hi;
    prc_y_load(holes, NH, loads);
    for (int g = 0; 4 * g < NH; g++) {
        __m256i group = prc_y_group(&c->hole_rows, loads, NH, g);
        for (int m = 0; m < 4 && 4 * g + m < NH; m++) {
            __m256i card = prc_y_card(&c->hole_rows, group, m);
            rank[4 * g + m] = _mm256_srli_epi32(card, 2);
            prc_y_add_bit(card, &lo, &hi);
            if (c->low_sets)
                hole_set = _mm256_or_si256(hole_set, prc_yo_low_bit(c->low_bits, card));
        }
    }
    __m256i counts = prc_y_suit_counts(lo, hi);
    unsigned bad = prc_y_lanes(prc_y_invalid(counts, lo, hi, missing_lo, missing_hi, NH + NB));
    if (bad) return bad;
    /* Hash each board and prefetch its pattern rows (scalar loads: gathers
     * are slow on AMD), for the second pass a chunk later. */
    uint32_t sums[8];
    _mm256_storeu_si256((__m256i *)sums, sum);
    for (int t = 0; t < 8; t++) {
        uint32_t slot = prc_board_slot(sums[t]);
        blk->row[t] = prc_omaha_fetch_row(o, slot);
        if (olo && !c->low_sets) {
            /* not prefetched: a low game's rows are shared (few hundred
             * distinct, in L2), and the extra prefetches measured slower */
            blk->lo_row[t] = olo->best + (size_t)olo->pattern_of_slot[slot] * PRC_PATTERN_STRIDE;
        }
    }
    if (c->low_sets) {
        const __m256i byte = _mm256_set1_epi32(0xFF);
        __m256i index = _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(board_set, byte), 8),
                                        _mm256_and_si256(hole_set, byte));
        _mm256_storeu_si256((__m256i *)blk->low_index, index);
        /* the lows' table (128 KB) does not stay in L2 beside the high
         * rows: with this prefetch the 4+5 one pass ran at 1.20-1.36x two
         * calls, without it 1.02-1.04x (bench_games.py, Zen 3) */
        for (int t = 0; t < 8; t++) PRC_PREFETCH(olo->low_best + blk->low_index[t]);
    }
    int pair = 0;
    for (int a = 0; a < NH; a++)
        for (int b = a + 1; b < NH; b++)
            _mm256_storeu_si256((__m256i *)blk->column[pair++], prc_yo_column(rank[a], rank[b]));
    blk->flush_lanes = 0;
    if (flushes) {
        /* the hole cards' suit counts: the hand's less the board's (the
         * row is valid); adding 5 (6) to a 4-bit count sets its top bit
         * exactly at 3 (2) */
        __m256i hole_suits = _mm256_sub_epi32(counts, board_suits);
        __m256i may = _mm256_and_si256(
            _mm256_and_si256(_mm256_add_epi32(board_suits, _mm256_set1_epi32(0x5555)),
                             _mm256_add_epi32(hole_suits, _mm256_set1_epi32(0x6666))),
            _mm256_set1_epi32(0x8888));
        blk->flush_lanes =
            ~prc_y_lanes(_mm256_cmpeq_epi32(may, _mm256_setzero_si256())) & 0xFFu;
        if (blk->flush_lanes) { /* valid rows: hole and board cards are apart */
            _mm256_storeu_si256((__m256i *)blk->flush_suits, may);
            _mm256_storeu_si256((__m256i *)blk->board_lo, board_lo);
            _mm256_storeu_si256((__m256i *)blk->board_hi, board_hi);
            _mm256_storeu_si256((__m256i *)blk->hole_lo, _mm256_andnot_si256(board_lo, lo));
            _mm256_storeu_si256((__m256i *)blk->hole_hi, _mm256_andnot_si256(board_hi, hi));
        }
    }
    return 0;
}

/* Second pass: the best strength of each of the block's 8 hands (and,
 * hi-lo, the best low), one lookup per hole pair (scalar loads). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_yo_second_pass(const prc_yo_block *blk,
                                                               const int NH, int hilo,
                                                               const uint16_t *low_best,
                                                               uint16_t *out) {
    const int pairs = NH * (NH - 1) / 2;
    if (hilo && low_best) { /* the low from rank sets: one lookup a hand */
        for (int t = 0; t < 8; t++) {
            const uint16_t *row = blk->row[t];
            uint16_t best = 0;
            for (int p = 0; p < pairs; p++) {
                uint16_t v = row[blk->column[p][t]];
                best = v > best ? v : best;
            }
            out[2 * t] = best;
            out[2 * t + 1] = low_best[blk->low_index[t]];
        }
        return;
    }
    for (int t = 0; t < 8; t++) {
        const uint16_t *row = blk->row[t], *lo_row = blk->lo_row[t];
        uint16_t best = 0, low = 0;
        for (int p = 0; p < pairs; p++) {
            uint32_t col = blk->column[p][t];
            uint16_t v = row[col];
            best = v > best ? v : best;
            if (hilo) {
                v = lo_row[col];
                low = v > low ? v : low;
            }
        }
        if (hilo) {
            out[2 * t] = best;
            out[2 * t + 1] = low;
        } else {
            out[t] = best;
        }
    }
}

/* The best flush of hand t of a block (one of its flush_lanes): the
 * flush row of the board's ranks in the suit, read at each pair of the
 * hole cards' ranks in it (prc_omaha_flush_lookup, from the masks). */
static inline uint16_t prc_yo_flush(const prc_omaha_t *o, const prc_yo_block *blk, int t) {
    int suit = (prc_ctz64(blk->flush_suits[t]) - 3) >> 2;
    uint64_t board = ((uint64_t)blk->board_hi[t] << 32) | blk->board_lo[t];
    uint64_t hole = ((uint64_t)blk->hole_hi[t] << 32) | blk->hole_lo[t];
    const uint16_t *row = o->flush_best + (size_t)o->flush_row[prc_id_suit_ranks(board, suit)] *
                                              PRC_N_PAIR_COLUMNS;
    uint16_t best = 0;
    for (unsigned x = prc_id_suit_ranks(hole, suit); x; x &= x - 1) {
        int low = prc_ctz64(x);
        for (unsigned y = x & (x - 1); y; y &= y - 1) {
            int high = prc_ctz64(y);
            uint16_t v = row[high * (high + 1) / 2 + low];
            best = v > best ? v : best;
        }
    }
    return best;
}

/* Omaha rows start..stop with NH hole and NB board cards, for a game whose
 * flushes are ignored or dominant; hi-lo (olo not NULL): also a low game
 * whose flushes are ignored, two strengths a row (high, low). Returns the
 * first invalid row or -1, as the scalar loops. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_omaha_rows_avx2_body(
    const prc_game_t *game, const prc_omaha_t *o, const prc_game_t *glo,
    const prc_omaha_t *olo, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, uint16_t *out, long start, long stop) {
    const prc_game_t local = *game, *g = &local;
    const int flushes = g->flush_mode == PRC_FLUSH_DOMINANT;
    const int blocks = PRC_YO_CHUNK_BLOCKS;
    const long chunk = 8 * blocks;
    const int stride = olo ? 2 : 1; /* strengths per row in out */
    /* ids 52..63 are bits 20..31 of the high half */
    const uint64_t missing = g->invalid_ids | (glo ? glo->invalid_ids : 0) |
                             0xFFF0000000000000ULL;
    const __m256i missing_lo = _mm256_set1_epi32((int)(uint32_t)missing);
    const __m256i missing_hi = _mm256_set1_epi32((int)(uint32_t)(missing >> 32));
    prc_yo_consts c;
    prc_y_rows_init(&c.hole_rows, NH);
    prc_y_rows_init(&c.board_rows, NB);
    prc_y_key_tables(&c.key_low, &c.key_high);
    c.low_sets = olo && olo->low_best;
    c.low_bits = c.low_sets ? _mm256_broadcastsi128_si256(
                                  _mm_loadu_si128((const __m128i *)olo->low_bit))
                            : _mm256_setzero_si256();
    /* Two chunks in flight: the first pass of the next chunk (which
     * prefetches its pattern rows) runs before the second pass of this one,
     * so the rows have a chunk's work to arrive. */
    prc_yo_block blk[2][PRC_YO_CHUNK_BLOCKS];
    int cur = 0, ready = 0; /* ready: blk[cur] holds the first pass of the chunk at i */
    long i = start;
    while (i + chunk <= stop) {
        if (!ready) {
            unsigned bad = 0;
            for (int b = 0; b < blocks && !bad; b++)
                bad = prc_yo_first_pass(&c, o, olo, missing_lo, missing_hi,
                                        holes + (i + 8 * b) * NH, NH,
                                        boards + (i + 8 * b) * NB, NB, flushes, &blk[cur][b]);
            if (bad) { /* the scalar loop finds the first bad row */
                long r = olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards,
                                                          NB, out, i, i + chunk)
                             : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i,
                                                     i + chunk);
                if (r >= 0) return r;
                i += chunk;
                continue;
            }
        }
        ready = 0;
        if (i + 2 * chunk <= stop) {
            unsigned bad = 0;
            long n = i + chunk;
            for (int b = 0; b < blocks && !bad; b++)
                bad = prc_yo_first_pass(&c, o, olo, missing_lo, missing_hi,
                                        holes + (n + 8 * b) * NH, NH,
                                        boards + (n + 8 * b) * NB, NB, flushes,
                                        &blk[cur ^ 1][b]);
            ready = !bad; /* a bad chunk is found again, and handled, next time */
        }
        for (int b = 0; b < blocks; b++) {
            const prc_yo_block *k = &blk[cur][b];
            prc_yo_second_pass(k, NH, olo != NULL, olo ? olo->low_best : NULL,
                               out + stride * (i + 8 * b));
            for (unsigned m = k->flush_lanes; m; m &= m - 1) {
                int t = prc_ctz64(m);
                uint16_t v = prc_yo_flush(o, k, t), *slot = out + stride * (i + 8 * b + t);
                *slot = v > *slot ? v : *slot;
            }
        }
        cur ^= ready;
        i += chunk;
    }
    return olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards, NB, out, i, stop)
               : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i, stop);
}

/* Hi-lo as two passes over spans of rows, for lows read from pattern rows
 * (eight-or-better lows take one pass: one lookup a hand): the high loop,
 * then the low loop (the low game's flushes are ignored, so the high-only
 * body ranks it), each into a buffer, then both interleaved into out.
 * With 6 hole cards (15 pairs) a row-read low in one pass ran at
 * 0.83-0.97x two separate calls on a Zen 3 (its two pattern lookups a
 * hand, both games' slot tables and rows at once, miss a 512 KB L2 about
 * 24% more often, callgrind's model);
 * this ran at about 0.9x, the same work as two calls less the second
 * call's overhead, but each span warms the low tables again. The same
 * rows are written and the same first bad row returned: the first row
 * invalid for either game. */
#define PRC_YO_SPAN 512

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_omaha_rows_avx2_hilo_spans(
    const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo, const prc_omaha_t *olo,
    const uint8_t *holes, const int NH, const uint8_t *boards, const int NB, uint16_t *out,
    long start, long stop) {
    uint16_t high[PRC_YO_SPAN], low[PRC_YO_SPAN];
    for (long base = start; base < stop; base += PRC_YO_SPAN) {
        long n = stop - base < PRC_YO_SPAN ? stop - base : PRC_YO_SPAN;
        const uint8_t *h = holes + base * NH, *b = boards + base * NB;
        long bad = prc_omaha_rows_avx2_body(hi, ohi, NULL, NULL, h, NH, b, NB, high, 0, n);
        long done = bad >= 0 ? bad : n; /* the low pass stops at the high's bad row */
        long bad_low = done ? prc_omaha_rows_avx2_body(lo, olo, NULL, NULL, h, NH, b, NB, low,
                                                       0, done)
                            : -1;
        if (bad_low >= 0) done = bad_low;
        for (long i = 0; i < done; i++) {
            out[2 * (base + i)] = high[i];
            out[2 * (base + i) + 1] = low[i];
        }
        if (done < n) return base + done;
    }
    return -1;
}

/* The loops by shape (hole cards 4, 5, 6 with a 5-card board, then any),
 * single and hi-lo; a single loop ignores the low game's arguments. */
typedef long (*prc_yo_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
                               const prc_omaha_t *, const uint8_t *, int, const uint8_t *, int,
                               uint16_t *, long, long);

#define PRC_DEFINE_OMAHA_AVX2(NAME, NH_ARG, NB_ARG)                                   \
    PRC_AVX2_ATTR static long NAME(const prc_game_t *hi, const prc_omaha_t *ohi,        \
                                   const prc_game_t *lo, const prc_omaha_t *olo,        \
                                   const uint8_t *holes, int nh, const uint8_t *boards, \
                                   int nb, uint16_t *out, long start, long stop) {      \
        (void)lo;                                                                       \
        (void)olo;                                                                      \
        (void)nh;                                                                       \
        (void)nb;                                                                       \
        return prc_omaha_rows_avx2_body(hi, ohi, NULL, NULL, holes, NH_ARG, boards,     \
                                        NB_ARG, out, start, stop);                      \
    }                                                                                   \
    PRC_AVX2_ATTR static long NAME##_hilo(                                              \
        const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo,             \
        const prc_omaha_t *olo, const uint8_t *holes, int nh, const uint8_t *boards,    \
        int nb, uint16_t *out, long start, long stop) {                                 \
        (void)nh;                                                                       \
        (void)nb;                                                                       \
        if ((NH_ARG) >= PRC_YO_SPANS_FROM_HOLES && !olo->low_best)                    \
            return prc_omaha_rows_avx2_hilo_spans(hi, ohi, lo, olo, holes, NH_ARG, boards, \
                                                  NB_ARG, out, start, stop);            \
        return prc_omaha_rows_avx2_body(hi, ohi, lo, olo, holes, NH_ARG, boards, NB_ARG, \
                                        out, start, stop);                              \
    }

PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_4_5, 4, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_5_5, 5, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_6_5, 6, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_any, nh, nb)

static inline prc_yo_rows_fn prc_omaha_avx2_loop(int nh, int nb, int hilo) {
    static const prc_yo_rows_fn loops[2][4] = {
        {prc_omaha_rows_avx2_4_5, prc_omaha_rows_avx2_5_5, prc_omaha_rows_avx2_6_5,
         prc_omaha_rows_avx2_any},
        {prc_omaha_rows_avx2_4_5_hilo, prc_omaha_rows_avx2_5_5_hilo,
         prc_omaha_rows_avx2_6_5_hilo, prc_omaha_rows_avx2_any_hilo},
    };
    return loops[hilo != 0][nb == 5 && nh >= 4 && nh <= 6 ? nh - 4 : 3];
}

#endif
