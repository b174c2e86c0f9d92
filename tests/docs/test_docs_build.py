"""The documentation site builds with warnings as errors (mkdocs --strict), as
the docs CI job builds it. Needs the ``docs`` extra; skipped without it."""

import shutil
import subprocess
import sys
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


def test_the_site_builds_without_warnings(tmp_path):
    site = tmp_path / "site"
    result = subprocess.run(
        [_mkdocs(), "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
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
