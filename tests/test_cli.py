"""The command line: ``python -m pyrankcore demo`` and the ``pyrankcore`` script."""

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

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


def test_module_demo_runs_and_names_categories():
    proc = run(sys.executable, "-m", "pyrankcore", "demo", "--hands", "20000", "--seed", "1")
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


def test_demo_category_counts_add_up_to_the_number_of_hands():
    proc = run(sys.executable, "-m", "pyrankcore", "demo", "--hands", "20000", "--seed", "2")
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


def test_demo_is_reproducible_with_a_seed():
    args = (
        sys.executable,
        "-m",
        "pyrankcore",
        "demo",
        "--hands",
        "20000",
        "--seed",
        "7",
    )
    a, b = run(*args), run(*args)
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
