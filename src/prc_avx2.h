/* pyrankcore: AVX2 row loops (x86-64-v3: AVX2, BMI1/2, POPCNT), 8 hands to
 * a vector, two vectors a step.
 *
 * Included by prc_eval.h on x86-64; every function carries a target
 * attribute (PRC_TARGET), so the default build flags stay generic, and
 * prc_cpu_init picks these loops only where the CPU and the OS run them
 * (PRC_CPU_AVX2). They fill exactly what the scalar loops fill and return
 * the same first bad row: a step of 16 rows that holds an invalid row goes
 * to the POPCNT loop, and so do the rows after the last full step.
 *
 * Gathers are slow on AMD (Zen 3: about 8-9 cycles for eight lanes, against
 * about 3 for eight scalar loads), so the vector unit computes what needs
 * no memory (card keys, masks, validation, flush detection) and the two
 * table lookups of each hand are scalar loads. One block of 8 rows of K =
 * 5..7 card bytes:
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
#ifndef PRC_AVX2_H
#define PRC_AVX2_H

#define PRC_AVX2_ATTR PRC_TARGET("avx2,bmi,bmi2,popcnt")

/* Card bytes of 8 rows of k = 3..7 ids in 32-bit lanes (row r in lane r):
 * per lane of 128 bits (rows 0-3, rows 4-7), one or two 16-byte loads that
 * stay inside the 8 * k bytes; a byte shuffle of each gathers a group of
 * four cards (card 4g + m of row r to byte 4m + r of the lane), and one
 * more per card spreads it over the rows' 32-bit lanes. */
typedef struct {
    __m256i gather[2][2]; /* group g from the first and the second load of each lane */
    __m256i pick[4];      /* card m of a group into each row's 32-bit lane */
} prc_y_rows_t;

/* Where each lane's loads start in the block: four rows of k <= 4 bytes fit
 * one load (the high lane's ends at the block's end); more take two, each
 * holding two whole rows. */
static inline int prc_y_load_at(int k, int lane, int which) {
    if (k <= 4) return lane ? 8 * k - 16 : 0;
    return lane ? (which ? 8 * k - 16 : 4 * k) : (which ? 2 * k : 0);
}

PRC_AVX2_ATTR static inline void prc_y_rows_init(prc_y_rows_t *t, int k) {
    uint8_t bytes[32];
    for (int g = 0; g < 2; g++)
        for (int which = 0; which < 2; which++) {
            for (int b = 0; b < 32; b++) {
                int lane = b >> 4, m = (b & 15) >> 2, r = b & 3, j = 4 * g + m;
                int row = 4 * lane + r, from = k <= 4 ? 0 : (r >> 1);
                bytes[b] = (uint8_t)0x80;
                if (from == which && j < k)
                    bytes[b] = (uint8_t)(row * k + j - prc_y_load_at(k, lane, which));
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
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_y_load(const uint8_t *p, const int k,
                                                       __m256i loads[2]) {
    for (int which = 0; which < (k <= 4 ? 1 : 2); which++)
        loads[which] = _mm256_inserti128_si256(
            _mm256_castsi128_si256(
                _mm_loadu_si128((const __m128i *)(p + prc_y_load_at(k, 0, which)))),
            _mm_loadu_si128((const __m128i *)(p + prc_y_load_at(k, 1, which))), 1);
}

/* Cards 4g..4g+3 of the block's rows, bytes 4m + r of each lane. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_y_group(const prc_y_rows_t *t,
                                                           const __m256i loads[2],
                                                           const int k, int g) {
    __m256i group = _mm256_shuffle_epi8(loads[0], t->gather[g][0]);
    if (k > 4) group = _mm256_or_si256(group, _mm256_shuffle_epi8(loads[1], t->gather[g][1]));
    return group;
}

/* Card m of a group, one row a 32-bit lane. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_y_card(const prc_y_rows_t *t, __m256i group,
                                                          int m) {
    return _mm256_shuffle_epi8(group, t->pick[m]);
}

/* A card's rank key (the low 32 bits of its scalar key), from two 8-entry
 * registers: ranks 0..7 and 8..12 (ids 32 and up). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_y_rank_key(__m256i key_low,
                                                              __m256i key_high,
                                                              __m256i card) {
    __m256i rank = _mm256_srli_epi32(card, 2);
    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(key_low, rank),
                              _mm256_permutevar8x32_epi32(key_high, rank),
                              _mm256_cmpgt_epi32(card, _mm256_set1_epi32(31)));
}

/* OR a card's bit (bit = id) into a 64-bit card mask held as two 32-bit
 * halves (a shift by 32 or more gives 0: an id of 64 or more sets no bit). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_y_add_bit(__m256i card, __m256i *lo,
                                                          __m256i *hi) {
    const __m256i one = _mm256_set1_epi32(1);
    *lo = _mm256_or_si256(*lo, _mm256_sllv_epi32(one, card));
    *hi = _mm256_or_si256(
        *hi, _mm256_sllv_epi32(one, _mm256_sub_epi32(card, _mm256_set1_epi32(32))));
}

/* Suit counts of a card mask, 4 bits a suit (suit 0 lowest): each nibble of
 * the mask is one rank's four suits, counted by 16-entry byte shuffles. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_y_suit_counts(__m256i lo, __m256i hi) {
    const __m256i suits01 = _mm256_setr_epi8(
        0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01,
        0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11,
        0x00, 0x01, 0x10, 0x11);
    const __m256i suits23 = _mm256_setr_epi8(
        0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10, 0x10, 0x11, 0x11,
        0x11, 0x11, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10, 0x10,
        0x11, 0x11, 0x11, 0x11);
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
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE __m256i prc_y_invalid(__m256i counts, __m256i lo,
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
PRC_AVX2_ATTR static inline void prc_y_key_tables(__m256i *key_low, __m256i *key_high) {
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
} prc_y_hands;

/* Constants of one 5..7-card row loop. */
typedef struct {
    prc_y_rows_t rows;
    __m256i key_low, key_high;
} prc_y_consts;

/* Keys, masks and checks of rows p[0..8*K) (8 rows of K card bytes); a
 * card of a missing_lo/missing_hi bit is invalid too. */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_y_sum_rows(const prc_y_consts *c,
                                                           const uint8_t *p, const int k,
                                                           __m256i missing_lo,
                                                           __m256i missing_hi,
                                                           prc_y_hands *h) {
    __m256i loads[2];
    prc_y_load(p, k, loads);
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum;
    for (int g = 0; 4 * g < k; g++) {
        __m256i group = prc_y_group(&c->rows, loads, k, g);
        for (int m = 0; m < 4 && 4 * g + m < k; m++) {
            __m256i card = prc_y_card(&c->rows, group, m);
            sum = _mm256_add_epi32(sum, prc_y_rank_key(c->key_low, c->key_high, card));
            prc_y_add_bit(card, &lo, &hi);
        }
    }
    h->counts = prc_y_suit_counts(lo, hi);
    h->bad = prc_y_invalid(h->counts, lo, hi, missing_lo, missing_hi, k);
    h->sum = sum;
    h->lo = lo;
    h->hi = hi;
}

/* One bit per lane: the lanes of v whose 32-bit value has its top bit set. */
PRC_AVX2_ATTR static inline unsigned prc_y_lanes(__m256i v) {
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(v));
}

/* Lanes holding a flush: a suit count of five or more (adding 3 to a 4-bit
 * count sets its top bit exactly then). */
PRC_AVX2_ATTR static inline __m256i prc_y_flush_bits(__m256i counts) {
    return _mm256_and_si256(_mm256_add_epi32(counts, _mm256_set1_epi32(0x3333)),
                            _mm256_set1_epi32(0x8888));
}

/* The strength of 6 or 7 valid cards (n) holding five or more of one suit,
 * under a game whose flushes may not play (PRC_FLUSH_LOW), from what the
 * vector loop has of the row: its rank sum, card-id mask and suit counter
 * bits (prc_low_flush_ranks). */
PRC_AVX2_ATTR static inline uint16_t prc_y_low_flush(const prc_game_t *g, uint32_t sum,
                                                     uint64_t ids, unsigned flush_bits,
                                                     int n) {
    return prc_low_flush_ranks(g, sum, prc_id_suit_ranks(ids, (prc_ctz64(flush_bits) - 3) >> 2),
                               n);
}

/* Rows per step: two blocks of 8, so that one block's vector work overlaps
 * the other's scalar lookups. */
#define PRC_Y_STEP 16

/* Rows start..stop under game g (g NULL: the high ranking's static
 * tables); the flush table decides a flush unless g's flushes may not play
 * (PRC_FLUSH_LOW with 6 or 7 cards: prc_y_low_flush, from the row's rank
 * sum and card mask; reading the row again in the scalar kernel cost
 * plain deuce-to-seven about a quarter of its speed at 7 cards). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_rows_avx2_body(const prc_game_t *game,
                                                               const uint8_t *cards,
                                                               const int K, uint16_t *out,
                                                               long start, long stop) {
    prc_game_t local;
    if (game) {
        local = *game;
    } else {
        local.rank = prc_rank_high;
        local.flush = prc_flush_high;
        local.invalid = 0;
        local.invalid_ids = 0;
        local.flush_mode = PRC_FLUSH_DOMINANT;
    }
    const prc_game_t *g = &local;
    const uint16_t *rank_table = g->rank, *flush_table = g->flush;
    /* ids 52..63 are bits 20..31 of the high half */
    const uint64_t missing = g->invalid_ids | 0xFFF0000000000000ULL;
    const __m256i missing_lo = _mm256_set1_epi32((int)(uint32_t)missing);
    const __m256i missing_hi = _mm256_set1_epi32((int)(uint32_t)(missing >> 32));
    const int flushes = g->flush_mode != PRC_FLUSH_IGNORED;
    const int flush_plays = g->flush_mode == PRC_FLUSH_DOMINANT || K == 5;
    prc_y_consts c;
    prc_y_rows_init(&c.rows, K);
    prc_y_key_tables(&c.key_low, &c.key_high);
    long i = start;
    for (; i + PRC_Y_STEP <= stop; i += PRC_Y_STEP) {
        prc_y_hands h[2];
        prc_y_sum_rows(&c, cards + i * K, K, missing_lo, missing_hi, &h[0]);
        prc_y_sum_rows(&c, cards + (i + 8) * K, K, missing_lo, missing_hi, &h[1]);
        if (prc_y_lanes(_mm256_or_si256(h[0].bad, h[1].bad))) {
            long r = game ? prc_rows_game_popcnt_k(g, cards, K, out, i, i + PRC_Y_STEP)
                          : prc_rows_high_popcnt_k(cards, K, out, i, i + PRC_Y_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_Y_STEP];
        _mm256_storeu_si256((__m256i *)sums, h[0].sum);
        _mm256_storeu_si256((__m256i *)(sums + 8), h[1].sum);
        for (int t = 0; t < PRC_Y_STEP; t++) {
            uint32_t s = sums[t];
            out[i + t] = rank_table[s + prc_hash_offset[s >> PRC_RANK_SHIFT]];
        }
        if (!flushes) continue;
        for (int b = 0; b < 2; b++) {
            __m256i flush_bits = prc_y_flush_bits(h[b].counts);
            unsigned lanes = prc_y_lanes(
                _mm256_xor_si256(_mm256_cmpeq_epi32(flush_bits, _mm256_setzero_si256()),
                                 _mm256_set1_epi32(-1)));
            if (!lanes) continue;
            uint32_t lo[8], hi[8], bits[8];
            _mm256_storeu_si256((__m256i *)lo, h[b].lo);
            _mm256_storeu_si256((__m256i *)hi, h[b].hi);
            _mm256_storeu_si256((__m256i *)bits, flush_bits);
            for (; lanes; lanes &= lanes - 1) {
                int t = prc_ctz64(lanes);
                long row = i + 8 * b + t;
                if (flush_plays) {
                    int suit = (prc_ctz64(bits[t]) - 3) >> 2;
                    uint64_t ids = ((uint64_t)hi[t] << 32) | lo[t];
                    out[row] = flush_table[prc_id_suit_ranks(ids, suit)];
                } else { /* a flush that may not play */
                    out[row] = prc_y_low_flush(g, sums[8 * b + t],
                                               ((uint64_t)hi[t] << 32) | lo[t], bits[t], K);
                }
            }
        }
    }
    return game ? prc_rows_game_popcnt_k(g, cards, K, out, i, stop)
                : prc_rows_high_popcnt_k(cards, K, out, i, stop);
}

#define PRC_DEFINE_ROWS_AVX2(K)                                                   \
    PRC_AVX2_ATTR static long prc_rows_high_avx2_##K(const uint8_t *cards, uint16_t *out, \
                                                     long start, long stop) {     \
        return prc_rows_avx2_body(NULL, cards, K, out, start, stop);              \
    }                                                                             \
    PRC_AVX2_ATTR static long prc_rows_game_avx2_##K(const prc_game_t *g,          \
                                                     const uint8_t *cards, uint16_t *out, \
                                                     long start, long stop) {     \
        return prc_rows_avx2_body(g, cards, K, out, start, stop);                 \
    }

PRC_DEFINE_ROWS_AVX2(5)
PRC_DEFINE_ROWS_AVX2(6)
PRC_DEFINE_ROWS_AVX2(7)

#endif
