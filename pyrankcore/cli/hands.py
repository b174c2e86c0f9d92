"""``pyrankcore demo`` and ``pyrankcore eval``: hands evaluated, in bulk or
one at a time."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from pyrankcore import _core, games
from pyrankcore._rankings import CATEGORY_NAMES
from pyrankcore._work import progress_bar
from pyrankcore.batch import evaluate_batch
from pyrankcore.cli.options import (
    MAX_DEMO_HANDS,
    UsageError,
    add_command,
    add_game_option,
    add_job_options,
    add_json_option,
    option_words,
    print_json,
    sampling_options,
)
from pyrankcore.errors import PyrankcoreError
from pyrankcore.hands import NATURAL_CATEGORIES, category, describe
from pyrankcore.variants import as_variant

# Exact number of k-card hands whose best five cards fall in each category
# (HIGH_CARD .. STRAIGHT_FLUSH); the tests check these by full enumeration.
EXACT_COUNTS = {
    5: (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40),
    6: (6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844),
    7: (23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584),
}
# First strength of each category (generated with the tables).
CATEGORY_STARTS = _core.CATEGORY_STARTS

# The keys of each command's --json object, shown in its --help.
DEMO_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  hands, cards, seed, threads   the arguments (threads: 1 when not given)
  categories                    one object per category, strongest first:
                                name, hands (count), observed and exact
                                (fractions of all hands)
  examples                      the first hand and the best hand: label,
                                cards (text), strength, description
  seconds                       time spent in evaluate_batch
  hands_per_second              hands / seconds
  row_loop                      the row loops evaluate_batch ran (portable,
                                popcnt, avx2, avx512; neon on arm64)
"""
EVAL_JSON_HELP = """\
Omaha variants use exactly two hole cards and three of the board; other
games take the best five of the cards and the board together. A ranking
name or a variant with one ranking gives one strength; a hi-lo variant
(omaha hi-lo, stud hi-lo, ...) gives both halves.

with --json, one JSON object on stdout with the keys:
  cards         the cards as text ("As Ks Qs Js Ts")
  ids           the card ids (rank * 4 + suit)
  board         the board as text ("" when none)
  board_ids     the board's card ids
  game          the ranking or variant used
  strength      larger wins; 0 = no qualifying low
  description   the hand in words
  category      the five-card category name ("Straight Flush"), or null for
                a hand that does not qualify
  high, low     hi-lo variants only, in place of strength, description and
                category: one object each with those three keys
"""


def demo(
    hands: int,
    cards: int,
    seed: int,
    threads: int | None,
    chunk: int = 1_000_000,
    as_json: bool = False,
    progress: bool = False,
) -> int:
    """Evaluate ``hands`` random hands and print the category histogram
    against the exact probabilities, two example hands and the throughput.

    Parameters
    ----------
    hands : int
        Number of random hands, at least 1.
    cards : int
        Cards per hand: 5, 6 or 7.
    seed : int
        Seed of the random deals (non-negative).
    threads : int or None
        Threads for ``evaluate_batch``; None means one.
    chunk : int, optional
        Hands generated and evaluated at a time (bounds the memory used).
    as_json : bool, optional
        Print one JSON object (see ``DEMO_JSON_HELP``) instead of the table.
    progress : bool, optional
        A progress bar on stderr counting the hands.

    Returns
    -------
    int
        The exit status, 0.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    counts = np.zeros(_core.N_CLASSES + 1, dtype=np.int64)
    eval_seconds = 0.0
    bar = progress_bar(progress, hands, "hand", f"evaluating {cards}-card hands")
    out = np.empty(min(chunk, hands), dtype=np.uint16)
    done = 0
    example_rows: list[Any] = []
    try:
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
            if bar is not None:
                bar.update(n)
    finally:
        if bar is not None:
            bar.close()

    row_loop = _core.row_loop()
    total_hands = sum(EXACT_COUNTS[cards])
    rate = hands / eval_seconds if eval_seconds else float("inf")
    rows = []
    for cat in reversed(NATURAL_CATEGORIES):
        lo, hi = CATEGORY_STARTS[cat], CATEGORY_STARTS[cat + 1]
        seen = int(counts[lo:hi].sum())
        exact = EXACT_COUNTS[cards][cat] / total_hands
        rows.append((CATEGORY_NAMES[cat], seen, seen / hands, exact))
    examples = []
    for label, row in zip(("first hand", "best hand"), example_rows):
        strength = _core.evaluate(row.tolist())
        examples.append((label, _core.format_cards(row), strength, describe(strength)))

    if as_json:
        print_json(
            {
                "hands": hands,
                "cards": cards,
                "seed": seed,
                "threads": threads or 1,
                "categories": [
                    {"name": name, "hands": seen, "observed": observed, "exact": exact}
                    for name, seen, observed, exact in rows
                ],
                "examples": [
                    {"label": label, "cards": text, "strength": strength, "description": words}
                    for label, text, strength, words in examples
                ],
                "seconds": eval_seconds,
                # JSON has no infinity: null when the clock saw no time at all
                "hands_per_second": rate if eval_seconds else None,
                "row_loop": row_loop,
            }
        )
        return 0

    print(f"pyrankcore demo: {hands:,} random {cards}-card hands (seed {seed})")
    print()
    print(f"{'category':<16}{'hands':>12}{'observed':>11}{'exact':>11}")
    for name, seen, observed, exact in rows:
        print(f"{name:<16}{seen:>12,}{observed:>10.4%}{exact:>10.4%}")
    print()
    for label, text, strength, words in examples:
        print(f"{label:<11} {text}  ->  {strength:>4}  {words}")
    print()
    print(
        f"evaluated in {eval_seconds:.3f} s: {rate / 1e6:,.1f} million hands/s "
        f"({'1 thread' if not threads or threads == 1 else f'{threads} threads'}, "
        f"{row_loop} row loops)"
    )
    return 0


def _half(strength: int, tables: Any) -> dict[str, Any]:
    """strength, description and category of one hand under *tables*."""
    # Strength 0 (no qualifying low) has no category.
    name = CATEGORY_NAMES[category(strength, tables.ranking)] if strength else None
    words = describe(strength, tables.ranking)
    return {"strength": strength, "description": words, "category": name}


def evaluate_one(
    cards: Sequence[str],
    game: str = "high",
    board: str = "",
    as_json: bool = False,
    down: str | None = None,
    up: str | None = None,
) -> int:
    """Evaluate one hand (and a board) under ``game`` and print its
    strength and description (both halves for a hi-lo variant).

    Parameters
    ----------
    cards : sequence of str
        Card text, one or more tokens ("As Ks", "Qs", "JsTs" all parse):
        the whole hand, or the hole cards when a board is given.
    game : str, optional
        A ranking name from ``pyrankcore.GAMES`` or a variant name.
    board : str, optional
        Community cards ("" for none). Omaha variants use exactly two hole
        cards and three of these; other games the best five of all cards.
    as_json : bool, optional
        Print one JSON object (see ``EVAL_JSON_HELP``) instead of a line.
    down, up : str, optional
        Home games (:meth:`pyrankcore.Variant.evaluate`): the face-down
        cards (their lowest is wild: Dakota, "Mexican Stud (down card
        wild)") and the face-up cards that must play (Pick a Partner),
        among the cards.

    Returns
    -------
    int
        The exit status, 0. Bad cards raise the library's errors.
    """
    ids = _core.parse_cards(" ".join(cards))
    board_ids = _core.parse_cards(board) if board.strip() else []
    resolved = games.resolve(game, omaha=None)
    record = resolved.variant
    halves: dict[str, dict[str, Any]] = {}
    if record is not None and (record.omaha or record.home_rules or None not in resolved.halves):
        # The variant's own rules: its card counts, two hole cards in
        # Omaha, both halves of a split pot.
        try:
            high, low = as_variant(record).evaluate(ids, board_ids, down=down, up=up)
        except PyrankcoreError as exc:
            # the library names its keywords (up=); say the options (--up)
            raise type(exc)(option_words(str(exc), "down", "up")) from None
        for half, tables, strength in (("high", resolved.high, high), ("low", resolved.low, low)):
            if strength is not None:
                halves[half] = _half(strength, tables)
    else:
        if down is not None or up is not None:
            raise UsageError(
                f"--down and --up are for home games (Dakota, Pick a Partner), not {resolved.name}"
            )
        tables = resolved.tables
        halves["high"] = _half(_core.evaluate(ids + board_ids, tables), tables)
    shown = _core.format_cards(ids)
    shown_board = _core.format_cards(board_ids) if board_ids else ""
    if as_json:
        record_out: dict[str, Any] = {
            "cards": shown,
            "ids": ids,
            "board": shown_board,
            "board_ids": board_ids,
            "game": resolved.name,
        }
        if len(halves) == 2:
            record_out.update(halves)
        else:
            record_out.update(next(iter(halves.values())))
        print_json(record_out)
        return 0
    where = "" if resolved.name == "high" else f" ({resolved.name})"
    text = shown + (f" | {shown_board}" if shown_board else "")
    if len(halves) == 2:
        parts = [
            f"{half} strength {h['strength']} ({h['description']})" for half, h in halves.items()
        ]
        print(f"{text}{where}: {', '.join(parts)}")
    else:
        (h,) = halves.values()
        print(f"{text}{where}: strength {h['strength']} ({h['description']})")
    return 0


def add_parsers(sub: Any) -> None:
    """The ``demo`` and ``eval`` subcommands."""
    d = add_command(
        sub, "demo", "evaluate a large random batch and report", run_demo, DEMO_JSON_HELP
    )
    d.add_argument(
        "--hands",
        type=int,
        default=10_000_000,
        help="number of random hands, 1 to 10**12 (default 10,000,000)",
    )
    d.add_argument(
        "--cards", type=int, choices=(5, 6, 7), default=7, help="cards per hand (default 7)"
    )
    d.add_argument(
        "--seed", type=int, default=2026, help="random seed, 0 to 2**64-1 (default 2026)"
    )
    add_job_options(d, "hands")
    e = add_command(
        sub, "eval", "evaluate one hand, e.g. 'As Ks Qs Js Ts'", run_eval, EVAL_JSON_HELP
    )
    e.add_argument(
        "cards",
        nargs="+",
        help="the cards, e.g. As Ks Qs Js Ts (the hole cards when --board is given)",
    )
    e.add_argument("--board", default="", help="community cards, e.g. 5s7dKh3c4h")
    e.add_argument(
        "--down",
        default=None,
        help="home games: the face-down cards (Dakota, Mexican Stud (down card wild))",
    )
    e.add_argument(
        "--up", default=None, help="home games: the face-up cards that must play (Pick a Partner)"
    )
    add_game_option(e, "high")
    add_json_option(e)


def run_demo(args: argparse.Namespace) -> int:
    """Evaluate random hands, show the category histogram next to the
    exact probabilities, and the throughput."""
    options = sampling_options(args, "--hands", args.hands, MAX_DEMO_HANDS)
    return demo(args.hands, args.cards, args.seed, **options)


def run_eval(args: argparse.Namespace) -> int:
    """Evaluate one hand and describe it."""
    return evaluate_one(
        args.cards, args.game, args.board, as_json=args.json, down=args.down, up=args.up
    )
