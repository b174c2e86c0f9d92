"""Street feature tables (pyrankcore.streets, ``pyrankcore features``) on
small slices of the short deck's flops and turns: each row equal to the
features of its board, keyed by the indexer, resumable, checked on read."""

import json
import os
import sys

import numpy as np
import pytest

import pyrankcore as prc
import pyrankcore.streets as streets
from pyrankcore.boards import hole_combos
from pyrankcore.cli import main
from pyrankcore.features import strength_features
from pyrankcore.indexer import HandIndexer
from pyrankcore.streets import (
    StreetTableError,
    build_street_table,
    read_street_table,
    street_boards,
)

SHORT = "Short-deck Hold'em"


def same(a, b):
    return np.array_equal(a, b, equal_nan=True)


def test_rows_are_the_features_of_the_boards_the_indexer_names(tmp_path):
    t = build_street_table(tmp_path / "t", "turn", SHORT, bins=3, limit=5, chunk_boards=2)
    assert t.hs.shape == (5, 630) and t.histogram.shape == (5, 630, 3)
    assert t.hs.dtype == np.float32
    ix = HandIndexer([4], deck="short")
    np.testing.assert_array_equal(ix.index(t.boards)[:, 0], t.index)
    np.testing.assert_array_equal(t.index, np.arange(5))
    want = strength_features(t.boards, SHORT, bins=3)
    for name in streets.FEATURES:
        assert same(getattr(t, name), getattr(want, name).astype(np.float32)), name
    back = read_street_table(tmp_path / "t")
    for name in (*streets.FEATURES, "boards", "index", "combos"):
        assert same(getattr(back, name), getattr(t, name)), name
    assert back.meta == t.meta


def test_every_board_of_a_street_is_one_class_each():
    boards = street_boards("flop", SHORT)
    ix = HandIndexer([3], deck="short")
    assert len(boards) == ix.size(0) == 573
    np.testing.assert_array_equal(ix.index(boards)[:, 0], np.arange(573))


def test_an_isomorphic_board_has_the_same_features_renamed(tmp_path):
    # row 7's board with its suits renamed: every hand's features move with it
    t = short_table(tmp_path, "flop", 8)
    board = t.boards[7]
    perm = np.array([2, 0, 3, 1])
    renamed = (board >> 2) * 4 + perm[board & 3]
    f = strength_features(renamed.astype(np.uint8).reshape(1, -1), SHORT, bins=3)
    combos = hole_combos(SHORT)
    row = {tuple(sorted(c)): i for i, c in enumerate(combos.tolist())}
    moved = [row[tuple(sorted(((c >> 2) * 4 + perm[c & 3]) for c in cs))] for cs in combos.tolist()]
    for name in ("hs", "ehs", "ppot", "npot"):
        assert same(getattr(f, name)[0][moved].astype(np.float32), getattr(t, name)[7]), name


def short_table(folder, street, limit, bins=3):
    return build_street_table(folder, street, SHORT, bins=bins, limit=limit)


def interrupt_chunk(monkeypatch, which):
    """Make the build's chunk number *which* (1 first) raise Ctrl-C."""
    real = streets._compute_chunk
    calls = []

    def fails(boards, *args):
        calls.append(len(boards))
        if len(calls) == which:
            raise KeyboardInterrupt
        return real(boards, *args)

    monkeypatch.setattr(streets, "_compute_chunk", fails)
    return real


def test_an_interrupted_build_resumes(tmp_path, monkeypatch):
    real = interrupt_chunk(monkeypatch, 3)
    with pytest.raises(KeyboardInterrupt):
        build_street_table(tmp_path, "flop", SHORT, bins=2, limit=7, chunk_boards=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "chunk-000000.npz",
        "chunk-000001.npz",
        "meta.json",
    ]
    with pytest.raises(StreetTableError, match="missing"):
        read_street_table(tmp_path)
    monkeypatch.setattr(streets, "_compute_chunk", real)
    counted = []
    monkeypatch.setattr(
        streets,
        "_compute_chunk",
        lambda boards, *a: counted.append(len(boards)) or real(boards, *a),
    )
    t = build_street_table(tmp_path, "flop", SHORT, bins=2, limit=7, chunk_boards=2)
    assert counted == [2, 1]  # chunks 2 and 3 only
    whole = short_table(tmp_path / "whole", "flop", 7, bins=2)
    assert same(t.ehs, whole.ehs) and same(t.ppot, whole.ppot)


def test_damage_is_found_and_rebuilt(tmp_path):
    build_street_table(tmp_path, "flop", SHORT, bins=2, limit=4, chunk_boards=2)
    chunk = tmp_path / "chunk-000001.npz"
    good = chunk.read_bytes()
    data = bytearray(good)
    data[len(data) // 2] ^= 0xFF
    chunk.write_bytes(bytes(data))
    with pytest.raises(StreetTableError, match="chunk-000001"):
        read_street_table(tmp_path)
    build_street_table(tmp_path, "flop", SHORT, bins=2, limit=4, chunk_boards=2)
    assert chunk.read_bytes() != bytes(data)
    read_street_table(tmp_path)


def test_values_rewritten_with_their_checksums_fail_the_recomputation(tmp_path):
    t = build_street_table(tmp_path, "flop", SHORT, bins=2, limit=2)
    hs = t.hs.copy()
    hs[0, np.flatnonzero(~np.isnan(hs[0]))[0]] += 0.25
    arrays = {k: getattr(t, k) for k in streets.FEATURES} | {"hs": hs}
    streets._write_chunk(tmp_path, 0, 0, t.index, t.boards, arrays, streets._digest(t.meta))
    read_street_table(tmp_path, check=False)  # the checksums hold
    with pytest.raises(StreetTableError, match="board 0's hs differs"):
        read_street_table(tmp_path)


def test_a_folder_of_another_table_is_refused(tmp_path):
    build_street_table(tmp_path, "flop", SHORT, bins=2, limit=2)
    with pytest.raises(StreetTableError, match="bins"):
        build_street_table(tmp_path, "flop", SHORT, bins=3, limit=2)
    meta = json.loads((tmp_path / "meta.json").read_text())
    for key, value, words in (
        ("library", "0.0.1", "0.0.1"),
        ("file_format", "csv", "not a street table's parameters"),
    ):
        (tmp_path / "meta.json").write_text(json.dumps(meta | {key: value}))
        with pytest.raises(StreetTableError, match=words):
            read_street_table(tmp_path)
    with pytest.raises(StreetTableError, match="no street table"):
        read_street_table(tmp_path / "nothing")


def test_a_range_and_no_potential(tmp_path):
    t = build_street_table(
        tmp_path, "turn", SHORT, bins=2, limit=2, opponent="TT+,AK", potential=False
    )
    assert np.isnan(t.ppot).all()
    want = strength_features(t.boards, SHORT, bins=2, opponent="TT+,AK", potential=False)
    assert same(t.ehs, want.ehs.astype(np.float32))
    read_street_table(tmp_path)  # not computed again: the range is not stored


def test_on_dask_equals_one_machine(tmp_path):
    pytest.importorskip("dask")
    a = build_street_table(tmp_path / "a", "flop", SHORT, bins=2, limit=3, chunk_boards=2)
    b = build_street_table(
        tmp_path / "b", "flop", SHORT, bins=2, limit=3, chunk_boards=2, dask=True
    )
    for name in streets.FEATURES:
        assert same(getattr(a, name), getattr(b, name)), name


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"street": "river"}, prc.InvalidArgumentError, "street"),
        ({"game": "Omaha"}, prc.InvalidArgumentError, "two hole cards"),
        ({"bins": 0}, prc.InvalidArgumentError, "bins"),
        ({"limit": 0}, prc.InvalidArgumentError, "limit"),
        ({"chunk_boards": 0}, prc.InvalidArgumentError, "chunk_boards"),
        ({"potential": "yes"}, TypeError, "potential"),
    ],
)
def test_bad_arguments(tmp_path, kwargs, error, words):
    args = {"street": "flop", "game": SHORT, "limit": 1} | kwargs
    with pytest.raises(error, match=words):
        build_street_table(tmp_path, **args)


def test_the_command(tmp_path, capsys):
    folder = str(tmp_path / "t")
    argv = ["features", "turn", folder, "--game", SHORT, "--limit", "3", "--bins", "2"]
    assert main([*argv, "--json", "--no-progress"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["boards"] == 3 and record["combos"] == 630 and record["potential"]
    assert read_street_table(folder).hs.shape == (3, 630)
    assert main([*argv, "--no-progress"]) == 0  # finished already: read back
    assert "3 turn boards x 630 hands" in capsys.readouterr().out
    assert main(["features", "river", folder]) == 2
    assert main([*argv, "--bins", "3", "--no-progress"]) == 2
    assert "other parameters" in capsys.readouterr().err
    assert os.path.exists(os.path.join(folder, "meta.json"))


def test_bad_command_lines_get_one_line_and_status_2(tmp_path, capsys):
    folder = str(tmp_path / "t")
    for extra, words in (
        (["--bins", "0"], "bins"),
        (["--limit", "0"], "--limit"),
        (["--chunk", "0"], "--chunk"),
        (["--game", "Omaha"], "two hole cards"),
        (["--opponent", "QQ+,ZZ"], "ZZ"),
    ):
        assert main(["features", "flop", folder, "--no-progress", *extra]) == 2, extra
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, (extra, err)


def test_a_damaged_meta_file_is_named(tmp_path):
    build_street_table(tmp_path, "flop", SHORT, bins=2, limit=1)
    (tmp_path / "meta.json").write_text("{not json")
    with pytest.raises(StreetTableError, match="meta.json"):
        read_street_table(tmp_path)
    with pytest.raises(StreetTableError, match="meta.json"):
        build_street_table(tmp_path, "flop", SHORT, bins=2, limit=1)


def test_a_parquet_table_equals_the_npz_one_and_reads_as_a_table(tmp_path):
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    args = {"street": "flop", "game": SHORT, "bins": 3, "limit": 5, "chunk_boards": 2}
    a = build_street_table(tmp_path / "a", **args)
    b = build_street_table(tmp_path / "b", **args, format="parquet")
    assert sorted(p.name for p in (tmp_path / "b").iterdir())[0] == "chunk-000000.parquet"
    back = read_street_table(tmp_path / "b")
    for name in (*streets.FEATURES, "boards", "index"):
        assert same(getattr(a, name), getattr(b, name)), name
        assert same(getattr(back, name), getattr(a, name)), name
    assert back.meta["file_format"] == "parquet"
    # a row per board and hand, the histogram a list per row
    frame = pd.read_parquet(tmp_path / "b" / "chunk-000002.parquet")
    assert list(frame.columns) == ["index", "board", "combo", *streets.FEATURES]
    assert len(frame) == 630 and (frame["index"] == 4).all()
    row = frame.iloc[17]
    assert list(row["board"]) == a.boards[4].tolist() and row["combo"] == 17
    assert same(np.float32(row["ehs"]), a.ehs[4, 17])
    assert same(np.asarray(row["histogram"], dtype=np.float32), a.histogram[4, 17])


def test_a_parquet_table_resumes_and_finds_damage(tmp_path, monkeypatch):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    args = {"street": "turn", "game": SHORT, "bins": 2, "limit": 4, "chunk_boards": 2}
    real = interrupt_chunk(monkeypatch, 2)
    with pytest.raises(KeyboardInterrupt):
        build_street_table(tmp_path, **args, format="parquet")
    monkeypatch.setattr(streets, "_compute_chunk", real)
    with pytest.raises(StreetTableError, match="chunk-000001.parquet: missing"):
        read_street_table(tmp_path)
    t = build_street_table(tmp_path, **args, format="parquet")
    read_street_table(tmp_path)
    # a value changed in a well-formed file fails its checksum
    path = tmp_path / "chunk-000001.parquet"
    table = pq.read_table(path)
    ehs = table.column("ehs").to_numpy().copy()
    ehs[np.flatnonzero(~np.isnan(ehs))[0]] += 0.25
    changed = table.set_column(table.schema.get_field_index("ehs"), "ehs", pa.array(ehs))
    pq.write_table(changed, path)
    with pytest.raises(StreetTableError, match="chunk-000001.parquet: damaged"):
        read_street_table(tmp_path)
    # so does a combo column out of order, and bytes that are not Parquet
    combo = table.column("combo").to_numpy().copy()
    combo[[0, 1]] = combo[[1, 0]]
    swapped = table.set_column(table.schema.get_field_index("combo"), "combo", pa.array(combo))
    pq.write_table(swapped, path)
    with pytest.raises(StreetTableError, match="do not repeat"):
        read_street_table(tmp_path)
    path.write_bytes(b"PAR1 not really")
    with pytest.raises(StreetTableError, match="not a readable chunk"):
        read_street_table(tmp_path)
    again = build_street_table(tmp_path, **args, format="parquet")  # rebuilds that chunk only
    assert same(again.ehs, t.ehs)
    # the npz and Parquet tables of the same parameters are different tables
    with pytest.raises(StreetTableError, match="file_format"):
        build_street_table(tmp_path, **args)


def test_parquet_without_pyarrow_and_a_bad_format_are_named(tmp_path, monkeypatch):
    with pytest.raises(prc.InvalidArgumentError, match="format"):
        build_street_table(tmp_path, "flop", SHORT, limit=1, format="csv")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(prc.InvalidArgumentError, match=r"pyrankcore\[parquet\]"):
        build_street_table(tmp_path, "flop", SHORT, limit=1, format="parquet")


def test_the_command_writes_parquet(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    folder = str(tmp_path / "t")
    argv = ["features", "flop", folder, "--game", SHORT, "--limit", "2", "--bins", "2"]
    assert main([*argv, "--format", "parquet", "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "parquet"
    assert read_street_table(folder).meta["file_format"] == "parquet"
    assert main([*argv, "--format", "xlsx", "--no-progress"]) == 2


def test_reading_a_parquet_table_without_pyarrow_says_what_is_missing(tmp_path, monkeypatch):
    pytest.importorskip("pyarrow")
    build_street_table(tmp_path, "flop", SHORT, bins=2, limit=1, format="parquet")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(prc.InvalidArgumentError, match="pyarrow"):
        read_street_table(tmp_path)
