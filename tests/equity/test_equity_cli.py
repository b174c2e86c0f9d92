"""``pyrankcore equity``: table and JSON output, errors in one line."""

import json

from pyrankcore import cli


def test_equity_table(capsys):
    assert cli.main(["equity", "AhKh", "QsQd", "--board", "Kd7s2c"]) == 0
    out = capsys.readouterr().out
    assert "exact, 990 deals" in out
    lines = [line for line in out.splitlines() if line.startswith(("Ah Kh", "Qs Qd"))]
    assert len(lines) == 2
    assert "91.2121%" in lines[0] and "8.7879%" in lines[1]


def test_equity_json_exact_counts(capsys):
    assert cli.main(["equity", "AhKh", "QsQd", "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and data["trials"] == 1_712_304
    assert [p["wins"] for p in data["players"]] == [787_966, 917_606]
    assert [p["ties"] for p in data["players"]] == [6_732, 6_732]
    assert data["players"][0]["std_error"] is None


def test_equity_monte_carlo_omaha_hi_lo_json(capsys):
    argv = ["equity", "As2sQdJd", "3h4c8hKc", "--game", "omaha hi-lo", "--board", "5s7dKh"]
    assert cli.main([*argv, "--trials", "50000", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["trials"] == 50_000
    assert data["game"] == "Omaha Hi-Lo 8"
    p = data["players"][0]
    assert abs(p["high"] + p["low"] - p["equity"]) < 1e-12 and p["std_error"] > 0
    assert abs(sum(q["equity"] for q in data["players"]) - 1) < 1e-12


def test_equity_errors_are_one_line(capsys):
    assert cli.main(["equity", "AhKh", "AhQd"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyrankcore: error:") and "duplicate card Ah" in err
    assert err.count("\n") == 1
    assert cli.main(["equity", "AhKh", "QsQd", "--exact", "--trials", "5"]) == 2
    assert "not allowed with" in capsys.readouterr().err
