/* pyrankcore: AVX2 row loops (x86-64-v3: AVX2, BMI1/2, POPCNT), 8 hands to
 * a vector, two vectors a step.
 *
 * The AVX2 tier (x86-64-v3): every function carries a target attribute
 * (PRC_TARGET), so the default build flags stay generic, and prc_tiers.h
 * selects this tier only where the CPU and the OS run it (PRC_CPU_AVX2).
 * Its loops fill exactly what the scalar loops fill and return the same
 * first bad row: a step of 16 rows that holds an invalid row goes to the
 * POPCNT loop, and so do the rows after the last full step.
 *
 * AVX2 gathers cost more than the scalar loads they replace on some CPUs
 * (bench/README.md, "Tuning of the row loops"), so the vector unit computes
 * what needs no memory (card keys, masks, validation, flush detection) and
 * the two table lookups of each hand are scalar loads. The 5..7-card row
 * loops keep one row to a 64-bit lane (see prc_avx2_row_consts); the wild
 * and suit loops work on one block of 8 rows of K = 5..7 card bytes, one
 * row to a 32-bit lane:
 *  - four 16-byte loads, all inside the block (the last one ends at the
 *    block's end), hold rows 0-1, 2-3, 4-5 and 6-7; two byte shuffles per
 *    four cards put card j of rows 0-3 (low lane) and 4-7 (high lane) in
 *    bytes 4j..4j+3 of a lane, and one more per card moves them into the
 *    rows' 32-bit lanes;
 *  - per card: its rank key from two 8-entry registers (vpermd, blended on
 *    rank >= 8) added to the rank sum, and its card-id bit (bit = id) ORed
 *    into the 32-bit halves of the row's 64-bit card mask (a variable shift
 *    by 32 or more gives 0, so an id of 64 or more sets no bit);
 *  - per block: every nibble of the card mask is one rank's four suits, so
 *    two 16-entry byte shuffles count each suit, and the counts give the
 *    flush (a suit with five or more) and the validation (the counts add up
 *    to K: no repeat and no id of 64 or more; ids 52..63 are bits 20..31 of
 *    the high half, tested like the cards a stripped deck lacks);
 *  - the perfect-hash offset and the strength are scalar loads; a flush
 *    takes the flush table at the suit's 13-bit rank mask. */
#ifndef PRC_TIER_AVX2_H
#define PRC_TIER_AVX2_H

#include "prc_tier_popcnt.h"

#if PRC_TIERS_X86

#define PRC_AVX2_ATTR PRC_TARGET("avx2,bmi,bmi2,popcnt")

/* Card bytes of 8 rows of k = 3..7 ids in 32-bit lanes (row r in lane r):
 * per lane of 128 bits (rows 0-3, rows 4-7), one or two 16-byte loads that
 * stay inside the 8 * k bytes; a byte shuffle of each gathers a group of
 * four cards (card 4g + m of row r to byte 4m + r of the lane), and one
 * more per card spreads it over the rows' 32-bit lanes. */
typedef struct {
    __m256i gather[2][2]; /* group g from the first and the second load of each lane */
    __m256i pick[4];      /* card m of a group into each row's 32-bit lane */
} prc_avx2_rows_t;

/* Where each lane's loads start in the block: four rows of k <= 4 bytes fit
 * one load (the high lane's ends at the block's end); more take two, each
 * holding two whole rows. */
static inline int prc_avx2_load_at(int k, int lane, int which) {
    if (k <= 4) return lane ? 8 * k - 16 : 0;
    return lane ? (which ? 8 * k - 16 : 4 * k) : (which ? 2 * k : 0);
}

PRC_AVX2_ATTR static inline void prc_avx2_rows_init(prc_avx2_rows_t *t, int k) {
    uint8_t bytes[32];
    for (int g = 0; g < 2; g++)
        for (int which = 0; which < 2; which++) {
            for (int b = 0; b < 32; b++) {
                int lane = b >> 4, m = (b & 15) >> 2, r = b & 3, j = 4 * g + m;
                int row = 4 * lane + r, from = k <= 4 ? 0 : (r >> 1);
                bytes[b] = (uint8_t)0x80;
                if (from == which && j < k)
                    bytes[b] = (uint8_t)(row * k + j - prc_avx2_load_at(k, lane, which));
            }
            t->gather[g][which] = _mm256_loadu_si256((const __m256i *)bytes);
        }
    for (int m = 0; m < 4; m++) {
        for (int b = 0; b < 32; b++)
            bytes[b] = (b & 3) ? (uint8_t)0x80 : (uint8_t)(4 * m + ((b & 15) >> 2));
        t->pick[m] = _mm256_loadu_si256((const __m256i *)bytes);
    }
}

/* The loads of one block of 8 rows at p. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_avx2_load(const uint8_t *p, const int k,
                                                       __m256i loads[2]) {
    for (int which = 0; which < (k <= 4 ? 1 : 2); which++)
        loads[which] = _mm256_inserti128_si256(
            _mm256_castsi128_si256(
                _mm_loadu_si128((const __m128i *)(p + prc_avx2_load_at(k, 0, which)))),
            _mm_loadu_si128((const __m128i *)(p + prc_avx2_load_at(k, 1, which))), 1);
}

/* Cards 4g..4g+3 of the block's rows, bytes 4m + r of each lane. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_group(const prc_avx2_rows_t *t,
                                                           const __m256i loads[2],
                                                           const int k, int g) {
    __m256i group = _mm256_shuffle_epi8(loads[0], t->gather[g][0]);
    if (k > 4) group = _mm256_or_si256(group, _mm256_shuffle_epi8(loads[1], t->gather[g][1]));
    return group;
}

/* Card m of a group, one row a 32-bit lane. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_card(const prc_avx2_rows_t *t, __m256i group,
                                                          int m) {
    return _mm256_shuffle_epi8(group, t->pick[m]);
}

/* A card's rank key (the low 32 bits of its scalar key), from two 8-entry
 * registers: ranks 0..7 and 8..12 (ids 32 and up). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_rank_key(__m256i key_low,
                                                              __m256i key_high,
                                                              __m256i card) {
    __m256i rank = _mm256_srli_epi32(card, 2);
    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(key_low, rank),
                              _mm256_permutevar8x32_epi32(key_high, rank),
                              _mm256_cmpgt_epi32(card, _mm256_set1_epi32(31)));
}

/* OR a card's bit (bit = id) into a 64-bit card mask held as two 32-bit
 * halves (a shift by 32 or more gives 0: an id of 64 or more sets no bit). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_avx2_add_bit(__m256i card, __m256i *lo,
                                                          __m256i *hi) {
    const __m256i one = _mm256_set1_epi32(1);
    *lo = _mm256_or_si256(*lo, _mm256_sllv_epi32(one, card));
    *hi = _mm256_or_si256(
        *hi, _mm256_sllv_epi32(one, _mm256_sub_epi32(card, _mm256_set1_epi32(32))));
}

/* Byte-shuffle tables from a nibble of a card mask (one rank's four suits,
 * bit s = suit s) to its suits as 4-bit counters: suits 0 and 1 in the low
 * and high nibble of the byte (prc_avx2_suits01), suits 2 and 3 likewise
 * (prc_avx2_suits23). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_suits01(void) {
    return _mm256_setr_epi8(0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10,
                            0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01,
                            0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11);
}

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_suits23(void) {
    return _mm256_setr_epi8(0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10,
                            0x10, 0x11, 0x11, 0x11, 0x11, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01,
                            0x01, 0x01, 0x10, 0x10, 0x10, 0x10, 0x11, 0x11, 0x11, 0x11);
}

/* Suit counts of a card mask, 4 bits a suit (suit 0 lowest): each nibble of
 * the mask is one rank's four suits, counted by 16-entry byte shuffles. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_suit_counts(__m256i lo, __m256i hi) {
    const __m256i suits01 = prc_avx2_suits01();
    const __m256i suits23 = prc_avx2_suits23();
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i n0 = _mm256_and_si256(lo, nibble);
    __m256i n1 = _mm256_and_si256(_mm256_srli_epi16(lo, 4), nibble);
    __m256i n2 = _mm256_and_si256(hi, nibble);
    __m256i n3 = _mm256_and_si256(_mm256_srli_epi16(hi, 4), nibble);
    __m256i s01 = _mm256_add_epi8(
        _mm256_add_epi8(_mm256_shuffle_epi8(suits01, n0), _mm256_shuffle_epi8(suits01, n1)),
        _mm256_add_epi8(_mm256_shuffle_epi8(suits01, n2), _mm256_shuffle_epi8(suits01, n3)));
    __m256i s23 = _mm256_add_epi8(
        _mm256_add_epi8(_mm256_shuffle_epi8(suits23, n0), _mm256_shuffle_epi8(suits23, n1)),
        _mm256_add_epi8(_mm256_shuffle_epi8(suits23, n2), _mm256_shuffle_epi8(suits23, n3)));
    /* Add the four bytes of each lane (no count passes 7, so the 4-bit
     * fields never carry): suits 0, 1 in the low byte, 2, 3 above. */
    const __m256i ones8 = _mm256_set1_epi8(1);
    __m256i words = _mm256_add_epi16(_mm256_maddubs_epi16(s01, ones8),
                                     _mm256_slli_epi16(_mm256_maddubs_epi16(s23, ones8), 8));
    return _mm256_madd_epi16(words, _mm256_set1_epi16(1));
}

/* Lanes whose card mask is not k distinct valid cards: the suit counts add
 * up to less than k (a repeat, an id of 64 or more) or a card is in the
 * missing mask (ids 52..63, cards the deck lacks). All ones where bad. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_invalid(__m256i counts, __m256i lo,
                                                             __m256i hi, __m256i missing_lo,
                                                             __m256i missing_hi, int k) {
    __m256i total = _mm256_add_epi32(counts, _mm256_srli_epi32(counts, 8));
    total = _mm256_and_si256(_mm256_add_epi32(total, _mm256_srli_epi32(total, 4)),
                             _mm256_set1_epi32(0xF));
    __m256i outside = _mm256_or_si256(_mm256_and_si256(lo, missing_lo),
                                      _mm256_and_si256(hi, missing_hi));
    const __m256i all = _mm256_set1_epi32(-1);
    return _mm256_or_si256(
        _mm256_xor_si256(_mm256_cmpeq_epi32(total, _mm256_set1_epi32(k)), all),
        _mm256_xor_si256(_mm256_cmpeq_epi32(outside, _mm256_setzero_si256()), all));
}

/* The rank keys by rank, low 32 bits: ranks 0..7, then 8..12. */
PRC_AVX2_ATTR static inline void prc_avx2_key_tables(__m256i *key_low, __m256i *key_high) {
    uint32_t low[8], high[8] = {0};
    for (int r = 0; r < 13; r++) {
        uint32_t key = (uint32_t)PRC_CARD_KEY16(4 * r);
        if (r < 8)
            low[r] = key;
        else
            high[r - 8] = key;
    }
    *key_low = _mm256_loadu_si256((const __m256i *)low);
    *key_high = _mm256_loadu_si256((const __m256i *)high);
}

/* What the vector part computes for 8 rows. */
typedef struct {
    __m256i sum;      /* rank sums (the low 32 bits of the scalar key) */
    __m256i lo, hi;   /* card masks: ids 0..31 in lo, 32..63 in hi */
    __m256i counts;   /* suit counts, 4 bits a suit (suit 0 lowest) */
    __m256i bad;      /* all ones in a lane with an invalid or repeated id */
} prc_avx2_hands;

/* The card-id bits no valid card has, as the two halves of a card mask:
 * ids 52..63 (bits 20..31 of the high half) and the cards the deck lacks
 * (invalid_ids). */
PRC_AVX2_ATTR static inline void prc_avx2_missing(uint64_t invalid_ids, __m256i *missing_lo,
                                                  __m256i *missing_hi) {
    const uint64_t missing = invalid_ids | 0xFFF0000000000000ULL;
    *missing_lo = _mm256_set1_epi32((int)(uint32_t)missing);
    *missing_hi = _mm256_set1_epi32((int)(uint32_t)(missing >> 32));
}

/* Constants of one 5..7-card row loop. */
typedef struct {
    prc_avx2_rows_t rows;
    __m256i key_low, key_high;
    __m256i missing_lo, missing_hi; /* prc_avx2_missing */
} prc_avx2_consts;

PRC_AVX2_ATTR static inline void prc_avx2_consts_init(prc_avx2_consts *c, int k,
                                                      uint64_t invalid_ids) {
    prc_avx2_rows_init(&c->rows, k);
    prc_avx2_key_tables(&c->key_low, &c->key_high);
    prc_avx2_missing(invalid_ids, &c->missing_lo, &c->missing_hi);
}

/* Keys, masks and checks of rows p[0..8*K) (8 rows of K card bytes). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_avx2_sum_rows(const prc_avx2_consts *c,
                                                           const uint8_t *p, const int k,
                                                           prc_avx2_hands *h) {
    __m256i loads[2];
    prc_avx2_load(p, k, loads);
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum;
    for (int g = 0; 4 * g < k; g++) {
        __m256i group = prc_avx2_group(&c->rows, loads, k, g);
        for (int m = 0; m < 4 && 4 * g + m < k; m++) {
            __m256i card = prc_avx2_card(&c->rows, group, m);
            sum = _mm256_add_epi32(sum, prc_avx2_rank_key(c->key_low, c->key_high, card));
            prc_avx2_add_bit(card, &lo, &hi);
        }
    }
    h->counts = prc_avx2_suit_counts(lo, hi);
    h->bad = prc_avx2_invalid(h->counts, lo, hi, c->missing_lo, c->missing_hi, k);
    h->sum = sum;
    h->lo = lo;
    h->hi = hi;
}

/* One bit per lane: the lanes of v whose 32-bit value has its top bit set. */
PRC_AVX2_ATTR static inline unsigned prc_avx2_lanes(__m256i v) {
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(v));
}

/* One bit per lane: the lanes of v that are not zero. */
PRC_AVX2_ATTR static inline unsigned prc_avx2_nonzero_lanes(__m256i v) {
    return 0xFFu ^ prc_avx2_lanes(_mm256_cmpeq_epi32(v, _mm256_setzero_si256()));
}

/* Rows per step: two blocks of 8, so that one block's vector work overlaps
 * the other's scalar lookups. */
#define PRC_AVX2_STEP 16

/* The two blocks of a step, rows p[0..16*k); nonzero when one of its rows
 * is bad. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE unsigned prc_avx2_sum_step(const prc_avx2_consts *c,
                                                                  const uint8_t *p, const int k,
                                                                  prc_avx2_hands h[2]) {
    prc_avx2_sum_rows(c, p, k, &h[0]);
    prc_avx2_sum_rows(c, p + 8 * k, k, &h[1]);
    return prc_avx2_lanes(_mm256_or_si256(h[0].bad, h[1].bad));
}

/* A step's rank sums (sum0: its first block's, sum1: its second's) into
 * sums, and the strength of each from table at its rank slot into out. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_avx2_lookup_step(__m256i sum0, __m256i sum1,
                                                                 const uint16_t *table,
                                                                 uint32_t sums[PRC_AVX2_STEP],
                                                                 uint16_t *out) {
    _mm256_storeu_si256((__m256i *)sums, sum0);
    _mm256_storeu_si256((__m256i *)(sums + 8), sum1);
    for (int t = 0; t < PRC_AVX2_STEP; t++) out[t] = table[prc_rank_slot(sums[t])];
}

/* Lanes holding a flush: a suit count of five or more (adding 3 to a 4-bit
 * count sets its top bit exactly then). */
PRC_AVX2_ATTR static inline __m256i prc_avx2_flush_bits(__m256i counts) {
    return _mm256_and_si256(_mm256_add_epi32(counts, _mm256_set1_epi32(0x3333)),
                            _mm256_set1_epi32(0x8888));
}

/* The strength of 6 or 7 valid cards (n) holding five or more of one suit,
 * under a game whose flushes may not play (PRC_FLUSH_LOW), from what the
 * vector loop has of the row: its rank sum, card-id mask and suit counter
 * bits (prc_low_flush_ranks). */
PRC_AVX2_ATTR static inline uint16_t prc_avx2_low_flush(const prc_game_t *g, uint32_t sum,
                                                     uint64_t ids, unsigned flush_bits,
                                                     int n) {
    return prc_low_flush_ranks(g, sum, prc_id_suit_ranks(ids, (prc_ctz64(flush_bits) - 3) >> 2),
                               n);
}

/* The 5..7-card row loops keep one row to a 64-bit lane (4 rows a
 * register), so that a row's cards are the bytes of one lane and each of
 * its sums is one instruction:
 *  - the loads of prc_avx2_load, and one byte shuffle of each, put row r's
 *    cards in bytes 0..K-1 of its lane; the other bytes get 0xF8 + their
 *    place, no card and none alike;
 *  - validation: every id < 52 (a saturating subtract), no repeat (the
 *    cards against themselves rotated by 1..K/2 places, which pairs every
 *    two of them); for a stripped deck, no card it lacks (its suits by
 *    rank, a byte shuffle);
 *  - the rank sum: 16-entry byte shuffles of the ranks give each card's
 *    rank key byte by byte (the keys fit in 3 bytes), and a sum of absolute
 *    differences against zero adds a lane's bytes; two more give the suit
 *    counts, 4 bits a suit;
 *  - the perfect-hash offset and the strength are scalar loads, a step
 *    behind the vector work; a flush (a suit count of five or more) takes
 *    the flush table at the suit's 13-bit rank mask, gathered from the
 *    row's bytes. */
typedef struct {
    __m256i place[2];   /* loads[0], loads[1] of prc_avx2_load: their rows into lanes */
    __m256i pad;        /* 0xF8 + place in the bytes past the cards */
    __m256i below;      /* 51 in card bytes, 255 in the others */
    __m256i rotate[3];  /* a lane's cards rotated by 1..K/2 places (0 in the other bytes) */
    __m256i key_byte[3];/* by rank: byte b of its rank key (0 for 13..15) */
    __m256i suits01;    /* by suit: 1 for suit 0, 16 for suit 1 */
    __m256i suits23;    /* by suit: 1 for suit 2, 16 for suit 3 */
    __m256i lacks;      /* by rank: bit s where the deck lacks the rank's suit s */
    __m256i suit_bit;   /* by suit: 1 << suit */
} prc_avx2_row_consts;

/* The byte shuffles of the block's rows: loads[which] holds, per 128-bit
 * half, two whole rows from prc_avx2_load_at; row 2 * which + r (low half)
 * or 4 + 2 * which + r (high half) goes to lane 2 * half + r. */
PRC_AVX2_ATTR static inline void prc_avx2_row_init(prc_avx2_row_consts *c, int k,
                                                    uint64_t invalid_ids) {
    uint8_t b[32];
    for (int which = 0; which < 2; which++) {
        for (int x = 0; x < 32; x++) {
            int half = x >> 4, r = (x >> 3) & 1, j = x & 7;
            int row = 4 * half + 2 * which + r;
            int at = row * k + j - prc_avx2_load_at(k, half, which);
            b[x] = j < k ? (uint8_t)at : 0x80;
        }
        c->place[which] = _mm256_loadu_si256((const __m256i *)b);
    }
    for (int x = 0; x < 32; x++) b[x] = (x & 7) < k ? 0 : (uint8_t)(0xF8 + (x & 7));
    c->pad = _mm256_loadu_si256((const __m256i *)b);
    for (int x = 0; x < 32; x++) b[x] = (x & 7) < k ? 51 : 255;
    c->below = _mm256_loadu_si256((const __m256i *)b);
    for (int d = 1; d <= k / 2; d++) {
        for (int x = 0; x < 32; x++)
            b[x] = (x & 7) < k ? (uint8_t)((x & 8) | ((x & 7) + d) % k) : 0x80;
        c->rotate[d - 1] = _mm256_loadu_si256((const __m256i *)b);
    }
    for (int byte = 0; byte < 3; byte++) {
        for (int x = 0; x < 32; x++) {
            int rank = x & 15;
            b[x] = rank < 13 ? (uint8_t)(PRC_CARD_KEY16(4 * rank) >> (8 * byte)) : 0;
        }
        c->key_byte[byte] = _mm256_loadu_si256((const __m256i *)b);
    }
    for (int x = 0; x < 32; x++) {
        int suit = x & 15;
        b[x] = (uint8_t)(suit == 0 ? 1 : suit == 1 ? 16 : 0);
    }
    c->suits01 = _mm256_loadu_si256((const __m256i *)b);
    for (int x = 0; x < 32; x++) {
        int suit = x & 15;
        b[x] = (uint8_t)(suit == 2 ? 1 : suit == 3 ? 16 : 0);
    }
    c->suits23 = _mm256_loadu_si256((const __m256i *)b);
    for (int x = 0; x < 32; x++) {
        int rank = x & 15;
        b[x] = rank < 13 ? (uint8_t)(invalid_ids >> (4 * rank) & 15) : 0;
    }
    c->lacks = _mm256_loadu_si256((const __m256i *)b);
    for (int x = 0; x < 32; x++) b[x] = (x & 15) < 4 ? (uint8_t)(1 << (x & 15)) : 0;
    c->suit_bit = _mm256_loadu_si256((const __m256i *)b);
}

/* What the vector unit computes of 4 rows, one to a 64-bit lane. */
typedef struct {
    __m256i sum;    /* rank sums */
    __m256i counts; /* suit counts, 4 bits a suit (suit 0 lowest) */
} prc_avx2_lanes4;

/* The rank sums and suit counts of 4 rows t of K cards, one to a lane
 * (padded as prc_avx2_row_consts says); ORs into *bad a nonzero byte where a row
 * holds an invalid, repeated or missing card. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE prc_avx2_lanes4
prc_avx2_row_lanes(const prc_avx2_row_consts *c, __m256i t, const int K, const int check_missing,
                   __m256i *bad) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i b = _mm256_subs_epu8(t, c->below);
    for (int d = 0; d < K / 2; d++)
        b = _mm256_or_si256(b, _mm256_cmpeq_epi8(t, _mm256_shuffle_epi8(t, c->rotate[d])));
    /* ranks 0..12 of the cards; 14, 15 (no key) in the pad bytes */
    __m256i rank = _mm256_and_si256(_mm256_srli_epi16(t, 2), _mm256_set1_epi8(0x3F));
    /* suits; the pad bytes keep their top bit, which a shuffle reads as 0 */
    __m256i suit = _mm256_and_si256(t, _mm256_set1_epi8((char)0x83));
    if (check_missing)
        b = _mm256_or_si256(b, _mm256_and_si256(_mm256_shuffle_epi8(c->lacks, rank),
                                                _mm256_shuffle_epi8(c->suit_bit, suit)));
    *bad = _mm256_or_si256(*bad, b);
    __m256i s0 = _mm256_sad_epu8(_mm256_shuffle_epi8(c->key_byte[0], rank), zero);
    __m256i s1 = _mm256_sad_epu8(_mm256_shuffle_epi8(c->key_byte[1], rank), zero);
    __m256i s2 = _mm256_sad_epu8(_mm256_shuffle_epi8(c->key_byte[2], rank), zero);
    __m256i a = _mm256_sad_epu8(_mm256_shuffle_epi8(c->suits01, suit), zero);
    __m256i s23 = _mm256_sad_epu8(_mm256_shuffle_epi8(c->suits23, suit), zero);
    prc_avx2_lanes4 q;
    q.sum = _mm256_add_epi64(_mm256_add_epi64(s0, _mm256_slli_epi64(s1, 8)),
                             _mm256_slli_epi64(s2, 16));
    q.counts = _mm256_or_si256(a, _mm256_slli_epi64(s23, 8));
    return q;
}

/* A step's rank sums and flush bits (prc_avx2_flush_bits' form, 0 for no
 * flush) by lane, and whether a row flushes, kept in memory: the table
 * loads read them from there. */
typedef struct {
    uint64_t sums[PRC_AVX2_STEP], flush[PRC_AVX2_STEP];
    int flushes;
} prc_avx2_step_t;

/* The vector work of a step, rows p[0..16 * K): nonzero if one of them is
 * bad. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE int prc_avx2_step_in(const prc_avx2_row_consts *c,
                                                            const uint8_t *p, const int K,
                                                            const int check_missing,
                                                            prc_avx2_step_t *s) {
    __m256i bad = _mm256_setzero_si256(), any = bad;
    for (int b = 0; b < 2; b++) {
        __m256i loads[2];
        prc_avx2_load(p + 8 * b * K, K, loads);
        for (int which = 0; which < 2; which++) {
            __m256i t = _mm256_or_si256(_mm256_shuffle_epi8(loads[which], c->place[which]),
                                        c->pad);
            prc_avx2_lanes4 q = prc_avx2_row_lanes(c, t, K, check_missing, &bad);
            __m256i f = _mm256_and_si256(_mm256_add_epi64(q.counts, _mm256_set1_epi64x(0x3333)),
                                         _mm256_set1_epi64x(0x8888));
            int v = 2 * b + which;
            _mm256_storeu_si256((__m256i *)(s->sums + 4 * v), q.sum);
            _mm256_storeu_si256((__m256i *)(s->flush + 4 * v), f);
            any = _mm256_or_si256(any, f);
        }
    }
    s->flushes = !_mm256_testz_si256(any, any);
    return !_mm256_testz_si256(bad, bad);
}

/* Lane t of a step's four registers holds its row prc_avx2_row_of[t]
 * (prc_avx2_row_init). */
static const int prc_avx2_row_of[PRC_AVX2_STEP] = {0, 1, 4, 5, 2, 3, 6, 7,
                                                   8, 9, 12, 13, 10, 11, 14, 15};

/* The strengths of a step's 16 rows at i, from its registers of rank sums
 * and suit counts: scalar loads of the offset and the strength, and for a
 * flush the flush table, or under a game whose flushes may not play
 * (PRC_FLUSH_LOW with 6 or 7 cards) prc_low_flush_ranks, from the row's
 * rank sum and the suit's ranks. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_avx2_step_out(const prc_game_t *g,
                                                              const uint8_t *cards, const int K,
                                                              uint16_t *out, long i,
                                                              const prc_avx2_step_t *s) {
    const uint16_t *rank_table = g->rank;
    for (int t = 0; t < PRC_AVX2_STEP; t++)
        out[i + prc_avx2_row_of[t]] = rank_table[prc_rank_slot((uint32_t)s->sums[t])];
    if (g->flush_mode == PRC_FLUSH_IGNORED || !s->flushes) return;
    for (int t = 0; t < PRC_AVX2_STEP; t++) {
        long row = i + prc_avx2_row_of[t];
        if (s->flush[t])
            out[row] = prc_row_flush_value(g, cards + row * K, K,
                                           (unsigned)prc_ctz64(s->flush[t]) >> 2,
                                           (uint32_t)s->sums[t]);
    }
}

/* The POPCNT loops from a vector loop: the upper halves of the vector
 * registers cleared first, as the POPCNT loops' SSE instructions run slowly
 * while they hold data. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_avx2_to_popcnt(const prc_game_t *game,
                                                               const uint8_t *cards, int k,
                                                               uint16_t *out, long start,
                                                               long stop) {
    _mm256_zeroupper();
    return prc_rows_popcnt_k(game, cards, k, out, start, stop);
}

/* The row loop of a vector tier NAME, prc_rows_NAME_body: rows start..stop
 * under game (NULL: the high ranking's static tables), STEP a step, with the
 * tier's constants (NAME##_row_consts, NAME##_row_init) and steps.
 * Software-pipelined: a step's table loads (NAME##_step_out) come after the
 * next step's vector work (NAME##_step_in), so that the two overlap instead
 * of one waiting on the other. A step holding a bad row, and the rows after
 * the last step, go to the POPCNT loop. */
#define PRC_DEFINE_PIPELINED_ROWS(NAME, ATTR, STEP)                                       \
    ATTR static PRC_ALWAYS_INLINE long NAME##_rows_body(const prc_game_t *game,           \
                                                        const uint8_t *cards, const int K, \
                                                        uint16_t *out, long start,         \
                                                        long stop) {                       \
        const prc_game_t local = prc_game_or_high(game), *g = &local;                     \
        const int check_missing = g->invalid_ids != 0;                                    \
        NAME##_row_consts c;                                                              \
        NAME##_row_init(&c, K, g->invalid_ids);                                           \
        NAME##_step_t step[2]; /* the step's and the one before it, in turn */           \
        long i = start, at = -1; /* at: the step whose table loads are left, or -1 */     \
        for (int now = 0; i + (STEP) <= stop; i += (STEP), now ^= 1) {                    \
            int bad = NAME##_step_in(&c, cards + i * K, K, check_missing, &step[now]);    \
            if (at >= 0) NAME##_step_out(g, cards, K, out, at, &step[now ^ 1]);           \
            at = bad ? -1 : i;                                                            \
            if (bad) {                                                                    \
                long r = prc_avx2_to_popcnt(game, cards, K, out, i, i + (STEP));          \
                if (r >= 0) return r;                                                     \
            }                                                                             \
        }                                                                                 \
        if (at >= 0) NAME##_step_out(g, cards, K, out, at, &step[(((i - start) / (STEP)) & 1) ^ 1]); \
        return prc_avx2_to_popcnt(game, cards, K, out, i, stop);                          \
    }

PRC_DEFINE_PIPELINED_ROWS(prc_avx2, PRC_AVX2_ATTR, PRC_AVX2_STEP)

PRC_DEFINE_VECTOR_ROWS(avx2, PRC_AVX2_ATTR, 5)
PRC_DEFINE_VECTOR_ROWS(avx2, PRC_AVX2_ATTR, 6)
PRC_DEFINE_VECTOR_ROWS(avx2, PRC_AVX2_ATTR, 7)

/* ------------------------------------------------------------------------
 * Omaha. */

/* The AVX2 Omaha row loops, 8 hands to a vector. They read the same tables as
 * prc_omaha_rows and fill exactly what it fills: a block holding an invalid
 * row, and the rows after the last full block, go to the scalar loop, which
 * reports the first invalid row.
 *
 * One block of 8 hands:
 *  - hole and board bytes come in as in the loops above (loads inside the rows,
 *    byte shuffles into 32-bit lanes);
 *  - validation as there over all nh + nb cards (the suit counts of the
 *    card mask add up to nh + nb, no card outside the deck);
 *  - the board's rank sum is hashed and its pattern row found, and the
 *    row's cache lines prefetched; a block later, one lookup per
 *    hole pair reads the row at the pair's column (hi * (hi + 1) / 2 + lo
 *    of the two ranks, computed 8 hands to a vector). The lookups are
 *    scalar loads, as in the loops above;
 *  - hi-lo with an eight-or-better low: the low is one lookup a hand, at
 *    the board's and the hole cards' sets of low ranks (prc_omaha_t's
 *    low_best; the sets come from a byte shuffle per card);
 *  - flushes (flush-dominant games): a hand can flush only with two or more
 *    hole cards of a suit the board holds three or more of (per-suit
 *    counters of board and hole cards); for those hands, about one in ten,
 *    the flush row of the board's ranks in that suit is read at each pair
 *    of the hole cards' ranks in it (the suit's ranks from the card masks,
 *    without a branch per card). */
typedef struct {
    prc_avx2_rows_t hole_rows, board_rows;
    __m256i key_low, key_high;
    __m256i low_bits; /* hi-lo from rank sets: the low game's low_bit, twice */
    int low_sets;     /* hi-lo: the low comes from rank sets (olo->low_best) */
} prc_avx2_omaha_consts;

/* Hi-lo whose low is read from pattern rows (a low game without rank
 * sets) with this many hole cards or more runs as two passes over spans
 * (prc_omaha_rows_avx2_hilo_spans); fewer, or a low from rank sets, as
 * one pass. */
#define PRC_AVX2_OMAHA_SPANS_FROM_HOLES 6

/* Suit counters of a card: 1 << (4 * suit). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_omaha_suit_one(__m256i card) {
    return _mm256_sllv_epi32(_mm256_set1_epi32(1),
                             _mm256_slli_epi32(_mm256_and_si256(card, _mm256_set1_epi32(3)), 2));
}

/* Each lane's card's bit in the low game's rank sets (prc_omaha_t.low_bit;
 * the lane's upper bytes get entry 0: callers keep the low byte only). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_omaha_low_bit(__m256i low_bits, __m256i card) {
    return _mm256_shuffle_epi8(low_bits, _mm256_srli_epi32(card, 2));
}

/* Column of each lane's pair of ranks: hi * (hi + 1) / 2 + lo, the
 * triangle number from a 16-entry byte table (ranks are 0..12, so the
 * lane's upper bytes index entry 0, which is 0). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_avx2_omaha_column(__m256i ra, __m256i rb) {
    const __m256i triangle = _mm256_setr_epi8(
        0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 28, 36,
        45, 55, 66, 78, 0, 0, 0);
    __m256i hi = _mm256_max_epu32(ra, rb), lo = _mm256_min_epu32(ra, rb);
    return _mm256_add_epi32(_mm256_shuffle_epi8(triangle, hi), lo);
}

/* First pass over 8 rows: returns the lanes holding an invalid row (a
 * bit a lane). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE unsigned prc_avx2_omaha_first_pass(
    const prc_avx2_omaha_consts *c, const prc_omaha_t *o, const prc_omaha_t *olo, __m256i missing_lo,
    __m256i missing_hi, const uint8_t *holes, const int NH, const uint8_t *boards,
    const int NB, int flushes, prc_omaha_block_t *blk) {
    __m256i loads[2], rank[6];
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum, board_suits = sum;
    __m256i board_set = sum, hole_set = sum; /* hi-lo from rank sets */
    prc_avx2_load(boards, NB, loads);
    for (int g = 0; 4 * g < NB; g++) {
        __m256i group = prc_avx2_group(&c->board_rows, loads, NB, g);
        for (int m = 0; m < 4 && 4 * g + m < NB; m++) {
            __m256i card = prc_avx2_card(&c->board_rows, group, m);
            sum = _mm256_add_epi32(sum, prc_avx2_rank_key(c->key_low, c->key_high, card));
            prc_avx2_add_bit(card, &lo, &hi);
            if (flushes) board_suits = _mm256_add_epi32(board_suits, prc_avx2_omaha_suit_one(card));
            if (c->low_sets)
                board_set = _mm256_or_si256(board_set, prc_avx2_omaha_low_bit(c->low_bits, card));
        }
    }
    const __m256i board_lo = lo, board_hi = hi;
    prc_avx2_load(holes, NH, loads);
    for (int g = 0; 4 * g < NH; g++) {
        __m256i group = prc_avx2_group(&c->hole_rows, loads, NH, g);
        for (int m = 0; m < 4 && 4 * g + m < NH; m++) {
            __m256i card = prc_avx2_card(&c->hole_rows, group, m);
            rank[4 * g + m] = _mm256_srli_epi32(card, 2);
            prc_avx2_add_bit(card, &lo, &hi);
            if (c->low_sets)
                hole_set = _mm256_or_si256(hole_set, prc_avx2_omaha_low_bit(c->low_bits, card));
        }
    }
    __m256i counts = prc_avx2_suit_counts(lo, hi);
    unsigned bad = prc_avx2_lanes(prc_avx2_invalid(counts, lo, hi, missing_lo, missing_hi, NH + NB));
    if (bad) return bad;
    /* Hash each board and prefetch its pattern rows (scalar loads: gathers
     * are slow on AMD), for the second pass a block later. */
    uint32_t sums[8];
    _mm256_storeu_si256((__m256i *)sums, sum);
    for (int t = 0; t < 8; t++) {
        uint32_t slot = prc_board_slot(sums[t]);
        blk->row[t] = prc_omaha_fetch_row(o, slot);
        if (olo && !c->low_sets) {
            /* not prefetched: a low game's rows are shared (a few
             * hundred distinct, in L2), so a prefetch only adds work */
            blk->lo_row[t] = olo->best + (size_t)olo->pattern_of_slot[slot] * PRC_PATTERN_STRIDE;
        }
    }
    if (c->low_sets) {
        const __m256i byte = _mm256_set1_epi32(0xFF);
        __m256i index = _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(board_set, byte), 8),
                                        _mm256_and_si256(hole_set, byte));
        _mm256_storeu_si256((__m256i *)blk->low_index, index);
        /* the lows' table (128 KB) does not stay in L2 beside the high
         * rows, so its entries are prefetched with them */
        for (int t = 0; t < 8; t++) PRC_PREFETCH(olo->low_best + blk->low_index[t]);
    }
    int pair = 0;
    for (int a = 0; a < NH; a++)
        for (int b = a + 1; b < NH; b++)
            _mm256_storeu_si256((__m256i *)blk->column[pair++],
                                prc_avx2_omaha_column(rank[a], rank[b]));
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
            ~prc_avx2_lanes(_mm256_cmpeq_epi32(may, _mm256_setzero_si256())) & 0xFFu;
        if (blk->flush_lanes) { /* valid rows: hole and board cards are apart */
            uint32_t suits[8], board_ids[2][8], hole_ids[2][8];
            _mm256_storeu_si256((__m256i *)suits, may);
            _mm256_storeu_si256((__m256i *)board_ids[0], board_lo);
            _mm256_storeu_si256((__m256i *)board_ids[1], board_hi);
            _mm256_storeu_si256((__m256i *)hole_ids[0], _mm256_andnot_si256(board_lo, lo));
            _mm256_storeu_si256((__m256i *)hole_ids[1], _mm256_andnot_si256(board_hi, hi));
            for (unsigned m = blk->flush_lanes; m; m &= m - 1) {
                int t = prc_ctz64(m), suit = (prc_ctz64(suits[t]) - 3) >> 2;
                uint64_t board = (uint64_t)board_ids[1][t] << 32 | board_ids[0][t];
                uint64_t hole = (uint64_t)hole_ids[1][t] << 32 | hole_ids[0][t];
                blk->flush_ranks[t] = prc_id_suit_ranks(board, suit) |
                                      prc_id_suit_ranks(hole, suit) << 16;
            }
        }
    }
    return 0;
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
    __m256i missing_lo, missing_hi;
    prc_avx2_missing(g->invalid_ids | (glo ? glo->invalid_ids : 0), &missing_lo, &missing_hi);
    prc_avx2_omaha_consts c;
    prc_avx2_rows_init(&c.hole_rows, NH);
    prc_avx2_rows_init(&c.board_rows, NB);
    prc_avx2_key_tables(&c.key_low, &c.key_high);
    c.low_sets = olo && olo->low_best;
    c.low_bits = c.low_sets ? _mm256_broadcastsi128_si256(
                                  _mm_loadu_si128((const __m128i *)olo->low_bit))
                            : _mm256_setzero_si256();
#define PRC_AVX2_OMAHA_FIRST(n, blk)                                                      \
    prc_avx2_omaha_first_pass(&c, o, olo, missing_lo, missing_hi, holes + (n) * NH, NH,   \
                              boards + (n) * NB, NB, flushes, blk)
    PRC_OMAHA_VECTOR_ROWS(8, prc_omaha_block_t, PRC_AVX2_OMAHA_FIRST, prc_omaha_block_out, 1)
#undef PRC_AVX2_OMAHA_FIRST
}

/* Hi-lo as two passes over spans of rows, for lows read from pattern rows
 * (eight-or-better lows take one pass: one lookup a hand): the high loop,
 * then the low loop (the low game's flushes are ignored, so the high-only
 * body ranks it), each into a buffer, then both interleaved into out.
 * With 6 hole cards (15 pairs) a one pass reads both games' slot tables
 * and pattern rows at once, which miss the L2 cache more often than two
 * passes do; spans keep each pass's tables warm. The same rows are written
 * and the same first bad row returned: the first row invalid for either
 * game. */
#define PRC_AVX2_OMAHA_SPAN 512

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_omaha_rows_avx2_hilo_spans(
    const prc_game_t *hi, const prc_omaha_t *ohi, const prc_game_t *lo, const prc_omaha_t *olo,
    const uint8_t *holes, const int NH, const uint8_t *boards, const int NB, uint16_t *out,
    long start, long stop) {
    uint16_t high[PRC_AVX2_OMAHA_SPAN], low[PRC_AVX2_OMAHA_SPAN];
    for (long base = start; base < stop; base += PRC_AVX2_OMAHA_SPAN) {
        long n = stop - base < PRC_AVX2_OMAHA_SPAN ? stop - base : PRC_AVX2_OMAHA_SPAN;
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
typedef long (*prc_avx2_omaha_rows_fn)(const prc_game_t *, const prc_omaha_t *, const prc_game_t *,
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
        if ((NH_ARG) >= PRC_AVX2_OMAHA_SPANS_FROM_HOLES && !olo->low_best)                    \
            return prc_omaha_rows_avx2_hilo_spans(hi, ohi, lo, olo, holes, NH_ARG, boards, \
                                                  NB_ARG, out, start, stop);            \
        return prc_omaha_rows_avx2_body(hi, ohi, lo, olo, holes, NH_ARG, boards, NB_ARG, \
                                        out, start, stop);                              \
    }

PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_4_5, 4, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_5_5, 5, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_6_5, 6, 5)
PRC_DEFINE_OMAHA_AVX2(prc_omaha_rows_avx2_any, nh, nb)

static inline prc_avx2_omaha_rows_fn prc_omaha_avx2_loop(int nh, int nb, int hilo) {
    static const prc_avx2_omaha_rows_fn loops[2][4] = {
        {prc_omaha_rows_avx2_4_5, prc_omaha_rows_avx2_5_5, prc_omaha_rows_avx2_6_5,
         prc_omaha_rows_avx2_any},
        {prc_omaha_rows_avx2_4_5_hilo, prc_omaha_rows_avx2_5_5_hilo,
         prc_omaha_rows_avx2_6_5_hilo, prc_omaha_rows_avx2_any_hilo},
    };
    return loops[hilo != 0][nb == 5 && nh >= 4 && nh <= 6 ? nh - 4 : 3];
}

/* ------------------------------------------------------------------------
 * Wild cards. */

/* AVX2 loops for wild games, 16 rows a step as the high loops, for every
 * wild ranking (the lowest-card rule too). The vector part gives each row
 * what the scalar rows loop computes: the rank sum of its natural cards,
 * its wild count, its natural suit counts, and whether it is valid; the
 * strength is then two scalar loads (hand_rank at the natural pattern's
 * slot), and a row in which a suit reaches five with the wild cards is
 * settled as prc_wild_settle_step says. The loop itself is
 * PRC_DEFINE_WILD_VECTOR_BODY's (prc_wild.h): a step with an invalid row,
 * and the rows after the last step, go to the scalar rows loop
 * (prc_wild_rows_popcnt).
 *
 * Per card, as in the high loops: its rank key (0 for the jokers, ids 52 and
 * 53: rank 13 has none) and its bit in a 64-bit card-id mask. Per block:
 *  - the mask split by the card entries into natural and wild cards
 *    (ids outside the deck are neither; ids 64 and up set no bit);
 *  - wild cards by rank (a nibble of the id mask: the jokers are nibble
 *    13): their count, by a 16-entry byte shuffle, joins the wild count
 *    and leaves the rank sum (count times the rank's key);
 *  - under the lowest-card rule, the lowest natural card's rank (never
 *    aces): the mask's lowest set bit, whose float exponent is its index;
 *    that rank's natural cards leave the rank sum and the suit counts and
 *    join the wild count;
 *  - valid: the natural and the wild cards add up to K (each distinct id
 *    in the deck is one bit of one kind; a repeat, an id outside the deck
 *    or of 64 or more falls short). */

/* The card-id mask of a game's natural cards, from its card entries, and
 * its wild groups: each rank with wild ids, as its nibble in the low (ids
 * 0..31) or high half of the mask, the nibble's wild bits and the rank's
 * key (the jokers, nibble 13, have none). */
typedef struct {
    int high;
    uint32_t shift, bits, key;
} prc_wild_group_t;

typedef struct {
    uint64_t natural;
    int n;
    prc_wild_group_t groups[16];
} prc_wild_groups_t;

static inline void prc_wild_groups(const prc_wild_t *x, prc_wild_groups_t *out) {
    uint64_t natural = 0, wild = 0;
    for (int id = 0; id < 64; id++) {
        uint64_t key = x->card16[2 * id];
        if (key == 1ULL << PRC_WILD_SHIFT)
            wild |= 1ULL << id;
        else if (!(key >> PRC_INVALID_SHIFT)) /* not the poison key */
            natural |= 1ULL << id;
    }
    int n = 0;
    for (int r = 0; r < 16; r++) {
        unsigned bits = (unsigned)(wild >> (4 * r)) & 15u;
        if (!bits) continue;
        out->groups[n].high = r >= 8;
        out->groups[n].shift = (uint32_t)(4 * (r & 7));
        out->groups[n].bits = bits;
        out->groups[n].key = r < 13 ? (uint32_t)PRC_CARD_KEY16(4 * r) : 0;
        n++;
    }
    out->natural = natural;
    out->n = n;
}

/* A game's wild groups and natural cards in W-bit vectors (256 or 512),
 * for a tier's loops (ATTR): prc_wild_vW_t, filled by prc_wild_vW_init. */
#define PRC_DEFINE_WILD_VECTOR_GROUPS(W, ATTR)                                              \
    typedef struct {                                                                        \
        int high;                                                                           \
        __m##W##i shift, bits, key;                                                         \
    } prc_wild_v##W##_group_t;                                                              \
    typedef struct {                                                                        \
        __m##W##i natural_lo, natural_hi;                                                   \
        int n;                                                                              \
        prc_wild_v##W##_group_t groups[16];                                                 \
    } prc_wild_v##W##_t;                                                                    \
    ATTR static inline void prc_wild_v##W##_init(prc_wild_v##W##_t *v,                      \
                                                const prc_wild_t *x) {                      \
        prc_wild_groups_t groups;                                                           \
        prc_wild_groups(x, &groups);                                                        \
        v->natural_lo = _mm##W##_set1_epi32((int)(uint32_t)groups.natural);                 \
        v->natural_hi = _mm##W##_set1_epi32((int)(uint32_t)(groups.natural >> 32));         \
        v->n = groups.n;                                                                    \
        for (int j = 0; j < groups.n; j++) {                                                \
            const prc_wild_group_t *g = &groups.groups[j];                                  \
            v->groups[j].high = g->high;                                                    \
            v->groups[j].shift = _mm##W##_set1_epi32((int)g->shift);                        \
            v->groups[j].bits = _mm##W##_set1_epi32((int)g->bits);                          \
            v->groups[j].key = _mm##W##_set1_epi32((int)g->key);                            \
        }                                                                                   \
    }

/* The wild groups' cards (G, a prc_wild_vW_t) of the rows whose card-id
 * masks are lo and hi, in W-bit vectors, leave the rank sums (sum) and join
 * the wild count (w), and lo and hi keep the natural cards; popcount4: the
 * bits set in a nibble, by a byte shuffle. */
#define PRC_WILD_GROUPS_OUT(W, G, lo, hi, w, sum, popcount4)                                \
    do {                                                                                    \
        for (int j = 0; j < (G)->n; j++) {                                                  \
            const prc_wild_v##W##_group_t *g = &(G)->groups[j];                             \
            __m##W##i bits =                                                                \
                _mm##W##_and_si##W(_mm##W##_srlv_epi32(g->high ? hi : lo, g->shift), g->bits);\
            __m##W##i count = _mm##W##_shuffle_epi8(popcount4, bits);                       \
            w = _mm##W##_add_epi32(w, count);                                               \
            sum = _mm##W##_sub_epi32(sum, _mm##W##_mullo_epi32(count, g->key));             \
        }                                                                                   \
        lo = _mm##W##_and_si##W(lo, (G)->natural_lo);                                       \
        hi = _mm##W##_and_si##W(hi, (G)->natural_hi);                                       \
    } while (0)

PRC_DEFINE_WILD_VECTOR_GROUPS(256, PRC_AVX2_ATTR)

typedef struct {
    prc_avx2_consts c;
    prc_wild_v256_t groups;
} prc_wild_avx2_t;

PRC_AVX2_ATTR static inline void prc_wild_avx2_init(prc_wild_avx2_t *y, const prc_wild_t *x, int k) {
    prc_wild_v256_init(&y->groups, x);
    prc_avx2_consts_init(&y->c, k, 0); /* the wild loop checks its ids itself */
}

/* What the vector part gives for 8 rows. */
typedef struct {
    __m256i sum;    /* rank sums of the natural cards */
    __m256i counts; /* natural suit counts, 4 bits a suit */
    __m256i w;      /* wild cards */
    __m256i bad;    /* all ones in a lane with an invalid or repeated id */
    __m256i lo, hi; /* natural cards' ids (the lowest rank's still in) */
} prc_wild_avx2_hands;

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_wild_avx2_rows(const prc_wild_avx2_t *y,
                                                            const uint8_t *p, const int k,
                                                            const int lowest,
                                                            prc_wild_avx2_hands *h) {
    /* bits set in a nibble: 0..4 */
    const __m256i popcount4 = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                               0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi32(15);
    __m256i loads[2];
    prc_avx2_load(p, k, loads);
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum, w = sum;
    for (int g = 0; 4 * g < k; g++) {
        __m256i group = prc_avx2_group(&y->c.rows, loads, k, g);
        for (int m = 0; m < 4 && 4 * g + m < k; m++) {
            __m256i card = prc_avx2_card(&y->c.rows, group, m);
            sum = _mm256_add_epi32(sum, prc_avx2_rank_key(y->c.key_low, y->c.key_high, card));
            prc_avx2_add_bit(card, &lo, &hi);
        }
    }
    PRC_WILD_GROUPS_OUT(256, &y->groups, lo, hi, w, sum, popcount4);
    __m256i counts = prc_avx2_suit_counts(lo, hi);
    __m256i total = _mm256_add_epi32(counts, _mm256_srli_epi32(counts, 8));
    total = _mm256_and_si256(_mm256_add_epi32(total, _mm256_srli_epi32(total, 4)), nibble);
    h->bad = _mm256_xor_si256(
        _mm256_cmpeq_epi32(_mm256_add_epi32(total, w), _mm256_set1_epi32(k)),
        _mm256_set1_epi32(-1));
    if (lowest) {
        /* The lowest natural id: the float exponent of the lowest set bit
         * (1 << 31 converts to -2^31: the sign is masked off); 127 below
         * it for the low half, 95 for the high one. No natural card gives
         * an id below -32, whose shift clears every bit. */
        const __m256i exponent = _mm256_set1_epi32(0xFF);
        __m256i low_bit = _mm256_and_si256(lo, _mm256_sub_epi32(_mm256_setzero_si256(), lo));
        __m256i high_bit = _mm256_and_si256(hi, _mm256_sub_epi32(_mm256_setzero_si256(), hi));
        __m256i low_id = _mm256_and_si256(
            _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(low_bit)), 23), exponent);
        __m256i high_id = _mm256_and_si256(
            _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(high_bit)), 23), exponent);
        __m256i id = _mm256_blendv_epi8(_mm256_sub_epi32(low_id, _mm256_set1_epi32(127)),
                                        _mm256_sub_epi32(high_id, _mm256_set1_epi32(95)),
                                        _mm256_cmpeq_epi32(lo, _mm256_setzero_si256()));
        /* The rank's first id: its nibble's shift in the 64-bit mask (a
         * shift of 32 or more, or a negative one, reads nothing). */
        __m256i at = _mm256_and_si256(id, _mm256_set1_epi32(~3));
        __m256i column = _mm256_and_si256(
            _mm256_or_si256(_mm256_srlv_epi32(lo, at),
                            _mm256_srlv_epi32(hi, _mm256_sub_epi32(at, _mm256_set1_epi32(32)))),
            nibble);
        /* aces (ids 48..51) are never the lowest card */
        column = _mm256_andnot_si256(_mm256_cmpgt_epi32(at, _mm256_set1_epi32(47)), column);
        __m256i count = _mm256_shuffle_epi8(popcount4, column);
        w = _mm256_add_epi32(w, count);
        sum = _mm256_sub_epi32(
            sum, _mm256_mullo_epi32(count, prc_avx2_rank_key(y->c.key_low, y->c.key_high, at)));
        /* The column's suits (bit s of the nibble) leave the counters. */
        const __m256i suits01 = prc_avx2_suits01();
        const __m256i suits23 = prc_avx2_suits23();
        counts = _mm256_sub_epi32(
            counts, _mm256_or_si256(_mm256_shuffle_epi8(suits01, column),
                                    _mm256_slli_epi32(_mm256_shuffle_epi8(suits23, column), 8)));
    }
    h->sum = sum;
    h->counts = counts;
    h->w = w;
    h->lo = lo;
    h->hi = hi;
}

/* A step of 16 rows (PRC_DEFINE_WILD_VECTOR_BODY). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE int prc_wild_avx2_step(const prc_wild_avx2_t *y,
                                                           const uint8_t *rows, const int K,
                                                           const int LOWEST,
                                                           const uint16_t *hand_rank,
                                                           const int flushes, uint16_t *out,
                                                           prc_wild_reach_t *r) {
    prc_wild_avx2_hands h[2];
    prc_wild_avx2_rows(y, rows, K, LOWEST, &h[0]);
    prc_wild_avx2_rows(y, rows + 8 * K, K, LOWEST, &h[1]);
    if (prc_avx2_lanes(_mm256_or_si256(h[0].bad, h[1].bad))) return 1;
    uint32_t sums[PRC_AVX2_STEP];
    prc_avx2_lookup_step(h[0].sum, h[1].sum, hand_rank, sums, out);
    r->lanes = 0;
    r->lowest_in = LOWEST;
    if (!flushes) return 0;
    /* A suit's count plus the wild cards reaching five (3 + 7 at most: no
     * carry between the 4-bit counters). */
    const __m256i reach_start = _mm256_set1_epi32(0x3333), spread = _mm256_set1_epi32(0x1111);
    const __m256i reach_bits = _mm256_set1_epi32(0x8888);
    for (int b = 0; b < 2; b++) {
        __m256i reach = _mm256_and_si256(
            _mm256_add_epi32(_mm256_add_epi32(h[b].counts, reach_start),
                             _mm256_mullo_epi32(h[b].w, spread)),
            reach_bits);
        unsigned lanes = prc_avx2_nonzero_lanes(reach);
        if (!lanes) continue;
        r->lanes |= lanes << (8 * b);
        _mm256_storeu_si256((__m256i *)(r->lo + 8 * b), h[b].lo);
        _mm256_storeu_si256((__m256i *)(r->hi + 8 * b), h[b].hi);
        _mm256_storeu_si256((__m256i *)(r->wilds + 8 * b), h[b].w);
        _mm256_storeu_si256((__m256i *)(r->suits + 8 * b), reach);
    }
    return 0;
}

PRC_DEFINE_ALL_WILD_VECTOR_ROWS(avx2, PRC_AVX2_ATTR, PRC_AVX2_STEP, prc_wild_rows_popcnt,
                                _mm256_zeroupper())

/* ------------------------------------------------------------------------
 * Suit tie-breaks. */

/* The AVX2 loop: the vector part of the game's AVX2 loop (above:
 * validation, rank sums, card-id masks, flushes) for two blocks of 8 rows;
 * the plain strengths by scalar loads, as there; then each row's suit key
 * by the vector plan (prc_vkind_t) over its ranks' sorted_suits bytes,
 * which the vector unit looks up for 8 rows at once. Rows holding five of
 * one suit, and plans that search, go to the scalar code (the POPCNT loop
 * of one row, prc_suited_checked); so do a step of 16 rows that holds a
 * bad row, and the rows after the last full step. */

/* The sorted_suits bytes of every rank (byte r of 16, ranks 13-15 zero) of
 * a block's 8 rows, from their card masks: rows 0, 4, 1, 5, 2, 6, 3, 7 in
 * out[0..8) (the 128-bit lanes hold rows 0-3 and 4-7). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_suited_avx2_sorted(__m256i lo, __m256i hi,
                                                                __m256i sorted,
                                                                uint8_t out[8][16]) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    /* byte m of a 32-bit half: rank 2m in its low nibble, 2m + 1 above */
    __m256i lo_even = _mm256_shuffle_epi8(sorted, _mm256_and_si256(lo, nibble));
    __m256i lo_odd = _mm256_shuffle_epi8(sorted, _mm256_and_si256(_mm256_srli_epi32(lo, 4), nibble));
    __m256i hi_even = _mm256_shuffle_epi8(sorted, _mm256_and_si256(hi, nibble));
    __m256i hi_odd = _mm256_shuffle_epi8(sorted, _mm256_and_si256(_mm256_srli_epi32(hi, 4), nibble));
    __m256i low01 = _mm256_unpacklo_epi8(lo_even, lo_odd);  /* rows 0, 1: ranks 0-7 */
    __m256i low23 = _mm256_unpackhi_epi8(lo_even, lo_odd);  /* rows 2, 3 */
    __m256i high01 = _mm256_unpacklo_epi8(hi_even, hi_odd); /* rows 0, 1: ranks 8-15 */
    __m256i high23 = _mm256_unpackhi_epi8(hi_even, hi_odd);
    _mm256_storeu_si256((__m256i *)out[0], _mm256_unpacklo_epi64(low01, high01));
    _mm256_storeu_si256((__m256i *)out[2], _mm256_unpackhi_epi64(low01, high01));
    _mm256_storeu_si256((__m256i *)out[4], _mm256_unpacklo_epi64(low23, high23));
    _mm256_storeu_si256((__m256i *)out[6], _mm256_unpackhi_epi64(low23, high23));
}

/* Suit key of one row: its ranks' sorted_suits bytes through the plan.
 * After the byte multiply-add, 16-bit word 0 holds places 0-1 at bits 4-7,
 * word 1 places 2-3 there, word 2 place 4 at bits 4-5; one multiply moves
 * the three words to 48, 52 and 56 (the other products fall below bit 48
 * or past bit 63), and the key is read 4 bits higher. */
#define PRC_SUIT_AVX2_WORDS ((1ULL << 48) | (1ULL << 36) | (1ULL << 24))

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE unsigned prc_suited_avx2_key(const uint8_t sorted[16],
                                                                 uint64_t play,
                                                                 const prc_vkind_t *kinds) {
    const prc_vkind_t *kind = kinds + (play >> 56);
    __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)sorted),
                                 _mm_cvtsi64_si128((long long)play));
    b = _mm_and_si128(b, _mm_loadu_si128((const __m128i *)kind->mask));
    b = _mm_maddubs_epi16(b, _mm_loadu_si128((const __m128i *)kind->mul));
    return (unsigned)(((uint64_t)_mm_cvtsi128_si64(b) * PRC_SUIT_AVX2_WORDS) >> 52);
}

/* One row of k valid cards holding five of one suit (flush: its suit
 * counter bits; sum: its rank sum; ids: its card-id mask; s: the rank
 * table's strength, which is the row's when the game ignores flushes): its
 * plain strength (the flush table's where a flush plays; else, for
 * deuce-to-seven's 6 and 7 cards, prc_avx2_low_flush), then as the POPCNT
 * loop's second pass. Out of line: inlined, its registers crowd the suit
 * loops. */
PRC_AVX2_ATTR static PRC_NOINLINE void prc_suited_avx2_flush(const prc_suited_t *x,
                                                             const uint8_t *cards, int k,
                                                             uint32_t *out, long row,
                                                             uint32_t sum, uint64_t ids,
                                                             unsigned flush, unsigned s) {
    const uint8_t *hand = cards + (size_t)row * (size_t)k;
    if (x->game.flush_mode == PRC_FLUSH_LOW && k > 5) {
        s = prc_avx2_low_flush(&x->game, sum, ids, flush, k);
    } else if (x->game.flush_mode != PRC_FLUSH_IGNORED) {
        s = x->game.flush[prc_id_suit_ranks(ids, (prc_ctz64(flush) - 3) >> 2)];
    }
    if (s == 0 || s > (unsigned)x->n_classes) {
        out[row] = 0;
        return;
    }
    out[row] = prc_suited_rare(x, x->plan + s, hand, k, ids, s, flush);
}

/* The POPCNT suit loop from a vector loop, as prc_avx2_to_popcnt. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_avx2_suited_to_popcnt(const prc_suited_t *x,
                                                                      const uint8_t *cards,
                                                                      int k, uint32_t *out,
                                                                      long start, long stop) {
    _mm256_zeroupper();
    return prc_suited_rows_popcnt_k(x, cards, k, out, start, stop);
}

/* A row a vector suit loop hands on: one holding five of one suit (flush:
 * its suit counter bits, else 0) by prc_suited_avx2_flush, else (its plan
 * searches) by the POPCNT loop. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_suited_avx2_rare(const prc_suited_t *x,
                                                                 const uint8_t *cards, int k,
                                                                 uint32_t *out, long row,
                                                                 uint32_t sum, uint64_t ids,
                                                                 unsigned flush, unsigned s) {
    if (flush)
        prc_suited_avx2_flush(x, cards, k, out, row, sum, ids, flush, s);
    else /* no vzeroupper for one row: after one, the vector loop would load
          * its constants again, which costs more than one row's few SSE
          * instructions with the upper halves in use (bench/README.md,
          * "Tuning of the row loops") */
        prc_suited_rows_popcnt_k(x, cards, k, out, row, row + 1);
}

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_suited_avx2_body(const prc_suited_t *x,
                                                                 const uint8_t *cards,
                                                                 const int K, uint32_t *out,
                                                                 long start, long stop) {
    const uint16_t *rank_table = x->game.rank;
    const uint64_t *plays = x->vplan;
    const prc_vkind_t *kinds = x->vplan_kinds;
    const unsigned n_classes = (unsigned)x->n_classes;
    const int searching = x->vplan_search;
    const __m256i sorted =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x->sorted_suits));
    /* where row t of a block finds its sorted_suits bytes */
    static const uint8_t slot_of[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    prc_avx2_consts c;
    prc_avx2_consts_init(&c, K, x->game.invalid_ids);
    long i = start;
    for (; i + PRC_AVX2_STEP <= stop; i += PRC_AVX2_STEP) {
        prc_avx2_hands h[2];
        if (prc_avx2_sum_step(&c, cards + i * K, K, h)) {
            long r = prc_avx2_suited_to_popcnt(x, cards, K, out, i, i + PRC_AVX2_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_AVX2_STEP];
        unsigned strength[PRC_AVX2_STEP];
        uint8_t sorted_of[2][8][16];
        _mm256_storeu_si256((__m256i *)sums, h[0].sum);
        _mm256_storeu_si256((__m256i *)(sums + 8), h[1].sum);
        /* rows the scalar code finishes: five of one suit, a plan that
         * searches, no strength (plan 0 searches) */
        __m256i flush_bits[2] = {prc_avx2_flush_bits(h[0].counts), prc_avx2_flush_bits(h[1].counts)};
        unsigned rare =
            prc_avx2_nonzero_lanes(flush_bits[0]) | prc_avx2_nonzero_lanes(flush_bits[1]) << 8;
        for (int t = 0; t < PRC_AVX2_STEP; t++) {
            uint32_t sum = sums[t];
            unsigned s = rank_table[sum + prc_hash_offset[sum >> PRC_RANK_SHIFT]];
            strength[t] = s <= n_classes ? s : 0;
        }
        prc_suited_avx2_sorted(h[0].lo, h[0].hi, sorted, sorted_of[0]);
        prc_suited_avx2_sorted(h[1].lo, h[1].hi, sorted, sorted_of[1]);
        for (int b = 0; b < 2; b++)
            for (int t = 0; t < 8; t++) {
                unsigned s = strength[8 * b + t];
                out[i + 8 * b + t] = (uint32_t)s << PRC_SUIT_KEY_BITS |
                                     prc_suited_avx2_key(sorted_of[b][slot_of[t]], plays[s], kinds);
            }
        /* a plan that searches gave its row a key of 0 above: the scalar
         * code writes the row again. Of the built-in rankings only
         * incomplete hands have such plans; the check stays out of the key
         * loop, the hot one */
        if (searching)
            for (int t = 0; t < PRC_AVX2_STEP; t++)
                rare |= (unsigned)(plays[strength[t]] >> 56 == PRC_VPLAN_SEARCH) << t;
        if (!rare) continue;
        uint32_t lo[PRC_AVX2_STEP], hi[PRC_AVX2_STEP], bits[PRC_AVX2_STEP];
        for (int b = 0; b < 2; b++) {
            _mm256_storeu_si256((__m256i *)(lo + 8 * b), h[b].lo);
            _mm256_storeu_si256((__m256i *)(hi + 8 * b), h[b].hi);
            _mm256_storeu_si256((__m256i *)(bits + 8 * b), flush_bits[b]);
        }
        for (; rare; rare &= rare - 1) {
            int t = prc_ctz64(rare);
            prc_suited_avx2_rare(x, cards, K, out, i + t, sums[t], (uint64_t)hi[t] << 32 | lo[t],
                                 bits[t], strength[t]);
        }
    }
    return prc_avx2_suited_to_popcnt(x, cards, K, out, i, stop);
}

PRC_DEFINE_ALL_SUITED_VECTOR_ROWS(avx2, PRC_AVX2_ATTR)

/* ------------------------------------------------------------------------
 * The tier's entry points (its row in prc_tiers.h). */

PRC_DEFINE_VECTOR_TIER(avx2, popcnt, stop - start >= 8)

#endif /* PRC_TIERS_X86 */
#endif
