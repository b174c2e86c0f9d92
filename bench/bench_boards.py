"""Whole-board work: exact equity against native OMPEval, solver terminal
values against a plain NumPy loop, and board strengths against evaluate_batch.

    python bench/bench_boards.py [--ompeval DIR] [--repeat N]

1. Exact equity, one thread each: ``pyrankcore.equity(..., exact=True,
   threads=1)`` against OMPEval's ``EquityCalculator`` (``start`` with
   ``enumerateAll=true``, ``threadCount=1``, then ``wait``) on the same
   spots; both answers must agree to 1e-9. With ``--ompeval DIR`` (an
   OMPEval checkout) a small C++ driver written here is compiled with
   OMPEval's sources in a temporary directory (``-O3 -std=c++11 -pthread``,
   no ``-msse4.2``: OMPEval's Makefile adds it only with ``SSE4=1``);
   without it only pyrankcore is timed. OMPEval's last commit does not
   build with current GCC as it is (``<functional>`` is not included,
   ``XoroShiro128Plus::min``/``max`` are not ``constexpr``), so the copy in
   the temporary directory gets ``-include functional`` and ``constexpr``
   on those two functions; nothing else is changed and nothing of OMPEval is
   kept in this repository.
2. Solver terminal values: ``SortedBoard.showdown_values`` and
   ``fold_values`` per reach vector (R = 1 and 64) against an O(n^2) NumPy
   loop over the hero combos, and against a dense payoff matrix product
   (built once, not timed); the values must agree to 1e-9.
3. Board strengths: ``board_strengths`` on one river board and on 1,000
   random river boards against ``evaluate_batch`` on the equivalent 7-card
   rows (the combos that miss each board); the strengths must be equal.
4. Features (``pyrankcore.features``) of every hold'em combo on
   ``--feature-boards`` canonical flops and turns (12, spread over the
   indexer's classes): each feature alone and ``strength_features`` with
   and without potential, CPU time of this thread per board (the median
   over the boards), against the target of 50 ms for all features of a
   flop. ``strength_features`` must equal the single features exactly.

Times (but for part 4) are wall-clock medians of ``--repeat`` runs (5); a run of a fast case
makes as many calls as take about 50 ms and reports the time per call.
Each equity spot alternates pyrankcore and OMPEval run by run. A spot whose
first call takes over 5 s is run ``--heavy-repeat`` times (3) instead, and
a call that takes over 0.5 s is its own first run (no separate warm-up).
BLAS is held to one thread, so the NumPy baselines run one thread as well.
The exit status is 1 when a result disagrees or a case fails.
"""

from __future__ import annotations

import os

# One thread for the NumPy baselines too (a matrix product would otherwise
# use every core); set before NumPy is imported.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import numpy as np  # noqa: E402

import pyrankcore as prc  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import compile_driver, cpu_model, find_compiler, load_line  # noqa: E402

HOLDEM = "Hold'em"
RIVER = "2c3d4h5s9c"
RUN_SECONDS = 0.05  # a run of a fast case: about this long
SLOW = 0.5  # a call this long is its own first run
HEAVY = 5.0  # a call this long: --heavy-repeat runs
TOLERANCE = 1e-9

# (label, hands, board): exact enumeration, one thread
EQUITY_SPOTS = [
    ("random v random, river", ["random", "random"], RIVER),
    ("random v random, turn", ["random", "random"], "2c3d4h5s"),
    ("random v random, flop", ["random", "random"], "2c3d4h"),
    ('"AKs,QQ+" v random, flop', ["AKs,QQ+", "random"], "Qs9d7h"),
    ("random x 3, river", ["random", "random", "random"], RIVER),
    ('preflop "AKs" v "QQ"', ["AKs", "QQ"], ""),
    ('preflop "AA" v "KK"', ["AA", "KK"], ""),
]

# (label, variant, hands, board): exact, one thread, pyrankcore only
OMAHA_SPOTS = [
    ("Omaha, every hand v every hand, river", "Omaha", ["random", "random"], "Ks7d2c9h4s"),
    ('Omaha, "AA**" v random, river', "Omaha", ["AA**", "random"], "Ks7d2c9h4s"),
    ('Omaha, "AA**" v "KK**", turn', "Omaha", ["AA**", "KK**"], "Ks7d2c9h"),
    (
        "Omaha Hi-Lo 8, every hand v every hand, river",
        "Omaha Hi-Lo 8",
        ["random", "random"],
        "Kh7d2cTs4s",
    ),
    ('Omaha Hi-Lo 8, "A2**" v "KK**", turn', "Omaha Hi-Lo 8", ["A2**", "KK**"], "Kh7d2cTs"),
]

DRIVER = r"""
// Exact equity with OMPEval's EquityCalculator on one thread.
// driver CALLS RUNS BOARD|- DEAD|- RANGE RANGE [RANGE...]
// Prints the combos of each range, the equities and hand count of a first
// call and its wall time; CALLS 0 picks the calls per run (about 50 ms);
// then RUNS lines "time T", T the wall seconds per call of a run of CALLS
// calls. Each call gets a fresh calculator, made before the clock starts:
// start() keeps its table of preflop results from one call to the next.
#include "omp/EquityCalculator.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

typedef std::chrono::steady_clock Clock;

static double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

static bool exact_equity(omp::EquityCalculator& calc, const std::vector<omp::CardRange>& ranges,
                         uint64_t board, uint64_t dead) {
    if (!calc.start(ranges, board, dead, true, 0.0, nullptr, 0.2, 1)) return false;
    calc.wait();
    return true;
}

int main(int argc, char** argv) {
    if (argc < 7) {
        std::fprintf(stderr, "usage: driver CALLS RUNS BOARD|- DEAD|- RANGE RANGE [RANGE...]\n");
        return 2;
    }
    long calls = std::atol(argv[1]);
    int runs = std::atoi(argv[2]);
    uint64_t board = std::strcmp(argv[3], "-") ? omp::CardRange::getCardMask(argv[3]) : 0;
    uint64_t dead = std::strcmp(argv[4], "-") ? omp::CardRange::getCardMask(argv[4]) : 0;
    std::vector<omp::CardRange> ranges;
    for (int i = 5; i < argc; i++) ranges.push_back(omp::CardRange(std::string(argv[i])));
    std::printf("combos");
    for (size_t i = 0; i < ranges.size(); i++) std::printf(" %zu", ranges[i].combinations().size());
    std::printf("\n");

    std::unique_ptr<omp::EquityCalculator> first(new omp::EquityCalculator());
    Clock::time_point t0 = Clock::now();
    if (!exact_equity(*first, ranges, board, dead)) {
        std::printf("refused\n");
        return 3;
    }
    double once = seconds_since(t0);
    omp::EquityCalculator::Results res = first->getResults();
    std::printf("equity");
    for (unsigned i = 0; i < res.players; i++) std::printf(" %.17g", res.equity[i]);
    std::printf("\nhands %llu\nfirst %.9g\n", (unsigned long long)res.hands, once);
    if (calls <= 0) calls = std::max(1L, (long)(0.05 / std::max(once, 1e-7)));
    std::printf("calls %ld\n", calls);
    std::fflush(stdout);
    for (int r = 0; r < runs; r++) {
        std::vector<std::unique_ptr<omp::EquityCalculator> > calcs;
        for (long c = 0; c < calls; c++) calcs.emplace_back(new omp::EquityCalculator());
        t0 = Clock::now();
        for (long c = 0; c < calls; c++) exact_equity(*calcs[c], ranges, board, dead);
        std::printf("time %.9g\n", seconds_since(t0) / calls);
        std::fflush(stdout);
    }
    return 0;
}
"""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def fmt_time(s: float) -> str:
    if s >= 1:
        return f"{s:,.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:,.2f} ms"
    return f"{s * 1e6:,.1f} µs"


# ---------------------------------------------------------------------- timing
class PyTimer:
    """Times a Python call: a first call (its result kept), then runs of
    ``calls`` calls (about RUNS_SECONDS each); a call over SLOW seconds is
    one call a run and its first call is the first run."""

    def __init__(self, fn: Callable[[], object]):
        self.fn = fn
        self.samples: list[float] = []
        self.calls = 1

    def prime(self) -> float:
        t0 = time.perf_counter()
        self.result = self.fn()
        first = time.perf_counter() - t0
        if first >= SLOW:
            self.samples.append(first)
        else:
            t0 = time.perf_counter()
            self.fn()
            again = time.perf_counter() - t0
            self.calls = max(1, int(RUN_SECONDS / max(again, 1e-7)))
        return first

    def sample(self) -> None:
        fn, calls = self.fn, self.calls
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        self.samples.append((time.perf_counter() - t0) / calls)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


def timed(fn: Callable[[], object], runs: int) -> tuple[float, object]:
    """Median seconds per call of *fn* over *runs* runs, and its result."""
    t = PyTimer(fn)
    t.prime()
    while len(t.samples) < runs:
        t.sample()
    return t.median, t.result


# --------------------------------------------------------------------- OMPEval
def ompeval_sources(ompeval: str, work: str) -> tuple[str, list[str]]:
    """A copy of OMPEval's omp/ and libdivide/ in *work*, made to build with
    current compilers; returns the copy and the changes made."""
    src = os.path.join(work, "ompeval")
    for part in ("omp", "libdivide"):
        shutil.copytree(os.path.join(ompeval, part), os.path.join(src, part))
    changes = []
    random_h = os.path.join(src, "omp", "Random.h")
    with open(random_h, encoding="utf-8") as f:
        text = f.read()
    # libstdc++'s uniform_int_distribution (std::shuffle) needs constexpr
    # min()/max() on the generator; OMPEval's XoroShiro128Plus lacks them.
    fixed, n = re.subn(
        r"static\s+uint64_t\s+(min|max)\s*\(\)", r"static constexpr uint64_t \1()", text
    )
    if n:
        with open(random_h, "w", encoding="utf-8") as f:
            f.write(fixed)
        changes.append("constexpr on XoroShiro128Plus::min()/max() (omp/Random.h)")
    return src, changes


def build_driver(
    ompeval: str, work: str, extra_flags: list[str]
) -> tuple[str, list[str], list[str]]:
    """Compile the driver with OMPEval's sources; returns the executable,
    the command and the changes made to the copy of the sources."""
    cxx = find_compiler(True)
    src, changes = ompeval_sources(ompeval, work)
    # -include functional: EquityCalculator.h uses std::function without
    # including <functional>.
    flags = ["-O3", "-std=c++11", "-pthread", "-include", "functional", *extra_flags]
    units = ["EquityCalculator.cpp", "CombinedRange.cpp", "CardRange.cpp", "HandEvaluator.cpp"]
    exe = compile_driver(
        DRIVER,
        work,
        "equity_driver",
        cxx=True,
        flags=[*flags, "-I", src],
        units=[os.path.join(src, "omp", u) for u in units],
    )
    changes.append("-include functional (EquityCalculator.h needs <functional>)")
    shown = [cxx, *flags, "-I", "<copy>", "equity_driver.cpp", *[f"omp/{u}" for u in units]]
    return exe, shown, changes


def ompeval_commit(ompeval: str) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", ompeval, "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit (not a git work tree)"


class OmpTimer:
    """Times OMPEval's exact equity through the driver, one process a run."""

    def __init__(self, exe: str, hands: list[str], board: str):
        self.args = [board or "-", "-", *hands]
        self.exe = exe
        self.samples: list[float] = []
        self.calls = 0
        self.slow = False

    def _run(self, calls: int, runs: int) -> dict:
        out = subprocess.run(
            [self.exe, str(calls), str(runs), *self.args],
            capture_output=True,
            text=True,
            check=True,
            timeout=900,
        ).stdout
        info: dict = {"time": []}
        for line in out.splitlines():
            key, *vals = line.split()
            if key == "time":
                info["time"].append(float(vals[0]))
            elif key == "refused":
                raise RuntimeError("OMPEval refused the spot (start() returned false)")
            else:
                info[key] = vals
        return info

    def prime(self) -> float:
        info = self._run(0, 0)
        self.combos = [int(v) for v in info["combos"]]
        self.equities = [float(v) for v in info["equity"]]
        self.hands = int(info["hands"][0])
        first = float(info["first"][0])
        self.calls = int(info["calls"][0])
        if first >= SLOW:
            self.slow, self.calls = True, 1
            self.samples.append(first)
        return first

    def sample(self) -> None:
        if self.slow:
            self.samples.append(float(self._run(1, 0)["first"][0]))
        else:
            self.samples.append(self._run(self.calls, 1)["time"][0])

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


# --------------------------------------------------------------------- helpers
def combo_masks(combos: np.ndarray) -> np.ndarray:
    """One uint64 card mask per row of card ids."""
    bits = np.left_shift(np.uint64(1), combos.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)


def range_size(text: str) -> int:
    return len(prc.parse_range(text))


def row_loop_line() -> str:
    """The row loop evaluate_batch uses (``pyrankcore info``)."""
    core = prc._core
    if hasattr(core, "row_loop"):
        runs = ", ".join(core.row_loops()) if hasattr(core, "row_loops") else "?"
        return f"{core.row_loop()} (this CPU runs: {runs})"
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pyrankcore", "info"], capture_output=True, text=True, check=True
        ).stdout
        match = re.search(r"row loops in use:\s*(.+)", out)
        return match.group(1).strip() if match else "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# ---------------------------------------------------------------------- part 1
def bench_equity(args, exe: str | None, problems: list[str]) -> None:
    print("## 1. Exact equity, one thread\n")
    # tables and the planner's first use, outside every timed call
    prc.equity(HOLDEM, ["random", "random"], RIVER, exact=True, threads=1)
    prc.equity(HOLDEM, ["AKs,QQ+", "random"], "Qs9d7h", exact=True, threads=1)
    prc.equity(HOLDEM, ["AKs", "QQ"], exact=True, threads=1)
    if exe:
        print(
            "| spot | board | pyrankcore | OMPEval | OMPEval ÷ pyrankcore | runs "
            "| equities (pyrankcore) | largest difference |"
        )
        print("|---|---|--:|--:|--:|--:|---|--:|")
    else:
        print("| spot | board | pyrankcore | runs | equities |")
        print("|---|---|--:|--:|---|")
    for label, hands, board in EQUITY_SPOTS:
        log(f"equity: {label}")

        def call(hands=hands, board=board):
            return prc.equity(HOLDEM, hands, board, exact=True, threads=1)

        ours = PyTimer(call)
        timers: list = [ours]
        theirs = OmpTimer(exe, hands, board) if exe else None
        if theirs:
            timers.append(theirs)
        try:
            firsts = [t.prime() for t in timers]
            runs = args.repeat if max(firsts) < HEAVY else min(args.repeat, args.heavy_repeat)
            for r in range(runs):
                for t in timers:
                    if len(t.samples) <= r:
                        t.sample()
        except Exception as e:  # one broken spot must not hide the others
            problems.append(f"equity {label}: {type(e).__name__}: {e}")
            log(f"  FAILED: {type(e).__name__}: {e}")
            continue
        result = ours.result
        eqs = list(result.equities)
        if not result.exact:
            problems.append(f"equity {label}: pyrankcore did not enumerate (exact=True)")
        shown = ", ".join(f"{e:.6f}" for e in eqs)
        board_text = board or "(preflop)"
        if not theirs:
            print(f"| {label} | {board_text} | {fmt_time(ours.median)} | {runs} | {shown} |")
            continue
        diff = max(abs(a - b) for a, b in zip(eqs, theirs.equities))
        want = [1326 if h == "random" else range_size(h) for h in hands]
        if theirs.combos != want:
            problems.append(
                f"equity {label}: OMPEval read ranges of {theirs.combos} combos, not {want}"
            )
        if len(theirs.equities) != len(eqs) or diff > TOLERANCE:
            problems.append(
                f"equity {label}: pyrankcore {eqs} but OMPEval {theirs.equities} "
                f"(differ by {diff:.3g})"
            )
        print(
            f"| {label} | {board_text} | {fmt_time(ours.median)} | {fmt_time(theirs.median)} "
            f"| {theirs.median / ours.median:.2f}x | {runs} | {shown} | {diff:.1e} |"
        )
    print()
    note = (
        'pyrankcore: `equity("Hold\'em", hands, board, exact=True, threads=1)`, the whole '
        "Python call (range text parsed each call)."
    )
    if exe:
        note += (
            " OMPEval: `start(ranges, board, 0, true, 0, nullptr, 0.2, 1)` then `wait()` on a "
            "fresh `EquityCalculator` each call (the `CardRange`s parsed once, outside the "
            "clock); the ratio above 1 means pyrankcore is faster."
        )
    print(note + " Wall time per call, median of the runs.")
    print()
    # OMPEval ranks hold'em only: Omaha is timed on its own
    print("| Omaha spot (pyrankcore only) | board | pyrankcore | runs | equities |")
    print("|---|---|--:|--:|---|")
    for label, game, hands, board in OMAHA_SPOTS:
        log(f"equity: {label}")

        def omaha(game=game, hands=hands, board=board):
            return prc.equity(game, hands, board, exact=True, threads=1)

        ours = PyTimer(omaha)
        try:
            first = ours.prime()
            runs = args.repeat if first < HEAVY else min(args.repeat, args.heavy_repeat)
            for _ in range(runs - len(ours.samples)):
                ours.sample()
        except Exception as e:
            problems.append(f"equity {label}: {type(e).__name__}: {e}")
            continue
        shown = ", ".join(f"{e:.6f}" for e in ours.result.equities)
        print(f"| {label} | {board} | {fmt_time(ours.median)} | {runs} | {shown} |")
    print()


# ---------------------------------------------------------------------- part 2
def naive_values(
    sb, reach: np.ndarray, win: float, tie: float, lose: float, fold: bool
) -> np.ndarray:
    """The O(n^2) loop: for each hero combo, the opponent's reach over the
    combos that miss the board and share no card with it, weighted by the
    outcome (fold: *win* each)."""
    s = np.asarray(sb.strengths, dtype=np.int64)
    masks = combo_masks(np.asarray(sb.combos))
    live = s >= 0
    out = np.zeros(reach.shape, dtype=np.float64)
    for i in np.flatnonzero(live):
        ok = live & ((masks & masks[i]) == 0)
        if fold:
            row = np.where(ok, win, 0.0)
        else:
            row = np.where(ok, np.where(s < s[i], win, np.where(s == s[i], tie, lose)), 0.0)
        out[:, i] = reach @ row
    return out


def payoff_matrix(sb, win: float, tie: float, lose: float, fold: bool) -> np.ndarray:
    """(n, n): entry (i, j) the payoff to hero combo i per unit of the
    opponent's reach on combo j (0 where they clash)."""
    s = np.asarray(sb.strengths, dtype=np.int64)
    masks = combo_masks(np.asarray(sb.combos))
    live = s >= 0
    ok = live[:, None] & live[None, :] & ((masks[:, None] & masks[None, :]) == 0)
    if fold:
        return np.where(ok, win, 0.0)
    pay = np.where(s[:, None] > s[None, :], win, np.where(s[:, None] == s[None, :], tie, lose))
    return np.where(ok, pay, 0.0)


def bench_solver(args, problems: list[str]) -> None:
    print(f"## 2. Solver terminal values, board {RIVER}\n")
    try:
        from pyrankcore.solver import SortedBoard

        sb = SortedBoard(RIVER)
        for method in ("showdown_values", "fold_values"):
            if not callable(getattr(sb, method, None)):
                raise AttributeError(f"SortedBoard has no {method}")
    except (ImportError, AttributeError) as e:
        print(f"not available ({type(e).__name__}: {e})\n")
        return
    n = len(sb.combos)
    build, _ = timed(lambda: SortedBoard(RIVER), args.repeat)
    print(
        f'`SortedBoard("{RIVER}")`: {n:,} combos, {int((np.asarray(sb.strengths) >= 0).sum()):,} '
        f"miss the board; building it takes {fmt_time(build)}.\n"
    )
    print(
        "| call | R | pyrankcore per vector | naive loop per vector | loop ÷ pyrankcore "
        "| dense matrix per vector | matrix ÷ pyrankcore | largest difference |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    rng = np.random.default_rng(args.seed)
    cases = [
        ("showdown_values(win=1, tie=0, lose=-1)", False, (1.0, 0.0, -1.0)),
        ("fold_values(amount=1)", True, (1.0, 0.0, 0.0)),
    ]
    for label, fold, (a, b, c) in cases:
        matrix = payoff_matrix(sb, a, b, c, fold)
        for R in (1, 64):
            log(f"solver: {label}, R={R}")
            reach = rng.random((R, n))
            if fold:

                def fast(reach=reach, a=a):
                    return sb.fold_values(reach, amount=a)
            else:

                def fast(reach=reach, a=a, b=b, c=c):
                    return sb.showdown_values(reach, win=a, tie=b, lose=c)

            def naive(reach=reach, a=a, b=b, c=c, fold=fold):
                return naive_values(sb, reach, a, b, c, fold)

            def dense_product(reach=reach, matrix=matrix):
                return reach @ matrix.T

            try:
                t_fast, got = timed(fast, args.repeat)
                t_loop, want = timed(naive, args.repeat)
                t_mat, dense = timed(dense_product, args.repeat)
            except Exception as e:
                problems.append(f"solver {label} R={R}: {type(e).__name__}: {e}")
                log(f"  FAILED: {type(e).__name__}: {e}")
                continue
            got = np.asarray(got, dtype=np.float64).reshape(R, n)
            diff = float(np.abs(got - want).max())
            diff_dense = float(np.abs(dense - want).max())
            if diff > TOLERANCE:
                problems.append(f"solver {label} R={R}: differs from the naive loop by {diff:.3g}")
            if diff_dense > TOLERANCE:
                problems.append(
                    f"solver {label} R={R}: the dense matrix differs by {diff_dense:.3g}"
                )
            print(
                f"| {label} | {R} | {fmt_time(t_fast / R)} | {fmt_time(t_loop / R)} "
                f"| {t_loop / t_fast:,.0f}x | {fmt_time(t_mat / R)} | {t_mat / t_fast:,.1f}x "
                f"| {diff:.1e} |"
            )
    print()
    print(
        "Reach: uniform random in [0, 1) on every combo, those that touch the board included "
        "(every method must ignore them). The naive loop is a Python loop over the hero combos "
        "with NumPy over the opponent's; the dense matrix is `reach @ M.T` with the (n, n) "
        "payoff matrix built beforehand (BLAS, one thread). Per vector: a call's time / R."
    )
    print()


# ---------------------------------------------------------------------- part 3
def bench_strengths(args, problems: list[str]) -> None:
    print("## 3. Board strengths, every hold'em combo\n")
    try:
        from pyrankcore.boards import board_strengths
    except (ImportError, AttributeError) as e:
        print(f"not available ({type(e).__name__}: {e})\n")
        return
    try:
        from pyrankcore.boards import hole_combos

        combos = np.asarray(hole_combos(), dtype=np.uint8)
    except (ImportError, AttributeError):
        combos = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.uint8)
    n = len(combos)
    rng = np.random.default_rng(args.seed + 1)
    n_boards = 1000
    boards = np.argsort(rng.random((n_boards, 52)), axis=1)[:, :5].astype(np.uint8)
    one = np.array(prc.parse_cards(RIVER), dtype=np.uint8).reshape(1, 5)
    cmask = combo_masks(combos)

    def rows_for(b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The 7-card rows of the combos that miss each board, and which
        (board, combo) pairs they are."""
        hit = (combo_masks(b)[:, None] & cmask[None, :]) != 0
        live = ~hit
        bi, ci = np.nonzero(live)
        return np.concatenate([combos[ci], b[bi]], axis=1), live

    print(
        "| case | combos ranked | pyrankcore board_strengths | evaluate_batch on the rows "
        "| ratio | build rows + evaluate_batch | ratio |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|")
    for label, b, arg in (
        (f"one board, {RIVER}", one, RIVER),
        (f"{n_boards:,} random river boards", boards, boards),
    ):
        log(f"strengths: {label}")
        rows, live = rows_for(b)
        try:
            t_ours, got = timed(lambda arg=arg: board_strengths(arg), args.repeat)
            t_batch, want = timed(lambda rows=rows: prc.evaluate_batch(rows), args.repeat)
            t_build, _ = timed(lambda b=b: prc.evaluate_batch(rows_for(b)[0]), args.repeat)
        except Exception as e:
            problems.append(f"strengths {label}: {type(e).__name__}: {e}")
            log(f"  FAILED: {type(e).__name__}: {e}")
            continue
        got = np.asarray(got).reshape(len(b), n)
        if not (np.array_equal(got[live], want.astype(np.int64)) and (got[~live] == -1).all()):
            bad = int((got[live] != want).sum()) + int((got[~live] != -1).sum())
            problems.append(f"strengths {label}: {bad} strengths differ from evaluate_batch")
        print(
            f"| {label} | {live.sum():,} of {live.size:,} | {fmt_time(t_ours)} "
            f"| {fmt_time(t_batch)} "
            f"| {t_batch / t_ours:.2f}x | {fmt_time(t_build)} | {t_build / t_ours:.2f}x |"
        )
    print()
    print(
        "`board_strengths(board)` (one thread) gives all 1,326 combos, -1 for those that touch "
        "the board; `evaluate_batch` ranks only the combos that miss it (the others would be "
        "duplicate cards), as (rows, 7) uint8 rows built beforehand, or built in the timed call "
        "(NumPy masks and a concatenate) in the last columns. Ratios above 1: board_strengths "
        "is faster."
    )
    print()


def bench_features(args, problems: list[str]) -> None:
    print("## 4. Features of every hold'em combo on a board, one thread\n")
    from pyrankcore import features as ft
    from pyrankcore.streets import street_boards

    calls = {
        "hand strength": lambda b: ft.hand_strength(b),
        "EHS": lambda b: ft.ehs(b),
        "EHS²": lambda b: ft.ehs2(b),
        "histogram (10 bins)": lambda b: ft.equity_histogram(b),
        "potential": lambda b: ft.potential(b),
        "all six (strength_features)": lambda b: ft.strength_features(b),
        "all but potential": lambda b: ft.strength_features(b, potential=False),
    }
    print("| features | flop | turn |")
    print("|---|--:|--:|")
    medians: dict[str, list[float]] = {name: [] for name in calls}
    for street in ("flop", "turn"):
        every = street_boards(street)
        boards = every[np.linspace(0, len(every) - 1, args.feature_boards).astype(int)]
        log(f"features: {len(boards)} {street}s")
        ft.strength_features(boards[0])  # tables built, not timed
        for name, call in calls.items():
            spent = []
            for b in boards:
                start = time.thread_time()
                call(b)
                spent.append(time.thread_time() - start)
            medians[name].append(statistics.median(spent))
        together = ft.strength_features(boards[0])
        alone = (ft.hand_strength, ft.ehs, ft.ehs2, ft.equity_histogram)
        for field, fn in zip(("hs", "ehs", "ehs2", "histogram"), alone):
            if not np.array_equal(getattr(together, field), fn(boards[0]), equal_nan=True):
                problems.append(f"features: strength_features' {field} differs on a {street}")
        p = ft.potential(boards[0])
        if not (
            np.array_equal(together.ppot, p.ppot, equal_nan=True)
            and np.array_equal(together.npot, p.npot, equal_nan=True)
        ):
            problems.append(f"features: strength_features' potential differs on a {street}")
    for name, (flop, turn) in medians.items():
        print(f"| {name} | {fmt_time(flop)} | {fmt_time(turn)} |")
    flop_all = medians["all six (strength_features)"][0]
    print()
    print(
        f"CPU time of this thread per board, the median over {args.feature_boards} canonical "
        "boards of each street, every turn and river card to come, against a random hand. "
        f"Target: all features of a flop in at most 50 ms: "
        f"{'met' if flop_all <= 0.05 else 'NOT met'} ({fmt_time(flop_all)})."
    )
    print()


# ------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--ompeval",
        metavar="DIR",
        help="an OMPEval checkout (has omp/); without it only pyrankcore is timed",
    )
    p.add_argument("--repeat", type=int, default=5, help="timed runs per case, median (default 5)")
    p.add_argument(
        "--heavy-repeat",
        type=int,
        default=3,
        help="runs of an equity spot whose first call takes over 5 s (default 3)",
    )
    p.add_argument("--seed", type=int, default=20261207)
    p.add_argument(
        "--feature-boards",
        type=int,
        default=12,
        help="canonical flops and turns timed in part 4 (default 12)",
    )
    p.add_argument(
        "--only",
        choices=("equity", "solver", "strengths", "features"),
        help="run only this part",
    )
    p.add_argument(
        "--ompeval-flags",
        default="",
        help="extra compile flags for OMPEval, e.g. '-msse4.2' (default none, as its Makefile)",
    )
    args = p.parse_args(argv)
    if args.repeat < 1 or args.heavy_repeat < 1 or args.feature_boards < 1:
        raise SystemExit("--repeat, --heavy-repeat and --feature-boards must be at least 1")
    calc_cpp = os.path.join(args.ompeval or "", "omp", "EquityCalculator.cpp")
    if args.ompeval and not os.path.isfile(calc_cpp):
        raise SystemExit(f"{args.ompeval} is not an OMPEval checkout (no omp/EquityCalculator.cpp)")

    start = time.perf_counter()
    print("# bench_boards.py\n")
    print(
        f"- pyrankcore {prc.__version__} from `{os.path.dirname(prc.__file__)}`, "
        f"Python {platform.python_version()}, NumPy {np.__version__}"
    )
    print(
        f"- CPU: {cpu_model()}, {os.cpu_count()} logical CPUs, shared with other jobs "
        "(timings are noisy: compare the ratios of one run)"
    )
    print(f"- pyrankcore row loop (SIMD tier, `python -m pyrankcore info`): {row_loop_line()}")
    print(f"- load at start: {load_line()}")
    print(
        f"- median of {args.repeat} runs (an equity spot over {HEAVY:.0f} s a call: "
        f"{min(args.repeat, args.heavy_repeat)}), wall time, one thread"
    )
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as work:
        exe = None
        if args.ompeval:
            log("compiling OMPEval")
            exe, cmd, changes = build_driver(args.ompeval, work, args.ompeval_flags.split())
            print(
                f"- OMPEval {ompeval_commit(args.ompeval)} from `{args.ompeval}`, compiled as "
                f"`{' '.join(cmd)}`"
            )
            print(f"- changes to the temporary copy of OMPEval: {'; '.join(changes) or 'none'}")
        else:
            print("- OMPEval: not given (--ompeval DIR), pyrankcore only")
        print()
        if args.only in (None, "equity"):
            bench_equity(args, exe, problems)
    if args.only in (None, "solver"):
        bench_solver(args, problems)
    if args.only in (None, "strengths"):
        bench_strengths(args, problems)
    if args.only in (None, "features"):
        bench_features(args, problems)
    print("## Agreement\n")
    for msg in problems:
        print(f"- **PROBLEM**: {msg}")
    if not problems:
        print("- every answer agrees (equities to 1e-9, values to 1e-9, strengths exactly)")
    print(f"\n- load at end: {load_line()}")
    print(f"- total time: {time.perf_counter() - start:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
