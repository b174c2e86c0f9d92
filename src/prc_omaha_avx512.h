/* pyrankcore: AVX-512 Omaha row loops, 16 hands per block.
 *
 * Included by prc_omaha.h where prc_avx512.h is (x86-64);
 * chosen at run time with the other AVX-512 loops (prc_kernel). They read
 * the same tables as prc_omaha_rows and fill exactly what it fills: a step
 * holding an invalid row, and the rows after the last full step, go to the
 * scalar loop, which reports the first invalid row.
 *
 * One block of 16 hands:
 *  - hole and board bytes come in with one full and one masked load each
 *    (nothing past the last row is read); one byte permute per card moves
 *    card j of each row into that row's 32-bit lane (as prc_v_sum_rows);
 *  - validation as in prc_avx512.h over all nh + nb cards (ids below 52,
 *    the popcount of the suit-major mask, the deck's missing cards);
 *  - the board's rank sum is hashed (a shift, a gather) and its pattern row
 *    gathered: a gather per hole pair then reads the row at the pair's
 *    column (hi * (hi + 1) / 2 + lo from the two ranks);
 *  - hi-lo with an eight-or-better low: the low is one gather a block, at
 *    the board's and the hole cards' sets of low ranks (prc_omaha_t's
 *    low_best; the sets come from a byte shuffle per card), instead of a
 *    gather per hole pair in the low game's pattern rows;
 *  - flushes (flush-dominant games): a hand can flush only with two or
 *    more hole cards of a suit the board holds three or more of (at most
 *    one suit can, with five board cards). A gather of the flush row of the
 *    board's ranks in that suit, in the first pass, and one of the pair's
 *    entry, in the second, give the flush of a hand with exactly two such
 *    hole cards; a hand with more (about 1% of deals) has its other pairs
 *    added by the scalar code (prc_omaha_flush_any). */
#ifndef PRC_OMAHA_AVX512_H
#define PRC_OMAHA_AVX512_H

/* Constants of one Omaha loop: byte positions and rank keys. */
typedef struct {
    __m512i hole_pick[6], board_pick[5];
    __m512i rank_key;   /* the rank key (low 32 bits of a card key) by rank */
    __m512i triangle;   /* r * (r + 1) / 2 by rank: the first column of pairs topped by r */
    __m512i bit_of;     /* prc_v_bit_of() */
    __m512i low_bits;   /* hi-lo from rank sets: the low game's low_bit, in each 128 bits */
    int low_sets;       /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_vo_consts;

PRC_AVX512_ATTR static inline void prc_vo_picks(__m512i *pick, int k) {
    uint8_t bytes[64];
    for (int j = 0; j < k; j++) {
        for (int b = 0; b < 64; b++) bytes[b] = (uint8_t)((b >> 2) * k + j);
        pick[j] = _mm512_loadu_si512((const void *)bytes);
    }
}

PRC_AVX512_ATTR static inline void prc_vo_init(prc_vo_consts *c, const prc_omaha_t *olo, int nh,
                                               int nb) {
    uint32_t keys[16] = {0}, tri[16] = {0};
    prc_vo_picks(c->hole_pick, nh);
    prc_vo_picks(c->board_pick, nb);
    for (int r = 0; r < 13; r++) {
        keys[r] = (uint32_t)PRC_CARD_KEY16(4 * r);
        tri[r] = (uint32_t)(r * (r + 1) / 2);
    }
    c->rank_key = _mm512_loadu_si512((const void *)keys);
    c->triangle = _mm512_loadu_si512((const void *)tri);
    c->bit_of = prc_v_bit_of();
    c->low_sets = olo && olo->low_best;
    c->low_bits = c->low_sets
                      ? _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)olo->low_bit))
                      : _mm512_setzero_si512();
}

/* Each lane's rank's bit in the low game's rank sets (prc_omaha_t.low_bit;
 * the lane's upper bytes get entry 0: callers keep the low byte only). */
PRC_AVX512_ATTR static inline __m512i prc_vo_low_bit(const prc_vo_consts *c, __m512i rank) {
    return _mm512_shuffle_epi8(c->low_bits, rank);
}

/* The 16 * k bytes (k = 3..6) of 16 rows, in two registers. */
PRC_AVX512_ATTR static inline void prc_vo_load(const uint8_t *rows, int k, __m512i *first,
                                               __m512i *rest) {
    if (16 * k <= 64) {
        *first = _mm512_maskz_loadu_epi8(~0ULL >> (64 - 16 * k), rows);
        *rest = _mm512_setzero_si512();
    } else {
        *first = _mm512_loadu_si512((const void *)rows);
        *rest = _mm512_maskz_loadu_epi8(~0ULL >> (128 - 16 * k), rows + 64);
    }
}

/* Card j of each of the 16 rows, one per 32-bit lane. */
PRC_AVX512_ATTR static inline __m512i prc_vo_card(__m512i first, __m512i rest, __m512i pick) {
    return _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, first, pick, rest);
}

/* Suit-major bit of each card (a byte permute of prc_v_bit_of) into the
 * two 32-bit halves of a 64-bit mask (shifts by 32 or more give 0, so each
 * bit lands in one half). */
PRC_AVX512_ATTR static inline void prc_vo_add_bit(const prc_vo_consts *c, __m512i card,
                                                  __m512i *lo, __m512i *hi) {
    const __m512i one = _mm512_set1_epi32(1);
    __m512i bit = _mm512_maskz_permutexvar_epi8(0x1111111111111111ULL, card, c->bit_of);
    *lo = _mm512_or_si512(*lo, _mm512_sllv_epi32(one, bit));
    *hi = _mm512_or_si512(*hi, _mm512_sllv_epi32(one, _mm512_sub_epi32(bit, _mm512_set1_epi32(32))));
}

/* What the first pass keeps of one block for the second. */
typedef struct {
    __m512i row;            /* offset of each hand's pattern row in o->best */
    __m512i lo_row;         /* hi-lo: the same in the low game's table */
    __m512i low_index;      /* hi-lo from rank sets: each hand's entry of olo->low_best */
    __m512i flush;          /* offset of its suited pair's entry in o->flush_best */
    __m512i rank[6];        /* hole ranks */
    __mmask16 flush_lanes;  /* two or more hole cards of a suit the board has 3+ of */
    __mmask16 more_pairs;   /* three or more: the other pairs go to the scalar code */
} prc_vo_block;

/* Blocks per chunk: the first pass hashes every board of a chunk and
 * gathers its pattern and flush rows, the second reads the rows once those
 * gathers have completed (measured faster than one block at a time when
 * the loop was written; in a later run on a Zen 4, 1, 2, 4 and 8 blocks ran
 * within noise of each other). Unlike the AVX2 loop this one prefetches no pattern rows: on a
 * Zen 4 (1 MB of L2, which holds most of the 1.2 MB of 5-card board rows)
 * three prefetches a hand made 4+5 high 10-25% slower. */
#ifndef PRC_VO_CHUNK_BLOCKS
#define PRC_VO_CHUNK_BLOCKS 4
#endif

/* Index of the highest set bit of each lane (nonzero, below 2**24): the
 * exponent of its conversion to float, exact in that range. */
PRC_AVX512_ATTR static inline __m512i prc_vo_top_bit(__m512i x) {
    __m512i bits = _mm512_castps_si512(_mm512_cvtepi32_ps(x));
    return _mm512_sub_epi32(_mm512_srli_epi32(bits, 23), _mm512_set1_epi32(127));
}

/* Column of each lane's pair of ranks. */
PRC_AVX512_ATTR static inline __m512i prc_vo_column(const prc_vo_consts *c, __m512i ra,
                                                    __m512i rb) {
    return _mm512_add_epi32(_mm512_permutexvar_epi32(_mm512_max_epu32(ra, rb), c->triangle),
                            _mm512_min_epu32(ra, rb));
}

/* The ranks of each lane's cards in the suit the board holds three or more
 * of (at most one suit can, with at most five board cards), from the
 * suit-major masks: 16 bits a suit, two suits in each half. */
PRC_AVX512_ATTR static inline __m512i prc_vo_suit_ranks(__mmask32 in_lo, __mmask32 in_hi,
                                                        __m512i lo, __m512i hi) {
    __m512i suited = _mm512_or_si512(_mm512_maskz_mov_epi16(in_lo, lo),
                                     _mm512_maskz_mov_epi16(in_hi, hi));
    return _mm512_and_si512(_mm512_or_si512(suited, _mm512_srli_epi32(suited, 16)),
                            _mm512_set1_epi32(0x1FFF));
}

/* First pass over 16 rows: returns the lanes holding an invalid row. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE __mmask16 prc_vo_first_pass(
    const prc_vo_consts *c, const prc_game_t *g, const prc_omaha_t *o, const prc_game_t *glo,
    const prc_omaha_t *olo, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, int flushes, prc_vo_block *blk) {
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    const __m512i columns = _mm512_set1_epi32(PRC_N_PAIR_COLUMNS);
    const uint64_t invalid = g->invalid | (glo ? glo->invalid : 0);
    __m512i first, rest;
    __m512i sum = _mm512_setzero_si512(), top = sum, blo = sum, bhi = sum, hlo = sum, hhi = sum;
    __m512i board_set = sum, hole_set = sum; /* hi-lo from rank sets */
    prc_vo_load(boards, NB, &first, &rest);
    for (int j = 0; j < NB; j++) {
        __m512i card = prc_vo_card(first, rest, c->board_pick[j]);
        __m512i rank = _mm512_srli_epi32(card, 2);
        top = _mm512_max_epu32(top, card);
        sum = _mm512_add_epi32(sum, _mm512_permutexvar_epi32(rank, c->rank_key));
        prc_vo_add_bit(c, card, &blo, &bhi);
        if (c->low_sets) board_set = _mm512_or_si512(board_set, prc_vo_low_bit(c, rank));
    }
    prc_vo_load(holes, NH, &first, &rest);
    for (int j = 0; j < NH; j++) {
        __m512i card = prc_vo_card(first, rest, c->hole_pick[j]);
        blk->rank[j] = _mm512_srli_epi32(card, 2);
        top = _mm512_max_epu32(top, card);
        prc_vo_add_bit(c, card, &hlo, &hhi);
        if (c->low_sets)
            hole_set = _mm512_or_si512(hole_set, prc_vo_low_bit(c, blk->rank[j]));
    }
    __m512i lo = _mm512_or_si512(blo, hlo), hi = _mm512_or_si512(bhi, hhi);
    __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(lo), _mm512_popcnt_epi32(hi));
    __mmask16 bad = (__mmask16)(
        _mm512_cmpgt_epu32_mask(top, _mm512_set1_epi32(51)) |
        _mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(NH + NB)) |
        _mm512_test_epi32_mask(lo, _mm512_set1_epi32((int)(uint32_t)invalid)) |
        _mm512_test_epi32_mask(hi, _mm512_set1_epi32((int)(uint32_t)(invalid >> 32))));
    if (bad) return bad;
    __m512i slot = prc_v_board_slot(sum);
    __m512i pattern = _mm512_and_si512(
        _mm512_i32gather_epi32(slot, (const void *)o->pattern_of_slot, 2), low16);
    blk->row = _mm512_mullo_epi32(pattern, _mm512_set1_epi32(PRC_PATTERN_STRIDE));
    if (c->low_sets) {
        const __m512i byte = _mm512_set1_epi32(0xFF);
        blk->low_index =
            _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(board_set, byte), 8),
                            _mm512_and_si512(hole_set, byte));
    } else if (olo) {
        pattern = _mm512_and_si512(
            _mm512_i32gather_epi32(slot, (const void *)olo->pattern_of_slot, 2), low16);
        blk->lo_row = _mm512_mullo_epi32(pattern, _mm512_set1_epi32(PRC_PATTERN_STRIDE));
    }
    blk->flush_lanes = blk->more_pairs = 0;
    if (flushes) {
        const __m512i three16 = _mm512_set1_epi16(3);
        __mmask32 in_lo = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(blo), three16);
        __mmask32 in_hi = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(bhi), three16);
        __m512i held = prc_vo_suit_ranks(in_lo, in_hi, hlo, hhi);
        __m512i n_held = _mm512_popcnt_epi32(held);
        __mmask16 lanes = _mm512_cmpge_epu32_mask(n_held, _mm512_set1_epi32(2));
        if (lanes) {
            /* The highest and the lowest suited hole ranks: the only pair
             * where two are held; the scalar code adds the others. */
            __m512i lowest = _mm512_popcnt_epi32(
                _mm512_andnot_si512(held, _mm512_sub_epi32(held, _mm512_set1_epi32(1))));
            __m512i frow = _mm512_and_si512(
                _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), lanes,
                                            prc_vo_suit_ranks(in_lo, in_hi, blo, bhi),
                                            (const void *)o->flush_row, 2),
                low16);
            blk->flush = _mm512_add_epi32(_mm512_mullo_epi32(frow, columns),
                                          prc_vo_column(c, prc_vo_top_bit(held), lowest));
            blk->flush_lanes = lanes;
            blk->more_pairs = _mm512_mask_cmpgt_epu32_mask(lanes, n_held, _mm512_set1_epi32(2));
        }
    }
    return 0;
}

/* Second pass: the best strength of each of the block's 16 hands (and,
 * hi-lo, the best low in *best_lo). */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE __m512i prc_vo_second_pass(
    const prc_vo_consts *c, const prc_omaha_t *o, const prc_omaha_t *olo, const int NH,
    const prc_vo_block *blk, __m512i *best_lo) {
    __m512i best = _mm512_setzero_si512(), low = best;
    const int pair_lows = olo && !c->low_sets;
    if (c->low_sets) /* one lookup a hand */
        low = _mm512_i32gather_epi32(blk->low_index, (const void *)olo->low_best, 2);
    for (int a = 0; a < NH; a++)
        for (int b = a + 1; b < NH; b++) {
            __m512i column = prc_vo_column(c, blk->rank[a], blk->rank[b]);
            __m512i v = _mm512_i32gather_epi32(_mm512_add_epi32(blk->row, column),
                                               (const void *)o->best, 2);
            best = _mm512_max_epu16(best, v);   /* the low halves are the values */
            if (pair_lows) {
                v = _mm512_i32gather_epi32(_mm512_add_epi32(blk->lo_row, column),
                                           (const void *)olo->best, 2);
                low = _mm512_max_epu16(low, v);
            }
        }
    if (olo) *best_lo = low;
    if (blk->flush_lanes)
        best = _mm512_max_epu16(best, _mm512_mask_i32gather_epi32(
                                          _mm512_setzero_si512(), blk->flush_lanes, blk->flush,
                                          (const void *)o->flush_best, 2));
    return best;
}

/* Omaha rows start..stop with NH hole and NB board cards, for a game whose
 * flushes are ignored or dominant; hi-lo (olo not NULL): also a low game
 * whose flushes are ignored, two strengths a row (high, low). Returns the
 * first invalid row or -1, as the scalar loops. Inlined into one loop per
 * common shape. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE long prc_omaha_rows_avx512_body(
    const prc_game_t *game, const prc_omaha_t *o, const prc_game_t *glo,
    const prc_omaha_t *olo, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, uint16_t *out, long start, long stop) {
    const prc_game_t local = *game, *g = &local;
    const int flushes = g->flush_mode == PRC_FLUSH_DOMINANT;
    const long chunk = 16 * PRC_VO_CHUNK_BLOCKS;
    const int stride = olo ? 2 : 1;   /* strengths per row in out */
    prc_vo_consts c;
    prc_vo_init(&c, olo, NH, NB);
    prc_vo_block blk[PRC_VO_CHUNK_BLOCKS];
    long i = start;
    for (; i + chunk <= stop; i += chunk) {
        __mmask16 bad = 0;
        for (int b = 0; b < PRC_VO_CHUNK_BLOCKS && !bad; b++)
            bad = prc_vo_first_pass(&c, g, o, glo, olo, holes + (i + 16 * b) * NH, NH,
                                    boards + (i + 16 * b) * NB, NB, flushes, &blk[b]);
        if (bad) {
            long r = olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards, NB,
                                                      out, i, i + chunk)
                         : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i, i + chunk);
            if (r >= 0) return r;
            continue;
        }
        for (int b = 0; b < PRC_VO_CHUNK_BLOCKS; b++) {
            __m512i low = _mm512_setzero_si512();
            __m512i high = prc_vo_second_pass(&c, o, olo, NH, &blk[b], &low);
            if (olo) /* (high, low) pairs: high in each lane's low half */
                _mm512_storeu_si512((void *)(out + 2 * (i + 16 * b)),
                                    _mm512_or_si512(_mm512_and_si512(high, _mm512_set1_epi32(0xFFFF)),
                                                    _mm512_slli_epi32(low, 16)));
            else
                prc_v_store(out + i + 16 * b, high);
            for (unsigned m = blk[b].more_pairs; m; m &= m - 1) {
                long r = i + 16 * b + prc_ctz64(m);
                uint16_t v = prc_omaha_flush_any(o, holes + r * NH, NH, boards + r * NB, NB);
                out[stride * r] = v > out[stride * r] ? v : out[stride * r];
            }
        }
    }
    return olo ? prc_omaha_rows_hilo_scalar(g, o, glo, olo, holes, NH, boards, NB, out, i, stop)
               : prc_omaha_rows_scalar(g, o, holes, NH, boards, NB, out, i, stop);
}

/* The loops by shape (hole cards 4, 5, 6 with a 5-card board, then any),
 * single and hi-lo; a single loop ignores the low game's arguments. */
typedef long (*prc_vo_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
                               const prc_omaha_t *, const uint8_t *, int, const uint8_t *, int,
                               uint16_t *, long, long);

#define PRC_DEFINE_OMAHA_AVX512(NAME, NH_ARG, NB_ARG)                          \
    PRC_AVX512_ATTR static long NAME(const prc_game_t *hi, const prc_omaha_t *ohi, \
                                     const prc_game_t *lo, const prc_omaha_t *olo, \
                                     const uint8_t *holes, int nh,            \
                                     const uint8_t *boards, int nb,           \
                                     uint16_t *out, long start, long stop) {  \
        (void)lo;                                                             \
        (void)olo;                                                            \
        (void)nh;                                                             \
        (void)nb;                                                             \
        return prc_omaha_rows_avx512_body(hi, ohi, NULL, NULL, holes, NH_ARG, boards, \
                                          NB_ARG, out, start, stop);          \
    }                                                                         \
    PRC_AVX512_ATTR static long NAME##_hilo(                                  \
        const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo,   \
        const prc_omaha_t *olo, const uint8_t *holes, int nh,                 \
        const uint8_t *boards, int nb, uint16_t *out, long start, long stop) { \
        (void)nh;                                                             \
        (void)nb;                                                             \
        return prc_omaha_rows_avx512_body(hi, ohi, lo, olo, holes, NH_ARG, boards, \
                                          NB_ARG, out, start, stop);          \
    }

PRC_DEFINE_OMAHA_AVX512(prc_omaha_rows_avx512_4_5, 4, 5)
PRC_DEFINE_OMAHA_AVX512(prc_omaha_rows_avx512_5_5, 5, 5)
PRC_DEFINE_OMAHA_AVX512(prc_omaha_rows_avx512_6_5, 6, 5)
PRC_DEFINE_OMAHA_AVX512(prc_omaha_rows_avx512_any, nh, nb)

static inline prc_vo_rows_fn prc_omaha_avx512_loop(int nh, int nb, int hilo) {
    static const prc_vo_rows_fn loops[2][4] = {
        {prc_omaha_rows_avx512_4_5, prc_omaha_rows_avx512_5_5, prc_omaha_rows_avx512_6_5,
         prc_omaha_rows_avx512_any},
        {prc_omaha_rows_avx512_4_5_hilo, prc_omaha_rows_avx512_5_5_hilo,
         prc_omaha_rows_avx512_6_5_hilo, prc_omaha_rows_avx512_any_hilo},
    };
    return loops[hilo != 0][nb == 5 && nh >= 4 && nh <= 6 ? nh - 4 : 3];
}

#endif
