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
    "pyrankcore.boards",
    "pyrankcore.solver",
    "pyrankcore.features",
    "pyrankcore.indexer",
    "pyrankcore.streets",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_docstring_examples_exist():
    # counted, not run again: test_docstring_examples runs them
    finder = doctest.DocTestFinder()
    total = sum(
        len(test.examples)
        for name in MODULES
        for test in finder.find(importlib.import_module(name))
    )
    assert total >= 20
