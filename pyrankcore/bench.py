"""``pyrankcore bench``: pyrankcore's own rates on this machine, and its peers'.

Short by default (a second or two): batches of ``size`` random hands
(1,000,000), the median of ``repeat`` runs (3), one thread. The cases:

* ``evaluate_batch`` on 5- and 7-card hands, with the row loops in use
  (``portable``, ``popcnt``, ``avx2``, ``avx512``, or ``neon`` on arm64: the
  best this CPU runs);
* ``evaluate_omaha_batch``, 4 hole cards and 5 board cards (size / 4 hands);
* ``equity``: AhKh v QsQd exact preflop, "AKs,QQ+" v "TT-77,AQo" exact
  preflop, and Monte Carlo heads-up (2 * size trials);
* peers, when installed (skipped otherwise, and said so): pokerfast
  (OMPEval's batch call), phevaluator, eval7 and treys on the same 7-card
  hands, per call on at most ``size / 10`` of them.

Rates are hands (or trials) per second of wall-clock time, printed with
three significant digits and the prefix that fits each (``1.23 k``,
``467 M``); the equity calls in milliseconds per call. A peer's import
runs with its warnings silenced (eval7's import warns), so that a peer is
timed whatever the warning filters say. The bench scripts in ``bench/``
measure more carefully (interleaved rounds, agreement checks).
"""

from __future__ import annotations

import ctypes
import importlib
import platform
import statistics
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from pyrankcore import __version__, _core
from pyrankcore._rankings import RANK_CHARS, SUIT_CHARS
from pyrankcore._work import ProgressBar, progress_bar
from pyrankcore.batch import evaluate_batch, evaluate_omaha_batch
from pyrankcore.equities import equity

__all__ = ["PEERS", "format_bench", "format_rate", "run_bench", "three_digits"]

PEERS = ("pokerfast", "phevaluator", "eval7", "treys")
_TEXT = [r + s for r in RANK_CHARS for s in SUIT_CHARS]  # id = rank * 4 + suit
# The cases pyrankcore times itself (for the progress bar's total).
OWN_CASES = 6
# Rate prefixes, largest first.
_PREFIXES = ((1e9, "G"), (1e6, "M"), (1e3, "k"), (1.0, ""))


def import_peer(module: str) -> Any:
    """A peer's module, imported with its warnings silenced: a peer that
    warns on import (eval7) is timed, not failed, under warnings-as-errors."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return importlib.import_module(module)


def _median_seconds(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up: lazily built tables, caches
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _case(
    library: str, name: str, count: int, unit: str, fn: Callable[[], object], repeat: int
) -> dict[str, Any]:
    seconds = _median_seconds(fn, repeat)
    return {
        "library": library,
        "case": name,
        "count": count,
        "unit": unit,
        "seconds": seconds,
        "rate": count / seconds if seconds > 0 else float("inf"),
    }


def _own_cases(size: int, repeat: int, bar: ProgressBar | None) -> list[dict[str, Any]]:
    kernel = _core.row_loop()
    out: list[dict[str, Any]] = []
    for k in (5, 7):
        hands = _core.random_hands(size, k, seed=k)
        buf = np.empty(size, dtype=np.uint16)
        out.append(
            _case(
                "pyrankcore",
                f"evaluate_batch, {k} cards ({kernel} row loops)",
                size,
                "hands",
                partial(evaluate_batch, hands, out=buf),
                repeat,
            )
        )
        _advance(bar)
    n_omaha = max(size // 4, 1)
    deal = _core.random_hands(n_omaha, 9, seed=9)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    out.append(
        _case(
            "pyrankcore",
            "evaluate_omaha_batch, 4 hole + 5 board",
            n_omaha,
            "hands",
            lambda: evaluate_omaha_batch(holes, boards),
            repeat,
        )
    )
    _advance(bar)
    for name, players in (
        ("equity AhKh v QsQd, exact preflop", ["AhKh", "QsQd"]),
        ('equity "AKs,QQ+" v "TT-77,AQo", exact preflop', ["AKs,QQ+", "TT-77,AQo"]),
    ):
        out.append(
            _case(
                "pyrankcore",
                name,
                1,
                "calls",
                partial(equity, "Hold'em", players, exact=True),
                repeat,
            )
        )
        _advance(bar)
    trials = 2 * size
    out.append(
        _case(
            "pyrankcore",
            "equity AhKh v QsQd, Monte Carlo",
            trials,
            "trials",
            lambda: equity("Hold'em", ["AhKh", "QsQd"], trials=trials, seed=1),
            repeat,
        )
    )
    _advance(bar)
    return out


def _advance(bar: ProgressBar | None) -> None:
    if bar is not None:
        bar.update(1)


def _peer_cases(name: str, hands: Any, repeat: int) -> list[dict[str, Any]]:
    """One peer's 7-card case (ImportError when it is not installed)."""
    small = hands[: max(len(hands) // 10, 1)]
    if name == "pokerfast":
        lib = import_peer("pokerfast.equity")._load()
        to_omp = np.array([2, 3, 1, 0], np.uint8)  # c, d, h, s in OMPEval's suit order
        omp = np.ascontiguousarray((hands // 4) * 4 + to_omp[hands % 4])
        res = np.zeros(len(omp), np.uint16)
        cards_p = ctypes.cast(omp.ctypes.data, ctypes.c_char_p)
        res_p = res.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16))

        def batch() -> None:
            if lib.pf_evaluate(cards_p, len(omp), 7, res_p) != 0:
                raise RuntimeError("pokerfast pf_evaluate failed")

        return [_case(name, "pf_evaluate (OMPEval), 7 cards", len(omp), "hands", batch, repeat)]
    if name == "phevaluator":
        evaluate_cards = import_peer("phevaluator").evaluate_cards

        rows = [tuple(int(c) for c in r) for r in small]

        def ph() -> None:
            for r in rows:
                evaluate_cards(*r)

        return [_case(name, "evaluate_cards, 7 cards, per call", len(rows), "hands", ph, repeat)]
    if name == "eval7":
        eval7 = import_peer("eval7")

        deck = [eval7.Card(t) for t in _TEXT]
        items = [[deck[c] for c in r] for r in small]

        def e7() -> None:
            for it in items:
                eval7.evaluate(it)

        return [_case(name, "evaluate, 7 cards, per call", len(items), "hands", e7, repeat)]
    if name == "treys":
        treys = import_peer("treys")
        Card, Evaluator = treys.Card, treys.Evaluator

        tdeck = [Card.new(t) for t in _TEXT]
        ev = Evaluator()
        pairs = [([tdeck[c] for c in r[:2]], [tdeck[c] for c in r[2:]]) for r in small]

        def tr() -> None:
            for h, b in pairs:
                ev.evaluate(h, b)

        return [
            _case(name, "Evaluator.evaluate, 7 cards, per call", len(pairs), "hands", tr, repeat)
        ]
    raise ValueError(f"unknown peer {name!r}")


def run_bench(
    size: int = 1_000_000, repeat: int = 3, peers: bool = True, progress: bool = False
) -> dict[str, Any]:
    """Time the cases (see the module notes); returns a JSON-ready dict:
    machine, python, row_kernel, size, repeat, cases (library, case,
    count, unit, seconds, rate) and skipped (peer: why). *progress*: a bar
    on stderr counting the cases (a peer skipped counts as one)."""
    total = OWN_CASES + (len(PEERS) if peers else 0)
    bar = progress_bar(progress, total, "case", "bench")
    skipped: dict[str, str] = {}
    try:
        cases = _own_cases(size, repeat, bar)
        if peers:
            hands = _core.random_hands(size, 7, seed=7)
            for name in PEERS:
                try:
                    cases.extend(_peer_cases(name, hands, repeat))
                except ImportError as exc:
                    skipped[name] = f"not installed ({exc.name or exc})"
                except Exception as exc:  # noqa: BLE001 - a broken peer must not end the bench
                    skipped[name] = f"failed: {type(exc).__name__}: {exc}"
                _advance(bar)
    finally:
        if bar is not None:
            bar.close()
    return {
        "pyrankcore": __version__,
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "python": platform.python_version(),
        "row_kernel": _core.row_loop(),
        "size": size,
        "repeat": repeat,
        "cases": cases,
        "skipped": skipped,
    }


def three_digits(value: float) -> str:
    """*value* (below 1000) with three significant digits: 467, 85.3, 1.23."""
    digits = 0 if value >= 99.95 else 1 if value >= 9.995 else 2
    return f"{value:.{digits}f}"


def format_rate(rate: float, unit: str) -> str:
    """*rate* per second with three significant digits and the prefix that
    fits: ``format_rate(85_312, "hands") == "85.3 k hands/s"``."""
    for scale, prefix in _PREFIXES:
        value = rate / scale
        # 0.9995 rather than 1: 999.96 k rounds to 1.00 M, not to 1000 k.
        if value >= 0.9995 or scale == 1.0:
            return f"{three_digits(value)} {prefix + ' ' if prefix else ''}{unit}/s"
    raise AssertionError("unreachable")  # pragma: no cover


def format_bench(result: dict[str, Any]) -> str:
    """The result as a text table."""
    lines = [
        f"pyrankcore {result['pyrankcore']} on {result['machine']}, Python {result['python']}, "
        f"row loops: {result['row_kernel']}; median of {result['repeat']}, one thread",
        f"{'library':<12} {'case':<52} {'rate':>16}",
    ]
    for c in result["cases"]:
        if c["unit"] == "calls":
            ms = c["seconds"] * 1e3
            rate = f"{three_digits(ms) if ms < 1000 else f'{ms:,.0f}'} ms/call"
        else:
            rate = format_rate(c["rate"], c["unit"])
        lines.append(f"{c['library']:<12} {c['case']:<52} {rate:>16}")
    for name, why in result["skipped"].items():
        lines.append(f"{name:<12} skipped: {why}")
    return "\n".join(lines)
