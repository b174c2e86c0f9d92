"""The board-at-once kernels never read or write out of bounds: the first
call of a fresh process is a threaded one (and equals one thread), and
every array the Cython layer passes down is checked first, whatever a
caller hands it."""

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore import _core
from pyrankcore.boards import SortedBoard, hole_combos
from pyrankcore.games import resolve

HIGH = resolve("high").tables


def test_first_call_of_a_process_is_threaded():
    code = textwrap.dedent(
        """
        import numpy as np
        import pyrankcore as prc
        from pyrankcore.boards import SortedBoard, board_strengths

        rng = np.random.default_rng(0)
        boards = np.array([rng.choice(52, 5, replace=False) for _ in range(400)], dtype=np.uint8)
        many = board_strengths(boards, "Omaha", combos="AA**", threads=2)
        assert (many == board_strengths(boards, "Omaha", combos="AA**")).all()
        sb = SortedBoard("Ks 7d 2c 9h 4s")
        reach = rng.random((16, len(sb)))
        assert (sb.showdown_values(reach, threads=2) == sb.showdown_values(reach)).all()
        r = prc.equity("Hold'em", ["random"] * 3, "Ks 7d 2c 9h 4s", threads=2)
        assert r.counts == prc.equity("Hold'em", ["random"] * 3, "Ks 7d 2c 9h 4s").counts
        print("ok")
        """
    )
    # run outside the checkout: there the source folder would shadow the
    # installed package
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        cwd=Path(__file__).resolve().parent,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-3000:]


def sorted_arrays():
    sb = SortedBoard("Ks 7d 2c 9h 4s")
    return (np.array(sb.strengths), np.array(sb.order), np.array(sb.subsets))


@pytest.mark.parametrize(
    ("spoil", "match"),
    [
        (lambda s, o, u: (s, o[:-1], u), "every combo that misses"),
        (lambda s, o, u: (s, np.concatenate([o[:-1], [5000]]).astype(np.int32), u), "ascending"),
        (lambda s, o, u: (s, o[::-1].copy(), u), "ascending"),
        (lambda s, o, u: (s, o, np.where(u == u, 60, u).astype(np.uint16)), "above 51"),
        (lambda s, o, u: (s, o, u[:-1].copy()), "one row"),
        (lambda s, o, u: (s[:-1].copy(), o, u), "one row"),
    ],
)
def test_inconsistent_sorted_data_is_refused(spoil, match):
    s, o, u = spoil(*sorted_arrays())
    reach = np.ones((1, len(s)))
    out = np.empty_like(reach)
    with pytest.raises(prc.InvalidArgumentError, match=match):
        _core.board_values_into(s, o, u, reach, out, 1.0, 0.0, -1.0, False)


def test_wrong_shapes_are_refused():
    s, o, u = sorted_arrays()
    with pytest.raises(prc.InvalidArgumentError, match="shape"):
        _core.board_values_into(
            s, o, u, np.ones((2, len(s))), np.empty((1, len(s))), 1, 0, -1, False
        )
    with pytest.raises(prc.InvalidArgumentError, match="entries"):
        _core.board_masses(s, o, u, np.ones(len(s) - 1))
    combos = hole_combos()
    boards = np.array([[0, 5, 10, 15, 20]], dtype=np.uint8)
    with pytest.raises(prc.InvalidArgumentError, match="one row per board"):
        _core.board_strengths_into(HIGH, False, boards, combos, np.empty((2, 1326), np.int32), 0, 1)
    with pytest.raises(prc.InvalidArgumentError, match="outside"):
        _core.board_strengths_into(HIGH, False, boards, combos, np.empty((1, 1326), np.int32), 0, 2)
    bad = combos.copy()
    bad[7, 1] = 255
    with pytest.raises(prc.InvalidCardError):
        _core.board_strengths_into(HIGH, False, boards, bad, np.empty((1, 1326), np.int32), 0, 1)
    with pytest.raises(prc.HandSizeError):
        _core.combo_subsets(np.zeros((3, 3), dtype=np.uint8))
    with pytest.raises(prc.InvalidArgumentError, match="above 65535"):
        _core.sort_strengths(np.array([1, 70000], dtype=np.int32))


def test_empty_lists_and_boards_are_fine():
    empty = np.zeros((0, 2), dtype=np.uint8)
    out = np.empty((1, 0), dtype=np.int32)
    _core.board_strengths_into(HIGH, False, np.array([[0, 5, 10]], np.uint8), empty, out, 0, 1)
    assert _core.sort_strengths(np.zeros(0, dtype=np.int32)).shape == (0,)
    sb = SortedBoard("As Ks Qs", combos=["Ah Ad"])
    assert sb.showdown_values(np.ones(1)).tolist() == [0.0]
    assert sb.showdown_values(np.ones((0, 1))).shape == (0, 1)
