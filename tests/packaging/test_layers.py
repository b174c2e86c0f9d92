"""The layers of the Python package (DESIGN.md): no private name imported
across modules, no import placed inside a function to dodge a loop, and no
import of a layer above."""

import ast
from pathlib import Path

import pytest

import pyrankcore

PACKAGE = Path(pyrankcore.__file__).resolve().parent

# The modules this rule is checked on, each with the package modules it may
# import (its layer and those below).
LAYERS = {
    "_catalogue": {"_rankings", "errors"},
    "games": {"_catalogue", "_core", "_typing"},
    "seats": {"_core", "errors", "_typing"},
    "hands": {"_args", "_core", "_rankings", "errors", "games", "_typing"},
    "batch": {"_core", "_args", "_work", "errors", "games", "_typing"},
    "variants": {"_catalogue", "_core", "_rankings", "errors", "games", "seats", "_typing"},
    "suits": {"_core", "_rankings", "errors", "games", "hands", "seats", "variants", "_typing"},
    "pots": {
        "_args",
        "_catalogue",
        "_core",
        "_rankings",
        "errors",
        "games",
        "seats",
        "suits",
        "variants",
        "_typing",
    },
    "hutchison": {"_catalogue", "_core", "errors", "_typing", "variants"},
}


def _package_imports(tree):
    """(module, names, inside a function) of every import of the package."""
    out = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.ImportFrom) and (child.module or "").startswith("pyrankcore"):
                module = child.module.split(".")[1] if "." in child.module else None
                names = [a.name for a in child.names]
                if module is None:  # from pyrankcore import x, y
                    out.extend((n, [], inner) for n in names)
                else:
                    out.append((module, names, inner))
            elif isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.startswith("pyrankcore."):
                        out.append((a.name.split(".")[1], [], inner))
            visit(child, inner)

    visit(tree, False)
    return out


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_module_imports_only_layers_below_and_no_private_names(name):
    tree = ast.parse((PACKAGE / f"{name}.py").read_text())
    for module, names, in_function in _package_imports(tree):
        assert not in_function, f"{name} imports pyrankcore.{module} inside a function"
        assert module in LAYERS[name], f"{name} imports pyrankcore.{module}, a layer above"
        private = [n for n in names if n.startswith("_")]
        assert not private, f"{name} imports private names {private} of {module}"


def test_the_core_sources_import_no_python_layer_above_it():
    for path in PACKAGE.glob("_*.pxi"):
        text = path.read_text()
        for above in ("variants", "pots", "suits", "games", "batch", "hands"):
            assert f"import {above}" not in text, path.name
            assert f"pyrankcore.{above} import" not in text, path.name
        assert '__name__ == "Variant"' not in text, path.name
