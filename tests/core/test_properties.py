"""Property-based tests (hypothesis).

Profiles are registered in conftest.py; pick one with HYPOTHESIS_PROFILE
(ci, the default, dev or thorough).
"""

from itertools import combinations

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given
from hypothesis import strategies as st
from references import reference as ref

import pyrankcore
from pyrankcore import Category

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

CATEGORY_PREFIXES = {
    Category.HIGH_CARD: ("High Card, ",),
    Category.PAIR: ("Pair of ",),
    Category.TWO_PAIR: ("Two Pair, ",),
    Category.THREE_OF_A_KIND: ("Three of a Kind, ",),
    Category.STRAIGHT: ("Straight, ",),
    Category.FLUSH: ("Flush, ",),
    Category.FULL_HOUSE: ("Full House, ",),
    Category.FOUR_OF_A_KIND: ("Four of a Kind, ",),
    Category.STRAIGHT_FLUSH: ("Straight Flush, ", "Royal Flush"),
}


def hand(k):
    return st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)


any_hand = st.integers(5, 7).flatmap(hand)
strengths = st.integers(1, 7462)


@given(any_hand, st.data())
def test_card_order_does_not_matter(cards, data):
    shuffled = data.draw(st.permutations(cards))
    assert pyrankcore.evaluate(shuffled) == pyrankcore.evaluate(cards)


@given(any_hand, st.permutations(range(4)))
def test_suit_relabelling_does_not_matter(cards, suit_map):
    relabelled = [c - c % 4 + suit_map[c % 4] for c in cards]
    assert pyrankcore.evaluate(relabelled) == pyrankcore.evaluate(cards)


@given(hand(7))
def test_seven_cards_equal_best_of_21_five_card_subsets(cards):
    subsets = [pyrankcore.evaluate(list(five)) for five in combinations(cards, 5)]
    assert len(subsets) == 21
    assert pyrankcore.evaluate(cards) == max(subsets)


@given(hand(6))
def test_six_cards_equal_best_of_6_five_card_subsets(cards):
    subsets = [pyrankcore.evaluate(list(five)) for five in combinations(cards, 5)]
    assert pyrankcore.evaluate(cards) == max(subsets)


@given(hand(7))
def test_adding_a_card_never_lowers_strength(cards):
    s5, s6, s7 = (pyrankcore.evaluate(cards[:k]) for k in (5, 6, 7))
    assert s5 <= s6 <= s7


@given(any_hand)
def test_scalar_equals_reference(cards):
    assert pyrankcore.evaluate(cards) == ref.strength(cards)


@given(
    st.integers(5, 7).flatmap(lambda k: st.lists(hand(k), min_size=1, max_size=40)),
    st.sampled_from(INT_DTYPES),
    st.sampled_from(["C", "F"]),
    st.sampled_from([None, 1, 2, 3]),
)
def test_batch_equals_scalar(rows, dtype, order, threads):
    arr = np.array(rows, dtype=dtype, order=order)
    got = pyrankcore.evaluate_batch(arr, threads=threads)
    assert got.dtype == np.uint16
    assert got.shape == (len(rows),)
    assert got.tolist() == [pyrankcore.evaluate(r) for r in rows]


@given(st.lists(hand(7), min_size=2, max_size=30))
def test_batch_on_strided_read_only_views_equals_scalar(rows):
    arr = np.array(rows, dtype=np.int16)
    wide = np.zeros((len(rows), 14), dtype=np.int64)
    wide[:, ::2] = rows
    arr.setflags(write=False)
    wide.setflags(write=False)
    views = (
        arr[::2],
        arr[::-1],
        arr[:, ::-1],
        arr[:, 1:6],
        wide[:, ::2],
        wide[::-1, 2::2],
    )
    for view in views:
        got = pyrankcore.evaluate_batch(view)
        assert got.tolist() == [pyrankcore.evaluate(r) for r in view.tolist()]


@given(strengths)
def test_cactus_kev_round_trip(s):
    ck = pyrankcore.to_cactus_kev(s)
    assert ck == 7463 - s
    assert 1 <= ck <= 7462
    assert pyrankcore.from_cactus_kev(ck) == s


@given(st.lists(strengths, min_size=0, max_size=50))
def test_cactus_kev_round_trip_arrays(values):
    arr = np.array(values, dtype=np.uint16)
    ck = np.asarray(pyrankcore.to_cactus_kev(arr))
    assert ck.tolist() == [7463 - s for s in values]
    assert np.asarray(pyrankcore.from_cactus_kev(ck)).tolist() == values


@given(strengths)
def test_category_and_describe_agree(s):
    cat = pyrankcore.category(s)
    assert isinstance(cat, Category)
    assert cat == ref.category_of_strength(s)
    text = pyrankcore.describe(s)
    assert text.startswith(CATEGORY_PREFIXES[cat])
    assert (text == "Royal Flush") == (s == 7462)


@given(strengths, strengths)
def test_category_is_monotonic_in_strength(a, b):
    if a <= b:
        assert pyrankcore.category(a) <= pyrankcore.category(b)
    else:
        assert pyrankcore.category(a) >= pyrankcore.category(b)


@given(any_hand)
def test_format_parse_round_trip(cards):
    text = pyrankcore.format_cards(cards)
    assert text == " ".join(ref.card_text(c) for c in cards)
    assert pyrankcore.parse_cards(text) == cards
    assert pyrankcore.parse_cards(text.replace(" ", "")) == cards
    assert pyrankcore.parse_cards(text.replace(" ", ",")) == cards
    assert pyrankcore.parse_cards(text.split()) == cards


@given(any_hand, st.sampled_from(INT_DTYPES))
def test_every_input_form_gives_the_same_strength(cards, dtype):
    want = pyrankcore.evaluate(cards)
    assert pyrankcore.evaluate(tuple(cards)) == want
    assert pyrankcore.evaluate(np.array(cards, dtype=dtype)) == want
    assert pyrankcore.evaluate(pyrankcore.format_cards(cards)) == want
    symbols = " ".join(ref.RANK_CHARS[c // 4] + ref.SUIT_SYMBOLS[c % 4] for c in cards)
    assert pyrankcore.evaluate(symbols) == want
