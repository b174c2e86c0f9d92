"""Hi-lo Omaha in one pass: evaluate_omaha_batch with a split-pot variant
gives (high, low) per row, equal to the two halves evaluated separately."""

import numpy as np
import pytest

import pyrankcore as prc
from pyrankcore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArgumentError,
    InvalidCardError,
)


def deal(n, holes, board, seed):
    both = prc.random_hands(n, holes + board, seed=seed)
    return np.ascontiguousarray(both[:, :holes]), np.ascontiguousarray(both[:, holes:])


@pytest.mark.parametrize(
    "variant,holes,board",
    [
        ("Omaha Hi-Lo 8", 4, 5),
        ("Omaha Hi-Lo 8", 4, 3),
        ("Omaha Hi-Lo 8", 4, 4),
        ("Big O", 5, 5),
    ],
)
def test_one_pass_equals_each_half(variant, holes, board):
    v = prc.variant(variant)
    assert v.hole_cards == (holes,)
    h, b = deal(30_000, holes, board, seed=holes * 10 + board)
    both = prc.evaluate_omaha_batch(h, b, variant)
    assert both.shape == (len(h), 2) and both.dtype == np.uint16
    assert (both[:, 0] == prc.evaluate_omaha_batch(h, b, v.high)).all()
    assert (both[:, 1] == prc.evaluate_omaha_batch(h, b, v.low)).all()
    # and one hand at a time
    for i in range(200):
        assert both[i, 0] == prc.evaluate_omaha(h[i].tolist(), b[i].tolist(), v.high)
        assert both[i, 1] == prc.evaluate_omaha(h[i].tolist(), b[i].tolist(), v.low)


@pytest.mark.parametrize(
    "variant,holes",
    [("Omaha Hi-Lo 8", 5), ("Omaha Hi-Lo 8", 6), ("Big O", 4), ("Big O", 6)],
)
def test_a_hole_count_the_variant_does_not_deal_is_refused(variant, holes):
    h, b = deal(10, holes, 5, seed=holes)
    with pytest.raises(HandSizeError, match=f"{variant}: a hand has \\d cards, got {holes}"):
        prc.evaluate_omaha_batch(h, b, variant)


def test_threads_and_out_give_the_same_rows():
    h, b = deal(50_000, 4, 5, seed=7)
    one = prc.evaluate_omaha_batch(h, b, "Omaha Hi-Lo 8")
    out = np.zeros((len(h), 2), dtype=np.uint16)
    two = prc.evaluate_omaha_batch(h, b, "Omaha Hi-Lo 8", threads=2, out=out)
    assert two is out and (one == two).all()
    with pytest.raises(InvalidArgumentError, match="shape"):
        prc.evaluate_omaha_batch(h, b, "Omaha Hi-Lo 8", out=np.zeros(len(h), dtype=np.uint16))


def test_a_bad_row_is_named_and_the_rows_before_it_written():
    h, b = deal(100, 4, 5, seed=9)
    expected = prc.evaluate_omaha_batch(h, b, "Omaha Hi-Lo 8")
    for pos in (0, 31, 32, 33, 99):
        for bad, error in ((52, InvalidCardError), (int(b[pos, 0]), DuplicateCardError)):
            hh = h.copy()
            hh[pos, 2] = bad
            with pytest.raises(error, match=f"row {pos}"):
                prc.evaluate_omaha_batch(hh, b, "Omaha Hi-Lo 8")
            out = np.zeros((100, 2), dtype=np.uint16)
            got = prc._core.evaluate_omaha_rows_hilo(hh, b, out, 0, 100, "high", "ace_five_8")
            assert got == pos
            assert (out[:pos] == expected[:pos]).all()
