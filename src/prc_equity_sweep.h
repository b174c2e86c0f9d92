/* pyrankcore: equity kernels, exact heads-up enumeration by the sweep (see
 * prc_equity.h and prc_board.h).
 *
 * Two players whose hole cards are all known (ranges of whole combos; a
 * random hand is the range of every combo), the board dealt every way: for
 * each final board, every combo of the players' ranges is ranked once, the
 * combos are sorted, and one sweep per player-two mass (counts, and the
 * weights when the ranges are weighted) gives each player-one combo what it
 * beats, ties and could face. The tallies are the same integers as those of
 * enumerating every pair of combos and every board (prc_equity_exact.h): a
 * pair of combos on a board is one deal, won, tied or lost. Included by
 * prc_equity.h only.
 */
#ifndef PRC_EQUITY_SWEEP_H
#define PRC_EQUITY_SWEEP_H

#include "prc_board.h"
#include "prc_equity_settle.h"

/* One heads-up sweep job: the union of both players' combos (n combos of k
 * cards, their subset ids as prc_bd_list_t), and per player how often
 * each combo is in its range (a whole number) and optionally its summed
 * weight (NULL: every
 * weight 1 and no weighted tallies). The board: known cards board[0..nb),
 * completed to board_final cards from deck[0..ndeck) every way. */
typedef struct {
    prc_bd_game_t game;
    const uint8_t *combos;
    const uint16_t *sub;
    int n, k;
    const double *count[2];
    const double *weight[2];
    uint8_t board[5];
    int nb, board_final;
    uint8_t deck[52];
    int ndeck;
    const int32_t *stop;
} prc_eq_sweep_t;

#ifndef PRC_KERNELS_DECLARE /* the kernels' parts: compiled in prc_kernels.c */

/* Whether the caller's stop flag (written by another thread) is raised. */
static inline int prc_eq_stopped_flag(const int32_t *stop) {
    return stop != NULL && *(const volatile int32_t *)stop != 0;
}

/* The number of ways to choose r of n (n <= 52, r <= 5: fits easily). */
static inline int64_t prc_eq_binom(int n, int r) {
    if (r < 0 || r > n) return 0;
    int64_t c = 1;
    for (int i = 1; i <= r; i++) c = c * (n - r + i) / i;
    return c;
}

/* The boards the job deals: C(ndeck, board_final - nb). */
PRC_ENTRY int64_t prc_eq_sweep_boards(const prc_eq_sweep_t *j) {
    return prc_eq_binom(j->ndeck, j->board_final - j->nb);
}

/* pos[0..r) (ascending deck positions) of colex combination index idx. */
static void prc_eq_unrank_board(int64_t idx, int r, int *pos) {
    for (int i = r - 1; i >= 0; i--) {
        int c = i;
        while (prc_eq_binom(c + 1, i + 1) <= idx) c++;
        idx -= prc_eq_binom(c, i + 1);
        pos[i] = c;
    }
}

/* The next colex combination of r positions (the caller stops in time). */
static void prc_eq_next_board(int r, int *pos) {
    int i = 0;
    while (i + 1 < r && pos[i] + 1 == pos[i + 1]) {
        pos[i] = i;
        i++;
    }
    pos[i]++;
}

/* Tallies of boards b_lo..b_hi-1 (colex order of the dealt positions) into
 * stats (2 * PRC_EQ_NSTAT), and with weights into wstats (same shape) and
 * *wtotal (the weight of every pair that fits times its deals). Scratch:
 * strength, order and tmp of n ints, d of 3 * n doubles, sums of
 * PRC_BD_SUMS(k) doubles. Returns 0, PRC_EQ_BAD_SPEC or PRC_EQ_STOPPED. */
PRC_ENTRY int prc_eq_sweep(const prc_eq_sweep_t *j, int64_t b_lo, int64_t b_hi, int32_t *strength,
                           int32_t *order, int32_t *tmp, double *d, double *sums,
                           uint64_t *stats, double *wstats, double *wtotal) {
    const int r = j->board_final - j->nb, n = j->n;
    const int64_t boards = prc_eq_sweep_boards(j);
    if (r < 0 || r > 5 || j->board_final > 5 || (j->k != 2 && j->k != 4) || n < 0 ||
        b_lo < 0 || b_lo > b_hi || b_hi > boards)
        return PRC_EQ_BAD_SPEC;
    const int weighted = j->weight[0] != NULL && j->weight[1] != NULL;
    double *beat = d, *tie = d + n, *apart = d + 2 * (size_t)n;
    const double *c0 = j->count[0];
    uint8_t board[5];
    for (int i = 0; i < j->nb; i++) board[i] = j->board[i];
    int pos[5] = {0, 0, 0, 0, 0};
    if (b_lo < b_hi) prc_eq_unrank_board(b_lo, r, pos);
    prc_bd_list_t l;
    l.n = n;
    l.k = j->k;
    l.nsub = prc_bd_nsub(j->k);
    l.strength = strength;
    l.order = order;
    l.sub = j->sub;
    uint64_t *s0 = stats, *s1 = stats + PRC_EQ_NSTAT;
    for (int64_t b = b_lo; b < b_hi; b++) {
        if (prc_eq_stopped_flag(j->stop)) return PRC_EQ_STOPPED;
        for (int i = 0; i < r; i++) board[j->nb + i] = j->deck[pos[i]];
        prc_bd_strengths(&j->game, board, j->board_final, j->combos, j->k, 0, n, strength);
        l.m = prc_bd_sort(strength, n, order, tmp);
        /* the counts: every pair of combos that fits is one deal */
        prc_bd_sweep(&l, j->count[1], c0, sums, beat, tie, apart);
        double won = 0, tied = 0, lost = 0;
        for (int q = 0; q < l.m; q++) {
            int i = order[q];
            if (c0[i] == 0.0) continue;
            won += c0[i] * beat[i];
            tied += c0[i] * tie[i];
            lost += c0[i] * (apart[i] - beat[i] - tie[i]);
        }
        uint64_t w0 = (uint64_t)won, t = (uint64_t)tied, w1 = (uint64_t)lost;
        s0[PRC_EQ_WINS] += w0;
        s0[PRC_EQ_TIES] += t;
        s0[PRC_EQ_UNITS] += w0 * PRC_EQ_UNIT + t * (PRC_EQ_UNIT / 2);
        s1[PRC_EQ_WINS] += w1;
        s1[PRC_EQ_TIES] += t;
        s1[PRC_EQ_UNITS] += w1 * PRC_EQ_UNIT + t * (PRC_EQ_UNIT / 2);
        if (weighted) {
            const double *x0 = j->weight[0];
            prc_bd_sweep(&l, j->weight[1], x0, sums, beat, tie, apart);
            won = tied = lost = 0;
            double all = 0;
            for (int q = 0; q < l.m; q++) {
                int i = order[q];
                if (x0[i] == 0.0) continue;
                won += x0[i] * beat[i];
                tied += x0[i] * tie[i];
                lost += x0[i] * (apart[i] - beat[i] - tie[i]);
                all += x0[i] * apart[i];
            }
            double *v0 = wstats, *v1 = wstats + PRC_EQ_NSTAT;
            v0[PRC_EQ_WINS] += won;
            v0[PRC_EQ_TIES] += tied;
            v0[PRC_EQ_UNITS] += won * PRC_EQ_UNIT + tied * (PRC_EQ_UNIT / 2);
            v1[PRC_EQ_WINS] += lost;
            v1[PRC_EQ_TIES] += tied;
            v1[PRC_EQ_UNITS] += lost * PRC_EQ_UNIT + tied * (PRC_EQ_UNIT / 2);
            *wtotal += all;
        }
        if (r > 0 && b + 1 < b_hi) prc_eq_next_board(r, pos);
    }
    return 0;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
