/* pyrankcore: AVX-512 row loops, 16 hands per step.
 *
 * Included by prc_eval.h on x86-64 (GCC, Clang, MSVC). Every function here
 * carries a target attribute (PRC_TARGET; MSVC needs none), so the default
 * build flags stay generic (wheels run on any x86-64); prc_cpu_init picks
 * these loops only on a CPU (and OS) with every feature they use
 * (PRC_CPU_AVX512). They fill exactly what the scalar
 * loops fill and return the same first bad row: a step of 32 rows that
 * holds an invalid row is handed to the scalar loop, and so are the last
 * rows that don't fill a step.
 *
 * One block of 16 rows of K = 5..7 card bytes (a step takes two blocks):
 *  - the 16*K bytes come in with one full and one masked load (nothing past
 *    the last row is read), and one byte permute per card position moves
 *    card j of each row into that row's 32-bit lane;
 *  - per card: the rank key comes from a 13-entry register (no memory
 *    load), and the card's suit-major bit (16 * suit + rank) is ORed into
 *    two 32-bit halves of the hand's 64-bit mask;
 *  - validation: every id < 52 (a running max) and the mask's popcount
 *    equals K (no repeats); for a stripped deck, no bit of a missing card;
 *  - the rank sum's perfect-hash slot as in prc_rank_slot (a shift), then
 *    two gathers: the row's offset and the strength (rank tables hold a
 *    spare entry, so the 4-byte gather of the last slot stays inside, see
 *    PRC_RANK_LEN);
 *  - flushes: a 16-bit popcount per suit finds lanes with five or more of a
 *    suit; that suit's rank mask is kept and a masked gather from the flush
 *    table replaces those lanes' strengths (low games with a flush in 6-7
 *    cards, where the flush may not play, go to the scalar kernel). */
#ifndef PRC_AVX512_H
#define PRC_AVX512_H

#include <immintrin.h>

#define PRC_AVX512_ATTR                                                      \
    PRC_TARGET("avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,avx512bitalg,"  \
               "avx2,bmi,bmi2,popcnt")

/* prc_rank_slot for 16 rank sums: a gather of each row's offset, an add. */
PRC_AVX512_ATTR static inline __m512i prc_v_rank_slot(__m512i sum) {
    __m512i row = _mm512_srli_epi32(sum, PRC_RANK_SHIFT);
    __m512i offset = _mm512_i32gather_epi32(row, (const void *)prc_hash_offset, 4);
    return _mm512_add_epi32(sum, offset);
}

/* prc_board_slot for 16 boards' rank sums. */
PRC_AVX512_ATTR static inline __m512i prc_v_board_slot(__m512i sum) {
    __m512i row = _mm512_srli_epi32(sum, PRC_BOARD_SHIFT);
    __m512i offset = _mm512_i32gather_epi32(row, (const void *)prc_board_offset, 4);
    return _mm512_add_epi32(sum, offset);
}

/* 16 entries of a uint16 table, each in the low half of its lane (4-byte
 * gathers: the high half holds the next entry until prc_v_store). */
PRC_AVX512_ATTR static inline __m512i prc_v_lookup16(__m512i index, const uint16_t *table) {
    return _mm512_i32gather_epi32(index, (const void *)table, 2);
}

/* What one step computes from 16 rows. */
typedef struct {
    __m512i sum;        /* rank sums (the low 32 bits of the scalar key) */
    __m512i lo, hi;     /* suit-major masks: suits 0-1 in lo, 2-3 in hi */
    __mmask16 bad;      /* lanes with an invalid id or a repeated card */
} prc_v_hands;

/* Constants of one row loop: byte positions of each card and the rank keys. */
typedef struct {
    __m512i pick[7];    /* pick[j]: byte j of row l into byte 4l */
    __m512i rank_key;   /* the rank key (low 32 bits of a card key) by rank */
    __m512i bit_of;     /* prc_v_bit_of() */
} prc_v_consts;

/* By id (bytes 0..63): its suit-major bit, 16 * suit + rank. Ids 52..63
 * get ranks 13..15, bits no card has; larger ids wrap in a byte permute
 * (it reads six bits), so every loop also keeps a running max of the ids. */
PRC_AVX512_ATTR static inline __m512i prc_v_bit_of(void) {
    uint8_t bit[64];
    for (int id = 0; id < 64; id++) bit[id] = (uint8_t)(16 * (id & 3) + (id >> 2));
    return _mm512_loadu_si512((const void *)bit);
}

PRC_AVX512_ATTR static inline void prc_v_init(prc_v_consts *c, int k) {
    uint8_t pick[64];
    uint32_t keys[16] = {0};
    for (int j = 0; j < k; j++) {
        for (int b = 0; b < 64; b++) pick[b] = (uint8_t)((b >> 2) * k + j);
        c->pick[j] = _mm512_loadu_si512((const void *)pick);
    }
    for (int r = 0; r < 13; r++) keys[r] = (uint32_t)PRC_CARD_KEY16(4 * r);
    c->rank_key = _mm512_loadu_si512((const void *)keys);
    c->bit_of = prc_v_bit_of();
}

/* Sums, masks and validity of rows i..i+15 (K card bytes each). */
PRC_AVX512_ATTR static inline prc_v_hands prc_v_sum_rows(const prc_v_consts *c,
                                                         const uint8_t *rows, int k) {
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i thirty_two = _mm512_set1_epi32(32);
    __m512i first = _mm512_loadu_si512((const void *)rows);
    /* 16 * k - 64 more bytes (16, 32 or 48): a masked load reads no more. */
    __m512i rest = _mm512_maskz_loadu_epi8(~0ULL >> (128 - 16 * k), rows + 64);
    __m512i sum = _mm512_setzero_si512(), lo = sum, hi = sum, top = sum;
    for (int j = 0; j < k; j++) {
        __m512i card = _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, first,
                                                      c->pick[j], rest);
        __m512i rank = _mm512_srli_epi32(card, 2);
        __m512i bit = _mm512_maskz_permutexvar_epi8(0x1111111111111111ULL, card, c->bit_of);
        top = _mm512_max_epu32(top, card);
        sum = _mm512_add_epi32(sum, _mm512_permutexvar_epi32(rank, c->rank_key));
        /* Shifts by 32 or more give 0, so each bit lands in one half. */
        lo = _mm512_or_si512(lo, _mm512_sllv_epi32(one, bit));
        hi = _mm512_or_si512(hi, _mm512_sllv_epi32(one, _mm512_sub_epi32(bit, thirty_two)));
    }
    __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(lo), _mm512_popcnt_epi32(hi));
    prc_v_hands h;
    h.sum = sum;
    h.lo = lo;
    h.hi = hi;
    h.bad = (__mmask16)(_mm512_cmpgt_epu32_mask(top, _mm512_set1_epi32(51)) |
                        _mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(k)));
    return h;
}

/* The flush suit's 13-bit rank mask in lanes holding a flush (five or more
 * of one suit: at most one suit can, in 7 cards), 0 elsewhere. */
PRC_AVX512_ATTR static inline __m512i prc_v_flush_ranks(const prc_v_hands *h) {
    const __m512i five = _mm512_set1_epi16(5);
    __mmask32 in_lo = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(h->lo), five);
    __mmask32 in_hi = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(h->hi), five);
    __m512i suited = _mm512_or_si512(_mm512_maskz_mov_epi16(in_lo, h->lo),
                                     _mm512_maskz_mov_epi16(in_hi, h->hi));
    return _mm512_and_si512(_mm512_or_si512(suited, _mm512_srli_epi32(suited, 16)),
                            _mm512_set1_epi32(0x1FFF));
}

/* Store the low 16 bits of each lane (the narrowing move truncates). */
PRC_AVX512_ATTR static inline void prc_v_store(uint16_t *out, __m512i v) {
    _mm256_storeu_si256((__m256i *)out, _mm512_cvtepi32_epi16(v));
}

/* Rows per step: two blocks of 16, so that the second block's card work
 * overlaps the first one's gathers (measured faster than one block; the
 * rows after the last full step go to the scalar loop). */
#ifndef PRC_V_BLOCKS /* a knob for benchmarks: 1 or 2 */
#define PRC_V_BLOCKS 2
#endif
#define PRC_V_STEP (16 * PRC_V_BLOCKS)

/* High ranking: the flush table always decides a flush (flush dominant). */
#define PRC_DEFINE_ROWS_HIGH_AVX512(K)                                       \
    PRC_AVX512_ATTR static long prc_rows_high_avx512_##K(                   \
        const uint8_t *cards, uint16_t *out, long start, long stop) {       \
        prc_v_consts c;                                                     \
        prc_v_init(&c, K);                                                  \
        long i = start;                                                     \
        for (; i + PRC_V_STEP <= stop; i += PRC_V_STEP) {                   \
            prc_v_hands h[PRC_V_BLOCKS];                                    \
            __mmask16 bad = 0;                                              \
            for (int b = 0; b < PRC_V_BLOCKS; b++) {                        \
                h[b] = prc_v_sum_rows(&c, cards + (i + 16 * b) * K, K);     \
                bad |= h[b].bad;                                            \
            }                                                               \
            if (bad) {                                                      \
                long r = prc_rows_high_popcnt_##K(cards, out, i, i + PRC_V_STEP); \
                if (r >= 0) return r;                                       \
                continue;                                                   \
            }                                                               \
            __m512i v[PRC_V_BLOCKS];                                        \
            for (int b = 0; b < PRC_V_BLOCKS; b++)                          \
                v[b] = prc_v_lookup16(prc_v_rank_slot(h[b].sum), prc_rank_high); \
            for (int b = 0; b < PRC_V_BLOCKS; b++) {                        \
                __m512i ranks = prc_v_flush_ranks(&h[b]);                   \
                __mmask16 fl = _mm512_test_epi32_mask(ranks, ranks);        \
                if (fl)                                                     \
                    v[b] = _mm512_mask_i32gather_epi32(                     \
                        v[b], fl, ranks, (const void *)prc_flush_high, 2);  \
                prc_v_store(out + i + 16 * b, v[b]);                        \
            }                                                               \
        }                                                                   \
        return prc_rows_high_popcnt_##K(cards, out, i, stop);               \
    }

/* Any game. A flush rank mask of at most 7 bits is below 0x1FC0, so the
 * flush gathers stay inside the 8192-entry flush tables. */
#define PRC_DEFINE_ROWS_GAME_AVX512(K)                                       \
    PRC_AVX512_ATTR static long prc_rows_game_avx512_##K(                   \
        const prc_game_t *game, const uint8_t *cards, uint16_t *out,        \
        long start, long stop) {                                            \
        const prc_game_t local = *game, *g = &local;                        \
        const __m512i missing_lo = _mm512_set1_epi32((int)(uint32_t)g->invalid); \
        const __m512i missing_hi = _mm512_set1_epi32((int)(uint32_t)(g->invalid >> 32)); \
        const int flush_table = g->flush_mode == PRC_FLUSH_DOMINANT ||      \
                                (g->flush_mode == PRC_FLUSH_LOW && K == 5); \
        prc_v_consts c;                                                     \
        prc_v_init(&c, K);                                                  \
        long i = start;                                                     \
        for (; i + PRC_V_STEP <= stop; i += PRC_V_STEP) {                   \
            prc_v_hands h[PRC_V_BLOCKS];                                    \
            __mmask16 bad = 0;                                              \
            for (int b = 0; b < PRC_V_BLOCKS; b++) {                        \
                h[b] = prc_v_sum_rows(&c, cards + (i + 16 * b) * K, K);     \
                bad |= h[b].bad | _mm512_test_epi32_mask(h[b].lo, missing_lo) | \
                       _mm512_test_epi32_mask(h[b].hi, missing_hi);         \
            }                                                               \
            if (bad) {                                                      \
                long r = prc_rows_game_popcnt_##K(g, cards, out, i, i + PRC_V_STEP); \
                if (r >= 0) return r;                                       \
                continue;                                                   \
            }                                                               \
            __m512i v[PRC_V_BLOCKS];                                        \
            for (int b = 0; b < PRC_V_BLOCKS; b++)                          \
                v[b] = prc_v_lookup16(prc_v_rank_slot(h[b].sum), g->rank);  \
            for (int b = 0; b < PRC_V_BLOCKS; b++) {                        \
                __mmask16 fl = 0;                                           \
                if (g->flush_mode != PRC_FLUSH_IGNORED) {                   \
                    __m512i ranks = prc_v_flush_ranks(&h[b]);               \
                    fl = _mm512_test_epi32_mask(ranks, ranks);              \
                    if (fl && flush_table)                                  \
                        v[b] = _mm512_mask_i32gather_epi32(                 \
                            v[b], fl, ranks, (const void *)g->flush, 2);    \
                }                                                           \
                prc_v_store(out + i + 16 * b, v[b]);                        \
                if (fl && !flush_table) /* a flush that may not play */     \
                    for (unsigned m = fl; m; m &= m - 1) {                  \
                        long row = i + 16 * b + prc_ctz64(m);               \
                        prc_rows_game_popcnt_##K(g, cards, out, row, row + 1); \
                    }                                                       \
            }                                                               \
        }                                                                   \
        return prc_rows_game_popcnt_##K(g, cards, out, i, stop);            \
    }

PRC_DEFINE_ROWS_HIGH_AVX512(5)
PRC_DEFINE_ROWS_HIGH_AVX512(6)
PRC_DEFINE_ROWS_HIGH_AVX512(7)
PRC_DEFINE_ROWS_GAME_AVX512(5)
PRC_DEFINE_ROWS_GAME_AVX512(6)
PRC_DEFINE_ROWS_GAME_AVX512(7)

#endif
