"""pyrankcore's batch against native OMPEval, on the same hands, in one run.

OMPEval is the fastest native 5-7 card evaluator we know (C++, no
validation). This script compiles it from a checkout you give it, together
with a small timing driver written here, and times both on the same random
hands, interleaved round by round:

    python bench/bench_native.py --ompeval /path/to/OMPEval [--hands 1000000]

pyrankcore is timed through its public call, ``evaluate_batch`` on a uint8
array (one thread, every card validated); OMPEval through its own
``HandEvaluator::evaluate`` on ``Hand`` objects summed from card ids, the
loop its own benchmark uses, compiled with ``-O3`` and no ``-march`` (like
pyrankcore's wheels). Agreement is checked: OMPEval's values must order
every hand exactly as pyrankcore's strengths do.

Needs a C++ compiler (``CXX``, default ``g++``). OMPEval's code is compiled
in a temporary directory and never copied into this repository.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import pyrankcore as prc

DRIVER = r"""
// Times OMPEval's evaluator over hands read from a file (n rows of k ids).
#include "omp/HandEvaluator.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 5) return 2;
    const char *in_path = argv[1], *out_path = argv[3];
    int k = std::atoi(argv[2]), rounds = std::atoi(argv[4]);
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
        for (size_t i = 0; i < n; i++) {
            omp::Hand h = omp::Hand::empty();
            for (int j = 0; j < k; j++) h += omp::Hand(cards[i * k + j]);
            out[i] = eval.evaluate(h);
        }
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

# Our suits c, d, h, s are OMPEval's 2, 3, 1, 0 (it numbers s, h, c, d).
OMP_SUIT = np.array([2, 3, 1, 0], dtype=np.uint8)


def build_driver(ompeval: str, workdir: str) -> str:
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        raise SystemExit(f"no C++ compiler ({cxx}); set CXX")
    src = os.path.join(workdir, "driver.cpp")
    with open(src, "w", encoding="utf-8") as f:
        f.write(DRIVER)
    exe = os.path.join(workdir, "driver")
    cmd = [
        cxx,
        "-O3",
        "-std=c++11",
        "-I",
        ompeval,
        src,
        os.path.join(ompeval, "omp", "HandEvaluator.cpp"),
        "-o",
        exe,
    ]
    subprocess.run(cmd, check=True)
    return exe


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
        "| cards | row loop | pyrankcore evaluate_batch | native OMPEval (-O3) | ratio "
        "| fastest rounds | ratio of fastest |"
    )
    print("|--:|---|--:|--:|--:|--:|--:|")
    with tempfile.TemporaryDirectory() as work:
        exe = build_driver(args.ompeval, work)
        for k in args.cards:
            hands = prc.random_hands(args.hands, k, seed=args.seed + k)
            omp_ids = (hands >> 2) * 4 + OMP_SUIT[hands & 3]
            path = os.path.join(work, f"hands{k}.bin")
            omp_ids.astype(np.uint8).tofile(path)
            out_path = os.path.join(work, f"out{k}.bin")
            ours_t: dict[str, list[float]] = {loop: [] for loop in loops}
            theirs_t = []
            out = np.empty(args.hands, dtype=np.uint16)
            prc.evaluate_batch(hands[:1000])  # warm up
            for _ in range(args.rounds):
                for loop in loops:
                    select_loop(loop)
                    t0 = time.perf_counter()
                    prc.evaluate_batch(hands, out=out)
                    ours_t[loop].append(time.perf_counter() - t0)
                select_loop("best")
                run = subprocess.run(
                    [exe, path, str(k), out_path, "1"], check=True, capture_output=True, text=True
                )
                theirs_t.append(float(run.stdout.split()[0]))
            theirs = np.fromfile(out_path, dtype=np.uint16)
            if not same_order(out, theirs):
                print(f"PROBLEM: {k}-card results do not order hands the same way")
            theirs_rate = args.hands / statistics.median(theirs_t)
            theirs_best = args.hands / min(theirs_t)
            for loop in loops:
                ours_rate = args.hands / statistics.median(ours_t[loop])
                ours_best = args.hands / min(ours_t[loop])
                print(
                    f"| {k} | {loop} | {ours_rate / 1e6:.1f} M/s | {theirs_rate / 1e6:.1f} M/s "
                    f"| {ours_rate / theirs_rate:.2f}x | {ours_best / 1e6:.1f} vs "
                    f"{theirs_best / 1e6:.1f} M/s | {ours_best / theirs_best:.2f}x |"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
