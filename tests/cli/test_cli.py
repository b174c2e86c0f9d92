"""The command line: ``python -m pyrankcore``, the ``pyrankcore`` script and ``cli.main``."""

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import pyrankcore
from pyrankcore import _args, _core, cli
from pyrankcore.cli import hands as hands_cli
from pyrankcore.cli import odds as odds_cli
from pyrankcore.cli.options import MAX_THREADS

# Categories common enough to appear in any 20,000-hand sample (five or
# seven cards): the rarest, full house, is expected about 30 times in five
# card hands and several hundred times in seven card hands.
COMMON_CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
)


def run(*args, timeout=120):
    # Run outside the checkout: from its root, `python -m pyrankcore` would
    # import the source folder (no compiled _core) instead of the install.
    return subprocess.run(
        list(args),
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path(__file__).resolve().parent,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def normalise(text):
    return re.sub(r"[_\s]+", " ", text.lower())


def category_lines(text):
    """Lines that name a category (the timing line names none)."""
    lines = []
    for line in text.splitlines():
        low = normalise(line)
        if any(name in low for name in COMMON_CATEGORIES):
            lines.append(line)
    return lines


SEEDED_DEMO = (sys.executable, "-m", "pyrankcore", "demo", "--hands", "20000", "--seed", "1")


@pytest.fixture(scope="module")
def seeded_demo():
    """One seeded run of the demo in a child process, read by several tests."""
    return run(*SEEDED_DEMO)


def test_module_demo_runs_and_names_categories(seeded_demo):
    proc = seeded_demo
    assert proc.returncode == 0, proc.stderr
    out = normalise(proc.stdout)
    missing = [name for name in COMMON_CATEGORIES if name not in out]
    assert not missing, f"missing {missing} in:\n{proc.stdout}"


CATEGORY_TITLES = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "Pair",
    "High Card",
)


def test_demo_category_counts_add_up_to_the_number_of_hands(seeded_demo):
    proc = seeded_demo
    assert proc.returncode == 0, proc.stderr
    total = 0
    for title in CATEGORY_TITLES:
        m = re.search(rf"^{title}\s+([\d,]+)\b", proc.stdout, flags=re.MULTILINE | re.IGNORECASE)
        assert m, f"no count line for {title!r} in:\n{proc.stdout}"
        total += int(m.group(1).replace(",", ""))
    assert total == 20000


@pytest.mark.parametrize("bad", [["--hands", "0"], ["--threads", "0"], ["--hands", "x"]])
def test_demo_rejects_bad_arguments(bad):
    proc = run(sys.executable, "-m", "pyrankcore", "demo", "--hands", "100", *bad)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr


def test_demo_is_reproducible_with_a_seed(seeded_demo):
    a, b = seeded_demo, run(*SEEDED_DEMO)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert category_lines(a.stdout) == category_lines(b.stdout)
    assert category_lines(a.stdout)


def test_demo_threads_option():
    base = (
        sys.executable,
        "-m",
        "pyrankcore",
        "demo",
        "--hands",
        "20000",
        "--seed",
        "3",
    )
    one = run(*base, "--threads", "1")
    two = run(*base, "--threads", "2")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert category_lines(one.stdout) == category_lines(two.stdout)


def test_unknown_subcommand_fails():
    proc = run(sys.executable, "-m", "pyrankcore", "no-such-command")
    assert proc.returncode != 0


def test_console_script_is_declared():
    try:
        dist = importlib.metadata.distribution("pyrankcore")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        pytest.skip("pyrankcore is not installed as a distribution")
    scripts = {ep.name: ep.value for ep in dist.entry_points if ep.group == "console_scripts"}
    assert "pyrankcore" in scripts


def _console_script():
    names = ["pyrankcore.exe", "pyrankcore"] if sys.platform == "win32" else ["pyrankcore"]
    for directory in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        for name in names:
            if (directory / name).is_file():
                return str(directory / name)
    return shutil.which("pyrankcore")


def test_console_script_demo():
    script = _console_script()
    if script is None:
        pytest.skip("the pyrankcore console script is not on this interpreter's script path")
    proc = run(script, "demo", "--hands", "20000", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert "full house" in normalise(proc.stdout)


# ------------------------------------------------------- main() in process
# These call pyrankcore.cli.main directly: quicker than a subprocess, and
# capsys sees exactly what each stream got.

ROYAL = ["As", "Ks", "Qs", "Js", "Ts"]
# A hand every ranking takes: five cards, all six or higher (the short deck).
EVERY_GAME_HAND = "9c 8d 7h 6s Ac"
EVAL_KEYS = {"cards", "ids", "board", "board_ids", "game", "strength", "description", "category"}
DEMO_KEYS = {
    "hands",
    "cards",
    "seed",
    "threads",
    "categories",
    "examples",
    "seconds",
    "hands_per_second",
    "row_loop",
}
INFO_KEYS = {"version", "row_loop", "row_loops", "compiler", "flags", "machine", "python"}


def test_version(capsys):
    assert cli.main(["--version"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == f"pyrankcore {pyrankcore.__version__}"
    assert err == ""


def test_eval_prints_the_readme_line(capsys):
    assert cli.main(["eval", *ROYAL]) == 0
    out, _ = capsys.readouterr()
    assert out == "As Ks Qs Js Ts: strength 7462 (Royal Flush)\n"


@pytest.mark.parametrize("game", pyrankcore.GAMES)
def test_eval_every_game(capsys, game):
    strength = pyrankcore.evaluate(EVERY_GAME_HAND, game)
    words = pyrankcore.describe(strength, game)
    assert cli.main(["eval", "--game", game, *EVERY_GAME_HAND.split()]) == 0
    out, err = capsys.readouterr()
    assert f"strength {strength} ({words})" in out
    assert err == ""
    assert cli.main(["eval", "--game", game, "--json", EVERY_GAME_HAND]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) == EVAL_KEYS
    assert record["game"] == game
    assert record["strength"] == strength
    assert record["description"] == words
    assert record["ids"] == pyrankcore.parse_cards(EVERY_GAME_HAND)
    assert record["cards"] == pyrankcore.format_cards(record["ids"])
    if strength == 0:  # ace_five_8: a nine-high hand has no qualifying low
        assert record["category"] is None
    else:
        cat = pyrankcore.category(strength, game)
        assert normalise(record["category"]) == normalise(cat.name)


def test_eval_json_no_qualifying_low(capsys):
    assert cli.main(["eval", "--game", "ace_five_8", "--json", "9c 6d 5h 4s 2c"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["strength"] == 0
    assert record["category"] is None
    assert record["description"] == pyrankcore.describe(0, "ace_five_8")


def test_demo_json(capsys):
    assert cli.main(["demo", "--hands", "20000", "--seed", "1", "--cards", "5", "--json"]) == 0
    out, _ = capsys.readouterr()
    assert out.count("\n") == 1  # one object, one line
    record = json.loads(out)
    assert set(record) == DEMO_KEYS
    # a command runs on every core this process may use unless told otherwise
    threads = min(_args.cpu_count(), MAX_THREADS)
    assert (record["hands"], record["cards"], record["seed"], record["threads"]) == (
        20000,
        5,
        1,
        threads,
    )
    assert [normalise(c["name"]) for c in record["categories"]] == [
        normalise(c.name) for c in reversed(pyrankcore.hands.NATURAL_CATEGORIES)
    ]
    assert sum(c["hands"] for c in record["categories"]) == 20000
    assert sum(c["exact"] for c in record["categories"]) == pytest.approx(1.0)
    for example in record["examples"]:
        assert example["strength"] == pyrankcore.evaluate(example["cards"])
        assert example["description"] == pyrankcore.describe(example["strength"])


def test_demo_json_matches_the_table(capsys):
    args = ["demo", "--hands", "20000", "--seed", "4"]
    assert cli.main(args) == 0
    table = capsys.readouterr().out
    assert cli.main([*args, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    for c in record["categories"]:
        assert re.search(rf"^{c['name']}\s+{c['hands']:,}\s", table, flags=re.MULTILINE), c


RANGE_KEYS = {"range", "hole_cards", "combos", "weight", "share", "entries", "grid"}
OFC_KEYS = {"rules", "boards", "players", "hands", "fouled", "royalties", "points", "stays"}
EQUITY_KEYS = {"game", "board", "dead", "exact", "trials", "players", "std_error"}


@pytest.mark.parametrize(
    ("command", "keys"),
    [
        ("eval", EVAL_KEYS),
        ("demo", DEMO_KEYS),
        ("info", INFO_KEYS),
        ("range", RANGE_KEYS),
        ("ofc solve", OFC_KEYS),
        ("equity", EQUITY_KEYS),
    ],
)
def test_help_documents_the_json_keys(capsys, command, keys):
    assert cli.main([*command.split(), "--help"]) == 0
    out = capsys.readouterr().out
    assert "--json" in out
    missing = [k for k in keys if not re.search(rf"\b{k}\b", out)]
    assert not missing, out


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "As", "Xs", "Qs", "Js", "Ts"],  # bad card
        ["eval", "As", "As", "Qs", "Js", "Ts"],  # duplicate
        ["eval", "As", "Ks"],  # too few cards
        ["eval", "--game", "no such game", *ROYAL],  # unknown game
        ["eval", "--game", "short_deck", "2c 3d 4h 5s 6c"],  # not in the game's deck
        ["demo", "--seed", "-1"],
        ["demo", "--hands", "0"],
        ["demo", "--hands", "x"],
        ["demo", "--threads", "0"],
        ["demo", "--cards", "4"],
        ["demo", "--hands", str(2**70)],  # counts have upper bounds
        ["demo", "--threads", str(10**9)],
        ["bench", "--size", str(10**12)],
        ["bench", "--repeat", str(10**9)],
        ["equity", "AhKh", "QsQd", "--trials", str(2**70)],
        ["equity", "AhKh", "QsQd", "--threads", str(2**70)],
        # exact enumeration past the cost guard: refused before any work
        ["equity", "random", "random", "random", "random", "random"]
        + ["--board", "2c3d4h5s9c", "--exact"],
        ["no-such-command"],
    ],
)
def test_errors_are_one_line_with_status_2(capsys, argv):
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pyrankcore: error: "), err
    assert "Traceback" not in err and "usage:" not in err


@pytest.mark.parametrize(
    "exc",
    [
        pyrankcore.PyrankcoreError("broken\nover two lines"),
        pyrankcore.InvalidCardError("bad card"),
        ValueError("bad value"),
        TypeError("bad type"),
    ],
)
def test_library_errors_are_one_line_with_status_2(capsys, monkeypatch, exc):
    def fail(*args, **kwargs):
        raise exc

    monkeypatch.setattr(hands_cli, "evaluate_batch", fail)
    assert cli.main(["demo", "--hands", "100"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pyrankcore: error: {' '.join(str(exc).split())}\n"


def test_out_of_memory_is_one_line_with_status_2(capsys, monkeypatch):
    def fail(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(odds_cli, "equity_table", fail)
    assert cli.main(["equity", "AhKh", "QsQd"]) == 2
    assert capsys.readouterr().err == "pyrankcore: error: out of memory\n"


class _Stream:
    """A stderr stand-in that says whether it is a terminal."""

    def __init__(self, tty):
        self.tty, self.text = tty, ""

    def isatty(self):
        return self.tty

    def write(self, s):
        self.text += s

    def flush(self):
        pass


@pytest.mark.parametrize("tty", [True, False])
def test_progress_bar_only_on_a_terminal(monkeypatch, tty):
    """The demo's bar is the package's one progress bar (here its one-line
    fallback: tqdm hidden), counting hands, and only on a terminal."""
    stream = _Stream(tty)
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # import fails: the fallback
    assert cli.main(["demo", "--hands", "3000", "--cards", "5", "--seed", "5"]) == 0
    if tty:
        assert stream.text == "\revaluating 5-card hands: 3,000/3,000 hands\n"
    else:
        assert stream.text == ""


def test_demo_without_a_terminal_writes_nothing_to_stderr(capsys):
    # capsys's stderr is not a terminal
    assert cli.main(["demo", "--hands", "3000", "--seed", "5"]) == 0
    assert capsys.readouterr().err == ""


def test_console_script_error_has_no_traceback():
    script = _console_script()
    if script is None:
        pytest.skip("the pyrankcore console script is not on this interpreter's script path")
    proc = run(script, "eval", "As", "Xs", "Qs", "Js", "Ts")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("pyrankcore: error: ") and "Xs" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_console_script_closed_pipe_has_no_traceback():
    # `pyrankcore demo --json | head -c 10`: the reader leaves before the output.
    script = _console_script()
    if script is None:
        pytest.skip("the pyrankcore console script is not on this interpreter's script path")
    proc = subprocess.Popen(
        [script, "demo", "--hands", "2000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent,
    )
    proc.stdout.close()  # before the child has written anything
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_demo_names_the_row_loops_it_ran(capsys):
    args = ["demo", "--hands", "3000", "--seed", "2"]
    assert cli.main(args) == 0
    assert f", {_core.row_loop()} row loops)" in capsys.readouterr().out
    try:
        _core._testing.select_row_kernel("portable")
        assert cli.main([*args, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["row_loop"] == "portable"
    finally:
        _core._testing.select_row_kernel("best")


def test_info_names_the_row_loops_and_the_build(capsys):
    assert cli.main(["info", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one object, one line
    record = json.loads(out)
    assert set(record) == INFO_KEYS
    assert record["version"] == pyrankcore.__version__
    # the best loop this CPU runs is the one in use, and the portable one always runs
    assert record["row_loops"] == list(_core.row_loops())
    assert record["row_loops"][0] == "portable"
    assert record["row_loop"] == record["row_loops"][-1] == _core.row_loop()
    assert record["compiler"].split()[0] in {"GCC", "Clang", "MSVC"}
    assert re.search(r"(^|\s)[-/]O", record["flags"]), record["flags"]
    assert cli.main(["info"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"pyrankcore {pyrankcore.__version__}"
    assert lines[1].split() == ["row", "loops", "in", "use:", record["row_loop"]]
    assert record["compiler"] in lines[3] and record["flags"] in lines[4]


def test_info_names_a_row_loop_a_test_chose(capsys):
    try:
        _core._testing.select_row_kernel("portable")
        assert cli.main(["info", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["row_loop"] == "portable"
    finally:
        _core._testing.select_row_kernel("best")


def test_info_rejects_arguments():
    assert cli.main(["info", "--fast"]) == 2
