"""`eureka serve`: options in, the server started, and stopped cleanly."""

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
"""Connections held at once; more are refused (503), so memory stays bounded. The app
answers at most eureka.cli.serve.app.MOST_REQUESTS of them at a time."""


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
    config = uvicorn.Config(None, log_level="warning", http=_protocol(),
                            limit_concurrency=MOST_CONNECTIONS, timeout_keep_alive=5,
                            timeout_graceful_shutdown=5, lifespan="off")
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
    is stopping), then the server.
    """

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            threading.Thread(target=pool.stop).start()
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


def _protocol():
    """The HTTP/1.1 protocol of uvicorn, dropping a connection idle past HEADER_SECONDS.

    A connection that has not sent a request's headers within HEADER_SECONDS is closed
    (a slow client holds nothing for long).
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Protocol(H11Protocol):
        def connection_made(self, transport):
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self):
            super().on_response_complete()
            self._arm()

        def _arm(self):
            waiting = self.cycle
            self.loop.call_later(HEADER_SECONDS, self._drop_if_idle, waiting)

        def _drop_if_idle(self, waiting):
            if self.cycle is waiting and not self.transport.is_closing():
                self.transport.close()

    return Protocol
