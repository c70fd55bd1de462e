"""The review page in Chromium: a self-play record reviewed, stepped with the keys to the
turns that lost points, the best turn drawn on its board and what was lost said; a turn
with draws and why; the chance-to-win graph; the page at 390 px; a kept game unknown."""

import os

from eureka.mathable.record import parse
from eureka.mathable.review import review
from tests.paths import EXAMPLES
from tests.serve import test_browser

address, page = test_browser.address, test_browser.page          # the browser's fixtures
RECORD = (EXAMPLES / "mathable_review.txt").read_text(encoding="utf-8")
SHOT = test_browser.SCREENSHOT.with_name("review-mathable.png")


def _open(page, address, record=RECORD) -> None:
    """The review page with `record` reviewed, at its first turn."""
    page.goto(f"{address}/review")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#text", record)
    page.click("#review")
    page.wait_for_selector("#now-turn")


def _at(page, number: int) -> None:
    """Waits until the page shows turn `number`."""
    page.wait_for_function(
        f"document.querySelector('#now-turn').textContent.startsWith('Turn {number} of')")


def _marked(page, board: str, kind: str) -> list:
    """The placements drawn on `board` with the class `kind`, as I8=12 texts."""
    cells = page.eval_on_selector_all(f"#{board} td.{kind}",
                                      "cells => cells.map(c => [c.id, c.textContent])")
    return sorted(f"{cell.split('-', 1)[1]}={value}" for cell, value in cells)


def test_the_keys_step_to_a_costly_turn_with_its_best_turn_on_the_board(page, address,
                                                                         tmp_path):
    expected = review(parse(RECORD)).turns
    costly = [t for t in expected if t.lost_points]
    _open(page, address)
    _at(page, 1)
    first = costly[0]
    for _ in range(first.replayed.number - 1):
        page.keyboard.press("ArrowRight")
    _at(page, first.replayed.number)
    assert _marked(page, "board-best", "review-best") == sorted(
        s.placement.text() for s in first.by_score.turn.placements)
    assert _marked(page, "board-played", "review-played") == sorted(
        s.placement.text() for s in first.judged.turn.placements)
    assert f"Lost {first.lost_points} points" in page.text_content("#now-lost")
    square = first.by_score.turn.placements[0].placement.text().split("=")[0]
    assert "the best turn by score" in page.get_attribute(f"#best-{square}", "aria-label")
    assert page.get_attribute(f"#step-{first.replayed.number}", "aria-current") == "step"
    # Shift+→ hops to the next turns that lost points, up to one judged in part.
    drawn = next(t for t in costly if t.unjudged)
    for t in costly[1:costly.index(drawn) + 1]:
        page.keyboard.press("Shift+ArrowRight")
        _at(page, t.replayed.number)
    assert page.text_content("#now-why") == drawn.why
    assert len(_marked(page, "board-played", "review-unjudged")) == drawn.unjudged
    assert page.eval_on_selector_all("#graph polyline.curve", "l => l.length") == 2
    assert "%" in page.text_content("#graph-now")
    page.click("#step-1")
    _at(page, 1)
    shot = SHOT if os.environ.get("EUREKA_SCREENSHOTS") else tmp_path / "review.png"
    page.keyboard.press("End")
    _at(page, len(expected))
    page.click(f"#step-{drawn.replayed.number}")
    _at(page, drawn.replayed.number)
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


def test_the_review_fits_a_phone(page, address):
    phone = page.context.browser.new_page(viewport={"width": 390, "height": 844})
    try:
        phone.set_default_timeout(60_000)
        _open(phone, address)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        right = phone.evaluate(
            "document.querySelector('#board-best').getBoundingClientRect().right")
        assert right <= 390
    finally:
        phone.close()


def test_a_game_not_kept_is_one_line(page, address):
    page.goto(f"{address}/review?game=no-such-game")
    page.wait_for_selector("#message.error")
    assert page.text_content("#message").strip()
    assert page.is_hidden("#walk")
