"""Calls that type checkers must refuse: each line marked ``# rejected`` is a
mypy error (tests/packaging/test_typing.py checks the lines mypy names).
Not run: the calls would raise at run time too."""

from __future__ import annotations

import pyrankcore as prc


def misspelled_names(name: str) -> None:
    prc.evaluate("As Ks Qs Js Ts", "hgih")  # rejected
    prc.evaluate("As Ks Qs Js Ts", name)  # rejected
    prc.showdown("Omaha High-Low", ["As2sQdJd", "3h4c8hKc"], "5s7dKh2c9h")  # rejected
    prc.evaluate_batch([[51, 47, 43, 39, 35]], "High")  # rejected
    prc.equity("holdem ", ["AhKh", "QsQd"])  # rejected
    prc.ranking("high", suit_tiebreak="highest")  # rejected
