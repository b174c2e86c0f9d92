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
 * hand's strength, the best suit key among them. Pure C, no Python.h.
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
} prc_suited_t;

/* Suit key of m (1..5) valid cards of plain strength s, given info[s]. */
static inline unsigned prc_suit_key(const prc_suited_t *x, uint64_t info,
                                    const uint8_t *c, int m) {
    unsigned k[5];
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

/* Suited strengths of rows start..stop-1 of k card ids into out; returns
 * the first bad row (the rows before it are written) or -1. */
static long prc_suited_rows(const prc_suited_t *x, const uint8_t *cards, int k,
                            uint32_t *out, long start, long stop) {
    int bad = 0;
    for (long i = start; i < stop; i++) {
        out[i] = prc_suited_checked(x, cards + (size_t)i * (size_t)k, k, &bad);
        if (bad) return i;
    }
    return -1;
}

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

/* Omaha rows: holes (N, nh) and boards (N, nb); first bad row or -1. */
static long prc_suited_omaha_rows(const prc_suited_t *x, const uint8_t *holes,
                                  int nh, const uint8_t *boards, int nb,
                                  uint32_t *out, long start, long stop) {
    int bad = 0;
    for (long i = start; i < stop; i++) {
        out[i] = prc_suited_omaha_checked(x, holes + (size_t)i * (size_t)nh, nh,
                                          boards + (size_t)i * (size_t)nb, nb, &bad);
        if (bad) return i;
    }
    return -1;
}

#endif /* PRC_SUITS_H */
