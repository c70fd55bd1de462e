"""The verbs answered in worker processes within a time limit, the kernels compiled first.

At start the warmers (one process per core, at most two) run every served verb's
examples game by game, so that the kernels are compiled into Numba's disk cache; a game
is served once its kernels are there. Before a worker first answers for a game it loads
that game's kernels (the same examples, from the cache), as soon as the game is warm
or else before the request, with no time limit: no worker is stopped
while it compiles or loads. A request waits for its game's warm-up (at most
WARMING_WAIT seconds), then for a free worker (at most the time limit from its arrival,
the requests served in the order they came): past either it is told the server is busy.
Its run has the time limit: a worker that takes longer is stopped and a fresh one started
in its place.

Every child is a plain process with a pipe (no multiprocessing.Pool, whose terminate
hangs when a child died holding its queue's lock): stopping kills each one, and waits
for it a bounded time.
"""

import collections
import multiprocessing
import os
import queue
import threading
import time

WARMING_WAIT = 120.0
"""The longest a request waits for its game's kernels to be compiled."""
JOIN_SECONDS = 5.0
"""The longest the server waits for its killed children to end, all together."""
TURN = 0.02
"""Seconds between two looks of a waiting request at whether its turn has come."""


class TimeLimit(Exception):
    """A call that ran longer than the time limit."""


class Busy(Exception):
    """No worker was free in time, or the game's kernels are still compiling.

    `retry` is the seconds to wait before asking again.
    """

    def __init__(self, message: str, retry: int):
        super().__init__(message)
        self.retry = retry


class Refused(Exception):
    """Input the game refuses (an EurekaError in the worker), in one line."""


class Crashed(Exception):
    """An unexpected error in the worker: a bug in eureka, in one line."""


class Workers:
    """`count` processes that answer one call at a time each, a call's run `seconds` at most.

    The kernels of `games` are compiled first (see the module's docstring).
    """

    def __init__(self, count: int, seconds: float, games: tuple):
        from eureka import parallel

        self.seconds = seconds
        self.count = count
        self.games = tuple(games)
        self._context = multiprocessing.get_context("spawn")     # the server has threads
        self._stopping = threading.Event()
        self._idle: queue.Queue = queue.Queue()
        self._every: set = set()                         # every worker, idle or busy
        self._lock = threading.Lock()
        self._queue: collections.deque = collections.deque()   # requests waiting, in order
        self._warm = {game: threading.Event() for game in self.games}
        warmers = min(2, parallel.cores(), len(self.games)) or 1
        threading.Thread(target=self._note_warm, args=(warmers,), daemon=True).start()
        for _ in range(count):
            self._idle.put(self._start())

    def _note_warm(self, warmers: int) -> None:
        """Has `warmers` processes compile the games' kernels, marking each game warm.

        As a warmer finishes a game the idle workers load it, and the game is marked
        warm. A game whose warmer fails is marked warm too, and so is every game once
        the warmers have ended: its requests then compile what they need, on their
        workers, unhurried.
        """
        from eureka.warm import warm_order

        order, warmed = queue.SimpleQueue(), queue.SimpleQueue()
        for game in warm_order(self.games):
            order.put(game)
        for _ in range(warmers):
            threading.Thread(target=self._warm_some, args=(order, warmed),
                             daemon=True).start()
        while warmers:
            game = warmed.get()
            if game is None:
                warmers -= 1
                continue
            self._load_everywhere(game)
            self._warm[game].set()
        for event in self._warm.values():
            event.set()

    def _warm_some(self, order: queue.SimpleQueue, warmed: queue.SimpleQueue) -> None:
        """Compiles the kernels of the games taken from `order` in a warmer process.

        Each game is put in `warmed` when compiled, or when its warmer failed (which then
        ends), and None once no game is left. The warmer process then ends: its memory
        is given back.
        """
        warmer = self._start()
        try:
            while not self._stopping.is_set():
                try:
                    game = order.get_nowait()
                except queue.Empty:
                    break
                try:
                    warmer.pipe.send((game, "warm", None))
                    warmer.pipe.recv()
                except (EOFError, OSError):              # the warmer is gone
                    break
                finally:
                    warmed.put(game)
        finally:
            self._end(warmer)
            warmed.put(None)

    def _load_everywhere(self, game: str) -> None:
        """Each worker loads `game`'s kernels, one worker at a time."""
        for _ in range(self.count):
            if self._stopping.is_set():
                return
            worker = self._idle.get()
            try:
                self._load(worker, game)
            except (EOFError, OSError):                  # gone: a fresh one instead
                worker = self._replace(worker)
            self._idle.put(worker)

    def warming(self) -> list:
        """The games whose kernels are still compiling, or loading in the workers."""
        return [game for game, event in self._warm.items() if not event.is_set()]

    def _start(self) -> "_Worker":
        """A fresh worker process, started (and killed at once if the server is stopping)."""
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_work, args=(theirs,), daemon=True)
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        with self._lock:
            self._every.add(worker)
        if self._stopping.is_set():                      # started as the server stops
            process.kill()
        return worker

    def _end(self, worker: "_Worker") -> None:
        """Kills the process of `worker`, and waits for it (JOIN_SECONDS at most)."""
        worker.process.kill()
        worker.process.join(JOIN_SECONDS)
        worker.pipe.close()
        with self._lock:
            self._every.discard(worker)

    def _replace(self, worker: "_Worker") -> "_Worker":
        """A fresh worker in place of `worker`, which is stopped."""
        self._end(worker)
        return self._start()

    def _load(self, worker: "_Worker", game: str) -> None:
        """`worker` loads the kernels of `game` (compiles them if the cache has none)."""
        if game not in worker.loaded:
            worker.pipe.send((game, "load", None))
            worker.pipe.recv()
            worker.loaded.add(game)

    def _free(self, arrived: float) -> "_Worker":
        """An idle worker, waited for until the time limit from `arrived` (Busy past it).

        Requests that wait take the workers that come free in the order they came.
        """
        deadline = arrived + self.seconds
        ticket = object()
        with self._lock:
            self._queue.append(ticket)
        try:
            while not self._stopping.is_set():
                with self._lock:
                    first = self._queue[0] is ticket
                try:
                    if first:
                        return self._idle.get(timeout=TURN)
                    time.sleep(TURN)
                except queue.Empty:
                    pass
                if time.monotonic() > deadline:
                    raise Busy(f"busy: every worker was answering another request for "
                               f"{self.seconds:g} s; ask again shortly", 2)
            raise Busy("the server is stopping", 5)
        finally:
            with self._lock:
                self._queue.remove(ticket)

    def run(self, game: str, verb: str, values: dict, arrived: float | None = None) -> dict:
        """The JSON document of `verb` of `game` called with `values`, run by a worker.

        `arrived` is when the request came (time.monotonic(); default: now): the wait for
        a free worker counts from then, or from when the game's kernels are ready if it
        waited for them. Raises Busy while the game is warming up past WARMING_WAIT, when
        no worker comes free within the time limit or the server is stopping; Refused for
        input the game refuses; TimeLimit past the time limit (the worker is then
        replaced); Crashed for an unexpected error in the worker.
        """
        if not self._warm[game].is_set():
            if not self._warm[game].wait(WARMING_WAIT):
                raise Busy(f"warming up: the {game} kernels are compiling, once; ask "
                           f"again in a few seconds", 5)
            arrived = None                               # its wait for a worker: from now
        worker = self._free(time.monotonic() if arrived is None else arrived)
        if not worker.process.is_alive():
            worker = self._replace(worker)
        try:
            self._load(worker, game)
            worker.pipe.send((game, verb, values))
            reply = worker.pipe.recv() if worker.pipe.poll(self.seconds) else None
        except (EOFError, OSError):
            reply = ("crashed", "its worker process stopped")
        if self._stopping.is_set():
            raise Busy("the server is stopping", 5)
        self._idle.put(worker if reply is not None and worker.process.is_alive()
                       else self._replace(worker))         # too slow, or gone
        if reply is None:
            raise TimeLimit
        kind, answer = reply
        if kind == "ok":
            return answer
        raise (Refused if kind == "refused" else Crashed)(answer)

    def stop(self) -> None:
        """Kills every child now, the warmers and the workers, idle or busy.

        The requests they were answering are told the server is stopping.
        """
        self._stopping.set()
        for event in self._warm.values():
            event.set()
        with self._lock:
            for worker in self._every:
                worker.process.kill()

    def close(self) -> None:
        """Kills every child, and waits for them to end (JOIN_SECONDS at most in all)."""
        self.stop()
        deadline = time.monotonic() + JOIN_SECONDS
        with self._lock:
            every = list(self._every)
        for worker in every:
            worker.process.join(max(0.0, deadline - time.monotonic()))


class _Worker:
    """A worker process, the pipe to it, and the games whose kernels it has loaded."""

    def __init__(self, process, pipe):
        self.process, self.pipe, self.loaded = process, pipe, set()


def _child() -> None:
    """Sets up a child process to ignore Ctrl-C and to end with the server.

    Ctrl-C is for the server (which stops its children), and the child ends with the
    server, however the server ends.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _work(pipe) -> None:
    """Runs a worker: answers each (game, verb, values) received on `pipe`, until the server goes.

    The answer is ('ok', document), ('refused', message) or ('crashed', message); the verb
    "load" loads the game's kernels, "warm" compiles them into the cache (a warmer's).
    """
    from eureka.errors import EurekaError
    from eureka.games import GAMES
    from eureka.warm import warm

    _child()
    while True:
        try:
            game, verb, values = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            if verb == "load":
                GAMES[game].warm()
                reply = ("ok", game)
            elif verb == "warm":
                reply = ("ok", warm(game))
            else:
                reply = ("ok", GAMES[game].declared()[verb].run(**values).to_json())
        except EurekaError as e:
            reply = ("refused", str(e))
        except Exception as e:                       # noqa: BLE001 - reported, one line
            reply = ("crashed", f"{type(e).__name__}: {e}")
        try:
            pipe.send(reply)
        except (EOFError, OSError):
            return
