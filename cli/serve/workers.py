"""The commands run in worker processes, each call within a time limit: a worker that
takes longer is stopped and a fresh one started in its place."""

import errno
import multiprocessing
import os
import queue
import sys
from dataclasses import dataclass


class TimeLimit(Exception):
    """A command that took longer than the time limit."""


@dataclass(frozen=True)
class Reply:
    """What a command did: its exit code, what it wrote, and an unexpected error's
    one-line description (None when it ended as commands end)."""

    exit_code: int
    stdout: str
    stderr: str
    crash: str | None = None


class Workers:
    """`count` processes that run commands one at a time each, `seconds` at most a call
    (waiting for a free worker included)."""

    def __init__(self, count: int, seconds: float):
        self.seconds = seconds
        self._context = multiprocessing.get_context("spawn")   # the server has threads
        self._idle: queue.Queue = queue.Queue()
        for _ in range(count):
            self._idle.put(self._start())

    def _start(self):
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_work, args=(theirs,), daemon=True)
        process.start()
        theirs.close()
        return process, mine

    def run(self, argv: tuple, stdin: str | None) -> Reply:
        """The reply of `eureka *argv` with `stdin`; TimeLimit past the limit."""
        try:
            worker = self._idle.get(timeout=self.seconds)
        except queue.Empty:
            raise TimeLimit from None
        process, pipe = worker
        try:
            pipe.send((argv, stdin))
            reply = pipe.recv() if pipe.poll(self.seconds) else None
        except (EOFError, OSError):
            reply = Reply(1, "", "", "its worker process stopped")
        if reply is not None and process.is_alive():
            self._idle.put(worker)
            return reply
        process.kill()                     # too slow, or gone: a fresh one instead
        process.join()
        self._idle.put(self._start())
        if reply is None:
            raise TimeLimit
        return reply

    def close(self) -> None:
        while not self._idle.empty():
            process, pipe = self._idle.get()
            process.kill()
            process.join()


def _work(pipe) -> None:
    """A worker: run each command line received, send back its Reply."""
    from click.testing import CliRunner

    from eureka.cli.main import eureka

    _read_no_files()
    runner = CliRunner()
    while True:
        argv, stdin = pipe.recv()
        result = runner.invoke(eureka, list(argv), input=stdin)
        crash = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            crash = f"{type(result.exception).__name__}: {result.exception}"
        pipe.send(Reply(result.exit_code, result.stdout, result.stderr, crash))


def _read_no_files() -> None:
    """From now on this process opens only what eureka itself needs: Python's and the
    packages' own files, the kernel cache (beside the kernels, or Numba's cache folder)
    and the system's /dev, /proc and /sys. Whatever a request names (a record given as a path to `check mathable
    --review`, say) is refused like an unreadable file, so no command can read the
    user's files, whichever of its parameters names one."""
    import eureka
    import eureka.cli

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, "/dev", "/proc", "/sys", *eureka.__path__, *eureka.cli.__path__,
             os.environ.get("NUMBA_CACHE_DIR") or os.path.expanduser("~/.cache")}
    allowed = tuple(os.path.realpath(r) + os.sep for r in roots)

    def guard(event, args):
        if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.realpath(os.fsdecode(args[0]))
            if not (path + os.sep).startswith(allowed):
                raise PermissionError(errno.EACCES, "eureka serve reads no files")

    sys.addaudithook(guard)

