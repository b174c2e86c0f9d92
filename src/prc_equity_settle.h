/* pyrankcore: equity kernels, the deal and the pot (see prc_equity.h).
 *
 * The spec of a deal (what the Cython layer checked), one player's possible
 * known cards (a range), a deal in progress, and settling the pot of a
 * complete deal as showdown() does. Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_SETTLE_H
#define PRC_EQUITY_SETTLE_H

#include <stdint.h>
#include <string.h>
#include "prc_eval.h"
#include "prc_omaha.h"
#ifndef PRC_KERNELS_DECLARE
#include "prc_tier_portable.h" /* a deal's one Omaha row (prc_eq_value) */
#endif

/* Forced inlining for the per-trial steps of the Monte Carlo loops and the
 * rank-board loops (GCC declines to inline them into the large loop bodies
 * otherwise). */
#if defined(__GNUC__) || defined(__clang__)
#define PRC_EQ_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PRC_EQ_INLINE __forceinline
#else
#define PRC_EQ_INLINE inline
#endif

#define PRC_EQ_MAX_PLAYERS 10
#define PRC_EQ_UNIT 5040u /* lcm(1..10) * 2: half a pot shared by up to 10 */
#define PRC_EQ_BAD_SPEC (-1)
#define PRC_EQ_NO_DEAL (-2)    /* ranges that (almost) never fit together */
#define PRC_EQ_STOPPED (-3)    /* the caller's stop flag was raised */
#define PRC_EQ_MAX_TRIES 1000000 /* range draws before giving up on a trial */

/* Trials per chunk of a Monte Carlo run, each chunk with its own stream
 * (prc_equity_deal.h). */
#define PRC_EQ_CHUNK 65536
/* a's total weight up to which a table gives its combo at a draw (one
 * load instead of a search): its entries are uint32 after a's n words of
 * scratch, which has n + PRC_EQ_INDEX_LIMIT / 2 words */
#define PRC_EQ_INDEX_LIMIT 16384

/* How often (in trials, draws, assignments or skipped index runs) the
 * loops read the stop flag when each step is quick. */
#define PRC_EQ_STOP_EVERY 1024

/* Per-player tallies (uint64 each, PRC_EQ_NSTAT per player). */
enum {
    PRC_EQ_WINS,     /* the whole pot, alone (hi-lo: a scoop) */
    PRC_EQ_TIES,     /* part of the pot, not all of it */
    PRC_EQ_UNITS,    /* pot units won (1 pot = PRC_EQ_UNIT) */
    PRC_EQ_HI_UNITS, /* hi-lo: units won with the high hand */
    PRC_EQ_LO_UNITS, /* hi-lo: units won with the low hand */
    PRC_EQ_HI_WINS,  /* hi-lo: the best high hand, alone */
    PRC_EQ_HI_TIES,  /* hi-lo: the best high hand, shared */
    PRC_EQ_LO_WINS,  /* hi-lo: the best qualifying low, alone */
    PRC_EQ_LO_TIES,  /* hi-lo: the best qualifying low, shared */
    PRC_EQ_SQ_LO,    /* Monte Carlo: sum of squared units per deal, */
    PRC_EQ_SQ_HI,    /* as two 64-bit words (low word, carries) */
    PRC_EQ_NSTAT
};

typedef struct {
    int n_players;               /* 1..PRC_EQ_MAX_PLAYERS */
    int omaha;                   /* two hole cards and three board cards */
    const prc_game_t *hi, *lo;   /* NULL: the variant has no such half */
    int hi_std;                  /* hi is the standard high ranking */
    const prc_omaha_t *hi_fast;  /* Omaha pattern tables, or NULL */
    const prc_omaha_t *lo_fast;
    int board_final;             /* board cards in the final hands, 0..5 */
    int board_known;             /* 0..board_final */
    uint8_t board[5];
    int hand_final[PRC_EQ_MAX_PLAYERS]; /* own cards in each final hand */
    int known[PRC_EQ_MAX_PLAYERS];      /* own cards given, 0..hand_final */
    uint64_t live;               /* id mask: the deck less dead and board */
    /* The caller's stop flag (or NULL): a nonzero value makes a kernel
     * return PRC_EQ_STOPPED within a few milliseconds of work. Another
     * thread writes it, hence the volatile reads (prc_eq_stopped). */
    const int32_t *stop;
} prc_eq_spec_t;

static inline int prc_eq_stopped(const prc_eq_spec_t *s) {
    return s->stop != NULL && *(const volatile int32_t *)s->stop != 0;
}

/* One player's possible known cards: n combos of spec->known[p] cards
 * each, with their key sums, suit-major bits and id masks. Monte Carlo
 * draws by cum, cumulative integer weights (cum[i] = weight of combos
 * 0..i, nondecreasing, cum[n-1] in 1..2**63-1). Exact enumeration weighs
 * each combination of combos by the product of their weights (weight, or
 * NULL when every weight is 1). */
typedef struct {
    const uint8_t *cards;
    const uint64_t *key, *bits, *mask;
    const uint64_t *cum;
    const double *weight;
    uint64_t *scratch; /* Monte Carlo: n words the kernel may write, or NULL */
    int n;
    int unit; /* Monte Carlo: every weight is 1 (set by the kernel) */
} prc_eq_range_t;

/* A deal in progress: index PRC_EQ_MAX_PLAYERS is the board (its key
 * carries PRC_SUIT_START; players' keys do not). */
#define PRC_EQ_BOARD PRC_EQ_MAX_PLAYERS
typedef struct {
    const prc_eq_spec_t *s;
    uint64_t key[PRC_EQ_MAX_PLAYERS + 1], bits[PRC_EQ_MAX_PLAYERS + 1];
    uint8_t cards[PRC_EQ_MAX_PLAYERS + 1][8];
    int n[PRC_EQ_MAX_PLAYERS + 1];
    /* exact enumeration: levels (one per dealt card) and the live deck */
    int nlev;
    uint8_t owner[64];
    int ndeck;
    uint8_t deck[52];
    uint64_t dkey[52], dbits[52];
    uint64_t used; /* deck positions taken by the levels above */
    uint64_t *stats;
    int squares;
    int halted; /* the stop flag was seen: unwind */
} prc_eq_state_t;

#ifndef PRC_KERNELS_DECLARE /* the kernels' parts: compiled in prc_kernels.c */
/* Sizes the kernels rely on (the Cython layer checks them first). */
static int prc_eq_spec_ok(const prc_eq_spec_t *s) {
    int P = s->n_players;
    if (P < 1 || P > PRC_EQ_MAX_PLAYERS) return 0;
    if (s->board_final < 0 || s->board_final > 5) return 0;
    if (s->board_known < 0 || s->board_known > s->board_final) return 0;
    if (s->hi == NULL && s->lo == NULL) return 0;
    for (int i = 0; i < s->board_known; i++)
        if (s->board[i] >= 52) return 0;
    int dealt = s->board_final - s->board_known;
    for (int p = 0; p < P; p++) {
        int h = s->hand_final[p], k = s->known[p];
        if (k < 0 || k > h || h > 7) return 0;
        if (s->omaha ? (h < 4 || h > 6 || s->board_final < 3)
                     : (h + s->board_final < 1 || h + s->board_final > 7))
            return 0;
        dealt += h - k;
    }
    if (dealt > 52) return 0;
    return 1;
}

static inline uint16_t prc_eq_value(const prc_eq_state_t *st, const prc_game_t *g,
                                    const prc_omaha_t *fast, int std, int p) {
    const prc_eq_spec_t *s = st->s;
    if (s->omaha) {
        if (fast != NULL) {
            uint16_t out = 0;
            prc_omaha_rows_scalar(g, fast, st->cards[p], st->n[p], st->cards[PRC_EQ_BOARD],
                                  st->n[PRC_EQ_BOARD], &out, 0, 1);
            return out;
        }
        return prc_omaha(g, st->cards[p], st->n[p], st->cards[PRC_EQ_BOARD],
                         st->n[PRC_EQ_BOARD]);
    }
    uint64_t key = st->key[p] + st->key[PRC_EQ_BOARD];
    uint64_t bits = st->bits[p] | st->bits[PRC_EQ_BOARD];
    if (std) return prc_high_value(key, bits);
    return prc_game_value(g, key, bits, st->n[p] + st->n[PRC_EQ_BOARD]);
}

/* row's sum of squared units += w * u * u (two words: low word, carries). */
static inline void prc_eq_add_square(uint64_t *row, uint64_t u, uint64_t w) {
    uint64_t sq = w * u * u, before = row[PRC_EQ_SQ_LO];
    row[PRC_EQ_SQ_LO] = before + sq;
    row[PRC_EQ_SQ_HI] += row[PRC_EQ_SQ_LO] < before;
}

/* The best value among v[0..P) (P >= 1) and how many share it (0 counts
 * as a value: in a one-ranking game every hand takes part). */
static inline uint16_t prc_eq_best(const uint16_t *v, int P, int *count) {
    uint16_t best = v[0];
    int n = 1;
    for (int p = 1; p < P; p++) {
        if (v[p] > best) {
            best = v[p];
            n = 1;
        } else if (v[p] == best) {
            n++;
        }
    }
    *count = n;
    return best;
}

/* The pot of one deal with high values vh (or NULL) and low values vl (or
 * NULL), tallied w times (w may be -n modulo 2**64: deals taken back);
 * squares: the sums of squared units too (Monte Carlo, w = 1). The one
 * place that splits a pot, as showdown() does. */
static inline void prc_eq_tally(uint64_t *stats, int P, const uint16_t *vh,
                                const uint16_t *vl, uint64_t w, int squares) {
    if (vh == NULL || vl == NULL) {
        const uint16_t *v = vh != NULL ? vh : vl;
        int n;
        uint16_t best = prc_eq_best(v, P, &n);
        uint64_t share = PRC_EQ_UNIT / (unsigned)n;
        int which = n == 1 ? PRC_EQ_WINS : PRC_EQ_TIES;
        for (int p = 0; p < P; p++)
            if (v[p] == best) {
                uint64_t *row = stats + p * PRC_EQ_NSTAT;
                row[which] += w;
                row[PRC_EQ_UNITS] += share * w;
                if (squares) prc_eq_add_square(row, share, w);
            }
        return;
    }
    int nh, nl;
    uint16_t bh = prc_eq_best(vh, P, &nh);
    uint16_t bl = prc_eq_best(vl, P, &nl);
    /* no qualifying low: the high hands take the whole pot */
    uint64_t hi_share = (bl ? PRC_EQ_UNIT / 2 : PRC_EQ_UNIT) / (unsigned)nh;
    uint64_t lo_share = bl ? PRC_EQ_UNIT / 2 / (unsigned)nl : 0;
    for (int p = 0; p < P; p++) {
        uint64_t *row = stats + p * PRC_EQ_NSTAT, u = 0;
        if (vh[p] == bh) {
            row[nh == 1 ? PRC_EQ_HI_WINS : PRC_EQ_HI_TIES] += w;
            row[PRC_EQ_HI_UNITS] += hi_share * w;
            u += hi_share;
        }
        if (bl && vl[p] == bl) {
            row[nl == 1 ? PRC_EQ_LO_WINS : PRC_EQ_LO_TIES] += w;
            row[PRC_EQ_LO_UNITS] += lo_share * w;
            u += lo_share;
        }
        if (u) {
            row[u == PRC_EQ_UNIT ? PRC_EQ_WINS : PRC_EQ_TIES] += w;
            row[PRC_EQ_UNITS] += u * w;
            if (squares) prc_eq_add_square(row, u, w);
        }
    }
}

/* Rank every player's final hand and tally the pot. */
static inline void prc_eq_settle(prc_eq_state_t *st) {
    const prc_eq_spec_t *s = st->s;
    const int P = s->n_players;
    /* zeroed: the compiler cannot see that P >= 1 (prc_eq_spec_ok) */
    uint16_t vh[PRC_EQ_MAX_PLAYERS] = {0}, vl[PRC_EQ_MAX_PLAYERS] = {0};
    if (s->hi == NULL || s->lo == NULL) {
        const prc_game_t *g = s->hi != NULL ? s->hi : s->lo;
        const prc_omaha_t *fast = s->hi != NULL ? s->hi_fast : s->lo_fast;
        int std = s->hi != NULL && s->hi_std;
        for (int p = 0; p < P; p++) vh[p] = prc_eq_value(st, g, fast, std, p);
        prc_eq_tally(st->stats, P, vh, NULL, 1, st->squares);
        return;
    }
    for (int p = 0; p < P; p++) {
        vh[p] = prc_eq_value(st, s->hi, s->hi_fast, s->hi_std, p);
        vl[p] = prc_eq_value(st, s->lo, s->lo_fast, 0, p);
    }
    prc_eq_tally(st->stats, P, vh, vl, 1, st->squares);
}

/* Put card c into hand o (a player, or PRC_EQ_BOARD). */
static inline void prc_eq_push(prc_eq_state_t *st, int o, uint8_t c) {
    st->key[o] += PRC_CARD_KEY16(c);
    st->bits[o] |= PRC_CARD_BITS16(c);
    st->cards[o][st->n[o]++] = c;
}

/* Start a deal: the known board and no player cards yet. */
static inline void prc_eq_reset(prc_eq_state_t *st) {
    const prc_eq_spec_t *s = st->s;
    st->key[PRC_EQ_BOARD] = PRC_SUIT_START;
    st->bits[PRC_EQ_BOARD] = 0;
    st->n[PRC_EQ_BOARD] = 0;
    for (int i = 0; i < s->board_known; i++) prc_eq_push(st, PRC_EQ_BOARD, s->board[i]);
    for (int p = 0; p < s->n_players; p++) {
        st->key[p] = 0;
        st->bits[p] = 0;
        st->n[p] = 0;
    }
}

/* Whether the spec is hold'em with the standard high ranking, a board of
 * five and every player's two cards known (a hand or a range): Monte
 * Carlo's hold'em path; with no board card known, exact enumeration's
 * rank-board path. */
static int prc_eq_holdem_known(const prc_eq_spec_t *s) {
    if (s->omaha || s->hi == NULL || s->lo != NULL || !s->hi_std) return 0;
    if (s->board_final != 5) return 0;
    for (int p = 0; p < s->n_players; p++)
        if (s->hand_final[p] != 2 || s->known[p] != 2) return 0;
    return 1;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
