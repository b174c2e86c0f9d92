/* pyrankcore: every hand on one board at once.
 *
 * Strengths of a list of hole-card combos on a board, their order by
 * strength, and the sweep that solvers and exact range equity are built on:
 * for each combo of one list, the opponent's mass (a reach or weight per
 * combo of the same list) that it beats, ties and could face at all, with
 * card removal. The sweep walks the combos in ascending strength keeping
 * running sums of the opponent's mass: in all, per card, and for four-card
 * combos per pair and per triple of cards. A combo's compatible mass is
 * then, by inclusion and exclusion over the subsets of its cards, the total
 * minus the mass holding each of its cards, plus the mass holding each
 * pair of them, minus each triple, plus the mass of the combo itself (a
 * combo holds every subset of its own cards, so its alternating sum is
 * zero: it never counts against itself). Cost per board: one lookup per
 * combo, a radix sort and two passes.
 *
 * Pure C over prc_eval.h and prc_omaha.h; the Cython layer
 * (pyrankcore/_board.pxi) checks every card and size first.
 */
#ifndef PRC_BOARD_H
#define PRC_BOARD_H

#include <stdint.h>
#include <string.h>
#include "prc_eval.h"
#include "prc_omaha.h"

#define PRC_BD_PAIRS 1326    /* two-card subsets of the deck */
#define PRC_BD_TRIPLES 22100 /* three-card subsets of the deck */
#define PRC_BD_MAX_SUBSETS 14 /* a four-card combo: 4 cards, 6 pairs, 4 triples */

/* How combos are ranked on a board: a ranking's tables, Omaha's
 * two-plus-three rule or the best five of hole and board together. */
typedef struct {
    const prc_game_t *g;
    int std;      /* g is the standard high ranking (its fast path) */
    int omaha;    /* exactly two hole cards and three board cards */
    uint64_t deck; /* ids the ranking's deck holds */
} prc_bd_game_t;

/* A combo's cards summed once for every board it is ranked on: its key,
 * suit-major bits and id mask. */
typedef struct {
    uint64_t key, bits, mask;
} prc_bd_combo_t;

/* A list of n combos of k cards (2 or 4 for the sweep) ranked on one board:
 * strength[i] (-1: the combo shares a card with the board), order[0..m)
 * the indices of the m others by ascending strength, and each combo's
 * subset ids (k card ids, then for k = 4 its 6 pair ids and 4 triple ids,
 * nsub in all), which the sweep's running sums are indexed by. */
typedef struct {
    int n, k, m, nsub;
    const int32_t *strength;
    const int32_t *order;
    const uint16_t *sub;
} prc_bd_list_t;

/* Running sums of the opponent's mass, as doubles: the total, then per card
 * (52), then for four-card combos per pair (1326) and per triple (22100)
 * of cards, PRC_BD_SUMS(k) in all. */
#define PRC_BD_CARD 1
#define PRC_BD_PAIR (PRC_BD_CARD + 52)
#define PRC_BD_TRIPLE (PRC_BD_PAIR + PRC_BD_PAIRS)
#define PRC_BD_SUMS(k) ((k) == 4 ? PRC_BD_TRIPLE + PRC_BD_TRIPLES : PRC_BD_PAIR)

#ifndef PRC_KERNELS_DECLARE /* the kernels' parts: compiled in prc_kernels.c */

/* Combinatorial ids of a pair a < b and a triple a < b < c of card ids. */
static inline int prc_bd_pair_id(int a, int b) { return b * (b - 1) / 2 + a; }
static inline int prc_bd_triple_id(int a, int b, int c) {
    return c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a;
}

/* Subsets a k-card combo is indexed by (see prc_bd_list_t). */
PRC_ENTRY int prc_bd_nsub(int k) { return k == 4 ? PRC_BD_MAX_SUBSETS : k; }

/* Fill sub[0..nsub) for combo c (k ids, any order, no repeats). */
PRC_ENTRY void prc_bd_subsets(const uint8_t *c, int k, uint16_t *sub) {
    uint8_t s[6];
    for (int i = 0; i < k; i++) s[i] = c[i];
    for (int i = 1; i < k; i++) /* sorted, so every subset id is canonical */
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint8_t t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    int n = 0;
    for (int i = 0; i < k; i++) sub[n++] = s[i];
    if (k != 4) return;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) sub[n++] = (uint16_t)prc_bd_pair_id(s[i], s[j]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            for (int l = j + 1; l < 4; l++) sub[n++] = (uint16_t)prc_bd_triple_id(s[i], s[j], s[l]);
}

/* A board's sums: its key (with the suit counters' start), suit-major bits
 * and id mask. */
typedef struct {
    uint64_t key, bits, mask;
} prc_bd_board_t;

static inline void prc_bd_board(const uint8_t *board, int nb, prc_bd_board_t *b) {
    b->key = PRC_SUIT_START;
    b->bits = 0;
    b->mask = 0;
    for (int i = 0; i < nb; i++) {
        b->key += PRC_CARD_KEY16(board[i]);
        b->bits |= PRC_CARD_BITS16(board[i]);
        b->mask |= 1ULL << board[i];
    }
}

/* The strength of one hold'em-style combo (its sums c) on board b, n cards
 * in all, or -1 when it shares a card with the board; std: x is the
 * standard high ranking (the suit bits read only where a flush is
 * possible). */
static PRC_ALWAYS_INLINE int32_t prc_bd_one(const prc_bd_game_t *x, const prc_bd_board_t *b,
                                            const prc_bd_combo_t *c, int n, int std) {
    if (c->mask & b->mask) return -1;
    uint64_t key = b->key + c->key;
    if (std)
        return key & PRC_FLUSH_BITS ? prc_high_value(key, b->bits | c->bits)
                                    : prc_rank_lookup((uint32_t)key);
    return prc_game_value(x->g, key, b->bits | c->bits, n);
}

/* The sums of combos lo..hi-1 (k cards each, C order) for
 * prc_bd_strengths. */
PRC_ENTRY void prc_bd_prepare(const uint8_t *combos, int k, long lo, long hi,
                              prc_bd_combo_t *out) {
    for (long i = lo; i < hi; i++) {
        const uint8_t *c = combos + (size_t)i * k;
        uint64_t key = 0, bits = 0, mask = 0;
        for (int j = 0; j < k; j++) {
            key += PRC_CARD_KEY16(c[j]);
            bits |= PRC_CARD_BITS16(c[j]);
            mask |= 1ULL << c[j];
        }
        out[i].key = key;
        out[i].bits = bits;
        out[i].mask = mask;
    }
}

/* Strengths of combos lo..hi-1 (k cards each, C order; pc their sums from
 * prc_bd_prepare) on board[0..nb): -1 for a combo that shares a card with
 * the board. The caller checked the board, every combo's ids against
 * x->deck and repeats within a combo. Hold'em-style hands cost one add and
 * one lookup a combo (the suit bits only where a flush is possible). */
PRC_ENTRY void prc_bd_strengths(const prc_bd_game_t *x, const uint8_t *board, int nb,
                                const uint8_t *combos, const prc_bd_combo_t *pc, int k,
                                long lo, long hi, int32_t *out) {
    prc_bd_board_t b;
    prc_bd_board(board, nb, &b);
    if (x->omaha) {
        for (long i = lo; i < hi; i++)
            out[i] = pc[i].mask & b.mask ? -1 : prc_omaha(x->g, combos + (size_t)i * k, k, board, nb);
        return;
    }
    const int n = k + nb;
    if (x->std) { /* the loop of its own lets the compiler drop the test */
        for (long i = lo; i < hi; i++) out[i] = prc_bd_one(x, &b, &pc[i], n, 1);
        return;
    }
    for (long i = lo; i < hi; i++) out[i] = prc_bd_one(x, &b, &pc[i], n, 0);
}

/* order[0..m) = the indices i with strength[i] >= 0, by ascending
 * strength (stable: equal strengths keep their index order); returns m.
 * Two passes of a byte-wise radix sort (strengths are below 2**16);
 * scratch holds n ints. */
PRC_ENTRY int prc_bd_sort(const int32_t *strength, int n, int32_t *order, int32_t *scratch) {
    int count[2][257];
    memset(count, 0, sizeof count);
    int m = 0;
    for (int i = 0; i < n; i++) {
        int32_t s = strength[i];
        if (s < 0) continue;
        count[0][(s & 0xFF) + 1]++;
        count[1][((s >> 8) & 0xFF) + 1]++;
        m++;
    }
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < 256; b++) count[d][b + 1] += count[d][b];
    for (int i = 0; i < n; i++) {
        int32_t s = strength[i];
        if (s >= 0) scratch[count[0][s & 0xFF]++] = i;
    }
    for (int j = 0; j < m; j++) {
        int i = scratch[j];
        order[count[1][(strength[i] >> 8) & 0xFF]++] = i;
    }
    return m;
}

static inline void prc_bd_zero(double *s, int k) {
    memset(s, 0, sizeof(double) * PRC_BD_SUMS(k));
}

static PRC_ALWAYS_INLINE void prc_bd_add(double *s, const uint16_t *sub, int k, double w) {
    s[0] += w;
    for (int j = 0; j < k; j++) s[PRC_BD_CARD + sub[j]] += w;
    if (k == 4) {
        for (int j = 4; j < 10; j++) s[PRC_BD_PAIR + sub[j]] += w;
        for (int j = 10; j < 14; j++) s[PRC_BD_TRIPLE + sub[j]] += w;
    }
}

/* The alternating sum over the subsets of a combo's cards but the whole
 * combo: the mass in s that shares no card with the combo, but for the
 * combo itself, which the caller adds back where s holds it (the last term
 * of the inclusion and exclusion). */
static PRC_ALWAYS_INLINE double prc_bd_apart(const double *s, const uint16_t *sub, int k) {
    double m = s[0];
    for (int j = 0; j < k; j++) m -= s[PRC_BD_CARD + sub[j]];
    if (k == 4) {
        for (int j = 4; j < 10; j++) m += s[PRC_BD_PAIR + sub[j]];
        for (int j = 10; j < 14; j++) m -= s[PRC_BD_TRIPLE + sub[j]];
    }
    return m;
}

/* prc_bd_sweep for a k known to the compiler (k = 2 or 4, ns = nsub). One
 * running sum walks the tie groups in ascending strength: a combo beats
 * what it holds before the combo's group is added, and ties what the group
 * adds; what it could face at all is the sum once every combo is in. */
static PRC_ALWAYS_INLINE void prc_bd_sweep_k(const prc_bd_list_t *l, const double *w,
                                             const double *hero, double *sums, double *beat,
                                             double *tie, double *apart, const int k,
                                             const int ns) {
    const int m = l->m;
    const int32_t *order = l->order, *st = l->strength;
    const uint16_t *sub = l->sub;
    prc_bd_zero(sums, k);
    for (int i = 0; i < l->n; i++)
        if (st[i] < 0) beat[i] = tie[i] = apart[i] = 0.0;
    int j = 0;
    while (j < m) {
        int32_t s = st[order[j]];
        int end = j + 1;
        while (end < m && st[order[end]] == s) end++;
        for (int q = j; q < end; q++) {
            int i = order[q];
            if (hero == NULL || hero[i] != 0.0) beat[i] = prc_bd_apart(sums, sub + (size_t)i * ns, k);
        }
        for (int q = j; q < end; q++) {
            int i = order[q];
            if (w[i] != 0.0) prc_bd_add(sums, sub + (size_t)i * ns, k, w[i]);
        }
        for (int q = j; q < end; q++) {
            int i = order[q];
            if (hero == NULL || hero[i] != 0.0)
                tie[i] = prc_bd_apart(sums, sub + (size_t)i * ns, k) + w[i] - beat[i];
        }
        j = end;
    }
    for (int q = 0; q < m; q++) {
        int i = order[q];
        if (hero == NULL || hero[i] != 0.0)
            apart[i] = prc_bd_apart(sums, sub + (size_t)i * ns, k) + w[i];
    }
}

/* The sweep. For every live combo i of the list (strength >= 0), against
 * the opponent's mass w (one value per combo of the same list; a combo's
 * own entry counts for the opponent holding that very combo): beat[i], the
 * mass of combos that share no card with i and rank below it; tie[i], the
 * same at equal strength; apart[i], all of it at any strength. Entries of
 * combos that share a card with the board are 0; with hero (not NULL) only
 * the combos whose hero entry is nonzero are written. sums: PRC_BD_SUMS(k)
 * doubles of scratch. The results are exact when every w is a whole number
 * and the totals stay below 2**53 (counts, as exact equity uses them). */
PRC_ENTRY void prc_bd_sweep(const prc_bd_list_t *l, const double *w, const double *hero,
                            double *sums, double *beat, double *tie, double *apart) {
    if (l->k == 2)
        prc_bd_sweep_k(l, w, hero, sums, beat, tie, apart, 2, 2);
    else
        prc_bd_sweep_k(l, w, hero, sums, beat, tie, apart, 4, PRC_BD_MAX_SUBSETS);
}

/* Showdown values of every combo of the list against R reach vectors
 * over the same list (vector r is reach[r * n .. r * n + n)): out[r * n +
 * i] = win * beat + tie_value * tie + lose * (the rest of apart). Combos
 * that share a card with the board get 0. scratch: 3 * n doubles; sums:
 * PRC_BD_SUMS(k) doubles. */
PRC_ENTRY void prc_bd_showdown(const prc_bd_list_t *l, const double *reach, long R, double win,
                               double tie_value, double lose, double *sums,
                               double *scratch, double *out) {
    const int n = l->n;
    double *beat = scratch, *tie = scratch + n, *apart = scratch + 2 * n;
    for (long r = 0; r < R; r++) {
        double *o = out + (size_t)r * n;
        prc_bd_sweep(l, reach + (size_t)r * n, NULL, sums, beat, tie, apart);
        for (int i = 0; i < n; i++)
            o[i] = win * beat[i] + tie_value * tie[i] + lose * (apart[i] - beat[i] - tie[i]);
    }
}

/* Fold values: out[r * n + i] = amount * (the reach of vector r that
 * shares no card with combo i); 0 for combos that share a card with the
 * board. One pass each, no order needed. sums: PRC_BD_SUMS(k) doubles. */
PRC_ENTRY void prc_bd_fold(const prc_bd_list_t *l, const double *reach, long R, double amount,
                           double *sums, double *out) {
    const int n = l->n, k = l->k, ns = l->nsub;
    for (long r = 0; r < R; r++) {
        const double *w = reach + (size_t)r * n;
        double *o = out + (size_t)r * n;
        prc_bd_zero(sums, k);
        for (int j = 0; j < l->m; j++) {
            int i = l->order[j];
            if (w[i] != 0.0) prc_bd_add(sums, l->sub + (size_t)i * ns, k, w[i]);
        }
        for (int i = 0; i < n; i++)
            o[i] = l->strength[i] < 0
                ? 0.0
                : amount * (prc_bd_apart(sums, l->sub + (size_t)i * ns, k) + w[i]);
    }
}

/* Hand potential: sums of a Fenwick tree of prefix sums over positions
 * 1..size (t[0] unused); prefix(t, p) is the mass at positions below p. */
static PRC_ALWAYS_INLINE void prc_bd_fw_add(double *t, int size, int p, double v) {
    for (p++; p <= size; p += p & -p) t[p] += v;
}
static PRC_ALWAYS_INLINE void prc_bd_fw_clear(double *t, int size, int p) {
    for (p++; p <= size; p += p & -p) t[p] = 0.0;
}
static PRC_ALWAYS_INLINE double prc_bd_fw_prefix(const double *t, int p) {
    double s = 0.0;
    for (; p > 0; p -= p & -p) s += t[p];
    return s;
}

/* The mass at now-positions below p that shares no card with the
 * two-card combo (cards a, b): the whole tree less each card's tree. */
static PRC_ALWAYS_INLINE double prc_bd_fw_apart(const double *tree, int stride, int p, int a,
                                                int b) {
    return prc_bd_fw_prefix(tree, p) - prc_bd_fw_prefix(tree + (size_t)(1 + a) * stride, p) -
           prc_bd_fw_prefix(tree + (size_t)(1 + b) * stride, p);
}

/* The hand-potential counts of two-card combos on one board, summed over
 * the runouts finals[0..R) (five cards each, the board and the cards to
 * come). Each live combo i (now[i] >= 0, n combos, sub their card ids,
 * prc_bd_subsets) has its place among the m live combos sorted by their
 * strength on the board as it is: pos[i], and its tie group
 * lo[i]..hi[i]-1 of those places. For every runout that misses i, the
 * opponent's mass w that shares no card with i or the runout is split by
 * where it stands against i now (below lo[i]: i is ahead; in its group:
 * tied; above: behind) and at the river (i beats it or ties it); hp[i * 6
 * + 2 * now + river] (now 0 ahead, 1 tied, 2 behind; river 0 ahead, 1
 * tied) adds it. Where i is behind at the river follows from the totals
 * (every opponent apart from i meets the same number of runouts), so it is
 * not counted here. The river walk is prc_bd_sweep's; the split by the now
 * place reads a Fenwick tree of the mass added so far per now place, one
 * in all and one per card (tree: 53 * (m + 1) doubles, zero on entry and
 * on return), so a runout costs O(n log m). strength, order, scratch: n
 * ints each; sums: PRC_BD_SUMS(2) doubles. Returns the runouts done:
 * fewer than R only when *stop is set. */
PRC_ENTRY long prc_bd_potential(const prc_bd_game_t *x, const uint8_t *finals, long R,
                                const uint8_t *combos, const prc_bd_combo_t *pc,
                                const uint16_t *sub, int n, const double *w,
                                const int32_t *pos, const int32_t *lo, const int32_t *hi, int m,
                                int32_t *strength, int32_t *order, int32_t *scratch,
                                double *sums, double *tree, double *hp, const int32_t *stop) {
    const int stride = m + 1;
    long r;
    for (r = 0; r < R; r++) {
        if (stop != NULL && *stop) break;
        prc_bd_strengths(x, finals + (size_t)r * 5, 5, combos, pc, 2, 0, n, strength);
        const int live = prc_bd_sort(strength, n, order, scratch);
        prc_bd_zero(sums, 2);
        int j = 0;
        while (j < live) {
            const int32_t s = strength[order[j]];
            int end = j + 1;
            while (end < live && strength[order[end]] == s) end++;
            /* what each combo of the group beats: the mass added so far */
            for (int q = j; q < end; q++) {
                const int i = order[q];
                const int a = sub[2 * i], b = sub[2 * i + 1];
                double *h = hp + (size_t)i * 6;
                const double all = prc_bd_apart(sums, sub + 2 * i, 2);
                const double below = prc_bd_fw_apart(tree, stride, lo[i], a, b);
                const double upto = prc_bd_fw_apart(tree, stride, hi[i], a, b);
                h[0] += below;
                h[2] += upto - below;
                h[4] += all - upto;
                /* kept to take off the ties below */
                h[1] -= below;
                h[3] -= upto - below;
                h[5] -= all - upto;
            }
            for (int q = j; q < end; q++) {
                const int i = order[q];
                if (w[i] == 0.0) continue;
                prc_bd_add(sums, sub + 2 * i, 2, w[i]);
                prc_bd_fw_add(tree, m, pos[i], w[i]);
                prc_bd_fw_add(tree + (size_t)(1 + sub[2 * i]) * stride, m, pos[i], w[i]);
                prc_bd_fw_add(tree + (size_t)(1 + sub[2 * i + 1]) * stride, m, pos[i], w[i]);
            }
            /* what each beats or ties: the mass added with its group (its
             * own mass, taken off once too often, is in its now group) */
            for (int q = j; q < end; q++) {
                const int i = order[q];
                const int a = sub[2 * i], b = sub[2 * i + 1];
                double *h = hp + (size_t)i * 6;
                const double all = prc_bd_apart(sums, sub + 2 * i, 2) + w[i];
                const double below = prc_bd_fw_apart(tree, stride, lo[i], a, b);
                const double upto = prc_bd_fw_apart(tree, stride, hi[i], a, b) + w[i];
                h[1] += below;
                h[3] += upto - below;
                h[5] += all - upto;
            }
            j = end;
        }
        for (int q = 0; q < live; q++) { /* the trees back to zero */
            const int i = order[q];
            if (w[i] == 0.0) continue;
            prc_bd_fw_clear(tree, m, pos[i]);
            prc_bd_fw_clear(tree + (size_t)(1 + sub[2 * i]) * stride, m, pos[i]);
            prc_bd_fw_clear(tree + (size_t)(1 + sub[2 * i + 1]) * stride, m, pos[i]);
        }
    }
    return r;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
