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

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "loops")) {
        for (int kernel = 0; kernel <= prc_cpu_best(); kernel++)
            printf("%s\n", prc_kernel_name(kernel));
        return 0;
    }
    if (argc < 7 || argc > 8 || strcmp(argv[1], "rows")) {
        fprintf(stderr, "usage: driver loops | driver rows K GAME DECK ROWS SPANS [LOOP]\n");
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
    if (game_index >= 0) {
        game.rank = prc_builtins[game_index].rank;
        game.flush = prc_builtins[game_index].flush;
        game.flush_mode = prc_builtins[game_index].flush_mode;
        game.invalid_ids = ~deck;
        for (int id = 0; id < 52; id++)
            if (!((deck >> id) & 1)) game.invalid |= PRC_CARD_BITS16(id);
    }
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
