"""``pyrankcore ofc royalties|score|solve``: boards as text, --rules, JSON,
each checked against pyrankcore.ofc."""

import io
import json
import sys

import pytest

from pyrankcore import cli, format_cards, ofc, parse_cards
from pyrankcore.cli.ofc import RULE_KEYS, parse_rules

IVEY = "6s 6c 4h / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d"
HELLMUTH = "Ah Kd Qd / 9h 9d 5h 5d 4c / Ks Js 9s 8s 7s"
FOULED = "Qs Qd 2c / 3h 4h 5h 6h 7h / As Ad Ah Ac 2d"
FANTASY = "As Ad Ah Kc Kd 7s 7d 7c 2h 3h 4h 5h 6h"
FOURTEEN = "Qs Qd 2c 3d 4h 5s 7c 8d 9h Js Kc Kd Ac 6d"


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def board(text, decks=1):
    return ofc.Board(*(row.strip() for row in text.split("/")), decks=decks)


def rules_fields(rules):
    return {key: getattr(rules, key) for key in RULE_KEYS}


def test_royalties_json_matches_the_board(capsys):
    status, out, _ = run(capsys, "ofc", "royalties", IVEY, FOULED, "--json")
    assert status == 0 and out.count("\n") == 1
    record = json.loads(out)
    assert record["rules"] == rules_fields(ofc.Rules())
    for text, got in zip((IVEY, FOULED), record["boards"]):
        b = board(text)
        assert got["board"] == text
        assert got["fouled"] == b.fouled
        assert got["royalties"] == list(b.row_royalties)
        assert got["total"] == b.royalties
        assert got["fantasyland"] == ofc.fantasyland(b)
        assert got["stays"] == ofc.stays_in_fantasyland(b)
        assert b.describe().startswith(got["rows"] + " (")


def test_royalties_text(capsys):
    status, out, _ = run(capsys, "ofc", "royalties", IVEY, FOULED)
    front, middle, back = board(IVEY).row_royalties
    assert status == 0
    assert (
        out.splitlines()[0]
        == f"{IVEY}: royalties {front} + {middle} + {back} = {board(IVEY).royalties}"
    )
    assert out.splitlines()[2] == f"{FOULED}: fouled"


def test_a_board_as_13_cards_or_rows(capsys):
    rows = run(capsys, "ofc", "royalties", IVEY, "--json")[1]
    flat = run(capsys, "ofc", "royalties", IVEY.replace("/", "").replace(" ", ""), "--json")[1]
    assert json.loads(rows) == json.loads(flat)


def test_score_with_rules(capsys):
    rules = ofc.Rules(majority_bonus=1, scoop_bonus=0)
    argv = ["ofc", "score", IVEY, HELLMUTH, "--rules", "majority_bonus=1,scoop_bonus=0"]
    status, out, _ = run(capsys, *argv, "--json")
    record = json.loads(out)
    assert status == 0 and record["rules"] == rules_fields(rules)
    points = ofc.score([board(IVEY), board(HELLMUTH)], rules)
    assert [p["points"] for p in record["players"]] == points
    assert [p["royalties"] for p in record["players"]] == [7, 4]
    status, out, _ = run(capsys, *argv)
    assert out.splitlines()[0] == f"player 1: {points[0]:+d} points  {IVEY} (royalties 7)"


def test_rules_presets_and_repeats():
    assert parse_rules(["pineapple"]) == ofc.Rules.pineapple()
    assert parse_rules(["double_deck", "stay=classic"]) == ofc.Rules(decks=2)
    assert parse_rules(["pineapple,decks=2,fantasyland_min=AA"]) == ofc.Rules.pineapple(
        decks=2, fantasyland_min="AA"
    )
    assert parse_rules(["shoot_the_moon=yes", "fantasyland=off"]) == ofc.Rules(
        shoot_the_moon=True, fantasyland=False
    )
    assert parse_rules(None) == ofc.Rules()


def test_solve_matches_the_solver(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{FOURTEEN}\n\n"))
    status, out, _ = run(capsys, "ofc", "solve", FANTASY, "-", "--rules", "pineapple", "--json")
    record = json.loads(out)
    rules = ofc.Rules.pineapple()
    assert status == 0 and record["rules"] == rules_fields(rules)
    for hand, got in zip((FANTASY, FOURTEEN), record["hands"], strict=True):
        b, value = ofc.solve_fantasyland(hand, rules)
        assert got["hand"] == format_cards(parse_cards(hand)) and got["value"] == value
        assert got["board"] == " / ".join(
            format_cards(list(row)) for row in (b.front, b.middle, b.back)
        )
        assert got["royalties"] == sum(b.row_royalties_under(rules))
        assert got["stays"] == ofc.stays_in_fantasyland(b, rules)


def test_solve_stay_value(capsys):
    b, value = ofc.solve_fantasyland(FANTASY, stay_value=10)
    status, out, _ = run(capsys, "ofc", "solve", FANTASY.replace(" ", ""), "--stay-value", "10")
    assert status == 0
    assert out.startswith(f"{FANTASY} -> ") and f"value {value:g} " in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["royalties", "6s 6c / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d"], "front row needs 3 cards"),
        (["royalties", "6s6c4h / TdTs9cQs8c"], "three rows"),
        (["royalties", IVEY, "--rules", "fantasy=1"], "unknown key 'fantasy=1'"),
        (["royalties", IVEY, "--rules", "pinapple"], "unknown preset 'pinapple'"),
        (["royalties", IVEY, "--rules", "row_points=x"], "row_points is a whole number"),
        (["royalties", IVEY, "--rules", "fantasyland=maybe"], "fantasyland is yes or no"),
        (["royalties", IVEY, "--rules", "fantasyland_min=JJ"], "fantasyland_min"),
        (["score", IVEY], "2 to 4"),
        (["score", IVEY, IVEY], "duplicate"),
        (["solve", "As Ad Ah"], "13 to 17 cards"),
        (["solve", FANTASY, "--threads", "0"], "--threads"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_whole_line(capsys, argv, words):
    status, out, err = run(capsys, "ofc", *argv)
    assert (status, out) == (2, "")
    assert err.startswith("pyrankcore: error: ") and err.count("\n") == 1
    assert words in err, err
