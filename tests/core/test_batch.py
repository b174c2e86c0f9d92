"""evaluate_batch: dtypes, memory layouts, read-only input, out=, threads=."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from references import reference as ref

import pyrankcore
from pyrankcore.errors import InvalidArgumentError

ALL_INT_DTYPES = sorted(
    {
        np.dtype(t)
        for t in (
            np.int8,
            np.uint8,
            np.int16,
            np.uint16,
            np.int32,
            np.uint32,
            np.int64,
            np.uint64,
            np.intc,
            np.uintc,
            np.intp,
            np.uintp,
            np.longlong,
            np.ulonglong,
            np.byte,
            np.ubyte,
            np.short,
            np.ushort,
        )
    },
    key=lambda d: (d.itemsize, d.kind),
)
# Non-native byte order: a valid integer dtype that a naive kernel misreads.
SWAPPED_DTYPES = [np.dtype(">i4"), np.dtype("<i4"), np.dtype(">u2"), np.dtype(">i8")]

KNOWN = [
    ("As Ks Qs Js Ts", 7462),
    ("7c 5d 4h 3s 2c", 1),
    ("5d 4d 3d 2d Ad", 7453),
    ("Ac Kd Qh Js Tc", 5863),
    ("5s 4d 3d 2s Ah", 5854),
    ("2d 2s 3d 3c 4s", 4138),
    ("As Ad Kd Qh Jc", 4137),
]


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def scalar(arr):
    return [pyrankcore.evaluate(row) for row in np.asarray(arr).tolist()]


@pytest.fixture(scope="module")
def hands7():
    return random_hands(3000, 7, seed=7)


def test_known_rows():
    arr = np.array([ref.cards(t) for t, _ in KNOWN], dtype=np.uint8)
    got = pyrankcore.evaluate_batch(arr)
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.uint16
    assert got.shape == (len(KNOWN),)
    assert got.tolist() == [s for _, s in KNOWN]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_each_hand_size_matches_reference(k):
    arr = random_hands(500, k, seed=k)
    got = pyrankcore.evaluate_batch(arr)
    assert got.tolist() == [ref.strength(r) for r in arr.tolist()]


@pytest.mark.parametrize("dtype", ALL_INT_DTYPES + SWAPPED_DTYPES, ids=str)
def test_every_integer_dtype(hands7, dtype):
    expected = pyrankcore.evaluate_batch(hands7)
    arr = hands7.astype(dtype)
    got = pyrankcore.evaluate_batch(arr)
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, expected)


def test_batch_equals_scalar(hands7):
    assert pyrankcore.evaluate_batch(hands7).tolist() == scalar(hands7)


def test_fortran_order(hands7):
    f = np.asfortranarray(hands7.astype(np.int32))
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(f), pyrankcore.evaluate_batch(hands7))


def test_read_only_input(hands7):
    ro = hands7.copy()
    ro.setflags(write=False)
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(ro), pyrankcore.evaluate_batch(hands7))
    ro_f = np.asfortranarray(hands7)
    ro_f.setflags(write=False)
    np.testing.assert_array_equal(
        pyrankcore.evaluate_batch(ro_f), pyrankcore.evaluate_batch(hands7)
    )


def test_read_only_memory_from_bytes(hands7):
    buf = hands7.tobytes()
    arr = np.frombuffer(buf, dtype=np.uint8).reshape(hands7.shape)
    assert not arr.flags.writeable
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(arr), pyrankcore.evaluate_batch(hands7))


def test_non_contiguous_views(hands7):
    full = pyrankcore.evaluate_batch(hands7)
    # every other row
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(hands7[::2]), full[::2])
    # reversed rows
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(hands7[::-1]), full[::-1])
    # reversed columns: the same hands, so the same strengths
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(hands7[:, ::-1]), full)
    # a column slice of a wider array: 5 and 6 card sub-hands
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(hands7[:, 1:6]), scalar(hands7[:, 1:6]))
    np.testing.assert_array_equal(
        pyrankcore.evaluate_batch(hands7[::3, :6]), scalar(hands7[::3, :6])
    )
    # column stride inside a wider int64 array
    wide = np.zeros((hands7.shape[0], 21), dtype=np.int64)
    wide[:, ::3] = hands7
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(wide[:, ::3]), full)


def test_input_is_not_modified(hands7):
    arr = hands7[:, ::-1].astype(np.int16)
    before = arr.copy()
    pyrankcore.evaluate_batch(arr)
    pyrankcore.evaluate_batch(arr, threads=2)
    np.testing.assert_array_equal(arr, before)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_empty_batch(k, dtype):
    got = pyrankcore.evaluate_batch(np.zeros((0, k), dtype=dtype))
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.uint16
    assert got.shape == (0,)
    out = np.zeros(0, dtype=np.uint16)
    assert pyrankcore.evaluate_batch(np.zeros((0, k), dtype=dtype), out=out) is out


def test_single_row():
    got = pyrankcore.evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.int8))
    assert got.tolist() == [7462]


def test_result_is_a_fresh_writable_array(hands7):
    a = pyrankcore.evaluate_batch(hands7)
    b = pyrankcore.evaluate_batch(hands7)
    assert a is not b
    assert not np.shares_memory(a, b)
    assert a.flags.writeable and a.flags.c_contiguous


# --------------------------------------------------------------------------
# out=


def test_out_is_filled_and_returned(hands7):
    expected = pyrankcore.evaluate_batch(hands7)
    out = np.full(hands7.shape[0], 65535, dtype=np.uint16)
    got = pyrankcore.evaluate_batch(hands7, out=out)
    assert got is out
    np.testing.assert_array_equal(out, expected)


def test_out_with_non_contiguous_input_and_threads(hands7):
    expected = pyrankcore.evaluate_batch(hands7)[::2]
    out = np.zeros(expected.shape[0], dtype=np.uint16)
    got = pyrankcore.evaluate_batch(np.asfortranarray(hands7)[::2], out=out, threads=2)
    assert got is out
    np.testing.assert_array_equal(out, expected)


def test_non_contiguous_out_is_rejected(hands7):
    """The docstring promises "a writable C-contiguous uint16 array" and an
    InvalidArgumentError for a bad layout: a strided view is refused before
    anything is written, even the rows it would cover."""
    big = np.zeros(2 * hands7.shape[0], dtype=np.uint16)
    for out in (big[::2], big[1::2]):
        with pytest.raises(InvalidArgumentError, match="out must be C-contiguous"):
            pyrankcore.evaluate_batch(hands7, out=out)
        with pytest.raises(InvalidArgumentError, match="out must be C-contiguous"):
            pyrankcore.evaluate_batch(hands7, out=out, threads=2)
    assert not big.any()


# --------------------------------------------------------------------------
# threads=


@pytest.mark.parametrize("threads", [None, 1, 2, 3, 4, 16, 64])
def test_threads_give_identical_results(threads):
    arr = random_hands(20_000, 7, seed=99)
    single = pyrankcore.evaluate_batch(arr, threads=1)
    np.testing.assert_array_equal(pyrankcore.evaluate_batch(arr, threads=threads), single)


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_more_threads_than_rows(n):
    arr = random_hands(n, 6, seed=n)
    got = pyrankcore.evaluate_batch(arr, threads=8)
    assert got.tolist() == scalar(arr)


def test_concurrent_python_threads():
    """Calls from several Python threads at once (the GIL is released) agree."""
    arr = random_hands(100_000, 7, seed=3)
    expected = pyrankcore.evaluate_batch(arr)
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [
            pool.submit(pyrankcore.evaluate_batch, arr[i:], threads=1 + i % 2) for i in range(4)
        ]
        results = [f.result(timeout=120) for f in futures]
    for i, r in enumerate(results):
        np.testing.assert_array_equal(r, expected[i:])


def test_game_argument(hands7):
    np.testing.assert_array_equal(
        pyrankcore.evaluate_batch(hands7, game="high"),
        pyrankcore.evaluate_batch(hands7),
    )
    np.testing.assert_array_equal(
        pyrankcore.evaluate_batch(hands7, "high"), pyrankcore.evaluate_batch(hands7)
    )
