"""Command line: ``pyrankcore demo`` and ``pyrankcore eval CARDS``."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from pyrankcore import _core
from pyrankcore._rankings import CATEGORY_NAMES
from pyrankcore.batch import evaluate_batch
from pyrankcore.hands import Category, describe

# Exact number of k-card hands whose best five cards fall in each category
# (HIGH_CARD .. STRAIGHT_FLUSH); the tests check these by full enumeration.
EXACT_COUNTS = {
    5: (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40),
    6: (6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844),
    7: (23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584),
}
# First strength of each category; strengths are 1..7462.
CATEGORY_STARTS = (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7463)


class Progress:
    """A one-line progress bar on stderr, shown only for work over a second."""

    def __init__(self, total: int, label: str) -> None:
        self.total, self.label, self.start = total, label, time.perf_counter()
        self.shown = False

    def update(self, done: int) -> None:
        elapsed = time.perf_counter() - self.start
        if elapsed < 1.0 and not self.shown:
            return
        self.shown = True
        width = 30
        filled = width * done // max(self.total, 1)
        eta = elapsed / max(done, 1) * (self.total - done)
        sys.stderr.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
            f"{done:,}/{self.total:,}  {eta:4.1f}s left "
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


def demo(hands: int, cards: int, seed: int, threads: int | None, chunk: int = 1_000_000) -> int:
    import numpy as np

    rng = np.random.default_rng(seed)
    counts = np.zeros(_core.N_CLASSES + 1, dtype=np.int64)
    eval_seconds = 0.0
    progress = Progress(hands, f"evaluating {cards}-card hands")
    out = np.empty(min(chunk, hands), dtype=np.uint16)
    done = 0
    example_rows: list[Any] = []
    while done < hands:
        n = min(chunk, hands - done)
        batch = _core.random_hands(n, cards, seed=int(rng.integers(2**63)))
        t0 = time.perf_counter()
        strengths = evaluate_batch(batch, out=out[:n], threads=threads)
        eval_seconds += time.perf_counter() - t0
        counts += np.bincount(strengths, minlength=counts.size)
        if not example_rows:
            best = int(np.argmax(strengths))
            example_rows = [batch[0], batch[best]]
        done += n
        progress.update(done)
    progress.close()

    total_hands = sum(EXACT_COUNTS[cards])
    print(f"pyrankcore demo: {hands:,} random {cards}-card hands (seed {seed})")
    print()
    print(f"{'category':<16}{'hands':>12}{'observed':>11}{'exact':>11}")
    for cat in reversed(Category):
        lo, hi = CATEGORY_STARTS[cat], CATEGORY_STARTS[cat + 1]
        seen = int(counts[lo:hi].sum())
        exact = EXACT_COUNTS[cards][cat] / total_hands
        name = CATEGORY_NAMES[cat]
        print(f"{name:<16}{seen:>12,}{seen / hands:>10.4%}{exact:>10.4%}")
    print()
    for label, row in zip(("first hand", "best hand"), example_rows):
        strength = _core.evaluate(row.tolist())
        print(f"{label:<11} {_core.format_cards(row)}  ->  {strength:>4}  {describe(strength)}")
    rate = hands / eval_seconds if eval_seconds else float("inf")
    print()
    print(
        f"evaluated in {eval_seconds:.3f} s: {rate / 1e6:,.1f} million hands/s "
        f"({'1 thread' if not threads or threads == 1 else f'{threads} threads'})"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pyrankcore", description="Fast poker hand evaluation.")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("demo", help="evaluate a large random batch and report")
    d.add_argument(
        "--hands", type=int, default=10_000_000, help="number of random hands (default 10,000,000)"
    )
    d.add_argument(
        "--cards", type=int, choices=(5, 6, 7), default=7, help="cards per hand (default 7)"
    )
    d.add_argument("--seed", type=int, default=2026, help="random seed")
    d.add_argument(
        "--threads", type=int, default=None, help="threads for evaluate_batch (default 1)"
    )
    e = sub.add_parser("eval", help="evaluate one hand, e.g. 'As Ks Qs Js Ts'")
    e.add_argument("cards", nargs="+", help="5 to 7 cards")
    args = parser.parse_args(argv)
    if args.command == "demo":
        if args.hands < 1:
            parser.error("--hands must be at least 1")
        if args.threads is not None and args.threads < 1:
            parser.error("--threads must be at least 1")
        return demo(args.hands, args.cards, args.seed, args.threads)
    text = " ".join(args.cards)
    try:
        strength = _core.evaluate(text)
    except ValueError as exc:
        print(f"pyrankcore: {exc}", file=sys.stderr)
        return 2
    print(
        f"{_core.format_cards(_core.parse_cards(text))}: strength {strength} ({describe(strength)})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
