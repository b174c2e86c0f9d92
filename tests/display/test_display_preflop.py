"""The labelled preflop matrix: still the bare array for every existing use,
and names on both axes."""

import json
import pickle
import re

import numpy as np
import pytest

from pyrankcore import GRID_NAMES, InvalidArgumentError, preflop
from pyrankcore.preflop import SHOWN_CLASSES, PreflopMatrix


@pytest.fixture(scope="module")
def matrix(preflop_cache_dir):
    return preflop.preflop_matrix(cache_dir=preflop_cache_dir)


def test_it_is_the_read_only_array_it_was(matrix):
    plain = np.asarray(matrix)
    assert type(plain) is np.ndarray and isinstance(matrix, np.ndarray)
    assert plain.shape == (169, 169) and plain.dtype == np.float64
    assert not matrix.flags.writeable and not plain.flags.writeable
    assert np.shares_memory(plain, matrix)
    i, j = GRID_NAMES.index("AA"), GRID_NAMES.index("KK")
    assert matrix[i, j] == plain[i, j] and type(matrix[i, j]) is np.float64
    assert float(np.max(np.abs(matrix + matrix.T - 1.0))) <= 1e-12


def test_names_index_the_same_cells_as_positions(matrix):
    plain = np.asarray(matrix)
    assert matrix.labels == GRID_NAMES
    for i, name in enumerate(GRID_NAMES):
        assert np.array_equal(matrix[name], plain[i])
        assert np.array_equal(matrix[:, name], plain[:, i])
    assert matrix["AA", "KK"] == plain[0, 14]
    assert np.array_equal(matrix[["AA", "KK"], "QQ"], plain[[0, 14], 28])
    assert matrix["AA", 14] == matrix[0, "KK"] == matrix["AA", "KK"]


def test_named_cells_agree_with_the_equity_engine(matrix):
    pairs = [("AKs", "QQ"), ("72o", "AA"), ("JTs", "22")]
    cells = [(GRID_NAMES.index(a), GRID_NAMES.index(b)) for a, b in pairs]
    for (a, b), value in zip(pairs, preflop.entries(cells).values()):
        assert matrix[a, b] == value
    assert matrix["AA", "KK"] == pytest.approx(0.81946031, abs=1e-6)  # Kevin Gong


def test_what_is_computed_from_it_is_a_plain_array(matrix):
    for derived in (matrix[:10], matrix[::-1], matrix + matrix.T, matrix * 2, 1 - matrix):
        assert type(derived) is np.ndarray
    assert type(matrix.sum()) is np.float64 and type(matrix[3, 4]) is np.float64
    # what keeps the class keeps the labels' meaning: the same 169 x 169 grid
    copy = matrix.copy()
    assert type(copy) is PreflopMatrix and copy["AA", "KK"] == matrix["AA", "KK"]
    assert matrix.T["KK", "AA"] == matrix["AA", "KK"]
    copy += 1  # in place: still the caller's own labelled array
    assert type(copy) is PreflopMatrix and copy["AA", "AA"] == 1.5
    copy["AA", "KK"] = 0.0
    assert copy[0, 14] == 0.0


def test_an_array_of_another_shape_refuses_names(matrix):
    flat = matrix.ravel()
    with pytest.raises(InvalidArgumentError, match=r"shape \(28561,\)"):
        flat["AA"]
    with pytest.raises(InvalidArgumentError, match="labels"):
        _ = flat.labels
    assert repr(flat).startswith("array(") and flat._repr_html_() is None


def test_bad_names_raise_the_library_error(matrix):
    with pytest.raises(InvalidArgumentError, match="unknown grid name 'AKx'"):
        matrix["AKx", "QQ"]
    with pytest.raises(InvalidArgumentError, match="unknown grid name 'kk'"):
        matrix["AA", "kk"]
    with pytest.raises(InvalidArgumentError, match="unknown grid name 'ZZ'"):
        matrix[["AA", "ZZ"]]
    with pytest.raises(IndexError):  # positions keep NumPy's own errors
        matrix[169, 0]


def test_it_pickles_as_itself(matrix):
    back = pickle.loads(pickle.dumps(matrix))
    assert type(back) is PreflopMatrix and np.array_equal(back, matrix)
    assert back["AKs", "AKo"] == matrix["AKs", "AKo"]


def test_to_frame_has_the_names_on_both_axes(matrix):
    pytest.importorskip("pandas")
    frame = matrix.to_frame()
    assert frame.shape == (169, 169)
    assert list(frame.index) == list(GRID_NAMES) == list(frame.columns)
    assert frame.index.name == "hand" and frame.columns.name == "against"
    assert np.array_equal(frame.to_numpy(), np.asarray(matrix))
    assert frame.loc["AA", "KK"] == matrix["AA", "KK"]


def test_preflop_to_frame_without_pandas_says_how_to_install_it(matrix, no_pandas):
    with pytest.raises(ImportError, match=r"PreflopMatrix.to_frame\(\).*pip install pandas"):
        matrix.to_frame()


def test_as_dict_is_plain_json(matrix):
    d = matrix.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["labels"] == list(GRID_NAMES)
    assert np.array_equal(np.array(d["equity"]), np.asarray(matrix))


def test_the_repr_shows_six_labelled_hands_against_each_other(matrix):
    lines = repr(matrix).splitlines()
    assert lines[0].startswith("PreflopMatrix: hold'em heads-up preflop equity")
    assert lines[1].split() == list(SHOWN_CLASSES)
    for line, row in zip(lines[2:8], SHOWN_CLASSES, strict=True):
        cells = line.split()
        assert cells[0] == row
        for col, cell in zip(SHOWN_CLASSES, cells[1:], strict=True):
            assert float(cell) == pytest.approx(matrix[row, col], abs=5e-5)
    assert re.search(r"169 x 169", lines[8])
    # six hands far apart in the grid: the note says so, not "a corner"
    assert "six hands shown" in lines[8] and "corner" not in repr(matrix)


def test_the_html_shows_the_same_hands(matrix, read_html):
    table = read_html(matrix._repr_html_())
    assert table["header"] == ["", *SHOWN_CLASSES]
    assert [row[0] for row in table["texts"]] == list(SHOWN_CLASSES)
    for row, cells in zip(SHOWN_CLASSES, table["texts"]):
        for col, cell in zip(SHOWN_CLASSES, cells[1:]):
            assert float(cell) == pytest.approx(matrix[row, col], abs=5e-5)
    assert "m.to_frame()" in table["paragraphs"][0]
    assert "corner" not in matrix._repr_html_()


def test_dask_reads_it_as_an_array(matrix):
    da = pytest.importorskip("dask.array")
    lazy = da.from_array(matrix, chunks=(60, 60))
    assert type(lazy._meta) is np.ndarray
    assert lazy.sum().compute() == pytest.approx(169 * 169 / 2)
    assert np.array_equal(lazy[:7, 100:].compute(), np.asarray(matrix)[:7, 100:])
