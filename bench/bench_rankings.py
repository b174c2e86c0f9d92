"""Suit tie-break and wild-card rankings against the high batch, one thread.

Times ``evaluate_batch(hands, game, threads=1)`` on the same seeded random
hands for the natural high ranking, each suit tie-break of high (and some of
deuce_seven, ace_six and ace_five, with the plain deuce_seven and ace_six
beside them), and the wild-card rankings (jokers, deuces wild, one-eyed
jacks, lowest card wild). Wild hands come from each game's own deck (54
cards with the jokers). All cases run in interleaved rounds; the report
gives each case's median time and its ratio to high's median of the same
run ("speed ÷ high": 1.0 is as fast as high), with the targets where there
is one. Times are CPU times of the process (``time.process_time``; one
thread), so that on a shared machine the time a case waits for a core
does not count. Every timed result is checked against one ``evaluate()`` call per
hand on a sample, outside the timed region.

    python bench/bench_rankings.py                  # 1,000,000 hands, 7 cards, 5 rounds
    python bench/bench_rankings.py --cards 5 6 7 --repeat 9
    python bench/bench_rankings.py --quick          # 10,000 hands, 1 round
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import pyrankcore as prc

# (label, ranking options, target: at least this times high's speed, or None)
CASES = [
    ("suit tie-break highest_card", {"base": "high", "suit_tiebreak": "highest_card"}, 0.5),
    (
        "suit tie-break main_group, italy",
        {"base": "high", "suit_tiebreak": "main_group", "suit_order": "italy"},
        0.5,
    ),
    ("suit tie-break highest_unpaired", {"base": "high", "suit_tiebreak": "highest_unpaired"}, 0.5),
    (
        "deuce_seven, suit tie-break main_group",
        {"base": "deuce_seven", "suit_tiebreak": "main_group"},
        0.5,
    ),
    (
        "deuce_seven, suit tie-break highest_card, germany",
        {"base": "deuce_seven", "suit_tiebreak": "highest_card", "suit_order": "germany"},
        0.5,
    ),
    (
        "ace_six, suit tie-break highest_unpaired",
        {"base": "ace_six", "suit_tiebreak": "highest_unpaired"},
        0.5,
    ),
    (
        "ace_five, suit tie-break highest_card",
        {"base": "ace_five", "suit_tiebreak": "highest_card"},
        0.5,
    ),
    # the plain rankings the two above are built on (a suit tie-break
    # ranking's batch adds the suit key to its plain ranking's)
    ("deuce_seven (no suit tie-break)", {"base": "deuce_seven"}, None),
    ("ace_six (no suit tie-break)", {"base": "ace_six"}, None),
    ("jokers wild", {"base": "high", "wild": "jokers"}, 0.7),
    ("deuces wild", {"base": "high", "wild": "2"}, 0.7),
    ("one-eyed jacks wild", {"base": "high", "wild": "Jh Js"}, None),
    ("jokers and deuces wild", {"base": "high", "wild": ("jokers", "2")}, None),
    ("lowest card wild", {"base": "high", "wild": "lowest"}, 0.5),
]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--cards", type=int, nargs="+", default=[7], choices=(5, 6, 7))
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--check", type=int, default=20_000, help="hands checked per case")
    p.add_argument("--quick", action="store_true")
    args = p.parse_args()
    if args.quick:
        args.hands, args.repeat, args.check = 10_000, 1, 2_000

    failures = 0
    with open("/proc/cpuinfo") if sys.platform == "linux" else open(__file__) as f:
        model = next((line.split(":", 1)[1].strip() for line in f if "model name" in line), "?")
    print(
        f"CPU: {model}; pyrankcore {prc.__version__}; {args.hands:,} hands, "
        f"median of {args.repeat} interleaved rounds, threads=1\n"
    )
    for k in args.cards:
        games = {"high": "high"}
        hands = {"high": prc.random_hands(args.hands, k, seed=args.seed + k)}
        targets = {}
        for label, options, target in CASES:
            opts = dict(options)
            game = prc.ranking(opts.pop("base"), **opts)
            games[label] = game
            targets[label] = target
            same_deck = game.wild is None or "jokers" not in game.wild
            hands[label] = (
                hands["high"]
                if same_deck
                else prc.random_hands(args.hands, k, seed=args.seed + k, game=game)
            )
        times: dict[str, list[float]] = {label: [] for label in games}
        results = {}
        for label in games:  # warm-up (builds the tables), kept for the checks
            results[label] = prc.evaluate_batch(hands[label], games[label], threads=1)
        for _ in range(args.repeat):
            for label in games:
                t0 = time.process_time()
                prc.evaluate_batch(hands[label], games[label], threads=1)
                times[label].append(time.process_time() - t0)
        rng = random.Random(args.seed)
        for label in games:
            rows = rng.sample(range(args.hands), min(args.check, args.hands))
            want = [prc.evaluate(hands[label][i].tolist(), games[label]) for i in rows]
            if results[label][rows].tolist() != want:
                print(f"DISAGREES: {label}, {k} cards")
                failures += 1
        high = statistics.median(times["high"])
        print(f"| {k} cards | median CPU ms | M hands/s | speed ÷ high | target |")
        print("|---|--:|--:|--:|--:|")
        for label in games:
            t = statistics.median(times[label])
            ratio = high / t
            target = targets.get(label)
            mark = (
                ""
                if target is None
                else (f"≥ {target}" + ("" if ratio >= target else " **missed**"))
            )
            print(
                f"| {label} | {1e3 * t:.1f} | {args.hands / t / 1e6:.1f} | {ratio:.2f} | {mark} |"
            )
        print()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
