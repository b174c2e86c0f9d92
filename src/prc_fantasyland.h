/* pyrankcore: exact OFC Fantasyland solver (pure C, no Python.h).
 *
 * Chooses 13 of 13..17 valid cards as a legal board (back >= middle >=
 * front) that maximises royalties, plus a stay value when the board stays
 * in Fantasyland. With one deck the cards are distinct; with two decks
 * (prc_fl_rules_t.double_deck) a card id may appear twice and rows are
 * ranked by prc_dd_eval5 / prc_dd_eval3 on the double-deck scale. The
 * search works on card positions, never on ids, so repeated ids need
 * nothing else. Branch and bound over middles and backs in descending
 * order of an exact upper bound, so the result equals exhaustive search
 * (ties keep the first board found). Everything the search needs lives in
 * one workspace the caller allocates (prc_fl_workspace_size bytes), so a
 * batch can reuse one per thread and no allocation happens in the search
 * but the bucket-sort counters, whose size depends on the royalty values.
 */
#ifndef PRC_FANTASYLAND_H
#define PRC_FANTASYLAND_H

#include <stdlib.h>
#include "prc_eval.h"

#define PRC_FL_MAX_CARDS 17
#define PRC_FL_MAX_FIVES 6188    /* C(17, 5) */
#define PRC_FL_TRIPLES (17 * 17 * 17)
#define PRC_FL_N_FRONT (PRC_N_CLASSES_INCOMPLETE + 1)
#define PRC_FL_N_HIGH (PRC_N_CLASSES + 1)

/* ---- double deck ----------------------------------------------------
 * Two 52-card decks shuffled together: a card id appears at most twice.
 * A row's rank depends only on the multiset of its ranks and on whether
 * all five cards share a suit, so three tables over rank multisets (built
 * once by pyrankcore.ofc) rank every row:
 *   plain[i]: the 6188 multisets of 5 ranks, not all one suit (five of a
 *             kind included);
 *   flush[i]: the same multisets when all five cards share a suit (a
 *             repeated card makes a flush with a pair or two pairs);
 *   front[i]: the 455 multisets of 3 ranks, on the incomplete scale.
 * The double-deck scale (1..PRC_DD_N_CLASSES) is the high scale with the
 * flushes widened to every suited multiset (4995 flushes) and five of a
 * kind (13 classes) on top. i is the multiset's number in the
 * combinatorial number system: ranks sorted a0 <= a1 <= ..., i = sum of
 * C(a_j + j, j + 1). */
#define PRC_DD_N5 6188          /* C(17, 5) */
#define PRC_DD_N3 455           /* C(15, 3) */
#define PRC_DD_N_CLASSES 11193
#define PRC_FL_N_HIGH_DD (PRC_DD_N_CLASSES + 1)

typedef struct {
    const uint16_t *plain; /* PRC_DD_N5 values in 1..PRC_DD_N_CLASSES */
    const uint16_t *flush; /* PRC_DD_N5 values in 1..PRC_DD_N_CLASSES */
    const uint16_t *front; /* PRC_DD_N3 values on the incomplete scale */
} prc_dd_tables_t;

static const uint16_t prc_dd_binom[17][6] = {
    {1, 0, 0, 0, 0, 0},
    {1, 1, 0, 0, 0, 0},
    {1, 2, 1, 0, 0, 0},
    {1, 3, 3, 1, 0, 0},
    {1, 4, 6, 4, 1, 0},
    {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6},
    {1, 7, 21, 35, 35, 21},
    {1, 8, 28, 56, 70, 56},
    {1, 9, 36, 84, 126, 126},
    {1, 10, 45, 120, 210, 252},
    {1, 11, 55, 165, 330, 462},
    {1, 12, 66, 220, 495, 792},
    {1, 13, 78, 286, 715, 1287},
    {1, 14, 91, 364, 1001, 2002},
    {1, 15, 105, 455, 1365, 3003},
    {1, 16, 120, 560, 1820, 4368},
};

/* Compare-exchange for the sorting networks: branch-free min/max. */
#define PRC_DD_CX(a, b) do { int lo_ = a < b ? a : b; b = a < b ? b : a; a = lo_; } while (0)

/* Rank of a card id; ids above 51 count as aces, so a table read stays in
 * bounds whatever the input (the callers refuse such ids before). */
static inline int prc_dd_rank(uint8_t c) {
    int v = c >> 2;
    return v > 12 ? 12 : v;
}

/* Number of the multiset of the ranks of 5 cards (a sorting network, then
 * the combinatorial number system). */
static inline int prc_dd_index5(const uint8_t *c) {
    int a = prc_dd_rank(c[0]), b = prc_dd_rank(c[1]), d = prc_dd_rank(c[2]),
        e = prc_dd_rank(c[3]), f = prc_dd_rank(c[4]);
    PRC_DD_CX(a, b); PRC_DD_CX(e, f); PRC_DD_CX(d, f); PRC_DD_CX(d, e);
    PRC_DD_CX(b, f); PRC_DD_CX(a, e); PRC_DD_CX(a, d); PRC_DD_CX(b, e);
    PRC_DD_CX(b, d);
    return prc_dd_binom[a][1] + prc_dd_binom[b + 1][2] + prc_dd_binom[d + 2][3]
        + prc_dd_binom[e + 3][4] + prc_dd_binom[f + 4][5];
}

/* The same for the 3 cards of a front. */
static inline int prc_dd_index3(const uint8_t *c) {
    int a = prc_dd_rank(c[0]), b = prc_dd_rank(c[1]), d = prc_dd_rank(c[2]);
    PRC_DD_CX(a, b); PRC_DD_CX(b, d); PRC_DD_CX(a, b);
    return prc_dd_binom[a][1] + prc_dd_binom[b + 1][2] + prc_dd_binom[d + 2][3];
}

/* Double-deck strength of 5 cards (ids 0..51, each at most twice). */
static inline int prc_dd_eval5(const prc_dd_tables_t *t, const uint8_t *c) {
    int mixed = ((c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4])) & 3;
    int i = prc_dd_index5(c);
    return mixed ? t->plain[i] : t->flush[i];
}

/* Front strength (incomplete scale) of 3 cards (ids 0..51). */
static inline int prc_dd_eval3(const prc_dd_tables_t *t, const uint8_t *c) {
    return t->front[prc_dd_index3(c)];
}

/* Strengths of rows start..stop-1 of an (N, 13) array of boards in row
 * order (front 3, middle 5, back 5). */
static inline void prc_dd_board_rows(const prc_dd_tables_t *t, const uint8_t *boards,
                                     uint16_t *front, uint16_t *middle,
                                     uint16_t *back, long start, long stop) {
    for (long i = start; i < stop; i++) {
        const uint8_t *b = boards + 13 * i;
        front[i] = (uint16_t)prc_dd_eval3(t, b);
        middle[i] = (uint16_t)prc_dd_eval5(t, b + 3);
        back[i] = (uint16_t)prc_dd_eval5(t, b + 8);
    }
}

#define PRC_FL_N_HIGH_MAX PRC_FL_N_HIGH_DD

/* The scoring rules, as tables over strengths. */
typedef struct {
    const int32_t *front_royalty;      /* by incomplete strength, PRC_FL_N_FRONT */
    const int32_t *middle_royalty;     /* by high strength, n_high */
    const int32_t *back_royalty;       /* by high strength, n_high */
    const int32_t *high_to_incomplete; /* high strength -> incomplete scale */
    const prc_game_t *incomplete;      /* the 1-5 card ranking of fronts */
    int middle_stay_from;  /* middle strength that stays; n_high: never */
    int back_stay_from;    /* back strength that stays; n_high: never */
    int trips_from;        /* weakest front of three of a kind */
    double stay_value;     /* added when the board stays (0 .. 1e6) */
    int double_deck;       /* rank rows with dd (ids may repeat) */
    prc_dd_tables_t dd;
    int n_high;            /* PRC_FL_N_HIGH, or PRC_FL_N_HIGH_DD for two decks */
} prc_fl_rules_t;

typedef struct {
    double value;
    uint8_t front[3], middle[5], back[5];
} prc_fl_result_t;

/* Scratch space for one search at a time. */
typedef struct {
    uint8_t ids[PRC_FL_MAX_CARDS];
    int n, n5;
    uint32_t mask5[PRC_FL_MAX_FIVES];  /* card positions of each 5-subset */
    int hs5[PRC_FL_MAX_FIVES];         /* its high strength */
    int mid_val[PRC_FL_MAX_FIVES], back_val[PRC_FL_MAX_FIVES];
    int mid_order[PRC_FL_MAX_FIVES], back_order[PRC_FL_MAX_FIVES];
    int bound5[PRC_FL_MAX_FIVES];      /* best total with this middle */
    int front_s[PRC_FL_TRIPLES], front_r[PRC_FL_TRIPLES];
    int front_cap[PRC_FL_N_FRONT], trips_cap[PRC_FL_N_FRONT];
    int back_cap[PRC_FL_N_HIGH_MAX], quads_cap[PRC_FL_N_HIGH_MAX];
    int index5[1 << PRC_FL_MAX_CARDS]; /* 5-subset number by position mask */
    /* best board so far */
    double best;
    int best_mid, best_back, best_front;
} prc_fl_workspace_t;

static inline size_t prc_fl_workspace_size(void) {
    return sizeof(prc_fl_workspace_t);
}

/* Set the deck fields of *r: one deck (any table NULL) or two decks over
 * these tables; n_high is the size of the high-strength tables. */
static inline void prc_fl_set_decks(prc_fl_rules_t *r, const uint16_t *plain,
                                    const uint16_t *flush, const uint16_t *front,
                                    int n_high) {
    r->double_deck = plain != NULL && flush != NULL && front != NULL;
    r->dd.plain = plain;
    r->dd.flush = flush;
    r->dd.front = front;
    r->n_high = n_high;
}

#ifndef PRC_KERNELS_DECLARE /* the solver: compiled in prc_kernels.c */
/* Indices 0..n-1 ordered by values, largest first (counting sort over the
 * small non-negative royalty values). Returns -1 if the counters cannot be
 * allocated. */
static int prc_fl_bucket_order(const int *values, int n, int *order,
                               int max_value) {
    int *start = (int *)calloc((size_t)max_value + 2, sizeof(int));
    if (start == NULL) return -1;
    int total = 0;
    for (int i = 0; i < n; i++) start[max_value - values[i]] += 1;
    for (int v = 0; v <= max_value; v++) {
        int count = start[v];
        start[v] = total;
        total += count;
    }
    for (int i = 0; i < n; i++) {
        int v = max_value - values[i];
        order[start[v]++] = i;
    }
    free(start);
    return 0;
}

/* Try every legal front from the cards middle m and back b leave. */
static inline void prc_fl_best_front(const prc_fl_rules_t *r,
                                     prc_fl_workspace_t *w, int m, int b,
                                     int middle_incomplete) {
    uint32_t used = w->mask5[m] | w->mask5[b];
    int rem[PRC_FL_MAX_CARDS], rem_n = 0;
    for (int a = 0; a < w->n; a++)
        if (!((used >> a) & 1)) rem[rem_n++] = a;
    for (int a = 0; a < rem_n; a++)
        for (int c = a + 1; c < rem_n; c++)
            for (int d = c + 1; d < rem_n; d++) {
                int e = (rem[a] * 17 + rem[c]) * 17 + rem[d];
                if (w->front_s[e] > middle_incomplete) continue; /* a foul */
                int stays = w->front_s[e] >= r->trips_from
                    || w->hs5[m] >= r->middle_stay_from
                    || w->hs5[b] >= r->back_stay_from;
                double value = (double)w->mid_val[m] + w->back_val[b] + w->front_r[e];
                if (stays) value += r->stay_value;
                if (value > w->best) {
                    w->best = value;
                    w->best_mid = m;
                    w->best_back = b;
                    w->best_front = e;
                }
            }
}

/* Solve one hand of n (13..17) valid card ids (distinct, or each at most
 * twice under double_deck). Returns 1 and fills
 * *out when a legal board exists (always, for valid input), 0 when none
 * does, -1 when memory runs out. */
PRC_ENTRY int prc_fl_solve(const prc_fl_rules_t *r, prc_fl_workspace_t *w, const uint8_t *cards,
                           int n, prc_fl_result_t *out) {
    int bad = 0, n5 = 0, max_mid = 0, max_back = 0, max_bound = 0;
    uint8_t five[5], three[3];
    if (n < 13 || n > PRC_FL_MAX_CARDS) return 0;
    if (r->n_high < 2 || r->n_high > PRC_FL_N_HIGH_MAX) return 0;
    w->n = n;
    for (int i = 0; i < n; i++) w->ids[i] = cards[i];
    const uint8_t *ids = w->ids;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++) {
                three[0] = ids[a]; three[1] = ids[b]; three[2] = ids[c];
                int k = r->double_deck ? prc_dd_eval3(&r->dd, three)
                                       : prc_eval_game_checked(r->incomplete, three, 3, &bad);
                int t = (a * 17 + b) * 17 + c;
                w->front_s[t] = k;
                w->front_r[t] = r->front_royalty[k];
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        five[0] = ids[a]; five[1] = ids[b]; five[2] = ids[c];
                        five[3] = ids[d]; five[4] = ids[e];
                        int s = r->double_deck ? prc_dd_eval5(&r->dd, five)
                                               : prc_eval_high(five, 5);
                        w->mask5[n5] = (1u << a) | (1u << b) | (1u << c)
                            | (1u << d) | (1u << e);
                        w->hs5[n5] = s;
                        w->mid_val[n5] = r->middle_royalty[s];
                        w->back_val[n5] = r->back_royalty[s];
                        if (w->mid_val[n5] > max_mid) max_mid = w->mid_val[n5];
                        if (w->back_val[n5] > max_back) max_back = w->back_val[n5];
                        n5++;
                    }
            }
    w->n5 = n5;
    /* Per-middle upper bounds. A front must not beat its middle and a back
     * must not lose to it, so a weak middle caps both: the best front
     * royalty among triples no stronger than the middle, the best back
     * royalty among hands at least as strong. */
    for (int k = 0; k < PRC_FL_N_FRONT; k++) {
        w->front_cap[k] = 0;
        w->trips_cap[k] = 0;
    }
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++) {
                int t = (a * 17 + b) * 17 + c, s = w->front_s[t];
                if (w->front_r[t] > w->front_cap[s]) w->front_cap[s] = w->front_r[t];
                if (s >= r->trips_from) w->trips_cap[s] = 1;
            }
    for (int k = 1; k < PRC_FL_N_FRONT; k++) {
        if (w->front_cap[k - 1] > w->front_cap[k]) w->front_cap[k] = w->front_cap[k - 1];
        if (w->trips_cap[k - 1] > w->trips_cap[k]) w->trips_cap[k] = w->trips_cap[k - 1];
    }
    for (int k = 0; k < r->n_high; k++) {
        w->back_cap[k] = 0;
        w->quads_cap[k] = 0;
    }
    for (int i = 0; i < n5; i++) {
        int s = w->hs5[i];
        if (w->back_val[i] > w->back_cap[s]) w->back_cap[s] = w->back_val[i];
        if (s >= r->back_stay_from) w->quads_cap[s] = 1;
    }
    for (int k = r->n_high - 2; k >= 0; k--) {
        if (w->back_cap[k + 1] > w->back_cap[k]) w->back_cap[k] = w->back_cap[k + 1];
        if (w->quads_cap[k + 1] > w->quads_cap[k]) w->quads_cap[k] = w->quads_cap[k + 1];
    }
    int stay_ceil = (int)r->stay_value + (r->stay_value != (int)r->stay_value ? 1 : 0);
    for (int i = 0; i < n5; i++) {
        int k = r->high_to_incomplete[w->hs5[i]];
        w->bound5[i] = w->mid_val[i] + w->back_cap[w->hs5[i]] + w->front_cap[k];
        if (r->stay_value > 0 && (w->hs5[i] >= r->middle_stay_from
                                  || w->quads_cap[w->hs5[i]] || w->trips_cap[k]))
            w->bound5[i] += stay_ceil;
        if (w->bound5[i] > max_bound) max_bound = w->bound5[i];
    }
    for (int i = 0; i < n5; i++) w->index5[w->mask5[i]] = i; /* only these are read */
    if (prc_fl_bucket_order(w->bound5, n5, w->mid_order, max_bound) < 0
        || prc_fl_bucket_order(w->back_val, n5, w->back_order, max_back) < 0)
        return -1;
    w->best = -1.0;
    w->best_mid = w->best_back = w->best_front = -1;
    for (int i = 0; i < n5; i++) {
        int m = w->mid_order[i];
        if (w->best >= w->bound5[m]) break; /* no later middle can do better */
        int k = r->high_to_incomplete[w->hs5[m]];
        /* what fronts and staying can still add to this middle */
        int mid_extra = w->bound5[m] - w->mid_val[m] - w->back_cap[w->hs5[m]];
        /* Backs with a royalty, best first, until none can help ... */
        for (int j = 0; j < n5; j++) {
            int b = w->back_order[j];
            if (w->back_val[b] == 0
                || w->best >= w->mid_val[m] + w->back_val[b] + mid_extra)
                break;
            if ((w->mask5[m] & w->mask5[b]) || w->hs5[b] < w->hs5[m]) continue;
            prc_fl_best_front(r, w, m, b, k);
        }
        /* ... then the royalty-free backs, if they still can: only the
         * 5-card subsets of the cards the middle leaves (126 of 2002 with 14
         * cards), found through the mask index. */
        if (w->best >= w->mid_val[m] + mid_extra) continue;
        int rem[PRC_FL_MAX_CARDS], free_n = 0;
        for (int a = 0; a < n; a++)
            if (!((w->mask5[m] >> a) & 1)) rem[free_n++] = a;
        for (int a = 0; a < free_n; a++)
            for (int b = a + 1; b < free_n; b++)
                for (int c = b + 1; c < free_n; c++)
                    for (int d = c + 1; d < free_n; d++)
                        for (int e = d + 1; e < free_n; e++) {
                            int j = w->index5[(1u << rem[a]) | (1u << rem[b])
                                              | (1u << rem[c]) | (1u << rem[d])
                                              | (1u << rem[e])];
                            if (w->back_val[j] != 0 || w->hs5[j] < w->hs5[m]) continue;
                            prc_fl_best_front(r, w, m, j, k);
                        }
    }
    if (w->best_mid < 0) return 0;
    out->value = w->best;
    int f = w->best_front;
    out->front[0] = ids[f / 289];
    out->front[1] = ids[(f / 17) % 17];
    out->front[2] = ids[f % 17];
    int im = 0, ib = 0;
    for (int i = 0; i < n; i++) {
        if ((w->mask5[w->best_mid] >> i) & 1) out->middle[im++] = ids[i];
        if ((w->mask5[w->best_back] >> i) & 1) out->back[ib++] = ids[i];
    }
    return 1;
}

#endif /* PRC_KERNELS_DECLARE */

#endif
