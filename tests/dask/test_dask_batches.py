"""pyrankcore.dask batches and their reductions equal the one-machine
calls; a bad row is named by its row in the whole array."""

import pickle

import numpy as np
import pytest

import pyrankcore
from pyrankcore.errors import DuplicateCardError, InvalidCardError

da = pytest.importorskip("dask.array")
prd = pytest.importorskip("pyrankcore.dask")


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    """Blocks as small as the arrays here: evaluate_batch merges blocks of
    fewer than MIN_BLOCK_ROWS rows (5,000,000) into one."""
    monkeypatch.setattr(prd, "MIN_BLOCK_ROWS", 1_000)


GAMES = [
    "high",
    "ace_five_8",  # a qualifier: strength 0 for no low
    "deuce_seven",
    pyrankcore.ranking("high", wild="jokers"),
    pyrankcore.ranking("high", suit_tiebreak="highest_unpaired", suit_order="italy"),
]


def local_reductions(hands, game):
    strengths = pyrankcore.evaluate_batch(hands, game)
    tables_classes = int(prd.strength_histogram(hands[:0], game).shape[0]) - 1
    plain = strengths >> 10 if strengths.dtype == np.uint32 else strengths
    histogram = np.bincount(plain, minlength=tables_classes + 1)
    qualified = strengths[strengths > 0]
    categories = np.bincount(
        pyrankcore.category(qualified, game), minlength=len(pyrankcore.Category)
    )
    return strengths, histogram, categories


@pytest.mark.parametrize("game", GAMES, ids=["high", "low8", "2-7", "jokers", "suited"])
def test_batches_and_reductions_equal_the_local_calls(game):
    hands = pyrankcore.random_hands(6_000, 7, seed=5, game=game)  # the game's deck
    lazy = da.from_array(hands, chunks=(2_500, 7))
    strengths, histogram, categories = local_reductions(hands, game)
    got = prd.evaluate_batch(lazy, game)
    assert got.dtype == strengths.dtype
    assert np.array_equal(got.compute(), strengths)
    assert np.array_equal(prd.strength_histogram(lazy, game).compute(), histogram)
    counts = prd.category_counts(lazy, game).compute()
    assert np.array_equal(counts, categories) and counts.dtype == np.int64
    assert histogram.sum() == 6_000


def test_reductions_on_the_cluster_need_no_hands_on_the_client(on_cluster):
    lazy = prd.random_hands(12_000, 7, seed=9, chunks=4_000)
    histogram, counts = prd.compute(prd.strength_histogram(lazy), prd.category_counts(lazy))
    hands = lazy.compute(scheduler="sync")
    _, want_histogram, want_counts = local_reductions(hands, "high")
    assert np.array_equal(histogram, want_histogram)
    assert np.array_equal(counts, want_counts)


def bad_rows():
    hands = pyrankcore.random_hands(9_000, 7, seed=1)
    hands[7_000, 3] = hands[7_000, 1]  # in the third block of 2,500 rows
    return hands


@pytest.mark.parametrize(
    "reduce", [prd.evaluate_batch, prd.strength_histogram, prd.category_counts]
)
def test_a_bad_row_is_named_by_its_row_in_the_whole_array(reduce):
    hands = bad_rows()
    with pytest.raises(DuplicateCardError) as local:
        pyrankcore.evaluate_batch(hands)
    blocks = da.from_array(hands, chunks=(2_500, 7))
    assert prd.evaluate_batch(blocks).numblocks == (4,)  # row 7000 is row 2000 of block 2
    with pytest.raises(DuplicateCardError) as lazy:
        reduce(blocks).compute()
    assert str(lazy.value) == str(local.value) and str(local.value).startswith("row 7000: ")
    hands[7_000] = hands[6_999]
    hands[8_500, 0] = 60
    with pytest.raises(InvalidCardError, match=r"^row 8500: invalid card id 60 "):
        reduce(da.from_array(hands, chunks=(2_500, 7))).compute()


def test_bad_rows_in_several_blocks_raise_for_one_of_them():
    # blocks run in parallel: whichever fails first is reported
    hands = bad_rows()
    hands[8_500, 0] = 60
    with pytest.raises((DuplicateCardError, InvalidCardError), match="^row (7000|8500): "):
        prd.evaluate_batch(da.from_array(hands, chunks=(2_500, 7))).compute()


def test_a_bad_row_on_the_cluster(on_cluster):
    with pytest.raises(DuplicateCardError, match="^row 7000: duplicate card"):
        prd.compute(prd.evaluate_batch(da.from_array(bad_rows(), chunks=(2_500, 7))))


def test_a_numpy_array_goes_to_the_workers_outside_the_graph(on_cluster, monkeypatch):
    monkeypatch.setattr(prd, "MIN_BLOCK_ROWS", 4_000)  # three blocks
    hands = pyrankcore.random_hands(10_000, 7, seed=2)
    lazy = prd.evaluate_batch(hands)
    assert lazy.numblocks == (3,)
    graph = pickle.dumps(dict(lazy.__dask_graph__()))
    assert len(graph) < hands.nbytes / 10  # references to the data, not the data
    (got,) = prd.compute(lazy)
    assert np.array_equal(got, pyrankcore.evaluate_batch(hands))


def test_the_local_scheduler_takes_a_numpy_array_in_place():
    hands = pyrankcore.random_hands(3_000, 5, seed=3)
    assert np.array_equal(prd.evaluate_batch(hands).compute(), pyrankcore.evaluate_batch(hands))
    with pytest.raises(pyrankcore.HandSizeError, match="2-d"):
        prd.evaluate_batch(hands[0])
    with pytest.raises(pyrankcore.UnknownGameError):
        prd.strength_histogram(hands, "no such game")
