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
#endif
/* x86-64's base instruction set has SSE2 (prc_sum_cards_wide uses it). */
#if defined(__x86_64__) || (defined(_M_X64) && !defined(_M_ARM64EC))
#include <emmintrin.h>
#define PRC_CARD_SUM_SSE2 1
#else
#define PRC_CARD_SUM_SSE2 0
#endif

/* Linkage of the entry points that take a whole batch or search (the row
 * loops, the equity and Fantasyland kernels). By default every function
 * here is static, so a C program of one file just includes the headers
 * (prc_tiers.h for the row loops). The extension compiles the entry points once, in
 * src/prc_kernels.c (PRC_KERNELS_DEFINE: external definitions), while its
 * Cython module includes src/prc_kernels.h (PRC_KERNELS_DECLARE: the types
 * and the scalar inline functions, the entry points as prototypes), so the
 * big loops compile in a translation unit of their own, beside the Cython
 * code. Hidden visibility keeps them out of the module's exports and makes
 * calls between the two units direct. */
#if defined(PRC_KERNELS_DEFINE) || defined(PRC_KERNELS_DECLARE)
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define PRC_ENTRY __attribute__((visibility("hidden")))
#else
#define PRC_ENTRY
#endif
#else
#define PRC_ENTRY static inline
#endif

/* Inlined into every caller whatever the compiler's size budget: for the
 * kernels every row loop and equity deal runs, which GCC would otherwise
 * leave out of line once a translation unit has grown by its limit. */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PRC_ALWAYS_INLINE __forceinline
#else
#define PRC_ALWAYS_INLINE inline
#endif

/* Kept out of line: a rare path that would crowd the hot loop it sits in,
 * or a loop that stays its own function (see prc_tier_portable.h). */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define PRC_NOINLINE __declspec(noinline)
#else
#define PRC_NOINLINE
#endif

#if defined(_MSC_VER)
static inline int prc_ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int prc_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

#if defined(__GNUC__) || defined(__clang__)
static inline int prc_popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
static inline int prc_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

/* Table slot of a rank sum (the low 32 bits of a summed key): a row-offset
 * perfect hash. The sum's row (its high bits) has one offset, added with
 * uint32 wrap-around: one shift, one load, one add. */
static inline uint32_t prc_rank_slot(uint32_t rank_sum) {
    return rank_sum + prc_hash_offset[rank_sum >> PRC_RANK_SHIFT]; /* < PRC_HASH_SIZE */
}

/* Slot of an Omaha board's rank sum (3 to 5 cards) in the boards' own,
 * denser perfect hash; < PRC_BOARD_SLOTS for any sum of 5 ranks or fewer. */
static inline uint32_t prc_board_slot(uint32_t rank_sum) {
    return rank_sum + prc_board_offset[rank_sum >> PRC_BOARD_SHIFT];
}

static inline uint16_t prc_rank_lookup(uint32_t rank_sum) {
    return prc_rank_high[prc_rank_slot(rank_sum)];
}

/* The 13-bit rank mask of suit *suit* in a card-id mask (bit 4r + s):
 * the suit's bits, four apart, pulled together by halves. */
static inline unsigned prc_id_suit_ranks(uint64_t ids, int suit) {
    uint64_t x = (ids >> suit) & 0x1111111111111ULL;
    x = (x | (x >> 3)) & 0x0303030303030303ULL;
    x = (x | (x >> 6)) & 0x000F000F000F000FULL;
    x = (x | (x >> 12)) & 0x000000FF000000FFULL;
    return (unsigned)(x | (x >> 24)) & 0x1FFFu;
}

/* Suit holding five or more cards, given a summed key with the suit
 * counters set (bit 3 of that suit's nibble); -1 when there is no flush. */
static inline int prc_flush_suit(uint64_t key) {
    uint64_t f = key & PRC_FLUSH_BITS;
    if (!f) return -1;
    return (prc_ctz64(f) - PRC_SUIT_SHIFT - 3) >> 2;
}

/* Card entries of the batch kernels: prc_card16[2 * id] is the card's key,
 * prc_card16[2 * id + 1] its bit in a suit-major mask (bit 16 * suit +
 * rank; 0 for ids 52..255, whose key carries the poison bit instead). */
#define PRC_CARD_KEY16(c) (prc_card16[2 * (size_t)(c)])
#define PRC_CARD_BITS16(c) (prc_card16[2 * (size_t)(c) + 1])

/* The 13-bit rank mask of one suit in a suit-major mask. */
static inline unsigned prc_sm_ranks(uint64_t sm_mask, int suit) {
    return (unsigned)(sm_mask >> (16 * suit)) & 0x1FFFu;
}

/* The 13-bit rank mask of the flush suit, given the key's nonzero flush
 * bits f: bit 3 of suit s's counter is bit SUIT_SHIFT + 4s + 3, so the
 * suit's ranks start at 16 * s = (that position - SUIT_SHIFT - 3) * 4. */
static inline unsigned prc_flush_ranks(uint64_t f, uint64_t bits) {
    int shift = (prc_ctz64(f) - PRC_SUIT_SHIFT - 3) << 2;
    return (unsigned)(bits >> shift) & 0x1FFFu;
}

/* High strength of a summed key and suit-major mask of valid cards. */
static inline uint16_t prc_high_value(uint64_t key, uint64_t bits) {
    uint64_t f = key & PRC_FLUSH_BITS;
    if (f) return prc_flush_high[prc_flush_ranks(f, bits)];
    return prc_rank_lookup((uint32_t)key);
}

/* High strength (1..7462) of 5..7 distinct valid cards (the unchecked
 * cimport API). Only keys are summed: the flush suit's ranks are gathered
 * on the rare flush path, and ids 52..255 (which share a suit's low two
 * bits) are kept out of that mask, so a bad id gives a wrong strength but
 * never a read outside the flush table. */
static inline uint16_t prc_eval_high(const uint8_t *cards, int n) {
    uint64_t key = PRC_SUIT_START;
    for (int i = 0; i < n; i++) key += prc_card_key[cards[i]];
    int suit = prc_flush_suit(key);
    if (suit >= 0) {
        unsigned ranks = 0;
        for (int i = 0; i < n; i++)
            if ((cards[i] & 3) == suit && cards[i] < 52) ranks |= 1u << (cards[i] >> 2);
        return prc_flush_high[ranks];
    }
    return prc_rank_lookup((uint32_t)key);
}

/* Sum of n card entries with what validation needs: *bits_out is the OR of
 * the suit-major bits; the result is nonzero when an id is invalid (the
 * poison bit) or repeated (the bits' sum differs from their OR). No branch
 * per card. */
static inline uint64_t prc_sum_cards(const uint8_t *cards, int n,
                                     uint64_t *key_out, uint64_t *bits_out) {
    uint64_t key = PRC_SUIT_START, any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t b = PRC_CARD_BITS16(cards[i]);
        key += PRC_CARD_KEY16(cards[i]);
        any |= b;
        sum += b;
    }
    *key_out = key;
    *bits_out = any;
    return (key >> PRC_INVALID_SHIFT) | (any ^ sum);
}

#if PRC_CARD_SUM_SSE2
/* The card entry of id c, key in the low lane, bits in the high. */
#define PRC_CARD_ENTRY(c) _mm_load_si128((const __m128i *)&prc_card16[2 * (size_t)(c)])
/* The high lane of v. */
static inline uint64_t prc_high_lane(__m128i v) {
    return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
}
#endif

/* prc_sum_cards for the portable row loops: on x86-64 (SSE2 is part of its
 * base) a card's key and bits come in as one 16-byte load and are summed
 * and ORed two lanes at a time, one load a card besides its id, as those
 * loops are bound by loads. (The suit loops keep prc_sum_cards: its vector
 * registers would crowd the AVX-512 suit loop that inlines it.) */
static inline uint64_t prc_sum_cards_wide(const uint8_t *cards, int n, uint64_t *key_out,
                                          uint64_t *bits_out) {
#if PRC_CARD_SUM_SSE2
    __m128i sum = _mm_set_epi64x(0, (long long)PRC_SUIT_START), any = _mm_setzero_si128();
    for (int i = 0; i < n; i++) {
        __m128i e = PRC_CARD_ENTRY(cards[i]);
        sum = _mm_add_epi64(sum, e);
        any = _mm_or_si128(any, e);
    }
    uint64_t key = (uint64_t)_mm_cvtsi128_si64(sum);
    *key_out = key;
    *bits_out = prc_high_lane(any);
    return (key >> PRC_INVALID_SHIFT) | prc_high_lane(_mm_xor_si128(sum, any));
#else
    return prc_sum_cards(cards, n, key_out, bits_out);
#endif
}

/* High strength of 5..7 card ids that may be invalid or repeated: sets *bad
 * and returns 0 if so. */
static inline uint16_t prc_eval_high_checked(const uint8_t *cards, int n,
                                             int *bad) {
    uint64_t key, bits;
    if (prc_sum_cards(cards, n, &key, &bits)) {
        *bad = 1;
        return 0;
    }
    return prc_high_value(key, bits);
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
    if (suit >= 0) return prc_flush_high[prc_id_suit_ranks(id_mask, suit)];
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
    uint64_t invalid;         /* suit-major bits of cards the deck lacks */
    uint64_t invalid_ids;     /* the same cards as card-id bits (bit = id) */
    int flush_mode;
} prc_game_t;

/* Best strength over the five-card subsets of a 6- or 7-card hand holding
 * a flush, for games where a flush can be worse than the hand without it.
 * The flush subsets are the 5-card subsets of the suit: the flush table
 * holds their best. A non-flush subset keeps at most four suited cards, so
 * drop suited cards until four remain: what is left cannot make a flush and
 * the rank table gives its best five exactly. Five suited cards: one lookup
 * per suited card; six of seven: one per pair of them. From the hand's
 * rank sum and the 13-bit mask of its suited ranks, which the vector loops
 * have without reading the row again. */
static inline uint16_t prc_low_flush_ranks(const prc_game_t *g, uint32_t sum, unsigned ranks,
                                           int n) {
    /* five, six or seven suited ranks, counted without a popcount (which is
     * a library call where the POPCNT instruction is not assumed) */
    unsigned past_five = ranks;
    for (int i = 0; i < 5; i++) past_five &= past_five - 1;
    int suited = !past_five ? 5 : !(past_five & (past_five - 1)) ? 6 : 7;
    uint16_t best = g->flush[ranks];
    if (suited == 5 || (suited == 6 && n == 7)) {
        for (unsigned m = ranks; m; m &= m - 1) {
            /* a rank's multiplier: the low 32 bits of any of its cards' keys */
            uint32_t less = sum - (uint32_t)prc_card_key[4 * prc_ctz64(m)];
            if (suited == 5) {
                uint16_t v = g->rank[prc_rank_slot(less)];
                best = v > best ? v : best;
                continue;
            }
            for (unsigned m2 = m & (m - 1); m2; m2 &= m2 - 1) {
                uint16_t v =
                    g->rank[prc_rank_slot(less - (uint32_t)prc_card_key[4 * prc_ctz64(m2)])];
                best = v > best ? v : best;
            }
        }
    }
    return best;
}

/* The same from a hand's summed key and suit-major mask. */
static uint16_t prc_low_flush_best(const prc_game_t *g, uint64_t key,
                                   uint64_t bits, int n) {
    return prc_low_flush_ranks(g, (uint32_t)key, prc_sm_ranks(bits, prc_flush_suit(key)), n);
}

/* A copy of game, or of the high ranking where game is NULL (the row loops
 * take NULL for the high ranking and read its static tables). */
static inline prc_game_t prc_game_or_high(const prc_game_t *game) {
    if (game) return *game;
    prc_game_t high = {prc_rank_high, prc_flush_high, 0, 0, PRC_FLUSH_DOMINANT};
    return high;
}

/* Strength under g (whose flushes play some part) of a valid row of n cards
 * holding five or more of suit, given its rank sum: the flush table at the
 * suit's ranks, or where the flush may not play prc_low_flush_ranks. The
 * vector loops settle their rows that flush here. */
static inline uint16_t prc_row_flush_value(const prc_game_t *g, const uint8_t *row, int n,
                                           unsigned suit, uint32_t sum) {
    unsigned ranks = 0;
    for (int j = 0; j < n; j++) ranks |= (unsigned)((row[j] & 3) == suit) << (row[j] >> 2);
    if (g->flush_mode == PRC_FLUSH_DOMINANT || n == 5) return g->flush[ranks];
    return prc_low_flush_ranks(g, sum, ranks, n);
}

/* Strength of n valid cards given their summed key and suit-major mask. */
static PRC_ALWAYS_INLINE uint16_t prc_game_value(const prc_game_t *g, uint64_t key,
                                                 uint64_t bits, int n) {
    if (g->flush_mode != PRC_FLUSH_IGNORED) {
        uint64_t f = key & PRC_FLUSH_BITS;
        if (f) {
            if (g->flush_mode == PRC_FLUSH_DOMINANT || n == 5)
                return g->flush[prc_flush_ranks(f, bits)];
            return prc_low_flush_best(g, key, bits, n);
        }
    }
    return g->rank[prc_rank_slot((uint32_t)key)];
}

/* Like prc_eval_high_checked, for any game; cards outside the game's deck
 * (a deuce in short deck) are flagged too. */
static inline uint16_t prc_eval_game_checked(const prc_game_t *g,
                                             const uint8_t *cards, int n,
                                             int *bad) {
    uint64_t key, bits;
    if (prc_sum_cards(cards, n, &key, &bits) | (bits & g->invalid)) {
        *bad = 1;
        return 0;
    }
    return prc_game_value(g, key, bits, n);
}

/* ------------------------------------------------------------------------
 * Row loops: the hot loop lives here, in C, so the kernel inlines into it
 * with the bad flag in a register. Rows are k uint8 ids each, C order;
 * out[start..stop) is filled. Returns the first invalid row, or -1 (rows
 * from that one on are left unwritten). One instance per hand size, so the
 * card loop unrolls. */

/* The instances of a row-loop macro DEFINE(K, NAME, SUM, ATTR) for the hand
 * sizes 5..7 (the wild-card and suit tie-break loops use it). */
#define PRC_DEFINE_ROWS_5_TO_7(DEFINE, NAME, SUM, ATTR)                      \
    DEFINE(5, NAME, SUM, ATTR) DEFINE(6, NAME, SUM, ATTR) DEFINE(7, NAME, SUM, ATTR)

#define PRC_DEFINE_ROWS_HIGH(K, NAME, SUM, ATTR)                             \
    ATTR static long NAME##_##K(const uint8_t *cards, uint16_t *out,        \
                                long start, long stop) {                    \
        for (long i = start; i < stop; i++) {                               \
            uint64_t key, bits;                                             \
            if (SUM(cards + i * K, K, &key, &bits)) return i;               \
            out[i] = prc_high_value(key, bits);                             \
        }                                                                   \
        return -1;                                                          \
    }

/* The game is copied into a local first: extensions build with
 * -fno-strict-aliasing, so otherwise every store to out[] would force the
 * game's fields to be loaded again. */
#define PRC_DEFINE_ROWS_GAME(K, NAME, SUM, ATTR)                             \
    ATTR static long NAME##_##K(const prc_game_t *game, const uint8_t *cards, \
                                uint16_t *out, long start, long stop) {     \
        const prc_game_t local = *game, *g = &local;                        \
        for (long i = start; i < stop; i++) {                               \
            uint64_t key, bits;                                             \
            if (SUM(cards + i * K, K, &key, &bits) | (bits & g->invalid))   \
                return i;                                                   \
            out[i] = prc_game_value(g, key, bits, K);                       \
        }                                                                   \
        return -1;                                                          \
    }

#define PRC_DEFINE_ALL_ROWS(NAME_HIGH, NAME_GAME, SUM, ATTR)                 \
    PRC_DEFINE_ROWS_HIGH(5, NAME_HIGH, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_HIGH(6, NAME_HIGH, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_HIGH(7, NAME_HIGH, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(1, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(2, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(3, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(4, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(5, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(6, NAME_GAME, SUM, ATTR)                           \
    PRC_DEFINE_ROWS_GAME(7, NAME_GAME, SUM, ATTR)

/* A tier's rows of k cards by hand size, from its loops NAME_HIGH##_K
 * (k = 5..7, g == NULL) and NAME_GAME##_K (k = 1..7). */
#define PRC_ROWS_BY_SIZE(NAME_HIGH, NAME_GAME)                               \
    if (g == NULL) {                                                        \
        switch (k) {                                                        \
        case 5: return NAME_HIGH##_5(cards, out, start, stop);              \
        case 6: return NAME_HIGH##_6(cards, out, start, stop);              \
        case 7: return NAME_HIGH##_7(cards, out, start, stop);              \
        default: return start < stop ? start : -1;                          \
        }                                                                   \
    }                                                                       \
    switch (k) {                                                            \
    case 1: return NAME_GAME##_1(g, cards, out, start, stop);               \
    case 2: return NAME_GAME##_2(g, cards, out, start, stop);               \
    case 3: return NAME_GAME##_3(g, cards, out, start, stop);               \
    case 4: return NAME_GAME##_4(g, cards, out, start, stop);               \
    case 5: return NAME_GAME##_5(g, cards, out, start, stop);               \
    case 6: return NAME_GAME##_6(g, cards, out, start, stop);               \
    case 7: return NAME_GAME##_7(g, cards, out, start, stop);               \
    default: return start < stop ? start : -1;                              \
    }

/* The same for a vector tier's loops of k = 5..7 (other sizes fall
 * through, to the tier below). */
#define PRC_ROWS_BY_SIZE_5_TO_7(NAME_HIGH, NAME_GAME)                        \
    switch (k) {                                                            \
    case 5: return g ? NAME_GAME##_5(g, cards, out, start, stop)            \
                     : NAME_HIGH##_5(cards, out, start, stop);              \
    case 6: return g ? NAME_GAME##_6(g, cards, out, start, stop)            \
                     : NAME_HIGH##_6(cards, out, start, stop);              \
    case 7: return g ? NAME_GAME##_7(g, cards, out, start, stop)            \
                     : NAME_HIGH##_7(cards, out, start, stop);              \
    default: break;                                                         \
    }

/* Rows of k = 1..7 uint8 ids under game g (g == NULL: the high ranking,
 * whose kernel reads its static tables directly). Defined in prc_tiers.h:
 * the row loops of the tier chosen at start-up. */
PRC_ENTRY long prc_rows(const prc_game_t *g, const uint8_t *cards, int k, uint16_t *out,
                        long start, long stop);

/* The compiler that built the extension (pyrankcore info names it). */
#define PRC_STRINGIFY2(x) #x
#define PRC_STRINGIFY(x) PRC_STRINGIFY2(x)
#if defined(__clang__)
#define PRC_BUILD_COMPILER "Clang " __clang_version__
#elif defined(__GNUC__)
#define PRC_BUILD_COMPILER "GCC " __VERSION__
#elif defined(_MSC_VER)
#define PRC_BUILD_COMPILER "MSVC " PRC_STRINGIFY(_MSC_FULL_VER)
#else
#define PRC_BUILD_COMPILER "unknown"
#endif

#endif