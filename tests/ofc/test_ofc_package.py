"""pyrankcore.ofc is a package split by trade; its public names are those of
the single module it replaced, and its modules keep the import rules of the
package (DESIGN.md, "Layers of the Python package")."""

from __future__ import annotations

import pathlib

import pyrankcore
from pyrankcore import ofc

OFC_FOLDER = pathlib.Path(ofc.__file__).parent
MODULES = sorted(OFC_FOLDER.glob("*.py"))

# __all__ of pyrankcore.ofc before the split, and the public names it had
# besides (the rules' constants and the Category enum of the royalty tables).
ALL = {
    "DD_N_CLASSES",
    "MAX_PLAYERS",
    "OFC_DEALT",
    "PINEAPPLE_DEALT",
    "STANDARD_ROYALTIES",
    "Board",
    "RoyaltyTable",
    "Rules",
    "check_deal",
    "fantasyland",
    "royalties_batch",
    "score",
    "score_batch",
    "solve_fantasyland",
    "solve_fantasyland_batch",
    "stays_in_fantasyland",
}
ALSO_PUBLIC = {"DECK_SIZE", "DEFAULT_RULES", "MAX_POINTS", "MOST_DEALT", "Category"}


def test_public_names_are_those_of_the_module_it_replaced():
    assert set(ofc.__all__) == ALL
    for name in ALL | ALSO_PUBLIC:
        assert hasattr(ofc, name), name
    namespace: dict[str, object] = {}
    exec("from pyrankcore.ofc import *", namespace)
    assert set(namespace) - {"__builtins__"} == ALL
    assert callable(ofc.fantasyland)  # the function, not a module of that name
    assert ofc.Category is pyrankcore.Category
    assert (ofc.MAX_POINTS, ofc.DECK_SIZE, ofc.MOST_DEALT) == (1_000_000, 52, 17)
    assert ofc.DEFAULT_RULES == ofc.Rules()


# Module sizes and import rules: tests/packaging/test_layers.py, for every module.


# That a wheel ships the package: tests/packaging/test_packages.py.
