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
 *   driver omaha NH NB HOLES BOARDS SPANS GAME DECK TABLES [LGAME LDECK LTABLES] [LOOP]
 *       Omaha rows: NH hole cards and NB board cards a row (HOLES, BOARDS:
 *       files as ROWS above) under GAME (an index of prc_builtins) and DECK
 *       as above; TABLES: the game's Omaha tables, a file of six arrays,
 *       each an int64 count of uint16 entries and the entries
 *       (pyrankcore's _core.omaha_table_arrays, in its order; low_bit
 *       widened to 16 uint16; a count of 0 is a table the game lacks).
 *       With LGAME LDECK LTABLES, the hi-lo one pass of the two games,
 *       two strengths a row (high, low). Writes as "rows" does.
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

/* The Omaha tables of a TABLES file (see the usage above). Each array
 * starts on a cache line, as the extension's pattern rows do. */
static prc_omaha_t read_omaha_tables(const char *path) {
    size_t size, at = 0;
    uint8_t *bytes = read_all(path, &size);
    const uint16_t *arrays[6];
    for (int a = 0; a < 6; a++) {
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
        at += (size_t)count * 2;
    }
    if (at != size || !arrays[0] || !arrays[1] || !arrays[5]) fail("bad TABLES");
    prc_omaha_t o = {arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], {0}};
    for (int r = 0; r < 16; r++) o.low_bit[r] = (uint8_t)arrays[5][r];
    free(bytes);
    return o;
}

static int omaha_main(int argc, char **argv) {
    if (argc != 10 && argc != 11 && argc != 13 && argc != 14) {
        fprintf(stderr, "usage: driver omaha NH NB HOLES BOARDS SPANS GAME DECK TABLES "
                        "[LGAME LDECK LTABLES] [LOOP]\n");
        return 2;
    }
    int nh = atoi(argv[2]), nb = atoi(argv[3]), hilo = argc >= 13;
    const char *only = argc == 11 || argc == 14 ? argv[argc - 1] : NULL;
    if (nh < 4 || nh > 6 || nb < 3 || nb > 5) fail("bad NH or NB");
    size_t hole_size, board_size, spans_size;
    uint8_t *hole_bytes = read_all(argv[4], &hole_size);
    uint8_t *board_bytes = read_all(argv[5], &board_size);
    int64_t *spans = (int64_t *)read_all(argv[6], &spans_size);
    long n = (long)(hole_size / (size_t)nh), n_spans = (long)(spans_size / (2 * sizeof *spans));
    if (hole_size % (size_t)nh || board_size != (size_t)n * (size_t)nb ||
        spans_size % (2 * sizeof *spans))
        fail("bad HOLES, BOARDS or SPANS");
    const uint8_t *holes = before_guard(hole_bytes, hole_size);
    const uint8_t *boards = before_guard(board_bytes, board_size);
    prc_game_t hi = builtin_game(atoi(argv[7]), strtoull(argv[8], NULL, 16)), lo = {0};
    prc_omaha_t ohi = read_omaha_tables(argv[9]), olo = {0};
    if (hilo) {
        lo = builtin_game(atoi(argv[10]), strtoull(argv[11], NULL, 16));
        olo = read_omaha_tables(argv[12]);
    }
    const int stride = hilo ? 2 : 1;
    uint16_t *out = malloc((size_t)(n ? n : 1) * (size_t)stride * sizeof *out);
    if (!out) fail("out of memory");
    for (long s = 0; s < n_spans; s++) {
        long start = (long)spans[2 * s], stop = (long)spans[2 * s + 1];
        if (start < 0 || start > stop || stop > n) fail("bad span");
        size_t count = (size_t)(stop - start) * (size_t)stride;
        for (int kernel = 0; kernel <= prc_cpu_best(); kernel++) {
            if (only && strcmp(only, prc_kernel_name(kernel))) continue;
            if (prc_cpu_init(kernel) != kernel) fail("a loop the CPU lacks");
            memset(out + start * stride, 0, count * sizeof *out);
            int64_t first_bad =
                hilo ? prc_omaha_rows_hilo(&hi, &ohi, &lo, &olo, holes, nh, boards, nb, out,
                                           start, stop)
                     : prc_omaha_rows(&hi, &ohi, holes, nh, boards, nb, out, start, stop);
            if (fwrite(&first_bad, sizeof first_bad, 1, stdout) != 1 ||
                fwrite(out + start * stride, sizeof *out, count, stdout) != count)
                fail("write");
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "omaha")) return omaha_main(argc, argv);
    if (argc == 2 && !strcmp(argv[1], "loops")) {
        for (int kernel = 0; kernel <= prc_cpu_best(); kernel++)
            printf("%s\n", prc_kernel_name(kernel));
        return 0;
    }
    if (argc < 7 || argc > 8 || strcmp(argv[1], "rows")) {
        fprintf(stderr, "usage: driver loops | driver rows K GAME DECK ROWS SPANS [LOOP] | "
                        "driver omaha ...\n");
        return 2;
    }
    int k = atoi(argv[2]), game_index = atoi(argv[3]);
    uint64_t deck = strtoull(argv[4], NULL, 16);
    if (k < 1 || k > 7 || game_index < -1 || game_index >= PRC_N_BUILTINS) fail("bad K or GAME");
    size_t size, spans_size;
    uint8_t *bytes = read_all(argv[5], &size);
    int64_t *spans = (int64_t *)read_all(argv[6], &spans_size);
    long n = (long)(size / (size_t)k), n_spans = (long)(spans_size / (2 * sizeof *spans));
    if (size % (size_t)k || spans_size % (2 * sizeof *spans)) fail("bad rows or spans");
    const uint8_t *cards = before_guard(bytes, size);

    prc_game_t game = {0};
    if (game_index >= 0) game = builtin_game(game_index, deck);
    uint16_t *out = malloc((size_t)(n ? n : 1) * sizeof *out);
    if (!out) fail("out of memory");
    for (long s = 0; s < n_spans; s++) {
        long start = (long)spans[2 * s], stop = (long)spans[2 * s + 1];
        if (start < 0 || start > stop || stop > n) fail("bad span");
        for (int kernel = 0; kernel <= prc_cpu_best(); kernel++) {
            if (argc == 8 && strcmp(argv[7], prc_kernel_name(kernel))) continue;
            if (prc_cpu_init(kernel) != kernel) fail("a loop the CPU lacks");
            memset(out + start, 0, (size_t)(stop - start) * sizeof *out);
            int64_t first_bad =
                prc_rows(game_index >= 0 ? &game : NULL, cards, k, out, start, stop);
            if (fwrite(&first_bad, sizeof first_bad, 1, stdout) != 1 ||
                fwrite(out + start, sizeof *out, (size_t)(stop - start), stdout) !=
                    (size_t)(stop - start))
                fail("write");
        }
    }
    return 0;
}
