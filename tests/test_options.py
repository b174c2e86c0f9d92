"""Ranking options and OFC rules are checked when they are made.

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
from pyrankcore import evaluate, ofc
from pyrankcore.errors import (
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
    PyrankcoreError,
    UnknownGameError,
)
from pyrankcore.hands import Category

GENERATOR = Path(__file__).resolve().parent.parent / "src" / "tablegen" / "gen_tables.py"


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


# ----------------------------------------------------------------------- OFC


@pytest.mark.parametrize(
    "kwargs,option,allowed",
    [
        ({"front_pairs": (0,) * 12}, "front_pairs", "13"),
        ({"front_trips": tuple(range(14))}, "front_trips", "13"),
        ({"front_pairs": (0,) * 12 + (-1,)}, "front_pairs[12]", "0..1,000,000"),
        ({"middle_royal": -1}, "middle_royal", "0..1,000,000"),
        ({"back_royal": 10**7}, "back_royal", "0..1,000,000"),
        ({"back": ((Category.STRAIGHT, -2),)}, "back[STRAIGHT]", "0..1,000,000"),
        ({"back": ((10, 2),)}, "back", "0..9"),  # 9 is FIVE_OF_A_KIND (double deck)
        ({"middle": ((Category.FLUSH, 8), (Category.FLUSH, 9))}, "middle", "FLUSH"),
    ],
)
def test_royalty_table_values(kwargs, option, allowed):
    with pytest.raises(InvalidOptionError) as info:
        ofc.RoyaltyTable(**kwargs)
    assert not isinstance(info.value, TypeError)
    assert option in str(info.value) and allowed in str(info.value)


@pytest.mark.parametrize(
    "kwargs,option",
    [
        ({"back_royal": 2.5}, "back_royal"),
        ({"middle_royal": True}, "middle_royal"),
        ({"front_pairs": "0" * 13}, "front_pairs"),
        ({"front_trips": None}, "front_trips"),
        ({"middle": ((Category.FLUSH, "8"),)}, "middle[FLUSH]"),
        ({"middle": (Category.FLUSH,)}, "middle"),
        ({"back": (("FLUSH", 4),)}, "back"),
        ({"back": 4}, "back"),
    ],
)
def test_royalty_table_types(kwargs, option):
    with pytest.raises(OptionTypeError) as info:
        ofc.RoyaltyTable(**kwargs)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)
    assert option in str(info.value)


def test_royalty_table_accepts_lists_and_mappings():
    table = ofc.RoyaltyTable(front_pairs=[0] * 13, back={Category.FLUSH: 4, Category.FULL_HOUSE: 6})
    assert table.front_pairs == (0,) * 13
    hash(table)  # tables are cached by their RoyaltyTable
    board = ofc.Board("2c 3d 4h", "5c 5d 7s 8c 9d", "2h 6h 9h Jh Kh")
    rules = ofc.Rules(royalties=table)
    assert board.row_royalties_under(rules) == (0, 0, 4)
    assert ofc.RoyaltyTable(back=dict(ofc.STANDARD_ROYALTIES.back)) == ofc.STANDARD_ROYALTIES


@pytest.mark.parametrize(
    "kwargs,option,allowed,is_type",
    [
        ({"fantasyland_cards": "random"}, "fantasyland_cards", "'progressive'", False),
        ({"fantasyland_cards": 14}, "fantasyland_cards", "'fixed'", True),
        ({"stay": "forever"}, "stay", "'pineapple'", False),
        ({"stay": None}, "stay", "'classic'", True),
        ({"fixed_cards": 12}, "fixed_cards", "13..17", False),
        ({"fixed_cards": 18}, "fixed_cards", "13..17", False),
        ({"fixed_cards": 14.0}, "fixed_cards", "13..17", True),
        ({"row_points": 1.5}, "row_points", "0..1,000,000", True),
        ({"scoop_bonus": "3"}, "scoop_bonus", "0..1,000,000", True),
        ({"moon_bonus": -20}, "moon_bonus", "0..1,000,000", False),
        ({"fantasyland": 1}, "fantasyland", "True or False", True),
        ({"shoot_the_moon": "yes"}, "shoot_the_moon", "True or False", True),
        ({"royalties": {}}, "royalties", "RoyaltyTable", True),
    ],
)
def test_rules_fields(kwargs, option, allowed, is_type):
    with pytest.raises(InvalidOptionError) as info:
        ofc.Rules(**kwargs)
    assert isinstance(info.value, TypeError) == is_type
    assert isinstance(info.value, OptionTypeError) == is_type
    assert option in str(info.value) and allowed in str(info.value)


IVEY = ofc.Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
HELLMUTH = ofc.Board("Ah Kd Qd", "9h 9d 5h 5d 4c", "Ks Js 9s 8s 7s")


def _rules_calls(rules):
    deal = np.array([IVEY.cards, HELLMUTH.cards]).reshape(1, 2, 13)
    return [
        lambda: ofc.score([IVEY, HELLMUTH], rules),
        lambda: ofc.score_batch(deal, rules),
        lambda: ofc.royalties_batch(deal, rules),
        lambda: ofc.fantasyland(IVEY, rules),
        lambda: ofc.stays_in_fantasyland(IVEY, rules),
        lambda: ofc.solve_fantasyland(IVEY.cards, rules),
        lambda: IVEY.row_royalties_under(rules),
    ]


@pytest.mark.parametrize("rules", ["x", "", 0, {}, ofc.STANDARD_ROYALTIES])
def test_rules_argument_must_be_rules(rules):
    for i, call in enumerate(_rules_calls(rules)):
        with pytest.raises(OptionTypeError) as info:
            call()
        assert "rules" in str(info.value) and type(rules).__name__ in str(info.value), i


def test_rules_none_means_the_standard_game():
    for call_none, call_default in zip(_rules_calls(None), _rules_calls(ofc.Rules())):
        got, want = call_none(), call_default()
        if isinstance(got, np.ndarray):
            assert (got == want).all()
        else:
            assert got == want


def test_player_counts_are_invalid_arguments():
    one = np.array([IVEY.cards]).reshape(1, 1, 13)
    five = np.zeros((1, 5, 13), dtype=np.int64)
    for call in (
        lambda: ofc.score([IVEY]),
        lambda: ofc.score([IVEY] * 5),
        lambda: ofc.score_batch(one),
        lambda: ofc.score_batch(five),
        lambda: ofc.score_batch(one[:, 0]),
    ):
        with pytest.raises(InvalidArgumentError, match="2 to 4"):
            call()


def test_stay_value_out_of_range_is_an_invalid_argument():
    with pytest.raises(InvalidArgumentError, match="stay_value"):
        ofc.solve_fantasyland(IVEY.cards, stay_value=-1)
