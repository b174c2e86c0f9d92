"""Suit orders, suit tie-breaks and the "no unbeatable hand" rules,
checked against the words of the rule text (shared/rules/: "Ranking of
suits", "Stripped Decks", "No Unbeatable Hand"), and their properties
(hypothesis). Suit tie-breaks as ranking options: test_suit_rankings.py."""

import doctest
from itertools import combinations

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import suits
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidOptionError,
    OptionTypeError,
    UnknownGameError,
)
from pyrankcore.suits import (
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    SuitRule,
    compare,
    resolve_suit_order,
    split_suited,
    suit_ranks,
    suited_strength,
    winners,
)

try:
    from hypothesis import assume, given
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - the test extra installs hypothesis
    given = None

# ------------------------------------------------------------ suit orders

# The text's list, verbatim: "Although the order spades, hearts, diamonds,
# clubs may seem natural ..., other suit orders are common ...".
TEXT_ORDERS = [
    ("spades (high), hearts, diamonds, clubs (low)", None),  # "Standard poker rules"
    ("spades (high), hearts, clubs, diamonds (low)", None),
    ("spades (high), diamonds, clubs, hearts (low)", None),
    ("hearts (high), spades, diamonds, clubs (low)", ("greece", "turkey")),
    ("hearts (high), diamonds, spades, clubs (low)", ("austria", "sweden")),
    ("hearts (high), diamonds, clubs, spades (low)", ("italy",)),
    ("diamonds (high), spades, hearts, clubs (low)", None),  # Brazil
    ("diamonds (high), hearts, spades, clubs (low)", None),  # Brazil
    ("clubs (high), spades, hearts, diamonds (low)", ("germany",)),
]


def _words(line):
    return [w.split()[0] for w in line.split(", ")]


@pytest.mark.parametrize(("line", "regions"), TEXT_ORDERS)
def test_every_order_of_the_text_is_selectable_by_name(line, regions):
    words = _words(line)
    name = "-".join(words)
    assert resolve_suit_order(name) == name
    assert SUIT_ORDERS[name] == tuple(w[0] for w in words)
    ranks = suit_ranks(name)
    for position, word in enumerate(words):  # highest first: 3, 2, 1, 0
        assert ranks["cdhs".index(word[0])] == 3 - position
    for region in regions or ():
        assert resolve_suit_order(region) == name
        assert resolve_suit_order(region.upper()) == name


def test_the_text_names_nine_orders_and_nothing_else():
    assert sorted(SUIT_ORDERS) == sorted("-".join(_words(line)) for line, _ in TEXT_ORDERS)
    assert suits.DEFAULT_SUIT_ORDER == "spades-hearts-diamonds-clubs"


def test_the_default_order_is_the_card_ids_own():
    assert suit_ranks() == (0, 1, 2, 3)  # c, d, h, s
    assert suit_ranks("standard") == suit_ranks("bridge") == (0, 1, 2, 3)


def test_other_spellings_of_an_order():
    assert resolve_suit_order("hdcs") == "hearts-diamonds-clubs-spades"
    assert resolve_suit_order(" Clubs_Diamonds_Hearts_Spades ") == "clubs-diamonds-hearts-spades"
    assert SuitRule(suit_tiebreak="main_group", suit_order="Italy").suit_order == (
        "hearts-diamonds-clubs-spades"
    )


def test_brazil_has_two_orders_and_the_error_names_both():
    with pytest.raises(InvalidOptionError) as info:
        resolve_suit_order("brazil")
    message = str(info.value)
    assert "suit_order='brazil'" in message
    assert "diamonds-spades-hearts-clubs" in message
    assert "diamonds-hearts-spades-clubs" in message


@pytest.mark.parametrize("bad", ["purple", "shdd", "spades-hearts-clubs", "", "s-h-d-c-x"])
def test_a_bad_suit_order_names_the_option_and_the_value(bad):
    with pytest.raises(InvalidOptionError) as info:
        resolve_suit_order(bad)
    assert f"suit_order={bad!r}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_suit_order_of_the_wrong_type():
    with pytest.raises(OptionTypeError, match="suit_order") as info:
        SuitRule(suit_tiebreak="main_group", suit_order=("s", "h", "d", "c"))
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize("bad", ["highest", "Main_Group", "pair"])
def test_a_bad_tiebreak_names_the_option_and_the_value(bad):
    with pytest.raises(InvalidOptionError) as info:
        SuitRule(suit_tiebreak=bad)
    assert f"suit_tiebreak={bad!r}" in str(info.value)
    assert "'highest_unpaired'" in str(info.value)
    with pytest.raises(OptionTypeError, match="suit_tiebreak"):
        SuitRule(suit_tiebreak=1)


def test_suit_rule_fields_are_keywords_and_the_tiebreak_is_required():
    with pytest.raises(TypeError):
        SuitRule()
    with pytest.raises(TypeError):
        SuitRule("main_group")
    assert SuitRule(suit_tiebreak="main_group") == SuitRule(
        suit_tiebreak="main_group", suit_order="bridge"
    )


# ---------------------------------------------------- the three tie-breaks


def rule(tiebreak, order="spades-hearts-diamonds-clubs"):
    return SuitRule(suit_tiebreak=tiebreak, suit_order=order)


# "If one player A has 8-8-J-9-3 and player B has 8-8-J-9-3, who will win?
# Does player A win by having the highest card within the pair of eights, or
# does player B win because her highest single card, the jack, is in a higher
# suit?"
PLAYER_A = "8s 8c Jd 9c 3d"  # the highest eight (spades)
PLAYER_B = "8h 8d Js 9h 3c"  # the jack in a higher suit


def test_without_a_rule_the_two_hands_tie():
    assert prc.evaluate(PLAYER_A) == prc.evaluate(PLAYER_B)
    assert compare(PLAYER_A, PLAYER_B) == 0
    assert winners([PLAYER_A, PLAYER_B]) == [0, 1]


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        ("highest_card", -1),  # rule 1: the jack is the highest card: B
        ("main_group", 1),  # rule 2: the highest card of the pair: A
        ("highest_unpaired", -1),  # rule 3: the highest unpaired card, the jack: B
    ],
)
def test_eight_eight_jack_nine_three(tiebreak, expected):
    assert compare(PLAYER_A, PLAYER_B, suit_rule=rule(tiebreak)) == expected
    assert compare(PLAYER_B, PLAYER_A, suit_rule=rule(tiebreak)) == -expected


@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_king_queen_seven_six_two_the_king_decides(tiebreak):
    # "What about K-Q-7-6-2 against K-Q-7-6-2?": no pair, so every rule
    # compares the highest card, the king, whatever the other suits.
    a, b = "Kh Qc 7c 6c 2c", "Kd Qs 7s 6s 2s"
    assert compare(a, b, suit_rule=rule(tiebreak)) == 1
    # Italy: hearts (high), diamonds, clubs, spades (low): still the hearts king.
    assert compare(a, b, suit_rule=rule(tiebreak, "italy")) == 1
    # Germany: clubs (high), spades, hearts, diamonds (low).
    assert compare(a, b, suit_rule=rule(tiebreak, "germany")) == 1
    assert compare("Kd Qc 7c 6c 2c", "Kh Qs 7s 6s 2s", suit_rule=rule(tiebreak, "germany")) == -1


def test_rule_two_the_highest_jack_wins():
    # "if two people have J-J-7-7-K the highest jack wins"
    a, b = "Js Jc 7d 7c Kd", "Jh Jd 7s 7h Ks"
    assert compare(a, b, suit_rule=rule("main_group")) == 1
    assert compare(a, b, suit_rule=rule("highest_card")) == -1  # the king
    assert compare(a, b, suit_rule=rule("highest_unpaired")) == -1  # the king again


def test_rule_three_compare_the_sevens():
    # "if two people have K-K-7-5-4 compare the 7's"
    a, b = "Ks Kc 7d 5c 4d", "Kh Kd 7s 5h 4c"
    assert compare(a, b, suit_rule=rule("highest_unpaired")) == -1  # 7s beats 7d
    assert compare(a, b, suit_rule=rule("highest_card")) == 1  # the kings: Ks
    assert compare(a, b, suit_rule=rule("main_group")) == 1


def test_the_highest_card_of_a_wheel_is_its_five():
    # 5-4-3-2-A: "its top card is the five, not the ace".
    a, b = "5s 4c 3c 2c Ah", "5h 4d 3d 2d As"
    assert compare(a, b, suit_rule=rule("highest_card")) == 1
    assert compare(a, b, suit_rule=rule("highest_card", "hearts-spades-diamonds-clubs")) == -1


def test_a_low_game_reads_its_highest_card_as_the_game_does():
    # Ace-to-five 8-6-4-2-A: the ace is low, the eight is the highest card.
    a, b = "8s 6c 4c 2c Ah", "8h 6d 4d 2d As"
    assert compare(a, b, "ace_five", suit_rule=rule("highest_card")) == 1
    assert compare(a, b, "ace_five") == 0


def test_a_full_house_has_no_unpaired_card_so_its_highest_card_decides():
    # Two hands can only share a full house from a board; check the key.
    value = suited_strength("3s 3h 3d Kc Kh", "high", rule("highest_unpaired"))
    strength, key = split_suited(value)
    assert strength == prc.evaluate("3s 3h 3d Kc Kh")
    assert key >> 8 == 2  # first digit: the hearts king (hearts = 2 in the standard order)
    main = split_suited(suited_strength("3s 3h 3d Kc Kh", "high", rule("main_group")))[1]
    assert main >> 8 == 3  # the spades three


def test_equal_first_cards_go_on_to_the_next_ones():
    # Both play the board's king of hearts: Italy has hearts high, so the
    # kings tie on Kh and the second king decides (clubs above spades).
    board = "Kh Qh 7d 6c 2s"
    italy = rule("highest_card", "italy")
    assert prc.showdown("Hold'em", ["Ks 3c", "Kc 3d"], board, 100) == [50, 50]
    assert prc.showdown("Hold'em", ["Ks 3c", "Kc 3d"], board, 100, suit_rule=italy) == [0, 100]
    standard = rule("highest_card")
    assert prc.showdown("Hold'em", ["Ks 3c", "Kc 3d"], board, 100, suit_rule=standard) == [100, 0]


def test_the_same_five_cards_still_tie():
    board = "As Ks Qs Js Ts"  # both play the board
    for tiebreak in SUIT_TIEBREAKS:
        assert winners(["2c 3c", "2d 3d"], "Hold'em", board=board, suit_rule=rule(tiebreak)) == [
            0,
            1,
        ]


def test_six_and_seven_cards_play_their_best_suited_five():
    # Each straight can take either of two nines: the higher suit plays
    # (the first five found would be the 9c for a, and a would lose).
    a = "5c 6d 7c 8d 9c 9s 2h"
    b = "5s 6s 7d 8s 9d 9h 2d"
    assert prc.evaluate(a) == prc.evaluate(b)
    for tiebreak in SUIT_TIEBREAKS:
        assert compare(a, b, suit_rule=rule(tiebreak)) == 1  # 9s beats 9h
        assert suited_strength(a, "high", rule(tiebreak)) == suited_strength(
            "5c 6d 7c 8d 9s", "high", rule(tiebreak)
        )
    assert compare(a, b, suit_rule=rule("highest_card", "italy")) == -1  # 9h beats 9c


def test_suited_strength_keeps_the_strength_and_fits_uint32():
    assert suits.SUITED_DTYPE == "uint32"
    top = suited_strength("As Ks Qs Js Ts", "high", rule("highest_card"))
    assert split_suited(top) == (7462, 1023)
    assert top < 2**32 and np.array([top], dtype=suits.SUITED_DTYPE)[0] == top
    low = suited_strength("7c 5d 4h 3s 2c", "high", rule("highest_card"))
    assert split_suited(low)[0] == 1
    # 0 is still "no qualifying hand"
    assert suited_strength("Kc Qd Jh 9s 7c", "ace_five_8", rule("highest_card")) == 0


def test_suit_rules_in_both_halves_of_a_hi_lo_pot():
    board = "2c 3d 7h Kd Qs"
    hands = ["As 4s Jc Jd", "Ah 4h Tc Td"]  # jacks beat tens; both lows are 7-4-3-2-A
    assert prc.showdown("Omaha Hi-Lo 8", hands, board, 100) == [75, 25]
    tied_low = rule("highest_card")  # the 7h is shared; then 4s beats 4h
    assert prc.showdown("Omaha Hi-Lo 8", hands, board, 100, suit_rule=tied_low) == [100, 0]
    italy = rule("highest_card", "italy")  # hearts high: the 4h
    assert prc.showdown("Omaha Hi-Lo 8", hands, board, 100, suit_rule=italy) == [50, 50]


# ----------------------------------------------- bring-in and odd chips


def test_bring_in_follows_the_suit_order():
    # Stud: "deciding who bets first in stud poker according to the highest
    # or lowest upcard"; the lowest card brings in, by suit between ranks.
    up = ["2s", "2c", "Kd", "2d"]
    assert prc.bring_in("Seven-card Stud", up) == 1  # clubs lowest
    assert prc.bring_in("Seven-card Stud", up, suit_order="standard") == 1
    assert prc.bring_in("Seven-card Stud", up, suit_order="germany") == 3  # diamonds lowest
    assert prc.bring_in("Seven-card Stud", up, suit_order="italy") == 0  # spades lowest
    # Razz: the highest card brings in, the highest suit between equal ranks.
    razz = ["Ks", "Kc", "5d", "Ah"]
    assert prc.bring_in("Razz", razz) == 0
    assert prc.bring_in("Razz", razz, suit_order="germany") == 1


def test_bring_in_default_is_unchanged_for_every_pair_of_cards():
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    for i, a in enumerate(deck):
        for b in deck[i + 1 : i + 9]:
            for game in ("Seven-card Stud", "Razz"):
                expected = prc.bring_in(game, [a, b])
                assert prc.bring_in(game, [a, b], suit_order="spades-hearts-diamonds-clubs") == (
                    expected
                )


STUD_TIE = ["Ks Kh 9s 8h 5c 4d 2c", "Kd Kc 9d 8c 5h 4s 2d"]  # K-K-9-8-5 each


def test_odd_chips_follow_the_suit_order():
    assert prc.evaluate(STUD_TIE[0]) == prc.evaluate(STUD_TIE[1])
    # "allocating a chip that is left over": the highest card by suit.
    assert prc.showdown("Seven-card Stud", STUD_TIE, pot=3) == [2, 1]  # Ks
    assert prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_order="standard") == [2, 1]
    assert prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_order="germany") == [1, 2]  # Kc
    assert prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_order="italy") == [2, 1]  # Kh


def test_odd_chips_outside_stud_follow_a_suit_order_when_one_is_given():
    # Text 002: the odd chip goes to the first hand clockwise from the button
    # (the default); texts 000 and 001: suit ranking allocates it. With a
    # suit order the highest of each winner's hole cards decides, its rank
    # first, then its suit in that order.
    board = "As Ks Qs Js Ts"  # a royal flush on the board: everyone ties
    hands = ["2c 3c", "2d 3d"]
    assert prc.showdown("Hold'em", hands, board, 3) == [2, 1]  # seat order
    assert prc.showdown("Hold'em", hands, board, 3, suit_order="standard") == [1, 2]  # 3d > 3c
    assert prc.showdown("Hold'em", hands, board, 3, suit_order="germany") == [2, 1]  # clubs high
    assert prc.showdown("Hold'em", hands, board, 3, suit_order="italy") == [1, 2]  # 3d
    # the rank comes first: seat 0's four beats seat 1's three of the top suit
    assert prc.showdown("Hold'em", ["4c 2c", "3s 2s"], board, 3, suit_order="standard") == [2, 1]
    # three ways, a ranking at the table, and a ranking's own suit order
    three = ["2c 3c", "2d 3d", "2h 3h"]
    assert prc.showdown("Hold'em", three, board, 5, suit_order="standard") == [1, 2, 2]
    assert prc.showdown("high", three, board, 5, suit_order="hdcs") == [1, 2, 2]
    assert prc.showdown("high", three, board, 5, suit_order="germany") == [2, 1, 2]
    assert prc.showdown("high", three, board, 5) == [2, 2, 1]
    germany = prc.ranking("high", suit_order="germany")
    assert prc.showdown(germany, three, board, 5) == [2, 1, 2]
    # each half of a hi-lo pot: Omaha Hi-Lo, quartered in the low
    omaha = ["Ac 2c Kd Kh", "Ad 2d Qs Qh"]
    low_board = "3h 4h 5s 9c Jd"
    assert prc.showdown("Omaha Hi-Lo 8", omaha, low_board, 3) == [2, 1]
    assert prc.showdown("Omaha Hi-Lo 8", omaha, low_board, 3, suit_order="standard") == [1, 2]
    assert prc.showdown("Omaha Hi-Lo 8", omaha, low_board, 3, suit_order="germany") == [2, 1]
    # the home games refuse it rather than ignore it
    with pytest.raises(InvalidArgumentError, match="suit_order="):
        prc.showdown(
            "Dakota",
            ["4c 9d Ks 4h Kd Kh 7s", "Ac 2d 3c 5h 6h Qc Jc"],
            pot=3,
            declarations=["high", "low"],
            down=["4c 9d Ks", "Ac Qc Jc"],
            suit_order="germany",
        )


def test_odd_chips_take_the_suit_rules_order_and_refuse_a_different_one():
    italy = rule("main_group", "italy")
    with pytest.raises(InvalidOptionError, match="suit_order='germany'"):
        prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_rule=italy, suit_order="germany")
    # With the rule itself the hands no longer tie: the pair of kings, hearts high.
    assert prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_rule=italy) == [3, 0]


# ------------------------------------------------------- the Italian rule

# "A minimum straight flush is the lowest that can be made with the deck in
# use ... with 40 cards the minimum straight flush would be A-5-6-7-8 of a
# suit. A maximum straight flush is 10-J-Q-K-A of a suit. All other
# straight flushes are medium."
DECKS = {
    "52 cards": ("high", "5s 4s 3s 2s As", "9h 8h 7h 6h 5h"),
    "40 cards": (prc.stripped_deck("5"), "As 5s 6s 7s 8s", "9h 8h 7h 6h 5h"),
    "36 cards": (prc.stripped_deck("6"), "As 6s 7s 8s 9s", "Th 9h 8h 7h 6h"),
    "32 cards": (prc.stripped_deck("7"), "As 7s 8s 9s Ts", "Jh Th 9h 8h 7h"),
    "short deck": ("short_deck", "As 6s 7s 8s 9s", "Kh Qh Jh Th 9h"),
}
MAXIMUM = "Ac Kc Qc Jc Tc"


@pytest.mark.parametrize("deck", DECKS)
def test_italian_cycle(deck):
    game, minimum, medium = DECKS[deck]
    italian = {"unbeatable": "italian"}
    for hand in (minimum, medium, MAXIMUM):
        assert prc.category(prc.evaluate(hand, game), game) == prc.Category.STRAIGHT_FLUSH
    # "the minimum beats the maximum, the maximum beats the medium and the
    # medium beats the minimum"
    assert compare(minimum, MAXIMUM, game, **italian) == 1
    assert compare(MAXIMUM, medium, game, **italian) == 1
    assert compare(medium, minimum, game, **italian) == 1
    assert compare(MAXIMUM, minimum, game, **italian) == -1
    # evaluate stays a total order: without the rule the maximum is the best.
    assert prc.evaluate(MAXIMUM, game) > prc.evaluate(medium, game) > prc.evaluate(minimum, game)
    assert compare(minimum, MAXIMUM, game) == -1
    # "the pot is split between them"
    assert winners([minimum, medium, MAXIMUM], game, **italian) == [0, 1, 2]
    assert prc.showdown(game, [MAXIMUM, minimum, medium], pot=99, **italian) == [33, 33, 33]
    assert prc.showdown(game, [MAXIMUM, minimum], pot=99, **italian) == [0, 99]


def test_a_36_card_deck_makes_a_six_high_straight_with_the_ace():
    # "when using a 36-card deck with 6's low, A-6-7-8-9 is a low straight"
    deck = prc.stripped_deck("6")
    assert prc.category(prc.evaluate("As 6d 7h 8c 9s", deck), deck) == prc.Category.STRAIGHT
    assert compare("As 6d 7h 8c 9s", "Kd Kc Ks Tc 7c", deck) == 1
    assert compare("As 6d 7h 8c 9s", "Kd Kc Ks Tc 7c", "high") == -1  # 52 cards: no straight


def test_two_mediums_compare_as_usual_and_only_the_best_shares():
    deck = prc.stripped_deck("6")
    minimum, low_medium, high_medium = "As 6s 7s 8s 9s", "Th 9h 8h 7h 6h", "Kd Qd Jd Td 9d"
    assert compare(high_medium, low_medium, deck, unbeatable="italian") == 1
    hands = [low_medium, MAXIMUM, high_medium, minimum]
    assert winners(hands, deck, unbeatable="italian") == [1, 2, 3]
    assert winners(hands, deck) == [1]


def test_minimum_and_maximum_without_a_medium_the_minimum_wins():
    deck = prc.stripped_deck("6")
    flush = "Kh Qh 9h 7h 6h"
    assert winners([flush, MAXIMUM, "As 6s 7s 8s 9s"], deck, unbeatable="italian") == [2]
    assert winners([flush, MAXIMUM], deck, unbeatable="italian") == [1]


# Two medium straight flushes: "If two players have medium straight flushes
# then the one with higher ranked cards wins as usual." So the lower medium
# loses to the higher one (and to the maximum) and beats only the minimum;
# it never shares a pot the higher medium plays for.
DECK36 = prc.stripped_deck("6")
MIN36 = "As 6s 7s 8s 9s"
LOW_MEDIUM, HIGH_MEDIUM = "Th 9h 8h 7h 6h", "Kd Qd Jd Td 9d"
HIGH_MEDIUM_TWIN = "Kh Qh Jh Th 9h"  # the same ranks, another suit


def test_two_mediums_alone_the_higher_wins_and_equal_ones_tie():
    italian = {"unbeatable": "italian"}
    assert compare(HIGH_MEDIUM, LOW_MEDIUM, DECK36, **italian) == 1
    assert compare(LOW_MEDIUM, HIGH_MEDIUM, DECK36, **italian) == -1
    assert compare(HIGH_MEDIUM, HIGH_MEDIUM_TWIN, DECK36, **italian) == 0
    assert winners([LOW_MEDIUM, HIGH_MEDIUM], DECK36, **italian) == [1]
    assert prc.showdown(DECK36, [LOW_MEDIUM, HIGH_MEDIUM], pot=10, **italian) == [0, 10]
    twins = [HIGH_MEDIUM, "Kc Qc Jc Tc 9c"]
    assert prc.showdown(DECK36, twins, pot=10, **italian) == [5, 5]


def test_minimum_and_two_mediums_the_higher_medium_wins_alone():
    # the minimum loses to both mediums; the lower medium to the higher one
    hands = [MIN36, HIGH_MEDIUM, LOW_MEDIUM]
    assert compare(LOW_MEDIUM, MIN36, DECK36, unbeatable="italian") == 1
    assert winners(hands, DECK36, unbeatable="italian") == [1]
    assert prc.showdown(DECK36, hands, pot=30, unbeatable="italian") == [0, 30, 0]


def test_maximum_and_two_mediums_the_maximum_wins_alone():
    hands = [LOW_MEDIUM, MAXIMUM, HIGH_MEDIUM]
    assert winners(hands, DECK36, unbeatable="italian") == [1]
    assert prc.showdown(DECK36, hands, pot=30, unbeatable="italian") == [0, 30, 0]


def test_the_cycle_with_two_mediums_splits_three_ways_without_the_lower_one():
    # minimum, maximum and the higher medium each beat one of the others: the
    # text's three-way split. The lower medium loses to the higher: nothing.
    hands = [LOW_MEDIUM, MIN36, HIGH_MEDIUM, MAXIMUM]
    assert prc.showdown(DECK36, hands, pot=99, unbeatable="italian") == [0, 33, 33, 33]
    # two equal higher mediums share the medium's place: four ways (52
    # cards, room for five straight flushes)
    hands = [HIGH_MEDIUM_TWIN, "5s 4s 3s 2s As", HIGH_MEDIUM, MAXIMUM, "8h 7h 6h 5h 4h"]
    assert winners(hands, "high", unbeatable="italian") == [0, 1, 2, 3]
    assert prc.showdown("high", hands, pot=100, unbeatable="italian") == [25, 25, 25, 25, 0]


def _italian_pot_by_the_text(hands, game):
    """Winners read from the text alone: a hand wins if no other hand beats
    it, where the minimum beats the maximum and otherwise the higher hand
    wins "as usual"; when every hand is beaten (the cycle), the best
    minimum, the best medium and the best maximum split."""
    strengths = [prc.evaluate(h, game) for h in hands]
    flushes = sorted(
        s for s in set(strengths) if prc.category(s, game) == prc.Category.STRAIGHT_FLUSH
    )
    minimum = prc.evaluate(MIN36, game)
    maximum = prc.evaluate(MAXIMUM, game)

    def beats(a, b):
        if (a, b) == (minimum, maximum):
            return True
        if (a, b) == (maximum, minimum):
            return False
        return a > b

    unbeaten = [i for i, s in enumerate(strengths) if not any(beats(t, s) for t in strengths)]
    if unbeaten:
        return unbeaten
    mediums = [s for s in flushes if minimum < s < maximum]
    best = {minimum, maximum, max(mediums)}
    return [i for i, s in enumerate(strengths) if s in best]


def test_italian_pots_of_random_straight_flushes_follow_the_text():
    import random

    suits_of = "cdhs"
    ranks = "6789TJQKA"
    flushes = []
    for suit in suits_of:
        flushes.append(f"A{suit} 6{suit} 7{suit} 8{suit} 9{suit}")
        for top in range(4, len(ranks)):
            flushes.append(" ".join(ranks[r] + suit for r in range(top - 4, top + 1)))
    others = ["As Ad Ac Ah 7d", "Ks Kd Kc Kh 6d", "Qs Qh Qd 9d 9c", "Jd Jc 8d 8c 6c"]
    rng = random.Random(11)
    checked = cycles = 0
    for _ in range(800):
        hands = rng.sample(flushes + others, rng.randint(2, 5))
        cards = [c for h in hands for c in h.split()]
        if len(set(cards)) != len(cards):
            continue
        expected = _italian_pot_by_the_text(hands, DECK36)
        assert winners(hands, DECK36, unbeatable="italian") == expected, hands
        checked += 1
        cycles += len(expected) >= 3
    assert checked > 150 and cycles > 5


def test_the_italian_rule_leaves_other_hands_alone():
    deck = prc.stripped_deck("7")
    hands = ["As Ad Ac Ah 7c", "Ks Kd Kc Kh 7d", "Qs Js Ts 9s 7s", "8h 8d 8c 9h 9d"]
    for a in hands:
        for b in hands:
            if a != b:
                assert compare(a, b, deck, unbeatable="italian") == compare(a, b, deck)


def test_italian_rule_with_stud_and_board_games():
    # Seven cards: the hand plays its best five by strength.
    stud = ["Ac Kc Qc Jc Tc 2d 3d", "5s 4s 3s 2s As 9d 9h"]
    assert prc.showdown("Seven-card Stud", stud, pot=10, unbeatable="italian") == [0, 10]
    assert prc.showdown("Seven-card Stud", stud, pot=10) == [10, 0]
    # Hold'em: the wheel (minimum) loses to 7-high (medium), rule or not.
    board = "3s 4s 5s 6d Kc"
    assert prc.showdown("Hold'em", ["As 2s", "6s 7s"], board, 10, unbeatable="italian") == [0, 10]
    assert winners(["As 2s", "6s 7s"], "Hold'em", board=board, unbeatable="italian") == [1]


# --------------------------------------------------------- the Greek rule

IMPERIAL = "Ah Kh Qh Jh Th"


def test_the_imperial_flush_beats_the_other_royal_flushes():
    deck = prc.stripped_deck("6")
    assert compare(IMPERIAL, "As Ks Qs Js Ts", deck) == 0  # standard poker
    assert compare(IMPERIAL, "As Ks Qs Js Ts", deck, unbeatable="greek") == 1
    assert compare("As Ks Qs Js Ts", IMPERIAL, deck, unbeatable="greek") == -1


@pytest.mark.parametrize(
    ("game", "lowest_quads", "higher_quads"),
    [
        (prc.stripped_deck("6"), "6s 6c 6d 6h 7c", "7s 7c 7d 7h 8c"),  # "6-6-6-6 ... 36 cards"
        (prc.stripped_deck("7"), "7s 7c 7d 7h 8c", "8s 8c 8d 8h 9c"),
        ("high", "2s 2c 2d 2h 3c", "6s 6c 6d 6h 7c"),
        ("short_deck", "6s 6c 6d 6h 7c", "7s 7c 7d 7h 8c"),
    ],
)
def test_the_imperial_flush_is_beaten_only_by_the_lowest_four_of_a_kind(
    game, lowest_quads, higher_quads
):
    greek = {"unbeatable": "greek"}
    assert compare(lowest_quads, IMPERIAL, game, **greek) == 1
    assert compare(IMPERIAL, lowest_quads, game, **greek) == -1
    assert compare(IMPERIAL, higher_quads, game, **greek) == 1
    assert compare(IMPERIAL, "Kc Qc Jc Tc 9c", game, **greek) == 1
    assert compare(lowest_quads, IMPERIAL, game) == -1  # not without the rule
    assert winners([IMPERIAL, lowest_quads], game, **greek) == [1]


def test_greek_three_way_split():
    # "a hand in the showdown that beats the four of a kind but is lower than
    # the Imperial Flush, in which case the pot would be split"
    deck = prc.stripped_deck("6")
    quads, between = "6s 6c 6d 6h 7c", "Ts 9s 8s 7s Js"
    assert compare(between, quads, deck, unbeatable="greek") == 1
    assert winners([IMPERIAL, quads, between], deck, unbeatable="greek") == [0, 1, 2]
    assert prc.showdown(deck, [IMPERIAL, quads, between], pot=100, unbeatable="greek") == [
        34,
        33,
        33,
    ]
    # Another royal flush also beats the quads and loses to the Imperial.
    assert winners([IMPERIAL, quads, "As Ks Qs Js Ts"], deck, unbeatable="greek") == [0, 1, 2]
    # A hand below the four of a kind does not close the cycle.
    flush = "Kd Qd 9d 8d 7d"
    assert winners([IMPERIAL, quads, flush], deck, unbeatable="greek") == [1]
    assert winners([IMPERIAL, flush], deck, unbeatable="greek") == [0]


def test_greek_rule_in_a_52_card_stud_game():
    hands = ["Ah Kh Qh Jh Th 9c 9d", "2s 2c 2d 2h 7c 7d 8d", "Ts 9s 8s 7s Js 8c 3c"]
    assert prc.showdown("Seven-card Stud", hands, pot=99, unbeatable="greek") == [33, 33, 33]
    assert prc.showdown("Seven-card Stud", hands, pot=99) == [99, 0, 0]
    assert prc.showdown("Seven-card Stud", hands[:2], pot=99, unbeatable="greek") == [0, 99]


# -------------------------------------------------------- compare, winners


def test_compare_is_antisymmetric_on_cycles_and_ties():
    deck = prc.stripped_deck("6")
    hands = [
        "As 6s 7s 8s 9s",
        "Th 9h 8h 7h 6h",
        MAXIMUM,
        IMPERIAL,
        "6c 6d 6h Kc Kd",
        "Kd Qd 9d 8d 7d",
    ]
    for unbeatable in (None, "italian", "greek"):
        for tiebreak in (None, *SUIT_TIEBREAKS):
            sr = None if tiebreak is None else rule(tiebreak)
            for a in hands:
                for b in hands:
                    if set(a.split()) & set(b.split()):
                        continue
                    ab = compare(a, b, deck, suit_rule=sr, unbeatable=unbeatable)
                    assert ab == -compare(b, a, deck, suit_rule=sr, unbeatable=unbeatable)


def test_winners_without_options_are_the_best_strengths():
    hands = ["As Ad 3c 4d 9h", "Ac Ah 3d 4c 9s", "Ks Kd Qc Jd 9c"]
    assert winners(hands) == [0, 1]
    assert prc.showdown("high", hands, pot=10) == [5, 5, 0]
    assert winners(["Kc Qd Jh 9s 7c", "Kd Qc Jd 9h 7h"], "ace_five_8") == []


def test_a_variant_with_one_ranking_and_omaha():
    board = "Qs Js Ts 3h 4h"
    assert compare("As Ks 2d 2c", "Ah Kh 2h 2s", "Omaha", board=board) == 1
    assert winners(["As Ks 2d 2c", "Ad Kd 5c 6c"], "Omaha", board=board) == [0]
    with pytest.raises(HandSizeError, match="Omaha: a hand has 4 cards"):
        compare("As Ks", "Ad Kd", "Omaha", board=board)


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("bad", ["roman", "Italian", "greece", ""])
def test_a_bad_unbeatable_names_the_option_and_the_value(bad):
    for call in (
        lambda: compare(IMPERIAL, MAXIMUM, unbeatable=bad),
        lambda: winners([IMPERIAL, MAXIMUM], unbeatable=bad),
        lambda: prc.showdown("high", [IMPERIAL, MAXIMUM], pot=2, unbeatable=bad),
    ):
        with pytest.raises(InvalidOptionError) as info:
            call()
        assert f"unbeatable={bad!r}" in str(info.value)
        assert "'italian'" in str(info.value) and "'greek'" in str(info.value)
    with pytest.raises(OptionTypeError, match="unbeatable"):
        compare(IMPERIAL, MAXIMUM, unbeatable=1)


def test_unbeatable_needs_a_high_ranking_with_straight_flushes():
    with pytest.raises(InvalidOptionError, match="unbeatable='italian' for ace_five"):
        compare("5c 4d 3h 2s Ac", "6c 4h 3d 2c Ad", "ace_five", unbeatable="italian")
    with pytest.raises(InvalidOptionError, match="unbeatable='greek' for Razz"):
        prc.showdown("Razz", ["5c 4d 3h 2s Ac", "6c 4h 3d 2c Ad"], pot=2, unbeatable="greek")
    flat = prc.stripped_deck("T", straights=False, flushes=False)
    with pytest.raises(InvalidOptionError, match="straight flushes"):
        winners(["As Ad Ac Ah Kc", "Ks Kd Kc Kh Qc"], flat, unbeatable="italian")


def test_suit_rules_refuse_wild_cards():
    jokers = prc.ranking("high", wild="jokers")
    with pytest.raises(InvalidArgumentError, match="suit_rule.*wild"):
        compare("As Ks Qs Js Jk", "Ah Kh Qh Jh Th", jokers, suit_rule=rule("main_group"))
    with pytest.raises(InvalidArgumentError, match="unbeatable.*wild"):
        winners(["As Ks Qs Js Jk", "Ah Kh Qh Jh Th"], jokers, unbeatable="greek")


def test_a_suit_rule_of_the_wrong_type():
    for bad in ("main_group", {"suit_tiebreak": "main_group"}):
        with pytest.raises(TypeError, match="suit_rule"):
            compare(PLAYER_A, PLAYER_B, suit_rule=bad)
        with pytest.raises(TypeError, match="suit_rule"):
            prc.showdown("high", [PLAYER_A, PLAYER_B], pot=2, suit_rule=bad)
        with pytest.raises(TypeError, match="suit_rule"):
            suited_strength(PLAYER_A, "high", bad)


def test_bad_suit_orders_in_bring_in_and_showdown():
    with pytest.raises(InvalidOptionError, match="suit_order='purple'"):
        prc.bring_in("Razz", ["Ks", "Kc"], suit_order="purple")
    with pytest.raises(InvalidOptionError, match="suit_order='brazil'"):
        prc.showdown("Seven-card Stud", STUD_TIE, pot=3, suit_order="brazil")


def test_bad_cards_and_games_get_the_usual_errors():
    with pytest.raises(DuplicateCardError, match="seats 0 and 1"):
        compare("As Ks Qs Js Ts", "As 2c 3c 4c 5d")
    with pytest.raises(DuplicateCardError):
        winners(["2c 3c", "2d 3d"], "Hold'em", board="2c 5s 6s 7s 8s")
    with pytest.raises(UnknownGameError):
        compare(PLAYER_A, PLAYER_B, "no such game")
    with pytest.raises(InvalidArgumentError, match="split-pot"):
        compare(PLAYER_A, PLAYER_B, "Omaha Hi-Lo 8", board="2c 5s 6s")
    with pytest.raises(InvalidArgumentError, match="at least one hand"):
        winners([])
    with pytest.raises(TypeError, match="seat order"):
        winners({"As Ks Qs Js Ts"})


def test_exported_from_the_package():
    for name in ("SUIT_ORDERS", "SuitRule", "compare", "suited_strength", "winners"):
        assert name in prc.__all__
        assert getattr(prc, name) is getattr(suits, name)


# ------------------------------------------------------------- properties


# A 24-card deck (nines up) makes equal ranks in different suits common.
SMALL = [4 * r + s for r in range(7, 13) for s in range(4)]


def test_module_doctests():
    result = doctest.testmod(suits, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 10


def _straight_flushes(deck):
    """Every straight flush of a stripped deck, as card lists."""
    game = prc.stripped_deck(deck)
    low = game.lowest_rank
    ranks = list(range(low, 13))
    out = []
    for s in range(4):
        out.append([48 + s] + [4 * r + s for r in range(low, low + 4)])  # ace low
        for top in range(low + 4, 13):
            out.append([4 * r + s for r in range(top - 4, top + 1)])
    assert all(len(set(h)) == 5 and all(c >> 2 in ranks for c in h) for h in out)
    return game, out


@pytest.mark.parametrize("lowest", ["5", "6", "7"])
def test_italian_rule_on_every_pair_of_straight_flushes(lowest):
    game, hands = _straight_flushes(lowest)
    strengths = sorted({prc.evaluate(h, game) for h in hands})
    minimum, maximum = strengths[0], strengths[-1]
    for a, b in combinations(hands, 2):
        if set(a) & set(b):
            continue
        sa, sb = prc.evaluate(a, game), prc.evaluate(b, game)
        got = compare(a, b, game, unbeatable="italian")
        assert got == -compare(b, a, game, unbeatable="italian")
        if {sa, sb} == {minimum, maximum}:
            assert got == (1 if sa == minimum else -1)
        else:
            assert got == (sa > sb) - (sa < sb)


if given is None:

    def test_properties_need_hypothesis():
        pytest.skip("hypothesis is not installed")

else:
    rules = st.builds(
        lambda t, o: SuitRule(suit_tiebreak=t, suit_order=o),
        st.sampled_from(SUIT_TIEBREAKS),
        st.sampled_from(sorted(SUIT_ORDERS)),
    )

    def deal(deck, sizes):
        """Disjoint hands of the given sizes from *deck*."""
        return st.permutations(deck).map(
            lambda cards: [
                sorted(cards[sum(sizes[:i]) : sum(sizes[: i + 1])]) for i in range(len(sizes))
            ]
        )

    @given(deal(SMALL, [5, 5]), rules)
    def test_a_rule_never_reorders_hands_of_different_strength(hands, rule):
        a, b = hands
        sa, sb = prc.evaluate(a), prc.evaluate(b)
        assume(sa != sb)
        assert compare(a, b, suit_rule=rule) == compare(a, b) == (1 if sa > sb else -1)
        assert (suited_strength(a, "high", rule) > suited_strength(b, "high", rule)) == (sa > sb)

    @given(deal(SMALL, [5, 5]), rules)
    def test_disjoint_hands_never_tie_under_a_rule(hands, rule):
        a, b = hands
        assert compare(a, b, suit_rule=rule) != 0
        assert len(winners([a, b], suit_rule=rule)) == 1

    @given(
        st.lists(st.sampled_from(SMALL), min_size=5, max_size=5, unique=True),
        st.lists(st.sampled_from(SMALL), min_size=5, max_size=5, unique=True),
        rules,
    )
    def test_equal_suited_strengths_only_for_the_same_cards(a, b, rule):
        # Overlapping hands allowed: only the same five cards may tie.
        va, vb = suited_strength(a, "high", rule), suited_strength(b, "high", rule)
        assert (va == vb) == (sorted(a) == sorted(b))
        assert split_suited(va)[0] == prc.evaluate(a)

    @given(deal(list(range(52)), [2, 2, 2, 5]), rules)
    def test_holdem_winners_are_among_the_plain_winners(dealt, rule):
        *hands, board = dealt
        plain = winners(hands, "Hold'em", board=board)
        ruled = winners(hands, "Hold'em", board=board, suit_rule=rule)
        assert set(ruled) <= set(plain)
        assert plain == [
            i
            for i, s in enumerate(prc.evaluate(h + board) for h in hands)
            if s == max(prc.evaluate(h + board) for h in hands)
        ]
        # The suit rule only splits a pot between hands that play the same cards.
        if len(ruled) > 1:
            strengths = {suited_strength(hands[i], "Hold'em", rule, board=board) for i in ruled}
            assert len(strengths) == 1

    other_games = st.sampled_from(["high", prc.stripped_deck("6"), prc.stripped_deck("7")])

    @given(deal(SMALL, [5, 5, 5]), other_games, st.sampled_from(["italian", "greek"]))
    def test_unbeatable_rules_leave_ordinary_hands_alone(hands, game, rule):
        # No straight flush, no Imperial Flush, no lowest four of a kind: as usual.
        for h in hands:
            cat = prc.category(prc.evaluate(h, game), game)
            assume(cat not in (prc.Category.STRAIGHT_FLUSH, prc.Category.FOUR_OF_A_KIND))
        assert winners(hands, game, unbeatable=rule) == winners(hands, game)
        a, b, _ = hands
        assert compare(a, b, game, unbeatable=rule) == compare(a, b, game)


def test_suit_key_bits_is_the_c_constant():
    """suits.SUIT_KEY_BITS splits what the C kernels pack (strength <<
    PRC_SUIT_KEY_BITS | key): the Python constant is the compiled one, and
    every packed value of a hand splits into the hand's plain strength and
    a key of five suits, two bits each."""
    from pyrankcore import _core

    assert suits.SUIT_KEY_BITS == _core.SUIT_KEY_BITS == 5 * 2
    ranking = prc.ranking("high", suit_tiebreak="main_group", suit_order="italy")
    hands = prc.random_hands(2000, 7, seed=11)
    packed = prc.evaluate_batch(hands, ranking).astype(np.int64)
    plain = prc.evaluate_batch(hands, "high").astype(np.int64)
    assert (packed >> _core.SUIT_KEY_BITS == plain).all()
    # the key breaks ties of the plain strength: equal strengths, different keys
    keys = packed & ((1 << _core.SUIT_KEY_BITS) - 1)
    assert len(set(zip(plain.tolist(), keys.tolist()))) > len(set(plain.tolist()))
