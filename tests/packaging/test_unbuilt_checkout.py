"""Python started inside an unbuilt checkout imports the source folder, which
has no compiled core: the error says so and says what to run."""

import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyrankcore

PACKAGE_DIR = Path(pyrankcore.__file__).resolve().parent
# ``-c`` puts the working directory first on sys.path, as a Python started
# inside a checkout does; ``-S`` leaves out site-packages, where an editable
# install's import hook would find the real checkout before the copy.
CHILD = ("-S", "-c")


def _copy_sources(target):
    """The package's Python sources as a checkout holds them: no compiled
    module, no build output."""
    shutil.copytree(
        PACKAGE_DIR,
        target,
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "*.html", "__pycache__", "build"),
    )
    assert not [p for p in target.rglob("_core*") if p.suffix in (".so", ".pyd")]


def import_in_checkout(tmp_path, *flags):
    """`import pyrankcore` in a fresh copy of the sources (no compiled core),
    Python started there: the last line of its stderr and the checkout."""
    checkout = tmp_path / "checkout"
    _copy_sources(checkout / "pyrankcore")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    result = subprocess.run(
        [sys.executable, *flags, "-c", "import pyrankcore"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    return result.stderr.strip().splitlines()[-1], checkout


def test_importing_an_unbuilt_checkout_says_to_run_pip_install(tmp_path):
    last_line, checkout = import_in_checkout(tmp_path, *CHILD[:-1])
    assert last_line.startswith("ImportError: pyrankcore's compiled core"), last_line
    assert "Run `pip install .`" in last_line
    assert "shadows the installed package" in last_line
    assert str(checkout / "pyrankcore") in last_line


def test_with_pyrankcore_installed_the_message_says_how_to_reach_it(tmp_path):
    # without -S the installed copy is on the path too, behind the checkout:
    # the message says how to reach it (pytest, or another folder), not to
    # install it again
    if "site-packages" not in Path(pyrankcore.__file__).parts:
        pytest.skip("an editable install finds the package past the checkout")
    last_line, _ = import_in_checkout(tmp_path)
    assert "shadows the installed package" in last_line, last_line
    assert f"pyrankcore {importlib.metadata.version('pyrankcore')} is installed" in last_line
    assert "run the tests with `pytest`" in last_line
    assert "Run `pip install .`" not in last_line


def test_other_missing_modules_are_not_reported_as_an_unbuilt_checkout(tmp_path):
    checkout = tmp_path / "checkout"
    _copy_sources(checkout / "pyrankcore")
    # A compiled core that exists but fails on a missing dependency of its own
    # keeps its own error.
    (checkout / "pyrankcore" / "_core.py").write_text("import a_module_that_is_not_there\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    result = subprocess.run(
        [sys.executable, *CHILD, "import pyrankcore"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    last_line = result.stderr.strip().splitlines()[-1]
    assert last_line == "ModuleNotFoundError: No module named 'a_module_that_is_not_there'"
