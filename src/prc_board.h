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

#include <math.h>
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

/* A combo's place for hand potential (prc_bd_now_places): its tie group
 * on the board as it is, g, among all live combos and la, lb among those
 * that hold its first and its second card; the starts of its cards' trees
 * (ta, tb) and of the group sums it reads (s0, sa, sb) in the
 * structures' block of memory. */
typedef struct {
    uint16_t g, la, lb, ta, tb, s0, sa, sb;
} prc_bd_place_t;

/* What prc_bd_features computes: the game, n two-card combos (their ids,
 * sums from prc_bd_prepare and card ids from prc_bd_subsets), the
 * opponent's mass w per combo, bins > 0 for the river strengths' moments
 * and histogram, place (NULL: no potential) with cnt (53 group counts, all
 * combos' then per card) and mem (the doubles of the structures) from
 * prc_bd_now_places; stop (NULL or a flag that ends the run early). */
typedef struct {
    prc_bd_game_t game;
    const uint8_t *combos;
    const prc_bd_combo_t *pc;
    const uint16_t *sub;
    const double *w;
    int n, bins;
    const prc_bd_place_t *place;
    const int32_t *cnt;
    long mem;
    const int32_t *stop;
} prc_bd_feat_t;

/* prc_bd_features' scratch: strength, order, scratch (n ints each), sums
 * (PRC_BD_SUMS(2) doubles), beat, upto, below and in (n doubles each), mem
 * (the potential's doubles). */
typedef struct {
    int32_t *strength, *order, *scratch;
    double *sums, *beat, *upto, *below, *in, *mem;
} prc_bd_feat_work_t;

/* prc_bd_features' sums, added to: seen, total, squares (n each), hist (n
 * * bins), hp (n * 6, with place); river: NULL or R * n doubles written. */
typedef struct {
    double *seen, *total, *squares, *hist, *hp, *river;
} prc_bd_feat_out_t;

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

/* Features over runouts: a Fenwick tree of prefix sums over positions
 * 1..size (t[0] unused); prefix(t, p) is the mass at positions below p. */
static PRC_ALWAYS_INLINE void prc_bd_fw_add(double *t, int size, int p, double v) {
    for (p++; p <= size; p += p & -p) t[p] += v;
}
static PRC_ALWAYS_INLINE double prc_bd_fw_prefix(const double *t, int p) {
    double s = 0.0;
    for (; p > 0; p -= p & -p) s += t[p];
    return s;
}

/* The mass at now-places below the combo's now group, and in that group,
 * that shares no card with the combo: the whole structure less each
 * card's, read at the combo's place in each (prc_bd_place_t). */
static PRC_ALWAYS_INLINE double prc_bd_now_below(const double *mem, const prc_bd_place_t *p) {
    return prc_bd_fw_prefix(mem, p->g) - prc_bd_fw_prefix(mem + p->ta, p->la) -
           prc_bd_fw_prefix(mem + p->tb, p->lb);
}
static PRC_ALWAYS_INLINE double prc_bd_now_in(const double *mem, const prc_bd_place_t *p) {
    return mem[p->s0] - mem[p->sa] - mem[p->sb];
}

/* The places of the combos on the board as it is, for hand potential:
 * now[i] their strengths there (-1: shares a card with the board), order
 * the m live ones by ascending strength (prc_bd_sort), sub their card ids.
 * The live combos fall into tie groups 0..G-1 by ascending strength; the
 * potential keeps the mass added so far per group in one structure for all
 * combos and one per card for the combos that hold it (whose groups it
 * numbers 0..size-1 among its own): each a Fenwick tree over its groups
 * (size + 1 doubles, the first unused) followed by the groups' sums (size
 * doubles), one after another in one block of memory. place[i] gets combo
 * i's group in the three structures it reads and where they lie, cnt[0]
 * gets G and cnt[1 + c] card c's number of groups (prc_bd_features reads
 * them). Returns the block's size in doubles (below 2**16 however many
 * combos: G is at most the 1,326 distinct combos and a card's groups at
 * most the 51 other cards), or -1 when it would not fit the places' 16
 * bits. */
PRC_ENTRY long prc_bd_now_places(const int32_t *now, const int32_t *order, int m,
                                 const uint16_t *sub, prc_bd_place_t *place, int32_t *cnt) {
    int32_t last[52];
    for (int c = 0; c < 52; c++) {
        last[c] = -1;
        cnt[1 + c] = 0;
    }
    int g = -1;
    for (int j = 0; j < m; j++) {
        const int i = order[j];
        if (j == 0 || now[i] != now[order[j - 1]]) g++;
        place[i].g = (uint16_t)g;
        for (int h = 0; h < 2; h++) {
            const int c = sub[2 * i + h];
            if (last[c] != g) {
                last[c] = g;
                cnt[1 + c]++;
            }
            if (h == 0)
                place[i].la = (uint16_t)(cnt[1 + c] - 1);
            else
                place[i].lb = (uint16_t)(cnt[1 + c] - 1);
        }
    }
    cnt[0] = g + 1;
    /* the structures' starts: all combos', then card 0's, 1's, ... */
    long base[53];
    base[0] = 0;
    for (int s = 0; s < 52; s++) base[s + 1] = base[s] + 2 * (long)cnt[s] + 1;
    const long total = base[52] + 2 * (long)cnt[52] + 1;
    if (total > 0xFFFF) return -1;
    for (int j = 0; j < m; j++) {
        const int i = order[j];
        const int a = sub[2 * i], b = sub[2 * i + 1];
        prc_bd_place_t *p = &place[i];
        p->s0 = (uint16_t)(cnt[0] + 1 + p->g);
        p->ta = (uint16_t)base[1 + a];
        p->sa = (uint16_t)(base[1 + a] + cnt[1 + a] + 1 + p->la);
        p->tb = (uint16_t)base[1 + b];
        p->sb = (uint16_t)(base[1 + b] + cnt[1 + b] + 1 + p->lb);
    }
    return total;
}

/* Add mass v of the combo at place p to the potential's structures. */
static PRC_ALWAYS_INLINE void prc_bd_now_add(double *mem, const int32_t *cnt, int a, int b,
                                             const prc_bd_place_t *p, double v) {
    prc_bd_fw_add(mem, cnt[0], p->g, v);
    prc_bd_fw_add(mem + p->ta, cnt[1 + a], p->la, v);
    prc_bd_fw_add(mem + p->tb, cnt[1 + b], p->lb, v);
    mem[p->s0] += v;
    mem[p->sa] += v;
    mem[p->sb] += v;
}

/* One runout's walk for prc_bd_features (its live combos in order[0..live)
 * by ascending strength st), pot known to the compiler: with pot, the
 * hand-potential counts too. */
static PRC_ALWAYS_INLINE void prc_bd_feat_sweep(const prc_bd_feat_t *f, const prc_bd_feat_work_t *x,
                                                const prc_bd_feat_out_t *o, int live,
                                                const int pot) {
    const uint16_t *sub = f->sub;
    const double *w = f->w;
    const prc_bd_place_t *place = f->place;
    const int32_t *st = x->strength, *order = x->order;
    double *sums = x->sums, *beat = x->beat, *upto = x->upto, *mem = x->mem;
    double *below = x->below, *in = x->in;
    prc_bd_zero(sums, 2);
    if (pot) memset(mem, 0, sizeof(double) * (size_t)f->mem);
    int j = 0;
    while (j < live) {
        const int32_t s = st[order[j]];
        int end = j + 1;
        while (end < live && st[order[end]] == s) end++;
        /* what each combo of the group beats: the mass added so far */
        for (int q = j; q < end; q++) {
            const int i = order[q];
            beat[i] = prc_bd_apart(sums, sub + 2 * i, 2);
            if (pot) {
                below[i] = prc_bd_now_below(mem, &place[i]);
                in[i] = prc_bd_now_in(mem, &place[i]);
            }
        }
        for (int q = j; q < end; q++) {
            const int i = order[q];
            if (w[i] == 0.0) continue;
            prc_bd_add(sums, sub + 2 * i, 2, w[i]);
            if (pot) prc_bd_now_add(mem, f->cnt, sub[2 * i], sub[2 * i + 1], &place[i], w[i]);
        }
        /* what each beats or ties: the mass added with its group (its own
         * mass, taken off once too often, is in its now group) */
        for (int q = j; q < end; q++) {
            const int i = order[q];
            upto[i] = prc_bd_apart(sums, sub + 2 * i, 2) + w[i];
            if (!pot) continue;
            const prc_bd_place_t *p = &place[i];
            const double below1 = prc_bd_now_below(mem, p);
            const double in1 = prc_bd_now_in(mem, p) + w[i];
            const double behind = beat[i] - below[i] - in[i];
            double *h = o->hp + (size_t)i * 6;
            h[0] += below[i];
            h[1] += below1 - below[i];
            h[2] += in[i];
            h[3] += in1 - in[i];
            h[4] += behind;
            h[5] += upto[i] - below1 - in1 - behind;
        }
        j = end;
    }
}

/* The features of two-card combos on one board, summed over the runouts
 * finals[0..R) (five cards each: the board and the cards to come). Each
 * runout ranks every combo once, sorts the live ones once and walks them
 * in ascending strength once, keeping running sums of the opponent's mass
 * w in all and per card (prc_bd_sweep's): what combo i beats is the mass
 * added before its tie group, what it ties the mass its group adds, what
 * it could face at all the mass in once every combo is.
 *
 * - With f->bins > 0, each combo's river hand strength hs = (beat + tie /
 *   2) / all, where all > 0, adds 1 to seen[i], hs to total[i], hs * hs to
 *   squares[i] and 1 to hist[i * bins + min(floor(hs * bins), bins - 1)];
 *   with river not NULL it is written to river[r * n + i] too (NaN where
 *   the combo meets the runout or faces nothing).
 * - With f->place (prc_bd_now_places), hand potential: the mass it beats
 *   and ties is split by where the opponent stands against it now (below
 *   its now group: i is ahead; in it: tied; above: behind), read in the
 *   structures of the mass added so far per now group; hp[i * 6 + 2 * now
 *   + river] (now 0 ahead, 1 tied, 2 behind; river 0 ahead, 1 tied) adds
 *   it. Where i is behind at the river follows from the totals (every
 *   opponent apart from i meets the same number of runouts), so it is not
 *   counted here. A runout costs O(n log n) for the potential.
 *
 * Returns the runouts done: fewer than R only when *f->stop is set. */
PRC_ENTRY long prc_bd_features(const prc_bd_feat_t *f, const uint8_t *finals, long R,
                               const prc_bd_feat_work_t *x, const prc_bd_feat_out_t *o) {
    const int n = f->n, bins = f->bins;
    const uint16_t *sub = f->sub;
    const double *w = f->w, *beat = x->beat, *upto = x->upto, *sums = x->sums;
    int32_t *st = x->strength;
    long r;
    for (r = 0; r < R; r++) {
        if (f->stop != NULL && *f->stop) break;
        prc_bd_strengths(&f->game, finals + (size_t)r * 5, 5, f->combos, f->pc, 2, 0, n, st);
        const int live = prc_bd_sort(st, n, x->order, x->scratch);
        if (f->place != NULL)
            prc_bd_feat_sweep(f, x, o, live, 1);
        else
            prc_bd_feat_sweep(f, x, o, live, 0);
        if (bins == 0) continue;
        double *river = o->river == NULL ? NULL : o->river + (size_t)r * n;
        double *__restrict seen = o->seen, *__restrict total = o->total;
        double *__restrict squares = o->squares, *__restrict hist = o->hist;
        for (int i = 0; i < n; i++) {
            const double all = st[i] < 0 ? 0.0 : prc_bd_apart(sums, sub + 2 * i, 2) + w[i];
            if (all <= 0.0) {
                if (river != NULL) river[i] = (double)NAN;
                continue;
            }
            const double tie = upto[i] - beat[i];
            const double hs = (beat[i] + tie / 2) / all;
            if (river != NULL) river[i] = hs;
            seen[i] += 1.0;
            total[i] += hs;
            squares[i] += hs * hs;
            int k = (int)(hs * bins);
            if (k >= bins) k = bins - 1;
            hist[(size_t)i * bins + k] += 1.0;
        }
    }
    return r;
}
#endif /* PRC_KERNELS_DECLARE */

#endif
