/* pyrankcore: hand isomorphism, after Waugh (2013), "A Fast and Optimal
 * Hand Isomorphism Algorithm".
 *
 * A hand is dealt in rounds (hold'em: 2 hole cards, then 3, 1 and 1 board
 * cards). Two hands are isomorphic when a permutation of the suits maps
 * one onto the other round by round; the indexer numbers the classes of
 * every round densely, 0 .. size - 1, and turns a number back into a
 * canonical hand.
 *
 * Each suit of a hand is seen on its own: per round, the set of its ranks
 * dealt in that round. Its *code* is how many cards it got in each round
 * (mixed radix over the rounds) and its *index* numbers the sequence of
 * rank sets among all sequences with the same counts: round by round, the
 * colex rank of the round's set among the ranks not used before, in mixed
 * radix. A hand's class is then the multiset of its four (code, index)
 * pairs. Sorting the four pairs gives the canonical order of the suits;
 * the sorted codes are the hand's *configuration*; suits with equal codes
 * form a group whose indices are a multiset, ranked in colex order of the
 * combination with repetition. A class's index is its configuration's
 * offset plus the groups' ranks in mixed radix.
 *
 * Tables (built once from the round structure, read only afterwards, so
 * any number of threads may share them): the configurations of each round
 * with offsets, group strides and, per suit, the rounds that deal it
 * cards (what unindexing decodes); an open-addressed hash of the sorted
 * codes whose multiplier is chosen, and whose common configurations are
 * placed, so that they are found at the first probe; colex ranks of the
 * 13-bit rank sets and their inverse; the multiset terms of small groups.
 * The configuration arrays are the caller's memory (the Cython layer
 * allocates them, checked, and frees them with the indexer).
 *
 * Where the time goes, per hand: a hand's cards become bits in four
 * 16-bit lanes, one per suit, so that a card's rank among its suit's free
 * ranks is one table read; each suit's code, free ranks and index live in
 * one 64-bit sort key, with the code weighted so that a round changes only
 * the keys of the suits it deals (a turn or river card: one key); the
 * first round of one or two cards is a table; the keys are sorted by a
 * network, the configuration found by a hash that places the common ones
 * at the first probe, and the group terms read from tables. The rounds of
 * one hand are a chain (a suit's index feeds the next round), so the row
 * loop indexes three hands side by side, and hold'em's round sizes are
 * built into a copy of it, whose card loops unroll.
 *
 * Pure C; the Cython layer (pyrankcore/_indexer.pxi) checks the round
 * structure before building, and the row loops check every card.
 */
#ifndef PRC_ISOMORPHISM_H
#define PRC_ISOMORPHISM_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "prc_eval.h"

#define PRC_IX_MAX_ROUNDS 8
#define PRC_IX_SUITS 4
#define PRC_IX_RANKS 13
/* A suit's index is below 9^13 (a multinomial of 13 ranks into at most 9
 * parts: 8 rounds and the ranks not dealt), so it fits in 42 bits; in a
 * hand's sort key its free ranks (4 bits) sit above it and its code above
 * those (the free ranks follow from the code, so they leave the order as
 * the code and the index make it). */
#define PRC_IX_SHIFT 48
#define PRC_IX_FREE_SHIFT 44
#define PRC_IX_IDX_MASK ((1ULL << PRC_IX_FREE_SHIFT) - 1)
/* Largest round size: every rank computation below stays below 2^64 with
 * room for the multiplications that reach it. */
#define PRC_IX_MAX_SIZE (1ULL << 58)
/* Most single-suit codes a round may have (the configurations are found
 * by three nested loops over them). */
#define PRC_IX_MAX_CODES 1024
#define PRC_IX_CODE_BITS 16 /* a raw code, before the count limit prunes it */

/* Sizes of the tables of multiset terms C(a + k - 1, k), k = 2, 3, 4
 * (powers of two; every value below 2^32). */
#define PRC_IX_TERMS_2 2048
#define PRC_IX_TERMS_3 256
#define PRC_IX_TERMS_4 64

/* cardbit of an id outside the deck: a bit no rank uses */
#define PRC_IX_BAD_CARD (1ULL << 63)
#define PRC_IX_LANE 16 /* bits per suit in a hand's lanes */

/* Errors of prc_ix_build. */
#define PRC_IX_E_ROUNDS -1 /* not 1..8 rounds, or a round of no card */
#define PRC_IX_E_DECK -2   /* more cards than the deck holds */
#define PRC_IX_E_SIZE -3   /* a round of PRC_IX_MAX_SIZE classes or more */
#define PRC_IX_E_CODES -4  /* more than PRC_IX_MAX_CODES single-suit codes */

/* One configuration of a round: the suits' codes in canonical order
 * (code[0] >= code[1] >= ...), its first index, and the groups of equal
 * codes whose suits have more than one possible index (the others always
 * rank 0): position of the group's first suit, its size, its number of
 * multisets and its stride in the index. The fields indexing reads come
 * first, in one cache line; unindexing reads the rest. */
typedef struct {
    uint64_t key; /* the four codes packed, PRC_IX_CODE_BITS each, as a hand's keys hold them */
    uint64_t offset;
    /* offset less what the keys' bits above the indices (its codes and
     * free ranks) add when whole keys are multiplied by the strides,
     * modulo 2^64: indexing need not cut the indices out of the keys */
    uint64_t base;
    uint64_t pmult[PRC_IX_SUITS]; /* per suit position: its group's stride (0: no term) */
    uint8_t pk[PRC_IX_SUITS];     /* per position: its term's k (0: no term) */
    /* per position, where its terms start in prc_ix_t.terms and the
     * mask of a there (both 0 for k <= 1: the term is a), when every a of
     * the configuration is inside the tables; otherwise formula is set
     * and the terms are computed */
    uint16_t tbase[PRC_IX_SUITS];
    uint16_t tmask[PRC_IX_SUITS];
    uint8_t formula;
    uint8_t ngroups;
    uint8_t gpos[PRC_IX_SUITS];
    uint8_t gsize[PRC_IX_SUITS];
    uint16_t code[PRC_IX_SUITS];
    uint64_t gmult[PRC_IX_SUITS];
    uint64_t gcount[PRC_IX_SUITS];
    /* per position, the rounds that deal its suit a card, in order: the
     * round, its count, where the sets of that count start in
     * prc_ix_t.sets, and how many sets of that count the ranks still free
     * before it hold (the radix of its digit in the suit's index) */
    uint8_t nstep[PRC_IX_SUITS];
    uint8_t sround[PRC_IX_SUITS][PRC_IX_MAX_ROUNDS];
    uint16_t sstart[PRC_IX_SUITS][PRC_IX_MAX_ROUNDS];
    uint16_t sdiv[PRC_IX_SUITS][PRC_IX_MAX_ROUNDS];
} prc_ix_config_t;

typedef struct {
    int cards;  /* dealt this round */
    int total;  /* dealt through this round */
    int radix;  /* a suit's count this round is 0 .. radix - 1 */
    int nconfig;
    uint64_t size;
    const prc_ix_config_t *config; /* by increasing offset */
    /* the byte offset of a configuration in config (an empty slot: 0,
     * whose key is another's, as a probe passes it only before the
     * configuration it looks for) */
    const uint32_t *hash;
    uint64_t hash_mul;
    uint32_t hash_mask;
    uint64_t wshift; /* a count of this round in a key: the rounds after's radices, << PRC_IX_SHIFT */
} prc_ix_round_t;

typedef struct {
    int nrounds, ranks, rank_lo; /* the deck: ranks rank_lo .. 12, 4 suits */
    uint64_t deck;               /* card ids of the deck */
    prc_ix_round_t round[PRC_IX_MAX_ROUNDS];
    uint64_t nck[PRC_IX_RANKS + 1][PRC_IX_RANKS + 1];
    uint64_t choose[16][16]; /* the same, rows of 16 (an index by shifts) */
    /* widen[f][g] = C(f, f - g) - 1: a suit's index before a round times
     * this is what the round adds to it beyond its colex rank, when its
     * free ranks go from f to g */
    uint64_t widen[16][16];
    /* colex rank of a rank set among the sets of its size, with the size
     * in bits 11..14 (the popcount of a 13-bit set, without POPCNT) */
    uint16_t colex[1 << PRC_IX_RANKS];
    uint16_t set_start[PRC_IX_RANKS + 2]; /* sets by size then colex rank */
    uint16_t sets[1 << PRC_IX_RANKS];
    /* ranks at the positions of a compact set among the free ranks, for
     * the low 7 and the high 6 ranks (a portable PDEP in two lookups) */
    uint8_t deposit_lo[128][128];
    uint8_t deposit_hi[64][64];
    /* a rank set's cards of suit 0 (ids rank * 4), for the low 7 and the
     * high 6 ranks: a suit's set becomes card bits in two lookups */
    uint64_t spread_lo[128];
    uint64_t spread_hi[64];
    /* C(a + k - 1, k) - a for k = 2, 3, 4 and a below PRC_IX_TERMS_2,
     * _3, _4, one after the other after a 0 (the entry of k <= 1): a
     * position's term of its group's colex rank is a plus its entry here
     * (a group's a is below its code's index count) */
    uint32_t terms[1 + PRC_IX_TERMS_2 + PRC_IX_TERMS_3 + PRC_IX_TERMS_4];
    /* a card id's bit in a hand's lanes (suit s's ranks, less rank_lo, in
     * bits 16 s ..), or PRC_IX_BAD_CARD for an id outside the deck */
    uint64_t cardbit[256];
    /* a first round of one or two cards: its class by the ids, first[c0 *
     * 52 + c1] (c1 = 0 for one card); first_table says it is filled */
    uint16_t first[52 * 52];
    int first_table;
} prc_ix_t;

/* Incremental indexing of one hand: the suits so far (codes in the form
 * of prc_ix_hand_t's keys). */
typedef struct {
    uint64_t idx[PRC_IX_SUITS];
    uint64_t seen; /* card ids dealt so far */
    uint32_t code[PRC_IX_SUITS];
    uint16_t used[PRC_IX_SUITS];
    int32_t round; /* the next round to index */
} prc_ix_state_t;

/* One hand being indexed, in a row loop's locals: each suit's sort key
 * and the cards dealt so far as lanes (see cardbit). A key holds the
 * suit's code above its free ranks above its index; the code is the suit's
 * counts in mixed radix over all the rounds, those not dealt yet as 0
 * digits (round r's digit weighs prc_ix_round_t.wshift), so that a round
 * changes only the keys of the suits it deals, and codes order as the
 * counts do, round by round. */
typedef struct {
    uint64_t key[PRC_IX_SUITS];
    uint64_t used;
} prc_ix_hand_t;

#if defined(_MSC_VER)
#define PRC_IX_RESTRICT __restrict
#else
#define PRC_IX_RESTRICT __restrict__
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PRC_IX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PRC_IX_UNLIKELY(x) (x)
#endif

/* Hands the row loop indexes side by side. */
#define PRC_IX_HANDS 3

/* Unroll the next loop (a structure's rounds, inlined with constants),
 * by a count (the most rounds): a loop of a run-time count, in the
 * copy for any structure, is then unrolled in part, not refused with a
 * warning. */
#if defined(__clang__)
#define PRC_IX_UNROLL _Pragma("unroll 8")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define PRC_IX_UNROLL _Pragma("GCC unroll 8")
#else
#define PRC_IX_UNROLL
#endif

#define PRC_IX_COLEX(ix, s) ((ix)->colex[s] & 0x7FF)
#define PRC_IX_COUNT(ix, s) ((ix)->colex[s] >> 11)

/* C(x, k) for k <= 4, with constant divisors (no divide instruction):
 * each step's product is the next binomial times its k, exact, and below
 * 2^64 for every value the indexer reaches (at most a round size, below
 * 2^58). */
static PRC_ALWAYS_INLINE uint64_t prc_ix_choose(uint64_t x, int k) {
    if (x < (uint64_t)k) return 0;
    switch (k) {
    case 0: return 1;
    case 1: return x;
    case 2: return x * (x - 1) / 2;
    case 3: return x * (x - 1) / 2 * (x - 2) / 3;
    default: return x * (x - 1) / 2 * (x - 2) / 3 * (x - 3) / 4;
    }
}

/* a / b and a % b for the mixed-radix decodes, in 32 bits when both fit
 * (hold'em's values always do; a 64-bit divide costs several times more). */
static PRC_ALWAYS_INLINE uint64_t prc_ix_divmod(uint64_t a, uint64_t b, uint64_t *rem) {
    if ((a | b) >> 32 == 0) {
        uint32_t q = (uint32_t)a / (uint32_t)b;
        *rem = (uint32_t)a - q * (uint32_t)b;
        return q;
    }
    *rem = a % b;
    return a / b;
}

/* The per-round counts of single-suit code `code` through round r. */
static inline void prc_ix_counts(const prc_ix_t *ix, int r, uint32_t code, int *m) {
    for (int j = r; j >= 0; j--) {
        m[j] = (int)(code % (uint32_t)ix->round[j].radix);
        code /= (uint32_t)ix->round[j].radix;
    }
}

/* Slot of a configuration's packed codes in its round's hash (mul: the
 * round's multiplier, chosen when the tables are built). */
static PRC_ALWAYS_INLINE uint32_t prc_ix_hash(uint64_t key, uint64_t mul, uint32_t mask) {
    return (uint32_t)((key * mul) >> 40) & mask;
}

#ifndef PRC_KERNELS_DECLARE /* the kernels' parts: compiled in prc_kernels.c */

/* a * b, or 0 with *over set when it passes PRC_IX_MAX_SIZE. */
static inline uint64_t prc_ix_mul(uint64_t a, uint64_t b, int *over) {
    if (a && b > PRC_IX_MAX_SIZE / a) {
        *over = 1;
        return 0;
    }
    return a * b;
}

/* Multisets of g from n kinds, C(n + g - 1, g), checked against the
 * limit. */
static inline uint64_t prc_ix_multisets(uint64_t n, int g, int *over) {
    uint64_t r = 1;
    for (int i = 0; i < g; i++) {
        r = prc_ix_mul(r, n + (uint64_t)i, over);
        if (*over) return 0;
        r /= (uint64_t)(i + 1);
    }
    return r;
}

/* Indices a suit with code `code` through round r may have. */
static inline uint64_t prc_ix_suit_n(const prc_ix_t *ix, int r, uint32_t code) {
    int m[PRC_IX_MAX_ROUNDS], used = 0;
    uint64_t n = 1;
    prc_ix_counts(ix, r, code, m);
    for (int j = 0; j <= r; j++) {
        n *= ix->nck[ix->ranks - used][m[j]];
        used += m[j];
    }
    return n;
}

/* Configurations up to which the hash is 8 slots a configuration and
 * its multiplier the best of PRC_IX_HASH_TRIES (2 slots and the first
 * multiplier above). */
#define PRC_IX_HASH_SEARCH 4096
#define PRC_IX_HASH_TRIES 32

/* How many hands have configuration x of round r: the suits' index counts
 * times the ways to give the codes to the suits. */
static double prc_ix_hands(const prc_ix_t *ix, int r, const prc_ix_config_t *x) {
    double hands = 24.0;
    for (int p = 0, run = 1; p < PRC_IX_SUITS; p++) {
        hands *= (double)prc_ix_suit_n(ix, r, x->code[p]);
        run = p > 0 && x->code[p] == x->code[p - 1] ? run + 1 : 1;
        hands /= run;
    }
    return hands;
}

/* Fills a round's hash with multiplier mul, linear probing; a
 * configuration of more hands takes the slot of one of fewer (which
 * moves on), so the common ones are found at the first probe. Returns
 * the probes per hand. */
static double prc_ix_fill_with(const prc_ix_t *ix, int r, const prc_ix_config_t *config, int n,
                               uint32_t *hash, uint32_t mask, uint64_t mul) {
    for (uint32_t i = 0; i <= mask; i++) hash[i] = 0;
    for (int i = 0; i < n; i++) {
        uint32_t item = (uint32_t)i + 1;
        uint32_t h = prc_ix_hash(config[i].key, mul, mask);
        double w = prc_ix_hands(ix, r, &config[i]);
        while (hash[h]) {
            double w_there = prc_ix_hands(ix, r, &config[hash[h] - 1]);
            if (w_there < w) {
                uint32_t moved = hash[h];
                hash[h] = item;
                item = moved;
                w = w_there;
            }
            h = (h + 1) & mask;
        }
        hash[h] = item;
    }
    double probes = 0, hands = 0;
    for (uint32_t h = 0; h <= mask; h++) {
        if (!hash[h]) continue;
        const prc_ix_config_t *x = &config[hash[h] - 1];
        double w = prc_ix_hands(ix, r, x);
        probes += w * (double)(((h - prc_ix_hash(x->key, mul, mask)) & mask) + 1);
        hands += w;
    }
    return probes / hands;
}

/* Fills a round's hash (mask + 1 slots) with the best multiplier tried;
 * returns it. */
static uint64_t prc_ix_fill_hash(const prc_ix_t *ix, int r, const prc_ix_config_t *config, int n,
                                 uint32_t *hash, uint32_t mask) {
    uint64_t mul = 0x9E3779B97F4A7C15ULL, best = mul;
    double best_probes = 1e300;
    int tries = n <= PRC_IX_HASH_SEARCH ? PRC_IX_HASH_TRIES : 1;
    for (int t = 0; t < tries; t++) {
        double probes = prc_ix_fill_with(ix, r, config, n, hash, mask, mul);
        if (probes < best_probes) {
            best_probes = probes;
            best = mul;
        }
        mul = mul * 6364136223846793005ULL + 1442695040888963407ULL;
        mul |= 1;
    }
    if (best != mul || tries > 1) prc_ix_fill_with(ix, r, config, n, hash, mask, best);
    return best;
}

static void prc_ix_fill_first(prc_ix_t *ix);

/* Build the tables for rounds cards[0..nrounds) over the top `ranks`
 * ranks. With config == NULL only count: fills round[r].nconfig and
 * hash_mask (the caller then allocates sum(nconfig) configurations and
 * sum(hash_mask + 1) hash slots and calls again). Returns 0 or a
 * PRC_IX_E_ error. */
PRC_ENTRY int prc_ix_build(prc_ix_t *ix, const int *cards, int nrounds, int ranks,
                           prc_ix_config_t *config, uint32_t *hash) {
    if (nrounds < 1 || nrounds > PRC_IX_MAX_ROUNDS || ranks < 1 || ranks > PRC_IX_RANKS)
        return PRC_IX_E_ROUNDS;
    ix->nrounds = nrounds;
    ix->ranks = ranks;
    ix->rank_lo = PRC_IX_RANKS - ranks;
    ix->deck = ~0ULL << (4 * ix->rank_lo) & ((1ULL << 52) - 1);
    memset(ix->nck, 0, sizeof ix->nck);
    for (int n = 0; n <= PRC_IX_RANKS; n++) {
        ix->nck[n][0] = 1;
        for (int k = 1; k <= n; k++) ix->nck[n][k] = ix->nck[n - 1][k - 1] + (k <= n - 1 ? ix->nck[n - 1][k] : 0);
    }
    memset(ix->choose, 0, sizeof ix->choose);
    for (int n = 0; n <= PRC_IX_RANKS; n++)
        for (int k = 0; k <= n; k++) ix->choose[n][k] = ix->nck[n][k];
    memset(ix->widen, 0, sizeof ix->widen);
    for (int f = 0; f <= PRC_IX_RANKS; f++)
        for (int g = 0; g <= f; g++) ix->widen[f][g] = ix->nck[f][f - g] - 1;
    int start = 0;
    for (int k = 0; k <= PRC_IX_RANKS; k++) {
        ix->set_start[k] = (uint16_t)start;
        start += (int)ix->nck[PRC_IX_RANKS][k];
    }
    ix->set_start[PRC_IX_RANKS + 1] = (uint16_t)start;
    for (uint32_t s = 0; s < (1u << PRC_IX_RANKS); s++) {
        uint32_t rank = 0, k = 0;
        for (int b = 0; b < PRC_IX_RANKS; b++)
            if (s >> b & 1) rank += (uint32_t)ix->nck[b][++k];
        ix->colex[s] = (uint16_t)(rank | k << 11);
        ix->sets[ix->set_start[k] + rank] = (uint16_t)s;
    }
    for (uint32_t f = 0; f < 128; f++)
        for (uint32_t c = 0; c < 128; c++) {
            uint32_t out = 0, free_ranks = f;
            for (int i = 0; free_ranks; i++, free_ranks &= free_ranks - 1)
                if (c >> i & 1) out |= free_ranks & (0u - free_ranks);
            ix->deposit_lo[f][c] = (uint8_t)out;
            if (f < 64 && c < 64) ix->deposit_hi[f][c] = (uint8_t)out;
        }
    for (uint32_t c = 0; c < 128; c++) {
        uint64_t lo_bits = 0, hi_bits = 0;
        for (int i = 0; i < 7; i++)
            if (c >> i & 1) {
                lo_bits |= 1ULL << ((i + ix->rank_lo) * 4);
                if (i < 6 && i + 7 + ix->rank_lo < PRC_IX_RANKS)
                    hi_bits |= 1ULL << ((i + 7 + ix->rank_lo) * 4);
            }
        ix->spread_lo[c] = lo_bits;
        if (c < 64) ix->spread_hi[c] = hi_bits;
    }
    {
        static const int limit[3] = {PRC_IX_TERMS_2, PRC_IX_TERMS_3, PRC_IX_TERMS_4};
        int at = 0;
        ix->terms[at++] = 0;
        for (int k = 2; k <= 4; k++)
            for (int a = 0; a < limit[k - 2]; a++)
                ix->terms[at++] = (uint32_t)(prc_ix_choose((uint64_t)(a + k - 1), k) - (uint64_t)a);
    }
    for (int c = 0; c < 256; c++)
        ix->cardbit[c] = c < 52 && (ix->deck >> c & 1)
                             ? 1ULL << ((c & 3) * PRC_IX_LANE + (c >> 2) - ix->rank_lo)
                             : PRC_IX_BAD_CARD;
    int total = 0;
    for (int r = 0; r < nrounds; r++) {
        if (cards[r] < 1) return PRC_IX_E_ROUNDS;
        total += cards[r];
        if (total > 4 * ranks) return PRC_IX_E_DECK;
        prc_ix_round_t *rd = &ix->round[r];
        rd->cards = cards[r];
        rd->total = total;
        rd->radix = (cards[r] < ranks ? cards[r] : ranks) + 1;
    }
    for (int r = 0; r < nrounds; r++) {
        /* clipped: a structure whose codes pass 16 bits fails below */
        uint64_t w = 1;
        for (int j = r + 1; j < nrounds; j++)
            if ((w *= (uint64_t)ix->round[j].radix) > (1u << PRC_IX_CODE_BITS)) w = 1;
        ix->round[r].wshift = w << PRC_IX_SHIFT;
    }
    uint16_t codes[PRC_IX_MAX_CODES];
    for (int r = 0; r < nrounds; r++) {
        prc_ix_round_t *rd = &ix->round[r];
        /* the single-suit codes of this round: counts summing to at most
         * the ranks */
        uint64_t space = 1;
        for (int j = 0; j <= r; j++) {
            space *= (uint64_t)ix->round[j].radix;
            if (space > (1u << PRC_IX_CODE_BITS)) return PRC_IX_E_CODES;
        }
        int ncodes = 0;
        for (uint32_t c = 0; c < space; c++) {
            int m[PRC_IX_MAX_ROUNDS], sum = 0;
            prc_ix_counts(ix, r, c, m);
            for (int j = 0; j <= r; j++) sum += m[j];
            if (sum > ranks) continue;
            if (ncodes == PRC_IX_MAX_CODES) return PRC_IX_E_CODES;
            codes[ncodes++] = (uint16_t)c;
        }
        uint32_t slots = 1;
        /* count, then (with memory) fill: configurations c0 >= c1 >= c2
         * >= c3, the last one what the others leave of each round */
        int n = 0, over = 0;
        uint64_t offset = 0;
        prc_ix_config_t *out = config;
        for (int a = ncodes - 1; a >= 0; a--)
            for (int b = a; b >= 0; b--)
                for (int c = b; c >= 0; c--) {
                    int ma[PRC_IX_MAX_ROUNDS], mb[PRC_IX_MAX_ROUNDS], mc[PRC_IX_MAX_ROUNDS];
                    prc_ix_counts(ix, r, codes[a], ma);
                    prc_ix_counts(ix, r, codes[b], mb);
                    prc_ix_counts(ix, r, codes[c], mc);
                    uint32_t d = 0;
                    int sum = 0, ok = 1;
                    for (int j = 0; j <= r && ok; j++) {
                        int md = ix->round[j].cards - ma[j] - mb[j] - mc[j];
                        if (md < 0 || md >= ix->round[j].radix) ok = 0;
                        sum += md;
                        d = d * (uint32_t)ix->round[j].radix + (uint32_t)(md < 0 ? 0 : md);
                    }
                    if (!ok || sum > ranks || d > codes[c]) continue;
                    if (config != NULL) {
                        prc_ix_config_t *x = &out[n];
                        memset(x, 0, sizeof *x);
                        x->code[0] = codes[a];
                        x->code[1] = codes[b];
                        x->code[2] = codes[c];
                        x->code[3] = (uint16_t)d;
                        x->key = 0;
                        for (int p = 0; p < PRC_IX_SUITS; p++)
                            x->key |= (uint64_t)x->code[p] * (rd->wshift >> PRC_IX_SHIFT)
                                      << (PRC_IX_CODE_BITS * p);
                        x->offset = offset;
                        for (int p = 0; p < PRC_IX_SUITS; p++) {
                            int mp[PRC_IX_MAX_ROUNDS], before = 0, t = 0;
                            prc_ix_counts(ix, r, x->code[p], mp);
                            for (int j = 0; j <= r; j++) {
                                if (mp[j] == 0) continue;
                                x->sround[p][t] = (uint8_t)j;
                                x->sstart[p][t] = ix->set_start[mp[j]];
                                x->sdiv[p][t] = (uint16_t)ix->nck[ranks - before][mp[j]];
                                before += mp[j];
                                t++;
                            }
                            x->nstep[p] = (uint8_t)t;
                        }
                        uint64_t mult = 1;
                        for (int p = 0; p < PRC_IX_SUITS;) {
                            int q = p;
                            while (q < PRC_IX_SUITS && x->code[q] == x->code[p]) q++;
                            uint64_t sn = prc_ix_suit_n(ix, r, x->code[p]);
                            if (sn > 1) {
                                int t = x->ngroups++;
                                x->gpos[t] = (uint8_t)p;
                                x->gsize[t] = (uint8_t)(q - p);
                                x->gcount[t] = prc_ix_multisets(sn, q - p, &over);
                                x->gmult[t] = mult;
                                for (int j = p; j < q; j++) {
                                    int k = q - j;
                                    x->pk[j] = (uint8_t)k;
                                    x->pmult[j] = mult;
                                    if (k < 2) continue;
                                    static const uint16_t base[3] = {
                                        1, 1 + PRC_IX_TERMS_2, 1 + PRC_IX_TERMS_2 + PRC_IX_TERMS_3};
                                    static const uint64_t limit[3] = {
                                        PRC_IX_TERMS_2, PRC_IX_TERMS_3, PRC_IX_TERMS_4};
                                    if (k > 4 || sn > limit[k - 2]) {
                                        x->formula = 1;
                                        continue;
                                    }
                                    x->tbase[j] = base[k - 2];
                                    x->tmask[j] = (uint16_t)(limit[k - 2] - 1);
                                }
                                mult = prc_ix_mul(mult, x->gcount[t], &over);
                            }
                            p = q;
                        }
                        x->base = x->offset;
                        for (int p = 0; p < PRC_IX_SUITS; p++) {
                            int mp[PRC_IX_MAX_ROUNDS], used = 0;
                            prc_ix_counts(ix, r, x->code[p], mp);
                            for (int j = 0; j <= r; j++) used += mp[j];
                            const uint64_t high =
                                (uint64_t)x->code[p] * (rd->wshift >> PRC_IX_SHIFT) << PRC_IX_SHIFT |
                                (uint64_t)(ranks - used) << PRC_IX_FREE_SHIFT;
                            x->base -= high * x->pmult[p];
                        }
                        offset += mult;
                        if (over || offset >= PRC_IX_MAX_SIZE) return PRC_IX_E_SIZE;
                    }
                    n++;
                }
        /* and the hash's byte offsets stay in 32 bits */
        if (n > (1 << 22) || (uint64_t)n * sizeof(prc_ix_config_t) > 0xFFFFFFFFULL)
            return PRC_IX_E_CODES;
        /* room for few collisions where the hash stays small */
        while (slots < (n <= PRC_IX_HASH_SEARCH ? 8u : 2u) * (uint32_t)n) slots <<= 1;
        rd->nconfig = n;
        rd->hash_mask = slots - 1;
        if (config == NULL) continue;
        rd->size = offset;
        rd->config = config;
        rd->hash_mul = prc_ix_fill_hash(ix, r, config, n, hash, rd->hash_mask);
        for (uint32_t h = 0; h < slots; h++)
            hash[h] = hash[h] ? (hash[h] - 1) * (uint32_t)sizeof(prc_ix_config_t) : 0;
        rd->hash = hash;
        config += n;
        hash += slots;
    }
    if (config != NULL) prc_ix_fill_first(ix);
    return 0;
}

#endif /* PRC_KERNELS_DECLARE */

/* Hand h after its first round, whose cards are `dealt` (lanes): each
 * suit's index is the colex rank of its set, read with its count. */
static PRC_ALWAYS_INLINE void prc_ix_deal_first(const prc_ix_t *PRC_IX_RESTRICT ix,
                                                const prc_ix_round_t *PRC_IX_RESTRICT rd,
                                                uint64_t dealt, prc_ix_hand_t *PRC_IX_RESTRICT h) {
    const uint64_t step = rd->wshift - (1ULL << PRC_IX_FREE_SHIFT);
    const uint64_t start = (uint64_t)ix->ranks << PRC_IX_FREE_SHIFT;
    for (int s = 0; s < PRC_IX_SUITS; s++) {
        const uint32_t v = ix->colex[(dealt >> (PRC_IX_LANE * s)) & ((1u << PRC_IX_RANKS) - 1)];
        h->key[s] = (uint64_t)(v >> 11) * step + start + (v & 0x7FF);
    }
    h->used = dealt;
}

/* Hand h after one more round of n cards, cards[0 .. n), `dealt` as
 * lanes. Inlined with a constant n for the usual round sizes
 * (prc_ix_deal), so that the card loops unroll. */
static PRC_ALWAYS_INLINE void prc_ix_deal_n(const prc_ix_t *PRC_IX_RESTRICT ix, int n,
                                            uint64_t wshift, const uint8_t *PRC_IX_RESTRICT cards,
                                            uint64_t dealt, prc_ix_hand_t *PRC_IX_RESTRICT h) {
    const uint16_t *PRC_IX_RESTRICT tab = ix->colex;
    const uint64_t(*PRC_IX_RESTRICT choose)[16] = ix->choose;
    const uint32_t lo = (uint32_t)ix->rank_lo;
    const uint64_t used = h->used;
    /* a dealt card adds its count to its suit's code and takes one of its
     * free ranks */
    const uint64_t step = wshift - (1ULL << PRC_IX_FREE_SHIFT);
    h->used = used | dealt;
    if (n == 1) {
        /* one card (a turn, a river): only its suit's key changes, its
         * index by the card's position among the suit's free ranks (the
         * suit's ranks dealt below it: the lanes below the card's bit,
         * shifted down to its suit's) */
        const uint32_t t = cards[0] & 3u, b = (uint32_t)(cards[0] >> 2) - lo;
        const uint32_t pos = b - (tab[(used & (dealt - 1)) >> (PRC_IX_LANE * t)] >> 11);
        const uint64_t k = h->key[t];
        const uint64_t nfree = k >> PRC_IX_FREE_SHIFT & 15;
        h->key[t] = k + step + (k & PRC_IX_IDX_MASK) * (nfree - 1) + pos;
        return;
    }
    const uint64_t before[PRC_IX_SUITS] = {h->key[0], h->key[1], h->key[2], h->key[3]};
    /* card by card, without a branch on the data: a card's term of its
     * suit's colex rank is C(position among the suit's free ranks, 1 +
     * the suit's cards below it this round), whatever order the round's
     * cards come in */
    for (int i = 0; i < n; i++) {
        const uint32_t t = cards[i] & 3u, b = (uint32_t)(cards[i] >> 2) - lo;
        const uint64_t below = ix->cardbit[cards[i]] - 1;
        const uint32_t pos = b - (tab[(used & below) >> (PRC_IX_LANE * t)] >> 11);
        const uint32_t j = tab[(dealt & below) >> (PRC_IX_LANE * t)] >> 11;
        h->key[t] += step + choose[pos][1 + j];
    }
    /* then each suit's index before the round moves up a digit: times the
     * sets of its count among its free ranks, both read from its key's
     * free ranks before and after (0 more for a suit dealt nothing) */
    for (int s = 0; s < PRC_IX_SUITS; s++) {
        const uint64_t k = h->key[s];
        h->key[s] = k + (before[s] & PRC_IX_IDX_MASK) *
                            ix->widen[before[s] >> PRC_IX_FREE_SHIFT & 15][k >> PRC_IX_FREE_SHIFT & 15];
    }
}

static PRC_ALWAYS_INLINE void prc_ix_deal(const prc_ix_t *PRC_IX_RESTRICT ix,
                                          const prc_ix_round_t *PRC_IX_RESTRICT rd,
                                          const uint8_t *PRC_IX_RESTRICT cards, uint64_t dealt,
                                          prc_ix_hand_t *PRC_IX_RESTRICT h) {
    switch (rd->cards) {
    case 1: prc_ix_deal_n(ix, 1, rd->wshift, cards, dealt, h); break;
    case 2: prc_ix_deal_n(ix, 2, rd->wshift, cards, dealt, h); break;
    case 3: prc_ix_deal_n(ix, 3, rd->wshift, cards, dealt, h); break;
    default: prc_ix_deal_n(ix, rd->cards, rd->wshift, cards, dealt, h); break;
    }
}

/* The groups' terms of configuration x whose a at position p is a[p],
 * computed: every k's product made and the one wanted picked, without a
 * branch (k = 0: no term; a = 0 makes each product 0). Only for groups
 * past the tables, so out of line. */
static PRC_NOINLINE uint64_t prc_ix_terms_formula(const prc_ix_config_t *x, const uint64_t *a) {
    uint64_t index = 0;
    for (int p = 0; p < PRC_IX_SUITS; p++) {
        uint64_t k = x->pk[p];
        uint64_t v = a[p] + k - (k != 0);
        uint64_t t[5];
        t[0] = 0;
        t[1] = v;
        t[2] = v * (v - 1) / 2;
        t[3] = t[2] * (v - 2) / 3;
        t[4] = t[3] * (v - 3) / 4;
        index += t[k] * x->pmult[p];
    }
    return index;
}

/* The index on round rd of a hand whose suits' keys are key[0..3]: the
 * keys sorted into the canonical order, its configuration found by their
 * codes, then the groups' ranks added to its offset. */
static PRC_ALWAYS_INLINE uint64_t prc_ix_class(const prc_ix_t *PRC_IX_RESTRICT ix,
                                               const prc_ix_round_t *PRC_IX_RESTRICT rd,
                                               const uint64_t *PRC_IX_RESTRICT key) {
    const uint32_t *PRC_IX_RESTRICT ix_terms = ix->terms;
    uint64_t k0 = key[0], k1 = key[1], k2 = key[2], k3 = key[3];
    /* canonical order: a sorting network, largest first */
#define PRC_IX_CSWAP(a, b)                  \
    do {                                    \
        uint64_t lo_ = a < b ? a : b;       \
        uint64_t hi_ = a < b ? b : a;       \
        a = hi_;                            \
        b = lo_;                            \
    } while (0)
    PRC_IX_CSWAP(k0, k1);
    PRC_IX_CSWAP(k2, k3);
    PRC_IX_CSWAP(k0, k2);
    PRC_IX_CSWAP(k1, k3);
    PRC_IX_CSWAP(k1, k2);
#undef PRC_IX_CSWAP
    /* the codes fill the top 16 bits */
    const uint64_t packed = k0 >> 48 | (k1 >> 48) << 16 | (k2 >> 48) << 32 | (k3 >> 48) << 48;
    uint32_t h = prc_ix_hash(packed, rd->hash_mul, rd->hash_mask);
    const prc_ix_config_t *x;
    for (;;) {
        x = (const prc_ix_config_t *)((const char *)rd->config + rd->hash[h]);
        if (x->key == packed) break;
        h = (h + 1) & rd->hash_mask;
    }
    if (PRC_IX_UNLIKELY(x->formula)) {
        const uint64_t a[PRC_IX_SUITS] = {k0 & PRC_IX_IDX_MASK, k1 & PRC_IX_IDX_MASK,
                                          k2 & PRC_IX_IDX_MASK, k3 & PRC_IX_IDX_MASK};
        return x->offset + prc_ix_terms_formula(x, a);
    }
    /* each position's term of its group's colex rank, a plus its table
     * entry (0 for k <= 1; positions without a term have stride 0; the
     * last position is always a group's last, k = 1), the whole keys
     * multiplied (base takes back their high bits; a table's mask is
     * below them) */
    return x->base + (k0 + ix_terms[x->tbase[0] + (k0 & x->tmask[0])]) * x->pmult[0] +
           (k1 + ix_terms[x->tbase[1] + (k1 & x->tmask[1])]) * x->pmult[1] +
           (k2 + ix_terms[x->tbase[2] + (k2 & x->tmask[2])]) * x->pmult[2] + k3 * x->pmult[3];
}

/* The cards of a hand's rounds 0 .. nr - 1, cards[0 ..): dealt[r] gets
 * round r's as lanes. Returns 1 when every id is in the deck and none
 * repeats. */
static PRC_ALWAYS_INLINE int prc_ix_scan(const prc_ix_t *PRC_IX_RESTRICT ix, int nr,
                                         const uint8_t *PRC_IX_RESTRICT cards,
                                         uint64_t *PRC_IX_RESTRICT dealt) {
    uint64_t all = 0, twice = 0;
    for (int r = 0; r < nr; r++) {
        const uint64_t before = all;
        for (int i = 0, n = ix->round[r].cards; i < n; i++) {
            const uint64_t bit = ix->cardbit[*cards++];
            twice |= all & bit;
            all |= bit;
        }
        dealt[r] = all ^ before;
    }
    return (twice | (all & PRC_IX_BAD_CARD)) == 0;
}

/* The index of a hand of nr rounds, cards[0 .. the rounds' total), its
 * rounds' cards as lanes in dealt[0 .. nr) (scanned: valid), on each
 * round: out[0 .. nr). */
static PRC_ALWAYS_INLINE void prc_ix_index_hand(const prc_ix_t *PRC_IX_RESTRICT ix, int nr,
                                                const uint8_t *PRC_IX_RESTRICT cards,
                                                const uint64_t *PRC_IX_RESTRICT dealt,
                                                uint64_t *PRC_IX_RESTRICT out) {
    prc_ix_hand_t h;
    const prc_ix_round_t *rd = &ix->round[0];
    prc_ix_deal_first(ix, rd, dealt[0], &h);
    out[0] = ix->first_table ? ix->first[cards[0] * 52 + (rd->cards == 2 ? cards[1] : 0)]
                             : prc_ix_class(ix, rd, h.key);
    cards += rd->cards;
    for (int r = 1; r < nr; r++) {
        rd = &ix->round[r];
        prc_ix_deal(ix, rd, cards, dealt[r], &h);
        out[r] = prc_ix_class(ix, rd, h.key);
        cards += rd->cards;
    }
}

/* The next round of a hand: cards[0 .. round's cards) added to *st (the
 * caller checked them); returns the hand's index on that round. */
static PRC_ALWAYS_INLINE uint64_t prc_ix_step(const prc_ix_t *PRC_IX_RESTRICT ix,
                                              prc_ix_state_t *PRC_IX_RESTRICT st,
                                              const uint8_t *PRC_IX_RESTRICT cards) {
    const prc_ix_round_t *rd = &ix->round[st->round];
    prc_ix_hand_t h;
    uint64_t dealt = 0;
    for (int i = 0; i < rd->cards; i++) dealt |= ix->cardbit[cards[i]];
    h.used = 0;
    for (int s = 0; s < PRC_IX_SUITS; s++) {
        const uint64_t nfree = (uint64_t)ix->ranks - (ix->colex[st->used[s]] >> 11);
        h.key[s] = (uint64_t)st->code[s] << PRC_IX_SHIFT | nfree << PRC_IX_FREE_SHIFT | st->idx[s];
        h.used |= (uint64_t)st->used[s] << (PRC_IX_LANE * s);
    }
    if (st->round == 0)
        prc_ix_deal_first(ix, rd, dealt, &h);
    else
        prc_ix_deal(ix, rd, cards, dealt, &h);
    for (int s = 0; s < PRC_IX_SUITS; s++) {
        st->idx[s] = h.key[s] & PRC_IX_IDX_MASK;
        st->code[s] = (uint32_t)(h.key[s] >> PRC_IX_SHIFT);
        st->used[s] = (uint16_t)(h.used >> (PRC_IX_LANE * s));
    }
    st->round++;
    return prc_ix_class(ix, rd, h.key);
}

#ifndef PRC_KERNELS_DECLARE
/* The first round's classes by table, where it deals one or two cards
 * (the class computation of every pair of ids, once). */
static void prc_ix_fill_first(prc_ix_t *ix) {
    const int n = ix->round[0].cards;
    ix->first_table = 0;
    if (n > 2) return;
    memset(ix->first, 0, sizeof ix->first);
    for (int c0 = 0; c0 < 52; c0++)
        for (int c1 = 0; c1 < (n == 2 ? 52 : 1); c1++) {
            const uint8_t cards[2] = {(uint8_t)c0, (uint8_t)c1};
            uint64_t dealt[1];
            if (!prc_ix_scan(ix, 1, cards, dealt)) continue;
            prc_ix_hand_t h;
            prc_ix_deal_first(ix, &ix->round[0], dealt[0], &h);
            ix->first[c0 * 52 + c1] = (uint16_t)prc_ix_class(ix, &ix->round[0], h.key);
        }
    ix->first_table = 1;
}
#endif

/* Largest c with C(c, k) <= r (k <= 4), for unranking. */
static inline uint64_t prc_ix_unchoose(uint64_t r, int k) {
    if (k == 1) return r;
    /* C(c, k) is about (c - (k - 1) / 2)^k / k!: a root, then a step or
     * two to the exact value */
    double est = k == 2 ? sqrt(2.0 * (double)r) : k == 3 ? cbrt(6.0 * (double)r) : sqrt(sqrt(24.0 * (double)r));
    est += (k - 1) / 2.0;
    uint64_t c = est < k ? (uint64_t)k - 1 : (uint64_t)est;
    while (c >= (uint64_t)k && prc_ix_choose(c, k) > r) c--;
    while (prc_ix_choose(c + 1, k) <= r) c++;
    return c;
}

/* The canonical hand of class `index` on round r (index < size): its
 * cards through round r, round by round, each round's ids ascending. */
static inline void prc_ix_unindex(const prc_ix_t *ix, int r, uint64_t index, uint8_t *out) {
    const prc_ix_round_t *rd = &ix->round[r];
    /* the last configuration at or below, by a search whose steps are
     * conditional moves rather than branches */
    const prc_ix_config_t *base = rd->config;
    for (long n = rd->nconfig; n > 1;) {
        long half = n >> 1;
        base = base[half].offset <= index ? base + half : base;
        n -= half;
    }
    int lo = (int)(base - rd->config);
    const prc_ix_config_t *x = &rd->config[lo];
    uint64_t rem = index - x->offset, idx[PRC_IX_SUITS] = {0, 0, 0, 0};
    for (int t = 0; t < x->ngroups; t++) {
        uint64_t rank = rem, unused;
        if (x->gmult[t] != 1) rank = prc_ix_divmod(rem, x->gmult[t], &unused);
        if (t + 1 < x->ngroups) prc_ix_divmod(rank, x->gcount[t], &rank);
        int g = x->gsize[t];
        for (int j = 0; j < g; j++) {
            uint64_t c = prc_ix_unchoose(rank, g - j);
            rank -= prc_ix_choose(c, g - j);
            idx[x->gpos[t] + j] = c - (uint64_t)(g - j - 1);
        }
    }
    uint64_t mask[PRC_IX_MAX_ROUNDS] = {0};
    for (int p = 0; p < PRC_IX_SUITS; p++) {
        /* the suit's index, digit by digit from the last round that dealt
         * it a card (rounds that dealt it none have one set only: the
         * empty one) */
        const int ns = x->nstep[p];
        uint64_t colex[PRC_IX_MAX_ROUNDS], v = idx[p];
        for (int t = ns - 1; t > 0; t--) v = prc_ix_divmod(v, x->sdiv[p][t], &colex[t]);
        colex[0] = v;
        uint32_t taken = 0;
        for (int t = 0; t < ns; t++) {
            uint32_t compact = ix->sets[x->sstart[p][t] + colex[t]];
            uint32_t free_ranks = ~taken & ((1u << PRC_IX_RANKS) - 1);
            uint32_t flo = free_ranks & 127, klo = PRC_IX_COUNT(ix, flo);
            uint32_t set = ix->deposit_lo[flo][compact & 127] |
                           (uint32_t)ix->deposit_hi[free_ranks >> 7][(compact >> klo) & 63] << 7;
            taken |= set;
            mask[x->sround[p][t]] |= (ix->spread_lo[set & 127] | ix->spread_hi[set >> 7]) << p;
        }
    }
    for (int j = 0; j <= r; j++)
        for (uint64_t s = mask[j]; s; s &= s - 1) *out++ = (uint8_t)prc_ctz64(s);
}

#ifndef PRC_KERNELS_DECLARE

/* Checks row cards against the deck and *seen (card ids): 1 when valid. */
static PRC_ALWAYS_INLINE int prc_ix_check(const prc_ix_t *ix, const uint8_t *c, int n,
                                          uint64_t *seen) {
    uint64_t s = *seen, bad = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = c[i] < 52 ? 1ULL << c[i] : 0;
        bad |= (s & bit) | (bit == 0) | (bit & ~ix->deck);
        s |= bit;
    }
    *seen = s;
    return bad == 0;
}

/* The row loop of prc_ix_index_rows for rounds of n[0 .. nr) cards,
 * inlined with constants for common structures so that every card loop
 * unrolls and each round's code is chosen at compile time. */
static PRC_ALWAYS_INLINE long prc_ix_rows_n(const prc_ix_t *PRC_IX_RESTRICT ix, int nr,
                                            const int *n, int k,
                                            const uint8_t *PRC_IX_RESTRICT cards,
                                            uint64_t *PRC_IX_RESTRICT out, long start,
                                            long stop) {
    long i = start;
    /* PRC_IX_HANDS hands side by side, round by round: the rounds of one
     * hand form a chain (a suit's index feeds the next round), and
     * chains side by side keep the core busy while each waits; a group
     * with a bad row leaves it to the loop below, one row at a time */
    for (; i + PRC_IX_HANDS <= stop; i += PRC_IX_HANDS) {
        const uint8_t *c[PRC_IX_HANDS];
        uint64_t *o[PRC_IX_HANDS];
        uint64_t dealt[PRC_IX_HANDS][PRC_IX_MAX_ROUNDS] = {{0}}, bad = 0;
        PRC_IX_UNROLL
        for (int x = 0; x < PRC_IX_HANDS; x++) {
            c[x] = cards + (size_t)(i + x) * (size_t)k;
            o[x] = out + (size_t)(i + x) * (size_t)nr;
            /* a repeated card makes the sum of the cards' bits differ
             * from their union, unless 16 copies of one carry out of the
             * top: rows of more cards track the repeats */
            uint64_t all = 0, twice = 0, sum = 0;
            PRC_IX_UNROLL
            for (int r = 0, at = 0; r < nr; r++) {
                const uint64_t before = all;
                PRC_IX_UNROLL
                for (int j = 0; j < n[r]; j++, at++) {
                    const uint64_t bit = ix->cardbit[c[x][at]];
                    if (k < 16)
                        sum += bit;
                    else
                        twice |= all & bit;
                    all |= bit;
                }
                dealt[x][r] = all ^ before;
            }
            bad |= twice | (k < 16 ? sum ^ all : 0) | (all & PRC_IX_BAD_CARD);
        }
        if (PRC_IX_UNLIKELY(bad != 0)) break;
        prc_ix_hand_t h[PRC_IX_HANDS];
        const prc_ix_round_t *rd = &ix->round[0];
        PRC_IX_UNROLL
        for (int x = 0; x < PRC_IX_HANDS; x++) {
            prc_ix_deal_first(ix, rd, dealt[x][0], &h[x]);
            o[x][0] = n[0] <= 2 ? ix->first[c[x][0] * 52 + (n[0] == 2 ? c[x][1] : 0)]
                                : prc_ix_class(ix, rd, h[x].key);
            c[x] += n[0];
        }
        PRC_IX_UNROLL
        for (int r = 1; r < nr; r++) {
            rd = &ix->round[r];
            PRC_IX_UNROLL
            for (int x = 0; x < PRC_IX_HANDS; x++) prc_ix_deal_n(ix, n[r], rd->wshift, c[x], dealt[x][r], &h[x]);
            PRC_IX_UNROLL
            for (int x = 0; x < PRC_IX_HANDS; x++) {
                o[x][r] = prc_ix_class(ix, rd, h[x].key);
                c[x] += n[r];
            }
        }
    }
    for (; i < stop; i++) {
        const uint8_t *c = cards + (size_t)i * (size_t)k;
        uint64_t dealt[PRC_IX_MAX_ROUNDS];
        if (!prc_ix_scan(ix, nr, c, dealt)) return i;
        prc_ix_index_hand(ix, nr, c, dealt, out + (size_t)i * (size_t)nr);
    }
    return -1;
}

static PRC_NOINLINE long prc_ix_rows_generic(const prc_ix_t *ix, int nr, int k,
                                             const uint8_t *cards, uint64_t *out, long start,
                                             long stop) {
    int n[PRC_IX_MAX_ROUNDS];
    for (int r = 0; r < nr; r++) n[r] = ix->round[r].cards;
    return prc_ix_rows_n(ix, nr, n, k, cards, out, start, stop);
}

/* Rows start..stop-1 of k card ids each (the first rounds' cards, k their
 * total over nr rounds): out[row * nr + r] = the row's index on round r.
 * Returns -1, or the first row with an id outside the deck or a repeated
 * card (rows before it are written). */
PRC_ENTRY long prc_ix_index_rows(const prc_ix_t *ix, int nr, const uint8_t *cards, int k,
                                 uint64_t *out, long start, long stop) {
    static const int holdem[4] = {2, 3, 1, 1};
    if (nr == 4 && ix->first_table && ix->round[0].cards == 2 && ix->round[1].cards == 3 &&
        ix->round[2].cards == 1 && ix->round[3].cards == 1)
        return prc_ix_rows_n(ix, 4, holdem, 7, cards, out, start, stop);
    return prc_ix_rows_generic(ix, nr, k, cards, out, start, stop);
}

/* The next round of rows start..stop-1: st[row] the row's state (all at
 * the same round, below the last), cards the round's ids, k per row.
 * Returns -1, or the first row whose cards are outside the deck, repeat
 * or were dealt before (it and the rows after it are left as they were). */
PRC_ENTRY long prc_ix_next_rows(const prc_ix_t *ix, prc_ix_state_t *st, const uint8_t *cards,
                                int k, uint64_t *out, long start, long stop) {
    for (long i = start; i < stop; i++) {
        const uint8_t *c = cards + (size_t)i * (size_t)k;
        uint64_t seen = st[i].seen;
        if (!prc_ix_check(ix, c, k, &seen)) return i;
        st[i].seen = seen;
        out[i] = prc_ix_step(ix, &st[i], c);
    }
    return -1;
}

/* Canonical hands of classes idx[start..stop) on round r, t cards per row
 * (the total through r). Returns -1, or the first row whose index is not
 * below the round's size (the rows before it written). */
PRC_ENTRY long prc_ix_unindex_rows(const prc_ix_t *ix, int r, const uint64_t *idx, uint8_t *out,
                                   long start, long stop) {
    const int t = ix->round[r].total;
    for (long i = start; i < stop; i++) {
        if (idx[i] >= ix->round[r].size) return i;
        prc_ix_unindex(ix, r, idx[i], out + (size_t)i * (size_t)t);
    }
    return -1;
}

#endif /* PRC_KERNELS_DECLARE */

#endif /* PRC_ISOMORPHISM_H */
