"""`eureka serve`: options in, the server started, and stopped cleanly."""

import os
import signal
import socket
import threading
import time

import click

from eureka.cli.base import InputError, Whole
from eureka.cli.params import Number
from eureka.params import Param

LOOPBACK = "127.0.0.1"
HEADER_SECONDS = 10.0
"""The longest a client may take to send a request's headers."""
WARM_NOTE_AFTER = 10.0
"""Seconds of warm-up after which the server says it is compiling (with the kernels in
the cache, loading them takes less)."""
MOST_CONNECTIONS = 128
"""Connections held at once, so memory stays bounded. A new one past it closes the oldest
not being answered: part-way through its headers, or silent (between requests, or not
yet sending) for IDLE_GRACE at least; only when there is none is it refused (503). The
app answers at most eureka.cli.serve.app.MOST_REQUESTS API requests at a time, the rest
at once."""
MOST_HEADERS = 16 * 1024
"""The most bytes of headers read with a request; its line may hold a query string of
eureka.cli.serve.app.MOST_BYTES more. Past both, the request is refused (413)."""
IDLE_GRACE = 1.0
"""Seconds a silent connection is kept from being closed for a new one: a fresh
connection's request, or a kept-alive one's next, may be on its way."""
LINGER_SECONDS = 2.0
"""How long a refused connection is still read, what comes dropped, before it is closed:
closed at once with data unread, it would be reset, and the refusal could be lost."""
STOP_SECONDS = 10.0
"""The longest a stop (Ctrl-C, SIGTERM) may take: past it every child left is killed and
the server ends at once."""


@click.command("serve", help="A local web page: set up a Mathable board by clicking, or "
               "cards and a target, and see the answers on it; and a JSON API, "
               "/api/VERB/GAME with the verb's parameters, answering with the document "
               "--json prints (docs/SERVE.md). Only this machine's pages may use it. "
               "The games played on it are kept as they go (--db; eureka games). "
               "Needs the serve extra: pip install 'eureka-solver[serve]'.\n\nExample: "
               "eureka serve --open")
@click.option("--port", type=Whole(1, 65535), default=8765, show_default=True,
              metavar="N", help="The port to listen on.")
@click.option("--host", default=LOOPBACK, show_default=True,
              help="The address to listen on: only this machine by default; another "
                   "address opens the page to the network.")
@click.option("--open", "open_page", is_flag=True, help="Open the page in a browser.")
@click.option("--workers", type=Whole(1, 1024), metavar="N",
              help="Requests answered at once (default: one per core; more than the "
                   "cores with --force).")
@click.option("--force", is_flag=True, help="Allow more workers than cores.")
@click.option("--db", type=click.Path(dir_okay=False), metavar="PATH",
              help="Keep the games played in this SQLite file (default: $EUREKA_DB, else "
                   "eureka/games.db in $XDG_DATA_HOME or ~/.local/share).")
@click.option("--timeout", type=Number(Param("timeout", "number", "", low=0.5, high=3600)),
              default=30.0,
              show_default=True, metavar="S",
              help="The longest a request may run, in seconds (waiting for a free worker "
                   "aside).")
def command(port, host, open_page, workers, force, db, timeout):
    """`eureka serve`: the page and the API served until Ctrl-C."""
    try:
        import uvicorn

        from eureka.cli.serve.app import application
    except ImportError:
        raise InputError("eureka serve needs the serve extra: pip install "
                         "'eureka-solver[serve]'") from None
    from eureka import parallel
    from eureka.cli.serve.guard import hosts, is_loopback
    from eureka.cli.serve.workers import Workers
    from eureka.errors import EurekaError
    from eureka.games import GAMES
    from eureka.store import Store

    cores = parallel.cores()
    if workers is not None and workers > cores and not force:
        raise InputError(f"--workers {workers} is more than the {cores} cores: each worker "
                         f"holds the kernels in memory; add --force to start them anyway")
    try:
        store = Store(db)
    except EurekaError as e:
        raise InputError(str(e)) from None
    allowed = hosts(host, port)
    listening = _listen(host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else f"[{host}]" if ":" in host \
        else host
    address = f"http://{shown}:{port}/"
    config = server_config(None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # the children start ignoring Ctrl-C
    pool = Workers(workers or cores, timeout, tuple(GAMES))
    try:
        config.app = application(pool, allowed, store)
        if not is_loopback(host):
            reach = ", ".join(sorted(f"http://{h}/" for h in allowed
                                     if not h.startswith(("127.", "localhost", "[::1]"))))
            click.echo(f"warning: listening on {host}: other machines can use the page, "
                       f"at {reach}", err=True)
        click.echo(f"eureka serve: {address} (Ctrl-C stops it)", err=True)
        threading.Thread(target=_tell_warming, args=(pool,), daemon=True).start()
        if open_page:
            import webbrowser

            webbrowser.open(address)
        _serve(uvicorn, config, pool, listening)
    finally:
        pool.close()


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on `host`:`port`; raises InputError, one line, when it cannot be."""
    try:
        family, kind, proto, _, where = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(where)
        listening.listen(128)
    except OSError as e:
        raise InputError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    return listening


def server_config(app):
    """The uvicorn configuration of `eureka serve`, serving `app` (its protocol: _protocol())."""
    import uvicorn

    from eureka.cli.serve.app import MOST_BYTES

    return uvicorn.Config(app, log_level="warning", http=_protocol(), timeout_keep_alive=5,
                          h11_max_incomplete_event_size=MOST_BYTES + MOST_HEADERS,
                          timeout_graceful_shutdown=5, lifespan="on")


def _tell_warming(pool) -> None:
    """Says on stderr if the kernels are still compiling after a while, then when ready.

    One line after WARM_NOTE_AFTER seconds of warm-up (a fresh install), and one when
    every game's kernels are ready; nothing if they were ready before.
    """
    time.sleep(WARM_NOTE_AFTER)
    if not pool.warming():
        return
    click.echo(f"compiling the kernels of {', '.join(pool.warming())}, once: each "
               f"game's page answers as soon as its kernels are ready", err=True)
    while pool.warming():
        time.sleep(0.5)
    click.echo("every game's kernels are ready", err=True)


def _serve(uvicorn, config, pool, listening) -> None:
    """Serves on `listening` until Ctrl-C or SIGTERM, then stops without a traceback.

    The signal stops the workers at once (the requests they answer are told the server
    is stopping), then the server, within STOP_SECONDS (_end_by_force).
    """

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            if not self.should_exit:
                threading.Thread(target=pool.stop).start()
                threading.Thread(target=_end_by_force, args=(pool,), daemon=True).start()
            super().handle_exit(sig, frame)

    server = Server(config)

    def stop(signum, frame):               # uvicorn's handler, after it, calls this
        server.should_exit = True

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:
        pass


def _end_by_force(pool) -> None:
    """Ends the server if it has not ended STOP_SECONDS after a stop was asked.

    Every child is killed, and the process ends at once, whatever its threads are doing.
    """
    time.sleep(STOP_SECONDS)
    click.echo(f"eureka serve: not stopped within {STOP_SECONDS:g} s: its processes are "
               f"killed", err=True)
    pool.stop()
    os._exit(1)


def _protocol():
    """The HTTP/1.1 protocol of uvicorn, held to the server's limits.

    A connection that has not sent a request's headers within HEADER_SECONDS is closed
    (a slow client holds nothing for long). Past MOST_CONNECTIONS a new connection closes
    the oldest one not being answered, or is refused when every one is. A request that h11
    cannot read is refused: 413 for a request line and headers longer than the limit
    (MOST_HEADERS and a query string of eureka.cli.serve.app.MOST_BYTES), else 400. Each
    refusal is the app's JSON error (eureka.cli.serve.app.error), then the connection is
    closed without a reset (LINGER_SECONDS).
    """
    import h11
    from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

    from eureka.cli.serve.app import error

    class Connection(h11.Connection):
        """h11's connection, refusing a request line and headers longer than `most` bytes.

        h11 refuses them only while they are incomplete; this also refuses them whole. The
        error of a request it cannot read is kept (`refused`).
        """

        def __init__(self, most: int):
            super().__init__(h11.SERVER, most)
            self.most, self.refused = most, None

        def next_event(self):
            try:
                event = super().next_event()
                if isinstance(event, h11.Request) and len(event.target) + sum(
                        len(name) + len(value) for name, value in event.headers) > self.most:
                    raise h11.RemoteProtocolError("too long", error_status_hint=431)
                return event
            except h11.RemoteProtocolError as e:
                self.refused = e
                raise

    class Protocol(H11Protocol):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.conn = Connection(self.config.h11_max_incomplete_event_size)
            self.lingering = False

        def connection_made(self, transport):
            super().connection_made(transport)
            self.since, self.heard = time.monotonic(), False
            if not self._room():
                self._refuse(503, f"busy: the {MOST_CONNECTIONS} connections held are all "
                             f"in use; ask again shortly", {"Retry-After": "2"})
                return
            self._arm()

        def _room(self) -> bool:
            """Whether this new connection may be held, the oldest idle one closed if need be.

            Past MOST_CONNECTIONS, the oldest connection not being answered is closed to
            make room: one part-way through its headers, or silent for IDLE_GRACE at least
            (a fresh one's request may be on its way); False when there is none.
            """
            held = [c for c in self.connections
                    if c is not self and not c.transport.is_closing()]
            if len(held) < MOST_CONNECTIONS:
                return True
            now = time.monotonic()
            idle = [c for c in held if not c._answering()
                    and (c.heard or now - c.since >= IDLE_GRACE)]
            if idle:
                min(idle, key=lambda c: c.since).transport.close()
            return bool(idle)

        def _answering(self) -> bool:
            """Whether a request of this connection is being answered."""
            return (self.cycle is not None and not self.cycle.response_complete
                    and not self.lingering)

        def data_received(self, data):
            self.heard = True
            if not self.lingering:                   # a refused connection's are dropped
                super().data_received(data)

        def send_400_response(self, msg):
            refused = self.conn.refused
            if refused is not None and refused.error_status_hint == 431:
                self._refuse(413, f"the request line and headers are longer than "
                             f"{self.config.h11_max_incomplete_event_size // 1024} KB")
            else:
                self._refuse(400, f"the request cannot be read as HTTP/1.1: "
                             f"{refused or msg}")

        def _refuse(self, status: int, message: str, headers: dict | None = None):
            """Answers `status` with the JSON error `message` (`headers` added), then closes.

            What the client still sends is read and dropped for LINGER_SECONDS, then the
            connection is closed: closed with data unread, it would be reset before the
            client could read the refusal.
            """
            response = error(message, status, headers)
            head = [b"HTTP/1.1 %d %s" % (status, STATUS_PHRASES[status])]
            head += [name + b": " + value for name, value in response.raw_headers]
            self.transport.write(b"\r\n".join([*head, b"connection: close", b"",
                                                response.body]))
            self.lingering = True
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)

        def on_response_complete(self):
            super().on_response_complete()
            self.since, self.heard = time.monotonic(), False     # silent from now
            self._arm()

        def _arm(self):
            waiting = self.cycle
            self.loop.call_later(HEADER_SECONDS, self._drop_if_idle, waiting)

        def _drop_if_idle(self, waiting):
            if self.cycle is waiting and not self.transport.is_closing():
                self.transport.close()

    return Protocol
