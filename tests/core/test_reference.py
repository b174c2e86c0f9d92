"""The scalar evaluator against the pure-Python reference and the rule texts.

Worked examples are quoted from shared/rules/000_*.txt (the ranking page) and
shared/rules/002_*.txt (the list of poker hands), one test each.
"""

import random

import pytest
from references import reference as ref

import pyrankcore
from pyrankcore import Category


def ev(text):
    """Strength of space-separated card text, through the public API."""
    return pyrankcore.evaluate(ref.cards(text))


def holdem(board, hole):
    return ev(f"{board} {hole}")


# --------------------------------------------------------------------------
# the reference itself (guards against a broken oracle)


def test_reference_has_7462_classes_with_published_category_sizes():
    values = ref.all_values()
    assert len(values) == 7462
    sizes = [sum(1 for v in values if v[0] == c) for c in range(9)]
    assert sizes == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert ref.strength(ref.cards("As Ks Qs Js Ts")) == 7462
    assert ref.strength(ref.cards("7c 5d 4h 3s 2c")) == 1
    assert sum(ref.class_hand_count(v) for v in values) == 2598960


# --------------------------------------------------------------------------
# seeded random hands: scalar API == reference


@pytest.mark.parametrize("k,n", [(5, 4000), (6, 2000), (7, 2000)])
def test_random_hands_scalar_equals_reference(k, n):
    rng = random.Random(20240 + k)
    deck = list(range(52))
    for _ in range(n):
        hand = rng.sample(deck, k)
        assert pyrankcore.evaluate(hand) == ref.strength(hand), pyrankcore.format_cards(hand)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_text_forms_equal_reference(k):
    rng = random.Random(77 + k)
    for _ in range(300):
        hand = rng.sample(range(52), k)
        want = ref.strength(hand)
        text = " ".join(ref.card_text(c) for c in hand)
        assert pyrankcore.evaluate(text) == want
        assert pyrankcore.evaluate(text.replace(" ", "")) == want
        assert pyrankcore.evaluate(tuple(text.split())) == want


# --------------------------------------------------------------------------
# extremes


def test_royal_flush_is_7462_in_every_suit():
    for suit in "cdhs":
        assert ev(" ".join(r + suit for r in "AKQJT")) == 7462


def test_seven_high_is_the_weakest_hand():
    # 002: "The lowest possible high card is seven-high (such as 7S 5C 4D 3D 2C)"
    assert ev("7\u2660 5\u2663 4\u2666 3\u2666 2\u2663") == 1
    assert ev("7c 5d 4h 3s 2c") == 1


def test_six_high_run_is_a_straight_not_a_high_card():
    # 002: "a hand such as 6D 5C 4S 3D 2H would be a straight"
    s = ev("6\u2666 5\u2663 4\u2660 3\u2666 2\u2665")
    assert pyrankcore.category(s) == Category.STRAIGHT
    assert pyrankcore.describe(s) == "Straight, Six high"


def test_six_five_four_three_ace_is_ace_high():
    # 002: "in 6D 5C 4S 3D AH the ace would serve as the high card"
    s = ev("6\u2666 5\u2663 4\u2660 3\u2666 A\u2665")
    assert pyrankcore.category(s) == Category.HIGH_CARD
    assert pyrankcore.describe(s) == "High Card, Ace"
    assert s > ev("K\u2666 Q\u2663 J\u2660 T\u2666 8\u2665")


# --------------------------------------------------------------------------
# 1. straight flush


def test_straight_flush_example():
    # 000: "five cards of the same suit in sequence - such as J-10-9-8-7"
    s = ev("Jh Th 9h 8h 7h")
    assert pyrankcore.category(s) == Category.STRAIGHT_FLUSH
    assert pyrankcore.describe(s) == "Straight Flush, Jack high"


def test_higher_top_card_straight_flush_wins():
    assert ev("Qc Jc Tc 9c 8c") > ev("Jh Th 9h 8h 7h")


def test_steel_wheel_is_the_lowest_straight_flush():
    # 000: "5-4-3-2-A is a straight flush, but its top card is the five"
    s = ev("5d 4d 3d 2d Ad")
    assert s == 7453
    assert pyrankcore.describe(s) == "Straight Flush, Five high"
    assert s < ev("6d 5d 4d 3d 2d")
    assert s > ev("As Ah Ad Ac Ks")


def test_straight_flush_cannot_turn_the_corner():
    # 000: "4-3-2-A-K is not valid" -> it is only an ace-high flush
    s = ev("4s 3s 2s As Ks")
    assert pyrankcore.category(s) == Category.FLUSH
    assert pyrankcore.describe(s) == "Flush, Ace high"


def test_royal_flush_description():
    assert pyrankcore.describe(ev("A\u2666 K\u2666 Q\u2666 J\u2666 10\u2666")) == "Royal Flush"


# --------------------------------------------------------------------------
# 2. four of a kind


def test_higher_quads_beat_lower_quads_regardless_of_kicker():
    # 000: "3-3-3-3-A is beaten by 4-4-4-4-2"
    assert ev("3c 3d 3h 3s Ac") < ev("4c 4d 4h 4s 2c")


def test_quad_jacks_on_board_king_kicker_beats_queen():
    # 000: "with J-J-J-J-9 on the table ... K-7 beats ... Q-10"
    board = "Jc Jd Jh Js 9c"
    assert holdem(board, "Kd 7h") > holdem(board, "Qd Th")
    assert pyrankcore.describe(holdem(board, "Kd 7h")) == "Four of a Kind, Jacks"


def test_quad_jacks_on_board_nine_kicker_plays_for_both():
    # 000: "If one player holds 8-2 and another holds 6-5 they split the pot"
    board = "Jc Jd Jh Js 9c"
    assert holdem(board, "8d 2h") == holdem(board, "6d 5h") == ev(board)


def test_quad_jacks_on_board_ace_kickers_tie():
    # 000: "If one player holds A-2 and another holds A-K they also split"
    board = "Jc Jd Jh Js 9c"
    assert holdem(board, "Ad 2h") == holdem(board, "Ah Kd")
    assert holdem(board, "Ad 2h") > holdem(board, "Kd 7h")


def test_same_quads_kicker_decides():
    # 002: "7C 7S 7D 7H JH defeats 7C 7S 7D 7H 10C"
    assert ev("7\u2663 7\u2660 7\u2666 7\u2665 J\u2665") > ev(
        "7\u2663 7\u2660 7\u2666 7\u2665 10\u2663"
    )


# --------------------------------------------------------------------------
# 3. full house


def test_full_house_trips_decide():
    # 000: "9-9-9-4-4 beats 8-8-8-A-A"
    assert ev("9c 9d 9h 4c 4d") > ev("8c 8d 8h Ac Ad")
    # 002: "7S 7H 7D 4S 4C defeats 6S 6H 6D AS AC"
    assert ev("7\u2660 7\u2665 7\u2666 4\u2660 4\u2663") > ev(
        "6\u2660 6\u2665 6\u2666 A\u2660 A\u2663"
    )


def test_full_house_same_trips_pair_decides():
    # 002: "5H 5D 5S QH QC defeats 5C 5D 5S JS JD"
    assert ev("5\u2665 5\u2666 5\u2660 Q\u2665 Q\u2663") > ev(
        "5\u2663 5\u2666 5\u2660 J\u2660 J\u2666"
    )


def test_full_house_description():
    # 002: "QC QD QS 9H 9C could be described as 'Queens full of nines'"
    s = ev("Q\u2663 Q\u2666 Q\u2660 9\u2665 9\u2663")
    assert pyrankcore.describe(s) == "Full House, Queens full of Nines"


# --------------------------------------------------------------------------
# 4. flush


def test_flush_compares_card_by_card():
    # 000: "K-J-9-3-2 beats K-J-7-6-5 because the nine beats the seven"
    assert ev("Kh Jh 9h 3h 2h") > ev("Ks Js 7s 6s 5s")


def test_flushes_with_equal_ranks_tie_whatever_the_suit():
    # 000: "If all five cards are equal, the flushes are equal"
    assert ev("Kh Jh 9h 3h 2h") == ev("Kc Jc 9c 3c 2c")


def test_community_flush_higher_hole_card_wins():
    # 002: community AC 10C 6C 2C; QC JD has a queen-high flush ... KC 10S a
    # king-high flush; both use the ace (four board cards: six-card hands)
    board = "A\u2663 10\u2663 6\u2663 2\u2663"
    queen = holdem(board, "Q\u2663 J\u2666")
    king = holdem(board, "K\u2663 10\u2660")
    assert pyrankcore.category(queen) == pyrankcore.category(king) == Category.FLUSH
    assert king > queen


def test_flush_beats_straight():
    assert ev("9h 7h 5h 3h 2h") > ev("As Kd Qh Jc Ts")


# --------------------------------------------------------------------------
# 5. straight


def test_broadway_is_the_highest_straight():
    # 000: "A-K-Q-J-10 and 5-4-3-2-A are valid straights"
    s = ev("Ac Kd Qh Js Tc")
    assert pyrankcore.category(s) == Category.STRAIGHT
    assert s == 5863
    assert pyrankcore.describe(s) == "Straight, Ace high"


def test_wheel_is_the_lowest_straight():
    # 000: "5-4-3-2-A, known as a wheel, is the lowest kind of straight"
    s = ev("5s 4d 3d 2s Ah")
    assert s == 5854
    assert pyrankcore.describe(s) == "Straight, Five high"
    assert s < ev("6c 5s 4d 3d 2s")
    assert s > ev("Ac Ad Ah Kc Qd")  # beats any three of a kind


def test_ace_cannot_wrap_around():
    # 000: "2-A-K-Q-J is not"; 002: "3S 2D AH KS QC is not a straight"
    for text in (
        "2c Ad Kh Qs Jc",
        "3\u2660 2\u2666 A\u2665 K\u2660 Q\u2663",
        "4c 3d 2h As Kc",
    ):
        s = ev(text)
        assert pyrankcore.category(s) == Category.HIGH_CARD, text
        assert pyrankcore.describe(s) == "High Card, Ace"


def test_straights_with_same_top_card_tie():
    # 002: "Two straights with the same high card are of equal value"
    assert ev("Qc Js Ts 9h 8h") == ev("Qd Jd Th 9c 8s")


def test_holdem_unused_cards_do_not_count():
    # 002: board 4C 5D 6D 7S 10H; 3S QD and 3C AC hold equal 3-to-7 straights
    board = "4\u2663 5\u2666 6\u2666 7\u2660 10\u2665"
    a = holdem(board, "3\u2660 Q\u2666")
    b = holdem(board, "3\u2663 A\u2663")
    assert a == b
    assert pyrankcore.describe(a) == "Straight, Seven high"


# --------------------------------------------------------------------------
# 6. three of a kind


def test_three_of_a_kind_chain():
    # 000: "5-5-5-3-2 beats 4-4-4-K-5, which beats 4-4-4-Q-9, which beats 4-4-4-Q-8"
    chain = ["5c 5d 5h 3s 2c", "4c 4d 4h Ks 5d", "4c 4d 4h Qs 9d", "4c 4d 4h Qs 8d"]
    strengths = [ev(t) for t in chain]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 4


def test_three_of_a_kind_examples_002():
    # 002: "QS QH QD 7S 4C defeats JS JC JD AD KC"
    assert ev("Q\u2660 Q\u2665 Q\u2666 7\u2660 4\u2663") > ev(
        "J\u2660 J\u2663 J\u2666 A\u2666 K\u2663"
    )
    # 002: "4D 4C 4S 9D 2C defeats 4D 4C 4S 8C 7D"
    assert ev("4\u2666 4\u2663 4\u2660 9\u2666 2\u2663") > ev(
        "4\u2666 4\u2663 4\u2660 8\u2663 7\u2666"
    )


def test_order_of_cards_does_not_matter():
    # 002: "10S 8D 10D 6C 10C is ranked the same as 10C 10D 10S 8D 6C"
    a = ev("10\u2660 8\u2666 10\u2666 6\u2663 10\u2663")
    assert a == ev("10\u2663 10\u2666 10\u2660 8\u2666 6\u2663")
    assert pyrankcore.describe(a) == "Three of a Kind, Tens"


# --------------------------------------------------------------------------
# 7. two pair


def test_two_pair_higher_top_pair_wins():
    # 000: "J-J-2-2-4 beats 10-10-9-9-8"
    assert ev("Jc Jd 2h 2s 4c") > ev("Tc Td 9h 9s 8c")


def test_two_pair_lower_pair_then_kicker():
    # 000: "8-8-6-6-3 beats 8-8-5-5-K" and "Q-Q-5-5-8 beats Q-Q-5-5-4"
    assert ev("8c 8d 6h 6s 3c") > ev("8c 8d 5h 5s Kc")
    assert ev("Qc Qd 5h 5s 8c") > ev("Qc Qd 5h 5s 4c")


def test_two_pair_examples_002():
    s1 = ev("10\u2660 10\u2663 8\u2665 8\u2663 4\u2660")
    assert s1 > ev("8\u2665 8\u2663 4\u2660 4\u2663 10\u2660")
    assert s1 > ev("10\u2660 10\u2663 4\u2660 4\u2665 8\u2665")
    assert ev("10\u2660 10\u2663 8\u2665 8\u2663 A\u2666") > s1


def test_lowest_two_pair_beats_best_one_pair():
    # 002: "2D 2S 3D 3C 4S, the lowest-valued two pair hand, defeats ... AS AD KD QH JC"
    low = ev("2\u2666 2\u2660 3\u2666 3\u2663 4\u2660")
    assert low == 4138
    assert low > ev("A\u2660 A\u2666 K\u2666 Q\u2665 J\u2663")
    assert ev("A\u2660 A\u2666 K\u2666 Q\u2665 J\u2663") == 4137


def test_two_pair_description():
    # 002: "KC KD 9S 9H 5H is described as ... 'Kings and nines'"
    assert (
        pyrankcore.describe(ev("K\u2663 K\u2666 9\u2660 9\u2665 5\u2665"))
        == "Two Pair, Kings and Nines"
    )


# --------------------------------------------------------------------------
# 8. pair and 9. high card


def test_pair_rank_beats_kickers():
    # 000: "6-6-4-3-2 beats 5-5-A-K-Q"
    assert ev("6c 6d 4h 3s 2c") > ev("5c 5d Ah Ks Qc")


def test_pair_kickers_in_order():
    # 000: "J-J-A-9-3 beats J-J-A-8-7 because the 9 beats the 8"
    assert ev("Jc Jd Ah 9s 3c") > ev("Jc Jd Ah 8s 7c")
    assert pyrankcore.describe(ev("Jc Jd Ah 9s 3c")) == "Pair of Jacks"


def test_high_card_compares_card_by_card():
    # 000: "A-J-9-5-3 beats A-10-9-6-4 because the jack beats the ten"
    assert ev("Ac Jd 9h 5s 3c") > ev("Ac Td 9h 6s 4c")


def test_high_card_example_002_description():
    # 002: "K H J H 8 C 7 D 4 S" is a high-card hand described by its king
    assert pyrankcore.describe(ev("K\u2665 J\u2665 8\u2663 7\u2666 4\u2660")) == "High Card, King"


# --------------------------------------------------------------------------
# category ordering: the weakest hand of each category beats the best of the one below


@pytest.mark.parametrize(
    "weakest,best_below",
    [
        ("2c 2d 5h 4s 3c", "Ac Kd Qh Js 9c"),  # pair > high card
        ("2c 2d 3h 3s 4c", "Ac Ad Kh Qs Jc"),  # two pair > pair
        ("2c 2d 2h 4s 3c", "Ac Ad Kh Ks Qc"),  # trips > two pair
        ("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qc"),  # wheel > trips
        ("7h 5h 4h 3h 2h", "Ac Kd Qh Js Tc"),  # flush > straight
        ("2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h"),  # full house > flush
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Ks Kc"),  # quads > full house
        ("Ah 2h 3h 4h 5h", "Ac Ad Ah As Kc"),  # steel wheel > quads
    ],
)
def test_weakest_of_category_beats_best_of_category_below(weakest, best_below):
    w, b = ev(weakest), ev(best_below)
    assert w == b + 1
    assert pyrankcore.category(w) == pyrankcore.category(b) + 1


def test_seven_card_hand_uses_best_five_only():
    # 000: "if these cards are equal the hands are equal, irrespective of the
    # ranks of any unused cards"
    five = "As Ks Qs Js 9s"
    assert ev(five + " 2c 3d") == ev(five + " 8c 8d") == ev(five)
    assert ev("As Ks Qs Js 9s Ts 2c") == 7462
