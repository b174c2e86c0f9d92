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
 *         that word w holds places 2w and 2w + 1 (prc_suited_avx2_key).
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
    PRC_DEFINE_ROWS_5_TO_7(PRC_DEFINE_SUITED_ROWS, NAME, SUM, ATTR)


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

/* A tier's suit rows by hand size (k = 5..7; other sizes fall through). */
#define PRC_SUITED_ROWS_BY_SIZE(NAME)                                        \
    switch (k) {                                                            \
    case 5: return NAME##_5(x, cards, out, start, stop);                    \
    case 6: return NAME##_6(x, cards, out, start, stop);                    \
    case 7: return NAME##_7(x, cards, out, start, stop);                    \
    default: break;                                                         \
    }

/* A vector tier's suit loops of 5..7 cards, prc_suited_rows_TIER_K, from
 * its loop body prc_suited_TIER_body(x, cards, K, out, start, stop). */
#define PRC_DEFINE_SUITED_VECTOR_ROWS(TIER, ATTR, K)                                        \
    ATTR static long prc_suited_rows_##TIER##_##K(const prc_suited_t *x, const uint8_t *cards,\
                                                  uint32_t *out, long start, long stop) {   \
        return prc_suited_##TIER##_body(x, cards, K, out, start, stop);                     \
    }
#define PRC_DEFINE_ALL_SUITED_VECTOR_ROWS(TIER, ATTR)                                       \
    PRC_DEFINE_SUITED_VECTOR_ROWS(TIER, ATTR, 5)                                            \
    PRC_DEFINE_SUITED_VECTOR_ROWS(TIER, ATTR, 6)                                            \
    PRC_DEFINE_SUITED_VECTOR_ROWS(TIER, ATTR, 7)
#endif /* PRC_KERNELS_DECLARE */

/* Rows of k = 1..7 ids: 5..7 by rank groups, fewer cards all play.
 * Defined in prc_tiers.h: the suit loops of the tier chosen at start-up. */
PRC_ENTRY long prc_suited_rows(const prc_suited_t *x, const uint8_t *cards, int k, uint32_t *out,
                               long start, long stop);

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
