"""describe takes integer arrays, as category does: words of the same shape."""

import numpy as np
import pytest

import pyrankcore
from pyrankcore import InvalidArgumentError, category, describe

GAMES = {  # (game, lowest strength, highest strength)
    "high": ("high", 1, 7462),
    "ace_five_8": ("ace_five_8", 0, None),  # 0: no qualifying low
    "deuce_seven": ("deuce_seven", 1, None),
    "short_deck": ("short_deck", 1, None),
    "jokers": (pyrankcore.ranking("high", wild="jokers"), 1, None),
}


def strengths_of(game, shape, seed):
    """Strengths of random hands of the game (real hands, every category)."""
    rows = int(np.prod(shape))
    hands = pyrankcore.random_hands(rows, 7, seed=seed, game=game)
    return pyrankcore.evaluate_batch(hands, game).reshape(shape)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_describe_of_an_array_is_describe_of_each_element(name):
    game = GAMES[name][0]
    strengths = strengths_of(game, (40, 5), seed=11)
    words = describe(strengths, game)
    assert isinstance(words, np.ndarray) and words.shape == strengths.shape
    assert words.dtype.kind == "U"
    assert words.tolist() == [[describe(int(s), game) for s in row] for row in strengths]


def test_the_whole_range_of_high_strengths():
    every = np.arange(1, 7463, dtype=np.uint16)
    assert describe(every).tolist() == [describe(int(s)) for s in every]
    assert describe(every)[-1] == "Royal Flush" and describe(every)[0] == "High Card, Seven"


def test_category_and_describe_agree_on_shape_and_dtype_handling():
    strengths = np.array([[7462, 1], [5000, 3000]], dtype=np.int32)
    assert category(strengths).shape == describe(strengths).shape == (2, 2)
    assert describe(strengths).tolist() == [
        ["Royal Flush", "High Card, Seven"],
        ["Three of a Kind, Twos", "Pair of Nines"],
    ]
    for dtype in (np.uint8, np.int16, np.uint32, np.int64):
        arr = np.array([1, 2, 200], dtype=dtype)
        assert describe(arr).tolist() == [describe(1), describe(2), describe(200)]


def test_empty_and_zero_dimensional_arrays():
    empty = np.zeros((0, 3), dtype=np.uint16)
    assert describe(empty).shape == (0, 3) and category(empty).shape == (0, 3)
    zero_d = describe(np.array(7462))
    assert zero_d.shape == () and zero_d.item() == "Royal Flush"


def test_no_qualifying_low_in_an_array():
    words = describe(np.array([0, 1]), "ace_five_8")
    assert words[0] == "No qualifying low"


def test_a_bad_element_is_named_with_its_index():
    with pytest.raises(InvalidArgumentError) as error:
        describe(np.array([[1, 2], [7463, 0]]))
    # the first bad element in the array's order, as category names it
    assert str(error.value) == "strength 7463 at index (1, 0) is not a high hand strength (1..7462)"
    with pytest.raises(InvalidArgumentError, match=r"strength 7463 at index \(1, 0\)"):
        category(np.array([[1, 2], [7463, 0]]))
    with pytest.raises(InvalidArgumentError, match="strength 0 at index 2 is not"):
        describe(np.array([5, 9, 0, 9000]))
    with pytest.raises(InvalidArgumentError, match=r"strength 0 at index 0 .*\(1\.\.\d+\)"):
        describe(np.array([0, 1]), "deuce_seven")


@pytest.mark.parametrize(
    "bad",
    [np.array([1.0, 2.0]), np.array([True]), np.array(["7462"])],
    ids=["float", "bool", "str"],
)
def test_an_array_of_another_dtype_is_a_type_error(bad):
    with pytest.raises(TypeError, match="strength array must hold integers"):
        describe(bad)


def test_single_values_behave_as_before():
    assert describe(7462) == "Royal Flush" and describe(np.uint16(1)) == "High Card, Seven"
    with pytest.raises(InvalidArgumentError, match=r"^strength 0 is not a high hand strength"):
        describe(0)
    for bad in (1.0, None, "7462", [7462], True):
        with pytest.raises(TypeError, match="strength must be an int"):
            describe(bad)
