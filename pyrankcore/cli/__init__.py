"""Command line: ``pyrankcore demo``, ``eval``, ``equity``, ``odds``,
``range``, ``ofc``, ``bench``, ``info``, ``features`` and ``pyrankcore --version``.

Every command prints a table for people or, with ``--json``, one JSON object
for programs. ``--game`` takes the same names everywhere: a ranking or a
variant. Long commands draw a progress bar on stderr when it is a terminal
(``--progress``/``--no-progress`` to force). Errors are one line on stderr
and exit status 2, never a traceback; a message is never cut mid-word (one
over ``options.MESSAGE_LIMIT`` characters, which only an argument argparse
quotes whole makes, ends at a word with "..."). ``pyrankcore`` alone
prints the usage on stderr and exits 2, as argparse does for a missing
command.

One module per group of commands: :mod:`~pyrankcore.cli.hands` (demo,
eval), :mod:`~pyrankcore.cli.odds` (odds, equity),
:mod:`~pyrankcore.cli.ranges` (range), :mod:`~pyrankcore.cli.ofc` (ofc),
:mod:`~pyrankcore.cli.features` (features),
:mod:`~pyrankcore.cli.machine` (bench, info); what they share is in
:mod:`~pyrankcore.cli.options`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import pyrankcore
from pyrankcore.cli import features, hands, machine, odds, ofc, ranges
from pyrankcore.cli.options import Parser, UsageError, one_line
from pyrankcore.errors import PyrankcoreError

__all__ = ["build_parser", "main"]

COMMANDS = "{demo,eval,equity,odds,range,ofc,bench,info,features}"


def build_parser() -> Parser:
    """The parser of every command; each sets ``handler`` (args -> status)."""
    parser = Parser(prog="pyrankcore", description="Fast poker hand evaluation.")
    parser.add_argument(
        "--version", action="version", version=f"pyrankcore {pyrankcore.__version__}"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar=COMMANDS)
    hands.add_parsers(sub)
    odds.add_parsers(sub)
    ranges.add_parsers(sub)
    ofc.add_parsers(sub)
    machine.add_parsers(sub)
    features.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name; ``sys.argv[1:]`` when None.

    Returns
    -------
    int
        0 on success; 2 for no arguments (after the usage on stderr), a bad
        command line or input the library rejects (after one line on stderr).
    """
    parser = build_parser()
    args_given = sys.argv[1:] if argv is None else list(argv)
    if not args_given:
        # argparse's convention for a missing command: the usage, status 2.
        parser.print_help(sys.stderr)
        return 2
    try:
        try:
            args = parser.parse_args(args_given)
        except SystemExit as exc:  # --help and --version end here
            return exc.code if isinstance(exc.code, int) else 0
        status: int = args.handler(args)
        return status
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
        print(f"pyrankcore: error: {one_line(str(exc))}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # an in-memory stdout (tests, IDEs) has no descriptor to redirect


if __name__ == "__main__":
    raise SystemExit(main())
