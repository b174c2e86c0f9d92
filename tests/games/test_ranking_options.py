"""Ranking options are checked when they are made (OFC rules:
tests/ofc/test_ofc_options.py).

Every bad option raises an InvalidOptionError (a PyrankcoreError and a
ValueError) or, for a wrong type, an OptionTypeError (also a TypeError), whose
message names the option, echoes the bad value and says what is allowed.
Before these checks some of these values crashed the C kernels later.
"""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyrankcore
from pyrankcore import evaluate
from pyrankcore.errors import (
    InvalidOptionError,
    OptionTypeError,
    PyrankcoreError,
    UnknownGameError,
)

GENERATOR = Path(__file__).resolve().parents[2] / "src" / "tablegen" / "gen_tables.py"


def _assert_option_error(info, option, value_text, allowed_text):
    err = info.value
    assert isinstance(err, InvalidOptionError)
    assert isinstance(err, PyrankcoreError) and isinstance(err, ValueError)
    msg = str(err)
    assert option in msg, msg
    assert value_text in msg, msg
    assert allowed_text in msg, msg


# ------------------------------------------------------------------ rankings

BAD_VALUES = [
    # option, value, text the message must show, text of the allowed values
    ("max_cards", 52, "52", "5..7"),  # used to crash in C
    ("max_cards", 8, "8", "5..7"),  # a 7-card stack buffer
    ("max_cards", 4, "4", "5..7"),
    ("min_cards", -3, "-3", "1..5"),  # RecursionError
    ("min_cards", 0, "0", "1..5"),
    ("min_cards", 6, "6", "1..5"),
    ("lowest_rank", -4, "-4", "0..8"),  # KeyError
    ("lowest_rank", 9, "9", "0..8"),
    ("lowest_rank", "J", "'J'", "0..8"),
    ("lowest_rank", "1", "'1'", "0..8"),
    ("qualifier", "3", "'3'", "five ranks"),  # nothing could qualify
    ("qualifier", 13, "13", "0..12"),
    ("qualifier", "Z", "'Z'", "0..12"),
    ("natural_beats_wild", "sometimes", "'sometimes'", '"plain"'),
    ("natural_beats_wild", "", "''", '"graded"'),
]


@pytest.mark.parametrize("option,value,shown,allowed", BAD_VALUES)
def test_ranking_option_out_of_range(option, value, shown, allowed):
    with pytest.raises(InvalidOptionError) as info:
        pyrankcore.ranking("high", **{option: value})
    _assert_option_error(info, option, shown, allowed)
    assert not isinstance(info.value, TypeError)
    with pytest.raises(InvalidOptionError):
        pyrankcore.Ranking("custom", **{option: value})


BAD_TYPES = [
    ("low", "yes"),  # used to be accepted
    ("low", 1),
    ("ace_low", None),
    ("flushes", np.bool_(True)),
    ("trips_over_straight", "False"),
    ("max_cards", 6.0),
    ("max_cards", True),
    ("min_cards", "3"),
    ("lowest_rank", 4.0),
    ("lowest_rank", None),
    ("qualifier", 6.5),  # a comparison TypeError deep in key() before
    ("qualifier", [6]),
    ("natural_beats_wild", 1),
    ("natural_beats_wild", None),
]


@pytest.mark.parametrize("option,value", BAD_TYPES)
def test_ranking_option_of_wrong_type(option, value):
    with pytest.raises(OptionTypeError) as info:
        pyrankcore.ranking("ace_five", **{option: value})
    assert isinstance(info.value, TypeError)
    _assert_option_error(info, option, repr(value)[:20], type(value).__name__)


def test_qualifier_needs_five_ranks_under_the_ace_rule():
    # With aces low, A-2-3-4-5 all sit at or below a five: 5-or-better works.
    five_or_better = pyrankcore.ranking("ace_five", qualifier="5")
    assert five_or_better.qualifier == 3
    assert evaluate("5c 4d 3h 2s Ac", five_or_better) > 0
    assert evaluate("6c 4d 3h 2s Ac", five_or_better) == 0
    # With aces high only 2-3-4-5 are at or below a five: nothing qualifies.
    with pytest.raises(InvalidOptionError, match="qualifier"):
        pyrankcore.ranking("deuce_seven", qualifier="5")
    assert pyrankcore.ranking("deuce_seven", qualifier="6").qualifier == 4
    # A stripped deck from sevens up has no five ranks at or below an eight.
    with pytest.raises(InvalidOptionError, match="qualifier"):
        pyrankcore.ranking("ace_five", lowest_rank="7", qualifier="8")


@pytest.mark.parametrize("base", ["high", "short_deck", "incomplete", "stripped_7"])
def test_a_high_ranking_refuses_a_qualifier(base):
    # "Eight or better" bounds the ranks of a low; a high hand has no such
    # rule, and the one it would be read as (five ranks under an eight) made
    # a 7-card hand score 0 beside a qualifying straight.
    if base == "stripped_7":
        base = pyrankcore.stripped_deck("7")
    with pytest.raises(InvalidOptionError, match="qualifier") as info:
        pyrankcore.ranking(base, qualifier="K")  # five ranks and more under a king
    _assert_option_error(info, "qualifier", "'K'", "high ranking")
    with pytest.raises(InvalidOptionError, match="qualifier"):
        pyrankcore.Ranking("my_high", qualifier=6)


@pytest.mark.parametrize("name", ["ace_five", "ace_six", "deuce_seven"])
@pytest.mark.parametrize("qualifier", ["8", "T", "K"])
def test_a_qualifying_low_is_the_best_qualifying_five(name, qualifier):
    # 6- and 7-card hands, flushes among them: each scores its best five of
    # its cards (0 where no five qualifies), by brute force over the subsets.
    from itertools import combinations

    r = pyrankcore.ranking(name, qualifier=qualifier)
    rng = np.random.default_rng(len(name) + ord(qualifier))
    # a heart flush beside two clubs: K-7-4-2-5 and 8-7-5-4-3 of hearts
    flushes = ([11, 5, 2, 0, 3], [6, 5, 3, 2, 1])
    suited = [[4 * rank + 2 for rank in ranks] + [1, 5] for ranks in flushes]
    for k in (6, 7):
        rows = np.array(
            [rng.choice(52, k, replace=False) for _ in range(4000)] + [h[:k] for h in suited],
            dtype=np.uint8,
        )
        best = np.zeros(len(rows), dtype=np.uint16)
        for five in combinations(range(k), 5):
            fives = np.ascontiguousarray(rows[:, five])
            best = np.maximum(best, pyrankcore.evaluate_batch(fives, r))
        assert pyrankcore.evaluate_batch(rows, r).tolist() == best.tolist()


def test_text_ranks_are_stored_as_indexes():
    by_text = pyrankcore.ranking("ace_five", qualifier="8")
    assert by_text.qualifier == 6
    assert by_text == pyrankcore.ranking("ace_five", qualifier=6)
    assert by_text.name == "ace_five[qualifier=6]"
    assert pyrankcore.ranking("high", lowest_rank="10").lowest_rank == 8
    assert pyrankcore.ranking("high", lowest_rank="6") == pyrankcore.ranking(
        "high", lowest_rank=np.int64(4)
    )
    assert type(pyrankcore.ranking("high", lowest_rank=np.int64(4)).lowest_rank) is int
    # An eight-or-better from options ranks hands as the built-in does.
    rng = np.random.default_rng(8)
    hands = np.array([rng.permutation(52)[:7] for _ in range(300)])
    assert (
        pyrankcore.evaluate_batch(hands, by_text) == pyrankcore.evaluate_batch(hands, "ace_five_8")
    ).all()


def test_valid_options_keep_their_names():
    assert pyrankcore.ranking("high") is pyrankcore.ranking("high", low=False)
    assert (
        pyrankcore.ranking("short_deck", trips_over_straight=True).name
        == "short_deck[trips_over_straight]"
    )
    assert (
        pyrankcore.ranking("ace_six", broadway=True, ace_pair_high=True).name
        == "ace_six[ace_pair_high,broadway]"
    )
    assert pyrankcore.ranking("incomplete", max_cards=7).max_cards == 7


def test_ranking_name_and_unknown_options():
    with pytest.raises(UnknownGameError, match="no_such"):
        pyrankcore.ranking("no_such")
    with pytest.raises(TypeError, match="int"):
        pyrankcore.ranking(3)
    with pytest.raises(OptionTypeError) as info:
        pyrankcore.ranking("high", max_card=6)
    assert "max_card" in str(info.value) and "max_cards" in str(info.value)
    with pytest.raises(OptionTypeError, match="name"):
        pyrankcore.Ranking(None)
    with pytest.raises(InvalidOptionError, match="name"):
        pyrankcore.Ranking("")
    with pytest.raises(OptionTypeError) as info:
        pyrankcore.ranking("ace_six", no_such_option=True)
    assert "no_such_option" in str(info.value) and "ace_pair_high" in str(info.value)


def test_long_values_are_cut_in_messages():
    with pytest.raises(InvalidOptionError) as info:
        pyrankcore.ranking("high", lowest_rank="x" * 500)
    assert len(str(info.value)) < 250
    assert "xxxx" in str(info.value)


def test_stripped_deck_options():
    with pytest.raises(OptionTypeError, match="straights"):
        pyrankcore.stripped_deck("7", straights="no")
    with pytest.raises(OptionTypeError, match="name"):
        pyrankcore.stripped_deck("7", name=7)
    with pytest.raises(InvalidOptionError) as info:
        pyrankcore.stripped_deck("J")
    _assert_option_error(info, "lowest", "'J'", "0..8")
    assert pyrankcore.stripped_deck(np.int8(5)) == pyrankcore.stripped_deck("7")


def test_table_generator_loads_the_ranking_data_without_the_package():
    """The table generator loads the ranking data and table modules by path
    before the package is built: they import nothing from it (python -S: no
    site-packages, so no installed pyrankcore either), and the built-in
    rankings they define have the class counts of the compiled tables."""
    if not GENERATOR.is_file():
        pytest.skip("the table generator is not in this tree (installed-only run)")
    code = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("gen", {str(GENERATOR)!r})
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
data, tables = gen.load_ranking_modules()
assert not [m for m in sys.modules if m.startswith("pyrankcore")], "imported the package"
for name in ("high", "short_deck", "ace_five_8"):
    ranking = data.RankingData(name, **data.BUILT_IN_RANKINGS[name])
    print(name, len(ranking.classes()))
"""
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd="/", capture_output=True, text=True, check=True
    )
    counts = dict(line.split() for line in out.stdout.splitlines())
    assert {name: int(n) for name, n in counts.items()} == {
        name: pyrankcore._core.CLASS_COUNTS[name] for name in counts
    }
    assert len(counts) == 3


@pytest.mark.parametrize("lowest", ["1", "X", "", "J", "A", 9, -1, 12])
def test_stripped_deck_bad_lowest_rank(lowest):
    with pytest.raises(InvalidOptionError) as info:
        pyrankcore.stripped_deck(lowest)
    _assert_option_error(info, "lowest", repr(lowest), "0..8")


@pytest.mark.parametrize("lowest", [None, 7.0, True, ["7"]])
def test_stripped_deck_lowest_of_wrong_type(lowest):
    with pytest.raises(OptionTypeError, match="lowest must be") as info:
        pyrankcore.stripped_deck(lowest)
    assert type(lowest).__name__ in str(info.value)
