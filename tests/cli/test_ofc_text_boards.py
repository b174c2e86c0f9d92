"""A board written as "front / middle / back" means the same on the
command line and in pyrankcore.ofc: the library takes that text wherever
it takes a board, and both give the same numbers."""

import json

import pytest

from pyrankcore import cli, ofc
from pyrankcore.errors import InvalidArgumentError

IVEY = "6s 6c 4h / Td Ts 9c Qs 8c / 3h 3d 3s 2h 2d"
HELLMUTH = "Ah Kd Qd/9h 9d 5h 5d 4c/Ks Js 9s 8s 7s"  # no spaces around "/"
FANTASY = "QsQd2c / AsAdAcKsKd / 3h4h5h6h7h"


def rows(text):
    return tuple(row.strip() for row in text.split("/"))


def cli_json(capsys, *argv):
    assert cli.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_score_takes_board_text_as_the_command_line_does(capsys):
    assert ofc.score([IVEY, HELLMUTH]) == ofc.score([rows(IVEY), rows(HELLMUTH)]) == [4, -4]
    players = cli_json(capsys, "ofc", "score", IVEY, HELLMUTH)["players"]
    assert [p["points"] for p in players] == ofc.score([IVEY, HELLMUTH])


def test_fantasyland_takes_board_text_as_the_command_line_does(capsys):
    rules = ofc.Rules.pineapple()
    (got,) = cli_json(capsys, "ofc", "royalties", FANTASY, "--rules", "pineapple")["boards"]
    assert got["fantasyland"] == ofc.fantasyland(FANTASY, rules) == 14
    assert got["stays"] == ofc.stays_in_fantasyland(FANTASY, rules)
    assert ofc.fantasyland(FANTASY, rules) == ofc.fantasyland(rows(FANTASY), rules)


def test_double_deck_board_text():
    text = "Qs Qs 2c / Ah Ah Kh Qh Jh / 9c 9c 9d 9d 9s"
    two = ofc.Rules(decks=2)
    other = "Kd Kc 3c / 2d 2h 4s 5s 6s / 8h 8d 8c 7h 7d"
    assert ofc.score([text, other], two) == ofc.score([rows(text), rows(other)], two)


@pytest.mark.parametrize(
    "text", ["6s 6c 4h / Td Ts 9c Qs 8c", IVEY + " /", "/".join(["6s 6c 4h"] * 4)]
)
def test_board_text_of_other_than_three_rows(text, capsys):
    with pytest.raises(InvalidArgumentError, match="three rows separated by '/'"):
        ofc.fantasyland(text)
    assert cli.main(["ofc", "royalties", text]) == 2
    err = capsys.readouterr().err
    assert "three rows separated by '/'" in err and err.count("\n") == 1
