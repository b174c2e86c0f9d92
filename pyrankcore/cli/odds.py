"""``pyrankcore odds`` and ``pyrankcore equity``: exact probability tables
and each hand's share of the pot."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyrankcore import games
from pyrankcore.cli.options import (
    UsageError,
    add_command,
    add_game_option,
    add_job_options,
    add_json_option,
    add_progress_option,
    print_json,
    sampling_options,
    show_progress,
)
from pyrankcore.equities import MAX_TRIALS, equity
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.probabilities import probabilities
from pyrankcore.variants import Variant, variant

if TYPE_CHECKING:
    from pyrankcore._typing import Game

EQUITY_JSON_HELP = """\
A ranking name (high, ace_five, ...) plays hold'em's deal under that ranking:
two hole cards and a board of up to five cards.

with --json, one JSON object on stdout with the keys:
  game, board, dead        the variant's name and the cards as text
  exact                    true when every deal was enumerated
  trials                   deals enumerated or sampled
  players                  one object per hand: hand, equity, win, tie, wins,
                           ties, total, std_error (null when exact); hi-lo
                           games add high, low and scoops
"""

ODDS_JSON_HELP = """\
with --json, one JSON object on stdout with the keys:
  game, cards, decks       the ranking's name and the arguments
  deck_size, jokers        cards in play (jokers included) and the jokers
  total                    all hands: C(deck_size, cards)
  rows                     one object per category (or low group), strongest
                           first: name, count, probability, odds_against
"""

# Hold'em's deal, for equity under a ranking name: two hole cards and a
# board dealt as the flop, turn and river.
RANKING_HOLE_CARDS = (2,)
RANKING_BOARD_CARDS = (0, 3, 4, 5)


def equity_game(game: str) -> Variant:
    """A variant name as it is; a ranking name as hold'em's deal under that
    ranking, the one ranking of the pot (a low ranking too: its strengths
    grow with the better low, and a hand that does not qualify is 0)."""
    resolved = games.resolve(game, omaha=None)
    if resolved.variant is not None:
        return variant(game)
    return Variant(resolved.name, RANKING_HOLE_CARDS, RANKING_BOARD_CARDS, high=resolved.name)


def equity_table(
    hands: Sequence[str],
    board: str,
    game: str = "Hold'em",
    dead: str = "",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    as_json: bool = False,
    progress: bool = False,
) -> int:
    """Print each hand's equity (a table, or one JSON object); returns 0."""
    result = equity(
        equity_game(game),
        list(hands),
        board,
        dead=dead,
        exact=exact,
        trials=trials,
        seed=seed,
        threads=threads,
        progress=progress,
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
        print_json(
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


def odds_table(
    game: Game = "high",
    cards: int = 5,
    decks: int = 1,
    deck: str | None = None,
    wild: str | None = None,
    jokers: int | None = None,
    as_json: bool = False,
    progress: bool = False,
) -> int:
    """Print the exact probability table of ``pyrankcore.probabilities``
    (a Markdown table, or one JSON object); returns 0."""
    record = games.resolve(game, omaha=None).variant
    if record is not None and record.omaha:
        # The library's message names a Python call; say it the CLI's way.
        raise InvalidArgumentError(
            f"odds counts hands of 5 to 7 cards under one ranking; {record.name} "
            f"hands are two hole cards and three board cards: ask for a ranking "
            f"({' or '.join(f'--game {g}' for g in (record.high, record.low) if g)}), "
            f"or compare hands with "
            f"pyrankcore equity --game '{record.name}'"
        )
    size: str | int | None = deck
    if deck is not None and deck.isdigit() and int(deck) > 12:
        size = int(deck)  # a deck size such as 32; "7" or "T" is a rank
    try:
        table = probabilities(
            game, cards, deck=size, decks=decks, wild=wild, jokers=jokers, progress=progress
        )
    except InvalidArgumentError as exc:
        # The library's words for jokers= are a Python call's; say the options.
        if jokers is None or not str(exc).startswith("jokers"):
            raise
        if str(exc).startswith("jokers="):
            raise UsageError(
                f"--jokers {jokers}: the game has no jokers (add --wild jokers)"
            ) from None
        raise UsageError(f"--{exc}") from None
    if as_json:
        print_json(table.as_dict())
        return 0
    print(table)
    return 0


def add_parsers(sub: Any) -> None:
    """The ``equity`` and ``odds`` subcommands."""
    q = add_command(
        sub,
        "equity",
        "each hand's equity, e.g. AhKh QsQd --board Kd7s2c",
        run_equity,
        EQUITY_JSON_HELP,
    )
    q.add_argument(
        "hands",
        nargs="+",
        help='one per player: "AhKh", "random", or a range ("AKs,QQ+": a comma makes a range)',
    )
    q.add_argument("--board", default="", help="the board so far, e.g. Kd7s2c")
    q.add_argument("--dead", default="", help="cards out of play")
    add_game_option(q, "Hold'em")
    how = q.add_mutually_exclusive_group()
    how.add_argument(
        "--trials", type=int, default=None, help="Monte Carlo with N deals (1 to 2**40)"
    )
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    q.add_argument("--seed", type=int, default=None, help="Monte Carlo seed, 0 to 2**64-1")
    add_job_options(q, "deals (exact) or trials (Monte Carlo)")
    o = add_command(
        sub,
        "odds",
        "exact probability of each hand category, e.g. --cards 7",
        run_odds,
        ODDS_JSON_HELP,
    )
    add_game_option(o, "high")
    o.add_argument(
        "--cards", type=int, choices=(5, 6, 7), default=5, help="cards per hand (default 5)"
    )
    o.add_argument("--decks", type=int, default=1, help="decks shuffled together (default 1)")
    o.add_argument("--deck", default=None, help='strip the deck: lowest rank ("7") or size (32)')
    o.add_argument("--wild", default=None, help='wild cards: "jokers", "2", "Jh Js", "lowest"')
    o.add_argument("--jokers", type=int, default=None, help="jokers in the deck (default 1)")
    add_json_option(o)
    add_progress_option(o, "the hands classified")


def run_equity(args: argparse.Namespace) -> int:
    """Each hand's share of the pot over the cards to come: exact when that
    takes about a second, Monte Carlo otherwise."""
    options = sampling_options(args, "--trials", args.trials, MAX_TRIALS)
    exact = True if args.exact else None
    return equity_table(
        args.hands, args.board, args.game, args.dead, exact, args.trials, args.seed, **options
    )


def run_odds(args: argparse.Namespace) -> int:
    """The exact number of hands in each category, the probability and the
    odds against (counted, not sampled)."""
    return odds_table(
        args.game,
        args.cards,
        args.decks,
        args.deck,
        args.wild,
        args.jokers,
        as_json=args.json,
        progress=show_progress(args),
    )
