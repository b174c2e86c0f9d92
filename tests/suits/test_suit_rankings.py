"""Suit tie-breaks as ranking options: ``ranking(base,
suit_tiebreak=..., suit_order=...)``.

The native kernel (src/prc_suits.h), the one place that breaks ties by
suit, is checked against the slow reference (tests/references/
suit_reference.py), which knows nothing of the per-strength tables the
kernel reads: exhaustively on a small stripped deck, on random hands of the
full deck, in every base ranking; and so are suited_strength, compare and
winners, which rank hands with it.
"""

import dataclasses
import random
import threading
from itertools import combinations

import numpy as np
import pytest
from references import suit_reference

import pyrankcore as prc
from pyrankcore import _core, ranking
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidOptionError,
    OptionTypeError,
)
from pyrankcore.suits import (
    SUIT_ORDERS,
    SUIT_TIEBREAKS,
    SuitRule,
    compare,
    resolve_suit_order,
    split_suited,
    suited_strength,
    winners,
)

try:
    from hypothesis import given
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None

ORDERS = ("standard", "italy", "germany", "diamonds-hearts-spades-clubs")
BASES = ("high", "short_deck", "ace_five", "ace_five_8", "deuce_seven", "ace_six", "incomplete")


def suited(base, tiebreak, order="standard"):
    return ranking(base, suit_tiebreak=tiebreak, suit_order=order)


def deck_of(r):
    return [c for c in range(52) if c >> 2 in r.deck_ranks]


def reference(hole, base, tiebreak, order="standard", board=(), omaha=False):
    """The slow reference's suited strength of a hand under *base* (a
    ranking name or Ranking) with the rule (*tiebreak*, *order*)."""
    plain = prc.ranking(base) if isinstance(base, str) else base
    letters = suit_reference.order_letters(resolve_suit_order(order))
    return suit_reference.suited_strength(list(hole), plain, tiebreak, letters, board, omaha)


# ------------------------------------------------------------- the option


def test_options_are_canonical():
    a = ranking("high", suit_tiebreak="main_group", suit_order="Italy")
    b = ranking("high", suit_tiebreak="main_group", suit_order="hearts-diamonds-clubs-spades")
    c = ranking("high", suit_tiebreak="main_group", suit_order="hdcs")
    assert a == b == c and hash(a) == hash(b) == hash(c)
    assert a.suit_order == "hearts-diamonds-clubs-spades"
    assert a.name == "high[suit_order=hearts-diamonds-clubs-spades,suit_tiebreak=main_group]"
    # with a tie-break, the order defaults to the standard one
    d = ranking("high", suit_tiebreak="main_group")
    assert d == ranking("high", suit_tiebreak="main_group", suit_order="standard")
    assert d.suit_order == "spades-hearts-diamonds-clubs"
    assert d != a and d.suited and not prc.ranking("high").suited


def test_without_suits_is_the_plain_ranking():
    r = ranking("short_deck", trips_over_straight=True, suit_tiebreak="highest_card")
    assert r.without_suits() == ranking("short_deck", trips_over_straight=True)
    assert ranking("high", suit_order="italy").without_suits() is not None
    assert ranking("high", suit_order="italy").without_suits() == prc.ranking("high")
    plain = prc.stripped_deck("6")
    assert ranking(plain, suit_tiebreak="main_group").without_suits() == plain


def test_suit_order_alone_changes_no_strength():
    r = ranking("high", suit_order="germany")
    assert not r.suited and r.suit_tiebreak is None
    rng = random.Random(5)
    rows = np.array([rng.sample(range(52), 7) for _ in range(500)], dtype=np.uint8)
    assert np.array_equal(prc.evaluate_batch(rows, r), prc.evaluate_batch(rows))
    assert prc.evaluate_batch(rows, r).dtype == np.uint16
    assert np.array_equal(_core.enumerate_counts(5, r), _core.enumerate_counts(5, "high"))


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"suit_tiebreak": "suit"}, InvalidOptionError, "suit_tiebreak"),
        ({"suit_tiebreak": 1}, OptionTypeError, "suit_tiebreak"),
        ({"suit_tiebreak": True}, OptionTypeError, "suit_tiebreak"),
        ({"suit_order": "spades"}, InvalidOptionError, "suit_order"),
        ({"suit_order": "brazil"}, InvalidOptionError, "Brazil"),
        ({"suit_order": 3}, OptionTypeError, "suit_order"),
        ({"suit_tiebreak": "main_group", "suit_order": ["s", "h"]}, OptionTypeError, "suit_order"),
        ({"suit_tiebreak": "main_group", "wild": "2"}, InvalidOptionError, "wild card"),
        ({"suit_tiebreak": "highest_card", "bug": True}, InvalidOptionError, "wild card"),
    ],
)
def test_bad_options(options, error, words):
    with pytest.raises(error, match=words):
        ranking("high", **options)


def test_option_type_error_is_a_type_error():
    with pytest.raises(TypeError):
        ranking("high", suit_tiebreak=2.5)
    with pytest.raises(ValueError):
        ranking("high", suit_tiebreak="highest")


# ------------------------------------------------------- against the reference


@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
@pytest.mark.parametrize("order", ("standard", "italy"))
def test_every_hand_of_a_stripped_deck(tiebreak, order):
    """Every 5-card hand of the 20-card deck (A, K, Q, J, T), scalar and batch."""
    base = prc.stripped_deck("T")
    r = ranking(base, suit_tiebreak=tiebreak, suit_order=order)
    hands = list(combinations(deck_of(base), 5))
    assert len(hands) == 15504
    expected = [reference(h, base, tiebreak, order) for h in hands]
    got = prc.evaluate_batch(np.array(hands, dtype=np.uint8), r)
    assert got.dtype == np.uint32
    assert got.tolist() == expected
    assert [prc.evaluate(list(h), r) for h in hands[::97]] == expected[::97]
    # no two different hands tie: only the same ranks in the same suits do
    assert len(set(expected)) == len(hands)


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_random_hands_every_base(base, tiebreak):
    order = ORDERS[(BASES.index(base) + SUIT_TIEBREAKS.index(tiebreak)) % len(ORDERS)]
    r = suited(base, tiebreak, order)
    rule = SuitRule(suit_tiebreak=tiebreak, suit_order=order)
    plain = prc.ranking(base)
    rng = random.Random(10 * BASES.index(base) + SUIT_TIEBREAKS.index(tiebreak))
    deck = deck_of(plain)
    for n in range(plain.min_cards, plain.max_cards + 1):
        rows = [rng.sample(deck, n) for _ in range(120)]
        expected = [reference(h, base, tiebreak, order) for h in rows]
        assert [prc.evaluate(h, r) for h in rows] == expected
        assert [suited_strength(h, base, rule) for h in rows] == expected
        got = prc.evaluate_batch(np.array(rows, dtype=np.uint8), r)
        assert got.tolist() == expected
        # the plain strength is the plain ranking's
        assert (got >> 10).tolist() == [prc.evaluate(h, base) for h in rows]


@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_many_seven_card_hands(tiebreak):
    """Hands that share their ranks (the cases where suits decide) in bulk."""
    rng = random.Random(11)
    rule = SuitRule(suit_tiebreak=tiebreak, suit_order="germany")
    r = suited("high", tiebreak, "germany")
    rows = []
    for _ in range(400):
        ranks = [rng.randrange(13) for _ in range(7)]
        suits = list(range(4))
        hand, used = [], set()
        for rank in ranks:
            rng.shuffle(suits)
            for s in suits:
                if 4 * rank + s not in used:
                    used.add(4 * rank + s)
                    hand.append(4 * rank + s)
                    break
        if len(hand) == 7:
            rows.append(hand)
    got = prc.evaluate_batch(np.array(rows), r).tolist()
    assert got == [reference(h, "high", tiebreak, "germany") for h in rows]
    assert [suited_strength(h, "high", rule) for h in rows[:50]] == got[:50]


def test_eight_to_ten_cards():
    r = suited("high", "highest_unpaired", "italy")
    rng = random.Random(3)
    for n in (8, 9, 10):
        rows = [rng.sample(range(52), n) for _ in range(15)]
        expected = [reference(h, "high", "highest_unpaired", "italy") for h in rows]
        assert [prc.evaluate(h, r) for h in rows] == expected
        out = prc.evaluate_batch(np.array(rows, dtype=np.int64), r)
        assert out.dtype == np.uint32 and out.tolist() == expected


@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_omaha(tiebreak):
    r = suited("high", tiebreak, "greece")
    rule = SuitRule(suit_tiebreak=tiebreak, suit_order="greece")
    omaha = prc.Variant("Omaha suited", (4, 5, 6), (3, 4, 5), high=r, omaha=True)
    plain_omaha = prc.Variant("Omaha (any size)", (4, 5, 6), (3, 4, 5), omaha=True)
    rng = random.Random(7)
    for nh, nb in ((4, 5), (5, 3), (6, 4)):
        deals = [rng.sample(range(52), nh + nb) for _ in range(60)]
        holes = np.array([d[:nh] for d in deals], dtype=np.uint8)
        boards = np.array([d[nh:] for d in deals], dtype=np.uint8)
        expected = [
            reference(d[:nh], "high", tiebreak, "greece", d[nh:], omaha=True) for d in deals
        ]
        assert [suited_strength(d[:nh], plain_omaha, rule, board=d[nh:]) for d in deals] == expected
        assert [prc.evaluate_omaha(d[:nh], d[nh:], r) for d in deals] == expected
        assert [prc.evaluate_omaha(d[:nh], d[nh:], omaha) for d in deals] == expected
        got = prc.evaluate_omaha_batch(holes, boards, r)
        assert got.dtype == np.uint32 and got.tolist() == expected
        assert prc.evaluate_omaha_batch(holes, boards, r, threads=2).tolist() == expected


# ------------------------------------------------------------ the rule text


def test_rule_text_examples():
    # "Compare the suit of the highest paired card - for example if two
    # people have J-J-7-7-K the highest jack wins"
    group = suited("high", "main_group")
    assert prc.evaluate("Js Jc 7c 7d Kc", group) > prc.evaluate("Jh Jd 7s 7h Ks", group)
    # "Compare the suit of the highest unpaired card - for example if two
    # people have K-K-7-5-4 compare the 7's"
    unpaired = suited("high", "highest_unpaired")
    assert prc.evaluate("Kc Kd 7s 5c 4c", unpaired) > prc.evaluate("Ks Kh 7h 5s 4s", unpaired)
    # "Compare the suit of the highest card in the hand"
    high = suited("high", "highest_card")
    assert prc.evaluate("Ks Kh 7h 5s 4s", high) > prc.evaluate("Kc Kd 7s 5c 4c", high)
    # Italy ranks hearts highest and spades lowest
    italy = suited("high", "highest_card", "italy")
    assert prc.evaluate("Ah Kc Qc Jc 9c", italy) > prc.evaluate("As Kd Qd Jd 9d", italy)
    assert prc.evaluate("Ah Kc Qc Jc 9c", high) < prc.evaluate("As Kd Qd Jd 9d", high)
    # suits never beat a better hand
    assert prc.evaluate("2c 2d 4c 5d 7h", group) > prc.evaluate("As Ks Qs Js 9h", group)


def test_straights_are_read_from_the_top():
    high = suited("high", "highest_card")
    # the wheel's top card is its five: the five of spades beats the five of clubs
    assert prc.evaluate("5s 4c 3c 2c Ac", high) > prc.evaluate("5c 4s 3s 2s As", high)


# --------------------------------------------------------------- invariances


def relabel(cards, perm):
    return [int(c) & ~3 | perm[int(c) & 3] for c in cards]


@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_relabelling_suits_with_the_order(tiebreak):
    """Renaming suits by a permutation and the order with it keeps every
    suited strength: the kernel reads suits only through the order."""
    rng = random.Random(21)
    for _ in range(10):
        perm = rng.sample(range(4), 4)  # old suit -> new suit
        order = "shdc"
        new_order = "".join("cdhs"[perm["cdhs".index(s)]] for s in order)
        r_old, r_new = suited("high", tiebreak, order), suited("high", tiebreak, new_order)
        rows = np.array([rng.sample(range(52), 7) for _ in range(300)], dtype=np.uint8)
        moved = np.array([relabel(row, perm) for row in rows], dtype=np.uint8)
        assert np.array_equal(prc.evaluate_batch(rows, r_old), prc.evaluate_batch(moved, r_new))


@pytest.mark.parametrize("order", list(SUIT_ORDERS))
def test_orders_agree_on_plain_strength_and_order_the_rest(order):
    rng = random.Random(len(order))
    rows = np.array([rng.sample(range(52), 7) for _ in range(2000)], dtype=np.uint8)
    plain = prc.evaluate_batch(rows)
    for tiebreak in SUIT_TIEBREAKS:
        got = prc.evaluate_batch(rows, suited("high", tiebreak, order))
        assert np.array_equal(got >> 10, plain)
        # hands of different strength keep their order
        i, j = np.argsort(plain, kind="stable")[:-1], np.argsort(plain, kind="stable")[1:]
        strictly = plain[i] < plain[j]
        assert (got[i][strictly] < got[j][strictly]).all()


def test_card_order_does_not_matter():
    r = suited("high", "highest_unpaired", "germany")
    rng = random.Random(9)
    for _ in range(200):
        hand = rng.sample(range(52), 7)
        shuffled = rng.sample(hand, 7)
        assert prc.evaluate(hand, r) == prc.evaluate(shuffled, r)


def test_only_the_same_cards_tie():
    """Equal suited strengths: the same five ranks in the same suits play."""
    r = suited("high", "main_group")
    hands = list(combinations(range(4 * 8, 52), 5))  # ten to ace: 20 cards
    values = prc.evaluate_batch(np.array(hands, dtype=np.uint8), r)
    assert len(set(values.tolist())) == len(hands)


if given is not None:

    @given(
        st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
        st.sampled_from(SUIT_TIEBREAKS),
        st.sampled_from(list(SUIT_ORDERS)),
        st.sampled_from(("high", "deuce_seven", "ace_six")),
    )
    def test_hypothesis_against_reference(cards, tiebreak, order, base):
        r = suited(base, tiebreak, order)
        expected = reference(cards, base, tiebreak, order)
        assert prc.evaluate(cards, r) == expected
        assert prc.evaluate_batch(np.array([cards]), r).tolist() == [expected]

    @given(
        st.lists(st.integers(0, 51), min_size=14, max_size=14, unique=True),
        st.sampled_from(SUIT_TIEBREAKS),
    )
    def test_hypothesis_compare_is_the_order_of_suited_strengths(cards, tiebreak):
        r = suited("high", tiebreak, "italy")
        a, b = cards[:7], cards[7:]
        sa, sb = prc.evaluate(a, r), prc.evaluate(b, r)
        assert compare(a, b, r) == (sa > sb) - (sa < sb)
        rule = SuitRule(suit_tiebreak=tiebreak, suit_order="italy")
        assert compare(a, b, r) == compare(a, b, suit_rule=rule)


# ------------------------------------------------------------------ batches


def test_batch_dtypes_threads_and_out():
    r = suited("high", "highest_card", "italy")
    hands = prc.random_hands(40_000, 7, seed=4)
    one = prc.evaluate_batch(hands, r)
    assert one.dtype == np.uint32
    assert np.array_equal(prc.evaluate_batch(hands, r, threads=2), one)
    for dtype in (np.int8, np.uint16, np.int32, np.int64, np.uint64):
        assert np.array_equal(prc.evaluate_batch(hands.astype(dtype), r), one)
    assert np.array_equal(prc.evaluate_batch(np.asfortranarray(hands), r), one)
    out = np.zeros(len(hands), dtype=np.uint32)
    assert prc.evaluate_batch(hands, r, out=out, threads=2) is out
    assert np.array_equal(out, one)
    with pytest.raises(TypeError, match="uint32"):
        prc.evaluate_batch(hands, r, out=np.zeros(len(hands), dtype=np.uint16))
    with pytest.raises(InvalidArgumentError, match="shape"):
        prc.evaluate_batch(hands, r, out=np.zeros(3, dtype=np.uint32))
    empty = prc.evaluate_batch(np.zeros((0, 7), dtype=np.uint8), r)
    assert empty.dtype == np.uint32 and empty.shape == (0,)


def test_first_bad_row_is_named():
    r = suited("high", "main_group")
    rows = prc.random_hands(1000, 7, seed=8).astype(np.int64)
    rows[700, 3] = rows[700, 0]
    rows[900, 1] = 60
    with pytest.raises(DuplicateCardError, match="row 700"):
        prc.evaluate_batch(rows, r, threads=2)
    rows[700, 3] = 60
    with pytest.raises(InvalidCardError, match="row 700: invalid card id 60"):
        prc.evaluate_batch(rows, r)
    short = suited("short_deck", "main_group")
    with pytest.raises(InvalidCardError, match="not in the short_deck"):
        prc.evaluate_batch(np.array([[48, 44, 40, 36, 0]]), short)


def test_scalar_errors():
    r = suited("high", "highest_card")
    with pytest.raises(DuplicateCardError):
        prc.evaluate("As As Kd Qc 2h", r)
    with pytest.raises(InvalidCardError):
        prc.evaluate("As Xs Kd Qc 2h", r)
    with pytest.raises(HandSizeError):
        prc.evaluate("As Kd Qc 2h", r)
    with pytest.raises(HandSizeError):
        prc.evaluate_batch(np.zeros((2, 4), dtype=np.uint8), r)
    with pytest.raises(InvalidCardError, match="short_deck"):
        prc.evaluate("As Ks Qs Js 2s", suited("short_deck", "highest_card"))
    with pytest.raises(DuplicateCardError):
        prc.evaluate_omaha("As Ks Qs Js", "As 2c 3c", r)


def test_first_threaded_call_of_a_fresh_ranking():
    """Tables built lazily under the lock: many threads at once, one result."""
    r = dataclasses.replace(
        prc.stripped_deck("7", name="stripped_7_race"), suit_tiebreak="highest_unpaired"
    )
    hands = prc.random_hands(5000, 7, seed=1, game=r)
    results = [None] * 4

    def work(i):
        results[i] = prc.evaluate_batch(hands, r)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(x, results[0]) for x in results)
    base = r.without_suits()
    expected = [reference(h, base, "highest_unpaired") for h in hands[:40].tolist()]
    assert results[0][:40].tolist() == expected


# --------------------------------------------------- the other entry points


def test_category_describe_best_five():
    r = suited("high", "main_group")
    s = prc.evaluate("Kh Kd Ks 9c 9d", r)
    assert prc.category(s, r) is prc.Category.FULL_HOUSE
    assert prc.describe(s, r) == "Full House, Kings full of Nines"
    arr = prc.evaluate_batch(prc.random_hands(300, 7, seed=2), r)
    plain = prc.evaluate_batch(prc.random_hands(300, 7, seed=2))
    assert np.array_equal(prc.category(arr, r), prc.category(plain))
    with pytest.raises(InvalidArgumentError, match="suited strength"):
        prc.category(5, r)  # below every suited strength
    with pytest.raises(InvalidArgumentError, match="suited strength"):
        prc.category(np.array([s, 5]), r)
    with pytest.raises(InvalidArgumentError, match="suited strength"):
        prc.describe(0, r)
    low8 = suited("ace_five_8", "highest_card")
    assert prc.describe(0, low8) == "No qualifying low"
    # best_five picks the five that win the tie-break
    five = prc.best_five("Jc Jh 7c 7d Kd Js 2c", r)
    assert prc.format_cards(five) == "Js Jh Jc 7d 7c"
    assert prc.evaluate(five, r) == prc.evaluate("Jc Jh 7c 7d Kd Js 2c", r)
    hc = suited("high", "highest_card", "italy")
    five = prc.best_five("9c Th Jd Qs Kc Kh", hc)  # a straight: which king plays?
    assert prc.evaluate(five, hc) == prc.evaluate("9c Th Jd Qs Kc Kh", hc)
    assert prc.format_cards(five) == "Kh Qs Jd Th 9c"  # hearts: Italy's highest suit


def test_compare_winners_take_the_rankings_rule():
    r = suited("high", "highest_card", "italy")
    a, b = "8s 8c Jd 9c 3d", "8h 8d Js 9h 3c"
    assert compare(a, b, r) == 1  # the jack of diamonds beats the jack of spades in Italy
    assert winners([a, b], r) == [0]
    same = SuitRule(suit_tiebreak="highest_card", suit_order="italy")
    assert compare(a, b, r, suit_rule=same) == 1
    assert suited_strength(a, r, same) == prc.evaluate(a, r)
    with pytest.raises(InvalidOptionError, match="suit_rule"):
        compare(a, b, r, suit_rule=SuitRule(suit_tiebreak="highest_card"))


def test_showdown_and_odd_chips():
    r = suited("high", "main_group")
    assert prc.showdown(r, ["Js Jd", "Jh Jc"], "7c 7h Kd 2s 3s", 10) == [10, 0]
    assert prc.showdown("high", ["Js Jd", "Jh Jc"], "7c 7h Kd 2s 3s", 10) == [5, 5]
    holdem = prc.Variant("Hold'em (suits)", (2,), (0, 3, 4, 5), high=r)
    assert prc.showdown(holdem, ["Jh Jc", "Js Jd"], "7c 7h Kd 2s 3s", 10) == [0, 10]
    with pytest.raises(InvalidOptionError):
        prc.showdown(
            r,
            ["Js Jd", "Jh Jc"],
            "7c 7h Kd 2s 3s",
            10,
            suit_rule=SuitRule(suit_tiebreak="highest_card"),
        )
    # a stud ranking's suit_order gives the odd chip (germany: clubs high)
    stud = prc.Variant(
        "Stud (Germany)", (7,), high=ranking("high", suit_order="germany"), stud=True
    )
    a, b = "As Ks 9d 7d 5c 3h 2h", "Ac Kc 9h 7h 5d 3c 2d"
    assert prc.showdown(stud, [a, b], pot=3) == [1, 2]
    assert prc.showdown("Seven-card Stud", [a, b], pot=3) == [2, 1]
    with pytest.raises(InvalidOptionError, match="suit_order"):
        prc.showdown(stud, [a, b], pot=3, suit_order="standard")
    assert prc.showdown(stud, [a, b], pot=3, suit_order="germany") == [1, 2]


def test_bring_in_follows_the_rankings_order():
    stud = prc.Variant(
        "Stud (Germany)", (7,), high=ranking("high", suit_order="germany"), stud=True
    )
    assert prc.bring_in(stud, ["2c", "2d"]) == 1  # diamonds lowest in Germany
    assert prc.bring_in("Seven-card Stud", ["2c", "2d"]) == 0
    assert prc.bring_in(stud, ["2c", "2d"], suit_order="germany") == 1
    with pytest.raises(InvalidOptionError, match="suit_order"):
        prc.bring_in(stud, ["2c", "2d"], suit_order="italy")
    razz = prc.Variant(
        "Razz (Italy)", (7,), high=None, low=suited("ace_five", "highest_card", "italy"), stud=True
    )
    assert prc.bring_in(razz, ["Ks", "Kh"]) == 1  # hearts highest in Italy


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda r: prc.probabilities(r), "probabilities"),
        (lambda r: _core.enumerate_counts(5, r), "enumerate_counts"),
        (
            lambda r: prc.equity(prc.Variant("x", (2,), (5,), high=r), ["As Ad", "Kc Kd"]),
            "equity",
        ),
        (
            lambda r: prc.evaluate_omaha_batch(
                np.array([[0, 1, 2, 3]]),
                np.array([[4, 5, 6]]),
                prc.Variant("hilo", (4,), (3, 4, 5), high=r, low="ace_five_8", omaha=True),
            ),
            "split-pot",
        ),
        (
            lambda r: _core.evaluate_rows(
                np.zeros((1, 5), np.uint8), np.zeros(1, np.uint16), 0, 1, r
            ),
            "uint16",
        ),
    ],
)
def test_refusals_name_the_caller(call, words):
    r = suited("high", "main_group")
    with pytest.raises(InvalidArgumentError, match=words) as info:
        call(r)
    assert "suit tie-break" in str(info.value)


def test_the_tables_say_whether_they_are_suited():
    r = suited("high", "highest_card")
    tables = _core.tables_of(r)
    assert tables.suited and tables.base is _core.tables_of("high")
    with pytest.raises(InvalidArgumentError, match="probabilities does not support suit tie-break"):
        _core.plain_tables(tables, "probabilities")
    assert _core.plain_tables(tables.base, "probabilities") is tables.base
    assert _core.tables_of(ranking("high", suit_order="italy")).suited is False


def test_random_hands_and_dask_dtype():
    r = suited("short_deck", "main_group")
    hands = prc.random_hands(100, 7, seed=3, game=r)
    assert (hands >> 2 >= 4).all()
    pytest.importorskip("dask")
    import dask.array as da

    from pyrankcore import dask as prc_dask

    lazy = prc_dask.evaluate_batch(da.from_array(hands, chunks=(50, 7)), r)
    assert lazy.dtype == np.uint32
    assert np.array_equal(lazy.compute(), prc.evaluate_batch(hands, r))


def test_split_suited_round_trip():
    r = suited("high", "highest_card")
    value = prc.evaluate("Ah Kh Qh Jh Th", r)
    assert split_suited(value) == (7462, 0b1010101010)


def test_best_five_of_a_hand_that_does_not_qualify_keeps_the_tie_break():
    # No eight-or-better low: the five are searched without the qualifier,
    # and the tie-break (the king of diamonds over the king of clubs) holds.
    cards = "Kc Kd Qh Js 9c Tc"
    eight = prc.best_five(cards, suited("ace_five_8", "highest_card"))
    assert eight == prc.best_five(cards, suited("ace_five", "highest_card"))
    assert prc.format_cards(eight) == "Kd Qh Js Tc 9c"


@pytest.mark.parametrize("options", [{"wild": ("jokers",)}, {"bug": True}])
def test_a_suit_order_alone_ranks_a_wild_game_as_its_plain_ranking(options):
    plain = ranking("high", **options)
    ordered = ranking("high", suit_order="italy", **options)
    hands = prc.random_hands(20_000, 7, seed=4, game=plain)
    assert np.array_equal(prc.evaluate_batch(hands, ordered), prc.evaluate_batch(hands, plain))
    assert [prc.evaluate(h, ordered) for h in hands[:200].tolist()] == [
        prc.evaluate(h, plain) for h in hands[:200].tolist()
    ]


def test_a_suit_order_alone_shares_the_plain_omaha_strengths():
    deal = prc.random_hands(5_000, 9, seed=6)
    holes, boards = deal[:, :4], deal[:, 4:]
    ordered = ranking("high", suit_order="germany")
    assert np.array_equal(
        prc.evaluate_omaha_batch(holes, boards, ordered),
        prc.evaluate_omaha_batch(holes, boards, "high"),
    )


# ------------------------------------------- compare and winners, every rule


def same_rank_seats(rng, seats, n):
    """*seats* hands of *n* cards with the same ranks in other suits (the
    deals where suits decide): each rank at most twice in a hand."""
    while True:
        ranks = rng.sample(list(range(13)) * 2, n)
        used, hands = set(), []
        for _ in range(seats):
            hand = []
            for rank in ranks:
                free = [4 * rank + s for s in range(4) if 4 * rank + s not in used]
                if not free:
                    break
                card = rng.choice(free)
                used.add(card)
                hand.append(card)
            hands.append(hand)
        if all(len(h) == n for h in hands):
            return hands


@pytest.mark.parametrize("order", list(SUIT_ORDERS))
@pytest.mark.parametrize("tiebreak", SUIT_TIEBREAKS)
def test_compare_winners_and_showdown_follow_the_reference(tiebreak, order):
    """compare, winners and a showdown with a SuitRule settle as the
    reference's suited strengths order the hands: 5 and 7 cards (hands with
    the same ranks in other suits, and random ones), Hold'em and Omaha."""
    seed = 100 * SUIT_TIEBREAKS.index(tiebreak) + list(SUIT_ORDERS).index(order)
    rng = random.Random(seed)
    rule = SuitRule(suit_tiebreak=tiebreak, suit_order=order)
    deals = []  # (game, hands, board, omaha)
    for n in (5, 7):
        deals += [("high", same_rank_seats(rng, 2, n), [], False) for _ in range(8)]
        deals += [("high", [c[:n], c[n:]], [], False) for c in (rng.sample(range(52), 2 * n),)]
    for _ in range(6):
        cards = rng.sample(range(52), 11)
        deals.append(("Hold'em", [cards[:2], cards[2:4], cards[4:6]], cards[6:], False))
    for _ in range(3):
        cards = rng.sample(range(52), 13)
        deals.append(("Omaha", [cards[:4], cards[4:8]], cards[8:], True))
    for game, hands, board, omaha in deals:
        values = [reference(h, "high", tiebreak, order, board, omaha) for h in hands]
        best = max(values)
        expected = [i for i, v in enumerate(values) if v == best]
        assert winners(hands, game, board=board, suit_rule=rule) == expected
        a, b = values[0], values[1]
        assert compare(hands[0], hands[1], game, board=board, suit_rule=rule) == (a > b) - (a < b)
        shares = prc.showdown(game, hands, board, pot=60, suit_rule=rule)
        assert [i for i, s in enumerate(shares) if s] == expected
