"""Command line: ``pyrankcore demo``, ``pyrankcore eval CARDS``, ``pyrankcore equity HANDS``,
``pyrankcore bench``, ``pyrankcore odds``, ``pyrankcore info`` and ``pyrankcore --version``.

Every command prints a table for people or, with ``--json``, one JSON object
for programs. Errors are one line on stderr and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import pyrankcore
from pyrankcore import _core
from pyrankcore._rankings import CATEGORY_NAMES
from pyrankcore._work import progress_bar
from pyrankcore.batch import evaluate_batch
from pyrankcore.bench import format_bench, run_bench
from pyrankcore.equities import MAX_TRIALS
from pyrankcore.errors import PyrankcoreError
from pyrankcore.hands import NATURAL_CATEGORIES, category, describe

if TYPE_CHECKING:
    from pyrankcore._typing import Game, VariantName

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
                                popcnt, avx2, avx512)
"""
EVAL_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  cards         the cards as text ("As Ks Qs Js Ts")
  ids           the card ids (rank * 4 + suit)
  game          the ranking used
  strength      larger wins; 0 = no qualifying low
  description   the hand in words
  category      the five-card category name ("Straight Flush"), or null for
                a hand that does not qualify
"""


BENCH_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  pyrankcore, machine, processor, python   versions and the machine
  row_kernel    the row loops evaluate_batch uses (portable, popcnt, avx2, avx512)
  size, repeat  the arguments
  cases         one object per case: library, case, count (hands, trials or
                calls per run), unit, seconds (median run), rate (count/s)
  skipped       peer name -> why it was not timed (not installed, failed)
"""


INFO_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  version       pyrankcore's version
  row_loop      the row loops evaluate_batch uses (portable, popcnt, avx2,
                avx512): the best this CPU and OS run
  row_loops     every row loop this CPU and OS run, slowest first
  compiler      the compiler that built the extension, with its version
  flags         the compile flags it was built with
  machine       the machine type (x86_64, arm64, ...)
  python        the Python version
"""


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are exceptions, so that main() can
    report them in one line (argparse's own prints the usage first)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def demo(
    hands: int,
    cards: int,
    seed: int,
    threads: int | None,
    chunk: int = 1_000_000,
    as_json: bool = False,
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

    Returns
    -------
    int
        The exit status, 0.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    counts = np.zeros(_core.N_CLASSES + 1, dtype=np.int64)
    eval_seconds = 0.0
    # Only on a terminal: a log file would collect every redraw.
    bar = progress_bar(sys.stderr.isatty(), hands, "hand", f"evaluating {cards}-card hands")
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
        _print_json(
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
        "row_loops": list(_core._row_kernels()),
        "compiler": _core.BUILD_COMPILER,
        "flags": _core.BUILD_FLAGS,
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    if as_json:
        _print_json(record)
        return 0
    print(f"pyrankcore {record['version']}")
    print(f"row loops in use:     {record['row_loop']}")
    print(f"this CPU runs:        {', '.join(record['row_loops'])}")
    print(f"compiled with:        {record['compiler']}")
    print(f"compile flags:        {record['flags']}")
    print(f"machine:              {record['machine']}, Python {record['python']}")
    return 0


def evaluate_one(cards: Sequence[str], game: Game = "high", as_json: bool = False) -> int:
    """Evaluate one hand under ``game`` and print its strength and description.

    Parameters
    ----------
    cards : sequence of str
        Card text, one or more tokens ("As Ks", "Qs", "JsTs" all parse).
    game : str, optional
        A ranking name from ``pyrankcore.GAMES``.
    as_json : bool, optional
        Print one JSON object (see ``EVAL_JSON_HELP``) instead of a line.

    Returns
    -------
    int
        The exit status, 0. Bad cards raise the library's errors.
    """
    text = " ".join(cards)
    strength = _core.evaluate(text, game)
    ids = _core.parse_cards(text)
    shown = _core.format_cards(ids)
    words = describe(strength, game)
    if as_json:
        # Strength 0 (no qualifying low) has no category.
        name = CATEGORY_NAMES[category(strength, game)] if strength else None
        _print_json(
            {
                "cards": shown,
                "ids": ids,
                "game": game,
                "strength": strength,
                "description": words,
                "category": name,
            }
        )
        return 0
    where = "" if game == "high" else f" ({game})"
    print(f"{shown}{where}: strength {strength} ({words})")
    return 0


EQUITY_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  game, board, dead        the variant's name and the cards as text
  exact                    true when every deal was enumerated
  trials                   deals enumerated or sampled
  players                  one object per hand: hand, equity, win, tie, wins,
                           ties, total, std_error (null when exact); hi-lo
                           games add high, low and scoops
"""


def equity_table(
    hands: Sequence[str],
    board: str,
    game: VariantName = "Hold'em",
    dead: str = "",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    as_json: bool = False,
) -> int:
    """Print each hand's equity (a table, or one JSON object); returns 0."""
    result = pyrankcore.equity(
        game,
        list(hands),
        board,
        dead=dead,
        exact=exact,
        trials=trials,
        seed=seed,
        threads=threads,
        progress=False,
    )
    if as_json:
        players = []
        for p in result.players:
            row: dict[str, Any] = {
                "hand": p.hand,
                "equity": p.equity,
                "win": p.win,
                "tie": p.tie,
                "wins": p.wins,
                "ties": p.ties,
                "total": p.total,
                "std_error": p.std_error,
            }
            if result.hilo:
                row.update(high=p.high, low=p.low, scoops=p.scoops)
            players.append(row)
        _print_json(
            {
                "game": result.variant,
                "board": result.board,
                "dead": result.dead,
                "exact": result.exact,
                "trials": result.trials,
                "players": players,
            }
        )
        return 0
    print(result)
    return 0


ODDS_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  game, cards, decks       the ranking's name and the arguments
  deck_size, jokers        cards in play (jokers included) and the jokers
  total                    all hands: C(deck_size, cards)
  rows                     one object per category (or low group), strongest
                           first: name, count, probability, odds_against
"""


def odds_table(
    game: Game = "high",
    cards: int = 5,
    decks: int = 1,
    deck: str | None = None,
    wild: str | None = None,
    jokers: int | None = None,
    as_json: bool = False,
) -> int:
    """Print the exact probability table of ``pyrankcore.probabilities``
    (a Markdown table, or one JSON object); returns 0."""
    size: str | int | None = deck
    if deck is not None and deck.isdigit() and int(deck) > 12:
        size = int(deck)  # a deck size such as 32; "7" or "T" is a rank
    table = pyrankcore.probabilities(game, cards, deck=size, decks=decks, wild=wild, jokers=jokers)
    if as_json:
        _print_json(table.as_dict())
        return 0
    print(table)
    return 0


def _print_json(obj: dict[str, Any]) -> None:
    # One line, so that line-oriented tools (grep, jq -c, log collectors) see
    # one record per run.
    print(json.dumps(obj, ensure_ascii=False))


def _build_parser() -> _Parser:
    parser = _Parser(prog="pyrankcore", description="Fast poker hand evaluation.")
    parser.add_argument(
        "--version", action="version", version=f"pyrankcore {pyrankcore.__version__}"
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="{demo,eval,equity,bench,odds,info}"
    )
    formatter = argparse.RawDescriptionHelpFormatter
    d = sub.add_parser(
        "demo",
        help="evaluate a large random batch and report",
        description="Evaluate random hands, show the category histogram next to the "
        "exact probabilities, and the throughput.",
        epilog=DEMO_JSON_HELP,
        formatter_class=formatter,
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
    d.add_argument("--seed", type=int, default=2026, help="random seed, 0 or more (default 2026)")
    d.add_argument(
        "--threads", type=int, default=None, help="threads for evaluate_batch (default 1)"
    )
    d.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    e = sub.add_parser(
        "eval",
        help="evaluate one hand, e.g. 'As Ks Qs Js Ts'",
        description="Evaluate one hand and describe it.",
        epilog=EVAL_JSON_HELP,
        formatter_class=formatter,
    )
    e.add_argument(
        "cards", nargs="+", help="the cards, e.g. As Ks Qs Js Ts (5 to 7 for most games)"
    )
    e.add_argument(
        "--game",
        default="high",
        choices=_core.GAMES,
        metavar="NAME",
        help=f"ranking: {', '.join(_core.GAMES)} (default high)",
    )
    e.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    q = sub.add_parser(
        "equity",
        help="each hand's equity, e.g. AhKh QsQd --board Kd7s2c",
        description="Each hand's share of the pot over the cards to come: exact when "
        "that takes about a second, Monte Carlo otherwise.",
        epilog=EQUITY_JSON_HELP,
        formatter_class=formatter,
    )
    q.add_argument(
        "hands",
        nargs="+",
        help='one per player: "AhKh", "random", or a range ("AKs,QQ+": a comma makes a range)',
    )
    q.add_argument("--board", default="", help="the board so far, e.g. Kd7s2c")
    q.add_argument("--dead", default="", help="cards out of play")
    q.add_argument(
        "--game", default="Hold'em", metavar="VARIANT", help="e.g. omaha, 'omaha hi-lo', razz"
    )
    how = q.add_mutually_exclusive_group()
    how.add_argument(
        "--trials", type=int, default=None, help="Monte Carlo with N deals (1 to 2**40)"
    )
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    q.add_argument("--seed", type=int, default=None, help="Monte Carlo seed, 0 or more")
    q.add_argument("--threads", type=int, default=None, help="threads (default 1)")
    q.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    b = sub.add_parser(
        "bench",
        help="pyrankcore's rates on this machine, and installed peers'",
        description="Time evaluate_batch (5 and 7 cards), evaluate_omaha_batch and "
        "equity on this machine, one thread, and the peers that are installed "
        "(pokerfast, phevaluator, eval7, treys) on the same hands.",
        epilog=BENCH_JSON_HELP,
        formatter_class=formatter,
    )
    b.add_argument(
        "--size", type=int, default=1_000_000, help="hands per batch case (default 1,000,000)"
    )
    b.add_argument("--repeat", type=int, default=3, help="runs per case, median (default 3)")
    b.add_argument("--no-peers", action="store_true", help="time pyrankcore alone")
    b.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    o = sub.add_parser(
        "odds",
        help="exact probability of each hand category, e.g. --cards 7",
        description="The exact number of hands in each category, the probability and "
        "the odds against (counted, not sampled).",
        epilog=ODDS_JSON_HELP,
        formatter_class=formatter,
    )
    o.add_argument(
        "--game", default="high", metavar="NAME", help="a ranking, e.g. short_deck (default high)"
    )
    o.add_argument(
        "--cards", type=int, choices=(5, 6, 7), default=5, help="cards per hand (default 5)"
    )
    o.add_argument("--decks", type=int, default=1, help="decks shuffled together (default 1)")
    o.add_argument("--deck", default=None, help='strip the deck: lowest rank ("7") or size (32)')
    o.add_argument("--wild", default=None, help='wild cards: "jokers", "2", "Jh Js", "lowest"')
    o.add_argument("--jokers", type=int, default=None, help="jokers in the deck (default 1)")
    o.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    i = sub.add_parser(
        "info",
        help="the row loops this CPU runs and how pyrankcore was built",
        description="The version, the row loops evaluate_batch uses and those this CPU "
        "runs, and the compiler and flags the extension was built with.",
        epilog=INFO_JSON_HELP,
        formatter_class=formatter,
    )
    i.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    return parser


# Upper bounds of the counts on the command line: a count beyond them is a
# typo or days of work, refused in one line.
MAX_DEMO_HANDS = 10**12  # hours at the batch rate
MAX_BENCH_SIZE = 10**8  # hands held in memory per batch case
MAX_BENCH_REPEAT = 1000
MAX_THREADS = 1024


def _check_count(option: str, value: int | None, high: int) -> None:
    if value is not None and not 1 <= value <= high:
        raise UsageError(f"{option} must be 1 to {high:,}, got {value:,}")


def _run(args: argparse.Namespace) -> int:
    if args.command in ("demo", "equity"):
        _check_count("--threads", args.threads, MAX_THREADS)
    if args.command == "demo":
        _check_count("--hands", args.hands, MAX_DEMO_HANDS)
        if args.seed < 0:
            raise UsageError("--seed must be 0 or more")
        return demo(args.hands, args.cards, args.seed, args.threads, as_json=args.json)
    if args.command == "bench":
        _check_count("--size", args.size, MAX_BENCH_SIZE)
        _check_count("--repeat", args.repeat, MAX_BENCH_REPEAT)
        result = run_bench(args.size, args.repeat, peers=not args.no_peers)
        if args.json:
            _print_json(result)
        else:
            print(format_bench(result))
        return 0
    if args.command == "equity":
        _check_count("--trials", args.trials, MAX_TRIALS)
        if args.seed is not None and args.seed < 0:
            raise UsageError("--seed must be 0 or more")
        return equity_table(
            args.hands,
            args.board,
            args.game,
            args.dead,
            exact=True if args.exact else None,
            trials=args.trials,
            seed=args.seed,
            threads=args.threads,
            as_json=args.json,
        )
    if args.command == "info":
        return info(as_json=args.json)
    if args.command == "odds":
        return odds_table(
            args.game,
            args.cards,
            args.decks,
            args.deck,
            args.wild,
            args.jokers,
            as_json=args.json,
        )
    return evaluate_one(args.cards, args.game, as_json=args.json)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name; ``sys.argv[1:]`` when None.

    Returns
    -------
    int
        0 on success; 2 for a bad command line or input the library rejects,
        after one line on stderr.
    """
    parser = _build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help and --version end here
            return exc.code if isinstance(exc.code, int) else 0
        return _run(args)
    except BrokenPipeError:
        # The reader went away (``pyrankcore demo --json | head -c 100``): not
        # an error of ours. Point stdout at devnull so that the interpreter's
        # final flush does not print a second complaint.
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        # Ctrl-C in a long run: stop quietly, with the shell's status for SIGINT.
        print("pyrankcore: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print("pyrankcore: error: out of memory", file=sys.stderr)
        return 2
    except (UsageError, PyrankcoreError, ValueError, TypeError) as exc:
        # One line, whatever the message holds: scripts read stderr line by line.
        # Cut too: argparse echoes a bad argument whole, however long.
        message = " ".join(str(exc).split())
        if len(message) > 280:
            message = message[:277] + "..."
        print(f"pyrankcore: error: {message}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # an in-memory stdout (tests, IDEs) has no descriptor to redirect


if __name__ == "__main__":
    raise SystemExit(main())
