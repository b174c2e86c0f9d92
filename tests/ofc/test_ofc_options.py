"""OFC rules and royalty tables are checked when they are made.

Every bad value raises an InvalidOptionError (a PyrankcoreError and a
ValueError) or, for a wrong type, an OptionTypeError (also a TypeError), whose
message names the option and says what is allowed.
"""

import numpy as np
import pytest

from pyrankcore import ofc
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError, OptionTypeError
from pyrankcore.hands import Category


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
