"""``pyrankcore range``: the combos, weights and grid of a range, checked
against pyrankcore.ranges."""

import json
from math import comb

import pytest

import pyrankcore
from pyrankcore import cli
from pyrankcore.cli.ranges import percent_cell
from pyrankcore.errors import RangeSyntaxError

TEXT = "AKs:0.5,QQ+,A5s-A2s:0.25,72o"


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def shares(entries):
    """Grid name -> weighted share of its combos, counted here."""
    out = {}
    for name in pyrankcore.GRID_NAMES:
        members = set(pyrankcore.combos(name))
        weight = sum(w for c, w in entries if c in members)
        if weight:
            out[name] = weight / len(members)
    return out


def test_range_json_matches_parse_range(capsys):
    entries = pyrankcore.parse_range(TEXT)
    status, out, _ = run(capsys, "range", TEXT, "--json")
    assert status == 0 and out.count("\n") == 1
    record = json.loads(out)
    assert record["range"] == TEXT and record["hole_cards"] == 2
    assert record["combos"] == len(entries)
    assert record["weight"] == pytest.approx(sum(w for _, w in entries))
    assert record["share"] == pytest.approx(record["weight"] / 1326)
    assert record["entries"] == [
        {"cards": pyrankcore.format_cards(list(c)), "weight": w} for c, w in entries
    ]
    assert record["grid"] == pytest.approx(shares(entries))
    assert list(record["grid"]) == [n for n in pyrankcore.GRID_NAMES if n in record["grid"]]


def test_range_text_grid(capsys):
    entries = pyrankcore.parse_range(TEXT)
    status, out, _ = run(capsys, "range", TEXT)
    assert status == 0
    lines = out.splitlines()
    weight = sum(w for _, w in entries)
    assert lines[0] == (
        f"{TEXT}: {len(entries)} combos of 2 cards, weight {weight:g} "
        f"({weight / 1326:.4%} of 1,326)"
    )
    header, *rows = lines[2:]
    ranks = "AKQJT98765432"
    assert header.split() == list(ranks) and len(rows) == 13
    expected = shares(entries)
    for i, row in enumerate(rows):
        label, *cells = row.split()
        assert label == ranks[i] and len(cells) == 13
        for j, cell in enumerate(cells):
            share = expected.get(pyrankcore.GRID_NAMES[13 * i + j], 0)
            assert cell == ("." if share == 0 else str(round(100 * share))), (i, j)


def test_grid_cells_never_round_to_none_or_all():
    assert [percent_cell(s) for s in (0, 0.001, 0.5, 0.996, 1)] == [".", "1", "50", "99", "100"]


def test_range_list(capsys):
    status, out, _ = run(capsys, "range", "AKs,TT", "--list")
    entries = pyrankcore.parse_range("AKs,TT")
    listed = out.split("\n\n")[-1].splitlines()
    assert status == 0
    assert listed == [f"{pyrankcore.format_cards(list(c))}  {w:g}" for c, w in entries]


def test_omaha_range(capsys):
    entries = pyrankcore.parse_range("AA", hole_cards=4)
    status, out, _ = run(capsys, "range", "AA", "--hole-cards", "4", "--json")
    record = json.loads(out)
    assert status == 0 and record["combos"] == len(entries) == 6961
    assert record["share"] == pytest.approx(6961 / comb(52, 4))
    assert "grid" not in record
    status, out, _ = run(capsys, "range", "AA", "--hole-cards", "4")
    assert (
        out == f"AA: 6,961 combos of 4 cards, weight 6,961 ({6961 / comb(52, 4):.4%} of 270,725)\n"
    )


@pytest.mark.parametrize("text", ["AKx", "", "AA:2", "AA, AsAh:0.5", "Jk"])
def test_bad_ranges_get_the_library_message_whole(capsys, text):
    with pytest.raises(RangeSyntaxError) as library:
        pyrankcore.parse_range(text)
    status, out, err = run(capsys, "range", text)
    assert (status, out) == (2, "")
    assert err == f"pyrankcore: error: {' '.join(str(library.value).split())}\n"


def test_bad_hole_cards(capsys):
    status, _, err = run(capsys, "range", "AA", "--hole-cards", "3")
    assert status == 2 and err.startswith("pyrankcore: error: argument --hole-cards")
