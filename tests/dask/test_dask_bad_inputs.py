"""Odd inputs to pyrankcore.dask get the library's errors, as the
one-machine calls give them, before any task runs (dask's local
scheduler: no cluster needed)."""

import numpy as np
import pytest

pytest.importorskip("dask.array", reason="pyrankcore.dask needs dask (the dask extra)")

import dask.array as da  # noqa: E402

import pyrankcore  # noqa: E402
import pyrankcore.dask as prd  # noqa: E402
from pyrankcore.errors import HandSizeError, PyrankcoreError  # noqa: E402


@pytest.mark.parametrize(
    "pairs",
    [[(0, 1, 2)], [(0,)], [0], "AA", [["AA"]], None, 5],
    ids=["triple", "single", "int", "text", "name", "none", "count"],
)
def test_preflop_entries_of_no_index_pairs_is_a_type_error(pairs):
    with pytest.raises(TypeError, match="pairs"):
        prd.preflop_entries(pairs)


BATCH_CALLS = [prd.evaluate_batch, prd.strength_histogram, prd.category_counts]
BAD_BATCHES = {
    "1-d": np.arange(7, dtype=np.uint8),
    "3-d": np.arange(21, dtype=np.uint8).reshape(1, 3, 7),
    "ragged": [[51, 47, 43, 39, 35], [1, 2]],
    "float": np.zeros((3, 7)),
    "bool": np.zeros((3, 7), dtype=bool),
    "text": [["As", "Ks", "Qs", "Js", "Ts"]],
    "beyond int64": [[51, 47, 43, 39, 35], [2**70, 2, 3, 4, 5]],
}


@pytest.mark.parametrize("name", BAD_BATCHES)
@pytest.mark.parametrize("call", BATCH_CALLS)
def test_a_bad_batch_is_the_one_machine_error_now(name, call):
    cards = BAD_BATCHES[name]
    with pytest.raises(Exception) as local:
        pyrankcore.evaluate_batch(cards)
    assert isinstance(local.value, (TypeError, PyrankcoreError))
    with pytest.raises(type(local.value)) as on_dask:
        call(cards)  # not computed: the error comes at the call
    assert str(on_dask.value) == str(local.value)


@pytest.mark.parametrize("call", BATCH_CALLS)
def test_a_dask_array_of_the_wrong_type_or_shape_raises_at_the_call(call):
    with pytest.raises(TypeError, match="integer array, not dtype float64"):
        call(da.zeros((3, 7)))
    with pytest.raises(HandSizeError, match=r"2-d \(N, k\) array, got shape \(7,\)"):
        call(da.zeros(7, dtype=np.uint8))
