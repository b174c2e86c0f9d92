"""Omaha's bad input: a card in the hand and on the board, hole and board
sizes, row counts, card ids; batch errors name the first bad row."""

import re

import numpy as np
import pytest

import pyrankcore
from pyrankcore import DuplicateCardError, HandSizeError, InvalidCardError

HOLE = [51, 47, 1, 2]  # As Ks 2d 2h
BOARD = [43, 39, 35, 14, 19]  # Qs Js Ts 5h 6s


def _has_row(msg, i):
    return re.search(rf"\brow {i}\b", msg) is not None


@pytest.mark.parametrize("game", ["high", "ace_five_8"])
def test_omaha_card_in_hand_and_on_board(game):
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate_omaha("As Ks 2d 2c", "As Js Ts", game)
    assert "As" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(DuplicateCardError):
        pyrankcore.evaluate_omaha("As Ks 2d 2c 3c 4c", "Qs Js Ts 9h 4c", game)


def test_omaha_duplicate_within_the_hand_or_board():
    with pytest.raises(DuplicateCardError):
        pyrankcore.evaluate_omaha([51, 51, 1, 2], BOARD)
    with pytest.raises(DuplicateCardError):
        pyrankcore.evaluate_omaha(HOLE, [43, 43, 35])


def test_omaha_batch_duplicate_across_hole_and_board_names_the_row():
    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])
    boards = np.array([[20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 9]])
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate_omaha_batch(holes, boards, "ace_five_8")
    assert _has_row(str(info.value), 2)
    # a shared 1-d board that repeats a card of row 1
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate_omaha_batch(holes, np.array([20, 21, 22, 5]), "high")
    assert _has_row(str(info.value), 1)


@pytest.mark.parametrize("nh", [0, 2, 3, 7])
def test_omaha_hole_sizes(nh):
    hole = list(range(nh))
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_omaha(hole, [40, 41, 42, 43, 44])
    if nh:
        with pytest.raises(HandSizeError):
            pyrankcore.evaluate_omaha_batch(np.array([hole]), np.array([40, 41, 42, 43, 44]))


@pytest.mark.parametrize("nb", [0, 1, 2, 6])
def test_omaha_board_sizes(nb):
    board = list(range(40, 40 + nb))
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_omaha([0, 1, 2, 3], board)
    if nb:
        with pytest.raises(HandSizeError):
            pyrankcore.evaluate_omaha_batch(np.array([[0, 1, 2, 3]]), np.array([board]))


def test_omaha_batch_row_counts_must_match():
    with pytest.raises(ValueError):
        pyrankcore.evaluate_omaha_batch(
            np.array([[0, 1, 2, 3], [4, 5, 6, 7]]), np.array([[40, 41, 42, 43, 44]] * 3)
        )


def test_omaha_invalid_card_id():
    with pytest.raises(InvalidCardError):
        pyrankcore.evaluate_omaha([0, 1, 2, 52], BOARD)
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_omaha_batch(np.array([[0, 1, 2, 3], [4, 5, 6, 99]]), np.array(BOARD))
    assert _has_row(str(info.value), 1)
