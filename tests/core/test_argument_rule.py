"""The one rule for whole-number arguments, across the public API.

Every public function that takes a whole number accepts a Python int or a
NumPy integer scalar, with the same result, and refuses a bool, a float and
a string with one TypeError: "<name> must be an int, not <type>" ("an int or
None" where None is allowed). Ranking options follow the same rule with
their option messages (OptionTypeError, a TypeError).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import ofc, preflop, variants
from pyrankcore.errors import OptionTypeError
from pyrankcore.suits import split_suited

HANDS = ["As Ks", "Qd Qc"]
FLOP = "2h 3h 4d"
RIVER = FLOP + " 9s Tc"
SEVEN_CARD_ROWS = prc.random_hands(40, 7, seed=1)
OMAHA_HOLES = prc.random_hands(6, 4, seed=2)
OMAHA_BOARDS = np.array([[c for c in range(52) if c not in h][:5] for h in OMAHA_HOLES], np.uint8)
FANTASYLAND_HANDS = prc.random_hands(2, 14, seed=3)
JOKERS = prc.ranking("high", wild="jokers")


def _equity(**kwargs):
    return prc.equity("Hold'em", HANDS, FLOP, **kwargs).players[0].equity


@dataclass(frozen=True)
class Case:
    """One whole-number argument of one public function: *call* puts a
    value in that argument (the others valid), *good* is a valid int for
    it, *name* is how the message names it."""

    id: str
    name: str
    call: Callable[[Any], Any]
    good: int
    optional: bool = False


CASES = [
    Case("probabilities-cards", "cards", lambda v: prc.probabilities("high", v, deck=20).counts, 5),
    Case(
        "probabilities-decks",
        "decks",
        lambda v: prc.probabilities("high", 5, deck=20, decks=v).counts,
        2,
    ),
    Case(
        "probabilities-jokers",
        "jokers",
        lambda v: prc.probabilities(JOKERS, 5, deck=20, jokers=v).counts,
        2,
        optional=True,
    ),
    Case("random_hands-n", "n", lambda v: prc.random_hands(v, 5, seed=1), 3),
    Case("random_hands-k", "k", lambda v: prc.random_hands(3, v, seed=1), 5),
    Case("random_hands-seed", "seed", lambda v: prc.random_hands(3, 5, seed=v), 7, optional=True),
    Case("describe", "strength", prc.describe, 7462),
    Case("category", "strength", prc.category, 7462),
    Case("to_cactus_kev", "strength", prc.to_cactus_kev, 7462),
    Case("from_cactus_kev", "Cactus-Kev rank", prc.from_cactus_kev, 1),
    Case("parse_range", "hole_cards", lambda v: prc.parse_range("AAKK", hole_cards=v), 4),
    Case(
        "evaluate_batch-threads",
        "threads",
        lambda v: prc.evaluate_batch(SEVEN_CARD_ROWS, threads=v).tolist(),
        2,
        optional=True,
    ),
    Case(
        "evaluate_omaha_batch-threads",
        "threads",
        lambda v: prc.evaluate_omaha_batch(OMAHA_HOLES, OMAHA_BOARDS, threads=v).tolist(),
        2,
        optional=True,
    ),
    Case(
        "showdown-pot",
        "pot",
        lambda v: prc.showdown("Hold'em", HANDS, RIVER, pot=v),
        100,
    ),
    Case("binglao", "roll", variants.binglao, 4),
    Case("split_suited", "value", lambda v: split_suited(v), 7462 << 10),
    Case("equity-trials", "trials", lambda v: _equity(trials=v, seed=1), 2000, optional=True),
    Case("equity-seed", "seed", lambda v: _equity(trials=2000, seed=v), 5, optional=True),
    Case(
        "equity-threads",
        "threads",
        lambda v: _equity(trials=2000, seed=1, threads=v),
        2,
        optional=True,
    ),
    Case(
        "solve_fantasyland_batch-threads",
        "threads",
        lambda v: ofc.solve_fantasyland_batch(FANTASYLAND_HANDS, threads=v),
        2,
        optional=True,
    ),
    Case("ofc-check_deal", "dealt[0]", lambda v: ofc.check_deal([v, 13]), 13),
]


CASE_PARAMS = [pytest.param(case, id=case.id) for case in CASES]


def _same(a, b):
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b) and a.dtype == b.dtype
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("case", CASE_PARAMS)
def test_numpy_integers_are_accepted_with_the_same_result(case):
    assert _same(case.call(np.int64(case.good)), case.call(case.good))


@pytest.mark.parametrize("bad", [True, 1.0, "1"], ids=["bool", "float", "str"])
@pytest.mark.parametrize("case", CASE_PARAMS)
def test_bools_floats_and_strings_are_refused_with_one_message(case, bad):
    allowed = "an int or None" if case.optional else "an int"
    message = f"{case.name} must be {allowed}, not {type(bad).__name__}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        case.call(bad)


class _Computed(Exception):
    """Raised by a stand-in for the preflop computation (minutes of work)."""


@pytest.mark.parametrize("bad", [True, 1.0, "1"], ids=["bool", "float", "str"])
def test_preflop_matrix_threads(monkeypatch, tmp_path, bad):
    def compute(n_threads, progress):
        raise _Computed(n_threads)

    monkeypatch.setattr(preflop, "compute", compute)
    with pytest.raises(_Computed) as info:
        prc.preflop_matrix(cache_dir=tmp_path, threads=np.int64(1))
    assert info.value.args == (1,) and type(info.value.args[0]) is int
    message = f"threads must be an int or None, not {type(bad).__name__}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        prc.preflop_matrix(cache_dir=tmp_path, threads=bad)


def test_dask_equity_threads_take_numpy_integers():
    dask = pytest.importorskip("pyrankcore.dask")
    kwargs = {"trials": 2000, "seed": 1}
    result = dask.equity("Hold'em", HANDS, FLOP, threads=np.int64(2), **kwargs)
    assert result == dask.equity("Hold'em", HANDS, FLOP, threads=2, **kwargs)


@pytest.mark.parametrize("bad", [True, 1.0, "1"], ids=["bool", "float", "str"])
def test_dask_equity_threads_refuse_what_is_not_a_whole_number(bad):
    dask = pytest.importorskip("pyrankcore.dask")
    message = f"threads must be an int or None, not {type(bad).__name__}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        dask.equity("Hold'em", HANDS, FLOP, threads=bad, trials=2000, seed=1)


def test_deck_size_takes_numpy_integers():
    """probabilities(deck=...) takes a deck size or a rank as any whole number."""
    twenty = prc.probabilities("high", 5, deck=20)
    assert prc.probabilities("high", 5, deck=np.int64(20)) == twenty
    assert prc.probabilities("high", 5, deck=np.uint8(8)) == twenty


@pytest.mark.parametrize("option", ["min_cards", "max_cards", "lowest_rank", "qualifier"])
def test_ranking_options_take_numpy_integers(option):
    good = {"min_cards": 2, "max_cards": 6, "lowest_rank": 4, "qualifier": 7}[option]
    base = "ace_five" if option == "qualifier" else "high"
    made = prc.ranking(base, **{option: np.int64(good)})
    assert made == prc.ranking(base, **{option: good})
    assert type(getattr(made, option)) is int


@pytest.mark.parametrize(
    "bad", [True, np.True_, 6.0, "6", np.array(6)], ids=["bool", "np.bool", "float", "str", "0-d"]
)
def test_ranking_options_refuse_what_is_not_a_whole_number(bad):
    message = f"ranking 'high': max_cards must be an int 5..7, not {type(bad).__name__}"
    with pytest.raises(OptionTypeError, match=f"^{re.escape(message)} "):
        prc.ranking("high", max_cards=bad)
