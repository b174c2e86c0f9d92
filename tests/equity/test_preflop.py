"""pyrankcore.preflop_matrix: suit patterns, entries against the equity engine
with explicit ranges, symmetry, published figures, and the disk cache.

The whole matrix is read once per session (the ``real_matrix`` fixture:
the file prepared in tests/data, or computed when that is missing or
outdated), and its cells checked against entries computed now; the cache
tests write damaged files of it and count the computations through a
stand-in for ``compute`` that returns it."""

import json
import os
import sys
import warnings
from itertools import product
from pathlib import Path

import numpy as np
import pytest

import pyrankcore
from pyrankcore import preflop
from pyrankcore.errors import InvalidArgumentError
from pyrankcore.ranges import GRID_NAMES, combos

G = GRID_NAMES.index


def test_pair_classes_cover_every_combo_pair_once():
    for first, second in [
        ("AA", "KK"),
        ("AKs", "AKo"),
        ("AKo", "AKo"),
        ("QQ", "AQs"),
        ("72o", "72s"),
    ]:
        pairs = [(a, b) for a, b in product(combos(first), combos(second)) if not set(a) & set(b)]
        classes = preflop.pair_classes(first, second)
        assert sum(n for _, n in classes) == len(pairs)
        for cards, _n in classes:
            assert ((cards[0], cards[1]), (cards[2], cards[3])) in pairs
    # AA v KK: the kings share two suits with the aces (6 pairs), one (24)
    # or none (6)
    shared = sorted(
        (len({c & 3 for c in cards[:2]} & {c & 3 for c in cards[2:]}), n)
        for cards, n in preflop.pair_classes("AA", "KK")
    )
    assert shared == [(0, 6), (1, 24), (2, 6)]


@pytest.mark.parametrize(
    ("first", "second"),
    [("AA", "KK"), ("AKs", "QQ"), ("72o", "AA"), ("T9s", "22"), ("AKo", "AKs"), ("KQo", "KQo")],
)
def test_entries_equal_the_engine_on_explicit_ranges(first, second):
    i, j = G(first), G(second)
    got = preflop.entries([(i, j), (j, i)])
    r = pyrankcore.equity("Hold'em", [first, second], exact=True)
    assert r.exact and r.trials > 0
    assert got[i, j] == pytest.approx(r.players[0].equity, abs=1e-12)
    assert got[j, i] == pytest.approx(r.players[1].equity, abs=1e-12)
    # each order computed from its own suit patterns: the shares add up
    assert got[i, j] + got[j, i] == pytest.approx(1.0, abs=1e-12)


def test_progress_without_tqdm_counts_enumerations(monkeypatch, capsys):
    # one line on stderr (it used to be an ImportError), counting the
    # enumerations: AA v KK and KK v AA take three suit patterns each
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    i, j = G("AA"), G("KK")
    assert preflop.entries([(i, j), (j, i)], progress=True) == preflop.entries([(i, j), (j, i)])
    assert capsys.readouterr().err.endswith("6/6 enumerations\n")


def test_published_aces_v_kings():
    # Kevin Gong, "Calling Pre-Flop All-In with KK or AK" (2007): AA is a
    # 81.9% favourite over KK with unknown suits ("81.946031 to be
    # precise"); 82.6%, 81.9% and 81.3% when the kings share two suits, one
    # suit or none with the aces.
    m = preflop.entries([(G("AA"), G("KK"))])[G("AA"), G("KK")]
    assert round(m * 100, 1) == 81.9
    assert m == pytest.approx(0.81946031, abs=1e-6)
    for hands, pct in (
        (["AhAs", "KhKs"], 82.6),
        (["AhAs", "KhKd"], 81.9),
        (["AhAs", "KcKd"], 81.3),
    ):
        assert round(pyrankcore.equity("Hold'em", hands).players[0].equity * 100, 1) == pct
    # published pair-over-pair and race figures (the-felt, dezhoupuke): QQ v
    # AKs about 54%, AK v AQ about 73%
    e = preflop.entries([(G("QQ"), G("AKs")), (G("AKo"), G("AQo"))])
    assert 0.53 < e[G("QQ"), G("AKs")] < 0.55
    assert 0.72 < e[G("AKo"), G("AQo")] < 0.75


def test_the_diagonal_is_a_coin_flip():
    e = preflop.entries([(G("AKs"), G("AKs")), (G("55"), G("55"))])
    assert all(v == 0.5 for v in e.values())


@pytest.fixture(scope="session")
def real_matrix(preflop_cache_dir):
    m = preflop.preflop_matrix(cache_dir=preflop_cache_dir).copy()
    m.flags.writeable = False
    return m


def test_the_matrix_is_exact_and_passes_its_own_checks(real_matrix):
    m = real_matrix
    assert m.shape == (169, 169) and m.dtype == np.float64
    assert float(np.max(np.abs(m + m.T - 1.0))) <= 1e-12
    assert bool(np.all(np.diagonal(m) == 0.5))
    rng = np.random.default_rng(7)
    cells = [tuple(int(x) for x in rng.integers(0, 169, 2)) for _ in range(40)]
    cells += [(j, i) for i, j in cells]  # both orders, each from its own patterns
    for (i, j), v in preflop.entries(cells).items():
        assert m[i, j] == v
    assert m[G("AA"), G("KK")] == pytest.approx(0.81946031, abs=1e-6)  # Kevin Gong
    preflop._verify(m)  # what every read checks: nothing to complain about


PREPARED = Path(__file__).resolve().parents[1] / "data" / "preflop_matrix.bin"


def test_the_prepared_matrix_is_current():
    # The suite reads this file instead of computing the matrix; a new
    # version or a table change outdates it (the library then computes).
    if not PREPARED.is_file():
        pytest.skip("no prepared matrix in this copy (an sdist)")
    assert preflop._load(PREPARED) is not None, (
        "tests/data/preflop_matrix.bin is outdated: prepare it again with "
        'python -c "from pyrankcore import preflop; '
        "preflop.preflop_matrix(cache_dir='tests/data', refresh=True)\""
    )


def test_compute_fills_both_cells_of_each_pair_from_its_shares(monkeypatch):
    # The tests read a prepared matrix, so compute() itself runs here on
    # stand-in shares: each unordered pair once, m[i, j] = a / (a + b) and
    # m[j, i] = b / (a + b) from the pot units (a, b) of that one pair.
    asked = []

    def shares(pairs, threads, progress):
        asked.extend(pairs)
        return {(i, j): (i + 1, 2 * j + 3) for i, j in pairs}

    monkeypatch.setattr(preflop, "shares", shares)
    m = preflop.compute()
    assert sorted(asked) == [(i, j) for i in range(169) for j in range(i, 169)]
    i, j = np.triu_indices(169)
    a, b = i + 1.0, 2.0 * j + 3.0
    assert np.array_equal(m[i, j], a / (a + b))
    off = i != j
    assert np.array_equal(m[j[off], i[off]], (b / (a + b))[off])


@pytest.fixture
def counted(monkeypatch, real_matrix):
    """preflop.compute replaced by a counter that returns the real matrix;
    an empty memory, as in a new process."""
    calls = []

    def compute(threads=1, progress=False):
        calls.append(threads)
        return real_matrix.copy()

    monkeypatch.setattr(preflop, "compute", compute)
    monkeypatch.setattr(preflop, "_memory", {})
    return calls


def test_cache_is_written_once_and_read_back(tmp_path, counted, real_matrix):
    m = pyrankcore.preflop_matrix(cache_dir=tmp_path)
    path = tmp_path / preflop.FILE_NAME
    assert counted == [1] and path.is_file()
    assert os.listdir(tmp_path) == [preflop.FILE_NAME]  # no temporary file left
    assert not m.flags.writeable
    assert np.array_equal(m, real_matrix)
    preflop._memory.clear()  # a new process: read from disk
    again = pyrankcore.preflop_matrix(cache_dir=tmp_path)
    assert counted == [1] and np.array_equal(again, m)
    assert not again.flags.writeable
    assert pyrankcore.preflop_matrix(cache_dir=tmp_path) is again  # memory
    pyrankcore.preflop_matrix(cache_dir=tmp_path, refresh=True, threads=2)
    assert counted[1:] == [min(2, os.cpu_count() or 1)]


def test_a_damaged_cache_file_is_computed_again(tmp_path, counted, real_matrix):
    path = tmp_path / "sub" / preflop.FILE_NAME
    path.parent.mkdir()
    path.write_bytes(b"not a numpy file")
    pyrankcore.preflop_matrix(cache_dir=path.parent)
    assert counted == [1]
    preflop._memory.clear()
    with open(path, "wb") as f:
        np.save(f, np.zeros((169, 169)))  # the right shape, not the matrix
    pyrankcore.preflop_matrix(cache_dir=path.parent)
    assert counted == [1, 1]
    assert np.array_equal(preflop._read(path), real_matrix)


DATA_BYTES = 169 * 169 * 8


def damage_data(path, change):
    """Change the matrix inside the file at path, leaving everything before
    it (the header, its checksum) alone: the data is the file's last
    169 * 169 float64 values, little-endian, row by row."""
    raw = path.read_bytes()
    m = np.frombuffer(raw[-DATA_BYTES:], dtype="<f8").reshape(169, 169).copy()
    path.write_bytes(raw[:-DATA_BYTES] + np.ascontiguousarray(change(m), dtype="<f8").tobytes())


def all_half(m):
    return np.full_like(m, 0.5)


def transposed(m):
    return m.T


def one_cell_off(delta):
    def change(m):
        m[G("K9s"), G("Q8o")] += delta  # its mirror is left alone
        return m

    return change


def mirror_swapped(m):
    # a cell and its mirror swapped: every m[i, j] + m[j, i] is still 1
    i, j = G("T9s"), G("A5o")
    m[i, j], m[j, i] = m[j, i], m[i, j]
    return m


def spot_cell_one_ulp(m):
    # an entry that is checked on every read, one ulp off on both sides
    i, j = G("AA"), G("KK")
    m[i, j] = np.nextafter(m[i, j], 1.0)
    m[j, i] = 1.0 - m[i, j]
    return m


def low_bytes_garbage(m):
    # the lowest byte of many values (away from the diagonal and the spot
    # cells) overwritten: each changes by under 1e-13, so only the checksum
    # can tell
    m = np.ascontiguousarray(m, dtype="<f8").copy()
    low = m.view(np.uint8).reshape(169, 169, 8)[..., 0]
    rows, cols = np.indices((169, 169))
    low[(rows >= 40) & (rows < 120) & (rows != cols) & ((rows + cols) % 2 == 0)] ^= 0xA5
    return m


def assert_recomputed_and_replaced(path, counted, real_matrix):
    m = pyrankcore.preflop_matrix(cache_dir=path.parent)
    assert counted == [1]
    assert np.array_equal(m, real_matrix)
    assert np.array_equal(preflop._read(path), real_matrix)  # the file was replaced
    assert sorted(os.listdir(path.parent)) == [preflop.FILE_NAME]


@pytest.mark.parametrize(
    "change",
    [all_half, transposed, one_cell_off(9e-6), one_cell_off(1e-11), spot_cell_one_ulp],
    ids=["all_half", "transposed", "one_cell_off_9e-6", "one_cell_off_1e-11", "spot_cell_ulp"],
)
def test_a_wrong_matrix_with_a_good_checksum_is_computed_again(
    tmp_path, counted, real_matrix, change
):
    # written by the library's own writer, so the data checksum matches:
    # the content checks (symmetry, diagonal, exact spot cells) must catch it
    path = preflop.cache_path(tmp_path)
    preflop._save(path, change(real_matrix.copy()))
    assert_recomputed_and_replaced(path, counted, real_matrix)


@pytest.mark.parametrize(
    "change",
    [all_half, transposed, one_cell_off(9e-6), mirror_swapped, low_bytes_garbage],
    ids=["all_half", "transposed", "one_cell_off_9e-6", "two_swapped_cells", "low_bytes_garbage"],
)
def test_data_damaged_on_disk_is_computed_again(tmp_path, counted, real_matrix, change):
    path = preflop.cache_path(tmp_path)
    preflop._save(path, real_matrix)
    damage_data(path, change)
    assert_recomputed_and_replaced(path, counted, real_matrix)


def test_some_damage_only_the_checksum_can_see(real_matrix):
    # these keep every check on the values themselves: only the checksum
    # of the data can see them
    for change in (mirror_swapped, low_bytes_garbage):
        damaged = change(real_matrix.copy())
        assert not np.array_equal(damaged, real_matrix)
        preflop._verify(damaged)


def npy_header_claiming_a_huge_shape():
    header = {"descr": "<f8", "fortran_order": False, "shape": (10**6, 10**6)}
    from io import BytesIO

    out = BytesIO()
    np.lib.format.write_array_header_1_0(out, header)
    return out.getvalue() + bytes(64)


def file_header_claiming_a_huge_shape():
    data = bytes(DATA_BYTES)
    header = preflop._header(data) | {"shape": [10**6, 10**6]}
    return preflop._MAGIC + json.dumps(header).encode() + b"\n" + data


def file_with_a_huge_header():
    return preflop._MAGIC + b'{"format": 2, "pad": "' + b"x" * 10**7 + b'"}\n'


@pytest.mark.parametrize(
    "content",
    [npy_header_claiming_a_huge_shape, file_header_claiming_a_huge_shape, file_with_a_huge_header],
)
def test_a_header_claiming_too_much_is_computed_again(tmp_path, counted, real_matrix, content):
    path = preflop.cache_path(tmp_path)
    path.write_bytes(content())
    assert_recomputed_and_replaced(path, counted, real_matrix)


@pytest.mark.parametrize("keep", [0, 10, 40, 300, 100_000, -8, -1])
def test_a_truncated_file_is_computed_again(tmp_path, counted, real_matrix, keep):
    path = preflop.cache_path(tmp_path)
    preflop._save(path, real_matrix)
    raw = path.read_bytes()
    path.write_bytes(raw[:keep])
    assert_recomputed_and_replaced(path, counted, real_matrix)


@pytest.mark.parametrize(
    "content",
    [
        lambda raw: bytes(np.random.default_rng(3).integers(0, 256, len(raw), dtype=np.uint8)),
        lambda raw: raw[:30] + b"\xff\xfe garbage" + raw[30:],  # inside the header
        lambda raw: raw + b"\x00",  # a byte after the data
        lambda raw: preflop._MAGIC + b"[1, 2, 3]\n" + raw[-DATA_BYTES:],  # JSON, not a header
        lambda raw: preflop._MAGIC + b"\xff\n" + raw[-DATA_BYTES:],  # not JSON
    ],
    ids=["random_bytes", "in_header", "trailing_byte", "header_not_a_dict", "header_not_json"],
)
def test_garbage_is_computed_again(tmp_path, counted, real_matrix, content):
    path = preflop.cache_path(tmp_path)
    preflop._save(path, real_matrix)
    path.write_bytes(content(path.read_bytes()))
    assert_recomputed_and_replaced(path, counted, real_matrix)


@pytest.mark.parametrize(
    "stamp",
    [{"format": 1}, {"format": "2"}, {"inputs": "0" * 64}, {"dtype": ">f8"}, {"extra": 1}],
    ids=["format_1", "format_as_text", "other_inputs", "other_dtype", "extra_key"],
)
def test_another_version_is_computed_again(tmp_path, counted, real_matrix, stamp):
    # the real matrix with a good checksum: only the stamp is wrong
    path = preflop.cache_path(tmp_path)
    data = real_matrix.astype("<f8").tobytes()
    header = preflop._header(data) | stamp
    path.write_bytes(preflop._MAGIC + json.dumps(header).encode() + b"\n" + data)
    assert_recomputed_and_replaced(path, counted, real_matrix)


def test_the_inputs_digest_follows_what_makes_the_matrix(monkeypatch):
    version = pyrankcore.__version__
    before = preflop._inputs_digest()
    assert len(before) == 64 and before == preflop._inputs_digest()
    monkeypatch.setattr(preflop, "_checks", {})
    monkeypatch.setattr(pyrankcore, "__version__", "0.0.0+other")
    assert preflop._inputs_digest() != before
    monkeypatch.setattr(preflop, "_checks", {})
    monkeypatch.setattr(pyrankcore, "__version__", version)
    assert preflop._inputs_digest() == before
    monkeypatch.setattr(preflop, "_checks", {})
    monkeypatch.setattr(preflop, "_ranking_fingerprint", lambda: "0" * 64)
    assert preflop._inputs_digest() != before


@pytest.mark.parametrize("below", ["a_file/sub", "a_file"])
def test_an_unwritable_cache_folder_warns_once_and_keeps_the_matrix(
    tmp_path, counted, real_matrix, below
):
    # a folder under a regular file cannot be made by anyone, root included
    (tmp_path / "a_file").write_text("not a folder")
    folder = tmp_path / below
    with pytest.warns(UserWarning) as record:
        m = pyrankcore.preflop_matrix(cache_dir=folder)
    assert len(record) == 1 and record[0].category is preflop.CacheWriteWarning
    assert str(folder) in str(record[0].message)
    assert counted == [1] and np.array_equal(m, real_matrix) and not m.flags.writeable
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pyrankcore.preflop_matrix(cache_dir=folder) is m  # no second computation
    assert counted == [1]
    assert os.listdir(tmp_path) == ["a_file"]


def test_a_folder_in_place_of_the_file_warns_and_leaves_no_temporary_file(
    tmp_path, counted, real_matrix
):
    (tmp_path / preflop.FILE_NAME).mkdir()
    with pytest.warns(UserWarning) as record:
        m = pyrankcore.preflop_matrix(cache_dir=tmp_path)
    assert len(record) == 1 and record[0].category is preflop.CacheWriteWarning
    assert counted == [1] and np.array_equal(m, real_matrix)
    assert os.listdir(tmp_path) == [preflop.FILE_NAME]


def test_a_wrong_computation_is_an_error_not_a_cache_file(tmp_path, monkeypatch, real_matrix):
    monkeypatch.setattr(preflop, "compute", lambda threads=1, progress=False: real_matrix.T.copy())
    monkeypatch.setattr(preflop, "_memory", {})
    with pytest.raises(pyrankcore.PyrankcoreError, match="failed its checks"):
        pyrankcore.preflop_matrix(cache_dir=tmp_path)
    assert os.listdir(tmp_path) == []


def test_an_empty_cache_dir_is_refused(tmp_path, monkeypatch, counted):
    # Path("") is the current folder; an empty setting must not put the
    # matrix there by accident (an empty PYRANKCORE_CACHE_DIR means the default).
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidArgumentError, match=r'cache_dir is empty; name a folder \("\."'):
        preflop.cache_path("")
    with pytest.raises(InvalidArgumentError, match="cache_dir is empty"):
        pyrankcore.preflop_matrix(cache_dir="")
    assert counted == [] and os.listdir(tmp_path) == []
    assert preflop.cache_path(".").resolve() == tmp_path.resolve() / preflop.FILE_NAME


def test_cache_location_env_var_and_default(tmp_path, monkeypatch, counted):
    monkeypatch.setenv(preflop.ENV_VAR, str(tmp_path / "env"))
    assert preflop.cache_path() == tmp_path / "env" / preflop.FILE_NAME
    pyrankcore.preflop_matrix()
    assert (tmp_path / "env" / preflop.FILE_NAME).is_file()
    monkeypatch.delenv(preflop.ENV_VAR)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    default = preflop.cache_path()
    assert default.name == preflop.FILE_NAME and "pyrankcore" in default.parts
    with pytest.raises(TypeError):
        preflop.cache_path(3)
    with pytest.raises(TypeError):
        pyrankcore.preflop_matrix(cache_dir=tmp_path, refresh="yes")
    with pytest.raises(InvalidArgumentError):
        pyrankcore.preflop_matrix(cache_dir=tmp_path, threads=0)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_the_file_is_a_bad_cache_not_a_hang(tmp_path, counted, real_matrix):
    # open() of a FIFO for reading blocks until a writer comes, with the
    # module lock held; it must be treated as a bad cache, in a thread that
    # is given a few seconds before the test calls it a hang.
    import threading

    os.mkfifo(tmp_path / preflop.FILE_NAME)
    done = []
    worker = threading.Thread(
        target=lambda: done.append(pyrankcore.preflop_matrix(cache_dir=tmp_path)), daemon=True
    )
    worker.start()
    worker.join(20)
    if worker.is_alive():  # free the blocked open() so that the process can end
        with open(tmp_path / preflop.FILE_NAME, "wb"):
            pass
        worker.join(5)
        pytest.fail("preflop_matrix() blocked on a FIFO named like its cache file")
    assert counted == [1] and np.array_equal(done[0], real_matrix)
    # the save replaced the FIFO with the matrix file
    assert (tmp_path / preflop.FILE_NAME).is_file()


def test_a_nul_in_cache_dir_is_refused_before_computing(counted):
    for bad in ("a\0b", Path("a\0b")):
        with pytest.raises(InvalidArgumentError, match="NUL"):
            pyrankcore.preflop_matrix(cache_dir=bad)
    assert counted == []


def test_a_leading_tilde_is_the_home_folder(tmp_path, monkeypatch, counted):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # Windows
    monkeypatch.chdir(tmp_path)
    assert preflop.cache_path("~/x") == tmp_path / "x" / preflop.FILE_NAME
    pyrankcore.preflop_matrix(cache_dir="~/x")
    assert (tmp_path / "x" / preflop.FILE_NAME).is_file()
    assert not (tmp_path / "~").exists()
    monkeypatch.setenv(preflop.ENV_VAR, "~/env")
    assert preflop.cache_path() == tmp_path / "env" / preflop.FILE_NAME
