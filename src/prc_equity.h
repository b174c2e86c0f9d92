/* pyrankcore: equity kernels (exact enumeration and Monte Carlo).
 *
 * Pure C over prc_eval.h and prc_omaha.h. A deal gives every player their
 * missing own cards (stud down cards, a draw, a random hand) and the board
 * its missing cards; each player's final hand is ranked under the high
 * and/or the low ranking and the pot is settled as showdown() does. The
 * tallies are integers in units of 1/PRC_EQ_UNIT of a pot, so that every
 * share of a pot (a half split up to ten ways) is a whole number of units
 * and runs can be split and merged exactly.
 *
 * The Cython layer (pyrankcore/_equity.pxi) checks every size and card
 * before calling in; the kernels check the sizes once more (a bad spec is
 * refused with PRC_EQ_BAD_SPEC, never read past a buffer).
 */
#ifndef PRC_EQUITY_H
#define PRC_EQUITY_H

#include <stdint.h>
#include <string.h>
#include "prc_eval.h"
#include "prc_omaha.h"

#define PRC_EQ_MAX_PLAYERS 10
#define PRC_EQ_UNIT 5040u /* lcm(1..10) * 2: half a pot shared by up to 10 */
#define PRC_EQ_BAD_SPEC (-1)
#define PRC_EQ_NO_DEAL (-2)    /* ranges that (almost) never fit together */
#define PRC_EQ_STOPPED (-3)    /* the caller's stop flag was raised */
#define PRC_EQ_MAX_TRIES 1000000 /* range draws before giving up on a trial */

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
    int n;
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
            prc_omaha_rows(g, fast, st->cards[p], st->n[p], st->cards[PRC_EQ_BOARD],
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

static inline void prc_eq_add_square(uint64_t *row, uint64_t u) {
    uint64_t sq = u * u, before = row[PRC_EQ_SQ_LO];
    row[PRC_EQ_SQ_LO] = before + sq;
    row[PRC_EQ_SQ_HI] += row[PRC_EQ_SQ_LO] < before;
}

/* The best value among v[0..P) and how many share it (0 counts as a
 * value: in a one-ranking game every hand takes part). */
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

/* Rank every player's final hand and tally the pot. */
static inline void prc_eq_settle(prc_eq_state_t *st) {
    const prc_eq_spec_t *s = st->s;
    const int P = s->n_players;
    uint64_t *stats = st->stats;
    uint16_t vh[PRC_EQ_MAX_PLAYERS], vl[PRC_EQ_MAX_PLAYERS];
    if (s->hi == NULL || s->lo == NULL) {
        const prc_game_t *g = s->hi != NULL ? s->hi : s->lo;
        const prc_omaha_t *fast = s->hi != NULL ? s->hi_fast : s->lo_fast;
        int std = s->hi != NULL && s->hi_std, n;
        for (int p = 0; p < P; p++) vh[p] = prc_eq_value(st, g, fast, std, p);
        uint16_t best = prc_eq_best(vh, P, &n);
        uint64_t share = PRC_EQ_UNIT / (unsigned)n;
        int which = n == 1 ? PRC_EQ_WINS : PRC_EQ_TIES;
        for (int p = 0; p < P; p++) {
            uint64_t *row = stats + p * PRC_EQ_NSTAT;
            if (vh[p] == best) {
                row[which]++;
                row[PRC_EQ_UNITS] += share;
                if (st->squares) prc_eq_add_square(row, share);
            }
        }
        return;
    }
    for (int p = 0; p < P; p++) {
        vh[p] = prc_eq_value(st, s->hi, s->hi_fast, s->hi_std, p);
        vl[p] = prc_eq_value(st, s->lo, s->lo_fast, 0, p);
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
            row[nh == 1 ? PRC_EQ_HI_WINS : PRC_EQ_HI_TIES]++;
            row[PRC_EQ_HI_UNITS] += hi_share;
            u += hi_share;
        }
        if (bl && vl[p] == bl) {
            row[nl == 1 ? PRC_EQ_LO_WINS : PRC_EQ_LO_TIES]++;
            row[PRC_EQ_LO_UNITS] += lo_share;
            u += lo_share;
        }
        if (u) {
            row[u == PRC_EQ_UNIT ? PRC_EQ_WINS : PRC_EQ_TIES]++;
            row[PRC_EQ_UNITS] += u;
            if (st->squares) prc_eq_add_square(row, u);
        }
    }
}

/* Put card c into hand o (a player, or PRC_EQ_BOARD). */
static inline void prc_eq_push(prc_eq_state_t *st, int o, uint8_t c) {
    st->key[o] += PRC_CARD_KEY16(c);
    st->bits[o] |= PRC_CARD_BITS16(c);
    st->cards[o][st->n[o]++] = c;
}

/* Every way to deal levels lev.. from the live deck; level lev's card
 * takes deck positions start..stop-1. Cards of one hand are dealt in
 * increasing deck order, so each set of cards comes once. */
static void prc_eq_enumerate(prc_eq_state_t *st, int lev, int start, int stop) {
    const int o = st->owner[lev];
    if (lev == st->nlev - 1) {
        /* the innermost level: the hot loop, without the push/pop calls;
         * the stop flag is read once per loop (at most 52 deals) */
        if (prc_eq_stopped(st->s)) {
            st->halted = 1;
            return;
        }
        uint64_t key = st->key[o], bits = st->bits[o];
        int n = st->n[o]++;
        for (int i = start; i < stop; i++) {
            if ((st->used >> i) & 1) continue;
            st->key[o] = key + st->dkey[i];
            st->bits[o] = bits | st->dbits[i];
            st->cards[o][n] = st->deck[i];
            prc_eq_settle(st);
        }
        st->key[o] = key;
        st->bits[o] = bits;
        st->n[o] = n;
        return;
    }
    const int same = st->owner[lev + 1] == o;
    for (int i = start; i < stop; i++) {
        uint64_t pos = 1ULL << i;
        if (st->used & pos) continue;
        uint64_t key = st->key[o], bits = st->bits[o];
        st->key[o] = key + st->dkey[i];
        st->bits[o] = bits | st->dbits[i];
        st->cards[o][st->n[o]++] = st->deck[i];
        st->used |= pos;
        prc_eq_enumerate(st, lev + 1, same ? i + 1 : 0, st->ndeck);
        st->used &= ~pos;
        st->n[o]--;
        st->key[o] = key;
        st->bits[o] = bits;
        if (st->halted) return;
    }
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

/* ------------------------------------------------------------------------
 * Hold'em from preflop, every player's two cards known: boards counted by
 * their ranks, flushes corrected for.
 *
 * Without a flush a seven-card hand's strength depends on its ranks only,
 * so every board with the same five ranks (a multiset, 6,175 of them) has
 * the same showdown; such a board stands for the product over its ranks of
 * C(live cards of that rank, times the rank is on the board) boards. That
 * count is right for every board on which nobody holds a flush. A flush in
 * suit s needs 5 - (the most cards of s in one hand) >= 3 board cards of s,
 * and five board cards hold three of at most one suit, so the boards where
 * a flush is possible fall into disjoint sets, one per suit: k = need..5
 * cards of s (each set of k live ranks of s) and 5 - k cards of other
 * suits (again counted by ranks: they make no flush). For each such board
 * where a flush changes somebody's strength, the showdown by ranks is taken
 * back (a weight of -n, modulo 2**64) and the real one added. The tallies
 * are the same integers as a board-by-board enumeration (tests check it),
 * from ~6,000 rank boards and ~40,000 flush boards instead of 1,712,304. */

typedef struct {
    int P;
    uint32_t hole_rank[PRC_EQ_MAX_PLAYERS]; /* rank sums of the hole cards */
    unsigned hole_suit[PRC_EQ_MAX_PLAYERS][4]; /* 13-bit ranks per suit */
    int hole_count[PRC_EQ_MAX_PLAYERS][4];
    int avail[13];                /* live cards per rank */
    int other[13];                /* flush stage: live cards per rank, not of suit s */
    unsigned suit_live[4];        /* live ranks per suit */
    uint32_t rank_key[13];
    /* the flush stage's current board part in suit s */
    int suit, k;
    unsigned suited;
    uint32_t suited_key;
    uint64_t *stats;
} prc_eq_fast_t;

/* Add a showdown (strengths v) w times (w may be -n modulo 2**64). */
static inline void prc_eq_tally(uint64_t *stats, int P, const uint16_t *v, uint64_t w) {
    int n;
    uint16_t best = prc_eq_best(v, P, &n);
    uint64_t share = PRC_EQ_UNIT / (unsigned)n;
    int which = n == 1 ? PRC_EQ_WINS : PRC_EQ_TIES;
    for (int p = 0; p < P; p++)
        if (v[p] == best) {
            uint64_t *row = stats + p * PRC_EQ_NSTAT;
            row[which] += w;
            row[PRC_EQ_UNITS] += share * w;
        }
}

static const uint8_t prc_eq_choose[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

/* A board by ranks (rank sum key, boards w): stage one (f->k == 0) tallies
 * its showdown; the flush stage tallies the correction. */
static inline void prc_eq_fast_leaf(prc_eq_fast_t *f, uint32_t key, uint64_t w) {
    const int P = f->P;
    uint16_t v[PRC_EQ_MAX_PLAYERS];
    if (f->k == 0) {
        for (int p = 0; p < P; p++) v[p] = prc_rank_lookup(f->hole_rank[p] + key);
        prc_eq_tally(f->stats, P, v, w);
        return;
    }
    uint16_t real[PRC_EQ_MAX_PLAYERS];
    int changed = 0;
    key += f->suited_key;
    for (int p = 0; p < P; p++) {
        v[p] = prc_rank_lookup(f->hole_rank[p] + key);
        real[p] = v[p];
        if (f->hole_count[p][f->suit] + f->k >= 5) {
            real[p] = prc_flush_high[f->hole_suit[p][f->suit] | f->suited];
            changed |= real[p] != v[p];
        }
    }
    if (!changed) return;
    prc_eq_tally(f->stats, P, real, w);
    prc_eq_tally(f->stats, P, v, (uint64_t)0 - w);
}

/* Every multiset of `left` more ranks from rank r up, at most count[r] of
 * each rank, weighted by the ways to pick the cards. */
static void prc_eq_fast_ranks(prc_eq_fast_t *f, const int *count, int r, int left,
                              uint32_t key, uint64_t w) {
    if (left == 0) {
        prc_eq_fast_leaf(f, key, w);
        return;
    }
    for (; r < 13; r++) {
        int c = count[r];
        if (c == 0) continue;
        uint32_t k = key;
        int most = c < left ? c : left;
        for (int m = 1; m <= most; m++) {
            k += f->rank_key[r];
            prc_eq_fast_ranks(f, count, r + 1, left - m, k, w * prc_eq_choose[c][m]);
        }
    }
}

/* The flush stage: every set of f->k live ranks of suit f->suit from rank r
 * up (more is the number still to choose). */
static void prc_eq_fast_suited(prc_eq_fast_t *f, int r, int more, unsigned ranks,
                               uint32_t key) {
    if (more == 0) {
        f->suited = ranks;
        f->suited_key = key;
        prc_eq_fast_ranks(f, f->other, 0, 5 - f->k, 0, 1);
        return;
    }
    for (; r <= 13 - more; r++)
        if ((f->suit_live[f->suit] >> r) & 1)
            prc_eq_fast_suited(f, r + 1, more - 1, ranks | (1u << r), key + f->rank_key[r]);
}

/* Whether the spec is hold'em from preflop with every hand known. */
static int prc_eq_fast_ok(const prc_eq_spec_t *s) {
    if (s->omaha || s->hi == NULL || s->lo != NULL || !s->hi_std) return 0;
    if (s->board_final != 5 || s->board_known != 0) return 0;
    for (int p = 0; p < s->n_players; p++)
        if (s->hand_final[p] != 2 || s->known[p] != 2) return 0;
    return 1;
}

/* Whether Monte Carlo takes the hold'em path: the standard high ranking,
 * two hole cards each, all known (a hand or a range), a board of five. */
static int prc_eq_mc_fast_ok(const prc_eq_spec_t *s) {
    if (s->omaha || s->hi == NULL || s->lo != NULL || !s->hi_std) return 0;
    if (s->board_final != 5) return 0;
    for (int p = 0; p < s->n_players; p++)
        if (s->hand_final[p] != 2 || s->known[p] != 2) return 0;
    return 1;
}

/* One assignment (hole: P rows of 8 ids, two used; distinct, < 52, live
 * less the holes in `live`); tallies added to stats. */
static void prc_eq_fast(const prc_eq_spec_t *s, const uint8_t *hole, uint64_t live,
                        uint64_t *stats) {
    prc_eq_fast_t f;
    memset(&f, 0, sizeof f);
    f.P = s->n_players;
    f.stats = stats;
    for (int r = 0; r < 13; r++) {
        f.rank_key[r] = (uint32_t)PRC_CARD_KEY16(4 * r);
        f.avail[r] = prc_popcount64((live >> (4 * r)) & 15u);
    }
    for (int c = 0; c < 52; c++)
        if ((live >> c) & 1) f.suit_live[c & 3] |= 1u << (c >> 2);
    for (int p = 0; p < f.P; p++)
        for (int i = 0; i < 2; i++) {
            uint8_t c = hole[p * 8 + i];
            f.hole_rank[p] += (uint32_t)PRC_CARD_KEY16(c);
            f.hole_suit[p][c & 3] |= 1u << (c >> 2);
            f.hole_count[p][c & 3]++;
        }
    f.k = 0;
    prc_eq_fast_ranks(&f, f.avail, 0, 5, 0, 1);
    for (int suit = 0; suit < 4; suit++) {
        int most = 0;
        for (int p = 0; p < f.P; p++)
            if (f.hole_count[p][suit] > most) most = f.hole_count[p][suit];
        f.suit = suit;
        for (int r = 0; r < 13; r++) f.other[r] = f.avail[r] - (int)((f.suit_live[suit] >> r) & 1);
        for (int k = 5 - most; k <= 5; k++) {
            f.k = k;
            prc_eq_fast_suited(&f, 0, k, 0, 0);
        }
    }
}

/* One assignment of known cards (hole: n_players rows of 8 ids, the first
 * known[p] used), the first dealt card at live-deck positions
 * top_lo..top_hi-1; tallies added to st->stats. fast: take the rank-board
 * path (prc_eq_fast_ok, whole assignments only). Returns 0,
 * PRC_EQ_BAD_SPEC or PRC_EQ_STOPPED. */
static int prc_eq_assignment(prc_eq_state_t *st, const uint8_t *hole, int top_lo, int top_hi,
                             int fast) {
    const prc_eq_spec_t *s = st->s;
    const int P = s->n_players;
    uint64_t live = s->live;
    prc_eq_reset(st);
    for (int p = 0; p < P; p++)
        for (int i = 0; i < s->known[p]; i++) {
            uint8_t c = hole[p * 8 + i];
            if (c >= 52) return PRC_EQ_BAD_SPEC;
            prc_eq_push(st, p, c);
            live &= ~(1ULL << c);
        }
    if (fast) {
        uint64_t seen = 0; /* repeated hole cards: no deal */
        int clash = 0;
        for (int p = 0; p < P; p++)
            for (int i = 0; i < 2; i++) {
                uint64_t bit = 1ULL << hole[p * 8 + i];
                clash |= (seen & bit) != 0 || !(s->live & bit);
                seen |= bit;
            }
        if (!clash && prc_popcount64(live) >= 5) prc_eq_fast(s, hole, live, st->stats);
        return 0;
    }
    st->nlev = 0;
    for (int i = s->board_known; i < s->board_final; i++) st->owner[st->nlev++] = PRC_EQ_BOARD;
    for (int p = 0; p < P; p++)
        for (int i = s->known[p]; i < s->hand_final[p]; i++) st->owner[st->nlev++] = (uint8_t)p;
    if (st->nlev == 0) { /* every card known: one deal, no deck needed */
        if (top_lo <= 0 && top_hi > 0) prc_eq_settle(st);
        return 0;
    }
    st->ndeck = 0;
    for (int c = 0; c < 52; c++)
        if ((live >> c) & 1) {
            st->deck[st->ndeck] = (uint8_t)c;
            st->dkey[st->ndeck] = PRC_CARD_KEY16(c);
            st->dbits[st->ndeck++] = PRC_CARD_BITS16(c);
        }
    st->used = 0;
    if (st->nlev > st->ndeck) return 0; /* no deal at all */
    int lo = top_lo < 0 ? 0 : top_lo, hi = top_hi > st->ndeck ? st->ndeck : top_hi;
    if (lo < hi) prc_eq_enumerate(st, 0, lo, hi);
    return st->halted ? PRC_EQ_STOPPED : 0;
}

/* How often (in assignments or skipped index runs) the assignment loops
 * read the stop flag when each assignment is quick. */
#define PRC_EQ_STOP_EVERY 1024

/* Exact enumeration for assignments a_lo..a_hi-1 of known cards (holes:
 * per assignment, n_players rows of 8 ids, the first known[p] used). The
 * first dealt card is restricted to live-deck positions top_lo..top_hi-1
 * (0, 64 for all), so that threads and tasks can split one assignment.
 * Tallies are added to stats (per_assignment: one block of n_players *
 * PRC_EQ_NSTAT per assignment). Returns 0, PRC_EQ_BAD_SPEC or
 * PRC_EQ_STOPPED. */
static int prc_eq_exact(const prc_eq_spec_t *s, const uint8_t *holes, long a_lo,
                        long a_hi, int top_lo, int top_hi, int per_assignment,
                        int allow_fast, uint64_t *stats) {
    if (!prc_eq_spec_ok(s)) return PRC_EQ_BAD_SPEC;
    const int P = s->n_players;
    /* the rank-board path enumerates whole assignments only */
    const int fast = allow_fast && prc_eq_fast_ok(s) && top_lo <= 0 && top_hi >= 52;
    prc_eq_state_t st;
    memset(&st, 0, sizeof st);
    st.s = s;
    st.squares = 0;
    for (long a = a_lo; a < a_hi; a++) {
        if (((a - a_lo) % PRC_EQ_STOP_EVERY == 0 || fast) && prc_eq_stopped(s))
            return PRC_EQ_STOPPED;
        st.stats = stats + (per_assignment ? (size_t)(a - a_lo) * P * PRC_EQ_NSTAT : 0);
        int rc = prc_eq_assignment(&st, holes + (size_t)a * P * 8, top_lo, top_hi, fast);
        if (rc) return rc;
    }
    return 0;
}

/* The number of combinations of the players' combos (the product of the
 * range sizes), or -1 when it reaches 2**62 or a range is empty; strides
 * of the mixed-radix index (seat 0 the most significant digit). */
static int64_t prc_eq_product(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                              int64_t *stride) {
    int64_t total = 1;
    for (int p = s->n_players - 1; p >= 0; p--) {
        stride[p] = total;
        if (ranges[p].n < 1 || total > ((int64_t)1 << 62) / ranges[p].n) return -1;
        total *= ranges[p].n;
    }
    return total;
}

/* Exact enumeration over the combinations idx_lo..idx_hi-1 of the
 * players' ranges, taken as one mixed-radix index (seat 0 the most
 * significant digit): each combination is made here, one at a time, and
 * those where two combos share a card (or a combo holds a dead card) are
 * skipped, a whole run of indices at once. Tallies are added to stats;
 * with wstats (n_players * PRC_EQ_NSTAT doubles) each combination's tallies
 * are also added there times the product of its combos' weights, and that
 * product times its deals to *wtotal. top_lo, top_hi as prc_eq_exact.
 * Returns 0, PRC_EQ_BAD_SPEC or PRC_EQ_STOPPED. */
static int prc_eq_exact_ranges(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                               int64_t idx_lo, int64_t idx_hi, int top_lo, int top_hi,
                               int allow_fast, uint64_t *stats, double *wstats,
                               double *wtotal) {
    if (!prc_eq_spec_ok(s)) return PRC_EQ_BAD_SPEC;
    const int P = s->n_players;
    int64_t stride[PRC_EQ_MAX_PLAYERS];
    int64_t total = prc_eq_product(s, ranges, stride);
    if (total < 0 || idx_lo < 0 || idx_lo > idx_hi || idx_hi > total) return PRC_EQ_BAD_SPEC;
    for (int p = 0; p < P; p++)
        for (size_t i = 0; i < (size_t)ranges[p].n * (size_t)s->known[p]; i++)
            if (ranges[p].cards[i] >= 52) return PRC_EQ_BAD_SPEC;
    const int fast = allow_fast && prc_eq_fast_ok(s) && top_lo <= 0 && top_hi >= 52;
    prc_eq_state_t st;
    memset(&st, 0, sizeof st);
    st.s = s;
    st.squares = 0;
    uint64_t one[PRC_EQ_MAX_PLAYERS * PRC_EQ_NSTAT];
    int digit[PRC_EQ_MAX_PLAYERS];
    uint8_t hole[PRC_EQ_MAX_PLAYERS * 8];
    memset(hole, 0, sizeof hole);
    for (int p = 0; p < P; p++) digit[p] = (int)(idx_lo / stride[p] % ranges[p].n);
    int64_t idx = idx_lo, steps = 0;
    while (idx < idx_hi) {
        if ((++steps % PRC_EQ_STOP_EVERY == 0 || fast) && prc_eq_stopped(s))
            return PRC_EQ_STOPPED;
        /* the first seat whose combo takes a card already taken */
        uint64_t used = ~s->live;
        int clash = P, step = P - 1;
        for (int p = 0; p < P; p++) {
            uint64_t m = ranges[p].mask[digit[p]];
            if (used & m) {
                clash = p;
                break;
            }
            used |= m;
        }
        if (clash < P) {
            /* every index with these first clash+1 digits clashes too */
            idx = (idx / stride[clash] + 1) * stride[clash];
            for (int p = clash + 1; p < P; p++) digit[p] = 0;
            step = clash;
        } else {
            double w = 1.0;
            for (int p = 0; p < P; p++) {
                const prc_eq_range_t *r = &ranges[p];
                int k = s->known[p];
                for (int j = 0; j < k; j++) hole[p * 8 + j] = r->cards[(size_t)digit[p] * k + j];
                if (r->weight != NULL) w *= r->weight[digit[p]];
            }
            st.stats = stats;
            if (wstats != NULL) {
                memset(one, 0, sizeof one);
                st.stats = one;
            }
            int rc = prc_eq_assignment(&st, hole, top_lo, top_hi, fast);
            if (rc) return rc;
            if (wstats != NULL) {
                uint64_t units = 0;
                for (int i = 0; i < P * PRC_EQ_NSTAT; i++) {
                    stats[i] += one[i];
                    wstats[i] += w * (double)one[i];
                }
                for (int p = 0; p < P; p++) units += one[p * PRC_EQ_NSTAT + PRC_EQ_UNITS];
                *wtotal += w * (double)(units / PRC_EQ_UNIT);
            }
            idx++;
        }
        /* the odometer: digit `step` up by one, carrying to the left */
        for (int p = step; p >= 0; p--) {
            if (++digit[p] < ranges[p].n) break;
            digit[p] = 0;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Monte Carlo: a splitmix64 stream per chunk of trials, seeded from the
 * run's seed and the chunk's index, so that the same chunks give the same
 * deals whichever thread (or machine) runs them. */

#define PRC_EQ_CHUNK 65536

static inline uint64_t prc_eq_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The generator state a chunk starts from: the run's seed words and the
 * chunk's index only (both Monte Carlo loops derive it here, so a chunk's
 * deals never depend on which loop or thread runs it). */
static inline uint64_t prc_eq_chunk_state(uint64_t seed0, uint64_t seed1, int64_t chunk) {
    uint64_t state = seed0 ^ (0xD1B54A32D192ED03ULL * (uint64_t)(chunk + 1));
    return prc_eq_next(&state) ^ seed1;
}

/* Unbiased integer in [0, bound), bound >= 1 (Lemire's multiply-shift with
 * rejection over 32-bit draws). */
static inline uint32_t prc_eq_below(uint64_t *state, uint32_t bound) {
    uint64_t m = (prc_eq_next(state) & 0xFFFFFFFFULL) * bound;
    if ((uint32_t)m >= bound) return (uint32_t)(m >> 32); /* >= threshold */
    /* rarely: the division, and draws below the threshold rejected */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    while ((uint32_t)m < threshold) m = (prc_eq_next(state) & 0xFFFFFFFFULL) * bound;
    return (uint32_t)(m >> 32);
}

/* The high and low words of a * b. */
static inline uint64_t prc_eq_mul64(uint64_t a, uint64_t b, uint64_t *high) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)a * b;
    *high = (uint64_t)(m >> 64);
    return (uint64_t)m;
#else
    uint64_t a0 = a & 0xFFFFFFFFULL, a1 = a >> 32, b0 = b & 0xFFFFFFFFULL, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFULL) + (p10 & 0xFFFFFFFFULL);
    *high = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (p00 & 0xFFFFFFFFULL);
#endif
}

/* Unbiased integer in [0, bound), bound >= 1, from whole 64-bit draws
 * (Lemire's multiply-shift with rejection): range weights keep all the
 * precision their cumulative sums have. */
static inline uint64_t prc_eq_below64(uint64_t *state, uint64_t bound) {
    uint64_t high, low = prc_eq_mul64(prc_eq_next(state), bound, &high);
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) low = prc_eq_mul64(prc_eq_next(state), bound, &high);
    }
    return high;
}

/* A combo of range r, drawn in proportion to its weight: the first i with
 * cum[i] > a uniform draw below the total (so a zero weight is never
 * drawn). */
static inline int prc_eq_draw_combo(uint64_t *state, const prc_eq_range_t *r) {
    if (r->n <= 1) return 0;
    uint64_t x = prc_eq_below64(state, r->cum[r->n - 1]);
    int lo = 0, hi = r->n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (r->cum[mid] > x) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* stats += acc (the squares' two words with their carry). */
static void prc_eq_add_stats(uint64_t *stats, uint64_t (*acc)[PRC_EQ_NSTAT], int P) {
    for (int p = 0; p < P; p++) {
        uint64_t *row = stats + p * PRC_EQ_NSTAT;
        for (int i = 0; i < PRC_EQ_SQ_LO; i++) row[i] += acc[p][i];
        uint64_t before = row[PRC_EQ_SQ_LO];
        row[PRC_EQ_SQ_LO] += acc[p][PRC_EQ_SQ_LO];
        row[PRC_EQ_SQ_HI] += acc[p][PRC_EQ_SQ_HI] + (row[PRC_EQ_SQ_LO] < before);
    }
}

/* Hold'em (standard high, every player's two cards from a range or a
 * hand) Monte Carlo. The board's missing cards come from a partial
 * Fisher-Yates shuffle of the live deck (the deck stays shuffled between
 * the trials of a chunk, which keeps each draw uniform): card j is swapped in from a
 * position in j..ndeck-1, picked with 32 bits of a 64-bit draw; a card
 * that a range's hole cards took this trial is picked again. Each hand is
 * the sum of its hole cards' key and the board's; the pot is tallied
 * without branches on who won. */
static int prc_eq_mc_holdem(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                            uint64_t seed0, uint64_t seed1, int64_t trials,
                            int64_t chunk_lo, int64_t chunk_hi, uint64_t *stats) {
    const int P = s->n_players;
    const int missing = s->board_final - s->board_known;
    uint64_t bkey0 = PRC_SUIT_START, bbits0 = 0;
    for (int i = 0; i < s->board_known; i++) {
        bkey0 += PRC_CARD_KEY16(s->board[i]);
        bbits0 |= PRC_CARD_BITS16(s->board[i]);
    }
    int all_fixed = 1;
    for (int p = 0; p < P; p++) all_fixed &= ranges[p].n == 1;
    uint64_t hkey[PRC_EQ_MAX_PLAYERS], hbits[PRC_EQ_MAX_PLAYERS], hmask = 0;
    for (int p = 0; p < P; p++) {
        hkey[p] = ranges[p].key[0];
        hbits[p] = ranges[p].bits[0];
        hmask |= ranges[p].mask[0];
    }
    /* the deck: live cards, less the hands when every hand is fixed */
    uint8_t deck[52], deck0[52];
    int ndeck = 0;
    uint64_t deck_mask = s->live & ~(all_fixed ? hmask : 0);
    for (int c = 0; c < 52; c++)
        if ((deck_mask >> c) & 1) deck0[ndeck++] = (uint8_t)c;
    if (missing > ndeck) return PRC_EQ_BAD_SPEC;
    uint16_t v[PRC_EQ_MAX_PLAYERS];
    /* tallies in a local block (the stores to the deck, bytes, could alias
     * the caller's array and force reloads), added to stats at the end */
    uint64_t acc[PRC_EQ_MAX_PLAYERS][PRC_EQ_NSTAT];
    memset(acc, 0, sizeof acc);
    for (int64_t chunk = chunk_lo; chunk < chunk_hi; chunk++) {
        int64_t first = chunk * PRC_EQ_CHUNK;
        if (first >= trials) break;
        int64_t n = trials - first < PRC_EQ_CHUNK ? trials - first : PRC_EQ_CHUNK;
        uint64_t state = prc_eq_chunk_state(seed0, seed1, chunk);
        uint64_t spare = 0;
        int spare_n = 0;
        /* each chunk starts from the same deck order: its deals do not
         * depend on which chunks ran before it (threads, tasks) */
        memcpy(deck, deck0, sizeof deck);
        for (int64_t t = 0; t < n; t++) {
            if (t % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            uint64_t used = 0;
            if (!all_fixed) {
                int tries = 0;
                for (;;) {
                    used = ~s->live;
                    int ok = 1;
                    for (int p = 0; p < P && ok; p++) {
                        const prc_eq_range_t *r = &ranges[p];
                        int i = prc_eq_draw_combo(&state, r);
                        hkey[p] = r->key[i];
                        hbits[p] = r->bits[i];
                        ok = !(used & r->mask[i]);
                        used |= r->mask[i];
                    }
                    if (ok) break;
                    if (++tries >= PRC_EQ_MAX_TRIES) {
                        prc_eq_add_stats(stats, acc, P);
                        return PRC_EQ_NO_DEAL;
                    }
                    if (tries % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s))
                        return PRC_EQ_STOPPED;
                }
            }
            uint64_t bkey = bkey0, bbits = bbits0;
            for (int j = 0; j < missing;) {
                /* Lemire's multiply-shift on 32 bits of a draw, the other
                 * 32 kept for the next card; rejection as prc_eq_below */
                uint32_t bound = (uint32_t)(ndeck - j);
                if (!spare_n) {
                    spare = prc_eq_next(&state);
                    spare_n = 2;
                }
                uint64_t m = (spare & 0xFFFFFFFFULL) * bound;
                spare >>= 32;
                spare_n--;
                if ((uint32_t)m < bound && (uint32_t)m < (uint32_t)(-bound) % bound)
                    continue; /* rare: rejected */
                int pos = j + (int)(m >> 32);
                uint8_t c = deck[pos];
                if ((used >> c) & 1) continue; /* a hole card of this trial */
                deck[pos] = deck[j];
                deck[j] = c;
                bkey += PRC_CARD_KEY16(c);
                bbits |= PRC_CARD_BITS16(c);
                j++;
            }
            for (int p = 0; p < P; p++) v[p] = prc_high_value(hkey[p] + bkey, hbits[p] | bbits);
            int nbest;
            uint16_t best = prc_eq_best(v, P, &nbest);
            uint64_t share = PRC_EQ_UNIT / (unsigned)nbest;
            uint64_t alone = nbest == 1;
            for (int p = 0; p < P; p++) {
                uint64_t *row = acc[p];
                uint64_t won = v[p] == best, u = share & (0 - won);
                row[PRC_EQ_WINS] += won & alone;
                row[PRC_EQ_TIES] += won & (alone ^ 1);
                row[PRC_EQ_UNITS] += u;
                prc_eq_add_square(row, u);
            }
        }
    }
    prc_eq_add_stats(stats, acc, P);
    return 0;
}

/* Trials chunk_lo..chunk_hi-1 of a run of `trials` deals (chunks of
 * PRC_EQ_CHUNK, the last one shorter). ranges: one per player. Returns
 * 0, PRC_EQ_BAD_SPEC, or PRC_EQ_NO_DEAL when the ranges collided on
 * PRC_EQ_MAX_TRIES draws in a row. */
static int prc_eq_monte_carlo(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
                              uint64_t seed0, uint64_t seed1, int64_t trials,
                              int64_t chunk_lo, int64_t chunk_hi, uint64_t *stats) {
    if (!prc_eq_spec_ok(s) || trials < 0 || chunk_lo < 0) return PRC_EQ_BAD_SPEC;
    const int P = s->n_players;
    for (int p = 0; p < P; p++) {
        const prc_eq_range_t *r = &ranges[p];
        if (r->n < 1 || r->cum[r->n - 1] == 0 || r->cum[r->n - 1] >> 63) return PRC_EQ_BAD_SPEC;
        for (size_t i = 0; i < (size_t)r->n * (size_t)s->known[p]; i++)
            if (r->cards[i] >= 52) return PRC_EQ_BAD_SPEC;
    }
    uint8_t deck[52];
    int ndeck = 0;
    for (int c = 0; c < 52; c++)
        if ((s->live >> c) & 1) deck[ndeck++] = (uint8_t)c;
    int need = s->board_final - s->board_known;
    for (int p = 0; p < P; p++) need += s->hand_final[p];
    if (need > ndeck) return PRC_EQ_BAD_SPEC; /* the draws below always end */
    if (prc_eq_mc_fast_ok(s))
        return prc_eq_mc_holdem(s, ranges, seed0, seed1, trials, chunk_lo, chunk_hi, stats);
    const uint64_t dead = ~s->live;
    prc_eq_state_t st;
    memset(&st, 0, sizeof st);
    st.s = s;
    st.stats = stats;
    st.squares = 1;
    int combo[PRC_EQ_MAX_PLAYERS];
    for (int64_t chunk = chunk_lo; chunk < chunk_hi; chunk++) {
        int64_t first = chunk * PRC_EQ_CHUNK;
        if (first >= trials) break;
        int64_t n = trials - first < PRC_EQ_CHUNK ? trials - first : PRC_EQ_CHUNK;
        uint64_t state = prc_eq_chunk_state(seed0, seed1, chunk);
        for (int64_t t = 0; t < n; t++) {
            if (t % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            /* each player's known cards: one combo each, redrawn together
             * until no two collide (so the pairs come with the product of
             * their weights, as in exact enumeration) */
            uint64_t used;
            int tries = 0;
            for (;;) {
                used = dead;
                int ok = 1;
                for (int p = 0; p < P && ok; p++) {
                    const prc_eq_range_t *r = &ranges[p];
                    int i = prc_eq_draw_combo(&state, r);
                    combo[p] = i;
                    ok = !(used & r->mask[i]);
                    used |= r->mask[i];
                }
                if (ok) break;
                if (++tries >= PRC_EQ_MAX_TRIES) return PRC_EQ_NO_DEAL;
                /* a trial may redraw for a long time: Ctrl-C reaches here */
                if (tries % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            }
            prc_eq_reset(&st);
            for (int p = 0; p < P; p++) {
                const prc_eq_range_t *r = &ranges[p];
                int k = s->known[p], i = combo[p];
                st.key[p] = r->key[i];
                st.bits[p] = r->bits[i];
                st.n[p] = k;
                for (int j = 0; j < k; j++) st.cards[p][j] = r->cards[(size_t)i * k + j];
            }
            /* the missing cards, drawn from the live deck */
            for (int o = 0; o <= P; o++) {
                int h = o == P ? PRC_EQ_BOARD : o;
                int missing = o == P ? s->board_final - s->board_known
                                     : s->hand_final[o] - s->known[o];
                for (int j = 0; j < missing; j++) {
                    uint8_t c;
                    do {
                        c = deck[prc_eq_below(&state, (uint32_t)ndeck)];
                    } while ((used >> c) & 1);
                    used |= 1ULL << c;
                    prc_eq_push(&st, h, c);
                }
            }
            prc_eq_settle(&st);
        }
    }
    return 0;
}

#endif
