/* pyrankcore: solver terminal values of two-card combos on one ranked
 * board, several reach vectors at a time (see prc_board.h for the list of
 * combos and the general sweep, and prc_bd_showdown for what is computed).
 *
 * For two-card combos a combo's compatible reach is the total less the
 * reach holding either of its cards plus its own (taken twice): running
 * sums in all and per card, nothing more. The reach is first gathered into
 * sorted order, PRC_TV_LANES vectors side by side, so that each combo's
 * card ids, read once, serve every vector of the block and the inner loops
 * run over the lanes (which the compiler vectorizes with any instruction
 * set). Per tie group of the order, with the sums before the group:
 *     B = T - C[a] - C[b]            (the reach the combo beats)
 * and after the group is added
 *     B + E = T' - C'[a] - C'[b] + w (beats or ties; E is 0 for a combo
 *                                      alone in its group)
 * and once every combo is in, A = T'' - C''[a] - C''[b] + w (all of it).
 * The value is (win - tie) B + (tie - lose) (B + E) + lose A.
 *
 * Reach values are read as float32 or float64 and checked on the way in
 * (a NaN, an infinity or a negative value is reported, not used); the sums
 * are float64; the values are written as float32 or float64. Included by
 * prc_equity.h only.
 */
#ifndef PRC_EQUITY_TERMINAL_H
#define PRC_EQUITY_TERMINAL_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "prc_board.h"

/* Reach vectors handled side by side. */
#define PRC_TV_LANES 8

/* Doubles of scratch prc_tv_values needs for m live combos. */
#define PRC_TV_WORK(m) (2 * (size_t)(m) * PRC_TV_LANES + 52 * PRC_TV_LANES)

#define PRC_TV_BAD_REACH 1 /* a reach value is NaN, infinite or negative */

/* The lane loops' pointers never overlap (distinct cards' blocks, the
 * reach, the values): saying so lets the compiler vectorize them. */
#if defined(_MSC_VER)
#define PRC_TV_RESTRICT __restrict
#else
#define PRC_TV_RESTRICT __restrict__
#endif
/* GCC unrolls a lane loop of known length completely before it would
 * vectorize it, and then does not pack the copies: kept as a loop, it is
 * vectorized. */
#if defined(__GNUC__) && !defined(__clang__)
#define PRC_TV_LANE_LOOP _Pragma("GCC unroll 0")
#else
#define PRC_TV_LANE_LOOP
#endif

#ifndef PRC_KERNELS_DECLARE /* the kernels' parts: compiled in prc_kernels.c */

/* The sweep of one block (see the top of this file), as a function NAME
 * over lanes of type LANE (a double, or a vector of doubles): X the
 * gathered reach (LN lanes per sorted position), V the values out, C 52 *
 * LN lanes of scratch. LANE_LOOP stands before each loop over a
 * position's lanes. */
#define PRC_DEFINE_TV_SWEEP(NAME, LANE, LANE_LOOP)                                          \
    /* Positions from..to-1: factor times the reach each could face (T less                 \
     * its cards' sums, plus its own), into V or, with assign, as V. */                     \
    static PRC_ALWAYS_INLINE void NAME##_add(const uint16_t *sub, const int32_t *order,     \
                                             int from, int to, const LANE *T, const LANE *X, \
                                             LANE *V, const LANE *C, double factor,         \
                                             const int assign, const int LN) {              \
        for (int p = from; p < to; p++) {                                                   \
            const uint16_t *c = sub + (size_t)order[p] * 2;                                 \
            const LANE *PRC_TV_RESTRICT c0 = C + c[0] * LN;                                 \
            const LANE *PRC_TV_RESTRICT c1 = C + c[1] * LN;                                 \
            const LANE *PRC_TV_RESTRICT x = X + (size_t)p * LN;                             \
            LANE *PRC_TV_RESTRICT v = V + (size_t)p * LN;                                   \
            LANE_LOOP                                                                       \
            for (int r = 0; r < LN; r++) {                                                  \
                const LANE all = factor * (T[r] - c0[r] - c1[r] + x[r]);                    \
                if (assign)                                                                 \
                    v[r] = all;                                                             \
                else                                                                        \
                    v[r] += all;                                                            \
            }                                                                               \
        }                                                                                   \
    }                                                                                       \
    static PRC_ALWAYS_INLINE void NAME(const prc_bd_list_t *l, double win, double tie,     \
                                       double lose, const int fold, const LANE *X, LANE *V, \
                                       LANE *C, const int LN) {                             \
        const int m = l->m;                                                                 \
        const int32_t *order = l->order, *st = l->strength;                                 \
        const uint16_t *sub = l->sub;                                                       \
        memset(C, 0, sizeof(LANE) * 52 * (size_t)LN);                                       \
        const LANE zero = {0};                                                              \
        LANE T[PRC_TV_LANES]; /* the running total, lane by lane */                         \
        LANE_LOOP                                                                           \
        for (int r = 0; r < LN; r++) T[r] = zero;                                           \
        const double dwt = win - tie, dtl = tie - lose, dwl = win - lose;                   \
        int q = 0;                                                                          \
        while (q < m) {                                                                     \
            int end = q + 1;                                                                \
            if (!fold)                                                                      \
                while (end < m && st[order[end]] == st[order[q]]) end++;                    \
            if (end == q + 1) { /* a group of one: it ties nothing */                       \
                const uint16_t *c = sub + (size_t)order[q] * 2;                             \
                LANE *PRC_TV_RESTRICT c0 = C + c[0] * LN;                                   \
                LANE *PRC_TV_RESTRICT c1 = C + c[1] * LN;                                   \
                const LANE *PRC_TV_RESTRICT x = X + (size_t)q * LN;                         \
                LANE *PRC_TV_RESTRICT v = V + (size_t)q * LN;                               \
                LANE_LOOP                                                                   \
                for (int r = 0; r < LN; r++) {                                              \
                    const LANE a0 = c0[r], a1 = c1[r], xr = x[r];                           \
                    v[r] = dwl * (T[r] - a0 - a1);                                          \
                    T[r] += xr;                                                             \
                    c0[r] = a0 + xr;                                                        \
                    c1[r] = a1 + xr;                                                        \
                }                                                                           \
                q = end;                                                                    \
                continue;                                                                   \
            }                                                                               \
            for (int p = q; p < end; p++) {                                                 \
                const uint16_t *c = sub + (size_t)order[p] * 2;                             \
                const LANE *PRC_TV_RESTRICT c0 = C + c[0] * LN;                             \
                const LANE *PRC_TV_RESTRICT c1 = C + c[1] * LN;                             \
                LANE *PRC_TV_RESTRICT v = V + (size_t)p * LN;                               \
                LANE_LOOP                                                                   \
                for (int r = 0; r < LN; r++) v[r] = dwt * (T[r] - c0[r] - c1[r]);           \
            }                                                                               \
            for (int p = q; p < end; p++) {                                                 \
                const uint16_t *c = sub + (size_t)order[p] * 2;                             \
                LANE *PRC_TV_RESTRICT c0 = C + c[0] * LN;                                   \
                LANE *PRC_TV_RESTRICT c1 = C + c[1] * LN;                                   \
                const LANE *PRC_TV_RESTRICT x = X + (size_t)p * LN;                         \
                LANE_LOOP                                                                   \
                for (int r = 0; r < LN; r++) {                                              \
                    T[r] += x[r];                                                           \
                    c0[r] += x[r];                                                          \
                    c1[r] += x[r];                                                          \
                }                                                                           \
            }                                                                               \
            NAME##_add(sub, order, q, end, T, X, V, C, dtl, 0, LN);                         \
            q = end;                                                                        \
        }                                                                                   \
        /* every combo's whole compatible reach */                                          \
        NAME##_add(sub, order, 0, m, T, X, V, C, fold ? win : lose, fold, LN);              \
    }

/* The sweep of LN doubles side by side. */
PRC_DEFINE_TV_SWEEP(prc_tv_sweep, double, PRC_TV_LANE_LOOP)

#if defined(__GNUC__) || defined(__clang__)
#define PRC_TV_VECTOR 1
/* Two lanes as one value, which every target holds in one register (SSE2,
 * NEON); eight lanes are four of them, whose loops the compiler unrolls. */
typedef double prc_tv_v2 __attribute__((vector_size(16), aligned(8), may_alias));
PRC_DEFINE_TV_SWEEP(prc_tv_sweep_v2, prc_tv_v2, )

#endif

/* One block of LN vectors side by side: reach rows r0..r0+LN-1 (n entries
 * each, float32 when f32_in) into out rows r0.. (float32 when f32_out).
 * fold: out = win * A (win is the amount). Returns 0 or
 * PRC_TV_BAD_REACH. */
static PRC_ALWAYS_INLINE int prc_tv_block(const prc_bd_list_t *l, const void *reach, int f32_in,
                                          long r0, double win, double tie, double lose,
                                          const int fold, double *work, void *out, int f32_out,
                                          const int LN) {
    const int n = l->n, m = l->m;
    const int32_t *order = l->order;
    double *w = work, *val = work + (size_t)m * LN;
    double *card = val + (size_t)m * LN;
    /* every reach value checked, row by row, in one sum: x * 0 is 0
     * unless x is NaN or infinite, and x - |x| is 0 unless x < 0 (no
     * term is positive, so none cancels another) */
    double zero = 0.0;
    for (int r = 0; r < LN; r++) {
        if (f32_in) {
            const float *row = (const float *)reach + (size_t)(r0 + r) * n;
            for (int i = 0; i < n; i++) zero += row[i] * 0.0f + (row[i] - fabsf(row[i]));
        } else {
            const double *row = (const double *)reach + (size_t)(r0 + r) * n;
            for (int i = 0; i < n; i++) zero += row[i] * 0.0 + (row[i] - fabs(row[i]));
        }
    }
    if (zero != 0.0) return PRC_TV_BAD_REACH;
    /* gathered into sorted order, lanes side by side */
    for (int r = 0; r < LN; r++) {
        if (f32_in) {
            const float *row = (const float *)reach + (size_t)(r0 + r) * n;
            for (int q = 0; q < m; q++) w[(size_t)q * LN + r] = row[order[q]];
        } else {
            const double *row = (const double *)reach + (size_t)(r0 + r) * n;
            for (int q = 0; q < m; q++) w[(size_t)q * LN + r] = row[order[q]];
        }
    }
#if defined(PRC_TV_VECTOR)
    if (LN == 8)
        prc_tv_sweep_v2(l, win, tie, lose, fold, (const prc_tv_v2 *)w, (prc_tv_v2 *)val,
                        (prc_tv_v2 *)card, 4);
    else
#endif
        prc_tv_sweep(l, win, tie, lose, fold, w, val, card, LN);
    /* the values out, row by row (0 for the combos that share a card with
     * the board) */
    for (int r = 0; r < LN; r++) {
        if (f32_out) {
            float *row = (float *)out + (size_t)(r0 + r) * n;
            if (m < n) memset(row, 0, sizeof(float) * (size_t)n);
            for (int p = 0; p < m; p++) row[order[p]] = (float)val[(size_t)p * LN + r];
        } else {
            double *row = (double *)out + (size_t)(r0 + r) * n;
            if (m < n) memset(row, 0, sizeof(double) * (size_t)n);
            for (int p = 0; p < m; p++) row[order[p]] = val[(size_t)p * LN + r];
        }
    }
    return 0;
}

/* prc_tv_block with LN (8, 4 or 1) a constant in each call. */
static PRC_ALWAYS_INLINE int prc_tv_block_lanes(const prc_bd_list_t *l, const void *reach,
                                                int f32_in, long r0, double win, double tie,
                                                double lose, const int fold, double *work,
                                                void *out, int f32_out, int LN) {
    if (LN == 8)
        return prc_tv_block(l, reach, f32_in, r0, win, tie, lose, fold, work, out, f32_out, 8);
    if (LN == 4)
        return prc_tv_block(l, reach, f32_in, r0, win, tie, lose, fold, work, out, f32_out, 4);
    return prc_tv_block(l, reach, f32_in, r0, win, tie, lose, fold, work, out, f32_out, 1);
}

/* Showdown (or, with fold, fold: win is the amount) values of the two-card
 * combos of l against reach vectors r_lo..r_hi-1 (rows of l->n entries,
 * float32 when f32_in), into out (the same rows, float32 when f32_out).
 * work: PRC_TV_WORK(l->m) doubles. Returns 0, or PRC_TV_BAD_REACH (the
 * rows from the bad one's block on are not written). */
PRC_ENTRY int prc_tv_values(const prc_bd_list_t *l, const void *reach, int f32_in, long r_lo,
                            long r_hi, double win, double tie, double lose, int fold,
                            double *work, void *out, int f32_out) {
    long r0 = r_lo;
    while (r0 < r_hi) {
        const long left = r_hi - r0;
        /* eight lanes while eight vectors are left, then four, then one */
        const int LN = left >= 8 ? 8 : left >= 4 ? 4 : 1;
        const int rc =
            fold ? prc_tv_block_lanes(l, reach, f32_in, r0, win, 0, 0, 1, work, out, f32_out, LN)
                 : prc_tv_block_lanes(l, reach, f32_in, r0, win, tie, lose, 0, work, out,
                                      f32_out, LN);
        if (rc) return rc;
        r0 += LN;
    }
    return 0;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
