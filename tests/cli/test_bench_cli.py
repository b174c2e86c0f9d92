"""``pyrankcore bench``: pyrankcore's rates and the installed peers', on tiny
sizes (the numbers themselves are not checked, only what was timed)."""

import importlib.util
import json

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
    assert r["row_kernel"] == _core._row_kernels()[-1]
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
    assert "row loops" in out and "ms/call" in out and "M hands/s" in out
    assert len(out.splitlines()) == 2 + 6


@pytest.mark.parametrize("args", [["--size", "0"], ["--repeat", "0"], ["--size", "x"]])
def test_bench_bad_arguments(capsys, args):
    assert cli.main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyrankcore: error:") and err.count("\n") == 1
