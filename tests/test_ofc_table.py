"""OFC at the table: how many players a deal seats (one deck or two) and
the "two or three rows" scoring variant of rule text 001.

Player counts: 001 says two decks are shuffled together "allowing more
people to play"; scoring is pairwise, so a 5- or 6-player double-deck score
must equal the sum of every pair settled on its own (tests/ofc2_reference.py,
which does not use pyrankcore). The deal check (``check_deal``) compares the
cards a hand deals with what the decks hold.

Scoring (001, "Scoring"): "a player collects one unit from each opponent
whose front, middle or back hand is beaten by his own corresponding hand
... In some variants players are also paid an additional unit if they win
in two or three of the hands. In other variants players only get an
additional unit if they win all three hands (known as a scoop)." The
expected points below are worked out by hand from those words.
"""

from __future__ import annotations

import itertools

import numpy as np
import ofc2_reference as ref2
import ofc_reference as ref
import pytest

from pyrankcore import DuplicateCardError
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError, OptionTypeError
from pyrankcore.ofc import (
    MAX_PLAYERS,
    OFC_DEALT,
    PINEAPPLE_DEALT,
    Board,
    Category,
    RoyaltyTable,
    Rules,
    check_deal,
    fantasyland,
    score,
    score_batch,
)

TWO = Rules(decks=2)
DOUBLE_DECK = np.repeat(np.arange(52), 2)


def dd_deals(seed: int, n: int, players: int) -> np.ndarray:
    """n double-deck deals; half the boards sorted by rank (lowest three in
    front), so legal boards and royalties are common."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, players, 13), dtype=np.int64)
    for i in range(n):
        deal = rng.choice(DOUBLE_DECK, players * 13, replace=False).reshape(players, 13)
        sort = rng.random(players) < 0.5
        deal[sort] = np.sort(deal[sort], axis=1)
        out[i] = deal
    return out


# ------------------------------------------------------------ player counts


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_players_with_two_decks_are_pairwise_sums(players: int) -> None:
    deals = dd_deals(players, 60, players)
    batch = score_batch(deals, TWO, threads=2)
    legal = 0
    for i, deal in enumerate(deals):
        refs = [ref2.RefBoard2.from_ids(b) for b in deal]
        expected = ref2.score(refs)
        assert sum(expected) == 0
        boards = [b.tolist() for b in deal]
        assert score(boards, TWO) == expected
        assert batch[i].tolist() == expected
        # and pyrankcore's own heads-up scores add up the same way
        totals = [0] * players
        for a, b in itertools.combinations(range(players), 2):
            pa, pb = score([boards[a], boards[b]], TWO)
            totals[a] += pa
            totals[b] += pb
        assert totals == expected
        legal += sum(not r.fouled for r in refs)
    assert legal > 0


def test_six_boards_may_share_each_card_twice_but_not_three_times() -> None:
    boards = [b.tolist() for b in dd_deals(7, 1, 6)[0]]
    every = [c for b in boards for c in b]
    card = next(c for c in every if every.count(c) == 2)  # 78 of 104 cards: many pairs
    score(boards, TWO)
    seat = next(i for i, b in enumerate(boards) if b[-1] != card)
    boards[seat][-1] = card
    with pytest.raises(DuplicateCardError, match="appears 3 times"):
        score(boards, TWO)
    with pytest.raises(DuplicateCardError, match="appears 3 times"):
        score_batch(np.array(boards)[None], TWO)


def test_one_deck_refuses_five_players_and_names_two_decks() -> None:
    deal = dd_deals(8, 1, 5)
    for call in (lambda: score([b.tolist() for b in deal[0]]), lambda: score_batch(deal)):
        with pytest.raises(
            InvalidArgumentError, match=r"2 to 4 players with one deck, got 5"
        ) as info:
            call()
        assert "Rules(decks=2) allows up to 6" in str(info.value)


@pytest.mark.parametrize("players", [1, 7, 8])
def test_two_decks_seat_two_to_six(players: int) -> None:
    boards = dd_deals(9, 1, 8)[0][:players]
    with pytest.raises(InvalidArgumentError, match=f"2 to 6 players with 2 decks, got {players}"):
        score([b.tolist() for b in boards], TWO)
    with pytest.raises(InvalidArgumentError, match="2 to 6 players"):
        score_batch(boards[None], TWO)
    assert MAX_PLAYERS[1] == 4 and MAX_PLAYERS[2] == 6


def test_deal_sizes_against_the_decks() -> None:
    # 13 cards each: four players fill one deck exactly
    assert check_deal([OFC_DEALT] * 4) == 52
    with pytest.raises(InvalidArgumentError, match="got 5; Rules.decks=2. allows up to 6"):
        check_deal([OFC_DEALT] * 5)
    # Pineapple deals 5 + 4 x 3 = 17: "for a maximum of three players" (001)
    assert PINEAPPLE_DEALT == 5 + 4 * 3
    assert check_deal([PINEAPPLE_DEALT] * 3) == 51
    with pytest.raises(InvalidArgumentError, match=r"needs 68 cards .*one deck holds 52"):
        check_deal([PINEAPPLE_DEALT] * 4)
    # two decks: six Pineapple players take 102 of the 104 cards
    assert check_deal([PINEAPPLE_DEALT] * 6, TWO) == 102
    assert check_deal([OFC_DEALT] * 6, TWO) == 78
    with pytest.raises(InvalidArgumentError, match="2 to 6 players"):
        check_deal([OFC_DEALT] * 7, TWO)


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
    deals = np.empty((120, players, 13), dtype=np.int64)
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
    for rules, kw in options:
        batch = score_batch(deals, rules)
        for i, deal in enumerate(deals):
            expected = ref.score([ref.RefBoard.from_ids(b) for b in deal], **kw)
            assert batch[i].tolist() == expected
            assert score([b.tolist() for b in deal], rules) == expected


def test_majority_bonus_with_two_decks_and_six_players() -> None:
    deals = dd_deals(11, 40, 6)
    rules = Rules(decks=2, majority_bonus=1)
    batch = score_batch(deals, rules)
    for i, deal in enumerate(deals):
        expected = ref2.score([ref2.RefBoard2.from_ids(b) for b in deal], majority=1)
        assert batch[i].tolist() == expected
        assert score([b.tolist() for b in deal], rules) == expected


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
