"""Odd inputs to pyrankcore.dask get the library's errors, as the
one-machine calls give them, before any task runs (dask's local
scheduler: no cluster needed)."""

import numpy as np
import pytest

pytest.importorskip("dask.array", reason="pyrankcore.dask needs dask (the dask extra)")

import pyrankcore  # noqa: E402
import pyrankcore.dask as prd  # noqa: E402
from pyrankcore.errors import HandSizeError  # noqa: E402


@pytest.mark.parametrize(
    "pairs",
    [[(0, 1, 2)], [(0,)], [0], "AA", [["AA"]], None, 5],
    ids=["triple", "single", "int", "text", "name", "none", "count"],
)
def test_preflop_entries_of_no_index_pairs_is_a_type_error(pairs):
    with pytest.raises(TypeError, match="pairs"):
        prd.preflop_entries(pairs)


@pytest.mark.parametrize("shape", [(7,), (1, 3, 7)], ids=["1-d", "3-d"])
@pytest.mark.parametrize("call", [prd.evaluate_batch, prd.strength_histogram])
def test_a_batch_of_the_wrong_shape_is_the_one_machine_error(shape, call):
    cards = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape)
    with pytest.raises(HandSizeError) as local:
        pyrankcore.evaluate_batch(cards)
    with pytest.raises(HandSizeError) as on_dask:
        call(cards)
    assert str(on_dask.value) == str(local.value)
