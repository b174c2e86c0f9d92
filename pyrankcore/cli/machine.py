"""``pyrankcore info`` and ``pyrankcore bench``: this installation and its
speed on this machine."""

from __future__ import annotations

import argparse
import platform
from typing import Any

import pyrankcore
from pyrankcore import _core
from pyrankcore.bench import format_bench, run_bench
from pyrankcore.cli.options import (
    MAX_BENCH_REPEAT,
    MAX_BENCH_SIZE,
    add_command,
    add_json_option,
    add_progress_option,
    check_count,
    print_json,
    show_progress,
)

BENCH_JSON_HELP = """\
Rates are printed with three significant digits and the prefix that fits
(k, M, G per second); equity calls in milliseconds per call.

with --json, one JSON object on stdout with the keys:
  pyrankcore, machine, processor, python   versions and the machine
  row_kernel    the row loops evaluate_batch ran (portable, popcnt, avx2, avx512;
                portable, neon on arm64)
  size, repeat  the arguments
  cases         one object per case: library, case, count (hands, trials or
                calls per run), unit, seconds (median run), rate (count/s)
  skipped       peer name -> why it was not timed (not installed, failed)
"""

INFO_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  version       pyrankcore's version
  row_loop      the row loops evaluate_batch uses (portable, popcnt, avx2,
                avx512; portable, neon on arm64): the best this CPU and OS run
  row_loops     every row loop this CPU and OS run, slowest first
  compiler      the compiler that built the extension, with its version
  flags         the compile flags it was built with
  machine       the machine type (x86_64, arm64, ...)
  python        the Python version
"""


def info(as_json: bool = False) -> int:
    """Print what this installation runs: the version, the row loops in
    use and those this CPU runs, and how the extension was built.

    Parameters
    ----------
    as_json : bool, optional
        Print one JSON object (see ``INFO_JSON_HELP``) instead of the lines.

    Returns
    -------
    int
        The exit status, 0.
    """
    record = {
        "version": pyrankcore.__version__,
        "row_loop": _core.row_loop(),
        "row_loops": list(_core.row_loops()),
        "compiler": _core.BUILD_COMPILER,
        "flags": _core.BUILD_FLAGS,
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    if as_json:
        print_json(record)
        return 0
    print(f"pyrankcore {record['version']}")
    print(f"row loops in use:     {record['row_loop']}")
    print(f"this CPU runs:        {', '.join(record['row_loops'])}")
    print(f"compiled with:        {record['compiler']}")
    print(f"compile flags:        {record['flags']}")
    print(f"machine:              {record['machine']}, Python {record['python']}")
    return 0


def add_parsers(sub: Any) -> None:
    """The ``bench`` and ``info`` subcommands."""
    b = add_command(
        sub,
        "bench",
        "pyrankcore's rates on this machine, and installed peers'",
        run_bench_command,
        BENCH_JSON_HELP,
    )
    b.add_argument(
        "--size", type=int, default=1_000_000, help="hands per batch case (default 1,000,000)"
    )
    b.add_argument("--repeat", type=int, default=3, help="runs per case, median (default 3)")
    b.add_argument("--no-peers", action="store_true", help="time pyrankcore alone")
    add_json_option(b)
    add_progress_option(b, "the cases timed")
    i = add_command(
        sub,
        "info",
        "the row loops this CPU runs and how pyrankcore was built",
        run_info,
        INFO_JSON_HELP,
    )
    add_json_option(i)


def run_bench_command(args: argparse.Namespace) -> int:
    """Time evaluate_batch (5 and 7 cards, with the row loops this CPU
    runs), evaluate_omaha_batch and equity on this machine, one thread, and
    the peers that are installed (pokerfast, phevaluator, eval7, treys) on
    the same hands."""
    check_count("--size", args.size, MAX_BENCH_SIZE)
    check_count("--repeat", args.repeat, MAX_BENCH_REPEAT)
    result = run_bench(
        args.size, args.repeat, peers=not args.no_peers, progress=show_progress(args)
    )
    if args.json:
        print_json(result)
    else:
        print(format_bench(result))
    return 0


def run_info(args: argparse.Namespace) -> int:
    """The version, the row loops evaluate_batch uses and those this CPU
    runs, and the compiler and flags the extension was built with."""
    return info(as_json=args.json)
