"""Helpers shared by the benchmark scripts in this folder.

The scripts are run by path (``python bench/bench_eval.py``) from outside the
checkout, so each puts its own folder on ``sys.path`` and imports this module
as ``_common``. The peer adapters and the timing (medians, interleaved
rounds, ratios) are the installed package's, :mod:`pyrankcore.bench`, which
``pyrankcore bench`` runs too; this module adds the reports' plumbing.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pyrankcore import bench as shared
from pyrankcore.bench import (  # noqa: F401 - the scripts import them from here
    CARD_TEXT,
    Timed,
    call_each,
    from_cactus_kev,
    ratio_text,
)

QUICK_SCALE = 10  # --quick divides the sample sizes by this


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def hand_text(row) -> str:
    return " ".join(CARD_TEXT[c] for c in row)


# ---------------------------------------------------------------------- timing
@dataclass
class Findings:
    problems: list[str] = field(default_factory=list)
    skipped: set[str] = field(default_factory=set)
    references: dict[int, str] = field(default_factory=dict)
    facts: list[tuple[str, str]] = field(default_factory=list)

    def attempt(self, label: str, fn: Callable):
        """``fn()``, or None after recording its failure: one broken case must not
        hide the others' numbers."""
        log(label)
        try:
            return fn()
        except Exception as e:
            self.fail(label, e)
            return None

    def fail(self, label: str, e: Exception) -> None:
        log(f"  FAILED: {type(e).__name__}: {e}")
        self.problems.append(f"{label} raised {type(e).__name__}: {e}")


def run_rounds(cases: list, repeat: int, found: Findings) -> list:
    """:func:`pyrankcore.bench.run_rounds`, a failing case recorded in
    ``found`` (one broken case must not hide the others' numbers) and each
    step logged on stderr."""
    return shared.run_rounds(cases, repeat, found.fail, log)


# ------------------------------------------------------------------- agreement
def order_breaks(ref: np.ndarray, other: np.ndarray) -> list[tuple[int, int]]:
    """Row pairs where ``other`` is not a strictly increasing function of ``ref``.

    Two numberings rank hands alike when equal ``ref`` means equal ``other``
    and a larger ``ref`` means a larger ``other``.
    """
    pairs, first = np.unique(np.stack([ref, other], axis=1), axis=0, return_index=True)
    # Sorted by ref, then other: a split tie or an inversion shows between neighbours.
    broken = np.flatnonzero((np.diff(pairs[:, 0]) == 0) | (np.diff(pairs[:, 1]) <= 0))
    return [(int(first[b]), int(first[b + 1])) for b in broken]


def exact_issue(want, got, show) -> str | None:
    """Where ``got`` differs from ``want`` (``show(i)`` describes row i), or None."""
    bad = np.flatnonzero(np.asarray(got) != np.asarray(want))
    if not bad.size:
        return None
    examples = "\n".join(show(i) for i in bad[:5])
    return f"{bad.size:,} of {len(want):,} hands differ\n{examples}"


def order_issue(want, got, show) -> str | None:
    """Where ``got`` does not rank hands as ``want`` does, or None."""
    breaks = order_breaks(np.asarray(want), np.asarray(got))
    if not breaks:
        return None
    examples = "\n".join(f"{show(i)} vs {show(j)}" for i, j in breaks[:5])
    return f"{len(breaks):,} ordering breaks over {len(want):,} hands\n{examples}"


@dataclass
class Check:
    what: str
    hands: int
    issue: str | None  # None: agrees
    note: str = ""


def checks_table(checks: list[Check], found: Findings, count: str = "hands") -> str:
    """The agreement checks as Markdown; each disagreement is also recorded
    in ``found`` and shouted on stderr."""
    lines = [f"| check | {count} | result | note |", "|---|--:|---|---|"]
    for ch in checks:
        result = "agrees" if ch.issue is None else "**DISAGREES**"
        lines.append(f"| {ch.what} | {ch.hands:,} | {result} | {ch.note} |")
        if ch.issue is not None:
            msg = f"{ch.what}: {ch.issue}"
            found.problems.append(msg)
            log("\n!!! DISAGREEMENT !!! " + msg + "\n")
    return "\n".join(lines)


def targets_table(targets: list[tuple[str, str, bool]]) -> str:
    """Speed targets, ``(what, measured, met)`` each, as Markdown."""
    lines = ["**Targets (one thread)**", "", "| target | measured | met |", "|---|--:|---|"]
    lines += [f"| {what} | {got} | {'yes' if ok else '**no**'} |" for what, got, ok in targets]
    return "\n".join(lines)


def print_problems(found: Findings) -> None:
    for p in found.problems:
        print("- **PROBLEM**: " + p.replace("\n", "\n  "))
    if not found.problems:
        print("- no disagreement, no failure")


# --------------------------------------------------------------------- drivers
def find_compiler(cxx: bool) -> str:
    """The C++ compiler ($CXX, default g++) or the C one ($CC, default cc);
    exits naming the variable to set when it is not on the path."""
    var, default, language = ("CXX", "g++", "C++") if cxx else ("CC", "cc", "C")
    compiler = os.environ.get(var, default)
    if shutil.which(compiler) is None:
        raise SystemExit(f"no {language} compiler ({compiler}); set {var}")
    return compiler


def compile_driver(
    source: str,
    workdir: str,
    name: str,
    *,
    cxx: bool,
    flags: list[str],
    units: list[str],
    libs: tuple[str, ...] = (),
) -> str:
    """Write a peer's driver *source* to WORKDIR/NAME.cpp (.c for C), build
    it with the peer's *units* into WORKDIR/NAME and return that path."""
    compiler = find_compiler(cxx)
    src = os.path.join(workdir, name + (".cpp" if cxx else ".c"))
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    exe = os.path.join(workdir, name)
    subprocess.run([compiler, *flags, src, *units, "-o", exe, *libs], check=True)
    return exe


# ---------------------------------------------------------------------- report
def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        module = sys.modules.get(dist)  # e.g. a build on PYTHONPATH
        if module is None:
            return "not installed"
        return getattr(module, "__version__", "(no version)")


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            match = re.search(r"^model name\s*:\s*(.+)$", f.read(), re.M)
        if match:
            return match.group(1).strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_line() -> str:
    return (
        f"- CPU: {cpu_model()} ({os.cpu_count()} logical CPUs), "
        f"{platform.system()} {platform.release()}"
    )


def pyrankcore_line() -> str:
    """Which pyrankcore ran, and from where (a stale install shows here)."""
    prc = sys.modules.get("pyrankcore")
    where = os.path.dirname(prc.__file__) if prc else "?"
    return f"- pyrankcore {version('pyrankcore')} from `{where}`"


def command_line() -> str:
    return f"- command: `{shlex.join([sys.executable, *sys.argv])}` (in `{os.getcwd()}`)"


def load_line() -> str:
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def fmt_rate(x: float) -> str:
    return f"{x / 1e6:,.1f} M" if x >= 1e6 else f"{x / 1e3:,.1f} k"


def fmt_x(x: float) -> str:
    return f"{x:.2f}×"


def fmt_vs(base, case) -> str:
    """How many times *case*'s rate *base*'s is ("–" with no base, or for
    the base itself)."""
    if base is None or case is base:
        return "–"
    x = base.rate / case.rate
    return f"{x:,.0f}×" if x >= 100 else fmt_x(x)


def target_mark(targets: list, label: str, got: str, ok: bool) -> str:
    """Adds the target *label* (*got* measured, met when *ok*) to *targets*
    and returns the table cell's mark: nothing, or " **missed**"."""
    targets.append((label, got, ok))
    return "" if ok else " **missed**"


# ------------------------------------------------------------------ arguments
def parser(doc: str, quick: str) -> argparse.ArgumentParser:
    """The options every script takes: ``--quick`` (its help is ``quick``),
    ``--repeat`` and ``--seed``; the description is the first paragraph of
    ``doc``."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help=quick)
    p.add_argument("--repeat", type=int, help="timed runs per case (default 5)")
    p.add_argument("--seed", type=int, default=20240601)
    return p


def add_threads(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--threads",
        type=int,
        nargs="+",
        default=[1],
        help="thread counts of batch cases",
    )


def finish(args: argparse.Namespace, size: str) -> argparse.Namespace:
    """Fill the defaults that depend on ``--quick``: ``args.<size>`` (10,000
    quick, else 1,000,000) and ``repeat``; one thread is always timed, since
    the ratios and targets refer to it."""
    setattr(args, size, getattr(args, size) or (10_000 if args.quick else 1_000_000))
    args.repeat = args.repeat or (1 if args.quick else 5)
    if 1 not in getattr(args, "threads", [1]):
        args.threads = [1, *args.threads]
    return args


def scaled(sizes: dict, quick: bool) -> dict:
    """Sample sizes, divided by QUICK_SCALE in quick mode (at least 1)."""
    scale = QUICK_SCALE if quick else 1
    return {name: max(1, n // scale) for name, n in sizes.items()}
