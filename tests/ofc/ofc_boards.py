"""Boards, deals and rules that several OFC test files use.

The hand-made boards are checked against the reference in
test_ofc_rules.py::test_fixture_boards_are_what_the_tests_assume.
"""

from __future__ import annotations

import numpy as np
from references import ofc_reference as ref

import pyrankcore
from pyrankcore import Category
from pyrankcore.ofc import STANDARD_ROYALTIES, Board, RoyaltyTable, Rules, solve_fantasyland

RANKS = "23456789TJQKA"
TWO = Rules(decks=2)
DOUBLE_DECK = np.repeat(np.arange(52), 2)  # two decks: every card id twice

# Hand-made boards on disjoint cards (A, B2, D, F use 52 cards together).
A = Board("Ac Ad 3c", "Kc Kd Kh 5s 6d", "7h 8h 9h Th Jh")  # AA 9, trips 2, SF 15
B = Board("2c 3d 4h", "5c 5d 7s 8c 9d", "Qs Qh 9s 9c 2s")  # no royalties
D = Board("As Ah Qd", "2c 3d 5h 7s 9c", "Qc 4h 4s 6c 8d")  # fouled (AA over 9 high)
B2 = Board("2d 3h 4c", "5c 5d 7c 8c 9d", "Tc Td Ts Jc Jd")  # back full house 6
F = Board("6h 6s 2h", "Qh Qs 3s 4d 7d", "Ks Js 9s 8s 2s")  # 66 1, back flush 4
IVEY = Board("6s 6c 4h", "Td Ts 9c Qs 8c", "3h 3d 3s 2h 2d")
HELLMUTH = Board("Ah Kd Qd", "9h 9d 5h 5d 4c", "Ks Js 9s 8s 7s")

FRONT = "2c 3d 5h"  # weakest useful front: high card, no royalty


def ref_board(board: Board) -> ref.RefBoard:
    return ref.RefBoard(board.front, board.middle, board.back)


def board_with_front(front: str) -> Board:
    """A legal frame for front tests: the front uses clubs/diamonds/hearts
    only, the middle is the spade flush A-Q-9-7-3 and the back a full house
    from the clubs/diamonds/hearts of two ranks the front does not use."""
    used = {c[0] for c in front.split()}
    free = [r for r in "KJT8654" if r not in used]
    x, y = free[0], free[1]
    back = f"{x}c {x}d {x}h {y}c {y}d"
    return Board(front, "As Qs 9s 7s 3s", back)


def custom_middle_quads_16() -> RoyaltyTable:
    """The standard table with middle quads paying 16 instead of 20."""
    middle = tuple(
        (cat, 16 if cat == Category.FOUR_OF_A_KIND else pts)
        for cat, pts in STANDARD_ROYALTIES.middle
    )
    return RoyaltyTable(middle=middle)


# The same table in the reference's terms.
CUSTOM_TABLE = ref.table_with(middle={ref.QUADS: 16})


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
