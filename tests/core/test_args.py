"""The one rule for shared arguments (pyrankcore._args) and the one thread
runner and progress bar (pyrankcore._work)."""

import threading

import numpy as np
import pytest

from pyrankcore import _args, _work
from pyrankcore.errors import InvalidArgumentError


@pytest.mark.parametrize("value", [5, np.int8(5), np.uint64(5), np.int64(5)])
def test_whole_numbers_accept_python_and_numpy_integers(value):
    assert _args.whole_number(value, "n", 0, 10) == 5
    assert type(_args.whole_number(value, "n")) is int


@pytest.mark.parametrize("value", [True, np.True_, 5.0, np.float64(5), "5", np.array(5), None, [5]])
def test_whole_numbers_refuse_everything_else_with_one_message(value):
    with pytest.raises(TypeError, match=rf"^n must be an int, not {type(value).__name__}$"):
        _args.whole_number(value, "n", 0, 10)


@pytest.mark.parametrize(
    "low, high, value, words",
    [(0, 10, 11, "in 0..10, got 11"), (1, None, 0, "at least 1, got 0"), (None, 3, 4, "at most 3")],
)
def test_whole_numbers_out_of_range_name_the_range(low, high, value, words):
    with pytest.raises(InvalidArgumentError, match=f"^n must be {words}"):
        _args.whole_number(value, "n", low, high)


def test_optional_whole_number_and_seed():
    assert _args.optional_whole_number(None, "trials") is None
    with pytest.raises(TypeError, match="trials must be an int or None, not str"):
        _args.optional_whole_number("9", "trials")
    assert _args.seed_value(np.uint64(2**64 - 1)) == 2**64 - 1
    with pytest.raises(InvalidArgumentError, match="seed must be in 0..18446744073709551615"):
        _args.seed_value(-1)
    assert 0 <= _args.entropy_seed(None) <= _args.MAX_SEED


def test_thread_count_caps_at_cores_and_work():
    assert _args.thread_count(None) == 1
    assert 1 <= _args.thread_count(np.int64(1000)) <= _args.cpu_count()
    assert _args.thread_count(8, work=100, min_work=100) == 1
    with pytest.raises(InvalidArgumentError, match="threads must be at least 1, got 0"):
        _args.thread_count(0)
    with pytest.raises(TypeError, match="threads must be an int or None, not bool"):
        _args.thread_count(True)


def test_flag():
    assert _args.flag(np.False_, "progress") is False
    with pytest.raises(TypeError, match="progress must be True or False, not int"):
        _args.flag(1, "progress")


def test_run_tasks_keeps_task_order_and_reports_each_task():
    seen = []
    out = _work.run_tasks(
        list(range(50)),
        lambda t: None if t % 7 == 0 else t * t,
        4,
        done=lambda t, r: seen.append(t),
    )
    assert out == [t * t for t in range(50) if t % 7]
    assert sorted(seen) == list(range(50))


def test_run_tasks_reraises_a_workers_error_after_all_stop():
    started = []

    def work(t):
        started.append(threading.get_ident())
        if t == 3:
            raise KeyError(t)
        return t

    with pytest.raises(KeyError):
        _work.run_tasks(list(range(10)), work, 3)
    stop = np.zeros(1, np.int32)
    with pytest.raises(KeyError):
        _work.run_tasks([3], work, 2, stop=stop)


def test_split_rows_returns_the_first_bad_row_of_any_slice():
    def rows(start, stop):
        return next((r for r in range(start, stop) if r in (70, 30)), -1)

    for threads in (1, 2, 3, 7):
        assert _work.split_rows(rows, 100, threads) == 30
        assert _work.split_rows(lambda a, b: -1, 100, threads) == -1


def test_progress_fallback_draws_one_line(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name.startswith("tqdm"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    with _work.progress_bar(True, 2000, "trial", "equity") as bar:
        bar.update(1000)
        bar.update(1000)
    err = capsys.readouterr().err
    assert err.endswith("\requity: 2,000/2,000 trials\n")
    assert _work.progress_bar(False, 10, "hand", "x") is None
