"""Equity speed against its goals: exact enumeration in milliseconds and
Monte Carlo in trials/s on one thread, each the median of several runs in
CPU time (``time.process_time``, so that waiting for a core on a shared
machine does not count), with wall time beside it; an exact case's run
makes as many calls as take about 50 ms, and its time is per call.

    python bench/bench_equity.py [--quick] [--repeat N] [--ompeval DIR]

The Monte Carlo goals are ratios to native OMPEval's 7-card evaluation
rate on the same machine: with ``--ompeval DIR`` (an OMPEval checkout) the
script compiles bench_native.py's driver (the card count fixed at compile
time, as OMPEval's users call it) and times OMPEval in the same run
(its fastest round of 1M random hands, the rate least disturbed by other
work); without it, only the trials/s are printed. Each result is checked
against the same call's first run (a seeded run gives the same tallies
every time). Peers (eval7) are timed when installed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

import pyrankcore
from pyrankcore.bench import to_ompeval_ids

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import cpu_line  # noqa: E402
from bench_native import build_driver  # noqa: E402

# (label, goal in seconds, game, hands): exact enumeration, preflop
EXACT = [
    ("AhKh v QsQd exact", 0.001, "Hold'em", ["AhKh", "QsQd"]),
    ('"AKs,QQ+" v "TT-77,AQo" exact', 0.020, "Hold'em", ["AKs,QQ+", "TT-77,AQo"]),
    ("Omaha AsKsQdJd v 9h9c8h7c exact", 0.060, "Omaha", ["AsKsQdJd", "9h9c8h7c"]),
    ("Omaha hi-lo AsKsQdJd v 9h9c8h7c exact", 0.100, "Omaha Hi-Lo 8", ["AsKsQdJd", "9h9c8h7c"]),
]
# (label, goal as a share of OMPEval's 7-card rate, hands): Monte Carlo hold'em
MONTE_CARLO = [
    ("Monte Carlo AhKh v QsQd", 0.2, ["AhKh", "QsQd"]),
    ('Monte Carlo "AKs,QQ+" v "TT-77,AQo"', 0.1, ["AKs,QQ+", "TT-77,AQo"]),
]


def timed(fn: Callable[[], object], repeat: int, calls: int = 1) -> tuple[float, float, object]:
    """Median CPU and wall seconds per call over repeat runs of *calls*
    calls each (several calls a run keep a millisecond case above the
    clock's and the scheduler's noise), and the first result."""
    cpu, wall, first = [], [], None
    for i in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        results = [fn() for _ in range(calls)]
        cpu.append((time.process_time() - c0) / calls)
        wall.append((time.perf_counter() - w0) / calls)
        for result in results:
            if first is None:
                first = result
            elif repr(result) != repr(first):
                raise SystemExit(f"a seeded or exact run changed its result: {result} != {first}")
    return statistics.median(cpu), statistics.median(wall), first


def calls_per_run(fn: Callable[[], object], seconds: float = 0.05) -> int:
    """How many calls of fn take about *seconds* of CPU time (at least one)."""
    c0 = time.process_time()
    fn()
    return max(1, int(seconds / max(time.process_time() - c0, 1e-6)))


def ompeval_rate(ompeval: str, hands: int, rounds: int) -> float:
    """OMPEval's 7-card evaluations/s, its fastest of *rounds* rounds."""
    rng = np.random.default_rng(20261201)
    rows = np.argsort(rng.random((hands, 52)), axis=1)[:, :7].astype(np.uint8)
    omp = to_ompeval_ids(rows)
    with tempfile.TemporaryDirectory() as work:
        exe = build_driver(ompeval, work)
        path, out = os.path.join(work, "hands.bin"), os.path.join(work, "out.bin")
        omp.tofile(path)
        run = subprocess.run(
            [exe, path, "7", out, str(rounds), "fixed"], check=True, capture_output=True, text=True
        )
    return hands / min(float(t) for t in run.stdout.split())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs and trials")
    ap.add_argument("--repeat", type=int, default=0, help="runs per case (default 7, quick 3)")
    ap.add_argument("--ompeval", help="an OMPEval checkout, for the Monte Carlo ratios")
    ap.add_argument("--threads", type=int, default=1, help="equity threads (goals: one)")
    args = ap.parse_args()
    repeat = args.repeat or (3 if args.quick else 7)
    trials = 2_000_000 if args.quick else 10_000_000
    print(f"pyrankcore {pyrankcore.__version__}, threads={args.threads}, median of {repeat}")
    print(cpu_line())
    print()
    print("| case | CPU time | wall time | goal | goal / CPU time |")
    print("|---|--:|--:|--:|--:|")
    for label, goal, game, hands in EXACT:

        def run(g: str = game, h: list[str] = hands) -> object:
            return pyrankcore.equity(g, h, exact=True, threads=args.threads)

        run()  # warm-up (tables)
        cpu, wall, _ = timed(run, repeat, calls_per_run(run))
        print(
            f"| {label} | {cpu * 1e3:.2f} ms | {wall * 1e3:.2f} ms | {goal * 1e3:.0f} ms "
            f"| {goal / cpu:.2f}x |"
        )
    reference = ompeval_rate(args.ompeval, 1_000_000, 2 * repeat) if args.ompeval else None
    print()
    if reference:
        print(f"OMPEval 7-card (fastest of {2 * repeat} rounds): {reference / 1e6:.1f} M/s")
        print()
    print("| case | trials/s (CPU) | trials/s (wall) | goal | rate / goal |")
    print("|---|--:|--:|--:|--:|")
    for label, share, hands in MONTE_CARLO:
        cpu, wall, _ = timed(
            lambda h=hands: pyrankcore.equity(
                "Hold'em", h, trials=trials, seed=1, threads=args.threads
            ),
            repeat,
        )
        goal = f"{share * reference / 1e6:.1f} M/s" if reference else f"{share}x OMPEval"
        ratio = f"{trials / cpu / (share * reference):.2f}x" if reference else "-"
        print(
            f"| {label} | {trials / cpu / 1e6:.1f} M/s | {trials / wall / 1e6:.1f} M/s "
            f"| {goal} | {ratio} |"
        )
    try:
        import eval7  # type: ignore[import-not-found]
    except ImportError:
        return
    hand = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    cpu, _, _ = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], 1_000_000), 3)
    print(f"| eval7 Monte Carlo AhKh v QsQd (peer) | {1 / cpu:.1f} M/s | | | |")


if __name__ == "__main__":
    main()
