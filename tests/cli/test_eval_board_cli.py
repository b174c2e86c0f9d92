"""``pyrankcore eval --board``: hole cards and a board, Omaha's two-plus-three
rule and both halves of a hi-lo game, checked against the library."""

import json

import pytest

import pyrankcore
from pyrankcore import cli
from pyrankcore._rankings import CATEGORY_NAMES

HOLE, BOARD = "As 2s Qd Jd", "5s 7d Kh 3c 4h"


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def words(strength, ranking):
    return pyrankcore.describe(strength, ranking)


def test_holdem_board_is_the_best_five_of_all_cards(capsys):
    status, out, _ = run(capsys, "eval", "AhKh", "--board", "QhJhTh2c3d")
    strength = pyrankcore.evaluate("Ah Kh Qh Jh Th 2c 3d")
    assert status == 0
    assert out == f"Ah Kh | Qh Jh Th 2c 3d: strength {strength} ({words(strength, 'high')})\n"


def test_omaha_uses_two_hole_cards(capsys):
    # Four spades would be a flush with any board spade; Omaha allows two.
    status, out, _ = run(capsys, "eval", "--game", "omaha", "AsKsQsJs", "--board", "Ts9h8c2d3s")
    strength = pyrankcore.evaluate_omaha("AsKsQsJs", "Ts9h8c2d3s")
    assert status == 0 and strength < pyrankcore.evaluate("As Ks Qs Js Ts")
    assert out == (
        f"As Ks Qs Js | Ts 9h 8c 2d 3s (Omaha): strength {strength} ({words(strength, 'high')})\n"
    )


@pytest.mark.parametrize("name", ["omaha hi-lo", "o8", "Omaha Hi-Lo 8"])
def test_omaha_hi_lo_prints_both_halves(capsys, name):
    high, low = pyrankcore.variant("Omaha Hi-Lo 8").evaluate(HOLE, BOARD)
    status, out, _ = run(capsys, "eval", "--game", name, HOLE, "--board", BOARD)
    assert status == 0
    assert out == (
        f"{HOLE} | {BOARD} (Omaha Hi-Lo 8): high strength {high} ({words(high, 'high')}), "
        f"low strength {low} ({words(low, 'ace_five_8')})\n"
    )
    status, out, _ = run(capsys, "eval", "--game", name, HOLE, "--board", BOARD, "--json")
    record = json.loads(out)
    assert record == {
        "cards": HOLE,
        "ids": pyrankcore.parse_cards(HOLE),
        "board": BOARD,
        "board_ids": pyrankcore.parse_cards(BOARD),
        "game": "Omaha Hi-Lo 8",
        "high": {
            "strength": high,
            "description": words(high, "high"),
            "category": CATEGORY_NAMES[pyrankcore.category(high)],
        },
        "low": {
            "strength": low,
            "description": words(low, "ace_five_8"),
            "category": CATEGORY_NAMES[pyrankcore.category(low, "ace_five_8")],
        },
    }


def test_hi_lo_without_a_qualifying_low(capsys):
    hole, board = "KsKdQhQc", "9s9dTh2c3d"
    high, low = pyrankcore.variant("o8").evaluate(hole, board)
    assert low == 0
    status, out, _ = run(capsys, "eval", "--game", "o8", hole, "--board", board, "--json")
    record = json.loads(out)
    assert status == 0 and record["high"]["strength"] == high
    assert record["low"] == {
        "strength": 0,
        "description": words(0, "ace_five_8"),
        "category": None,
    }


def test_stud_hi_lo_takes_seven_cards_without_a_board(capsys):
    hand = "As 2d 3c 4h 8s Kd Kc"
    high, low = pyrankcore.variant("Stud Hi-Lo 8").evaluate(hand)
    status, out, _ = run(capsys, "eval", "--game", "stud hi-lo", hand, "--json")
    record = json.loads(out)
    assert status == 0 and record["board"] == "" and record["board_ids"] == []
    assert (record["high"]["strength"], record["low"]["strength"]) == (high, low)


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--game", "omaha", HOLE], lambda: pyrankcore.variant("omaha").evaluate(HOLE, "")),
        (
            ["--game", "o8", "AsKs", "--board", BOARD],
            lambda: pyrankcore.variant("o8").evaluate("AsKs", BOARD),
        ),
        (["AhKh", "--board", "AhQd2c"], lambda: pyrankcore.evaluate("Ah Kh Ah Qd 2c")),
        (["AhKh", "--board", "Xx"], lambda: pyrankcore.parse_cards("Xx")),
    ],
)
def test_bad_hands_get_the_library_message_whole(capsys, argv, error):
    with pytest.raises(ValueError) as library:
        error()
    status, out, err = run(capsys, "eval", *argv)
    assert (status, out) == (2, "")
    assert err == f"pyrankcore: error: {' '.join(str(library.value).split())}\n"


@pytest.mark.parametrize(
    ("game", "option", "kwargs"),
    [
        ("Dakota", ["--down", "2c 9d"], {"down": "2c 9d"}),
        ("Mexican Stud (down card wild)", ["--down", "9d"], {"down": "9d"}),
        ("Pick a Partner", ["--up", "2c 3d"], {"up": "2c 3d"}),
    ],
)
def test_home_games_take_down_and_up_cards(capsys, game, option, kwargs):
    hand = "As Ks 9c 7h 2c 3d 9d" if not game.startswith("Mexican Stud") else "As Ks 9c 7h 9d"
    high, low = pyrankcore.variant(game).evaluate(hand, **kwargs)
    status, out, _ = run(capsys, "eval", "--game", game, hand, *option, "--json")
    record = json.loads(out)
    assert status == 0
    got = (record["high"], record["low"]) if low is not None else (record, None)
    assert got[0]["strength"] == high
    assert low is None or got[1]["strength"] == low


def test_down_cards_are_for_home_games(capsys):
    status, out, err = run(capsys, "eval", "As Ks Qs Js Ts", "--down", "As")
    assert (status, out) == (2, "")
    assert err == (
        "pyrankcore: error: --down and --up are for home games (Dakota, Pick a Partner), not high\n"
    )


@pytest.mark.parametrize(
    ("game", "option", "error"),
    [
        ("Dakota", [], "Dakota: give the player's face-down cards (--down): the lowest one"),
        ("Pick a Partner", [], "Pick a Partner: give the 2 face-up cards that must play (--up)"),
        ("Pick a Partner", ["--up", "As Ks Qs"], "2 face-up cards must play, got 3 in --up"),
        ("Pick a Partner", ["--down", "2c"], "face-down cards: --down is not used there"),
    ],
)
def test_home_game_errors_name_the_options(capsys, game, option, error):
    status, out, err = run(capsys, "eval", "--game", game, "As Ks Qs Js Ts 2c 3c", *option)
    assert (status, out) == (2, "")
    assert error in err and "down=" not in err and "up=" not in err
