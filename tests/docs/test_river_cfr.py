"""docs/river_cfr.py, the worked solver: CFR+ on pyrankcore.solver's
showdown and fold values solves a heads-up river game to below 0.5% of the
pot, the game stays zero-sum, and the sweep's showdown values equal the
naive double loop's."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "river_cfr.py"

pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="docs/ is not part of this copy")


@pytest.fixture(scope="module")
def river_cfr():
    spec = importlib.util.spec_from_file_location("river_cfr", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cfr_plus_reaches_half_a_percent_of_the_pot(river_cfr):
    game = river_cfr.RiverGame(river_cfr.BOARD, (river_cfr.OOP_RANGE, river_cfr.IP_RANGE))
    # uniform play is far from an equilibrium
    for node in river_cfr.TREE:
        game.average[node][:] = 1.0
    assert game.exploitability() > 10.0
    game = river_cfr.RiverGame(river_cfr.BOARD, (river_cfr.OOP_RANGE, river_cfr.IP_RANGE))
    history = game.solve(100, every=50)
    assert history[-1][1] < 0.5
    assert history[-1][1] <= history[0][1]


def test_the_sweep_equals_the_double_loop(river_cfr):
    game = river_cfr.RiverGame(river_cfr.BOARD, ("AA,KK,QJs,72o", "random"))
    reach = game.reach[1] * np.random.default_rng(0).random(len(game.sb))
    fast = game.sb.showdown_values(reach, win=0.5, tie=0.0, lose=-0.5)
    slow = river_cfr.naive_showdown(game.sb, reach, 0.5)
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-9)


def test_the_script_runs(river_cfr, capsys):
    assert river_cfr.main(["--iterations", "60"]) == 0
    out = capsys.readouterr().out
    assert "agrees with the double loop" in out
    assert "exploitability" in out
