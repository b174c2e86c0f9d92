"""The ranking systems (low games, incomplete hands, short and stripped decks).

Checked four ways:

* exact counts over whole decks (``_core.enumerate_counts``) against numbers
  from the rule texts and against histograms computed independently by
  tests/references/low_reference.py;
* every worked example of the rule texts (shared/rules/000 "Hand Ranking in
  Low Poker" .. "Stripped Decks", 001 Razz, 002 lowball / seven-to-ace), one
  test each;
* the slow reference (exhaustively over all five-card classes, and on seeded
  random 6- and 7-card hands) and pokerkit, where it has the ranking;
* hypothesis properties for every game.

Strengths are "larger wins" in every game, 0 = no qualifying hand.
"""

import random
import zlib
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import numpy as np
import pytest
from references import low_reference as L
from references import reference as ref
from references.hands import every_hand_counts

import pyrankcore
from pyrankcore import Category, _core

# --------------------------------------------------------------------------
# games under test, each with its reference rules

GAME_SPECS = [
    ("high", "high", L.HIGH),
    ("ace_five", "ace_five", L.ACE_FIVE),
    ("ace_five_8", "ace_five_8", L.ACE_FIVE_8),
    ("deuce_seven", "deuce_seven", L.DEUCE_SEVEN),
    ("ace_six", "ace_six", L.ACE_SIX),
    ("incomplete", "incomplete", L.INCOMPLETE),
    ("short_deck", "short_deck", L.SHORT_DECK),
    (
        "ace_six[broadway]",
        pyrankcore.ranking("ace_six", broadway=True),
        L.ACE_SIX_BROADWAY,
    ),
    (
        "ace_six[ace_pair_high]",
        pyrankcore.ranking("ace_six", ace_pair_high=True),
        L.ACE_SIX_ACES_HIGH,
    ),
    (
        "short_deck[trips_over_straight]",
        pyrankcore.ranking("short_deck", trips_over_straight=True),
        L.SHORT_DECK_TRIPS,
    ),
    ("stripped_7", pyrankcore.stripped_deck("7"), L.SEVEN_TO_ACE),
    (
        "stripped_T_plain",
        pyrankcore.stripped_deck("T", straights=False, flushes=False),
        L.TWENTY_CARD,
    ),
]
SPEC_IDS = [s[0] for s in GAME_SPECS]
BEST_OF_SPECS = [s for s in GAME_SPECS if s[0] != "incomplete"]  # 5-7 cards


def ev(text, game):
    """Strength of space-separated card text, through the public API."""
    return pyrankcore.evaluate(L.cards(text), game)


def strength_order(texts, game):
    return [ev(t, game) for t in texts]


def random_hand(rng, rules, k):
    """k distinct cards of the game's deck; half the time suit-heavy, so that
    flushes (which low games must avoid) turn up often with 6-7 cards."""
    deck = rules.deck()
    if rng.random() < 0.5:
        suit = rng.randrange(4)
        same = [c for c in deck if c % 4 == suit]
        m = rng.randint(min(k, 4), min(k, len(same)))
        hand = rng.sample(same, m)
        rest = [c for c in deck if c not in hand]
        hand += rng.sample(rest, k - m)
        rng.shuffle(hand)
        return hand
    return rng.sample(deck, k)


def test_games_tuple_lists_the_builtin_rankings():
    assert set(pyrankcore.GAMES) >= {
        "high",
        "ace_five",
        "ace_five_8",
        "deuce_seven",
        "ace_six",
        "incomplete",
        "short_deck",
    }


# --------------------------------------------------------------------------
# the reference itself (guards against a broken oracle)


def test_reference_class_counts():
    assert L.n_classes(L.HIGH) == 7462
    assert L.n_classes(L.ACE_FIVE) == 6175  # 1287 + 2860 + 858 + 858 + 156 + 156
    assert L.n_classes(L.ACE_FIVE_8) == comb(8, 5)
    assert L.n_classes(L.DEUCE_SEVEN) == 7462
    assert L.n_classes(L.TWENTY_CARD) == 121
    three = [
        v for v in L.all_values(L.INCOMPLETE) if len(L.representative(L.INCOMPLETE, v)[0]) == 3
    ]
    assert len(three) == 455
    # the reference agrees with tests/references/reference.py on high hands
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(range(52), rng.choice((5, 6, 7)))
        assert L.HIGH.strength(hand) == ref.strength(hand)


# --------------------------------------------------------------------------
# 1. exact facts over whole decks


@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_five_card_histogram_equals_reference(spec):
    _name, game, rules = spec
    counts = _core.enumerate_counts(5, game)
    assert counts.dtype == np.int64
    assert len(counts) == L.n_classes(rules) + 1
    want = L.small_histogram(rules, 5)
    got = {s: int(n) for s, n in enumerate(counts) if n}
    assert got == dict(want)
    assert counts.sum() == comb(len(rules.deck()), 5)


def test_ace_five_has_6175_five_card_strengths():
    counts = _core.enumerate_counts(5, "ace_five")
    assert counts.sum() == 2_598_960
    assert counts[0] == 0  # every hand has an ace-to-five value
    assert np.count_nonzero(counts[1:]) == 6175
    assert len(counts) == 6176


def test_eight_or_better_five_cards_57344_qualify_in_56_classes():
    counts = _core.enumerate_counts(5, "ace_five_8")
    assert counts[1:].sum() == 57_344 == comb(8, 5) * 4**5
    assert np.count_nonzero(counts[1:]) == 56
    assert counts[0] == 2_598_960 - 57_344
    # suits play no part: every qualifying class has 4^5 hands
    assert set(counts[1:].tolist()) == {1024}


def test_eight_or_better_seven_cards_qualify_count():
    counts = every_hand_counts(7, "ace_five_8")
    assert counts.sum() == 133_784_560
    assert counts[1:].sum() == 24_530_944
    assert np.count_nonzero(counts[1:]) == 56
    # the whole distribution, against the reference (by rank multisets)
    want = L.suitless_histogram(L.ACE_FIVE_8, 7)
    assert {s: int(n) for s, n in enumerate(counts) if n} == dict(want)


def test_eight_or_better_six_cards_against_reference():
    counts = every_hand_counts(6, "ace_five_8")
    want = L.suitless_histogram(L.ACE_FIVE_8, 6)
    assert {s: int(n) for s, n in enumerate(counts) if n} == dict(want)


def test_deuce_seven_has_7462_classes():
    counts = _core.enumerate_counts(5, "deuce_seven")
    assert counts.sum() == 2_598_960
    assert counts[0] == 0
    assert np.count_nonzero(counts[1:]) == 7462


def test_three_card_incomplete_hands():
    counts = _core.enumerate_counts(3, "incomplete")
    assert counts.sum() == 22_100 == comb(52, 3)
    present = np.flatnonzero(counts)
    assert 0 not in present
    assert len(present) == 455
    by_cat = Counter(pyrankcore.category(int(s), "incomplete") for s in present)
    assert by_cat == {
        Category.THREE_OF_A_KIND: 13,
        Category.PAIR: 156,
        Category.HIGH_CARD: 286,
    }
    hands = Counter()
    for s in present:
        hands[pyrankcore.category(int(s), "incomplete")] += int(counts[s])
    assert hands == {
        Category.THREE_OF_A_KIND: 13 * 4,
        Category.PAIR: 13 * 6 * 12 * 4,
        Category.HIGH_CARD: comb(13, 3) * 4**3,
    }


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_incomplete_small_hands_histogram_equals_reference(k):
    counts = _core.enumerate_counts(k, "incomplete")
    assert counts.sum() == comb(52, k)
    got = {s: int(n) for s, n in enumerate(counts) if n}
    assert got == dict(L.small_histogram(L.INCOMPLETE, k))


def test_short_deck_five_card_hands_per_category():
    counts = _core.enumerate_counts(5, "short_deck")
    assert counts.sum() == 376_992 == comb(36, 5)
    assert counts[0] == 0
    got = Counter()
    for s in np.flatnonzero(counts):
        got[pyrankcore.category(int(s), "short_deck")] += int(counts[s])
    # counted by hand: 9 ranks (6..A), six straights (A-6-7-8-9 .. T-J-Q-K-A)
    want = {
        Category.STRAIGHT_FLUSH: 6 * 4,
        Category.FOUR_OF_A_KIND: 9 * 32,
        Category.FULL_HOUSE: 9 * 4 * 8 * 6,
        Category.FLUSH: 4 * comb(9, 5) - 24,
        Category.STRAIGHT: 6 * 4**5 - 24,
        Category.THREE_OF_A_KIND: 9 * 4 * comb(8, 2) * 16,
        Category.TWO_PAIR: comb(9, 2) * 36 * 7 * 4,
        Category.PAIR: 9 * 6 * comb(8, 3) * 64,
        Category.HIGH_CARD: (comb(9, 5) - 6) * (4**5 - 4),
    }
    assert sum(want.values()) == 376_992
    assert got == want
    # and the same numbers from the reference, by rank patterns
    by_pattern = Counter()
    for ranks, suited, ways in L.patterns(L.SHORT_DECK):
        by_pattern[L.SHORT_DECK.classify(ranks, suited)[0]] += ways
    assert by_pattern == want


def test_short_deck_flush_is_rarer_than_full_house():
    """The reason the rule texts give for ranking a flush higher."""
    counts = _core.enumerate_counts(5, "short_deck")
    per = Counter()
    for s in np.flatnonzero(counts):
        per[pyrankcore.category(int(s), "short_deck")] += int(counts[s])
    assert per[Category.FLUSH] < per[Category.FULL_HOUSE]
    assert ev("6h 8h 9h Jh Kh", "short_deck") > ev("Ac Ad Ah Kc Kd", "short_deck")


def test_twenty_card_deck_has_121_classes_and_six_hand_types():
    game = pyrankcore.stripped_deck("T", straights=False, flushes=False)
    counts = _core.enumerate_counts(5, game)
    assert counts.sum() == comb(20, 5)
    assert np.count_nonzero(counts) == 121
    assert counts[0] == 0
    cats = {pyrankcore.category(int(s), game) for s in np.flatnonzero(counts)}
    assert cats == {
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
    }


def test_seven_to_ace_deck_has_32_cards():
    game = pyrankcore.stripped_deck("7")
    counts = _core.enumerate_counts(5, game)
    assert counts.sum() == comb(32, 5)
    assert _core.tables_of(game).deck_mask == sum(1 << c for c in L.SEVEN_TO_ACE.deck())


# --------------------------------------------------------------------------
# 2. deuce-to-seven = high order reversed, A-5-4-3-2 moved


def test_deuce_seven_order_is_high_reversed_with_the_wheel_moved():
    values = list(ref.all_values())  # high order, weakest first
    wheel = (ref.STRAIGHT, ref.FIVE)
    steel_wheel = (ref.STRAIGHT_FLUSH, ref.FIVE)
    kqjt8 = (ref.HIGH_CARD, 11, 10, 9, 8, 6)
    kqjt8_flush = (ref.FLUSH, 11, 10, 9, 8, 6)
    a6432 = (ref.HIGH_CARD, 12, 4, 2, 1, 0)
    order = [v for v in values if v not in (wheel, steel_wheel)]
    # without the straight, A-5-4-3-2 is the lowest ace-high hand: it goes
    # "between K-Q-J-10-8 and A-6-4-3-2" (and the same among flushes)
    order.insert(order.index(kqjt8) + 1, wheel)
    order.insert(order.index(kqjt8_flush) + 1, steel_wheel)
    assert order[order.index(wheel) + 1] == a6432
    hands = np.array([L.hand_of(*ref.representative(v)) for v in order])
    high = pyrankcore.evaluate_batch(hands, "high")
    low = pyrankcore.evaluate_batch(hands, "deuce_seven")
    assert sorted(high.tolist()) == list(range(1, 7463))
    # the best deuce-to-seven hand is the weakest in this order
    assert low.tolist() == list(range(7462, 0, -1))


def test_deuce_seven_equals_high_reversed_apart_from_the_wheel_on_all_hands():
    """Over all 2.6 million hands: larger high strength = smaller 2-7 strength
    except for hands whose best high value is a five-high straight."""
    counts_hi = _core.enumerate_counts(5, "high")
    counts_27 = _core.enumerate_counts(5, "deuce_seven")
    wheel_classes = {ev("5c 4d 3h 2s Ac", "high"), ev("5c 4c 3c 2c Ac", "high")}
    wheel_27 = {
        ev("5c 4d 3h 2s Ac", "deuce_seven"),
        ev("5c 4c 3c 2c Ac", "deuce_seven"),
    }
    hi = [int(counts_hi[s]) for s in range(1, 7463) if s not in wheel_classes]
    lo = [int(counts_27[s]) for s in range(7462, 0, -1) if s not in wheel_27]
    assert hi == lo
    assert [counts_hi[s] for s in sorted(wheel_classes)] == [
        counts_27[s] for s in sorted(wheel_27, reverse=True)
    ]


# --------------------------------------------------------------------------
# 3. worked examples from the rule texts: ace to five (000, 001 razz)


def test_a5_wheel_is_best_even_suited():
    best = L.n_classes(L.ACE_FIVE)
    assert ev("5c 4d 3h 2s Ac", "ace_five") == best
    assert ev("5h 4h 3h 2h Ah", "ace_five") == best


def test_a5_order_of_the_best_hands():
    # "The best hand is therefore 5-4-3-2-A ... Then comes 6-4-3-2-A,
    # 6-5-3-2-A, 6-5-4-2-A, 6-5-4-3-A, 6-5-4-3-2, 7-4-3-2-A and so on."
    chain = [
        "5c 4d 3h 2s Ac",
        "6c 4d 3h 2s Ac",
        "6c 5d 3h 2s Ac",
        "6c 5d 4h 2s Ac",
        "6c 5d 4h 3s Ac",
        "6c 5d 4h 3s 2c",
        "7c 4d 3h 2s Ac",
    ]
    got = strength_order(chain, "ace_five")
    assert got == list(range(6175, 6175 - len(chain), -1))


def test_a5_six_five_four_three_two_beats_seven_four_three_two_ace():
    assert ev("6c 5d 4h 3s 2c", "ace_five") > ev("7c 4d 3h 2s Ac", "ace_five")


def test_razz_six_four_beats_six_five_and_seven_four():
    # 001: "6-4-3-2-A beats 6-5-3-2-A AND beats 7-4-3-2-A"
    s = ev("6c 4d 3h 2s Ac", "ace_five")
    assert s > ev("6c 5d 3h 2s Ac", "ace_five")
    assert s > ev("7c 4d 3h 2s Ac", "ace_five")


def test_a5_straights_and_flushes_do_not_count():
    # 001 (razz): "straights and flushes have no effect on the low value"
    assert ev("6h 5h 4h 3h 2h", "ace_five") == ev("6c 5d 4h 3s 2c", "ace_five")
    assert ev("9s 7s 5s 3s 2s", "ace_five") == ev("9c 7d 5h 3s 2c", "ace_five")
    assert ev("Ks Qs Js Ts 9s", "ace_five") == ev("Kc Qd Jh Ts 9c", "ace_five")


def test_a5_best_pair_is_aces_with_4_3_2():
    # "The best hand containing a pair is A-A-4-3-2."
    aa432 = ev("Ac Ad 4h 3s 2c", "ace_five")
    pairs = [s for s in range(1, 6176) if pyrankcore.category(s, "ace_five") == Category.PAIR]
    assert aa432 == max(pairs)
    assert aa432 > ev("2c 2d 5h 4s 3c", "ace_five")  # aces are low
    # any pair is worse than any no-pair hand, even the worst, K-Q-J-T-9
    assert aa432 < ev("Kc Qd Jh Ts 9c", "ace_five")


def test_a5_aces_always_low():
    assert ev("Kc 4d 3h 2s Ac", "ace_five") > ev("Kc 5d 4h 3s 2c", "ace_five")
    # two pair: K-K-A-A has kings as its top pair, but beats K-K-Q-Q
    assert ev("Ac Ad Kh Ks Qc", "ace_five") > ev("Kc Kd Qh Qs Jc", "ace_five")
    assert ev("Ac Ad 2h 2s Kc", "ace_five") > ev("3c 3d 2h 2s 4c", "ace_five")


def test_a5_worst_hand_is_four_kings():
    assert ev("Kc Kd Kh Ks Qc", "ace_five") == 1


def test_eight_or_better_worst_qualifier_is_8_7_6_5_4():
    assert ev("8c 7d 6h 5s 4c", "ace_five_8") == 1
    assert ev("5c 4d 3h 2s Ac", "ace_five_8") == 56


@pytest.mark.parametrize(
    "text",
    [
        "9c 5d 4h 3s 2c",  # a card above 8
        "Kc 4d 3h 2s Ac",
        "Ac Ad 4h 3s 2c",  # five unequal cards needed
        "8c 8d 4h 3s 2c",
        "2c 2d 3h 3s 4c",
        "Tc 9d 8h 7s 6c",
    ],
)
def test_eight_or_better_non_qualifying(text):
    assert ev(text, "ace_five_8") == 0
    assert pyrankcore.describe(0, "ace_five_8") == "No qualifying low"


def test_eight_or_better_ignores_flushes():
    assert ev("7h 5h 4h 3h Ah", "ace_five_8") == ev("7c 5d 4h 3s Ac", "ace_five_8")


def test_eight_or_better_same_order_as_ace_five():
    hands = [
        "5c 4d 3h 2s Ac",
        "6c 4d 3h 2s Ac",
        "7c 5d 4h 3s 2c",
        "7c 6d 3h 2s Ac",
        "8c 6d 5h 4s 2c",
        "8c 7d 6h 5s 4c",
    ]
    a5 = strength_order(hands, "ace_five")
    a58 = strength_order(hands, "ace_five_8")
    assert a5 == sorted(a5, reverse=True)
    assert a58 == sorted(a58, reverse=True)
    assert len(set(a58)) == len(a58)


def test_stud_hi_lo_seven_cards_qualify_by_omitting_the_ten_and_a_six():
    # 000 "Selecting from more than five cards": 10-8-6-6-3-2-A can omit the
    # 10 and one of the 6's to create a qualifying hand for low.
    seven = "Tc 8d 6h 6s 3c 2d Ah"
    assert ev(seven, "ace_five_8") == ev("8d 6h 3c 2d Ah", "ace_five_8") > 0
    assert ev(seven, "ace_five") == ev("8d 6s 3c 2d Ah", "ace_five")


def test_razz_seven_cards_pick_the_lowest_five():
    assert ev("Kc Kd 7h 5s 4c 3d 2h", "ace_five") == ev("7h 5s 4c 3d 2h", "ace_five")
    # with four ranks only, a pair must be kept: the lowest pair
    assert ev("Ac Ad 2h 2s 3c 3d 4h", "ace_five") == ev("Ac Ad 2h 3c 4h", "ace_five")


# --------------------------------------------------------------------------
# deuce to seven (000, 001, 002)


def test_27_order_of_the_best_hands():
    # "The best hand in this form is 7-5-4-3-2 in mixed suits ... The next
    # best is 7-6-4-3-2, then 7-6-5-3-2, 7-6-5-4-2, 8-5-4-3-2, 8-6-4-3-2,
    # 8-6-5-3-2, 8-6-5-4-2, 8-6-5-4-3, 8-7-4-3-2, etc."
    chain = [
        "7c 5d 4h 3s 2c",
        "7c 6d 4h 3s 2c",
        "7c 6d 5h 3s 2c",
        "7c 6d 5h 4s 2c",
        "8c 5d 4h 3s 2c",
        "8c 6d 4h 3s 2c",
        "8c 6d 5h 3s 2c",
        "8c 6d 5h 4s 2c",
        "8c 6d 5h 4s 3c",
        "8c 7d 4h 3s 2c",
    ]
    assert strength_order(chain, "deuce_seven") == list(range(7462, 7452, -1))


def test_27_eight_six_beats_eight_seven_despite_the_deuce():
    assert ev("8c 6d 5h 4s 3c", "deuce_seven") > ev("8c 7d 4h 3s 2c", "deuce_seven")


def test_27_best_pair_beaten_by_worst_high_card():
    # "The best hand containing a pair is 2-2-5-4-3, but this would be beaten
    # by A-K-Q-J-9 - the worst 'high card' hand."
    pair = ev("2c 2d 5h 4s 3c", "deuce_seven")
    akqj9 = ev("Ac Kd Qh Js 9c", "deuce_seven")
    assert akqj9 > pair
    no_pair = [
        s for s in range(1, 7463) if pyrankcore.category(s, "deuce_seven") == Category.HIGH_CARD
    ]
    pairs = [s for s in range(1, 7463) if pyrankcore.category(s, "deuce_seven") == Category.PAIR]
    assert akqj9 == min(no_pair)
    assert pair == max(pairs)
    assert akqj9 == pair + 1


def test_27_wheel_is_no_straight_and_ranks_between_kqjt8_and_a6432():
    kqjt8 = ev("Kc Qd Jh Ts 8c", "deuce_seven")
    wheel = ev("Ac 2d 3h 4s 5c", "deuce_seven")
    a6432 = ev("Ac 6d 4h 3s 2c", "deuce_seven")
    assert kqjt8 == wheel + 1 == a6432 + 2
    assert pyrankcore.category(wheel, "deuce_seven") == Category.HIGH_CARD


def test_27_six_five_four_three_ace_is_ace_high():
    # 002: "in 6-5-4-3-A the ace would serve as the high card"
    s = ev("6d 5c 4s 3d Ah", "deuce_seven")
    assert pyrankcore.category(s, "deuce_seven") == Category.HIGH_CARD
    assert s < ev("Kc Qd Jh Ts 8c", "deuce_seven")
    # with a seven and a deuce among seven cards, 7-5-4-3-2 can be picked
    assert ev("6d 5c 4s 3d Ah 2h 7c", "deuce_seven") == 7462


@pytest.mark.parametrize("game", ["ace_five", "deuce_seven", "ace_five_8"])
def test_low_hand_is_named_by_its_highest_card(game):
    # 000: "8-6-5-4-2 would be described as '8-down' or '8-low'"
    words = pyrankcore.describe(ev("8c 6d 5h 4s 2c", game), game)
    assert words.startswith("Eight") and words.endswith(" low")


def test_27_aces_are_always_high():
    assert ev("Kc 5d 4h 3s 2c", "deuce_seven") > ev("Ac 5d 4h 3s 2c", "deuce_seven")
    assert ev("Kc Kd 5h 4s 3c", "deuce_seven") > ev("Ac Ad 5h 4s 3c", "deuce_seven")


def test_27_best_hand_must_be_in_mixed_suits():
    flush = ev("7h 5h 4h 3h 2h", "deuce_seven")
    assert pyrankcore.category(flush, "deuce_seven") == Category.FLUSH
    assert flush < ev("2c 2d 5h 4s 3c", "deuce_seven")  # a flush is bad
    assert flush < ev("Kc Kd Kh 5s 3c", "deuce_seven")
    straight = ev("6c 5d 4h 3s 2c", "deuce_seven")
    assert pyrankcore.category(straight, "deuce_seven") == Category.STRAIGHT
    assert straight < ev("Ac Ad Ah Ks Qc", "deuce_seven")


def test_27_seven_cards_avoid_the_flush_and_the_straight():
    # "free to select whichever cards make the lowest hand"
    assert ev("7h 5h 4h 3h 2h 8c 9d", "deuce_seven") == ev("8c 5h 4h 3h 2h", "deuce_seven")
    assert ev("6c 5d 4h 3s 2c Kd Kh", "deuce_seven") == ev("Kd 5d 4h 3s 2c", "deuce_seven")


# --------------------------------------------------------------------------
# ace to six (000, 001)


def test_a6_wheel_is_a_bad_hand_because_it_is_a_straight():
    wheel = ev("5c 4d 3h 2s Ac", "ace_six")
    assert pyrankcore.category(wheel, "ace_six") == Category.STRAIGHT
    assert wheel < ev("Kc Kd Kh Qs Jc", "ace_six")  # worse than trips
    assert wheel > ev("6h 5h 4h 2h Ah", "ace_six")  # better than a flush


def test_a6_best_hand_is_six_four_three_two_ace():
    assert ev("6c 4d 3h 2s Ac", "ace_six") == 7462
    assert ev("6c 4d 3h 2s Ac", "ace_six") > ev("6c 5d 3h 2s Ac", "ace_six")


def test_a6_akqjt_is_king_low_better_than_kqjt2():
    akqjt = ev("Ac Kd Qh Js Tc", "ace_six")
    assert pyrankcore.category(akqjt, "ace_six") == Category.HIGH_CARD
    assert akqjt > ev("Kc Qd Jh Ts 2c", "ace_six")
    assert pyrankcore.describe(akqjt, "ace_six").startswith("King")


def test_a6_broadway_option_makes_akqjt_a_straight():
    game = pyrankcore.ranking("ace_six", broadway=True)
    akqjt = ev("Ac Kd Qh Js Tc", game)
    assert pyrankcore.category(akqjt, game) == Category.STRAIGHT
    assert akqjt < ev("Kc Qd Jh Ts 2c", game)
    assert akqjt < ev("Kc Qd Jh Ts 9c", game)  # highest straight: worst one
    assert ev("5c 4d 3h 2s Ac", game) > akqjt


def test_a6_pair_of_aces_is_the_best_pair():
    aces = ev("Ac Ad 4h 3s 2c", "ace_six")
    assert aces > ev("2c 2d 5h 4s 3c", "ace_six")
    pairs = [s for s in range(1, 7463) if pyrankcore.category(s, "ace_six") == Category.PAIR]
    assert aces == max(pairs)


def test_a6_ace_pair_high_option_makes_aces_the_worst_pair():
    game = pyrankcore.ranking("ace_six", ace_pair_high=True)
    aces = ev("Ac Ad 4h 3s 2c", game)
    assert aces < ev("2c 2d 5h 4s 3c", game)
    assert aces < ev("Kc Kd 4h 3s 2c", game)
    pairs = [s for s in range(1, 7463) if pyrankcore.category(s, game) == Category.PAIR]
    assert ev("Ac Ad Kh Qs Jc", game) == min(pairs)
    # a single ace is still the lowest card
    assert ev("6c 4d 3h 2s Ac", game) == 7462


def test_a6_seven_cards_avoid_a_flush():
    assert ev("6h 4h 3h 2h Ah 7c 9d", "ace_six") == ev("7c 4h 3h 2h Ah", "ace_six")


# --------------------------------------------------------------------------
# incomplete hands (000, 001)


def test_incomplete_pair_kickers_present_beat_missing():
    # "8-8-K beats 8-8-6-2 because the king beats the 6, but 8-8-6-2 beats
    # 8-8-6 because a 2 is better than a missing fourth card."
    a, b, c = strength_order(["8c 8d Kh", "8h 8s 6c 2d", "8c 8d 6h"], "incomplete")
    assert a > b > c


def test_incomplete_high_card_chain():
    # "a 10 by itself beats 9-5, which beats 9-3-2, which beats 9-3, which
    # beats a 9 by itself."
    got = strength_order(["Tc", "9c 5d", "9c 3d 2h", "9c 3d", "9c"], "incomplete")
    assert got == sorted(got, reverse=True)
    assert len(set(got)) == 5


def test_incomplete_razz_page_examples():
    # 001: "10-10-K beats 10-10-6-2 ... 10-10-6 is beat by 10-10-6-2 ... a 10
    # alone will beat 9-6. But, 9-6 beats 9-5-3, and that beats 9-5, which
    # beats 9."
    a, b, c = strength_order(["Tc Td Kh", "Th Ts 6c 2d", "Tc Td 6h"], "incomplete")
    assert a > b > c
    got = strength_order(["Tc", "9c 6d", "9c 5d 3h", "9c 5d", "9c"], "incomplete")
    assert got == sorted(got, reverse=True) and len(set(got)) == 5


def test_incomplete_no_straight_flush_or_full_house_below_five_cards():
    four = ev("9h 8h 7h 6h", "incomplete")
    assert pyrankcore.category(four, "incomplete") == Category.HIGH_CARD
    assert four < ev("Tc", "incomplete")
    trips_pair = ev("8c 8d 8h 5s", "incomplete")
    assert pyrankcore.category(trips_pair, "incomplete") == Category.THREE_OF_A_KIND


@pytest.mark.parametrize(
    "text,cat",
    [
        ("Qc Qd Qh Qs", Category.FOUR_OF_A_KIND),
        ("Qc Qd 4h 4s", Category.TWO_PAIR),
        ("Qc Qd Qh", Category.THREE_OF_A_KIND),
        ("Qc Qd", Category.PAIR),
        ("Qc", Category.HIGH_CARD),
        ("Qc Jc", Category.HIGH_CARD),
        ("Qc Jc Tc 9c 8c", Category.STRAIGHT_FLUSH),
        ("Qc Qd Qh 4s 4c", Category.FULL_HOUSE),
    ],
)
def test_incomplete_categories(text, cat):
    # "You can make a four of a kind or two pairs with only four cards,
    # triplets with three cards, a pair with two cards and a 'high card' hand
    # with just one card."
    assert pyrankcore.category(ev(text, "incomplete"), "incomplete") == cat


def test_incomplete_compares_combination_first():
    assert ev("2c 2d", "incomplete") > ev("Ac Kd Qh Js 9c", "incomplete")
    assert ev("2c 2d 2h 2s", "incomplete") > ev("Ac Kd Qh Js Tc", "incomplete")
    assert ev("2c 3d 4h 5s 6c", "incomplete") > ev("Ac Ad Ah Ks", "incomplete")
    assert ev("8c 8d 6h 6s", "incomplete") < ev("8c 8d 6h 6s 2c", "incomplete")


def test_incomplete_five_cards_order_like_high():
    rng = random.Random(11)
    hands = [rng.sample(range(52), 5) for _ in range(500)]
    hi = [pyrankcore.evaluate(h) for h in hands]
    inc = [pyrankcore.evaluate(h, "incomplete") for h in hands]
    for (a, b), (c, d) in zip(combinations(hi, 2), combinations(inc, 2)):
        assert (a > b) - (a < b) == (c > d) - (c < d)


# --------------------------------------------------------------------------
# short deck and stripped decks (000 "Stripped Decks", 002 seven-to-ace)


def test_short_deck_a6789_is_the_lowest_straight():
    low = ev("Ac 6d 7h 8s 9c", "short_deck")
    assert pyrankcore.category(low, "short_deck") == Category.STRAIGHT
    straights = [
        s
        for s in range(1, L.n_classes(L.SHORT_DECK) + 1)
        if pyrankcore.category(s, "short_deck") == Category.STRAIGHT
    ]
    assert low == min(straights)
    assert len(straights) == 6
    assert ev("6c 7d 8h 9s Tc", "short_deck") == low + 1


def test_short_deck_steel_a6789_is_the_lowest_straight_flush():
    sf = ev("Ah 6h 7h 8h 9h", "short_deck")
    assert pyrankcore.category(sf, "short_deck") == Category.STRAIGHT_FLUSH
    assert sf < ev("6h 7h 8h 9h Th", "short_deck")
    assert sf > ev("Ac Ad Ah As Kc", "short_deck")


def test_short_deck_flush_beats_full_house_below_quads():
    flush = ev("6c 7c 8c 9c Jc", "short_deck")  # the lowest flush
    assert flush > ev("Ac Ad Ah Ks Kc", "short_deck")
    assert flush < ev("6c 6d 6h 6s 7c", "short_deck")


def test_short_deck_trips_over_straight_option():
    game = pyrankcore.ranking("short_deck", trips_over_straight=True)
    trips = ev("6c 6d 6h 7s 8c", game)
    straight = ev("Tc Jd Qh Ks Ac", game)
    assert trips > straight
    assert ev("6c 6d 6h 7s 8c", "short_deck") < ev("Tc Jd Qh Ks Ac", "short_deck")
    assert ev("6c 6d 7h 7s 8c", game) < ev("Ac 6d 7h 8s 9c", game)


def test_seven_to_ace_lowest_straight_and_flush_over_full_house():
    game = pyrankcore.stripped_deck("7")
    low = ev("Ac 7d 8h 9s Tc", game)
    assert pyrankcore.category(low, game) == Category.STRAIGHT
    assert low < ev("7c 8d 9h Ts Jc", game)
    assert low > ev("Ac Ad Ah Ks Qc", game)
    # 002: "a flush ranks above a full house and below four of a kind"
    flush = ev("7c 8c 9c Jc Qc", game)
    assert ev("Ac Ad Ah Ks Kc", game) < flush < ev("7c 7d 7h 7s 8c", game)
    # the same with the sixes added (36 cards, five players)
    six = pyrankcore.stripped_deck("6")
    assert ev("Ac Ad Ah Ks Kc", six) < ev("6c 8c 9c Jc Qc", six) < ev("6c 6d 6h 6s 8c", six)


def test_stripped_deck_equals_short_deck_for_sixes():
    six = pyrankcore.stripped_deck("6")
    rng = random.Random(3)
    deck = L.SHORT_DECK.deck()
    for _ in range(300):
        hand = rng.sample(deck, rng.choice((5, 6, 7)))
        assert pyrankcore.evaluate(hand, six) == pyrankcore.evaluate(hand, "short_deck")


def test_twenty_card_deck_six_hand_types_in_order():
    # 000: "four of a kind, full house, three of a kind, two pairs, one
    # pair, no pair"
    game = pyrankcore.stripped_deck("T", straights=False, flushes=False)
    chain = [
        "Ac Ad Ah As Kc",
        "Tc Td Th Js Jc",
        "Ac Ad Ah Ks Qc",
        "Tc Td Jh Js Qc",
        "Ac Ad Kh Qs Jc",
        "As Ks Qs Js Ts",  # A-K-Q-J-10 of one suit: no pair
        "Ac Kd Qh Js Tc",
    ]
    got = strength_order(chain, game)
    assert got[:5] == sorted(got[:5], reverse=True) and len(set(got[:5])) == 5
    assert got[5] == got[6] == 1 < got[4]
    assert pyrankcore.category(got[5], game) == Category.HIGH_CARD


@pytest.mark.parametrize("lowest", ["2", 0])
def test_stripped_deck_of_deuces_without_flush_over_full_house_is_high(lowest):
    game = pyrankcore.stripped_deck(lowest, flush_over_full_house=False)
    rng = random.Random(8)
    for _ in range(200):
        hand = rng.sample(range(52), 7)
        assert pyrankcore.evaluate(hand, game) == pyrankcore.evaluate(hand)


# --------------------------------------------------------------------------
# describe() examples from the API contract


@pytest.mark.parametrize(
    "text,game,words",
    [
        ("7c 5d 4h 3s 2c", "deuce_seven", "Number one (7-5-4-3-2)"),
        ("8c 6d 5h 3s 2c", "deuce_seven", "Eight-Six-Five low"),
        ("5c 4d 3h 2s Ac", "ace_five", "Wheel"),
        ("7c 5d 3h 2s Ac", "ace_five", "Seven-Five low"),
        ("8c 8d Kh", "incomplete", "Pair of Eights (8-8-K)"),
    ],
)
def test_describe_examples(text, game, words):
    assert pyrankcore.describe(ev(text, game), game) == words


@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_describe_and_category_cover_every_strength(spec):
    _name, game, rules = spec
    n = L.n_classes(rules)
    for s in range(1, n + 1):
        assert isinstance(pyrankcore.describe(s, game), str)
        assert isinstance(pyrankcore.category(s, game), Category)
    with pytest.raises(ValueError):
        pyrankcore.category(0, game)
    with pytest.raises(ValueError):
        pyrankcore.describe(n + 1, game)


# --------------------------------------------------------------------------
# 4. against the independent reference


def _class_hands(rules):
    """{size: (array of one hand per class, expected strengths, categories)}"""
    out = {}
    for i, v in enumerate(L.all_values(rules)):
        ranks, suited = L.representative(rules, v)
        entry = out.setdefault(len(ranks), ([], [], []))
        entry[0].append(L.hand_of(ranks, suited))
        entry[1].append(i + 1)
        entry[2].append(rules.classify(ranks, suited)[0])
    return out


@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_every_class_matches_reference_strength_and_category(spec):
    _name, game, rules = spec
    for size, (hands, want, cats) in _class_hands(rules).items():
        got = pyrankcore.evaluate_batch(np.array(hands), game)
        assert got.tolist() == want, size
        for h, s in zip(hands[:: max(1, len(hands) // 300)], want[:: max(1, len(hands) // 300)]):
            assert pyrankcore.evaluate(h, game) == s
        got_cats = [pyrankcore.category(s, game) for s in want]
        assert got_cats == cats


@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_random_hands_match_reference(spec):
    name, game, rules = spec
    rng = random.Random(zlib.crc32(name.encode()))
    for k in rules.sizes:
        hands = [random_hand(rng, rules, k) for _ in range(400)]
        want = [rules.strength(h) for h in hands]
        got = pyrankcore.evaluate_batch(np.array(hands), game)
        bad = [(pyrankcore.format_cards(h), g, w) for h, g, w in zip(hands, got, want) if g != w]
        assert not bad, bad[:5]


def test_ranking_object_equals_its_name():
    for name in pyrankcore.GAMES:
        obj = pyrankcore.ranking(name)
        rules = L.BUILTIN[name]
        rng = random.Random(len(name))
        for k in rules.sizes:
            hands = np.array([random_hand(rng, rules, k) for _ in range(50)])
            assert (
                pyrankcore.evaluate_batch(hands, obj) == pyrankcore.evaluate_batch(hands, name)
            ).all()
            for h in hands[:5]:
                s = pyrankcore.evaluate(h.tolist(), obj)
                assert s == pyrankcore.evaluate(h.tolist(), name)
                if s:
                    assert pyrankcore.describe(s, obj) == pyrankcore.describe(s, name)
                    assert pyrankcore.category(s, obj) == pyrankcore.category(s, name)
        assert (
            _core.enumerate_counts(5 if name != "incomplete" else 2, obj)
            == _core.enumerate_counts(5 if name != "incomplete" else 2, name)
        ).all()


def test_unchanged_option_returns_the_builtin():
    assert pyrankcore.ranking("ace_six", broadway=False) == pyrankcore.ranking("ace_six")
    assert ev("Ac Kd Qh Js Tc", pyrankcore.ranking("ace_six", broadway=False)) == ev(
        "Ac Kd Qh Js Tc", "ace_six"
    )


# --------------------------------------------------------------------------
# 6. pokerkit agreement (order only)


def _pk_text(ids):
    return "".join(L.card_text(c) for c in ids)


def _cmp(a, b):
    """-1/0/1; None (pokerkit: no qualifying hand) is below everything, like
    pyrankcore's strength 0."""
    if a is None or b is None or a == 0 or b == 0:
        a_has = a is not None and a != 0
        b_has = b is not None and b != 0
        if not (a_has and b_has):
            return a_has - b_has
    return (a > b) - (a < b)


def _assert_same_order(strengths, others, labels):
    """Sort by pyrankcore strength; every adjacent pair must compare the same
    way in the other evaluator.  (Both are total preorders, so adjacent
    agreement means the two orders agree on the whole sample.)"""
    order = sorted(range(len(strengths)), key=strengths.__getitem__)
    bad = []
    for a, b in pairwise(order):
        want = _cmp(strengths[a], strengths[b])
        got = _cmp(others[a], others[b])
        if want != got:
            bad.append((labels[a], labels[b], want, got))
    assert not bad, bad[:5]


PK_GAMES = [
    ("high", "StandardHighHand", L.HIGH),
    ("short_deck", "ShortDeckHoldemHand", L.SHORT_DECK),
    ("ace_five", "RegularLowHand", L.ACE_FIVE),
    ("ace_five_8", "EightOrBetterLowHand", L.ACE_FIVE_8),
    ("deuce_seven", "StandardLowHand", L.DEUCE_SEVEN),
]


@pytest.mark.parametrize("game,cls_name,rules", PK_GAMES, ids=[g[0] for g in PK_GAMES])
def test_pokerkit_agrees_on_every_five_card_class(game, cls_name, rules):
    pokerkit = pytest.importorskip("pokerkit")
    cls = getattr(pokerkit, cls_name)
    hands = []
    for ranks, suited, ways in L.patterns(rules):
        if ways:
            hands.append(L.hand_of(ranks, suited))
    # plus every non-qualifying shape for eight-or-better: all patterns above
    strengths = pyrankcore.evaluate_batch(np.array(hands), game).tolist()
    others = []
    for h in hands:
        try:
            others.append(cls(_pk_text(h)))
        except ValueError:
            others.append(None)
    _assert_same_order(strengths, others, [pyrankcore.format_cards(h) for h in hands])


@pytest.mark.parametrize("game,cls_name,rules", PK_GAMES, ids=[g[0] for g in PK_GAMES])
@pytest.mark.parametrize("k", [6, 7])
def test_pokerkit_agrees_on_random_hands(game, cls_name, rules, k):
    pokerkit = pytest.importorskip("pokerkit")
    cls = getattr(pokerkit, cls_name)
    rng = random.Random(k * 100 + len(game))
    hands = [random_hand(rng, rules, k) for _ in range(250)]
    strengths = pyrankcore.evaluate_batch(np.array(hands), game).tolist()
    others = [cls.from_game_or_none(_pk_text(h), "") for h in hands]
    _assert_same_order(strengths, others, [pyrankcore.format_cards(h) for h in hands])


# --------------------------------------------------------------------------
# 7. properties (hypothesis)

try:
    import hypothesis
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - the test extra installs hypothesis
    hypothesis = None

if hypothesis is None:

    def test_properties_need_hypothesis():
        pytest.skip("hypothesis is not installed")

else:
    # 12 games x 6 properties: a fifth of the profile's examples each (30 in
    # the ci profile, 600 in thorough)
    _few = settings(max_examples=max(10, settings().max_examples // 5))

    @st.composite
    def game_hands(draw, rules, k):
        """k distinct cards of the game's deck, often many of one suit."""
        deck = rules.deck()
        suit = draw(st.integers(0, 3))
        same_suit = [c for c in deck if c % 4 == suit]
        m = draw(st.integers(0, min(k, len(same_suit))))
        first = draw(st.lists(st.sampled_from(same_suit), min_size=m, max_size=m, unique=True))
        rest = [c for c in deck if c not in first]
        second = draw(st.lists(st.sampled_from(rest), min_size=k - m, max_size=k - m, unique=True))
        return draw(st.permutations(first + second))

    def sized_hands(rules):
        return st.sampled_from(rules.sizes).flatmap(lambda k: game_hands(rules, k))

    @pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
    @_few
    @given(data=st.data())
    def test_property_card_order_does_not_matter(spec, data):
        _name, game, rules = spec
        hand = data.draw(sized_hands(rules))
        shuffled = data.draw(st.permutations(hand))
        assert pyrankcore.evaluate(shuffled, game) == pyrankcore.evaluate(hand, game)

    @pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
    @_few
    @given(data=st.data(), suit_map=st.permutations(range(4)))
    def test_property_suit_relabelling_does_not_matter(spec, data, suit_map):
        _name, game, rules = spec
        hand = data.draw(sized_hands(rules))
        relabelled = [c - c % 4 + suit_map[c % 4] for c in hand]
        assert pyrankcore.evaluate(relabelled, game) == pyrankcore.evaluate(hand, game)

    @pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
    @_few
    @given(data=st.data(), threads=st.sampled_from([None, 1, 2, 3]))
    def test_property_batch_equals_scalar(spec, data, threads):
        _name, game, rules = spec
        k = data.draw(st.sampled_from(rules.sizes))
        hands = data.draw(st.lists(game_hands(rules, k), min_size=1, max_size=6))
        got = pyrankcore.evaluate_batch(np.array(hands), game, threads=threads)
        assert got.tolist() == [pyrankcore.evaluate(h, game) for h in hands]

    @pytest.mark.parametrize("spec", BEST_OF_SPECS, ids=[s[0] for s in BEST_OF_SPECS])
    @_few
    @given(data=st.data())
    def test_property_seven_cards_are_the_best_of_21_subsets(spec, data):
        _name, game, rules = spec
        hand = data.draw(game_hands(rules, 7))
        subsets = [pyrankcore.evaluate(list(five), game) for five in combinations(hand, 5)]
        assert len(subsets) == 21
        assert pyrankcore.evaluate(hand, game) == max(subsets)
        six = hand[:6]
        assert pyrankcore.evaluate(six, game) == max(
            pyrankcore.evaluate(list(five), game) for five in combinations(six, 5)
        )

    @pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
    @_few
    @given(data=st.data())
    def test_property_adding_a_card_never_lowers_strength(spec, data):
        _name, game, rules = spec
        top = max(rules.sizes)
        hand = data.draw(game_hands(rules, top))
        sizes = sorted(rules.sizes)
        got = [pyrankcore.evaluate(hand[:k], game) for k in sizes]
        assert got == sorted(got)

    @pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
    @_few
    @given(data=st.data())
    def test_property_equals_reference(spec, data):
        _name, game, rules = spec
        hand = data.draw(sized_hands(rules))
        s = pyrankcore.evaluate(hand, game)
        assert s == rules.strength(hand)
        if s:
            assert pyrankcore.category(s, game) == rules.category(hand)
