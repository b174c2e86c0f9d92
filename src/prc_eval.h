/* pyrankcore: hot inline kernels over the generated tables.
 *
 * Pure C (no Python.h) so that the Cython module and any C consumer share
 * one definition. Unless a name ends in _checked, a function assumes valid
 * input (card ids < 52, none repeated); invalid ids still index inside the
 * 256-entry card tables, so they give a wrong answer but never a bad read.
 */
#ifndef PRC_EVAL_H
#define PRC_EVAL_H

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
        unsigned ranks = 0;
        for (int i = 0; i < n; i++)
            if ((cards[i] & 3) == suit) ranks |= 1u << (cards[i] >> 2);
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

/* Omaha: the best hand using exactly two of the nh hole cards (4..6) and
 * exactly three of the nb board cards (3..5), for any game. Partial keys of
 * every board triple and hole pair are summed once; each of the (up to
 * 150) combinations then costs one add and one lookup. Valid input only. */
static inline uint16_t prc_omaha(const prc_game_t *g, const uint8_t *hole,
                                 int nh, const uint8_t *board, int nb) {
    uint64_t tri_key[10], tri_mask[10], pair_key[15], pair_mask[15];
    int nt = 0, np = 0;
    for (int a = 0; a < nb; a++)
        for (int b = a + 1; b < nb; b++)
            for (int c = b + 1; c < nb; c++) {
                tri_key[nt] = PRC_SUIT_START + prc_card_key[board[a]]
                    + prc_card_key[board[b]] + prc_card_key[board[c]];
                tri_mask[nt++] = prc_card_bit[board[a]] | prc_card_bit[board[b]]
                    | prc_card_bit[board[c]];
            }
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++) {
            pair_key[np] = prc_card_key[hole[a]] + prc_card_key[hole[b]];
            pair_mask[np++] = prc_card_bit[hole[a]] | prc_card_bit[hole[b]];
        }
    uint16_t best = 0;
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++) {
            uint16_t v = prc_game_value(g, tri_key[t] + pair_key[p],
                                        tri_mask[t] | pair_mask[p], 5);
            if (v > best) best = v;
        }
    return best;
}

/* Omaha with validation: ids, repeats across hole and board, and the deck. */
static inline uint16_t prc_omaha_checked(const prc_game_t *g,
                                         const uint8_t *hole, int nh,
                                         const uint8_t *board, int nb,
                                         int *bad) {
    uint64_t key = 0, seen = 0, total = 0;
    for (int i = 0; i < nh + nb; i++) {
        uint8_t c = i < nh ? hole[i] : board[i - nh];
        uint64_t bit = prc_card_bit[c];
        key += prc_card_key[c];
        seen |= bit;
        total += bit;
    }
    if ((key >> PRC_INVALID_SHIFT) | (seen ^ total) | (seen & g->invalid)) {
        *bad = 1;
        return 0;
    }
    return prc_omaha(g, hole, nh, board, nb);
}

/* Fast Omaha for rankings whose flushes are ignored or dominant. For every
 * board rank pattern (3-5 cards) a table gives the best non-flush strength
 * for each pair of hole ranks (91 pairs), built once per game at run time;
 * a hand then costs one hash of the board plus one lookup per hole pair.
 * Flushes take a separate path, needed only when the board holds three or
 * more cards of a suit and the hand two or more: the suit counters tell
 * (adding 5 or 6 to a 4-bit counter sets its top bit exactly then). */
typedef struct {
    const uint16_t *pattern_of_slot; /* board rank slot -> pattern row */
    const uint16_t *best;            /* pattern row * 91 + pair index */
} prc_omaha_t;

static uint16_t prc_omaha_flush(const prc_game_t *g, const uint8_t *hole,
                                int nh, const uint8_t *board, int nb,
                                int suit) {
    int hr[6], nhr = 0;
    unsigned bmask = 0;
    for (int i = 0; i < nh; i++)
        if ((hole[i] & 3) == suit) hr[nhr++] = hole[i] >> 2;
    for (int i = 0; i < nb; i++)
        if ((board[i] & 3) == suit) bmask |= 1u << (board[i] >> 2);
    uint16_t best = 0;
    for (int a = 0; a < nhr; a++)
        for (int b = a + 1; b < nhr; b++) {
            unsigned pair = (1u << hr[a]) | (1u << hr[b]);
            /* every 3-card subset of the board's cards of this suit */
            for (unsigned x = bmask; x; x &= x - 1)
                for (unsigned y = x & (x - 1); y; y &= y - 1)
                    for (unsigned z = y & (y - 1); z; z &= z - 1) {
                        unsigned m = pair | (x & -x) | (y & -y) | (z & -z);
                        uint16_t v = g->flush[m];
                        if (v > best) best = v;
                    }
        }
    return best;
}

/* Column of a hole pair in a pattern row, by the two cards' ids: one load
 * instead of ranks, a compare and a multiply. Filled by prc_omaha_init. */
static uint8_t prc_pair_column[64 * 64];

static inline void prc_omaha_init(void) {
    for (int a = 0; a < 52; a++)
        for (int b = 0; b < 52; b++) {
            int r1 = a >> 2, r2 = b >> 2;
            int lo = r1 < r2 ? r1 : r2, hi = r1 < r2 ? r2 : r1;
            prc_pair_column[a * 64 + b] = (uint8_t)(hi * (hi + 1) / 2 + lo);
        }
}

/* Software prefetch: a hint only, so a no-op where unsupported. */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_PREFETCH(p) __builtin_prefetch((const void *)(p))
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define PRC_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define PRC_PREFETCH(p) ((void)0)
#endif

#define PRC_OMAHA_CHUNK 32

/* Many Omaha rows (hole rows of nh ids, board rows of nb ids, C order).
 * The pattern tables (about 1.5 MB) do not fit in L2, so rows go in chunks:
 * the first pass validates each hand, hashes its board and prefetches its
 * pattern row; the second does the pair lookups once the rows are in cache.
 * Returns the index of the first invalid row, or -1; rows from that one on
 * are left unwritten. */
static inline long prc_omaha_rows(const prc_game_t *g, const prc_omaha_t *o,
                                  const uint8_t *holes, int nh,
                                  const uint8_t *boards, int nb,
                                  uint16_t *out, long start, long stop) {
    const uint16_t *rows[PRC_OMAHA_CHUNK];
    uint64_t flush_suits[PRC_OMAHA_CHUNK];
    for (long base = start; base < stop; base += PRC_OMAHA_CHUNK) {
        long end = base + PRC_OMAHA_CHUNK < stop ? base + PRC_OMAHA_CHUNK : stop;
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            uint64_t bkey = 0, hkey = 0, seen = 0, total = 0;
            for (int j = 0; j < nb; j++) {
                uint64_t bit = prc_card_bit[board[j]];
                bkey += prc_card_key[board[j]];
                seen |= bit;
                total += bit;
            }
            for (int j = 0; j < nh; j++) {
                uint64_t bit = prc_card_bit[hole[j]];
                hkey += prc_card_key[hole[j]];
                seen |= bit;
                total += bit;
            }
            if (((bkey + hkey) >> PRC_INVALID_SHIFT) | (seen ^ total)
                | (seen & g->invalid))
                return i;
            const uint16_t *row = o->best
                + (size_t)o->pattern_of_slot[prc_rank_slot((uint32_t)bkey)] * 91;
            PRC_PREFETCH(row);
            PRC_PREFETCH(row + 32);
            PRC_PREFETCH(row + 64);
            PRC_PREFETCH(row + 90);
            rows[i - base] = row;
            flush_suits[i - base] = (((bkey >> PRC_SUIT_SHIFT) & 0xFFFF) + 0x5555)
                & (((hkey >> PRC_SUIT_SHIFT) & 0xFFFF) + 0x6666) & 0x8888;
        }
        for (long i = base; i < end; i++) {
            const uint8_t *hole = holes + i * nh, *board = boards + i * nb;
            const uint16_t *row = rows[i - base];
            uint16_t best = 0;
            for (int a = 0; a < nh; a++)
                for (int b = a + 1; b < nh; b++) {
                    uint16_t v = row[prc_pair_column[hole[a] * 64 + hole[b]]];
                    best = v > best ? v : best;
                }
            if (g->flush_mode == PRC_FLUSH_DOMINANT) {
                for (uint64_t suits = flush_suits[i - base]; suits; suits &= suits - 1) {
                    int suit = (prc_ctz64(suits) - 3) >> 2;
                    uint16_t v = prc_omaha_flush(g, hole, nh, board, nb, suit);
                    best = v > best ? v : best;
                }
            }
            out[i] = best;
        }
    }
    return -1;
}

#endif
