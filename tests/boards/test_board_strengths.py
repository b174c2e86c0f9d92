"""Every hand on a board at once (pyrankcore.boards): the combo order, each
combo's strength against the slow reference and the scalar evaluators,
many boards and threads, the sorted order and its tie groups, bad input."""

import itertools
import math

import numpy as np
import pytest
from references import reference as ref

import pyrankcore as prc
from pyrankcore.boards import (
    SortedBoard,
    all_combos,
    board_strengths,
    combo_index,
    hole_combos,
)


def random_board(rng, n, deck=range(52)):
    return [int(c) for c in rng.choice(list(deck), n, replace=False)]


@pytest.mark.parametrize("k", [2, 4])
def test_combo_order_is_lexicographic_and_indexed(k):
    table = all_combos(k)
    assert len(table) == math.comb(52, k)
    assert [tuple(r) for r in table[:3].tolist()] == list(
        itertools.islice(itertools.combinations(range(52), k), 3)
    )
    assert table.tolist() == sorted(table.tolist())
    rng = np.random.default_rng(k)
    rows = rng.integers(0, len(table), 500)
    shuffled = np.array([rng.permutation(r) for r in table[rows]])
    assert combo_index(shuffled).tolist() == rows.tolist()


def test_hole_combos_per_game():
    assert hole_combos().shape == (1326, 2)
    assert hole_combos("Omaha").shape == (270725, 4)
    short = hole_combos("Short-deck Hold'em")
    assert short.shape == (math.comb(36, 2), 2)
    assert short.min() >= 16  # sixes and up: rank 4 * 4
    assert hole_combos("Courchevel").shape[1] == 5


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_holdem_strengths_order_like_the_slow_reference(n_board):
    rng = np.random.default_rng(n_board)
    board = random_board(rng, n_board)
    combos = hole_combos()
    s = board_strengths(board, combos=combos)
    live = [i for i, c in enumerate(combos.tolist()) if not set(c) & set(board)]
    assert (s < 0).sum() == len(combos) - len(live)
    assert all(s[i] >= 0 for i in live)
    sample = rng.choice(live, 120, replace=False)
    values = {int(i): ref.best_value(combos[i].tolist() + board) for i in sample}
    for a, b in itertools.combinations(values, 2):
        assert (s[a] > s[b]) == (values[a] > values[b])
        assert (s[a] == s[b]) == (values[a] == values[b])
    # and each equals the scalar evaluator's strength
    for i in sample[:40]:
        assert s[i] == prc.evaluate(combos[i].tolist() + board)


@pytest.mark.parametrize(
    ("game", "ranking"),
    [
        ("high", "high"),
        ("ace_five_8", "ace_five_8"),
        ("deuce_seven", "deuce_seven"),
        ("Short-deck Hold'em", "short_deck"),
    ],
)
def test_rankings_equal_the_scalar_evaluator(game, ranking):
    rng = np.random.default_rng(7)
    deck = [c for c in range(52) if c >= 16] if ranking == "short_deck" else range(52)
    combos = hole_combos(game)
    for n_board in (3, 5):
        board = random_board(rng, n_board, deck)
        s = board_strengths(board, game, combos=combos)
        for i in rng.choice(len(combos), 60, replace=False):
            c = combos[i].tolist()
            want = -1 if set(c) & set(board) else prc.evaluate(c + board, ranking)
            assert s[i] == want


@pytest.mark.parametrize(("hole", "n_board"), [(4, 5), (4, 3), (5, 4), (6, 5)])
def test_omaha_strengths_equal_evaluate_omaha(hole, n_board):
    rng = np.random.default_rng(hole * 10 + n_board)
    board = random_board(rng, n_board)
    game = {4: "Omaha", 5: "Courchevel", 6: "Six-card Omaha"}[hole]
    rest = [c for c in range(52) if c not in board]
    combos = np.array([random_board(rng, hole, rest) for _ in range(200)], dtype=np.uint8)
    s = board_strengths(board, game, combos=combos)
    for i in range(len(combos)):
        assert s[i] == prc.evaluate_omaha(combos[i].tolist(), board)


def test_hilo_halves():
    board = prc.parse_cards("Ah 2d 5c 9s Kd")
    combos = np.array(
        [prc.parse_cards("3c 4d 7h 8s"), prc.parse_cards("Qc Qd Js Ts")], dtype=np.uint8
    )
    hi = board_strengths(board, "Omaha Hi-Lo 8", combos=combos, half="high")
    lo = board_strengths(board, "Omaha Hi-Lo 8", combos=combos, half="low")
    assert hi.tolist() == [prc.evaluate_omaha(c.tolist(), board) for c in combos]
    assert lo[1] == 0 and lo[0] > 0  # no qualifying low for the queens
    with pytest.raises(prc.InvalidArgumentError, match="half"):
        board_strengths(board, "Omaha Hi-Lo 8", combos=combos)


def test_many_boards_equal_one_at_a_time_on_any_number_of_threads():
    rng = np.random.default_rng(3)
    boards = np.array([random_board(rng, 5) for _ in range(300)], dtype=np.uint8)
    combos = hole_combos()
    many = board_strengths(boards, combos=combos, threads=2)
    one = board_strengths(boards, combos=combos)
    assert many.shape == (300, 1326)
    assert (many == one).all()
    for b in (0, 150, 299):
        assert (many[b] == board_strengths(boards[b].tolist(), combos=combos)).all()


def test_combos_as_range_text_and_hands():
    s = board_strengths("Ks 7d 2c", combos="AA")
    assert s.shape == (6,)
    t = board_strengths("Ks 7d 2c", combos=["As Ah", "Kd Kh"])
    assert t[1] > t[0] > 0


def test_sorted_board_order_and_tie_groups():
    sb = SortedBoard("Ah Kh Qh 7c 2d")
    s = sb.strengths
    assert len(sb.order) == (s >= 0).sum() == 1081
    ranked = s[sb.order]
    assert (np.diff(ranked) >= 0).all()
    for g in range(len(sb.groups) - 1):
        group = ranked[sb.groups[g] : sb.groups[g + 1]]
        assert (group == group[0]).all()
        if g:
            assert ranked[sb.groups[g] - 1] < group[0]
    assert len(sb.groups) - 1 == len(set(ranked.tolist()))
    # equal strengths keep their index order (a stable sort)
    for g in range(len(sb.groups) - 1):
        idx = sb.order[sb.groups[g] : sb.groups[g + 1]]
        assert (np.diff(idx) > 0).all()
    assert sb.combos[sb.order[-1]].tolist() == prc.parse_cards("Th Jh")[::-1] or sorted(
        sb.combos[sb.order[-1]].tolist()
    ) == sorted(prc.parse_cards("Th Jh"))
    with pytest.raises(ValueError):
        sb.order[0] = 1  # read-only


def test_a_board_that_plays_is_one_tie_group():
    sb = SortedBoard("As Ks Qs Js Ts")
    assert len(sb.groups) == 2
    assert (sb.strengths[sb.order] == 7462).all()


@pytest.mark.parametrize(
    ("board", "kwargs", "error", "match"),
    [
        ("Ah Ah Kd", {}, prc.DuplicateCardError, "twice|duplicate"),
        ("Ah Kd", {}, prc.HandSizeError, "4-card hands"),
        ("Ah Kd Qc Js Tc 9c", {}, prc.HandSizeError, "8-card hands"),
        ("Ah Kd Zc", {}, prc.InvalidCardError, "Zc"),
        ("Ah Kd Qc", {"combos": np.array([[1, 1]])}, prc.DuplicateCardError, "twice"),
        ("Ah Kd Qc", {"combos": np.array([[1, 60]])}, prc.InvalidArgumentError, "0..51"),
        ("Ah Kd Qc", {"combos": ["As Ks", "Qd"]}, prc.HandSizeError, "same number"),
        ("Ah Kd Qc", {"game": "Razz"}, prc.InvalidArgumentError, "no board"),
        (
            "Ah Kd Qc",
            {"game": prc.ranking("high", wild="jokers")},
            prc.InvalidArgumentError,
            "wild",
        ),
        ("Ah Kd Qc", {"game": "Omaha", "combos": np.array([[1, 2, 3]])}, prc.HandSizeError, "3"),
        (
            "7h 8d 9c",
            {"game": "Short-deck Hold'em", "combos": np.array([[0, 1]])},
            prc.InvalidCardError,
            "not in the deck",
        ),
    ],
)
def test_bad_input_gets_a_clear_error(board, kwargs, error, match):
    kw = dict(kwargs)
    game = kw.pop("game", "Hold'em")
    with pytest.raises(error, match=match):
        board_strengths(board, game, **kw)


def test_sorted_board_refuses_repeats_and_wide_combos():
    with pytest.raises(prc.InvalidArgumentError, match="twice"):
        SortedBoard("Ah Kd Qc", combos=["As Ks", "Ks As"])
    with pytest.raises(prc.HandSizeError, match="2 or 4"):
        SortedBoard("Ah Kd Qc 2s 3s", "Courchevel")
    with pytest.raises(prc.InvalidArgumentError, match="one board"):
        SortedBoard(np.zeros((2, 5), dtype=np.uint8))
