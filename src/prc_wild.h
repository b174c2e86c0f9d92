/* pyrankcore: hands with wild cards (jokers, wild ranks and cards, the
 * lowest rank of each hand, the bug).
 *
 * A hand never substitutes cards at evaluation time. Its natural cards are
 * summed as usual (rank key and suit-major bits) and its wild cards only
 * counted; tables built once per wild ranking (pyrankcore/_wild.pxi) give,
 * for each count w of wild cards:
 *   rank[w][slot of the natural rank pattern]: the best hand that pattern
 *       makes with w wild cards, flushes aside;
 *   flush[w][13-bit ranks of one suit's natural cards]: the best flush or
 *       straight flush those cards make with w wild cards of that suit
 *       (ranks not already held: no double-ace flush).
 * A hand costs the usual sum of card entries, one rank lookup, and one
 * flush lookup per suit that holds five cards with the wild ones. In low
 * games wild cards never need a flush (a wild card takes another suit), so
 * only w = 0 looks at suits there, and, under natural_beats_wild, a hand
 * whose best low would use no wild card (see prc_wild_value).
 *
 * The row loops take the common case without a branch on the wild cards:
 * when no suit reaches five even with every wild card, the strength is one
 * load from a table for the hand size (hand_rank), the size of one level:
 * the natural pattern's size says how many wild cards there are (under the
 * lowest-card rule the lowest rank's cards leave the key first, also
 * without branches). The rest go through prc_wild_value. The AVX2,
 * AVX-512 and NEON loops (every wild ranking) compute the same sums eight
 * or sixteen rows at a time.
 */
#ifndef PRC_WILD_H
#define PRC_WILD_H

#include "prc_eval.h"

#define PRC_MAX_WILD 7

/* A wild card adds 1 here in its card entry's key, instead of a rank and a
 * suit counter: the sum of a hand's keys counts its wild cards. */
#define PRC_WILD_SHIFT 48

typedef struct {
    prc_game_t natural;                   /* w = 0, in this game's numbering */
    const uint16_t *rank[PRC_MAX_WILD + 1];  /* rank[w], w >= 1 */
    const uint16_t *flush[PRC_MAX_WILD + 1]; /* flush[w], w >= 1 (NULL: no flush side) */
    /* Card entries by id (256 x {key, bit}): a natural card's key and
     * suit-major bit as in prc_card16; a wild card's key is 1 << WILD_SHIFT
     * and its bit is its own (jokers: bits 13 and 29, ranks no card has);
     * an id outside the deck has the poison key and no bit. */
    const uint64_t *card16;
    uint64_t natural_bits;  /* suit-major bits of the deck's natural cards */
    int lowest;             /* each hand's lowest natural rank is wild (not aces) */
    /* natural_beats_wild in a low game where flushes count: its strengths
     * per hand class (else 0); see prc_wild_value. */
    int low_flush_tiers;
    /* For the row loops, by hand size k = 5..7 (hand_rank[k - 5]): by the
     * slot of a natural pattern M, rank[k - |M|] there. A hand of k cards
     * with w wild cards has k - w natural ones, so one table of one level's
     * size serves every count of wild cards. */
    const uint16_t *hand_rank[3];
} prc_wild_t;

/* Every card of rank r in a suit-major mask. */
#define PRC_RANK_COLUMN(r) (0x0001000100010001ULL << (r))

/* The strength of n valid cards with w >= 1 wild cards, given their
 * natural cards' key (no wild count) and suit-major bits (the lowest
 * rank's cards already taken out under the lowest-card rule), and best,
 * the rank table's strength for them: the suits decide the rest. */
static inline uint16_t prc_wild_suits(const prc_wild_t *x, uint64_t key, uint64_t bits, int w,
                                      int n, uint16_t best) {
    if (x->low_flush_tiers && (key & PRC_FLUSH_BITS) && best % x->low_flush_tiers == 0) {
        /* The rank tables read the natural cards without their suits, and
         * the top tier says the best hand needs no wild card; but five
         * natural cards of one suit are a flush, which hurts a low. If the
         * natural cards with their suits fall short, one wild card makes
         * the hand (it stands for one of those five in another suit): the
         * tier below. */
        if (prc_game_value(&x->natural, key, bits, n - w) != best) best -= 1;
    }
    const uint16_t *flush = x->flush[w];
    if (flush) {
        /* A suit's counter starts at 3: with w wild cards it makes a flush
         * when 3 + count + w reaches 8 (at most 3 + 7: no carry). */
        uint64_t suits = (((key >> PRC_SUIT_SHIFT) & 0xFFFF) + 0x1111ULL * (uint64_t)w) & 0x8888;
        for (; suits; suits &= suits - 1) {
            uint16_t v = flush[prc_sm_ranks(bits, (prc_ctz64(suits) - 3) >> 2)];
            if (v > best) best = v;
        }
    }
    return best;
}

/* Strength of valid cards from their summed entries (key, bit OR). */
static inline uint16_t prc_wild_value(const prc_wild_t *x, uint64_t key, uint64_t seen, int n) {
    uint64_t bits = seen & x->natural_bits;
    int w = (int)(key >> PRC_WILD_SHIFT) & 15;
    key &= ~(15ULL << PRC_WILD_SHIFT);
    if (x->lowest && bits) {
        unsigned ranks = (unsigned)(bits | bits >> 16 | bits >> 32 | bits >> 48) & 0x1FFFu;
        int r = prc_ctz64(ranks);
        if (r != 12) { /* aces are never the lowest card */
            for (int suit = 0; suit < 4; suit++)
                if (bits >> (16 * suit + r) & 1) {
                    key -= prc_card_key[4 * r + suit];
                    w++;
                }
            bits &= ~PRC_RANK_COLUMN(r);
        }
    }
    if (w == 0) return prc_game_value(&x->natural, key, bits, n);
    return prc_wild_suits(x, key, bits, w, n, x->rank[w][prc_rank_slot((uint32_t)key)]);
}

/* Sum of card entries: nonzero when an id is outside the deck (the poison
 * key) or repeated (the bits' sum differs from their OR). */
static inline uint64_t prc_wild_sum(const prc_wild_t *x, const uint8_t *cards, int n,
                                    uint64_t *key, uint64_t *seen) {
    uint64_t k = *key, any = *seen, total = *seen;
    for (int i = 0; i < n; i++) {
        uint64_t b = x->card16[2 * (size_t)cards[i] + 1];
        k += x->card16[2 * (size_t)cards[i]];
        any |= b;
        total += b;
    }
    *key = k;
    *seen = any;
    return (k >> PRC_INVALID_SHIFT) | (any ^ total);
}

/* Strength of n = 1..7 card ids (0..255) under a wild game; sets *bad and
 * returns 0 for an id outside the deck or a repeated card. */
static inline uint16_t prc_wild_eval(const prc_wild_t *x, const uint8_t *cards,
                                     int n, int *bad) {
    uint64_t key = PRC_SUIT_START, seen = 0;
    if (prc_wild_sum(x, cards, n, &key, &seen)) {
        *bad = 1;
        return 0;
    }
    return prc_wild_value(x, key, seen, n);
}

/* Whether hole and board cards together are in the deck and distinct. */
static inline int prc_wild_omaha_valid(const prc_wild_t *x, const uint8_t *hole, int nh,
                                       const uint8_t *board, int nb) {
    uint64_t key = PRC_SUIT_START, seen = 0;
    if (prc_wild_sum(x, hole, nh, &key, &seen)) return 0;
    /* The board continues from the hole cards' OR: a card in both shows
     * as a sum that differs from the OR. */
    return !prc_wild_sum(x, board, nb, &key, &seen);
}

/* The same check with one OR per card (as prc_sum_cards_popcnt): the
 * popcount of the OR is n exactly when no id repeats, and an id outside
 * the deck has the poison key. For the loops compiled with POPCNT. */
static inline uint64_t prc_wild_sum_popcount(const prc_wild_t *x, const uint8_t *cards, int n,
                                             uint64_t *key, uint64_t *seen) {
    uint64_t k = PRC_SUIT_START, any = 0;
    for (int i = 0; i < n; i++) {
        k += x->card16[2 * (size_t)cards[i]];
        any |= x->card16[2 * (size_t)cards[i] + 1];
    }
    *key = k;
    *seen = any;
    return (k >> PRC_INVALID_SHIFT) | (uint64_t)(prc_popcount64(any) != n);
}

/* prc_wild_value for the row loops (hand_rank: prc_wild_t's for n cards):
 * the same strength, with the common case (no suit reaches five with the
 * wild cards) as one load. Under the lowest-card rule, the lowest natural
 * rank's cards (never aces) leave the key and join the wild count: their
 * suit counters, gathered from the suit-major column into the counters'
 * nibbles, and their rank keys, one per card. */
static inline uint16_t prc_wild_value_rows(const prc_wild_t *x, const uint16_t *hand_rank,
                                           uint64_t flush_reach, uint64_t key,
                                           uint64_t seen, int n) {
    uint64_t k = key & ~(15ULL << PRC_WILD_SHIFT);
    uint64_t w = (key >> PRC_WILD_SHIFT) & 15;
    uint64_t bits = seen & x->natural_bits;
    if (x->lowest) {
        unsigned ranks = (unsigned)(bits | bits >> 16 | bits >> 32 | bits >> 48) & 0x1FFFu;
        int r = prc_ctz64(ranks | 0x1000u); /* 12: no natural card below an ace */
        uint64_t column = bits & PRC_RANK_COLUMN(r) & ~PRC_RANK_COLUMN(12);
        uint64_t spread = column >> r;
        uint64_t suits = (spread | spread >> 12 | spread >> 24 | spread >> 36) & 0x1111u;
        uint64_t count = (suits * 0x1111u) >> 12 & 15u;
        k -= (suits << PRC_SUIT_SHIFT) + count * (prc_card_key[4 * r] & 0xFFFFFFFFu);
        w += count;
        bits &= ~column;
    }
    uint16_t best = hand_rank[prc_rank_slot((uint32_t)k)];
    if ((((k >> PRC_SUIT_SHIFT) & 0xFFFF) + 0x1111u * w) & flush_reach)
        return w ? prc_wild_suits(x, k, bits, (int)w, n, best)
                 : prc_game_value(&x->natural, k, bits, n);
    return best;
}

#ifndef PRC_KERNELS_DECLARE /* the row loops: compiled in prc_kernels.c */
/* Row loops, one instance per hand size so the card loop unrolls; the
 * game is copied to a local (extensions build with -fno-strict-aliasing:
 * otherwise every store to out[] reloads its fields). A suit that reaches
 * five matters only where flushes count. */
#define PRC_DEFINE_WILD_ROWS(K, NAME, SUM, ATTR)                             \
    ATTR static long NAME##_##K(const prc_wild_t *wild, const uint8_t *cards, \
                                uint16_t *out, long start, long stop) {     \
        const prc_wild_t local = *wild, *x = &local;                        \
        const uint16_t *hand_rank = x->hand_rank[K - 5];                    \
        const uint64_t reach =                                              \
            x->natural.flush_mode == PRC_FLUSH_IGNORED ? 0 : 0x8888u;       \
        for (long i = start; i < stop; i++) {                               \
            uint64_t key, seen;                                             \
            if (SUM(x, cards + i * K, K, &key, &seen)) return i;            \
            out[i] = prc_wild_value_rows(x, hand_rank, reach, key, seen, K); \
        }                                                                   \
        return -1;                                                          \
    }

#define PRC_DEFINE_ALL_WILD_ROWS(NAME, SUM, ATTR)                            \
    PRC_DEFINE_WILD_ROWS(5, NAME, SUM, ATTR)                                \
    PRC_DEFINE_WILD_ROWS(6, NAME, SUM, ATTR)                                \
    PRC_DEFINE_WILD_ROWS(7, NAME, SUM, ATTR)

static inline uint64_t prc_wild_sum_rows(const prc_wild_t *x, const uint8_t *cards, int n,
                                         uint64_t *key, uint64_t *seen) {
    *key = PRC_SUIT_START;
    *seen = 0;
    return prc_wild_sum(x, cards, n, key, seen);
}

PRC_DEFINE_ALL_WILD_ROWS(prc_wild_rows, prc_wild_sum_rows, )
#if PRC_POPCNT_DISPATCH
PRC_DEFINE_ALL_WILD_ROWS(prc_wild_rows_popcnt, prc_wild_sum_popcount,
                         PRC_POPCNT_ATTR)
#endif

/* Whether a flush beats every hand that can share its cards (the natural
 * game's flush table decides it): the vector loops then settle rows that
 * may flush from the flush tables (prc_wild_flush_settle), as
 * prc_wild_suits does; else each goes to the scalar rows loop's value
 * (prc_wild_rows_reaching). */
static inline int prc_wild_flush_dominant(const prc_wild_t *x) {
    return x->natural.flush_mode == PRC_FLUSH_DOMINANT && x->low_flush_tiers == 0;
}

/* A row that may flush, where a flush beats every hand that can share its
 * cards: the best of its rank table strength (best) and each reaching
 * suit's flush (reaching: bit 4 * suit + 3 per suit, as prc_y_flush_bits),
 * as prc_wild_suits does; with no wild card, the natural flush. ids: the
 * natural cards' id mask (the lowest rank's taken out under that rule). */
static inline uint16_t prc_wild_flush_settle(const prc_wild_t *x, uint16_t best, uint64_t ids,
                                             uint32_t wilds, uint32_t reaching) {
    if (wilds == 0) return x->natural.flush[prc_id_suit_ranks(ids, (prc_ctz64(reaching) - 3) >> 2)];
    const uint16_t *flush = x->flush[wilds];
    for (; flush && reaching; reaching &= reaching - 1) {
        uint16_t v = flush[prc_id_suit_ranks(ids, (prc_ctz64(reaching) - 3) >> 2)];
        if (v > best) best = v;
    }
    return best;
}

/* A natural card-id mask less its lowest rank's cards (never aces), as the
 * lowest-card rule takes them out. */
static inline uint64_t prc_wild_without_lowest(uint64_t ids) {
    if (!ids) return ids;
    int r = prc_ctz64(ids) >> 2;
    return r == 12 ? ids : ids & ~(15ULL << (4 * r));
}

/* Rows base + t (bit t << lane_shift of lanes) that may flush, where a
 * flush need not win: each read again and ranked as the scalar rows loop
 * does. */
static inline void prc_wild_rows_reaching(const prc_wild_t *x, const uint16_t *hand_rank,
                                          const uint8_t *cards, int k, uint16_t *out,
                                          long base, uint64_t lanes, int lane_shift) {
    for (; lanes; lanes &= lanes - 1) {
        long row = base + (prc_ctz64(lanes) >> lane_shift);
        uint64_t key, seen;
        prc_wild_sum_popcount(x, cards + row * k, k, &key, &seen);
        out[row] = prc_wild_value_rows(x, hand_rank, 0x8888u, key, seen, k);
    }
}

#if PRC_AVX2_DISPATCH
/* AVX2 loops for wild games, 16 rows a step as in prc_avx2.h, for every
 * wild ranking (the lowest-card rule too). The vector part gives each row
 * what the scalar rows loop computes: the rank sum of its natural cards,
 * its wild count, its natural suit counts, and whether it is valid; the
 * strength is then two scalar loads (hand_rank at the natural pattern's
 * slot), and a row in which a suit reaches five with the wild cards goes
 * to the scalar rows loop (prc_wild_rows_popcnt), as does a step with an
 * invalid row and the rows after the last step.
 *
 * Per card, as in prc_avx2.h: its rank key (0 for the jokers, ids 52 and
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

/* The card-id masks of a game's natural and wild cards, from its card
 * entries, and its wild groups: each rank with wild ids, as its nibble in
 * the low (ids 0..31) or high half of the mask, the nibble's wild bits and
 * the rank's key (the jokers, nibble 13, have none). Returns the number
 * of groups. */
typedef struct {
    int high;
    uint32_t shift, bits, key;
} prc_wild_group_t;

static inline int prc_wild_groups(const prc_wild_t *x, uint64_t *natural_out,
                                  prc_wild_group_t groups[16]) {
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
        groups[n].high = r >= 8;
        groups[n].shift = (uint32_t)(4 * (r & 7));
        groups[n].bits = bits;
        groups[n].key = r < 13 ? (uint32_t)PRC_CARD_KEY16(4 * r) : 0;
        n++;
    }
    *natural_out = natural;
    return n;
}

/* One wild group in vectors (prc_wild_group_t). */
typedef struct {
    int high;
    __m256i shift, bits, key;
} prc_wild_y_group_t;

typedef struct {
    prc_y_consts c;
    __m256i natural_lo, natural_hi;
    int n_groups;
    prc_wild_y_group_t groups[16];
} prc_wild_y_t;

PRC_AVX2_ATTR static inline void prc_wild_y_init(prc_wild_y_t *y, const prc_wild_t *x, int k) {
    uint64_t natural;
    prc_wild_group_t groups[16];
    y->n_groups = prc_wild_groups(x, &natural, groups);
    prc_y_rows_init(&y->c.rows, k);
    prc_y_key_tables(&y->c.key_low, &y->c.key_high);
    y->natural_lo = _mm256_set1_epi32((int)(uint32_t)natural);
    y->natural_hi = _mm256_set1_epi32((int)(uint32_t)(natural >> 32));
    for (int j = 0; j < y->n_groups; j++) {
        y->groups[j].high = groups[j].high;
        y->groups[j].shift = _mm256_set1_epi32((int)groups[j].shift);
        y->groups[j].bits = _mm256_set1_epi32((int)groups[j].bits);
        y->groups[j].key = _mm256_set1_epi32((int)groups[j].key);
    }
}

/* What the vector part gives for 8 rows. */
typedef struct {
    __m256i sum;    /* rank sums of the natural cards */
    __m256i counts; /* natural suit counts, 4 bits a suit */
    __m256i w;      /* wild cards */
    __m256i bad;    /* all ones in a lane with an invalid or repeated id */
    __m256i lo, hi; /* natural cards' ids (the lowest rank's still in) */
} prc_wild_y_hands;

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_wild_y_rows(const prc_wild_y_t *y,
                                                            const uint8_t *p, const int k,
                                                            const int lowest,
                                                            prc_wild_y_hands *h) {
    /* bits set in a nibble: 0..4 */
    const __m256i popcount4 = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                               0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi32(15);
    __m256i loads[2];
    prc_y_load(p, k, loads);
    __m256i sum = _mm256_setzero_si256(), lo = sum, hi = sum, w = sum;
    for (int g = 0; 4 * g < k; g++) {
        __m256i group = prc_y_group(&y->c.rows, loads, k, g);
        for (int m = 0; m < 4 && 4 * g + m < k; m++) {
            __m256i card = prc_y_card(&y->c.rows, group, m);
            sum = _mm256_add_epi32(sum, prc_y_rank_key(y->c.key_low, y->c.key_high, card));
            prc_y_add_bit(card, &lo, &hi);
        }
    }
    for (int j = 0; j < y->n_groups; j++) {
        const prc_wild_y_group_t *g = &y->groups[j];
        __m256i bits = _mm256_and_si256(_mm256_srlv_epi32(g->high ? hi : lo, g->shift), g->bits);
        __m256i count = _mm256_shuffle_epi8(popcount4, bits);
        w = _mm256_add_epi32(w, count);
        sum = _mm256_sub_epi32(sum, _mm256_mullo_epi32(count, g->key));
    }
    lo = _mm256_and_si256(lo, y->natural_lo);
    hi = _mm256_and_si256(hi, y->natural_hi);
    __m256i counts = prc_y_suit_counts(lo, hi);
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
            sum, _mm256_mullo_epi32(count, prc_y_rank_key(y->c.key_low, y->c.key_high, at)));
        /* The column's suits (bit s of the nibble) leave the counters. */
        const __m256i suits01 = _mm256_setr_epi8(
            0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01,
            0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11,
            0x00, 0x01, 0x10, 0x11);
        const __m256i suits23 = _mm256_setr_epi8(
            0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10, 0x10, 0x11, 0x11,
            0x11, 0x11, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10, 0x10,
            0x11, 0x11, 0x11, 0x11);
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

/* Rows start..stop of K cards (LOWEST: x->lowest, a constant so that each
 * rule gets its own loop). */
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE long prc_wild_rows_avx2_body(
    const prc_wild_t *wild, const uint8_t *cards, const int K, const int LOWEST, uint16_t *out,
    long start, long stop,
    long (*scalar)(const prc_wild_t *, const uint8_t *, uint16_t *, long, long)) {
    const prc_wild_t local = *wild, *x = &local;
    const uint16_t *hand_rank = x->hand_rank[K - 5];
    const int flushes = x->natural.flush_mode != PRC_FLUSH_IGNORED;
    const int dominant = prc_wild_flush_dominant(x);
    prc_wild_y_t y;
    prc_wild_y_init(&y, x, K);
    const __m256i reach_start = _mm256_set1_epi32(0x3333), spread = _mm256_set1_epi32(0x1111);
    const __m256i reach_bits = _mm256_set1_epi32(0x8888);
    long i = start;
    for (; i + PRC_Y_STEP <= stop; i += PRC_Y_STEP) {
        prc_wild_y_hands h[2];
        prc_wild_y_rows(&y, cards + i * K, K, LOWEST, &h[0]);
        prc_wild_y_rows(&y, cards + (i + 8) * K, K, LOWEST, &h[1]);
        if (prc_y_lanes(_mm256_or_si256(h[0].bad, h[1].bad))) {
            long r = scalar(x, cards, out, i, i + PRC_Y_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_Y_STEP];
        _mm256_storeu_si256((__m256i *)sums, h[0].sum);
        _mm256_storeu_si256((__m256i *)(sums + 8), h[1].sum);
        for (int t = 0; t < PRC_Y_STEP; t++) {
            uint32_t s = sums[t];
            out[i + t] = hand_rank[s + prc_hash_offset[s >> PRC_RANK_SHIFT]];
        }
        if (!flushes) continue;
        /* A suit's count plus the wild cards reaching five (3 + 7 at
         * most: no carry between the 4-bit counters). */
        __m256i reach[2];
        unsigned lanes = 0;
        for (int b = 0; b < 2; b++) {
            reach[b] = _mm256_and_si256(
                _mm256_add_epi32(_mm256_add_epi32(h[b].counts, reach_start),
                                 _mm256_mullo_epi32(h[b].w, spread)),
                reach_bits);
            lanes |= prc_y_lanes(_mm256_xor_si256(
                         _mm256_cmpeq_epi32(reach[b], _mm256_setzero_si256()),
                         _mm256_set1_epi32(-1)))
                     << (8 * b);
        }
        if (!lanes) continue;
        if (!dominant) {
            prc_wild_rows_reaching(x, hand_rank, cards, K, out, i, lanes, 0);
            continue;
        }
        /* A flush beats what the same cards make without one: the best of
         * the rank table's strength and each reaching suit's flush (as
         * prc_wild_suits), or with no wild card the natural flush. */
        uint32_t lo[PRC_Y_STEP], hi[PRC_Y_STEP], wilds[PRC_Y_STEP], suits[PRC_Y_STEP];
        for (int b = 0; b < 2; b++) {
            _mm256_storeu_si256((__m256i *)(lo + 8 * b), h[b].lo);
            _mm256_storeu_si256((__m256i *)(hi + 8 * b), h[b].hi);
            _mm256_storeu_si256((__m256i *)(wilds + 8 * b), h[b].w);
            _mm256_storeu_si256((__m256i *)(suits + 8 * b), reach[b]);
        }
        for (; lanes; lanes &= lanes - 1) {
            int t = prc_ctz64(lanes);
            uint64_t ids = ((uint64_t)hi[t] << 32) | lo[t];
            if (LOWEST) ids = prc_wild_without_lowest(ids);
            out[i + t] = prc_wild_flush_settle(x, out[i + t], ids, wilds[t], suits[t]);
        }
    }
    return scalar(x, cards, out, i, stop);
}

#define PRC_DEFINE_WILD_ROWS_AVX2(K)                                                     \
    PRC_AVX2_ATTR static long prc_wild_rows_avx2_##K(const prc_wild_t *x,              \
                                                     const uint8_t *cards, uint16_t *out, \
                                                     long start, long stop) {          \
        return prc_wild_rows_avx2_body(x, cards, K, 0, out, start, stop,                \
                                       prc_wild_rows_popcnt_##K);                       \
    }                                                                                    \
    PRC_AVX2_ATTR static long prc_wild_rows_lowest_avx2_##K(                            \
        const prc_wild_t *x, const uint8_t *cards, uint16_t *out, long start, long stop) { \
        return prc_wild_rows_avx2_body(x, cards, K, 1, out, start, stop,                \
                                       prc_wild_rows_popcnt_##K);                       \
    }

PRC_DEFINE_WILD_ROWS_AVX2(5)
PRC_DEFINE_WILD_ROWS_AVX2(6)
PRC_DEFINE_WILD_ROWS_AVX2(7)
#endif

#if PRC_AVX512_DISPATCH
/* The AVX2 loop's work on 16 rows a step: the card-id masks, wild groups
 * and rank sums with prc_avx512.h's picks; under the lowest-card rule the
 * lowest natural rank's cards found by a popcount below the mask's lowest
 * bit; natural suit counts by popcounts; the strengths by scalar lookups
 * of the per-size table (gathers of them lost to scalar lookups in the
 * suit loop on a Zen 4), and rows that may flush settled as there. Against
 * the AVX2 loop, in one process on a Zen 4: jokers and deuces 1.34-1.37x
 * at 5 cards, 0.97-1.15x at 6, 1.07-1.17x at 7; the lowest card 1.20-1.27x
 * at 5 to 7. */
typedef struct {
    int high;
    __m512i shift, bits, key;
} prc_wild_v_group_t;

typedef struct {
    prc_v_consts c;
    __m512i natural_lo, natural_hi;
    int n_groups;
    prc_wild_v_group_t groups[16];
} prc_wild_v_t;

PRC_AVX512_ATTR static inline void prc_wild_v_init(prc_wild_v_t *v, const prc_wild_t *x, int k) {
    uint64_t natural;
    prc_wild_group_t groups[16];
    v->n_groups = prc_wild_groups(x, &natural, groups);
    prc_v_init(&v->c, k);
    v->natural_lo = _mm512_set1_epi32((int)(uint32_t)natural);
    v->natural_hi = _mm512_set1_epi32((int)(uint32_t)(natural >> 32));
    for (int j = 0; j < v->n_groups; j++) {
        v->groups[j].high = groups[j].high;
        v->groups[j].shift = _mm512_set1_epi32((int)groups[j].shift);
        v->groups[j].bits = _mm512_set1_epi32((int)groups[j].bits);
        v->groups[j].key = _mm512_set1_epi32((int)groups[j].key);
    }
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
    prc_wild_v_t v;
    prc_wild_v_init(&v, x, K);
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
        for (int j = 0; j < v.n_groups; j++) {
            const prc_wild_v_group_t *g = &v.groups[j];
            __m512i bits = _mm512_and_si512(_mm512_srlv_epi32(g->high ? hi : lo, g->shift),
                                            g->bits);
            __m512i count = _mm512_shuffle_epi8(popcount4, bits);
            w = _mm512_add_epi32(w, count);
            sum = _mm512_sub_epi32(sum, _mm512_mullo_epi32(count, g->key));
        }
        lo = _mm512_and_si512(lo, v.natural_lo);
        hi = _mm512_and_si512(hi, v.natural_hi);
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
         * bit 4 * suit + 3 (prc_y_flush_bits' form) */
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
    return scalar(x, cards, out, i, stop);
}

#define PRC_DEFINE_WILD_ROWS_AVX512(K)                                                   \
    PRC_AVX512_ATTR static long prc_wild_rows_avx512_##K(                               \
        const prc_wild_t *x, const uint8_t *cards, uint16_t *out, long start, long stop) { \
        return prc_wild_rows_avx512_body(x, cards, K, 0, out, start, stop,              \
                                         prc_wild_rows_popcnt_##K);                     \
    }                                                                                    \
    PRC_AVX512_ATTR static long prc_wild_rows_lowest_avx512_##K(                        \
        const prc_wild_t *x, const uint8_t *cards, uint16_t *out, long start, long stop) { \
        return prc_wild_rows_avx512_body(x, cards, K, 1, out, start, stop,              \
                                         prc_wild_rows_popcnt_##K);                     \
    }

PRC_DEFINE_WILD_ROWS_AVX512(5)
PRC_DEFINE_WILD_ROWS_AVX512(6)
PRC_DEFINE_WILD_ROWS_AVX512(7)
#endif


#if PRC_NEON_DISPATCH
/* NEON loops for wild games (arm64), 16 rows a step as in prc_neon.h, for
 * every wild ranking. What the AVX2 loop computes, in byte lanes (a row a
 * byte), with no card-id masks: each card's kind by two 64-byte lookups of
 * its id (in the deck; wild), the wild count a byte, the natural cards'
 * rank sums and suit counts as prc_n_step sums them, with the wild cards
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
    prc_n_consts_t c;
    uint8x16x4_t held, wild; /* by id: 0xFF where the deck holds it; where it is wild */
    uint64_t natural_ids;    /* the ids of natural cards, a bit each */
} prc_wild_n_t;

static inline void prc_wild_n_init(prc_wild_n_t *n, const prc_wild_t *x, int k) {
    uint8_t held[64], wild[64];
    n->natural_ids = 0;
    for (int id = 0; id < 64; id++) {
        uint64_t key = x->card16[2 * id];
        wild[id] = key == 1ULL << PRC_WILD_SHIFT ? 0xFF : 0;
        held[id] = key >> PRC_INVALID_SHIFT ? 0 : 0xFF; /* not the poison key */
        if (held[id] && !wild[id]) n->natural_ids |= 1ULL << id;
    }
    prc_n_consts_init(&n->c, k);
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
    prc_wild_n_t n;
    prc_wild_n_init(&n, x, K);
    const uint8x16_t fifteen = vdupq_n_u8(15), aces = vdupq_n_u8(12);
    long i = start;
    for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {
        const uint8_t *p = cards + i * K;
        uint8x16_t card[7], natural[7], rank[7];
        prc_n_cards(&n.c.rows, p, K, card);
        uint8x16_t held_all = vdupq_n_u8(0xFF), w = vdupq_n_u8(0);
        for (int j = 0; j < K; j++) {
            uint8x16_t held = vqtbl4q_u8(n.held, card[j]), is_wild = vqtbl4q_u8(n.wild, card[j]);
            held_all = vandq_u8(held_all, held);
            natural[j] = vbicq_u8(held, is_wild);
            rank[j] = vshrq_n_u8(card[j], 2);
            w = vsubq_u8(w, is_wild); /* 0xFF is -1 */
        }
        if (prc_n_nibbles(prc_n_repeats(vmvnq_u8(held_all), card, K))) {
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
        prc_n_rank_sums(&n.c, card, natural, K, sums);
        for (int t = 0; t < PRC_NEON_STEP; t++) {
            uint32_t s = sums[t];
            out[i + t] = hand_rank[s + prc_hash_offset[s >> PRC_RANK_SHIFT]];
        }
        if (!flushes) continue;
        /* A suit's natural count plus the wild cards reaching five: from 3,
         * at most 3 + 7 (no carry between the 4-bit counters). */
        uint8x16_t spread = vorrq_u8(w, vshlq_n_u8(w, 4));
        uint8x16_t s01 = vaddq_u8(vdupq_n_u8(0x33), spread), s23 = s01;
        prc_n_suit_counts(&n.c, card, natural, K, &s01, &s23);
        uint64_t reach = prc_n_nibbles(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)));
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

#define PRC_DEFINE_WILD_ROWS_NEON(K)                                                     \
    static long prc_wild_rows_neon_##K(const prc_wild_t *x, const uint8_t *cards,       \
                                       uint16_t *out, long start, long stop) {          \
        return prc_wild_rows_neon_body(x, cards, K, 0, out, start, stop, prc_wild_rows_##K); \
    }                                                                                    \
    static long prc_wild_rows_lowest_neon_##K(const prc_wild_t *x, const uint8_t *cards, \
                                              uint16_t *out, long start, long stop) {   \
        return prc_wild_rows_neon_body(x, cards, K, 1, out, start, stop, prc_wild_rows_##K); \
    }

PRC_DEFINE_WILD_ROWS_NEON(5)
PRC_DEFINE_WILD_ROWS_NEON(6)
PRC_DEFINE_WILD_ROWS_NEON(7)
#endif

/* The vector loops of one tier by hand size, each rule its own loop. */
#define PRC_WILD_ROWS_SWITCH(TIER)                                                        \
    switch (k) {                                                                         \
    case 5: return x->lowest ? prc_wild_rows_lowest_##TIER##_5(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_5(x, cards, out, start, stop);      \
    case 6: return x->lowest ? prc_wild_rows_lowest_##TIER##_6(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_6(x, cards, out, start, stop);      \
    case 7: return x->lowest ? prc_wild_rows_lowest_##TIER##_7(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_7(x, cards, out, start, stop);      \
    default: break;                                                                      \
    }

/* Rows of k = 5..7 ids: out[start..stop) filled; returns the first bad
 * row, or -1 (rows from that one on are left unwritten). */
PRC_ENTRY long prc_wild_rows(const prc_wild_t *x, const uint8_t *cards, int k, uint16_t *out,
                             long start, long stop) {
#if PRC_AVX512_DISPATCH
    if (prc_kernel == PRC_KERNEL_AVX512) {
        PRC_WILD_ROWS_SWITCH(avx512)
    }
#endif
#if PRC_AVX2_DISPATCH
    /* An earlier AVX-512 loop that gathered from the per-count tables and
     * sent rows that may flush to the scalar kernel ran 16-23% slower than
     * these at 7 cards on a Zen 4. */
    if (prc_kernel >= PRC_KERNEL_AVX2) {
        PRC_WILD_ROWS_SWITCH(avx2)
    }
#endif
#if PRC_NEON_DISPATCH
    if (prc_kernel == PRC_KERNEL_NEON) {
        PRC_WILD_ROWS_SWITCH(neon)
    }
#endif
#if PRC_POPCNT_DISPATCH
    if (prc_kernel >= PRC_KERNEL_POPCNT) {
        switch (k) {
        case 5: return prc_wild_rows_popcnt_5(x, cards, out, start, stop);
        case 6: return prc_wild_rows_popcnt_6(x, cards, out, start, stop);
        case 7: return prc_wild_rows_popcnt_7(x, cards, out, start, stop);
        default: break;
        }
    }
#endif
    switch (k) {
    case 5: return prc_wild_rows_5(x, cards, out, start, stop);
    case 6: return prc_wild_rows_6(x, cards, out, start, stop);
    case 7: return prc_wild_rows_7(x, cards, out, start, stop);
    default: return start < stop ? start : -1;
    }
}
#endif /* PRC_KERNELS_DECLARE */

/* Omaha under a wild game: the best of every two hole cards with every
 * three board cards, each five evaluated with its own wild cards. Valid,
 * distinct cards only (prc_wild_omaha_valid). */
static inline uint16_t prc_wild_omaha(const prc_wild_t *x, const uint8_t *hole, int nh,
                                      const uint8_t *board, int nb) {
    uint16_t best = 0;
    uint8_t five[5];
    int bad = 0;
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++)
            for (int c = 0; c < nb; c++)
                for (int d = c + 1; d < nb; d++)
                    for (int e = d + 1; e < nb; e++) {
                        five[0] = hole[a];
                        five[1] = hole[b];
                        five[2] = board[c];
                        five[3] = board[d];
                        five[4] = board[e];
                        uint16_t v = prc_wild_eval(x, five, 5, &bad);
                        if (v > best) best = v;
                    }
    return best;
}

#endif
