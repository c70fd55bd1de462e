"""The review page in Chromium: a self-play record reviewed, stepped with the keys to the
turns that lost points (the focus on the radio buttons too), the best turn drawn on its
board and what was lost said; a turn with draws and why; the best turn by equity; the
chance-to-win graph; axe-core's check; the page at 390 px; a kept game unknown."""

from eureka.mathable.record import parse
from eureka.mathable.review import review
from tests.paths import EXAMPLES

RECORD = (EXAMPLES / "mathable_review.txt").read_text(encoding="utf-8")


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
                                                                         screenshot, axe):
    expected = review(parse(RECORD)).turns
    costly = [t for t in expected if t.lost_points]
    _open(page, address)
    _at(page, 1)
    page.focus("input[name=by][value=score]")          # the page's keys work there too
    first = costly[0]
    for _ in range(first.replayed.number - 1):
        page.keyboard.press("ArrowRight")
    _at(page, first.replayed.number)
    assert page.is_checked("input[name=by][value=score]")
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
    # A turn whose best by equity is another turn: the radios' own keys choose it.
    other = next(t for t in expected if t.by_score and t.by_equity
                 and t.by_score.turn.placements != t.by_equity.turn.placements)
    page.click(f"#step-{other.replayed.number}")
    _at(page, other.replayed.number)
    page.focus("input[name=by][value=score]")
    for key, by in (("ArrowDown", "equity"), ("ArrowUp", "score")):
        page.keyboard.press(key)
        assert page.is_checked(f"input[name=by][value={by}]")
        assert page.text_content("#best-caption").startswith(f"Best by {by}: ")
        assert _marked(page, "board-best", "review-best") == sorted(
            s.placement.text() for s in getattr(other, f"by_{by}").turn.placements)
    assert page.eval_on_selector_all("#graph polyline.curve", "l => l.length") == 2
    assert "%" in page.text_content("#graph-now")
    page.click("#step-1")
    _at(page, 1)
    page.keyboard.press("End")
    _at(page, len(expected))
    page.click(f"#step-{drawn.replayed.number}")
    _at(page, drawn.replayed.number)
    screenshot(page, "review-mathable.png")
    axe(page)


def test_the_review_fits_a_phone(chromium, address):
    phone = chromium.new_page(viewport={"width": 390, "height": 844})
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
