"""The one line a command says before it compiles kernels, and on a terminal the seconds
counting below it while it compiles; nothing when the kernels load from the cache."""

import sys
import threading
import time
from contextlib import contextmanager

from eureka.jit import watched

TICK = 0.25
"""Seconds between two updates of the count on a terminal."""


class Notice:
    """Says `line` on `stream` when a kernel first begins to compile; on a terminal,
    counts the seconds on the next line while a compile runs, and clears that line when
    it ends (so that the answer starts on a clean line)."""

    def __init__(self, line: str, stream=None):
        self.line = line
        self.stream = stream or sys.stderr
        self.counting = self.stream.isatty()
        self._lock = threading.Lock()
        self._start = None
        self._compiling = False
        self._done = threading.Event()

    def started(self) -> None:
        with self._lock:
            if self._start is None:
                self._start = time.monotonic()
                self.stream.write(self.line + "\n")
                self.stream.flush()
                if self.counting:
                    threading.Thread(target=self._count, daemon=True).start()
            self._compiling = True

    def ended(self) -> None:
        with self._lock:
            self._compiling = False
            self._clear()

    def close(self) -> None:
        self._done.set()
        with self._lock:
            if self._compiling:
                self._clear()

    def _clear(self) -> None:
        if self.counting:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def _count(self) -> None:
        while not self._done.wait(TICK):
            with self._lock:
                if self._compiling:
                    self.stream.write(f"\r  compiling: {time.monotonic() - self._start:.0f} s")
                    self.stream.flush()


@contextmanager
def compiling(title: str, seconds: int, quiet: bool = False):
    """Within the block, the first compile of a kernel says so once: "compiling the
    `title` kernels, once: up to about `seconds` s" (nothing under `quiet`)."""
    if quiet:
        yield
        return
    notice = Notice(f"compiling the {title} kernels, once: up to about {seconds} s (later "
                    f"runs start at once)")
    try:
        with watched(notice.started, notice.ended):
            yield
    finally:
        notice.close()
