"""Bad games and bad hands for a game: unknown names and wrong types at every
entry point, cards outside the game's deck, hand sizes, strengths a game
does not have.  (Bad options: test_ranking_options.py; Omaha: test_omaha_errors.py.)"""

import re

import numpy as np
import pytest

import pyrankcore
from pyrankcore import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PyrankcoreError,
    UnknownGameError,
    _core,
)
from pyrankcore.errors import InvalidArgumentError

FIVE = [48, 44, 40, 36, 28]  # Ac Kc Qc Jc 9c
SEVEN = FIVE + [0, 5]
HOLE = [51, 47, 1, 2]  # As Ks 2d 2h
BOARD = [43, 39, 35, 14, 19]  # Qs Js Ts 5h 6s


def _has_row(msg, i):
    return re.search(rf"\brow {i}\b", msg) is not None


# --------------------------------------------------------------------------
# unknown games and wrong types


UNKNOWN = [
    "no_such_game",
    "",
    "ace-five",
    "deuce_seven ",
    "HIGH_X",
    "HIGHX",
    "ace_five_9",
    "omaha-nope",
]


def _every_entry_point(game):
    """Callables taking a game, each given otherwise good arguments."""
    return [
        lambda: pyrankcore.evaluate(FIVE, game),
        lambda: pyrankcore.evaluate_batch(np.array([FIVE]), game),
        lambda: pyrankcore.evaluate_batch(np.zeros((0, 5), dtype=np.int64), game),
        lambda: pyrankcore.describe(1, game),
        lambda: pyrankcore.category(1, game),
        lambda: pyrankcore.evaluate_omaha(HOLE, BOARD, game),
        lambda: pyrankcore.evaluate_omaha_batch(np.array([HOLE]), np.array(BOARD), game),
        lambda: _core.enumerate_counts(5, game),
    ]


@pytest.mark.parametrize("game", UNKNOWN)
def test_unknown_game_name_everywhere(game):
    for i, call in enumerate(_every_entry_point(game)):
        with pytest.raises(UnknownGameError) as info:
            call()
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, PyrankcoreError)
        assert repr(game) in str(info.value), i


@pytest.mark.parametrize("game", [3, 1.5, b"ace_five", ["high"], ("ace_five",), object()])
def test_game_of_wrong_type_is_type_error(game):
    for call in _every_entry_point(game):
        with pytest.raises(TypeError):
            call()


def test_unknown_game_error_lists_the_games():
    with pytest.raises(UnknownGameError) as info:
        pyrankcore.evaluate(FIVE, "lowball")
    assert "'lowball'" in str(info.value)
    for name in ("ace_five", "deuce_seven", "short_deck"):
        assert name in str(info.value)


# --------------------------------------------------------------------------
# cards outside the game's deck


@pytest.mark.parametrize("token", ["2c", "3d", "4h", "5s"])
def test_short_deck_rejects_deuce_to_five_and_names_the_card(token):
    hand = f"As Ks Qs Js {token}"
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate(hand, "short_deck")
    assert token in str(info.value)
    assert isinstance(info.value, ValueError)


def test_short_deck_rejects_low_card_ids():
    for c in (0, 7, 15):
        with pytest.raises(InvalidCardError) as info:
            pyrankcore.evaluate([48, 44, 40, 36, c, 20, 24], "short_deck")
        assert pyrankcore.format_cards([c]) in str(info.value)


def test_stripped_seven_deck_rejects_a_six():
    game = pyrankcore.stripped_deck("7")
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate("Ac Kd Qh Js 6c", game)
    assert "6c" in str(info.value)
    assert pyrankcore.evaluate("Ac Kd Qh Js 7c", game) > 0


def test_short_deck_batch_names_the_row_and_the_card():
    rows = np.array(
        [
            [48, 44, 40, 36, 32],
            [49, 45, 41, 37, 33],
            [50, 46, 42, 38, 4],  # 3c in row 2
            [51, 47, 43, 39, 0],  # 2c in row 3
        ]
    )
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(rows, "short_deck")
    msg = str(info.value)
    assert _has_row(msg, 2)
    assert "3c" in msg
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(rows, "short_deck", threads=2)
    assert _has_row(str(info.value), 2)


def test_short_deck_omaha_rejects_low_cards():
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_omaha("As Ks Qd 2h", "Jc Tc 9c", "short_deck")
    assert "2h" in str(info.value)
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_omaha_batch(
            np.array([[51, 47, 43, 39], [50, 46, 42, 38]]),
            np.array([[35, 31, 27], [34, 30, 3]]),
            "short_deck",
        )
    assert _has_row(str(info.value), 1)


@pytest.mark.parametrize("game", ["ace_five", "ace_five_8", "deuce_seven", "ace_six", "incomplete"])
def test_other_games_reject_bad_ids(game):
    with pytest.raises(InvalidCardError):
        pyrankcore.evaluate([0, 1, 2, 3, 52], game)
    with pytest.raises(DuplicateCardError):
        pyrankcore.evaluate([0, 1, 2, 3, 3], game)
    rows = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]])
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate_batch(rows, game)
    assert _has_row(str(info.value), 1)


# --------------------------------------------------------------------------
# hand sizes


@pytest.mark.parametrize("n", [0, 6, 7])
def test_incomplete_hand_sizes(n):
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate(list(range(0, 4 * n, 4)), "incomplete")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_incomplete_accepts_one_to_five(n):
    assert pyrankcore.evaluate(list(range(0, 4 * n, 4)), "incomplete") > 0
    assert pyrankcore.evaluate_batch(np.array([list(range(0, 4 * n, 4))]), "incomplete")[0] > 0


@pytest.mark.parametrize("k", [6, 7])
def test_incomplete_batch_rejects_six_or_more(k):
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_batch(np.arange(k).reshape(1, k), "incomplete")


@pytest.mark.parametrize("k", [0, 8])
def test_incomplete_enumerate_counts_sizes(k):
    with pytest.raises(HandSizeError):
        _core.enumerate_counts(k, "incomplete")


@pytest.mark.parametrize(
    "game", ["high", "ace_five", "ace_five_8", "deuce_seven", "ace_six", "short_deck"]
)
@pytest.mark.parametrize("n", [1, 3, 4, 11])
def test_five_to_ten_card_games_reject_other_sizes(game, n):
    hand = list(range(51, 51 - n, -1))
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate(hand, game)
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_batch(np.array([hand]), game)


@pytest.mark.parametrize("game", ["ace_five", "deuce_seven"])
def test_batch_must_be_two_dimensional(game):
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_batch(np.array(FIVE), game)
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_batch(np.array([[FIVE]]), game)


# --------------------------------------------------------------------------
# strengths a game does not have


@pytest.mark.parametrize(
    "game,n",
    [
        ("ace_five", 6175),
        ("ace_five_8", 56),
        ("deuce_seven", 7462),
        ("ace_six", 7462),
        ("incomplete", 9841),
        ("short_deck", 1404),
    ],
)
def test_strength_out_of_range_for_the_game(game, n):
    assert isinstance(pyrankcore.describe(n, game), str)
    for bad in (n + 1, -1, 10**6):
        with pytest.raises(InvalidArgumentError, match=rf"strength {bad} is not .*\([01]\.\.{n}\)"):
            pyrankcore.describe(bad, game)
        with pytest.raises(InvalidArgumentError, match=rf"strength {bad} is not .*\([01]\.\.{n}\)"):
            pyrankcore.category(bad, game)
    with pytest.raises(InvalidArgumentError, match="strength 0 is not"):
        pyrankcore.category(0, game)


def test_zero_describes_no_qualifying_low_only():
    assert pyrankcore.describe(0, "ace_five_8") == "No qualifying low"
    with pytest.raises(InvalidArgumentError, match="strength 0 is not"):
        pyrankcore.category(0, "ace_five_8")
