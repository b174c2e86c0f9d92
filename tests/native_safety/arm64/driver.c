/* A driver of pyrankcore's row loops for checks on another architecture:
 * tests/native_safety/test_arm64_qemu.py cross-compiles it with the kernel
 * headers and the generated tables and runs it under qemu-user.
 *
 *   driver loops
 *       prints the row loops this build has, one a line, best last
 *   driver rows K GAME DECK ROWS SPANS [LOOP]
 *       K: cards a row (1..7); GAME: -1 for the high ranking (the row loops'
 *       static tables, no game) or an index of prc_builtins; DECK: the card
 *       ids the game's deck holds, a hexadecimal bit mask; ROWS: a file of
 *       K bytes a row, copied to end where an unreadable page starts;
 *       SPANS: a file of int64 pairs (start, stop), row spans to run.
 *       For each span, and each loop in it (LOOP alone if given), writes to
 *       stdout the first bad row or -1 (int64), then the span's strengths
 *       (uint16, 0 where the loop wrote nothing), native byte order.
 *   driver omaha NH NB HOLES BOARDS GAME DECK TABLES [LGAME LDECK LTABLES] SPANS [LOOP]
 *       Omaha rows: NH hole cards and NB board cards a row (HOLES, BOARDS:
 *       files as ROWS above) under GAME (an index of prc_builtins) and DECK
 *       as above; TABLES: the game's Omaha tables, a file of six arrays,
 *       each an int64 count of uint16 entries and the entries (written by
 *       pyrankcore's _core.omaha_driver_tables; a count of 0 is a table
 *       the game lacks).
 *       With LGAME LDECK LTABLES, the hi-lo one pass of the two games,
 *       two strengths a row (high, low). Writes as "rows" does.
 *   driver wild K TABLES ROWS SPANS [LOOP]
 *       Rows of K = 5..7 cards under a wild-card ranking: TABLES holds its
 *       tables as the Omaha TABLES do theirs (written by
 *       _core.wild_driver_tables; card16 and the scalars as four uint16 a
 *       uint64). Writes as "rows" does.
 *   driver suited K TABLES ROWS SPANS [LOOP]
 *       Rows of K = 1..7 cards under a suit tie-break ranking (TABLES from
 *       _core.suited_driver_tables): as "rows", each strength a uint32
 *       (two uint16 in the output, little-endian).
 *
 * Every kernel header is included, so that building the driver checks they
 * all compile for the target. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prc_eval.h"
#include "prc_fantasyland.h"
#include "prc_omaha.h"
#include "prc_suits.h"
#include "prc_wild.h"
#include "prc_equity.h"
#include "prc_tiers.h"

static void fail(const char *what) {
    fprintf(stderr, "driver: %s%s%s\n", what, errno ? ": " : "", errno ? strerror(errno) : "");
    exit(2);
}

/* All of a file; *size gets its length. */
static uint8_t *read_all(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) fail(path);
    size_t cap = 1 << 16, n = 0, got;
    uint8_t *buf = malloc(cap);
    if (!buf) fail("out of memory");
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap && !(buf = realloc(buf, cap *= 2))) fail("out of memory");
    }
    fclose(f);
    *size = n;
    return buf;
}

/* A copy of the n bytes that ends where an unreadable page starts: a loop
 * that reads past the last row faults. */
static const uint8_t *before_guard(const uint8_t *bytes, size_t n) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), pages = (n + page - 1) / page + 1;
    uint8_t *area = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED) fail("mmap");
    uint8_t *guard = area + (pages - 1) * page;
    if (mprotect(guard, page, PROT_NONE)) fail("mprotect");
    memcpy(guard - n, bytes, n);
    return guard - n;
}

/* The game struct of built-in ranking *index*, over the deck *deck*. */
static prc_game_t builtin_game(int index, uint64_t deck) {
    prc_game_t game = {0};
    if (index < 0 || index >= PRC_N_BUILTINS) fail("bad GAME");
    game.rank = prc_builtins[index].rank;
    game.flush = prc_builtins[index].flush;
    game.flush_mode = prc_builtins[index].flush_mode;
    game.invalid_ids = ~deck;
    for (int id = 0; id < 52; id++)
        if (!((deck >> id) & 1)) game.invalid |= PRC_CARD_BITS16(id);
    return game;
}

/* The n arrays of a TABLES file: each an int64 count of uint16 entries and
 * the entries, copied to start on a cache line (as the extension's pattern
 * rows do); NULL for a count of 0. counts, if not NULL, gets the counts. */
static void read_arrays(const char *path, int n, const uint16_t **arrays, size_t *counts) {
    size_t size, at = 0;
    uint8_t *bytes = read_all(path, &size);
    for (int a = 0; a < n; a++) {
        int64_t count;
        if (size - at < sizeof count) fail("short TABLES");
        memcpy(&count, bytes + at, sizeof count);
        at += sizeof count;
        if (count < 0 || (size - at) / 2 < (size_t)count) fail("short TABLES");
        uint16_t *copy = NULL;
        if (count) {
            copy = aligned_alloc(64, ((size_t)count * 2 + 63) / 64 * 64);
            if (!copy) fail("out of memory");
            memcpy(copy, bytes + at, (size_t)count * 2);
        }
        arrays[a] = copy;
        if (counts) counts[a] = (size_t)count;
        at += (size_t)count * 2;
    }
    if (at != size) fail("bad TABLES");
    free(bytes);
}

/* The Omaha tables of a TABLES file (see the usage above). */
static prc_omaha_t read_omaha_tables(const char *path) {
    const uint16_t *arrays[6];
    size_t counts[6];
    read_arrays(path, 6, arrays, counts);
    if (!arrays[0] || !arrays[1] || !arrays[5]) fail("bad TABLES");
    prc_omaha_t o = {arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], {0}, 0};
    for (int r = 0; r < 16; r++) o.low_bit[r] = (uint8_t)arrays[5][r];
    o.prefetch_rows = counts[1] * 2 > PRC_OMAHA_PREFETCH_BYTES; /* as the extension sets it */
    return o;
}

/* A wild ranking's tables (see the usage above). */
static prc_wild_t read_wild_tables(const char *path) {
    enum { RANK = 2, FLUSH = RANK + 8, HAND_RANK = FLUSH + 8, CARD16 = HAND_RANK + 3, SCALARS };
    const uint16_t *arrays[SCALARS + 1];
    read_arrays(path, SCALARS + 1, arrays, NULL);
    if (!arrays[0] || !arrays[CARD16] || !arrays[SCALARS]) fail("bad TABLES");
    const uint64_t *scalars = (const uint64_t *)arrays[SCALARS];
    prc_wild_t x = {0};
    x.natural.rank = arrays[0];
    x.natural.flush = arrays[1];
    x.natural.flush_mode = (int)scalars[0];
    x.natural.invalid = scalars[4];
    x.natural.invalid_ids = scalars[5];
    for (int w = 0; w < 8; w++) {
        x.rank[w] = arrays[RANK + w];
        x.flush[w] = arrays[FLUSH + w];
    }
    for (int k = 0; k < 3; k++) x.hand_rank[k] = arrays[HAND_RANK + k];
    x.card16 = (const uint64_t *)arrays[CARD16];
    x.lowest = (int)scalars[1];
    x.low_flush_tiers = (int)scalars[2];
    x.natural_bits = scalars[3];
    return x;
}

/* A suit tie-break ranking's tables (see the usage above). */
static void read_suited_tables(const char *path, prc_suited_t *x) {
    enum { RANK, FLUSH, INFO, PLAN, SCALARS };
    const uint16_t *arrays[SCALARS + 1];
    read_arrays(path, SCALARS + 1, arrays, NULL);
    if (!arrays[RANK] || !arrays[INFO] || !arrays[PLAN] || !arrays[SCALARS])
        fail("bad TABLES");
    const uint64_t *scalars = (const uint64_t *)arrays[SCALARS];
    memset(x, 0, sizeof *x);
    x->game.rank = arrays[RANK];
    x->game.flush = arrays[FLUSH];
    x->game.flush_mode = (int)scalars[0];
    x->game.invalid = scalars[1];
    x->game.invalid_ids = scalars[2];
    x->n_classes = (int)scalars[3];
    x->tiebreak = (int)scalars[4];
    for (int suit = 0; suit < 4; suit++) x->low_suit[suit] = (uint8_t)scalars[5 + suit];
    x->info = (const uint64_t *)arrays[INFO];
    x->plan = (const prc_play_t *)arrays[PLAN];
    prc_suited_init(x);
    /* the vector plans, as _suit_vplans makes them (the kinds and one more) */
    uint64_t *plays = malloc((size_t)(x->n_classes + 1) * sizeof *plays);
    prc_vkind_t *kinds = malloc((PRC_VPLAN_KINDS + 1) * sizeof *kinds);
    if (!plays || !kinds) fail("out of memory");
    if (prc_suited_vplan_fill(x->plan, x->n_classes + 1, plays, kinds) > 0)
        prc_suited_set_vplan(x, plays, kinds);
}

/* What a command runs over its spans. */
typedef struct {
    enum { ROWS, OMAHA, WILD, SUITED } kind;
    int k, nh, nb, hilo;
    const uint8_t *cards, *holes, *boards;
    int high;               /* rows: the high ranking (its static tables, no game) */
    prc_game_t hi, lo;      /* rows: hi is the game */
    prc_omaha_t ohi, olo;
    prc_wild_t wild;
    prc_suited_t suited;
} job_t;

static int64_t run_loop(const job_t *j, uint16_t *out, long start, long stop) {
    switch (j->kind) {
    case ROWS: return prc_rows(j->high ? NULL : &j->hi, j->cards, j->k, out, start, stop);
    case WILD: return prc_wild_rows(&j->wild, j->cards, j->k, out, start, stop);
    case SUITED: {
        /* out holds two uint16 a row: the uint32 strengths, as the test
         * reads them back (little-endian) */
        uint32_t *wide = (uint32_t *)out;
        return prc_suited_rows(&j->suited, j->cards, j->k, wide, start, stop);
    }
    default:
        if (j->hilo)
            return prc_omaha_rows_hilo(&j->hi, &j->ohi, &j->lo, &j->olo, j->holes, j->nh,
                                       j->boards, j->nb, out, start, stop);
        return prc_omaha_rows(&j->hi, &j->ohi, j->holes, j->nh, j->boards, j->nb, out, start,
                              stop);
    }
}

/* For each span of the SPANS file (within rows 0..n-1) and each loop (only
 * that one, if given): the span's first bad row (int64) and strengths
 * (stride uint16 a row) to stdout. The 64 rows on each side of the span
 * are filled with a pattern that must stay: a loop writing there (a step
 * past the span's end, say) fails the driver. */
#define GUARD_ROWS 64
static int run_spans(const job_t *j, const char *spans_path, long n, int stride,
                     const char *only) {
    size_t spans_size;
    int64_t *spans = (int64_t *)read_all(spans_path, &spans_size);
    long n_spans = (long)(spans_size / (2 * sizeof *spans));
    if (spans_size % (2 * sizeof *spans)) fail("bad SPANS");
    const size_t total = (size_t)n * (size_t)stride;
    uint16_t *out = malloc((total ? total : 1) * sizeof *out);
    if (!out) fail("out of memory");
    for (long s = 0; s < n_spans; s++) {
        long start = (long)spans[2 * s], stop = (long)spans[2 * s + 1];
        if (start < 0 || start > stop || stop > n) fail("bad span");
        size_t first = (size_t)start * (size_t)stride;
        size_t count = (size_t)(stop - start) * (size_t)stride;
        for (int tier = 0; tier <= prc_tier_best(); tier++) {
            if (only && strcmp(only, prc_tier_name(tier))) continue;
            if (prc_tier_select(tier) != tier) fail("a loop the CPU lacks");
            size_t lo = first > GUARD_ROWS * (size_t)stride ? first - GUARD_ROWS * stride : 0;
            size_t hi = first + count + GUARD_ROWS * (size_t)stride;
            hi = hi < total ? hi : total;
            memset(out + lo, 0xA5, (first - lo) * sizeof *out);
            memset(out + first, 0, count * sizeof *out);
            memset(out + first + count, 0xA5, (hi - first - count) * sizeof *out);
            int64_t first_bad = run_loop(j, out, start, stop);
            /* only the margins: a constant cost a span, which the
             * instruction counts of bench_arm64.py subtract away */
            for (size_t i = lo; i < first; i++)
                if (out[i] != 0xA5A5) fail("a loop wrote before its span");
            for (size_t i = first + count; i < hi; i++)
                if (out[i] != 0xA5A5) fail("a loop wrote past its span");
            if (fwrite(&first_bad, sizeof first_bad, 1, stdout) != 1 ||
                fwrite(out + first, sizeof *out, count, stdout) != count)
                fail("write");
        }
    }
    return 0;
}

/* The rows of a ROWS file of k bytes a row, ending where an unreadable page
 * starts; *n gets their number. */
static const uint8_t *read_rows(const char *path, int k, long *n) {
    size_t size;
    uint8_t *bytes = read_all(path, &size);
    if (size % (size_t)k) fail("bad ROWS");
    *n = (long)(size / (size_t)k);
    return before_guard(bytes, size);
}

static int wild_main(int argc, char **argv) {
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: driver wild K TABLES ROWS SPANS [LOOP]\n");
        return 2;
    }
    job_t j = {.kind = WILD, .k = atoi(argv[2])};
    if (j.k < 5 || j.k > 7) fail("bad K");
    j.wild = read_wild_tables(argv[3]);
    long n;
    j.cards = read_rows(argv[4], j.k, &n);
    return run_spans(&j, argv[5], n, 1, argc == 7 ? argv[6] : NULL);
}

static int suited_main(int argc, char **argv) {
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: driver suited K TABLES ROWS SPANS [LOOP]\n");
        return 2;
    }
    static job_t j; /* prc_suited_t holds 4 KB of group keys */
    j.kind = SUITED;
    j.k = atoi(argv[2]);
    if (j.k < 1 || j.k > 7) fail("bad K");
    read_suited_tables(argv[3], &j.suited);
    long n;
    j.cards = read_rows(argv[4], j.k, &n);
    return run_spans(&j, argv[5], n, 2, argc == 7 ? argv[6] : NULL);
}

static int omaha_main(int argc, char **argv) {
    if (argc != 10 && argc != 11 && argc != 13 && argc != 14) {
        fprintf(stderr, "usage: driver omaha NH NB HOLES BOARDS GAME DECK TABLES "
                        "[LGAME LDECK LTABLES] SPANS [LOOP]\n");
        return 2;
    }
    job_t j = {.kind = OMAHA, .nh = atoi(argv[2]), .nb = atoi(argv[3]), .hilo = argc >= 13};
    if (j.nh < 4 || j.nh > 6 || j.nb < 3 || j.nb > 5) fail("bad NH or NB");
    long n, n_boards;
    j.holes = read_rows(argv[4], j.nh, &n);
    j.boards = read_rows(argv[5], j.nb, &n_boards);
    if (n_boards != n) fail("HOLES and BOARDS differ in rows");
    j.hi = builtin_game(atoi(argv[6]), strtoull(argv[7], NULL, 16));
    j.ohi = read_omaha_tables(argv[8]);
    if (j.hilo) {
        j.lo = builtin_game(atoi(argv[9]), strtoull(argv[10], NULL, 16));
        j.olo = read_omaha_tables(argv[11]);
    }
    const int spans = j.hilo ? 12 : 9;
    return run_spans(&j, argv[spans], n, j.hilo ? 2 : 1, argc > spans + 1 ? argv[spans + 1] : NULL);
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "omaha")) return omaha_main(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "wild")) return wild_main(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "suited")) return suited_main(argc, argv);
    if (argc == 2 && !strcmp(argv[1], "loops")) {
        for (int tier = 0; tier <= prc_tier_best(); tier++)
            printf("%s\n", prc_tier_name(tier));
        return 0;
    }
    if (argc < 7 || argc > 8 || strcmp(argv[1], "rows")) {
        fprintf(stderr, "usage: driver loops | driver rows K GAME DECK ROWS SPANS [LOOP] | "
                        "driver omaha | wild | suited ...\n");
        return 2;
    }
    job_t j = {.kind = ROWS, .k = atoi(argv[2])};
    int game_index = atoi(argv[3]);
    if (j.k < 1 || j.k > 7 || game_index < -1 || game_index >= PRC_N_BUILTINS)
        fail("bad K or GAME");
    j.high = game_index < 0;
    if (!j.high) j.hi = builtin_game(game_index, strtoull(argv[4], NULL, 16));
    long n;
    j.cards = read_rows(argv[5], j.k, &n);
    return run_spans(&j, argv[6], n, 1, argc == 8 ? argv[7] : NULL);
}
