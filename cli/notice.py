"""The one line a command says before it compiles kernels, and a count of the seconds.

On a terminal the seconds count below that line while it compiles; nothing is said when
the kernels load from the cache.
"""

import sys
import threading
import time
from contextlib import contextmanager

from eureka.jit import watched

TICK = 0.25
"""Seconds between two updates of the count on a terminal."""


class Notice:
    """Says `line` on `stream` (stderr by default) when a kernel first begins to compile.

    On a terminal it counts the seconds on the next line while a compile runs, and clears
    that line when it ends (so that the answer starts on a clean line).
    """

    def __init__(self, line: str, stream=None):
        self.line = line
        self.stream = stream or sys.stderr
        self.counting = self.stream.isatty()
        self._lock = threading.Lock()
        self._start = None
        self._compiling = False
        self._done = threading.Event()

    def started(self) -> None:
        """Marks a compile begun: the line is said the first time (and the count started)."""
        with self._lock:
            if self._start is None:
                self._start = time.monotonic()
                self.stream.write(self.line + "\n")
                self.stream.flush()
                if self.counting:
                    threading.Thread(target=self._count, daemon=True).start()
            self._compiling = True

    def ended(self) -> None:
        """Marks a compile ended: the count's line is cleared on a terminal."""
        with self._lock:
            self._compiling = False
            self._clear()

    def close(self) -> None:
        """Stops the count, clearing its line if a compile is still running."""
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
    """A context within which the first compile of a kernel says so, once.

    The line is "compiling the `title` kernels, once: up to about `seconds` s"; nothing
    is said under `quiet`.
    """
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
