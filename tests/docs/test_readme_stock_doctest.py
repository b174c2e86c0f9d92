"""Stock ``python -m doctest README.md`` passes: every ```python block ends with
a blank line before its closing fence (else doctest reads the fence as
expected output), and the README needs no option on the command line."""

import doctest
import os
import re
import subprocess
import sys
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


def test_stock_doctest_passes_on_the_readme(tmp_path, preflop_cache_dir):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # The preflop example reads the test run's prepared cache.
    env["PYRANKCORE_CACHE_DIR"] = str(preflop_cache_dir)
    # Started outside the checkout, so that the installed package is imported.
    result = subprocess.run(
        [sys.executable, "-m", "doctest", str(README)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
