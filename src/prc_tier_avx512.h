/* pyrankcore: AVX-512 row loops, 16 hands per step.
 *
 * The AVX-512 tier, on x86-64 (GCC, Clang, MSVC); it builds on the AVX2
 * tier's helpers. Every function here carries a target attribute
 * (PRC_TARGET; MSVC needs none), so the default build flags stay generic
 * (wheels run on any x86-64); prc_tiers.h selects this tier only on a CPU
 * (and OS) with every feature it uses (PRC_CPU_AVX512). They fill exactly
 * what the scalar loops fill and return the same first bad row: a step of
 * 16 rows that holds an invalid row is handed to the scalar loop, and so
 * are the last rows that don't fill a step.
 *
 * One step of 16 rows of K = 5..7 card bytes, one row to a 64-bit lane
 * (two registers of 8 rows), so that every card of a row is a byte of one
 * lane and the row's sums are one instruction each:
 *  - the 16*K bytes come in with one full and one masked load (nothing past
 *    the last row is read), and one byte permute per register puts row r's
 *    cards in bytes 0..K-1 of its lane;
 *  - validation: every id < 52 (a byte compare); no repeat (the cards
 *    against themselves rotated by 1..K/2 places, which pairs every two of
 *    them); for a stripped deck, no card it lacks (a byte permute of a
 *    64-entry table);
 *  - the rank sum: byte permutes give each card's rank key byte by byte
 *    (the keys fit in 3 bytes) and a sum of absolute differences against
 *    zero adds a lane's bytes, so three permutes and three such sums give
 *    the 8 rows' rank sums; two more give the suit counts, 4 bits a suit;
 *  - the perfect-hash offset and the strength are scalar loads (the
 *    gathers they replace cost more than the 32 loads on the CPUs with
 *    AVX-512 we measured), a step behind the vector work, so that each
 *    step's loads overlap the next step's vector work; a flush (a suit
 *    count of five or more) takes the flush table at the suit's 13-bit rank
 *    mask, gathered from the row's bytes. */
#ifndef PRC_TIER_AVX512_H
#define PRC_TIER_AVX512_H

#include "prc_tier_avx2.h"

#if PRC_TIERS_AVX512

#define PRC_AVX512_ATTR                                                      \
    PRC_TARGET("avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,avx512bitalg,"  \
               "avx2,bmi,bmi2,popcnt")

/* prc_board_slot for 16 boards' rank sums. */
PRC_AVX512_ATTR static inline __m512i prc_avx512_board_slot(__m512i sum) {
    __m512i row = _mm512_srli_epi32(sum, PRC_BOARD_SHIFT);
    __m512i offset = _mm512_i32gather_epi32(row, (const void *)prc_board_offset, 4);
    return _mm512_add_epi32(sum, offset);
}

/* Constants of the wild and suit loops: byte positions of each card and the
 * rank keys. */
typedef struct {
    __m512i pick[7];    /* pick[j]: byte j of row l into byte 4l */
    __m512i rank_key;   /* the rank key (low 32 bits of a card key) by rank */
    __m512i bit_of;     /* prc_avx512_bit_of() */
} prc_avx512_consts;

/* By id (bytes 0..63): its suit-major bit, 16 * suit + rank. Ids 52..63
 * get ranks 13..15, bits no card has; larger ids wrap in a byte permute
 * (it reads six bits), so every loop also keeps a running max of the ids. */
PRC_AVX512_ATTR static inline __m512i prc_avx512_bit_of(void) {
    uint8_t bit[64];
    for (int id = 0; id < 64; id++) bit[id] = (uint8_t)(16 * (id & 3) + (id >> 2));
    return _mm512_loadu_si512((const void *)bit);
}

PRC_AVX512_ATTR static inline void prc_avx512_init(prc_avx512_consts *c, int k) {
    uint8_t pick[64];
    uint32_t keys[16] = {0};
    for (int j = 0; j < k; j++) {
        for (int b = 0; b < 64; b++) pick[b] = (uint8_t)((b >> 2) * k + j);
        c->pick[j] = _mm512_loadu_si512((const void *)pick);
    }
    for (int r = 0; r < 13; r++) keys[r] = (uint32_t)PRC_CARD_KEY16(4 * r);
    c->rank_key = _mm512_loadu_si512((const void *)keys);
    c->bit_of = prc_avx512_bit_of();
}

/* Store the low 16 bits of each lane (the narrowing move truncates). */
PRC_AVX512_ATTR static inline void prc_avx512_store(uint16_t *out, __m512i v) {
    _mm256_storeu_si256((__m256i *)out, _mm512_cvtepi32_epi16(v));
}

/* Constants of the row loops (prc_avx512_rows_body). Byte tables by card
 * id 0..63 (a byte permute reads six bits; ids of 52 or more are caught by
 * the compare). */
typedef struct {
    __m512i to_lane[2];  /* the block's rows 0-7, 8-15 into bytes 0..K-1 of lanes 0-7 */
    __m512i key_byte[3]; /* byte b of the card's rank key */
    __m512i suits01;     /* 1 for suit 0, 16 for suit 1 */
    __m512i suits23;     /* 1 for suit 2, 16 for suit 3 */
    __m512i missing;     /* nonzero where the deck lacks the card */
    uint64_t cards;      /* bits of bytes 0..K-1 of each lane */
    __m512i rotate[3];   /* a lane's cards rotated by 1..K/2 places */
} prc_avx512_row_consts;

PRC_AVX512_ATTR static inline void prc_avx512_row_init(prc_avx512_row_consts *c, int k,
                                                       uint64_t invalid_ids) {
    uint8_t b[64];
    for (int h = 0; h < 2; h++) {
        for (int x = 0; x < 64; x++)
            b[x] = (uint8_t)((x & 7) < k ? (8 * h + (x >> 3)) * k + (x & 7) : 0);
        c->to_lane[h] = _mm512_loadu_si512((const void *)b);
    }
    for (int byte = 0; byte < 3; byte++) {
        for (int id = 0; id < 64; id++)
            b[id] = id < 52 ? (uint8_t)(PRC_CARD_KEY16(id) >> (8 * byte)) : 0;
        c->key_byte[byte] = _mm512_loadu_si512((const void *)b);
    }
    for (int id = 0; id < 64; id++) b[id] = (uint8_t)((id & 3) == 0 ? 1 : (id & 3) == 1 ? 16 : 0);
    c->suits01 = _mm512_loadu_si512((const void *)b);
    for (int id = 0; id < 64; id++) b[id] = (uint8_t)((id & 3) == 2 ? 1 : (id & 3) == 3 ? 16 : 0);
    c->suits23 = _mm512_loadu_si512((const void *)b);
    for (int id = 0; id < 64; id++) b[id] = (uint8_t)(invalid_ids >> id & 1);
    c->missing = _mm512_loadu_si512((const void *)b);
    c->cards = 0;
    for (int x = 0; x < 64; x++)
        if ((x & 7) < k) c->cards |= 1ULL << x;
    for (int d = 1; d <= k / 2; d++) {
        for (int x = 0; x < 64; x++)
            b[x] = (x & 7) < k ? (uint8_t)((x & 8) | ((x & 7) + d) % k) : 0x80;
        c->rotate[d - 1] = _mm512_loadu_si512((const void *)b);
    }
}

/* What the vector unit computes of 8 rows, one to a 64-bit lane. */
typedef struct {
    __m512i sum;    /* rank sums */
    __m512i counts; /* suit counts, 4 bits a suit (suit 0 lowest) */
    __mmask64 bad;  /* nonzero if a row holds an invalid, repeated or missing card */
} prc_avx512_lanes;

/* The rank sums, suit counts and validity of 8 rows t of K cards, one to a
 * lane. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE prc_avx512_lanes
prc_avx512_row_lanes(const prc_avx512_row_consts *c, __m512i t, const int K,
                     const int check_missing) {
    const __m512i zero = _mm512_setzero_si512();
    const __mmask64 cards = c->cards;
    __mmask64 bad = _mm512_mask_cmpge_epu8_mask(cards, t, _mm512_set1_epi8(52));
    for (int d = 0; d < K / 2; d++)
        bad |= _mm512_mask_cmpeq_epi8_mask(cards, t, _mm512_shuffle_epi8(t, c->rotate[d]));
    if (check_missing) {
        __m512i lacks = _mm512_maskz_permutexvar_epi8(cards, t, c->missing);
        bad |= _mm512_test_epi8_mask(lacks, lacks);
    }
    __m512i s0 = _mm512_sad_epu8(_mm512_maskz_permutexvar_epi8(cards, t, c->key_byte[0]), zero);
    __m512i s1 = _mm512_sad_epu8(_mm512_maskz_permutexvar_epi8(cards, t, c->key_byte[1]), zero);
    __m512i s2 = _mm512_sad_epu8(_mm512_maskz_permutexvar_epi8(cards, t, c->key_byte[2]), zero);
    __m512i a = _mm512_sad_epu8(_mm512_maskz_permutexvar_epi8(cards, t, c->suits01), zero);
    __m512i b = _mm512_sad_epu8(_mm512_maskz_permutexvar_epi8(cards, t, c->suits23), zero);
    prc_avx512_lanes q;
    q.sum = _mm512_add_epi64(_mm512_add_epi64(s0, _mm512_slli_epi64(s1, 8)),
                             _mm512_slli_epi64(s2, 16));
    q.counts = _mm512_or_si512(a, _mm512_slli_epi64(b, 8));
    q.bad = bad;
    return q;
}

/* Lanes holding a flush: bit 4 * suit + 3 of a suit with five or more
 * (adding 3 to a 4-bit count sets its top bit exactly then). */
PRC_AVX512_ATTR static inline __m512i prc_avx512_flush_bits(__m512i counts) {
    return _mm512_and_si512(_mm512_add_epi64(counts, _mm512_set1_epi64(0x3333)),
                            _mm512_set1_epi64(0x8888));
}

/* A step's rank sums and suit counts, two registers of eight rows. */
typedef struct {
    __m512i sum[2], counts[2];
} prc_avx512_step_t;

/* The vector work of a step, rows p[0..16 * K): nonzero if one of them is
 * bad. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE int prc_avx512_step_in(const prc_avx512_row_consts *c,
                                                                const uint8_t *p, const int K,
                                                                const int check_missing,
                                                                prc_avx512_step_t *s) {
    __m512i first = _mm512_loadu_si512((const void *)p);
    /* 16 * K - 64 more bytes (16, 32 or 48): a masked load reads no more. */
    __m512i rest = _mm512_maskz_loadu_epi8(~0ULL >> (128 - 16 * K), p + 64);
    __mmask64 bad = 0;
    for (int h = 0; h < 2; h++) {
        prc_avx512_lanes q = prc_avx512_row_lanes(
            c, _mm512_permutex2var_epi8(first, c->to_lane[h], rest), K, check_missing);
        s->sum[h] = q.sum;
        s->counts[h] = q.counts;
        bad |= q.bad;
    }
    return bad != 0;
}

/* The strengths of a step's 16 rows at i, from its two registers of rank
 * sums and suit counts: scalar loads of the offset and the strength, and
 * for a flush the flush table, or under a game whose flushes may not play
 * (PRC_FLUSH_LOW with 6 or 7 cards) prc_low_flush_ranks, from the row's rank
 * sum and the suit's ranks. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE void prc_avx512_step_out(const prc_game_t *g,
                                                                  const uint8_t *cards,
                                                                  const int K, uint16_t *out,
                                                                  long i,
                                                                  const prc_avx512_step_t *s) {
    const uint16_t *rank_table = g->rank;
    uint64_t sums[16];
    _mm512_storeu_si512((void *)sums, s->sum[0]);
    _mm512_storeu_si512((void *)(sums + 8), s->sum[1]);
    for (int t = 0; t < 16; t++) out[i + t] = rank_table[prc_rank_slot((uint32_t)sums[t])];
    if (g->flush_mode == PRC_FLUSH_IGNORED) return;
    __m512i f0 = prc_avx512_flush_bits(s->counts[0]), f1 = prc_avx512_flush_bits(s->counts[1]);
    unsigned lanes = (unsigned)_mm512_test_epi64_mask(f0, f0) |
                     (unsigned)_mm512_test_epi64_mask(f1, f1) << 8;
    if (!lanes) return;
    uint64_t bits[16];
    _mm512_storeu_si512((void *)bits, f0);
    _mm512_storeu_si512((void *)(bits + 8), f1);
    for (; lanes; lanes &= lanes - 1) {
        int t = prc_ctz64(lanes);
        out[i + t] = prc_row_flush_value(g, cards + (i + t) * K, K,
                                         (unsigned)prc_ctz64(bits[t]) >> 2, (uint32_t)sums[t]);
    }
}

PRC_DEFINE_PIPELINED_ROWS(prc_avx512, PRC_AVX512_ATTR, 16)

PRC_DEFINE_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, 5)
PRC_DEFINE_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, 6)
PRC_DEFINE_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, 7)

/* ------------------------------------------------------------------------
 * Omaha. */

/* The AVX-512 Omaha row loops, 16 hands per block, four blocks a step.
 * They read the same tables as prc_omaha_rows and fill exactly what it
 * fills: a step holding an invalid row, and the rows after the last full
 * step, go to the scalar loop, which reports the first invalid row
 * (PRC_OMAHA_VECTOR_ROWS). One block:
 *  - hole and board bytes come in with one full and one masked load each
 *    (nothing past the last row is read); one byte permute per card moves
 *    card j of each row into that row's 32-bit lane (as prc_avx512_sum_rows);
 *  - validation as in the high loops over all nh + nb cards (ids below 52,
 *    the popcount of the suit-major mask, the deck's missing cards);
 *  - the board's rank sum is hashed (a shift, a gather) and its pattern row
 *    gathered; in the second pass, a gather per hole pair reads the row at
 *    the pair's column (hi * (hi + 1) / 2 + lo of the two ranks). Scalar
 *    loads with the rows prefetched a block ahead, as in the AVX2 loop,
 *    ran no faster for high and slower for low and hi-lo games
 *    (bench/README.md, "Tuning of the row loops");
 *  - hi-lo with an eight-or-better low: the low is one gather a block, at
 *    the board's and the hole cards' sets of low ranks (prc_omaha_t's
 *    low_best; the sets come from a byte shuffle per card);
 *  - flushes (flush-dominant games): a hand can flush only with two or
 *    more hole cards of a suit the board holds three or more of (at most
 *    one suit can, with five board cards); the suit-major masks give the
 *    board's and the hole cards' ranks in that suit, and for those hands,
 *    about one in fourteen, scalar code reads the flush row of the board's
 *    ranks (prc_omaha_flush_of_ranks) at each pair of the hole cards'. */
/* Constants of one Omaha loop: byte positions and rank keys. */
typedef struct {
    __m512i hole_pick[6], board_pick[5];
    __m512i rank_key;   /* the rank key (low 32 bits of a card key) by rank */
    __m512i bit_of;     /* prc_avx512_bit_of() */
    __m512i low_bits;   /* hi-lo from rank sets: the low game's low_bit, in each 128 bits */
    int low_sets;       /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_avx512_omaha_consts;

PRC_AVX512_ATTR static inline void prc_avx512_omaha_picks(__m512i *pick, int k) {
    uint8_t bytes[64];
    for (int j = 0; j < k; j++) {
        for (int b = 0; b < 64; b++) bytes[b] = (uint8_t)((b >> 2) * k + j);
        pick[j] = _mm512_loadu_si512((const void *)bytes);
    }
}

PRC_AVX512_ATTR static inline void prc_avx512_omaha_init(prc_avx512_omaha_consts *c, const prc_omaha_t *olo, int nh,
                                               int nb) {
    uint32_t keys[16] = {0};
    prc_avx512_omaha_picks(c->hole_pick, nh);
    prc_avx512_omaha_picks(c->board_pick, nb);
    for (int r = 0; r < 13; r++) keys[r] = (uint32_t)PRC_CARD_KEY16(4 * r);
    c->rank_key = _mm512_loadu_si512((const void *)keys);
    c->bit_of = prc_avx512_bit_of();
    c->low_sets = olo && olo->low_best;
    c->low_bits = c->low_sets
                      ? _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)olo->low_bit))
                      : _mm512_setzero_si512();
}

/* Each lane's rank's bit in the low game's rank sets (prc_omaha_t.low_bit;
 * the lane's upper bytes get entry 0: callers keep the low byte only). */
PRC_AVX512_ATTR static inline __m512i prc_avx512_omaha_low_bit(const prc_avx512_omaha_consts *c, __m512i rank) {
    return _mm512_shuffle_epi8(c->low_bits, rank);
}

/* The 16 * k bytes (k = 3..6) of 16 rows, in two registers. */
PRC_AVX512_ATTR static inline void prc_avx512_omaha_load(const uint8_t *rows, int k, __m512i *first,
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
PRC_AVX512_ATTR static inline __m512i prc_avx512_omaha_card(__m512i first, __m512i rest, __m512i pick) {
    return _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, first, pick, rest);
}

/* Suit-major bit of each card (a byte permute of prc_avx512_bit_of) into the
 * two 32-bit halves of a 64-bit mask (shifts by 32 or more give 0, so each
 * bit lands in one half). */
PRC_AVX512_ATTR static inline void prc_avx512_omaha_add_bit(const prc_avx512_omaha_consts *c, __m512i card,
                                                  __m512i *lo, __m512i *hi) {
    const __m512i one = _mm512_set1_epi32(1);
    __m512i bit = _mm512_maskz_permutexvar_epi8(0x1111111111111111ULL, card, c->bit_of);
    *lo = _mm512_or_si512(*lo, _mm512_sllv_epi32(one, bit));
    *hi = _mm512_or_si512(*hi, _mm512_sllv_epi32(one, _mm512_sub_epi32(bit, _mm512_set1_epi32(32))));
}

/* Column of each lane's pair of ranks: the triangle number r * (r + 1) / 2
 * of the higher rank r (the first column of pairs topped by r) plus the
 * lower. */
PRC_AVX512_ATTR static inline __m512i prc_avx512_omaha_column(__m512i ra, __m512i rb) {
    const __m512i triangle =
        _mm512_setr_epi32(0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 0, 0, 0);
    return _mm512_add_epi32(_mm512_permutexvar_epi32(_mm512_max_epu32(ra, rb), triangle),
                            _mm512_min_epu32(ra, rb));
}

/* The ranks of each lane's cards in the suit the board holds three or more
 * of (at most one suit can, with at most five board cards), from the
 * suit-major masks: 16 bits a suit, two suits in each half. */
PRC_AVX512_ATTR static inline __m512i prc_avx512_omaha_suit_ranks(__mmask32 in_lo, __mmask32 in_hi,
                                                        __m512i lo, __m512i hi) {
    __m512i suited = _mm512_or_si512(_mm512_maskz_mov_epi16(in_lo, lo),
                                     _mm512_maskz_mov_epi16(in_hi, hi));
    return _mm512_and_si512(_mm512_or_si512(suited, _mm512_srli_epi32(suited, 16)),
                            _mm512_set1_epi32(0x1FFF));
}

/* What the first pass keeps of a block for the second: the offsets of the
 * rows in entries, a low from rank sets, the hole ranks, and the flushes
 * as prc_omaha_block_t keeps them. */
typedef struct {
    __m512i row_at, lo_row_at, low, rank[6];
    unsigned flush_lanes;
    uint32_t flush_ranks[16];
} prc_avx512_omaha_block;

/* Four blocks a step, their first passes before their second: more
 * gathers in flight. The passes loop over the blocks (four inlined copies
 * of the first pass ran some 10% slower). */
typedef struct {
    prc_avx512_omaha_block b[4];
} prc_avx512_omaha_step;

/* First pass over the four blocks of a step (64 rows): returns the lanes
 * of the first block holding an invalid row, or 0. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE __mmask16 prc_avx512_omaha_first_pass(
    const prc_avx512_omaha_consts *c, const prc_game_t *g, const prc_omaha_t *o, const prc_game_t *glo,
    const prc_omaha_t *olo, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, int flushes, prc_avx512_omaha_step *q) {
    const uint64_t invalid = g->invalid | (glo ? glo->invalid : 0);
    for (int b = 0; b < 4; b++) {
        prc_avx512_omaha_block *blk = &q->b[b];
        const uint8_t *holes_b = holes + 16 * b * NH, *boards_b = boards + 16 * b * NB;
        __m512i first, rest, rank[6];
        __m512i sum = _mm512_setzero_si512(), top = sum, blo = sum, bhi = sum, hlo = sum, hhi = sum;
        __m512i board_set = sum, hole_set = sum; /* hi-lo from rank sets */
        prc_avx512_omaha_load(boards_b, NB, &first, &rest);
        for (int j = 0; j < NB; j++) {
            __m512i card = prc_avx512_omaha_card(first, rest, c->board_pick[j]);
            __m512i r = _mm512_srli_epi32(card, 2);
            top = _mm512_max_epu32(top, card);
            sum = _mm512_add_epi32(sum, _mm512_permutexvar_epi32(r, c->rank_key));
            prc_avx512_omaha_add_bit(c, card, &blo, &bhi);
            if (c->low_sets) board_set = _mm512_or_si512(board_set, prc_avx512_omaha_low_bit(c, r));
        }
        prc_avx512_omaha_load(holes_b, NH, &first, &rest);
        for (int j = 0; j < NH; j++) {
            __m512i card = prc_avx512_omaha_card(first, rest, c->hole_pick[j]);
            rank[j] = _mm512_srli_epi32(card, 2);
            top = _mm512_max_epu32(top, card);
            prc_avx512_omaha_add_bit(c, card, &hlo, &hhi);
            if (c->low_sets)
                hole_set = _mm512_or_si512(hole_set, prc_avx512_omaha_low_bit(c, rank[j]));
        }
        __m512i lo = _mm512_or_si512(blo, hlo), hi = _mm512_or_si512(bhi, hhi);
        __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(lo), _mm512_popcnt_epi32(hi));
        __mmask16 bad = (__mmask16)(
            _mm512_cmpgt_epu32_mask(top, _mm512_set1_epi32(51)) |
            _mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(NH + NB)) |
            _mm512_test_epi32_mask(lo, _mm512_set1_epi32((int)(uint32_t)invalid)) |
            _mm512_test_epi32_mask(hi, _mm512_set1_epi32((int)(uint32_t)(invalid >> 32))));
        if (bad) return bad;
        /* the hash and the rows' offsets by gathers */
        const __m512i low16 = _mm512_set1_epi32(0xFFFF), stride = _mm512_set1_epi32(PRC_PATTERN_STRIDE);
        __m512i slot = prc_avx512_board_slot(sum);
        blk->row_at = _mm512_mullo_epi32(
            _mm512_and_si512(_mm512_i32gather_epi32(slot, (const void *)o->pattern_of_slot, 2), low16),
            stride);
        if (olo && !c->low_sets)
            blk->lo_row_at = _mm512_mullo_epi32(
                _mm512_and_si512(_mm512_i32gather_epi32(slot, (const void *)olo->pattern_of_slot, 2),
                                 low16),
                stride);
        if (c->low_sets) {
            const __m512i byte = _mm512_set1_epi32(0xFF);
            __m512i index = _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(board_set, byte), 8),
                                            _mm512_and_si512(hole_set, byte));
            /* one gather a block, read in the second pass */
            blk->low = _mm512_i32gather_epi32(index, (const void *)olo->low_best, 2);
        }
        for (int j = 0; j < NH; j++) blk->rank[j] = rank[j];
        blk->flush_lanes = 0;
        if (flushes) {
            const __m512i three16 = _mm512_set1_epi16(3);
            __mmask32 in_lo = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(blo), three16);
            __mmask32 in_hi = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(bhi), three16);
            __m512i held = prc_avx512_omaha_suit_ranks(in_lo, in_hi, hlo, hhi);
            blk->flush_lanes = _mm512_cmpge_epu32_mask(_mm512_popcnt_epi32(held), _mm512_set1_epi32(2));
            if (blk->flush_lanes)
                _mm512_storeu_si512((void *)blk->flush_ranks,
                                    _mm512_or_si512(prc_avx512_omaha_suit_ranks(in_lo, in_hi, blo, bhi),
                                                    _mm512_slli_epi32(held, 16)));
        }
    }
    return 0;
}

/* Second pass (as prc_omaha_block_out): a gather a hole pair (and for a
 * low from rows, another), the best flush of a flush lane by scalar code. */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE void prc_avx512_omaha_block_out(
    const prc_omaha_t *o, const prc_omaha_t *olo, const prc_avx512_omaha_block *v, const int NH,
    uint16_t *out) {
    const int pair_lows = olo && !olo->low_best;
    __m512i best = _mm512_setzero_si512(), low = olo && olo->low_best ? v->low : best;
    for (int a = 0; a < NH; a++)
        for (int b = a + 1; b < NH; b++) {
            __m512i column = prc_avx512_omaha_column(v->rank[a], v->rank[b]);
            /* the low halves are the values */
            best = _mm512_max_epu16(best, _mm512_i32gather_epi32(_mm512_add_epi32(v->row_at, column),
                                                                 (const void *)o->best, 2));
            if (pair_lows)
                low = _mm512_max_epu16(
                    low, _mm512_i32gather_epi32(_mm512_add_epi32(v->lo_row_at, column),
                                                (const void *)olo->best, 2));
        }
    if (olo) /* (high, low) pairs: high in each lane's low half */
        _mm512_storeu_si512((void *)out, _mm512_or_si512(_mm512_and_si512(best, _mm512_set1_epi32(0xFFFF)),
                                                         _mm512_slli_epi32(low, 16)));
    else
        prc_avx512_store(out, best);
    prc_omaha_block_flushes(o, v->flush_lanes, v->flush_ranks, olo ? 2 : 1, out);
}

/* The second passes of a step's four blocks (the BLOCK_OUT of
 * PRC_OMAHA_VECTOR_ROWS, LANES 64). */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE void prc_avx512_omaha_step_out(
    const prc_omaha_t *o, const prc_omaha_t *olo, const prc_avx512_omaha_step *q,
    const int LANES, const int NH, uint16_t *out) {
    (void)LANES;
    for (int b = 0; b < 4; b++)
        prc_avx512_omaha_block_out(o, olo, &q->b[b], NH, out + (olo ? 2 : 1) * 16 * b);
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
    prc_avx512_omaha_consts c;
    prc_avx512_omaha_init(&c, olo, NH, NB);
#define PRC_AVX512_OMAHA_STEP(n, q)                                                       \
    prc_avx512_omaha_first_pass(&c, g, o, glo, olo, holes + (n) * NH, NH, boards + (n) * NB, \
                                NB, flushes, q)
    PRC_OMAHA_VECTOR_ROWS(64, prc_avx512_omaha_step, PRC_AVX512_OMAHA_STEP,
                          prc_avx512_omaha_step_out, 0)
#undef PRC_AVX512_OMAHA_STEP
}

/* The loops by shape (hole cards 4, 5, 6 with a 5-card board, then any),
 * single and hi-lo; a single loop ignores the low game's arguments. */
typedef long (*prc_avx512_omaha_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
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

static inline prc_avx512_omaha_rows_fn prc_omaha_avx512_loop(int nh, int nb, int hilo) {
    static const prc_avx512_omaha_rows_fn loops[2][4] = {
        {prc_omaha_rows_avx512_4_5, prc_omaha_rows_avx512_5_5, prc_omaha_rows_avx512_6_5,
         prc_omaha_rows_avx512_any},
        {prc_omaha_rows_avx512_4_5_hilo, prc_omaha_rows_avx512_5_5_hilo,
         prc_omaha_rows_avx512_6_5_hilo, prc_omaha_rows_avx512_any_hilo},
    };
    return loops[hilo != 0][nb == 5 && nh >= 4 && nh <= 6 ? nh - 4 : 3];
}

/* ------------------------------------------------------------------------
 * Wild cards. */

/* The AVX2 loop's work on 16 rows a step: the card-id masks, wild groups
 * and rank sums with the high loops' picks above; under the lowest-card
 * rule the lowest natural rank's cards found by a popcount below the
 * mask's lowest bit; natural suit counts by popcounts; the strengths by
 * scalar lookups of the per-size table (as in the suit loop below), and
 * rows that may flush settled as there. */
PRC_DEFINE_WILD_VECTOR_GROUPS(512, PRC_AVX512_ATTR)

typedef struct {
    prc_avx512_consts c;
    prc_wild_v512_t groups;
} prc_wild_avx512_t;

PRC_AVX512_ATTR static inline void prc_wild_avx512_init(prc_wild_avx512_t *v, const prc_wild_t *x,
                                                        int k) {
    prc_wild_v512_init(&v->groups, x);
    prc_avx512_init(&v->c, k);
}

PRC_AVX512_ATTR static PRC_ALWAYS_INLINE long prc_wild_rows_avx512_body(
    const prc_wild_t *wild, const uint8_t *cards, const int K, const int LOWEST, uint16_t *out,
    long start, long stop,
    long (*scalar)(const prc_wild_t *, const uint8_t *, uint16_t *, long, long)) {
    const prc_wild_t local = *wild, *x = &local;
    const uint16_t *hand_rank = x->hand_rank[K - 5];
    const int flushes = x->natural.flush_mode != PRC_FLUSH_IGNORED;
    const int dominant = prc_wild_flush_dominant(x);
    const __m512i popcount4 = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    const __m512i one = _mm512_set1_epi32(1), thirty_two = _mm512_set1_epi32(32);
    prc_wild_avx512_t v;
    prc_wild_avx512_init(&v, x, K);
    long i = start;
    for (; i + 16 <= stop; i += 16) {
        const uint8_t *rows = cards + i * K;
        __m512i first = _mm512_loadu_si512((const void *)rows);
        __m512i rest = _mm512_maskz_loadu_epi8(~0ULL >> (128 - 16 * K), rows + 64);
        __m512i sum = _mm512_setzero_si512(), lo = sum, hi = sum, w = sum;
        for (int j = 0; j < K; j++) {
            __m512i card = _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, first,
                                                          v.c.pick[j], rest);
            /* the jokers' rank, 13, has key 0; an id of 64 or more sets
             * no bit, and its row falls short below */
            sum = _mm512_add_epi32(sum, _mm512_permutexvar_epi32(_mm512_srli_epi32(card, 2),
                                                                 v.c.rank_key));
            lo = _mm512_or_si512(lo, _mm512_sllv_epi32(one, card));
            hi = _mm512_or_si512(hi,
                                 _mm512_sllv_epi32(one, _mm512_sub_epi32(card, thirty_two)));
        }
        PRC_WILD_GROUPS_OUT(512, &v.groups, lo, hi, w, sum, popcount4);
        /* valid: the natural and the wild cards add up to K (a repeat, an
         * id outside the deck or of 64 or more falls short) */
        __m512i total = _mm512_add_epi32(_mm512_add_epi32(_mm512_popcnt_epi32(lo),
                                                          _mm512_popcnt_epi32(hi)), w);
        if (_mm512_cmpneq_epi32_mask(total, _mm512_set1_epi32(K))) {
            long r = scalar(x, cards, out, i, i + 16);
            if (r >= 0) return r;
            continue;
        }
        if (LOWEST) {
            /* The lowest natural id: the trailing zeros of the mask (a
             * popcount below the lowest set bit; 64 with no natural card,
             * whose shifts below read nothing), then its rank's first id. */
            __m512i tz_lo =
                _mm512_popcnt_epi32(_mm512_andnot_si512(lo, _mm512_sub_epi32(lo, one)));
            __m512i tz_hi =
                _mm512_popcnt_epi32(_mm512_andnot_si512(hi, _mm512_sub_epi32(hi, one)));
            __m512i id =
                _mm512_mask_add_epi32(tz_lo, _mm512_testn_epi32_mask(lo, lo), tz_lo, tz_hi);
            __m512i at = _mm512_and_si512(id, _mm512_set1_epi32(~3));
            __m512i at_hi = _mm512_sub_epi32(at, thirty_two); /* below 0: shifts give 0 */
            const __m512i nibble = _mm512_set1_epi32(15);
            __m512i column = _mm512_and_si512(
                _mm512_or_si512(_mm512_srlv_epi32(lo, at), _mm512_srlv_epi32(hi, at_hi)),
                nibble);
            /* aces (ids 48..51) are never the lowest card */
            column = _mm512_maskz_mov_epi32(_mm512_cmple_epu32_mask(at, _mm512_set1_epi32(47)),
                                            column);
            __m512i count = _mm512_shuffle_epi8(popcount4, column);
            w = _mm512_add_epi32(w, count);
            sum = _mm512_sub_epi32(sum, _mm512_mullo_epi32(count, _mm512_permutexvar_epi32(
                                                                      _mm512_srli_epi32(at, 2),
                                                                      v.c.rank_key)));
            /* the column's cards leave the natural ones */
            lo = _mm512_andnot_si512(_mm512_sllv_epi32(column, at), lo);
            hi = _mm512_andnot_si512(_mm512_sllv_epi32(column, at_hi), hi);
        }
        uint32_t sums[16];
        _mm512_storeu_si512((void *)sums, sum);
        for (int t = 0; t < 16; t++) {
            uint32_t s = sums[t];
            out[i + t] = hand_rank[s + prc_hash_offset[s >> PRC_RANK_SHIFT]];
        }
        if (!flushes) continue;
        /* A suit's natural cards plus the wild cards reaching five: its
         * bit 4 * suit + 3 (prc_avx2_flush_bits' form) */
        __m512i reach = _mm512_setzero_si512();
        const __m512i five = _mm512_set1_epi32(5);
        for (int suit = 0; suit < 4; suit++) {
            const __m512i of_suit = _mm512_set1_epi32((int)(0x11111111u << suit));
            __m512i n = _mm512_add_epi32(
                _mm512_add_epi32(_mm512_popcnt_epi32(_mm512_and_si512(lo, of_suit)),
                                 _mm512_popcnt_epi32(_mm512_and_si512(hi, of_suit))),
                w);
            reach = _mm512_mask_or_epi32(reach, _mm512_cmpge_epu32_mask(n, five), reach,
                                         _mm512_set1_epi32(8 << (4 * suit)));
        }
        unsigned lanes = _mm512_test_epi32_mask(reach, reach);
        if (!lanes) continue;
        if (!dominant) {
            prc_wild_rows_reaching(x, hand_rank, cards, K, out, i, lanes, 0);
            continue;
        }
        /* as the AVX2 loop: the best of the rank table's strength and each
         * reaching suit's flush, or with no wild card the natural flush */
        uint32_t lo_of[16], hi_of[16], wilds[16], suits[16];
        _mm512_storeu_si512((void *)lo_of, lo);
        _mm512_storeu_si512((void *)hi_of, hi);
        _mm512_storeu_si512((void *)wilds, w);
        _mm512_storeu_si512((void *)suits, reach);
        for (; lanes; lanes &= lanes - 1) {
            int t = prc_ctz64(lanes);
            uint64_t ids = ((uint64_t)hi_of[t] << 32) | lo_of[t];
            out[i + t] = prc_wild_flush_settle(x, out[i + t], ids, wilds[t], suits[t]);
        }
    }
    _mm256_zeroupper();
    return scalar(x, cards, out, i, stop);
}

PRC_DEFINE_WILD_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, prc_wild_rows_popcnt, 5)
PRC_DEFINE_WILD_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, prc_wild_rows_popcnt, 6)
PRC_DEFINE_WILD_VECTOR_ROWS(avx512, PRC_AVX512_ATTR, prc_wild_rows_popcnt, 7)

/* ------------------------------------------------------------------------
 * Suit tie-breaks. */

/* The AVX-512 loop: 16 rows a step, the suit keys by the vector unit too.
 * The AVX2 loop reads each row's key with 128-bit operations, one row at
 * a time; here four rows share a register, one per 128-bit lane:
 *  - the card work (the high loops' picks and rank keys) keeps card-id
 *    masks (bit 4 * rank + suit), as the AVX2 loop, and byte counters of
 *    the suits; the strengths and each row's play are scalar loads;
 *  - the sorted_suits bytes of every rank of rows 4q + j land in lane q of
 *    register j (as prc_suited_avx2_sorted, on four lanes);
 *  - the play's place bytes (rank | slot << 4, see prc_suited_vplan_fill)
 *    widened to 16-bit words pick each place's byte (a byte shuffle reads
 *    only the low four bits and the top one), and a shift by twice the
 *    slot moves its 2-bit suit rank down: no per-kind operands;
 *  - one multiply-add and two adds put the five places together.
 * Rows holding five of one suit, and plans that search, go to the scalar
 * code as in the AVX2 loop; so do a step that holds a bad row, and the rows
 * after the last full step. */

/* Suit keys of 16 rows: row 4q + j's in dword j of lane q (row order). */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE __m512i prc_suited_avx512_keys(__m512i lo, __m512i hi,
                                                                   __m512i sorted,
                                                                   const __m512i play[4]) {
    const __m512i nibble = _mm512_set1_epi8(0x0F), zero = _mm512_setzero_si512();
    /* word f's weight: place f at key bits 2f, 2f + 1 (words 5-7 hold no place) */
    const __m512i weight = _mm512_set4_epi32(0, 256, 64 << 16 | 16, 4 << 16 | 1);
    __m512i lo_even = _mm512_shuffle_epi8(sorted, _mm512_and_si512(lo, nibble));
    __m512i lo_odd =
        _mm512_shuffle_epi8(sorted, _mm512_and_si512(_mm512_srli_epi32(lo, 4), nibble));
    __m512i hi_even = _mm512_shuffle_epi8(sorted, _mm512_and_si512(hi, nibble));
    __m512i hi_odd =
        _mm512_shuffle_epi8(sorted, _mm512_and_si512(_mm512_srli_epi32(hi, 4), nibble));
    __m512i low01 = _mm512_unpacklo_epi8(lo_even, lo_odd);
    __m512i low23 = _mm512_unpackhi_epi8(lo_even, lo_odd);
    __m512i high01 = _mm512_unpacklo_epi8(hi_even, hi_odd);
    __m512i high23 = _mm512_unpackhi_epi8(hi_even, hi_odd);
    __m512i bytes[4] = {
        _mm512_unpacklo_epi64(low01, high01), _mm512_unpackhi_epi64(low01, high01),
        _mm512_unpacklo_epi64(low23, high23), _mm512_unpackhi_epi64(low23, high23)};
    __m512i key[4];
    for (int j = 0; j < 4; j++) {
        /* word f: place f's play byte; its high byte (0) picks rank 0's
         * byte into bits 8-15, which the shift and the mask drop */
        __m512i sel = _mm512_unpacklo_epi8(play[j], zero);
        __m512i picked = _mm512_shuffle_epi8(bytes[j], sel);
        __m512i twice_slot = _mm512_and_si512(_mm512_srli_epi16(sel, 3), _mm512_set1_epi16(6));
        __m512i suit_rank = _mm512_and_si512(_mm512_srlv_epi16(picked, twice_slot),
                                             _mm512_set1_epi16(3));
        __m512i d = _mm512_madd_epi16(suit_rank, weight); /* dwords: places 0-1, 2-3, 4, none */
        d = _mm512_add_epi32(d, _mm512_srli_epi64(d, 32));
        key[j] = _mm512_add_epi32(d, _mm512_unpackhi_epi64(d, d)); /* in dword 0 */
    }
    __m512i keys = _mm512_mask_mov_epi32(key[0], 0x2222, _mm512_bslli_epi128(key[1], 4));
    keys = _mm512_mask_mov_epi32(keys, 0x4444, _mm512_bslli_epi128(key[2], 8));
    return _mm512_mask_mov_epi32(keys, 0x8888, _mm512_bslli_epi128(key[3], 12));
}

PRC_AVX512_ATTR static PRC_ALWAYS_INLINE long prc_suited_avx512_body(
    const prc_suited_t *x, const uint8_t *cards, const int K, uint32_t *out, long start,
    long stop) {
    const uint64_t *plays = x->vplan;
    const int searching = x->vplan_search;
    /* ids 52..63 are bits 20..31 of the high half; ids of 64 and more
     * shift out of both halves, and the running max finds them */
    const uint64_t missing = x->game.invalid_ids | 0xFFF0000000000000ULL;
    const __m512i missing_lo = _mm512_set1_epi32((int)(uint32_t)missing);
    const __m512i missing_hi = _mm512_set1_epi32((int)(uint32_t)(missing >> 32));
    const unsigned n_classes = (unsigned)x->n_classes;
    const uint16_t *rank_table = x->game.rank;
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i sorted =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)x->sorted_suits));
    /* play j of row 4q + j into the low qword of lane q of register j */
    const __m512i play_of[4] = {_mm512_set_epi64(12, 12, 8, 8, 4, 4, 0, 0),
                                _mm512_set_epi64(13, 13, 9, 9, 5, 5, 1, 1),
                                _mm512_set_epi64(14, 14, 10, 10, 6, 6, 2, 2),
                                _mm512_set_epi64(15, 15, 11, 11, 7, 7, 3, 3)};
    prc_avx512_consts c;
    prc_avx512_init(&c, K);
    long i = start;
    for (; i + 16 <= stop; i += 16) {
        const uint8_t *rows = cards + i * K;
        __m512i first = _mm512_loadu_si512((const void *)rows);
        __m512i rest = _mm512_maskz_loadu_epi8(~0ULL >> (128 - 16 * K), rows + 64);
        __m512i sum = _mm512_setzero_si512(), lo = sum, hi = sum, top = sum, suits = sum;
        for (int j = 0; j < K; j++) {
            __m512i card = _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, first,
                                                          c.pick[j], rest);
            top = _mm512_max_epu32(top, card);
            sum = _mm512_add_epi32(sum, _mm512_permutexvar_epi32(_mm512_srli_epi32(card, 2),
                                                                 c.rank_key));
            lo = _mm512_or_si512(lo, _mm512_sllv_epi32(one, card));
            hi = _mm512_or_si512(
                hi, _mm512_sllv_epi32(one, _mm512_sub_epi32(card, _mm512_set1_epi32(32))));
            __m512i suit = _mm512_and_si512(card, _mm512_set1_epi32(3));
            suits = _mm512_add_epi32(suits, _mm512_sllv_epi32(one, _mm512_slli_epi32(suit, 3)));
        }
        __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(lo), _mm512_popcnt_epi32(hi));
        __mmask16 bad = (__mmask16)(_mm512_cmpgt_epu32_mask(top, _mm512_set1_epi32(51)) |
                                    _mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(K)) |
                                    _mm512_test_epi32_mask(lo, missing_lo) |
                                    _mm512_test_epi32_mask(hi, missing_hi));
        if (bad) {
            long r = prc_avx2_suited_to_popcnt(x, cards, K, out, i, i + 16);
            if (r >= 0) return r;
            continue;
        }
        /* the plain strengths (0 past the ranking's classes) and their
         * plays, by scalar loads, which beat four gathers a step
         * (bench/README.md, "Tuning of the row loops") */
        uint32_t sum_of[16], s_of[16];
        uint64_t p_of[16];
        _mm512_storeu_si512((void *)sum_of, sum);
        for (int t = 0; t < 16; t++) {
            uint32_t v = sum_of[t];
            unsigned st = rank_table[v + prc_hash_offset[v >> PRC_RANK_SHIFT]];
            st = st <= n_classes ? st : 0;
            s_of[t] = st;
            p_of[t] = plays[st];
        }
        __m512i s = _mm512_loadu_si512((const void *)s_of);
        __m512i p0 = _mm512_loadu_si512((const void *)p_of);
        __m512i p1 = _mm512_loadu_si512((const void *)(p_of + 8));
        __m512i play[4];
        for (int j = 0; j < 4; j++) play[j] = _mm512_permutex2var_epi64(p0, play_of[j], p1);
        __m512i keys = prc_suited_avx512_keys(lo, hi, sorted, play);
        _mm512_storeu_si512((void *)(out + i),
                            _mm512_or_si512(_mm512_slli_epi32(s, PRC_SUIT_KEY_BITS), keys));
        /* rows the scalar code finishes: five of one suit (a suit byte of
         * five or more), a plan that searches */
        unsigned rare = _mm512_test_epi32_mask(
            _mm512_add_epi32(suits, _mm512_set1_epi32(0x7B7B7B7B)),
            _mm512_set1_epi32((int)0x80808080u));
        if (searching) {
            const __m512i kind_search = _mm512_set1_epi64(PRC_VPLAN_SEARCH);
            rare |= _mm512_cmpeq_epi64_mask(_mm512_srli_epi64(p0, 56), kind_search) |
                    (unsigned)_mm512_cmpeq_epi64_mask(_mm512_srli_epi64(p1, 56), kind_search) << 8;
        }
        if (!rare) continue;
        uint32_t lo_of[16], hi_of[16], suit_counts[16];
        _mm512_storeu_si512((void *)lo_of, lo);
        _mm512_storeu_si512((void *)hi_of, hi);
        _mm512_storeu_si512((void *)suit_counts, suits);
        for (; rare; rare &= rare - 1) {
            int t = prc_ctz64(rare);
            unsigned flush = 0; /* prc_avx2_flush_bits' form: bit 4 * suit + 3 */
            for (int suit = 0; suit < 4; suit++)
                if ((suit_counts[t] >> (8 * suit) & 0xFF) >= 5) flush |= 8u << (4 * suit);
            prc_suited_avx2_rare(x, cards, K, out, i + t, sum_of[t],
                                 (uint64_t)hi_of[t] << 32 | lo_of[t], flush, s_of[t]);
        }
    }
    return prc_avx2_suited_to_popcnt(x, cards, K, out, i, stop);
}

PRC_DEFINE_ALL_SUITED_VECTOR_ROWS(avx512, PRC_AVX512_ATTR)

/* ------------------------------------------------------------------------
 * The tier's entry points (its row in prc_tiers.h). */

PRC_DEFINE_VECTOR_TIER(avx512, popcnt, stop - start >= 16)

#endif /* PRC_TIERS_AVX512 */
#endif
