"""Pots apart from the catalogue: showdown's arguments, seats, and the top level."""

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import pots, seats
from pyrankcore.errors import DuplicateCardError, InvalidArgumentError


@pytest.mark.parametrize("pot", [np.int64(100), np.int32(100), np.uint16(100), 100])
def test_showdown_takes_numpy_whole_numbers_for_the_pot(pot):
    got = prc.showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", pot)
    assert got == [100, 0] and all(type(x) is int for x in got)


@pytest.mark.parametrize("pot", [100.0, "100", True, np.bool_(True), None])
def test_showdown_refuses_a_pot_that_is_no_whole_number(pot):
    with pytest.raises(TypeError, match="pot must be an int"):
        prc.showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", pot)


def test_showdown_refuses_a_negative_pot():
    with pytest.raises(InvalidArgumentError, match="pot must be at least 0, got -1"):
        prc.showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", np.int64(-1))


def test_showdown_and_bring_in_live_in_pots():
    assert prc.showdown is pots.showdown and prc.bring_in is pots.bring_in
    assert pots.__all__ == ["bring_in", "showdown"]


def test_seat_preamble_takes_and_returns_ids():
    hands, board = seats.parse_seats(["As Ad", [0, 1]], "2h 7d 9h")
    assert hands == [[51, 49], [0, 1]] and board == [2, 21, 30]
    assert seats.check_seats(hands, board) == (hands, board)
    with pytest.raises(DuplicateCardError, match="in the hands of seats 0 and 1"):
        seats.check_seats([[51, 49], [49, 0]], [])
    with pytest.raises(DuplicateCardError, match="in seat 1's hand and on the board"):
        seats.check_seats([[51], [0]], [0])
    with pytest.raises(TypeError, match="seat order"):
        seats.parse_seats({"As Ad"}, ())
    with pytest.raises(InvalidArgumentError, match="showdown needs at least one hand"):
        seats.parse_seats([], (), caller="showdown")
    assert seats.optional_cards(None) == [] and seats.optional_cards(()) == []


def test_top_level_names_one_list_with_the_argument_error():
    assert "InvalidArgumentError" in prc.__all__
    assert prc.InvalidArgumentError is InvalidArgumentError
    assert len(prc.__all__) == len(set(prc.__all__))
    for name in prc.__all__:
        assert getattr(prc, name) is not None
    assert prc.__all__.index("evaluate") < prc.__all__.index("showdown") < prc.__all__.index("ofc")


def test_suit_rule_compare_and_winners_say_what_they_settle():
    assert "suit" in prc.compare.__doc__.splitlines()[0]
    assert "suit" in prc.winners.__doc__.splitlines()[0]
