"""pyrankcore's hand isomorphism indexer, and Waugh's C library on the same
hands in the same run.

    python bench/bench_indexer.py [--hands 1000000] [--waugh /path/to/hand-isomorphism]

Times ``HandIndexer([2, 3, 1, 1]).index`` over random 7-card hold'em hands
(every round's index, every card checked) and ``unindex`` of their river
classes, as millions of hands per second, on one thread and on each count
of ``--threads`` (the rows spread over threads, without the GIL). With ``--waugh`` (a
checkout of github.com/kdub0/hand-isomorphism: it has src/hand_index.c) a
small C driver written here is compiled against that library with ``-O3``
(no ``-march``, like pyrankcore's wheels) in a temporary directory; it
calls ``hand_index_all`` and ``hand_unindex`` once per hand on the same
hands, and the script prints the ratios and checks that both libraries
agree on which hands share a class. The two take turns, one timed round
each. Nothing of that library is copied into
this repository. Needs a C compiler (``CC``, default ``cc``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import pyrankcore as prc
from pyrankcore.indexer import HandIndexer

# The helpers shared by the scripts live next to this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import compile_driver  # noqa: E402

DRIVER = r"""
/* Times Waugh's hand_index_all and hand_unindex over hands read from a file
 * (n rows of 7 ids, rank * 4 + suit as in pyrankcore). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "hand_index.h"

static clockid_t clock_id = CLOCK_MONOTONIC;

static double now(void) {
    struct timespec t;
    clock_gettime(clock_id, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 5) return 2;
    if (argv[4][0] == 'c') clock_id = CLOCK_THREAD_CPUTIME_ID;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 3;
    fseek(f, 0, SEEK_END);
    long n = ftell(f) / 7;
    fseek(f, 0, SEEK_SET);
    uint8_t *cards = malloc(n * 7), *back = malloc(n * 7);
    hand_index_t *idx = malloc(n * 4 * sizeof *idx), *river = malloc(n * sizeof *river);
    if (fread(cards, 7, n, f) != (size_t)n) return 4;
    fclose(f);
    hand_indexer_t ix;
    uint8_t rounds[4] = {2, 3, 1, 1};
    if (!hand_indexer_init(4, rounds, &ix)) return 5;
    int reps = atoi(argv[3]);
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        for (long i = 0; i < n; i++) hand_index_all(&ix, cards + i * 7, idx + i * 4);
        double t1 = now();
        for (long i = 0; i < n; i++) river[i] = idx[i * 4 + 3];
        double t2 = now();
        for (long i = 0; i < n; i++) hand_unindex(&ix, 3, river[i], back + i * 7);
        double t3 = now();
        printf("%.6f %.6f\n", t1 - t0, t3 - t2);
    }
    FILE *o = fopen(argv[2], "wb");
    if (!o) return 6;
    fwrite(idx, sizeof *idx, n * 4, o);
    fclose(o);
    return 0;
}
"""


def build_driver(waugh: str, workdir: str) -> str:
    lib = os.path.join(waugh, "src")
    units = [os.path.join(lib, "hand_index.c"), os.path.join(lib, "deck.c")]
    flags = ["-O3", "-std=gnu99", "-I", lib]
    return compile_driver(
        DRIVER, workdir, "driver", cxx=False, flags=flags, units=units, libs=("-lm",)
    )


def same_classes(a: np.ndarray, b: np.ndarray) -> bool:
    """True when two index columns split the hands into the same classes."""
    pairs = np.unique(np.stack([a, b], axis=1), axis=0)
    return len(pairs) == len(np.unique(a)) == len(np.unique(b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="timed repetitions (the median is shown; the fastest with --cpu-time)",
    )
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument(
        "--threads", type=int, nargs="+", default=[1], help="thread counts to time (1 always)"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time one thread by the CPU time of the timing thread, both libraries, and show "
        "the fastest round (steadier than wall time on a busy machine; other thread counts "
        "are left out)",
    )
    parser.add_argument(
        "--waugh", help="a checkout of Waugh's hand-isomorphism (has src/hand_index.c)"
    )
    args = parser.parse_args(argv)
    if args.waugh and not os.path.isfile(os.path.join(args.waugh, "src", "hand_index.c")):
        raise SystemExit(f"{args.waugh} is not a hand-isomorphism checkout (no src/hand_index.c)")

    print(f"pyrankcore {prc.__version__}, Python {sys.version.split()[0]}, NumPy {np.__version__}")
    threads = [1] if args.cpu_time else sorted({1, *args.threads})
    clock = time.thread_time if args.cpu_time else time.perf_counter
    # On a shared machine the fastest round is the one least disturbed.
    pick = min if args.cpu_time else statistics.median
    print(
        f"hold'em [2, 3, 1, 1], {args.hands:,} random 7-card hands, "
        f"{'fastest' if args.cpu_time else 'median'} of {args.rounds} rounds, "
        f"{'CPU' if args.cpu_time else 'wall-clock'} time\n"
    )
    ix = HandIndexer([2, 3, 1, 1])
    hands = prc.random_hands(args.hands, 7, seed=args.seed)
    ix.index(hands[:1000])  # warm up
    index_t: dict[int, list[float]] = {t: [] for t in threads}
    unindex_t: dict[int, list[float]] = {t: [] for t in threads}
    ours = ix.index(hands)
    river = np.ascontiguousarray(ours[:, 3])
    times: list[tuple[float, ...]] = []
    with tempfile.TemporaryDirectory() as work:
        if args.waugh:
            exe = build_driver(args.waugh, work)
            path = os.path.join(work, "hands.bin")
            np.ascontiguousarray(hands, dtype=np.uint8).tofile(path)
            out_path = os.path.join(work, "idx.bin")
        # the two libraries take turns, a round each, so that a change in
        # the machine's load falls on both
        for _ in range(args.rounds):
            for t in threads:
                t0 = clock()
                got = ix.index(hands, threads=t)
                t1 = clock()
                ix.unindex(3, river, threads=t)
                t2 = clock()
                index_t[t].append(t1 - t0)
                unindex_t[t].append(t2 - t1)
                if not np.array_equal(got, ours):
                    print(f"PROBLEM: index on {t} threads differs from one thread")
            if args.waugh:
                run = subprocess.run(
                    [exe, path, out_path, "1", "cpu" if args.cpu_time else "wall"],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                times += [tuple(map(float, x.split())) for x in run.stdout.split("\n") if x.strip()]
        if args.waugh:
            theirs = np.fromfile(out_path, dtype=np.uint64).reshape(-1, 4)
    rate_index = {t: args.hands / pick(v) for t, v in index_t.items()}
    rate_unindex = {t: args.hands / pick(v) for t, v in unindex_t.items()}
    if not args.waugh:
        print("| call | threads | pyrankcore |")
        print("|---|--:|--:|")
        for t in threads:
            print(f"| index, all four rounds | {t} | {rate_index[t] / 1e6:.2f} M hands/s |")
        for t in threads:
            print(f"| unindex, river classes | {t} | {rate_unindex[t] / 1e6:.2f} M hands/s |")
        return 0
    sizes_ok = all(len(np.unique(theirs[:, r])) == len(np.unique(ours[:, r])) for r in range(4))
    if not sizes_ok or not all(same_classes(ours[:, r], theirs[:, r]) for r in range(4)):
        print("PROBLEM: the two libraries do not put the same hands in the same classes")
    w_index = args.hands / pick(t[0] for t in times)
    w_unindex = args.hands / pick(t[1] for t in times)
    print("| call | threads | pyrankcore | Waugh's library (-O3, per hand, one thread) | ratio |")
    print("|---|--:|--:|--:|--:|")
    for name, ours_rate, theirs_rate in (
        ("index, all four rounds", rate_index, w_index),
        ("unindex, river classes", rate_unindex, w_unindex),
    ):
        for t in threads:
            print(
                f"| {name} | {t} | {ours_rate[t] / 1e6:.2f} M/s | {theirs_rate / 1e6:.2f} M/s "
                f"| {ours_rate[t] / theirs_rate:.2f}x |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
