"""Ctrl-C stops every long equity run and the long CLI commands promptly.

Each case runs in a child process (``sys.executable -c``) that says when
its long call starts; SIGINT follows half a second later (the planning
before the long call takes milliseconds), and the child must be
gone within two seconds: a KeyboardInterrupt from Python, status 130 and
one line from the command line. A child that hangs is killed after
CHILD_SECONDS whatever it does, so a slow machine cannot hang the suite."""

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

STOP_SECONDS = 2.0
SIGNAL_AFTER_SECONDS = 0.5
CHILD_SECONDS = 120.0

# "started" is printed once the imports are done, just before the long call.
# A child started from a background job inherits SIGINT ignored (a shell
# without job control does that to `cmd &`), and Python then never raises
# KeyboardInterrupt: the child restores Python's handler first.
STARTED = "print('started', flush=True); "
HANDLER = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
EQUITY = HANDLER + "from pyrankcore import equity; " + STARTED + "equity({})"
CLI = HANDLER + "import sys; from pyrankcore import cli; " + STARTED + "sys.exit(cli.main({!r}))"
# Children run outside the checkout, so they import the installed package,
# not the source folder (which has no compiled core in a non-editable install).
CHILD_CWD = Path(__file__).resolve().parent
FULL_RANGE = "'*'"  # all 1,326 combos


def rare_fit(rank):
    """The ace of spades with any card but two of *rank*, and those two at
    a tiny weight: two such ranges collide on the ace in almost every draw."""
    cards = [r + s for r in "AKQJT98765432" for s in "shdc"]
    aces = ",".join("As" + c for c in cards if c not in ("As", rank + "h", rank + "d"))
    return repr(f"{aces},{rank}h{rank}d:0.001")


def interrupt(code):
    """Run *code*, SIGINT half a second after it starts its long call; the
    exit status, the seconds it took to stop and its stderr."""
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=CHILD_CWD,
    )
    # the reads below have no timeout of their own
    killer = threading.Timer(CHILD_SECONDS, child.kill)
    killer.start()
    with child:  # closes the pipes however the test ends
        try:
            assert child.stdout is not None
            first = child.stdout.readline()
            if first != "started\n":
                pytest.fail(f"the child did not start: {first!r}, {child.communicate()[1]}")
            time.sleep(SIGNAL_AFTER_SECONDS)
            if child.poll() is not None:
                pytest.fail(f"the call ended before the signal: {child.communicate()[1]}")
            child.send_signal(signal.SIGINT)
            sent = time.monotonic()
            try:
                _, err = child.communicate(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still running {STOP_SECONDS} s after SIGINT")
            return child.returncode, time.monotonic() - sent, err
        finally:
            killer.cancel()
            if child.poll() is None:
                child.kill()
                child.communicate(timeout=CHILD_SECONDS)


@pytest.mark.parametrize(
    "args",
    [
        # exact by the sweep, one board: the combinations of three seats'
        # 1,081 combos each, the fourth counted (over ten seconds)
        "\"Hold'em\", ['random'] * 4, '2c3d4h5s9c', exact=True",
        "\"Hold'em\", ['random'] * 4, '2c3d4h5s9c', exact=True, threads=2",
        f"\"Hold'em\", [{FULL_RANGE}] * 4, '2c3d4h5s9c', exact=True",
        # exact by the sweep, Omaha hi-lo three-handed: each combination of
        # two seats held against the third's combos (half a minute)
        "'Omaha Hi-Lo 8', ['Ah2h3c4c', 'AA**', 'KK**'], '5s 9d Jh', exact=True",
        # exact over whole ranges, combinations made in C (five-card Omaha
        # is not swept): half a minute of work
        "'Big O', ['Ah2h3c4c6d', 'AKQJ*', 'KQJT*'], '5s 9d Jh Qc', exact=True",
        # exact Omaha against a random hand
        "'Omaha', ['AsKsQdJd', 'random'], '2c3d4h', exact=True",
        # Monte Carlo, one thread and two, and a target never reached
        "\"Hold'em\", ['AhKh', 'QsQd'], trials=2**40",
        "\"Hold'em\", ['AhKh', 'QsQd'], trials=2**40, threads=2",
        "\"Hold'em\", ['AhKh', 'QsQd'], target_se=1e-300",
        "'Omaha Hi-Lo 8', ['AsKsQdJd', 'random', 'random'], trials=2**40",
        # Monte Carlo with ranges that rarely fit: most of the time goes to
        # redrawing colliding combos (one thread and two)
        f'"Hold\'em", [{rare_fit("K")}, {rare_fit("Q")}], trials=300_000, seed=1',
        f'"Hold\'em", [{rare_fit("K")}, {rare_fit("Q")}], trials=2**40, threads=2, seed=1',
    ],
)
def test_equity_stops_on_sigint(args):
    status, _, err = interrupt(EQUITY.format(args))
    assert status != 0
    assert err.strip().splitlines()[-1].startswith("KeyboardInterrupt"), err


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--hands", str(10**11)],
        ["equity", "AhKh", "QsQd", "--trials", str(2**40)],
        ["equity", "random", "random", "random", "random", "--board", "2c3d4h5s9c", "--exact"],
    ],
)
def test_cli_stops_on_sigint_with_status_130(argv):
    status, _, err = interrupt(CLI.format(argv))
    assert status == 130
    assert err == "pyrankcore: interrupted\n"


BOARDS = (
    HANDLER
    + "import numpy as np; from pyrankcore.boards import board_strengths; "
    # three million boards, ten Omaha hands each: seconds of work, 135 MB
    + "boards = np.tile(np.arange(5, dtype=np.uint8), (3_000_000, 1)); "
    + "hands = np.arange(8, 48, dtype=np.uint8).reshape(10, 4); "
    + STARTED
    + "board_strengths(boards, 'Omaha', combos=hands{})"
)


@pytest.mark.parametrize("threads", ["", ", threads=2"])
def test_board_strengths_stops_on_sigint(threads):
    status, _, err = interrupt(BOARDS.format(threads))
    assert status != 0
    assert err.strip().splitlines()[-1].startswith("KeyboardInterrupt"), err
