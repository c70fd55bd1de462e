"""The Play page in headless Chromium: whole games on a phone and a wide screen, by
clicks and by keys alone, three seats, friends at one screen, a game resumed, and an
accessibility check by axe-core (from npm, into a cache folder; .ci/run installs npm)."""

import json

import pytest

from eureka.mathable.board import SQUARES, parse_cell
from eureka.mathable.options import LEVELS
from eureka.mathable.singles import single_placements

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(chromium, address):
    """A page of a phone's width (390 px), touch on, in the module's browser."""
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(60_000)
    yield phone
    context.close()


def _open_setup(page) -> None:
    """Opens the new game's form (a details box, closed while a game is on)."""
    if not page.evaluate("document.querySelector('#setup').open"):
        page.click("#setup summary")


def _new_game(page, address, levels=("beginner",), first="you", seed=5,
              names=()) -> dict:
    """A new game at the Play page by its form: `names` at the screen (none: you alone),
    then a bot per level of `levels`; its first state."""
    page.goto(f"{address}/play")
    page.wait_for_selector("body[data-ready=true]")
    _open_setup(page)
    page.select_option("#people", str(max(1, len(names))))
    for k, name in enumerate(names):
        page.fill(f"#name-{k + 1}", name)
    for select, level in zip(("#level", "#level2", "#level3"), [*levels, "", ""]):
        page.select_option(select, level)
    page.fill("#seed", str(seed))
    page.select_option("#first", first)
    page.click("#new")
    page.wait_for_function("game !== null && !document.querySelector('#setup').open")
    return page.evaluate("game")


def _single(state):
    """A legal single placement for the holder shown, on a restriction square if any, or
    None: (rack index, cell)."""
    grid = {parse_cell(cell): value for cell, value in state["cells"].items()}
    options = single_placements(grid, state["rack"])
    options = [o for o in options if SQUARES[o.placement.cell].op] or options
    if not options:
        return None
    cell, value = options[0].placement.text().split("=")
    return state["rack"].index(int(value)), cell


def _asked(page, state) -> bool:
    """Whether the draw question is open; it names the full-holder bonus when the turn
    can still earn it (the state's turn_bonus)."""
    asked = page.evaluate("document.querySelector('#draw-ask').open")
    if asked:
        why = page.text_content("#draw-why")
        assert (f"bonus ({state['turn_bonus']} points)" in why) == (state["turn_bonus"] > 0)
    return asked


def _click_turn(page, state, take: bool) -> None:
    """One move by clicks (taps): a placement (the draw question answered `take`), else an
    exchange, else a pass; an open turn ended."""
    if state["turn_open"]:
        page.click("#end")
        return
    single = _single(state)
    if single:
        page.click(f"#rack-{single[0]}")
        page.click(f"#cell-{single[1]}")
        if _asked(page, state):
            page.click("#draw-yes" if take else "#draw-no")
            if take:
                return
        page.click("#play")
    elif state["can_exchange"]:
        page.click("#exchange")
        for i in range(min(len(state["rack"]), state["bag"])):
            page.click(f"#rack-{i}")
        page.click("#exchange")
    else:
        assert state["can_pass"] and not page.is_disabled("#pass")
        page.click("#pass")


def _key_turn(page, state, take: bool) -> None:
    """One move by the keyboard alone, as _click_turn plays it."""
    keys = page.keyboard
    if state["turn_open"]:
        keys.press("e")
        return
    single = _single(state)
    if single:
        keys.press(str(single[0] + 1))
        _walk(page, single[1])
        keys.press("Enter")
        if _asked(page, state):
            keys.press("y" if take else "n")
            if take:
                return
        keys.press("p")
    elif state["can_exchange"]:
        keys.press("x")
        for i in range(min(len(state["rack"]), state["bag"])):
            keys.press(str(i + 1))
        keys.press("x")
    else:
        keys.press("s")


def _walk(page, cell: str) -> None:
    """Moves the focus on the board to `cell` with the arrow keys (B brings it there)."""
    page.keyboard.press("b")
    at = page.evaluate("document.activeElement.id").removeprefix("cell-")
    (row, col), (to_row, to_col) = parse_cell(at), parse_cell(cell)
    for _ in range(abs(to_row - row)):
        page.keyboard.press("ArrowDown" if to_row > row else "ArrowUp")
    for _ in range(abs(to_col - col)):
        page.keyboard.press("ArrowRight" if to_col > col else "ArrowLeft")
    assert page.evaluate("document.activeElement.id") == f"cell-{cell}"


def _play_out(page, turn, check=None) -> dict:
    """Plays the game on the page to its end by `turn`; the last state. The first draw
    question is answered yes (the drawn token comes at once, the turn stays open), the
    others no; `check(page, moves)` is called before each move."""
    moves, taken = 0, False
    while True:
        state = page.evaluate("game")
        assert ("record" in state) == state["over"] and page.text_content("#problem") == ""
        if state["over"]:
            assert taken, "a draw was taken on a restriction square"
            return state
        assert state["to_move"] == state["viewer"] and state["seats"][0]["name"] == state["viewer"]
        if check:
            check(page, moves)
        asked = not taken and _single(state) is not None and not state["turn_open"]
        turn(page, state, asked)
        page.wait_for_function(f"game.moves > {state['moves']}")
        after = page.evaluate("game")
        if asked and after["turn_open"]:
            taken = True                                     # a yes to the draw question
            assert len(after["rack"]) == len(state["rack"]) and len(after["drawn"]) == 1
            assert "drew" in page.text_content("#message")
        last = after["turns"][-1] if len(after["turns"]) > len(state["turns"]) else {}
        if last.get("placements") and last["player"] != after["viewer"]:   # told to all
            assert f"{last['player']}: {last['placements']}" in page.text_content("#message")
        moves += 1


def _assert_the_end(page, state) -> None:
    """The status, the players' table and the result line agree on the final scores."""
    page.wait_for_selector("#final")
    final = state["final"]
    scores = ", ".join(f"{seat['name']} {final[seat['name']]}" for seat in state["seats"])
    assert scores in page.text_content("#status") and scores in page.text_content("#final")
    for seat in state["seats"]:
        left = state["left"][seat["name"]]
        assert final[seat["name"]] == seat["score"] - sum(left)
        row = page.text_content(f"#seat-{seat['name']}")
        assert row.endswith(str(final[seat["name"]])) and " ".join(map(str, left)) in row
        if left:
            assert f"−{sum(left)}" in page.text_content("#final")


def _no_sideways_scroll(page, moves) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_whole_game_on_a_phone(phone, address, screenshot):
    _new_game(phone, address)
    width = PHONE["width"]
    board = phone.eval_on_selector("#board", "b => b.getBoundingClientRect().width")
    assert width * 0.9 < board <= width                     # the board fills the width
    targets = phone.eval_on_selector_all(
        ".rack-token, .controls button, #new",
        "bs => bs.filter(b => b.offsetParent).map(b => [b.id, b.getBoundingClientRect().width,"
        " b.getBoundingClientRect().height])")
    assert len(targets) > 10 and all(w >= 40 and h >= 40 for _, w, h in targets), targets
    assert phone.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
    _open_setup(phone)
    phone.select_option("#people", "4")                    # the form at its widest
    _no_sideways_scroll(phone, 0)
    assert phone.is_disabled("#new")                       # 4 people and a bot: 5 seats
    phone.select_option("#people", "1")
    assert not phone.is_disabled("#new")
    phone.click("#setup summary")

    def look(page, moves):
        _no_sideways_scroll(page, moves)
        if moves == 4:
            screenshot(page, "play-phone.png")

    state = _play_out(phone, _click_turn, look)
    _no_sideways_scroll(phone, 0)
    _assert_the_end(phone, state)


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_against_every_level_by_clicks(page, address, tmp_path, screenshot,
                                                    level):
    state = _new_game(page, address, (level,))
    assert page.text_content("#seat-you") == "you07 tokens"
    assert page.text_content("#seat-eureka") == f"eureka ({level})07 tokens"
    page.click("#hint")
    page.wait_for_selector("td.hint")
    hint = page.evaluate("game.hint")
    for placement, take in zip(hint["placements"].split(), hint["draw"]):
        cell, value = placement.split("=")
        assert page.get_attribute(f"#cell-{cell}", "aria-label").endswith(f"hint {value}")
        if SQUARES[parse_cell(cell)].op:
            assert f"{placement} ({'draw' if take else 'no draw'})" in page.text_content("#message")
    page.click("#play-hint")                          # played as given: the points it said
    page.wait_for_function(f"game.moves > {state['moves'] + 1}")
    if page.evaluate("game.turn_open"):
        page.click("#end")
        page.wait_for_function("!game.turn_open")
    assert page.evaluate("game.turns.find(t => t.player === 'you').points") == hint["points"]

    def look(page, moves):
        if moves == 3 and level == "beginner":
            screenshot(page, "play-mathable.png")

    state = _play_out(page, _click_turn, look)
    _assert_the_end(page, state)
    page.wait_for_selector("#review li")
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == f"mathable-{state['seed']}.txt"
    saved = tmp_path / "game.txt"
    download.value.save_as(saved)
    assert saved.read_text() == state["record"]


def test_a_whole_game_by_keys_alone(page, address):
    page.goto(f"{address}/play")
    page.wait_for_selector("body[data-ready=true]")
    page.evaluate("localStorage.clear()")                  # no game kept: the form is open
    page.goto(f"{address}/play")
    page.wait_for_selector("body[data-ready=true]")
    keys = page.keyboard
    _tab_to(page, "seed")
    keys.type("8")
    _tab_to(page, "first")
    keys.press("y")                                    # "you": the select's typeahead
    assert page.evaluate("document.querySelector('#first').value") == "you"
    _tab_to(page, "new")
    keys.press("Enter")
    page.wait_for_function("game !== null")
    keys.press("Tab")                                  # from the button onwards: the board
    _tab_to(page, "cell-G7")
    keys.press("h")                                    # a hint, drawn on the board
    page.wait_for_selector("td.hint")
    state = _play_out(page, _key_turn)
    _assert_the_end(page, state)


def _tab_to(page, target: str) -> None:
    """Presses Tab until the element `target` (an id) has the focus."""
    for _ in range(80):
        if page.evaluate("document.activeElement.id") == target:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches #{target}")


def test_three_seats_against_two_bots_to_the_end_and_axe(page, address, axe):
    state = _new_game(page, address, ("beginner", "casual"))
    assert [s["name"] for s in state["seats"]] == ["you", "eureka1", "eureka2"]
    assert [page.text_content(f"#seat-{s}") for s in ("eureka1", "eureka2")] == [
        f"eureka1 (beginner){state['scores']['eureka1']}{state['seats'][1]['holder']} tokens",
        f"eureka2 (casual){state['scores']['eureka2']}{state['seats'][2]['holder']} tokens"]
    unseen = page.text_content("#unseen")
    assert unseen.startswith(f"Unseen: {len(state['unseen'])} tokens")

    def check(page, moves):
        if moves == 2:
            axe(page)
        now = page.evaluate("game")
        for seat in now["seats"]:
            assert page.text_content(f"#seat-{seat['name']}").endswith(
                f"{seat['score']}{seat['holder']} tokens")
        assert page.is_disabled("#pass") != now["can_pass"]
        assert page.is_disabled("#exchange") != now["can_exchange"]

    state = _play_out(page, _click_turn, check)
    assert {t["player"] for t in state["turns"]} == {"you", "eureka1", "eureka2"}
    _assert_the_end(page, state)
    axe(page)


def test_friends_at_one_screen_each_holder_hidden_until_ready_and_resumed(page, address):
    state = _new_game(page, address, (), first="Ann", names=("Ann", "Bo"))
    assert page.is_visible("#cover") and not page.is_visible("#rack")
    assert "Ann, ready?" in page.text_content("#cover")
    assert "Unseen" not in page.inner_text("body")
    page.click("#ready")
    assert page.text_content("#rack") == "".join(map(str, state["rack"]))
    _click_turn(page, state, False)
    page.wait_for_function("game.to_move === 'Bo'")
    assert "Bo, ready?" in page.text_content("#cover") and not page.is_visible("#rack")
    bo = page.evaluate("game")
    page.reload()                                          # the game is kept: resumed
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("game.id") == bo["id"] and not page.is_visible("#rack")
    page.click("#ready")
    assert page.text_content("#rack") == "".join(map(str, bo["rack"]))
    page.goto(f"{address}/play?game={bo['id']}")          # the game's address
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("game.moves") == bo["moves"] and page.is_visible("#cover")


def test_a_move_the_rules_refuse_shows_why_at_the_play_page(page, address):
    _new_game(page, address)
    page.click("#rack-0")
    page.click("#cell-A1")                   # a corner: no equation there
    page.click("#play")
    page.wait_for_selector("#error")
    assert "placement 1" in page.text_content("#error")
    assert page.get_attribute("#problem", "role") == "alert"
    assert page.evaluate("game.turns.length") == 0
    page.goto(f"{address}/play?game=no-such-game")
    page.wait_for_selector("#error")
    assert "no-such-game" in page.text_content("#error")
    page.fill("#seed", "12x")                             # the form is open: no game
    page.click("#new")
    page.wait_for_function("document.querySelector('#error')?.textContent.includes('seed')")
    assert page.evaluate("game") is None
    big = 2**63 - 1                                       # past JavaScript's exact integers
    _new_game(page, address, seed=big)
    sent = page.evaluate("fetch(`/api/play/mathable/${game.id}`).then(r => r.text())")
    assert json.loads(sent)["seed"] == big and f"Seed {big}." in page.text_content("#message")

