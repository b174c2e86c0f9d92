"""A wheel ships every package of the source tree. setuptools lists the
packages explicitly (pyproject.toml), so a sub-package missing from the list
still imports in an editable install or from the checkout, and is absent
from every wheel. The list is read from the checkout these tests belong to;
the installed copy is checked where it is not the checkout (CI installs a
wheel, an sdist or a plain `pip install .`)."""

import importlib
import pathlib

import pytest

import pyrankcore

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = ROOT / "pyrankcore"
INSTALLED = pathlib.Path(pyrankcore.__file__).resolve().parent


def source_packages():
    return sorted(
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in SOURCE.rglob("__init__.py")
        if "__pycache__" not in init.parts
    )


def listed_packages():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return sorted(pyproject["tool"]["setuptools"]["packages"])


needs_source = pytest.mark.skipif(
    not SOURCE.is_dir(), reason="the checkout's source folder was removed (an sdist test)"
)


@needs_source
def test_the_source_tree_has_sub_packages():
    assert {"pyrankcore", "pyrankcore.ofc", "pyrankcore.equities"} <= set(source_packages())


@needs_source
def test_pyproject_lists_every_package_of_the_source_tree():
    assert listed_packages() == source_packages()


@pytest.mark.skipif(INSTALLED == SOURCE, reason="the checkout's own source is what is imported")
def test_the_installed_copy_has_every_package():
    expected = source_packages() if SOURCE.is_dir() else listed_packages()
    assert "pyrankcore.ofc" in expected
    for name in expected:
        module = importlib.import_module(name)
        assert pathlib.Path(module.__file__).resolve().is_relative_to(INSTALLED), name
