"""The README's Python examples run and print what the README says."""

import doctest
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture(autouse=True, scope="module")
def private_cache(preflop_cache_dir):
    """An example that calls preflop_matrix() reads its cache file from the
    test run's prepared folder (computed once per run), never writes the
    user's cache folder."""
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


@pytest.fixture(scope="module")
def carried():
    """The names the README's blocks have defined so far: block i runs in
    what blocks 0..i-1 left behind, as a reader's session would. Kept only
    after a block passes, so a failure does not leave later blocks a
    half-built namespace (they rebuild it from the text)."""
    return {"next": 0, "globs": {}}


def _namespace_before(index, carried):
    if carried["next"] == index:
        return carried["globs"]
    # run out of order (-k, a failure before): execute the earlier blocks
    parser = doctest.DocTestParser()
    globs = {}
    for earlier in python_blocks()[:index]:
        source = "\n".join(ex.source for ex in parser.get_examples(earlier))
        exec(compile(source, "<readme>", "exec"), globs)
    return globs


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_example(index, carried):
    block = python_blocks()[index]
    globs = _namespace_before(index, carried)
    carried["next"] = -1
    test = doctest.DocTestParser().get_doctest(
        block, globs, f"README block {index}", str(README), 0
    )
    # No option flags: the same rules as stock `python -m doctest README.md`
    # (an example that needs ELLIPSIS says so inline).
    runner = doctest.DocTestRunner(optionflags=0)
    runner.run(test, clear_globs=False)
    assert runner.failures == 0, f"README block {index} failed (see output above)"
    carried["next"], carried["globs"] = index + 1, test.globs


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
