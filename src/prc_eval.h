/* pyrankcore: hot inline kernels over the generated tables.
 *
 * Pure C (no Python.h) so that the Cython module and any C consumer share
 * one definition. Unless a name ends in _checked, a function assumes valid
 * input (card ids < 52, none repeated); invalid ids still index inside the
 * 256-entry card tables, so they give a wrong answer but never a bad read.
 */
#ifndef PRC_EVAL_H
#define PRC_EVAL_H

#include <stddef.h>
#include <stdint.h>
#include "prc_tables.h"

#if defined(_MSC_VER)
#include <intrin.h>
static inline int prc_ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int prc_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

/* Non-flush strength of a rank sum (the low 32 bits of a summed key). One
 * multiply yields both the bucket (top bits) and the home slot (the low 32
 * bits scaled onto the table); the bucket's displacement moves the slot. */
static inline uint32_t prc_rank_slot(uint32_t rank_sum) {
    uint64_t h = (uint64_t)rank_sum * PRC_HASH_MULT;
    uint32_t slot = (uint32_t)(((h & 0xFFFFFFFFULL) * PRC_HASH_SIZE) >> 32);
    slot += prc_hash_displace[h >> PRC_BUCKET_SHIFT];
    if (slot >= PRC_HASH_SIZE) slot -= PRC_HASH_SIZE;
    return slot;
}

static inline uint16_t prc_rank_lookup(uint32_t rank_sum) {
    return prc_rank_high[prc_rank_slot(rank_sum)];
}

/* The 13-bit rank mask of one suit in a card-id bit mask (bit i = card i). */
static inline unsigned prc_suit_ranks(uint64_t id_mask, int suit) {
    unsigned ranks = 0;
    id_mask >>= suit;
    for (int r = 0; r < 13; r++) ranks |= (unsigned)((id_mask >> (4 * r)) & 1u) << r;
    return ranks;
}

/* Suit holding five or more cards, given a summed key with the suit
 * counters set (bit 3 of that suit's nibble); -1 when there is no flush. */
static inline int prc_flush_suit(uint64_t key) {
    uint64_t f = key & PRC_FLUSH_BITS;
    if (!f) return -1;
    return (prc_ctz64(f) - PRC_SUIT_SHIFT - 3) >> 2;
}

/* High strength (1..7462) of 5..7 distinct valid cards. */
static inline uint16_t prc_eval_high(const uint8_t *cards, int n) {
    uint64_t key = PRC_SUIT_START;
    for (int i = 0; i < n; i++) key += prc_card_key[cards[i]];
    int suit = prc_flush_suit(key);
    if (suit >= 0) {
        /* Invalid ids (52..255) add no suit count, but they share the low
         * two bits of a suit: keep them out of the 13-bit rank mask, or the
         * index would run past the 8192-entry flush table. */
        unsigned ranks = 0;
        for (int i = 0; i < n; i++)
            if ((cards[i] & 3) == suit && cards[i] < 52) ranks |= 1u << (cards[i] >> 2);
        return prc_flush_high[ranks];
    }
    return prc_rank_lookup((uint32_t)key);
}

/* High strength of 5..7 card ids that may be invalid or repeated: sets *bad
 * and returns 0 if so. Validation costs no branch per card: ids 52..255 add
 * a poison bit above the suit counters, and a repeated card makes the OR of
 * the card bits differ from their sum. */
static inline uint16_t prc_eval_high_checked(const uint8_t *cards, int n,
                                             int *bad) {
    uint64_t key = PRC_SUIT_START, seen = 0, total = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = prc_card_bit[cards[i]];
        key += prc_card_key[cards[i]];
        seen |= bit;
        total += bit;
    }
    if ((key >> PRC_INVALID_SHIFT) | (seen ^ total)) {
        *bad = 1;
        return 0;
    }
    int suit = prc_flush_suit(key);
    if (suit >= 0) return prc_flush_high[prc_suit_ranks(seen, suit)];
    return prc_rank_lookup((uint32_t)key);
}

/* High strength of the cards in a card-id bit mask (5..7 bits set). */
static inline uint16_t prc_eval_high_mask(uint64_t id_mask) {
    uint64_t key = PRC_SUIT_START;
    uint64_t m = id_mask & ((1ULL << 52) - 1);
    while (m) {
        key += prc_card_key[prc_ctz64(m)];
        m &= m - 1;
    }
    int suit = prc_flush_suit(key);
    if (suit >= 0) return prc_flush_high[prc_suit_ranks(id_mask, suit)];
    return prc_rank_lookup((uint32_t)key);
}

/* ------------------------------------------------------------------------
 * Any ranking: a game is a pair of tables over the same slots and masks
 * (generated for the built-in games, built at run time for custom decks). */

#define PRC_FLUSH_IGNORED 0   /* suits never matter */
#define PRC_FLUSH_DOMINANT 1  /* a flush beats all that can share 7 cards */
#define PRC_FLUSH_LOW 2       /* flushes hurt: 6-7 cards search 5-subsets */

typedef struct {
    const uint16_t *rank;     /* strength by rank slot (no flush counted) */
    const uint16_t *flush;    /* strength by 13-bit mask of the flush suit */
    uint64_t invalid;         /* card bits this game's deck lacks */
    int flush_mode;
} prc_game_t;

/* Best strength over the five-card subsets of a 6- or 7-card hand holding
 * a flush, for games where a flush can be worse than the hand without it.
 * The flush subsets are the 5-card subsets of the suit: the flush table
 * holds their best. A non-flush subset keeps at most four suited cards, so
 * drop suited cards until four remain: what is left cannot make a flush and
 * the rank table gives its best five exactly. Five suited cards: one lookup
 * per suited card; six of seven: one per pair of them. */
static uint16_t prc_low_flush_best(const prc_game_t *g, uint64_t key,
                                   uint64_t seen, int n) {
    int suit = prc_flush_suit(key);
    unsigned ranks = prc_suit_ranks(seen, suit);
    uint8_t suited[7];
    int ns = 0;
    for (unsigned m = ranks; m; m &= m - 1)
        suited[ns++] = (uint8_t)(prc_ctz64(m) * 4 + suit);
    uint16_t best = g->flush[ranks];
    if (ns == 5) {
        for (int i = 0; i < 5; i++) {
            uint16_t v = g->rank[prc_rank_slot((uint32_t)(key - prc_card_key[suited[i]]))];
            if (v > best) best = v;
        }
    } else if (ns == 6 && n == 7) {
        for (int i = 0; i < 6; i++)
            for (int j = i + 1; j < 6; j++) {
                uint64_t k5 = key - prc_card_key[suited[i]] - prc_card_key[suited[j]];
                uint16_t v = g->rank[prc_rank_slot((uint32_t)k5)];
                if (v > best) best = v;
            }
    }
    return best;
}

/* Strength of n valid cards given their summed key and card-id mask. */
static inline uint16_t prc_game_value(const prc_game_t *g, uint64_t key,
                                      uint64_t seen, int n) {
    if (g->flush_mode != PRC_FLUSH_IGNORED) {
        int suit = prc_flush_suit(key);
        if (suit >= 0) {
            if (g->flush_mode == PRC_FLUSH_DOMINANT || n == 5)
                return g->flush[prc_suit_ranks(seen, suit)];
            return prc_low_flush_best(g, key, seen, n);
        }
    }
    return g->rank[prc_rank_slot((uint32_t)key)];
}

/* Like prc_eval_high_checked, for any game; cards outside the game's deck
 * (a deuce in short deck) are flagged too. */
static inline uint16_t prc_eval_game_checked(const prc_game_t *g,
                                             const uint8_t *cards, int n,
                                             int *bad) {
    uint64_t key = PRC_SUIT_START, seen = 0, total = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = prc_card_bit[cards[i]];
        key += prc_card_key[cards[i]];
        seen |= bit;
        total += bit;
    }
    if ((key >> PRC_INVALID_SHIFT) | (seen ^ total) | (seen & g->invalid)) {
        *bad = 1;
        return 0;
    }
    return prc_game_value(g, key, seen, n);
}

#endif
