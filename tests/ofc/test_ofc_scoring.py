"""OFC scoring: boards settled pair by pair (rows, scoop, royalties, fouls,
shooting the moon), the "two or three rows" majority bonus of rule text 001,
the player counts a deal seats, and bad input to ``score``.

Expected values come from the rule texts (shared/rules/, OFC sections) and
from tests/references/ofc_reference.py, a slow reference that does not use
pyrankcore. Rule text 001, "Scoring": "a player collects one unit from each
opponent whose front, middle or back hand is beaten by his own
corresponding hand ... In some variants players are also paid an additional
unit if they win in two or three of the hands. In other variants players
only get an additional unit if they win all three hands (known as a
scoop)." The majority-bonus points below are worked out by hand from those
words.
"""

from __future__ import annotations

import numpy as np
import pytest
from ofc_boards import (
    B2,
    HELLMUTH,
    IVEY,
    TWO,
    A,
    B,
    D,
    F,
    custom_middle_quads_16,
    dd_deals,
    mixed_deals,
    ref_board,
)
from references import ofc_reference as ref

import pyrankcore
from pyrankcore import DuplicateCardError
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.ofc import MAX_PLAYERS, Board, Rules, score, score_batch


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
    _check_deals_against_reference(mixed_deals(80, players, 100 + players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_matches_reference_under_custom_rules(players):
    arr = mixed_deals(50, players, 200 + players)
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


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is not None:

    @settings(max_examples=50)
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


# ------------------------------------------------------------ bad input


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


# -------------------------------------------------------- player counts


def test_one_deck_refuses_five_players_and_names_two_decks() -> None:
    deal = dd_deals(8, 1, 5)
    for call in (lambda: score([b.tolist() for b in deal[0]]), lambda: score_batch(deal)):
        with pytest.raises(
            InvalidArgumentError, match=r"2 to 4 players with one deck, got 5"
        ) as info:
            call()
        assert "Rules(decks=2) allows up to 8" in str(info.value)


@pytest.mark.parametrize("players", [1, 9])
def test_two_decks_seat_two_to_eight(players: int) -> None:
    boards = np.concatenate([dd_deals(9, 1, 8)[0], dd_deals(10, 1, 8)[0]])[:players]
    with pytest.raises(InvalidArgumentError, match=f"2 to 8 players with 2 decks, got {players}"):
        score([b.tolist() for b in boards], TWO)
    with pytest.raises(InvalidArgumentError, match="2 to 8 players"):
        score_batch(boards[None], TWO)
    assert MAX_PLAYERS[1] == 4 and MAX_PLAYERS[2] == 8


@pytest.mark.parametrize("players", [7, 8])
def test_two_decks_score_seven_and_eight_players(players: int) -> None:
    # 001: two decks allow "more people to play", with no maximum; eight
    # boards of 13 cards fill the 104. Each pair is scored as heads-up.
    deal = dd_deals(11, 3, 8)[:, :players]
    got = score_batch(deal, TWO)
    assert got.shape == (3, players) and (got.sum(axis=1) == 0).all()
    for d in range(3):
        boards = [b.tolist() for b in deal[d]]
        assert score(boards, TWO) == got[d].tolist()
        for i in range(players):
            pairs = [score([boards[i], boards[j]], TWO)[0] for j in range(players) if j != i]
            assert got[d, i] == sum(pairs)


# ------------------------------------------------ "two or three of the hands"

# No board below earns a royalty (fronts at most ace high, middles one
# pair, backs two pair), so every point is a row or a bonus.
X = Board("Kc Qd 4h", "8c 8d 6s 5c 2d", "Tc Td 3c 3d 4c")  # K-Q-4; eights; tens and threes
OPPONENTS = {
    # name: (board, rows won against X, rows lost)
    "scoop": (Board("Ac Jd 3h", "9c 9d 6h 5d 2h", "Js Jh 7c 7d 2s"), 3, 0),
    "two of three": (Board("Ac Jd 3h", "9c 9d 6h 5d 2h", "7c 7d 6c 6d 2s"), 2, 1),
    "two and a tie": (Board("Kh Qs 4d", "9c 9d 6h 5d 2h", "Js Jh 7c 7d 2s"), 2, 0),
    "one and two ties": (Board("Kh Qs 4d", "8h 8s 6c 5h 2s", "Js Jh 7c 7d 2c"), 1, 0),
    "one each way": (Board("Kh Qs 4d", "9c 9d 6h 5d 2h", "7c 7d 6c 6d 2s"), 1, 1),
}
TEXT_VARIANT = Rules(majority_bonus=1, scoop_bonus=0)  # "two or three of the hands"
SCOOP_UNIT = Rules(scoop_bonus=1)  # "only ... if they win all three hands"
ONE_SIX_AND_MAJORITY = Rules(majority_bonus=1)  # both bonuses: a scoop pays 1 + 3
EXPECTED = {
    # name: points against X under (1-6, TEXT_VARIANT, SCOOP_UNIT, ONE_SIX_AND_MAJORITY)
    "scoop": (3 + 3, 3 + 1, 3 + 1, 3 + 3 + 1),
    "two of three": (1, 1 + 1, 1, 1 + 1),
    "two and a tie": (2, 2 + 1, 2, 2 + 1),
    "one and two ties": (1, 1, 1, 1),
    "one each way": (0, 0, 0, 0),
}
ALL_RULES = (Rules(), TEXT_VARIANT, SCOOP_UNIT, ONE_SIX_AND_MAJORITY)


def test_the_fixture_boards_win_the_rows_the_comments_say() -> None:
    assert X.royalties == 0 and not X.fouled
    for board, won, lost in OPPONENTS.values():
        assert board.royalties == 0 and not board.fouled
        pairs = list(zip(board.strengths, X.strengths))
        assert (sum(a > b for a, b in pairs), sum(a < b for a, b in pairs)) == (won, lost)


@pytest.mark.parametrize("name", list(OPPONENTS))
def test_majority_bonus_worked_examples(name: str) -> None:
    board = OPPONENTS[name][0]
    for rules, expected in zip(ALL_RULES, EXPECTED[name]):
        assert score([board, X], rules) == [expected, -expected]
        assert score([X, board], rules) == [-expected, expected]
        deal = np.array([board.cards, X.cards])[None]
        assert score_batch(deal, rules).tolist() == [[expected, -expected]]


def test_a_fouled_board_loses_the_majority_bonus_too() -> None:
    # A fouled board "loses ... one point per line plus [the] scoop bonus"
    # (001): it loses all three rows, which is two or three of them.
    fouled = Board("As Ah 2h", "3s 4d 6h 8s 9c", "Js Jh 7c 7d 2s")  # aces over nine high
    assert fouled.fouled
    for rules, expected in zip(ALL_RULES, (6, 3 + 1, 3 + 1, 3 + 3 + 1)):
        assert score([X, fouled], rules) == [expected, -expected]
        deal = np.array([X.cards, fouled.cards])[None]
        assert score_batch(deal, rules).tolist() == [[expected, -expected]]


def test_majority_bonus_with_royalties_ivey_and_hellmuth() -> None:
    # 001's example: Ivey wins the front and the back, Hellmuth the middle;
    # royalties 7 (Ivey) against 4 (Hellmuth). 1-6: 1 + 3 = 4. With the
    # majority bonus Ivey also collects a unit for two rows: 5.
    ivey = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
    hellmuth = Board("Ah Kd Qd", "9h 9d 5h 5d 4c", "Ks Js 9s 8s 7s")
    assert score([ivey, hellmuth]) == [4, -4]
    assert score([ivey, hellmuth], TEXT_VARIANT) == [5, -5]
    assert score([ivey, hellmuth], ONE_SIX_AND_MAJORITY) == [5, -5]


def test_majority_bonus_with_row_points() -> None:
    # the bonus is its own number of points, not a multiple of row_points
    board = OPPONENTS["two of three"][0]
    assert score([board, X], Rules(row_points=2, majority_bonus=5)) == [2 + 5, -7]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_majority_bonus_against_the_reference(players: int) -> None:
    rng = np.random.default_rng(40 + players)
    deals = np.empty((60, players, 13), dtype=np.int64)
    for i in range(len(deals)):
        deal = rng.permutation(52)[: 13 * players].reshape(players, 13)
        sort = rng.random(players) < 0.6
        deal[sort] = np.sort(deal[sort], axis=1)
        deals[i] = deal
    options = (
        (TEXT_VARIANT, {"scoop_bonus": 0, "majority_bonus": 1}),
        (ONE_SIX_AND_MAJORITY, {"majority_bonus": 1}),
        (
            Rules(row_points=2, scoop_bonus=5, majority_bonus=3),
            {"row_points": 2, "scoop_bonus": 5, "majority_bonus": 3},
        ),
    )
    ref_deals = [[ref.RefBoard.from_ids(b) for b in deal] for deal in deals]
    for rules, kw in options:
        batch = score_batch(deals, rules)
        for i, deal in enumerate(deals):
            expected = ref.score(ref_deals[i], **kw)
            assert batch[i].tolist() == expected
            assert score([b.tolist() for b in deal], rules) == expected
