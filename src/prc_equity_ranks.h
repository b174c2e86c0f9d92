/* pyrankcore: equity kernels, boards counted by their ranks (see
 * prc_equity.h).
 *
 * Hold'em and Omaha from preflop, every player's cards known. Without a
 * flush a hand's strength depends on the ranks only, so every board with
 * the same five ranks (a multiset, 6,175 of them) has the same showdown;
 * such a board stands for the product over its ranks of C(live cards of
 * that rank, times the rank is on the board) boards. That count is right
 * for every board on which nobody can make a flush. A flush in suit s
 * needs three or more board cards of s (hold'em: 5 - the most cards of s
 * in one hand; Omaha: three, and two of s in the hand), and five board
 * cards hold three of at most one suit, so the boards where a flush is
 * possible fall into disjoint sets, one per suit: k = 3..5 cards of s
 * (each set of k live ranks of s) and 5 - k cards of other suits (again
 * counted by ranks: they make no flush). Each such board's showdown by
 * ranks is taken back (a weight of -n, modulo 2**64) and the real one
 * added. The tallies are the same integers as a board-by-board
 * enumeration (tests check it), from ~6,000 rank boards and at most
 * ~37,000 flush boards per suit instead of ~1.7 million boards.
 *
 * Each list of rank boards is built once per assignment of hands and
 * reused for every suit and every player: a board's rank sum is hashed
 * once and each player adds their own cards (hold'em: one lookup per
 * player; Omaha: the board's pattern row, then one lookup per hole pair).
 * Showdowns are counted by the set of players who share the pot (hold'em
 * and Omaha high) and turned into tallies once per assignment. Included by
 * prc_equity_exact.h only.
 */
#ifndef PRC_EQUITY_RANKS_H
#define PRC_EQUITY_RANKS_H

#include "prc_equity_settle.h"

/* Multisets of five of the 13 ranks, none more than four times. */
#define PRC_EQ_RANK_BOARDS 6175

static const uint8_t prc_eq_choose[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

/* The rank sum of one card of each rank (the same for every suit). */
static inline uint32_t prc_eq_rank_key(int r) { return (uint32_t)prc_card_key[4 * r]; }

/* ------------------------------------------------------------------------
 * The boards of a full deck by their ranks, built once (prc_eq_ranks_init,
 * at import, before any kernel runs; read-only afterwards): every rank
 * board (its rank sum, and its ranks with how often each is on it), its
 * index by the slot of its rank sum, and every set of 3, 4 or 5 ranks of
 * one suit. */

typedef struct {
    uint32_t key;    /* rank sum (low 32 bits of the summed card keys) */
    uint8_t n;       /* distinct ranks */
    uint8_t rank[5]; /* rank[n..4] = times[n..4] = 0 */
    uint8_t times[5];
} prc_eq_rank_set_t;

/* A set of k ranks of one suit: its 13-bit mask and rank sum. */
typedef struct {
    uint32_t mask;
    uint32_t key;
} prc_eq_suited_t;

static prc_eq_rank_set_t prc_eq_rank_sets[PRC_EQ_RANK_BOARDS];
static uint16_t prc_eq_set_of_slot[PRC_HASH_SIZE + 1];
static prc_eq_suited_t prc_eq_suited_sets[3][1287]; /* 3, 4 and 5 ranks */
static int prc_eq_nsuited[3];
static int prc_eq_ranks_ready;

static void prc_eq_fill_rank_sets(prc_eq_rank_set_t *cur, int r, int left, int *n) {
    if (left == 0) {
        prc_eq_rank_sets[*n] = *cur;
        prc_eq_set_of_slot[prc_rank_slot(cur->key)] = (uint16_t)*n;
        ++*n;
        return;
    }
    for (; r < 13; r++)
        for (int m = 1; m <= 4 && m <= left; m++) {
            prc_eq_rank_set_t next = *cur;
            next.key += (uint32_t)m * prc_eq_rank_key(r);
            next.rank[next.n] = (uint8_t)r;
            next.times[next.n++] = (uint8_t)m;
            prc_eq_fill_rank_sets(&next, r + 1, left - m, n);
        }
}

/* Builds the tables above (once; not thread-safe: call it before any
 * kernel can run). */
PRC_ENTRY void prc_eq_ranks_init(void) {
    if (prc_eq_ranks_ready) return;
    prc_eq_rank_set_t empty;
    memset(&empty, 0, sizeof empty);
    int n = 0;
    prc_eq_fill_rank_sets(&empty, 0, 5, &n);
    for (int k = 0; k < 3; k++) prc_eq_nsuited[k] = 0;
    for (unsigned m = 0; m < (1u << 13); m++) {
        int k = prc_popcount64(m);
        if (k < 3 || k > 5) continue;
        uint32_t key = 0;
        for (int r = 0; r < 13; r++)
            if ((m >> r) & 1) key += prc_eq_rank_key(r);
        prc_eq_suited_t *e = &prc_eq_suited_sets[k - 3][prc_eq_nsuited[k - 3]++];
        e->mask = m;
        e->key = key;
    }
    prc_eq_ranks_ready = n == PRC_EQ_RANK_BOARDS;
}

/* ------------------------------------------------------------------------
 * One assignment's boards by ranks: how many boards of its live cards
 * each rank board stands for, and for the flush stage of one suit the
 * boards of 0..2 cards of the other suits. */

/* A part of a board by its ranks: rank sum and how many ways to pick its
 * cards (at most 4**5). */
typedef struct {
    uint32_t key;
    uint32_t w;
} prc_eq_rank_board_t;

typedef struct {
    int avail[13];    /* live cards per rank */
    unsigned live[4]; /* live ranks per suit */
    uint32_t w[PRC_EQ_RANK_BOARDS];       /* boards per rank board (0: none) */
    uint16_t won[PRC_EQ_RANK_BOARDS];     /* hold'em: who wins it by ranks */
    prc_eq_rank_board_t others[3][91];
    int nothers[3];
    uint64_t hist[1 << PRC_EQ_MAX_PLAYERS]; /* hold'em: outcome counts */
    /* Hold'em: the showdowns by ranks depend on the ranks of the hands
     * and of the live cards only, so w, won and their outcome counts
     * (by_ranks) are kept for the next assignment of the same ranks (a
     * range's combos of one hand class, suits renamed). */
    int cached; /* 0: nothing kept */
    int cached_avail[13];
    uint32_t cached_hole_rank[PRC_EQ_MAX_PLAYERS];
    uint64_t by_ranks[1 << PRC_EQ_MAX_PLAYERS];
} prc_eq_ranks_t;

/* Appends every multiset of `left` more ranks from rank r up (at most
 * count[r] of rank r, count[r] <= 4) to out[*n..], weighted by the ways
 * to pick its cards. */
static void prc_eq_rank_boards(const int *count, int r, int left, uint32_t key, uint32_t w,
                               prc_eq_rank_board_t *out, int *n) {
    if (left == 0) {
        out[*n].key = key;
        out[*n].w = w;
        ++*n;
        return;
    }
    for (; r < 13; r++) {
        int c = count[r];
        if (c == 0) continue;
        uint32_t k = key;
        int most = c < left ? c : left;
        for (int m = 1; m <= most; m++) {
            k += prc_eq_rank_key(r);
            prc_eq_rank_boards(count, r + 1, left - m, k, w * prc_eq_choose[c][m], out, n);
        }
    }
}

/* The live cards of an assignment (the deck less dead cards, board and
 * every hand) by rank and by suit. */
static void prc_eq_ranks_start(prc_eq_ranks_t *rk, uint64_t live) {
    for (int s = 0; s < 4; s++) rk->live[s] = 0;
    for (int r = 0; r < 13; r++) rk->avail[r] = prc_popcount64((live >> (4 * r)) & 15u);
    for (int c = 0; c < 52; c++)
        if ((live >> c) & 1) rk->live[c & 3] |= 1u << (c >> 2);
}

/* The boards of live cards per rank board. */
static void prc_eq_ranks_weigh(prc_eq_ranks_t *rk) {
    /* five factors C(live cards of the rank, times on the board) each, the
     * unused ones C(., 0) = 1: no branch on the number of ranks */
    for (int i = 0; i < PRC_EQ_RANK_BOARDS; i++) {
        const prc_eq_rank_set_t *e = &prc_eq_rank_sets[i];
        uint32_t w = 1;
        for (int j = 0; j < 5; j++) w *= prc_eq_choose[rk->avail[e->rank[j]]][e->times[j]];
        rk->w[i] = w;
    }
}

/* The flush stage of suit s: the boards of 0..2 cards of the other suits
 * (by ranks). */
static void prc_eq_ranks_other_suits(prc_eq_ranks_t *rk, int s) {
    int other[13];
    for (int r = 0; r < 13; r++) other[r] = rk->avail[r] - (int)((rk->live[s] >> r) & 1);
    for (int j = 0; j < 3; j++) {
        rk->nothers[j] = 0;
        prc_eq_rank_boards(other, 0, j, 0, 1, rk->others[j], &rk->nothers[j]);
    }
}

/* The players who share the pot (a bit mask) of strengths v[0..P); the
 * outcome counts hist[m] add the boards (modulo 2**64) on which exactly
 * the players of m share it. */
static inline unsigned prc_eq_winners(const uint16_t *v, const int P) {
    uint16_t best = 0;
    for (int p = 0; p < P; p++) best = v[p] > best ? v[p] : best;
    unsigned won = 0;
    for (int p = 0; p < P; p++) won |= (unsigned)(v[p] == best) << p;
    return won;
}

/* ------------------------------------------------------------------------
 * Hold'em: one rank lookup per player and rank board. */

static PRC_EQ_INLINE void prc_eq_holdem_ranks_body(prc_eq_ranks_t *rk, const uint8_t *hole,
                                                  uint64_t *hist, const int P) {
    uint32_t hole_rank[PRC_EQ_MAX_PLAYERS];
    unsigned hole_suit[PRC_EQ_MAX_PLAYERS][4];
    int hole_count[PRC_EQ_MAX_PLAYERS][4];
    memset(hole_suit, 0, sizeof hole_suit);
    memset(hole_count, 0, sizeof hole_count);
    for (int p = 0; p < P; p++) {
        hole_rank[p] = 0;
        for (int i = 0; i < 2; i++) {
            uint8_t c = hole[p * 8 + i];
            hole_rank[p] += (uint32_t)prc_card_key[c];
            hole_suit[p][c & 3] |= 1u << (c >> 2);
            hole_count[p][c & 3]++;
        }
    }
    uint16_t v[PRC_EQ_MAX_PLAYERS];
    int same = rk->cached;
    for (int r = 0; r < 13; r++) same &= rk->avail[r] == rk->cached_avail[r];
    for (int p = 0; p < P; p++) same &= hole_rank[p] == rk->cached_hole_rank[p];
    if (!same) {
        prc_eq_ranks_weigh(rk);
        memset(rk->by_ranks, 0, sizeof(uint64_t) << P);
        for (int b = 0; b < PRC_EQ_RANK_BOARDS; b++) {
            if (!rk->w[b]) continue;
            const uint32_t key = prc_eq_rank_sets[b].key;
            for (int p = 0; p < P; p++) v[p] = prc_rank_lookup(hole_rank[p] + key);
            unsigned won = prc_eq_winners(v, P);
            rk->won[b] = (uint16_t)won;
            rk->by_ranks[won] += rk->w[b];
        }
        rk->cached = 1;
        memcpy(rk->cached_avail, rk->avail, sizeof rk->avail);
        memcpy(rk->cached_hole_rank, hole_rank, sizeof(uint32_t) * (size_t)P);
    }
    for (unsigned m = 1; m < (1u << P); m++) hist[m] += rk->by_ranks[m];
    for (int s = 0; s < 4; s++) {
        int most = 0;
        for (int p = 0; p < P; p++) most = hole_count[p][s] > most ? hole_count[p][s] : most;
        prc_eq_ranks_other_suits(rk, s);
        const unsigned dead = ~rk->live[s];
        for (int k = 5 - most; k <= 5; k++) {
            const prc_eq_rank_board_t *others = rk->others[5 - k];
            const int nothers = rk->nothers[5 - k];
            unsigned flushes = 0; /* players with five or more of s */
            for (int p = 0; p < P; p++) flushes |= (unsigned)(hole_count[p][s] + k >= 5) << p;
            const prc_eq_suited_t *sets = prc_eq_suited_sets[k - 3];
            for (int i = 0; i < prc_eq_nsuited[k - 3]; i++) {
                if (sets[i].mask & dead) continue;
                const uint32_t skey = sets[i].key;
                uint16_t flush[PRC_EQ_MAX_PLAYERS];
                for (int p = 0; p < P; p++)
                    flush[p] = prc_flush_high[hole_suit[p][s] | sets[i].mask];
                for (int j = 0; j < nothers; j++) {
                    const uint32_t key = skey + others[j].key;
                    for (int p = 0; p < P; p++)
                        v[p] = (flushes >> p) & 1 ? flush[p]
                                                  : prc_rank_lookup(hole_rank[p] + key);
                    /* the real showdown in, the one by ranks out */
                    hist[prc_eq_winners(v, P)] += others[j].w;
                    hist[rk->won[prc_eq_set_of_slot[prc_rank_slot(key)]]] -= others[j].w;
                }
            }
        }
    }
}

/* One assignment (hole: P rows of 8 ids, two used; distinct, < 52; live:
 * the deck less the dead cards and every hole card): hist += its outcome
 * counts. */
static void prc_eq_holdem_ranks(prc_eq_ranks_t *rk, const uint8_t *hole, uint64_t live,
                                uint64_t *hist, int P) {
    prc_eq_ranks_start(rk, live);
    if (P == 2)
        prc_eq_holdem_ranks_body(rk, hole, hist, 2);
    else
        prc_eq_holdem_ranks_body(rk, hole, hist, P);
}

/* ------------------------------------------------------------------------
 * Omaha: the board's pattern row once per rank board and ranking, then one
 * lookup per player and hole pair; flushes (rankings where they dominate)
 * from the flush row of the board's suited ranks. */

/* Whether the spec is Omaha from preflop with every hand known, each
 * ranking with pattern tables (flushes ignored or dominant). */
static int prc_eq_omaha_ranks_ok(const prc_eq_spec_t *s) {
    if (!s->omaha || s->board_final != 5 || s->board_known != 0) return 0;
    if ((s->hi != NULL && s->hi_fast == NULL) || (s->lo != NULL && s->lo_fast == NULL)) return 0;
    if (s->hi != NULL && s->hi->flush_mode == PRC_FLUSH_LOW) return 0;
    if (s->lo != NULL && s->lo->flush_mode == PRC_FLUSH_LOW) return 0;
    for (int p = 0; p < s->n_players; p++)
        if (s->known[p] != s->hand_final[p] || s->known[p] < 4 || s->known[p] > 6) return 0;
    return 1;
}

/* One ranking's view of the players' hands: the pattern column of each
 * hole pair, and per suit the flush column of each pair of that suit. */
typedef struct {
    const prc_omaha_t *o;
    int flushes;                                 /* flushes dominate */
    int ncol[PRC_EQ_MAX_PLAYERS];
    uint8_t col[PRC_EQ_MAX_PLAYERS][15];
    int nflush[PRC_EQ_MAX_PLAYERS][4];
    uint8_t flush_col[PRC_EQ_MAX_PLAYERS][4][15];
} prc_eq_omaha_half_t;

static void prc_eq_omaha_half(prc_eq_omaha_half_t *h, const prc_game_t *g,
                              const prc_omaha_t *o, const prc_eq_spec_t *s,
                              const uint8_t *hole) {
    h->o = o;
    h->flushes = g->flush_mode == PRC_FLUSH_DOMINANT;
    for (int p = 0; p < s->n_players; p++) {
        const uint8_t *cards = hole + p * 8;
        const int nh = s->known[p];
        h->ncol[p] = 0;
        for (int t = 0; t < 4; t++) h->nflush[p][t] = 0;
        for (int a = 0; a < nh; a++)
            for (int b = a + 1; b < nh; b++) {
                h->col[p][h->ncol[p]++] = prc_pair_column[cards[a] * 64 + cards[b]];
                int t = cards[a] & 3;
                if ((cards[b] & 3) == t)
                    h->flush_col[p][t][h->nflush[p][t]++] =
                        (uint8_t)prc_pair_index(cards[a] >> 2, cards[b] >> 2);
            }
    }
}

/* Each player's best non-flush strength on the board of rank sum key. */
static inline void prc_eq_omaha_rank_values(const prc_eq_omaha_half_t *h, int P, uint32_t key,
                                            uint16_t *v) {
    const uint16_t *row =
        h->o->best + (size_t)h->o->pattern_of_slot[prc_board_slot(key)] * PRC_PATTERN_STRIDE;
    for (int p = 0; p < P; p++) {
        uint16_t best = 0;
        for (int i = 0; i < h->ncol[p]; i++) {
            uint16_t x = row[h->col[p][i]];
            best = x > best ? x : best;
        }
        v[p] = best;
    }
}

/* Each player's best flush of suit t with the board's ranks of t (3..5,
 * mask): 0 for players without two cards of t. */
static inline void prc_eq_omaha_flush_values(const prc_eq_omaha_half_t *h, int P, int t,
                                             unsigned mask, uint16_t *f) {
    const uint16_t *row = h->o->flush_best + (size_t)h->o->flush_row[mask] * PRC_N_PAIR_COLUMNS;
    for (int p = 0; p < P; p++) {
        uint16_t best = 0;
        for (int i = 0; i < h->nflush[p][t]; i++) {
            uint16_t x = row[h->flush_col[p][t][i]];
            best = x > best ? x : best;
        }
        f[p] = best;
    }
}

/* One assignment (hole: P rows of 8 ids, the first known[p] used; live:
 * the deck less the dead cards and every hole card): stats += its
 * tallies. */
static void prc_eq_omaha_ranks(prc_eq_ranks_t *rk, const prc_eq_spec_t *s, const uint8_t *hole,
                               uint64_t live, uint64_t *stats) {
    const int P = s->n_players;
    prc_eq_omaha_half_t halves[2];
    prc_eq_omaha_half_t *hi = NULL, *lo = NULL;
    if (s->hi != NULL) {
        hi = &halves[0];
        prc_eq_omaha_half(hi, s->hi, s->hi_fast, s, hole);
    }
    if (s->lo != NULL) {
        lo = &halves[1];
        prc_eq_omaha_half(lo, s->lo, s->lo_fast, s, hole);
    }
    prc_eq_ranks_start(rk, live);
    prc_eq_ranks_weigh(rk);
    rk->cached = 0; /* w is this assignment's, won is not */
    uint16_t vh[PRC_EQ_MAX_PLAYERS] = {0}, vl[PRC_EQ_MAX_PLAYERS] = {0};
    uint16_t *h = hi != NULL ? vh : NULL, *l = lo != NULL ? vl : NULL;
    for (int b = 0; b < PRC_EQ_RANK_BOARDS; b++) {
        if (!rk->w[b]) continue;
        const uint32_t key = prc_eq_rank_sets[b].key;
        if (hi != NULL) prc_eq_omaha_rank_values(hi, P, key, vh);
        if (lo != NULL) prc_eq_omaha_rank_values(lo, P, key, vl);
        prc_eq_tally(stats, P, h, l, rk->w[b], 0);
    }
    const int flush_hi = hi != NULL && hi->flushes, flush_lo = lo != NULL && lo->flushes;
    if (!flush_hi && !flush_lo) return;
    for (int t = 0; t < 4; t++) {
        int suited_pairs = 0; /* a flush of t needs two hole cards of t */
        for (int p = 0; p < P; p++) suited_pairs |= (hi != NULL ? hi : lo)->nflush[p][t] > 0;
        if (!suited_pairs) continue;
        prc_eq_ranks_other_suits(rk, t);
        const unsigned dead = ~rk->live[t];
        for (int k = 3; k <= 5; k++) {
            const prc_eq_rank_board_t *others = rk->others[5 - k];
            const int nothers = rk->nothers[5 - k];
            const prc_eq_suited_t *sets = prc_eq_suited_sets[k - 3];
            for (int i = 0; i < prc_eq_nsuited[k - 3]; i++) {
                if (sets[i].mask & dead) continue;
                const uint32_t skey = sets[i].key;
                uint16_t fh[PRC_EQ_MAX_PLAYERS], fl[PRC_EQ_MAX_PLAYERS];
                if (flush_hi) prc_eq_omaha_flush_values(hi, P, t, sets[i].mask, fh);
                if (flush_lo) prc_eq_omaha_flush_values(lo, P, t, sets[i].mask, fl);
                for (int j = 0; j < nothers; j++) {
                    const uint32_t key = skey + others[j].key;
                    uint16_t rh[PRC_EQ_MAX_PLAYERS], rl[PRC_EQ_MAX_PLAYERS];
                    int changed = 0;
                    if (hi != NULL) {
                        prc_eq_omaha_rank_values(hi, P, key, vh);
                        for (int p = 0; p < P; p++) {
                            rh[p] = flush_hi && fh[p] > vh[p] ? fh[p] : vh[p];
                            changed |= rh[p] != vh[p];
                        }
                    }
                    if (lo != NULL) {
                        prc_eq_omaha_rank_values(lo, P, key, vl);
                        for (int p = 0; p < P; p++) {
                            rl[p] = flush_lo && fl[p] > vl[p] ? fl[p] : vl[p];
                            changed |= rl[p] != vl[p];
                        }
                    }
                    if (!changed) continue;
                    prc_eq_tally(stats, P, hi != NULL ? rh : NULL, lo != NULL ? rl : NULL,
                                 others[j].w, 0);
                    prc_eq_tally(stats, P, h, l, (uint64_t)0 - others[j].w, 0);
                }
            }
        }
    }
}

#endif
