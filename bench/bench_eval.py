"""Benchmark pyrankcore's high-hand evaluators against the peers users would pick.

Run from the repository root (or anywhere), with pyrankcore and any of the
peers installed:

    python bench/bench_eval.py            # 1,000,000 hands, median of 5 runs
    python bench/bench_eval.py --quick    # smoke test: 10,000 hands, 1 run

Timed, on the same seeded random hands of 5 and of 7 distinct cards:

* pyrankcore: ``evaluate_batch`` (1 and 2 threads), ``evaluate`` per call on a
  tuple of ids and on a card string, and the cimport API (a ``.pyx`` compiled
  at run time that loops the nogil C functions over the array);
* pokerfast (OMPEval's batch call through ctypes), phevaluator (its C entry,
  per call), eval7, treys and pokerkit (per call, on fewer hands when slow).

Card formats are converted outside the timed regions. Every result is checked
against pyrankcore's batch result: exactly where the peer's numbering maps onto
pyrankcore's strengths, as a ranking (same ties, same order) where it does not.
Disagreements and failures are printed loudly and make the exit status 1.

The report (medians, ratios, machine info) is Markdown on stdout; progress goes
to stderr.
"""

from __future__ import annotations

import importlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

# The helpers shared by the three scripts live next to this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import (  # noqa: E402
    Findings,
    Timed,
    call_each,
    cpu_line,
    fmt_rate,
    hand_text,
    log,
    order_breaks,
    parser,
    print_problems,
    run_rounds,
    scaled,
    version,
)
from _common import finish as finish_args  # noqa: E402

from pyrankcore.bench import PEER_NAMES, import_peer, peer_calls, ratio_text  # noqa: E402

# Most hands timed for each per-call case (batch cases get them all).
PER_CALL_CAP = {"fast": 200_000, "eval7": 200_000, "treys": 20_000, "pokerkit": 2_000}


# ----------------------------------------------------------------------- hands
def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """(n, k) uint8 card ids, distinct within each row."""
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    redo = np.flatnonzero(has_duplicate(hands))
    while redo.size:
        hands[redo] = rng.integers(0, 52, size=(redo.size, k), dtype=np.uint8)
        redo = redo[has_duplicate(hands[redo])]
    return hands


def has_duplicate(hands: np.ndarray) -> np.ndarray:
    s = np.sort(hands, axis=1)
    return (s[:, 1:] == s[:, :-1]).any(axis=1)


def card_masks(hands: np.ndarray) -> np.ndarray:
    """One uint64 per row, bit i set for card id i."""
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)


# ---------------------------------------------------------------------- timing
@dataclass
class Case(Timed):
    """One way of calling one library on one set of hands, and its timings."""

    library: str
    call: str
    cards: int
    hands: int
    run: Callable[[], object] = field(repr=False)  # the timed call
    warmup: Callable[[], object] | None = field(default=None, repr=False)
    convert: Callable | None = field(default=None, repr=False)  # output -> values
    per_call: bool = False  # one Python call per hand
    threads: int = 1
    exact: bool = True  # values are strengths; if not, only their order counts
    times: list[float] = field(default_factory=list)
    first: float | None = None  # seconds of the first call, when it is not a warm-up
    values: np.ndarray | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return f"{self.cards} cards: {self.library} {self.call} threads={self.threads}"

    def keep(self, out) -> None:
        """Store the output as int64 values (a copy: batch outputs reuse buffers)."""
        out = out if self.convert is None else self.convert(out)
        self.values = np.array(out, dtype=np.int64)


def batch_case(library, call, hands, run, **kw) -> Case:
    """``run()`` evaluates all of ``hands`` in one call."""
    return Case(library, call, hands.shape[1], len(hands), run, **kw)


def per_call_case(library, call, k, items, fn, **kw) -> Case:
    """One ``fn(item)`` per hand, collected in a list as user code would."""
    run, warmup = call_each(items, fn)
    return Case(library, call, k, len(items), run, warmup=warmup, per_call=True, **kw)


# ------------------------------------------------------------------ pyrankcore
CIMPORT_PYX = """\
# cython: language_level=3
cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from pyrankcore cimport (
    evaluate_5, evaluate_6, evaluate_7, evaluate_cards, evaluate_mask)


@cython.boundscheck(False)
@cython.wraparound(False)
def loop_5(const uint8_t[:, ::1] h, uint16_t[::1] out):
    cdef Py_ssize_t i
    with nogil:
        for i in range(h.shape[0]):
            out[i] = evaluate_5(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4])


@cython.boundscheck(False)
@cython.wraparound(False)
def loop_6(const uint8_t[:, ::1] h, uint16_t[::1] out):
    cdef Py_ssize_t i
    with nogil:
        for i in range(h.shape[0]):
            out[i] = evaluate_6(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4],
                                h[i, 5])


@cython.boundscheck(False)
@cython.wraparound(False)
def loop_7(const uint8_t[:, ::1] h, uint16_t[::1] out):
    cdef Py_ssize_t i
    with nogil:
        for i in range(h.shape[0]):
            out[i] = evaluate_7(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4],
                                h[i, 5], h[i, 6])


@cython.boundscheck(False)
@cython.wraparound(False)
def loop_cards(const uint8_t[:, ::1] h, uint16_t[::1] out):
    cdef Py_ssize_t i
    cdef int k = <int>h.shape[1]
    with nogil:
        for i in range(h.shape[0]):
            out[i] = evaluate_cards(&h[i, 0], k)


@cython.boundscheck(False)
@cython.wraparound(False)
def loop_mask(const uint64_t[::1] masks, uint16_t[::1] out):
    cdef Py_ssize_t i
    with nogil:
        for i in range(masks.shape[0]):
            out[i] = evaluate_mask(masks[i])
"""

CIMPORT_SETUP = """\
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
ext = Extension("_bench_cimport", ["_bench_cimport.pyx"])
# The folder that holds pyrankcore's .pxd files: an editable install is found
# by an import hook that Cython does not consult, so name it.
setup(name="bench_cimport", script_args=["build_ext", "--inplace", "-q"],
      ext_modules=cythonize([ext], quiet=True, include_path=[sys.argv[1]]))
"""


def build_cimport_module(workdir: str):
    """Compile CIMPORT_PYX as a user's extension would be; None if that fails."""
    for name, text in (
        ("_bench_cimport.pyx", CIMPORT_PYX),
        ("setup.py", CIMPORT_SETUP),
    ):
        with open(os.path.join(workdir, name), "w") as f:
            f.write(text)
    import pyrankcore

    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pyrankcore.__file__)))
    proc = subprocess.run(
        [sys.executable, "setup.py", package_parent], cwd=workdir, capture_output=True, text=True
    )
    if proc.returncode != 0:
        tail = (proc.stdout + proc.stderr)[-3000:]
        log("compiling the cimport benchmark failed:\n" + textwrap.indent(tail, "    "))
        return None
    sys.path.insert(0, workdir)
    try:
        return importlib.import_module("_bench_cimport")
    finally:
        sys.path.remove(workdir)


def pyrankcore_cases(prc, hands, caps, cimport_mod) -> list[Case]:
    k = hands.shape[1]
    n = min(len(hands), caps["fast"])
    tuples = [tuple(map(int, r)) for r in hands[:n]]
    texts = [hand_text(r) for r in hands[:n]]
    cases = [
        batch_case(
            "pyrankcore",
            "evaluate_batch",
            hands,
            threads=t,
            run=lambda t=t: prc.evaluate_batch(hands, threads=t),
        )
        for t in (1, 2)
    ]
    cases += [
        per_call_case("pyrankcore", "evaluate(tuple of ids)", k, tuples, prc.evaluate),
        per_call_case("pyrankcore", "evaluate(str)", k, texts, prc.evaluate),
    ]
    if cimport_mod is None:
        return cases

    masks = card_masks(hands)  # built outside the timed region, like the peers' cards
    kernels = {
        f"cimport evaluate_{k}": (getattr(cimport_mod, f"loop_{k}"), hands),
        "cimport evaluate_cards": (cimport_mod.loop_cards, hands),
        "cimport evaluate_mask": (cimport_mod.loop_mask, masks),
    }
    for call, (loop, data) in kernels.items():
        out = np.empty(len(hands), np.uint16)

        def run(loop=loop, data=data, out=out):
            loop(data, out)
            return out

        cases.append(batch_case("pyrankcore", call, hands, run))
    return cases


def import_time_ms(module: str, preload: str | None, repeat: int, cwd: str) -> float:
    """Median cumulative import time of ``module`` by ``-X importtime``, in ms.

    Runs in ``cwd``: in the repository root, the source tree would shadow the
    installed package.
    """
    code = (f"import {preload}; " if preload else "") + f"import {module}"
    samples = []
    for _ in range(max(repeat, 3)):
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=cwd,
        )
        for line in proc.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[2].strip() == module:
                samples.append(int(parts[1]) / 1000)
    return statistics.median(samples)


def extension_size() -> list[tuple[str, str]]:
    """Size of the compiled _core module, and of its sections where `size` tells."""
    path = importlib.import_module("pyrankcore._core").__file__
    facts = [
        (
            f"`{os.path.basename(path)}` on disk",
            f"{os.path.getsize(path) / 1024:,.0f} KiB",
        )
    ]
    try:
        out = subprocess.run(
            ["size", "-A", path], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return facts
    sections = {
        p[0]: int(p[1]) for p in map(str.split, out.splitlines()) if len(p) >= 2 and p[1].isdigit()
    }
    for name in (".rodata", ".text", ".data"):  # the tables are static const data
        if name in sections:
            facts.append((f"`{name}` section", f"{sections[name] / 1024:,.0f} KiB"))
    return facts


# ----------------------------------------------------------------------- peers
def peer_cases(name: str, hands, caps) -> list[Case]:
    """The peer's cases on ``hands``, from the adapters ``pyrankcore bench``
    uses; a per-call peer gets its cap of rows (``caps["fast"]`` if it has
    none)."""
    return [
        Case(
            p.library,
            p.call,
            p.cards,
            p.hands,
            p.run,
            warmup=p.warmup,
            convert=p.values,
            per_call=p.per_call,
            exact=p.exact,
        )
        for p in peer_calls(name, hands, caps.get(name, caps["fast"]))
    ]


# ------------------------------------------------------------------- agreement
def disagreement(case: Case, ref: Case, hands: np.ndarray) -> str | None:
    """What ``case`` gets wrong against ``ref`` (on the hands both ran), or None."""
    n = min(len(case.values), len(ref.values))
    want, got = ref.values[:n], case.values[:n]

    def show(i):
        return f"{hand_text(hands[i])} ({ref.library} {want[i]}, this {got[i]})"

    if case.exact:
        bad = np.flatnonzero(got != want)
        if not bad.size:
            return None
        examples = [show(i) for i in bad[:5]]
        return f"{bad.size:,} of {n:,} hands differ\n" + "\n".join(examples)
    breaks = order_breaks(want, got)
    if not breaks:
        return None
    examples = [f"{show(i)} vs {show(j)}" for i, j in breaks[:5]]
    return f"{len(breaks):,} ordering breaks over {n:,} hands\n" + "\n".join(examples)


def check_agreement(cases: list[Case], hands: np.ndarray, found: Findings) -> None:
    """Compare every case with pyrankcore's batch result (else the widest exact one)."""
    exact = [c for c in cases if c.exact]
    if not exact:
        return
    ref = next(
        (c for c in exact if c.library == "pyrankcore"),
        max(exact, key=lambda c: c.hands),
    )
    ref_name = f"{ref.library} `{ref.call}`"
    k = hands.shape[1]
    found.references[k] = ref_name
    for c in cases:
        issue = None if c is ref else disagreement(c, ref, hands)
        if issue:
            msg = f"{c.library} `{c.call}` ({k} cards) disagrees with {ref_name}: {issue}"
            found.problems.append(msg)
            log("\n!!! DISAGREEMENT !!! " + msg + "\n")


# ---------------------------------------------------------------------- report
def fmt_ratio(base: Case | None, case: Case) -> str:
    return "–" if base is None else ratio_text(base.rate, case.rate)


def markdown_table(cases: list[Case], k: int) -> str:
    cases = [c for c in cases if c.cards == k]
    mine = [c for c in cases if c.library == "pyrankcore"]
    batch = next((c for c in mine if c.call == "evaluate_batch" and c.threads == 1), None)
    scalar = next((c for c in mine if c.call == "evaluate(tuple of ids)"), None)
    lines = [
        f"**{k}-card hands**",
        "",
        "| library | call | threads | hands timed | hands/s | ns/hand "
        "| pyrankcore batch ÷ this | pyrankcore evaluate() ÷ this |",
        "|---|---|--:|--:|--:|--:|--:|--:|",
    ]
    for c in cases:
        vs_scalar = fmt_ratio(scalar, c) if c.per_call else "–"
        lines.append(
            f"| {c.library} | `{c.call}` | {c.threads} | {c.hands:,} "
            f"| {fmt_rate(c.rate)} | {c.ns:,.1f} | {fmt_ratio(batch, c)} "
            f"| {vs_scalar} |"
        )
    return "\n".join(lines)


def machine_info(args) -> str:
    peers = ", ".join(f"{p} {version(p)}" for p in PEER_NAMES)
    return "\n".join(
        [
            cpu_line(),
            f"- Python {platform.python_version()} "
            f"({platform.python_implementation()}), "
            f"NumPy {np.__version__}, Cython {version('Cython')}",
            f"- pyrankcore {version('pyrankcore')}; peers: {peers}",
            f"- {args.hands:,} random hands per card count (seed {args.seed}); "
            f"median of {args.repeat} interleaved run(s); per-call cases on the first "
            "hands only",
        ]
    )


def print_report(args, cases: list[Case], found: Findings) -> None:
    print("## Hand evaluation speed\n")
    print(machine_info(args) + "\n")
    for k in args.cards:
        print(markdown_table(cases, k) + "\n")
    if found.facts:
        print("**pyrankcore import and size**\n\n| what | value |\n|---|--:|")
        print("\n".join(f"| {a} | {b} |" for a, b in found.facts) + "\n")
    print("**Agreement**\n")
    for k, ref_name in found.references.items():
        print(
            f"- {k} cards: every result is checked against {ref_name} "
            "(exact strengths; for eval7 and pokerfast, the same order and ties)"
        )
    if found.skipped:
        print(f"- not installed, skipped: {', '.join(sorted(found.skipped))}")
    print_problems(found)


# ------------------------------------------------------------------------ main
def build_cases(prc, cimport_mod, hands, caps, found: Findings) -> list[Case]:
    """Every case on ``hands``, with the card formats converted up front."""
    k = hands.shape[1]
    made = found.attempt(
        f"{k} cards: preparing pyrankcore",
        lambda: pyrankcore_cases(prc, hands, caps, cimport_mod),
    )
    cases: list[Case] = made or []
    for name in PEER_NAMES:
        try:
            import_peer(name)
        except ImportError:
            found.skipped.add(name)
            continue
        made = found.attempt(
            f"{k} cards: preparing {name}", lambda name=name: peer_cases(name, hands, caps)
        )
        cases += made or []
    return cases


def pyrankcore_facts(repeat: int, workdir: str, found: Findings) -> None:
    def measure():
        warm = import_time_ms("pyrankcore", "numpy", repeat, workdir)
        cold = import_time_ms("pyrankcore", None, repeat, workdir)
        found.facts += [
            ("`import pyrankcore` (NumPy already imported)", f"{warm:.1f} ms"),
            ("`import pyrankcore` (cold, NumPy included)", f"{cold:.1f} ms"),
            *extension_size(),
        ]

    found.attempt("pyrankcore import time and size", measure)


def parse_args(argv=None):
    p = parser(__doc__, "smoke test: 10,000 hands, 1 run, smaller per-call samples")
    p.add_argument("--hands", type=int, help="hands per card count (default 1,000,000)")
    p.add_argument("--cards", type=int, nargs="+", default=[5, 7], choices=[5, 6, 7])
    return finish_args(p.parse_args(argv), "hands")


def main(argv=None) -> int:
    args = parse_args(argv)
    caps = scaled(PER_CALL_CAP, args.quick)
    rng = np.random.default_rng(args.seed)
    all_hands = [random_hands(rng, args.hands, k) for k in args.cards]

    prc = importlib.import_module("pyrankcore")
    found = Findings()
    with tempfile.TemporaryDirectory(prefix="pyrankcore-bench-") as workdir:
        log("compiling the cimport benchmark ...")
        cimport_mod = build_cimport_module(workdir)
        if cimport_mod is None:
            found.problems.append("the cimport benchmark did not compile")
        cases = [
            c for hands in all_hands for c in build_cases(prc, cimport_mod, hands, caps, found)
        ]
        cases = run_rounds(cases, args.repeat, found)
        for hands in all_hands:
            k = hands.shape[1]
            check_agreement([c for c in cases if c.cards == k], hands, found)
        pyrankcore_facts(args.repeat, workdir, found)

    print_report(args, cases, found)
    return 1 if found.problems else 0


if __name__ == "__main__":
    sys.exit(main())
