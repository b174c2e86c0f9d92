"""The generated tables: a checksum of each, so a change to the generator
cannot silently change results (regenerate tests/core/golden/table_checksums.txt
only for a deliberate table change, and say why in the commit)."""

import hashlib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "src" / "tablegen" / "gen_tables.py"
GOLDEN = Path(__file__).resolve().parent / "golden" / "table_checksums.txt"


def golden():
    rows = {}
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, ctype, size, digest = line.split()
            rows[name] = (ctype, int(size), digest)
    return rows


@pytest.fixture(scope="module")
def generated():
    if not GENERATOR.is_file():
        pytest.skip("the table generator is not in this tree (installed-only run)")
    spec = importlib.util.spec_from_file_location("prc_gen_tables", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tables, registry = module.generate()
    return tables, registry


def test_every_table_matches_its_checksum(generated):
    tables, _ = generated
    expected = golden()
    assert set(tables) == set(expected)
    for name, (ctype, values) in tables.items():
        digest = hashlib.sha256(",".join(map(str, values)).encode()).hexdigest()
        assert (ctype, len(values), digest) == expected[name], name


def test_registry_matches_the_installed_module(generated):
    from pyrankcore import _core

    _, registry = generated
    assert tuple(name for name, _, _ in registry) == _core.GAMES
    assert {name: n for name, _, n in registry} == _core.CLASS_COUNTS


def test_pair_columns_number_the_91_rank_pairs(generated):
    tables, _ = generated
    _, column = tables["prc_pair_column"]
    seen = {}
    for a in range(52):
        for b in range(52):
            pair = frozenset((a >> 2, b >> 2)) if a >> 2 != b >> 2 else (a >> 2,)
            seen.setdefault(column[a * 64 + b], set()).add(
                pair if isinstance(pair, tuple) else tuple(sorted(pair))
            )
    assert sorted(seen) == list(range(91))
    assert all(len(pairs) == 1 for pairs in seen.values())  # one rank pair a column
