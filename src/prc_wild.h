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
    PRC_DEFINE_ROWS_5_TO_7(PRC_DEFINE_WILD_ROWS, NAME, SUM, ATTR)

static inline uint64_t prc_wild_sum_rows(const prc_wild_t *x, const uint8_t *cards, int n,
                                         uint64_t *key, uint64_t *seen) {
    *key = PRC_SUIT_START;
    *seen = 0;
    return prc_wild_sum(x, cards, n, key, seen);
}


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
 * suit's flush (reaching: bit 4 * suit + 3 per suit, as prc_avx2_flush_bits),
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
 * does. A rare path, out of line. */
static PRC_NOINLINE void prc_wild_rows_reaching(const prc_wild_t *x, const uint16_t *hand_rank,
                                          const uint8_t *cards, int k, uint16_t *out,
                                          long base, uint64_t lanes, int lane_shift) {
    for (; lanes; lanes &= lanes - 1) {
        long row = base + (prc_ctz64(lanes) >> lane_shift);
        uint64_t key, seen;
        prc_wild_sum_popcount(x, cards + row * k, k, &key, &seen);
        out[row] = prc_wild_value_rows(x, hand_rank, 0x8888u, key, seen, k);
    }
}

/* A tier's wild rows by hand size (k = 5..7; other sizes fall through):
 * its loops NAME##_K, or with the lowest-card rule in loops of their own
 * (prc_wild_rows_lowest_TIER_K beside prc_wild_rows_TIER_K). */
#define PRC_WILD_ROWS_BY_SIZE(NAME)                                          \
    switch (k) {                                                            \
    case 5: return NAME##_5(x, cards, out, start, stop);                    \
    case 6: return NAME##_6(x, cards, out, start, stop);                    \
    case 7: return NAME##_7(x, cards, out, start, stop);                    \
    default: break;                                                         \
    }

/* A vector tier's wild loops of K cards, one per rule (prc_wild_rows_TIER_K
 * and prc_wild_rows_lowest_TIER_K), from its loop body
 * prc_wild_rows_TIER_body, which hands the rows it does not take to
 * SCALAR##_K. */
#define PRC_DEFINE_WILD_VECTOR_ROWS(TIER, ATTR, SCALAR, K)                                 \
    ATTR static long prc_wild_rows_##TIER##_##K(const prc_wild_t *x, const uint8_t *cards, \
                                                uint16_t *out, long start, long stop) {    \
        return prc_wild_rows_##TIER##_body(x, cards, K, 0, out, start, stop, SCALAR##_##K); \
    }                                                                                      \
    ATTR static long prc_wild_rows_lowest_##TIER##_##K(                                    \
        const prc_wild_t *x, const uint8_t *cards, uint16_t *out, long start, long stop) {   \
        return prc_wild_rows_##TIER##_body(x, cards, K, 1, out, start, stop, SCALAR##_##K); \
    }

/* What a vector tier's wild step hands on for its rows that may flush
 * (bit t of lanes for row t of the step): their natural card-id masks,
 * wild counts and reaching suits (bit 4 * suit + 3 each). lowest_in: the
 * masks still hold the lowest rank's cards, which the lowest-card rule
 * takes out. */
typedef struct {
    unsigned lanes;
    int lowest_in;
    uint32_t lo[16], hi[16], wilds[16], suits[16];
} prc_wild_reach_t;

/* The rows r of the step at base that may flush: where a flush beats every
 * hand that can share its cards, the best of out[] and their flushes
 * (prc_wild_flush_settle); else each read again (prc_wild_rows_reaching). */
static inline void prc_wild_settle_step(const prc_wild_t *x, const uint16_t *hand_rank,
                                        const uint8_t *cards, int k, uint16_t *out, long base,
                                        int dominant, const prc_wild_reach_t *r) {
    if (!dominant) {
        prc_wild_rows_reaching(x, hand_rank, cards, k, out, base, r->lanes, 0);
        return;
    }
    for (unsigned lanes = r->lanes; lanes; lanes &= lanes - 1) {
        int t = prc_ctz64(lanes);
        uint64_t ids = ((uint64_t)r->hi[t] << 32) | r->lo[t];
        if (r->lowest_in) ids = prc_wild_without_lowest(ids);
        out[base + t] = prc_wild_flush_settle(x, out[base + t], ids, r->wilds[t], r->suits[t]);
    }
}

/* A vector tier's wild loop body, prc_wild_rows_TIER_body, over STEP rows a
 * step, from its constants prc_wild_TIER_t (prc_wild_TIER_init(y, x, k))
 * and its step prc_wild_TIER_step(y, rows, K, LOWEST, hand_rank, flushes,
 * out, r): it writes the rows' strengths to out[0..STEP) and, where flushes
 * count, fills r with the rows that may flush (prc_wild_settle_step); or,
 * a row being invalid, returns nonzero. Such a step, and the rows after
 * the last full step, go to the scalar loop; LEAVE ends the vector part. */
#define PRC_DEFINE_WILD_VECTOR_BODY(TIER, ATTR, STEP, LEAVE)                                \
    ATTR static PRC_ALWAYS_INLINE long prc_wild_rows_##TIER##_body(                         \
        const prc_wild_t *wild, const uint8_t *cards, const int K, const int LOWEST,        \
        uint16_t *out, long start, long stop,                                               \
        long (*scalar)(const prc_wild_t *, const uint8_t *, uint16_t *, long, long)) {      \
        const prc_wild_t local = *wild, *x = &local;                                        \
        const uint16_t *hand_rank = x->hand_rank[K - 5];                                    \
        const int flushes = x->natural.flush_mode != PRC_FLUSH_IGNORED;                     \
        const int dominant = prc_wild_flush_dominant(x);                                    \
        prc_wild_##TIER##_t y;                                                              \
        prc_wild_##TIER##_init(&y, x, K);                                                   \
        long i = start;                                                                     \
        for (; i + STEP <= stop; i += STEP) {                                               \
            prc_wild_reach_t r;                                                             \
            if (prc_wild_##TIER##_step(&y, cards + i * K, K, LOWEST, hand_rank, flushes,    \
                                       out + i, &r)) {                                      \
                long bad = scalar(x, cards, out, i, i + STEP);                              \
                if (bad >= 0) return bad;                                                   \
                continue;                                                                   \
            }                                                                               \
            if (r.lanes) prc_wild_settle_step(x, hand_rank, cards, K, out, i, dominant, &r);\
        }                                                                                   \
        LEAVE;                                                                              \
        return scalar(x, cards, out, i, stop);                                              \
    }

/* A vector tier's wild loops of 5..7 cards for both rules, over its body
 * (PRC_DEFINE_WILD_VECTOR_BODY) and the scalar loops SCALAR##_K. */
#define PRC_DEFINE_ALL_WILD_VECTOR_ROWS(TIER, ATTR, STEP, SCALAR, LEAVE)                    \
    PRC_DEFINE_WILD_VECTOR_BODY(TIER, ATTR, STEP, LEAVE)                                    \
    PRC_DEFINE_WILD_VECTOR_ROWS(TIER, ATTR, SCALAR, 5)                                      \
    PRC_DEFINE_WILD_VECTOR_ROWS(TIER, ATTR, SCALAR, 6)                                      \
    PRC_DEFINE_WILD_VECTOR_ROWS(TIER, ATTR, SCALAR, 7)

#define PRC_WILD_ROWS_BY_RULE(TIER)                                                       \
    switch (k) {                                                                         \
    case 5: return x->lowest ? prc_wild_rows_lowest_##TIER##_5(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_5(x, cards, out, start, stop);      \
    case 6: return x->lowest ? prc_wild_rows_lowest_##TIER##_6(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_6(x, cards, out, start, stop);      \
    case 7: return x->lowest ? prc_wild_rows_lowest_##TIER##_7(x, cards, out, start, stop) \
                             : prc_wild_rows_##TIER##_7(x, cards, out, start, stop);      \
    default: break;                                                                      \
    }
#endif /* PRC_KERNELS_DECLARE */

/* Rows of k = 5..7 ids: out[start..stop) filled; returns the first bad
 * row, or -1 (rows from that one on are left unwritten). Defined in
 * prc_tiers.h: the wild loops of the tier chosen at start-up. */
PRC_ENTRY long prc_wild_rows(const prc_wild_t *x, const uint8_t *cards, int k, uint16_t *out,
                             long start, long stop);

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
