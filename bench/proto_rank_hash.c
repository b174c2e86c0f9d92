/* proto_rank_hash.c: today's rank hash against a row-offset hash.
 *
 * (a) today: prc_rank_slot of prc_eval.h over the generated tables (two
 *     multiplies, a displacement load, an add, the value load).
 * (b) row offset: slot = key + OFF[key >> SHIFT] (a shift, a load, an add,
 *     the value load), with NEW_MULT rank multipliers (search_rank_hash.c).
 *     Its offsets are packed here, at start-up, by first-fit decreasing row
 *     displacement, and its value table is filled from today's table (the
 *     strength of each rank multiset), so (a) and (b) must agree hand by
 *     hand: checked before timing, and every key of the key set is checked
 *     to get its own slot.
 *
 * Each loop is the row kernel's shape: sum the cards' 64-bit keys (rank
 * multiplier + suit counters) with validation (bits OR and sum), then the
 * flush table or the rank table. A third pair of loops times the rank
 * lookup alone, over the rank sums of the non-flush hands.
 *
 * Build (from the repository root; TABLES = a built tree's src/generated):
 *   gcc -O3 -fPIC -Isrc -I$TABLES bench/proto_rank_hash.c $TABLES/prc_tables.c \
 *       -o /tmp/proto
 *   (add -mpopcnt for information; -DNEW_SHIFT=.. -DNEW_MULT=.. to change)
 * Run:  /tmp/proto [hands=1000000] [repeats=15] [only=a|b|all]
 *   Under valgrind --tool=callgrind, use repeats=1 and only=a or only=b.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prc_eval.h"

#ifndef NEW_SHIFT
#define NEW_SHIFT 11
#endif
#ifndef NEW_MULT
#define NEW_MULT 6400, 25601, 56000, 192000, 480000, 1200000, 2800004, 3440011, \
                 3680031, 3720068, 3760147, 3800338, 3852357
#endif
#define NEW_MAX_TABLE 200000
#define NEW_MAX_ROWS (1 << 20)

static const uint32_t new_mult[13] = {NEW_MULT};
static uint32_t new_off[NEW_MAX_ROWS] __attribute__((aligned(64)));
static uint16_t new_rank[NEW_MAX_TABLE + 1] __attribute__((aligned(64)));
static uint64_t new_card16[512] __attribute__((aligned(64)));
static long new_len, new_rows;

static inline uint32_t new_rank_slot(uint32_t sum) {
    return sum + new_off[sum >> NEW_SHIFT];
}

/* ---- building (b) -------------------------------------------------------- */

static uint8_t cnt[80000][13];
static int nk;

static void enum_sets(int r, int left, uint8_t *acc) {
    if (r == 13) {
        memcpy(cnt[nk++], acc, 13);
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        acc[r] = (uint8_t)c;
        enum_sets(r + 1, left - c, acc);
    }
}

typedef struct { uint32_t key, old; } kv_t;
typedef struct { uint32_t row, start, n; } row_t;

static int cmp_kv(const void *a, const void *b) {
    uint32_t x = ((const kv_t *)a)->key, y = ((const kv_t *)b)->key;
    return x < y ? -1 : x > y;
}
static int cmp_row(const void *a, const void *b) {
    const row_t *x = a, *y = b;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

static void build_new(void) {
    static kv_t kv[80000];
    static row_t rows[80000];
    static uint8_t used[NEW_MAX_TABLE + 64];
    uint8_t acc[13];
    enum_sets(0, 7, acc);
    uint32_t old_mult[13];
    for (int r = 0; r < 13; r++) old_mult[r] = (uint32_t)prc_card_key[4 * r];
    for (int i = 0; i < nk; i++) {
        uint64_t k = 0, o = 0;
        for (int r = 0; r < 13; r++) {
            k += (uint64_t)cnt[i][r] * new_mult[r];
            o += (uint64_t)cnt[i][r] * old_mult[r];
        }
        if (k >> 32) { fprintf(stderr, "key over 32 bits\n"); exit(1); }
        kv[i].key = (uint32_t)k;
        kv[i].old = (uint32_t)o;
    }
    qsort(kv, (size_t)nk, sizeof kv[0], cmp_kv);
    for (int i = 1; i < nk; i++)
        if (kv[i].key == kv[i - 1].key) { fprintf(stderr, "keys not unique\n"); exit(1); }
    new_rows = (long)(kv[nk - 1].key >> NEW_SHIFT) + 1;
    if (new_rows > NEW_MAX_ROWS) { fprintf(stderr, "too many rows\n"); exit(1); }
    int nr = 0;
    for (int i = 0; i < nk;) {
        int j = i;
        while (j < nk && (kv[j].key >> NEW_SHIFT) == (kv[i].key >> NEW_SHIFT)) j++;
        rows[nr].row = kv[i].key >> NEW_SHIFT;
        rows[nr].start = (uint32_t)i;
        rows[nr].n = (uint32_t)(j - i);
        nr++;
        i = j;
    }
    qsort(rows, (size_t)nr, sizeof rows[0], cmp_row);
    const uint32_t mask = (1u << NEW_SHIFT) - 1;
    long first = 0;
    for (int r = 0; r < nr; r++) { /* plain first fit: slow but simple */
        const kv_t *k = kv + rows[r].start;
        uint32_t c0 = k[0].key & mask;
        while (used[first]) first++;
        long f;
        for (f = first;; f++) {
            int ok = 1;
            for (uint32_t j = 0; j < rows[r].n && ok; j++) {
                long p = f + (long)((k[j].key & mask) - c0);
                if (p >= NEW_MAX_TABLE || used[p]) ok = 0;
            }
            if (ok) break;
            if (f >= NEW_MAX_TABLE) { fprintf(stderr, "table full\n"); exit(1); }
        }
        new_off[rows[r].row] = (uint32_t)(f - (long)c0 - ((long)rows[r].row << NEW_SHIFT));
        for (uint32_t j = 0; j < rows[r].n; j++) {
            long p = f + (long)((k[j].key & mask) - c0);
            used[p] = 1;
            if (p + 1 > new_len) new_len = p + 1;
        }
    }
    /* every key its own slot, and the slot's value = today's value */
    static uint8_t seen[NEW_MAX_TABLE];
    for (int i = 0; i < nk; i++) {
        uint32_t s = new_rank_slot(kv[i].key);
        if (s >= (uint32_t)new_len || seen[s]) { fprintf(stderr, "slot clash\n"); exit(1); }
        seen[s] = 1;
        new_rank[s] = prc_rank_high[prc_rank_slot(kv[i].old)];
    }
    for (int c = 0; c < 256; c++) {
        uint64_t old_key = PRC_CARD_KEY16(c);
        new_card16[2 * c] = c < 52 ? (old_key & ~0xFFFFFFFFULL) + new_mult[c >> 2] : old_key;
        new_card16[2 * c + 1] = PRC_CARD_BITS16(c);
    }
}

/* Validation as in prc_sum_cards, or with -mpopcnt as in
 * prc_sum_cards_popcount (the row loops' POPCNT copy). */
#ifdef __POPCNT__
#define CHECK(key, any, sum, k) (__builtin_popcountll(any) != (k))
#else
#define CHECK(key, any, sum, k) (((key) >> PRC_INVALID_SHIFT) | ((any) ^ (sum)))
#endif

/* ---- the loops ----------------------------------------------------------- */

#define KERNEL(NAME, CARD16, SLOT, RANK)                                      \
    __attribute__((always_inline)) static inline long NAME(const uint8_t *cards, int k, \
                                               long n, uint16_t *out) {      \
        for (long i = 0; i < n; i++) {                                      \
            const uint8_t *c = cards + i * k;                               \
            uint64_t key = PRC_SUIT_START, any = 0, sum = 0;                \
            for (int j = 0; j < k; j++) {                                   \
                uint64_t b = CARD16[2 * (size_t)c[j] + 1];                  \
                key += CARD16[2 * (size_t)c[j]];                            \
                any |= b;                                                   \
                sum += b;                                                   \
            }                                                               \
            if (CHECK(key, any, sum, k)) return i;                          \
            uint64_t f = key & PRC_FLUSH_BITS;                              \
            out[i] = f ? prc_flush_high[prc_flush_ranks(f, any)]            \
                       : RANK[SLOT((uint32_t)key)];                         \
        }                                                                   \
        return -1;                                                          \
    }

/* one instance per hand size, so the card loop unrolls as in the library */
#define KERNELS(K)                                                            \
    __attribute__((noinline)) static long eval_a_##K(const uint8_t *c, long n, uint16_t *o) { \
        return eval_a(c, K, n, o);                                            \
    }                                                                         \
    __attribute__((noinline)) static long eval_b_##K(const uint8_t *c, long n, uint16_t *o) { \
        return eval_b(c, K, n, o);                                            \
    }

KERNEL(eval_a, prc_card16, prc_rank_slot, prc_rank_high)
KERNEL(eval_b, new_card16, new_rank_slot, new_rank)
KERNELS(5)
KERNELS(7)

__attribute__((noinline)) static uint64_t lookup_a(const uint32_t *sums, long n) {
    uint64_t t = 0;
    for (long i = 0; i < n; i++) t += prc_rank_high[prc_rank_slot(sums[i])];
    return t;
}
__attribute__((noinline)) static uint64_t lookup_b(const uint32_t *sums, long n) {
    uint64_t t = 0;
    for (long i = 0; i < n; i++) t += new_rank[new_rank_slot(sums[i])];
    return t;
}

/* ---- driver -------------------------------------------------------------- */

static uint64_t rng = 0x243F6A8885A308D3ULL;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void deal(uint8_t *cards, int k, long n) {
    for (long i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k; j++) {
            unsigned c;
            do c = (unsigned)(next() % 52); while (used >> c & 1);
            used |= 1ULL << c;
            cards[i * k + j] = (uint8_t)c;
        }
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef long (*kern_t)(const uint8_t *, long, uint16_t *);

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 15;
    const char *only = argc > 3 ? argv[3] : "all";
    int run_a = strcmp(only, "b") != 0, run_b = strcmp(only, "a") != 0;
    build_new();
    printf("(b) shift %d: table %ld entries, %ld offsets; (a) table %d entries, %d displacements\n",
           NEW_SHIFT, new_len, new_rows, PRC_HASH_SIZE, (int)(sizeof prc_hash_displace / 4));
    uint8_t *cards5 = malloc((size_t)n * 5), *cards7 = malloc((size_t)n * 7);
    uint16_t *oa = malloc((size_t)n * 2), *ob = malloc((size_t)n * 2);
    uint32_t *sums = malloc((size_t)n * 4), *sums_b = malloc((size_t)n * 4);
    deal(cards5, 5, n);
    deal(cards7, 7, n);
    /* rank sums of the non-flush 7-card hands, in both key schemes */
    long ns = 0;
    for (long i = 0; i < n; i++) {
        uint64_t ka = PRC_SUIT_START, kb = PRC_SUIT_START;
        for (int j = 0; j < 7; j++) {
            ka += PRC_CARD_KEY16(cards7[i * 7 + j]);
            kb += new_card16[2 * cards7[i * 7 + j]];
        }
        if (ka & PRC_FLUSH_BITS) continue;
        sums[ns] = (uint32_t)ka;
        sums_b[ns] = (uint32_t)kb;
        ns++;
    }
    if (run_a && run_b) { /* (a) and (b) agree on every hand */
        kern_t ka[2] = {eval_a_5, eval_a_7}, kb[2] = {eval_b_5, eval_b_7};
        uint8_t *cs[2] = {cards5, cards7};
        for (int t = 0; t < 2; t++) {
            if (ka[t](cs[t], n, oa) != -1 || kb[t](cs[t], n, ob) != -1 ||
                memcmp(oa, ob, (size_t)n * 2)) {
                fprintf(stderr, "(a) and (b) differ\n");
                return 1;
            }
        }
        if (lookup_a(sums, ns) != lookup_b(sums_b, ns)) {
            fprintf(stderr, "lookups differ\n");
            return 1;
        }
        printf("checked: (a) == (b) on %ld 5-card and %ld 7-card hands\n", n, n);
    }
    double t5a[64], t5b[64], t7a[64], t7b[64], la[64], lb[64];
    uint64_t sink = 0;
    for (int r = 0; r < reps && r < 64; r++) { /* interleaved, so drift hits both */
        double t;
        if (run_a) {
            t = now(); eval_a_5(cards5, n, oa); t5a[r] = (now() - t) / n * 1e9; sink += oa[n - 1];
            t = now(); eval_a_7(cards7, n, oa); t7a[r] = (now() - t) / n * 1e9; sink += oa[n - 1];
            t = now(); sink += lookup_a(sums, ns); la[r] = (now() - t) / ns * 1e9;
        }
        if (run_b) {
            t = now(); eval_b_5(cards5, n, ob); t5b[r] = (now() - t) / n * 1e9; sink += ob[n - 1];
            t = now(); eval_b_7(cards7, n, ob); t7b[r] = (now() - t) / n * 1e9; sink += ob[n - 1];
            t = now(); sink += lookup_b(sums_b, ns); lb[r] = (now() - t) / ns * 1e9;
        }
    }
    if (reps > 64) reps = 64;
    printf("median ns/hand over %d runs of %ld hands (%ld rank sums):\n", reps, n, ns);
    if (run_a)
        printf("  (a) today      5-card %.3f  7-card %.3f  lookup only %.3f\n",
               median(t5a, reps), median(t7a, reps), median(la, reps));
    if (run_b)
        printf("  (b) row offset 5-card %.3f  7-card %.3f  lookup only %.3f\n",
               median(t5b, reps), median(t7b, reps), median(lb, reps));
    return (int)(sink == 42);
}
