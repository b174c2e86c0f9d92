"""pyrankcore.dask.random_hands: dealt on the workers, the same array for
the same arguments on every scheduler, valid and uniform rows."""

import numpy as np
import pytest

import pyrankcore
from pyrankcore.errors import HandSizeError, InvalidArgumentError

pytest.importorskip("dask.array")  # pyrankcore.dask raises a plain ImportError without it
prd = pytest.importorskip("pyrankcore.dask")


def spawned_seed(seed, index, blocks):
    """Block *index*'s seed as numpy's SeedSequence.spawn gives it."""
    child = np.random.SeedSequence(seed).spawn(blocks)[index]
    return int(child.generate_state(1, np.uint64)[0])


def test_each_block_is_the_core_deal_of_its_spawned_seed():
    lazy = prd.random_hands(2_500, 6, seed=17, chunks=1_000)
    assert lazy.shape == (2_500, 6) and lazy.dtype == np.uint8
    assert lazy.chunks == ((1_000, 1_000, 500), (6,))
    hands = lazy.compute(scheduler="sync")
    for i, (a, b) in enumerate([(0, 1_000), (1_000, 2_000), (2_000, 2_500)]):
        want = pyrankcore.random_hands(b - a, 6, seed=spawned_seed(17, i, 3))
        assert np.array_equal(hands[a:b], want)


def test_the_same_array_on_every_scheduler(on_cluster):
    def deal():
        return prd.random_hands(9_000, 7, seed=3, chunks=(4_000, 0, 5_000))

    (cluster,) = prd.compute(deal())
    assert np.array_equal(cluster, deal().compute(scheduler="sync"))
    assert np.array_equal(cluster, deal().compute(scheduler="threads"))
    other = prd.random_hands(9_000, 7, seed=4, chunks=(4_000, 0, 5_000))
    assert not np.array_equal(cluster, other.compute(scheduler="sync"))


def test_rows_are_valid_hands_of_the_live_deck():
    dead = pyrankcore.parse_cards("As Kd")
    hands = prd.random_hands(3_000, 9, seed=8, chunks=700, exclude="As Kd").compute()
    assert all(len(set(row)) == 9 for row in hands.tolist())
    assert hands.max() < 52 and not np.isin(hands, dead).any()
    short = prd.random_hands(2_000, 5, seed=2, chunks=600, game="short_deck").compute()
    # the short deck: sixes to aces, card ids 16..51 (id = 4 * rank + suit)
    assert set(np.unique(short).tolist()) == set(range(16, 52))


def test_cards_are_uniform_in_every_column():
    # 24,000 rows: each card's count in a column is binomial(24,000, 1/52)
    # (sd about 21); 6 sd either side fails about once in 10^7 runs.
    hands = prd.random_hands(24_000, 7, seed=21, chunks=5_000).compute()
    expected, sd = 24_000 / 52, (24_000 * (1 / 52) * (51 / 52)) ** 0.5
    for column in hands.T:
        counts = np.bincount(column, minlength=52)
        assert np.all(np.abs(counts - expected) < 6 * sd), counts


def test_empty_and_argument_errors_raise_at_once():
    assert prd.random_hands(0, 5, seed=1).compute().shape == (0, 5)
    with pytest.raises(HandSizeError, match="cannot deal 53 cards"):
        prd.random_hands(10, 53, seed=1)
    with pytest.raises(HandSizeError, match="from 50 live cards"):
        prd.random_hands(10, 51, seed=1, exclude="As Ad")
    with pytest.raises(InvalidArgumentError):
        prd.random_hands(-1, 5, seed=1)
    with pytest.raises(TypeError, match="seed"):
        prd.random_hands(10, 5, seed=1.5)
    with pytest.raises(InvalidArgumentError, match="chunks must add up to n = 10, not 9"):
        prd.random_hands(10, 5, seed=1, chunks=(4, 5))
    with pytest.raises(InvalidArgumentError, match="chunks"):
        prd.random_hands(10, 5, seed=1, chunks=0)
    with pytest.raises(TypeError, match="chunks must be an int"):
        prd.random_hands(10, 5, seed=1, chunks=2.5)
