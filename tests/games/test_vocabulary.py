"""Rankings and variants in one vocabulary: a variant with one ranking is
accepted where a ranking is, a Variant is checked when it is made, showdown by
ranking, errors of variants and hands, category over arrays, and best_five."""

import itertools
import random

import numpy as np
import pytest

import pyrankcore
import pyrankcore.errors
from pyrankcore import best_five, category, describe, evaluate, format_cards, parse_cards
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    PyrankcoreError,
    UnknownGameError,
)
from pyrankcore.hands import Category
from pyrankcore.variants import RAZZ, Variant

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None


def ranks(cards):
    return "".join(format_cards([c])[0] for c in cards)


# ----------------------------------------------------------------- showdown


def test_showdown_by_ranking_name_is_best_five_of_hand_and_board():
    board = "2c 7d 9h Js 3s"
    hands = ["As Ad", "Kc Kd", "8c Tc"]  # 8c Tc makes a straight 7-J
    assert pyrankcore.showdown("high", hands, board, 90) == [0, 0, 90]
    assert pyrankcore.showdown("high", hands, board, 90) == pyrankcore.showdown(
        "Hold'em", hands, board, 90
    )
    # a Ranking object, and a low ranking: the lowest hand wins
    ace_five = pyrankcore.ranking("ace_five")
    assert pyrankcore.showdown(ace_five, ["Ac 4d", "Kc Kh", "5d 6d"], "2d 3h 8s Qs Qh", 10) == [
        10,
        0,
        0,
    ]
    # stud-like: 7 cards each, no board; a tie splits, odd chip to seat order
    got = pyrankcore.showdown("high", ["As Ks Qs Js Ts 2c 3c", "Ah Kh Qh Jh Th 2d 3d"], pot=5)
    assert got == [3, 2]


def test_showdown_ranking_names_come_before_variant_aliases():
    # "short_deck" is a ranking name and an alias of Short-deck Hold'em; as a
    # ranking it takes any 5-7 cards, here 3 in the hand.
    got = pyrankcore.showdown("short_deck", ["Ac Ad Ah", "Kc Kd Kh"], "6c 6d 9s Ts", 10)
    assert got == [10, 0]
    with pytest.raises(HandSizeError):
        pyrankcore.showdown("Short-deck Hold'em", ["Ac Ad Ah", "Kc Kd Kh"], "6c 6d 9s Ts", 10)


def test_showdown_qualifier_ranking_nobody_qualifies_raises():
    hands = ["Kc Kd", "Qc Qd"]
    board = "9h Th Js 9s 2c"
    with pytest.raises(InvalidArgumentError, match="qualif"):
        pyrankcore.showdown("ace_five_8", hands, board, 10)
    # when someone qualifies, the best low takes the whole pot
    assert pyrankcore.showdown("ace_five_8", ["Ac 3d", "Qc Qd"], "4h 5h 7s Ks 8c", 10) == [10, 0]
    # the variant settles it: the high hand takes the whole pot
    assert pyrankcore.showdown("Omaha Hi-Lo 8", ["Kc Kd 9c 9d", "Qc Qd 2d 3d"], board, 10) == [
        10,
        0,
    ]


def test_showdown_duplicates_name_the_seats():
    with pytest.raises(DuplicateCardError, match="in the hands of seats 0 and 2"):
        pyrankcore.showdown("Hold'em", ["As Kd", "Qc Qd", "Ah As"], "2c 7d 9h", 10)
    with pytest.raises(DuplicateCardError, match="in seat 1's hand and on the board"):
        pyrankcore.showdown("Hold'em", ["As Kd", "Qc Qd", "Ah Ac"], "2c Qd 9h", 10)
    with pytest.raises(DuplicateCardError, match="seats 0 and 1"):
        pyrankcore.showdown("high", ["As Kd Qh Jh Th", "As 2d 3h 4h 5h"], pot=10)


def test_showdown_bad_values():
    with pytest.raises(InvalidArgumentError, match="-5"):
        pyrankcore.showdown("Hold'em", ["As Kd", "Qc Qd"], "2c 7d 9h", -5)
    with pytest.raises(InvalidArgumentError):
        pyrankcore.showdown("Hold'em", [], "2c 7d 9h", 5)
    with pytest.raises(TypeError, match="set"):
        pyrankcore.showdown("Hold'em", {"As Kd", "Qc Qd"}, "2c 7d 9h", 5)
    with pytest.raises(UnknownGameError) as info:
        pyrankcore.showdown("x" * 300, ["As Kd"], "2c 7d 9h", 5)
    assert len(str(info.value)) < 400
    for err in (InvalidArgumentError, UnknownGameError, DuplicateCardError):
        assert issubclass(err, PyrankcoreError) and issubclass(err, ValueError)


def test_variant_rejects_a_ranking_name_with_a_hint():
    with pytest.raises(UnknownGameError, match="ranking"):
        pyrankcore.variant("ace_five_8")


# ------------------------------------------------------------------ bring_in


@pytest.mark.parametrize(
    "up_cards",
    [
        {"Ah", "2d", "Ks"},
        frozenset({"Ah", "2d"}),
        {"Ah": 0, "2d": 1},
        (c for c in ["Ah", "2d"]),
        "Ah 2d",
    ],
)
def test_bring_in_refuses_unordered_up_cards(up_cards):
    with pytest.raises(TypeError):
        pyrankcore.bring_in("Seven-card Stud", up_cards)


def test_bring_in_bad_values():
    with pytest.raises(InvalidArgumentError, match="stud") as info:
        pyrankcore.bring_in("Hold'em", ["Ah", "2d"])
    assert not isinstance(info.value, UnknownGameError)
    with pytest.raises(InvalidArgumentError):
        pyrankcore.bring_in("Razz", [])
    with pytest.raises(DuplicateCardError, match="seats 0 and 2"):
        pyrankcore.bring_in("Razz", ["Ah", "2d", "Ah"])
    assert pyrankcore.bring_in("Razz", ("Ah", "Kd", "Ks", "5s")) == 2
    assert pyrankcore.bring_in("Seven-card Stud", np.array(parse_cards("Ah 2d 2c Ks"))) == 2


# ---------------------------------------------------------- category, describe


def test_category_of_an_array_matches_the_scalar_calls():
    for game in pyrankcore.GAMES:
        n = len(pyrankcore.ranking(game).classes())
        rng = np.random.default_rng(len(game))
        arr = rng.integers(1, n + 1, size=(7, 9), dtype=np.int32)
        got = category(arr, game)
        assert got.dtype == np.uint8 and got.shape == (7, 9)
        want = [[int(category(int(s), game)) for s in row] for row in arr]
        assert got.tolist() == want
    # facts of the high ranking: 7462 royal flush, 1 seven-high, 1278 a pair
    assert category(np.array([7462, 1, 1278], dtype=np.uint16)).tolist() == [
        Category.STRAIGHT_FLUSH,
        Category.HIGH_CARD,
        Category.PAIR,
    ]
    assert category(np.zeros((0, 3), dtype=np.int64)).shape == (0, 3)


def test_category_array_names_the_first_bad_element():
    with pytest.raises(InvalidArgumentError) as info:
        category(np.array([5, 7462, 7463, 0]))
    assert "7463" in str(info.value) and "index 2" in str(info.value)
    with pytest.raises(InvalidArgumentError, match=r"index \(1, 0\)"):
        category(np.array([[1, 2], [0, 3]]), "ace_five")
    with pytest.raises(TypeError, match="float"):
        category(np.array([1.0, 2.0]))


@pytest.mark.parametrize(
    "value", [1.0, "5", True, None, np.float64(3.0), np.bool_(True), [1, 2], 7462.0]
)
def test_strength_of_wrong_type(value):
    for call in (category, describe):
        with pytest.raises(TypeError) as info:
            call(value)
        assert type(value).__name__ in str(info.value)


def test_numpy_integer_scalars_are_strengths():
    assert category(np.int64(7462)) is Category.STRAIGHT_FLUSH
    assert describe(np.uint16(7462)) == "Royal Flush"
    assert describe(np.int32(1), "ace_five") == describe(1, "ace_five")


# ----------------------------------------------------------------- best_five


@pytest.mark.parametrize(
    "game,cards,want",
    [
        ("high", "Kh Kd 9s 9c 2d 3h Ks", "KKK99"),  # the three, then the pair
        ("high", "9h 9d Kc Kd 2s 2h 3c", "KK993"),  # two pair, best kicker
        ("high", "5c 4d 3h 2s Ac Kd Qh", "5432A"),  # the wheel: ace last
        ("high", "Ac Kd Qh Js Tc 2d 2h", "AKQJT"),  # broadway: ace first
        ("high", "2h 5h 9h Jh Kh Ah 3c", "AKJ95"),  # best five of six hearts
        ("short_deck", "Ac 6d 7h 8s 9c Kd Kh", "9876A"),  # A-6-7-8-9
        ("ace_five", "8c 6d 4h 2s Ad Kc Kh", "8642A"),  # aces low, highest first
        ("ace_five_8", "8c 6d 4h 2s Ad Kc Kh", "8642A"),
        ("deuce_seven", "Ac 5d 4h 3s 2c Kd 7h", "75432"),  # number one, not A-5-4-3-2
        ("deuce_seven", "Ac 5d 4h 3s 2c Kd Kh", "K5432"),  # king high beats a pair
        ("ace_six", "Ac Kd Qh Js Tc 2d 2h", "QJT2A"),
        ("incomplete", "Ac Ad 2h", "AA2"),
    ],
)
def test_best_five_examples(game, cards, want):
    got = best_five(cards, game)
    assert ranks(got) == want
    assert evaluate(got, game) == evaluate(cards, game)
    assert set(got) <= set(parse_cards(cards))


def test_best_five_without_a_qualifying_low():
    cards = "Kc Qd Jh 9s 9c Tc 2d"
    got = best_five(cards, "ace_five_8")
    assert evaluate(got, "ace_five_8") == 0 == evaluate(cards, "ace_five_8")
    # the best ace-to-five low of the seven cards: Q-J-T-9-2
    assert evaluate(got, "ace_five") == evaluate(cards, "ace_five")
    assert ranks(got) == "QJT92"


def test_best_five_errors_match_evaluate():
    with pytest.raises(HandSizeError):
        best_five("As Ks Qs Js", "high")
    with pytest.raises(DuplicateCardError):
        best_five("As As Qs Js Ts")
    with pytest.raises(pyrankcore.InvalidCardError):
        best_five("As Ks Qs Js 2s", "short_deck")
    with pytest.raises(UnknownGameError):
        best_five("As Ks Qs Js Ts", "nope")


def test_best_five_exhaustive_small_sample():
    """Against a brute force over the 5-subsets: the strength is the max."""
    rng = random.Random(5)
    for game in pyrankcore.GAMES:
        deck = [c for c in range(52) if game != "short_deck" or c >> 2 >= 4]
        sizes = (1, 3, 5) if game == "incomplete" else (5, 6, 7)
        for k in sizes:
            for _ in range(30):
                hand = rng.sample(deck, k)
                got = best_five(hand, game)
                want = max(evaluate(list(f), game) for f in itertools.combinations(hand, min(k, 5)))
                assert evaluate(got, game) == want == evaluate(hand, game)


if given is not None:

    @st.composite
    def game_and_hand(draw):
        game = draw(st.sampled_from(pyrankcore.GAMES))
        deck = [c for c in range(52) if game != "short_deck" or c >> 2 >= 4]
        lo, hi = (1, 5) if game == "incomplete" else (5, 7)
        k = draw(st.integers(lo, hi))
        hand = draw(st.lists(st.sampled_from(deck), min_size=k, max_size=k, unique=True))
        return game, hand

    @settings(max_examples=400, deadline=None)
    @given(game_and_hand())
    def test_best_five_keeps_the_strength(case):
        game, hand = case
        got = best_five(hand, game)
        assert len(got) == min(len(hand), 5)
        assert len(set(got)) == len(got) and set(got) <= set(hand)
        assert evaluate(got, game) == evaluate(hand, game)


# --------------------------------------------------------------------------
# A variant with one ranking is accepted where a ranking is


@pytest.mark.parametrize(
    "variant, ranking",
    [
        ("Razz", "ace_five"),
        ("razz", "ace_five"),
        ("2-7 Triple Draw", "deuce_seven"),
        ("A-5 Draw", "ace_five"),
        ("Hold'em", "high"),
        ("Seven-card Stud", "high"),
        ("Short-deck Hold'em", "short_deck"),
    ],
)
def test_single_ranking_variants_rank_like_their_ranking(variant, ranking):
    deck = [c for c in range(52) if c >= 16] if ranking == "short_deck" else list(range(52))
    rng = np.random.default_rng(len(variant))
    for _ in range(50):
        hand = rng.choice(deck, size=7, replace=False).tolist()
        assert pyrankcore.evaluate(hand, variant) == pyrankcore.evaluate(hand, ranking)
    hands = pyrankcore.random_hands(500, 7, seed=3, game=ranking)
    assert (
        pyrankcore.evaluate_batch(hands, variant) == pyrankcore.evaluate_batch(hands, ranking)
    ).all()


def test_variant_objects_are_accepted():
    assert pyrankcore.evaluate("7c 5d 4h 3s 2c", RAZZ) == pyrankcore.evaluate(
        "7c 5d 4h 3s 2c", "ace_five"
    )


@pytest.mark.parametrize("variant", ["Omaha Hi-Lo 8", "Stud Hi-Lo 8", "Big O"])
def test_split_pot_variants_say_why_they_cannot_be_one_strength(variant):
    with pytest.raises(InvalidArgumentError, match="split-pot"):
        pyrankcore.evaluate("As Ks Qs Js Ts", variant)


def test_omaha_variants_belong_to_evaluate_omaha():
    with pytest.raises(InvalidArgumentError, match="evaluate_omaha"):
        pyrankcore.evaluate("As Ks Qs Js Ts", "Omaha")
    assert pyrankcore.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Omaha") == 7462
    assert pyrankcore.evaluate_omaha("As Ks 2d 2c 3c", "Qs Js Ts 3h 4h", "Courchevel") == 7462
    holes = np.array([[51, 47, 0, 1]])
    assert pyrankcore.evaluate_omaha_batch(holes, np.array([43, 39, 35, 2, 3]), "PLO")[0] == 7462
    with pytest.raises(InvalidArgumentError, match="not an Omaha variant"):
        pyrankcore.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Razz")


def test_unknown_names_are_the_only_unknown_game_errors():
    with pytest.raises(UnknownGameError, match="rankings: high"):
        pyrankcore.evaluate("As Ks Qs Js Ts", "no such game")
    with pytest.raises(HandSizeError):  # a size problem, not an unknown game
        pyrankcore.evaluate_omaha_batch(np.zeros((1, 4), np.uint8), np.zeros((1, 2), np.uint8))


# --------------------------------------------------------------------------
# A Variant is checked when it is made


@pytest.mark.parametrize(
    "fields, error",
    [
        ({"name": ""}, "InvalidOptionError"),
        ({"name": 3}, "OptionTypeError"),
        ({"hole_cards": ()}, "InvalidOptionError"),
        ({"hole_cards": [2]}, "OptionTypeError"),
        ({"hole_cards": (2.0,)}, "OptionTypeError"),
        ({"board_cards": (9,)}, "InvalidOptionError"),
        ({"board_cards": (3, 4, 5), "hole_cards": (6,)}, "InvalidOptionError"),  # 11 cards
        ({"high": "nope"}, "InvalidOptionError"),
        ({"high": None}, "InvalidOptionError"),
        ({"low": 5}, "OptionTypeError"),
        ({"omaha": True, "board_cards": (2,), "hole_cards": (4,)}, "InvalidOptionError"),
        ({"stud": 1}, "OptionTypeError"),
        ({"aliases": "x"}, "OptionTypeError"),
    ],
)
def test_variant_fields_are_checked(fields, error):
    base = {"name": "Home game", "hole_cards": (2,), "board_cards": (3, 4, 5)}
    with pytest.raises(getattr(pyrankcore.errors, error)):
        Variant(**{**base, **fields})


def test_a_home_variant_with_a_custom_ranking_settles_pots():
    game = Variant("Seven-to-ace stud", (5,), high=pyrankcore.stripped_deck("7"))
    # in a 32-card deck a flush beats a full house (the rule texts)
    assert pyrankcore.showdown(game, ["As Ks 9s 8s 7s", "7c 7d 7h 8h 8d"], pot=10) == [10, 0]
