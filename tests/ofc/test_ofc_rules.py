"""OFC rules: royalties (fronts, middles, backs, custom tables), fouls, the
Board and its bad input, the options of Rules, and the deal check
(``check_deal``: how many cards a hand deals against what the decks hold).

Expected values come from the rule texts (shared/rules/, OFC sections) and
from tests/references/ofc_reference.py, a slow reference that does not use
pyrankcore.
"""

from __future__ import annotations

import numpy as np
import pytest
from ofc_boards import (
    B2,
    FRONT,
    IVEY,
    RANKS,
    TWO,
    A,
    B,
    D,
    F,
    board_with_front,
    custom_middle_quads_16,
    mixed_deals,
    ref_board,
)
from references import ofc_reference as ref

import pyrankcore
from pyrankcore import Category, DuplicateCardError, HandSizeError, InvalidCardError
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError, OptionTypeError
from pyrankcore.ofc import (
    OFC_DEALT,
    PINEAPPLE_DEALT,
    STANDARD_ROYALTIES,
    Board,
    RoyaltyTable,
    Rules,
    check_deal,
    fantasyland,
    royalties_batch,
    score,
    score_batch,
)


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
    "kwargs, error",
    [
        ({"front_pairs": (0,) * 12}, InvalidOptionError),
        ({"front_trips": tuple(range(14))}, InvalidOptionError),
        ({"middle_royal": -1}, InvalidOptionError),
        ({"back": ((Category.STRAIGHT, -2),)}, InvalidOptionError),
        ({"back_royal": 2.5}, OptionTypeError),
        ({"middle_royal": True}, OptionTypeError),
    ],
)
def test_royalty_table_rejects_bad_entries(kwargs, error):
    option = next(iter(kwargs))
    with pytest.raises(error, match=option) as caught:
        RoyaltyTable(**kwargs)
    if error is InvalidOptionError:
        assert not isinstance(caught.value, TypeError)


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


# -------------------------------------------------------------- Rules


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
    option = next(iter(kwargs))
    with pytest.raises(InvalidOptionError, match=option):
        Rules(**kwargs)


def test_pineapple_rules():
    p = Rules.pineapple()
    assert p.fixed_cards == 14 and p.stay == "pineapple"
    assert Rules.pineapple(row_points=2).row_points == 2
    d = Rules()
    assert d.row_points == 1 and d.scoop_bonus == 3 and d.fantasyland
    assert d.fixed_cards == 13 and d.stay == "classic" and not d.shoot_the_moon


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
    """Like RoyaltyTable, Rules reject points that are not ints (a float
    would make score() return floats and score_batch fail to cast)."""
    option = next(iter(kwargs))
    with pytest.raises(OptionTypeError, match=option):
        Rules(**kwargs)


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (-1, InvalidOptionError),
        (1_000_001, InvalidOptionError),
        (True, OptionTypeError),
        ("1", OptionTypeError),
        (1.0, OptionTypeError),
    ],
)
def test_majority_bonus_is_checked(value, error) -> None:
    with pytest.raises(error, match="majority_bonus"):
        Rules(majority_bonus=value)


# ---------------------------------------------------------- bad boards


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


# --------------------------------------------------------------- deals


def test_deal_sizes_against_the_decks() -> None:
    # 13 cards each: four players fill one deck exactly
    assert check_deal([OFC_DEALT] * 4) == 52
    with pytest.raises(InvalidArgumentError, match="got 5; Rules.decks=2. allows up to 8"):
        check_deal([OFC_DEALT] * 5)
    # Pineapple deals 5 + 4 x 3 = 17: "for a maximum of three players" (001)
    assert PINEAPPLE_DEALT == 5 + 4 * 3
    assert check_deal([PINEAPPLE_DEALT] * 3) == 51
    with pytest.raises(InvalidArgumentError, match=r"needs 68 cards .*one deck holds 52"):
        check_deal([PINEAPPLE_DEALT] * 4)
    # two decks: six Pineapple players take 102 of the 104 cards
    assert check_deal([PINEAPPLE_DEALT] * 6, TWO) == 102
    assert check_deal([OFC_DEALT] * 6, TWO) == 78
    # 001 sets no maximum for two decks: eight boards of 13 fill them
    assert check_deal([OFC_DEALT] * 8, TWO) == 104
    with pytest.raises(InvalidArgumentError, match="2 to 8 players"):
        check_deal([OFC_DEALT] * 9, TWO)
    with pytest.raises(InvalidArgumentError, match=r"needs 119 cards .*2 decks hold 104"):
        check_deal([PINEAPPLE_DEALT] * 7, TWO)


def test_fantasyland_hands_count_in_the_deal() -> None:
    # Progressive Fantasyland deals 14 to 17 cards: with three others at 13
    # the deck runs out (39 + 14 = 53).
    queens = Board("Qc Qd 2h", "Kc Kd 3s 4d 5c", "Ac Ad As 7h 8h")
    progressive = Rules(fantasyland_cards="progressive")
    dealt = [fantasyland(queens, progressive), OFC_DEALT, OFC_DEALT, OFC_DEALT]
    assert dealt[0] == 14
    with pytest.raises(InvalidArgumentError, match=r"needs 53 cards \(14 \+ 13 \+ 13 \+ 13\)"):
        check_deal(dealt, progressive)
    assert check_deal(dealt[:3], progressive) == 40
    assert check_deal(dealt, Rules(decks=2, fantasyland_cards="progressive")) == 53
    # classic Fantasyland deals 13: four players still fit
    assert check_deal([fantasyland(queens), 13, 13, 13]) == 52


@pytest.mark.parametrize(
    ("dealt", "error", "match"),
    [
        ([13, 12], InvalidArgumentError, r"dealt\[1\]=12"),
        ([18, 13], InvalidArgumentError, r"dealt\[0\]=18.*13 to 17"),
        ([13], InvalidArgumentError, "got 1"),
        ([], InvalidArgumentError, "got 0"),
        ([13, True], TypeError, r"dealt\[1\] must be an int"),
        ([13, 13.0], TypeError, r"dealt\[1\] must be an int"),
        ("13 13", TypeError, "sequence of card counts"),
        (26, TypeError, "sequence of card counts"),
    ],
)
def test_bad_deals_are_refused(dealt, error, match) -> None:
    with pytest.raises(error, match=match):
        check_deal(dealt)


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint32])
def test_numpy_integers_count_as_ints(kind) -> None:
    assert check_deal([kind(PINEAPPLE_DEALT)] * 3) == 51
    assert type(check_deal([kind(13), 13])) is int
    with pytest.raises(InvalidArgumentError, match=r"dealt\[0\]=12"):
        check_deal([kind(12), 13])
    rules = Rules(decks=kind(2), majority_bonus=kind(1), fixed_cards=kind(14), row_points=kind(2))
    assert rules == Rules(decks=2, majority_bonus=1, fixed_cards=14, row_points=2)
    assert hash(rules) == hash(Rules(decks=2, majority_bonus=1, fixed_cards=14, row_points=2))
    assert all(type(v) is int for v in (rules.decks, rules.majority_bonus, rules.fixed_cards))
    assert check_deal([PINEAPPLE_DEALT] * 6, rules) == 102
    table = RoyaltyTable(middle_royal=kind(60), middle=[(kind(Category.FLUSH), kind(9))])
    assert table == RoyaltyTable(middle_royal=60, middle=[(Category.FLUSH, 9)])
    board = Board("Kd Kd 5c", "Ah Ah Kh 9h 2h", "7c 7c 7d 7d 7s", decks=kind(2))
    assert board.decks == 2 and type(board.decks) is int
    with pytest.raises(InvalidOptionError, match="invalid decks=3"):
        Rules(decks=kind(3))


@pytest.mark.parametrize("bad", [True, 13.0, np.float64(13), np.bool_(True), np.array(13)])
def test_bools_floats_and_arrays_are_not_counts(bad) -> None:
    with pytest.raises(TypeError, match=r"dealt\[1\] must be an int"):
        check_deal([13, bad])
    for field in ("decks", "majority_bonus", "fixed_cards"):
        with pytest.raises(OptionTypeError, match=f"{field} must be"):
            Rules(**{field: bad})
    with pytest.raises(OptionTypeError, match="decks must be 1 or 2"):
        Board("Kd Kh 5c", "Ah As Kc 9h 2h", "7c 7h 7d 7s 8s", decks=bad)


def test_check_deal_takes_rules_or_none() -> None:
    with pytest.raises(OptionTypeError, match="rules must be an ofc.Rules"):
        check_deal([13, 13], "decks=2")  # type: ignore[arg-type]
