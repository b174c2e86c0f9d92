"""What every command shares: the parser class, the subcommand's parser
(:func:`add_command`: its description is its handler's docstring), the
options each builds the same way (``--game``, ``--json``, ``--progress``,
``--threads``), the count checks and the JSON printer."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from pyrankcore import _core, games
from pyrankcore._args import MAX_SEED, cpu_count
from pyrankcore.errors import UnknownGameError

# Upper bounds of the counts on the command line: a count beyond them is a
# typo or days of work, refused in one line.
MAX_DEMO_HANDS = 10**12  # hours at the batch rate
MAX_BENCH_SIZE = 10**8  # hands held in memory per batch case
MAX_BENCH_REPEAT = 1000
MAX_THREADS = 1024
# An error line holds at most this many characters after "pyrankcore: error: ":
# every message of the library fits whole (it cuts the values it quotes to
# 40 to 80 characters); argparse quotes a bad argument whole, however long:
# a token of a message longer than TOKEN_LIMIT is such an argument, and is
# shortened, so that the words around it survive.
MESSAGE_LIMIT = 375
TOKEN_LIMIT = 100

GAME_HELP = (
    f"a ranking ({', '.join(_core.GAMES)}) or a variant as players name it (razz, "
    "omaha, 'omaha hi-lo', 'stud hi-lo', ...: pyrankcore.VARIANTS); case, spaces and "
    "apostrophes do not matter"
)


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


def option_words(message: str, *names: str) -> str:
    """A library message in the command's words: the keyword argument
    ``up=`` becomes the option ``--up``."""
    for name in names:
        message = re.sub(rf"(?<![\w-]){name}=", f"--{name}", message)
    return message


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are exceptions, so that main() can
    report them in one line (argparse's own prints the usage first), and
    whose description and epilog (the JSON keys, the input syntax) print as
    written. The subcommands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def game_name(text: str) -> str:
    """The ``--game`` type: any ranking or variant name, checked as the
    library checks it, so that an unknown name gets the library's one
    message (naming the rankings and variants) from every command, as it
    is (a UsageError passes through argparse, which would prefix it)."""
    try:
        games.resolve(text, omaha=None)
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from None
    return text


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """*message* on one line: a token over TOKEN_LIMIT characters (an
    argument argparse quoted whole) shortened with "...", then beyond
    *limit* characters cut after the last whole word that fits, with "..."."""
    tokens = message.split()
    text = " ".join(t if len(t) <= TOKEN_LIMIT else t[: TOKEN_LIMIT - 3] + "..." for t in tokens)
    if len(text) <= limit:
        return text
    end = text.rfind(" ", 0, limit - 2)
    if end <= 0:
        end = limit - 3
    return text[:end] + "..."


Handler = Callable[[argparse.Namespace], int]


def add_command(
    sub: Any, name: str, summary: str, handler: Handler, epilog: str
) -> argparse.ArgumentParser:
    """The parser of the subcommand *name*, run by *handler*: *summary* is
    its line in the list of commands, the handler's docstring (one
    paragraph) the description its --help prints above the options and
    *epilog* what it prints below them (the JSON keys, the input syntax)."""
    description = " ".join(handler.__doc__.split()) if handler.__doc__ else None
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=description, epilog=epilog
    )
    parser.set_defaults(handler=handler)
    return parser


def add_game_option(parser: argparse.ArgumentParser, default: str) -> None:
    """``--game NAME``: a ranking or a variant name."""
    parser.add_argument(
        "--game",
        type=game_name,
        default=default,
        metavar="NAME",
        help=f"{GAME_HELP} (default {default})",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object (keys below)")


def add_progress_option(parser: argparse.ArgumentParser, counts: str) -> None:
    """``--progress/--no-progress``: a bar on stderr counting *counts*; by
    default only when stderr is a terminal (a log file would collect every
    redraw)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"a progress bar on stderr counting {counts} (default: when stderr is a terminal)",
    )


def add_threads_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help=f"threads, 1 to {MAX_THREADS} (default: every core this process may use)",
    )


def add_job_options(parser: argparse.ArgumentParser, counts: str) -> None:
    """``--threads``, ``--json`` and ``--progress`` (a bar counting
    *counts*): the options :func:`job_options` reads."""
    add_threads_option(parser)
    add_json_option(parser)
    add_progress_option(parser, counts)


def threads_of(args: argparse.Namespace) -> int:
    """--threads as given (checked), else every core this process may use:
    a command is one long job, and its results are the same on any number
    of threads (the library's functions default to one)."""
    check_count("--threads", args.threads, MAX_THREADS)
    given: int | None = args.threads
    return given if given is not None else min(cpu_count(), MAX_THREADS)


def show_progress(args: argparse.Namespace) -> bool:
    """Whether to draw the progress bar: as forced, else on a terminal."""
    forced: bool | None = args.progress
    return sys.stderr.isatty() if forced is None else forced


def job_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keywords a long command passes to its report: ``threads``
    (checked), ``as_json`` and ``progress``."""
    return {"threads": threads_of(args), "as_json": args.json, "progress": show_progress(args)}


def sampling_options(
    args: argparse.Namespace, count_option: str, count: int | None, high: int
) -> dict[str, Any]:
    """:func:`job_options` of a command that samples, after its checks in
    the order a user reads them: --threads, its count (*count_option*, 1
    to *high*), --seed."""
    options = job_options(args)
    check_count(count_option, count, high)
    check_seed(args.seed)
    return options


def check_count(option: str, value: int | None, high: int) -> None:
    """UsageError unless *value* is None or 1 to *high*."""
    if value is not None and not 1 <= value <= high:
        raise UsageError(f"{option} must be 1 to {high:,}, got {value:,}")


def check_seed(seed: int | None) -> None:
    """UsageError unless *seed* is None or a seed the library takes, so that
    every command takes the same seeds."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be 0 to 2**64-1, got {seed}")


def print_json(obj: dict[str, Any]) -> None:
    """One line, so that line-oriented tools (grep, jq -c, log collectors)
    see one record per run."""
    print(json.dumps(obj, ensure_ascii=False))
