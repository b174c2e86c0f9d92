"""The README's Python examples run and print what the README says."""

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


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
