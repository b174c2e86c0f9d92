/* search_rank_hash.c: rank multipliers for a row-offset perfect hash.
 *
 * The non-flush lookup maps a hand's rank sum, key = sum of M[rank] over its
 * cards, to a table slot. This tool looks for 13 multipliers M[0..12] with
 *   1. a distinct key for every rank multiset of 0..7 cards with at most 4
 *      of a rank (gen_tables.rank_multisets: 76,155 multisets), and
 *   2. a key set that packs well under a row-offset hash:
 *        slot = key + OFFSET[key >> s]          (uint32 arithmetic, wraps)
 *      Keys are cut into rows of 2^s; rows are placed densest first (ties:
 *      lower row first), each at the lowest position where all of its keys
 *      land on free slots (first-fit decreasing row displacement). The
 *      table is as long as the highest slot + 1.
 *
 * Steps: a greedy start (each multiplier, in increasing order, the smallest
 * value above the previous one that keeps every partial sum distinct; the
 * values a new multiplier must avoid are the differences between partial
 * sums, divided by 1..4, so one pass over pairs finds them all), then, for
 * one shift, a random local search that changes one multiplier at a time and
 * keeps the change when the table gets no longer and the key range stays
 * under a cap.
 *
 * Build:  gcc -O2 -o /tmp/search_rank_hash src/tablegen/search_rank_hash.c
 * Run:    /tmp/search_rank_hash                      greedy start, then a
 *                                                    packing report for
 *                                                    shifts 8..16
 *         /tmp/search_rank_hash -s 12 -i 20000 -r 7  local search at shift
 *                                                    12, 20000 tries, seed 7
 *         /tmp/search_rank_hash -m 1,5,24,...        start from these
 *                                                    multipliers instead
 *         -c CAP   largest key allowed in the local search (default: the
 *                  start's largest key)
 * Output: the multipliers, the key range, and per shift the table length
 *         (uint16 entries), the number of row offsets (uint32 each) and
 *         the bytes of 7 rank tables plus the offsets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NR 13
#define MAXC 7
#define MAXK 80000

static uint8_t cnt[MAXK][NR]; /* count vectors of the key set */
static int nk;

static void enum_sets(int r, int left, uint8_t *acc) {
    if (r == NR) {
        memcpy(cnt[nk++], acc, NR);
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        acc[r] = (uint8_t)c;
        enum_sets(r + 1, left - c, acc);
    }
}

/* ---- keys ---------------------------------------------------------------- */

static uint32_t keys[MAXK], sorted[MAXK], tmp[MAXK];

static uint64_t make_keys(const uint32_t *m) { /* returns the largest key */
    uint64_t mx = 0;
    for (int i = 0; i < nk; i++) {
        uint64_t k = 0;
        for (int r = 0; r < NR; r++) k += (uint64_t)cnt[i][r] * m[r];
        keys[i] = (uint32_t)k;
        if (k > mx) mx = k;
    }
    return mx;
}

static void radix_sort(uint32_t *a, int n) {
    static uint32_t c[65536 + 1];
    for (int pass = 0; pass < 2; pass++) {
        int sh = 16 * pass;
        memset(c, 0, sizeof c);
        for (int i = 0; i < n; i++) c[((a[i] >> sh) & 0xFFFF) + 1]++;
        for (int i = 0; i < 65536; i++) c[i + 1] += c[i];
        for (int i = 0; i < n; i++) tmp[c[(a[i] >> sh) & 0xFFFF]++] = a[i];
        memcpy(a, tmp, (size_t)n * 4);
    }
}

/* Sorted keys into `sorted`; 1 when all distinct. */
static int keys_unique(const uint32_t *m, uint64_t *maxkey) {
    uint64_t mx = make_keys(m);
    if (mx >= (1ULL << 32)) return 0;
    memcpy(sorted, keys, (size_t)nk * 4);
    radix_sort(sorted, nk);
    for (int i = 1; i < nk; i++)
        if (sorted[i] == sorted[i - 1]) return 0;
    *maxkey = mx;
    return 1;
}

/* ---- greedy start -------------------------------------------------------- */

typedef struct { uint32_t s; uint8_t n; } part_t;

/* The partial sums after the next rank, of multiplier c: each sum takes 0..4
 * cards of it, up to MAXC cards in all. Returns the new count. */
static int extend(part_t *cur, int ncur, uint32_t c) {
    static part_t nxt[MAXK];
    int k = 0;
    for (int i = 0; i < ncur; i++)
        for (int a = 0; a <= 4 && cur[i].n + a <= MAXC; a++) {
            nxt[k].s = cur[i].s + (uint32_t)a * c;
            nxt[k].n = (uint8_t)(cur[i].n + a);
            k++;
        }
    memcpy(cur, nxt, (size_t)k * sizeof(part_t));
    return k;
}

/* calloc, or exit with a message (a command-line tool: nothing to recover). */
static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (!p) {
        fprintf(stderr, "search_rank_hash: out of memory (%zu x %zu bytes)\n", n, size);
        exit(1);
    }
    return p;
}

static void greedy(uint32_t *m) {
    static part_t cur[MAXK];
    int ncur = 1;
    cur[0].s = 0;
    cur[0].n = 0;
    uint32_t prev = 0;
    for (int r = 0; r < NR; r++) {
        /* m is forbidden when d*m = s1 - s2 for partial sums s1 > s2 with
         * n2 + d <= 7, d = 1..4 (s2 takes d more of the new rank). */
        uint32_t hi = 0;
        for (int i = 0; i < ncur; i++) if (cur[i].s > hi) hi = cur[i].s;
        size_t nbits = (size_t)hi + 2;
        uint8_t *bad = xcalloc(nbits, 1);
        for (int i = 0; i < ncur; i++)
            for (int j = 0; j < ncur; j++) {
                if (cur[i].s <= cur[j].s) continue;
                uint32_t diff = cur[i].s - cur[j].s;
                for (int d = 1; d <= 4 && cur[j].n + d <= MAXC; d++)
                    if (diff % d == 0) bad[diff / d] = 1;
            }
        uint32_t c = prev + 1;
        while (c < nbits && bad[c]) c++;
        free(bad);
        m[r] = prev = c;
        ncur = extend(cur, ncur, c);
    }
}

/* Targeted greedy: in rank order, each multiplier the smallest value at or
 * above its target t[r] (and above the previous multiplier) that keeps every
 * partial sum distinct. A stamp array marks the sums a candidate gives. */
static int targeted(const uint32_t *t, uint32_t *m) {
    static part_t cur[MAXK];
    static uint32_t *stamp;
    static size_t cap = (size_t)1 << 28;
    static uint32_t gen;
    if (!stamp) stamp = xcalloc(cap, 4);
    int ncur = 1;
    cur[0].s = 0;
    cur[0].n = 0;
    uint32_t prev = 0;
    for (int r = 0; r < NR; r++) {
        uint32_t c = t[r] > prev ? t[r] : prev + 1;
        for (;; c++) {
            int ok = 1;
            gen++;
            for (int i = 0; i < ncur && ok; i++)
                for (int a = 0; a <= 4 && cur[i].n + a <= MAXC; a++) {
                    uint64_t v = cur[i].s + (uint64_t)a * c;
                    if (v >= cap) return 0;
                    if (stamp[v] == gen) { ok = 0; break; }
                    stamp[v] = gen;
                }
            if (ok) break;
        }
        m[r] = prev = c;
        ncur = extend(cur, ncur, c);
    }
    return 1;
}

/* ---- packing ------------------------------------------------------------- */

#define TBITS (1 << 20) /* room for the table while packing */
static uint64_t occ[TBITS / 64 + 2];

static inline uint64_t get64(size_t bit) { /* 64 bits from position bit */
    size_t w = bit >> 6;
    unsigned o = bit & 63;
    return o ? (occ[w] >> o) | (occ[w + 1] << (64 - o)) : occ[w];
}

typedef struct { uint32_t row, start, n; } rowinfo_t;

static int cmp_rows(const void *a, const void *b) {
    const rowinfo_t *x = a, *y = b;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* Pack the sorted keys at shift s. Returns the table length (-1 when it
 * runs out of room); *nrows gets the offset count; offs (if not NULL) the
 * offsets. */
static long pack(int s, uint64_t maxkey, long *nrows, uint32_t *offs) {
    static rowinfo_t rows[MAXK];
    int nr = 0;
    for (int i = 0; i < nk;) {
        int j = i;
        uint32_t row = sorted[i] >> s;
        while (j < nk && (sorted[j] >> s) == row) j++;
        rows[nr].row = row;
        rows[nr].start = (uint32_t)i;
        rows[nr].n = (uint32_t)(j - i);
        nr++;
        i = j;
    }
    *nrows = (long)(maxkey >> s) + 1;
    if (offs) memset(offs, 0, (size_t)*nrows * 4);
    qsort(rows, (size_t)nr, sizeof rows[0], cmp_rows);
    memset(occ, 0, sizeof occ);
    size_t first_free_word = 0, len = 0;
    uint32_t rel[1 << 16];
    for (int r = 0; r < nr; r++) {
        const uint32_t *k = sorted + rows[r].start;
        uint32_t n = rows[r].n, c0 = k[0] & ((1u << s) - 1);
        for (uint32_t j = 0; j < n; j++) rel[j] = (k[j] & ((1u << s) - 1)) - c0;
        while (occ[first_free_word] == ~0ULL) first_free_word++;
        size_t f = 0;
        int found = 0;
        for (size_t base = first_free_word * 64; base + rel[n - 1] + 64 < TBITS; base += 64) {
            uint64_t ok = ~0ULL;
            for (uint32_t j = 0; j < n && ok; j++) ok &= ~get64(base + rel[j]);
            if (ok) {
                f = base + (size_t)__builtin_ctzll(ok);
                found = 1;
                break;
            }
        }
        if (!found) return -1;
        for (uint32_t j = 0; j < n; j++) {
            size_t p = f + rel[j];
            occ[p >> 6] |= 1ULL << (p & 63);
        }
        if (f + rel[n - 1] + 1 > len) len = f + rel[n - 1] + 1;
        /* slot = key + off = (row << s) + c, so off = f - c0 - (row << s) */
        if (offs) offs[rows[r].row] = (uint32_t)(f - c0 - ((size_t)rows[r].row << s));
    }
    return (long)len;
}

/* ---- driver -------------------------------------------------------------- */

static uint64_t rng = 88172645463325252ULL;
static uint64_t xorshift(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void print_mult(const char *what, const uint32_t *m, uint64_t maxkey) {
    printf("%s (", what);
    for (int r = 0; r < NR; r++) printf("%u%s", m[r], r < NR - 1 ? ", " : "");
    printf(")  keys 0..%llu\n", (unsigned long long)maxkey);
}

static void report(const uint32_t *m, int lo, int hi) {
    uint64_t maxkey;
    if (!keys_unique(m, &maxkey)) {
        printf("keys not unique\n");
        return;
    }
    print_mult("multipliers", m, maxkey);
    printf("  shift  table(uint16)  fill   offsets(uint32)  7 tables+offsets bytes\n");
    for (int s = lo; s <= hi; s++) {
        long nrows, len = pack(s, maxkey, &nrows, NULL);
        if (len < 0) {
            printf("  %5d  (no room)\n", s);
            continue;
        }
        printf("  %5d  %13ld  %4.1f%%  %15ld  %ld\n", s, len, 100.0 * nk / len, nrows,
               7 * 2 * len + 4 * nrows);
    }
}

/* Whether multipliers whose largest key is maxkey pack at shift into no
 * more bytes (7 rank tables and the offsets) than *best; if so *best takes
 * their size, printed when smaller (try it of the local search). */
static int no_worse(int shift, uint64_t maxkey, int it, long *best) {
    long nrows, len = pack(shift, maxkey, &nrows, NULL);
    if (len < 0 || 14 * len + 4 * nrows > *best) return 0;
    if (14 * len + 4 * nrows < *best) {
        printf("  try %d: %ld bytes, table %ld, offsets %ld\n", it, 14 * len + 4 * nrows, len, nrows);
        fflush(stdout);
    }
    *best = 14 * len + 4 * nrows;
    return 1;
}

int main(int argc, char **argv) {
    int shift = 0, iters = 0;
    uint64_t cap = 0;
    uint32_t m[NR], tgt[NR];
    int have_m = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc) shift = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-i") && i + 1 < argc) iters = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) rng += strtoull(argv[++i], NULL, 10) * 0x9E3779B97F4A7C15ULL;
        else if (!strcmp(argv[i], "-c") && i + 1 < argc) cap = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
            char *p = argv[++i];
            for (int r = 0; r < NR; r++) {
                tgt[r] = (uint32_t)strtoul(p, &p, 10);
                if (*p == ',') p++;
            }
            if (!targeted(tgt, m)) { fprintf(stderr, "keys too large\n"); return 1; }
            have_m = 2;
        } else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
            char *p = argv[++i];
            for (int r = 0; r < NR; r++) {
                m[r] = (uint32_t)strtoul(p, &p, 10);
                if (*p == ',') p++;
            }
            have_m = 1;
        } else {
            fprintf(stderr, "usage: %s [-m M0,..,M12] [-s SHIFT -i ITERS [-r SEED] [-c CAP]]\n", argv[0]);
            return 2;
        }
    }
    uint8_t acc[NR];
    enum_sets(0, MAXC, acc);
    printf("key set: %d rank multisets (0..%d cards, at most 4 of a rank)\n", nk, MAXC);
    if (!have_m) {
        greedy(m);
        printf("greedy start:\n");
    }
    report(m, 8, 16);
    if (!shift || !iters) return 0;

    uint64_t maxkey;
    keys_unique(m, &maxkey);
    if (!cap) cap = maxkey;
    long nrows, len0 = pack(shift, maxkey, &nrows, NULL);
    long best = 14 * len0 + 4 * nrows; /* bytes of 7 rank tables + offsets */
    printf("local search at shift %d: start %ld bytes (table %ld), cap %llu\n", shift, best, len0,
           (unsigned long long)cap);
    for (int it = 0; it < iters && have_m == 2; it++) {
        /* targets given: move one target by up to 1/16 and redo the greedy */
        uint32_t t[NR], tm[NR];
        memcpy(t, tgt, sizeof t);
        int r = (int)(xorshift() % NR);
        uint32_t span = t[r] / 16 + 2;
        int64_t delta = (int64_t)(xorshift() % (2 * span + 1)) - span;
        if ((int64_t)t[r] + delta < 1) continue;
        t[r] = (uint32_t)((int64_t)t[r] + delta);
        uint64_t mk;
        if (!targeted(t, tm) || !keys_unique(tm, &mk) || mk > cap) continue;
        if (!no_worse(shift, mk, it, &best)) continue;
        memcpy(tgt, t, sizeof t);
        memcpy(m, tm, sizeof tm);
    }
    for (int it = 0; it < iters && have_m != 2; it++) {
        uint32_t t[NR];
        memcpy(t, m, sizeof t);
        int r = 1 + (int)(xorshift() % (NR - 1)); /* M[0] stays 1 */
        uint32_t span = t[r] / 8 + 2;
        int64_t delta = (int64_t)(xorshift() % (2 * span + 1)) - span;
        if (xorshift() & 1) delta = (int64_t)(xorshift() % 65) - 32; /* small steps too */
        if ((int64_t)t[r] + delta < 2) continue;
        t[r] = (uint32_t)((int64_t)t[r] + delta);
        uint64_t mk;
        if (!keys_unique(t, &mk) || mk > cap) continue;
        if (!no_worse(shift, mk, it, &best)) continue;
        memcpy(m, t, sizeof t);
    }
    printf("after local search:\n");
    if (have_m == 2) {
        printf("targets (");
        for (int r = 0; r < NR; r++) printf("%u%s", tgt[r], r < NR - 1 ? "," : "");
        printf(")\n");
    }
    report(m, 8, 16);
    return 0;
}
