"""The Python layer keeps the rules DESIGN.md draws ("Layers of the Python
package"), read from the source with ast:

* module-level imports inside pyrankcore form no cycle;
* no module imports another module's private (underscore) names; private
  modules such as ``_core`` or ``_args`` are imported as modules;
* no function imports a pyrankcore module (such imports only dodge a cycle;
  optional dependencies such as tqdm or dask may be imported late);
* the compiled core (``.pyx``/``.pxi``) imports only the modules below it;
* no Python module is much over 600 lines.
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

import pyrankcore

PACKAGE = pathlib.Path(pyrankcore.__file__).resolve().parent
MODULE_FILES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
MAX_LINES = 650  # "about 600"

# What the compiled core may import from the package: the errors and the leaf
# data modules below it. Not the variant catalogue: a variant, or its name,
# is resolved by pyrankcore.games, and the core takes the tables.
BELOW_CORE = {
    "pyrankcore.errors",
    "pyrankcore._args",
    "pyrankcore._rankings",
    "pyrankcore._ranking_data",
    "pyrankcore._ranking_tables",
}


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in MODULE_FILES}
COMPILED = {"pyrankcore._core"}


def is_module(name: str) -> bool:
    return name in MODULES or name in COMPILED


def type_checking_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imports(tree: ast.Module, module: str) -> list[tuple[ast.AST, str, str | None, bool]]:
    """(node, imported module, imported name or None, inside a function) for
    every pyrankcore import outside TYPE_CHECKING blocks."""
    package = (
        module
        if MODULES.get(module, pathlib.Path()).name == "__init__.py"
        else (module.rpartition(".")[0])
    )
    found: list[tuple[ast.AST, str, str | None, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if type_checking_block(child):
                continue
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "pyrankcore":
                        found.append((child, alias.name, None, in_function))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                if base.split(".")[0] != "pyrankcore":
                    continue
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    if is_module(sub):
                        found.append((child, sub, None, in_function))
                    else:
                        found.append((child, base, alias.name, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()}
IMPORTS = {name: imports(tree, name) for name, tree in TREES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(module):
    bad = [
        f"line {node.lineno}: {name} from {source}"
        for node, source, name, _ in IMPORTS[module]
        if name is not None and name.startswith("_") and not name.startswith("__")
    ]
    assert not bad, f"{module} imports private names: {bad}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_function_imports_a_pyrankcore_module(module):
    bad = [f"line {node.lineno}: {source}" for node, source, _, inner in IMPORTS[module] if inner]
    assert not bad, f"{module} imports inside functions: {bad}"


def test_module_level_imports_form_no_cycle():
    graph = {
        name: {source for _, source, _, inner in found if not inner and source in MODULES}
        for name, found in IMPORTS.items()
    }
    # A subpackage's __init__ imports its own modules; Python imports a
    # package before its modules, so those edges are not a cycle.
    for name in graph:
        graph[name] = {
            s for s in graph[name] if not (s != name and name.startswith(s + ".") and s != name)
        }
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if nxt == node:
                continue
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt) :] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name)


# The core's sources: beside the package in a checkout or an editable
# install; an installed wheel has none, so read the checkout's.
CORE_SOURCES = next(
    (
        folder
        for folder in (PACKAGE, pathlib.Path(__file__).resolve().parents[2] / "pyrankcore")
        if (folder / "_core.pyx").is_file()
    ),
    PACKAGE,
)


@pytest.mark.parametrize(
    "path",
    sorted([*CORE_SOURCES.glob("*.pyx"), *CORE_SOURCES.glob("*.pxi")]),
    ids=lambda p: p.name,
)
def test_the_compiled_core_imports_only_the_modules_below_it(path):
    text = path.read_text(encoding="utf-8")
    found = set()
    for match in re.finditer(r"^\s*from (pyrankcore[\w.]*) (?:c?import) ([\w, ]+)", text, re.M):
        base, names = match.group(1), match.group(2)
        if "cimport" in match.group(0):
            continue
        for name in (n.strip() for n in names.split(",")):
            found.add(f"{base}.{name}" if is_module(f"{base}.{name}") else base)
    for match in re.finditer(r"^\s*import (pyrankcore[\w.]*)", text, re.M):
        found.add(match.group(1))
    assert found <= BELOW_CORE, f"{path.name} imports {sorted(found - BELOW_CORE)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_much_over_600_lines(module):
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module}: {lines} lines"


def test_no_issue_numbers_in_code_or_comments():
    """In the installed package and in the checkout these tests belong to
    (its source, C files, tests, docs, benchmarks and README): an installed
    copy has no .pyx, no src/ and no tests."""
    pattern = re.compile(r"\bissue\s*#?\d+|\bmerge conflict", re.I)
    root = pathlib.Path(__file__).resolve().parents[2]
    sources = {*MODULE_FILES, *PACKAGE.glob("*.p[yx][xid]")}
    sources |= {p for p in (root / "pyrankcore").rglob("*") if p.suffix in SCANNED}
    for folder in ("src", "tests", "docs", "bench"):
        sources |= {p for p in (root / folder).rglob("*") if p.suffix in SCANNED}
    sources.add(root / "README.md")
    sources = {
        p.resolve()
        for p in sources
        if p.is_file() and "generated" not in p.parts and "__pycache__" not in p.parts
    }
    sources.discard(pathlib.Path(__file__).resolve())  # the pattern itself
    assert len(sources) > 100
    bad = [
        f"{p.relative_to(root) if p.is_relative_to(root) else p.name}:{i}"
        for p in sorted(sources)
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not bad, bad


SCANNED = {".py", ".pyx", ".pxi", ".pxd", ".pyi", ".c", ".h", ".md", ".toml", ".yml"}


# The layers drawn so far, each module with the package modules it may import
# (its layer and those below), type-checking imports included.
LAYERS = {
    "_display": set(),
    "_hand_counts": {"_core", "_rankings", "_work"},
    "_grid": {"_core", "_display", "_rankings", "errors"},
    "_catalogue": {"_args", "_rankings", "errors"},
    "games": {"_args", "_catalogue", "_core", "_rankings", "errors", "_typing"},
    "seats": {"_core", "errors", "_typing"},
    "hands": {"_args", "_core", "_rankings", "errors", "games", "_typing"},
    "batch": {"_core", "_args", "_work", "errors", "games", "_typing"},
    "variants": {
        "_args",
        "_catalogue",
        "_core",
        "_rankings",
        "errors",
        "games",
        "seats",
        "_typing",
    },
    "suits": {
        "_args",
        "_core",
        "_rankings",
        "errors",
        "games",
        "hands",
        "seats",
        "variants",
        "_typing",
    },
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
    "_figures": {"errors"},
    "plot": {
        "_core",
        "_figures",
        "equities",
        "errors",
        "hands",
        "ofc",
        "preflop",
        "probabilities",
        "ranges",
    },
    "cli.options": {"_args", "_core", "errors", "games"},
    "cli.hands": {
        "_core",
        "_rankings",
        "_work",
        "batch",
        "cli",
        "errors",
        "games",
        "hands",
        "variants",
    },
    "cli.odds": {"cli", "equities", "errors", "games", "probabilities", "variants", "_typing"},
    "cli.ranges": {"_core", "_rankings", "cli", "ranges"},
    "cli.ofc": {"_core", "cli", "ofc"},
    "cli.machine": {"_core", "bench", "cli"},
    "cli": {"cli", "errors"},
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
    tree = TREES[f"pyrankcore.{name}"]
    for module, names, in_function in _package_imports(tree):
        assert not in_function, f"{name} imports pyrankcore.{module} inside a function"
        assert module in LAYERS[name], f"{name} imports pyrankcore.{module}, a layer above"
        private = [n for n in names if n.startswith("_")]
        assert not private, f"{name} imports private names {private} of {module}"
