"""Progress bars on the long commands, the usage with no arguments, and
whole error messages."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyrankcore import cli
from pyrankcore.cli.options import MESSAGE_LIMIT, TOKEN_LIMIT, one_line

SOLVE_HANDS = [
    "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h",
    "Qs Qd 2c 3d 4h 5s 7c 8d 9h Js Kc Kd Ac 6d",
]

# (argv, the fallback bar's last line: description, count/total, unit)
LONG_COMMANDS = [
    (["odds", "--json"], "counting hands: 2,598,960/2,598,960 hands"),
    (["equity", "AhKh", "QsQd", "--board", "Kd7s2c", "--json"], "equity (exact): 990/990 deals"),
    (["ofc", "solve", *SOLVE_HANDS, "--json"], "Fantasyland: 2/2 hands"),
    (
        ["demo", "--hands", "3000", "--cards", "5", "--json"],
        "evaluating 5-card hands: 3,000/3,000 hands",
    ),
    (["bench", "--size", "400", "--repeat", "1", "--no-peers", "--json"], "bench: 6/6 cases"),
]
# Fields that differ from run to run: timings.
TIMINGS = {"seconds", "hands_per_second", "cases"}


def without_timings(text):
    return {k: v for k, v in json.loads(text).items() if k not in TIMINGS}


@pytest.mark.parametrize(("argv", "last"), LONG_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_forced_progress_writes_to_stderr_only(capsys, monkeypatch, argv, last):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # the one-line fallback
    assert cli.main([*argv, "--no-progress"]) == 0
    quiet_out, quiet_err = capsys.readouterr()
    assert quiet_err == ""
    assert cli.main([*argv, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert without_timings(out) == without_timings(quiet_out)
    assert err.startswith("\r") and err.endswith(f"\r{last}\n"), err[-200:]


def test_progress_with_tqdm(capsys):
    pytest.importorskip("tqdm")
    assert cli.main(["odds", "--progress", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == 2_598_960
    assert "counting hands" in err


class _Terminal:
    """A stderr stand-in that is a terminal."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def test_a_terminal_gets_the_bar_unless_told_no(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["ofc", "solve", SOLVE_HANDS[0]]) == 0
    assert terminal.text == "\rFantasyland: 1/1 hands\n"
    terminal.text = ""
    assert cli.main(["ofc", "solve", SOLVE_HANDS[0], "--no-progress"]) == 0
    assert terminal.text == ""


def test_no_arguments_prints_the_usage_on_stderr(capsys):
    assert cli.main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == cli.build_parser().format_help()
    for command in ("demo", "eval", "equity", "odds", "range", "ofc", "bench", "info"):
        assert command in err


def test_no_arguments_from_the_shell():
    proc = subprocess.run(
        [sys.executable, "-m", "pyrankcore"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parent,  # not the checkout: its source has no _core
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("usage: pyrankcore")


def test_a_long_message_is_cut_after_a_whole_word(capsys, monkeypatch):
    message = " ".join(f"word{i}" for i in range(100))  # 589 characters

    def fail(*args, **kwargs):
        raise ValueError(message + "\nsecond line")

    monkeypatch.setattr(cli.hands, "evaluate_batch", fail)
    assert cli.main(["demo", "--hands", "10"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyrankcore: error: word0 word1 ") and err.endswith("...\n")
    kept = err[len("pyrankcore: error: ") : -len("...\n")]
    assert len(kept) + 3 <= MESSAGE_LIMIT < len(kept) + 3 + len(" word99")
    assert (message + " ").startswith(kept + " ")  # whole words only


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("short  message\nover lines", "short message over lines"),
        (
            "bad 'xyz" + "x" * 400 + "' (choose from a, b)",
            "bad " + ("'xyz" + "x" * 400)[: TOKEN_LIMIT - 3] + "... (choose from a, b)",
        ),
        ("x " * 200, ("x " * 200)[: MESSAGE_LIMIT - 4] + "..."),
    ],
)
def test_one_line(message, shown):
    assert one_line(message) == shown


def test_an_argument_argparse_quotes_whole_is_cut(capsys):
    assert cli.main(["x" * 10_000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400
    assert err.startswith("pyrankcore: error: argument {demo,eval,equity,odds,range,ofc,bench")
    assert "invalid choice: 'xxxxx" in err and "(choose from " in err and "info" in err
