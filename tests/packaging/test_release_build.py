"""A release build of the compiled core carries no debug information (Python's
own CFLAGS carry -g; setup.py turns it off unless PYRANKCORE_DEBUG=1)."""

import sys
from pathlib import Path

import pytest

from pyrankcore import _core


def test_release_build_has_no_debug_information():
    flags = _core.BUILD_FLAGS.split()
    if "-O0" in flags or "/Od" in flags:
        pytest.skip("a debug build (PYRANKCORE_DEBUG=1)")
    if sys.platform == "win32" or "/O2" in flags:
        pytest.skip("MSVC keeps debug information in a separate file")
    path = Path(_core.__file__)
    data = path.read_bytes()
    if not data.startswith(b"\x7fELF"):
        pytest.skip("the section names are read from ELF files only")
    assert "-g0" in flags, flags
    assert b".debug_info" not in data, f"{path.name} ({len(data):,} bytes) has debug information"
