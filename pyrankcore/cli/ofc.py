"""``pyrankcore ofc score|royalties|solve``: Open-Face Chinese poker boards
from the command line."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

from pyrankcore._core import format_cards
from pyrankcore.cli.options import (
    UsageError,
    add_command,
    add_json_option,
    add_progress_option,
    add_threads_option,
    job_options,
    print_json,
)
from pyrankcore.ofc import (
    Board,
    Rules,
    fantasyland,
    score,
    solve_fantasyland_batch,
    stays_in_fantasyland,
)
from pyrankcore.ofc.board import as_board
from pyrankcore.ofc.two_decks import card_parser

# The Rules fields --rules sets (the royalty table stays the standard one).
RULE_KEYS = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "royalties")
PRESETS = ("pineapple", "double_deck")
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")

BOARD_HELP = """\
A board is its three rows separated by "/", front (3 cards), middle (5) and
back (5): "6s 6c 4h / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d" (spaces optional),
or its 13 cards in that order. Quote each board. A Fantasyland hand (solve)
is 13 to 17 cards; "-" reads hands from stdin, one per line.

--rules takes comma-separated presets and KEY=VALUE pairs, e.g.
--rules pineapple,fantasyland_min=AA or --rules decks=2,shoot_the_moon=yes:
  presets   pineapple (14 cards in Fantasyland, pineapple stay rule),
            double_deck (decks=2)
  keys      {keys}
            (the fields of pyrankcore.ofc.Rules; true/false as yes/no,
            on/off or 1/0; the royalty table is the standard one)

with --json, one JSON object on stdout with the keys:
  rules         the rules used (their fields)
  royalties:    boards: one object per board: board (rows as text), fouled,
                rows (front, middle, back in words), royalties (per row,
                under the rules), total, fantasyland (cards dealt next hand,
                0 for none), stays (whether it stays in Fantasyland)
  score:        players: one object per board: board, fouled, royalties
                (total under the rules), points (net, summing to zero)
  solve:        hands: one object per hand: hand (text), board, value
                (royalties, plus --stay-value if it stays), royalties, stays
""".format(keys=",\n            ".join(", ".join(RULE_KEYS[i : i + 4]) for i in range(0, 12, 4)))


def rule_value(key: str, text: str) -> Any:
    """A --rules value, typed as the field's default is."""
    default = getattr(Rules(), key)
    if isinstance(default, bool):
        word = text.lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise UsageError(f"--rules {key}={text}: {key} is yes or no (true/false, on/off, 1/0)")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"--rules {key}={text}: {key} is a whole number") from None
    return text


def parse_rules(specs: Sequence[str] | None) -> Rules:
    """Rules from the --rules texts (presets and KEY=VALUE pairs)."""
    changes: dict[str, Any] = {}
    presets: set[str] = set()
    for spec in specs or ():
        for item in (part.strip() for part in spec.split(",")):
            key, sep, value = item.partition("=")
            key = key.strip().replace("-", "_")
            if not sep and key in PRESETS:
                presets.add(key)
            elif sep and key in RULE_KEYS:
                changes[key] = rule_value(key, value.strip())
            else:
                raise UsageError(
                    f"--rules: unknown {'key' if sep else 'preset'} {item!r}; presets: "
                    f"{', '.join(PRESETS)}; keys: {', '.join(RULE_KEYS)}"
                )
    if "double_deck" in presets:
        changes = {"decks": 2, **changes}
    make = Rules.pineapple if "pineapple" in presets else Rules
    return make(**changes)


def rules_record(rules: Rules) -> dict[str, Any]:
    return {key: getattr(rules, key) for key in RULE_KEYS}


def parse_board(text: str, decks: int) -> Board:
    """A board from "front / middle / back" or 13 cards in row order, as
    every OFC function of the library takes it."""
    return as_board(text, decks)


def board_text(board: Board) -> str:
    return " / ".join(format_cards(list(row)) for row in (board.front, board.middle, board.back))


def royalties_report(boards: Sequence[str], rules: Rules, as_json: bool = False) -> int:
    """Each board's rows, foul, royalties under *rules* and Fantasyland."""
    out: list[dict[str, Any]] = []
    for text in boards:
        b = parse_board(text, rules.decks)
        rows = b.row_royalties_under(rules)
        out.append(
            {
                "board": board_text(b),
                "fouled": b.fouled,
                "rows": b.describe().rsplit(" (", 1)[0],
                "royalties": list(rows),
                "total": sum(rows),
                "fantasyland": fantasyland(b, rules),
                "stays": stays_in_fantasyland(b, rules),
            }
        )
    if as_json:
        print_json({"rules": rules_record(rules), "boards": out})
        return 0
    for r in out:
        front, middle, back = r["royalties"]
        state = "fouled" if r["fouled"] else f"royalties {front} + {middle} + {back} = {r['total']}"
        fl = f", Fantasyland {r['fantasyland']} cards" if r["fantasyland"] else ""
        stays = ", stays in Fantasyland" if r["stays"] else ""
        print(f"{r['board']}: {state}{fl}{stays}")
        print(f"  {r['rows']}")
    return 0


def score_report(boards: Sequence[str], rules: Rules, as_json: bool = False) -> int:
    """Each player's net points, every pair of boards settled."""
    parsed = [parse_board(text, rules.decks) for text in boards]
    points = score(parsed, rules)
    players = [
        {
            "board": board_text(b),
            "fouled": b.fouled,
            "royalties": sum(b.row_royalties_under(rules)),
            "points": p,
        }
        for b, p in zip(parsed, points)
    ]
    if as_json:
        print_json({"rules": rules_record(rules), "players": players})
        return 0
    for i, p in enumerate(players, 1):
        state = "fouled" if p["fouled"] else f"royalties {p['royalties']}"
        print(f"player {i}: {p['points']:+d} points  {p['board']} ({state})")
    return 0


def solve_report(
    hands: Sequence[str],
    rules: Rules,
    stay_value: float = 0.0,
    threads: int | None = None,
    as_json: bool = False,
    progress: bool = False,
) -> int:
    """The best Fantasyland board of each hand (13 to 17 cards)."""
    solved = solve_fantasyland_batch(
        list(hands), rules, stay_value=stay_value, threads=threads, progress=progress
    )
    parse = card_parser(rules.decks)
    out = [
        {
            "hand": format_cards(parse(text)),
            "board": board_text(b),
            "value": value,
            "royalties": sum(b.row_royalties_under(rules)),
            "stays": stays_in_fantasyland(b, rules),
        }
        for text, (b, value) in zip(hands, solved)
    ]
    if as_json:
        print_json({"rules": rules_record(rules), "hands": out})
        return 0
    for h in out:
        stays = ", stays in Fantasyland" if h["stays"] else ""
        print(
            f"{h['hand']} -> {h['board']}: value {h['value']:g} (royalties {h['royalties']}{stays})"
        )
    return 0


def add_parsers(sub: Any) -> None:
    """The ``ofc`` subcommand and its own subcommands."""
    o = add_command(
        sub, "ofc", "Open-Face Chinese poker: royalties, scores, Fantasyland", run_ofc, BOARD_HELP
    )
    actions = o.add_subparsers(dest="action", required=True, metavar="{royalties,score,solve}")
    board_parsers = []  # the actions that take boards
    for name, what, description, board_help in (
        (
            "royalties",
            "rows, foul, royalties and Fantasyland of each board",
            "Each board's rows in words, whether it fouls, its royalties under the rules and "
            "the Fantasyland hand it earns.",
            "a board (quoted)",
        ),
        (
            "score",
            "net points of 2 to 4 boards (6 with two decks)",
            "Every pair of boards settled: rows, scoop, royalties; net points.",
            "a board per player (quoted)",
        ),
    ):
        p = actions.add_parser(name, help=what, description=description, epilog=BOARD_HELP)
        p.add_argument("boards", nargs="+", metavar="BOARD", help=board_help)
        board_parsers.append(p)
    v = actions.add_parser(
        "solve",
        help="the best board of each Fantasyland hand",
        description="The legal board with the most royalties (plus --stay-value when it "
        "stays in Fantasyland) from each hand of 13 to 17 cards; exact.",
        epilog=BOARD_HELP,
    )
    v.add_argument("hands", nargs="+", metavar="HAND", help='13 to 17 cards (quoted), or "-"')
    v.add_argument(
        "--stay-value",
        type=float,
        default=0.0,
        help="points a board that stays in Fantasyland is worth on top (default 0)",
    )
    add_threads_option(v)
    add_progress_option(v, "the hands solved")
    for p in (*board_parsers, v):
        p.add_argument("--rules", action="append", metavar="SPEC", help="house rules (see below)")
        add_json_option(p)


def run_ofc(args: argparse.Namespace) -> int:
    """Score OFC boards, count their royalties, or solve Fantasyland hands."""
    rules = parse_rules(args.rules)
    if args.action == "royalties":
        return royalties_report(args.boards, rules, as_json=args.json)
    if args.action == "score":
        return score_report(args.boards, rules, as_json=args.json)
    options = job_options(args)
    hands: list[str] = []
    for text in args.hands:
        if text == "-":
            hands.extend(line for line in sys.stdin.read().splitlines() if line.strip())
        else:
            hands.append(text)
    if not hands:
        raise UsageError("no hands to solve (stdin was empty)")
    return solve_report(hands, rules, stay_value=args.stay_value, **options)
