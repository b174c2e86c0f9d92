"""Benchmark pyrankcore's Open-Face Chinese poker scoring and Fantasyland solver.

Run with pyrankcore installed, from a directory where the source tree does not
shadow the installed package:

    python bench/bench_ofc.py            # 1,000,000 deals, median of 5 runs
    python bench/bench_ofc.py --quick    # smoke test: 10,000 deals, 1 run

Timed:

* ``ofc.score_batch`` and ``ofc.royalties_batch`` on seeded random heads-up
  deals, an (N, 2, 13) uint8 array, and the scalar ``ofc.score`` per deal;
* ``ofc.solve_fantasyland`` on the same seeded random 13- to 17-card hands
  every run, under the standard rules, with ``stay_value=10``, and under
  ``Rules.pineapple()`` with ``stay_value=10`` (with no stay value the
  pineapple rules change nothing the solver sees);
* double deck (``Rules(decks=2)``): ``score_batch`` and ``royalties_batch`` on
  as many deals dealt from two decks, and ``solve_fantasyland_batch`` on 14-
  and 17-card two-deck hands, each beside the same call on one deck (the
  batch scores are checked against ``ofc.score`` per deal on a sample).

Checked, outside the timed regions: the batch scores against ``ofc.score`` per
deal (and that each deal sums to zero); the batch royalties against
``Board.royalties`` per board and against a reference built here from the
standard royalty table and category thresholds; every solver board (its cards
come from the hand, it is legal, its value is its royalties plus the stay
value if it stays); and the solver's value against an exhaustive search of
every arrangement of the first 13- and 14-card hands. Most random boards
foul and few earn royalties, so the scoring checks also run on the same deals
with each board's cards sorted (lowest three in front, highest five in back),
which foul less and earn royalties more often.

Disagreements and failures are printed loudly and make the exit status 1;
missed speed targets are reported but do not. The report is Markdown on
stdout; progress goes to stderr.
"""

from __future__ import annotations

import importlib
import itertools
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

# The helpers shared by the three scripts live next to this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import (  # noqa: E402
    Check,
    Findings,
    add_threads,
    checks_table,
    command_line,
    cpu_line,
    exact_issue,
    finish,
    fmt_rate,
    fmt_vs,
    hand_text,
    load_line,
    log,
    parser,
    print_problems,
    pyrankcore_line,
    run_rounds,
    scaled,
    target_mark,
    targets_table,
)

SCORE_TARGET = 5e6  # score_batch deals (heads-up) per second, one thread
SOLVER_HANDS = {13: 500, 14: 500, 15: 300, 16: 200, 17: 200}  # hands per size
SOLVER_TARGETS = {14: 1_500, 17: 50}  # hands per second, standard rules
EXHAUSTIVE = {13: 40, 14: 8}  # hands checked against every arrangement
CAPS = {"score": 20_000, "royalties": 20_000}  # per-call cases and checks
QUICK_SOLVER_SCALE = 10


# ---------------------------------------------------------------------- timing
@dataclass
class Case:
    """One timed call on one set of deals or hands."""

    section: str  # "scoring" or "solver"
    call: str
    items: int  # deals or hands per run
    run: Callable[[], object] = field(repr=False)
    warmup: Callable[[], object] | None = field(default=None, repr=False)
    threads: int = 1
    per_call: bool = False
    cards: int = 13  # solver: hand size
    variant: str = ""  # solver: rules and stay value
    times: list[float] = field(default_factory=list)
    first: float | None = None
    result: object = field(default=None, repr=False)  # output of the last round
    each: list[float] = field(default_factory=list, repr=False)  # solver, per hand

    def keep(self, out: object) -> None:
        """Called by run_rounds with the output of the last round."""
        self.result = out

    @property
    def label(self) -> str:
        what = f"{self.cards} cards, {self.variant}" if self.section == "solver" else ""
        return f"{self.call} {what} threads={self.threads}"

    @property
    def seconds(self) -> float:
        return statistics.median(self.times)

    @property
    def rate(self) -> float:
        return self.items / self.seconds


# ---------------------------------------------------------------------- cases
def scoring_cases(ofc, deals: np.ndarray, threads, caps) -> list[Case]:
    cases = []
    for t in threads:
        cases.append(
            Case(
                "scoring",
                "score_batch(deals)",
                len(deals),
                lambda t=t: ofc.score_batch(deals, threads=t),
                threads=t,
            )
        )
        cases.append(
            Case(
                "scoring",
                "royalties_batch(deals)",
                len(deals),
                lambda t=t: ofc.royalties_batch(deals, threads=t),
                threads=t,
            )
        )
    items = [[list(b) for b in d] for d in deals[: caps["score"]].tolist()]
    head = items[:1000]
    cases.append(
        Case(
            "scoring",
            "score([ids, ids]) per deal",
            len(items),
            lambda: [ofc.score(d) for d in items],
            warmup=lambda: [ofc.score(d) for d in head],
            per_call=True,
        )
    )
    return cases


def solver_variants(ofc) -> dict[str, tuple[object, float]]:
    return {
        "standard rules": (None, 0.0),
        "standard, stay_value=10": (None, 10.0),
        "Rules.pineapple(), stay_value=10": (ofc.Rules.pineapple(), 10.0),
    }


def solver_cases(ofc, hands: dict[int, list[list[int]]]) -> list[Case]:
    cases = []
    for k, items in hands.items():
        for name, (rules, stay) in solver_variants(ofc).items():
            case = Case("solver", "solve_fantasyland", len(items), None, cards=k, variant=name)

            def run(items=items, rules=rules, stay=stay, case=case):
                out, each = [], []
                clock = time.perf_counter
                for cards in items:
                    t0 = clock()
                    out.append(ofc.solve_fantasyland(cards, rules, stay))
                    each.append(clock() - t0)
                case.each = each
                return out

            case.run = run
            case.warmup = lambda items=items, rules=rules, stay=stay: [
                ofc.solve_fantasyland(c, rules, stay) for c in items[:5]
            ]
            cases.append(case)
    return cases


# ------------------------------------------------------------- reference rows
class Reference:
    """Rows, fouls, royalties and the Fantasyland stay, computed here from
    ``pyrankcore.evaluate_batch`` and the standard royalty table (not from
    pyrankcore.ofc), for whole arrays of boards."""

    def __init__(self, prc):
        ev = prc.evaluate
        self.prc = prc
        # weakest hand of each category (high scale), then the royal flush
        self.cat_starts = np.array(
            [
                ev(h)
                for h in (
                    "2c 2d 2h 3c 4d",  # trips
                    "Ac 2d 3h 4s 5c",  # straight
                    "2c 3c 4c 5c 7c",  # flush
                    "2c 2d 2h 3c 3d",  # full house
                    "2c 2d 2h 2s 3c",  # quads
                    "Ac 2c 3c 4c 5c",  # straight flush
                    "Ac Kc Qc Jc Tc",  # royal flush
                )
            ]
        )
        #                  none trips straight flush FH quads SF royal
        self.middle = np.array([0, 2, 4, 8, 12, 20, 30, 50])
        self.back = np.array([0, 0, 2, 4, 6, 10, 15, 25])

    def rows(self, boards: np.ndarray, stay_rule: str = "classic") -> dict:
        """``boards``: (M, 13) card ids in row order."""
        ev = self.prc.evaluate_batch
        front_cards = np.ascontiguousarray(boards[:, :3])
        mid_cards = np.ascontiguousarray(boards[:, 3:8])
        back_cards = np.ascontiguousarray(boards[:, 8:])
        front_inc = ev(front_cards, "incomplete").astype(np.int64)
        mid_inc = ev(mid_cards, "incomplete").astype(np.int64)
        mid = ev(mid_cards).astype(np.int64)
        back = ev(back_cards).astype(np.int64)
        fouled = (back < mid) | (mid_inc < front_inc)
        # front: sorted ranks r0 <= r1 <= r2; a pair is always r1
        r = np.sort(front_cards // 4, axis=1).astype(np.int64)
        trips = r[:, 0] == r[:, 2]
        pair = ~trips & ((r[:, 0] == r[:, 1]) | (r[:, 1] == r[:, 2]))
        front_roy = np.where(trips, 10 + r[:, 1], np.where(pair, np.maximum(r[:, 1] - 3, 0), 0))
        mid_cat = np.searchsorted(self.cat_starts, mid, side="right")
        back_cat = np.searchsorted(self.cat_starts, back, side="right")
        royalties = front_roy + self.middle[mid_cat] + self.back[back_cat]
        royalties = np.where(fouled, 0, royalties)
        stays = trips | (back >= self.cat_starts[4])
        if stay_rule == "classic":
            stays |= mid >= self.cat_starts[3]
        return {"fouled": fouled, "royalties": royalties, "stays": stays & ~fouled}


def arrangements() -> np.ndarray:
    """(72072, 13) positions: every split of 13 places into 3 front, 5 middle
    and 5 back, in row order."""
    out = []
    places = range(13)
    for f in itertools.combinations(places, 3):
        rest = [p for p in places if p not in f]
        for m in itertools.combinations(rest, 5):
            b = [p for p in rest if p not in m]
            out.append((*f, *m, *b))
    return np.array(out, np.int64)


def exhaustive_value(ref: Reference, arr: np.ndarray, cards, stay_rule, stay) -> float:
    """Best royalties (+ stay) over every legal board from ``cards``."""
    best = -1.0
    for keep in itertools.combinations(cards, 13):
        boards = np.asarray(keep, np.uint8)[arr]
        rows = ref.rows(boards, stay_rule)
        value = rows["royalties"] + stay * rows["stays"]
        value = np.where(rows["fouled"], -1, value)
        best = max(best, float(value.max()))
    return best


# ------------------------------------------------------------------- checks
def check_scoring(prc, ofc, cases, deals, sorted_deals, caps, found) -> list[Check]:
    checks = []
    ref = Reference(prc)
    sets = {"random deals": deals, "rank-sorted deals": sorted_deals}
    batch = {c.call: c for c in cases if c.section == "scoring" and c.threads == 1}
    for name, d in sets.items():
        if d is deals and "score_batch(deals)" in batch:
            scores = batch["score_batch(deals)"].result
        else:
            scores = ofc.score_batch(d)
        roy = ofc.royalties_batch(d)
        roy_flat = roy.ravel()

        def show(i, d=d, scores=scores):
            return f"{hand_text(d[i, 0])} / {hand_text(d[i, 1])} (batch {scores[i]})"

        bad = np.flatnonzero(scores.sum(axis=1) != 0)
        checks.append(
            Check(
                f"{name}: every `score_batch` row sums to zero",
                len(d),
                None if not bad.size else f"{bad.size:,} rows do not\n" + show(bad[0]),
            )
        )
        n = min(caps["score"], len(d))
        if d is deals and "score([ids, ids]) per deal" in batch:
            per = np.array(batch["score([ids, ids]) per deal"].result)
        else:
            per = np.array([ofc.score([list(b) for b in x]) for x in d[:n].tolist()])

        def show_deal(i, d=d, got=per, want=scores):
            return (
                f"{hand_text(d[i, 0])} / {hand_text(d[i, 1])} "
                f"(batch {list(want[i])}, score {list(got[i])})"
            )

        issue = exact_issue(scores[:n].ravel(), per.ravel(), lambda j: show_deal(j // 2))
        checks.append(Check(f"{name}: `score_batch` = `score` per deal", n, issue))

        flat = d.reshape(-1, 13)
        m = min(caps["royalties"], len(flat))
        per_board = [ofc.Board(b[:3], b[3:8], b[8:]).royalties for b in flat[:m].tolist()]

        def show_board(i, flat=flat, want=roy_flat, got=per_board):
            return f"{hand_text(flat[i])} (batch {want[i]}, Board {got[i]})"

        checks.append(
            Check(
                f"{name}: `royalties_batch` = `Board.royalties` per board",
                m,
                exact_issue(roy.ravel()[:m], per_board, show_board),
            )
        )
        rows = ref.rows(flat)

        def show_ref(i, flat=flat, want=rows["royalties"], got=roy_flat):
            return f"{hand_text(flat[i])} (reference {want[i]}, batch {got[i]})"

        fouled = rows["fouled"].mean()
        checks.append(
            Check(
                f"{name}: `royalties_batch` = royalty table applied here",
                len(flat),
                exact_issue(rows["royalties"], roy.ravel(), show_ref),
                f"{fouled:.1%} of boards fouled, "
                f"{(rows['royalties'] > 0).mean():.1%} with royalties",
            )
        )
    return checks


def check_solver(prc, ofc, cases, hands, exhaustive, found) -> list[Check]:
    checks = []
    ref = Reference(prc)
    variants = solver_variants(ofc)
    results = {(c.cards, c.variant): c.result for c in cases if c.section == "solver" and c.result}
    for (k, name), found_boards in results.items():
        rules, stay = variants[name]
        stay_rule = "pineapple" if rules is not None else "classic"
        problems = []
        boards = []
        for cards, (board, value) in zip(hands[k], found_boards):
            ids = board.cards
            boards.append(ids)
            if len(set(ids)) != 13 or not set(ids) <= set(cards):
                problems.append(f"{hand_text(cards)}: board {board} uses other cards")
            elif board.fouled:
                problems.append(f"{hand_text(cards)}: board {board} is fouled")
            else:
                want = sum(board.row_royalties_under(rules)) + stay * bool(
                    ofc.stays_in_fantasyland(board, rules)
                )
                if want != value:
                    problems.append(
                        f"{hand_text(cards)}: value {value}, board {board} worth {want}"
                    )
        rows = ref.rows(np.array(boards, np.uint8), stay_rule)
        want = rows["royalties"] + stay * rows["stays"]
        got = np.array([v for _, v in found_boards])
        for i in np.flatnonzero(rows["fouled"] | (want != got))[:5]:
            problems.append(
                f"{hand_text(hands[k][i])}: value {got[i]}, reference {want[i]}"
                + (" (fouled)" if rows["fouled"][i] else "")
            )
        checks.append(
            Check(
                f"{k} cards, {name}: every board legal, from the hand, worth its value",
                len(found_boards),
                None if not problems else f"{len(problems)} problems\n" + "\n".join(problems[:5]),
                f"mean value {got.mean():.2f}, stays {rows['stays'].mean():.0%}",
            )
        )
    # stay value can only add, and at most the stay value
    for k in hands:
        base = results.get((k, "standard rules"))
        more = results.get((k, "standard, stay_value=10"))
        if base and more:
            a = np.array([v for _, v in base])
            b = np.array([v for _, v in more])
            bad = np.flatnonzero((b < a) | (b > a + 10))
            checks.append(
                Check(
                    f"{k} cards: value with stay_value=10 within [value, value + 10]",
                    len(a),
                    None
                    if not bad.size
                    else f"{bad.size} hands\n{hand_text(hands[k][bad[0]])}: {a[bad[0]]}, {b[bad[0]]}",
                )
            )
    arr = arrangements()
    for k, count in exhaustive.items():
        for name, (rules, stay) in variants.items():
            got = results.get((k, name))
            if not got:
                continue
            stay_rule = "pineapple" if rules is not None else "classic"
            n = min(count, len(got))
            log(f"exhaustive search: {n} hands of {k} cards, {name}")
            bad = []
            for cards, (board, value) in zip(hands[k][:n], got[:n]):
                best = exhaustive_value(ref, arr, cards, stay_rule, stay)
                if best != value:
                    bad.append(f"{hand_text(cards)}: solver {value} ({board}), exhaustive {best}")
            checks.append(
                Check(
                    f"{k} cards, {name}: value = exhaustive search of every arrangement",
                    n,
                    None if not bad else f"{len(bad)} hands differ\n" + "\n".join(bad[:5]),
                )
            )
    return checks


# ---------------------------------------------------------------------- report
def fmt_ms(s: float | None) -> str:
    return "–" if s is None else f"{s * 1e3:,.2f}"


def scoring_table(cases, targets) -> str:
    lines = [
        "**Scoring heads-up deals: an (N, 2, 13) array, one deal = two boards**",
        "",
        "| call | threads | deals timed | deals/s | boards/s | ns/deal | first call, ms "
        "| target | `score_batch` ÷ this |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    scoring = [c for c in cases if c.section == "scoring"]
    base = next((c for c in scoring if c.call == "score_batch(deals)" and c.threads == 1), None)
    for c in scoring:
        target = "–"
        if c.call == "score_batch(deals)" and c.threads == 1:
            ok = c.rate >= SCORE_TARGET
            label = f"`score_batch` heads-up: ≥ {fmt_rate(SCORE_TARGET)} deals/s"
            got = f"{fmt_rate(c.rate)} deals/s ({fmt_rate(2 * c.rate)} boards/s)"
            target = f"{fmt_rate(SCORE_TARGET)} deals/s" + target_mark(targets, label, got, ok)
        vs = fmt_vs(base, c)
        lines.append(
            f"| `{c.call}` | {c.threads} | {c.items:,} | {fmt_rate(c.rate)} "
            f"| {fmt_rate(2 * c.rate)} | {c.seconds / c.items * 1e9:,.0f} "
            f"| {fmt_ms(c.first)} | {target} | {vs} |"
        )
    return "\n".join(lines)


def solver_table(cases, targets) -> str:
    lines = [
        "**`solve_fantasyland(cards, rules, stay_value)` on random hands**",
        "",
        "| cards | rules | hands | hands/s | mean ms/hand | median ms | 99th pct ms "
        "| slowest ms | target |",
        "|--:|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for c in (c for c in cases if c.section == "solver"):
        want = SOLVER_TARGETS.get(c.cards) if c.variant == "standard rules" else None
        target = "–"
        if want is not None:
            ok = c.rate >= want
            label = f"`solve_fantasyland`, {c.cards} cards: ≥ {want:,} hands/s"
            target = f"{want:,}/s" + target_mark(targets, label, f"{c.rate:,.0f}", ok)
        each = np.array(c.each) * 1e3
        lines.append(
            f"| {c.cards} | {c.variant} | {c.items:,} | {c.rate:,.0f} "
            f"| {c.seconds / c.items * 1e3:.2f} | {np.median(each):.2f} "
            f"| {np.percentile(each, 99):.2f} | {each.max():.2f} | {target} |"
        )
    return "\n".join(lines)


def machine_info(args, load_start) -> str:
    sizes = ", ".join(f"{n:,} of {k}" for k, n in args.solver_hands.items())
    return "\n".join(
        [
            cpu_line(),
            f"- Python {sys.version.split()[0]}, NumPy {np.__version__}",
            pyrankcore_line(),
            f"- {args.deals:,} random heads-up deals (seed {args.seed}); solver hands "
            f"(seed {args.seed}, the same every run): {sizes}; median of "
            f"{args.repeat} interleaved run(s); per-call cases on the first deals only",
            "- solver rows: time per hand from the last run",
            f"- load at start: `{load_start}`",
            command_line(),
        ]
    )


def print_report(args, cases, checks, found, load_start) -> None:
    targets: list = []
    print("## OFC scoring and Fantasyland solver speed\n")
    print(machine_info(args, load_start) + "\n")
    print(scoring_table(cases, targets) + "\n")
    print(solver_table(cases, targets) + "\n")
    print(targets_table(targets) + "\n")
    print("**Agreement**\n")
    print(checks_table(checks, found, count="sample") + "\n")
    print_problems(found)
    print(f"\nload at end: `{load_line()}`")


# ------------------------------------------------------------------------ main
def parse_args(argv=None):
    p = parser(__doc__, "smoke test: 10,000 deals, 1 run, few solver hands")
    p.add_argument("--deals", type=int, help="heads-up deals (default 1,000,000)")
    add_threads(p)
    p.add_argument(
        "--solver-scale",
        type=float,
        default=1.0,
        help="multiply the solver hand counts (500 of 13 and 14 cards, 300 of 15, "
        "200 of 16 and 17)",
    )
    args = finish(p.parse_args(argv), "deals")
    scale = args.solver_scale / (QUICK_SOLVER_SCALE if args.quick else 1)
    args.solver_hands = {k: max(1, round(n * scale)) for k, n in SOLVER_HANDS.items()}
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    load_start = load_line()
    caps = scaled(CAPS, args.quick)
    exhaustive = scaled(EXHAUSTIVE, args.quick)
    prc = importlib.import_module("pyrankcore")
    ofc = prc.ofc
    found = Findings()

    log("dealing ...")
    deals = prc.random_hands(args.deals, 26, seed=args.seed).reshape(-1, 2, 13)
    # boards sorted by card id: lowest three in front, highest five in back
    sorted_deals = np.sort(deals, axis=2)
    hands = {
        k: prc.random_hands(n, k, seed=args.seed + k).tolist() for k, n in args.solver_hands.items()
    }
    cases = scoring_cases(ofc, deals, args.threads, caps) + solver_cases(ofc, hands)
    cases = run_rounds(cases, args.repeat, found)
    log("checking ...")
    checks = check_scoring(prc, ofc, cases, deals, sorted_deals, caps, found)
    checks += check_solver(prc, ofc, cases, hands, exhaustive, found)
    print_report(args, cases, checks, found, load_start)
    log("double deck ...")
    print("\n" + double_deck_table(prc, ofc, args, found))
    return 1 if found.problems else 0


def double_deck_table(prc, ofc, args, found: Findings) -> str:
    """Double deck against one deck, same calls, same sizes (median of
    --repeat runs); the two-deck batch scores checked against ofc.score."""
    rng = np.random.default_rng(args.seed)
    n = min(args.deals, 200_000)
    two_decks = np.repeat(np.arange(52, dtype=np.uint8), 2)
    dd_deals = np.array([rng.permutation(two_decks)[:26] for _ in range(n)]).reshape(n, 2, 13)
    one_deals = prc.random_hands(n, 26, seed=args.seed).reshape(n, 2, 13).astype(np.uint8)
    rules = {1: ofc.Rules(), 2: ofc.Rules(decks=2)}
    deals = {1: one_deals, 2: dd_deals}

    def median_time(fn) -> float:
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    lines = [
        "**Double deck** (`Rules(decks=2)`, deals from two decks) beside one deck",
        "",
        "| call | items | 1 deck /s | 2 decks /s | 2 decks / 1 deck |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, call in (("score_batch", ofc.score_batch), ("royalties_batch", ofc.royalties_batch)):
        call(deals[2][:10], rules[2])  # builds the double-deck tables
        rate = {d: n / median_time(lambda d=d, call=call: call(deals[d], rules[d])) for d in (1, 2)}
        lines.append(
            f"| `{name}` heads-up deals | {n:,} | {fmt_rate(rate[1])} | {fmt_rate(rate[2])} "
            f"| {rate[2] / rate[1]:.2f} |"
        )
    for k in (14, 17):
        m = max(10, min(200, round(200 * args.solver_hands.get(k, 200) / 200)))
        hands = {
            1: prc.random_hands(m, k, seed=args.seed + k),
            2: np.array([rng.permutation(two_decks)[:k] for _ in range(m)]),
        }
        rate = {
            d: m
            / median_time(lambda d=d, hands=hands: ofc.solve_fantasyland_batch(hands[d], rules[d]))
            for d in (1, 2)
        }
        lines.append(
            f"| `solve_fantasyland_batch` {k} cards | {m:,} | {fmt_rate(rate[1])} "
            f"| {fmt_rate(rate[2])} | {rate[2] / rate[1]:.2f} |"
        )
    sample = dd_deals[: min(n, 2000)]
    batch = ofc.score_batch(sample, rules[2])
    for i, deal in enumerate(sample):
        if batch[i].tolist() != ofc.score([b.tolist() for b in deal], rules[2]):
            found.problems.append(f"double deck: score_batch differs from score on deal {i}")
            break
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
