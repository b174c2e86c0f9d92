"""Benchmark pyrankcore's rankings other than high, and its Omaha evaluator.

Run with pyrankcore and (optionally) the peers installed, from a directory
where the source tree does not shadow the installed package:

    python bench/bench_games.py            # 1,000,000 hands, median of 5 runs
    python bench/bench_games.py --quick    # smoke test: 10,000 hands, 1 run

Timed, on seeded random hands from ``pyrankcore.random_hands``:

* ``evaluate_batch(arr, game)`` for every game in ``pyrankcore.GAMES`` (5 and
  7 cards; ``incomplete`` 3 and 5 cards; ``short_deck`` on a 36-card deck),
  each compared with ``high`` on the same card count in the same run;
* ``evaluate_batch`` for wild-card rankings (jokers, the bug, deuces wild,
  jokers and deuces, a deuce-to-seven fitter, lowest card wild) on hands
  from each game's own deck, each compared with the natural high batch;
* ``evaluate_omaha_batch(holes, boards, game)`` with 4, 5 and 6 hole cards and
  a 5-card board, high, eight-or-better low and both (hi-lo), against
  phevaluator's Omaha evaluator called per hand.

Checks, none of them inside the timed regions: phevaluator's Omaha ranks
exactly; pokerkit's low, short-deck and Omaha hands as an ordering on small
samples; every 6- and 7-card and Omaha result against the best of its 5-card
subsets under the same game; per-call ``evaluate``/``evaluate_omaha`` against
the batch. Disagreements and failures are printed loudly and make the exit
status 1; missed speed targets are reported but do not.

The report (medians, ratios, targets, machine info) is Markdown on stdout;
progress goes to stderr.
"""

from __future__ import annotations

import importlib
import itertools
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

# The helpers shared by the three scripts live next to this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import (  # noqa: E402
    CARD_TEXT,
    Check,
    Findings,
    Timed,
    add_threads,
    call_each,
    checks_table,
    command_line,
    cpu_line,
    exact_issue,
    finish,
    fmt_rate,
    fmt_vs,
    fmt_x,
    from_cactus_kev,
    hand_text,
    load_line,
    log,
    order_issue,
    parser,
    print_problems,
    pyrankcore_line,
    run_rounds,
    scaled,
    target_mark,
    targets_table,
    version,
)

SHORT_DECK_EXCLUDE = list(range(16))  # deuces to fives: ids 0..15
LOW_TARGET = 1.5  # every other ranking within this many times high's time
OMAHA_TARGETS = {  # (shape, game) -> hands per second, one thread
    ("4+5", "high"): 50e6,
    ("4+5", "hi-lo"): 25e6,
    ("6+5", "high"): 20e6,
}
OMAHA_HOLES = (4, 5, 6)
OMAHA_VS_SEVEN = 0.4  # Omaha 4+5 high batch: at least this times the 7-card batch's rate
HI_LO_ONE_PASS = 1.0  # the hi-lo one pass: at least this times as fast as two calls
PEERS = ("phevaluator", "pokerkit")

# Most hands for each per-call case or check (batch cases get them all).
CAPS = {
    "call": 100_000,  # pyrankcore per call, phevaluator's C entry
    "phevaluator_py": 20_000,  # phevaluator's public Python wrapper
    "subsets": 100_000,  # best-of-subsets check
    "scalar_check": 20_000,  # evaluate() per call against the batch
    "pokerkit": 2_000,  # pokerkit rankings (5 and 7 cards)
    "pokerkit_omaha": 300,  # pokerkit Omaha (up to 150 five-card hands each)
}


# ---------------------------------------------------------------------- timing
@dataclass
class Case(Timed):
    """One timed call on one set of hands."""

    section: str  # "games" or "omaha"
    shape: str  # "5 cards", "4+5" (hole + board)
    library: str
    call: str
    game: str
    hands: int
    run: Callable[[], object] = field(repr=False)
    warmup: Callable[[], object] | None = field(default=None, repr=False)
    convert: Callable | None = field(default=None, repr=False)
    per_call: bool = False
    threads: int = 1
    keeps: bool = True  # whether its output is kept for the checks
    times: list[float] = field(default_factory=list)
    first: float | None = None  # seconds of the first call (batch cases)
    values: np.ndarray | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return f"{self.shape}: {self.library} {self.call} {self.game} threads={self.threads}"

    def keep(self, out) -> None:
        if self.keeps:
            out = out if self.convert is None else self.convert(out)
            self.values = np.array(out, dtype=np.int64)


def per_call(section, shape, library, call, game, items, fn, **kw) -> Case:
    """One ``fn(item)`` per hand, collected in a list as user code would."""
    run, warmup = call_each(items, fn)
    return Case(
        section, shape, library, call, game, len(items), run, warmup=warmup, per_call=True, **kw
    )


# ----------------------------------------------------------------------- hands
@dataclass
class Deals:
    """The seeded random hands every case and check uses."""

    games: dict[tuple[str, int], np.ndarray]  # (deck, k) -> (n, k); deck "full"/"short"
    omaha: dict[int, tuple[np.ndarray, np.ndarray]]  # holes -> (holes, boards)
    sevens: np.ndarray  # 7-card hands, the base of the Omaha ratios


def game_sizes(prc, game: str, cards: list[int]) -> list[int]:
    """Card counts timed for ``game``: ``cards`` where it takes them; 3 and
    whatever of ``cards`` it takes for the incomplete ranking."""
    r = prc.ranking(game)
    sizes = [k for k in cards if r.min_cards <= k <= r.max_cards]
    if r.min_cards < 5:  # a ranking of short hands: also 3 cards (the OFC front)
        sizes = sorted({3, *sizes})
    return sizes


# Wild-card rankings timed next to the natural high batch: (label, options
# of pyrankcore.ranking, target: at most this many times high's time, or
# None). Hands come from each game's own deck (54 cards with the jokers).
WILD_CASES = [
    ("high, jokers wild", {"base": "high", "wild": "jokers"}, 2.0),
    ("high, the bug", {"base": "high", "bug": True}, None),
    ("high, deuces wild", {"base": "high", "wild": "2"}, 2.5),
    ("high, jokers and deuces", {"base": "high", "wild": ("jokers", "2")}, None),
    ("deuce_seven, jokers wild", {"base": "deuce_seven", "wild": "jokers"}, None),
    ("high, lowest card wild", {"base": "high", "wild": "lowest"}, None),
]


def wild_ranking(prc, options: dict):
    opts = dict(options)
    return prc.ranking(opts.pop("base"), **opts)


def deal(prc, args) -> Deals:
    games = {}
    for game in prc.GAMES:
        deck = "short" if game == "short_deck" else "full"
        for k in game_sizes(prc, game, args.cards):
            if (deck, k) not in games:
                exclude = SHORT_DECK_EXCLUDE if deck == "short" else None
                seed = args.seed + 100 * (deck == "short") + k
                games[deck, k] = prc.random_hands(args.hands, k, seed=seed, exclude=exclude)
    for label, options, _ in WILD_CASES:
        for k in args.cards:
            seed = args.seed + 2000 + k
            games["wild " + label, k] = prc.random_hands(
                args.hands, k, seed=seed, game=wild_ranking(prc, options)
            )
    omaha = {}
    for h in OMAHA_HOLES:
        both = prc.random_hands(args.hands, h + 5, seed=args.seed + 1000 + h)
        omaha[h] = (
            np.ascontiguousarray(both[:, :h]),
            np.ascontiguousarray(both[:, h:]),
        )
    sevens = games.get(("full", 7))
    if sevens is None:
        sevens = prc.random_hands(args.hands, 7, seed=args.seed + 7)
    return Deals(games, omaha, sevens)


# ---------------------------------------------------------------------- cases
def game_cases(prc, deals: Deals, args) -> list[Case]:
    cases = []
    for game in prc.GAMES:
        deck = "short" if game == "short_deck" else "full"
        for k in game_sizes(prc, game, args.cards):
            hands = deals.games[deck, k]
            for t in args.threads:
                cases.append(
                    Case(
                        "games",
                        f"{k} cards",
                        "pyrankcore",
                        "evaluate_batch",
                        game,
                        len(hands),
                        lambda h=hands, g=game, t=t: prc.evaluate_batch(h, g, threads=t),
                        threads=t,
                    )
                )
    return cases


# Split-pot Omaha variants by hole cards (high, eight-or-better low).
HI_LO_VARIANTS = {4: "Omaha Hi-Lo 8", 5: "Big O", 6: "Six-card Omaha Hi-Lo 8"}


def omaha_loop_cases(prc, shape: str, holes, boards, sevens) -> list[Case]:
    """Omaha high under each row loop this CPU runs (portable, popcnt, AVX2,
    AVX-512), each beside the 7-card high batch (*sevens*) under the same
    loop, where the installed version has the switch."""
    core = prc._core
    testing = getattr(core, "_testing", None)  # the test hooks (older releases: none)
    if testing is None:
        return []

    def under(kernel, call):
        def run():
            testing.select_row_kernel(kernel)
            try:
                return call()
            finally:
                testing.select_row_kernel("best")

        return run

    cases = []
    for kernel in core.row_loops():
        cases.append(
            Case(
                "omaha",
                shape,
                "pyrankcore",
                f"evaluate_omaha_batch, {kernel} row loop",
                "high",
                len(holes),
                under(kernel, lambda: prc.evaluate_omaha_batch(holes, boards, "high")),
                keeps=False,
            )
        )
        cases.append(
            Case(
                "omaha",
                "7 cards",
                "pyrankcore",
                f"evaluate_batch, {kernel} row loop",
                "high",
                len(sevens),
                under(kernel, lambda: prc.evaluate_batch(sevens, "high")),
                keeps=False,
            )
        )
    return cases


def omaha_cases(prc, deals: Deals, args, caps) -> list[Case]:
    cases = []
    for h in OMAHA_HOLES:
        holes, boards = deals.omaha[h]
        shape = f"{h}+5"
        for t in args.threads:
            for game in ("high", "ace_five_8"):
                cases.append(
                    Case(
                        "omaha",
                        shape,
                        "pyrankcore",
                        "evaluate_omaha_batch",
                        game,
                        len(holes),
                        lambda g=game, t=t, ho=holes, bo=boards: prc.evaluate_omaha_batch(
                            ho, bo, g, threads=t
                        ),
                        threads=t,
                    )
                )

            if h == 4 and t == 1:
                cases += omaha_loop_cases(prc, shape, holes, boards, deals.sevens)

            def hi_lo(t=t, ho=holes, bo=boards):
                return (
                    prc.evaluate_omaha_batch(ho, bo, "high", threads=t),
                    prc.evaluate_omaha_batch(ho, bo, "ace_five_8", threads=t),
                )

            cases.append(
                Case(
                    "omaha",
                    shape,
                    "pyrankcore",
                    "evaluate_omaha_batch × 2",
                    "hi-lo",
                    len(holes),
                    hi_lo,
                    threads=t,
                    keeps=False,
                )
            )
            hi_lo_game = HI_LO_VARIANTS[h]  # the split-pot variant dealing h hole cards
            if hi_lo_game in {v.name for v in prc.VARIANTS}:  # one pass, 0.2+
                cases.append(
                    Case(
                        "omaha",
                        shape,
                        "pyrankcore",
                        f'evaluate_omaha_batch(..., "{hi_lo_game}"), one pass',
                        "hi-lo",
                        len(holes),
                        lambda t=t, ho=holes, bo=boards, g=hi_lo_game: prc.evaluate_omaha_batch(
                            ho, bo, g, threads=t
                        ),
                        threads=t,
                        keeps=False,
                    )
                )

    holes, boards = deals.omaha[4]
    n = caps["call"]
    pairs = [(tuple(map(int, ho)), tuple(map(int, bo))) for ho, bo in zip(holes[:n], boards[:n])]
    cases.append(
        per_call(
            "omaha",
            "4+5",
            "pyrankcore",
            "evaluate_omaha(hole ids, board ids)",
            "high",
            pairs,
            lambda p: prc.evaluate_omaha(*p),
        )
    )
    try:
        import phevaluator
        from phevaluator import _pheval
    except ImportError:
        return cases
    # phevaluator takes the five board cards first, then the four hole cards;
    # its card ids are ours; rank 1 is the royal flush.
    flat = [bo + ho for ho, bo in pairs]
    cases.append(
        per_call(
            "omaha",
            "4+5",
            "phevaluator",
            "_pheval.evaluate_omaha_cards(*board, *hole)",
            "high",
            flat,
            lambda c: _pheval.evaluate_omaha_cards(*c),
            convert=from_cactus_kev,
        )
    )
    cases.append(
        per_call(
            "omaha",
            "4+5",
            "phevaluator",
            "evaluate_omaha_cards(*board, *hole)",
            "high",
            flat[: caps["phevaluator_py"]],
            lambda c: phevaluator.evaluate_omaha_cards(*c),
            convert=from_cactus_kev,
        )
    )
    return cases


# ------------------------------------------------------------------- checks
def shower(texts, want, got, names=("pyrankcore", "other")):
    def show(i):
        return f"{texts(i)} ({names[0]} {want[i]}, {names[1]} {got[i]})"

    return show


def best_of_subsets(prc, hands: np.ndarray, game: str) -> np.ndarray:
    """Best 5-card strength among each row's 5-card subsets, by the 5-card kernel."""
    best = np.zeros(len(hands), np.int64)
    for cols in itertools.combinations(range(hands.shape[1]), 5):
        sub = np.ascontiguousarray(hands[:, cols])
        best = np.maximum(best, prc.evaluate_batch(sub, game))
    return best


def best_of_omaha(prc, holes, boards, game) -> np.ndarray:
    """Best of every two-hole, three-board 5-card hand, by the 5-card kernel."""
    best = np.zeros(len(holes), np.int64)
    for hc in itertools.combinations(range(holes.shape[1]), 2):
        for bc in itertools.combinations(range(boards.shape[1]), 3):
            sub = np.ascontiguousarray(np.hstack([holes[:, hc], boards[:, bc]]))
            best = np.maximum(best, prc.evaluate_batch(sub, game))
    return best


def three_card_key(row) -> tuple:
    """Reference order of a 3-card hand under the incomplete ranking: trips,
    then pair, then high card; within one, ranks by group size, then rank."""
    ranks = sorted((c // 4 for c in row), reverse=True)
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    return (groups[0][0], *[r for _, r in groups])


def dense(keys: list) -> np.ndarray:
    """Dense integer ranks of comparable keys (equal keys, equal ranks)."""
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([order[k] for k in keys], np.int64)


POKERKIT_GAMES = {  # our game -> pokerkit hand class (same ranking)
    "high": "StandardHighHand",
    "ace_five": "RegularLowHand",
    "ace_five_8": "EightOrBetterLowHand",
    "deuce_seven": "StandardLowHand",
    "short_deck": "ShortDeckHoldemHand",
}


def pokerkit_strengths(cls, items) -> tuple[list, float]:
    """pokerkit's order as numbers (larger = stronger; no hand = lowest) and
    the seconds it took."""
    t0 = time.perf_counter()
    hands = [cls.from_game_or_none(*it) for it in items]
    seconds = time.perf_counter() - t0
    keys = [-(10**9) if h is None else (-h.entry.index if h.low else h.entry.index) for h in hands]
    return keys, seconds


def pokerkit_check(cls, items, what: str, shape: str, ours, texts, found: Findings):
    """The Check of *ours* against the order of pokerkit's *cls* on *items*
    (our first len(items) hands), named *what*; None, the failure
    recorded, when pokerkit fails."""
    n = len(items)
    log(f"{what}: pokerkit {cls.__name__} on {n:,} hands")
    try:
        theirs, secs = pokerkit_strengths(cls, items)
    except Exception as e:
        found.fail(f"pokerkit {cls.__name__} ({shape})", e)
        return None
    return Check(
        f"{what}: pokerkit `{cls.__name__}.from_game` (order)",
        n,
        order_issue(ours[:n], theirs, shower(texts, ours, theirs, ("ours", "pokerkit"))),
        f"pokerkit {fmt_rate(n / secs)} hands/s",
    )


def check_games(prc, cases, deals, caps, found: Findings) -> list[Check]:
    checks = []
    batch = {
        (c.game, c.shape): c
        for c in cases
        if c.section == "games" and c.threads == 1 and c.values is not None
    }
    try:
        import pokerkit
    except ImportError:
        pokerkit = None
    for (game, shape), c in batch.items():
        k = int(shape.split()[0])
        hands = deals.games["short" if game == "short_deck" else "full", k]
        ours = c.values

        def texts(i, hands=hands):
            return hand_text(hands[i])

        # per-call evaluate against the batch
        n = min(caps["scalar_check"], len(hands))
        got = [prc.evaluate(tuple(map(int, r)), game) for r in hands[:n]]
        checks.append(
            Check(
                f"{game}, {shape}: `evaluate(ids, game)` per call = batch",
                n,
                exact_issue(ours[:n], got, shower(texts, ours, got, ("batch", "evaluate"))),
            )
        )
        if k > 5:
            n = min(caps["subsets"], len(hands))
            ref = best_of_subsets(prc, hands[:n], game)
            checks.append(
                Check(
                    f"{game}, {shape}: batch = best of its 5-card subsets",
                    n,
                    exact_issue(ref, ours[:n], shower(texts, ref, ours, ("subsets", "batch"))),
                )
            )
        if game == "incomplete" and ("high", shape) in batch:
            high = batch["high", shape].values
            checks.append(
                Check(
                    f"incomplete, {shape}: same order as high",
                    len(ours),
                    order_issue(high, ours, shower(texts, high, ours, ("high", "incomplete"))),
                )
            )
        if game == "incomplete" and k == 3:
            n = min(caps["scalar_check"], len(hands))
            ref = dense([three_card_key(r) for r in hands[:n].tolist()])
            checks.append(
                Check(
                    "incomplete, 3 cards: order of a plain-Python trips > pair > high card key",
                    n,
                    order_issue(ref, ours[:n], shower(texts, ref, ours, ("key", "ours"))),
                )
            )
        if pokerkit is not None and game in POKERKIT_GAMES:
            cls = getattr(pokerkit, POKERKIT_GAMES[game])
            deck = [next(iter(pokerkit.Card.parse(t))) for t in CARD_TEXT]
            n = min(caps["pokerkit"], len(hands))
            items = [([deck[x] for x in r],) for r in hands[:n].tolist()]
            check = pokerkit_check(cls, items, f"{game}, {shape}", shape, ours, texts, found)
            if check is not None:
                checks.append(check)
    return checks


def check_omaha(prc, cases, deals, caps, found: Findings) -> list[Check]:
    checks = []
    batch = {
        (c.game, c.shape): c
        for c in cases
        if c.section == "omaha" and not c.per_call and c.threads == 1 and c.values is not None
    }
    for (game, shape), c in batch.items():
        holes, boards = deals.omaha[int(shape.split("+")[0])]
        ours = c.values

        def texts(i, holes=holes, boards=boards):
            return f"{hand_text(holes[i])} | {hand_text(boards[i])}"

        n = min(caps["subsets"], len(holes))
        ref = best_of_omaha(prc, holes[:n], boards[:n], game)
        checks.append(
            Check(
                f"Omaha {shape} {game}: batch = best two-hole, three-board 5-card hand",
                n,
                exact_issue(ref, ours[:n], shower(texts, ref, ours, ("subsets", "batch"))),
            )
        )
    ref_case = batch.get(("high", "4+5"))
    holes, boards = deals.omaha[4]
    if ref_case is not None:
        for c in cases:
            if c.section == "omaha" and c.per_call and c.values is not None:
                ours = ref_case.values

                def texts(i):
                    return f"{hand_text(holes[i])} | {hand_text(boards[i])}"

                n = len(c.values)
                checks.append(
                    Check(
                        f"Omaha 4+5 high: {c.library} `{c.call}` = batch "
                        + ("(7463 − rank)" if c.library == "phevaluator" else "(exact)"),
                        n,
                        exact_issue(
                            ours[:n],
                            c.values,
                            shower(texts, ours, c.values, ("batch", c.library)),
                        ),
                    )
                )
    try:
        import pokerkit
    except ImportError:
        return checks
    deck = [next(iter(pokerkit.Card.parse(t))) for t in CARD_TEXT]
    for (game, shape), c in batch.items():
        cls = {
            "high": pokerkit.OmahaHoldemHand,
            "ace_five_8": pokerkit.OmahaEightOrBetterLowHand,
        }[game]
        holes, boards = deals.omaha[int(shape.split("+")[0])]
        n = min(caps["pokerkit_omaha"], len(holes))
        items = [
            ([deck[x] for x in ho], [deck[x] for x in bo])
            for ho, bo in zip(holes[:n].tolist(), boards[:n].tolist())
        ]

        def texts(i, holes=holes, boards=boards):
            return f"{hand_text(holes[i])} | {hand_text(boards[i])}"

        what = f"Omaha {shape} {game}"
        check = pokerkit_check(cls, items, what, shape, c.values, texts, found)
        if check is not None:
            checks.append(check)
    return checks


# ---------------------------------------------------------------------- report
def fmt_ms(s: float | None) -> str:
    return "–" if s is None else f"{s * 1e3:,.1f}"


def wild_cases(prc, deals: Deals, args) -> list[Case]:
    cases = []
    for label, options, _ in WILD_CASES:
        game = wild_ranking(prc, options)
        for k in args.cards:
            hands = deals.games["wild " + label, k]
            cases.append(
                Case(
                    "wild",
                    f"{k} cards",
                    "pyrankcore",
                    "evaluate_batch",
                    label,
                    len(hands),
                    lambda h=hands, g=game: prc.evaluate_batch(h, g),
                )
            )
    return cases


def wild_table(cases: list[Case], targets: list) -> str:
    lines = [
        "**Wild cards: `evaluate_batch` next to the natural high batch (same run, one thread)**",
        "",
        "| ranking | cards | hands/s | ns/hand | time ÷ natural high's |",
        "|---|--:|--:|--:|--:|",
    ]
    high = {c.shape: c for c in cases if c.section == "games" and c.game == "high"}
    high = {s: c for s, c in high.items() if c.threads == 1}
    limits = {label: target for label, _, target in WILD_CASES}
    for c in sorted(
        (c for c in cases if c.section == "wild"), key=lambda c: int(c.shape.split()[0])
    ):
        base = high.get(c.shape)
        ratio = "–"
        if base is not None:
            x = c.seconds / base.seconds
            ratio = fmt_x(x)
            target = limits[c.game]
            if target is not None:
                ok = x <= target
                label = f"{c.game}, {c.shape}: within {target}× of high"
                ratio += f" (target ≤ {target}×)" + target_mark(targets, label, fmt_x(x), ok)
        lines.append(
            f"| {c.game} | {c.shape.split()[0]} | {fmt_rate(c.rate)} | {c.ns:,.1f} | {ratio} |"
        )
    return "\n".join(lines)


def check_wild(prc, cases, deals, caps) -> list[Check]:
    """Each wild batch against one evaluate() call per hand."""
    checks = []
    options = {label: opts for label, opts, _ in WILD_CASES}
    for c in cases:
        if c.section != "wild" or c.values is None:
            continue
        game = wild_ranking(prc, options[c.game])
        hands = deals.games["wild " + c.game, int(c.shape.split()[0])]
        n = min(caps["scalar_check"], len(hands))
        got = [prc.evaluate(tuple(map(int, r)), game) for r in hands[:n]]

        def texts(i, hands=hands):
            return hand_text(hands[i])

        checks.append(
            Check(
                f"{c.game}, {c.shape}: `evaluate` per call = batch",
                n,
                exact_issue(c.values[:n], got, shower(texts, c.values, got, ("batch", "evaluate"))),
            )
        )
    return checks


def games_table(cases: list[Case], targets: list) -> str:
    lines = [
        "**`evaluate_batch(hands, game)` for every ranking**",
        "",
        "| game | cards | threads | hands | hands/s | ns/hand | time ÷ high's "
        f"(target ≤ {LOW_TARGET}×) |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    games = [c for c in cases if c.section == "games"]
    high = {(c.shape, c.threads): c for c in games if c.game == "high"}
    for c in sorted(games, key=lambda c: (int(c.shape.split()[0]), c.threads)):
        base = high.get((c.shape, c.threads))
        if c.game == "high":
            ratio = "1 (reference)"
        elif base is None:
            ratio = "– (no high hand of this size)"
        else:
            x = c.seconds / base.seconds
            ok = x <= LOW_TARGET or c.threads != 1  # the target is for one thread
            ratio = fmt_x(x) + ("" if ok else " **missed**")
            if c.threads == 1:
                targets.append((f"{c.game}, {c.shape}: within {LOW_TARGET}× of high", fmt_x(x), ok))
        lines.append(
            f"| {c.game} | {c.shape.split()[0]} | {c.threads} | {c.hands:,} "
            f"| {fmt_rate(c.rate)} | {c.ns:,.1f} | {ratio} |"
        )
    return "\n".join(lines)


def omaha_table(cases: list[Case], targets: list) -> str:
    lines = [
        "**Omaha: two of the hole cards and three of a 5-card board**",
        "",
        "| holes + board | library | call | game | threads | hands timed | hands/s "
        "| ns/hand | first call, ms | target | pyrankcore batch ÷ this |",
        "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    omaha = [c for c in cases if c.section == "omaha"]
    mine = {
        (c.shape, c.game, c.threads): c
        for c in omaha
        if c.library == "pyrankcore" and not c.per_call
    }
    for c in omaha:
        want = OMAHA_TARGETS.get((c.shape, c.game)) if not c.per_call else None
        target = "–"
        if want is not None and c.threads == 1:
            ok = c.rate >= want
            label = f"Omaha {c.shape} {c.game}: ≥ {fmt_rate(want)} hands/s"
            target = f"{fmt_rate(want)}/s" + target_mark(targets, label, fmt_rate(c.rate), ok)
        vs = fmt_vs(mine.get((c.shape, c.game, 1)), c)
        lines.append(
            f"| {c.shape} | {c.library} | `{c.call}` | {c.game} | {c.threads} "
            f"| {c.hands:,} | {fmt_rate(c.rate)} | {c.ns:,.1f} | {fmt_ms(c.first)} "
            f"| {target} | {vs} |"
        )
    lines += ["", *omaha_ratio_lines(cases, targets)]
    return "\n".join(lines)


def omaha_ratio_lines(cases: list[Case], targets: list) -> list[str]:
    """The ratios of the same run, one thread: the Omaha 4+5 high batch
    against the 7-card high batch, and each hi-lo one pass against its two
    calls."""
    one_thread = [c for c in cases if c.threads == 1 and not c.per_call]
    seven = [c for c in one_thread if c.section == "games" and c.game == "high"]
    seven = [c for c in seven if c.shape == "7 cards"]
    lines = []
    for c in one_thread:
        if seven and c.section == "omaha" and c.call == "evaluate_omaha_batch":
            if c.shape == "4+5" and c.game == "high":
                x = seven[0].seconds / c.seconds
                ok = x >= OMAHA_VS_SEVEN
                lines.append(f"- Omaha 4+5 high: {fmt_x(x)} the 7-card batch's rate")
                targets.append(
                    (f"Omaha 4+5 high: ≥ {OMAHA_VS_SEVEN}× the 7-card batch", fmt_x(x), ok)
                )
    loops = {c.call: c for c in one_thread if c.call.endswith(" row loop")}
    for call, c in loops.items():
        loop = call.split(", ")[1]
        seven_loop = loops.get(f"evaluate_batch, {loop}")
        if call.startswith("evaluate_omaha_batch") and seven_loop is not None:
            x = seven_loop.seconds / c.seconds
            ok = x >= OMAHA_VS_SEVEN
            lines.append(f"- Omaha 4+5 high, {loop}: {fmt_x(x)} the 7-card batch's rate")
            targets.append(
                (f"Omaha 4+5 high, {loop}: ≥ {OMAHA_VS_SEVEN}× the 7-card batch", fmt_x(x), ok)
            )
    for shape in sorted({c.shape for c in one_thread if c.section == "omaha" and "+" in c.shape}):
        calls = {c.call: c for c in one_thread if c.shape == shape and c.game == "hi-lo"}
        two = calls.get("evaluate_omaha_batch × 2")
        one = [c for k, c in calls.items() if k.endswith("one pass")]
        if two is not None and one:
            x = two.seconds / one[0].seconds
            ok = x >= HI_LO_ONE_PASS
            lines.append(f"- Omaha {shape} hi-lo: one pass {fmt_x(x)} as fast as two calls")
            targets.append((f"Omaha {shape} hi-lo: one pass ≥ two calls", fmt_x(x), ok))
    return lines


def machine_info(args, load_start: str) -> str:
    peers = ", ".join(f"{p} {version(p)}" for p in PEERS)
    return "\n".join(
        [
            cpu_line(),
            f"- Python {sys.version.split()[0]}, NumPy {np.__version__}",
            f"{pyrankcore_line()}; peers: {peers}",
            f"- {args.hands:,} random hands per case (seed {args.seed}; short deck "
            f"from the 36 cards six and up); median of {args.repeat} interleaved "
            "run(s); per-call cases on the first hands only",
            f"- load at start: `{load_start}`",
            command_line(),
        ]
    )


def print_report(args, cases, checks, found, load_start) -> None:
    targets: list[tuple[str, str, bool]] = []
    print("## Rankings and Omaha speed\n")
    print(machine_info(args, load_start) + "\n")
    print(games_table(cases, targets) + "\n")
    print(wild_table(cases, targets) + "\n")
    print(omaha_table(cases, targets) + "\n")
    print(targets_table(targets) + "\n")
    print("**Agreement**\n")
    print(checks_table(checks, found) + "\n")
    if found.skipped:
        print(f"- not installed, skipped: {', '.join(sorted(found.skipped))}")
    print(
        "- no pokerkit peer for ace_six or incomplete; phevaluator has Omaha "
        "high with four hole cards only"
    )
    print_problems(found)
    print(f"\nload at end: `{load_line()}`")


# ------------------------------------------------------------------------ main
def parse_args(argv=None):
    p = parser(__doc__, "smoke test: 10,000 hands, 1 run, small samples")
    p.add_argument("--hands", type=int, help="hands per case (default 1,000,000)")
    p.add_argument("--cards", type=int, nargs="+", default=[5, 7], choices=[5, 6, 7])
    p.add_argument(
        "--loops-only",
        action="store_true",
        help="only Omaha 4+5 high and the 7-card batch under each row loop, and their ratios",
    )
    add_threads(p)
    return finish(p.parse_args(argv), "hands")


def main(argv=None) -> int:
    args = parse_args(argv)
    load_start = load_line()
    caps = scaled(CAPS, args.quick)
    prc = importlib.import_module("pyrankcore")
    found = Findings()
    for peer in PEERS:
        try:
            importlib.import_module(peer)
        except ImportError:
            found.skipped.add(peer)

    log("dealing ...")
    deals = deal(prc, args)
    if args.loops_only:
        holes, boards = deals.omaha[4]
        cases = run_rounds(
            omaha_loop_cases(prc, "4+5", holes, boards, deals.sevens), args.repeat, found
        )
        targets: list[tuple[str, str, bool]] = []
        print(machine_info(args, load_start) + "\n")
        print(omaha_table(cases, targets) + "\n")
        print(targets_table(targets))
        print_problems(found)
        return 1 if found.problems else 0
    cases = game_cases(prc, deals, args) + wild_cases(prc, deals, args)
    cases += omaha_cases(prc, deals, args, caps)
    cases = run_rounds(cases, args.repeat, found)
    log("checking ...")
    checks = check_games(prc, cases, deals, caps, found)
    checks += check_wild(prc, cases, deals, caps)
    checks += check_omaha(prc, cases, deals, caps, found)
    print_report(args, cases, checks, found, load_start)
    return 1 if found.problems else 0


if __name__ == "__main__":
    sys.exit(main())
