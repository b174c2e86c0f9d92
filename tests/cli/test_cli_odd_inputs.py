"""Odd values on the command line get the same one-line answer from every
command that takes them."""

import pytest

from pyrankcore import cli

LARGEST_SEED = 2**64 - 1


@pytest.mark.parametrize(
    "command",
    [["demo", "--hands", "5", "--cards", "5"], ["equity", "AhKh", "QsQd", "--trials", "10"]],
    ids=["demo", "equity"],
)
def test_every_command_takes_the_same_seeds(command, capsys):
    assert cli.main([*command, "--seed", str(LARGEST_SEED)]) == 0
    capsys.readouterr()
    for seed in (LARGEST_SEED + 1, -1):
        assert cli.main([*command, "--seed", str(seed)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == f"pyrankcore: error: --seed must be 0 to 2**64-1, got {seed}\n"
