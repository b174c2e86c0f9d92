"""``pyrankcore range``: what a range's text means, combo by combo, and as
the 13 x 13 grid of hold'em starting hands."""

from __future__ import annotations

import argparse
from math import comb
from typing import Any

from pyrankcore._core import format_cards
from pyrankcore._rankings import RANK_CHARS
from pyrankcore.cli.options import add_command, add_json_option, print_json
from pyrankcore.ranges import GRID_NAMES, WeightedCombo, combos, grid_name, parse_range

RANGE_HELP = """\
The grid (hold'em only) has a row and a column per rank, aces first: pairs
on the diagonal, suited hands above it, offsuit hands below. Each cell is
the share of that hand's combos in the range, weights counted, in percent
("." for none; a share between 0 and 1 shows as 1, one between 99 and 100
as 99).

with --json, one JSON object on stdout with the keys:
  range         the text as given
  hole_cards    cards per combo
  combos        the number of combos in the range
  weight        the sum of their weights
  share         weight / every combo of hole_cards cards (1,326 in hold'em)
  entries       one object per combo, highest first: cards (text), weight
  grid          hold'em only: grid name ("AKs") -> share of its combos
                (weights counted), for every name the range touches
"""


def grid_shares(entries: list[WeightedCombo]) -> dict[str, float]:
    """Grid name -> the weighted share of its combos in the range, for the
    names the range touches, in grid order."""
    weight: dict[str, float] = {}
    for cards, w in entries:
        name = grid_name(list(cards))
        weight[name] = weight.get(name, 0.0) + w
    return {name: weight[name] / len(combos(name)) for name in GRID_NAMES if name in weight}


def percent_cell(share: float) -> str:
    """A grid cell: the share in whole percent; "." for none, never 0 or
    100 for a share that is neither."""
    if share <= 0:
        return "."
    value = round(share * 100)
    if share < 1:
        value = min(max(value, 1), 99)
    return str(value)


def grid_text(shares: dict[str, float]) -> str:
    """The 13 x 13 grid, a row per rank (aces first)."""
    ranks = RANK_CHARS[::-1]
    lines = ["    " + "".join(f"{r:>4}" for r in ranks)]
    for i, row_rank in enumerate(ranks):
        cells = [percent_cell(shares.get(GRID_NAMES[13 * i + j], 0.0)) for j in range(13)]
        lines.append(f"{row_rank:>4}" + "".join(f"{c:>4}" for c in cells))
    return "\n".join(lines)


def range_report(
    text: str, hole_cards: int = 2, as_json: bool = False, list_combos: bool = False
) -> int:
    """Print what range *text* means (a summary and the grid, or one JSON
    object); returns 0. Bad text raises RangeSyntaxError."""
    entries = parse_range(text, hole_cards=hole_cards)
    weight = sum(w for _, w in entries)
    share = weight / comb(52, hole_cards)
    shares = grid_shares(entries) if hole_cards == 2 else None
    if as_json:
        record: dict[str, Any] = {
            "range": text,
            "hole_cards": hole_cards,
            "combos": len(entries),
            "weight": weight,
            "share": share,
            "entries": [{"cards": format_cards(list(c)), "weight": w} for c, w in entries],
        }
        if shares is not None:
            record["grid"] = shares
        print_json(record)
        return 0
    print(
        f"{text}: {len(entries):,} combos of {hole_cards} cards, weight {weight:,.6g} "
        f"({share:.4%} of {comb(52, hole_cards):,})"
    )
    if shares is not None:
        print()
        print(grid_text(shares))
    if list_combos:
        print()
        for c, w in entries:
            print(f"{format_cards(list(c))}  {w:g}")
    return 0


def add_parsers(sub: Any) -> None:
    """The ``range`` subcommand."""
    r = add_command(
        sub, "range", 'the combos and grid of a range, e.g. "AKs,QQ+"', run_range, RANGE_HELP
    )
    r.add_argument("range", help='the range, e.g. "AKs,QQ+,A5s-A2s:0.5" (quote it)')
    r.add_argument(
        "--hole-cards",
        type=int,
        choices=(2, 4, 5, 6),
        default=2,
        help="cards per combo: 2 (hold'em, default) or 4, 5, 6 (Omaha)",
    )
    r.add_argument("--list", action="store_true", help="list every combo and its weight")
    add_json_option(r)


def run_range(args: argparse.Namespace) -> int:
    """The combos a range means, their weights, and the 13 x 13 grid
    (PokerStove syntax for hold'em, a subset of ProPokerTools' for Omaha:
    see pyrankcore.ranges)."""
    return range_report(args.range, args.hole_cards, as_json=args.json, list_combos=args.list)
