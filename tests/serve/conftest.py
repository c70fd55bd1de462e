"""The server under test: one pool of worker processes for the session's requests, a
client that calls it as the server's own page does (Host 127.0.0.1:8765), the server on a
loopback port for a real browser (headless Chromium by Playwright), screenshots for the
docs and the accessibility check by axe-core (from npm, into a cache folder)."""

import fcntl
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


def app_for(pool, port: int = PORT):
    """The app answering for 127.0.0.1:`port`, its verbs run by `pool`."""
    from eureka.cli.serve.app import application
    from eureka.cli.serve.guard import hosts

    return application(pool, hosts("127.0.0.1", port))


def pool_of(count: int, seconds: float, games=None):
    """Workers for `games` (default: every game)."""
    from eureka.cli.serve.workers import Workers
    from eureka.games import GAMES

    return Workers(count, seconds, tuple(games or GAMES))


def ready(pool):
    """`pool` once every game's kernels are compiled and loaded by its workers (on a
    fresh checkout: minutes; the tests' requests then never wait for them)."""
    while pool.warming():
        time.sleep(0.1)
    return pool


@pytest.fixture(scope="session")
def workers():
    pool = ready(pool_of(1, 120.0))
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def client(workers):
    from starlette.testclient import TestClient

    with TestClient(app_for(workers), base_url=BASE) as client:
        yield client


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
AXE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "eureka-tests" / "axe"


@pytest.fixture(scope="module")
def address(workers):
    """`eureka serve`'s app on a free loopback port, in a thread: its address."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app_for(workers, port), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def chromium():
    """Headless Chromium (the system's, /usr/bin/chromium) driven by Playwright."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no Chromium: .ci/run installs Debian's chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def page(chromium, address):
    """A page 1280 px wide in the module's browser (the server at `address`)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(60_000)
    yield page
    page.close()


@pytest.fixture
def screenshot(tmp_path):
    """shot(page, name): a screenshot of the whole page, into docs/images when
    EUREKA_SCREENSHOTS is set (else a temporary folder)."""
    def shot(page, name: str) -> Path:
        path = IMAGES / name if os.environ.get("EUREKA_SCREENSHOTS") else tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        return path

    return shot


@pytest.fixture(scope="session")
def axe_script():
    """The path of axe.min.js: axe-core 4 installed by npm into a cache folder, once."""
    script = AXE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("no npm to install axe-core with: .ci/run installs it")
        AXE.mkdir(parents=True, exist_ok=True)
        with open(AXE / "lock", "w") as lock:               # one install at a time
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.exists():
                subprocess.run([npm, "install", "--prefix", str(AXE), "--no-audit", "--no-fund",
                                "--loglevel=error", "axe-core@4"], check=True, timeout=600)
    return script


@pytest.fixture(scope="session")
def axe(axe_script):
    """check(page): no serious or critical finding of axe-core on the page, light or dark."""
    def check(page) -> None:
        if not page.evaluate("typeof axe === 'object'"):
            page.add_script_tag(path=str(axe_script))
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found = page.evaluate("axe.run(document).then(r => r.violations"
                                  ".filter(v => ['serious', 'critical'].includes(v.impact))"
                                  ".map(v => [v.id, v.nodes.map(n => n.target.join(' '))]))")
            assert found == [], (scheme, found)
        page.emulate_media(color_scheme="light")

    return check
