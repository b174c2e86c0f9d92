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

/* The sweep of one block (see the top of this file): w the gathered
 * reach (LN lanes per sorted position), val the values out, card 52 * LN
 * doubles of scratch. */
static PRC_ALWAYS_INLINE void prc_tv_sweep(const prc_bd_list_t *l, double win, double tie,
                                           double lose, const int fold, const double *w,
                                           double *val, double *card, const int LN) {
    const int m = l->m;
    const int32_t *order = l->order, *st = l->strength;
    const uint16_t *sub = l->sub;
    memset(card, 0, sizeof(double) * 52 * LN);
    double T[PRC_TV_LANES]; /* the running total, lane by lane */
    PRC_TV_LANE_LOOP
    for (int r = 0; r < LN; r++) T[r] = 0.0;
    const double dwt = win - tie, dtl = tie - lose, dwl = win - lose;
    int q = 0;
    while (q < m) {
        int end = q + 1;
        if (!fold)
            while (end < m && st[order[end]] == st[order[q]]) end++;
        if (end == q + 1) { /* a group of one: it ties nothing */
            const uint16_t *c = sub + (size_t)order[q] * 2;
            double *PRC_TV_RESTRICT c0 = card + c[0] * LN;
            double *PRC_TV_RESTRICT c1 = card + c[1] * LN;
            const double *PRC_TV_RESTRICT x = w + (size_t)q * LN;
            double *PRC_TV_RESTRICT v = val + (size_t)q * LN;
            PRC_TV_LANE_LOOP
            for (int r = 0; r < LN; r++) {
                const double a0 = c0[r], a1 = c1[r], xr = x[r];
                v[r] = dwl * (T[r] - a0 - a1);
                T[r] += xr;
                c0[r] = a0 + xr;
                c1[r] = a1 + xr;
            }
            q = end;
            continue;
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            const double *PRC_TV_RESTRICT c0 = card + c[0] * LN;
            const double *PRC_TV_RESTRICT c1 = card + c[1] * LN;
            double *PRC_TV_RESTRICT v = val + (size_t)p * LN;
            PRC_TV_LANE_LOOP
            for (int r = 0; r < LN; r++) v[r] = dwt * (T[r] - c0[r] - c1[r]);
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            double *PRC_TV_RESTRICT c0 = card + c[0] * LN;
            double *PRC_TV_RESTRICT c1 = card + c[1] * LN;
            const double *PRC_TV_RESTRICT x = w + (size_t)p * LN;
            PRC_TV_LANE_LOOP
            for (int r = 0; r < LN; r++) {
                T[r] += x[r];
                c0[r] += x[r];
                c1[r] += x[r];
            }
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            const double *PRC_TV_RESTRICT c0 = card + c[0] * LN;
            const double *PRC_TV_RESTRICT c1 = card + c[1] * LN;
            const double *PRC_TV_RESTRICT x = w + (size_t)p * LN;
            double *PRC_TV_RESTRICT v = val + (size_t)p * LN;
            PRC_TV_LANE_LOOP
            for (int r = 0; r < LN; r++) v[r] += dtl * (T[r] - c0[r] - c1[r] + x[r]);
        }
        q = end;
    }
    /* every combo's whole compatible reach */
    const double a = fold ? win : lose;
    for (int p = 0; p < m; p++) {
        const uint16_t *c = sub + (size_t)order[p] * 2;
        const double *PRC_TV_RESTRICT c0 = card + c[0] * LN;
        const double *PRC_TV_RESTRICT c1 = card + c[1] * LN;
        const double *PRC_TV_RESTRICT x = w + (size_t)p * LN;
        double *PRC_TV_RESTRICT v = val + (size_t)p * LN;
        PRC_TV_LANE_LOOP
        for (int r = 0; r < LN; r++)
            v[r] = (fold ? 0.0 : v[r]) + a * (T[r] - c0[r] - c1[r] + x[r]);
    }
}

#if defined(__GNUC__) || defined(__clang__)
#define PRC_TV_VECTOR 1
/* Two lanes as one value, which every target holds in one register (SSE2,
 * NEON); eight lanes are four of them. */
typedef double prc_tv_v2 __attribute__((vector_size(16), aligned(8), may_alias));
#define PRC_TV_QUARTERS(k) for (int k = 0; k < 4; k++)

/* prc_tv_sweep with eight lanes, written with prc_tv_v2. */
static void prc_tv_sweep8(const prc_bd_list_t *l, double win, double tie, double lose,
                          const int fold, const double *w, double *val, double *card) {
    const int m = l->m;
    const int32_t *order = l->order, *st = l->strength;
    const uint16_t *sub = l->sub;
    prc_tv_v2 *C = (prc_tv_v2 *)card, *V = (prc_tv_v2 *)val;
    const prc_tv_v2 *X = (const prc_tv_v2 *)w;
    const prc_tv_v2 zero = {0, 0};
    for (int c = 0; c < 4 * 52; c++) C[c] = zero;
    prc_tv_v2 T[4] = {zero, zero, zero, zero};
    const double dwt = win - tie, dtl = tie - lose, dwl = win - lose;
    int q = 0;
    while (q < m) {
        int end = q + 1;
        if (!fold)
            while (end < m && st[order[end]] == st[order[q]]) end++;
        if (end == q + 1) { /* a group of one: it ties nothing */
            const uint16_t *c = sub + (size_t)order[q] * 2;
            prc_tv_v2 *c0 = C + 4 * c[0], *c1 = C + 4 * c[1];
            const prc_tv_v2 *x = X + 4 * (size_t)q;
            prc_tv_v2 *v = V + 4 * (size_t)q;
            PRC_TV_QUARTERS(k) {
                const prc_tv_v2 a0 = c0[k], a1 = c1[k], xk = x[k];
                v[k] = dwl * (T[k] - a0 - a1);
                T[k] += xk;
                c0[k] = a0 + xk;
                c1[k] = a1 + xk;
            }
            q = end;
            continue;
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            const prc_tv_v2 *c0 = C + 4 * c[0], *c1 = C + 4 * c[1];
            PRC_TV_QUARTERS(k) V[4 * (size_t)p + k] = dwt * (T[k] - c0[k] - c1[k]);
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            prc_tv_v2 *c0 = C + 4 * c[0], *c1 = C + 4 * c[1];
            PRC_TV_QUARTERS(k) {
                const prc_tv_v2 xk = X[4 * (size_t)p + k];
                T[k] += xk;
                c0[k] += xk;
                c1[k] += xk;
            }
        }
        for (int p = q; p < end; p++) {
            const uint16_t *c = sub + (size_t)order[p] * 2;
            const prc_tv_v2 *c0 = C + 4 * c[0], *c1 = C + 4 * c[1];
            PRC_TV_QUARTERS(k)
            V[4 * (size_t)p + k] += dtl * (T[k] - c0[k] - c1[k] + X[4 * (size_t)p + k]);
        }
        q = end;
    }
    const double a = fold ? win : lose;
    for (int p = 0; p < m; p++) {
        const uint16_t *c = sub + (size_t)order[p] * 2;
        const prc_tv_v2 *c0 = C + 4 * c[0], *c1 = C + 4 * c[1];
        PRC_TV_QUARTERS(k) {
            const prc_tv_v2 all = a * (T[k] - c0[k] - c1[k] + X[4 * (size_t)p + k]);
            if (fold)
                V[4 * (size_t)p + k] = all;
            else
                V[4 * (size_t)p + k] += all;
        }
    }
}
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
        prc_tv_sweep8(l, win, tie, lose, fold, w, val, card);
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
        int rc;
        if (fold)
            rc = LN == 8 ? prc_tv_block(l, reach, f32_in, r0, win, 0, 0, 1, work, out, f32_out, 8)
                 : LN == 4 ? prc_tv_block(l, reach, f32_in, r0, win, 0, 0, 1, work, out, f32_out, 4)
                           : prc_tv_block(l, reach, f32_in, r0, win, 0, 0, 1, work, out, f32_out, 1);
        else
            rc = LN == 8
                     ? prc_tv_block(l, reach, f32_in, r0, win, tie, lose, 0, work, out, f32_out, 8)
                 : LN == 4
                     ? prc_tv_block(l, reach, f32_in, r0, win, tie, lose, 0, work, out, f32_out, 4)
                     : prc_tv_block(l, reach, f32_in, r0, win, tie, lose, 0, work, out, f32_out, 1);
        if (rc) return rc;
        r0 += LN;
    }
    return 0;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
