"""Fantasyland: who enters (QQ or better on top, fixed or progressive
cards), who stays (classic and Pineapple rules), and the solver
(pyrankcore.ofc.solve_fantasyland) against the exhaustive search in
tests/references/ofc_reference.py, which does not use pyrankcore.

13- and 14-card hands (and a few 15-card ones) are compared exactly; for 16
and 17 cards an exhaustive search is too slow, so the result is checked for
legality and consistency and against lower bounds (exact solutions of
13-card subsets, random legal arrangements).
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from ofc_boards import (
    CUSTOM_TABLE,
    IVEY,
    A,
    board_with_front,
    custom_middle_quads_16,
    mixed_deals,
    ref_board,
)
from references import ofc_reference as ref

import pyrankcore
from pyrankcore import DuplicateCardError, HandSizeError, InvalidCardError
from pyrankcore.ofc import (
    Board,
    Rules,
    fantasyland,
    solve_fantasyland,
    stays_in_fantasyland,
)

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


# ------------------------------------------------------------------ solver


CLASSIC = Rules()
PINEAPPLE = Rules.pineapple()


def random_hand(rng: np.random.Generator, n: int) -> list[int]:
    return [int(c) for c in rng.permutation(52)[:n]]


def rich_hand(rng: np.random.Generator, n: int) -> list[int]:
    """A hand built to have choices: a suited run or flush draw, some pairs,
    trips or quads, then random filler."""
    chosen: list[int] = []

    def add(c: int) -> None:
        if c not in chosen and len(chosen) < n:
            chosen.append(c)

    suit = int(rng.integers(4))
    if rng.random() < 0.4:  # straight-flush material
        start = int(rng.integers(-1, 9))  # -1: the wheel A-2-3-4-5
        for r in range(start, start + int(rng.integers(5, 7))):
            add((r % 13) * 4 + suit)
    else:  # flush draw
        for r in rng.permutation(13)[: int(rng.integers(4, 8))]:
            add(int(r) * 4 + suit)
    for size in rng.choice([2, 2, 3, 3, 4], size=int(rng.integers(1, 4))):
        rank = int(rng.integers(13))
        for s in rng.permutation(4)[:size]:
            add(rank * 4 + int(s))
    for c in rng.permutation(52):
        add(int(c))
    return chosen


def stays_ref(board: Board, rules: Rules) -> bool:
    return rules.fantasyland and ref.stays(
        ref.RefBoard(board.front, board.middle, board.back), pineapple=(rules.stay == "pineapple")
    )


def check_consistent(hand, board, value, rules, stay_value, table=ref.STANDARD):
    """The returned board is legal, made of the input cards, and worth value."""
    assert isinstance(board, Board)
    assert len(board.front) == 3 and len(board.middle) == 5 and len(board.back) == 5
    cards = board.cards
    assert len(set(cards)) == 13
    assert set(cards) <= set(hand)
    assert not board.fouled
    r = ref.RefBoard(board.front, board.middle, board.back)
    assert not r.fouled, board
    staying = stays_ref(board, rules)
    assert staying == (rules.fantasyland and stays_in_fantasyland(board, rules))
    expected = r.royalties(table) + (stay_value if staying else 0.0)
    assert value == pytest.approx(expected, abs=1e-9), board
    assert value == pytest.approx(
        sum(board.row_royalties_under(rules)) + (stay_value if staying else 0.0), abs=1e-9
    )


def check_exact(hand, rules=CLASSIC, stay_value=0.0, table=ref.STANDARD):
    board, value = solve_fantasyland(hand, rules, stay_value=stay_value)
    check_consistent(hand, board, value, rules, stay_value, table)
    best = ref.solve(
        hand,
        table=table,
        stay_value=stay_value if rules.fantasyland else 0.0,
        pineapple_stay=(rules.stay == "pineapple"),
    )
    assert value == pytest.approx(best[0], abs=1e-9), (pyrankcore.format_cards(hand), board, best)
    return board, value


# ------------------------------------------------------------------ examples


def test_docstring_example():
    board, value = solve_fantasyland("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    assert value == 49.0  # AAA 22 + full house 12 + SF 15
    assert board == Board("As Ad Ah", "Kc Kd 7s 7d 7c", "2h 3h 4h 5h 6h")
    check_exact(pyrankcore.parse_cards("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"))


def test_value_is_a_float_and_board_accepts_text():
    board, value = solve_fantasyland("2c 3d 4h 5s 7c 8d 9h Js Kc Ad 6h Tc Qd")
    assert isinstance(value, float)
    assert isinstance(board, Board)


def test_all_one_suit():
    spades = [r * 4 + 3 for r in range(13)]
    board, value = check_exact(spades)
    assert value == check_exact(spades, PINEAPPLE)[1]


def test_stay_value_can_change_the_best_board():
    # AAA on top stays; without a stay bonus a bigger royalty elsewhere may win
    hand = pyrankcore.parse_cards("Ac Ad Ah Kh Qh Jh Th 9h 8h 2c 2d 3s 4s")
    b0, v0 = check_exact(hand)
    b1, v1 = check_exact(hand, stay_value=30.0)
    assert v1 >= v0
    b2, v2 = check_exact(hand, PINEAPPLE, stay_value=30.0)
    assert v2 <= v1


def test_quads_and_full_house_hands():
    for text in [
        "Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh Js Jd",
        "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 5s 5d",
        "9c 9d 9h Tc Td Th Jc Jd Jh Qc Qd Qh Kc",
        "Ac Kc Qc Jc Tc 9c 8c 7c Ad Ah 2s 3s 4s",
    ]:
        hand = pyrankcore.parse_cards(text)
        # both stay rules, and a stay value (every pairing of the two is
        # compared on random hands below)
        check_exact(hand, CLASSIC, 0.0)
        check_exact(hand, PINEAPPLE, 11.0)


# ------------------------------------------------------- exact, random hands


@pytest.mark.parametrize("seed", range(2))
def test_random_13_cards_default_rules(seed):
    rng = np.random.default_rng(1000 + seed)
    for _ in range(8):
        check_exact(random_hand(rng, 13))


@pytest.mark.parametrize("seed", range(2))
def test_random_14_cards_pineapple(seed):
    rng = np.random.default_rng(2000 + seed)
    for _ in range(4):
        check_exact(random_hand(rng, 14), PINEAPPLE)


@pytest.mark.parametrize(
    "n,rules,stay",
    [
        (13, CLASSIC, 12.5),
        (13, CLASSIC, 3.0),
        (13, Rules(stay="pineapple"), 7.25),
        (14, PINEAPPLE, 9.0),
        (14, Rules(fixed_cards=14), 20.0),  # 14 cards, classic stay rule
    ],
)
def test_random_hands_with_stay_value(n, rules, stay):
    rng = np.random.default_rng(int(stay * 100) + n)
    for _ in range(6 if n == 13 else 3):
        check_exact(random_hand(rng, n), rules, stay)


@pytest.mark.parametrize(
    "n,rules,stay",
    [
        (13, CLASSIC, 0.0),
        (13, CLASSIC, 15.0),
        (13, Rules(stay="pineapple"), 15.0),
        (14, PINEAPPLE, 0.0),
        (14, PINEAPPLE, 20.0),
        (14, Rules(fixed_cards=14), 6.5),
    ],
)
def test_rich_hands(n, rules, stay):
    rng = np.random.default_rng(n * 1000 + int(stay * 10) + (rules.stay == "pineapple"))
    for _ in range(10 if n == 13 else 4):
        check_exact(rich_hand(rng, n), rules, stay)


def test_custom_royalty_table():
    rng = np.random.default_rng(77)
    rules = Rules(royalties=custom_middle_quads_16())
    for _ in range(5):
        check_exact(rich_hand(rng, 13), rules, 0.0, CUSTOM_TABLE)
    # quads in the middle: the custom table pays 16 instead of 20
    hand = pyrankcore.parse_cards("Jc Jd Jh Js 3c 6h 7h 8h 9h Th 2c 3d 5s")
    _, standard = check_exact(hand)
    _, custom = check_exact(hand, rules, 0.0, CUSTOM_TABLE)
    assert custom <= standard


def test_fantasyland_off_ignores_stay_value():
    rng = np.random.default_rng(5)
    rules = Rules(fantasyland=False)
    for _ in range(3):
        hand = rich_hand(rng, 13)
        board, value = check_exact(hand, rules, stay_value=25.0)
        assert value == solve_fantasyland(hand)[1]


def test_progressive_rules_do_not_change_the_solution():
    rng = np.random.default_rng(6)
    for _ in range(5):
        hand = rich_hand(rng, 14)
        assert (
            solve_fantasyland(hand, Rules(fantasyland_cards="progressive"), 5.0)[1]
            == solve_fantasyland(hand, CLASSIC, 5.0)[1]
        )


def test_15_cards_exact():
    # one 15-card hand against the exhaustive search (seconds of pure Python);
    # the rules and stay values are compared exactly on 13 and 14 cards
    rng = np.random.default_rng(3001)
    check_exact(rich_hand(rng, 15), CLASSIC, stay_value=8.0)


def test_input_order_does_not_matter():
    rng = np.random.default_rng(8)
    for n in (13, 14, 16):
        hand = rich_hand(rng, n)
        value = solve_fantasyland(hand, PINEAPPLE, 4.0)[1]
        for _ in range(3):
            shuffled = [int(c) for c in rng.permutation(hand)]
            assert solve_fantasyland(shuffled, PINEAPPLE, 4.0)[1] == value
        assert solve_fantasyland(pyrankcore.format_cards(hand), PINEAPPLE, 4.0)[1] == value


# ----------------------------------------------------------- 15 to 17 cards


def random_legal_values(hand, rng, rules, stay_value, tries=100):
    """Values of random legal arrangements of 13 of the cards."""
    out = []
    for _ in range(tries):
        pick = [int(c) for c in rng.permutation(hand)[:13]]
        r = ref.RefBoard.from_ids(pick)
        if not r.fouled:
            staying = ref.stays(r, pineapple=(rules.stay == "pineapple"))
            out.append(r.royalties() + (stay_value if staying else 0.0))
    return out


@pytest.mark.parametrize("n", [15, 16, 17])
@pytest.mark.parametrize("rules,stay", [(CLASSIC, 0.0), (PINEAPPLE, 10.0)])
def test_large_hands_are_legal_and_beat_lower_bounds(n, rules, stay):
    rng = np.random.default_rng(n * 10 + int(stay))
    for i in range(2):
        hand = rich_hand(rng, n) if i % 2 else random_hand(rng, n)
        board, value = solve_fantasyland(hand, rules, stay_value=stay)
        check_consistent(hand, board, value, rules, stay)
        for v in random_legal_values(hand, rng, rules, stay):
            assert value >= v - 1e-9
        # exact solutions of 13-card subsets are lower bounds
        for _ in range(2):
            sub = [int(c) for c in rng.permutation(hand)[:13]]
            best = ref.solve(sub, stay_value=stay, pineapple_stay=(rules.stay == "pineapple"))
            assert value >= best[0] - 1e-9, (pyrankcore.format_cards(hand), board, best)


def test_more_cards_never_hurt():
    rng = np.random.default_rng(9)
    for _ in range(6):
        hand = rich_hand(rng, 17)
        values = [solve_fantasyland(hand[:n], CLASSIC, 6.0)[1] for n in range(13, 18)]
        assert values == sorted(values), values


def test_a_17_card_hand_with_everything():
    hand = pyrankcore.parse_cards("Ac Ad Ah As Kc Kd Kh Ks Th Jh Qh 9h 8h 2c 2d 2h 3s")
    board, value = solve_fantasyland(hand)
    check_consistent(hand, board, value, CLASSIC, 0.0)
    # e.g. AAA? no: quads are better -- at least 222 top (10) + quads (20) +
    # straight flush (15) is reachable: 2c 2d 2h / Kc Kd Kh Ks 3s / 8h 9h Th Jh Qh
    assert value >= 10 + 20 + 15
    assert Board("2c 2d 2h", "Kc Kd Kh Ks 3s", "8h 9h Th Jh Qh").royalties == 45


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("n", [0, 12, 18, 52])
def test_wrong_number_of_cards(n):
    with pytest.raises(HandSizeError):
        solve_fantasyland(list(range(n)))


def test_duplicate_and_invalid_cards():
    with pytest.raises(DuplicateCardError):
        solve_fantasyland("As As Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    with pytest.raises(DuplicateCardError):
        solve_fantasyland(list(range(13)) + [0])
    with pytest.raises(InvalidCardError):
        solve_fantasyland(list(range(12)) + [52])
    with pytest.raises(InvalidCardError):
        solve_fantasyland("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h Xx")


def test_bad_stay_values():
    hand = list(range(13))
    with pytest.raises(ValueError):
        solve_fantasyland(hand, stay_value=-1.0)
    with pytest.raises(ValueError):
        solve_fantasyland(hand, stay_value=-1)
    for bad in ("1", None, True, [1.0]):
        with pytest.raises(TypeError):
            solve_fantasyland(hand, stay_value=bad)


def test_numpy_scalar_stay_values_are_numbers():
    hand = pyrankcore.parse_cards("As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h")
    expected = solve_fantasyland(hand, stay_value=3)[1]
    assert solve_fantasyland(hand, stay_value=np.float64(3.0))[1] == expected
    assert solve_fantasyland(hand, stay_value=np.int64(3))[1] == expected


_CHILD = """
import sys
from pyrankcore.ofc import solve_fantasyland
hand = "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"
try:
    board, value = solve_fantasyland(hand, stay_value=float(sys.argv[1]))
except ValueError:
    print("ValueError")
else:
    print("OK", board, value)
"""


def _solve_in_child(stay: str) -> subprocess.CompletedProcess:
    """Run the solver in a child process: a crash must not take pytest down."""
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(pyrankcore.__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    # cwd: from the checkout root, `python -c` would import the source folder
    return subprocess.run(
        [sys.executable, "-c", _CHILD, stay],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=os.path.dirname(__file__),
    )


@pytest.mark.parametrize("stay", ["nan", "inf"])
def test_non_finite_stay_value_is_rejected(stay):
    proc = _solve_in_child(stay)
    assert proc.returncode == 0, f"solver crashed (exit {proc.returncode}): {proc.stderr}"
    assert proc.stdout.strip() == "ValueError", proc.stdout


@pytest.mark.parametrize("stay", ["1e300", "3e9", "2147483647.5"])
def test_huge_stay_value_is_handled(stay):
    """Either rejected with ValueError or solved correctly (the staying board:
    AAA on top), never a crash."""
    proc = _solve_in_child(stay)
    assert proc.returncode == 0, f"solver crashed (exit {proc.returncode}): {proc.stderr}"
    out = proc.stdout.strip()
    if out != "ValueError":
        assert out.startswith("OK"), out
        assert float(out.split(")")[-1]) == pytest.approx(49.0 + float(stay))


_CHILD_TABLE = """
from pyrankcore.ofc import RoyaltyTable, Rules, solve_fantasyland
try:
    rules = Rules(royalties=RoyaltyTable(middle_royal=2_000_000_000,
                                         back_royal=2_000_000_000))
    board, value = solve_fantasyland("Ac Kc Qc Jc Tc Ad Kd Qd Jd Td 2h 3s 4h", rules)
except (ValueError, OverflowError):
    print("ValueError")
else:
    print("OK", board, value)
"""


def test_huge_royalty_table_is_rejected_or_solved():
    """Royalties whose sum overflows a C int: reject the table, or solve it
    right (two royal flushes, 4e9), never crash."""
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(pyrankcore.__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD_TABLE],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=os.path.dirname(__file__),
    )
    assert proc.returncode == 0, f"solver crashed (exit {proc.returncode}): {proc.stderr}"
    out = proc.stdout.strip()
    if out != "ValueError":
        assert out.startswith("OK"), out
        assert float(out.split(")")[-1]) == 4_000_000_000.0
