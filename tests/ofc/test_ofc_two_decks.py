"""Double-deck OFC (``Rules(decks=2)``, ``Board(..., decks=2)``) against the
independent reference in tests/references/ofc2_reference.py, which does not
use pyrankcore: row ranking with repeated cards, fouls, royalties (five of a
kind), scoring (up to six players: rule text 001 says two decks are shuffled
together "allowing more people to play"; scoring is pairwise, so a 5- or
6-player score must equal the sum of every pair settled on its own), the
"AA or better" Fantasyland option, the exact solver, and the errors for a
card dealt three times."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from ofc_boards import DOUBLE_DECK, TWO, dd_deals
from references import ofc2_reference as ref

from pyrankcore import (
    Category,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    _core,
)
from pyrankcore.errors import InvalidArgumentError, InvalidOptionError, OptionTypeError
from pyrankcore.ofc import (
    DD_N_CLASSES,
    STANDARD_ROYALTIES,
    Board,
    RoyaltyTable,
    Rules,
    fantasyland,
    royalties_batch,
    score,
    score_batch,
    solve_fantasyland,
    solve_fantasyland_batch,
    solver,
    stays_in_fantasyland,
    two_decks,
)
from pyrankcore.ofc import batch as ofc_batch


def dd_board(front: str, middle: str, back: str) -> Board:
    return Board(front, middle, back, decks=2)


def five_strength(row: str | list[int]) -> int:
    """Double-deck strength of a 5-card row (the rows Board ranks)."""
    return two_decks.five_strength(_core.parse_cards_repeated(row))


def board_around(row: list[int]) -> list[int]:
    """13 cards: a front and a back of cards the row does not hold, the row
    in the middle."""
    free = [c for c in range(52) if c not in row]
    return free[:3] + row + free[3:8]


def random_deals(rng: np.random.Generator, n: int, players: int, sort: bool) -> np.ndarray:
    """n double-deck deals of players boards; sort: each board's cards by
    rank, lowest three in front (fewer fouls, more royalties)."""
    out = np.empty((n, players, 13), dtype=np.int64)
    for i in range(n):
        deal = rng.choice(DOUBLE_DECK, players * 13, replace=False).reshape(players, 13)
        if sort:
            deal = np.sort(deal, axis=1)
        out[i] = deal
    return out


# --------------------------------------------------------------- row ranking


def every_row_class() -> list[list[int]]:
    """One 5-card row per rank multiset not all of one suit, and one suited
    row per multiset one suit can hold (each rank at most twice)."""
    rows = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        seen: Counter[int] = Counter()
        plain = []
        for r in ranks:
            plain.append(r * 4 + seen[r] % 4)  # a fifth copy reuses clubs
            seen[r] += 1
        if len({c % 4 for c in plain}) == 1:
            plain[-1] += 1
        rows.append(plain)
        if max(Counter(ranks).values()) <= 2:
            rows.append([r * 4 + 3 for r in ranks])  # all spades
    return rows


def test_every_double_deck_row_class_orders_as_the_reference() -> None:
    rows = every_row_class()
    keys = [ref.key(r) for r in rows]
    strengths = [five_strength(r) for r in rows]
    # the rows as Board ranks them (each in the middle of a legal-sized board)
    for r in rows[::50]:
        assert Board.from_cards(board_around(r), decks=2).strengths[1] == five_strength(r)
    by_key = sorted(zip(keys, strengths))
    for (k1, s1), (k2, s2) in itertools.pairwise(by_key):
        assert (k1 < k2) == (s1 < s2) and (k1 == k2) == (s1 == s2), (k1, s1, k2, s2)
    # every strength of the scale is one class, and the scale is 1..DD_N_CLASSES
    assert sorted(set(strengths)) == list(range(1, DD_N_CLASSES + 1))
    assert len(set(keys)) == DD_N_CLASSES == 11193


def test_row_kernel_in_c_equals_the_python_rows() -> None:
    rng = np.random.default_rng(7)
    boards = random_deals(rng, 3000, 1, sort=False).reshape(-1, 13)
    boards = np.vstack([boards, [board_around(r) for r in every_row_class()]])
    front, middle, back = ofc_batch._dd_rows(boards.astype(np.uint8), threads=2)
    for i in range(0, len(boards), 3):
        b = Board.from_cards(boards[i].tolist(), decks=2)
        assert b.strengths == (front[i], middle[i], back[i])
    assert len(set(middle.tolist())) > 10_000  # every class went through C


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("As As Ks Qs Js", "As Ks Qs Js 9s"),  # flush A-A-K-Q-J over A-K-Q-J-9
        ("As As Ks Ks Qs", "As As Ks Qs Js"),  # A-A-K-K-Q over A-A-K-Q-J
        ("As As Ks Qs Js", "Ac Ad Ah Kd Qd"),  # any flush over trips
        ("Kc Kd Kh 2c 2d", "As As Ks Ks Qs"),  # full house over any flush
        ("2c 2c 2d 2d 2h", "As Ks Qs Js Ts"),  # five of a kind over the royal flush
        ("3c 3c 3d 3d 3h", "2c 2c 2d 2d 2h"),
        ("7s 7s 5s 4s 3s", "7s 6s 5s 4s 2s"),  # 7-7-5-4-3 over 7-6-5-4-2: card by card
        ("Ac Ac Kd Kd Qh", "Ac Ad Kc Kh Jh"),  # two pair: same ranks, repeats or not
    ],
)
def test_row_order(stronger: str, weaker: str) -> None:
    assert five_strength(stronger) > five_strength(weaker)
    assert ref.key(stronger) > ref.key(weaker)


def test_repeated_cards_that_are_not_suited_rank_as_one_deck() -> None:
    assert five_strength("Ac Ac Kd Kd Qh") == five_strength("Ac Ad Kc Kh Qh")
    assert five_strength("As As Kd Qd Jd") == five_strength("As Ad Kd Qd Jh")
    # and single-deck strengths below the flushes keep their values
    one_deck = Board("2c 3d 4h", "Ac Ad Kc Kh Qh", "As Ah Ks Kd 2s").strengths[1]
    assert five_strength("Ac Ad Kc Kh Qh") == one_deck


def test_flush_with_a_pair_is_a_flush() -> None:
    b = dd_board("2c 3d 4h", "As As Ks Qs Js", "9c 9c 9d 9d 9s")
    assert not b.fouled
    assert b.row_royalties == (0, 8, 15)
    assert b.describe() == (
        "front High Card, Four (4-3-2); middle Flush, Ace high (A-A-K-Q-J); "
        "back Five of a Kind, Nines (royalties 23)"
    )
    assert dd_board("2c 3d 4h", "7h 8h 9h Jh Kh", "As As Ks Ks Qs").row_royalties == (0, 8, 4)


def test_fronts_with_repeated_cards() -> None:
    trips = dd_board("As As Ad", "2c 2d 2h 2s 3c", "Kc Kd Kh Ks 3h")
    assert not trips.fouled and trips.row_royalties == (22, 20, 10)
    pair = dd_board("Qs Qs 2c", "Kc Kd 3h 4h 5s", "Ac Ad 2d 3d 9s")
    assert pair.row_royalties == (7, 0, 0)

    def front_of(ranks: tuple[int, ...], suit: int) -> list[int]:
        ids = [r * 4 + suit for r in ranks]  # one suit: repeats are the same card
        if max(Counter(ids).values()) > 2:
            ids[-1] += 1
        return ids

    def strength_and_key(ids: list[int]) -> tuple[int, int]:
        board = Board(ids, "2h 3s 4h 5s 7h", "2s 3h 4s 5h 7s", decks=2)
        return board.strengths[0], ref.key(ids)

    others = [
        strength_and_key(front_of(other, 1))
        for other in itertools.combinations_with_replacement(range(0, 13, 3), 3)
    ]
    for ranks in itertools.combinations_with_replacement(range(13), 3):
        front_s, front_key = strength_and_key(front_of(ranks, 0))
        for other_s, other_key in others:
            assert (front_s > other_s) == (front_key > other_key)
            assert (front_s == other_s) == (front_key == other_key)


# ------------------------------------------------------------- fouls, royalties


@pytest.mark.parametrize(
    ("front", "middle", "back", "fouled"),
    [
        ("Ks Ks Ac", "Kh Kh Qd 7s 3c", "As As Ah 2c 2d", True),  # K-K-A over K-K-Q
        ("Ks Ks Qc", "Kh Kh Qd 7s 3c", "As As Ah 2c 2d", False),
        ("As As Ad", "Ks Ks Qs 8s 3s", "9c 9c 9d 9d 9s", False),  # trips under a flush
        ("As As Ad", "Kc Kc Kd Qs Qs", "9c 9c 9d 9d 9s", False),
        ("2c 3d 4h", "9c 9c 9d 9d 9s", "As Ks Qs Js Ts", True),  # five of a kind over a royal
        ("2c 3d 4h", "As Ks Qs Js Ts", "9c 9c 9d 9d 9s", False),
        ("2c 3d 4h", "As As Ks Qs Js", "Ah Kh Qh Jh 9h", True),  # A-A-K-Q-J over A-K-Q-J-9
        ("2c 3d 4h", "Ah Kh Qh Jh 9h", "As As Ks Qs Js", False),
    ],
)
def test_fouls(front: str, middle: str, back: str, fouled: bool) -> None:
    assert dd_board(front, middle, back).fouled is fouled
    assert ref.RefBoard2(front, middle, back).fouled is fouled


def test_five_of_a_kind_royalties_follow_the_straight_flush_by_default() -> None:
    both = dd_board("2c 3d 4h", "8c 8c 8d 8d 8h", "9c 9c 9d 9d 9s")
    assert both.row_royalties == (0, 30, 15)
    sf = tuple((c, 40 if c == Category.STRAIGHT_FLUSH else p) for c, p in STANDARD_ROYALTIES.middle)
    assert both.row_royalties_under(Rules(royalties=RoyaltyTable(middle=sf))) == (0, 40, 15)
    own = RoyaltyTable(
        middle=(*STANDARD_ROYALTIES.middle, (Category.FIVE_OF_A_KIND, 100)),
        back={**dict(STANDARD_ROYALTIES.back), Category.FIVE_OF_A_KIND: 60},
    )
    assert both.row_royalties_under(Rules(royalties=own, decks=2)) == (0, 100, 60)
    # the option changes nothing on one deck
    single = Board("2c 3d 4h", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th")
    assert single.row_royalties_under(Rules(royalties=own)) == single.row_royalties == (0, 50, 25)


def test_royalty_table_refuses_categories_outside_the_enum() -> None:
    with pytest.raises(InvalidOptionError, match="0..9"):
        RoyaltyTable(middle=((10, 5),))
    with pytest.raises(InvalidOptionError, match="FIVE_OF_A_KIND twice"):
        RoyaltyTable(back=((Category.FIVE_OF_A_KIND, 5), (Category.FIVE_OF_A_KIND, 6)))


# ------------------------------------------------------------------- scoring


def test_example_deal() -> None:
    a = dd_board("Qs Qs 2c", "Kh Kh Kd Kd Ks", "As As Ah Ah Ad")
    b = dd_board("2c 3d 4h", "Ac Ac Kc Qc Jc", "Ad Tc Tc Ts Ts")
    # a scoops (6) and has royalties 7 + 30 + 15 = 52 against 8 + 10 = 18
    assert score([a, b], TWO) == [40, -40]
    assert score([a, b], TWO) == ref.score(
        [
            ref.RefBoard2(*r)
            for r in (
                ("Qs Qs 2c", "Kh Kh Kd Kd Ks", "As As Ah Ah Ad"),
                ("2c 3d 4h", "Ac Ac Kc Qc Jc", "Ad Tc Tc Ts Ts"),
            )
        ]
    )
    arr = np.array([a.cards, b.cards]).reshape(1, 2, 13)
    assert score_batch(arr, TWO).tolist() == [[40, -40]]
    assert royalties_batch(arr, TWO).tolist() == [[52, 18]]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sort", [False, True])
def test_random_deals_against_the_reference(players: int, sort: bool) -> None:
    rng = np.random.default_rng(100 * players + sort)
    deals = random_deals(rng, 150, players, sort)
    batch = score_batch(deals, TWO, threads=2)
    royalties = royalties_batch(deals, TWO)
    legal = 0
    for i, deal in enumerate(deals):
        refs = [ref.RefBoard2.from_ids(b) for b in deal]
        expected = ref.score(refs)
        assert score([b.tolist() for b in deal], TWO) == expected
        assert batch[i].tolist() == expected
        assert royalties[i].tolist() == [r.royalties() for r in refs]
        legal += sum(not r.fouled for r in refs)
    assert legal > 0  # the sorted deals hold legal boards to compare


def test_single_deck_deals_score_the_same_under_double_deck_rules() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        deal = rng.permutation(52)[:26].reshape(2, 13)
        deal = np.sort(deal, axis=1) if rng.random() < 0.5 else deal
        boards = [Board.from_cards(b.tolist()) for b in deal]
        assert score(boards, TWO) == score(boards)
        assert score_batch(deal[None], TWO).tolist() == score_batch(deal[None]).tolist()


def test_a_single_deck_board_is_re_ranked_under_double_deck_rules() -> None:
    single = Board("Qs Qd 2c", "Kh Kd Ks 8d 8c", "As Ah Ad Ac 2d")
    double = Board("Qs Qd 2c", "Kh Kd Ks 8d 8c", "As Ah Ad Ac 2d", decks=2)
    assert single != double and single.strengths != double.strengths
    assert fantasyland(single, TWO) == fantasyland(double, TWO) == 13
    with pytest.raises(InvalidArgumentError, match="decks=2"):
        score([double, single])


# ------------------------------------------------- five and six players


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_players_with_two_decks_are_pairwise_sums(players: int) -> None:
    deals = dd_deals(players, 60, players)
    batch = score_batch(deals, TWO, threads=2)
    legal = 0
    for i, deal in enumerate(deals):
        refs = [ref.RefBoard2.from_ids(b) for b in deal]
        expected = ref.score(refs)
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


def test_majority_bonus_with_two_decks_and_six_players() -> None:
    deals = dd_deals(11, 40, 6)
    rules = Rules(decks=2, majority_bonus=1)
    batch = score_batch(deals, rules)
    for i, deal in enumerate(deals):
        expected = ref.score([ref.RefBoard2.from_ids(b) for b in deal], majority=1)
        assert batch[i].tolist() == expected
        assert score([b.tolist() for b in deal], rules) == expected


# --------------------------------------------------------------- Fantasyland


@pytest.mark.parametrize(
    ("front", "qq", "kk", "aa"),
    [
        ("Qs Qs 2c", 13, 0, 0),
        ("Ks Kh 2c", 13, 13, 0),
        ("As As 2c", 13, 13, 13),
        ("3s 3s 3c", 13, 13, 13),
        ("Js Js Ac", 0, 0, 0),
    ],
)
def test_fantasyland_minimum(front: str, qq: int, kk: int, aa: int) -> None:
    board = dd_board(front, "5c 5c 5d 5d 6h", "9c 9c 9d 9d 9s")
    got = [fantasyland(board, Rules(decks=2, fantasyland_min=m)) for m in ("QQ", "KK", "AA")]
    assert got == [qq, kk, aa]
    r = ref.RefBoard2(front, "5c 5c 5d 5d 6h", "9c 9c 9d 9d 9s")
    assert got == [ref.fantasyland_cards(r, minimum) for minimum in (10, 11, 12)]


def test_fantasyland_minimum_with_progressive_cards_and_one_deck() -> None:
    aa = Rules(decks=2, fantasyland_min="AA", fantasyland_cards="progressive")
    assert fantasyland(dd_board("As As 2c", "5c 5c 5d 5d 6h", "9c 9c 9d 9d 9s"), aa) == 16
    assert fantasyland(dd_board("Ks Ks 2c", "5c 5c 5d 5d 6h", "9c 9c 9d 9d 9s"), aa) == 0
    assert fantasyland(dd_board("2s 2s 2c", "5c 5c 5d 5d 6h", "9c 9c 9d 9d 9s"), aa) == 17
    one = Board("Ks Kh 2c", "5c 5s 5d 6d 6h", "9c 9h 9d 9s 2s")
    assert fantasyland(one, Rules.pineapple(fantasyland_min="AA")) == 0
    assert fantasyland(one, Rules.pineapple()) == 14


def test_stays_with_five_of_a_kind() -> None:
    five_back = dd_board("2c 3d 4h", "Ac Ac Kd Kd Qh", "9c 9c 9d 9d 9s")
    five_middle = dd_board("2c 3d 4h", "8c 8c 8d 8d 8h", "9c 9c 9d 9d 9s")
    flush_middle = dd_board("2c 3d 4h", "As As Ks Qs Js", "9c 9c 9d 9d 9s")
    for board in (five_back, five_middle, flush_middle):
        assert stays_in_fantasyland(board, TWO) is True
    weak = dd_board("2c 3d 4h", "As As Ks Qs Js", "Ac Ac Kd Kd Kh")
    assert stays_in_fantasyland(weak, TWO) is False  # a flush in the middle is no full house
    assert ref.stays(ref.RefBoard2("2c 3d 4h", "As As Ks Qs Js", "Ac Ac Kd Kd Kh")) is False


# -------------------------------------------------------------------- solver


def dd_hand(rng: np.random.Generator, n: int) -> list[int]:
    """n cards from two decks with a few forced repeats, drawn from a small
    pool of ranks so that rows have pairs, trips, flushes to choose from."""
    ranks = rng.choice(13, int(rng.integers(4, 8)), replace=False)
    pool = [r * 4 + s for r in ranks for s in range(4)]
    hand = list(rng.choice(np.repeat(pool, 2), n, replace=False))
    return [int(c) for c in hand]


@pytest.mark.parametrize("n", [13, 14])
def test_solver_equals_exhaustive_search(n: int) -> None:
    # the exhaustive search is pure Python (about 0.5 s a 14-card hand): a
    # few hands at 14 cards, more at 13
    rng = np.random.default_rng(n)
    hands = [dd_hand(rng, n) for _ in range(4 if n == 13 else 2)]
    hands += [
        [int(c) for c in rng.choice(DOUBLE_DECK, n, replace=False)]
        for _ in range(2 if n == 13 else 1)
    ]
    for hand in hands:
        assert max(Counter(hand).values()) <= 2
        for stay in (0.0, 12.5):
            board, value = solve_fantasyland(hand, TWO, stay_value=stay)
            assert value == ref.solve(hand, stay_value=stay), (ref.text(hand), board, value)
            assert Counter(board.cards) <= Counter(hand) and board.decks == 2
            assert not board.fouled
            assert value == board.royalties + (stay if stays_in_fantasyland(board, TWO) else 0)


def test_solver_finds_five_of_a_kind() -> None:
    hand = "As As Ah Ah Ad Kh Kh Kd Kd Ks 2c 2c 3d"
    board, value = solve_fantasyland(hand, TWO)
    assert board == dd_board("2c 2c 3d", "Kh Kh Kd Kd Ks", "As As Ah Ah Ad")
    assert value == 45.0 == ref.solve(ref.cards(hand))  # 30 + 15


def test_solver_batch_equals_single_solves() -> None:
    rng = np.random.default_rng(5)
    hands = [dd_hand(rng, int(rng.integers(13, 18))) for _ in range(24)]
    got = solve_fantasyland_batch(hands, TWO, stay_value=5.0, threads=2)
    assert got == [solve_fantasyland(h, TWO, stay_value=5.0) for h in hands]
    arr = np.array([h for h in hands if len(h) == 15], dtype=np.int64).reshape(-1, 15)
    assert solve_fantasyland_batch(arr, TWO) == [solve_fantasyland(h.tolist(), TWO) for h in arr]


# -------------------------------------------------------------------- errors


def test_a_card_three_times_is_an_error_naming_it() -> None:
    with pytest.raises(DuplicateCardError, match="card As appears 3 times in the board"):
        dd_board("As As 2c", "As Kd Qd Jd 9d", "2d 3d 4d 5d 7h")
    with pytest.raises(DuplicateCardError, match="card Kd appears 3 times in the players' boards"):
        score(
            [
                dd_board("Kd Kd 2c", "3c 4c 5c 6c 8d", "9h 9h 9d 9d 9s"),
                dd_board("Kd 2h 3h", "4h 5h 6h 7h 8h", "Ac Ac Ad Ad Ah"),
            ],
            TWO,
        )
    with pytest.raises(DuplicateCardError, match="card 7c appears 3 times in the hand"):
        solve_fantasyland("7c 7c 7c 2d 3d 4d 5d 6h 8h 9h Th Jh Qh", TWO)
    hands = np.array([[0, 0, *range(2, 13)], [5, 5, 5, *range(8, 18)]])
    with pytest.raises(DuplicateCardError, match=r"row 1: card 3d appears 3 times"):
        solve_fantasyland_batch(hands, TWO)
    deals = random_deals(np.random.default_rng(1), 4, 2, sort=False)
    deals[2, 1, 5] = deals[2, 0, 0] = deals[2, 0, 1] = 51
    with pytest.raises(DuplicateCardError, match=r"row 2: card As appears 3 times"):
        score_batch(deals, TWO)
    with pytest.raises(DuplicateCardError, match=r"row 2: card As"):
        royalties_batch(deals, TWO)


def test_other_bad_input() -> None:
    with pytest.raises(InvalidCardError, match="Jk"):
        dd_board("Jk As 2c", "3c 4c 5c 6c 8d", "9h 9h 9d 9d 9s")
    with pytest.raises(InvalidCardError, match="row 0: invalid card id 52"):
        score_batch(np.full((1, 2, 13), 52), TWO)
    with pytest.raises(HandSizeError):
        dd_board("As As", "3c 4c 5c 6c 8d", "9h 9h 9d 9d 9s")
    # one deck keeps refusing every repeat
    with pytest.raises(DuplicateCardError, match="duplicate card As"):
        Board("As As 2c", "3c 4c 5c 6c 8d", "9h Th Jd Qd Ks")
    with pytest.raises(DuplicateCardError):
        solve_fantasyland("7c 7c 2d 3d 4d 5d 6h 8h 9h Th Jh Qh Kh")
    deals = np.array([np.random.default_rng(i).permutation(52)[:26] for i in range(3)])
    deals = deals.reshape(3, 2, 13)
    deals[1, 0, :2] = 7
    with pytest.raises(DuplicateCardError, match="row 1"):
        score_batch(deals)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"decks": 3}, InvalidOptionError),
        ({"decks": 0}, InvalidOptionError),
        ({"decks": "2"}, OptionTypeError),
        ({"decks": True}, OptionTypeError),
        ({"decks": 2.0}, OptionTypeError),
        ({"fantasyland_min": "JJ"}, InvalidOptionError),
        ({"fantasyland_min": 12}, OptionTypeError),
    ],
)
def test_rules_validation(changes: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error, match=next(iter(changes))):
        Rules(**changes)  # type: ignore[arg-type]


def test_board_decks_validation() -> None:
    with pytest.raises(InvalidOptionError, match="decks"):
        Board("As Ks 2c", "3c 4c 5c 6c 8d", "9h Th Jd Qd Ks", decks=3)
    assert Rules.double_deck() == TWO
    assert repr(dd_board("As As 2c", "3c 4c 5c 6c 8d", "9h Th Jd Qd Ks")).endswith("decks=2)")


def test_native_entry_points_refuse_bad_tables_and_rows() -> None:
    plain, flush, front, _ = two_decks.tables()
    boards = np.zeros((2, 13), dtype=np.uint8)
    out = [np.zeros(2, dtype=np.uint16) for _ in range(3)]
    with pytest.raises(InvalidArgumentError, match="at most twice"):
        _core.dd_board_rows(boards, plain, flush, front, *out, 0, 2)
    for bad in (0, DD_N_CLASSES + 1):
        broken = plain.copy()
        broken[17] = bad
        with pytest.raises(InvalidArgumentError, match="off the scale"):
            _core.dd_board_rows(boards, broken, flush, front, *out, 0, 0)
    with pytest.raises(InvalidArgumentError, match="entries"):
        _core.dd_board_rows(boards, plain[:-1], flush, front, *out, 0, 0)
    args = solver.solver_args(TWO, 0.0)
    hands = np.array([[1, 1, 1, *range(4, 14)]], dtype=np.uint8)
    values, solved = np.zeros(1), np.zeros((1, 13), dtype=np.uint8)
    with pytest.raises(InvalidArgumentError, match="at most twice"):
        _core.solve_fantasyland_rows(hands, *args[:7], values, solved, 0, 1, *args[7])
    with pytest.raises(InvalidArgumentError, match="all three"):
        _core.solve_fantasyland_ids(list(range(13)), *args[:7], plain, flush)
    single = solver.solver_args(Rules(), 0.0)  # one-deck tables with two-deck kernels
    with pytest.raises(InvalidArgumentError, match="entries"):
        _core.solve_fantasyland_ids(list(range(13)), *single[:7], plain, flush, front)
