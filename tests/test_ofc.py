"""Open-Face Chinese poker: boards, fouls, royalties, scoring, Fantasyland,
batch scoring and bad input.

Expected values come from the rule texts (shared/rules/, OFC sections) and
from tests/ofc_reference.py, a slow reference that does not use pyrankcore.
"""

from __future__ import annotations

import numpy as np
import ofc_reference as ref
import pytest

import pyrankcore
from pyrankcore import Category, DuplicateCardError, HandSizeError, InvalidCardError
from pyrankcore.ofc import (
    STANDARD_ROYALTIES,
    Board,
    RoyaltyTable,
    Rules,
    fantasyland,
    royalties_batch,
    score,
    score_batch,
    solve_fantasyland,
    stays_in_fantasyland,
)

RANKS = "23456789TJQKA"


def ref_board(board: Board) -> ref.RefBoard:
    return ref.RefBoard(board.front, board.middle, board.back)


def deals(n: int, players: int, seed: int) -> np.ndarray:
    """n random deals of 13 distinct cards per player, (n, players, 13)."""
    return (
        pyrankcore.random_hands(n, 13 * players, seed=seed).astype(np.int64).reshape(n, players, 13)
    )


def mixed_deals(n: int, players: int, seed: int) -> np.ndarray:
    """Random deals where about half the boards are set by the solver (legal,
    often with royalties) and the rest are the cards in dealt order (mostly
    fouled), so scoring sees every kind of pairing."""
    arr = deals(n, players, seed)
    rng = np.random.default_rng(seed)
    for i in range(n):
        for p in range(players):
            if rng.random() < 0.5:
                board, _ = solve_fantasyland([int(c) for c in arr[i, p]])
                arr[i, p] = board.front + board.middle + board.back
    return arr


# Hand-made boards on disjoint cards (A, B2, D, F use 52 cards together).
A = Board("Ac Ad 3c", "Kc Kd Kh 5s 6d", "7h 8h 9h Th Jh")  # AA 9, trips 2, SF 15
B = Board("2c 3d 4h", "5c 5d 7s 8c 9d", "Qs Qh 9s 9c 2s")  # no royalties
D = Board("As Ah Qd", "2c 3d 5h 7s 9c", "Qc 4h 4s 6c 8d")  # fouled (AA over 9 high)
B2 = Board("2d 3h 4c", "5c 5d 7c 8c 9d", "Tc Td Ts Jc Jd")  # back full house 6
F = Board("6h 6s 2h", "Qh Qs 3s 4d 7d", "Ks Js 9s 8s 2s")  # 66 1, back flush 4
IVEY = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
HELLMUTH = Board("Ah Kd Qd", "9h 9d 5h 5d 4c", "Ks Js 9s 8s 7s")


def test_fixture_boards_are_what_the_tests_assume():
    assert set(A.cards).isdisjoint(D.cards)
    assert len(set(A.cards + B2.cards + D.cards + F.cards)) == 52
    for board, fouled, royalties in (
        (A, False, 26),
        (B, False, 0),
        (D, True, 0),
        (B2, False, 6),
        (F, False, 5),
    ):
        assert board.fouled is fouled
        assert board.royalties == royalties
        r = ref_board(board)
        assert r.fouled is fouled and r.royalties() == royalties


# ---------------------------------------------------------------- royalties


# A legal frame for front tests: the front uses clubs/diamonds/hearts only,
# the middle is the spade flush A-Q-9-7-3 and the back a full house from the
# clubs/diamonds/hearts of two ranks the front does not use.
def board_with_front(front: str) -> Board:
    used = {c[0] for c in front.split()}
    free = [r for r in "KJT8654" if r not in used]
    x, y = free[0], free[1]
    back = f"{x}c {x}d {x}h {y}c {y}d"
    return Board(front, "As Qs 9s 7s 3s", back)


FRONT_PAIR_POINTS = {
    "6": 1,
    "7": 2,
    "8": 3,
    "9": 4,
    "T": 5,
    "J": 6,
    "Q": 7,
    "K": 8,
    "A": 9,
    "2": 0,
    "3": 0,
    "4": 0,
    "5": 0,
}


@pytest.mark.parametrize("rank", list(RANKS))
def test_front_pair_royalties(rank):
    kicker = "2" if rank != "2" else "3"
    board = board_with_front(f"{rank}c {rank}d {kicker}h")
    assert not board.fouled
    assert board.row_royalties == (FRONT_PAIR_POINTS[rank], 8, 6)
    assert board.royalties == FRONT_PAIR_POINTS[rank] + 14


@pytest.mark.parametrize("i,rank", list(enumerate(RANKS)))
def test_front_trips_royalties(i, rank):
    board = board_with_front(f"{rank}c {rank}d {rank}h")
    assert not board.fouled
    assert board.row_royalties[0] == 10 + i  # 222 = 10 .. AAA = 22
    assert board.row_royalties == (10 + i, 8, 6)


@pytest.mark.parametrize("front", ["Ac Kd Qh", "2c 3d 5h", "Ac 2d 3h", "Jc Qd Kh"])
def test_front_high_card_has_no_royalty(front):
    assert board_with_front(front).row_royalties == (0, 8, 6)


def test_front_pair_kicker_does_not_change_royalty():
    assert board_with_front("Qc Qd 2h").row_royalties[0] == 7
    assert board_with_front("Qc Qd Kh").row_royalties[0] == 7


FRONT = "2c 3d 5h"  # weakest useful front: high card, no royalty

# (middle, back, (middle points, back points))
FIVE_CARD_CASES = [
    # middle trips 2, back straight 2
    ("7c 7d 7h Ks 2d", "8s 9s Th Jd Qc", (2, 2)),
    # middle straight 4, back flush 4
    ("5c 6d 7h 8s 9c", "2h 4h 6h 8h Th", (4, 4)),
    # middle wheel (a straight) 4, back flush 4
    ("Ac 2d 3h 4s 5d", "7h 9h Jh Qh Kh", (4, 4)),
    # middle flush 8, back full house 6
    ("2d 5d 8d Jd Kd", "Qc Qh Qs 3c 3h", (8, 6)),
    # middle full house 12, back quads 10
    ("9c 9d 9h 4c 4d", "Tc Td Th Ts 2d", (12, 10)),
    # middle quads 20, back straight flush 15
    ("Jc Jd Jh Js 3c", "6h 7h 8h 9h Th", (20, 15)),
    # middle straight flush 30, back royal flush 25
    ("4c 5c 6c 7c 8c", "Ts Js Qs Ks As", (30, 25)),
    # middle king-high straight flush 30 (not royal), back royal 25
    ("9d Td Jd Qd Kd", "Ts Js Qs Ks As", (30, 25)),
    # middle royal flush 50, back royal flush 25 (equal rows are legal)
    ("Th Jh Qh Kh Ah", "Ts Js Qs Ks As", (50, 25)),
    # steel wheel on the back: a straight flush, not a royal
    ("Kc Kd Kh 7s 8d", "As 2s 3s 4s 5s", (2, 15)),
    # middle high card / pair / two pair: 0; back pair, two pair, trips: 0
    ("Ac Kd 9h 8s 6c", "Ad Ah 4c 7d 8h", (0, 0)),
    ("Jc Jd 9h 8s 6c", "Ks Kc 4c 4d 8h", (0, 0)),
    ("Jc Jd 9h 9s 6c", "Ks Kc Kh 4d 8h", (0, 0)),
    # middle trips over back straight (wheel) 2
    ("6c 6d 6h Ks 8d", "Ad 2h 3s 4c 5c", (2, 2)),
]


@pytest.mark.parametrize("middle,back,points", FIVE_CARD_CASES)
def test_middle_and_back_royalties(middle, back, points):
    board = Board(FRONT, middle, back)
    assert not board.fouled
    assert board.row_royalties == (0,) + points
    assert board.royalties == sum(points)
    r = ref.RefBoard(FRONT, middle, back)
    assert r.row_royalties() == board.row_royalties


def test_royalty_table_default_matches_rule_text():
    t = STANDARD_ROYALTIES
    assert t == RoyaltyTable()
    assert list(t.front_pairs[4:]) == list(range(1, 10))  # 66 = 1 .. AA = 9
    assert list(t.front_pairs[:4]) == [0, 0, 0, 0]
    assert list(t.front_trips) == list(range(10, 23))
    assert dict(t.middle) == {
        Category.THREE_OF_A_KIND: 2,
        Category.STRAIGHT: 4,
        Category.FLUSH: 8,
        Category.FULL_HOUSE: 12,
        Category.FOUR_OF_A_KIND: 20,
        Category.STRAIGHT_FLUSH: 30,
    }
    assert t.middle_royal == 50
    assert dict(t.back) == {
        Category.STRAIGHT: 2,
        Category.FLUSH: 4,
        Category.FULL_HOUSE: 6,
        Category.FOUR_OF_A_KIND: 10,
        Category.STRAIGHT_FLUSH: 15,
    }
    assert t.back_royal == 25


def custom_middle_quads_16() -> RoyaltyTable:
    middle = tuple(
        (cat, 16 if cat == Category.FOUR_OF_A_KIND else pts)
        for cat, pts in STANDARD_ROYALTIES.middle
    )
    return RoyaltyTable(middle=middle)


def test_custom_royalty_table_middle_quads_16():
    rules = Rules(royalties=custom_middle_quads_16())
    board = Board(FRONT, "Jc Jd Jh Js 3c", "6h 7h 8h 9h Th")
    assert board.row_royalties_under(rules) == (0, 16, 15)
    assert board.row_royalties == (0, 20, 15)  # the standard table is unchanged
    assert board.royalties == 35
    # other rows keep their standard values under the custom table
    other = Board(FRONT, "9c 9d 9h 4c 4d", "Tc Td Th Ts 2d")
    assert other.row_royalties_under(rules) == (0, 12, 10)
    # and the custom table is what score() pays
    opp = Board("Ac Kd 2h", "Ad Ah 3s 5s 6s", "Kc Ks Qh Qd 9s")
    assert opp.royalties == 0 and not opp.fouled
    assert score([board, opp]) == [1 + 35, -(1 + 35)]  # opp wins front; quads & SF win
    assert score([board, opp], rules) == [1 + 31, -(1 + 31)]
    assert score_batch(np.array([[board.cards, opp.cards]]), rules).tolist() == [[32, -32]]
    assert royalties_batch(np.array([board.cards]), rules).tolist() == [31]


def test_custom_table_front_entries():
    pairs = (0,) * 10 + (5, 6, 7)  # only QQ, KK and AA pay
    trips = tuple(range(1, 14))
    rules = Rules(royalties=RoyaltyTable(front_pairs=pairs, front_trips=trips))
    assert board_with_front("Jc Jd 2h").row_royalties_under(rules) == (0, 8, 6)
    assert board_with_front("Kc Kd 2h").row_royalties_under(rules) == (6, 8, 6)
    assert board_with_front("4c 4d 4h").row_royalties_under(rules) == (3, 8, 6)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"front_pairs": (0,) * 12},
        {"front_trips": tuple(range(14))},
        {"middle_royal": -1},
        {"back": ((Category.STRAIGHT, -2),)},
        {"back_royal": 2.5},
        {"middle_royal": True},
    ],
)
def test_royalty_table_rejects_bad_entries(kwargs):
    with pytest.raises(ValueError):
        RoyaltyTable(**kwargs)


# -------------------------------------------------------------------- fouls

FOUL_CASES = [
    # (front, middle, back, fouled) -- the back is always strong enough
    # front K-K-A vs middle K-K-Q-7-3: a present ace kicker beats the queen
    ("Kc Kd As", "Kh Ks Qc 7d 3h", "2c 2d 2h 5s 5c", True),
    # front K-K-Q vs middle K-K-Q-7-3: equal so far, then 7 beats a missing card
    ("Kc Kd Qs", "Kh Ks Qc 7d 3h", "2c 2d 2h 5s 5c", False),
    # rule text: 8-8-K > 8-8-6-2 > 8-8-6
    ("8c 8d Ks", "8h 8s 6c 2d 3h", "Ac Ad Ah 5s 5c", True),
    ("8c 8d 6s", "8h 8s 6c 2d 3h", "Ac Ad Ah 5s 5c", False),
    ("8c 8d 6s", "8h 8s 5c 2d 3h", "Ac Ad Ah 5s 6c", True),  # 6 kicker beats 5
    ("8c 8d 6s", "8h 8s 7c 2d 3h", "Ac Ad Ah 5s 5c", False),  # 7 kicker beats 6
    # high cards: A-K-Q front under A-K-Q-J-9, over A-K-J-T-9
    ("Ac Kd Qh", "As Ks Qc Jd 9h", "2c 2d 2h 5s 5c", False),
    ("Ac Kd Qh", "As Ks Jc Td 9h", "2c 2d 2h 5s 5c", True),
    ("Ac Kd 2h", "As Kh 3c 4d 6s", "7c 7d 7h 5s 5c", False),  # A-K-2 < A-K-6-4-3
    ("Ac Kd 7h", "As Kh 6c 4d 3s", "2c 2d 2h 5s 5c", True),  # A-K-7 > A-K-6-4-3
    # categories: a front pair over a high-card middle, trips over two pair
    ("2c 2d 3h", "Ac Kd Qh Js 9c", "7c 7d 7h 5s 5c", True),
    ("3c 3d 3h", "Ac Ad Kh Ks 9c", "7c 7d 7h 5s 5c", True),
    ("2c 2d 2h", "3c 3d 3h 4s 9c", "7c 7d 7h 5s 5c", False),  # 222 under 333
    ("Ac Ad Ah", "2c 3d 4h 5s 6c", "7c 7d 7h 5c 5d", False),  # trips under a straight
    # middle over back
    ("2c 3d 4h", "5h 7h 9h Jh Kh", "8c 9d Tc Js Qd", True),  # flush over straight
    ("2c 3d 4h", "Kc Kd 9h 9s 6c", "Qc Qd Jh Js 6d", True),  # KK99 over QQJJ
    ("2c 3d 4h", "Kc Kd 9h 9s 6c", "Kh Ks 9c 9d 5c", True),  # kicker 6 over 5
    ("2c 3d 4h", "Kc Kd 9h 9s 5c", "Kh Ks 9c 9d 6d", False),
    ("2c 3d 5h", "Ac 2d 3h 4s 5c", "Ad 2h 3s 4c 6c", True),  # wheel over A-high
    # equal middle and back (same ranks, other suits) are legal
    ("2c 3d 5h", "Ac Kd Qh Js 9c", "Ad Kh Qs Jc 9d", False),
    ("2c 3d 5h", "Kc Kd 9h 9s 6c", "Kh Ks 9c 9d 6d", False),
    ("2c 3d 4h", "Ac 2d 3h 4s 5c", "Ad 2h 3s 4c 5d", False),  # wheel == wheel
    ("2c 3d 4h", "7c 8c 9c Tc Jc", "7d 8d 9d Td Jd", False),  # equal straight flushes
]


@pytest.mark.parametrize("front,middle,back,fouled", FOUL_CASES)
def test_fouls(front, middle, back, fouled):
    board = Board(front, middle, back)
    assert board.fouled is fouled
    assert ref.RefBoard(front, middle, back).fouled is fouled
    if fouled:
        assert board.row_royalties == (0, 0, 0)
        assert board.royalties == 0
        assert board.row_royalties_under(Rules(royalties=custom_middle_quads_16())) == (0, 0, 0)
        assert "fouled" in board.describe()
    else:
        assert "fouled" not in board.describe()


def test_fouled_board_loses_big_royalties():
    # AAA 22 + middle straight 4 + back flush 4 = 30 when legal; swapping the
    # middle and back rows fouls the board and it earns nothing
    board = Board("Ac Ad Ah", "5c 6d 7h 8s 9c", "2h 4h 6h 8h Th")
    assert not board.fouled and board.royalties == 30
    fouled = Board("Ac Ad Ah", "2h 4h 6h 8h Th", "5c 6d 7h 8s 9c")
    assert fouled.fouled and fouled.royalties == 0
    assert royalties_batch(np.array([fouled.cards, board.cards])).tolist() == [0, 30]


def test_strengths_and_describe():
    s = IVEY.strengths
    assert s[1] == pyrankcore.evaluate(list(IVEY.middle))
    assert s[2] == pyrankcore.evaluate(list(IVEY.back))
    assert s[0] == pyrankcore.evaluate(list(IVEY.front), "incomplete")
    text = IVEY.describe()
    assert "front" in text and "middle" in text and "back" in text
    assert "royalties 7" in text


def test_board_constructors_agree():
    cards = "6s 6c 4h Td Ts 9c Qs 8c 3h 3d 3s 2h 2d"
    ids = pyrankcore.parse_cards(cards)
    assert Board.from_cards(cards) == IVEY
    assert Board.from_cards(ids) == IVEY
    assert Board(ids[:3], ids[3:8], ids[8:]) == IVEY
    assert hash(Board.from_cards(ids)) == hash(IVEY)
    assert IVEY.cards == ids
    assert eval(repr(IVEY), {"Board": Board}) == IVEY


@pytest.mark.parametrize("seed", range(3))
def test_fouls_and_royalties_match_reference_on_random_boards(seed):
    arr = mixed_deals(300, 1, seed)[:, 0]
    for ids in arr:
        board = Board.from_cards([int(c) for c in ids])
        r = ref.RefBoard.from_ids(ids)
        assert board.fouled == r.fouled, board
        assert board.row_royalties == r.row_royalties(), board
        custom = Rules(royalties=custom_middle_quads_16())
        assert board.row_royalties_under(custom) == r.row_royalties(
            ref.table_with(middle={ref.QUADS: 16})
        ), board


# ------------------------------------------------------------------ scoring


def test_ivey_hellmuth_example():
    assert IVEY.row_royalties == (1, 0, 6)
    assert HELLMUTH.row_royalties == (0, 0, 4)
    assert not IVEY.fouled and not HELLMUTH.fouled
    assert score([IVEY, HELLMUTH]) == [4, -4]  # Hellmuth pays Ivey 4
    assert score([HELLMUTH, IVEY]) == [-4, 4]


def test_heads_up_scoop():
    # A wins all three rows: 3 + scoop 3 + royalty difference 26 - 0
    assert score([A, B]) == [32, -32]
    assert score([B, A]) == [-32, 32]
    # against B2 (full house back, 6): 6 + (26 - 6)
    assert score([A, B2]) == [26, -26]


def test_fouled_against_legal():
    fouled = Board("Ac Ad Ah", "2h 3h 6h 7h Th", "5h 6d 7c 8s 4c")  # flush over straight
    assert fouled.fouled
    assert score([B, fouled]) == [6, -6]
    # the legal board collects 6 plus its royalties; the fouled board's would-be
    # royalties (AA on top) count for nothing
    assert score([D, A]) == [-32, 32]
    assert score([A, D]) == [32, -32]
    assert score([D, B2]) == [-12, 12]


def test_both_fouled_settle_zero():
    e = Board("Js Jd Tc", "2h 3h 4c 6s 8s", "Td Ts 5c 5d 7d")
    assert e.fouled and D.fouled
    assert score([D, e]) == [0, 0]


def test_three_way_with_a_foul():
    # A-B2 26, A-D 32, B2-D 12
    assert score([A, B2, D]) == [58, -14, -44]
    assert score([D, A, B2]) == [-44, 58, -14]


def test_four_way_with_a_foul():
    # adds F: A-F scoop 6 + 26 - 5 = 27; B2-F rows -1, royalties +1 = 0; D-F -11
    assert score([A, B2, D, F]) == [85, -14, -55, -16]
    deal = np.array([[A.cards, B2.cards, D.cards, F.cards]])
    assert score_batch(deal).tolist() == [[85, -14, -55, -16]]


def test_four_way_all_fouled_but_one():
    d2 = Board("Kc Kd Qs", "2h 3c 4d 6h 8c", "Ac Ad 5h 5s 9d")
    assert d2.fouled
    d3 = Board("Jc Jd 2d", "3h 4h 6c 7d 9s", "As Ah Ks Kh 9h")
    assert d3.fouled
    legal = Board("2c 3d 4c", "5c 5d 7s 8d Ts", "Qc Qd Qh Js Jh")  # back full house 6
    assert not legal.fouled and legal.royalties == 6
    cards = d2.cards + d3.cards + legal.cards
    assert len(set(cards)) == 39
    assert score([d2, d3, legal]) == [-12, -12, 24]


def test_fouled_pays_row_points_and_scoop_under_custom_rules():
    rules = Rules(row_points=2, scoop_bonus=6)
    assert score([A, B2], rules) == [3 * 2 + 6 + 20, -(3 * 2 + 6 + 20)]
    assert score([D, A], rules) == [-(6 + 6 + 26), 6 + 6 + 26]
    assert score([IVEY, HELLMUTH], rules) == [2 + 3, -(2 + 3)]
    no_scoop = Rules(scoop_bonus=0)
    assert score([A, B2], no_scoop) == [3 + 20, -(3 + 20)]
    assert score([D, B2], no_scoop) == [-(3 + 6), 3 + 6]


def test_row_ties_score_nothing():
    # same ranks in other suits: a tied row scores nothing and no scoop
    a = Board("2c 3d 5h", "Kc Kd 9h 9s 6c", "Ac Ad Ah 4c 4d")  # back full house 6
    b = Board("2d 3h 5s", "Kh Ks 9c 9d 6d", "Qc Qd Qh 4h 4s")  # back full house 6
    # fronts tie, middles tie, a's back wins: one row, royalties cancel
    assert score([a, b]) == [1, -1]
    c = Board("2d 3h 5s", "Kh Ks 9c 9d 6d", "Qs Js Ts 7s 3s")  # back flush 4
    assert c.royalties == 4 and not c.fouled
    # front tie, middle tie, full house beats flush: +1, royalties 6 - 4
    assert score([a, c]) == [3, -3]
    # every row tied: 0
    e = Board("2d 3h 5s", "Kh Ks 9c 9d 6d", "Ac Ad 4c 4d 7c")
    f = Board("2c 3d 5h", "Kc Kd 9h 9s 6c", "Ah As 4h 4s 7d")
    assert score([e, f]) == [0, 0]
    assert score([e, f], Rules(row_points=5, scoop_bonus=9)) == [0, 0]


MOONER = Board("9c 7d 5h", "Td 8c 6h 4s 2d", "Jc 9d 7h 5s 3c")
MOON_OPP = Board("As Kd Qh", "Ah Ad 3d 4d 6d", "Kc Ks 8d 8h 2c")


def test_shooting_the_moon():
    assert not MOONER.fouled and not MOON_OPP.fouled
    assert MOON_OPP.royalties == 0
    assert score([MOONER, MOON_OPP]) == [-6, 6]  # off by default
    moon = Rules(shoot_the_moon=True)
    assert score([MOONER, MOON_OPP], moon) == [-6 + 20, 6 - 20]
    assert score([MOONER, MOON_OPP], Rules(shoot_the_moon=True, moon_bonus=10)) == [4, -4]
    deal = np.array([[MOONER.cards, MOON_OPP.cards]])
    assert score_batch(deal, moon).tolist() == [[14, -14]]
    assert score_batch(deal).tolist() == [[-6, 6]]


def test_shooting_the_moon_collects_from_every_player():
    moon = Rules(shoot_the_moon=True)
    third = Board("Qc Qd 2s", "Jd Jh 3h 4h 6s", "Kh Ac 9s 8s 7s")  # fouled: QQ over JJ
    assert third.fouled
    assert len(set(MOONER.cards + MOON_OPP.cards + third.cards)) == 39
    # mooner: -6 vs MOON_OPP, +6 vs fouled third, plus 20 from each
    assert score([MOONER, MOON_OPP, third], moon) == [40, -14 + 6, -26 - 6]
    deal = np.array([[MOONER.cards, MOON_OPP.cards, third.cards]])
    assert score_batch(deal, moon).tolist() == [[40, -8, -32]]


@pytest.mark.parametrize(
    "back,moons",
    [
        ("Jc Td 9h 8s 6c", True),  # the best jack-high hand
        ("Jc 5d 4h 3s 2c", True),
        ("9c 7d 5h 4s 3c", True),
        ("Qc 5d 4h 3s 2c", False),  # queen high
        ("Jc Td 9h 8s 7c", False),  # a straight
        ("Jc 9c 6c 4c 2c", False),  # a flush
        ("Jc Jd 6h 4s 2c", False),  # a pair
    ],
)
def test_moon_needs_jack_high_back(back, moons):
    # front 7-5-2 under middle 8-6-4-3-2 under each back: legal
    board = Board("7s 5s 2s", "8h 6d 4d 3h 2h", back)
    assert not board.fouled
    assert ref_board(board).moon() is moons
    rest = [c for c in range(52) if c not in board.cards]
    opp = Board.from_cards(rest[::-1][:13])  # high cards first: fouled
    assert not ref_board(opp).moon()
    moon = Rules(shoot_the_moon=True)
    gain = score([board, opp], moon)[0] - score([board, opp])[0]
    assert gain == (20 if moons else 0)
    deal = np.array([[board.cards, opp.cards]])
    assert score_batch(deal, moon)[0, 0] - score_batch(deal)[0, 0] == gain


def test_fouled_board_never_shoots_the_moon():
    fouled = Board("Ac Kh 2h", "Td 8c 6h 4s 2d", "Jc 9d 7h 5s 3c")  # A-K front over T-high
    assert fouled.fouled
    moon = Rules(shoot_the_moon=True)
    assert score([fouled, MOON_OPP], moon) == [-6, 6]


def test_score_accepts_triples_and_card_lists():
    ivey = ("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
    hellmuth = "Ah Kd Qd 9h 9d 5h 5d 4c Ks Js 9s 8s 7s"
    assert score([ivey, hellmuth]) == [4, -4]
    assert score((IVEY, pyrankcore.parse_cards(hellmuth))) == [4, -4]


def _check_deals_against_reference(arr, rules=None, ref_kw=None):
    ref_kw = ref_kw or {}
    expected = []
    for deal in arr:
        boards = [Board.from_cards([int(c) for c in b]) for b in deal]
        got = score(boards, rules)
        want = ref.score([ref.RefBoard.from_ids(b) for b in deal], **ref_kw)
        assert got == want, boards
        assert sum(got) == 0
        expected.append(got)
    batch = score_batch(arr, rules)
    assert batch.dtype == np.int32
    assert batch.shape == arr.shape[:2]
    assert batch.tolist() == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_matches_reference_on_random_deals(players):
    _check_deals_against_reference(mixed_deals(150, players, 100 + players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_matches_reference_under_custom_rules(players):
    arr = mixed_deals(80, players, 200 + players)
    _check_deals_against_reference(
        arr,
        Rules(row_points=2, scoop_bonus=5, shoot_the_moon=True, moon_bonus=7),
        dict(row_points=2, scoop_bonus=5, moon_bonus=7),
    )
    _check_deals_against_reference(
        arr,
        Rules(royalties=custom_middle_quads_16()),
        dict(table=ref.table_with(middle={ref.QUADS: 16})),
    )


def test_score_batch_threads_and_dtypes():
    arr = mixed_deals(200, 3, 7)
    base = score_batch(arr)
    assert score_batch(arr, threads=4).tolist() == base.tolist()
    for dtype in (np.uint8, np.int16, np.uint32, np.int64):
        assert score_batch(arr.astype(dtype)).tolist() == base.tolist()
    assert score_batch(np.asfortranarray(arr)).tolist() == base.tolist()
    assert score_batch(arr.tolist()).tolist() == base.tolist()
    assert (base.sum(axis=1) == 0).all()


try:
    from hypothesis import given
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is not None:

    @given(
        st.permutations(list(range(52))),
        st.integers(2, 4),
        st.integers(0, 3),
        st.integers(0, 5),
        st.booleans(),
    )
    def test_score_is_zero_sum_and_antisymmetric(perm, players, row_points, scoop, moon):
        rules = Rules(row_points=row_points, scoop_bonus=scoop, shoot_the_moon=moon)
        boards = [Board.from_cards(perm[13 * p : 13 * p + 13]) for p in range(players)]
        totals = score(boards, rules)
        assert sum(totals) == 0
        assert score(boards[::-1], rules) == totals[::-1]
        # pairwise settlements add up to the totals
        for i in range(players):
            pair_sum = sum(
                score([boards[i], boards[j]], rules)[0] for j in range(players) if j != i
            )
            assert pair_sum == totals[i]


# -------------------------------------------------------------- Fantasyland

FL_QQ = Board("Qc Qd 2h", "Kc Kd 3s 4d 5c", "Ac Ad As 7h 8h")
FL_KK = Board("Kc Kd 2h", "Ac Ad 3s 4d 5c", "7c 7d 7h 8s 8h")
FL_AA = Board("Ac Ad 2h", "Kc Kd Ks 4d 5c", "7c 7d 7h 7s 8h")  # back quads
FL_222 = Board("2c 2d 2h", "3c 3d 3h 4d 5c", "Ac Kc Qc Jc 9c")
FL_AAA = Board("Ac Ad Ah", "2c 3d 4h 5s 6c", "7c 8c 9c Jc Kc")
NO_FL_JJ = Board("Jc Jd 2h", "Kc Kd 3s 4d 5c", "Ac Ad As 7h 8h")
FOULED_QQ = Board("Qc Qd 2h", "Jc Jd 3s 4d 5c", "Ac Ad As 7h 8h")
FOULED_TRIPS = Board("Ac Ad Ah", "Kc Kd 3s 4d 5c", "Qc Qd Qh 7h 8h")


def test_fixture_fantasyland_boards():
    for b in (FL_QQ, FL_KK, FL_AA, FL_222, FL_AAA, NO_FL_JJ):
        assert not b.fouled, b
    assert FOULED_QQ.fouled and FOULED_TRIPS.fouled


@pytest.mark.parametrize(
    "board,classic,pine,progressive",
    [
        (FL_QQ, 13, 14, 14),
        (FL_KK, 13, 14, 15),
        (FL_AA, 13, 14, 16),
        (FL_222, 13, 14, 17),
        (FL_AAA, 13, 14, 17),
        (NO_FL_JJ, 0, 0, 0),
        (FOULED_QQ, 0, 0, 0),
        (FOULED_TRIPS, 0, 0, 0),
        (IVEY, 0, 0, 0),
        (A, 13, 14, 16),
    ],
)
def test_fantasyland_entry(board, classic, pine, progressive):
    assert fantasyland(board) == classic
    assert fantasyland(board, Rules()) == classic
    assert fantasyland(board, Rules.pineapple()) == pine
    assert fantasyland(board, Rules(fantasyland_cards="progressive")) == progressive
    assert fantasyland(board, Rules.pineapple(fantasyland_cards="progressive")) == progressive
    assert fantasyland(board, Rules(fantasyland=False)) == 0
    r = ref_board(board)
    assert ref.fantasyland_cards(r) == classic
    assert ref.fantasyland_cards(r, progressive=True) == progressive


def test_fantasyland_queen_kicker_does_not_matter():
    for kicker in "23456789TJKA":
        board = board_with_front(f"Qc Qd {kicker}h")
        assert not board.fouled
        assert fantasyland(board) == 13


def test_fantasyland_accepts_card_lists():
    assert fantasyland(FL_QQ.cards) == 13
    assert fantasyland((FL_QQ.front, FL_QQ.middle, FL_QQ.back)) == 13
    assert stays_in_fantasyland(FL_AA.cards) is True


MIDDLE_FULL_HOUSE = Board("2c 3d 6h", "9c 9d 9h 4c 4d", "Jc Jd Jh 5c 5d")
BACK_QUADS = Board("2c 3d 6h", "Kc Kd 9h 4c 4d", "Jc Jd Jh Js 5d")
BACK_SF = Board("2c 3d 6h", "Kc Kd 9h 4c 4d", "5d 6d 7d 8d 9d")
BACK_FULL_HOUSE_MIDDLE_FLUSH = Board("2c 3d 6h", "2h 5h 8h Jh Kh", "Qc Qd Qs 3c 3h")
MIDDLE_QUADS = Board("2c 3d 6h", "9c 9d 9h 9s 4d", "Jc Jd Jh Js 5d")


@pytest.mark.parametrize(
    "board,classic,pine",
    [
        (FL_222, True, True),  # trips on top
        (FL_AAA, True, True),
        (FL_QQ, False, False),  # QQ+ enters but does not stay
        (FL_KK, False, False),  # KK top, AA middle, full house back: no stay
        (MIDDLE_FULL_HOUSE, True, False),
        (BACK_QUADS, True, True),
        (BACK_SF, True, True),
        (MIDDLE_QUADS, True, True),
        (BACK_FULL_HOUSE_MIDDLE_FLUSH, False, False),
        (FOULED_TRIPS, False, False),
        (IVEY, False, False),
        (A, True, True),  # back straight flush
    ],
)
def test_stays_in_fantasyland(board, classic, pine):
    assert not board.fouled or (classic is False and pine is False)
    assert stays_in_fantasyland(board) is classic
    assert stays_in_fantasyland(board, Rules()) is classic
    assert stays_in_fantasyland(board, Rules.pineapple()) is pine
    assert stays_in_fantasyland(board, Rules(stay="pineapple")) is pine
    assert stays_in_fantasyland(board, Rules(fantasyland=False)) is False
    r = ref_board(board)
    assert ref.stays(r) is classic
    assert ref.stays(r, pineapple=True) is pine


def test_fouled_board_with_stay_hands_does_not_stay():
    # trips top and quads bottom, but the middle is weaker than the front
    board = Board("Ac Ad Ah", "2c 3d 4h 6s 8c", "Kc Kd Kh Ks 5d")
    assert board.fouled
    assert stays_in_fantasyland(board) is False
    assert stays_in_fantasyland(board, Rules.pineapple()) is False
    assert fantasyland(board, Rules(fantasyland_cards="progressive")) == 0


def test_fantasyland_matches_reference_on_solved_boards():
    arr = mixed_deals(300, 1, 31)[:, 0]
    prog = Rules(fantasyland_cards="progressive")
    for ids in arr:
        board = Board.from_cards([int(c) for c in ids])
        r = ref.RefBoard.from_ids(ids)
        assert fantasyland(board) == ref.fantasyland_cards(r)
        assert fantasyland(board, Rules.pineapple()) == ref.fantasyland_cards(r, fixed=14)
        assert fantasyland(board, prog) == ref.fantasyland_cards(r, progressive=True)
        assert stays_in_fantasyland(board) == ref.stays(r)
        assert stays_in_fantasyland(board, Rules.pineapple()) == ref.stays(r, pineapple=True)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"fantasyland_cards": "random"},
        {"stay": "forever"},
        {"fixed_cards": 12},
        {"fixed_cards": 18},
    ],
)
def test_rules_reject_bad_values(kwargs):
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_pineapple_rules():
    p = Rules.pineapple()
    assert p.fixed_cards == 14 and p.stay == "pineapple"
    assert Rules.pineapple(row_points=2).row_points == 2
    d = Rules()
    assert d.row_points == 1 and d.scoop_bonus == 3 and d.fantasyland
    assert d.fixed_cards == 13 and d.stay == "classic" and not d.shoot_the_moon


# -------------------------------------------------------------------- batch


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_batch_equals_scalar_score(players):
    arr = mixed_deals(300, players, players)
    for rules in (None, Rules.pineapple(), Rules(shoot_the_moon=True, row_points=3)):
        got = score_batch(arr, rules)
        want = [score([Board.from_cards([int(c) for c in b]) for b in deal], rules) for deal in arr]
        assert got.tolist() == want


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_royalties_batch_equals_scalar(players):
    arr = mixed_deals(200, players, 50 + players)
    custom = Rules(royalties=custom_middle_quads_16())
    for rules in (None, custom):
        got = royalties_batch(arr, rules)
        assert got.dtype == np.int32 and got.shape == (200, players)
        want = [
            [sum(Board.from_cards([int(c) for c in b]).row_royalties_under(rules)) for b in deal]
            for deal in arr
        ]
        assert got.tolist() == want
    flat = royalties_batch(arr[:, 0])
    assert flat.shape == (200,)
    assert flat.tolist() == royalties_batch(arr)[:, 0].tolist()
    assert royalties_batch(arr, threads=3).tolist() == royalties_batch(arr).tolist()


def test_royalties_batch_matches_reference():
    arr = mixed_deals(300, 1, 77)[:, 0]
    got = royalties_batch(arr)
    want = [ref.RefBoard.from_ids(b).royalties() for b in arr]
    assert got.tolist() == want


def test_batch_rejects_bad_card_ids_naming_the_row():
    arr = deals(6, 2, 9)
    bad = arr.copy()
    bad[3, 1, 7] = 52
    with pytest.raises(InvalidCardError, match="row 3"):
        score_batch(bad)
    with pytest.raises(InvalidCardError, match="row 3"):
        royalties_batch(bad)
    bad = arr.copy()
    bad[4, 0, 0] = -1
    with pytest.raises(InvalidCardError, match="row 4"):
        score_batch(bad)
    with pytest.raises(InvalidCardError, match="row 4"):
        royalties_batch(bad[:, 0])


def test_batch_rejects_duplicates_naming_the_row():
    arr = deals(6, 3, 10)
    within = arr.copy()
    within[2, 1, 12] = within[2, 1, 0]  # twice on one board
    with pytest.raises(DuplicateCardError, match="row 2"):
        score_batch(within)
    with pytest.raises(DuplicateCardError, match="row 2"):
        royalties_batch(within)
    across = arr.copy()
    across[5, 2, 4] = across[5, 0, 9]  # on two players' boards
    with pytest.raises(DuplicateCardError, match="row 5"):
        score_batch(across)
    with pytest.raises(DuplicateCardError, match="row 5"):
        royalties_batch(across)
    # the first bad row is the one named
    both = within.copy()
    both[5] = across[5]
    with pytest.raises(DuplicateCardError, match="row 2"):
        score_batch(both)


@pytest.mark.parametrize("shape", [(4, 2, 12), (4, 2, 14), (4,), (13,), (2, 2, 2, 13), (4, 26)])
def test_batch_rejects_bad_shapes(shape):
    arr = np.arange(int(np.prod(shape))).reshape(shape) % 52
    with pytest.raises(HandSizeError):
        score_batch(arr)
    with pytest.raises(HandSizeError):
        royalties_batch(arr)


def test_batch_player_counts():
    one = deals(3, 1, 1)
    with pytest.raises(ValueError, match="2 to 4"):
        score_batch(one)
    with pytest.raises(ValueError, match="2 to 4"):
        score_batch(one[:, 0])  # (N, 13) is a single player
    five = np.concatenate([deals(3, 4, 2), deals(3, 1, 3)], axis=1)
    with pytest.raises(ValueError):
        score_batch(five)


def test_batch_rejects_bad_types():
    with pytest.raises(TypeError):
        score_batch(None)
    with pytest.raises(TypeError):
        royalties_batch(None)
    with pytest.raises(TypeError):
        score_batch(deals(2, 2, 1).astype(float))
    with pytest.raises(TypeError):
        royalties_batch(deals(2, 1, 1).astype(float))


def test_batch_empty():
    """N = 0 deals: an empty result, as evaluate_batch does for 0 rows."""
    assert pyrankcore.evaluate_batch(np.zeros((0, 5), dtype=np.int64)).shape == (0,)
    assert score_batch(np.zeros((0, 2, 13), dtype=np.int64)).shape == (0, 2)
    assert royalties_batch(np.zeros((0, 2, 13), dtype=np.int64)).shape == (0, 2)
    assert royalties_batch(np.zeros((0, 13), dtype=np.int64)).shape == (0,)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "rows",
    [
        ("Ac Kd", "2c 3d 4h 5s 7c", "8c 9d Th Js Qc"),
        ("Ac Kd Qh Jh", "2c 3d 4h 5s 7c", "8c 9d Th Js Qc"),
        ("Ac Kd Qh", "2c 3d 4h 5s", "8c 9d Th Js Qc"),
        ("Ac Kd Qh", "2c 3d 4h 5s 7c 6c", "8c 9d Th Js Qc"),
        ("Ac Kd Qh", "2c 3d 4h 5s 7c", "8c 9d Th Js"),
        ("Ac Kd Qh", "2c 3d 4h 5s 7c", []),
    ],
)
def test_board_wrong_row_sizes(rows):
    with pytest.raises(HandSizeError):
        Board(*rows)


def test_board_empty_row_text_is_a_value_error():
    with pytest.raises(ValueError):
        Board("Ac Kd Qh", "2c 3d 4h 5s 7c", "")


@pytest.mark.parametrize(
    "rows",
    [
        ("Ac Ac Qh", "2c 3d 4h 5s 7c", "8c 9d Th Js Qc"),  # within the front
        ("Ac Kd Qh", "2c 3d 4h 5s 7c", "8c 9d Th Js Ac"),  # front and back
        ("Ac Kd Qh", "2c 3d 4h 5s 7c", "8c 9d Th Js 2c"),  # middle and back
    ],
)
def test_board_duplicate_cards(rows):
    with pytest.raises(DuplicateCardError):
        Board(*rows)


def test_board_bad_cards_and_counts():
    with pytest.raises(InvalidCardError):
        Board("Ac Kd Xx", "2c 3d 4h 5s 7c", "8c 9d Th Js Qc")
    with pytest.raises(InvalidCardError):
        Board([51, 50, 52], [0, 1, 2, 3, 4], [5, 6, 7, 8, 9])
    with pytest.raises(HandSizeError):
        Board.from_cards(list(range(12)))
    with pytest.raises(HandSizeError):
        Board.from_cards(list(range(14)))


def test_score_bad_player_counts():
    with pytest.raises(ValueError, match="2 to 4"):
        score([IVEY])
    with pytest.raises(ValueError, match="2 to 4"):
        score([])
    boards = [A, B2, D, F, IVEY]
    with pytest.raises(ValueError, match="2 to 4"):
        score(boards)


def test_score_duplicates_across_boards():
    with pytest.raises(DuplicateCardError):
        score([IVEY, IVEY])
    assert score([A, B]) == [32, -32]  # disjoint: fine
    # B with A's Ac instead of 2c
    clash = Board("Ac 3d 4h", "5c 5d 7s 8c 9d", "Qs Qh 9s 9c 2s")
    with pytest.raises(DuplicateCardError):
        score([A, clash])
    with pytest.raises(DuplicateCardError):
        score([B2, D, F, clash])


def test_score_bad_types():
    with pytest.raises(TypeError):
        score("As Kd")
    with pytest.raises(TypeError):
        score(IVEY)
    with pytest.raises(TypeError):
        score([IVEY, 42])
    with pytest.raises(TypeError):
        score(x for x in [IVEY, HELLMUTH])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"row_points": 1.5},
        {"scoop_bonus": "3"},
        {"moon_bonus": None},
        {"row_points": True},
    ],
)
def test_rules_reject_non_integer_points(kwargs):
    """Like RoyaltyTable, Rules should reject points that are not ints
    (today row_points=1.5 makes score() return floats and score_batch fail
    with a numpy casting error)."""
    with pytest.raises((TypeError, ValueError)):
        Rules(**kwargs)


def test_batch_with_huge_royalties_does_not_overflow_silently():
    """A table whose totals do not fit int32: rejected, or scored exactly."""
    big = 2**31 - 1
    try:
        rules = Rules(
            royalties=RoyaltyTable(
                back=tuple(
                    (c, big if c == Category.STRAIGHT_FLUSH else p)
                    for c, p in STANDARD_ROYALTIES.back
                )
            )
        )
        deal = np.array([[A.cards, B.cards]])
        got = score_batch(deal, rules).tolist()
        roy = royalties_batch(deal, rules).tolist()
    except (ValueError, OverflowError):
        return
    assert roy == [[9 + 2 + big, 0]]
    assert got == [score([A, B], rules)]
