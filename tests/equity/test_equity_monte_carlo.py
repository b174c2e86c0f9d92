"""pyrankcore.equity, Monte Carlo: against exact within standard errors,
reproducible with any number of threads, split runs that add up, target
standard errors, weights drawn in proportion however small."""

import numpy as np
import pytest

import pyrankcore
from pyrankcore.equities import cost, run
from pyrankcore.equities import planning as plan_mod
from pyrankcore.equities.planning import plan
from pyrankcore.errors import InvalidArgumentError

equity = pyrankcore.equity


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("Hold'em", ["AhKh", "QsQd"], ""),
        ("Hold'em", ["AhKh", "QsQd", "7c6c"], "Kd7s2c"),
        ("Hold'em", ["AKs,QQ+", "TT-77,AQo"], ""),  # ranges: combos drawn per trial
        ("Hold'em", ["AKs,QQ+", "JhTh", "22-55"], "9h"),
        ("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh"),
    ],
)
def test_monte_carlo_within_three_standard_errors(game, hands, board):
    exact = equity(game, hands, board, exact=True)
    assert exact.exact
    mc = equity(game, hands, board, trials=300_000, seed=2026)
    assert not mc.exact and mc.trials == 300_000
    for e, m in zip(exact.players, mc.players):
        assert m.std_error is not None and 0 < m.std_error < 0.005
        assert abs(m.equity - e.equity) <= 3 * m.std_error
    assert sum(m.equity for m in mc.players) == pytest.approx(1.0, abs=1e-12)


def test_same_seed_same_answer_with_one_and_two_threads():
    kwargs = dict(trials=500_000, seed=7)
    one = equity("Hold'em", ["AhKh", "QsQd", "random"], **kwargs)
    two = equity("Hold'em", ["AhKh", "QsQd", "random"], threads=2, **kwargs)
    assert one.counts == two.counts and one == two
    other = equity("Hold'em", ["AhKh", "QsQd", "random"], trials=500_000, seed=8)
    assert other.counts != one.counts


def test_split_runs_add_up_to_the_whole():
    p, _ = plan("Omaha", ["AsKsQdJd", "9h9c8h7c"], exact=False, trials=300_000, seed=3)
    whole = run.run_monte_carlo_task(p, (0, 5))
    parts = [run.run_monte_carlo_task(p, t) for t in [(0, 1), (1, 3), (3, 5)]]
    assert parts[0] + parts[1] + parts[2] == whole
    assert whole.trials == 300_000
    pe, _ = plan("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    tasks = plan_mod.exact_tasks(pe, 16)
    assert len(tasks) > 1
    total = run.total(pe, [run.run_exact_task(pe, t) for t in tasks])
    assert total == equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")


def test_target_se_stops_early_and_is_reproducible():
    r = equity("Hold'em", ["AhKh", "QsQd"], target_se=0.002, seed=1)
    assert r.trials < 2_000_000
    assert max(p.std_error for p in r.players) <= 0.002
    assert r == equity("Hold'em", ["AhKh", "QsQd"], target_se=0.002, seed=1, threads=2)


def test_stud_and_draw_default_to_monte_carlo():
    r = equity("Seven-card Stud", ["AsAd Kc", "QsQd Jh", "9c9h 2d"], dead="Qc 2s", seed=1)
    assert not r.exact and r.trials == plan_mod.DEFAULT_TRIALS
    assert r.players[0].equity > r.players[1].equity > 0.05
    d = equity("2-7 Triple Draw", ["2c3d4h7s", "8c"], seed=1, trials=100_000)
    assert not d.exact and d.players[0].equity > 0.6
    hilo = equity("Stud Hi-Lo 8", ["As2s3s", "KdKhQs"], seed=1, trials=100_000)
    assert hilo.players[0].low > 0.2 and hilo.players[1].low < hilo.players[0].low
    assert hilo.players[0].scoops is not None


@pytest.mark.parametrize(
    "seat",
    [
        "AA:0.0000001,KK:0.00000001",
        "AA:0.000000000001,72o:0.000001",
        "AA:0.000000000001,72o:0.000000000002",
    ],
)
def test_monte_carlo_agrees_with_exact_for_tiny_weights(seat):
    exact = equity("Hold'em", [seat, "QQ"], exact=True).players[0].equity
    mc = equity("Hold'em", [seat, "QQ"], trials=400_000, seed=3).players[0]
    assert abs(mc.equity - exact) < 4 * mc.std_error


def test_integer_weights_keep_a_doubles_precision():
    weights = [1e-12, 3e-12, 1.0, 0.5]
    w = [int(x) for x in cost.integer_weights(weights)]
    assert 2**52 <= sum(w) <= 2**53
    for mine, given in zip(w, weights):
        assert mine > 0
        assert abs(mine / sum(w) - given / sum(weights)) <= 2**-52
    # tiny weights alone: their ratios exactly
    a, b, c = (int(x) for x in cost.integer_weights([1e-12, 2e-12, 1e-12]))
    assert b == 2 * a and c == a and a + b + c >= 2**52
    assert list(cost.integer_weights([0.25] * 3)) == [1, 1, 1]


@pytest.mark.parametrize(("weights", "why"), [(-1, "integers"), (0.5, "integers")])
def test_monte_carlo_kernel_refuses_weights_that_are_not_counts(weights, why):

    p, _ = plan("Hold'em", ["AA", "KK"], trials=100)
    ranges = [(c, np.full(len(c), weights)) for c, _w in p.draws]
    with pytest.raises(InvalidArgumentError, match=why):
        pyrankcore._core.equity_monte_carlo(p.spec, ranges, 1, 2, 100, 0, 1)
