"""``pyrankcore odds``: the exact probability table from the command line."""

import json
from math import comb

import pytest

from pyrankcore import probabilities
from pyrankcore.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_default_table(capsys):
    status, out, err = run(capsys, "odds")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "5-card hands, high, 52 cards (one deck): 2,598,960 hands"
    assert "| Straight Flush | 40 | 0.001539% | 64,973.00 : 1 |" in lines
    assert "| High Card | 1,302,540 | 50.1177% | 1.00 : 1 |" in lines


def test_odds_json_six_cards(capsys):
    # Six cards, not seven: the same path in a fifth of the time.
    status, out, _ = run(capsys, "odds", "--cards", "6", "--json")
    assert status == 0
    obj = json.loads(out)
    assert obj == probabilities("high", 6).as_dict()
    assert obj["total"] == comb(52, 6) and obj["cards"] == 6
    assert [r["name"] for r in obj["rows"]][:2] == ["Straight Flush", "Four of a Kind"]
    assert sum(r["count"] for r in obj["rows"]) == obj["total"]


def test_odds_options(capsys):
    status, out, _ = run(capsys, "odds", "--wild", "jokers", "--json")
    obj = json.loads(out)
    assert status == 0 and (obj["deck_size"], obj["jokers"]) == (53, 1)
    assert obj["rows"][0] == {
        "name": "Five of a Kind",
        "count": 13,
        "probability": 13 / comb(53, 5),
        "odds_against": (comb(53, 5) - 13) / 13,
    }
    status, out, _ = run(capsys, "odds", "--game", "short_deck", "--deck", "32", "--json")
    assert status == 0 and json.loads(out)["deck_size"] == 32
    status, out, _ = run(capsys, "odds", "--decks", "2", "--json")
    assert status == 0 and json.loads(out)["rows"][0]["count"] == 13 * comb(8, 5)
    status, out, _ = run(capsys, "odds", "--game", "ace_five_8")
    assert status == 0 and "| No qualifying low | 2,541,616 |" in out


def test_odds_errors(capsys):
    for argv, word in [
        (["odds", "--decks", "0"], "decks"),
        (["odds", "--deck", "30"], "deck"),
        (["odds", "--game", "nope"], "nope"),
        (["odds", "--cards", "8"], "--cards"),
        (["odds", "--jokers", "1"], "jokers"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == ""
        assert err.startswith("pyrankcore: error: ") and word in err
        assert len(err.splitlines()) == 1


def test_probabilities_progress_is_a_flag():
    with pytest.raises(TypeError, match="progress"):
        probabilities("high", 5, progress="yes")


@pytest.mark.parametrize(
    ("game", "rankings"),
    [("Omaha", "--game high)"), ("o8", "--game high or --game ace_five_8)")],
)
def test_odds_of_an_omaha_variant_points_to_its_rankings_and_to_equity(capsys, game, rankings):
    status, out, err = run(capsys, "odds", "--game", game)
    assert status == 2 and out == ""
    assert rankings in err and "pyrankcore equity --game" in err
    assert "evaluate_omaha(" not in err  # a Python call means nothing at a shell


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--jokers", "1"], "--jokers 1: the game has no jokers (add --wild jokers)"),
        (["--wild", "jokers", "--jokers", "3"], "--jokers must be in 1..2, got 3"),
    ],
)
def test_jokers_errors_name_the_options(capsys, argv, error):
    status, out, err = run(capsys, "odds", *argv)
    assert (status, out) == (2, "")
    assert err == f"pyrankcore: error: {error}\n"  # not the library's jokers= or wild='jokers'
