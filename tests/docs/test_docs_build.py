"""The documentation site builds with warnings as errors (mkdocs --strict), as
the docs CI job builds it. Needs the ``docs`` extra; skipped without it."""

import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mkdocs():
    """The mkdocs script of this Python's environment. Not ``python -m mkdocs``:
    that puts the working directory (the checkout) first on sys.path, and the
    source folder would shadow the installed package the reference is made from."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    pytest.importorskip("mkdocstrings_handlers.python", reason="the docs extra is not installed")
    script = shutil.which("mkdocs", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("no mkdocs script beside this Python")
    return script


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, built once for the tests of this file."""
    site = tmp_path_factory.mktemp("docs") / "site"
    result = subprocess.run(
        [_mkdocs(), "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def test_the_site_builds_without_warnings(site):
    for page in (ROOT / "docs").glob("*.md"):
        html = site / "index.html" if page.stem == "index" else site / page.stem / "index.html"
        assert html.is_file(), page.name
    reference = (site / "reference" / "index.html").read_text(encoding="utf-8")
    # docstrings of the compiled core and of the Python layers both render
    assert "Parse cards into a list of card ids" in reference  # pyrankcore._core
    assert "Strengths of N hands given as an (N, k) integer array" in reference  # batch.py
    # doctest lines read as code, and no Sphinx role is left as text
    assert "language-pycon" in reference
    assert ":class:" not in reference and ":func:" not in reference
    # compiled functions are functions to a caller, not "method descriptor"s
    assert "method descriptor" not in reference
    # code is coloured when the site is built (Pygments), not by a script
    assert 'class="gp"' in reference  # the >>> prompt of a pycon block


class _TextOutsidePre(HTMLParser):
    """The text of a page that is not inside a <pre> block."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.texts = []

    def handle_starttag(self, tag, attrs):
        self.depth += tag == "pre"

    def handle_endtag(self, tag):
        self.depth -= tag == "pre"

    def handle_data(self, data):
        if self.depth == 0:
            self.texts.append(data)


def outside_code_blocks(html):
    parser = _TextOutsidePre()
    parser.feed(html)
    return parser.texts


def test_outside_pre_finds_a_fence_in_a_table_cell():
    # what a docstring's example after its "Raises" section renders as
    html = "<pre><code>&gt;&gt;&gt; 1</code></pre><td><code>```pycon</code></td>"
    assert outside_code_blocks(html) == ["```pycon"]


def test_no_example_renders_outside_a_code_block(site):
    """An example or a fence outside a code block is a docstring whose
    example comes after one of its sections (Raises, Returns): the section
    swallows it, a table row a line."""
    bad = [
        (str(page.relative_to(site)), text.strip()[:80])
        for page in sorted(site.rglob("*.html"))
        for text in outside_code_blocks(page.read_text(encoding="utf-8"))
        if "```" in text or ">>>" in text
    ]
    assert not bad, bad
