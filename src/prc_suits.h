/* pyrankcore: suit tie-breaks (the "Ranking of suits" house rules) over any
 * game's tables.
 *
 * A suited strength is strength << 10 | suit key. The strength is the plain
 * one (the game's own kernel); the 10-bit suit key orders hands of one
 * strength: five 2-bit suit ranks (3 = the house's highest suit), the
 * deciding card first, then the others in the order the hand is read.
 *
 * Which card decides, and the order the hand is read, depend only on the
 * ranks of the five cards, and equal strengths have equal ranks, so both
 * are tabulated per strength (built in Python from the ranking, see
 * _suits.pxi): info[s] holds a 4-bit read priority for each rank (0 = read
 * first; 15 = a rank the hand lacks) and, for each tie-break, the priority
 * of the group whose highest-suited card decides.
 *
 * With 6 or 7 cards the hand plays its best five: the 5-card subsets of the
 * hand's strength, the best suit key among them. The scalar kernel
 * (prc_suited_checked) searches those subsets; the row loop picks the five
 * from rank groups instead (prc_suited_played): the strength fixes which
 * ranks play, how many cards of each, and whether they must (or must not)
 * be one suit, so each group plays its highest suits. On AVX2 CPUs the row
 * loop does the same with the vector unit (prc_suited_avx2_body): every
 * rank's highest suits for 8 rows at once, then one byte shuffle and one
 * multiply-add per row read the key off them; on AVX-512 CPUs
 * (prc_suited_avx512_body) the keys of 16 rows are read four rows to a
 * register; on arm64 (prc_suited_neon_body) the keys of 16 rows are
 * read a place at a time, a row a byte. Pure C, no Python.h.
 */
#ifndef PRC_SUITS_H
#define PRC_SUITS_H

#include <stddef.h>
#include <stdint.h>
#include "prc_eval.h"

#define PRC_SUIT_KEY_BITS 10
#define PRC_SUIT_INFO_SHIFT 52 /* first-group priorities: 3 bits per tie-break */
#define PRC_SUIT_TIEBREAKS 3

typedef struct {
    prc_game_t game;       /* the plain ranking's tables */
    const uint64_t *info;  /* n_classes + 1 entries, by plain strength */
    int n_classes;
    int tiebreak;          /* 0 highest_card, 1 main_group, 2 highest_unpaired */
    uint8_t low_suit[4];   /* by card suit: 3 - its rank (0 = highest suit) */
    /* The five that play, by plain strength, for this tie-break (built in
     * _suits.pxi, see prc_play_t): n_classes + 1 entries. */
    const struct prc_play *plan;
    /* The key bits of one rank group (prc_suited_init): by the group's
     * code (PRC_PLAY_CODE) and the rank's 4-bit suit mask (bit = card
     * suit), its highest suits in the key's places. */
    uint16_t group_keys[128 * 16];
    /* The vector loop's plans (see prc_vkind_t): a play per strength,
     * n_classes + 1 of them, and their kinds; set by prc_suited_set_vplan,
     * NULL until then (the loop is not used). */
    const uint64_t *vplan;
    const struct prc_vkind *vplan_kinds;
    int vplan_search; /* a strength 1..n_classes whose plan searches */
    /* By a rank's 4-bit suit mask (bit = card suit): the suit ranks of its
     * highest three suits (3 = the house's highest suit), the highest at
     * bits 0-1, the next at 2-3, the third at 4-5 (prc_suited_init). */
    uint8_t sorted_suits[16];
} prc_suited_t;

/* The five that play in hands of one strength: up to five rank groups in
 * reading order, each as its rank's shift in a card-id mask (4 * rank) and
 * its code times 16 (its first entry in group_keys). A code says how many
 * of the group's cards play; whether its highest-suited card is the
 * deciding card, which the key reads first; and how many key places, of 2
 * bits each, follow the group's cards read in place. An empty group is
 * all zeros. Then which suits may play. Bytes, so the row loop reads each
 * field with one load. */
typedef struct prc_play {
    uint16_t base[5];   /* PRC_PLAY_CODE(...) * 16 */
    uint8_t shift[5];
    uint8_t flags;      /* PRC_PLAY_* */
} prc_play_t;

#define PRC_PLAY_CODE(plays, decides, after) ((plays) | (decides) << 3 | (after) << 4)
#define PRC_PLAY_FLUSH_OK 1 /* five of one suit play */
#define PRC_PLAY_MIXED_OK 2 /* five of mixed suits play */
#define PRC_PLAY_SEARCH 4   /* no single pattern: search */

/* Fill group_keys from low_suit: for each code and suit mask, the suit
 * ranks of the mask's highest suits that play (3 = the highest suit), the
 * deciding one at bits 8-9 and the rest, in order, in their places. */
static inline void prc_suited_init(prc_suited_t *x) {
    for (unsigned code = 0; code < 128; code++) {
        unsigned plays = code & 7u, decides = code >> 3 & 1u, after = code >> 4;
        for (unsigned mask = 0; mask < 16; mask++) {
            unsigned ranks[4] = {0, 0, 0, 0}, n = 0, key = 0;
            for (unsigned rank = 4; rank-- > 0;) /* highest suit first */
                for (unsigned suit = 0; suit < 4; suit++)
                    if ((mask >> suit & 1u) && 3u - x->low_suit[suit] == rank) ranks[n++] = rank;
            for (unsigned i = decides; i < plays && i < 4; i++) key = key << 2 | ranks[i];
            key <<= 2 * after;
            if (decides && plays) key |= ranks[0] << 8;
            x->group_keys[code * 16 + mask] = (uint16_t)key;
        }
    }
    for (unsigned mask = 0; mask < 16; mask++) {
        unsigned sorted = 0, n = 0;
        for (unsigned rank = 4; rank-- > 0;)
            for (unsigned suit = 0; suit < 4; suit++)
                if ((mask >> suit & 1u) && 3u - x->low_suit[suit] == rank && n < 3)
                    sorted |= rank << (2 * n++);
        x->sorted_suits[mask] = (uint8_t)sorted;
    }
    x->vplan = NULL;
    x->vplan_kinds = NULL;
    x->vplan_search = 0;
}

/* The five that play, for the vector loop: the suit key's five places
 * (place f is key bits 2f..2f+1; place 4 the deciding card), each as the
 * rank it reads and which of that rank's suits, highest first (slot 0..3).
 * Per row the loop looks up every rank's sorted_suits byte (16 bytes);
 * then a byte shuffle by the strength's play (8 bytes: place f's rank in
 * byte f, with its slot in bits 4-5, which the shuffle ignores; 0x80 for
 * none; its kind in byte 7) puts place f's byte in byte
 * f, and with the two 16-byte operands of the play's kind (which depends
 * on the slots only, so that few kinds serve every strength):
 *   mask: keeps the 2 bits of the slot (slot 3, the lowest of four suits,
 *         is always suit rank 0 and is dropped);
 *   mul:  an unsigned-by-signed byte multiply-add moves each kept field to
 *         bits 4-5 (even bytes) or 6-7 (odd bytes) of its 16-bit word, so
 *         that word w holds places 2w and 2w + 1 (prc_suited_y_key).
 * Each operand reads 8 bytes past its own field, which the loop ignores:
 * the kinds are followed by one more. Kind 0: a plan that searches; kind
 * 1: no strength (key 0). */
#define PRC_VPLAN_KINDS 256
#define PRC_VPLAN_SEARCH 0
#define PRC_VPLAN_NOTHING 1

typedef struct prc_vkind {
    uint8_t mask[8];
    int8_t mul[8];
} prc_vkind_t;

/* Fill plays[0..n) and kinds[0..PRC_VPLAN_KINDS] from plan[0..n)
 * (prc_play_t, the scalar loops' form). Returns the number of kinds, or -1
 * where the plans need more than PRC_VPLAN_KINDS (no vector loop then). */
static inline int prc_suited_vplan_fill(const prc_play_t *plan, int n, uint64_t *plays,
                                        prc_vkind_t *kinds) {
    int16_t kind_of[1024]; /* by the five places' slots, 2 bits each */
    int n_kinds = 2;
    for (int i = 0; i < 1024; i++) kind_of[i] = -1;
    for (int k = 0; k <= PRC_VPLAN_KINDS; k++)
        for (int f = 0; f < 8; f++) {
            kinds[k].mask[f] = 0;
            kinds[k].mul[f] = 0;
        }
    for (int s = 0; s < n; s++) {
        const prc_play_t *p = plan + s;
        uint8_t sel[8] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};
        unsigned slots[5] = {3, 3, 3, 3, 3}; /* 3: the place reads nothing */
        int kind = PRC_VPLAN_NOTHING;
        if (s > 0 && (p->flags & PRC_PLAY_SEARCH)) {
            kind = PRC_VPLAN_SEARCH;
        } else if (s > 0) {
            for (int g = 0; g < 5; g++) {
                unsigned code = p->base[g] >> 4, rank = p->shift[g] >> 2;
                unsigned count = code & 7u, decides = code >> 3 & 1u, after = code >> 4;
                for (unsigned slot = 0; slot < count && slot < 3; slot++) {
                    /* the deciding card is the group's first; the others
                     * read in order, the first of them in the highest place */
                    unsigned place = decides && slot == 0 ? 4 : after + count - 1 - slot;
                    /* the slot above the rank: byte shuffles read only
                     * bits 0-3 (and 7) of an index; the AVX-512 loop
                     * reads the slot from bits 4-5 */
                    sel[place] = (uint8_t)(rank | slot << 4);
                    slots[place] = slot;
                }
            }
            unsigned shape = 0;
            for (int f = 0; f < 5; f++) shape |= slots[f] << (2 * f);
            if (kind_of[shape] < 0) {
                if (n_kinds == PRC_VPLAN_KINDS) return -1;
                prc_vkind_t *k = kinds + n_kinds;
                for (int f = 0; f < 5; f++)
                    if (slots[f] < 3) {
                        k->mask[f] = (uint8_t)(3u << (2 * slots[f]));
                        k->mul[f] = (int8_t)(1 << ((f & 1 ? 6 : 4) - 2 * (int)slots[f]));
                    }
                kind_of[shape] = (int16_t)n_kinds++;
            }
            kind = kind_of[shape];
        }
        uint64_t play = (uint64_t)kind << 56;
        for (int f = 0; f < 7; f++) play |= (uint64_t)sel[f] << (8 * f);
        plays[s] = play;
    }
    return n_kinds;
}

/* Give x its vector plans (n_classes + 1 plays and their kinds, kept alive
 * by the caller, as x->plan). */
static inline void prc_suited_set_vplan(prc_suited_t *x, const uint64_t *plays,
                                        const prc_vkind_t *kinds) {
    x->vplan_search = 0;
    for (int s = 1; s <= x->n_classes; s++)
        if (plays[s] >> 56 == PRC_VPLAN_SEARCH) x->vplan_search = 1;
    x->vplan_kinds = kinds;
    x->vplan = plays;
}

/* Suit key of m (1..5) valid cards of plain strength s, given info[s]. */
static inline unsigned prc_suit_key(const prc_suited_t *x, uint64_t info,
                                    const uint8_t *c, int m) {
    unsigned k[5] = {0, 0, 0, 0, 0}; /* zeroed: GCC cannot see that m >= 1 */
    int i, j, f;
    /* sort key: read priority of the rank, then the highest suit first */
    for (i = 0; i < m; i++)
        k[i] = (unsigned)((info >> (4 * (c[i] >> 2))) & 15u) << 2 | x->low_suit[c[i] & 3];
    for (i = 1; i < m; i++) {
        unsigned v = k[i];
        for (j = i; j > 0 && k[j - 1] > v; j--) k[j] = k[j - 1];
        k[j] = v;
    }
    unsigned first = (unsigned)(info >> (PRC_SUIT_INFO_SHIFT + 3 * x->tiebreak)) & 7u;
    for (f = 0; f < m && (k[f] >> 2) != first; f++) {
    }
    if (f == m) f = 0; /* never for a table built from the ranking */
    unsigned key = 3u - (k[f] & 3u);
    for (i = 0; i < m; i++)
        if (i != f) key = key << 2 | (3u - (k[i] & 3u));
    return key << (2 * (5 - m)); /* fewer than five cards: trailing zeros */
}

/* The best suit key of the hand's subsets of strength s that drop cards a
 * and b (b < 0: only a): a subset's key and bits are the hand's less the
 * dropped cards'. */
static inline void prc_suited_subset(const prc_suited_t *x, uint64_t info,
                                     const uint8_t *cards, int n, uint64_t key,
                                     uint64_t bits, unsigned s, int a, int b,
                                     unsigned *best) {
    uint64_t k5 = key - PRC_CARD_KEY16(cards[a]);
    uint64_t b5 = bits & ~PRC_CARD_BITS16(cards[a]);
    if (b >= 0) {
        k5 -= PRC_CARD_KEY16(cards[b]);
        b5 &= ~PRC_CARD_BITS16(cards[b]);
    }
    if (prc_game_value(&x->game, k5, b5, 5) != s) return;
    uint8_t five[5];
    int m = 0;
    for (int i = 0; i < n && m < 5; i++)
        if (i != a && i != b) five[m++] = cards[i];
    unsigned v = prc_suit_key(x, info, five, m);
    if (v > *best) *best = v;
}

/* Suited strength of n (1..7) card ids that may be invalid, repeated or
 * outside the game's deck: sets *bad and returns 0 if so. 0 also for a hand
 * that does not qualify. */
static inline uint32_t prc_suited_checked(const prc_suited_t *x,
                                          const uint8_t *cards, int n,
                                          int *bad) {
    uint64_t key, bits;
    if (n < 1 || n > 7 ||
        (prc_sum_cards(cards, n, &key, &bits) | (bits & x->game.invalid))) {
        *bad = 1;
        return 0;
    }
    unsigned s = prc_game_value(&x->game, key, bits, n);
    if (s == 0 || s > (unsigned)x->n_classes) return 0;
    uint64_t info = x->info[s];
    if (n <= 5) return (uint32_t)s << PRC_SUIT_KEY_BITS | prc_suit_key(x, info, cards, n);
    unsigned best = 0;
    if (n == 6) {
        for (int a = 0; a < 6; a++)
            prc_suited_subset(x, info, cards, 6, key, bits, s, a, -1, &best);
    } else {
        for (int a = 0; a < 7; a++)
            for (int b = a + 1; b < 7; b++)
                prc_suited_subset(x, info, cards, 7, key, bits, s, a, b, &best);
    }
    return (uint32_t)s << PRC_SUIT_KEY_BITS | best;
}

#ifndef PRC_KERNELS_DECLARE /* the row loops: compiled in prc_kernels.c */
/* Suit key of the five that play in a hand of 5..7 valid cards (ids: its
 * card-id bit mask) under a plan without PRC_PLAY_SEARCH: each group's
 * highest suits. Taking each group's highest suits maximises every place
 * of the key at once, so this is the best key of the five-card subsets of
 * the hand's strength. */
static inline unsigned prc_suited_played(const prc_suited_t *x, const prc_play_t *play,
                                         uint64_t ids) {
    unsigned key = 0;
    for (int i = 0; i < 5; i++)
        key |= x->group_keys[play->base[i] | ((unsigned)(ids >> play->shift[i]) & 15u)];
    return key;
}

/* The best suit key of the five that play when their highest suits, key v,
 * are all one suit but the strength is not a flush: one card must be of
 * another suit. The least significant place whose rank the hand holds in
 * another suit takes that rank's next suit; any other choice loses at a
 * more significant place. Only five single cards can all be of one suit
 * (a group of two or more plays two suits). 0 where no place can change,
 * which a strength the hand holds rules out. */
static inline unsigned prc_suited_unflushed(const prc_suited_t *x, const prc_play_t *play,
                                            uint64_t ids, unsigned v) {
    unsigned flush_suit = 0; /* the one suit's bit in a rank's suit mask */
    for (unsigned suit = 0; suit < 4; suit++)
        if (3u - x->low_suit[suit] == (v & 3u)) flush_suit = 1u << suit;
    int group = -1;
    unsigned lowest = 5;
    for (int i = 0; i < 5; i++) {
        unsigned code = play->base[i] >> 4, mask = (unsigned)(ids >> play->shift[i]) & 15u;
        if ((code & 7u) != 1) return 0;
        unsigned place = (code >> 3 & 1u) ? 4 : code >> 4; /* the deciding card: place 4 */
        if (mask != flush_suit && place < lowest) {
            lowest = place;
            group = i;
        }
    }
    if (group < 0) return 0;
    unsigned base = play->base[group], mask = (unsigned)(ids >> play->shift[group]) & 15u;
    return v ^ x->group_keys[base | mask] ^ x->group_keys[base | (mask & ~flush_suit)];
}

/* The suited strength of valid cards (row, k = 5..7; ids: their card-id
 * mask) of plain strength s whose suits holding five are flush (suit
 * counter bits, 0 for none), off the common path: a plan that searches, or
 * five of one suit in the hand (it may have to play them, or to avoid
 * them). */
static uint32_t prc_suited_rare(const prc_suited_t *x, const prc_play_t *play,
                                const uint8_t *row, int k, uint64_t ids, unsigned s,
                                unsigned flush) {
    unsigned v;
    int bad = 0;
    if (play->flags & PRC_PLAY_SEARCH) return prc_suited_checked(x, row, k, &bad);
    if (!(play->flags & PRC_PLAY_MIXED_OK)) {
        /* a flush plays: the flush suit's five (one suit at most holds five
         * of seven cards) */
        v = (3u - x->low_suit[(prc_ctz64(flush) - 3) >> 2]) * 0x155u;
    } else {
        v = prc_suited_played(x, play, ids);
        /* the highest suits are one suit, but a flush is not this strength */
        if (!(play->flags & PRC_PLAY_FLUSH_OK) && v == (v & 3u) * 0x155u) {
            v = prc_suited_unflushed(x, play, ids, v);
            if (!v) return prc_suited_checked(x, row, k, &bad);
        }
    }
    return (uint32_t)s << PRC_SUIT_KEY_BITS | v;
}

/* Rows in blocks, two passes a block: the plain strengths first (the game's
 * row loop, which keeps several rows' table loads in flight), with the
 * suits that hold five above bit 16 and the card-id masks aside; then each
 * row's suit key. */
#define PRC_SUITED_BLOCK 64

/* Suited strengths of rows start..stop-1 of k card ids into out; returns
 * the first bad row (the rows before it are written) or -1. One instance
 * per hand size of 5..7, so the card loops unroll, and per validation (as
 * the game's row loops, prc_eval.h); the fields read per row are copied to
 * locals (see PRC_DEFINE_ROWS_GAME). */
#define PRC_DEFINE_SUITED_ROWS(K, NAME, SUM, ATTR)                           \
    ATTR static long NAME##_##K(const prc_suited_t *x, const uint8_t *cards, \
                                uint32_t *out, long start, long stop) {     \
        const prc_game_t game = x->game;                                    \
        const prc_play_t *plans = x->plan;                                  \
        const unsigned n_classes = (unsigned)x->n_classes;                  \
        uint64_t ids[PRC_SUITED_BLOCK];                                     \
        for (long b = start; b < stop; b += PRC_SUITED_BLOCK) {             \
            long end = stop - b < PRC_SUITED_BLOCK ? stop : b + PRC_SUITED_BLOCK; \
            long bad = -1;                                                  \
            for (long i = b; i < end; i++) {                                \
                const uint8_t *row = cards + (size_t)i * K;                 \
                uint64_t key, bits, mask = 0;                               \
                if (SUM(row, K, &key, &bits) | (bits & game.invalid)) {     \
                    bad = end = i;                                          \
                    break;                                                  \
                }                                                           \
                out[i] = prc_game_value(&game, key, bits, K) |              \
                         (uint32_t)(key >> PRC_SUIT_SHIFT & 0x8888u) << 16; \
                for (int j = 0; j < K; j++) mask |= (uint64_t)1 << row[j];  \
                ids[i - b] = mask;                                          \
            }                                                               \
            for (long i = b; i < end; i++) {                                \
                unsigned s = out[i] & 0xFFFFu, flush = out[i] >> 16;        \
                if (s == 0 || s > n_classes) {                              \
                    out[i] = 0;                                             \
                    continue;                                               \
                }                                                           \
                const prc_play_t *play = plans + s;                         \
                out[i] = (play->flags & PRC_PLAY_SEARCH) | flush            \
                    ? prc_suited_rare(x, play, cards + (size_t)i * K, K, ids[i - b], s, flush) \
                    : (uint32_t)s << PRC_SUIT_KEY_BITS | prc_suited_played(x, play, ids[i - b]); \
            }                                                               \
            if (bad >= 0) return bad;                                       \
        }                                                                   \
        return -1;                                                          \
    }

#define PRC_DEFINE_ALL_SUITED_ROWS(NAME, SUM, ATTR)                          \
    PRC_DEFINE_SUITED_ROWS(5, NAME, SUM, ATTR)                              \
    PRC_DEFINE_SUITED_ROWS(6, NAME, SUM, ATTR)                              \
    PRC_DEFINE_SUITED_ROWS(7, NAME, SUM, ATTR)

PRC_DEFINE_ALL_SUITED_ROWS(prc_suited_rows, prc_sum_cards, )
#if PRC_POPCNT_DISPATCH
PRC_DEFINE_ALL_SUITED_ROWS(prc_suited_rows_popcnt, prc_sum_cards_popcnt,
                           PRC_POPCNT_ATTR)
#endif

#if PRC_AVX2_DISPATCH
/* The AVX2 loop: the vector part of the game's AVX2 loop (prc_avx2.h:
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
PRC_AVX2_ATTR static PRC_ALWAYS_INLINE void prc_suited_y_sorted(__m256i lo, __m256i hi,
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
#define PRC_SUIT_Y_WORDS ((1ULL << 48) | (1ULL << 36) | (1ULL << 24))

PRC_AVX2_ATTR static PRC_ALWAYS_INLINE unsigned prc_suited_y_key(const uint8_t sorted[16],
                                                                 uint64_t play,
                                                                 const prc_vkind_t *kinds) {
    const prc_vkind_t *kind = kinds + (play >> 56);
    __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)sorted),
                                 _mm_cvtsi64_si128((long long)play));
    b = _mm_and_si128(b, _mm_loadu_si128((const __m128i *)kind->mask));
    b = _mm_maddubs_epi16(b, _mm_loadu_si128((const __m128i *)kind->mul));
    return (unsigned)(((uint64_t)_mm_cvtsi128_si64(b) * PRC_SUIT_Y_WORDS) >> 52);
}

PRC_AVX2_ATTR static inline long prc_suited_rows_popcnt_k(const prc_suited_t *x,
                                                          const uint8_t *cards, int k,
                                                          uint32_t *out, long start, long stop) {
    return k == 5 ? prc_suited_rows_popcnt_5(x, cards, out, start, stop)
         : k == 6 ? prc_suited_rows_popcnt_6(x, cards, out, start, stop)
                  : prc_suited_rows_popcnt_7(x, cards, out, start, stop);
}

/* One row of k valid cards holding five of one suit (flush: its suit
 * counter bits; sum: its rank sum; ids: its card-id mask; s: the rank
 * table's strength, which is the row's when the game ignores flushes): its
 * plain strength (the flush table's where a flush plays; else, for
 * deuce-to-seven's 6 and 7 cards, prc_y_low_flush), then as the POPCNT
 * loop's second pass. */
PRC_AVX2_ATTR static inline void prc_suited_y_flush(const prc_suited_t *x, const uint8_t *cards,
                                                    int k, uint32_t *out, long row, uint32_t sum,
                                                    uint64_t ids, unsigned flush, unsigned s) {
    const uint8_t *hand = cards + (size_t)row * (size_t)k;
    if (x->game.flush_mode == PRC_FLUSH_LOW && k > 5) {
        s = prc_y_low_flush(&x->game, sum, ids, flush, k);
    } else if (x->game.flush_mode != PRC_FLUSH_IGNORED) {
        s = x->game.flush[prc_id_suit_ranks(ids, (prc_ctz64(flush) - 3) >> 2)];
    }
    if (s == 0 || s > (unsigned)x->n_classes) {
        out[row] = 0;
        return;
    }
    out[row] = prc_suited_rare(x, x->plan + s, hand, k, ids, s, flush);
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
    /* ids 52..63 are bits 20..31 of the high half */
    const uint64_t missing = x->game.invalid_ids | 0xFFF0000000000000ULL;
    const __m256i missing_lo = _mm256_set1_epi32((int)(uint32_t)missing);
    const __m256i missing_hi = _mm256_set1_epi32((int)(uint32_t)(missing >> 32));
    const __m256i sorted =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x->sorted_suits));
    /* where row t of a block finds its sorted_suits bytes */
    static const uint8_t slot_of[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    prc_y_consts c;
    prc_y_rows_init(&c.rows, K);
    prc_y_key_tables(&c.key_low, &c.key_high);
    long i = start;
    for (; i + PRC_Y_STEP <= stop; i += PRC_Y_STEP) {
        prc_y_hands h[2];
        prc_y_sum_rows(&c, cards + i * K, K, missing_lo, missing_hi, &h[0]);
        prc_y_sum_rows(&c, cards + (i + 8) * K, K, missing_lo, missing_hi, &h[1]);
        if (prc_y_lanes(_mm256_or_si256(h[0].bad, h[1].bad))) {
            long r = prc_suited_rows_popcnt_k(x, cards, K, out, i, i + PRC_Y_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_Y_STEP];
        unsigned strength[PRC_Y_STEP];
        uint8_t sorted_of[2][8][16];
        _mm256_storeu_si256((__m256i *)sums, h[0].sum);
        _mm256_storeu_si256((__m256i *)(sums + 8), h[1].sum);
        /* rows the scalar code finishes: five of one suit, a plan that
         * searches, no strength (plan 0 searches) */
        const __m256i zero = _mm256_setzero_si256();
        __m256i flush_bits[2] = {prc_y_flush_bits(h[0].counts), prc_y_flush_bits(h[1].counts)};
        unsigned rare = 0xFFFFu ^ (prc_y_lanes(_mm256_cmpeq_epi32(flush_bits[0], zero)) |
                                   prc_y_lanes(_mm256_cmpeq_epi32(flush_bits[1], zero)) << 8);
        for (int t = 0; t < PRC_Y_STEP; t++) {
            uint32_t sum = sums[t];
            unsigned s = rank_table[sum + prc_hash_offset[sum >> PRC_RANK_SHIFT]];
            strength[t] = s <= n_classes ? s : 0;
        }
        prc_suited_y_sorted(h[0].lo, h[0].hi, sorted, sorted_of[0]);
        prc_suited_y_sorted(h[1].lo, h[1].hi, sorted, sorted_of[1]);
        for (int b = 0; b < 2; b++)
            for (int t = 0; t < 8; t++) {
                unsigned s = strength[8 * b + t];
                out[i + 8 * b + t] = (uint32_t)s << PRC_SUIT_KEY_BITS |
                                     prc_suited_y_key(sorted_of[b][slot_of[t]], plays[s], kinds);
            }
        /* a plan that searches gave its row a key of 0 above: the scalar
         * code writes the row again. Of the built-in rankings only
         * incomplete hands have such plans; the check stays out of the key
         * loop, which runs 1% fewer instructions for it (callgrind) */
        if (searching)
            for (int t = 0; t < PRC_Y_STEP; t++)
                rare |= (unsigned)(plays[strength[t]] >> 56 == PRC_VPLAN_SEARCH) << t;
        if (!rare) continue;
        uint32_t lo[PRC_Y_STEP], hi[PRC_Y_STEP], bits[PRC_Y_STEP];
        for (int b = 0; b < 2; b++) {
            _mm256_storeu_si256((__m256i *)(lo + 8 * b), h[b].lo);
            _mm256_storeu_si256((__m256i *)(hi + 8 * b), h[b].hi);
            _mm256_storeu_si256((__m256i *)(bits + 8 * b), flush_bits[b]);
        }
        for (; rare; rare &= rare - 1) {
            int t = prc_ctz64(rare);
            long row = i + t;
            if (bits[t])
                prc_suited_y_flush(x, cards, K, out, row, sums[t], (uint64_t)hi[t] << 32 | lo[t],
                                   bits[t], strength[t]);
            else
                prc_suited_rows_popcnt_k(x, cards, K, out, row, row + 1);
        }
    }
    return prc_suited_rows_popcnt_k(x, cards, K, out, i, stop);
}

#define PRC_DEFINE_SUITED_ROWS_AVX2(K)                                                \
    PRC_AVX2_ATTR static long prc_suited_rows_avx2_##K(const prc_suited_t *x,         \
                                                       const uint8_t *cards, uint32_t *out, \
                                                       long start, long stop) {       \
        return prc_suited_avx2_body(x, cards, K, out, start, stop);                   \
    }
PRC_DEFINE_SUITED_ROWS_AVX2(5)
PRC_DEFINE_SUITED_ROWS_AVX2(6)
PRC_DEFINE_SUITED_ROWS_AVX2(7)
#endif

#if PRC_AVX512_DISPATCH
/* The AVX-512 loop: 16 rows a step, the suit keys by the vector unit too.
 * The AVX2 loop reads each row's key with 128-bit operations, one row at
 * a time; here four rows share a register, one per 128-bit lane:
 *  - the card work (prc_avx512.h's picks and rank keys) keeps card-id
 *    masks (bit 4 * rank + suit), as the AVX2 loop, and byte counters of
 *    the suits; the strengths and each row's play are scalar loads;
 *  - the sorted_suits bytes of every rank of rows 4q + j land in lane q of
 *    register j (as prc_suited_y_sorted, on four lanes);
 *  - the play's place bytes (rank | slot << 4, see prc_suited_vplan_fill)
 *    widened to 16-bit words pick each place's byte (a byte shuffle reads
 *    only the low four bits and the top one), and a shift by twice the
 *    slot moves its 2-bit suit rank down: no per-kind operands;
 *  - one multiply-add and two adds put the five places together.
 * Rows holding five of one suit, and plans that search, go to the scalar
 * code as in the AVX2 loop; so do a step that holds a bad row, and the rows
 * after the last full step. */

/* Suit keys of 16 rows: row 4q + j's in dword j of lane q (row order). */
PRC_AVX512_ATTR static PRC_ALWAYS_INLINE __m512i prc_suited_v_keys(__m512i lo, __m512i hi,
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
    prc_v_consts c;
    prc_v_init(&c, K);
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
            long r = prc_suited_rows_popcnt_k(x, cards, K, out, i, i + 16);
            if (r >= 0) return r;
            continue;
        }
        /* the plain strengths (0 past the ranking's classes) and their
         * plays, by scalar loads: gathers of both (four a step) ran at
         * 0.43-0.51x the high batch, these at 0.54-0.64x (Zen 4) */
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
        __m512i keys = prc_suited_v_keys(lo, hi, sorted, play);
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
            long row = i + t;
            unsigned flush = 0; /* prc_y_flush_bits' form: bit 4 * suit + 3 */
            for (int suit = 0; suit < 4; suit++)
                if ((suit_counts[t] >> (8 * suit) & 0xFF) >= 5) flush |= 8u << (4 * suit);
            if (flush)
                prc_suited_y_flush(x, cards, K, out, row, sum_of[t],
                                   (uint64_t)hi_of[t] << 32 | lo_of[t], flush, s_of[t]);
            else
                prc_suited_rows_popcnt_k(x, cards, K, out, row, row + 1);
        }
    }
    return prc_suited_rows_popcnt_k(x, cards, K, out, i, stop);
}

#define PRC_DEFINE_SUITED_ROWS_AVX512(K)                                              \
    PRC_AVX512_ATTR static long prc_suited_rows_avx512_##K(const prc_suited_t *x,     \
                                                           const uint8_t *cards,      \
                                                           uint32_t *out, long start, \
                                                           long stop) {               \
        return prc_suited_avx512_body(x, cards, K, out, start, stop);                 \
    }
PRC_DEFINE_SUITED_ROWS_AVX512(5)
PRC_DEFINE_SUITED_ROWS_AVX512(6)
PRC_DEFINE_SUITED_ROWS_AVX512(7)
#endif

#if PRC_NEON_DISPATCH
/* The NEON loop (arm64), 16 rows a step in byte lanes (a row a byte):
 * validation, rank sums and the rows holding five of a suit as in
 * prc_n_step; each row's plain strength by the rank hash (scalar loads)
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
    const uint8x16x4_t deck = prc_n_deck_table(x->game.invalid_ids);
    const uint8x16_t sorted = vld1q_u8(x->sorted_suits);
    const uint8x16_t one = vdupq_n_u8(1), three = vdupq_n_u8(3);
    prc_n_consts_t c;
    prc_n_consts_init(&c, K);
    prc_n_rows_t play_rows; /* byte f of 16 plays (8 bytes each) into one register */
    prc_n_rows_init(&play_rows, 8);
    long i = start;
    for (; i + PRC_NEON_STEP <= stop; i += PRC_NEON_STEP) {
        const uint8_t *p = cards + i * K;
        uint8x16_t card[7];
        prc_n_cards(&c.rows, p, K, card);
        if (prc_n_nibbles(prc_n_bad_rows(&deck, card, K))) {
            long r = scalar(x, cards, out, i, i + PRC_NEON_STEP);
            if (r >= 0) return r;
            continue;
        }
        uint32_t sums[PRC_NEON_STEP];
        prc_n_rank_sums(&c, card, NULL, K, sums);
        /* five of a suit matters in every ranking: it may have to play, or
         * be kept from playing */
        uint8x16_t s01 = vdupq_n_u8(0x33), s23 = s01;
        prc_n_suit_counts(&c, card, NULL, K, &s01, &s23);
        uint64_t rare = prc_n_nibbles(vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88)));
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
#endif

/* The subset search over rows, as the scalar kernel does: every hand size,
 * and the reference the rank-group loops are tested against. */
PRC_ENTRY long prc_suited_search_rows(const prc_suited_t *x, const uint8_t *cards, int k,
                                      uint32_t *out, long start, long stop) {
    int bad = 0;
    for (long i = start; i < stop; i++) {
        out[i] = prc_suited_checked(x, cards + (size_t)i * (size_t)k, k, &bad);
        if (bad) return i;
    }
    return -1;
}

/* Rows of k = 1..7 ids: 5..7 by rank groups (with the POPCNT check where
 * the CPU has it); fewer cards all play. */
PRC_ENTRY long prc_suited_rows(const prc_suited_t *x, const uint8_t *cards, int k, uint32_t *out,
                               long start, long stop) {
#if PRC_AVX512_DISPATCH
    if (prc_kernel == PRC_KERNEL_AVX512 && x->vplan != NULL) {
        switch (k) {
        case 5: return prc_suited_rows_avx512_5(x, cards, out, start, stop);
        case 6: return prc_suited_rows_avx512_6(x, cards, out, start, stop);
        case 7: return prc_suited_rows_avx512_7(x, cards, out, start, stop);
        default: break;
        }
    }
#endif
#if PRC_AVX2_DISPATCH
    if (prc_kernel >= PRC_KERNEL_AVX2 && x->vplan != NULL) {
        switch (k) {
        case 5: return prc_suited_rows_avx2_5(x, cards, out, start, stop);
        case 6: return prc_suited_rows_avx2_6(x, cards, out, start, stop);
        case 7: return prc_suited_rows_avx2_7(x, cards, out, start, stop);
        default: break;
        }
    }
#endif
#if PRC_NEON_DISPATCH
    if (prc_kernel == PRC_KERNEL_NEON && x->vplan != NULL) {
        switch (k) {
        case 5: return prc_suited_rows_neon_5(x, cards, out, start, stop);
        case 6: return prc_suited_rows_neon_6(x, cards, out, start, stop);
        case 7: return prc_suited_rows_neon_7(x, cards, out, start, stop);
        default: break;
        }
    }
#endif
#if PRC_POPCNT_DISPATCH
    if (prc_kernel >= PRC_KERNEL_POPCNT) {
        switch (k) {
        case 5: return prc_suited_rows_popcnt_5(x, cards, out, start, stop);
        case 6: return prc_suited_rows_popcnt_6(x, cards, out, start, stop);
        case 7: return prc_suited_rows_popcnt_7(x, cards, out, start, stop);
        default: break;
        }
    }
#endif
    switch (k) {
    case 5: return prc_suited_rows_5(x, cards, out, start, stop);
    case 6: return prc_suited_rows_6(x, cards, out, start, stop);
    case 7: return prc_suited_rows_7(x, cards, out, start, stop);
    default: return prc_suited_search_rows(x, cards, k, out, start, stop);
    }
}
#endif /* PRC_KERNELS_DECLARE */

/* Omaha: exactly two of nh (4..6) hole cards and three of nb (3..5) board
 * cards. Returns 0 and sets *bad for an invalid id, a repeat (within or
 * across hole and board) or a card outside the deck. */
static inline uint32_t prc_suited_omaha_checked(const prc_suited_t *x,
                                                const uint8_t *hole, int nh,
                                                const uint8_t *board, int nb,
                                                int *bad) {
    uint64_t seen = 0;
    int i, j, p, q, r;
    for (i = 0; i < nh + nb; i++) {
        uint8_t c = i < nh ? hole[i] : board[i - nh];
        uint64_t bit = c < 52 ? (uint64_t)1 << c : 0;
        if (!bit || (seen & bit) || (bit & x->game.invalid_ids)) {
            *bad = 1;
            return 0;
        }
        seen |= bit;
    }
    unsigned best_s = 0, best_key = 0;
    uint8_t five[5];
    for (i = 0; i < nh; i++)
        for (j = i + 1; j < nh; j++)
            for (p = 0; p < nb; p++)
                for (q = p + 1; q < nb; q++)
                    for (r = q + 1; r < nb; r++) {
                        uint64_t key, bits;
                        five[0] = hole[i]; five[1] = hole[j];
                        five[2] = board[p]; five[3] = board[q]; five[4] = board[r];
                        prc_sum_cards(five, 5, &key, &bits);
                        unsigned s = prc_game_value(&x->game, key, bits, 5);
                        if (s == 0 || s < best_s || s > (unsigned)x->n_classes) continue;
                        unsigned v = prc_suit_key(x, x->info[s], five, 5);
                        if (s > best_s || v > best_key) {
                            best_s = s;
                            best_key = v;
                        }
                    }
    return best_s ? (uint32_t)best_s << PRC_SUIT_KEY_BITS | best_key : 0;
}

#ifndef PRC_KERNELS_DECLARE
/* Omaha rows: holes (N, nh) and boards (N, nb); first bad row or -1. */
PRC_ENTRY long prc_suited_omaha_rows(const prc_suited_t *x, const uint8_t *holes, int nh,
                                     const uint8_t *boards, int nb, uint32_t *out, long start,
                                     long stop) {
    int bad = 0;
    for (long i = start; i < stop; i++) {
        out[i] = prc_suited_omaha_checked(x, holes + (size_t)i * (size_t)nh, nh,
                                          boards + (size_t)i * (size_t)nb, nb, &bad);
        if (bad) return i;
    }
    return -1;
}
#endif /* PRC_KERNELS_DECLARE */

#endif /* PRC_SUITS_H */
