"""A user's script: every public name of pyrankcore, used in typed ways.

tests/packaging/test_typing.py runs it and checks it with ``mypy --strict`` against the
installed package: every call must type-check without casts, and every
result must have its real type (``assert_type`` fails on ``Any`` and on
``object``, the type that lazily exported names used to have).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

import pyrankcore as prc
from pyrankcore import ofc
from pyrankcore.ranges import Range

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:

    def assert_type(value, typ):
        return value


class Eval7LikeCard:
    """Another library's card: int rank (0 = deuce) and suit (c, d, h, s)."""

    def __init__(self, rank: int, suit: int) -> None:
        self.rank = rank
        self.suit = suit


def cards_and_hands() -> None:
    version: str = prc.__version__
    games: tuple[str, ...] = prc.GAMES
    assert version and "high" in games

    ids: list[int] = prc.parse_cards("As Kd 7h")
    assert ids == [51, 45, 22]
    assert prc.parse_cards(deque(["As", 45, np.int64(22)])) == ids
    assert prc.parse_cards(iter(["As", "Kd"])) == [51, 45]
    assert prc.parse_cards([Eval7LikeCard(12, 3)]) == [51]
    assert prc.parse_cards(np.array(ids, dtype=np.uint8)) == ids
    text: str = prc.format_cards(ids)
    assert text == "As Kd 7h"
    assert prc.format_cards(np.array(ids)) == text

    s = prc.evaluate("As Ks Qs Js Ts")
    assert_type(s, int)
    assert s + 0 == 7462
    assert prc.evaluate([0, 4, 8, 12, 20], "ace_five") > 0
    razz: int = prc.evaluate("7c 5d 4h 3s 2c", "Razz")  # names as VARIANTS spells them
    assert razz > prc.evaluate("8c 5d 4h 3s 2c", prc.variant("razz"))  # any case
    omaha = prc.evaluate_omaha("As Ks 2d 2c", "Qs Js Ts 3h 4h", "Omaha")
    assert_type(omaha, int)
    assert omaha == s

    words: str = prc.describe(prc.evaluate("Kh Kd 9s 9c 2d 3h 4c"))
    assert words.startswith("Two Pair")
    assert prc.describe(np.uint16(7462)) == "Royal Flush"
    cat = prc.category(s)
    assert_type(cat, prc.Category)
    assert cat is prc.Category.STRAIGHT_FLUSH and cat.name == "STRAIGHT_FLUSH"
    five: list[int] = prc.best_five("Kh Kd 9s 9c 2d 3h Ks")
    assert prc.format_cards(five) == "Ks Kh Kd 9s 9c"
    kev = prc.to_cactus_kev(s)
    assert_type(kev, int)
    assert kev == 1 and prc.from_cactus_kev(kev) + 0 == s


def rankings() -> None:
    deuce_seven: prc.Ranking = prc.ranking("deuce_seven")
    house = prc.ranking("ace_six", broadway=True, ace_pair_high=True)
    assert_type(house, prc.Ranking)
    sixes = prc.stripped_deck("6")
    assert_type(sixes, prc.Ranking)
    low: int = prc.evaluate("7c 5d 4h 3s 2c", deuce_seven)
    assert prc.describe(low, deuce_seven).endswith("(7-5-4-3-2)")
    assert prc.evaluate("As 6s 7s 8s 9s", sixes) > prc.evaluate("Ah Ad Ac Ks Kd", sixes)
    assert prc.describe(prc.evaluate("6c 5d 4h 3s 2c", house), house)
    assert sixes.name == "stripped_6" and sixes.deck_ranks[0] == 4


def batches() -> None:
    hands = prc.random_hands(1000, 7, seed=1)
    assert_type(hands, npt.NDArray[np.uint8])
    strengths = prc.evaluate_batch(hands, threads=2)
    assert_type(strengths, npt.NDArray[np.uint16])
    assert strengths.dtype == np.uint16 and strengths.shape == (1000,)
    assert int(strengths.max()) <= 7462
    out = np.empty(2, dtype=np.uint16)
    filled = prc.evaluate_batch([[48, 49, 50, 51, 44], [0, 1, 2, 3, 4]], "high", out=out)
    assert filled is out and filled.tolist() == [7452, 7297]

    cats = prc.category(strengths)
    assert_type(cats, npt.NDArray[np.uint8])
    assert cats.shape == (1000,) and int(cats.max()) <= prc.Category.STRAIGHT_FLUSH
    kevs = prc.to_cactus_kev(strengths)
    assert_type(kevs, npt.NDArray[np.uint16])
    assert (prc.from_cactus_kev(kevs) == strengths).all()

    board = prc.parse_cards("2c 7d 9h Js 3s")
    holes = prc.random_hands(100, 4, seed=2, exclude=board)
    omaha = prc.evaluate_omaha_batch(holes, board, "Omaha")
    assert_type(omaha, npt.NDArray[np.uint16])
    boards = np.broadcast_to(np.array(board, dtype=np.int64), (100, 5))
    assert (prc.evaluate_omaha_batch(holes, boards, threads=1) == omaha).all()


def suit_rankings_and_names() -> None:
    # a suit tie-break makes uint32 suited strengths, with or without out=
    italy = prc.ranking("high", suit_tiebreak="highest_card", suit_order="italy")
    hands = prc.random_hands(100, 7, seed=3)
    suited = prc.evaluate_batch(hands, italy)
    assert_type(suited, npt.NDArray[np.uint32])
    assert suited.dtype == np.uint32
    assert ((suited >> 10) == prc.evaluate_batch(hands)).all()
    again = prc.ranking(italy, suit_order="germany")  # still a suited ranking
    assert_type(prc.evaluate_batch(hands, again, threads=1), npt.NDArray[np.uint32])
    board = prc.parse_cards("2c 7d 9h Js 3s")
    holes = prc.random_hands(10, 4, seed=4, exclude=board)
    assert_type(prc.evaluate_omaha_batch(holes, board, italy), npt.NDArray[np.uint32])
    # plain rankings, names and variants stay uint16
    assert_type(prc.evaluate_batch(hands, "ace_five"), npt.NDArray[np.uint16])
    assert_type(prc.evaluate_batch(hands, "Razz"), npt.NDArray[np.uint16])
    assert_type(prc.evaluate_batch(hands, prc.variant("razz")), npt.NDArray[np.uint16])
    assert_type(prc.evaluate_batch(hands, prc.ranking("high", wild="2")), npt.NDArray[np.uint16])
    # a name held in a str variable: checked at run time, typed through variant()
    name: str = "Omaha Hi-Lo 8"
    assert prc.equity(prc.variant(name), ["As2sQdJd", "3h4c8hKc"], "5s7dKh").exact


def variants() -> None:
    holdem: prc.Variant = prc.variant("Hold'em")
    names: list[str] = [v.name for v in prc.VARIANTS]
    assert holdem.name in names
    o8 = prc.variant("Omaha Hi-Lo 8")
    high, low = o8.evaluate("As Ks 2d 3c", "Qs Js Ts 4h 5h")
    assert high is not None and low is not None and high + low > 0

    shares = prc.showdown("Hold'em", ["As Ad", "Kc Kd"], "2c 7d 9h Js 3s", 100)
    assert shares[0] + 1 == 101
    split: list[int] = prc.showdown(o8, ["As 2s Kd Kc", "Ah 3h Qd Qc"], "4c 5d 9h Js 8s", 11)
    assert sum(split) == 11
    assert prc.showdown("ace_five", ["5c 4d 3h 2s Ac", "6c 4h 3d 2c Ad"], pot=11) == [11, 0]
    assert prc.showdown(prc.ranking("high"), [[51, 47], [3, 7]], [0, 4, 9, 14, 20], 2)[0] >= 0
    seat: int = prc.bring_in("Seven-card Stud", ["Ah", "2d", "2c", "Ks"])
    assert seat + 1 == 3
    assert prc.bring_in(prc.variant("Razz"), [Eval7LikeCard(12, 2), 45, "Ks", "5s"]) == 2


def errors() -> None:
    cases: list[tuple[type[prc.PyrankcoreError], Callable[[], object]]] = [
        (prc.InvalidCardError, lambda: prc.parse_cards("Zz")),
        (prc.DuplicateCardError, lambda: prc.evaluate("As As Kd Qd Jd")),
        (prc.HandSizeError, lambda: prc.evaluate("As Kd")),
        (prc.UnknownGameError, lambda: prc.ranking("nope")),
    ]
    for error, call in cases:
        assert issubclass(error, prc.PyrankcoreError)
        try:
            call()
        except prc.PyrankcoreError as exc:
            message: str = str(exc)
            assert isinstance(exc, error) and message
        else:
            raise AssertionError(f"{error.__name__} not raised")


def open_face() -> None:
    ivey = prc.ofc.Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
    royalties: int = ivey.royalties
    fouled: bool = ivey.fouled
    assert (royalties, fouled) == (7, False)
    rows: tuple[int, int, int] = ivey.strengths
    assert rows[1] > 0 and ivey.describe()
    hellmuth = ofc.Board.from_cards("Ah Kd Qd 9h 9d 5h 5d 4c Ks Js 9s 8s 7s")
    points = prc.ofc.score([ivey, hellmuth])
    assert points[0] + 1 == 5
    triple = ("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
    assert ofc.score([triple, hellmuth.cards]) == points

    table = ofc.RoyaltyTable(middle_royal=40)
    rules = ofc.Rules(royalties=table, shoot_the_moon=True)
    pineapple = ofc.Rules.pineapple(fantasyland_cards="progressive")
    assert ofc.STANDARD_ROYALTIES.back_royal == 25
    queens = ofc.Board("Qs Qd 2c", "Td Ts 9c 9s 8c", "3h 3d 3s 2h 2d")
    cards: int = ofc.fantasyland(queens, pineapple)
    assert cards == 14 and ofc.fantasyland(queens) == 13
    stays: bool = ofc.stays_in_fantasyland(ivey, rules)
    assert stays is False

    board, value = ofc.solve_fantasyland("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    solved = ofc.solve_fantasyland_batch(["As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"], threads=1)
    assert_type(solved, list[tuple[ofc.Board, float]])
    assert solved[0][1] == 49.0
    assert_type(board, ofc.Board)
    assert_type(value, float)
    assert value + 1 == 50.0 and board.royalties >= 0

    deals = np.array([ivey.cards + hellmuth.cards], dtype=np.uint8).reshape(1, 2, 13)
    scores = ofc.score_batch(deals)
    assert_type(scores, npt.NDArray[np.int32])
    assert scores.tolist() == [points]
    batch_royalties = ofc.royalties_batch(deals, rules, threads=1)
    assert_type(batch_royalties, npt.NDArray[np.int32])
    assert batch_royalties.shape == (1, 2)
    assert ofc.royalties_batch([ivey.cards]).tolist() == [7]
    six_seats: int = ofc.check_deal([ofc.OFC_DEALT] * 6, ofc.Rules(decks=2))
    assert six_seats == 78


def hand_ranges() -> None:
    weighted = prc.parse_range("TT+, AKs:0.5")
    assert_type(weighted, Range)
    combo, weight = weighted[0]
    assert combo == (51, 50) and weight == 1.0
    live = prc.remove_dead(weighted, "As Kd")
    assert_type(live, list[tuple[tuple[int, ...], float]])
    omaha = prc.parse_range("AxAyxy", hole_cards=4)
    assert len(omaha) == 864 and len(live) == 24 + 2
    names: tuple[str, ...] = prc.GRID_NAMES
    group: list[tuple[int, ...]] = prc.combos(names[1])
    assert prc.grid_name(group[0]) == "AKs" and len(group) == 4
    try:
        prc.parse_range("AKx")
    except prc.RangeSyntaxError as exc:
        assert "'AKx'" in str(exc)


def omaha_point_counts() -> None:
    count = prc.hutchison_points("As Ad Ks Kd")
    assert_type(count, prc.HutchisonCount)
    total: float = count.total
    assert total > 0 and count.win_percent is not None
    hilo = prc.hutchison_points([51, 50, 3, 7], "Omaha Hi-Lo")
    assert hilo.win_percent is None


def main() -> None:
    cards_and_hands()
    rankings()
    batches()
    suit_rankings_and_names()
    variants()
    errors()
    open_face()
    hand_ranges()
    omaha_point_counts()


if __name__ == "__main__":
    main()
