"""Hand ranges: parse_range means exactly what the text says.

Every expected set of combos is computed here by brute force over all hands
(1,326 of two cards, 270,725 of four), from a predicate written from the
token's meaning, never from the parser's own helpers.
"""

import doctest
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyrankcore
import pyrankcore.errors
import pyrankcore.ranges
from pyrankcore import (
    GRID_NAMES,
    PyrankcoreError,
    RangeSyntaxError,
    combos,
    grid_name,
    parse_range,
    remove_dead,
)
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.ranges import Range

RANKS = "23456789TJQKA"
ALL2 = [(b, a) for a, b in combinations(range(52), 2)]  # highest card first


def rank(card):
    return card // 4


def suit(card):
    return card % 4


def expected(predicate, hands=ALL2):
    return {h for h in hands if predicate(h)}


def parsed(text, hole_cards=2):
    return {combo for combo, _ in parse_range(text, hole_cards=hole_cards)}


def pair_of(lowest, highest=12):
    return lambda h: rank(h[0]) == rank(h[1]) and lowest <= rank(h[0]) <= highest


def unpaired(h):
    return rank(h[0]) != rank(h[1])


def suited(h):
    return suit(h[0]) == suit(h[1])


def top_and_kicker(top, kickers, kind):
    """Non-pairs with the given top rank and a kicker in kickers; kind
    "s", "o" or "" (both)."""

    def predicate(h):
        hi, lo = max(rank(h[0]), rank(h[1])), min(rank(h[0]), rank(h[1]))
        if hi != top or lo not in kickers or hi == lo:
            return False
        return kind == "" or (kind == "s") == suited(h)

    return predicate


def connectors(gap, tops, kind):
    def predicate(h):
        hi, lo = max(rank(h[0]), rank(h[1])), min(rank(h[0]), rank(h[1]))
        return hi - lo == gap and hi in tops and (kind == "" or (kind == "s") == suited(h))

    return predicate


A, K, Q, J, T = 12, 11, 10, 9, 8

# (text, predicate over a two-card hand): the meaning of each token, as the
# module documentation states it.
HOLDEM = [
    ("AKs", top_and_kicker(A, {K}, "s")),
    ("AKo", top_and_kicker(A, {K}, "o")),
    ("KQ", top_and_kicker(K, {Q}, "")),
    ("QQ", pair_of(Q, Q)),
    ("22+", pair_of(0)),
    ("TT+", pair_of(T)),
    ("TT-77", pair_of(5, T)),  # OMPEval reads this as TT alone
    ("77-TT", pair_of(5, T)),
    ("22-55", pair_of(0, 3)),
    ("KTs+", top_and_kicker(K, {T, J, Q}, "s")),
    ("AQo+", top_and_kicker(A, {Q, K}, "o")),
    ("A2+", top_and_kicker(A, set(range(12)), "")),
    ("T9s+", top_and_kicker(T, {7}, "s")),  # + never walks connectors up
    ("A5s-A2s", top_and_kicker(A, {0, 1, 2, 3}, "s")),
    ("A2s-A5s", top_and_kicker(A, {0, 1, 2, 3}, "s")),
    ("K9o-KJo", top_and_kicker(K, {7, 8, 9}, "o")),
    ("76s-54s", connectors(1, {3, 4, 5}, "s")),
    ("54s-76s", connectors(1, {3, 4, 5}, "s")),
    ("T8s-64s", connectors(2, {4, 5, 6, 7, 8}, "s")),
    ("AKs-QJs", connectors(1, {Q, K, A}, "s")),
    ("JT-87", connectors(1, {6, 7, 8, 9}, "")),
    ("AhKh", lambda h: h == (50, 46)),
    ("random", lambda h: True),
    ("*", lambda h: True),
    (
        "AKs, TT+, 76s-54s, AQo+, KQ, 22-55, AhKh, A5s-A2s",
        lambda h: any(
            p(h)
            for p in (
                top_and_kicker(A, {K}, "s"),
                pair_of(T),
                connectors(1, {3, 4, 5}, "s"),
                top_and_kicker(A, {Q, K}, "o"),
                top_and_kicker(K, {Q}, ""),
                pair_of(0, 3),
                top_and_kicker(A, {0, 1, 2, 3}, "s"),
            )
        ),
    ),
]


@pytest.mark.parametrize(("text", "predicate"), HOLDEM, ids=[t for t, _ in HOLDEM])
def test_holdem_token_means_its_combos(text, predicate):
    want = expected(predicate)
    result = parse_range(text)
    assert {c for c, _ in result} == want
    assert len(result) == len(want)  # no combo twice
    assert all(w == 1.0 for _, w in result)


def test_counts_of_the_usual_tokens():
    counts = {t: len(parse_range(t)) for t in ("AA", "AKs", "AKo", "AK", "22+", "random")}
    assert counts == {"AA": 6, "AKs": 4, "AKo": 12, "AK": 16, "22+": 78, "random": 1326}
    assert len(parse_range("TT-77")) == 24


def test_combos_are_canonical_and_sorted():
    result = parse_range("random")
    assert [c for c, _ in result] == sorted(ALL2, reverse=True)
    for combo, _ in parse_range("AK, 76s-54s, 22+"):
        assert combo[0] > combo[1]


@pytest.mark.parametrize(
    ("variant", "plain"),
    [
        ("aks", "AKs"),
        ("KAs", "AKs"),
        ("10h9h", "Th9h"),
        ("A10s", "ATs"),
        ("10h10d", "ThTd"),
        ("109s", "T9s"),
        ("10A", "AT"),
        ("AKs\tQQ\n", "AKs, QQ"),
        ("ahkh", "AhKh"),
        ("KhAh", "AhKh"),
        ("AKs QQ", "AKs, QQ"),
        ("  AKs ,QQ  ", "AKs, QQ"),
        ("QQ, AKs", "AKs, QQ"),
        ("TT+, QQ", "TT+"),  # a combo named twice with one weight counts once
        ("AA, AhAs", "AA"),
        ("AKs-AKs", "AKs"),
        ("22-AA", "22+"),
        ("AKs+", "AKs"),
    ],
)
def test_equivalent_spellings(variant, plain):
    assert parse_range(variant) == parse_range(plain)


# ------------------------------------------------------------------ grid


def test_grid_names_layout():
    assert len(GRID_NAMES) == 169 and len(set(GRID_NAMES)) == 169
    for row in range(13):
        for col in range(13):
            name = GRID_NAMES[13 * row + col]
            high, low = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
            if row == col:
                assert name == high * 2
            elif col > row:
                assert name == high + low + "s"
            else:
                assert name == high + low + "o"
    assert GRID_NAMES[0] == "AA" and GRID_NAMES[1] == "AKs" and GRID_NAMES[13] == "AKo"
    assert GRID_NAMES[-1] == "22"


def test_grid_names_cover_every_combo_once():
    seen = []
    for name in GRID_NAMES:
        group = combos(name)
        size = 6 if len(name) == 2 else 4 if name.endswith("s") else 12
        assert len(group) == size, name
        assert group == sorted(group, reverse=True)
        assert all(grid_name(c) == name for c in group)
        assert parsed(name) == set(group)
        seen.extend(group)
    assert len(seen) == 1326
    assert set(seen) == set(ALL2)


def test_grid_name_of_every_combo():
    for combo in ALL2:
        name = grid_name(list(combo))
        assert combo in combos(name)


def test_grid_name_and_combos_errors():
    for bad in ("KAs", "AAs", "AK", "", "ZZ"):
        with pytest.raises(InvalidArgumentError, match=repr(bad)):
            combos(bad)
    with pytest.raises(TypeError):
        combos(None)
    with pytest.raises(InvalidArgumentError):
        grid_name("As Kd Qh")
    with pytest.raises(pyrankcore.DuplicateCardError):
        grid_name("As As")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(GRID_NAMES), min_size=1, max_size=30),
    st.sampled_from([", ", ",", " ", " , "]),
)
def test_grid_names_joined_mean_the_union(names, separator):
    union = set().union(*(combos(n) for n in names))
    result = parse_range(separator.join(names))
    assert {c for c, _ in result} == union
    assert len(result) == len(union)


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(GRID_NAMES),
        st.integers(1, 100).map(lambda n: n / 100),
        min_size=1,
        max_size=20,
    )
)
def test_weights_per_grid_name(weights):
    text = ", ".join(f"{name}:{w}" for name, w in weights.items())
    result = dict(parse_range(text))
    assert result == {c: w for name, w in weights.items() for c in combos(name)}


# --------------------------------------------------------------- weights


def test_weights():
    result = dict(parse_range("AKs:0.5, QQ:.25, JJ:1, TT"))
    assert {result[c] for c in combos("AKs")} == {0.5}
    assert {result[c] for c in combos("QQ")} == {0.25}
    assert {result[c] for c in combos("JJ")} == {1.0}
    assert {result[c] for c in combos("TT")} == {1.0}
    assert {w for _, w in parse_range("44:0.5, 22:1, 33:.5")} == {0.5, 1.0}
    spread = parse_range("TT+:0.75")
    assert len(spread) == 30 and {w for _, w in spread} == {0.75}
    assert parse_range("AKs:0.5, AhKh:0.5") == parse_range("AKs:0.5")


def test_one_combo_two_weights_is_an_error_naming_both():
    with pytest.raises(RangeSyntaxError) as info:
        parse_range("AA, AsAh:0.5")
    message = str(info.value)
    assert "'AsAh:0.5'" in message and "'AA'" in message and "As Ah" in message


def test_two_weights_message_shows_the_difference():
    # 0.500000001 printed with 6 significant digits would read 0.5 too
    with pytest.raises(RangeSyntaxError) as info:
        parse_range("AA:0.5, AsAh:0.500000001")
    assert "weight 0.500000001 here but 0.5 in 'AA:0.5'" in str(info.value)
    with pytest.raises(RangeSyntaxError, match="weight 1.0 here but 0.9999999999 in"):
        parse_range("KK:0.9999999999, KK")
    # different spellings of one float are one weight
    assert parse_range("AA:0.5, AsAh:.50, AdAc:0.5000") == parse_range("AA:0.5")


# ---------------------------------------------------------------- errors

BAD_HOLDEM = [
    ("AKx", "AKx"),
    ("AKs, AKx", "AKx"),
    ("AA-AKs", "AA-AKs"),  # a pair and a non-pair
    ("KK-KQ", "KK-KQ"),
    ("AKs-QTs", "AKs-QTs"),  # neither the top card nor the gap shared
    ("AKs-A2o", "AKs-A2o"),  # suited and offsuit
    ("AKs-A2", "AKs-A2"),
    ("TT+-99", "TT+-99"),
    ("A5s-A2s+", "A5s-A2s+"),
    ("TT-99-88", "TT-99-88"),
    ("AKs:0", "AKs:0"),
    ("AKs:1.5", "AKs:1.5"),
    ("AKs:-0.5", "AKs:-0.5"),
    ("AKs:nan", "AKs:nan"),
    ("AKs:inf", "AKs:inf"),
    ("AKs:", "AKs:"),
    ("AKs:50%", "AKs:50%"),
    ("AKs:0.5:0.5", "AKs:0.5:0.5"),
    ("0.5:AKs", "0.5:AKs"),
    (":0.5", ":0.5"),
    ("AhAh", "AhAh"),
    ("AAs", "AAs"),
    ("AAo", "AAo"),
    ("ZZ", "ZZ"),
    ("AZs", "AZs"),
    ("1s", "1s"),
    ("XxXx", "XxXx"),
    ("As", "As"),
    ("AsKsQs", "AsKsQs"),
    ("AKss", "AKss"),
    ("AK+s", "AK+s"),
    ("AsKs+", "AsKs+"),
    ("QQ, Kh Ah", "Kh"),
    ("AA!AAA", "AA!AAA"),
    ("AA**", "AA**"),
]


@pytest.mark.parametrize(("text", "token"), BAD_HOLDEM, ids=[t for t, _ in BAD_HOLDEM])
def test_bad_holdem_token_is_named(text, token):
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    message = str(info.value)
    assert message.startswith(f"bad range token {token!r} in {text!r}: "), message
    assert len(message) > len(f"bad range token {token!r} in {text!r}: ") + 10


def check_named(text, token, hole_cards=2, reason=None):
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text, hole_cards=hole_cards)
    message = str(info.value)
    assert message.startswith(f"bad range token {token!r} in {text!r}: "), message
    if reason is not None:
        assert reason in message, message
    return message


NOT_ASCII = [
    ("AK:\u0660.\u0665", "AK:\u0660.\u0665", "\u0660"),  # Arabic-Indic 0.5
    ("AKs:\u0661", "AKs:\u0661", "\u0661"),
    ("A\u212as", "A\u212as", "\u212a"),  # Kelvin sign, lower() is k
    ("\u212a\u212a", "\u212a\u212a", "\u212a"),
    ("\uff21\uff2bs", "\uff21\uff2bs", "\uff21"),  # fullwidth AK
    ("AKs\u00a0QQ", "AKs\u00a0QQ", "\u00a0"),  # no-break space is not a separator
    ("AKs\x1cQQ", "AKs\x1cQQ", "\x1c"),  # str.split() would split here
    ("QQ, AK\u200bs", "AK\u200bs", "\u200b"),  # zero width space
    ("TT, \u0410\u041a", "\u0410\u041a", "\u0410"),  # Cyrillic A, K
]


@pytest.mark.parametrize(
    ("text", "token", "char"), NOT_ASCII, ids=[ascii(t) for t, _, _ in NOT_ASCII]
)
def test_text_outside_ascii_is_refused_and_shown(text, token, char):
    message = check_named(text, token, reason=f"{ascii(char)} (")
    assert "ASCII" in message


@pytest.mark.parametrize(
    ("symbols", "letter"),
    [("\u2660\u2664", "s"), ("\u2665\u2661", "h"), ("\u2666\u2662", "d"), ("\u2663\u2667", "c")],
)
@pytest.mark.parametrize("hole_cards", [2, 4])
def test_suit_symbols_are_refused_with_the_letter_to_write(symbols, letter, hole_cards):
    for symbol in symbols:
        assert pyrankcore.parse_cards("A" + symbol) == pyrankcore.parse_cards("A" + letter)
        text = f"A{symbol}K{symbol}"
        message = check_named(text, text, hole_cards, reason=f"write it as {letter}")
        assert "range text is ASCII" in message


@pytest.mark.parametrize("text", ["AA:\u0660.\u0665", "A\u212aQJ", "AA\u00a0KK"])
def test_omaha_text_outside_ascii_is_refused(text):
    check_named(text, text, hole_cards=4, reason="ASCII")


@pytest.mark.parametrize(
    ("text", "token", "hole_cards"),
    [
        ("1010", "1010", 2),
        ("1010+", "1010+", 2),
        ("1010-77", "1010-77", 2),
        ("1010:0.5", "1010:0.5", 2),
        ("10T", "10T", 2),
        ("T10", "T10", 2),
        ("AKs, 1010", "1010", 2),
        ("1010", "1010", 4),
        ("AA1010", "AA1010", 4),
        ("T10xx", "T10xx", 4),
    ],
)
def test_a_pair_of_tens_is_written_tt(text, token, hole_cards):
    check_named(text, token, hole_cards, reason="write TT")


def test_ten_written_10_in_one_card_or_one_rank():
    assert parse_range("A10s, 10h9h, 10h10d") == parse_range("ATs, Th9h, ThTd")
    assert parse_range("10h10d", hole_cards=4) == parse_range("ThTd", hole_cards=4)
    assert parse_range("TT, tt") == parse_range("TT")


@pytest.mark.parametrize("text", ["Jk", "jk", "JK", "jK", "JKs", "Jko", "JK+", "JKo-J9o"])
def test_jk_is_the_joker_not_king_jack(text):
    assert pyrankcore.parse_cards("Jk") == [52]  # what the text means everywhere else
    check_named(text, text, reason="joker")


def test_omaha_ranks_are_upper_case_so_jk_there_is_jack_king():
    # Omaha patterns take upper-case ranks and lower-case suits, so JK can
    # only be a jack and a king; Jk (k is no suit) is refused with the
    # joker named, as card text would read it.
    jack_king = parsed("AAJK", hole_cards=4)
    assert jack_king == parsed("AAKJ", hole_cards=4) == parsed("KJAA", hole_cards=4)
    assert len(jack_king) == comb(4, 2) * 4 * 4
    for hand in jack_king:
        assert sorted(c >> 2 for c in hand) == [RANKS.index(r) for r in "JKAA"]
    for text in ("AsJkKsQs", "AAJk", "Jk"):
        message = check_named(text, text, hole_cards=4, reason="joker")
        assert "JK is a jack and a king" in message
    check_named("AAjk", "AAjk", hole_cards=4, reason="upper case")


def test_king_jack_spellings():
    assert parse_range("KJ") == parse_range("kj") == parse_range("Kj") == parse_range("kJ")
    assert len(parse_range("KJ")) == 16
    assert parse_range("KhJh, JdKd") == parse_range("KhJh, KdJd")
    assert parse_range("QJ, JQs") == parse_range("QJ")  # other classes may be reversed


@pytest.mark.parametrize("text", ["", "   ", "AKs,,QQ", ",AKs", "AKs,", ","])
def test_empty_range_or_entry(text):
    with pytest.raises(RangeSyntaxError, match="empty"):
        parse_range(text)


def test_error_classes():
    assert issubclass(RangeSyntaxError, InvalidArgumentError)
    assert issubclass(RangeSyntaxError, ValueError)
    assert issubclass(RangeSyntaxError, PyrankcoreError)
    assert pyrankcore.errors.RangeSyntaxError is RangeSyntaxError
    assert "RangeSyntaxError" in pyrankcore.errors.__all__


def test_argument_types():
    for bad in (None, b"AKs", ["AKs"], 5):
        with pytest.raises(TypeError):
            parse_range(bad)
    for bad in (True, "2", 2.0, None, np.float64(2), np.bool_(True), np.array(2), [2]):
        with pytest.raises(TypeError, match="hole_cards must be an int"):
            parse_range("AKs", hole_cards=bad)
    for bad in (0, 1, 3, 7, -2):
        with pytest.raises(InvalidArgumentError, match=f"hole_cards={bad}"):
            parse_range("AKs", hole_cards=bad)


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint16, np.intc])
def test_hole_cards_takes_numpy_integers(kind):
    assert parse_range("AKs", hole_cards=kind(2)) == parse_range("AKs")
    assert parse_range("AKQJ", hole_cards=kind(4)) == parse_range("AKQJ", hole_cards=4)
    with pytest.raises(InvalidArgumentError, match="hole_cards=3"):
        parse_range("AKs", hole_cards=kind(3))


def test_long_text_is_cut_in_the_message():
    text = ", ".join(GRID_NAMES[:60]) + ", AKx"
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    assert "'AKx'" in str(info.value) and len(str(info.value)) < 400


# ----------------------------------------------------------------- omaha

# Every four-card hand, highest card first. What each pattern means is
# written as a condition on all 270,725 hands at once (NumPy arrays: a Python
# call per hand and pattern took seconds).
ALL4 = np.array(list(combinations(range(51, -1, -1), 4)), dtype=np.int64)
RANK4, SUIT4 = rank(ALL4), suit(ALL4)
PER_SUIT4 = np.stack([(SUIT4 == s).sum(axis=1) for s in range(4)], axis=1)
SUIT_SHAPE4 = -np.sort(-PER_SUIT4, axis=1)  # cards per suit, most first
IS_ACE4 = RANK4 == A
SPADE, HEART = 3, 2


def with_ranks(r, at_least):
    return (RANK4 == r).sum(axis=1) >= at_least


def suit_shape(*counts):
    return (SUIT_SHAPE4 == counts).all(axis=1)


def holds(*cards):
    return np.isin(ALL4, cards).sum(axis=1) == len(cards)


def double_suited_aces():
    ace_suits = sum((IS_ACE4 & (SUIT4 == s)).any(axis=1) for s in range(4))
    return suit_shape(2, 2, 0, 0) & (ace_suits >= 2)


def suited_ace_pair():
    """Two aces or more, one of them with another card of its suit."""
    cards_of_own_suit = np.take_along_axis(PER_SUIT4, SUIT4, axis=1)
    return with_ranks(A, 2) & (IS_ACE4 & (cards_of_own_suit >= 2)).any(axis=1)


EVERY_HAND4 = np.ones(len(ALL4), dtype=bool)
OMAHA = [
    ("AA", lambda: with_ranks(A, 2)),
    ("AA**", lambda: with_ranks(A, 2)),
    ("AAA", lambda: with_ranks(A, 3)),
    ("AxAyxy", double_suited_aces),
    ("AsKsQdJd", lambda: holds(51, 47, 41, 37)),
    ("AsKs", lambda: holds(51, 47)),
    ("sshh", lambda: (PER_SUIT4[:, SPADE] == 2) & (PER_SUIT4[:, HEART] == 2)),
    ("xxyy", lambda: suit_shape(2, 2, 0, 0)),
    ("ssxx", lambda: (PER_SUIT4[:, SPADE] == 2) & suit_shape(2, 2, 0, 0)),
    ("wxyz", lambda: suit_shape(1, 1, 1, 1)),
    ("AAxx", suited_ace_pair),
    ("KK, QQ", lambda: with_ranks(K, 2) | with_ranks(Q, 2)),
    ("*", lambda: EVERY_HAND4),
    ("random", lambda: EVERY_HAND4),
]


def test_omaha_conditions_on_examples():
    """The array conditions above, on hands worked out by hand."""
    every = ["*", "random"]
    examples = {
        # As Ah Ks Kh
        (51, 50, 47, 46): ["AA", "AA**", "AxAyxy", "AsKs", "sshh", "xxyy", "ssxx", "AAxx"]
        + ["KK, QQ", *every],
        # As Ah Ad 2c
        (51, 50, 49, 0): ["AA", "AA**", "AAA", "wxyz", *every],
        # As Ks Qd Jd
        (51, 47, 41, 37): ["AsKsQdJd", "AsKs", "xxyy", "ssxx", *every],
    }
    masks = {text: condition() for text, condition in OMAHA}
    for hand, texts in examples.items():
        (row,) = np.flatnonzero((ALL4 == hand).all(axis=1))
        for text, mask in masks.items():
            assert mask[row] == (text in texts), (hand, text)


# Counts in closed form, checked where the pattern is parsed anyway.
OMAHA_COUNTS = {
    # two aces, three, or all four
    "AA**": comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1,
    "AxAyxy": comb(4, 2) * 12 * 12,
    "xxyy": comb(4, 2) * comb(13, 2) ** 2,
}


@pytest.mark.parametrize(("text", "condition"), OMAHA, ids=[t for t, _ in OMAHA])
def test_omaha_pattern_means_its_hands(text, condition):
    want = set(map(tuple, ALL4[condition()].tolist()))
    result = parse_range(text, hole_cards=4)
    assert {c for c, _ in result} == want
    assert len(result) == len(want) == OMAHA_COUNTS.get(text, len(want))
    hands = np.array([c for c, _ in result])
    assert hands.shape == (len(result), 4)
    assert (np.diff(hands, axis=1) < 0).all()  # four cards, highest first


def test_omaha_counts_in_closed_form():
    # four cards: OMAHA_COUNTS, checked in test_omaha_pattern_means_its_hands
    assert OMAHA_COUNTS["AA**"] == 6961 and OMAHA_COUNTS["AxAyxy"] == 864
    five = comb(52, 5) - comb(48, 5) - 4 * comb(48, 4)
    assert len(parse_range("AA", hole_cards=5)) == five
    six = parse_range("AsAhKs", hole_cards=6)
    assert len(six) == comb(49, 3)
    assert all(len(c) == 6 and {51, 50, 47} <= set(c) for c, _ in six)


def test_omaha_weights_and_merging():
    result = dict(parse_range("AsKsQdJd:0.5, KK", hole_cards=4))
    assert result[(51, 47, 41, 37)] == 0.5
    assert len(result) == 6961 + 1
    with pytest.raises(RangeSyntaxError, match="'AsKs:0.5'"):
        parse_range("AA, AsKs:0.5", hole_cards=4)


BAD_OMAHA = [
    "AA+",
    "KK-QQ",
    "AA:xxyy",
    "AA!AAA",
    "RROO",
    "AAAAA",
    "[AK]xx",
    "$ds",
    "AA:$ds",
    "25%",
    "(AA)",
    "AsAs",
    "aa",
    "AKs?",
    "xyzwx",
    "AsAhAdAcx",
    "AA:2",
]


@pytest.mark.parametrize("token", BAD_OMAHA)
def test_bad_omaha_token_is_named(token):
    text = f"KK, {token}"
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text, hole_cards=4)
    assert str(info.value).startswith(f"bad range token {token!r} in {text!r}: ")


def test_omaha_pattern_matching_nothing_is_an_error():
    with pytest.raises(RangeSyntaxError, match="no hand"):
        parse_range("AAAAA", hole_cards=5)


# ---------------------------------------------------------- dead cards


def test_remove_dead_matches_brute_force():
    weighted = parse_range("random")
    dead = pyrankcore.parse_cards("As Kd 2c")
    kept = remove_dead(weighted, "As Kd 2c")
    assert kept == [(c, w) for c, w in weighted if not set(c) & set(dead)]
    assert len(kept) == comb(49, 2)


def test_remove_dead_keeps_weights_and_order():
    weighted = parse_range("AA:0.5, KK, AKs:0.25")
    kept = remove_dead(weighted, [51, 46])  # As, Kh
    assert kept == [(c, w) for c, w in weighted if 51 not in c and 46 not in c]
    assert len(kept) == 3 + 3 + 2
    assert remove_dead(weighted, []) == weighted
    omaha = parse_range("AA", hole_cards=4)
    assert len(remove_dead(omaha, "Ac Ad")) == comb(48, 2)


def test_remove_dead_bad_cards():
    with pytest.raises(pyrankcore.InvalidCardError):
        remove_dead(parse_range("AA"), "Xx")


# ----------------------------------------------------------- exports


def test_public_names():
    for name in ("GRID_NAMES", "RangeSyntaxError", "combos", "grid_name", "parse_range"):
        assert name in pyrankcore.__all__
        assert getattr(pyrankcore, name) is getattr(pyrankcore.ranges, name)
    assert pyrankcore.remove_dead is pyrankcore.ranges.remove_dead


def test_docstring_examples():
    result = doctest.testmod(pyrankcore.ranges, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 8


@pytest.mark.parametrize("weight", [float("nan"), float("inf"), -float("inf"), -0.5, 0.0, 1.5])
def test_a_range_refuses_a_weight_outside_zero_to_one(weight):
    # as range text does ("AKs:1.5" is refused): a NaN or infinite weight
    # would turn every equity and grid of the range into NaN
    with pytest.raises(InvalidArgumentError, match=r"outside \(0, 1\]"):
        Range([((51, 47), 1.0), ((50, 46), weight)])


def test_a_range_refuses_entries_that_are_no_weighted_combo():
    with pytest.raises(TypeError, match="weight is a number"):
        Range([((51, 47), "0.5")])
    with pytest.raises(TypeError, match="weight is a number"):
        Range([((51, 47), True)])
    with pytest.raises(TypeError, match=r"\(combo, weight\)"):
        Range([(51, 47, 1.0)])
    # what parse_range makes, and a weight given as any real number, pass
    assert Range([((51, 47), 1), ((50, 46), np.float32(0.25))]).weight == 1.25
    assert Range(parse_range("AKs:0.5")) == parse_range("AKs:0.5")
