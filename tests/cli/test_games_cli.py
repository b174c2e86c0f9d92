"""``--game`` is one option: every command takes the rankings and the
variants by the same names, and refuses an unknown name with the same
message (the library's, whole)."""

import json
from itertools import combinations

import pytest

import pyrankcore
from pyrankcore import cli, games
from pyrankcore.errors import UnknownGameError

GAME_COMMANDS = {
    "eval": ["eval", "As Ks Qs Js Ts"],
    "equity": ["equity", "AhKh", "QsQd"],
    "odds": ["odds"],
}
NAMES = [*pyrankcore.GAMES, *(v.name for v in pyrankcore.VARIANTS), "razz", "o8", "holdem"]


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", sorted(GAME_COMMANDS))
def test_every_command_parses_every_ranking_and_variant_name(command):
    parser = cli.build_parser()
    for name in NAMES:
        args = parser.parse_args([*GAME_COMMANDS[command], "--game", name])
        assert args.game == name


def test_an_unknown_name_gets_the_same_whole_message_everywhere(capsys):
    with pytest.raises(UnknownGameError) as library:
        games.resolve("no such game", omaha=None)
    expected = f"pyrankcore: error: {library.value}\n"
    assert len(expected) > 300  # cut at 280 characters, mid-word, before
    for command, argv in GAME_COMMANDS.items():
        status, out, err = run(capsys, *argv, "--game", "no such game")
        assert (status, out) == (2, ""), command
        assert err == expected, command


def test_eval_razz_is_the_library_strength(capsys):
    # The friction: `eval --game razz` was an invalid choice.
    hand = "As 2d 3c 4h 6s 9d Kc"
    strength = pyrankcore.evaluate(hand, "razz")
    status, out, _ = run(capsys, "eval", "--game", "razz", hand)
    assert status == 0
    assert out == f"{hand} (Razz): strength {strength} ({pyrankcore.describe(strength, 'razz')})\n"


def test_odds_takes_a_variant_name(capsys):
    status, out, _ = run(capsys, "odds", "--game", "razz", "--json")
    assert status == 0
    assert json.loads(out) == pyrankcore.probabilities("razz").as_dict()


def test_equity_takes_a_ranking_name_as_holdem_deal(capsys):
    # --game high is hold'em's deal under the high ranking: hold'em itself.
    base = ["equity", "AhKh", "QsQd", "--board", "Kd7s2c", "--json"]
    _, holdem, _ = run(capsys, *base, "--game", "Hold'em")
    status, high, _ = run(capsys, *base, "--game", "high")
    assert status == 0
    assert json.loads(high)["players"] == json.loads(holdem)["players"]
    assert json.loads(high)["game"] == "high"


def test_equity_under_a_low_ranking_against_enumeration(capsys):
    # Every turn and river, each hand's best low of seven cards, counted here.
    hands, board = ["Ah2h", "KsKd"], "7h8s9d"
    status, out, _ = run(capsys, "equity", *hands, "--board", board, "--game", "ace_five", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["exact"] is True
    used = set(pyrankcore.parse_cards(" ".join([*hands, board])))
    rest = [c for c in range(52) if c not in used]
    wins, ties, deals = [0, 0], 0, 0
    for turn_river in combinations(rest, 2):
        cards = pyrankcore.parse_cards(board) + list(turn_river)
        a, b = (pyrankcore.evaluate(pyrankcore.parse_cards(h) + cards, "ace_five") for h in hands)
        deals += 1
        if a == b:
            ties += 1
        else:
            wins[a < b] += 1
    assert result["trials"] == deals
    assert [p["wins"] for p in result["players"]] == wins
    assert [p["ties"] for p in result["players"]] == [ties, ties]
