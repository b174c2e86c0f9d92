"""Hand potential and the features over many boards, with dead cards and
ranges, against brute force: every opponent hand and every runout
enumerated, each final hand ranked by evaluate_batch (no sweep, no sort,
no card-removal sums)."""

import itertools
import math

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.boards import hole_combos
from pyrankcore.features import (
    ehs,
    ehs2,
    equity_histogram,
    hand_strength,
    opponent_weights,
    potential,
    strength_features,
)

SHORT = "Short-deck Hold'em"
RANKING = {"Hold'em": "high", SHORT: "short_deck"}


def rank_live(hands, ranking):
    """Each hand's strength by evaluate_batch, -1 for a hand with a card twice."""
    s = np.sort(hands, axis=1)
    ok = (s[:, 1:] != s[:, :-1]).all(axis=1)
    out = np.full(len(hands), -1, dtype=np.int64)
    out[ok] = prc.evaluate_batch(hands[ok], ranking)
    return out


class Brute:
    """Every combo's strength now and on every runout of one board, ranked
    one hand at a time by evaluate_batch, and the features read off them
    pair by pair."""

    def __init__(self, board, game="Hold'em", dead=(), weight=None):
        self.combos = hole_combos(game)
        deck = [c for c in range(52) if c in set(hole_combos(game).ravel().tolist())]
        self.board = list(board)
        left = [c for c in deck if c not in self.board and c not in dead]
        self.runouts = [list(r) for r in itertools.combinations(left, 5 - len(board))]
        n = len(self.combos)
        ranking = RANKING[game]
        out = set(self.board) | set(dead)
        self.hit = np.array([bool(set(c) & out) for c in self.combos.tolist()])
        self.weight = np.ones(n) if weight is None else np.asarray(weight, dtype=float)
        self.weight = np.where(self.hit, 0.0, self.weight)
        hands = np.array([self.board + c for c in self.combos.tolist()], dtype=np.uint8)
        self.now = rank_live(hands, ranking)
        R, k = len(self.runouts), 5 - len(board)
        finals = np.concatenate(
            [
                np.broadcast_to(np.array(self.board, dtype=np.uint8), (R, n, len(board))),
                np.broadcast_to(np.array(self.runouts, dtype=np.uint8).reshape(R, 1, k), (R, n, k)),
                np.broadcast_to(self.combos, (R, n, 2)),
            ],
            axis=2,
        ).reshape(R * n, 7)
        self.river = rank_live(finals, ranking).reshape(-1, n)
        self.mask = np.array(
            [sum(1 << c for c in c2) for c2 in self.combos.tolist()], dtype=np.uint64
        )
        rmask = np.array([sum(1 << c for c in r) for r in self.runouts], dtype=np.uint64)
        # meets[r, j]: combo j misses runout r
        self.meets = (rmask[:, None] & self.mask[None, :]) == 0

    def apart(self, i):
        """Opponent combos that share no card with combo i, the board or
        the dead cards."""
        return ((self.mask & self.mask[i]) == 0) & ~self.hit

    def matrix(self, i):
        """HP[now, river] summed over every opponent hand and runout."""
        w = (self.weight * self.apart(i))[None, :] * self.meets[self.meets[:, i]]
        river = np.sign(self.river[self.meets[:, i], i][:, None] - self.river[self.meets[:, i]])
        now = np.sign(self.now[i] - self.now)
        # ahead 0, tied 1, behind 2: 1 - sign
        code = (1 - now)[None, :] * 3 + (1 - river)
        return np.bincount(code.ravel(), weights=w.ravel(), minlength=9).reshape(3, 3)

    def strength(self, i, strengths):
        w = self.weight * self.apart(i)
        s = strengths[i]
        return (w[strengths < s].sum() + w[strengths == s].sum() / 2) / w.sum()

    def rivers(self, i):
        """Combo i's river hand strength on every runout that misses it."""
        out = []
        for r in np.flatnonzero(self.meets[:, i]):
            w = self.weight * self.apart(i) * self.meets[r]
            s = self.river[r, i]
            out.append((w[self.river[r] < s].sum() + w[self.river[r] == s].sum() / 2) / w.sum())
        return np.array(out)


def pots(hp):
    t = hp.sum(axis=1)
    ppot = (hp[2, 0] + hp[2, 1] / 2 + hp[1, 0] / 2) / (t[2] + t[1] / 2)
    npot = (hp[0, 2] + hp[1, 2] / 2 + hp[0, 1] / 2) / (t[0] + t[1] / 2)
    return ppot, npot


def live_rows(brute, k, seed):
    rng = np.random.default_rng(seed)
    return rng.choice(np.flatnonzero(~brute.hit), k, replace=False).tolist()


def test_papps_example():
    # Papp (1998), Table 5.1: AdQc on 3h 4c Jh against a random hand.
    p = potential("3h 4c Jh")
    i = [prc.format_cards(c) for c in hole_combos()].index("Qc Ad")
    assert p.matrix[i].tolist() == [
        [449005, 3211, 169504],
        [0, 8370, 540],
        [91981, 1036, 346543],
    ]
    assert p.matrix[i].sum() == 1081 * 990  # every opponent hand, every runout


@pytest.mark.parametrize("board", ["Kd 8s 3c", "Jh Th 9c 2h"])
def test_potential_equals_brute_force(board):
    ids = prc.parse_cards(board)
    brute = Brute(ids)
    p = potential(board)
    for i in live_rows(brute, 3, len(ids)):
        hp = brute.matrix(i)
        np.testing.assert_array_equal(p.matrix[i], hp)
        want = pots(hp)
        assert (p.ppot[i], p.npot[i]) == pytest.approx(want, abs=1e-12)
    assert np.isnan(p.ppot[brute.hit]).all() and np.isnan(p.matrix[brute.hit]).all()
    live = ~brute.hit
    assert ((p.ppot[live] >= 0) & (p.ppot[live] <= 1)).all()
    assert ((p.npot[live] >= 0) & (p.npot[live] <= 1)).all()


def test_a_range_and_dead_cards_against_brute_force():
    board = prc.parse_cards("Qh 9h 4s 2c")
    dead = prc.parse_cards("Ah 9d")
    combos = hole_combos()
    weight = np.zeros(len(combos))
    row = {tuple(sorted(c)): i for i, c in enumerate(combos.tolist())}
    for cards, w in prc.parse_range("TT+,AQs+,KQ:0.5,JTs,65s:0.25"):
        weight[row[tuple(sorted(cards))]] = w
    brute = Brute(board, dead=dead, weight=weight)
    text = "TT+,AQs+,KQ:0.5,JTs,65s:0.25"
    f = strength_features(board, bins=4, opponent=text, dead="Ah 9d")
    p = potential(board, opponent=weight, dead=dead)
    assert np.isnan(f.ehs[row[(29, 48)]])  # 9d Ah: both dead
    assert np.isnan(p.ppot[row[(0, 50)]])  # 2c Ah: one dead
    for i in live_rows(brute, 3, 7):
        hp = brute.matrix(i)
        np.testing.assert_allclose(p.matrix[i], hp, rtol=1e-12, atol=1e-9)
        assert (f.ppot[i], f.npot[i]) == pytest.approx(pots(hp), abs=1e-12)
        assert f.hs[i] == pytest.approx(brute.strength(i, brute.now), abs=1e-12)
        rivers = brute.rivers(i)
        assert f.ehs[i] == pytest.approx(rivers.mean(), abs=1e-12)
        assert f.ehs2[i] == pytest.approx((rivers**2).mean(), abs=1e-12)
        want = np.bincount(np.minimum((rivers * 4).astype(int), 3), minlength=4) / len(rivers)
        np.testing.assert_allclose(f.histogram[i], want, atol=1e-12)


def test_weights_that_are_not_whole_numbers_against_brute_force():
    # Sums of such weights round; a hand never behind (or never ahead) now
    # must still get PPot (NPot) exactly 0, as the exact matrix gives.
    board = prc.parse_cards("Td 8c 6s")
    text = "QQ+,AK:0.5,T9s:0.3,22-66:0.7"
    brute = Brute(board, weight=opponent_weights(text, hole_combos()))
    p = potential(board, opponent=text)
    live = np.flatnonzero(~brute.hit)
    # each live combo's opponent mass by where it stands now (the matrix's
    # row totals, up to the runouts each opponent meets)
    now = np.sign(brute.now[live][:, None] - brute.now[None, :])
    apart = (brute.mask[live][:, None] & brute.mask[None, :]) == 0
    mass = brute.weight[None, :] * apart
    ahead, tied, behind = ((mass * (now == s)).sum(axis=1) for s in (1, 0, -1))
    never_behind = live[(behind == 0) & (tied == 0)]
    never_ahead = live[(ahead == 0) & (tied == 0)]
    assert len(never_behind) > 20 and len(never_ahead) > 20
    assert (p.ppot[never_behind] == 0).all() and (p.npot[never_ahead] == 0).all()
    for i in [*never_behind[:3].tolist(), *never_ahead[:3].tolist(), *live_rows(brute, 3, 5)]:
        hp = brute.matrix(i)
        np.testing.assert_allclose(p.matrix[i], hp, rtol=1e-12, atol=1e-9)
        t = hp.sum(axis=1)
        below, above = t[2] + t[1] / 2, t[0] + t[1] / 2
        want = (
            (hp[2, 0] + hp[2, 1] / 2 + hp[1, 0] / 2) / below if below else 0.0,
            (hp[0, 2] + hp[1, 2] / 2 + hp[0, 1] / 2) / above if above else 0.0,
        )
        assert (p.ppot[i], p.npot[i]) == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("board", ["As Td 7c", "Kh Qh 6s 9d"])
def test_short_deck_against_brute_force(board):
    ids = prc.parse_cards(board)
    brute = Brute(ids, SHORT)
    f = strength_features(board, SHORT, bins=3)
    assert f.hs.shape == (630,)
    for i in live_rows(brute, 3, 11):
        hp = brute.matrix(i)
        assert (f.ppot[i], f.npot[i]) == pytest.approx(pots(hp), abs=1e-12)
        assert f.hs[i] == pytest.approx(brute.strength(i, brute.now), abs=1e-12)
        assert f.ehs[i] == pytest.approx(brute.rivers(i).mean(), abs=1e-12)
    # a random opponent meets every other hand on every runout that misses both
    p = potential(board, SHORT)
    left = 36 - len(ids)
    others = math.comb(left - 2, 2) * math.comb(left - 4, 5 - len(ids))
    np.testing.assert_array_equal(p.matrix[~brute.hit].sum(axis=(1, 2)), others)


def test_many_boards_equal_one_at_a_time_and_threads_equal_one_thread():
    boards = np.array([prc.parse_cards(b) for b in ("Kd 8s 3c 3h", "7c 6c 5d Ad", "2s 2d Jc Qs")])
    opponent = "QQ+,AKs,87s:0.5"
    many = strength_features(boards, bins=3, opponent=opponent, dead="Ah")
    threaded = strength_features(boards, bins=3, opponent=opponent, dead="Ah", threads=2)
    for name, arrays in many._asdict().items():
        assert arrays.shape[0] == 3, name
        np.testing.assert_array_equal(arrays, getattr(threaded, name))
    for b, board in enumerate(boards):
        one = strength_features(board.tolist(), bins=3, opponent=opponent, dead="Ah")
        for name, arrays in one._asdict().items():
            np.testing.assert_array_equal(getattr(many, name)[b], arrays, err_msg=name)
    np.testing.assert_array_equal(hand_strength(boards, opponent=opponent, dead="Ah"), many.hs)
    assert ehs(boards).shape == ehs2(boards).shape == (3, 1326)
    assert equity_histogram(boards, bins=2).shape == (3, 1326, 2)
    assert potential(boards).matrix.shape == (3, 1326, 3, 3)


def test_a_flop_split_over_threads_is_the_same():
    one = potential("Td 9d 2c", opponent="22+,A2s+,KTo+")
    two = potential("Td 9d 2c", opponent="22+,A2s+,KTo+", threads=2)
    np.testing.assert_array_equal(one.matrix, two.matrix)


def test_river_boards_have_no_potential():
    f = strength_features("Ah Kh Qh 7c 2d")
    assert np.isnan(f.ppot).all() and np.isnan(f.npot).all()
    np.testing.assert_allclose(f.ehs, f.hs, equal_nan=True)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: potential("Ah Kh Qh 7c 2d"), prc.HandSizeError, "3 or 4 cards"),
        (lambda: potential("Ah Kh Qh", dead="Kh"), prc.InvalidArgumentError, "dead"),
        (lambda: potential("Ah Kh Qh", dead="Zz"), ValueError, "dead"),
        (lambda: potential("Ah Kh Qh", SHORT, dead="2c"), prc.InvalidCardError, "not in the deck"),
        (lambda: potential("Ah 2h Qh", SHORT), prc.InvalidCardError, "board 0"),
        (
            lambda: ehs(np.array([[0, 1, 2], [3, 3, 4]])),
            prc.DuplicateCardError,
            "board 1",
        ),
        (lambda: ehs(np.array([[0.0, 1.0, 2.0]])), TypeError, "integer"),
        (lambda: potential("Ah Kh Qh", "Omaha"), prc.InvalidArgumentError, "Omaha"),
        (lambda: potential("Ah Kh Qh", combos=["Ac Kc Qc"]), prc.HandSizeError, "two-card"),
        (lambda: strength_features("Ah Kh Qh", potential=1), TypeError, "potential"),
        (lambda: potential("Ah Kh Qh", threads=0), prc.InvalidArgumentError, "threads"),
    ],
)
def test_bad_input_names_it(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_omaha_hand_strength_against_brute_force():
    board = prc.parse_cards("Kd 8s 3c 3h")
    combos = hole_combos("Omaha")
    hs = hand_strength(board, "Omaha", opponent=None)
    assert hs.shape == (270725,)
    live = ~np.isin(combos, board).any(axis=1)
    strengths = np.full(len(combos), -1, dtype=np.int64)
    strengths[live] = prc.evaluate_omaha_batch(combos[live], board, "high")
    masks = (np.uint64(1) << combos.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    rng = np.random.default_rng(5)
    for i in rng.choice(np.flatnonzero(live), 3, replace=False):
        opp = live & ((masks & masks[i]) == 0)
        s = strengths[i]
        want = ((strengths[opp] < s).sum() + (strengths[opp] == s).sum() / 2) / opp.sum()
        assert hs[i] == pytest.approx(want, abs=1e-12)
    assert np.isnan(hs[~live]).all()
    with pytest.raises(prc.InvalidArgumentError, match="hand_strength takes Omaha"):
        ehs(board, "Omaha")


def test_a_ranking_plays_as_its_variant():
    a = strength_features("Jh Th 9c", "high", bins=3)
    b = strength_features("Jh Th 9c", "Hold'em", bins=3)
    for name in a._fields:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


def test_the_kernel_checks_what_reaches_it():
    from pyrankcore import _core
    from pyrankcore.boards import board_game

    tables = board_game("Hold'em")[0]
    board = np.array([prc.parse_cards("Qs 9d 7h")], dtype=np.uint8)
    finals = np.array([prc.parse_cards("Qs 9d 7h 2c 3c")], dtype=np.uint8)
    combos = hole_combos()[:10].copy()
    mass = np.ones(10)

    def call(**changes):
        args = {"board": board, "finals": finals, "combos": combos, "mass": mass}
        args |= changes
        kw = {k: args.pop(k) for k in ("river", "stop") if k in args}
        bins, pot = args.pop("bins", 3), args.pop("potential", True)
        return _core.board_feature_sums(tables, *args.values(), bins, pot, **kw)

    seen, _total, _squares, hist, counts = call()
    assert seen.shape == (10,) and hist.shape == (10, 3) and counts.shape == (10, 3, 2)
    for changes, error, words in (
        ({"combos": np.zeros((3, 4), dtype=np.uint8)}, prc.HandSizeError, "two-card"),
        ({"board": finals}, prc.HandSizeError, "3 or 4"),
        ({"finals": board}, prc.HandSizeError, "5 cards"),
        ({"mass": np.ones(3)}, prc.InvalidArgumentError, "10 entries"),
        ({"mass": -mass}, prc.InvalidArgumentError, ">= 0"),
        ({"bins": 1001}, prc.InvalidArgumentError, "bins"),
        ({"river": np.empty((2, 10))}, prc.InvalidArgumentError, "river"),
        ({"river": np.empty((1, 10)), "bins": 0}, prc.InvalidArgumentError, "bins > 0"),
        ({"stop": np.zeros(2, dtype=np.int32)}, prc.InvalidArgumentError, "stop"),
        (
            {"finals": np.array([[60, 1, 2, 3, 4]], dtype=np.uint8)},
            prc.InvalidCardError,
            "runout 0",
        ),
        (
            {"combos": np.array([[5, 5]], dtype=np.uint8), "mass": np.ones(1)},
            prc.DuplicateCardError,
            "combo 0",
        ),
    ):
        with pytest.raises(error, match=words):
            call(**changes)
