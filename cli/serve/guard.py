"""Only this machine's pages may use the server: the checks every request passes first.

A web page of another site, open in the user's browser, can send requests to
127.0.0.1; the browser then names that site in `Origin` (and `Sec-Fetch-Site:
cross-site`), or, through DNS rebinding, names the other site's host in `Host`. Such
requests are refused before anything is read or run: a Host that is not the server's own
address (421), an Origin that is not the server's own page, or an API request that the
browser says comes from another site (403). POST takes JSON only (415), which a
cross-site form cannot send and a cross-site script cannot send unasked.
"""

import ipaddress
import json
import socket

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def hosts(host: str, port: int) -> frozenset:
    """The Host headers that name this server, listening on `host` and `port`.

    They are its address and port; on a loopback address also `localhost` and the other
    loopback names; on every address (0.0.0.0, ::) also this machine's name and addresses.
    On port 80 each name is also allowed without the port. Returns them in lower case.
    """
    every = host in ("0.0.0.0", "::", "")
    names = set() if every else {host if ":" not in host else f"[{host}]"}
    if is_loopback(host) or every:
        names.update(LOOPBACK_NAMES)
    if every:
        names.update(this_machine())
    return frozenset(f"{name}:{port}".lower() for name in names) | (
        frozenset(n.lower() for n in names) if port == 80 else frozenset())


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only (127.0.0.1, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def this_machine() -> set:
    """The name and IPv4 addresses of this machine, as other machines may reach it."""
    name = socket.gethostname()
    found = {name}
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(name, None)
                     if info[0] == socket.AF_INET)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))       # sends nothing: picks the route's address
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return found


class Guard:
    """ASGI middleware: refuses what does not come from this server's own pages.

    `app` answers the requests that pass; `allowed` are the Host headers that name the
    server (hosts()), and its pages' origins are http:// and one of them.
    """

    def __init__(self, app, allowed: frozenset):
        self.app = app
        self.allowed = allowed
        self.origins = frozenset(f"http://{h}" for h in allowed)

    async def __call__(self, scope, receive, send):
        """Answers an ASGI call: a request to refuse gets its status and one error line.

        The refusal is an `eureka.error/1` document, and the connection is closed; any
        other call goes on to the app.
        """
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is None:
            return await self.app(scope, receive, send)
        status, message = refusal
        body = json.dumps({"schema": "eureka.error/1", "error": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope, headers: dict):
        """(status, message) for a request to refuse, None for one to answer.

        `scope` is the request's ASGI scope and `headers` its headers, names in lower case.
        """
        host = headers.get("host", "").lower()
        if host not in self.allowed:
            return 421, (f"this server answers for {', '.join(sorted(self.allowed))}, "
                         f"not for the host {host[:100]!r}")
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, f"requests from the page of {origin[:100]!r} are refused"
        api = scope["path"].startswith("/api/")
        if api and headers.get("sec-fetch-site", "same-origin") not in ("same-origin",
                                                                        "none"):
            return 403, "requests from another site's page are refused"
        if scope["method"] == "POST" and (headers.get("content-type", "").split(";")[0]
                                          .strip().lower() != "application/json"):
            return 415, "a POST takes a JSON object (Content-Type: application/json)"
        return None
