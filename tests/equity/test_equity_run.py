"""pyrankcore.equity's results and driver: results add up, print as a
table, and come out the same whichever executor runs the tasks and
whatever the progress bar shows."""

import sys

import pytest

import pyrankcore
from pyrankcore import _core, games
from pyrankcore.equities import planning as plan_mod
from pyrankcore.equities import run
from pyrankcore.equities.inputs import EquitySpec
from pyrankcore.equities.planning import plan
from pyrankcore.errors import InvalidArgumentError

equity = pyrankcore.equity


def test_adding_results_of_other_inputs_is_refused():
    a = equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    b = equity("Hold'em", ["AhKh", "QsQc"], "Kd7s2c")
    with pytest.raises(InvalidArgumentError):
        a + b
    doubled = a + a
    assert doubled.players[0].wins == 2 * a.players[0].wins
    assert doubled.players[0].equity == pytest.approx(a.players[0].equity)


def test_str_is_a_table():
    text = str(equity("Hold'em", ["AhKh", "QsQd"], "Kd7s2c"))
    assert "Ah Kh" in text and "equity" in text and "exact" in text


def test_progress_bar_gives_the_same_answer():
    pytest.importorskip("tqdm")
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    assert equity(*args, progress=True) == equity(*args)
    mc = dict(trials=200_000, seed=3)
    assert equity(*args, progress=True, **mc) == equity(*args, **mc)
    with pytest.raises(TypeError):
        equity(*args, progress="yes")


def test_progress_without_tqdm_shows_one_line_counting_trials_or_deals(monkeypatch, capsys):
    # Without tqdm the bar is one line on stderr (it used to be an
    # ImportError), counting trials (Monte Carlo) or deals (exact), not tasks.
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    args = ("Hold'em", ["AhKh", "QsQd"], "Kd7s2c")
    mc = dict(trials=200_000, seed=3)
    assert equity(*args, progress=True, **mc) == equity(*args, **mc)
    assert capsys.readouterr().err.endswith("200,000/200,000 trials\n")
    assert equity(*args, progress=True) == equity(*args)
    assert capsys.readouterr().err.endswith("990/990 deals\n")
    preflop = equity("Hold'em", ["AKs,QQ+", "TT-77,AQo"], progress=True)
    assert capsys.readouterr().err.endswith(f"{preflop.trials:,}/{preflop.trials:,} deals\n")


def test_progress_with_threads_counts_every_trial(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    r = equity("Omaha", ["AsKsQdJd", "9h9c8h7c"], trials=150_000, seed=1, threads=2, progress=True)
    assert r.trials == 150_000
    assert capsys.readouterr().err.endswith("150,000/150,000 trials\n")


class CountingCalls:
    """Wraps a function and counts its calls."""

    def __init__(self, function):
        self.function, self.calls = function, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


@pytest.mark.parametrize(
    ("game", "hands", "board", "halves"),
    [
        ("Hold'em", ["AhKh", "QsQd"], "Kd7s2c", 1),
        ("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh", 2),
        ("Razz", ["As2d3c", "5s6d7h"], (), 1),
    ],
)
def test_the_game_is_resolved_once_and_each_card_parsed_once(
    monkeypatch, game, hands, board, halves
):
    resolve = CountingCalls(games.resolve)
    parse = CountingCalls(_core.parse_cards)
    monkeypatch.setattr(games, "resolve", resolve)
    monkeypatch.setattr(_core, "parse_cards", parse)
    r = equity(game, hands, board, dead="Tc", trials=1000, seed=1)
    assert r.dead == "Tc"
    assert resolve.calls == 1
    # the board (when given), the dead cards and each hand
    assert parse.calls == (1 if board else 0) + 1 + len(hands)
    # the spec carries each half's tables, resolved: the kernels take them as they are
    spec = plan(game, hands, board, dead="Tc", trials=1000)[0].spec
    assert sum(t is not None for t in (spec.high, spec.low)) == halves


def test_the_spec_is_named():
    p, _ = plan("Omaha Hi-Lo 8", ["As2sQdJd", "3h4c8hKc"], "5s7dKh", dead="Tc", exact=True)
    assert p.spec == EquitySpec(
        high=_core.tables_of("high"),
        low=_core.tables_of("ace_five_8"),
        omaha=True,
        board_final=5,
        board=tuple(pyrankcore.parse_cards("5s 7d Kh")),
        hand_final=(4, 4),
        known=(4, 4),
        dead=tuple(pyrankcore.parse_cards("Tc")),
    )


class SerialExecutor:
    """Runs every task in the calling thread, split finer than the thread
    runner splits them: the driver must give the same totals."""

    def __init__(self):
        self.batches = []

    def exact_tasks(self, p):
        return 7

    def monte_carlo_tasks(self, p, chunks):
        return chunks

    def run(self, work, p, tasks, seconds):
        self.batches.append(len(tasks))
        return [work(p, t) for t in tasks]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("Hold'em", ["AhKh", "QsQd", "7c6c"], "Kd7s2c"), {}),
        (("Hold'em", ["AKs:0.3, 99:0.7, 87s:0.11", "JJ:0.5, T9s, QQ:0.9"], "Qs 9d 7h 2c"), {}),
        (("Omaha", ["AsKsQdJd", "9h9c8h7c"]), dict(trials=200_000, seed=4)),
        (("Hold'em", ["AhKh", "QsQd"]), dict(target_se=0.002, seed=2)),
    ],
)
def test_one_driver_for_any_executor(args, kwargs):
    p, target = plan(*args, **kwargs)
    executor = SerialExecutor()
    assert run.run_plan(p, target, executor) == equity(*args, threads=2, **kwargs)
    if p.weighted:  # the float sums add up in one order whatever the executor
        assert executor.batches == [len(plan_mod.exact_tasks(p, plan_mod.WEIGHTED_TASKS))]
    if target is not None:  # a first round of 16 chunks
        assert executor.batches[0] == plan_mod.FIRST_ROUND_CHUNKS
