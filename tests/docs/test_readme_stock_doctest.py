"""Stock ``python -m doctest README.md`` passes: every ```python block ends with
a blank line before its closing fence (else doctest reads the fence as
expected output), and the README needs no option on the command line.

The examples themselves run in tests/packaging/test_readme.py, block by block
in one namespace with no option flags, which is what stock doctest does with
the whole file; running the file a second time here would prove nothing more.
"""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_no_example_expects_a_fence():
    examples = doctest.DocTestParser().get_examples(README.read_text(encoding="utf-8"))
    assert examples
    bad = [ex for ex in examples if "```" in ex.want]
    assert not bad, [(ex.lineno + 1, ex.source) for ex in bad]


def test_every_python_block_ends_with_a_blank_line():
    text = README.read_text(encoding="utf-8")
    bodies = re.findall(r"^```python\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)
    assert bodies
    for body in bodies:
        assert body.endswith("\n\n"), body[-200:]
