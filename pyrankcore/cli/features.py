"""``pyrankcore features``: the feature table of a whole street, every hand
on every canonical flop or turn (:mod:`pyrankcore.streets`)."""

from __future__ import annotations

import argparse
from typing import Any

from pyrankcore.cli import options
from pyrankcore.streets import FILE_FORMATS, STREETS, build_street_table

FEATURES_HELP = """\
The folder gets meta.json (the parameters) and one chunk-NNNNNN.npz (or,
with --format parquet, chunk-NNNNNN.parquet: a row per board and hand) per
slice of boards; running the command again with the same arguments after
an interruption computes only the chunks that are missing. Read it with
pyrankcore.streets.read_street_table(FOLDER).

with --json, one JSON object on stdout with the keys:
  folder        the table's folder
  street, game  the arguments
  boards        the boards in the table (keyed 0 .. boards - 1 by
                HandIndexer([3 or 4]) on the game's deck)
  combos        the hands per board (hole_combos order)
  bins          the river histogram's bins
  potential     whether PPot and NPot were computed
  format        the chunk files: npz or parquet
"""


def add_parsers(sub: Any) -> None:
    """The ``features`` subcommand."""
    p = options.add_command(
        sub,
        "features",
        "the features of every hand on every canonical flop or turn, to a folder",
        run_features,
        FEATURES_HELP,
    )
    p.add_argument("street", choices=sorted(STREETS), help="the street")
    p.add_argument("folder", help="the table's folder (made if missing)")
    options.add_game_option(p, "Hold'em")
    p.add_argument("--bins", type=int, default=10, help="river histogram bins (default 10)")
    p.add_argument("--opponent", default=None, metavar="RANGE", help="a range (default: any hand)")
    p.add_argument(
        "--no-potential", action="store_true", help="leave out PPot and NPot (much faster)"
    )
    p.add_argument("--limit", type=int, default=None, help="only the first LIMIT boards")
    p.add_argument("--chunk", type=int, default=64, help="boards per chunk file (default 64)")
    p.add_argument(
        "--format",
        choices=FILE_FORMATS,
        default="npz",
        help="chunk files: npz (default) or parquet (needs pyarrow)",
    )
    p.add_argument("--dask", action="store_true", help="compute the chunks on Dask")
    options.add_job_options(p, "the boards done")


def run_features(args: argparse.Namespace) -> int:
    """Hand strength, EHS, EHS², the river-strength histogram and hand
    potential of every hand on every canonical board of a street, written
    in chunks (resumable) to FOLDER, keyed by the hand indexer's board
    index."""
    for option, value in (("--limit", args.limit), ("--chunk", args.chunk)):
        if value is not None and value < 1:
            raise options.UsageError(f"{option} must be at least 1, got {value}")
    table = build_street_table(
        args.folder,
        args.street,
        args.game,
        bins=args.bins,
        opponent=args.opponent,
        potential=not args.no_potential,
        limit=args.limit,
        chunk_boards=args.chunk,
        threads=options.threads_of(args),
        dask=args.dask,
        progress=options.show_progress(args),
        format=args.format,
    )
    record = {
        "folder": args.folder,
        "street": args.street,
        "game": table.meta["game"],
        "boards": int(len(table.boards)),
        "combos": int(len(table.combos)),
        "bins": table.meta["bins"],
        "potential": table.meta["potential"],
        "format": table.meta["file_format"],
    }
    if args.json:
        options.print_json(record)
    else:
        print(
            f"{record['boards']:,} {args.street} boards x {record['combos']:,} hands "
            f"({record['game']}) in {args.folder}"
        )
    return 0
