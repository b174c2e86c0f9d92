"""Omaha: exactly two hole cards (of 4, 5 or 6) and three board cards (of 3,
4 or 5), for high, eight-or-better low and every other ranking.

Rule text: shared/rules/003_*.txt (Omaha High, Omaha High-Low 8 or Better,
Five Card Omaha, Six Card Omaha).
"""

import random
from itertools import combinations, pairwise

import numpy as np
import pytest
from references import low_reference as L

import pyrankcore
from pyrankcore import Category
from pyrankcore.errors import HandSizeError

SIZES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]

OMAHA_GAMES = [
    ("high", "high", L.HIGH),
    ("ace_five_8", "ace_five_8", L.ACE_FIVE_8),
    ("ace_five", "ace_five", L.ACE_FIVE),
    ("deuce_seven", "deuce_seven", L.DEUCE_SEVEN),
    ("ace_six", "ace_six", L.ACE_SIX),
    ("short_deck", "short_deck", L.SHORT_DECK),
    ("stripped_7", pyrankcore.stripped_deck("7"), L.SEVEN_TO_ACE),
]
GAME_IDS = [g[0] for g in OMAHA_GAMES]


def ids(text):
    return L.cards(text)


def best_of_combos(hole, board, game):
    """The rule, literally: the best of every 2 hole + 3 board five."""
    return max(
        pyrankcore.evaluate(list(two) + list(three), game)
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def deal(rng, deck, nh, nb):
    cards = rng.sample(deck, nh + nb)
    return cards[:nh], cards[nh:]


def low_heavy_deck(rng, deck):
    """Deal from the low cards (A-8) more often, so eight-or-better lows
    and low-card flushes come up."""
    if rng.random() < 0.5:
        return [c for c in deck if c // 4 <= 6 or c // 4 == 12]
    return deck


# --------------------------------------------------------------------------
# the definition: best of the 2 + 3 combinations


@pytest.mark.parametrize("spec", OMAHA_GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("nh,nb", SIZES)
def test_omaha_equals_best_of_two_plus_three(spec, nh, nb):
    name, game, rules = spec
    rng = random.Random(nh * 10 + nb + len(name))
    deck = rules.deck()
    rounds = 40 if name in ("high", "ace_five_8") else 12
    for _ in range(rounds):
        hole, board = deal(rng, low_heavy_deck(rng, deck), nh, nb)
        want = best_of_combos(hole, board, game)
        assert pyrankcore.evaluate_omaha(hole, board, game) == want, (
            pyrankcore.format_cards(hole),
            pyrankcore.format_cards(board),
        )


@pytest.mark.parametrize("nh,nb", SIZES)
def test_omaha_high_and_low_against_the_reference(nh, nb):
    rng = random.Random(900 + nh * 10 + nb)
    for _ in range(25):
        hole, board = deal(rng, low_heavy_deck(rng, list(range(52))), nh, nb)
        for game, rules in (("high", L.HIGH), ("ace_five_8", L.ACE_FIVE_8)):
            want = max(
                rules.strength(list(two) + list(three))
                for two in combinations(hole, 2)
                for three in combinations(board, 3)
            )
            assert pyrankcore.evaluate_omaha(hole, board, game) == want


def test_default_game_is_high():
    hole, board = ids("As Ks 2d 2c"), ids("Qs Js Ts 3h 4h")
    assert (
        pyrankcore.evaluate_omaha(hole, board)
        == pyrankcore.evaluate_omaha(hole, board, "high")
        == 7462
    )


def test_card_text_is_accepted():
    assert pyrankcore.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h") == 7462


def test_ranking_object_equals_name():
    rng = random.Random(4)
    for name in ("high", "ace_five_8", "deuce_seven"):
        obj = pyrankcore.ranking(name)
        for _ in range(20):
            hole, board = deal(rng, list(range(52)), 4, 5)
            assert pyrankcore.evaluate_omaha(hole, board, obj) == pyrankcore.evaluate_omaha(
                hole, board, name
            )


# --------------------------------------------------------------------------
# batch


@pytest.mark.parametrize("spec", OMAHA_GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("nh,nb", [(4, 5), (5, 4), (6, 3)])
def test_batch_equals_scalar(spec, nh, nb):
    _name, game, rules = spec
    rng = random.Random(nh + nb)
    deals = [deal(rng, low_heavy_deck(rng, rules.deck()), nh, nb) for _ in range(60)]
    holes = np.array([h for h, _ in deals])
    boards = np.array([b for _, b in deals])
    want = [pyrankcore.evaluate_omaha(h, b, game) for h, b in deals]
    assert pyrankcore.evaluate_omaha_batch(holes, boards, game).tolist() == want
    for threads in (2, 3):
        got = pyrankcore.evaluate_omaha_batch(holes, boards, game, threads=threads)
        assert got.tolist() == want
    out = np.zeros(len(deals), dtype=np.uint16)
    res = pyrankcore.evaluate_omaha_batch(holes, boards, game, out=out)
    assert res is out
    assert out.tolist() == want


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64])
def test_batch_dtypes(dtype):
    rng = random.Random(21)
    deals = [deal(rng, list(range(52)), 4, 5) for _ in range(30)]
    holes = np.array([h for h, _ in deals], dtype=dtype)
    boards = np.array([b for _, b in deals], dtype=dtype)
    want = [pyrankcore.evaluate_omaha(h, b, "ace_five_8") for h, b in deals]
    assert pyrankcore.evaluate_omaha_batch(holes, boards, "ace_five_8").tolist() == want


@pytest.mark.parametrize("game", ["high", "ace_five_8"])
@pytest.mark.parametrize("nh,nb", [(4, 5), (6, 3), (5, 4)])
def test_one_dimensional_board_is_shared_by_every_row(game, nh, nb):
    rng = random.Random(nh * nb)
    board = rng.sample(range(52), nb)
    rest = [c for c in range(52) if c not in board]
    holes = np.array([rng.sample(rest, nh) for _ in range(50)])
    got = pyrankcore.evaluate_omaha_batch(holes, np.array(board), game)
    want = [pyrankcore.evaluate_omaha(h.tolist(), board, game) for h in holes]
    assert got.tolist() == want
    tiled = np.tile(np.array(board), (len(holes), 1))
    assert pyrankcore.evaluate_omaha_batch(holes, tiled, game).tolist() == want


def test_batch_of_zero_rows():
    got = pyrankcore.evaluate_omaha_batch(
        np.zeros((0, 4), dtype=np.int64), np.zeros((0, 5), dtype=np.int64), "ace_five_8"
    )
    assert got.shape == (0,)


# --------------------------------------------------------------------------
# examples from 003


def test_hi_lo_example_flush_for_high_not_a_full_house():
    # 003: "This player has a club flush A-8-6-4-2 for high (not a full
    # house, which would use three hole cards). The low hand is 6-4-3-2-A
    # using the 2 and either a 6 or the 4 from the player's hand."  (The
    # cards were pictures; this deal fits every statement of the text.)
    hole, board = ids("2c 6c 6d 4d"), ids("Ac 3s 4c 6h 8c")
    high = pyrankcore.evaluate_omaha(hole, board, "high")
    assert high == pyrankcore.evaluate(ids("Ac 8c 6c 4c 2c"))
    assert pyrankcore.category(high) == Category.FLUSH
    assert pyrankcore.describe(high) == "Flush, Ace high"
    # the full house needs three hole cards (6-6 and the 4) ...
    full = pyrankcore.evaluate(ids("6c 6d 4d 6h 4c"))
    assert pyrankcore.category(full) == Category.FULL_HOUSE
    assert full > high
    # ... which a seven-card hold'em reading would allow
    assert pyrankcore.evaluate(ids("6c 6d 4d Ac 3s 6h 4c")) == full
    low = pyrankcore.evaluate_omaha(hole, board, "ace_five_8")
    assert low == pyrankcore.evaluate(ids("6c 4c 3s 2c Ac"), "ace_five_8")
    # either pair of hole cards gives it
    assert low == pyrankcore.evaluate(ids("2c 6d Ac 3s 4c"), "ace_five_8")
    assert low == pyrankcore.evaluate(ids("2c 4d Ac 3s 6h"), "ace_five_8")
    assert pyrankcore.describe(low, "ace_five_8") == "Six low"


def test_hi_lo_high_and_low_may_use_different_hole_cards():
    # "not necessarily the same two cards for high and for low"
    hole, board = ids("Ks Kd 2c 3h"), ids("Kc 7d 5s 4h 9c")
    high = pyrankcore.evaluate_omaha(hole, board, "high")
    assert pyrankcore.category(high) == Category.THREE_OF_A_KIND  # K-K + K
    low = pyrankcore.evaluate_omaha(hole, board, "ace_five_8")
    assert low == pyrankcore.evaluate(ids("2c 3h 7d 5s 4h"), "ace_five_8")


def test_low_seven_five_beats_seven_six():
    # "7-5-4-3-2 is better than 7-6-3-2-A because the 5 is lower than the 6"
    board = ids("7c 4d 3h Kc Qd")
    a = pyrankcore.evaluate_omaha(ids("5s 2s Jd Jh"), board, "ace_five_8")
    b = pyrankcore.evaluate_omaha(ids("6s As 2h Jc"), ids("7c 3h 2d Kc Qd"), "ace_five_8")
    assert a == pyrankcore.evaluate(ids("7c 5s 4d 3h 2s"), "ace_five_8")
    assert b == pyrankcore.evaluate(ids("7c 6s 3h 2d As"), "ace_five_8")
    assert a > b


def test_best_and_worst_low():
    # "the best low hand is A-2-3-4-5 and the worst is 8-7-6-5-4"
    best = pyrankcore.evaluate_omaha(ids("Ac 2d Kh Ks"), ids("3c 4d 5h Qc Jd"), "ace_five_8")
    worst = pyrankcore.evaluate_omaha(ids("8c 7d Kh Ks"), ids("6c 5d 4h Qc Jd"), "ace_five_8")
    assert best == 56
    assert worst == 1


def test_low_needs_five_different_ranks_all_eight_or_lower():
    # 9 in the hand cannot be used; a pair cannot be used
    assert pyrankcore.evaluate_omaha(ids("9c 2d Kh Ks"), ids("3c 4d 5h Qc Jd"), "ace_five_8") == 0
    assert pyrankcore.evaluate_omaha(ids("3s 4s Kh Ks"), ids("3c 4d 5h Qc Jd"), "ace_five_8") == 0


def test_no_low_without_three_different_low_cards_on_the_board():
    # "which will automatically be the case if there are not three different
    # cards lower than 9 on the board"
    rng = random.Random(31)
    for board_text in ("2c 2d 7h 9s Kc", "Ac As 9h Td Jc", "3c 8d 9h Th Kc"):
        board = ids(board_text)
        rest = [c for c in range(52) if c not in board]
        for _ in range(100):
            hole = rng.sample(rest, rng.choice((4, 5, 6)))
            assert pyrankcore.evaluate_omaha(hole, board, "ace_five_8") == 0
    # three different low ranks on the board: a low is possible
    assert pyrankcore.evaluate_omaha(ids("Ah 4s Kd Kh"), ids("2c 2d 7h 9s 3c"), "ace_five_8") > 0


def test_exactly_two_hole_cards_four_flush_on_board():
    # one heart in the hand: no flush, although hold'em would make a royal
    hole, board = ids("Th 3s 4d 5c"), ids("Ah Kh Qh Jh 2c")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert pyrankcore.category(got) == Category.HIGH_CARD
    assert got == pyrankcore.evaluate(ids("Ah Kh Qh Th 5c"))
    assert pyrankcore.evaluate(ids("Th 3s Ah Kh Qh Jh 2c")) == 7462


def test_exactly_two_hole_cards_four_of_a_kind_in_the_hand():
    hole, board = ids("Ac Ad Ah As"), ids("2c 7d 9h Js 4c")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert pyrankcore.category(got) == Category.PAIR
    assert got == pyrankcore.evaluate(ids("Ac Ad Js 9h 7d"))


def test_exactly_three_board_cards_two_pair_board():
    # a full house K-K-K-5-5 would need four board cards
    hole, board = ids("Kh 3d 8h 9c"), ids("Kc Kd 5h 5s 2c")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert pyrankcore.category(got) == Category.THREE_OF_A_KIND
    assert (
        pyrankcore.category(pyrankcore.evaluate(ids("Kh 3d Kc Kd 5h 5s 2c"))) == Category.FULL_HOUSE
    )


def test_exactly_two_hole_cards_three_suited_in_hand():
    # three spades in the hand and two on the board: no flush
    hole, board = ids("As Ks Qs 2d"), ids("7s 3s 9h Td 4c")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert pyrankcore.category(got) == Category.HIGH_CARD
    assert got == pyrankcore.evaluate(ids("As Ks Td 9h 7s"))


def test_quads_with_one_hole_card_needs_three_on_board():
    # K + any other hole card + three kings on the board is a legal five
    hole, board = ids("Ks 7d 8h 9c"), ids("Kc Kd Kh 5s 2c")
    assert pyrankcore.evaluate_omaha(hole, board) == pyrankcore.evaluate(ids("Ks Kc Kd Kh 9c"))


def test_unused_hole_and_board_cards_have_no_bearing():
    # "The two unused hole cards and two unused board cards have no bearing"
    board = ids("Qs Js Ts 3h 4h")
    a = pyrankcore.evaluate_omaha(ids("As Ks 2d 2c"), board)
    b = pyrankcore.evaluate_omaha(ids("As Ks 7d 8c"), board)
    assert a == b == 7462


@pytest.mark.parametrize("nh", [5, 6])
def test_five_and_six_card_omaha_still_exactly_two(nh):
    # "hands are formed of exactly two private cards with exactly three board
    # cards" in five- and six-card Omaha too: five hearts in the hand do not
    # make a royal flush, only the best two of them with three board hearts
    hole = ids("Ah Kh Qh Jh Th 2c")[:nh]
    board = ids("2h 7h 4h 5c 6d")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert pyrankcore.category(got) == Category.FLUSH
    assert got == pyrankcore.evaluate(ids("Ah Kh 7h 4h 2h"))


def test_six_card_omaha_uses_the_best_pair_of_hole_cards():
    hole, board = ids("2c 3d 4h 7s Ac Ad"), ids("As Kd Qh 9c 5s")
    got = pyrankcore.evaluate_omaha(hole, board)
    assert got == pyrankcore.evaluate(ids("Ac Ad As Kd Qh"))
    # only two different low cards (A, 5) on the board: no low, however many
    # low cards the hand holds
    assert pyrankcore.evaluate_omaha(hole, board, "ace_five_8") == 0
    board = ids("As Kd 8h 9c 5s")
    low = pyrankcore.evaluate_omaha(hole, board, "ace_five_8")
    assert low == pyrankcore.evaluate(ids("3d 2c As 8h 5s"), "ace_five_8")


def test_flop_board_of_three_uses_all_three():
    hole, board = ids("Ah Ad Kc Ks"), ids("As Kd 2c")
    assert pyrankcore.evaluate_omaha(hole, board) == pyrankcore.evaluate(ids("Ah Ad As Kd 2c"))


# --------------------------------------------------------------------------
# pokerkit agreement (Omaha high and Omaha/8 low)


def _pk_text(cards):
    return "".join(L.card_text(c) for c in cards)


def _sign(x):
    return (x > 0) - (x < 0)


@pytest.mark.parametrize(
    "game,cls_name",
    [("high", "OmahaHoldemHand"), ("ace_five_8", "OmahaEightOrBetterLowHand")],
)
@pytest.mark.parametrize("nh", [4, 5, 6])
def test_pokerkit_agrees(game, cls_name, nh):
    pokerkit = pytest.importorskip("pokerkit")
    cls = getattr(pokerkit, cls_name)
    rng = random.Random(nh * 7 + len(game))
    rows = []
    for _ in range(70):
        hole, board = deal(rng, low_heavy_deck(rng, list(range(52))), nh, 5)
        ours = pyrankcore.evaluate_omaha(hole, board, game)
        theirs = cls.from_game_or_none(_pk_text(hole), _pk_text(board))
        assert (ours == 0) == (theirs is None), (hole, board)
        rows.append((ours, theirs, pyrankcore.format_cards(hole + board)))
    rows.sort(key=lambda r: r[0])
    for (s1, h1, t1), (s2, h2, t2) in pairwise(rows):
        if h1 is None or h2 is None:
            continue
        assert _sign(s1 - s2) == (h1 > h2) - (h1 < h2), (t1, t2)


@pytest.mark.parametrize(
    ("game", "dealt"),
    [("Courchevel", 5), ("Big O", 5), ("Six-card Omaha", 6), ("six-card omaha hi-lo 8", 6)],
)
def test_an_omaha_variant_checks_its_own_hole_count(game, dealt):
    v = pyrankcore.variant(game)
    deal = pyrankcore.random_hands(3, 10, seed=2)
    wrong = 4
    with pytest.raises(HandSizeError, match=f"{v.name}: a hand has {dealt} cards, got {wrong}"):
        pyrankcore.evaluate_omaha_batch(deal[:, :wrong], deal[:, wrong : wrong + 5], game)
    good = pyrankcore.evaluate_omaha_batch(deal[:, :dealt], deal[:, dealt : dealt + 4], game)
    ranking = v.high
    expected = pyrankcore.evaluate_omaha_batch(deal[:, :dealt], deal[:, dealt : dealt + 4], ranking)
    assert np.array_equal(good if good.ndim == 1 else good[:, 0], expected)
    if v.low is None:
        with pytest.raises(HandSizeError, match=f"got {wrong}"):
            pyrankcore.evaluate_omaha(
                deal[0, :wrong].tolist(), deal[0, wrong : wrong + 5].tolist(), game
            )
        assert (
            pyrankcore.evaluate_omaha(
                deal[0, :dealt].tolist(), deal[0, dealt : dealt + 4].tolist(), game
            )
            == expected[0]
        )
