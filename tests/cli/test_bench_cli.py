"""``pyrankcore bench``: pyrankcore's rates and the installed peers', on tiny
sizes (the numbers themselves are not checked, only what was timed)."""

import importlib.util
import json
import re
import sys
import textwrap

import pytest

from pyrankcore import _core, bench, cli


def run_json(capsys, *extra):
    assert cli.main(["bench", "--size", "400", "--repeat", "1", "--json", *extra]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON line
    return json.loads(out)


def test_bench_json_times_every_own_case(capsys):
    r = run_json(capsys, "--no-peers")
    assert (r["size"], r["repeat"], r["skipped"]) == (400, 1, {})
    assert r["row_kernel"] == _core.row_loops()[-1]
    own = {c["case"]: c for c in r["cases"]}
    assert {c["library"] for c in r["cases"]} == {"pyrankcore"}
    five = own[f"evaluate_batch, 5 cards ({r['row_kernel']} row loops)"]
    seven = own[f"evaluate_batch, 7 cards ({r['row_kernel']} row loops)"]
    assert five["count"] == seven["count"] == 400 and five["unit"] == "hands"
    assert own["evaluate_omaha_batch, 4 hole + 5 board"]["count"] == 100
    assert own["equity AhKh v QsQd, Monte Carlo"]["count"] == 800
    assert own["equity AhKh v QsQd, exact preflop"]["unit"] == "calls"
    for c in r["cases"]:
        assert c["seconds"] > 0 and c["rate"] == pytest.approx(c["count"] / c["seconds"])


def test_bench_peers_are_timed_when_installed_and_skipped_otherwise(capsys):
    r = run_json(capsys)
    timed = {c["library"] for c in r["cases"]} - {"pyrankcore"}
    for peer in bench.PEERS:
        installed = importlib.util.find_spec(peer) is not None
        assert (peer in timed) == installed, peer
        assert (peer in r["skipped"]) != (peer in timed)
        if not installed:
            assert r["skipped"][peer].startswith("not installed")


def test_a_failing_peer_is_reported_not_fatal(capsys, monkeypatch):
    def broken(name, hands, repeat):
        raise RuntimeError(f"{name} exploded")

    monkeypatch.setattr(bench, "_peer_cases", broken)
    r = run_json(capsys)
    assert r["skipped"] == {p: f"failed: RuntimeError: {p} exploded" for p in bench.PEERS}
    assert {c["library"] for c in r["cases"]} == {"pyrankcore"}


def test_bench_table(capsys):
    assert cli.main(["bench", "--size", "300", "--repeat", "1", "--no-peers"]) == 0
    out = capsys.readouterr().out
    assert f"row loops: {_core.row_loop()}" in out.splitlines()[0]
    assert len(out.splitlines()) == 2 + 6
    for line in out.splitlines()[2:]:
        assert re.search(r"  \d+(\.\d+)? ([kMG] )?(hands|trials)/s$|  [\d,.]+ ms/call$", line), line


@pytest.mark.parametrize(
    ("rate", "text"),
    [
        (12.34, "12.3 hands/s"),
        (999.4, "999 hands/s"),
        (999.96, "1.00 k hands/s"),
        (50_000, "50.0 k hands/s"),  # treys: 0.1 M (or 0.0 M) before
        (1_234, "1.23 k hands/s"),
        (999_960, "1.00 M hands/s"),
        (467e6, "467 M hands/s"),
        (2.5e9, "2.50 G hands/s"),
        (12_345e9, "12345 G hands/s"),
    ],
)
def test_rates_have_three_significant_digits_and_a_fitting_prefix(rate, text):
    assert bench.format_rate(rate, "hands") == text


def test_bench_table_shows_a_slow_peer_in_its_own_units():
    result = {
        "pyrankcore": "0",
        "machine": "m",
        "python": "3",
        "row_kernel": "portable",
        "repeat": 1,
        "cases": [
            {"library": "treys", "case": "c", "unit": "hands", "seconds": 2.0, "rate": 41_200.0},
            {"library": "pyrankcore", "case": "e", "unit": "calls", "seconds": 0.1597, "rate": 6},
        ],
        "skipped": {},
    }
    lines = bench.format_bench(result).splitlines()
    assert lines[2].endswith(" 41.2 k hands/s") and lines[3].endswith(" 160 ms/call")


def test_a_peer_that_warns_on_import_is_timed(capsys, monkeypatch, tmp_path):
    # eval7's import warns; under warnings-as-errors the peer "failed" before.
    package = tmp_path / "treys"
    package.mkdir()
    (package / "__init__.py").write_text(
        textwrap.dedent(
            """
            import warnings

            warnings.warn("a peer's own deprecation", DeprecationWarning)


            class Card:
                @staticmethod
                def new(text):
                    return "23456789TJQKA".index(text[0]) * 4 + "shdc".index(text[1])


            class Evaluator:
                def evaluate(self, hand, board):
                    return max(hand + board)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "treys", raising=False)
    r = run_json(capsys)
    assert "treys" not in r["skipped"]
    (case,) = [c for c in r["cases"] if c["library"] == "treys"]
    assert case["count"] == 40 and case["unit"] == "hands"


@pytest.mark.parametrize("args", [["--size", "0"], ["--repeat", "0"], ["--size", "x"]])
def test_bench_bad_arguments(capsys, args):
    assert cli.main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyrankcore: error:") and err.count("\n") == 1
