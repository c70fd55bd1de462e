"""The web application: the pages, the Mathable board, and the JSON API.

`/api/VERB/GAME` reads its parameters by the verb's declaration (eureka.params), has a
worker call the verb, and answers with the result's JSON document (HTTP 200, a check's
illegal claim included). Every other answer is `{"schema": "eureka.error/1", "error":
"one line"}`: 400 for input the game refuses or a request that cannot be read (and a
run past the time limit), 408 for a body sent too slowly, 413 for one past the size
limits, 503 (with Retry-After) while the server is busy or warming up, 500 when a worker
fails on the request; the guard's refusals are eureka.cli.serve.guard's. The kept games
(eureka.store): 404 for a game not kept, 403 for their list asked by another machine, 429
(with Retry-After) for a client past MOST_NEW_GAMES, 500 when their file fails (its path
and the reason said on the server's terminal only). The requests' blocking calls run in
threads, THREADS of them at most: none waits for one.
"""

import asyncio
import contextlib
import ipaddress
import json
import math
import time
from importlib import resources
from urllib.parse import parse_qs

import anyio
import click
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from eureka.cli.serve.board import board_document, position_document
from eureka.cli.serve.guard import Guard
from eureka.cli.serve.play import Games, Mathable, Races
from eureka.cli.serve.workers import Busy, Crashed, Refused, TimeLimit, Workers
from eureka.errors import EurekaError
from eureka.games import GAMES
from eureka.store import Store, StoreError, Unknown

MOST_BYTES = 256 * 1024
"""The largest request body (a game record is a few kilobytes) and query string."""
BODY_SECONDS = 10.0
"""The longest a client may take to send a body."""
MOST_ERROR = 1000
"""The longest error line answered."""
MOST_REQUESTS = 64
"""API requests answered (or waiting for a worker) at once; more are told it is busy."""
THREADS = MOST_REQUESTS + 40
"""The threads for the requests' blocking calls: one for each API request answered at
once, and anyio's default 40 for the pages' files; so no request waits for a thread."""
MOST_NEW_GAMES = 30
"""New games (Mathable and races together) a client address may start in a minute: as
many at once, then one every 60 / MOST_NEW_GAMES seconds; more are refused (429)."""
MOST_FIELDS = 100
"""The most parameters a query string may hold."""
VERBS = ("solve", "endgame", "check", "score", "review", "hint")
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
STATIC = resources.files("eureka.cli.serve") / "static"
PAGES = {"/": "index.html", "/mathable": "mathable.html", "/numbers": "numbers.html",
         "/play": "play.html", "/race": "race.html", "/games": "games.html",
         "/review": "review.html"}


class BadRequest(Exception):
    """A request that cannot be read; `status` is its HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def error(message: str, status: int = 400, headers: dict | None = None) -> JSONResponse:
    """A refusal: an `eureka.error/1` document of one line, `message`, with its `status`.

    The message is cut at MOST_ERROR characters (a message may quote the input); `headers`
    are added to the response (Retry-After).
    """
    if len(message) > MOST_ERROR:
        message = message[:MOST_ERROR - 1] + "…"
    message = message.encode("utf-8", "replace").decode("utf-8")   # a lone surrogate
    return JSONResponse({"schema": "eureka.error/1", "error": message}, status, headers)


class NewGames:
    """The new games each client address may start: MOST_NEW_GAMES a minute at most.

    A bucket of MOST_NEW_GAMES per address, filled again at MOST_NEW_GAMES a minute; a
    new game takes one. Only the addresses whose bucket is not full are remembered.
    """

    def __init__(self):
        self._left: dict = {}                  # address: (games left, when counted)

    def take(self, address: str) -> float:
        """Takes a game from `address`'s bucket: 0, or the seconds to wait if it is empty."""
        now = time.monotonic()
        left = self.left(address, now)
        if left < 1:
            return (1 - left) * 60 / MOST_NEW_GAMES
        self._left = {a: c for a, c in self._left.items()      # the full ones forgotten
                      if self.left(a, now) < MOST_NEW_GAMES}
        self._left[address] = (left - 1, now)
        return 0.0

    def give_back(self, address: str) -> None:
        """Gives back to `address` the game taken for a start that was refused."""
        now = time.monotonic()
        self._left[address] = (min(MOST_NEW_GAMES, self.left(address, now) + 1), now)

    def left(self, address: str, now: float) -> float:
        """The games `address` may start at `now` (time.monotonic())."""
        left, then = self._left.get(address, (MOST_NEW_GAMES, now))
        return min(MOST_NEW_GAMES, left + (now - then) * MOST_NEW_GAMES / 60)


@contextlib.asynccontextmanager
async def _threads(app):
    """The app's life: THREADS threads for the requests' blocking calls."""
    anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
    yield


def application(workers: Workers, allowed: frozenset, store: Store | None = None) -> Guard:
    """The app, its verbs answered by `workers`, for the Host headers `allowed`.

    The games played are kept in `store` (default: the user's, eureka.store.Store()),
    and listed to this machine only (a client on a loopback address; others get 403).
    New games are MOST_NEW_GAMES a minute per client address.
    """
    answering = 0
    store = Store() if store is None else store
    new_games = NewGames()

    def _counted(endpoint):
        """The `endpoint`, refused while MOST_REQUESTS requests are being answered."""
        async def counted(request):
            nonlocal answering
            if answering >= MOST_REQUESTS:
                return error(f"busy: {MOST_REQUESTS} requests are being answered; ask "
                             f"again shortly", 503, {"Retry-After": "2"})
            answering += 1
            try:
                return await endpoint(request)
            finally:
                answering -= 1
        return counted

    async def _api(request):
        arrived = time.monotonic()
        verb, game = request.path_params["verb"], request.path_params["game"]
        try:
            declared = _verb(verb, game)
            values = declared.read(await parameters(request))
        except BadRequest as e:
            return error(str(e), e.status)
        except EurekaError as e:
            return error(str(e))
        try:
            return JSONResponse(await run_in_threadpool(workers.run, game, verb, values,
                                                        arrived))
        except Refused as e:
            return error(str(e))
        except TimeLimit:
            return error(f"no answer within {workers.seconds:g} s: ask for less (fewer "
                         f"tokens or cards, a limit), or run the command line")
        except Busy as e:
            return error(str(e), 503, {"Retry-After": str(e.retry)})
        except Crashed as e:
            return error(f"eureka failed on this request ({e}); please report it", 500)

    async def status(request):
        warming = workers.warming()
        return JSONResponse({"ready": not warming, "warming": warming})

    async def board(request):
        return JSONResponse(board_document())

    async def position(request):
        try:
            fields = await parameters(request)
            text = fields.get("text")
            if not isinstance(text, str) or set(fields) != {"text"}:
                raise BadRequest('give the position as {"text": "..."}')
            return JSONResponse(position_document(text))
        except BadRequest as e:
            return error(str(e), e.status)
        except EurekaError as e:
            return error(str(e))

    def play_start(games):
        async def start(request):
            address = request.client.host if request.client else ""
            wait = math.ceil(new_games.take(address))
            if wait:
                return error(f"too many new games: {MOST_NEW_GAMES} a minute from one "
                             f"address; ask again in {wait} s", 429, {"Retry-After": str(wait)})
            try:
                fields = await parameters(request)
                return JSONResponse(await run_in_threadpool(games.start, fields))
            except BadRequest as e:
                new_games.give_back(address)
                return error(str(e), e.status)
            except EurekaError as e:
                new_games.give_back(address)
                return _refused(e)
        return start

    def play_move(games):
        async def move(request):
            key = request.path_params["key"]
            try:
                if request.method == "GET":
                    return JSONResponse(await run_in_threadpool(games.state, key))
                fields = await parameters(request)
                return JSONResponse(await run_in_threadpool(games.move, key, fields))
            except BadRequest as e:
                return error(str(e), e.status)
            except EurekaError as e:
                return _refused(e, key)
        return move

    kept = {game: Games(kind, store, game)
            for game, kind in (("mathable", Mathable()), ("pitagoras", Races()))}

    async def listing(request):
        if not _this_machine(request.client):
            return error("the kept games are listed only to this machine", 403)
        try:
            entries = await run_in_threadpool(store.listing)
        except EurekaError as e:
            return _refused(e)
        return JSONResponse({"schema": "eureka.games/1",
                             "games": [entry.to_json() for entry in entries]})

    async def unplayed(request):
        """The refusal for an address under /api/play/ that no route answers."""
        game, _, key = request.path_params["rest"].partition("/")
        if game not in kept:
            return error(f"no game {game[:40]!r} to play: the games are "
                         f"{', '.join(kept)}", 404)
        if "/" in key:
            return error(f"nothing at {request.url.path[:100]}", 404)
        allow, does = (("GET, POST", "GET answers the game's state, POST plays a move")
                       if key else ("POST", f"POST starts a game of {game}"))
        return error(f"{request.method} is not answered here: {does}", 405,
                     {"Allow": allow})

    async def kept_game(request):
        key = request.path_params["key"]
        try:
            entry = await run_in_threadpool(store.entry, key)
            return JSONResponse(await run_in_threadpool(kept[entry.game].state, key))
        except EurekaError as e:
            return _refused(e, key)

    routes = [Route(path, _page(name)) for path, name in PAGES.items()]
    routes += [Route("/api/status", status), Route("/api/games", _counted(listing)),
               Route("/api/games/{key}", _counted(kept_game))]
    for game, games in kept.items():
        routes += [Route(f"/api/play/{game}", _counted(play_start(games)), methods=["POST"]),
                   Route(f"/api/play/{game}/{{key}}", _counted(play_move(games)),
                         methods=["GET", "POST"])]
    routes += [Route("/api/play/{rest:path}", unplayed, methods=ALL_METHODS),
               Route("/api/board/mathable", board),
               Route("/api/position/mathable", _counted(position), methods=["POST"]),
               Route("/api/{verb}/{game}", _counted(_api), methods=["GET", "POST"]),
               Mount("/static", StaticFiles(directory=str(STATIC)))]
    app = Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_found},
                    lifespan=_threads)
    return Guard(app, allowed)


def _this_machine(client) -> bool:
    """Whether the request's `client` (its address and port) is on this machine.

    That is a loopback address, an IPv4 one also as IPv6 shows it (::ffff:127.0.0.1).
    """
    try:
        address = ipaddress.ip_address(client.host)
    except (AttributeError, ValueError):            # no client, or no address
        return False
    return (getattr(address, "ipv4_mapped", None) or address).is_loopback


def _refused(e: EurekaError, key: str = "") -> JSONResponse:
    """The answer to a game's request refused by `e` (for the game `key`), the path aside.

    No game `key` kept: 404. The games' file failing: 500, its path and why said on the
    server's terminal only. Else (a move the game refuses, one too large): 400.
    """
    if isinstance(e, Unknown):
        return error(f"no game {key[:40]!r} is kept here: Your games (/games) lists "
                     f"them", 404)
    if isinstance(e, StoreError) and e.path is not None:
        click.echo(f"eureka serve: {e}", err=True)
        return error("the kept games cannot be read or written now: the server's terminal "
                     "says why", 500)
    return error(str(e))


def _verb(verb: str, game: str):
    """The declared verb of a request's address; raises BadRequest when it is not served."""
    if verb not in VERBS:
        raise BadRequest(f"no verb {verb[:40]!r}: the API answers {', '.join(VERBS)}")
    entry = GAMES.get(game)
    if entry is None or verb not in entry.verbs:
        served = ", ".join(g.name for g in GAMES.values() if verb in g.verbs)
        raise BadRequest(f"no game {game[:40]!r} to {verb}: the games are {served}")
    return entry.declared()[verb]


async def parameters(request) -> dict:
    """The parameters of `request`: its query string's, and a POST's JSON object's.

    A value is text, a number, true/false, or a list of them. Raises BadRequest for a
    query string or body that cannot be read (413 past the size limits, 408 for a body
    sent too slowly) or a parameter given in both.
    """
    query = request.scope.get("query_string", b"")
    if len(query) > MOST_BYTES:
        raise BadRequest(f"the query string is longer than {MOST_BYTES // 1024} KB", 413)
    try:
        pairs = parse_qs(query.decode("ascii"), keep_blank_values=True, strict_parsing=False,
                         errors="strict", max_num_fields=MOST_FIELDS)
    except (UnicodeDecodeError, ValueError) as e:
        raise BadRequest(f"the query string cannot be read: {e}") from None
    fields = {name: values[0] if len(values) == 1 else values
              for name, values in pairs.items()}
    if request.method == "POST":
        for name, value in (await _json_body(request)).items():
            if name in fields:
                raise BadRequest(f"{name[:40]!r} is given in both the query and the body")
            fields[name] = value
    return fields


async def _json_body(request) -> dict:
    """A POST's body: a JSON object of parameters, in UTF-8, read up to MOST_BYTES."""
    length = request.headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit()):
        raise BadRequest(f"Content-Length {length[:20]!r} is not a number of bytes")
    if length is not None and int(length) > MOST_BYTES:
        raise BadRequest(f"the body is larger than {MOST_BYTES // 1024} KB", 413)
    body = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MOST_BYTES:
                    raise BadRequest(f"the body is larger than {MOST_BYTES // 1024} KB",
                                     413)
    except TimeoutError:
        raise BadRequest(f"the body took longer than {BODY_SECONDS:g} s to send",
                         408) from None
    except ClientDisconnect:
        raise BadRequest("the client went away before sending the whole body") from None
    try:
        fields = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequest("the body is not UTF-8 text") from None
    except RecursionError:
        raise BadRequest("the body is not a JSON object of parameters: nested too "
                         "deeply") from None
    except ValueError as e:
        raise BadRequest(f"the body is not JSON: {e}") from None
    if not isinstance(fields, dict):
        raise BadRequest("the body is not a JSON object of parameters")
    for name, value in fields.items():
        items = value if isinstance(value, list) else [value]
        if not all(item is None or isinstance(item, (str, int, float, bool))
                   for item in items):
            raise BadRequest(f"{name[:40]!r}: give text, a number, true or false, or a "
                             f"list of them")
    try:
        json.dumps(fields, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:               # "\ud800": JSON can say it, text cannot hold it
        raise BadRequest("the body holds a lone surrogate (\\ud800-\\udfff), which is not "
                         "text") from None
    return {name: value for name, value in fields.items() if value is not None}


def _page(name: str):
    """The endpoint that answers with the static page `name`."""
    async def page(request):
        return FileResponse(str(STATIC / name))
    return page


async def _not_found(request, exc):
    """The refusal for an address or method that is not served (404, 405)."""
    return error(f"nothing at {request.url.path[:100]} for {request.method}",
                 exc.status_code)
