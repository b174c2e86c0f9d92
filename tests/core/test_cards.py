"""parse_cards / format_cards: every accepted input form, and the public names."""

import enum
import re

import numpy as np
import pytest

import pyrankcore

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs diamonds hearts spades

INT_DTYPES = [
    np.int8,
    np.uint8,
    np.int16,
    np.uint16,
    np.int32,
    np.uint32,
    np.int64,
    np.uint64,
]


def assert_int_list(result, expected):
    assert type(result) is list
    assert result == expected
    assert all(type(c) is int for c in result), [type(c) for c in result]


# --------------------------------------------------------------------------
# single cards


@pytest.mark.parametrize("rank", range(13))
@pytest.mark.parametrize("suit", range(4))
def test_every_card_parses_and_formats(rank, suit):
    card_id = rank * 4 + suit
    text = RANKS[rank] + SUITS[suit]
    assert_int_list(pyrankcore.parse_cards(text), [card_id])
    assert_int_list(pyrankcore.parse_cards(RANKS[rank] + SYMBOLS[suit]), [card_id])
    assert_int_list(pyrankcore.parse_cards(card_id), [card_id])
    assert pyrankcore.format_cards([card_id]) == text
    assert pyrankcore.format_cards(card_id) == text


@pytest.mark.parametrize(
    "text,card_id",
    [
        ("2c", 0),
        ("2d", 1),
        ("2h", 2),
        ("2s", 3),
        ("3c", 4),
        ("7h", 22),
        ("Td", 33),
        ("10d", 33),
        ("10s", 35),
        ("Jh", 38),
        ("Qd", 41),
        ("Kc", 44),
        ("Kd", 45),
        ("Ah", 50),
        ("As", 51),
        ("ah", 50),
        ("kd", 45),
        ("td", 33),
        ("A\u2660", 51),
        ("K\u2663", 44),
        ("Q\u2666", 41),
        ("J\u2665", 38),
        ("10\u2665", 34),
        ("2\u2663", 0),
    ],
)
def test_parse_single_card_forms(text, card_id):
    assert_int_list(pyrankcore.parse_cards(text), [card_id])


def test_id_convention_rank_times_four_plus_suit():
    assert pyrankcore.parse_cards("2c 2d 2h 2s 3c As") == [0, 1, 2, 3, 4, 51]
    assert pyrankcore.format_cards(list(range(0, 52, 13))) == "2c 5d 8h Js"


# --------------------------------------------------------------------------
# several cards in one string


@pytest.mark.parametrize(
    "text",
    [
        "AsKd7h",
        "As Kd 7h",
        "As,Kd,7h",
        "A\u2660K\u26667\u2665",
        "A\u2660 K\u2666 7\u2665",
        "asKd7h",
    ],
)
def test_parse_multi_card_strings(text):
    assert_int_list(pyrankcore.parse_cards(text), [51, 45, 22])


def test_parse_ten_written_as_10_inside_strings():
    assert pyrankcore.parse_cards("10dAs") == [33, 51]
    assert pyrankcore.parse_cards("As10d") == [51, 33]
    assert pyrankcore.parse_cards("10s 10h 10d 10c") == [35, 34, 33, 32]
    assert pyrankcore.parse_cards("Th,10c") == [34, 32]


def test_parse_keeps_order():
    assert pyrankcore.parse_cards("7h As 2c") == [22, 51, 0]
    assert pyrankcore.parse_cards([0, 51, 22]) == [0, 51, 22]


def test_parse_seven_cards_concatenated():
    assert pyrankcore.parse_cards("2c3c4c5c6c7c8c") == [0, 4, 8, 12, 16, 20, 24]


# --------------------------------------------------------------------------
# ints, sequences, arrays


@pytest.mark.parametrize("card_id", [0, 1, 25, 50, 51])
def test_parse_int(card_id):
    assert_int_list(pyrankcore.parse_cards(card_id), [card_id])


@pytest.mark.parametrize(
    "seq",
    [
        ["As", "Kd", "7h"],
        ("As", "Kd", "7h"),
        [51, 45, 22],
        (51, 45, 22),
        ["As", 45, "7\u2665"],
        ["A\u2660", "kd", "7h"],
    ],
)
def test_parse_sequences(seq):
    assert_int_list(pyrankcore.parse_cards(seq), [51, 45, 22])


def test_parse_sequence_with_ten_forms():
    assert pyrankcore.parse_cards(["10d", "Tc", "th"]) == [33, 32, 34]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_parse_numpy_integer_arrays(dtype):
    arr = np.array([51, 45, 22, 0], dtype=dtype)
    assert_int_list(pyrankcore.parse_cards(arr), [51, 45, 22, 0])
    # a strided view works as well
    assert_int_list(pyrankcore.parse_cards(arr[::2]), [51, 22])


def test_parse_does_not_modify_its_input():
    seq = ["As", "Kd"]
    arr = np.array([3, 2, 1], dtype=np.uint8)
    pyrankcore.parse_cards(seq)
    pyrankcore.parse_cards(arr)
    assert seq == ["As", "Kd"]
    assert arr.tolist() == [3, 2, 1]


# --------------------------------------------------------------------------
# format_cards


@pytest.mark.parametrize(
    "ids",
    [
        [51, 45, 22],
        (51, 45, 22),
        np.array([51, 45, 22], dtype=np.uint8),
        np.array([51, 45, 22], dtype=np.int64),
    ],
    ids=["list", "tuple", "uint8", "int64"],
)
def test_format_cards_forms(ids):
    out = pyrankcore.format_cards(ids)
    assert type(out) is str
    assert out == "As Kd 7h"


def test_format_uses_T_for_ten_and_lowercase_suits():
    assert pyrankcore.format_cards(pyrankcore.parse_cards("10d 10\u2660")) == "Td Ts"


def test_format_every_card_in_order():
    text = pyrankcore.format_cards(list(range(52)))
    assert text == " ".join(r + s for r in RANKS for s in SUITS)
    assert re.fullmatch(r"([2-9TJQKA][cdhs] ){51}[2-9TJQKA][cdhs]", text)
    assert pyrankcore.parse_cards(text) == list(range(52))


def test_parse_all_52_concatenated():
    text = "".join(r + s for r in RANKS for s in SUITS)
    assert pyrankcore.parse_cards(text) == list(range(52))


# --------------------------------------------------------------------------
# public names


def test_public_names_exist():
    for name in (
        "parse_cards",
        "format_cards",
        "evaluate",
        "evaluate_batch",
        "category",
        "describe",
        "to_cactus_kev",
        "from_cactus_kev",
        "Category",
        "GAMES",
        "PyrankcoreError",
        "InvalidCardError",
        "DuplicateCardError",
        "HandSizeError",
        "UnknownGameError",
        "__version__",
    ):
        assert hasattr(pyrankcore, name), name


def test_version_is_a_version_string():
    assert isinstance(pyrankcore.__version__, str)
    assert re.match(r"^\d+\.\d+", pyrankcore.__version__)


def test_games_is_a_tuple_of_names_with_high():
    assert isinstance(pyrankcore.GAMES, tuple)
    assert "high" in pyrankcore.GAMES
    assert all(isinstance(g, str) and g for g in pyrankcore.GAMES)
    assert len(set(pyrankcore.GAMES)) == len(pyrankcore.GAMES)


@pytest.mark.parametrize("game", pyrankcore.GAMES)
def test_every_listed_game_is_accepted(game):
    # A listed game ranks a five-card hand of its deck (every built-in ranking
    # takes five cards): a strength, 0 only where a low must qualify.
    hand = pyrankcore.parse_cards("As Kh Qd Jc 9s")
    strength = pyrankcore.evaluate(hand, game=game)
    assert type(strength) is int
    assert strength > 0 or (game == "ace_five_8" and strength == 0)
    assert pyrankcore.evaluate_batch(np.array([hand]), game).tolist() == [strength]


def test_game_high_is_the_default():
    hand = "As Kh Qd Jc 9s 8s 2c"
    assert pyrankcore.evaluate(hand, game="high") == pyrankcore.evaluate(hand)
    assert pyrankcore.evaluate(hand, "high") == pyrankcore.evaluate(hand)


def test_category_enum_values():
    C = pyrankcore.Category
    expected = {
        "HIGH_CARD": 0,
        "PAIR": 1,
        "TWO_PAIR": 2,
        "THREE_OF_A_KIND": 3,
        "STRAIGHT": 4,
        "FLUSH": 5,
        "FULL_HOUSE": 6,
        "FOUR_OF_A_KIND": 7,
        "STRAIGHT_FLUSH": 8,
        "FIVE_OF_A_KIND": 9,  # wild-card games only
    }
    assert {m.name: int(m) for m in C} == expected
    import enum

    assert issubclass(C, enum.IntEnum)


def test_evaluate_returns_a_python_int():
    s = pyrankcore.evaluate("As Ks Qs Js Ts")
    assert type(s) is int
    assert s == 7462


def test_category_and_describe_examples():
    C = pyrankcore.Category
    examples = [
        ("As Ks Qs Js Ts", C.STRAIGHT_FLUSH, "Royal Flush"),
        ("9h 8h 7h 6h 5h", C.STRAIGHT_FLUSH, "Straight Flush, Nine high"),
        ("5c 4c 3c 2c Ac", C.STRAIGHT_FLUSH, "Straight Flush, Five high"),
        ("Ac Ad Ah As 2c", C.FOUR_OF_A_KIND, "Four of a Kind, Aces"),
        ("Kc Kd Kh 9s 9c", C.FULL_HOUSE, "Full House, Kings full of Nines"),
        ("Ah 9h 7h 4h 2h", C.FLUSH, "Flush, Ace high"),
        ("Tc 9d 8h 7s 6c", C.STRAIGHT, "Straight, Ten high"),
        ("5c 4d 3h 2s Ac", C.STRAIGHT, "Straight, Five high"),
        ("7c 7d 7h Ks 2c", C.THREE_OF_A_KIND, "Three of a Kind, Sevens"),
        ("Kc Kd 9h 9s 2c", C.TWO_PAIR, "Two Pair, Kings and Nines"),
        ("Kc Kd 9h 7s 2c", C.PAIR, "Pair of Kings"),
        ("Ac Qd 9h 7s 2c", C.HIGH_CARD, "High Card, Ace"),
        ("6c 6d 6h 6s Ac", C.FOUR_OF_A_KIND, "Four of a Kind, Sixes"),
        ("2c 2d 3h 3s 4c", C.TWO_PAIR, "Two Pair, Threes and Twos"),
    ]
    for text, cat, desc in examples:
        s = pyrankcore.evaluate(text)
        assert pyrankcore.category(s) is cat, text
        assert pyrankcore.describe(s) == desc, text
        assert pyrankcore.describe(s, game="high") == desc
        assert pyrankcore.category(s, game="high") is cat


def test_cactus_kev_examples():
    assert pyrankcore.to_cactus_kev(7462) == 1
    assert pyrankcore.to_cactus_kev(1) == 7462
    assert pyrankcore.from_cactus_kev(1) == 7462
    assert pyrankcore.from_cactus_kev(7462) == 1
    arr = np.array([1, 1277, 7462])
    np.testing.assert_array_equal(pyrankcore.to_cactus_kev(arr), [7462, 6186, 1])
    np.testing.assert_array_equal(pyrankcore.from_cactus_kev(arr), [7462, 6186, 1])
    batch = pyrankcore.evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8))
    np.testing.assert_array_equal(pyrankcore.to_cactus_kev(batch), [1])


# --------------------------------------------------------------------------
# cards of other libraries (duck-typed: neither package is imported)


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
    assert pyrankcore.parse_cards(cards) == pyrankcore.parse_cards("As Ks Qs Js Ts 2c 9d")
    assert pyrankcore.evaluate(cards) == 7462


def test_pokerkit_style_cards():
    cards = [
        PokerkitLikeCard(Rank.ACE, Suit.SPADE),
        PokerkitLikeCard(Rank.KING, Suit.HEART),
        PokerkitLikeCard(Rank.TEN, Suit.SPADE),
    ]
    assert pyrankcore.parse_cards(cards) == pyrankcore.parse_cards("As Kh Ts")
    with pytest.raises(pyrankcore.InvalidCardError):
        pyrankcore.parse_cards([PokerkitLikeCard(Rank.UNKNOWN, Suit.SPADE)])
    with pytest.raises(pyrankcore.InvalidCardError):
        pyrankcore.parse_cards([PokerkitLikeCard(Rank.ACE, Suit.UNKNOWN)])


def test_card_objects_with_bad_fields():
    card = Eval7LikeCard("As")
    card.rank = 13
    with pytest.raises(pyrankcore.InvalidCardError):
        pyrankcore.parse_cards([card])
    card.rank = 1.5
    with pytest.raises(TypeError):
        pyrankcore.parse_cards([card])


def test_real_pokerkit_cards():
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse("AsKsQsJsTs"))
    assert pyrankcore.evaluate(cards) == 7462


def test_real_eval7_cards():
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(t) for t in ("As", "Td", "9h", "2c", "3c")]
    assert pyrankcore.parse_cards(cards) == pyrankcore.parse_cards("As Td 9h 2c 3c")


def test_sets_of_cards_are_refused():
    with pytest.raises(TypeError):
        pyrankcore.parse_cards({"As", "Kd"})


def test_a_category_prints_as_its_name():
    c = pyrankcore.category(pyrankcore.evaluate("Kh Kd 9s 9c 2d"))
    assert c is pyrankcore.Category.TWO_PAIR
    assert str(c) == f"{c}" == "Two Pair" and f"{c:>9}" == " Two Pair"
    assert int(c) == 2 and f"{c:d}" == "2" and c == 2
    assert repr(c) == "<Category.TWO_PAIR: 2>"
