/* pyrankcore: equity kernels, exact enumeration by the sweep (see
 * prc_equity.h and prc_board.h).
 *
 * Players whose hole cards are all known (ranges of whole combos; a random
 * hand is the range of every combo), the board dealt every way: for each
 * final board, every combo of the players' ranges is ranked once and the
 * combos are sorted. Heads-up, one sweep per player-two mass (counts, and
 * the weights when the ranges are weighted) gives each player-one combo
 * what it beats, ties and could face. With three players (two-card
 * combos), no combination is visited: running sums per card of one seat's
 * combos, weighed against cumulative sums of the "counted" seat's, give
 * every outcome (prc_eq_sweep_three). With four to six, the combos of every
 * seat but the counted one are combined one combination at a time, and the
 * counted seat's combos that rank below, level with and above the best of
 * them, and share no card with them, are read from cumulative sums per
 * card at the tie groups' boundaries (inclusion and exclusion over the
 * combination's cards and pairs of cards). Four-card combos and hi-lo with
 * three or more players hold each combination of the other seats against
 * the counted seat's combos in a row (prc_eq_sweep_each). Hi-lo heads-up ranks and sorts
 * both halves and sweeps the high half with the opponent's mass restricted
 * by its low (prc_eq_hilo_side). The tallies are the same integers as those of
 * enumerating every combination of combos and every board
 * (prc_equity_exact.h): a combination of combos on a board is one deal.
 * Included by prc_equity.h only.
 */
#ifndef PRC_EQUITY_SWEEP_H
#define PRC_EQUITY_SWEEP_H

#include <math.h>
#include "prc_board.h"
#include "prc_equity_settle.h"

/* Players the sweep takes: two to PRC_EQ_SWEEP_MAX_PLAYERS. */
#define PRC_EQ_SWEEP_MAX_PLAYERS 6

/* One sweep job: the union of the players' combos (n combos of k cards,
 * their subset ids as prc_bd_list_t), and per player how often each combo
 * is in its range (a whole number) and optionally its summed weight (NULL:
 * every weight 1 and no weighted tallies); with three or more players, the
 * seat whose combos are counted rather than combined. The board: known
 * cards board[0..nb), completed to board_final cards from deck[0..ndeck)
 * every way. */
typedef struct {
    prc_bd_game_t game;
    prc_bd_game_t low; /* hi-lo: the low half's ranking */
    int hilo;
    /* Omaha: each ranking's pattern tables (prc_omaha_rows), or NULL */
    const prc_omaha_t *fast, *low_fast;
    const uint8_t *combos;
    const uint16_t *sub;
    int n, k;
    int n_players, counted;
    const double *count[PRC_EQ_SWEEP_MAX_PLAYERS];
    const double *weight[PRC_EQ_SWEEP_MAX_PLAYERS];
    uint8_t board[5];
    int nb, board_final;
    uint8_t deck[52];
    int ndeck;
    /* three or more players: the first combined seat takes only its combos
     * first_lo..first_hi-1 (union indices), so that tasks can split one
     * board */
    int first_lo, first_hi;
    const int32_t *stop;
} prc_eq_sweep_t;

/* Scratch of one prc_eq_sweep call: for n combos, strength, order, tmp
 * and grp of n ints, gstart of n + 1, d of 3 * n doubles, sums of
 * PRC_BD_SUMS(k) doubles; with three or more players also lists of
 * n_players * n ints, mask of n words, ct and wt of n + 1 and cx and wx of
 * (n + 1) * 52 entries (the counted seat's cumulative counts and weights,
 * in all and per card, at each tie group's start), and pgrp, pc, pw of
 * 52 * 52 entries (the counted seat's combo of each pair of cards: its tie
 * group, or -1, count and weight). Heads-up, lists holds 2 * n ints and
 * card_start 53, card_list 2 * n: the other seat's combos by card. */
typedef struct {
    int32_t *strength, *order, *tmp, *grp, *gstart, *lists;
    int32_t *card_start, *card_list;
    uint8_t *code; /* heads-up, few: 65536 bytes, a gap per strength */
    double *few; /* heads-up, few: 2 * PRC_EQ_FEW * PRC_EQ_FEW_STRIDE doubles */
    prc_bd_combo_t *prepared; /* n: each combo's sums */
    double *d, *sums;
    uint64_t *mask;
    int64_t *ct, *cx;
    double *wt, *wx;
    int32_t *pgrp;
    int64_t *pc;
    double *pw;
    /* three players: per pair of cards the combo's strength (or -1) and
     * each seat's mass, and per-card running sums */
    int32_t *pstr;
    double *pmass; /* 3 * 52 * 52 */
    /* hi-lo: the low strengths and their order (n ints each), two masses
     * (n doubles each) */
    int32_t *lstrength, *lorder;
    double *wbuf, *hbuf;
    /* three or more players with four-card combos or hi-lo: the counted
     * seat's live combos in a row each (n entries): id mask, high and low
     * strengths, count and weight */
    uint64_t *emask;
    int32_t *ehigh, *elow;
    double *ecount, *eweight;
} prc_eq_sweep_work_t;

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

/* Strengths of the job's combos on one board (as prc_bd_strengths; x
 * ranks them, fast its Omaha pattern tables or NULL). With the tables the
 * board's pattern row is read once and each combo looks up its hole pairs
 * in it (and its flushes, where they dominate). */
static void prc_eq_rank(const prc_eq_sweep_t *j, const prc_bd_game_t *x, const prc_omaha_t *fast,
                        const uint8_t *board, const prc_bd_combo_t *pc, int32_t *out) {
    const int n = j->n, k = j->k, nb = j->board_final;
    if (fast == NULL || !x->omaha) {
        prc_bd_strengths(x, board, nb, j->combos, pc, k, 0, n, out);
        return;
    }
    uint64_t bkey = 0, bmask = 0;
    for (int c = 0; c < nb; c++) {
        bkey += prc_card_key[board[c]];
        bmask |= 1ULL << board[c];
    }
    const uint16_t *row = prc_omaha_fetch_row(fast, prc_board_slot((uint32_t)bkey));
    const int dominant = x->g->flush_mode == PRC_FLUSH_DOMINANT;
    for (int i = 0; i < n; i++) {
        if (pc[i].mask & bmask) {
            out[i] = -1;
            continue;
        }
        const uint8_t *hole = j->combos + (size_t)i * k;
        uint16_t best = prc_omaha_pairs_best(row, hole, k);
        if (dominant) {
            /* a suit the board holds three or more of and the hand two or
             * more: adding 5 or 6 to its 4-bit counter sets the top bit
             * exactly then; with at most five board cards only one can */
            uint64_t hkey = 0;
            for (int c = 0; c < k; c++) hkey += prc_card_key[hole[c]];
            uint64_t suits = (bkey + (0x5555ULL << PRC_SUIT_SHIFT)) &
                             (hkey + (0x6666ULL << PRC_SUIT_SHIFT)) & (0x8888ULL << PRC_SUIT_SHIFT);
            if (suits) {
                uint16_t flush = prc_omaha_flush_of_masks(fast, bmask, pc[i].mask,
                                                          (prc_ctz64(suits) - PRC_SUIT_SHIFT - 3) >> 2);
                best = flush > best ? flush : best;
            }
        }
        out[i] = best;
    }
}

/* Heads-up deals of seat h: won alone, tied (with the other seat) and lost
 * (the other seat won alone), into both seats' counts (stats), or with
 * stats NULL their weighed sums (wstats). Whole numbers of deals stay
 * exact in doubles (below 2**53 a board). */
static void prc_eq_add_two(uint64_t *stats, double *wstats, int h, double won, double tied,
                           double lost) {
    for (int side = 0; side < 2; side++) {
        const int seat = side ? 1 - h : h;
        const double alone = side ? lost : won;
        const double cols[3] = {alone, tied, alone * PRC_EQ_UNIT + tied * (PRC_EQ_UNIT / 2)};
        const int at[3] = {PRC_EQ_WINS, PRC_EQ_TIES, PRC_EQ_UNITS};
        for (int c = 0; c < 3; c++) {
            size_t k = (size_t)seat * PRC_EQ_NSTAT + at[c];
            if (stats != NULL)
                stats[k] += (uint64_t)cols[c];
            else
                wstats[k] += cols[c];
        }
    }
}

/* Heads-up with one seat of at most this many combos ("the few"): no
 * sort and no sweep; the other seat's combos are counted into the gaps
 * between the few's strengths, and each of the few takes back the combos
 * that share a card with it. */
#define PRC_EQ_FEW 48
/* The few's per-card prefix sums (prc_eq_sweep_few): counts, then
 * weights, each of up to 2 * PRC_EQ_FEW + 3 entries, for each of up to
 * 2 * PRC_EQ_FEW cards. */
#define PRC_EQ_FEW_HALF (2 * PRC_EQ_FEW + 2)
#define PRC_EQ_FEW_STRIDE (2 * (PRC_EQ_FEW_HALF + 1))

/* prc_eq_sweep_few's coding of the other seat's combos x->lists[n..n + no)
 * (seat o = 1 - h): each one's strength made on board bd, its code by the
 * few's strengths (code[] below top, 2d above them, 2d + 1 off the deck)
 * kept in x->tmp, and its count and weight added at P[code + 1] and
 * W[code + 1]; std as prc_bd_one. */
static PRC_ALWAYS_INLINE void prc_eq_few_code(const prc_eq_sweep_t *j,
                                              const prc_eq_sweep_work_t *x,
                                              const prc_bd_board_t *bd, int no,
                                              const uint8_t *code, int32_t top, int d2,
                                              const double *co, const double *wo, double *P,
                                              double *W, const int std) {
    const int above = d2, off = d2 + 1, cards_in_hand = 2 + j->board_final;
    const int32_t *others = x->lists + j->n;
    int32_t *codes = x->tmp;
    for (int q = 0; q < no; q++) {
        int i = others[q];
        int32_t s = prc_bd_one(&j->game, bd, &x->prepared[i], cards_in_hand, std);
        int c = s < 0 ? off : s > top ? above : code[s];
        codes[i] = c;
        P[c + 1] += co[i];
        if (wo != NULL) W[c + 1] += wo[i];
    }
}

/* One of the few, of code b, by prefix sums by code: S the other seat's,
 * c0 and c1 those of the combos holding either of its cards, own its own
 * mass in S. Adds mass times what it beats, ties and loses to to t[0..2];
 * returns what it could face. */
static inline double prc_eq_few_tally(const double *S, const double *c0, const double *c1,
                                      int b, int off, double own, double mass, double t[3]) {
    double lt = S[b] - c0[b] - c1[b];
    double eq = S[b + 1] - S[b] - (c0[b + 1] - c0[b]) - (c1[b + 1] - c1[b]) + own;
    double all = S[off] - c0[off] - c1[off] + own;
    t[0] += mass * lt;
    t[1] += mass * eq;
    t[2] += mass * (all - lt - eq);
    return all;
}

/* Heads-up tallies of one board whose strengths are in x->strength, when
 * seat h has at most PRC_EQ_FEW combos (listed in x->lists[0..nh)) and
 * the other seat's combos are x->lists[n..n + no), by card in card_start
 * and card_list.
 *
 * Each of the other seat's combos gets a code: with the few's distinct
 * strengths v[0..d), 2p for the gap below v[p], 2p + 1 level with v[p], 2d
 * above them all, 2d + 1 off the board's deck (it shares a card with the
 * board). Sums by code, then their prefix sums P (P[c]: the codes below
 * c), give what a strength v[p] beats (P[2p + 1]), ties (P[2p + 2] -
 * P[2p + 1]) and could face (P[2d + 1]); the same per card of the few
 * takes back the combos that share a card with each of the few. */
static void prc_eq_sweep_few(const prc_eq_sweep_t *j, const prc_eq_sweep_work_t *x, int h,
                             int nh, int no, const prc_bd_board_t *bd, uint64_t *stats,
                             double *wstats, double *wtotal) {
    const int o = 1 - h, cards_in_hand = 2 + j->board_final;
    const int weighted = j->weight[0] != NULL;
    int32_t *st = x->strength;
    /* the few's strengths: the other seat's are made below, code by code */
    for (int q = 0; q < nh; q++) {
        int i = x->lists[q];
        st[i] = prc_bd_one(&j->game, bd, &x->prepared[i], cards_in_hand, j->game.std);
    }
    const double *ch = j->count[h], *co = j->count[o];
    const double *wh = weighted ? j->weight[h] : NULL, *wo = weighted ? j->weight[o] : NULL;
    /* the few's strengths, ascending and distinct: v[0..d) */
    int32_t v[PRC_EQ_FEW];
    int d = 0;
    for (int q = 0; q < nh; q++) {
        int32_t s = st[x->lists[q]];
        if (s < 0) continue;
        int at = d;
        while (at > 0 && v[at - 1] > s) at--;
        if (at > 0 && v[at - 1] == s) continue;
        memmove(v + at + 1, v + at, sizeof(int32_t) * (size_t)(d - at));
        v[at] = s;
        d++;
    }
    if (d == 0) return;
    /* code[s] for s <= v[d - 1]: one byte load a combo instead of a search */
    uint8_t *code = x->code;
    int32_t from = 0;
    for (int p = 0; p < d; p++) {
        memset(code + from, 2 * p, (size_t)(v[p] - from));
        code[v[p]] = (uint8_t)(2 * p + 1);
        from = v[p] + 1;
    }
    const int32_t top = v[d - 1];
    const int above = 2 * d, off = 2 * d + 1, ncode = 2 * d + 2;
    /* the other seat by code, then prefix sums in place (P[0..ncode]) */
    double P[PRC_EQ_FEW_HALF + 2], W[PRC_EQ_FEW_HALF + 2];
    memset(P, 0, sizeof(double) * (size_t)(ncode + 1));
    memset(W, 0, sizeof(double) * (size_t)(ncode + 1));
    const int32_t *codes = x->tmp; /* each of the other seat's combos' code */
    if (j->game.std) /* a loop each, so that the compiler drops the test */
        prc_eq_few_code(j, x, bd, no, code, top, above, co, wo, P, W, 1);
    else
        prc_eq_few_code(j, x, bd, no, code, top, above, co, wo, P, W, 0);
    for (int c = 0; c < ncode; c++) {
        P[c + 1] += P[c];
        W[c + 1] += W[c];
    }
    /* the same per card of the few: slot[card], its sums at x->few */
    int slot[52];
    int ns = 0;
    for (int q = 0; q < nh; q++) {
        const uint8_t *cards = j->combos + (size_t)x->lists[q] * 2;
        slot[cards[0]] = slot[cards[1]] = -1;
    }
    for (int q = 0; q < nh; q++) {
        if (st[x->lists[q]] < 0) continue;
        const uint8_t *cards = j->combos + (size_t)x->lists[q] * 2;
        for (int t = 0; t < 2; t++) {
            int card = cards[t];
            if (slot[card] >= 0) continue;
            slot[card] = ns++;
            double *cp = x->few + (size_t)slot[card] * PRC_EQ_FEW_STRIDE;
            double *cw = cp + PRC_EQ_FEW_HALF + 1;
            memset(cp, 0, sizeof(double) * (size_t)(ncode + 1));
            memset(cw, 0, sizeof(double) * (size_t)(ncode + 1));
            for (int e = x->card_start[card]; e < x->card_start[card + 1]; e++) {
                int i = x->card_list[e];
                int c = codes[i];
                cp[c + 1] += co[i];
                if (weighted) cw[c + 1] += wo[i];
            }
            for (int c = 0; c < ncode; c++) {
                cp[c + 1] += cp[c];
                cw[c + 1] += cw[c];
            }
        }
    }
    double tally[3] = {0, 0, 0}, wtally[3] = {0, 0, 0}, wall = 0;
    for (int q = 0; q < nh; q++) {
        int a = x->lists[q];
        int32_t s = st[a];
        if (s < 0) continue;
        int p = 0;
        while (v[p] != s) p++;
        const int b = 2 * p + 1; /* a's code */
        /* less the combos holding a card of a (a itself holds both: taken
         * twice, given back once) */
        const double *c0 = x->few + (size_t)slot[j->combos[2 * a]] * PRC_EQ_FEW_STRIDE;
        const double *c1 = x->few + (size_t)slot[j->combos[2 * a + 1]] * PRC_EQ_FEW_STRIDE;
        prc_eq_few_tally(P, c0, c1, b, off, co[a], ch[a], tally);
        if (weighted)
            wall += wh[a] * prc_eq_few_tally(W, c0 + PRC_EQ_FEW_HALF + 1, c1 + PRC_EQ_FEW_HALF + 1,
                                             b, off, wo[a], wh[a], wtally);
    }
    prc_eq_add_two(stats, NULL, h, tally[0], tally[1], tally[2]);
    if (!weighted) return;
    prc_eq_add_two(NULL, wstats, h, wtally[0], wtally[1], wtally[2]);
    *wtotal += wall;
}

/* Heads-up hi-lo, one board: seat h's combos as heroes against seat o's.
 * With H and L a combo's high and low strengths (L = 0: no qualifying
 * low), a hero a against b scoops when H_a > H_b and (L_b < L_a, or both
 * lows are 0); it takes part of the pot when it wins or ties the high, or
 * (L_a > 0) wins or ties the low, without scooping. Every tally is then a
 * sum over heroes of what sweeps over the high order give, with the other
 * seat's mass restricted: in full, to L_b = 0, and for each hero low v to
 * L_b < v and L_b <= v (the two-dimensional counts); the low order gives
 * the low half. m: the masses (counts or weights) by seat; out: seat h's
 * tallies (wins, ties, units, hi units, lo units, hi wins, hi ties, lo
 * wins, lo ties) and out[9], the mass of every deal that fits. */
static void prc_eq_hilo_side(const prc_eq_sweep_t *j, const prc_bd_list_t *hl,
                             const prc_bd_list_t *ll, const prc_eq_sweep_work_t *x,
                             const double *mh, const double *mo, double *out) {
    const int n = j->n;
    const int32_t *L = ll->strength;
    double *beat = x->d, *tie = x->d + n, *apart = x->d + 2 * (size_t)n;
    double *w = x->wbuf, *hero = x->hbuf;
    double hw0 = 0, ht0 = 0, hw_0 = 0, ht_0 = 0, hw_1 = 0, ht_1 = 0, all = 0;
    double lw = 0, lt = 0, d1 = 0, d2 = 0;
    /* the high half in full */
    prc_bd_sweep(hl, mo, mh, x->sums, beat, tie, apart);
    for (int q = 0; q < hl->m; q++) {
        int i = hl->order[q];
        if (mh[i] == 0.0) continue;
        all += mh[i] * apart[i];
        if (L[i] == 0) {
            hw_0 += mh[i] * beat[i];
            ht_0 += mh[i] * tie[i];
        } else {
            hw_1 += mh[i] * beat[i];
            ht_1 += mh[i] * tie[i];
        }
    }
    /* heroes without a low: against the other seat's combos without one */
    for (int i = 0; i < n; i++) {
        w[i] = L[i] == 0 ? mo[i] : 0.0;
        hero[i] = L[i] == 0 ? mh[i] : 0.0;
    }
    prc_bd_sweep(hl, w, hero, x->sums, beat, tie, apart);
    for (int q = 0; q < hl->m; q++) {
        int i = hl->order[q];
        if (hero[i] == 0.0) continue;
        hw0 += hero[i] * beat[i];
        ht0 += hero[i] * tie[i];
    }
    /* heroes with a low: the low half, and for each low v the high half
     * against the combos whose low is below v, and at most v */
    for (int i = 0; i < n; i++) hero[i] = L[i] > 0 ? mh[i] : 0.0;
    prc_bd_sweep(ll, mo, hero, x->sums, beat, tie, apart);
    int32_t last = -1;
    for (int q = 0; q < ll->m; q++) {
        int i = ll->order[q];
        if (hero[i] != 0.0) {
            lw += hero[i] * beat[i];
            lt += hero[i] * tie[i];
        }
    }
    for (int q = 0; q < ll->m; q++) {
        int a = ll->order[q];
        int32_t v = L[a];
        if (v <= 0 || v == last || mh[a] == 0.0) continue;
        last = v;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < n; i++) {
                w[i] = (L[i] >= 0 && (round ? L[i] <= v : L[i] < v)) ? mo[i] : 0.0;
                hero[i] = L[i] == v ? mh[i] : 0.0;
            }
            prc_bd_sweep(hl, w, hero, x->sums, beat, tie, apart);
            for (int p = q; p < ll->m && L[ll->order[p]] == v; p++) {
                int i = ll->order[p];
                if (hero[i] == 0.0) continue;
                if (round)
                    d2 += hero[i] * (beat[i] + tie[i]);
                else
                    d1 += hero[i] * beat[i];
            }
        }
    }
    const double U = PRC_EQ_UNIT;
    out[0] = hw0 + d1;
    out[1] = (hw_0 - hw0 + ht_0) + (hw_1 - d1 + ht_1 + lw + lt - d2);
    out[3] = U * hw0 + U / 2 * (hw_0 - hw0) + U / 2 * ht0 + U / 4 * (ht_0 - ht0) +
             U / 2 * hw_1 + U / 4 * ht_1;
    out[4] = U / 2 * lw + U / 4 * lt;
    out[2] = out[3] + out[4];
    out[5] = hw_0 + hw_1;
    out[6] = ht_0 + ht_1;
    out[7] = lw;
    out[8] = lt;
    out[9] = all;
}

/* Heads-up hi-lo tallies of one board: both seats as heroes in turn, for
 * the counts and (weighted) the weights. */
static void prc_eq_sweep_hilo(const prc_eq_sweep_t *j, const prc_bd_list_t *hl,
                              const prc_bd_list_t *ll, const prc_eq_sweep_work_t *x,
                              uint64_t *stats, double *wstats, double *wtotal) {
    static const int col[9] = {PRC_EQ_WINS,    PRC_EQ_TIES,    PRC_EQ_UNITS,
                               PRC_EQ_HI_UNITS, PRC_EQ_LO_UNITS, PRC_EQ_HI_WINS,
                               PRC_EQ_HI_TIES,  PRC_EQ_LO_WINS,  PRC_EQ_LO_TIES};
    for (int run = 0; run < 2; run++) {
        const double *const *m = run ? j->weight : j->count;
        if (run && m[0] == NULL) break;
        for (int h = 0; h < 2; h++) {
            double out[10];
            prc_eq_hilo_side(j, hl, ll, x, m[h], m[1 - h], out);
            for (int c = 0; c < 9; c++) {
                size_t k = (size_t)h * PRC_EQ_NSTAT + col[c];
                if (run)
                    wstats[k] += out[c];
                else
                    stats[k] += (uint64_t)llround(out[c]);
            }
            if (run && h == 0) *wtotal += out[9];
        }
    }
}

/* Seat 0's tallies on one ranked board (l) against seat 1, by one sweep
 * of their masses m0 and m1 (counts or weights): mass won, tied and lost
 * added to t[0..2]; returns the mass of every deal that fits. */
static inline double prc_eq_two_side(const prc_bd_list_t *l, const prc_eq_sweep_work_t *x,
                                     int n, const double *m0, const double *m1, double t[3]) {
    double *beat = x->d, *tie = x->d + n, *apart = x->d + 2 * (size_t)n;
    prc_bd_sweep(l, m1, m0, x->sums, beat, tie, apart);
    double all = 0;
    for (int q = 0; q < l->m; q++) {
        int i = l->order[q];
        if (m0[i] == 0.0) continue;
        t[0] += m0[i] * beat[i];
        t[1] += m0[i] * tie[i];
        t[2] += m0[i] * (apart[i] - beat[i] - tie[i]);
        all += m0[i] * apart[i];
    }
    return all;
}

/* Heads-up tallies of one ranked board (l), by two sweeps: the counts
 * (every pair of combos that fits is one deal), then the weights. */
static void prc_eq_sweep_two(const prc_eq_sweep_t *j, const prc_bd_list_t *l,
                             const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                             double *wtotal) {
    double t[3] = {0, 0, 0};
    prc_eq_two_side(l, x, j->n, j->count[0], j->count[1], t);
    prc_eq_add_two(stats, NULL, 0, t[0], t[1], t[2]);
    if (j->weight[0] == NULL) return;
    double w[3] = {0, 0, 0};
    *wtotal += prc_eq_two_side(l, x, j->n, j->weight[0], j->weight[1], w);
    prc_eq_add_two(NULL, wstats, 0, w[0], w[1], w[2]);
}

/* A combination in progress of the combined seats' combos (three or more
 * players): its cards, the product of its counts and weights, and the best
 * strength so far with its tie group and the seats that hold it. */
typedef struct {
    const prc_eq_sweep_t *j;
    const prc_eq_sweep_work_t *x;
    int seats[PRC_EQ_SWEEP_MAX_PLAYERS], nseat;
    int n_lists[PRC_EQ_SWEEP_MAX_PLAYERS];
    int ng; /* tie groups of the board */
    uint8_t cards[2 * PRC_EQ_SWEEP_MAX_PLAYERS];
    uint64_t *stats;
    double *wstats, *wtotal;
    int halted; /* the stop flag was seen: unwind */
} prc_eq_multi_t;

/* The counted seat's combos in the tie groups before G that share no card
 * with cards[0..u): count and weight (inclusion and exclusion: the total,
 * less the combos holding each card, plus those holding each pair). */
static PRC_ALWAYS_INLINE void prc_eq_counted(const prc_eq_sweep_work_t *x, int G,
                                             const uint8_t *cards, int u, int weighted,
                                             int64_t *count, double *weight) {
    int64_t c = x->ct[G];
    double w = weighted ? x->wt[G] : 0.0;
    const int64_t *cx = x->cx + (size_t)G * 52;
    const double *wx = x->wx + (size_t)G * 52;
    for (int a = 0; a < u; a++) {
        c -= cx[cards[a]];
        if (weighted) w -= wx[cards[a]];
    }
    for (int a = 0; a < u; a++)
        for (int b = a + 1; b < u; b++) {
            int id = cards[a] * 52 + cards[b];
            if (x->pgrp[id] < 0 || x->pgrp[id] >= G) continue;
            c += x->pc[id];
            if (weighted) w += x->pw[id];
        }
    *count = c;
    *weight = w;
}

/* Level d of the combination: each combo of seat seats[d] that fits. */
static void prc_eq_multi_level(prc_eq_multi_t *mc, int d, uint64_t used, int64_t pc, double pw,
                               int32_t best, int gbest, unsigned at_best) {
    const prc_eq_sweep_t *j = mc->j;
    const prc_eq_sweep_work_t *x = mc->x;
    const int seat = mc->seats[d];
    const int32_t *list = x->lists + (size_t)seat * j->n;
    const int weighted = j->weight[0] != NULL;
    for (int q = 0; q < mc->n_lists[seat]; q++) {
        int i = list[q];
        uint64_t m = x->mask[i];
        if (used & m) continue;
        /* the first seat's combos start one sub-tree each: a few
         * milliseconds of work at most with six players' worth of lists */
        if (d == 0 && prc_eq_stopped_flag(j->stop)) {
            mc->halted = 1;
            return;
        }
        const uint8_t *c = j->combos + (size_t)i * 2;
        mc->cards[2 * d] = c[0];
        mc->cards[2 * d + 1] = c[1];
        int64_t pc2 = pc * (int64_t)j->count[seat][i];
        double pw2 = weighted ? pw * j->weight[seat][i] : 0.0;
        int32_t s = x->strength[i];
        int32_t best2 = best;
        int gbest2 = gbest;
        unsigned at2 = at_best;
        if (s > best) {
            best2 = s;
            gbest2 = x->grp[i];
            at2 = 1u << seat;
        } else if (s == best) {
            at2 |= 1u << seat;
        }
        if (d + 1 < mc->nseat) {
            prc_eq_multi_level(mc, d + 1, used | m, pc2, pw2, best2, gbest2, at2);
            if (mc->halted) return;
            continue;
        }
        /* a whole combination: the counted seat below, level with and
         * above its best */
        const int u = 2 * mc->nseat;
        int64_t lt, le, all;
        double wlt = 0, wle = 0, wall = 0;
        prc_eq_counted(x, gbest2, mc->cards, u, weighted, &lt, &wlt);
        prc_eq_counted(x, gbest2 + 1, mc->cards, u, weighted, &le, &wle);
        prc_eq_counted(x, mc->ng, mc->cards, u, weighted, &all, &wall);
        if (all == 0 && wall == 0.0) continue;
        int kt = prc_popcount64(at2);
        uint64_t eq = (uint64_t)(le - lt), gt = (uint64_t)(all - le), below = (uint64_t)lt;
        uint64_t share = PRC_EQ_UNIT / (unsigned)kt, share_eq = PRC_EQ_UNIT / (unsigned)(kt + 1);
        uint64_t upc = (uint64_t)pc2;
        for (unsigned bits = at2; bits; bits &= bits - 1) {
            uint64_t *row = mc->stats + (size_t)prc_ctz64(bits) * PRC_EQ_NSTAT;
            row[PRC_EQ_WINS] += kt == 1 ? upc * below : 0;
            row[PRC_EQ_TIES] += upc * ((kt > 1 ? below : 0) + eq);
            row[PRC_EQ_UNITS] += upc * (below * share + eq * share_eq);
        }
        uint64_t *row = mc->stats + (size_t)j->counted * PRC_EQ_NSTAT;
        row[PRC_EQ_WINS] += upc * gt;
        row[PRC_EQ_TIES] += upc * eq;
        row[PRC_EQ_UNITS] += upc * (gt * PRC_EQ_UNIT + eq * share_eq);
        if (!weighted) continue;
        double weq = wle - wlt, wgt = wall - wle;
        for (unsigned bits = at2; bits; bits &= bits - 1) {
            double *v = mc->wstats + (size_t)prc_ctz64(bits) * PRC_EQ_NSTAT;
            v[PRC_EQ_WINS] += kt == 1 ? pw2 * wlt : 0.0;
            v[PRC_EQ_TIES] += pw2 * ((kt > 1 ? wlt : 0.0) + weq);
            v[PRC_EQ_UNITS] += pw2 * (wlt * (double)share + weq * (double)share_eq);
        }
        double *v = mc->wstats + (size_t)j->counted * PRC_EQ_NSTAT;
        v[PRC_EQ_WINS] += pw2 * wgt;
        v[PRC_EQ_TIES] += pw2 * weq;
        v[PRC_EQ_UNITS] += pw2 * (wgt * PRC_EQ_UNIT + weq * (double)share_eq);
        *mc->wtotal += pw2 * wall;
    }
}


/* The tie groups of a ranked board: x->grp[i] each live combo's group,
 * x->gstart[g] each group's first place in the order (and [ng] its end);
 * returns ng. */
static int prc_eq_groups(const prc_bd_list_t *l, const prc_eq_sweep_work_t *x) {
    int ng = 0;
    for (int q = 0; q < l->m; q++) {
        int i = l->order[q];
        if (q == 0 || l->strength[i] != l->strength[l->order[q - 1]]) x->gstart[ng++] = q;
        x->grp[i] = ng - 1;
    }
    x->gstart[ng] = l->m;
    return ng;
}

/* Three players, one board, two-card combos: no combination is visited.
 * The two seats that are not counted ("A" and "B") take turns as hero and
 * partner: for each hero combo a, the partner's combos b below a (and, with
 * A as hero, level with a) are running sums per card, and the counted
 * seat's ("C") mass apart from a and b in the groups below a bound G,
 *     CT[G] - CX[G][a0] - CX[G][a1] - CX[G][b0] - CX[G][b1]
 *           + C(a) + C(b) + C(a0 b0) + C(a0 b1) + C(a1 b0) + C(a1 b1)
 * (C(pair): C's mass of that combo when its group is below G), summed over
 * b, is a sum over cards weighted by the partner's mass per card. Bounds:
 * the best group's start (C below), its end (C at most level), and all. */
typedef struct {
    const prc_bd_list_t *l;
    const prc_eq_sweep_work_t *x;
    const uint8_t *combos;
    int ng;
    const double *ct, *cx; /* C's mass before each group: all, per card */
    const double *mass[3]; /* per pair of cards: A's, B's and C's combo */
} prc_eq_three_t;

/* The entry of a pair of cards (either order) in the pair tables. */
#define PRC_EQ_PAIR(a, b) ((a) * 52 + (b))

/* The partner's running sums: in all and per card, and the same weighted
 * by C's mass of the same combo. */
typedef struct {
    double tot, card[52], totc, cardc[52];
} prc_eq_partner_t;

/* For hero combo i (group g) and the partner's combos in S (every one
 * below group g; with upto, in group g too) that share no card with i:
 * out[k] = the sum over those b of the partner's mass times C's mass apart
 * from i and b below bound k (g, g + 1, ng). below: S's sums before group
 * g (needed by upto at bound g). q: the partner's seat role (0 A, 1 B). */
static void prc_eq_three_sums(const prc_eq_three_t *t, int i, int g, int upto, int q,
                              const prc_eq_partner_t *S, const prc_eq_partner_t *below,
                              double *out) {
    const prc_eq_sweep_work_t *x = t->x;
    const uint8_t *c = t->combos + (size_t)i * 2;
    const int a0 = c[0], a1 = c[1];
    const int32_t si = x->strength[i];
    const double *mq = t->mass[q], *mc = t->mass[2];
    const int self = PRC_EQ_PAIR(a0, a1);
    /* the partner's mass per card apart from i: the combos holding y and a
     * card of i are the pairs {y a0} and {y a1} */
    double bc[52];
    double ws = S->tot - S->card[a0] - S->card[a1] + (upto ? mq[self] : 0.0);
    for (int y = 0; y < 52; y++) {
        double v = 0.0;
        if (y != a0 && y != a1) {
            v = S->card[y];
            int p0 = PRC_EQ_PAIR(y, a0), p1 = PRC_EQ_PAIR(y, a1);
            int32_t s0 = x->pstr[p0], s1 = x->pstr[p1];
            if (s0 >= 0 && (s0 < si || (upto && s0 == si))) v -= mq[p0];
            if (s1 >= 0 && (s1 < si || (upto && s1 == si))) v -= mq[p1];
        }
        bc[y] = v;
    }
    for (int k = 0; k < 3; k++) {
        const int G = k == 0 ? g : k == 1 ? g + 1 : t->ng;
        const double *cx = t->cx + (size_t)G * 52;
        double base = t->ct[G] - cx[a0] - cx[a1] + (G > g ? mc[self] : 0.0);
        double t2 = 0.0, t4 = 0.0;
        for (int y = 0; y < 52; y++) {
            if (bc[y] == 0.0) continue;
            t2 += cx[y] * bc[y];
            int q0 = PRC_EQ_PAIR(a0, y), q1 = PRC_EQ_PAIR(a1, y);
            double pg = 0.0;
            if (x->pgrp[q0] >= 0 && x->pgrp[q0] < G) pg += mc[q0];
            if (x->pgrp[q1] >= 0 && x->pgrp[q1] < G) pg += mc[q1];
            t4 += pg * bc[y];
        }
        /* the partner's combos b weighted by C(b): b's group is below G but
         * at bound g with upto, where only the groups before g count */
        double t3;
        if (upto && G == g)
            t3 = below->totc - below->cardc[a0] - below->cardc[a1];
        else
            t3 = S->totc - S->cardc[a0] - S->cardc[a1] + (upto ? mq[self] * mc[self] : 0.0);
        out[k] = ws * base - t2 + t3 + t4;
    }
}

static void prc_eq_partner_add(prc_eq_partner_t *S, const uint8_t *c, double m, double mc) {
    S->tot += m;
    S->card[c[0]] += m;
    S->card[c[1]] += m;
    S->totc += m * mc;
    S->cardc[c[0]] += m * mc;
    S->cardc[c[1]] += m * mc;
}

/* One pass of seat role h as hero (0 A, 1 B) against the other: alone[k]
 * (the hero's combo strictly best of the two) and, with equal, level[k]
 * (both level), each k a bound as prc_eq_three_sums, summed over the
 * hero's combos times their mass. */
static void prc_eq_three_pass(const prc_eq_three_t *t, int h, int equal, double *alone,
                              double *level) {
    const prc_bd_list_t *l = t->l;
    const prc_eq_sweep_work_t *x = t->x;
    const int q = 1 - h;
    prc_eq_partner_t S, below;
    memset(&S, 0, sizeof S);
    for (int k = 0; k < 3; k++) alone[k] = level[k] = 0.0;
    double out[3], up[3];
    for (int g = 0; g < t->ng; g++) {
        const int from = x->gstart[g], to = x->gstart[g + 1];
        for (int p = from; p < to; p++) {
            int i = l->order[p];
            double mh = t->mass[h][PRC_EQ_PAIR(t->combos[2 * i], t->combos[2 * i + 1])];
            if (mh == 0.0 || S.tot == 0.0) continue;
            prc_eq_three_sums(t, i, g, 0, q, &S, &S, out);
            for (int k = 0; k < 3; k++) alone[k] += mh * out[k];
        }
        below = S;
        int added = 0;
        for (int p = from; p < to; p++) {
            int i = l->order[p];
            const uint8_t *c = t->combos + (size_t)i * 2;
            int id = PRC_EQ_PAIR(c[0], c[1]);
            if (t->mass[q][id] == 0.0) continue;
            prc_eq_partner_add(&S, c, t->mass[q][id], t->mass[2][id]);
            added = 1;
        }
        if (!equal || !added) continue;
        for (int p = from; p < to; p++) {
            int i = l->order[p];
            double mh = t->mass[h][PRC_EQ_PAIR(t->combos[2 * i], t->combos[2 * i + 1])];
            if (mh == 0.0) continue;
            prc_eq_three_sums(t, i, g, 0, q, &below, &below, out);
            prc_eq_three_sums(t, i, g, 1, q, &S, &below, up);
            for (int k = 0; k < 3; k++) level[k] += mh * (up[k] - out[k]);
        }
    }
}

/* The tallies of three players on one ranked board: seats sa, sb combined
 * and sc counted; masses per pair of cards in x->pmass (A, B, C) for the
 * run's kind (counts: the uint64 stats; weights: wstats and *wtotal). */
static void prc_eq_three_tally(const prc_eq_three_t *t, int sa, int sb, int sc, uint64_t *stats,
                               double *wstats, double *wtotal, int weights) {
    double aa[3], bb[3], ab[3], unused[3];
    prc_eq_three_pass(t, 0, 1, aa, ab);
    prc_eq_three_pass(t, 1, 0, bb, unused);
    /* per seat: wins, ties, units */
    double tally[3][3];
    memset(tally, 0, sizeof tally);
    const double U = PRC_EQ_UNIT;
    for (int who = 0; who < 2; who++) {
        const double *v = who == 0 ? aa : bb;
        double below = v[0], level = v[1] - v[0], above = v[2] - v[1];
        tally[who][0] += below; /* alone above both */
        tally[who][1] += level; /* level with C */
        tally[who][2] += U * below + U / 2 * level;
        tally[2][1] += level;
        tally[2][0] += above;
        tally[2][2] += U / 2 * level + U * above;
    }
    {
        double below = ab[0], level = ab[1] - ab[0], above = ab[2] - ab[1];
        for (int who = 0; who < 2; who++) {
            tally[who][1] += below + level;
            tally[who][2] += U / 2 * below + U / 3 * level;
        }
        tally[2][1] += level;
        tally[2][0] += above;
        tally[2][2] += U / 3 * level + U * above;
    }
    const int seat[3] = {sa, sb, sc};
    const int col[3] = {PRC_EQ_WINS, PRC_EQ_TIES, PRC_EQ_UNITS};
    for (int who = 0; who < 3; who++)
        for (int k = 0; k < 3; k++) {
            size_t at = (size_t)seat[who] * PRC_EQ_NSTAT + col[k];
            if (weights)
                wstats[at] += tally[who][k];
            else
                stats[at] += (uint64_t)llround(tally[who][k]);
        }
    if (weights) *wtotal += aa[2] + bb[2] + ab[2];
}

/* Three players, two-card combos: the groups, the pair tables and C's
 * sums per group, then one tally of the counts and one of the weights. */
static void prc_eq_sweep_three(const prc_eq_sweep_t *j, const prc_bd_list_t *l,
                               const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                               double *wtotal) {
    const int L = j->counted;
    int sa = -1, sb = -1;
    for (int p = 0; p < 3; p++)
        if (p != L) {
            if (sa < 0)
                sa = p;
            else
                sb = p;
        }
    const int ng = prc_eq_groups(l, x);
    prc_eq_three_t t;
    t.l = l;
    t.x = x;
    t.combos = j->combos;
    t.ng = ng;
    t.ct = x->wt;
    t.cx = x->wx;
    double *mass = x->pmass;
    for (int p = 0; p < 3; p++) t.mass[p] = mass + (size_t)p * 2704;
    for (int run = 0; run < 2; run++) {
        const int weights = run == 1;
        if (weights && j->weight[0] == NULL) break;
        const double *const *m = weights ? j->weight : j->count;
        /* the pair tables: each live combo's strength, group and masses
         * (A only within the task's share of its combos) */
        for (int q = 0; q < l->m; q++) {
            int i = l->order[q];
            const uint8_t *c = j->combos + (size_t)i * 2;
            double ma = (i >= j->first_lo && i < j->first_hi) ? m[sa][i] : 0.0;
            for (int o = 0; o < 2; o++) {
                int id = o ? PRC_EQ_PAIR(c[1], c[0]) : PRC_EQ_PAIR(c[0], c[1]);
                x->pstr[id] = l->strength[i];
                x->pgrp[id] = x->grp[i];
                mass[id] = ma;
                mass[2704 + id] = m[sb][i];
                mass[2 * 2704 + id] = m[L][i];
            }
        }
        /* C's mass before each group, in all and per card */
        double ct = 0.0, cx[52];
        memset(cx, 0, sizeof cx);
        for (int g = 0; g <= ng; g++) {
            x->wt[g] = ct;
            memcpy(x->wx + (size_t)g * 52, cx, sizeof cx);
            if (g == ng) break;
            for (int q = x->gstart[g]; q < x->gstart[g + 1]; q++) {
                int i = l->order[q];
                double mc = m[L][i];
                if (mc == 0.0) continue;
                const uint8_t *c = j->combos + (size_t)i * 2;
                ct += mc;
                cx[c[0]] += mc;
                cx[c[1]] += mc;
            }
        }
        prc_eq_three_tally(&t, sa, sb, L, stats, wstats, wtotal, weights);
    }
    /* the pair tables back to empty for the next board */
    for (int q = 0; q < l->m; q++) {
        int i = l->order[q];
        const uint8_t *c = j->combos + (size_t)i * 2;
        x->pstr[PRC_EQ_PAIR(c[0], c[1])] = x->pstr[PRC_EQ_PAIR(c[1], c[0])] = -1;
        x->pgrp[PRC_EQ_PAIR(c[0], c[1])] = x->pgrp[PRC_EQ_PAIR(c[1], c[0])] = -1;
    }
}

/* Tallies of one ranked board (l) with three or more players; 0, or
 * PRC_EQ_STOPPED. */
static int prc_eq_sweep_multi(const prc_eq_sweep_t *j, const prc_bd_list_t *l,
                               const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                               double *wtotal) {
    const int n = j->n, L = j->counted;
    const int weighted = j->weight[0] != NULL;
    const double *cl = j->count[L], *wl = weighted ? j->weight[L] : NULL;
    /* tie groups, and the counted seat's sums at each group's start */
    const int ng = prc_eq_groups(l, x);
    int64_t ct = 0;
    double wt = 0;
    int64_t cx[52];
    double wx[52];
    memset(cx, 0, sizeof cx);
    memset(wx, 0, sizeof wx);
    for (int g = 0; g <= ng; g++) {
        x->ct[g] = ct;
        memcpy(x->cx + (size_t)g * 52, cx, sizeof cx);
        if (weighted) {
            x->wt[g] = wt;
            memcpy(x->wx + (size_t)g * 52, wx, sizeof wx);
        }
        if (g == ng) break;
        for (int q = x->gstart[g]; q < x->gstart[g + 1]; q++) {
            int i = l->order[q];
            if (cl[i] == 0.0) continue;
            const uint8_t *c = j->combos + (size_t)i * 2;
            int64_t k = (int64_t)cl[i];
            ct += k;
            cx[c[0]] += k;
            cx[c[1]] += k;
            if (weighted) {
                wt += wl[i];
                wx[c[0]] += wl[i];
                wx[c[1]] += wl[i];
            }
            int lo = c[0] < c[1] ? c[0] : c[1], hi = c[0] < c[1] ? c[1] : c[0];
            /* both orders of the pair, so that a lookup needs no sort */
            for (int t = 0; t < 2; t++) {
                int id = t ? hi * 52 + lo : lo * 52 + hi;
                x->pgrp[id] = g;
                x->pc[id] = k;
                x->pw[id] = weighted ? wl[i] : 0.0;
            }
        }
    }
    /* the combined seats' live combos */
    prc_eq_multi_t mc;
    mc.j = j;
    mc.x = x;
    mc.ng = ng;
    mc.nseat = 0;
    mc.stats = stats;
    mc.wstats = wstats;
    mc.wtotal = wtotal;
    mc.halted = 0;
    for (int p = 0; p < j->n_players; p++) {
        mc.n_lists[p] = 0;
        if (p == L) continue;
        int first = mc.nseat == 0;
        mc.seats[mc.nseat++] = p;
        int32_t *list = x->lists + (size_t)p * n;
        for (int q = 0; q < l->m; q++) {
            int i = l->order[q];
            if (first && (i < j->first_lo || i >= j->first_hi)) continue;
            if (j->count[p][i] != 0.0) list[mc.n_lists[p]++] = i;
        }
    }
    prc_eq_multi_level(&mc, 0, 0, 1, 1.0, -1, 0, 0);
    /* the pair table back to empty for the next board */
    for (int q = 0; q < l->m; q++) {
        int i = l->order[q];
        if (cl[i] == 0.0) continue;
        const uint8_t *c = j->combos + (size_t)i * 2;
        x->pgrp[c[0] * 52 + c[1]] = -1;
        x->pgrp[c[1] * 52 + c[0]] = -1;
    }
    return mc.halted ? PRC_EQ_STOPPED : 0;
}

/* Three to six players where sums per card cannot give the counted seat's
 * combos apart from a combination's cards (four-card combos share up to
 * four cards with it; hi-lo ranks each combo twice): every combination of
 * the other seats' combos is made, and the counted seat's live combos,
 * each ranked once for the board, fall in classes by where they stand
 * against the combination's best high (below, level, above) and, hi-lo,
 * its best qualifying low (none, below, level, above). Each class that is
 * not empty is settled once by prc_eq_tally with a stand-in value for the
 * counted seat (one below, equal to or one above the best), its deals
 * times its mass. Per combination and board: a mask test and two compares
 * per counted combo, where enumeration ranks every player's hand. */
typedef struct {
    const prc_eq_sweep_t *j;
    const prc_eq_sweep_work_t *x;
    int seats[PRC_EQ_SWEEP_MAX_PLAYERS], nseat;
    int n_lists[PRC_EQ_SWEEP_MAX_PLAYERS];
    int ne; /* the counted seat's live combos (x->emask and the rest) */
    uint16_t vh[PRC_EQ_SWEEP_MAX_PLAYERS], vl[PRC_EQ_SWEEP_MAX_PLAYERS];
    uint64_t *stats;
    double *wstats, *wtotal;
    int halted; /* the stop flag was seen: unwind */
} prc_eq_each_t;

/* The classes of the counted seat against a whole combination (its cards
 * used, count product pc, weight product pw, best high bh >= 0 and best
 * low bl), each settled. */
static void prc_eq_each_settle(prc_eq_each_t *e, uint64_t used, uint64_t pc, double pw,
                               int32_t bh, int32_t bl) {
    const prc_eq_sweep_t *j = e->j;
    const prc_eq_sweep_work_t *x = e->x;
    const int hilo = j->hilo, weighted = j->weight[0] != NULL, P = j->n_players;
    const uint64_t *em = x->emask;
    const int32_t *eh = x->ehigh, *el = x->elow;
    const double *ec = x->ecount, *ew = x->eweight;
    double cnt[12] = {0}, wsum[12] = {0};
    if (!hilo) { /* a loop each, so that the compiler drops the tests */
        for (int q = 0; q < e->ne; q++) {
            if (em[q] & used) continue;
            const int c = (eh[q] > bh) + (eh[q] >= bh);
            cnt[c] += ec[q];
            if (weighted) wsum[c] += ew[q];
        }
    } else {
        for (int q = 0; q < e->ne; q++) {
            if (em[q] & used) continue;
            const int32_t v = el[q];
            const int c = 4 * ((eh[q] > bh) + (eh[q] >= bh)) +
                          (v == 0 ? 0 : 1 + (v >= bl) + (v > bl));
            cnt[c] += ec[q];
            if (weighted) wsum[c] += ew[q];
        }
    }
    const int L = j->counted;
    for (int c = 0; c < (hilo ? 12 : 3); c++) {
        if (cnt[c] == 0.0) continue;
        /* the stand-ins exist: a combo below the best high means bh >= 1,
         * one above means bh < 65535; a low below bl means bl >= 2 */
        const int hc = hilo ? c / 4 : c, lc = hilo ? c % 4 : 0;
        e->vh[L] = (uint16_t)(bh + hc - 1);
        e->vl[L] = (uint16_t)(lc == 0 ? 0 : bl + lc - 2);
        const uint16_t *vl = hilo ? e->vl : NULL;
        prc_eq_tally(e->stats, P, e->vh, vl, pc * (uint64_t)cnt[c], 0);
        if (!weighted) continue;
        uint64_t one[PRC_EQ_SWEEP_MAX_PLAYERS * PRC_EQ_NSTAT];
        memset(one, 0, sizeof one);
        prc_eq_tally(one, P, e->vh, vl, 1, 0);
        const double w = pw * wsum[c];
        for (int i = 0; i < P * PRC_EQ_NSTAT; i++) e->wstats[i] += w * (double)one[i];
        *e->wtotal += w;
    }
}

/* Level d of the combination: each combo of seat seats[d] that fits. */
static void prc_eq_each_level(prc_eq_each_t *e, int d, uint64_t used, uint64_t pc, double pw,
                              int32_t bh, int32_t bl) {
    if (d == e->nseat) {
        prc_eq_each_settle(e, used, pc, pw, bh, bl);
        return;
    }
    const prc_eq_sweep_t *j = e->j;
    const prc_eq_sweep_work_t *x = e->x;
    const int seat = e->seats[d], weighted = j->weight[0] != NULL;
    const int32_t *list = x->lists + (size_t)seat * j->n;
    for (int q = 0; q < e->n_lists[seat]; q++) {
        const int i = list[q];
        const uint64_t m = x->mask[i];
        if (used & m) continue;
        /* every level, so that six players' worth of lists still stop soon */
        if (prc_eq_stopped_flag(j->stop)) {
            e->halted = 1;
            return;
        }
        const int32_t h = x->strength[i], v = j->hilo ? x->lstrength[i] : 0;
        e->vh[seat] = (uint16_t)h;
        e->vl[seat] = (uint16_t)v;
        prc_eq_each_level(e, d + 1, used | m, pc * (uint64_t)j->count[seat][i],
                          weighted ? pw * j->weight[seat][i] : 0.0, h > bh ? h : bh,
                          v > bl ? v : bl);
        if (e->halted) return;
    }
}

/* Tallies of one ranked board (l; hi-lo: the low strengths in
 * x->lstrength) with three or more players, by prc_eq_each_level; 0, or
 * PRC_EQ_STOPPED. */
static int prc_eq_sweep_each(const prc_eq_sweep_t *j, const prc_bd_list_t *l,
                             const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                             double *wtotal) {
    const int n = j->n, L = j->counted, weighted = j->weight[0] != NULL;
    prc_eq_each_t e;
    e.j = j;
    e.x = x;
    e.nseat = 0;
    e.ne = 0;
    e.stats = stats;
    e.wstats = wstats;
    e.wtotal = wtotal;
    e.halted = 0;
    memset(e.vh, 0, sizeof e.vh);
    memset(e.vl, 0, sizeof e.vl);
    for (int q = 0; q < l->m; q++) {
        const int i = l->order[q];
        if (j->count[L][i] == 0.0) continue;
        x->emask[e.ne] = x->mask[i];
        x->ehigh[e.ne] = x->strength[i];
        x->elow[e.ne] = j->hilo ? x->lstrength[i] : 0;
        x->ecount[e.ne] = j->count[L][i];
        x->eweight[e.ne] = weighted ? j->weight[L][i] : 0.0;
        e.ne++;
    }
    if (e.ne == 0) return 0;
    for (int p = 0; p < j->n_players; p++) {
        e.n_lists[p] = 0;
        if (p == L) continue;
        const int first = e.nseat == 0;
        e.seats[e.nseat++] = p;
        int32_t *list = x->lists + (size_t)p * n;
        for (int q = 0; q < l->m; q++) {
            const int i = l->order[q];
            if (first && (i < j->first_lo || i >= j->first_hi)) continue;
            if (j->count[p][i] != 0.0) list[e.n_lists[p]++] = i;
        }
    }
    prc_eq_each_level(&e, 0, 0, 1, 1.0, -1, 0);
    return e.halted ? PRC_EQ_STOPPED : 0;
}

/* Tallies of boards b_lo..b_hi-1 (colex order of the dealt positions) into
 * stats (n_players * PRC_EQ_NSTAT), and with weights into wstats (same
 * shape) and *wtotal (the weight of every combination that fits times its
 * deals). x: the scratch of prc_eq_sweep_work_t, its pgrp all -1 on entry
 * (and on return). Returns 0, PRC_EQ_BAD_SPEC or PRC_EQ_STOPPED. */
PRC_ENTRY int prc_eq_sweep(const prc_eq_sweep_t *j, int64_t b_lo, int64_t b_hi,
                           const prc_eq_sweep_work_t *x, uint64_t *stats, double *wstats,
                           double *wtotal) {
    const int r = j->board_final - j->nb, n = j->n, P = j->n_players;
    const int64_t boards = prc_eq_sweep_boards(j);
    if (r < 0 || r > 5 || j->board_final > 5 || (j->k != 2 && j->k != 4) || n < 0 ||
        b_lo < 0 || b_lo > b_hi || b_hi > boards || P < 2 || P > PRC_EQ_SWEEP_MAX_PLAYERS ||
        (P > 2 && (j->counted < 0 || j->counted >= P || j->first_lo < 0 ||
                   j->first_lo > j->first_hi)))
        return PRC_EQ_BAD_SPEC;
    /* three or more players: sums per card for two-card combos of one
     * ranking, else each combination of the other seats (prc_eq_sweep_each) */
    const int each = P > 2 && (j->k != 2 || j->hilo);
    uint8_t board[5];
    for (int i = 0; i < j->nb; i++) board[i] = j->board[i];
    int pos[5] = {0, 0, 0, 0, 0};
    if (b_lo < b_hi) prc_eq_unrank_board(b_lo, r, pos);
    prc_bd_list_t l;
    l.n = n;
    l.k = j->k;
    l.nsub = prc_bd_nsub(j->k);
    l.strength = x->strength;
    l.order = x->order;
    l.sub = j->sub;
    prc_bd_prepare(j->combos, j->k, 0, n, x->prepared);
    if (P > 2)
        for (int i = 0; i < n; i++) x->mask[i] = x->prepared[i].mask;
    /* heads-up with two-card combos and a seat of few combos: that seat's
     * list, the other's, and the other's by card */
    int few = -1, nh = 0, no = 0;
    if (P == 2 && j->k == 2 && !j->hilo) {
        int c0 = 0, c1 = 0;
        for (int i = 0; i < n; i++) {
            c0 += j->count[0][i] != 0.0;
            c1 += j->count[1][i] != 0.0;
        }
        few = c0 <= c1 ? 0 : 1;
        if ((few == 0 ? c0 : c1) > PRC_EQ_FEW) few = -1;
    }
    if (few >= 0) {
        const double *co = j->count[1 - few];
        for (int c = 0; c <= 52; c++) x->card_start[c] = 0;
        for (int i = 0; i < n; i++) {
            if (j->count[few][i] != 0.0) x->lists[nh++] = i;
            if (co[i] == 0.0) continue;
            x->lists[n + no++] = i;
            x->card_start[j->combos[2 * i] + 1]++;
            x->card_start[j->combos[2 * i + 1] + 1]++;
        }
        for (int c = 0; c < 52; c++) x->card_start[c + 1] += x->card_start[c];
        int filled[52] = {0};
        for (int q = 0; q < no; q++) {
            int i = x->lists[n + q];
            for (int t = 0; t < 2; t++) {
                int c = j->combos[2 * i + t];
                x->card_list[x->card_start[c] + filled[c]++] = i;
            }
        }
    }
    for (int64_t b = b_lo; b < b_hi; b++) {
        if (prc_eq_stopped_flag(j->stop)) return PRC_EQ_STOPPED;
        for (int i = 0; i < r; i++) board[j->nb + i] = j->deck[pos[i]];
        if (few >= 0) { /* strengths made inside, as needed */
            prc_bd_board_t bd;
            prc_bd_board(board, j->board_final, &bd);
            prc_eq_sweep_few(j, x, few, nh, no, &bd, stats, wstats, wtotal);
            if (r > 0 && b + 1 < b_hi) prc_eq_next_board(r, pos);
            continue;
        }
        prc_eq_rank(j, &j->game, j->fast, board, x->prepared, x->strength);
        if (j->hilo) prc_eq_rank(j, &j->low, j->low_fast, board, x->prepared, x->lstrength);
        if (j->hilo && P == 2) {
            prc_bd_list_t ll = l;
            ll.strength = x->lstrength;
            ll.order = x->lorder;
            l.m = prc_bd_sort(x->strength, n, x->order, x->tmp);
            ll.m = prc_bd_sort(x->lstrength, n, x->lorder, x->tmp);
            prc_eq_sweep_hilo(j, &l, &ll, x, stats, wstats, wtotal);
            if (r > 0 && b + 1 < b_hi) prc_eq_next_board(r, pos);
            continue;
        }
        l.m = prc_bd_sort(x->strength, n, x->order, x->tmp);
        if (P == 2)
            prc_eq_sweep_two(j, &l, x, stats, wstats, wtotal);
        else if (each) {
            if (prc_eq_sweep_each(j, &l, x, stats, wstats, wtotal)) return PRC_EQ_STOPPED;
        } else if (P == 3)
            prc_eq_sweep_three(j, &l, x, stats, wstats, wtotal);
        else if (prc_eq_sweep_multi(j, &l, x, stats, wstats, wtotal))
            return PRC_EQ_STOPPED;
        if (r > 0 && b + 1 < b_hi) prc_eq_next_board(r, pos);
    }
    return 0;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
