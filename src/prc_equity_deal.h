/* pyrankcore: equity kernels, random deals (see prc_equity.h).
 *
 * The seeded generator of Monte Carlo, unbiased draws from it (one number,
 * or several taken apart from one 64-bit draw), and the one range sampler
 * of both Monte Carlo loops. Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_DEAL_H
#define PRC_EQUITY_DEAL_H

#include "prc_equity_settle.h"

/* ------------------------------------------------------------------------
 * Monte Carlo: a splitmix64 stream per chunk of trials, seeded from the
 * run's seed and the chunk's index, so that the same chunks give the same
 * deals whichever thread (or machine) runs them (PRC_EQ_CHUNK trials a
 * chunk, prc_equity_settle.h). */

static PRC_EQ_INLINE uint64_t prc_eq_next(uint64_t *state) {
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
static PRC_EQ_INLINE uint32_t prc_eq_below(uint64_t *state, uint32_t bound) {
    uint64_t m = (prc_eq_next(state) & 0xFFFFFFFFULL) * bound;
    if ((uint32_t)m >= bound) return (uint32_t)(m >> 32); /* >= threshold */
    /* rarely: the division, and draws below the threshold rejected */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    while ((uint32_t)m < threshold) m = (prc_eq_next(state) & 0xFFFFFFFFULL) * bound;
    return (uint32_t)(m >> 32);
}

/* The high and low words of a * b. */
static PRC_EQ_INLINE uint64_t prc_eq_mul64(uint64_t a, uint64_t b, uint64_t *high) {
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
static PRC_EQ_INLINE uint64_t prc_eq_below64(uint64_t *state, uint64_t bound) {
    uint64_t high, low = prc_eq_mul64(prc_eq_next(state), bound, &high);
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) low = prc_eq_mul64(prc_eq_next(state), bound, &high);
    }
    return high;
}

/* ------------------------------------------------------------------------
 * Several uniform integers from one 64-bit draw (the batched multiply-shift
 * of Brackett-Rozinsky and Lemire). For bounds b1..bk with product M <
 * 2**64, x * b1 = d1 * 2**64 + x1, x1 * b2 = d2 * 2**64 + x2, ... give
 * x * M = D * 2**64 + xk, where D has the mixed-radix digits d1..dk (d1
 * the most significant, each di < bi). Lemire's rule for the one bound M
 * (reject x when xk < 2**64 mod M) makes D uniform below M: the digits are
 * independent and uniform. A deal's digits have the same bounds in the
 * same order every time (their product is the deal's bound), so one draw
 * serves `per` deals; the rejection is decided when the draw is made. */

#define PRC_EQ_MAX_PER_DRAW 8

typedef struct {
    uint64_t bound;     /* M: the product of the bounds of `per` deals */
    uint64_t threshold; /* 2**64 mod M: draws below it (times M) are rejected */
    int per;            /* deals per draw */
} prc_eq_digits_t;

/* Digits for deals of bound deal_bound (>= 1; the product of one deal's
 * bounds, < 2**64). */
static PRC_EQ_INLINE prc_eq_digits_t prc_eq_digits(uint64_t deal_bound) {
    prc_eq_digits_t d;
    uint64_t m = deal_bound, high;
    int per = 1;
    while (per < PRC_EQ_MAX_PER_DRAW) {
        uint64_t next = prc_eq_mul64(m, deal_bound, &high);
        if (high) break;
        m = next;
        per++;
    }
    d.bound = m;
    d.threshold = (0 - m) % m;
    d.per = per;
    return d;
}

/* A draw for the next `per` deals. */
static PRC_EQ_INLINE uint64_t prc_eq_digits_draw(uint64_t *state, uint64_t bound,
                                                 uint64_t threshold) {
    uint64_t x, high;
    do {
        x = prc_eq_next(state);
    } while (prc_eq_mul64(x, bound, &high) < threshold);
    return x;
}

/* The next digit of the draw x, uniform below bound. */
static PRC_EQ_INLINE uint64_t prc_eq_digit(uint64_t *x, uint64_t bound) {
    uint64_t digit;
    *x = prc_eq_mul64(*x, bound, &digit);
    return digit;
}

/* ------------------------------------------------------------------------
 * The range sampler: each player's known cards for one trial, one combo
 * per player, so that a set of combos that fit (no card twice, none dead)
 * comes with the product of their weights, as in exact enumeration. */

/* The combo of cumulative weights cum[0..n) at x (uniform below cum[n-1]):
 * the first i with cum[i] > x (so a zero weight is never drawn). The
 * search halves the span without branches (a branch on a random draw is
 * mispredicted half the time); every weight 1 (cum[i] = i + 1, unit)
 * needs no search. */
static PRC_EQ_INLINE int prc_eq_pick(const uint64_t *cum, int n, int unit, uint64_t x) {
    if (unit) return (int)x;
    size_t base = 0, len = (size_t)n;
    while (len > 1) {
        size_t half = len >> 1;
        base += (size_t)(cum[base + half - 1] <= x) * half;
        len -= half;
    }
    return (int)base; /* the span [base, base + len) always holds the answer */
}

/* A combo of range r, drawn in proportion to its weight. */
static PRC_EQ_INLINE int prc_eq_draw_combo(uint64_t *state, const prc_eq_range_t *r) {
    if (r->n <= 1) return 0;
    return prc_eq_pick(r->cum, r->n, r->unit, prc_eq_below64(state, r->cum[r->n - 1]));
}

/* Whether every weight is 1 (cum[i] = i + 1). */
static inline int prc_eq_unit_weights(const uint64_t *cum, int n) {
    for (int i = 0; i < n; i++)
        if (cum[i] != (uint64_t)i + 1) return 0;
    return 1;
}

/* Trials in chunk `chunk` of a run of `trials` (PRC_EQ_CHUNK, fewer in
 * the last chunk, 0 past the end). */
static inline int64_t prc_eq_chunk_trials(int64_t trials, int64_t chunk) {
    int64_t first = chunk * PRC_EQ_CHUNK;
    if (first >= trials) return 0;
    return trials - first < PRC_EQ_CHUNK ? trials - first : PRC_EQ_CHUNK;
}

/* How the sampler draws. A player with one combo (a hand) is fixed: its
 * cards are dead to the others. With at most two players left (a and b),
 * no set of combos is drawn again: a's combo i is drawn by its weight
 * times fit(i), the weight of b's combos that fit with i (a's marginal in
 * the product of weights), then b's combo among those that fit with i, by
 * weight (drawn again only while it does not fit: a's combo stays). With
 * more, or where a's cumulative weights would reach 2**63 or counting the
 * fits would take too long, every combo is drawn again until all fit. */
enum { PRC_EQ_SEATS_FIXED, PRC_EQ_SEATS_TWO, PRC_EQ_SEATS_REDRAW };

/* combos of a times combos of b above which the fits are not counted */
#define PRC_EQ_FIT_LIMIT (1 << 21)

typedef struct {
    int mode;
    int a, b;          /* PRC_EQ_SEATS_TWO: the players drawn (b = -1: none) */
    int unit_a;        /* a's cumulative weights are 1, 2, 3, ... */
    uint64_t taken;    /* ~live and the fixed players' cards */
    const uint64_t *cum_a; /* a's cumulative weights times fits (scratch) */
    const uint32_t *index; /* a's combo at each draw below total_a, or NULL */
    uint64_t total_a, total_b;
} prc_eq_seats_t;

/* Sets up the sampler (ranges[p].unit already set). scratch: n words of
 * player a's range, for PRC_EQ_SEATS_TWO. Returns 0 or PRC_EQ_NO_DEAL
 * (no set of combos fits). */
static int prc_eq_seats_init(prc_eq_seats_t *q, const prc_eq_spec_t *s,
                             const prc_eq_range_t *ranges) {
    const int P = s->n_players;
    q->taken = ~s->live;
    q->a = q->b = -1;
    q->unit_a = 0;
    q->cum_a = NULL;
    q->index = NULL;
    q->total_a = q->total_b = 0;
    int drawn = 0;
    for (int p = 0; p < P; p++) {
        const prc_eq_range_t *r = &ranges[p];
        if (r->n > 1) {
            if (drawn == 0) q->a = p;
            if (drawn == 1) q->b = p;
            drawn++;
            continue;
        }
        if (q->taken & r->mask[0]) return PRC_EQ_NO_DEAL;
        q->taken |= r->mask[0];
    }
    if (drawn == 0) {
        q->mode = PRC_EQ_SEATS_FIXED;
        return 0;
    }
    q->mode = PRC_EQ_SEATS_REDRAW;
    if (drawn > 2) return 0;
    const prc_eq_range_t *ra = &ranges[q->a];
    const prc_eq_range_t *rb = q->b >= 0 ? &ranges[q->b] : NULL;
    uint64_t *cum = ra->scratch;
    if (cum == NULL) return 0;
    if (rb != NULL && (uint64_t)ra->n * (uint64_t)rb->n > PRC_EQ_FIT_LIMIT) return 0;
    uint64_t total = 0;
    for (int i = 0; i < ra->n; i++) {
        uint64_t wa = ra->cum[i] - (i ? ra->cum[i - 1] : 0), fit = 1, high;
        uint64_t with_a = q->taken | ra->mask[i];
        if (ra->mask[i] & q->taken) wa = 0;
        if (wa && rb != NULL) {
            fit = rb->mask[0] & with_a ? 0 : rb->cum[0];
            for (int j = 1; j < rb->n; j++)
                fit += rb->mask[j] & with_a ? 0 : rb->cum[j] - rb->cum[j - 1];
        }
        uint64_t w = prc_eq_mul64(wa, fit, &high);
        if (high || w >> 63) return 0;
        total += w;
        if (total >> 63) return 0;
        cum[i] = total;
    }
    if (total == 0) return PRC_EQ_NO_DEAL;
    q->mode = PRC_EQ_SEATS_TWO;
    q->cum_a = cum;
    q->total_a = total;
    q->unit_a = prc_eq_unit_weights(cum, ra->n);
    if (!q->unit_a && total <= PRC_EQ_INDEX_LIMIT) {
        uint32_t *index = (uint32_t *)(cum + ra->n);
        for (int i = 0; i < ra->n; i++)
            for (uint64_t x = i ? cum[i - 1] : 0; x < cum[i]; x++) index[x] = (uint32_t)i;
        q->index = index;
    }
    if (rb != NULL) q->total_b = rb->cum[rb->n - 1];
    return 0;
}

/* PRC_EQ_SEATS_TWO: the combos of a and b, a's from x_a (uniform below
 * total_a) and b's first try from x_b (uniform below total_b). combo[]
 * keeps the fixed players' 0. Returns 0 or PRC_EQ_NO_DEAL or
 * PRC_EQ_STOPPED (b's combos that fit may be rare). */
static PRC_EQ_INLINE int prc_eq_seats_two(const prc_eq_seats_t *q, const prc_eq_spec_t *s,
                                          const prc_eq_range_t *ranges, uint64_t *state,
                                          uint64_t x_a, uint64_t x_b, int *combo,
                                          uint64_t *used) {
    const prc_eq_range_t *ra = &ranges[q->a];
    int i = q->index != NULL ? (int)q->index[x_a] : prc_eq_pick(q->cum_a, ra->n, q->unit_a, x_a);
    combo[q->a] = i;
    uint64_t taken = q->taken | ra->mask[i];
    if (q->b >= 0) {
        const prc_eq_range_t *rb = &ranges[q->b];
        int j = prc_eq_pick(rb->cum, rb->n, rb->unit, x_b);
        for (int tries = 1; rb->mask[j] & taken; tries++) {
            if (tries >= PRC_EQ_MAX_TRIES) return PRC_EQ_NO_DEAL;
            if (tries % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
            j = prc_eq_draw_combo(state, rb);
        }
        combo[q->b] = j;
        taken |= rb->mask[j];
    }
    *used = taken;
    return 0;
}

/* One trial's combos (combo[p], an index into ranges[p]) by the sampler
 * q, from its own draws. *used: the dead cards and every combo's cards.
 * Returns 0, PRC_EQ_NO_DEAL after PRC_EQ_MAX_TRIES draws that did not fit
 * in a row, or PRC_EQ_STOPPED (a trial may draw again for a long time:
 * Ctrl-C reaches here). */
static PRC_EQ_INLINE int prc_eq_draw_seats(const prc_eq_seats_t *q, const prc_eq_spec_t *s,
                                           const prc_eq_range_t *ranges, uint64_t *state,
                                           int *combo, uint64_t *used, const int P) {
    if (q->mode == PRC_EQ_SEATS_FIXED) {
        for (int p = 0; p < P; p++) combo[p] = 0;
        *used = q->taken;
        return 0;
    }
    if (q->mode == PRC_EQ_SEATS_TWO) {
        for (int p = 0; p < P; p++) combo[p] = 0;
        uint64_t x_a = prc_eq_below64(state, q->total_a);
        uint64_t x_b = q->b >= 0 ? prc_eq_below64(state, q->total_b) : 0;
        return prc_eq_seats_two(q, s, ranges, state, x_a, x_b, combo, used);
    }
    for (int tries = 1;; tries++) {
        uint64_t taken = q->taken;
        int ok = 1;
        for (int p = 0; p < P && ok; p++) {
            const prc_eq_range_t *r = &ranges[p];
            int i = prc_eq_draw_combo(state, r);
            combo[p] = i;
            ok = r->n == 1 || !(taken & r->mask[i]);
            if (r->n > 1) taken |= r->mask[i];
        }
        if (ok) {
            *used = taken;
            return 0;
        }
        if (tries >= PRC_EQ_MAX_TRIES) return PRC_EQ_NO_DEAL;
        if (tries % PRC_EQ_STOP_EVERY == 0 && prc_eq_stopped(s)) return PRC_EQ_STOPPED;
    }
}

#endif
