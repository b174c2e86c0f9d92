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
measure more carefully (interleaved rounds, agreement checks) with the same
peer adapters (:func:`peer_calls`) and the same timing (:func:`run_rounds`,
:class:`Timed`, :func:`ratio_text`), which live here.
"""

from __future__ import annotations

import ctypes
import importlib
import platform
import statistics
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

import numpy as np

from pyrankcore import __version__, _core
from pyrankcore._rankings import RANK_CHARS, SUIT_CHARS
from pyrankcore._work import ProgressBar, progress_bar
from pyrankcore.batch import evaluate_batch, evaluate_omaha_batch
from pyrankcore.equities import equity

__all__ = [
    "CARD_TEXT",
    "PEERS",
    "PEER_NAMES",
    "PeerCall",
    "Timed",
    "call_each",
    "format_bench",
    "format_rate",
    "from_cactus_kev",
    "peer_calls",
    "ratio_text",
    "run_bench",
    "run_rounds",
    "three_digits",
    "to_ompeval_ids",
]

# The peers `pyrankcore bench` times (pokerkit, slow, only in bench/).
PEERS = ("pokerfast", "phevaluator", "eval7", "treys")
CARD_TEXT = [r + s for r in RANK_CHARS for s in SUIT_CHARS]  # id = rank * 4 + suit
# Cactus-Kev ranks (phevaluator, treys) number the 7,462 five-card classes
# from 1 (royal flush) down.
_CACTUS_KEV_CLASSES = 7462
# Our suits c, d, h, s are OMPEval's 2, 3, 1, 0 (it numbers s, h, c, d).
_OMPEVAL_SUIT = np.array([2, 3, 1, 0], dtype=np.uint8)
# A per-call case warms up on this many hands.
_WARMUP_CALLS = 1000
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


# ---------------------------------------------------------------------- timing
class Timed:
    """Timing properties of a case with ``times`` (seconds per run) and
    ``hands`` (hands per run): the median run, its rate and ns a hand."""

    times: list[float]
    hands: int

    @property
    def seconds(self) -> float:
        return statistics.median(self.times)

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def ns(self) -> float:
        return self.seconds / self.hands * 1e9


class _Round(Protocol):
    label: str
    run: Callable[[], object]
    warmup: Callable[[], object] | None
    times: list[float]
    first: float | None

    def keep(self, out: Any) -> None: ...


def run_rounds(
    cases: Sequence[Any],
    repeat: int,
    fail: Callable[[str, Exception], None] | None = None,
    log: Callable[[str], None] | None = None,
) -> list[Any]:
    """Warm every case up, then time them in *repeat* interleaved rounds;
    the cases that ran to the end.

    A case has ``label``, ``run``, ``warmup`` (or None: the first call is then
    timed as ``first``), ``times`` and ``keep(output)``, called with the output
    of the last round. Interleaving spreads a burst of load on a shared
    machine over all cases instead of one, which keeps the ratios of one run
    comparable. A case that raises is dropped and passed to *fail* with its
    exception (without *fail*, the exception propagates); *log* hears each
    step.
    """
    say = log or (lambda _msg: None)
    live: list[_Round] = []
    for c in cases:
        say(c.label)
        try:
            t0 = time.perf_counter()
            (c.warmup or c.run)()
            if c.warmup is None:
                c.first = time.perf_counter() - t0
            live.append(c)
        except Exception as exc:
            if fail is None:
                raise
            fail(c.label, exc)
    for round_no in range(repeat):
        say(f"round {round_no + 1} of {repeat}")
        for c in list(live):
            try:
                t0 = time.perf_counter()
                out = c.run()
                c.times.append(time.perf_counter() - t0)
                if round_no == repeat - 1:
                    c.keep(out)
            except Exception as exc:
                if fail is None:
                    raise
                fail(c.label, exc)
                live.remove(c)
    return live


def ratio_text(base_rate: float, rate: float) -> str:
    """How many times *rate* fits in *base_rate*, with the digits its size
    deserves: ``ratio_text(467e6, 188e6) == "2.48×"``."""
    x = base_rate / rate
    digits = 0 if x >= 100 else 1 if x >= 10 else 2 if x >= 0.1 else 3
    return f"{x:,.{digits}f}×"


@dataclass
class _Case(Timed):
    label: str
    hands: int
    run: Callable[[], object]
    warmup: Callable[[], object] | None = None
    times: list[float] = field(default_factory=list)
    first: float | None = None

    def keep(self, out: Any) -> None:
        pass


def _case(
    library: str,
    name: str,
    count: int,
    unit: str,
    fn: Callable[[], object],
    repeat: int,
    warmup: Callable[[], object] | None = None,
) -> dict[str, Any]:
    timed = _Case(name, count, fn, warmup or fn)  # warm-up: lazily built tables, caches
    run_rounds([timed], repeat)
    return {
        "library": library,
        "case": name,
        "count": count,
        "unit": unit,
        "seconds": timed.seconds,
        "rate": timed.rate,
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


# ----------------------------------------------------------------------- peers
def to_ompeval_ids(hands: Any) -> Any:
    """pyrankcore card ids (rank * 4 + suit, suits c, d, h, s) as OMPEval's
    (its suits s, h, c, d): ``to_ompeval_ids(np.array([51], np.uint8))`` is
    ``[48]`` (As)."""
    hands = np.asarray(hands, dtype=np.uint8)
    return np.ascontiguousarray((hands >> 2) * 4 + _OMPEVAL_SUIT[hands & 3])


def from_cactus_kev(ranks: Any) -> Any:
    """Cactus-Kev ranks (1 = royal flush), as phevaluator and treys give them,
    as pyrankcore strengths (7462 = royal flush): ``from_cactus_kev([1])`` is
    ``[7462]``."""
    return _CACTUS_KEV_CLASSES + 1 - np.asarray(ranks)


@dataclass
class PeerCall:
    """One way of calling a peer on a batch of hands, ready to time.

    ``run()`` evaluates ``hands`` hands (of ``cards`` cards) and returns the
    peer's results (one call per hand, collected in a list as user code
    would, when ``per_call``); ``warmup()`` does the first 1,000.
    ``values(output)`` turns the results into numbers (None: they are);
    ``exact``: those numbers are pyrankcore's strengths, else only their
    order (ties, larger wins) matches.
    """

    library: str
    call: str
    cards: int
    hands: int
    run: Callable[[], Any]
    warmup: Callable[[], Any] | None = None
    per_call: bool = False
    values: Callable[[Any], Any] | None = None
    exact: bool = True

    @property
    def case(self) -> str:
        """The call, its card count and whether it is per call, in words."""
        return f"{self.call}, {self.cards} cards" + (", per call" if self.per_call else "")


def call_each(
    items: Sequence[Any], fn: Callable[[Any], Any]
) -> tuple[Callable[[], list[Any]], Callable[[], list[Any]]]:
    """``(run, warmup)`` for a per-call case: one ``fn(item)`` per hand,
    collected in a list as user code would; the warm-up does the first 1,000.

    Example: ``run, warmup = call_each(rows, evaluate)``; ``len(run())`` is
    ``len(rows)``.
    """
    head = items[:_WARMUP_CALLS]
    return (lambda: [fn(x) for x in items]), (lambda: [fn(x) for x in head])


def _each(
    library: str,
    call: str,
    cards: int,
    items: list[Any],
    fn: Callable[[Any], Any],
    values: Callable[[Any], Any] | None,
    exact: bool = True,
) -> PeerCall:
    run, warmup = call_each(items, fn)
    return PeerCall(
        library,
        call,
        cards,
        len(items),
        run,
        warmup,
        per_call=True,
        values=values,
        exact=exact,
    )


def _pokerfast(hands: Any, limit: int) -> PeerCall:
    lib = import_peer("pokerfast.equity")._load()
    k = hands.shape[1]
    omp = to_ompeval_ids(hands)
    res = np.zeros(len(omp), np.uint16)
    cards_p = ctypes.cast(omp.ctypes.data, ctypes.c_char_p)
    res_p = res.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16))

    def batch() -> Any:
        if lib.pf_evaluate(cards_p, len(omp), k, res_p) != 0:
            raise RuntimeError("pokerfast pf_evaluate failed")
        return res

    return PeerCall("pokerfast", "pf_evaluate (OMPEval, ctypes)", k, len(omp), batch, exact=False)


def _phevaluator(hands: Any, limit: int) -> PeerCall:
    k = hands.shape[1]
    evaluate = getattr(import_peer("phevaluator._pheval"), f"evaluate_{k}cards")
    rows = [tuple(int(c) for c in r) for r in hands[:limit]]
    return _each(
        "phevaluator",
        f"_pheval.evaluate_{k}cards(*ids)",
        k,
        rows,
        lambda r: evaluate(*r),
        from_cactus_kev,
    )


def _eval7(hands: Any, limit: int) -> PeerCall:
    eval7 = import_peer("eval7")
    deck = [eval7.Card(t) for t in CARD_TEXT]
    items = [[deck[c] for c in r] for r in hands[:limit]]
    return _each(
        "eval7", "evaluate(list of Card)", hands.shape[1], items, eval7.evaluate, None, False
    )


def _treys(hands: Any, limit: int) -> PeerCall:
    treys = import_peer("treys")
    deck = [treys.Card.new(t) for t in CARD_TEXT]
    evaluator = treys.Evaluator()
    # treys takes (hand, board) lists and concatenates them itself.
    items = [([deck[c] for c in r[:2]], [deck[c] for c in r[2:]]) for r in hands[:limit]]
    return _each(
        "treys",
        "Evaluator().evaluate(hand, board)",
        hands.shape[1],
        items,
        lambda hb: evaluator.evaluate(*hb),
        from_cactus_kev,
    )


def _pokerkit(hands: Any, limit: int) -> PeerCall:
    pokerkit = import_peer("pokerkit")
    deck = [next(iter(pokerkit.Card.parse(t))) for t in CARD_TEXT]
    items = [tuple(deck[c] for c in r) for r in hands[:limit]]
    # entry.index runs from 0 (7-5-4-3-2) to 7461 (royal flush): strength - 1.
    return _each(
        "pokerkit",
        "StandardHighHand.from_game(cards)",
        hands.shape[1],
        items,
        pokerkit.StandardHighHand.from_game,
        lambda hs: [h.entry.index + 1 for h in hs],
    )


_PEER_CALLS: dict[str, Callable[[Any, int], PeerCall]] = {
    "pokerfast": _pokerfast,
    "phevaluator": _phevaluator,
    "eval7": _eval7,
    "treys": _treys,
    "pokerkit": _pokerkit,
}
# Every peer an adapter exists for, fastest first.
PEER_NAMES = tuple(_PEER_CALLS)


def peer_calls(name: str, hands: Any, limit: int) -> list[PeerCall]:
    """The calls of peer *name* (one of ``PEER_NAMES``) on *hands*, a (n, k)
    uint8 array of pyrankcore card ids, card formats converted up front; a
    per-call peer gets the first *limit* rows.

    Example: ``peer_calls("treys", random_hands(1000, 7), 100)[0].hands``
    is 100 when treys is installed.

    Raises:
        ImportError: the peer is not installed.
        ValueError: *name* is not a known peer.
    """
    make = _PEER_CALLS.get(name)
    if make is None:
        raise ValueError(f"unknown peer {name!r}; known: {', '.join(PEER_NAMES)}")
    return [make(hands, limit)]


def _peer_cases(name: str, hands: Any, repeat: int) -> list[dict[str, Any]]:
    """One peer's cases for `pyrankcore bench` (ImportError when it is not
    installed): per call on a tenth of the hands."""
    return [
        _case(p.library, p.case, p.hands, "hands", p.run, repeat, p.warmup)
        for p in peer_calls(name, hands, max(len(hands) // 10, 1))
    ]


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
