/* pyrankcore: equity kernels, exact enumeration (see prc_equity.h).
 *
 * Every deal of the missing cards for each assignment of known cards (rows
 * the caller made, or the combinations of the players' ranges made here),
 * and the rank-board path of hold'em and Omaha from preflop
 * (prc_equity_ranks.h). Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_EXACT_H
#define PRC_EQUITY_EXACT_H

#include "prc_equity_settle.h"
#include "prc_equity_ranks.h"

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
/* Whether the spec takes the rank-board path (prc_equity_ranks.h):
 * hold'em or Omaha from preflop, every hand known (and its tables built
 * at import). */
static int prc_eq_ranks_ok(const prc_eq_spec_t *s) {
    if (!prc_eq_ranks_ready) return 0;
    return (prc_eq_holdem_known(s) && s->board_known == 0) || prc_eq_omaha_ranks_ok(s);
}

/* stats += the tallies of the outcome counts hist[1 .. 2**P) (hist[m]:
 * boards won by exactly the players of bit mask m, modulo 2**64). */
static void prc_eq_add_wins(uint64_t *stats, const uint64_t *hist, int P) {
    for (unsigned m = 1; m < (1u << P); m++) {
        uint64_t c = hist[m];
        if (!c) continue;
        unsigned nbest = (unsigned)prc_popcount64(m);
        uint64_t share = PRC_EQ_UNIT / nbest;
        for (int p = 0; p < P; p++)
            if ((m >> p) & 1) {
                uint64_t *row = stats + p * PRC_EQ_NSTAT;
                row[nbest == 1 ? PRC_EQ_WINS : PRC_EQ_TIES] += c;
                row[PRC_EQ_UNITS] += c * share;
            }
    }
}

/* One assignment of known cards (hole: n_players rows of 8 ids, the first
 * known[p] used), the first dealt card at live-deck positions
 * top_lo..top_hi-1; tallies added to st->stats. rk: take the rank-board
 * path with this scratch space (prc_eq_ranks_ok, whole assignments only),
 * or NULL. Returns 0, PRC_EQ_BAD_SPEC or PRC_EQ_STOPPED. */
static int prc_eq_assignment(prc_eq_state_t *st, const uint8_t *hole, int top_lo, int top_hi,
                             prc_eq_ranks_t *rk) {
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
    if (rk != NULL) {
        uint64_t seen = 0; /* repeated hole cards: no deal */
        int clash = 0;
        for (int p = 0; p < P; p++)
            for (int i = 0; i < s->known[p]; i++) {
                uint64_t bit = 1ULL << hole[p * 8 + i];
                clash |= (seen & bit) != 0 || !(s->live & bit);
                seen |= bit;
            }
        if (clash || prc_popcount64(live) < 5) return 0;
        if (s->omaha) {
            prc_eq_omaha_ranks(rk, s, hole, live, st->stats);
        } else {
            memset(rk->hist, 0, sizeof(uint64_t) << P);
            prc_eq_holdem_ranks(rk, hole, live, rk->hist, P);
            prc_eq_add_wins(st->stats, rk->hist, P);
        }
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

/* Starts an exact run over spec s: st cleared and pointed at s; returns
 * ranks (emptied) when the rank-board path applies (allowed, the spec's
 * ranking takes it and the run enumerates whole assignments, top_lo..top_hi
 * covering every card), else NULL. */
static prc_eq_ranks_t *prc_eq_exact_begin(prc_eq_state_t *st, prc_eq_ranks_t *ranks,
                                          const prc_eq_spec_t *s, int allow_fast, int top_lo,
                                          int top_hi) {
    memset(st, 0, sizeof *st);
    st->s = s;
    ranks->cached = 0;
    return allow_fast && prc_eq_ranks_ok(s) && top_lo <= 0 && top_hi >= 52 ? ranks : NULL;
}

/* Exact enumeration for assignments a_lo..a_hi-1 of known cards (holes:
 * per assignment, n_players rows of 8 ids, the first known[p] used). The
 * first dealt card is restricted to live-deck positions top_lo..top_hi-1
 * (0, 64 for all), so that threads and tasks can split one assignment.
 * Tallies are added to stats (per_assignment: one block of n_players *
 * PRC_EQ_NSTAT per assignment). Returns 0, PRC_EQ_BAD_SPEC or
 * PRC_EQ_STOPPED. */
PRC_ENTRY int prc_eq_exact(const prc_eq_spec_t *s, const uint8_t *holes, long a_lo,
                           long a_hi, int top_lo, int top_hi, int per_assignment,
                           int allow_fast, uint64_t *stats) {
    if (!prc_eq_spec_ok(s)) return PRC_EQ_BAD_SPEC;
    const int P = s->n_players;
    prc_eq_ranks_t ranks;
    prc_eq_state_t st;
    prc_eq_ranks_t *rk = prc_eq_exact_begin(&st, &ranks, s, allow_fast, top_lo, top_hi);
    const int fast = rk != NULL;
    for (long a = a_lo; a < a_hi; a++) {
        if (((a - a_lo) % PRC_EQ_STOP_EVERY == 0 || fast) && prc_eq_stopped(s))
            return PRC_EQ_STOPPED;
        st.stats = stats + (per_assignment ? (size_t)(a - a_lo) * P * PRC_EQ_NSTAT : 0);
        int rc = prc_eq_assignment(&st, holes + (size_t)a * P * 8, top_lo, top_hi, rk);
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
PRC_ENTRY int prc_eq_exact_ranges(const prc_eq_spec_t *s, const prc_eq_range_t *ranges,
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
    prc_eq_ranks_t ranks;
    prc_eq_state_t st;
    prc_eq_ranks_t *rk = prc_eq_exact_begin(&st, &ranks, s, allow_fast, top_lo, top_hi);
    const int fast = rk != NULL;
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
            int rc = prc_eq_assignment(&st, hole, top_lo, top_hi, rk);
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
