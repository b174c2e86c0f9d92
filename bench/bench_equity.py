"""Equity speed goals (issue 10): pyrankcore.equity on the goal cases,
the median of several runs, and the ratio to each goal (OMPEval native
numbers quoted by the issue; lower time is better).

    python bench/bench_equity.py [--quick] [--threads N]

Peers (eval7) are timed only when installed in the same environment.
"""

from __future__ import annotations

import argparse
import statistics
import time

import pyrankcore

# (label, goal seconds or trials/s, call)
CASES = [
    ("AhKh v QsQd exact preflop", 0.004, dict(game="Hold'em", hands=["AhKh", "QsQd"], exact=True)),
    (
        '"AKs,QQ+" v "TT-77,AQo" exact',
        0.100,
        dict(game="Hold'em", hands=["AKs,QQ+", "TT-77,AQo"], exact=True),
    ),
    (
        "Omaha AsKsQdJd v 9h9c8h7c exact preflop",
        0.100,
        dict(game="Omaha", hands=["AsKsQdJd", "9h9c8h7c"], exact=True),
    ),
    (
        "Omaha hi-lo AsKsQdJd v 9h9c8h7c exact preflop",
        0.200,
        dict(game="Omaha Hi-Lo 8", hands=["AsKsQdJd", "9h9c8h7c"], exact=True),
    ),
]
MC_GOAL = 50e6  # Monte Carlo hold'em heads-up trials/s on one thread


def timed(fn, repeat: int, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    repeat = 3 if args.quick else 7
    print(f"pyrankcore {pyrankcore.__version__}, threads={args.threads}, median of {repeat}")
    print(f"{'case':<48}{'time':>12}{'goal':>10}{'goal/time':>11}{'cpu time':>12}")
    for label, goal, kw in CASES:
        kw = dict(kw)
        game, hands = kw.pop("game"), kw.pop("hands")
        try:
            pyrankcore.equity(game, hands, threads=args.threads, **kw)  # warm-up (tables)
        except Exception as exc:  # noqa: BLE001 - e.g. no range parser in this build
            print(f"{label:<48}{'skipped':>12}  ({type(exc).__name__}: {exc})")
            continue
        fn = lambda g=game, h=hands, k=kw: pyrankcore.equity(g, h, threads=args.threads, **k)  # noqa: E731
        t = timed(fn, repeat)
        cpu = timed(fn, repeat, time.process_time)  # the shared machine: CPU time too
        print(
            f"{label:<48}{t * 1e3:>10.1f}ms{goal * 1e3:>8.0f}ms{goal / t:>10.2f}x"
            f"{cpu * 1e3:>10.1f}ms"
        )
    trials = 2_000_000 if args.quick else 20_000_000
    for label, hands in (
        ("Monte Carlo hold`em heads-up AhKh v QsQd", ["AhKh", "QsQd"]),
        ('Monte Carlo "AKs,QQ+" v "TT-77,AQo"', ["AKs,QQ+", "TT-77,AQo"]),
    ):
        fn = lambda h=hands: pyrankcore.equity(  # noqa: E731
            "Hold'em", h, trials=trials, seed=1, threads=args.threads
        )
        rate = trials / timed(fn, 3)
        cpu_rate = trials / timed(fn, 3, time.process_time)
        print(
            f"{label:<48}{rate / 1e6:>9.1f}M/s"
            f"{MC_GOAL / 1e6:>7.0f}M/s{rate / MC_GOAL:>10.2f}x{cpu_rate / 1e6:>8.1f}M/s"
        )
    try:
        import eval7  # type: ignore[import-not-found]
    except ImportError:
        return
    hand = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    t = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], 1_000_000), 3)
    print(f"{'eval7 Monte Carlo hand v range (peer)':<48}{1e6 / t / 1e6:>9.1f}M/s")


if __name__ == "__main__":
    main()
