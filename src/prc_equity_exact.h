/* pyrankcore: equity kernels, exact enumeration (see prc_equity.h).
 *
 * Every deal of the missing cards for each assignment of known cards (rows
 * the caller made, or the combinations of the players' ranges made here),
 * and the rank-board path of hold'em from preflop. Included by
 * prc_equity.h only.
 */
#ifndef PRC_EQUITY_EXACT_H
#define PRC_EQUITY_EXACT_H

#include "prc_equity_settle.h"

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
    return prc_eq_holdem_known(s) && s->board_known == 0;
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
#endif
