"""Running work: the one thread runner and the one progress bar.

Every function that spreads work over threads (batches, equity, the preflop
matrix, Fantasyland solving) runs it through :func:`run_tasks`, and every
``progress=True`` shows :func:`progress_bar`, counting the unit the user
asked for (hands, trials, boards).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# With a stop flag, every task runs on a worker thread while the calling
# thread waits in steps of this many seconds: signals reach only the main
# thread, and only between its own bytecodes, so Ctrl-C is seen within a
# step, the kernels are told to stop and the workers return in milliseconds.
SIGNAL_POLL_SECONDS = 0.05

# The fallback progress line is redrawn at most this often.
_REDRAW_SECONDS = 0.2


def run_tasks(
    tasks: Sequence[T],
    work: Callable[[T], R | None],
    n_threads: int,
    *,
    done: Callable[[T, R | None], None] | None = None,
    stop: Any = None,
) -> list[R]:
    """Run ``work(task)`` for every task on up to *n_threads* threads, first
    come first served; returns the results in task order, None results left
    out. ``done(task, result)`` is called after each task (under a lock).

    A worker's exception is re-raised here after every thread has stopped,
    and no task starts after it. With *stop* (a writable one-element int32
    array the kernels poll) every task runs on a worker thread while this
    thread waits in steps of SIGNAL_POLL_SECONDS; Ctrl-C (or any exception
    here) sets the flag, waits for the workers and re-raises. Without *stop*
    the calling thread takes part in the work."""
    results: list[R | None] = [None] * len(tasks)
    if stop is None and (n_threads <= 1 or len(tasks) <= 1):
        for i, task in enumerate(tasks):
            results[i] = work(task)
            if done is not None:
                done(task, results[i])
        return [r for r in results if r is not None]
    lock = threading.Lock()
    next_task = [0]
    errors: list[BaseException] = []

    def loop() -> None:
        while True:
            with lock:
                i = next_task[0]
                if i >= len(tasks) or errors or (stop is not None and stop[0]):
                    return
                next_task[0] += 1
            try:
                result = work(tasks[i])
            except BaseException as exc:  # re-raised in the calling thread
                with lock:
                    errors.append(exc)
                return
            results[i] = result
            if done is not None:
                with lock:
                    done(tasks[i], result)

    n_workers = min(n_threads, len(tasks)) if stop is not None else min(n_threads, len(tasks)) - 1
    workers = [threading.Thread(target=loop, daemon=True) for _ in range(n_workers)]
    try:
        for w in workers:
            w.start()
        if stop is None:
            loop()
        for w in workers:
            while w.is_alive():
                w.join(SIGNAL_POLL_SECONDS)
    except BaseException:
        if stop is not None:
            stop[0] = 1
        with lock:
            next_task[0] = len(tasks)
        for w in workers:
            if w.ident is not None:
                w.join()
        raise
    if errors:
        raise errors[0]
    return [r for r in results if r is not None]


def split_rows(rows: Callable[[int, int], int], n: int, n_threads: int) -> int:
    """Run ``rows(start, stop)`` over [0, n) in *n_threads* equal slices;
    returns the first bad row any slice reported, or -1."""
    if n_threads <= 1:
        return int(rows(0, n))
    bounds = [n * i // n_threads for i in range(n_threads + 1)]
    slices = list(zip(bounds[:-1], bounds[1:]))
    bad = [r for r in run_tasks(slices, lambda s: int(rows(*s)), n_threads) if r >= 0]
    return min(bad) if bad else -1


class ProgressBar:
    """A progress bar on stderr: tqdm where it is installed, else one line
    redrawn in place ("equity: 1,000,000/10,000,000 trials"). A total of
    None counts without one. Use as a context manager; update() is safe to
    call from worker threads only under the caller's lock (run_tasks'
    *done* holds one)."""

    def __init__(self, total: int | None, unit: str, desc: str) -> None:
        self.total, self.unit, self.desc = total, unit, desc
        self.count = 0
        self._drawn = 0.0
        try:  # an optional dependency
            from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
        except ImportError:
            self._bar: Any = None
        else:
            self._bar = tqdm(total=total, unit=unit, desc=desc, unit_scale=True, leave=False)

    def update(self, n: int = 1) -> None:
        self.count += n
        if self._bar is not None:
            self._bar.update(n)
            return
        now = time.monotonic()
        if now - self._drawn >= _REDRAW_SECONDS or self.count == self.total:
            self._drawn = now
            of = "" if self.total is None else f"/{self.total:,}"
            sys.stderr.write(f"\r{self.desc}: {self.count:,}{of} {self.unit}s")
            sys.stderr.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self._drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def progress_bar(enabled: bool, total: int | None, unit: str, desc: str) -> ProgressBar | None:
    """A :class:`ProgressBar` when *enabled*, else None."""
    return ProgressBar(total, unit, desc) if enabled else None
