"""One vocabulary in the core: rankings versus variants, other libraries' cards."""

import enum

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.errors import (
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    UnknownGameError,
)

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
        assert prc.evaluate(hand, variant) == prc.evaluate(hand, ranking)
    hands = prc.random_hands(500, 7, seed=3, game=ranking)
    assert (prc.evaluate_batch(hands, variant) == prc.evaluate_batch(hands, ranking)).all()


def test_variant_objects_are_accepted():
    from pyrankcore.variants import RAZZ

    assert prc.evaluate("7c 5d 4h 3s 2c", RAZZ) == prc.evaluate("7c 5d 4h 3s 2c", "ace_five")


@pytest.mark.parametrize("variant", ["Omaha Hi-Lo 8", "Stud Hi-Lo 8", "Big O"])
def test_split_pot_variants_say_why_they_cannot_be_one_strength(variant):
    with pytest.raises(InvalidArgumentError, match="split-pot"):
        prc.evaluate("As Ks Qs Js Ts", variant)


def test_omaha_variants_belong_to_evaluate_omaha():
    with pytest.raises(InvalidArgumentError, match="evaluate_omaha"):
        prc.evaluate("As Ks Qs Js Ts", "Omaha")
    assert prc.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Omaha") == 7462
    assert prc.evaluate_omaha("As Ks 2d 2c 3c", "Qs Js Ts 3h 4h", "Courchevel") == 7462
    holes = np.array([[51, 47, 0, 1]])
    assert prc.evaluate_omaha_batch(holes, np.array([43, 39, 35, 2, 3]), "PLO")[0] == 7462
    with pytest.raises(InvalidArgumentError, match="not an Omaha variant"):
        prc.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Razz")


def test_unknown_names_are_the_only_unknown_game_errors():
    with pytest.raises(UnknownGameError, match="rankings: high"):
        prc.evaluate("As Ks Qs Js Ts", "no such game")
    with pytest.raises(HandSizeError):  # a size problem, not an unknown game
        prc.evaluate_omaha_batch(np.zeros((1, 4), np.uint8), np.zeros((1, 2), np.uint8))


# --------------------------------------------------------------------------
# Cards of other libraries (duck-typed: neither package is imported)


class Eval7LikeCard:
    """What eval7.Card exposes: int rank 0..12 from deuce, int suit 0..3 c, d, h, s."""

    def __init__(self, text):
        self.rank = "23456789TJQKA".index(text[0])
        self.suit = "cdhs".index(text[1])


class Rank(str, enum.Enum):
    ACE = "A"
    KING = "K"
    TEN = "T"
    UNKNOWN = "?"


class Suit(str, enum.Enum):
    SPADE = "s"
    HEART = "h"
    UNKNOWN = "?"


class PokerkitLikeCard:
    """What pokerkit.Card exposes: str-enum rank and suit."""

    def __init__(self, rank, suit):
        self.rank, self.suit = rank, suit


def test_eval7_style_cards():
    cards = [Eval7LikeCard(t) for t in ("As", "Ks", "Qs", "Js", "Ts", "2c", "9d")]
    assert prc.parse_cards(cards) == prc.parse_cards("As Ks Qs Js Ts 2c 9d")
    assert prc.evaluate(cards) == 7462


def test_pokerkit_style_cards():
    cards = [
        PokerkitLikeCard(Rank.ACE, Suit.SPADE),
        PokerkitLikeCard(Rank.KING, Suit.HEART),
        PokerkitLikeCard(Rank.TEN, Suit.SPADE),
    ]
    assert prc.parse_cards(cards) == prc.parse_cards("As Kh Ts")
    with pytest.raises(InvalidCardError):
        prc.parse_cards([PokerkitLikeCard(Rank.UNKNOWN, Suit.SPADE)])
    with pytest.raises(InvalidCardError):
        prc.parse_cards([PokerkitLikeCard(Rank.ACE, Suit.UNKNOWN)])


def test_card_objects_with_bad_fields():
    card = Eval7LikeCard("As")
    card.rank = 13
    with pytest.raises(InvalidCardError):
        prc.parse_cards([card])
    card.rank = 1.5
    with pytest.raises(TypeError):
        prc.parse_cards([card])


def test_real_pokerkit_cards():
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse("AsKsQsJsTs"))
    assert prc.evaluate(cards) == 7462


def test_real_eval7_cards():
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(t) for t in ("As", "Td", "9h", "2c", "3c")]
    assert prc.parse_cards(cards) == prc.parse_cards("As Td 9h 2c 3c")


def test_sets_of_cards_are_refused():
    with pytest.raises(TypeError):
        prc.parse_cards({"As", "Kd"})


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
    from pyrankcore import errors
    from pyrankcore.variants import Variant

    base = {"name": "Home game", "hole_cards": (2,), "board_cards": (3, 4, 5)}
    with pytest.raises(getattr(errors, error)):
        Variant(**{**base, **fields})


def test_a_home_variant_with_a_custom_ranking_settles_pots():
    from pyrankcore.variants import Variant

    game = Variant("Seven-to-ace stud", (5,), high=prc.stripped_deck("7"))
    # in a 32-card deck a flush beats a full house (the rule texts)
    assert prc.showdown(game, ["As Ks 9s 8s 7s", "7c 7d 7h 8h 8d"], pot=10) == [10, 0]
