"""The smoke subset (SMOKE in tests/conftest.py, run with ``-m smoke`` on
every built wheel) names tests that exist and covers every concern."""

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture
def smoke_list(pytestconfig):
    """SMOKE of the conftest.py that this run loaded (not a second import:
    tests/ofc has a conftest.py of its own)."""
    for plugin in pytestconfig.pluginmanager.get_plugins():
        path = getattr(plugin, "__file__", None)
        if path and Path(path).resolve() == TESTS / "conftest.py":
            return plugin.SMOKE
    pytest.fail("tests/conftest.py is not loaded")


def test_every_name_in_the_smoke_list_is_a_test_in_its_file(smoke_list):
    for where, names in smoke_list.items():
        path = TESTS / where
        assert path.is_file(), f"SMOKE names {where}, which is not a file under tests/"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        missing = [name for name in names or () if name not in defined]
        assert not missing, f"SMOKE names tests that {where} does not define: {missing}"


def test_the_smoke_list_touches_every_concern(smoke_list):
    folders = {where.split("/")[0] for where in smoke_list}
    concerns = {"core", "games", "omaha", "wild", "suits", "ranges", "ofc", "equity"}
    assert concerns | {"cli", "packaging"} <= folders
    assert "packaging/test_cimport.py" in smoke_list  # the C API of the built wheel
