"""The examples in the docstrings run and print what they say."""

import doctest
import importlib

import pytest

MODULES = [
    "pyrankcore",
    "pyrankcore._core",
    "pyrankcore._rankings",
    "pyrankcore.batch",
    "pyrankcore.hands",
    "pyrankcore.ofc",
    "pyrankcore.ofc.rules",
    "pyrankcore.ofc.two_decks",
    "pyrankcore.ofc.board",
    "pyrankcore.ofc.solver",
    "pyrankcore.ofc.batch",
    "pyrankcore.variants",
    "pyrankcore.pots",
    "pyrankcore.games",
    "pyrankcore.equities",
    "pyrankcore.equities.planning",
    "pyrankcore.preflop",
    "pyrankcore.ranges",
    "pyrankcore._grid",
    "pyrankcore.probabilities",
    "pyrankcore.suits",
    "pyrankcore.hutchison",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_docstring_examples_exist():
    total = sum(
        doctest.testmod(importlib.import_module(name), report=False).attempted for name in MODULES
    )
    assert total >= 20
