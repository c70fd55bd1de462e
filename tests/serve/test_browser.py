"""The pages in a real browser: headless Chromium (the system's, /usr/bin/chromium)
driven by Playwright against `eureka serve` on a free loopback port (conftest.py's
fixtures)."""

from pathlib import Path


def place(page, cell: str, value) -> None:
    """Click a cell, type the value over what is there (None: delete it), Enter."""
    page.click(f"#cell-{cell}")
    if value is None:
        page.keyboard.press("Backspace")
    else:
        page.keyboard.type(str(value))
    page.keyboard.press("Enter")


def test_a_position_entered_by_clicks_gets_its_best_turn_on_the_board(page, address,
                                                                       screenshot):
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
    screenshot(page, "serve-mathable.png")


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
