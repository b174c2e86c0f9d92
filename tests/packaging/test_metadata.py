"""The installed distribution's metadata: what pip and PyPI read."""

import importlib.metadata

import pytest


@pytest.fixture(scope="module")
def metadata():
    try:
        return importlib.metadata.metadata("pyrankcore")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        pytest.skip("pyrankcore is not installed as a distribution")


def test_pokerkit_is_only_required_where_it_installs(metadata):
    # pokerkit needs Python 3.11+: unmarked, `pip install ".[test]"` fails on 3.10.
    requires = metadata.get_all("Requires-Dist") or []
    pokerkit = [r for r in requires if r.replace(" ", "").startswith("pokerkit")]
    assert len(pokerkit) == 1, requires
    marker = pokerkit[0].replace(" ", "").replace("'", '"')
    assert 'python_version>="3.11"' in marker, pokerkit[0]
    assert 'extra=="test"' in marker, pokerkit[0]


def test_test_extra_brings_mypy(metadata):
    requires = [r.replace(" ", "") for r in metadata.get_all("Requires-Dist") or []]
    assert any(r.startswith("mypy>=") and 'extra=="test"' in r for r in requires), requires


def test_project_urls(metadata):
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Source", "Issues", "Documentation", "Changelog"} <= set(urls), urls
    for url in urls.values():
        assert url.startswith("https://github.com/pyrankcore/pyrankcore"), url
    assert urls["Changelog"].endswith("/CHANGELOG.md"), urls


def test_every_optional_dependency_has_a_lower_bound(metadata):
    # An unbounded requirement lets the resolver fall back to an ancient
    # release where a platform lacks wheels (the dask extra once resolved to
    # dask 0.9.0, which has no distributed at all).
    requires = [r.replace(" ", "") for r in metadata.get_all("Requires-Dist") or []]
    optional = [r for r in requires if "extra==" in r]
    assert optional
    for requirement in optional:
        assert ">=" in requirement.split(";", 1)[0], requirement


def test_python_classifiers_match_requires_python(metadata):
    classifiers = set(metadata.get_all("Classifier") or [])
    versions = {
        c.rsplit(" :: ", 1)[1]
        for c in classifiers
        if c.startswith("Programming Language :: Python :: 3.")
    }
    assert versions == {"3.10", "3.11", "3.12", "3.13", "3.14"}
    assert metadata["Requires-Python"] == ">=3.10"
    for c in (
        "Programming Language :: Python :: 3 :: Only",
        "Programming Language :: Python :: Implementation :: CPython",
        "Operating System :: POSIX :: Linux",
        "Operating System :: MacOS",
        "Operating System :: Microsoft :: Windows",
    ):
        assert c in classifiers, c


def test_summary_names_what_the_library_covers(metadata):
    summary = metadata["Summary"].lower()
    for word in ("low", "omaha", "open-face", "numpy", "cimport"):
        assert word in summary, word


def _extra(requires, name):
    return {
        r.split(";", 1)[0].strip() for r in requires if f'extra == "{name}"' in r.replace("'", '"')
    }


def test_the_all_extra_brings_every_optional_part(metadata):
    """One `pip install ".[all]"` instead of one build per extra."""
    requires = metadata.get_all("Requires-Dist") or []
    every = _extra(requires, "all")
    parts = {"dask", "plot", "progress", "pandas", "parquet"}
    for name in parts:
        assert _extra(requires, name), name
        assert _extra(requires, name) <= every, name
    assert every == set().union(*(_extra(requires, name) for name in parts))
    # the test extra tests every optional part too
    assert every <= _extra(requires, "test")
