"""Kept games in the browser (headless Chromium): a game on the Play page resumed after a
reload and after its server was killed with SIGKILL and started again; the Your games
page's Resume, Review and Download, on a phone's width and a wide screen, checked by
axe-core."""

import json
import os
from pathlib import Path
from unittest.mock import ANY

import pytest

from eureka.store import Store
from tests.serve.test_store_api import START, Server, _a_move


@pytest.fixture
def page(chromium):
    """A page of a phone's width (390 px) in the module's browser."""
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def _open(page, address: str) -> dict:
    """The Play page at `address`, once it shows a game; that game's state."""
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("typeof game === 'object' && game !== null")
    return page.evaluate("game")


def test_a_game_resumes_after_a_reload_and_a_server_killed(page, tmp_path):
    db = tmp_path / "games.db"
    server = Server(db)
    try:
        page.goto(f"{server.address}/play")
        page.wait_for_selector("body[data-ready=true]")
        page.select_option("#level", START["against"])
        page.fill("#seed", str(START["seed"]))
        page.select_option("#first", START["first"])
        page.click("#new")
        page.wait_for_function("typeof game === 'object' && game !== null")
        state = page.evaluate("game")
        moved = page.evaluate("(move) => eurekaPost(`/api/play/mathable/${game.id}`, move)",
                              _a_move(state))
        page.reload()                               # the page remembers its game
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_function(f"game && game.turns.length === {len(moved['turns'])}")
        assert page.evaluate("game") == moved
    finally:
        server.kill()
    again = Server(db, server.port)                 # the same address, started again
    try:
        assert _open(page, f"{again.address}/play") == moved     # no ?game=: remembered
        assert _open(page, f"{again.address}/play?game={moved['id']}") == moved
    finally:
        again.kill()


def test_your_games_resume_review_and_download(page, tmp_path, screenshot, axe):
    from eureka.cli.serve.play import Games, Mathable, Races
    from eureka.pitagoras import GAME as PITAGORAS

    db = tmp_path / "games.db"
    races = Games(Races(), Store(db), "pitagoras")
    race = races.start({"against": "casual", "seed": 4})
    while not race["over"]:
        answer = PITAGORAS.solve(race["cards"], race["target"], best=True).best[0].text
        race = races.move(race["id"], {"shout": answer})
    games = Games(Mathable(), Store(db), "mathable")
    over = games.start(START)
    while not over["over"]:
        over = games.move(over["id"], _a_move(over))
    unfinished = games.start({**START, "seed": 22})
    running = races.start({"against": "beginner", "seed": 5})
    server = Server(db)
    try:
        page.goto(f"{server.address}/games")
        page.wait_for_selector("body[data-ready=true]")
        assert page.locator("#rows tr").count() == 4
        assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways
        axe(page)
        assert page.locator(f"#game-{race['id']} a").count() == 0     # no review of a race
        with page.expect_download() as download:
            page.click(f"#game-{race['id']} button.download")
        assert json.loads(Path(download.value.path()).read_text()) == {**race,
                                                                     "elapsed": ANY}
        done, open_ = f"#game-{over['id']}", f"#game-{unfinished['id']}"
        assert "unfinished" in page.text_content(open_)
        assert "eureka" in page.text_content(done) and "unfinished" not in page.text_content(done)
        assert page.get_attribute(f"{done} a.review", "href") == f"/review?game={over['id']}"
        with page.expect_download() as download:
            page.click(f"{done} button.download")
        saved = tmp_path / "record.txt"
        download.value.save_as(saved)
        assert saved.read_text() == over["record"]
        box = page.locator(f"{open_} a.resume").bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40        # a finger's target
        page.click(f"{open_} a.resume")
        page.wait_for_url(f"**/play?game={unfinished['id']}")
        page.wait_for_function("typeof game === 'object' && game !== null")
        assert page.evaluate("game.id") == unfinished["id"]
        page.go_back()
        page.wait_for_selector("body[data-ready=true]")
        page.click(f"#game-{running['id']} a.resume")
        page.wait_for_url(f"**/race?game={running['id']}")
        page.wait_for_function("typeof race === 'object' && race !== null")
        assert page.evaluate("race.id") == running["id"]
        page.set_viewport_size({"width": 1000, "height": 460})
        page.goto(f"{server.address}/games")
        page.wait_for_selector("body[data-ready=true]")
        if os.environ.get("EUREKA_SCREENSHOTS"):         # for the docs: once warmed up
            page.wait_for_selector("#warming", state="detached", timeout=300_000)
        screenshot(page, "serve-games.png")
        axe(page)
    finally:
        server.kill()

