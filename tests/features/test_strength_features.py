"""Hand-strength features (pyrankcore.features) against brute force: every
opponent hand and every completion of the board enumerated with the scalar
evaluator, for a random opponent and a weighted range."""

import inspect
import itertools

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.boards import hole_combos
from pyrankcore.features import (
    ehs,
    ehs2,
    equity_histogram,
    hand_strength,
    potential,
    river_strengths,
    strength_features,
)

COMBOS = hole_combos()
ROW = {tuple(sorted(c)): i for i, c in enumerate(COMBOS.tolist())}


def brute_strength(hero, board, weight=None):
    """(beat + tie / 2) / all over every opponent hand apart from hero and
    board, each weighted (default 1)."""
    mine = prc.evaluate(list(hero) + board)
    num = den = 0.0
    for opp in itertools.combinations(
        [c for c in range(52) if c not in hero and c not in board], 2
    ):
        w = 1.0 if weight is None else weight[ROW[tuple(sorted(opp))]]
        if w == 0:
            continue
        theirs = prc.evaluate(list(opp) + board)
        num += w * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
        den += w
    return num / den


def brute_rivers(hero, board, weight=None):
    left = [c for c in range(52) if c not in hero and c not in board]
    return [
        brute_strength(hero, board + list(more), weight)
        for more in itertools.combinations(left, 5 - len(board))
    ]


@pytest.mark.parametrize("board", ["Ah Kh Qh 7c 2d", "9s 8s 2d Kc"])
def test_strengths_equal_brute_force(board):
    ids = prc.parse_cards(board)
    rng = np.random.default_rng(len(ids))
    live = [i for i, c in enumerate(COMBOS.tolist()) if not set(c) & set(ids)]
    heroes = [COMBOS[i].tolist() for i in rng.choice(live, 3, replace=False)]
    hs = hand_strength(board)
    for hero in heroes:
        assert hs[ROW[tuple(sorted(hero))]] == pytest.approx(brute_strength(hero, ids), abs=1e-12)
    if len(ids) == 4:
        e, e2, hist = ehs(board), ehs2(board), equity_histogram(board, bins=4)
        for hero in heroes:
            rivers = np.array(brute_rivers(hero, ids))
            i = ROW[tuple(sorted(hero))]
            assert e[i] == pytest.approx(rivers.mean(), abs=1e-12)
            assert e2[i] == pytest.approx((rivers**2).mean(), abs=1e-12)
            want = np.bincount(np.minimum((rivers * 4).astype(int), 3), minlength=4) / len(rivers)
            np.testing.assert_allclose(hist[i], want, atol=1e-12)
    assert np.isnan(hs[ROW[tuple(sorted(ids[:2]))]])  # on the board


def test_a_weighted_opponent():
    board = prc.parse_cards("Ts 9h 4c 2d Kd")
    weight = np.zeros(len(COMBOS))
    for cards, w in prc.parse_range("QQ+,AK:0.5,T9s,54s"):
        weight[ROW[tuple(sorted(cards))]] = w
    hs = hand_strength(board, opponent="QQ+,AK:0.5,T9s,54s")
    np.testing.assert_allclose(hs, hand_strength(board, opponent=weight), equal_nan=True)
    for hero in ([48, 44], [35, 31], [0, 5]):  # AA-ish, TT-ish, low cards
        if set(hero) & set(board):
            continue
        assert hs[ROW[tuple(sorted(hero))]] == pytest.approx(
            brute_strength(hero, board, weight), abs=1e-12
        )


def test_every_feature_at_once_and_river_shapes():
    f = strength_features("Qs 9d 7h 2c", bins=5)
    np.testing.assert_allclose(f.ehs, ehs("Qs 9d 7h 2c"), equal_nan=True)
    np.testing.assert_allclose(f.ehs2, ehs2("Qs 9d 7h 2c"), equal_nan=True)
    np.testing.assert_allclose(f.histogram, equity_histogram("Qs 9d 7h 2c", bins=5), equal_nan=True)
    live = ~np.isnan(f.hs)
    np.testing.assert_allclose(f.histogram[live].sum(axis=1), 1.0)
    assert (f.ehs2[live] <= f.ehs[live] + 1e-12).all()  # a mean of squares of values in [0, 1]
    assert river_strengths("Qs 9d 7h 2c").shape == (48, 1326)
    assert river_strengths("Qs 9d 7h").shape == (1176, 1326)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: hand_strength("Qs 9d"), prc.HandSizeError),
        (lambda: ehs("Qs 9d 7h 2c 3c 4c"), prc.HandSizeError),
        (lambda: equity_histogram("Qs 9d 7h", bins=0), prc.InvalidArgumentError),
        (lambda: hand_strength("Qs 9d 7h", opponent=np.ones(5)), prc.InvalidArgumentError),
        (lambda: hand_strength("Qs 9d 7h", opponent=-np.ones(1326)), prc.InvalidArgumentError),
        (lambda: ehs("Qs 9d 7h", "Omaha"), prc.InvalidArgumentError),
    ],
)
def test_bad_input(call, error):
    with pytest.raises(error):
        call()


def test_river_strengths_equal_brute_force_and_nan_where_a_combo_meets_the_runout():
    board = prc.parse_cards("Js 8h 3d 3c")
    weight = np.random.default_rng(4).integers(0, 3, len(COMBOS)).astype(float)
    rivers = river_strengths(board, opponent=weight)
    left = [c for c in range(52) if c not in board]
    assert rivers.shape == (len(left), len(COMBOS))
    for hero in ([0, 51], [13, 14], [20, 44]):  # 2c As, 5d 5s (meets no card), 7c Kc
        got = rivers[:, ROW[tuple(hero)]]
        for r, card in enumerate(left):
            if card in hero:
                assert np.isnan(got[r])
            else:
                want = brute_strength(hero, board + [card], weight)
                assert got[r] == pytest.approx(want, abs=1e-12)
    # a combo that meets the board has no strength on any runout
    assert np.isnan(rivers[:, ROW[tuple(sorted(board[2:]))]]).all()


FUNCTIONS = [hand_strength, ehs, ehs2, equity_histogram, potential, strength_features]


@pytest.mark.parametrize("fn", [*FUNCTIONS, river_strengths], ids=lambda f: f.__name__)
def test_every_feature_shows_and_checks_its_options(fn):
    params = inspect.signature(fn).parameters
    assert list(params)[:2] == ["board", "game"]
    for name in ("combos", "opponent", "dead", "threads"):
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY and params[name].default is None
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    with pytest.raises(
        TypeError, match=rf"{fn.__name__}\(\) got an unexpected keyword argument 'combo'"
    ):
        fn("Qs 9d 7h", combo=None)
