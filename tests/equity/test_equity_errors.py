"""pyrankcore.equity: every bad input gets a clear error, and the kernels
refuse bad specs without crashing."""

import re

import numpy as np
import pytest

import pyrankcore
from pyrankcore.equities.inputs import EquitySpec
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    RangeSyntaxError,
    UnknownGameError,
)

equity = pyrankcore.equity


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        (("Hold'em", ["AhKh"]), {}, InvalidArgumentError),
        (("Hold'em", ["AhKh"] * 11), {}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "AhQs"]), {}, DuplicateCardError),
        (("Hold'em", ["AhKh", "QsQd"], "Ah2c3c"), {}, DuplicateCardError),
        (("Hold'em", ["AhKh", "QsQd"]), {"dead": "Qs"}, DuplicateCardError),
        (("Hold'em", ["AhKhQc", "QsQd"]), {}, HandSizeError),
        (("Hold'em", ["AhKh", "QsQd"], "2c3c4c5c6c7c"), {}, HandSizeError),
        (("Hold'em", ["AhKh", "Xx"]), {}, RangeSyntaxError),  # not cards: read as a range
        (("Short-deck Hold'em", ["AhKh", "2s2d"]), {}, InvalidCardError),
        (("Razz", ["As2s3s", "KdQdJd"], "2c2d2h"), {}, HandSizeError),
        (("Seven-card Stud", ["AsAd"] + [""] * 7), {}, HandSizeError),
        (("Nope", ["AhKh", "QsQd"]), {}, UnknownGameError),
        (("high", ["AhKh", "QsQd"]), {}, InvalidArgumentError),
        (("Hold'em", "AhKh QsQd"), {}, TypeError),
        (("Hold'em", ["AhKh", "QsQd"]), {"trials": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"trials": 1.5}, TypeError),
        (("Hold'em", ["AhKh", "QsQd"]), {"target_se": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"seed": -1, "exact": False}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"threads": 0}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"exact": True, "trials": 10}, InvalidArgumentError),
        (("Hold'em", ["AhKh", "QsQd"]), {"exact": "yes"}, TypeError),
    ],
)
def test_bad_input_raises(args, kwargs, error):
    with pytest.raises(error):
        equity(*args, **kwargs)


def spec(**changes):
    """Hold'em heads-up from preflop as the kernels see it, with *changes*."""
    fields = dict(
        high=pyrankcore._core.tables_of("high"),
        low=None,
        omaha=False,
        board_final=5,
        board=(),
        hand_final=(2, 2),
        known=(2, 2),
        dead=(),
    )
    return EquitySpec(**(fields | changes))


def test_kernel_refuses_bad_specs_without_crashing():
    core = pyrankcore._core
    holes = np.zeros((1, 2, 8), dtype=np.uint8)
    good = spec()
    with pytest.raises(HandSizeError):
        core.equity_exact(good, np.zeros((1, 3, 8), dtype=np.uint8), 0, 1, 0, 64)
    with pytest.raises(InvalidArgumentError):
        core.equity_exact(good, holes, 0, 2, 0, 64)
    holes[0, 0, 0] = 200
    with pytest.raises(InvalidCardError):
        core.equity_exact(good, holes, 0, 1, 0, 64)
    for bad, error, words in [
        (spec(board_final=6), HandSizeError, "final board of 6"),
        (spec(known=(3, 2)), HandSizeError, "3 known of 2 cards"),
        (spec(hand_final=(9, 2)), HandSizeError, "2 known of 9 cards"),
        (spec(board=(60,)), InvalidCardError, "board card 60"),
        (spec(high=None), InvalidArgumentError, "needs a high or a low ranking"),
        (spec(hand_final=(2,) * 11, known=(2,) * 11), InvalidArgumentError, "1 to 10 players"),
    ]:
        holes = np.zeros((1, len(bad.hand_final), 8), dtype=np.uint8)
        with pytest.raises(error, match=words):
            core.equity_exact(bad, holes, 0, 1, 0, 64)
    ranges = [(np.zeros((1, 2), dtype=np.uint8), np.array([0]))] * 2
    with pytest.raises(InvalidArgumentError):
        core.equity_monte_carlo(good, ranges, 1, 2, 10, 0, 1)


@pytest.mark.parametrize(
    "game",
    ["Dakota", "Mississippi Mud", "Mexican Stud (down card wild)", "Pick a Partner", "Psycho"],
)
def test_home_games_with_their_own_showdown_rules_are_refused(game):
    """Declarations, face-down wild cards and up-cards that must play are not
    cards that speak: equity refuses those games instead of answering wrong."""
    with pytest.raises(InvalidArgumentError, match=re.escape(game)):
        equity(game, ["AsKs", "QdQc"])


def test_wild_card_rankings_are_refused_not_misranked():
    import dataclasses

    wild = dataclasses.replace(
        pyrankcore.variant("Hold'em"), high=pyrankcore.ranking("high", wild="2")
    )
    with pytest.raises(InvalidArgumentError, match="wild"):
        equity(wild, ["2c2d", "AsAh"], "Kd 7s 3c", exact=True)


def test_comma_text_that_is_no_hand_gets_no_example():
    with pytest.raises(InvalidArgumentError) as info:
        equity("Seven-card Stud", ["AsAd,Kx", "QsQd Jh"], trials=100)
    assert "without commas" in str(info.value)
    assert "e.g." not in str(info.value) and "AsAd Kx" not in str(info.value)


def test_a_mistyped_hand_names_the_bad_card():
    with pytest.raises(InvalidCardError) as info:
        equity("Hold'em", ["AhKx", "QsQd"], trials=100)
    assert "Kx" in str(info.value) and "rank" not in str(info.value)
    # range text still gets the range message
    with pytest.raises(RangeSyntaxError):
        equity("Hold'em", ["AKx", "QsQd"], trials=100)


def test_whole_numbers_follow_the_one_rule():
    # NumPy integers are whole numbers; bools (Python's or NumPy's) and
    # floats are refused with the one message of every function
    args = ("Hold'em", ["AhKh", "QsQd"])
    plain = equity(*args, trials=1000, seed=3)
    assert equity(*args, trials=np.int64(1000), seed=np.uint64(3)) == plain
    assert equity(*args, trials=1000, seed=3, threads=np.int32(2)) == plain
    for bad in (True, np.True_, 1000.0):
        with pytest.raises(TypeError, match=r"^trials must be an int or None, not "):
            equity(*args, trials=bad)
    with pytest.raises(TypeError, match=r"^seed must be an int or None, not bool$"):
        equity(*args, trials=1000, seed=True)
    with pytest.raises(
        InvalidArgumentError,
        match=r"^seed must be in 0\.\.18446744073709551615, got 18446744073709551616$",
    ):
        equity(*args, trials=1000, seed=2**64)
    with pytest.raises(TypeError, match=r"^threads must be an int or None, not float$"):
        equity(*args, threads=2.0)
    with pytest.raises(TypeError, match=r"^progress must be True or False, not int$"):
        equity(*args, progress=1)


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        ("abc", TypeError),
        (1.5, TypeError),
        (True, TypeError),
        (-1, InvalidArgumentError),
        (2**64, InvalidArgumentError),
    ],
)
@pytest.mark.parametrize("exact", [True, None, False])
def test_a_bad_seed_is_refused_whether_the_plan_is_exact_or_not(seed, error, exact):
    # An exact plan draws nothing, but a seed it would ignore is still a bad
    # argument: the call must not depend on which way the plan goes.
    with pytest.raises(error, match="seed"):
        equity("Hold'em", ["AhKh", "QsQd"], "2c 3d 4h", seed=seed, exact=exact)


def test_a_board_in_a_game_without_one_says_so():
    # stud and draw games deal no shared card: the message says the game has
    # no board (it used to read "the board has none cards")
    with pytest.raises(HandSizeError, match=r"^Razz has no board .*got 1 board card; .*dead=") as e:
        equity("Razz", ["As 2s 3s", "Kd Qd Jd"], "5c")
    assert "none cards" not in str(e.value)
    with pytest.raises(HandSizeError, match=r"^Razz has no board .*got 2 board cards$"):
        pyrankcore.showdown("Razz", ["As 2s 3s 4d 5h 6c 7c", "Kd Qd Jd Td 9c 8c 2c"], "Ah 2h")
    with pytest.raises(HandSizeError, match=r"^Hold'em: the board has at most 5 cards, got 6"):
        equity("Hold'em", ["As 2s", "Kd Qd"], "5c 6d 7h 8h 9h Tc")
