"""parse_range returns a Range: still the list it was, plus the 13 x 13
grid of class weights in the REPL and notebooks, as_dict and to_frame."""

import copy
import json
import pickle

import numpy as np
import pytest

from pyrankcore import GRID_NAMES, InvalidArgumentError, combos, format_cards, grid_name
from pyrankcore.ranges import Range, grid_index, parse_range

RANKS = "AKQJT98765432"
MIXED = "TT-77, AKs, 76s-54s:0.5, AhKd:0.25"


def test_a_range_is_still_the_list_of_combo_and_weight():
    r = parse_range("AhKh:0.5, QQ")
    assert isinstance(r, list) and isinstance(r, Range)
    assert list(r) == [((50, 46), 0.5)] + [(c, 1.0) for c in combos("QQ")]
    assert r == list(r) and r[0] == ((50, 46), 0.5) and len(r) == 7
    assert type(r[:2]) is list and type(r + r) is list
    assert sorted(r, reverse=True) == list(r)
    assert r.text == "AhKh:0.5, QQ" and r.hole_cards == 2


def test_a_range_survives_pickle_and_copy_with_its_text():
    r = parse_range(MIXED)
    for other in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert type(other) is Range and other == r
        assert other.text == MIXED and other.hole_cards == 2


def test_each_grid_name_fills_exactly_its_own_cell():
    for i, name in enumerate(GRID_NAMES):
        g = parse_range(name).grid()
        assert g.shape == (13, 13) and g.dtype == np.float64
        assert g.ravel()[i] == 1.0 and g.sum() == 1.0, name
        assert g[i // 13, i % 13] == 1.0
        assert grid_index(name) == i


def test_the_grid_layout_is_the_usual_one():
    g = parse_range("AKs").grid()
    assert g[0, 1] == 1.0  # row A, column K: suited above the diagonal
    g = parse_range("AKo").grid()
    assert g[1, 0] == 1.0  # below it: offsuit
    assert np.array_equal(parse_range("22+").grid(), np.eye(13))
    assert np.array_equal(parse_range("random").grid(), np.ones((13, 13)))


def test_class_weights_are_the_share_of_each_class_by_weight():
    r = parse_range(MIXED)
    assert r.class_weights() == {
        "AKs": 1.0,
        "AKo": 0.25 / 12,
        "TT": 1.0,
        "99": 1.0,
        "88": 1.0,
        "77": 1.0,
        "76s": 0.5,
        "65s": 0.5,
        "54s": 0.5,
    }
    assert parse_range("AhKh").class_weights() == {"AKs": 0.25}
    sizes = {n: len(combos(n)) for n in GRID_NAMES}
    assert sum(w * sizes[n] for n, w in r.class_weights().items()) == pytest.approx(r.weight)
    assert r.weight == sum(w for _, w in r) == 4 + 0.25 + 24 + 3 * 4 * 0.5


def test_the_repr_is_the_grid_with_rank_labels():
    r = parse_range(MIXED)
    lines = repr(r).splitlines()
    assert lines[0] == f"Range({MIXED!r}, hole_cards=2): 41 combos, weight 34.25"
    assert lines[1].split() == list(RANKS)
    weights = r.class_weights()
    for row, line in zip(RANKS, lines[2:], strict=True):
        cells = line.split()
        assert cells[0] == row and len(cells) == 14
        for col, cell in zip(range(13), cells[1:]):
            w = weights.get(GRID_NAMES[13 * RANKS.index(row) + col], 0.0)
            expected = "1" if w == 1 else "." if w == 0 else f"{w:.2f}".lstrip("0")
            assert cell == expected


def test_the_html_grid_has_the_169_names_shaded_by_weight(read_html):
    r = parse_range(MIXED)
    table = read_html(r._repr_html_())
    assert table["caption"].startswith(f"Range({MIXED!r}")
    assert len(table["rows"]) == 13 and all(len(row) == 13 for row in table["rows"])
    weights = r.class_weights()
    for i, cell in enumerate(c for row in table["rows"] for c in row):
        name = GRID_NAMES[i]
        assert cell["text"].split()[0] == name
        w = weights.get(name, 0.0)
        assert cell["attrs"]["title"] == f"{name}: weight {w:g}"
        style = cell["attrs"].get("style")
        if w:
            assert float(style.rsplit(",", 1)[1].rstrip(")")) == pytest.approx(w, abs=5e-4)
        else:
            assert style is None


def test_the_title_counts_combos_and_weight():
    r = parse_range("random:0.5")
    assert repr(r).splitlines()[0].endswith(": 1,326 combos, weight 663")
    assert repr(parse_range("AhKh:0.25")).splitlines()[0].endswith(": 1 combo, weight 0.25")
    big = Range([((51, 50, 49, 48, i), 1.0) for i in range(12_345)], text="x", hole_cards=5)
    assert repr(big).splitlines()[0].endswith(": 12,345 combos, weight 12,345")


def test_range_text_is_escaped_in_html(read_html):
    r = Range(parse_range("AA"), text="<b>AA</b>", hole_cards=2)
    html = r._repr_html_()
    assert "<b>" not in html and read_html(html)["caption"].startswith("Range('<b>AA</b>'")


def test_as_dict_is_plain_json_with_every_entry():
    r = parse_range(MIXED)
    d = r.as_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["text"] == MIXED and d["hole_cards"] == 2
    assert d["entries"] == [{"cards": format_cards(list(c)), "weight": w} for c, w in r]
    assert d["classes"] == r.class_weights()


def test_to_frame_has_a_row_per_entry_and_its_class():
    pytest.importorskip("pandas")
    r = parse_range(MIXED)
    frame = r.to_frame()
    assert frame.shape == (len(r), 3) and list(frame.columns) == ["cards", "weight", "hand"]
    assert list(frame["weight"]) == [w for _, w in r]
    assert list(frame["cards"]) == [format_cards(list(c)) for c, _ in r]
    assert list(frame["hand"]) == [grid_name(c) for c, _ in r]


def test_to_frame_grid_is_the_grid_with_rank_labels():
    pytest.importorskip("pandas")
    r = parse_range(MIXED)
    frame = r.to_frame(grid=True)
    assert list(frame.index) == list(RANKS) == list(frame.columns)
    assert np.array_equal(frame.to_numpy(), r.grid())
    assert frame.loc["A", "K"] == 1.0 and frame.loc["7", "6"] == 0.5


def test_range_to_frame_without_pandas_says_how_to_install_it(no_pandas):
    with pytest.raises(ImportError, match=r"Range.to_frame\(\).*pip install pandas"):
        parse_range("AA").to_frame()


# ---------------------------------------------------------------- Omaha


def test_an_omaha_range_shows_its_first_entries():
    r = parse_range("AA**", hole_cards=4)
    lines = repr(r).splitlines()
    assert lines[0] == "Range('AA**', hole_cards=4): 6,961 combos, weight 6,961"
    assert lines[1].split() == ["cards", "weight"]
    assert [line.rsplit(maxsplit=1) for line in lines[2:22]] == [
        [format_cards(list(c)), f"{w:g}"] for c, w in r[:20]
    ]
    assert lines[22] == f"... and {len(r) - 20:,} more"
    small = parse_range("AsKsQdJd", hole_cards=4)
    assert len(repr(small).splitlines()) == 3  # title, header, the one hand


def test_an_omaha_range_html_lists_its_first_entries(read_html):
    r = parse_range("AxAyxy", hole_cards=4)
    table = read_html(r._repr_html_())
    assert table["header"] == ["cards", "weight"]
    assert table["texts"] == [[format_cards(list(c)), f"{w:g}"] for c, w in r[:20]]
    assert table["paragraphs"] == [f"... and {len(r) - 20:,} more"]


def test_an_omaha_range_has_no_grid():
    r = parse_range("AA", hole_cards=4)
    for call in (r.grid, r.class_weights):
        with pytest.raises(InvalidArgumentError, match=r"hold'em ranges \(hole_cards=2\)"):
            call()
    d = r.as_dict()
    assert d["classes"] is None and len(d["entries"]) == len(r)


def test_an_omaha_range_frame_has_cards_and_weights():
    pytest.importorskip("pandas")
    r = parse_range("AsKs**:0.5", hole_cards=4)
    frame = r.to_frame()
    assert list(frame.columns) == ["cards", "weight"] and len(frame) == len(r)
    assert set(frame["weight"]) == {0.5}
    with pytest.raises(InvalidArgumentError, match="hole_cards=4"):
        r.to_frame(grid=True)


def test_grid_index_refuses_what_is_not_a_grid_name():
    with pytest.raises(InvalidArgumentError, match="unknown grid name 'AAs'"):
        grid_index("AAs")
    with pytest.raises(TypeError, match="a grid name is a str, not int"):
        grid_index(0)
