"""Bad input never gets a ranking: every error names what was wrong.

Also the none-safety check: every public function called with None raises
TypeError (never SystemError or a crash).
"""

import re

import numpy as np
import pytest

import pyrankcore
import pyrankcore.errors
from pyrankcore import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PyrankcoreError,
)
from pyrankcore.errors import InvalidArgumentError

GOOD7 = "As Kd Qh Jc 9s 8d 2c"

# --------------------------------------------------------------------------
# hierarchy


@pytest.mark.parametrize(
    "name",
    ["InvalidCardError", "DuplicateCardError", "HandSizeError", "UnknownGameError"],
)
def test_error_hierarchy(name):
    cls = getattr(pyrankcore, name)
    assert issubclass(cls, PyrankcoreError)
    assert issubclass(cls, ValueError)
    assert getattr(pyrankcore.errors, name) is cls


def test_base_error():
    assert issubclass(PyrankcoreError, Exception)
    assert pyrankcore.errors.PyrankcoreError is PyrankcoreError
    assert not issubclass(TypeError, PyrankcoreError)


# --------------------------------------------------------------------------
# invalid card text and ids


@pytest.mark.parametrize("token", ["1s", "Xs", "A", "Asx", "Ax", "11s", "0c", "AS\u2660", "Zz"])
def test_invalid_card_text_names_the_token(token):
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.parse_cards(token)
    msg = str(info.value)
    assert token in msg or repr(token) in msg, msg


@pytest.mark.parametrize(
    "text",
    ["", "As ", " As", "As,", ",As", "As Kd ", "As\tKd", "As\nKd", " ", ","],
)
def test_strict_separators(text):
    with pytest.raises(InvalidCardError):
        pyrankcore.parse_cards(text)


def test_invalid_token_inside_a_longer_string_is_named():
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.parse_cards("As Kd Xs 7h")
    assert "Xs" in str(info.value)
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.parse_cards(["As", "Qx"])
    assert "Qx" in str(info.value)


# 52 and 53 are the jokers: card ids, refused only by a game without them.
@pytest.mark.parametrize("card_id", [54, -1, 55, 100, 2**31, -(2**40)])
def test_out_of_range_ids_name_the_id(card_id):
    for value in (card_id, [0, card_id], (card_id, 1)):
        with pytest.raises(InvalidCardError) as info:
            pyrankcore.parse_cards(value)
        assert str(card_id) in str(info.value)


def test_out_of_range_ids_in_arrays():
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.parse_cards(np.array([0, 1, 54], dtype=np.int64))
    assert "54" in str(info.value)
    with pytest.raises(InvalidCardError):
        pyrankcore.parse_cards(np.array([0, -1], dtype=np.int8))
    with pytest.raises(InvalidCardError):
        pyrankcore.parse_cards(np.array([0, 2**64 - 1], dtype=np.uint64))


def test_jokers_are_cards_52_and_53_refused_by_games_without_them():
    assert pyrankcore.parse_cards("Jk As 🃏") == [52, 51, 53]
    assert pyrankcore.parse_cards([52, 53]) == [52, 53]
    assert pyrankcore.format_cards([52, 51, 53]) == "Jk As Jk"
    with pytest.raises(InvalidCardError, match="at most two jokers"):
        pyrankcore.parse_cards("Jk jk JK")
    with pytest.raises(pyrankcore.DuplicateCardError, match="Jk"):
        pyrankcore.parse_cards([52, 52])
    for game in ("high", "ace_five", "short_deck"):
        with pytest.raises(InvalidCardError, match="card Jk is not in the"):
            pyrankcore.evaluate("As Ks Qs Js Jk", game)
        with pytest.raises(InvalidCardError, match="Jk"):
            pyrankcore.evaluate_batch(np.array([[51, 47, 43, 39, 52]], dtype=np.uint8), game)


def test_sequence_elements_must_be_single_cards():
    with pytest.raises(InvalidCardError):
        pyrankcore.parse_cards(["AsKd", "7h"])
    with pytest.raises(InvalidCardError):
        pyrankcore.parse_cards(["As Kd"])


@pytest.mark.parametrize("bad", [None, 1.5, 51.0, True, False, {}, {"As": 1}, object()])
def test_parse_wrong_types(bad):
    with pytest.raises(TypeError):
        pyrankcore.parse_cards(bad)


@pytest.mark.parametrize("bad_element", [None, 1.0, True, ["As"], {"x": 1}])
def test_parse_wrong_element_types(bad_element):
    with pytest.raises(TypeError):
        pyrankcore.parse_cards(["As", bad_element])


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, object, np.complex128])
def test_parse_non_integer_arrays(dtype):
    arr = np.array([1, 2, 3]).astype(dtype)
    with pytest.raises(TypeError):
        pyrankcore.parse_cards(arr)


@pytest.mark.parametrize("bad", [[54], [0, -1], 54, -1, np.array([3, 54])], ids=str)
def test_format_bad_ids(bad):
    with pytest.raises(InvalidCardError):
        pyrankcore.format_cards(bad)


@pytest.mark.parametrize(
    "bad",
    [None, 1.5, True, [1.5], [None], {1: 2}, {51}],
    ids=["None", "float", "bool", "[float]", "[None]", "dict", "set"],
)
def test_format_wrong_types(bad):
    with pytest.raises(TypeError):
        pyrankcore.format_cards(bad)


# --------------------------------------------------------------------------
# duplicates


@pytest.mark.parametrize(
    "value",
    [
        "As As",
        "AsAs",
        "As Kd as",
        "A\u2660 As",
        [51, 51],
        ["As", 51],
        ("Kd", "As", "7h", "As"),
        np.array([51, 0, 51], dtype=np.uint8),
    ],
    ids=["space", "concat", "case", "symbol", "ints", "mixed", "tuple", "array"],
)
def test_duplicate_card_is_named(value):
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.parse_cards(value)
    msg = str(info.value)
    # canonical text, or the token exactly as the caller typed it
    assert "As" in msg or (isinstance(value, str) and ("as" in msg or "A\u2660" in msg)), msg


def test_duplicate_in_evaluate():
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate("As As Ks Qd 2c")
    assert "As" in str(info.value)
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate([0, 1, 2, 3, 4, 5, 3])
    assert "2s" in str(info.value)


# --------------------------------------------------------------------------
# hand size and card ids


@pytest.mark.parametrize("n", [1, 2, 3, 4, 11, 12, 52])
def test_evaluate_wrong_number_of_cards(n):
    with pytest.raises(HandSizeError, match=f"expected 5 to 10 cards, got {n}$"):
        pyrankcore.evaluate(list(range(n)))


def test_evaluate_empty_hand():
    with pytest.raises(HandSizeError, match="expected 5 to 10 cards, got 0$"):
        pyrankcore.evaluate([])


def test_evaluate_invalid_card():
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate("As Kd Qh Jc Xx")
    assert "Xx" in str(info.value)
    with pytest.raises(InvalidCardError):
        pyrankcore.evaluate([0, 1, 2, 3, 52])


# --------------------------------------------------------------------------
# strengths out of range


@pytest.mark.parametrize("bad", [0, 7463, -1, 10**6, -(10**6)])
def test_strength_out_of_range(bad):
    with pytest.raises(InvalidArgumentError, match=f"strength {bad} is not a high hand strength"):
        pyrankcore.category(bad)
    with pytest.raises(InvalidArgumentError, match=f"strength {bad} is not a high hand strength"):
        pyrankcore.describe(bad)
    with pytest.raises(InvalidArgumentError, match=f"strength {bad} is not in 1..7462"):
        pyrankcore.to_cactus_kev(bad)
    with pytest.raises(InvalidArgumentError, match=f"Cactus-Kev rank {bad} is not in 1..7462"):
        pyrankcore.from_cactus_kev(bad)


@pytest.mark.parametrize("bad", [0, 7463])
def test_cactus_kev_array_out_of_range(bad):
    arr = np.array([1, 2, bad], dtype=np.int64)
    with pytest.raises(InvalidArgumentError, match=f"strength {bad} at index 2 is not in 1..7462"):
        pyrankcore.to_cactus_kev(arr)
    with pytest.raises(
        InvalidArgumentError, match=f"Cactus-Kev rank {bad} at index 2 is not in 1..7462"
    ):
        pyrankcore.from_cactus_kev(arr)


# --------------------------------------------------------------------------
# evaluate_batch errors


def _rows(n=10, k=7, dtype=np.int64):
    rng = np.random.default_rng(n * 100 + k)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(dtype)


def _has_row(msg, i):
    return re.search(rf"\brow {i}\b", msg) is not None


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, object, np.complex64])
def test_batch_non_integer_dtype(dtype):
    arr = np.zeros((3, 5)).astype(dtype)
    with pytest.raises(TypeError):
        pyrankcore.evaluate_batch(arr)
    with pytest.raises(TypeError):
        pyrankcore.evaluate_batch(_rows(4, 7).astype(dtype))


@pytest.mark.parametrize(
    "shape",
    [(5,), (7,), (2, 5, 1), (1, 1, 5), (3, 4), (3, 11), (3, 0), (3, 52), (0, 4), ()],
)
def test_batch_bad_shape(shape):
    arr = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(HandSizeError):
        pyrankcore.evaluate_batch(arr)


@pytest.mark.parametrize(
    "dtype,bad",
    [
        (np.int8, -1),
        (np.int64, 52),
        (np.uint8, 255),
        (np.uint64, 2**63),
        (np.int32, -(2**31)),
    ],
)
def test_batch_invalid_id_names_first_bad_row(dtype, bad):
    arr = _rows(10, 7, np.int64).astype(dtype)
    arr[3, 2] = bad
    arr[7, 0] = bad
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(arr)
    msg = str(info.value)
    assert _has_row(msg, 3), msg
    assert not _has_row(msg, 7), msg


def test_batch_invalid_id_in_row_zero_and_last_row():
    arr = _rows(6, 5)
    arr[5, 4] = 99
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(arr)
    assert _has_row(str(info.value), 5)
    arr[0, 0] = 60
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(arr)
    assert _has_row(str(info.value), 0)


def test_batch_duplicate_names_first_bad_row():
    arr = _rows(12, 6)
    arr[4, 5] = arr[4, 0]
    arr[9, 1] = arr[9, 2]
    with pytest.raises(DuplicateCardError) as info:
        pyrankcore.evaluate_batch(arr)
    msg = str(info.value)
    assert _has_row(msg, 4), msg
    assert not _has_row(msg, 9), msg


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_duplicate_every_column_pair(k):
    """A duplicate anywhere in a row is caught, whichever two columns repeat."""
    base = _rows(1, k)[0]
    for i in range(k):
        for j in range(i + 1, k):
            row = base.copy()
            row[j] = row[i]
            arr = np.vstack([_rows(3, k), row[None, :]])
            with pytest.raises(DuplicateCardError) as info:
                pyrankcore.evaluate_batch(arr)
            assert _has_row(str(info.value), 3), (i, j, str(info.value))


def test_batch_row_index_refers_to_the_view():
    arr = _rows(20, 7)
    arr[6, 1] = 77  # row 3 of arr[::2]
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(arr[::2])
    assert _has_row(str(info.value), 3)
    fortran = np.asfortranarray(arr)
    with pytest.raises(InvalidCardError) as info:
        pyrankcore.evaluate_batch(fortran)
    assert _has_row(str(info.value), 6)


def test_batch_error_with_out_still_raises():
    arr = _rows(5, 7, np.uint8)
    arr[2, 0] = 200
    out = np.full(5, 12345, dtype=np.uint16)
    with pytest.raises(InvalidCardError):
        pyrankcore.evaluate_batch(arr, out=out)


@pytest.mark.parametrize(
    "out,error,words",
    [
        (np.zeros(10, dtype=np.int32), TypeError, "dtype uint16, not int32"),
        (np.zeros(10, dtype=np.uint32), TypeError, "dtype uint16, not uint32"),
        (np.zeros(10, dtype=np.int16), TypeError, "dtype uint16, not int16"),
        (np.zeros(10, dtype=np.float64), TypeError, "dtype uint16, not float64"),
        (np.zeros(11, dtype=np.uint16), InvalidArgumentError, r"shape \(10,\), not \(11,\)"),
        (np.zeros(9, dtype=np.uint16), InvalidArgumentError, r"shape \(10,\), not \(9,\)"),
        (np.zeros((10, 1), dtype=np.uint16), InvalidArgumentError, r"not \(10, 1\)"),
        (np.zeros((1, 10), dtype=np.uint16), InvalidArgumentError, r"not \(1, 10\)"),
        ([0] * 10, TypeError, "numpy.ndarray, not list"),
    ],
    ids=["int32", "uint32", "int16", "float64", "long", "short", "col", "row", "list"],
)
def test_batch_bad_out(out, error, words):
    # a wrong kind of out is a TypeError, a wrong size an InvalidArgumentError
    with pytest.raises(error, match=words) as info:
        pyrankcore.evaluate_batch(_rows(10, 7), out=out)
    assert isinstance(info.value, TypeError) != isinstance(info.value, InvalidArgumentError)


def test_batch_read_only_out_is_rejected():
    out = np.zeros(10, dtype=np.uint16)
    out.setflags(write=False)
    with pytest.raises(InvalidArgumentError, match="C-contiguous and writable"):
        pyrankcore.evaluate_batch(_rows(10, 7), out=out)
    assert not out.any()


@pytest.mark.parametrize("threads", [0, -1, -8])
def test_batch_bad_threads(threads):
    with pytest.raises(ValueError):
        pyrankcore.evaluate_batch(_rows(10, 7), threads=threads)


def test_batch_threads_wrong_type():
    for bad in (1.5, "2"):
        with pytest.raises(TypeError):
            pyrankcore.evaluate_batch(_rows(10, 7), threads=bad)


# --------------------------------------------------------------------------
# none-safety: TypeError, never SystemError


NONE_CALLS = {
    "parse_cards": lambda: pyrankcore.parse_cards(None),
    "format_cards": lambda: pyrankcore.format_cards(None),
    "evaluate": lambda: pyrankcore.evaluate(None),
    "evaluate(game=None)": lambda: pyrankcore.evaluate(GOOD7, game=None),
    "evaluate_batch": lambda: pyrankcore.evaluate_batch(None),
    "evaluate_batch(game=None)": lambda: pyrankcore.evaluate_batch(_rows(2, 5), game=None),
    "category": lambda: pyrankcore.category(None),
    "category(game=None)": lambda: pyrankcore.category(10, game=None),
    "describe": lambda: pyrankcore.describe(None),
    "describe(game=None)": lambda: pyrankcore.describe(10, game=None),
    "to_cactus_kev": lambda: pyrankcore.to_cactus_kev(None),
    "from_cactus_kev": lambda: pyrankcore.from_cactus_kev(None),
    "enumerate_counts": lambda: pyrankcore._core.enumerate_counts(None),
}


@pytest.mark.parametrize("name", sorted(NONE_CALLS))
def test_none_raises_type_error(name):
    with pytest.raises(TypeError):
        NONE_CALLS[name]()


def test_none_where_none_is_allowed():
    arr = _rows(4, 7)
    expected = [pyrankcore.evaluate(r) for r in arr.tolist()]
    assert pyrankcore.evaluate_batch(arr, out=None, threads=None).tolist() == expected
