"""Users' type checkers see pyrankcore's real types.

tests/packaging/typing/user_script.py calls every public name (``pyrankcore.__all__``
and ``pyrankcore.ofc``) the way a user would; it must run, and pass
``mypy --strict`` against the INSTALLED package (py.typed, the _core stub and
the names that ``pyrankcore`` exports lazily). The stub must also match the
compiled module (stubtest).

The three child processes (the script, mypy over both scripts, stubtest)
start together, once for the file: each spends seconds reading NumPy's stubs
or building tables, and on a machine with a second core they overlap.
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "typing" / "user_script.py"
REJECTED = HERE / "typing" / "rejected_script.py"
ALLOWLIST = HERE / "typing" / "stubtest_allowlist.txt"


class _Child:
    """A Python child process started now, read when a test needs it."""

    def __init__(self, args, cwd):
        env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
        # Run away from the checkout, so that the installed package is the
        # one found, not the source tree.
        self._process = subprocess.Popen(
            [sys.executable, *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._result = None

    def result(self):
        if self._result is None:
            try:
                out, err = self._process.communicate(timeout=600)
            except subprocess.TimeoutExpired:
                self._process.kill()
                out, err = self._process.communicate()
            self._result = (self._process.returncode, out, err)
        return self._result

    def kill(self):
        if self._process.poll() is None:
            self._process.kill()
            self._process.communicate()


@pytest.fixture(scope="module")
def children(tmp_path_factory):
    folder = tmp_path_factory.mktemp("typing")
    config = folder / "mypy.ini"
    config.write_text("[mypy]\n")  # no project settings: a user's defaults
    started = {"script": _Child([str(SCRIPT)], folder)}
    if importlib.util.find_spec("mypy") is not None:
        started["mypy"] = _Child(
            [
                "-m",
                "mypy",
                "--config-file",
                str(config),
                "--strict",
                "--no-incremental",
                f"--cache-dir={folder / 'cache'}",
                str(SCRIPT),
                str(REJECTED),
            ],
            folder,
        )
        started["stubtest"] = _Child(
            [
                "-m",
                "mypy.stubtest",
                "pyrankcore._core",
                "--mypy-config-file",
                str(config),
                "--allowlist",
                str(ALLOWLIST),
            ],
            folder,
        )
    yield started
    for child in started.values():
        child.kill()


def _result_of(children, name):
    if name not in children:
        pytest.skip("mypy is not installed")
    return children[name].result()


def _mypy_errors(children):
    """{script: mypy's lines about it}, and the whole output."""
    code, out, err = _result_of(children, "mypy")
    # mypy exits 1 when it reports errors (the rejected script has some),
    # 2 when it could not check at all.
    assert code in (0, 1), out + err
    lines = out.splitlines()
    return {s: [x for x in lines if x.startswith(str(s))] for s in (SCRIPT, REJECTED)}, out + err


def test_user_script_runs(children):
    code, out, err = children["script"].result()
    assert code == 0, out + err


def test_user_script_passes_mypy_strict(children):
    errors, output = _mypy_errors(children)
    assert errors[SCRIPT] == [], output


def test_misspelled_names_are_type_errors(children):
    errors, output = _mypy_errors(children)
    lines = REJECTED.read_text(encoding="utf-8").splitlines()
    expected = {i + 1 for i, line in enumerate(lines) if line.endswith("# rejected")}
    reported = {int(line.split(":")[1]) for line in errors[REJECTED] if ": error:" in line}
    assert expected and reported == expected, output


def test_core_stub_matches_the_extension(children):
    code, out, err = _result_of(children, "stubtest")
    assert code == 0, out + err
