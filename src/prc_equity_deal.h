/* pyrankcore: equity kernels, random deals (see prc_equity.h).
 *
 * The seeded generator of Monte Carlo, unbiased draws from it, and the one
 * range sampler: a combo per player, drawn by weight, all drawn again until
 * no two share a card. Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_DEAL_H
#define PRC_EQUITY_DEAL_H

#include "prc_equity_settle.h"

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
 * drawn). The search halves the span without branches (a branch on a
 * random draw is mispredicted half the time); every weight 1 (cum[i] =
 * i + 1, r->unit) needs no search. */
static PRC_EQ_INLINE int prc_eq_draw_combo(uint64_t *state, const prc_eq_range_t *r) {
    if (r->n <= 1) return 0;
    uint64_t x = prc_eq_below64(state, r->cum[r->n - 1]);
    if (r->unit) return (int)x;
    const uint64_t *cum = r->cum;
    size_t base = 0, len = (size_t)r->n;
    while (len > 1) {
        size_t half = len >> 1;
        base += (size_t)(cum[base + half - 1] <= x) * half;
        len -= half;
    }
    return (int)base; /* the span [base, base + len) always holds the answer */
}

/* Whether every weight of r is 1 (cum[i] = i + 1). */
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

/* Each player's known cards for one trial: one combo each (combo[p], an
 * index into ranges[p]), drawn in proportion to their weights, all drawn
 * again until no two collide and none takes a dead card, so that the
 * combinations come with the product of their weights, as in exact
 * enumeration. *used: the dead cards and the combos' cards. Returns 0,
 * PRC_EQ_NO_DEAL after PRC_EQ_MAX_TRIES collisions in a row, or
 * PRC_EQ_STOPPED (a trial may redraw for a long time: Ctrl-C reaches
 * here). */
static PRC_EQ_INLINE int prc_eq_draw_seats(const prc_eq_spec_t *s,
                                           const prc_eq_range_t *ranges, uint64_t *state,
                                           int *combo, uint64_t *used, const int P) {
    for (int tries = 1;; tries++) {
        uint64_t taken = ~s->live;
        int ok = 1;
        for (int p = 0; p < P && ok; p++) {
            const prc_eq_range_t *r = &ranges[p];
            int i = prc_eq_draw_combo(state, r);
            combo[p] = i;
            ok = !(taken & r->mask[i]);
            taken |= r->mask[i];
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
