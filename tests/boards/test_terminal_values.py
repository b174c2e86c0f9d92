"""Showdown and fold values with card removal (pyrankcore.solver and
SortedBoard) against the naive double loop: every pair of hands compared
directly, hold'em, short deck, Omaha and a low ranking, random reach
(zeros included), many reach vectors, float32 and float64; edge cases of
card removal and ties; bad input."""

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.boards import SortedBoard, board_strengths, hole_combos
from pyrankcore.solver import fold_values, showdown_values


def naive(board, game, hands, opp, reach, win, tie, lose, half=None, fold=False):
    """For each hand, sum over the opponent's hands that share no card with
    it or the board: the reach times the payoff of the comparison."""
    hs = board_strengths(board, game, combos=hands, half=half)
    os_ = board_strengths(board, game, combos=opp, half=half)
    out = np.zeros((reach.shape[0], len(hands)))
    hand_sets = [set(h) for h in hands.tolist()]
    opp_sets = [set(o) for o in opp.tolist()]
    for i, h in enumerate(hand_sets):
        if hs[i] < 0:
            continue
        for j, o in enumerate(opp_sets):
            if os_[j] < 0 or h & o:
                continue
            if fold:
                pay = win
            else:
                pay = win if hs[i] > os_[j] else tie if hs[i] == os_[j] else lose
            out[:, i] += pay * reach[:, j]
    return out


def sample(rng, combos, n):
    return combos[np.sort(rng.choice(len(combos), n, replace=False))]


@pytest.mark.parametrize(
    ("game", "board", "half"),
    [
        ("Hold'em", "Ks 7d 2c 9h 4s", None),
        ("Hold'em", "Ah Kh Qh 7c 2d", None),
        ("Short-deck Hold'em", "As Ks 9c 8h 7h", None),
        ("ace_five_8", "2h 5d 7c Ks Qd", None),
        ("Omaha", "Ks 7d 2c 9h 4s", None),
        ("Omaha Hi-Lo 8", "3h 5d 7c Ks Qd", "low"),
    ],
)
def test_values_equal_the_naive_double_loop(game, board, half):
    rng = np.random.default_rng(len(board) + len(game))
    all_combos = hole_combos(game)
    n = 150 if all_combos.shape[1] == 4 else 300
    hands = sample(rng, all_combos, n)
    opp = sample(rng, all_combos, n)
    reach = rng.random((3, n))
    reach[:, rng.choice(n, n // 5, replace=False)] = 0.0
    got = showdown_values(
        board, hands, opp, reach, game=game, win=2.0, tie=0.5, lose=-1.5, half=half
    )
    want = naive(board, game, hands, opp, reach, 2.0, 0.5, -1.5, half)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)
    folded = fold_values(board, hands, opp, reach, game=game, amount=3.0, half=half)
    np.testing.assert_allclose(
        folded, naive(board, game, hands, opp, reach, 3.0, 0, 0, half, True), rtol=1e-9, atol=1e-9
    )


def test_sorted_board_over_every_holdem_combo():
    sb = SortedBoard("Jc 8d 8h 3s 2c")
    rng = np.random.default_rng(5)
    reach = rng.random((2, len(sb)))
    got = sb.showdown_values(reach, win=1.0, tie=0.25, lose=-1.0)
    rows = rng.choice(len(sb), 60, replace=False)
    want = naive(sb.board.tolist(), "Hold'em", sb.combos[rows], sb.combos, reach, 1.0, 0.25, -1.0)
    np.testing.assert_allclose(got[:, rows], want, rtol=1e-9, atol=1e-9)


def test_float32_in_float32_out_and_one_vector():
    sb = SortedBoard("Ks 7d 2c 9h 4s")
    reach = np.random.default_rng(1).random(len(sb)).astype(np.float32)
    v32 = sb.showdown_values(reach)
    v64 = sb.showdown_values(reach.astype(np.float64))
    assert v32.dtype == np.float32 and v32.shape == (len(sb),)
    np.testing.assert_allclose(v32, v64, rtol=1e-6, atol=1e-5)


def test_threads_give_the_same_values():
    sb = SortedBoard("Ks 7d 2c 9h 4s")
    reach = np.random.default_rng(2).random((9, len(sb)))
    one = sb.showdown_values(reach)
    assert (sb.showdown_values(reach, threads=2) == one).all()
    assert (sb.fold_values(reach, threads=2) == sb.fold_values(reach)).all()


def test_card_removal_edge_cases():
    board = "Ks 7d 2c 9h 4s"
    # every opponent hand collides with the hero's cards: nothing to win or lose
    v = showdown_values(board, ["As Ad"], ["As Kd", "Ad Qc", "As Ad"], np.ones(3))
    assert v.tolist() == [0.0]
    assert fold_values(board, ["As Ad"], ["As Kd", "Ad Qc"], np.ones(2)).tolist() == [0.0]
    # one opponent hand; zero reach
    assert showdown_values(board, ["As Ad"], ["Qc Qd"], np.ones(1)).tolist() == [1.0]
    assert showdown_values(board, ["As Ad"], ["Qc Qd"], np.zeros(1)).tolist() == [0.0]
    # a hand that shares a card with the board is worth 0
    assert showdown_values(board, ["Ks Ad"], ["Qc Qd"], np.ones(1)).tolist() == [0.0]
    # a board that plays: every hand ties every hand that leaves its cards
    sb = SortedBoard("As Ks Qs Js Ts")
    v = sb.showdown_values(np.ones(len(sb)), win=1.0, tie=0.5, lose=-1.0)
    live = sb.strengths >= 0
    assert (v[live] == 0.5 * 990).all() and (v[~live] == 0).all()


def test_hero_and_opponent_lists_may_differ_in_size_and_overlap():
    board = "Qs Jd 4c 4h 8s"
    # every listed hand has its entry; those on the board's cards count for nothing
    v = showdown_values(board, "AA,KK", "AKs,QQ,44", np.ones(16))
    assert v.shape == (12,)
    assert (v == showdown_values(board, "AA,KK", "AKs,QdQc,QdQh,QcQh,4d4s", np.ones(8))).all()
    reach = np.ones((2, 16))
    assert showdown_values(board, "AA,KK", "AKs,QQ,44", reach).shape == (2, 12)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda sb: sb.showdown_values(np.ones(5)), prc.InvalidArgumentError, "shape"),
        (lambda sb: sb.showdown_values(np.ones((2, 3, 1326))), prc.InvalidArgumentError, "shape"),
        (lambda sb: sb.showdown_values(np.full(1326, np.nan)), prc.InvalidArgumentError, "NaN"),
        (lambda sb: sb.showdown_values(-np.ones(1326)), prc.InvalidArgumentError, ">= 0"),
        (
            lambda sb: sb.showdown_values(np.ones(1326), win=float("inf")),
            prc.InvalidArgumentError,
            "finite",
        ),
        (lambda sb: sb.showdown_values(np.array(["a"] * 1326)), TypeError, "float"),
        (lambda sb: sb.fold_values(np.ones(1326), amount="1"), TypeError, "number"),
    ],
)
def test_bad_reach_gets_a_clear_error(call, error, match):
    with pytest.raises(error, match=match):
        call(SortedBoard("Ks 7d 2c 9h 4s"))


def test_bad_lists_get_a_clear_error():
    with pytest.raises(prc.InvalidArgumentError, match="hands: a hand is listed twice"):
        showdown_values("Ks 7d 2c 9h 4s", ["As Ad", "Ad As"], None, np.ones(2))
    with pytest.raises(prc.InvalidArgumentError, match="opponent_reach"):
        showdown_values("Ks 7d 2c 9h 4s", ["As Ad"], ["Qc Qd"], np.ones(2))
    with pytest.raises(prc.DuplicateCardError):
        showdown_values("Ks Ks 2c 9h 4s", ["As Ad"], ["Qc Qd"], np.ones(1))


def payoff_matrix(sb, win, tie, lose, fold):
    """(n, n): the payoff to combo i per unit of the opponent's reach on
    combo j, every pair compared directly (0 where they clash or one of
    them holds a board card)."""
    s = np.asarray(sb.strengths, dtype=np.int64)
    sets = [set(c) for c in sb.combos.tolist()]
    n = len(sets)
    m = np.zeros((n, n))
    for i in range(n):
        if s[i] < 0:
            continue
        for j in range(n):
            if s[j] < 0 or sets[i] & sets[j]:
                continue
            m[i, j] = win if fold else win if s[i] > s[j] else tie if s[i] == s[j] else lose
    return m


@pytest.mark.parametrize("board", ["Jc 8d 8h 3s 2c", "As Ks Qs Js Ts", "Ah Kh Qh 7c 2d"])
def test_every_block_of_reach_vectors_and_both_float_types(board):
    # the kernel takes eight vectors side by side, then four, then one:
    # every count of vectors, float32 and float64 reach, against every pair
    # of combos compared directly
    sb = SortedBoard(board)
    rng = np.random.default_rng(len(board))
    pay = payoff_matrix(sb, 2.0, 0.25, -1.5, False)
    fold = payoff_matrix(sb, 3.0, 0.0, 0.0, True)
    for R in (1, 3, 4, 5, 8, 9, 13, 19):
        reach = rng.random((R, len(sb)))
        reach[:, rng.choice(len(sb), 200, replace=False)] = 0.0
        for dtype, tol in ((np.float64, 1e-9), (np.float32, 1e-4)):
            r = reach.astype(dtype)
            got = sb.showdown_values(r, win=2.0, tie=0.25, lose=-1.5)
            assert got.dtype == dtype and got.shape == (R, len(sb))
            want = r.astype(np.float64) @ pay.T
            np.testing.assert_allclose(got, want, rtol=tol, atol=tol * 100)
            got = sb.fold_values(r, amount=3.0)
            np.testing.assert_allclose(got, r.astype(np.float64) @ fold.T, rtol=tol, atol=tol * 100)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf, -1e-300])
def test_a_bad_reach_value_anywhere_is_refused(dtype, bad):
    sb = SortedBoard("Ks 7d 2c 9h 4s")
    on_board = int(np.flatnonzero(sb.strengths < 0)[0])  # counts for nothing, checked anyway
    live = int(sb.order[17])
    for R, row, col in ((1, 0, live), (12, 9, live), (12, 11, on_board), (5, 4, on_board)):
        reach = np.ones((R, len(sb)), dtype=dtype)
        reach[row, col] = bad
        if dtype == np.float32 and bad == -1e-300:
            reach[row, col] = -1e-30
        for call in (sb.showdown_values, sb.fold_values):
            with pytest.raises(prc.InvalidArgumentError, match="finite and >= 0"):
                call(reach)
    # a negative zero is a zero
    reach = np.ones((3, len(sb)), dtype=dtype)
    reach[1, live] = -0.0
    want = np.ones((3, len(sb)), dtype=dtype)
    want[1, live] = 0.0
    assert (sb.showdown_values(reach) == sb.showdown_values(want)).all()


def test_terminal_board_checks_its_arrays_once_and_the_reach_each_call():
    import pickle

    sb = SortedBoard("Ks 7d 2c 9h 4s")
    tb = sb.terminal
    assert tb is sb.terminal and len(tb) == len(sb)
    reach = np.random.default_rng(3).random((2, len(sb)))
    out = np.empty_like(reach)
    tb.values_into(reach, out, 1.0, 0.0, -1.0, False)
    assert (out == sb.showdown_values(reach)).all()
    again = pickle.loads(pickle.dumps(tb))
    out2 = np.empty_like(reach)
    again.values_into(reach, out2, 1.0, 0.0, -1.0, False)
    assert (out2 == out).all()
    with pytest.raises(TypeError, match="reach must be a float32 or float64 array"):
        tb.values_into(reach.astype(np.int64), out, 1.0, 0.0, -1.0, False)
    with pytest.raises(prc.InvalidArgumentError, match=r"out must be C-contiguous of shape"):
        tb.values_into(reach, out[:, :5], 1.0, 0.0, -1.0, False)
    with pytest.raises(prc.InvalidArgumentError, match="same number of rows"):
        tb.values_into(reach, out[:1], 1.0, 0.0, -1.0, False)
    with pytest.raises(prc.InvalidArgumentError, match="C-contiguous"):
        tb.values_into(np.asfortranarray(reach), out, 1.0, 0.0, -1.0, False)
    # the sorted data is checked when the object is made
    order = sb.order.copy()
    order[[0, -1]] = order[[-1, 0]]
    with pytest.raises(prc.InvalidArgumentError, match="order"):
        prc._core.TerminalBoard(sb.strengths, order, sb.subsets)
