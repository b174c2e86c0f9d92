"""The README's Python examples run and print what the README says."""

import doctest
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture(autouse=True, scope="module")
def private_cache(preflop_cache_dir):
    """The preflop matrix example reads its cache file from the test run's
    prepared folder (computed once per run), not the user's cache folder."""
    before = os.environ.get("PYRANKCORE_CACHE_DIR")
    os.environ["PYRANKCORE_CACHE_DIR"] = str(preflop_cache_dir)
    yield
    if before is None:
        del os.environ["PYRANKCORE_CACHE_DIR"]
    else:
        os.environ["PYRANKCORE_CACHE_DIR"] = before


def python_blocks():
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def test_readme_has_examples():
    assert len(python_blocks()) >= 3


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_example(index):
    block = python_blocks()[index]
    parser = doctest.DocTestParser()
    globs = {}
    # blocks build on each other (imports, variables), so run the earlier ones first
    for earlier in python_blocks()[:index]:
        exec(
            compile(
                "\n".join(ex.source for ex in parser.get_examples(earlier)), "<readme>", "exec"
            ),
            globs,
        )
    test = parser.get_doctest(block, globs, f"README block {index}", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"README block {index} failed (see output above)"


def shell_sessions():
    """(command, expected output) for every ``$ pyrankcore ...`` line of the
    README's plain code blocks whose output follows it."""
    text = README.read_text(encoding="utf-8")
    pairs = []
    # Match every fence, whatever its language, so openings and closings pair up.
    fences = re.findall(r"^```(\w*)\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)
    for block in (body for lang, body in fences if lang == ""):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ pyrankcore ") and i + 1 < len(lines):
                if not lines[i + 1].startswith("$ "):
                    pairs.append((line[2:], lines[i + 1]))
    return pairs


def test_readme_has_command_line_examples():
    assert len(shell_sessions()) >= 2


@pytest.mark.parametrize(("command", "expected"), shell_sessions())
def test_readme_command_line_example(capsys, command, expected):
    from pyrankcore import cli

    assert cli.main(command.split()[1:]) == 0
    assert capsys.readouterr().out == expected + "\n"
