"""Every ```python block of the documentation pages (docs/*.md) runs and prints
what the page says, as the README's blocks do (tests/packaging/test_readme.py):
the blocks of one page run in order in one namespace, as a reader's session
would; each page starts afresh."""

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
README = DOCS.parent / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", flags=re.DOTALL | re.MULTILINE)


def pages():
    return sorted(DOCS.glob("*.md"))


def blocks(page, language="python"):
    text = page.read_text(encoding="utf-8")
    return [body for lang, body in FENCE.findall(text) if lang == language]


def examples():
    return [(page.name, i) for page in pages() for i in range(len(blocks(page)))]


def test_the_tutorials_have_examples():
    topics = {"ranking", "batches", "variants", "wild-cards", "suits", "ofc", "equity", "dask"}
    with_examples = {page.stem for page in pages() if blocks(page)}
    assert topics <= with_examples, topics - with_examples


@pytest.fixture(autouse=True, scope="module")
def private_cache(preflop_cache_dir):
    """Pages that call preflop_matrix() read it from the test run's cache
    folder (tests/conftest.py), never write the user's own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYRANKCORE_CACHE_DIR", str(preflop_cache_dir))
        yield


@pytest.fixture(scope="module")
def sessions():
    """Per page, the names its blocks have defined so far and the next block
    to run; kept only after a block passes."""
    return {}


def _namespace_before(page, index, sessions):
    session = sessions.get(page.name)
    if session is not None and session["next"] == index:
        return session["globs"]
    # run out of order (-k, a failure before): execute the earlier blocks
    parser = doctest.DocTestParser()
    globs = {}
    for earlier in blocks(page)[:index]:
        source = "\n".join(ex.source for ex in parser.get_examples(earlier))
        exec(compile(source, str(page), "exec"), globs)
    return globs


@pytest.mark.parametrize(("name", "index"), examples())
def test_docs_example(name, index, sessions):
    if name == "dask.md":
        pytest.importorskip("distributed")
    page = DOCS / name
    block = blocks(page)[index]
    globs = _namespace_before(page, index, sessions)
    sessions[name] = {"next": -1, "globs": {}}
    test = doctest.DocTestParser().get_doctest(block, globs, f"{name} block {index}", str(page), 0)
    assert test.examples, f"{name} block {index} has no >>> example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    assert runner.failures == 0, f"{name} block {index} failed (see output above)"
    sessions[name] = {"next": index + 1, "globs": test.globs}


def test_the_cimport_page_shows_the_example_the_readme_compiles():
    # tests/packaging/test_cimport.py compiles the README's ```cython block and
    # checks it against evaluate; the page shows the same code.
    page_blocks = blocks(DOCS / "cimport.md", "cython")
    readme_blocks = blocks(README, "cython")
    assert len(page_blocks) == 1
    assert page_blocks == readme_blocks


def test_the_pages_preflop_matrix_comes_from_the_runs_cache(preflop_cache_dir):
    from pyrankcore import preflop

    assert preflop.cache_path().parent == Path(preflop_cache_dir)
