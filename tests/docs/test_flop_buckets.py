"""docs/flop_buckets.py, the card-abstraction example: its k-means finds
well-separated clusters, its buckets are ordered by strength, the EHS²
buckets are intervals, and the grid places every class where the 13 x 13
grid has it."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import pyrankcore as prc

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "flop_buckets.py"

pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="docs/ is not part of this copy")


@pytest.fixture(scope="module")
def fb():
    spec = importlib.util.spec_from_file_location("flop_buckets", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def buckets(fb):
    return fb.flop_buckets("Qs 9d 7h", 8)


def test_kmeans_recovers_separated_clusters(fb):
    rng = np.random.default_rng(3)
    centres = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [10.0, 10.0]])
    truth = rng.integers(4, size=400)
    points = centres[truth] + rng.normal(scale=0.5, size=(400, 2))
    labels = fb.kmeans(points, 4, seed=1)
    # the same partition, whatever the numbering
    pairs = set(zip(truth.tolist(), labels.tolist()))
    assert len(pairs) == 4
    assert np.array_equal(labels, fb.kmeans(points, 4, seed=1))
    with pytest.raises(ValueError, match="k must be"):
        fb.kmeans(points, 0)


def test_every_hand_that_misses_the_board_gets_a_bucket(buckets):
    board = set(prc.parse_cards("Qs 9d 7h"))
    assert len(buckets.combos) == 49 * 48 // 2
    assert not any(set(c.tolist()) & board for c in buckets.combos)
    for labels in (buckets.by_ehs2, buckets.by_histogram):
        assert sorted(np.unique(labels).tolist()) == list(range(8))


def test_buckets_run_from_weakest_to_strongest(buckets):
    for labels in (buckets.by_ehs2, buckets.by_histogram):
        means = [buckets.ehs[labels == j].mean() for j in range(8)]
        assert means == sorted(means)


def test_ehs2_buckets_are_intervals(buckets):
    # in one dimension a k-means cluster is an interval of values
    order = np.argsort(buckets.ehs2, kind="stable")
    labels = buckets.by_ehs2[order]
    assert (np.diff(labels) >= 0).all()


def test_the_grid_places_pairs_suited_and_offsuit_hands(fb, buckets):
    ids = prc.parse_cards
    assert fb.grid_cell(np.array(ids("As Ad"))) == (0, 0)
    assert fb.grid_cell(np.array(ids("Ks As"))) == (0, 1)  # suited: above the diagonal
    assert fb.grid_cell(np.array(ids("Kd As"))) == (1, 0)
    assert fb.grid_cell(np.array(ids("2c 3c"))) == (11, 12)
    grid = fb.bucket_grid(buckets.by_ehs2, buckets.combos)
    assert grid.shape == (13, 13) and grid.min() >= 0
    # sets of queens, nines and sevens are in the strongest bucket
    for pair in (2, 5, 7):
        assert grid[pair, pair] == 7


def test_the_script_prints_each_bucket(fb, capsys):
    fb.main(["Qs 9d 7h", "4"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "flop Qs 9d 7h: 1176 hands, 4 buckets"
    rows = [line.split() for line in out[2:]]
    assert [int(r[0]) for r in rows] == [0, 1, 2, 3]
    assert sum(int(r[1]) for r in rows) == sum(int(r[3]) for r in rows) == 1176
