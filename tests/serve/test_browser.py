"""The pages in a real browser: headless Chromium (the system's, /usr/bin/chromium)
driven by Playwright against `eureka serve` on a free loopback port."""

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from eureka.mathable.options import LEVELS

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no Chromium: .ci/run installs Debian's chromium", allow_module_level=True)

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "serve-mathable.png"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def address(workers):
    import uvicorn

    from eureka.cli.serve.app import application
    from eureka.cli.serve.guard import hosts

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(application(workers, hosts("127.0.0.1", port)),
                                           host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def page(address):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(60_000)
        yield page
        browser.close()


def place(page, cell: str, value) -> None:
    """Click a cell, type the value over what is there (None: delete it), Enter."""
    page.click(f"#cell-{cell}")
    if value is None:
        page.keyboard.press("Backspace")
    else:
        page.keyboard.type(str(value))
    page.keyboard.press("Enter")


def test_a_position_entered_by_clicks_gets_its_best_turn_on_the_board(page, address,
                                                                       tmp_path):
    page.goto(f"{address}/mathable")
    page.wait_for_selector("body[data-ready=true]")
    place(page, "I8", 12)
    place(page, "H6", 8)
    assert page.text_content("#cell-I8") == "12" and page.text_content("#cell-H6") == "8"
    place(page, "H6", 9)
    assert page.text_content("#cell-H6") == "9"
    place(page, "H6", None)                                # an empty value takes it away
    assert page.text_content("#cell-H6") != "8"
    page.fill("#rack", "1 8 2 12 16 42 17")
    page.click("#best")
    page.wait_for_selector("#turn-0")
    turn = page.text_content("#turn-0 strong")
    new = page.eval_on_selector_all("td.new", "cells => cells.map(c => [c.id, c.textContent])")
    assert new, "the best turn is drawn on the board"
    for cell_id, value in new:                        # each new token is in the turn text
        assert f"{cell_id.removeprefix('cell-')}={value}" in turn
    assert page.text_content("#cell-I8") == "12"      # the token entered stays
    shot = SCREENSHOT if os.environ.get("EUREKA_SCREENSHOTS") else tmp_path / "page.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


def test_a_claimed_turn_and_top_turns(page, address):
    page.goto(f"{address}/mathable")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#rack", "1 8 2 12 16 42 17")
    page.fill("#claim", "I8=13")
    page.click("#check")
    page.wait_for_selector("#verdict")
    assert "holds none" in page.text_content("#verdict")
    page.fill("#top", "3")
    page.click("#topk")
    page.wait_for_selector("#turn-2")
    page.click("#turn-1")
    second = page.text_content("#turn-1 strong")
    new = page.eval_on_selector_all("td.new", "cells => cells.map(c => c.id)")
    assert new and all(c.removeprefix("cell-") + "=" in second for c in new)


def test_a_game_record_steps_move_by_move(page, address):
    record = (Path(__file__).resolve().parents[2] / "docs" / "examples" /
              "mathable_review.txt").read_text()
    page.goto(f"{address}/mathable")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#text", record)
    page.click("#load-record")
    page.wait_for_selector("#record-at")
    page.click("#forward")
    page.wait_for_function("document.querySelector('#record-at').textContent.startsWith('Turn 1')")
    assert "Best by score" in page.text_content("#record")
    played = page.eval_on_selector_all("td.played", "cells => cells.length")
    assert played > 0


def test_a_bad_entry_shows_one_line(page, address):
    page.goto(f"{address}/mathable")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#rack", "1 2 999")
    page.click("#best")
    page.wait_for_selector("#error")
    assert "999" in page.text_content("#error")


def test_the_numbers_page_answers_simplest_first_and_hints_level_by_level(page, address):
    page.goto(f"{address}/numbers")
    page.select_option("#game", "game24")
    page.fill("#cards", "3 3 8 8")
    page.fill("#target", "24")
    page.click("#solve")
    page.wait_for_selector("#answers li")
    assert page.text_content("#answers li").replace(" ", "").startswith("8÷(3−8÷3)")
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    assert page.text_content("#hint-text") == "Hint 1: It can be done."
    page.click("#hint")
    page.wait_for_function(
        "document.querySelector('#hint-text').textContent.startsWith('Hint 2')")


PLAY_SHOT = SCREENSHOT.with_name("play-mathable.png")


def _click_turn(page, state) -> None:
    """One move of a person at the Play page, by clicks: a legal placement (a token, then
    a square), else an exchange of tokens, else a pass; an open turn ended."""
    from eureka.mathable.board import parse_cell
    from eureka.mathable.singles import single_placements

    if state["turn_open"]:
        page.click("#end")
        return
    grid = {parse_cell(cell): value for cell, value in state["cells"].items()}
    options = single_placements(grid, state["rack"])
    if options:
        placement = options[0].placement
        page.click(f"#rack-{state['rack'].index(placement.value)}")
        page.click(f"#cell-{placement.text().split('=')[0]}")
        page.click("#play")
    elif state["bag"]:
        page.click("#exchange")
        for i in range(min(len(state["rack"]), state["bag"])):
            page.click(f"#rack-{i}")
        page.click("#exchange")
    else:
        page.click("#pass")


def _new_game(page, address, level: str = "beginner") -> None:
    """A new game at the Play page against the `level`, seed 5, you first."""
    page.goto(f"{address}/play")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#level", level)
    page.fill("#seed", "5")
    page.select_option("#first", "you")
    page.click("#new")
    page.wait_for_function("typeof game === 'object' && game !== null")


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_against_every_level_by_clicks(page, address, tmp_path, level):
    _new_game(page, address, level)
    assert page.text_content("#status").startswith("you 0 · eureka 0")
    page.click("#hint")
    page.wait_for_selector("td.hint")
    moves = 0
    while True:
        state = page.evaluate("game")
        assert state["to_move"] in ("you", None) and ("record" in state) == state["over"]
        if state["over"]:
            break
        if moves == 3 and level == "beginner":
            shot = PLAY_SHOT if os.environ.get("EUREKA_SCREENSHOTS") else tmp_path / "p.png"
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shot), full_page=True)
        _click_turn(page, state)
        page.wait_for_function(f"game.turns.length > {len(state['turns'])} || "
                               f"game.turn_open !== {str(state['turn_open']).lower()} || "
                               f"game.over")
        moves += 1
    page.wait_for_selector("#final")
    final = state["final"]
    assert f"you {final['you']}, eureka {final['eureka']}" in page.text_content("#final")
    page.wait_for_selector("#review li")
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "game.txt"
    download.value.save_as(saved)
    assert saved.read_text() == state["record"]


def test_a_move_the_rules_refuse_shows_why_at_the_play_page(page, address):
    _new_game(page, address)
    page.click("#rack-0")
    page.click("#cell-A1")                   # a corner: no equation there
    page.click("#play")
    page.wait_for_selector("#error")
    assert "placement 1" in page.text_content("#error")
    assert page.evaluate("game.turns.length") == 0
