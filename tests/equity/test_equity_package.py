"""pyrankcore.equities is a package split by trade: the public names of the
module it replaced still import, no module is over 600 lines, none imports
another module's private names or hides an import of pyrankcore in a
function."""

import pathlib

import pyrankcore
from pyrankcore import equities

PACKAGE = pathlib.Path(equities.__file__).parent
# the package's modules, and the modules that run equity on it
MODULES = sorted(PACKAGE.glob("*.py")) + [
    PACKAGE.parent / "dask.py",
    PACKAGE.parent / "preflop.py",
]


def test_public_names_are_those_of_the_module_it_replaced():
    from pyrankcore.equities import MAX_TRIALS, EquityResult, PlayerEquity, equity

    assert {"EquityResult", "PlayerEquity", "equity"} <= set(equities.__all__)
    assert equity is pyrankcore.equity and callable(equity)
    assert EquityResult is pyrankcore.EquityResult and PlayerEquity is pyrankcore.PlayerEquity
    assert MAX_TRIALS == 2**40  # the CLI's bound on --trials


# Module sizes and import rules: tests/packaging/test_layers.py, for every module.


# That a wheel ships the package: tests/packaging/test_packages.py.
