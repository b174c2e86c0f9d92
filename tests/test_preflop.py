"""pyrankcore.preflop_matrix: suit patterns, entries against the equity engine
with explicit ranges, symmetry, published figures, and the disk cache."""

import os
from itertools import product

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


def fake_matrix():
    rng = np.random.default_rng(1)
    upper = np.triu(rng.uniform(0.1, 0.9, (169, 169)), 1)
    return upper + np.tril(1.0 - upper.T, -1) + np.eye(169) * 0.5


@pytest.fixture
def counted(monkeypatch):
    calls = []

    def compute(threads=1, progress=False):
        calls.append(threads)
        return fake_matrix()

    monkeypatch.setattr(preflop, "compute", compute)
    monkeypatch.setattr(preflop, "_memory", {})
    return calls


def test_cache_is_written_once_and_read_back(tmp_path, counted):
    m = pyrankcore.preflop_matrix(cache_dir=tmp_path)
    path = tmp_path / preflop.FILE_NAME
    assert counted == [1] and path.is_file()
    assert os.listdir(tmp_path) == [preflop.FILE_NAME]  # no temporary file left
    assert not m.flags.writeable
    assert m.shape == (169, 169)
    preflop._memory.clear()  # a new process: read from disk
    again = pyrankcore.preflop_matrix(cache_dir=tmp_path)
    assert counted == [1] and np.array_equal(again, m)
    assert pyrankcore.preflop_matrix(cache_dir=tmp_path) is again  # memory
    pyrankcore.preflop_matrix(cache_dir=tmp_path, refresh=True, threads=2)
    assert counted[1:] == [min(2, os.cpu_count() or 1)]


def test_a_damaged_cache_file_is_computed_again(tmp_path, counted):
    path = tmp_path / "sub" / preflop.FILE_NAME
    path.parent.mkdir()
    path.write_bytes(b"not a numpy file")
    pyrankcore.preflop_matrix(cache_dir=path.parent)
    assert counted == [1]
    preflop._memory.clear()
    np.save(path, np.zeros((169, 169)))  # the right shape, not the matrix
    pyrankcore.preflop_matrix(cache_dir=path.parent)
    assert counted == [1, 1]
    assert np.array_equal(np.load(path), fake_matrix())


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


@pytest.mark.skipif(
    not os.environ.get("PYRANKCORE_SLOW_TESTS"),
    reason="the whole matrix: set PYRANKCORE_SLOW_TESTS=1",
)
def test_whole_matrix(tmp_path):
    preflop._memory.clear()
    m = pyrankcore.preflop_matrix(cache_dir=tmp_path, threads=os.cpu_count())
    assert np.allclose(m + m.T, 1.0, atol=1e-12)
    rng = np.random.default_rng(7)
    cells = [tuple(int(x) for x in rng.integers(0, 169, 2)) for _ in range(10)]
    for (i, j), v in preflop.entries(cells).items():
        assert m[i, j] == v
