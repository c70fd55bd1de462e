"""The web application: the pages, the Mathable board, and the JSON API.

Every answer of the API is a JSON document: the command's own `--json` document (HTTP
200, a check's illegal claim included), or `{"schema": "eureka.error/1", "error": "..."}`
with HTTP 400 for input the command refuses, a request it cannot read, or a call past
the time limit; 413 for a request past the size limits.
"""

import json
from importlib import resources
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from eureka.cli.serve.board import board_document, position_document
from eureka.cli.serve.calls import RequestError, call
from eureka.cli.serve.workers import TimeLimit, Workers
from eureka.errors import EurekaError

MOST_BYTES = 256 * 1024
"""The largest request body (a game record is a few kilobytes) and query string."""
STATIC = resources.files("eureka.cli.serve") / "static"
PAGES = {"/": "index.html", "/mathable": "mathable.html", "/numbers": "numbers.html"}


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"schema": "eureka.error/1", "error": message}, status)


def application(workers: Workers) -> Starlette:
    """The app, its commands run by `workers`."""

    async def api(request):
        query = request.url.query
        body = await request.body()
        if len(query) > MOST_BYTES or len(body) > MOST_BYTES:
            return error(f"the request is larger than {MOST_BYTES // 1024} KB", 413)
        try:
            params = parse_qs(query, keep_blank_values=True)
            params.update(_body(body, request.headers.get("content-type", "")))
            line = call(request.path_params["verb"], request.path_params["game"], params)
        except RequestError as e:
            return error(str(e))
        try:
            reply = await run_in_threadpool(workers.run, line.argv, line.stdin)
        except TimeLimit:
            return error(f"no answer within {workers.seconds:g} s: ask for less (fewer "
                         f"tokens or cards, a limit), or run the command line")
        return _answer(reply)

    async def board(request):
        return JSONResponse(board_document())

    async def position(request):
        body = await request.body()
        if len(body) > MOST_BYTES:
            return error(f"the request is larger than {MOST_BYTES // 1024} KB", 413)
        try:
            return JSONResponse(position_document(body.decode("utf-8")))
        except (EurekaError, UnicodeDecodeError) as e:
            return error(str(e))

    routes = [Route(path, _page(name)) for path, name in PAGES.items()]
    routes += [Route("/api/board/mathable", board),
               Route("/api/position/mathable", position, methods=["POST"]),
               Route("/api/{verb}/{game}", api, methods=["GET", "POST"]),
               Mount("/static", StaticFiles(directory=str(STATIC)))]
    return Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_found})


def _page(name: str):
    async def page(request):
        return FileResponse(str(STATIC / name))
    return page


async def _not_found(request, exc):
    return error(f"nothing at {request.url.path} for {request.method}", exc.status_code)


def _body(body: bytes, content_type: str) -> dict:
    """A POST body's parameters: a JSON object (values: text, numbers, lists, true or
    false) or a form."""
    if not body:
        return {}
    text = body.decode("utf-8", errors="strict")
    if content_type.startswith("application/json"):
        try:
            fields = json.loads(text)
        except ValueError as e:
            raise RequestError(f"the body is not JSON: {e}") from None
        if not isinstance(fields, dict):
            raise RequestError("the body is not a JSON object of parameters")
        return {k: [_text(x) for x in (v if isinstance(v, list) else [v])]
                for k, v in fields.items()}
    return parse_qs(text, keep_blank_values=True)


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _answer(reply) -> Response:
    """The command's document, or its one-line refusal."""
    if reply.crash is not None:
        return error(f"eureka failed on this request ({reply.crash}); please report it",
                     500)
    if reply.exit_code in (0, 1) and reply.stdout.strip():
        try:
            json.loads(reply.stdout)
        except ValueError:           # not a document: help asked for as a value, say
            return error("the command printed no JSON document for these parameters")
        return Response(reply.stdout, media_type="application/json")
    return error(_refusal(reply.stderr or reply.stdout))


def _refusal(text: str) -> str:
    """The one line a refused command wrote (its JSON error, or click's usage error)."""
    try:
        return json.loads(text)["error"]
    except (ValueError, KeyError, TypeError):
        lines = [line for line in text.splitlines() if line.strip()]
        return lines[-1].removeprefix("Error: ") if lines else "the command refused it"
