"""Run a call under each row loop this CPU runs (portable, POPCNT, AVX2, AVX-512
on x86-64; portable, NEON on arm64), for the tests that check the loops agree."""

import numpy as np

from pyrankcore import _core

KERNELS = _core.row_loops()


def every_kernel(fn):
    """fn() under each row loop: {loop name: result}."""
    results = {}
    try:
        for name in KERNELS:
            _core._testing.select_row_kernel(name)
            results[name] = fn()
    finally:
        _core._testing.select_row_kernel("best")
    return results


def agree(results):
    """The result every loop gave (asserting they are all equal)."""
    first = next(iter(results.values()))
    for name, values in results.items():
        assert np.array_equal(values, first), name
    return first
