"""The ``console`` blocks (multi-line command output) of the README and of
the command-line page (docs/cli.md) are true: each ``$ pyrankcore ...``
line, split as a shell splits it, prints exactly the lines below it. (The
README's plain blocks of one-line outputs are checked by
tests/packaging/test_readme.py.)"""

import re
import shlex
from pathlib import Path

import pytest

from pyrankcore import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CLI_PAGE = ROOT / "docs" / "cli.md"


def console_sessions(page=README):
    """(command, expected output) for every command of the console blocks."""
    text = page.read_text(encoding="utf-8")
    fences = re.findall(r"^```(\w*)\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)
    sessions = []
    for block in (body for lang, body in fences if lang == "console"):
        for part in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
            if part.startswith("$ pyrankcore "):
                command, _, output = part.partition("\n")
                sessions.append((command[2:], output))
    return sessions


def test_readme_and_cli_page_have_console_examples():
    assert len(console_sessions()) >= 2
    assert len(console_sessions(CLI_PAGE)) >= 4


@pytest.mark.parametrize(("command", "expected"), console_sessions() + console_sessions(CLI_PAGE))
def test_console_example(capsys, command, expected):
    assert cli.main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == expected
