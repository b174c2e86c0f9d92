"""Users' type checkers see pyrankcore's real types.

tests/packaging/typing/user_script.py calls every public name (``pyrankcore.__all__``
and ``pyrankcore.ofc``) the way a user would; it must run, and pass
``mypy --strict`` against the INSTALLED package (py.typed, the _core stub and
the names that ``pyrankcore`` exports lazily). The stub must also match the
compiled module (stubtest).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "typing" / "user_script.py"
REJECTED = HERE / "typing" / "rejected_script.py"
ALLOWLIST = HERE / "typing" / "stubtest_allowlist.txt"


def _run(args, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
    # Run away from the checkout, so that the installed package is the one
    # found, not the source tree.
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _mypy_config(tmp_path):
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n")  # no project settings: a user's defaults
    return str(config)


def test_user_script_runs(tmp_path):
    result = _run([str(SCRIPT)], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_user_script_passes_mypy_strict(tmp_path):
    pytest.importorskip("mypy")
    result = _run(
        [
            "-m",
            "mypy",
            "--config-file",
            _mypy_config(tmp_path),
            "--strict",
            "--no-incremental",
            f"--cache-dir={tmp_path / 'cache'}",
            str(SCRIPT),
        ],
        tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_misspelled_names_are_type_errors(tmp_path):
    pytest.importorskip("mypy")
    result = _run(
        [
            "-m",
            "mypy",
            "--config-file",
            _mypy_config(tmp_path),
            "--strict",
            "--no-incremental",
            f"--cache-dir={tmp_path / 'cache'}",
            str(REJECTED),
        ],
        tmp_path,
    )
    lines = REJECTED.read_text(encoding="utf-8").splitlines()
    expected = {i + 1 for i, line in enumerate(lines) if line.endswith("# rejected")}
    reported = {
        int(line.split(":")[1])
        for line in result.stdout.splitlines()
        if line.startswith(str(REJECTED)) and ": error:" in line
    }
    assert expected and reported == expected, result.stdout + result.stderr


def test_core_stub_matches_the_extension(tmp_path):
    pytest.importorskip("mypy")
    result = _run(
        [
            "-m",
            "mypy.stubtest",
            "pyrankcore._core",
            "--mypy-config-file",
            _mypy_config(tmp_path),
            "--allowlist",
            str(ALLOWLIST),
        ],
        tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
