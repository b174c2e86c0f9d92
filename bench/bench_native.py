"""pyrankcore's batch against native OMPEval, on the same hands, in one run.

OMPEval is the fastest native 5-7 card evaluator we know (C++, no
validation). This script compiles it from a checkout you give it, together
with a small timing driver written here, and times both on the same random
hands, interleaved round by round:

    python bench/bench_native.py --ompeval /path/to/OMPEval [--hands 1000000]

pyrankcore is timed through its public call, ``evaluate_batch`` on a uint8
array (one thread, every card validated), each timed call just after an
untimed one on the first 20,000 hands, as OMPEval's driver times its loop
just after building its tables; OMPEval through its own
``HandEvaluator::evaluate`` on ``Hand`` objects summed from card ids, compiled
with ``-O3`` and no ``-march`` (like pyrankcore's wheels). OMPEval is timed
with two drivers over the same hands: the card count compiled as a constant
(one function per count, so the card loop unrolls: how OMPEval's users call
it, and the baseline the ratios refer to), and the card count read at run
time (the driver of earlier versions of this bench, slower by about a third
at 7 cards; printed so the change of baseline stays visible). Agreement is
checked: OMPEval's values must order every hand exactly as pyrankcore's
strengths do.

Needs a C++ compiler (``CXX``, default ``g++``). OMPEval's code is compiled
in a temporary directory and never copied into this repository.
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
from pyrankcore.bench import to_ompeval_ids

# The helpers shared by the scripts live next to this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import compile_driver  # noqa: E402

DRIVER = r"""
// Times OMPEval's evaluator over hands read from a file (n rows of k ids).
// Two loops over the same hands: "fixed" compiles the card count as a
// constant, one function per count, the way OMPEval's users write it (the
// card loop unrolls); "runtime" reads the count as a variable, the loop this
// bench used before. Both are printed so the difference stays visible.
#include "omp/HandEvaluator.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <int K>
static void evaluate_fixed(const omp::HandEvaluator &eval, const unsigned char *cards, size_t n,
                           unsigned short *out) {
    for (size_t i = 0; i < n; i++) {
        omp::Hand h = omp::Hand::empty();
        for (int j = 0; j < K; j++) h += omp::Hand(cards[i * K + j]);
        out[i] = eval.evaluate(h);
    }
}

static void evaluate_runtime(const omp::HandEvaluator &eval, const unsigned char *cards, size_t n,
                             int k, unsigned short *out) {
    for (size_t i = 0; i < n; i++) {
        omp::Hand h = omp::Hand::empty();
        for (int j = 0; j < k; j++) h += omp::Hand(cards[i * k + j]);
        out[i] = eval.evaluate(h);
    }
}

int main(int argc, char **argv) {
    if (argc != 6) return 2;
    const char *in_path = argv[1], *out_path = argv[3], *mode = argv[5];
    int k = std::atoi(argv[2]), rounds = std::atoi(argv[4]);
    bool fixed = std::strcmp(mode, "fixed") == 0;
    if (!fixed && std::strcmp(mode, "runtime") != 0) return 2;
    if (k < 5 || k > 7) return 2;
    std::FILE *f = std::fopen(in_path, "rb");
    if (!f) return 3;
    std::vector<unsigned char> cards;
    unsigned char buf[1 << 16];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) cards.insert(cards.end(), buf, buf + got);
    std::fclose(f);
    size_t n = cards.size() / k;
    omp::HandEvaluator eval;
    std::vector<unsigned short> out(n);
    for (int r = 0; r < rounds; r++) {
        auto t0 = std::chrono::steady_clock::now();
        if (!fixed)
            evaluate_runtime(eval, cards.data(), n, k, out.data());
        else if (k == 5)
            evaluate_fixed<5>(eval, cards.data(), n, out.data());
        else if (k == 6)
            evaluate_fixed<6>(eval, cards.data(), n, out.data());
        else
            evaluate_fixed<7>(eval, cards.data(), n, out.data());
        auto t1 = std::chrono::steady_clock::now();
        std::printf("%.6f\n", std::chrono::duration<double>(t1 - t0).count());
    }
    std::FILE *o = std::fopen(out_path, "wb");
    if (!o) return 4;
    std::fwrite(out.data(), sizeof(unsigned short), n, o);
    std::fclose(o);
    return 0;
}
"""

# Rows each loop evaluates untimed just before its timed call.
WARM_ROWS = 20_000

# The driver's two loops: the card count as a compile-time constant (the
# baseline), then as a run-time variable (the earlier driver, for comparison).
OMP_DRIVERS = ("fixed", "runtime")


def build_driver(ompeval: str, workdir: str) -> str:
    flags = ["-O3", "-std=c++11", "-I", ompeval]
    units = [os.path.join(ompeval, "omp", "HandEvaluator.cpp")]
    return compile_driver(DRIVER, workdir, "driver", cxx=True, flags=flags, units=units)


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when both value arrays rank every hand the same way (equal
    values tie in both, larger wins in both)."""
    order = np.argsort(ours, kind="stable")
    a, b = ours[order].astype(np.int64), theirs[order].astype(np.int64)
    da, db = np.diff(a), np.diff(b)
    return bool(((da == 0) == (db == 0)).all() and (db[da > 0] > 0).all())


def select_loop(loop: str) -> None:
    """Make evaluate_batch use the named row loop ("best": the default)."""
    testing = getattr(prc._core, "_testing", None)  # the test hooks
    if testing is not None:
        testing.select_row_kernel(loop)
        return
    select = getattr(prc._core, "_select_row_kernel", None)  # older releases
    if select is not None:
        select(loop)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ompeval", required=True, help="an OMPEval checkout (has omp/)")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--cards", type=int, nargs="+", default=[7, 5], choices=(5, 6, 7))
    parser.add_argument(
        "--all-loops",
        action="store_true",
        help="time every row loop this CPU runs (portable, popcnt, avx2, avx512), not only the best",
    )
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.ompeval, "omp", "HandEvaluator.cpp")):
        raise SystemExit(f"{args.ompeval} is not an OMPEval checkout (no omp/HandEvaluator.cpp)")

    print(f"pyrankcore {prc.__version__}, Python {sys.version.split()[0]}, NumPy {np.__version__}")
    kernels = getattr(prc._core, "row_loops", None) or getattr(prc._core, "_row_kernels", None)
    loops = list(kernels()) if kernels else ["Cython"]
    if not args.all_loops:
        loops = loops[-1:]
    print(
        f"row loops: {', '.join(loops)}; {args.hands:,} hands, median (and fastest) of "
        f"{args.rounds} interleaved rounds, one thread\n"
    )
    # On a shared machine the fastest round is the one least disturbed by
    # other work: with short rounds (--hands 100000) and many of them it is
    # the steadier figure; the median is the usual one.
    print(
        "| cards | row loop | pyrankcore evaluate_batch | OMPEval, count fixed | ratio "
        "| fastest rounds | ratio of fastest | OMPEval, count at run time | ratio |"
    )
    print("|--:|---|--:|--:|--:|--:|--:|--:|--:|")
    with tempfile.TemporaryDirectory() as work:
        exe = build_driver(args.ompeval, work)
        for k in args.cards:
            hands = prc.random_hands(args.hands, k, seed=args.seed + k)
            omp_ids = to_ompeval_ids(hands)
            path = os.path.join(work, f"hands{k}.bin")
            omp_ids.astype(np.uint8).tofile(path)
            ours_t: dict[str, list[float]] = {loop: [] for loop in loops}
            theirs_t: dict[str, list[float]] = {mode: [] for mode in OMP_DRIVERS}
            out = np.empty(args.hands, dtype=np.uint16)
            prc.evaluate_batch(hands[:1000])  # warm up
            warm = min(args.hands, WARM_ROWS)
            for _ in range(args.rounds):
                for loop in loops:
                    select_loop(loop)
                    # OMPEval's driver times a loop right after building its
                    # tables; ours gets its tables into cache the same way
                    # (the driver's process, in between, evicts them).
                    prc.evaluate_batch(hands[:warm], out=out[:warm])
                    t0 = time.perf_counter()
                    prc.evaluate_batch(hands, out=out)
                    ours_t[loop].append(time.perf_counter() - t0)
                select_loop("best")
                for mode in OMP_DRIVERS:
                    out_path = os.path.join(work, f"out{k}{mode}.bin")
                    run = subprocess.run(
                        [exe, path, str(k), out_path, "1", mode],
                        check=True,
                        capture_output=True,
                        text=True,
                    )
                    theirs_t[mode].append(float(run.stdout.split()[0]))
            for mode in OMP_DRIVERS:
                theirs = np.fromfile(os.path.join(work, f"out{k}{mode}.bin"), dtype=np.uint16)
                if not same_order(out, theirs):
                    print(
                        f"PROBLEM: {k}-card results ({mode} driver) do not order hands the same way"
                    )
            fixed_rate = args.hands / statistics.median(theirs_t["fixed"])
            fixed_best = args.hands / min(theirs_t["fixed"])
            runtime_rate = args.hands / statistics.median(theirs_t["runtime"])
            for loop in loops:
                ours_rate = args.hands / statistics.median(ours_t[loop])
                ours_best = args.hands / min(ours_t[loop])
                print(
                    f"| {k} | {loop} | {ours_rate / 1e6:.1f} M/s | {fixed_rate / 1e6:.1f} M/s "
                    f"| {ours_rate / fixed_rate:.2f}x | {ours_best / 1e6:.1f} vs "
                    f"{fixed_best / 1e6:.1f} M/s | {ours_best / fixed_best:.2f}x "
                    f"| {runtime_rate / 1e6:.1f} M/s | {ours_rate / runtime_rate:.2f}x |"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
