"""Arrays that end where an unreadable page begins, for the tests that check
a row loop reads and writes nothing past its last row (Linux: mprotect
through ctypes). Those tests run their loops in a child process, where a
fault is an exit code: CHILD_IMPORT is the line a child's script starts
with to get before_a_guard_page (it puts this folder on the path, never the
checkout's root, which would shadow the installed package)."""

import ctypes
import mmap
import os

import numpy as np

CHILD_IMPORT = (
    f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
    "from guard_page import before_a_guard_page\n"
)

_areas = []  # the mappings live as long as the process: arrays view them


def before_a_guard_page(values, dtype=np.uint8):
    """A copy of *values* (as *dtype*) whose last byte is the last one
    before a page that cannot be read or written."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    values = np.asarray(values, dtype=dtype)
    page = mmap.PAGESIZE
    pages = values.nbytes // page + 2
    area = mmap.mmap(-1, pages * page)
    base = ctypes.addressof(ctypes.c_char.from_buffer(area))
    assert libc.mprotect(base + (pages - 1) * page, page, 0) == 0  # PROT_NONE
    _areas.append(area)
    offset = (pages - 1) * page - values.nbytes
    arr = np.frombuffer(area, dtype=dtype, count=values.size, offset=offset)
    arr = arr.reshape(values.shape)
    arr[...] = values
    return arr
