"""Writing files that readers may open at any time: the one atomic write
that the preflop cache and the street tables share."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def replace_atomically(path: Path, data: bytes, prefix: str) -> None:
    """Write *data* to a temporary file (named *prefix*...) in *path*'s
    folder, flushed to disk, then rename it over *path* (atomic on POSIX
    and Windows), so a reader sees the old file or the whole new one; the
    temporary file is removed if anything fails."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
