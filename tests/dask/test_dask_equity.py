"""pyrankcore.dask: equity on a dask cluster equal the
one-machine answers (skipped without dask)."""

import numpy as np
import pytest

import pyrankcore

da = pytest.importorskip("dask.array")
prd = pytest.importorskip("pyrankcore.dask")


def test_evaluate_batch_over_a_dask_array_local_scheduler():
    hands = pyrankcore.random_hands(20_000, 7, seed=11)
    lazy = prd.evaluate_batch(da.from_array(hands, chunks=(3_000, 7)))
    assert lazy.shape == (20_000,) and lazy.dtype == np.uint16
    assert np.array_equal(lazy.compute(), pyrankcore.evaluate_batch(hands))


def test_equity_local_scheduler_equals_one_machine():
    args = ("Hold'em", ["AhKh", "QsQd", "7c6c"], "Kd7s2c")
    assert prd.equity(*args) == pyrankcore.equity(*args)
    mc = prd.equity("Omaha", ["AsKsQdJd", "9h9c8h7c"], trials=200_000, seed=4)
    assert mc == pyrankcore.equity("Omaha", ["AsKsQdJd", "9h9c8h7c"], trials=200_000, seed=4)


def test_local_cluster_equals_one_machine(on_cluster):
    exact = prd.equity("Hold'em", ["AhKh", "QsQd"])
    assert exact.exact
    assert [p.wins for p in exact.players] == [787_966, 917_606]
    assert exact == pyrankcore.equity("Hold'em", ["AhKh", "QsQd"])
    kwargs = dict(trials=3_000_000, seed=9)
    mc = prd.equity("Hold'em", ["AhKh", "random"], **kwargs)
    assert mc == pyrankcore.equity("Hold'em", ["AhKh", "random"], threads=2, **kwargs)
    se = prd.equity("Hold'em", ["AhKh", "QsQd"], target_se=0.001, seed=2)
    assert se == pyrankcore.equity("Hold'em", ["AhKh", "QsQd"], target_se=0.001, seed=2)
    hands = pyrankcore.random_hands(10_000, 5, seed=1)
    (got,) = prd.compute(prd.evaluate_batch(da.from_array(hands, chunks=(2_500, 5))))
    assert np.array_equal(got, pyrankcore.evaluate_batch(hands))


def test_progress_under_a_client_is_dasks_own_bar(on_cluster, capsys):
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s")
    assert prd.equity(*args, progress=True) == pyrankcore.equity(*args)
    assert "100% Completed" in capsys.readouterr().out
    prd.compute(prd.random_hands(100, 5, seed=1), progress=True)
    assert "100% Completed" in capsys.readouterr().out


def test_progress_under_the_local_scheduler(capsys):
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s")
    assert prd.equity(*args, progress=True) == pyrankcore.equity(*args)
    assert "100% Completed" in capsys.readouterr().out
    assert prd.equity(*args) == pyrankcore.equity(*args)
    assert capsys.readouterr().out == ""
    with pytest.raises(TypeError, match="progress must be True or False"):
        prd.equity(*args, progress="yes")


def test_equity_of_ranges_that_never_fit_raises_like_one_machine():
    from pyrankcore.errors import InvalidArgumentError

    aces = ",".join(
        "As" + c for c in (pyrankcore.format_cards([i]) for i in range(52)) if c != "As"
    )
    args = ("Hold'em", [aces] * 4, "2c3d4h5h")
    with pytest.raises(InvalidArgumentError, match="never fit") as one:
        pyrankcore.equity(*args)
    with pytest.raises(InvalidArgumentError, match="never fit") as many:
        prd.equity(*args)
    assert str(one.value) == str(many.value)


def test_weighted_exact_equals_one_machine():
    args = ("Hold'em", ["AKs:0.3, 99:0.7, 87s:0.11", "JJ:0.5, T9s, QQ:0.9"], "Qs 9d 7h")
    assert prd.equity(*args) == pyrankcore.equity(*args, threads=2)


def test_threads_follow_the_one_rule():
    # threads counts the cluster's threads: a whole number of at least 1
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    assert prd.equity(*args, threads=np.int64(64)) == pyrankcore.equity(*args)
    with pytest.raises(pyrankcore.errors.InvalidArgumentError, match="at least 1"):
        prd.equity(*args, threads=0)
    with pytest.raises(TypeError, match="threads must be an int or None"):
        prd.equity(*args, threads=2.5)
