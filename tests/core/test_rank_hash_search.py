"""src/tablegen/search_rank_hash.c, the search that found the rank
multipliers of the perfect hash (gen_tables.RANK_MULT): it compiles without
a warning, and started from the committed multipliers it reports what the
generator relies on: every rank multiset of 0..7 cards a distinct key, and
at the committed shift a table exactly as long as there are keys (no hole),
which a local search cannot shorten."""

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ROOT / "src" / "tablegen" / "search_rank_hash.c"
GENERATOR = ROOT / "src" / "tablegen" / "gen_tables.py"

pytestmark = pytest.mark.skipif(
    not SEARCH.is_file() or not GENERATOR.is_file() or shutil.which("cc") is None,
    reason="needs the checkout's src/tablegen and a C compiler",
)


def generator():
    spec = importlib.util.spec_from_file_location("prc_gen_tables_search", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_search_reproduces_the_committed_hash(tmp_path):
    exe = tmp_path / "search_rank_hash"
    build = subprocess.run(
        ["cc", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(exe), str(SEARCH)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    gen = generator()
    mult = ",".join(map(str, gen.RANK_MULT))
    run = subprocess.run(
        [str(exe), "-m", mult, "-s", str(gen.RANK_SHIFT), "-i", "50", "-r", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    keys = int(re.search(r"key set: (\d+) rank multisets", out).group(1))
    assert keys == sum(1 for _ in gen.rank_multisets())
    found = re.findall(r"multipliers \(([\d, ]+)\)", out)[-1]
    assert tuple(int(m) for m in found.split(",")) == tuple(gen.RANK_MULT)
    rows = {
        int(shift): (int(table), fill)
        for shift, table, fill in re.findall(r"^\s+(\d+)\s+(\d+)\s+([\d.]+)%", out, re.M)
    }
    assert rows[gen.RANK_SHIFT] == (keys, "100.0")
