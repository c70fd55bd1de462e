"""The Pitagoras race: its API (every answer names its deal; a typo is refused, nothing
changed) and its page in Chromium (a typo is a message; an answer sent just after
eureka's shout is too late, the piles unchanged; the end screen agrees with the piles)."""

from eureka.pitagoras import GAME as PITAGORAS
from tests.schema_check import assert_valid

JSON_POST = {"content-type": "application/json"}


def _post(client, path, body, status=200):
    answer = client.post(path, json=body, headers=JSON_POST)
    assert answer.status_code == status, answer.text
    return assert_valid(answer.json())


def _best(state) -> str:
    """The best answer to the deal of `state`."""
    return PITAGORAS.solve(state["cards"], state["target"], best=True).best[0].text


def test_an_answer_names_its_deal_and_a_typo_changes_nothing(client):
    state = _post(client, "/api/play/pitagoras", {"against": "beginner", "seed": 4})
    path = f"/api/play/pitagoras/{state['id']}"
    assert state["deal"] == 1 and state["reaction"] > 0
    typo = _post(client, path, {"shout": "abc", "deal": 1}, 400)
    assert typo["error"].startswith("not an equation (unknown character 'a' at position 1)")
    assert client.get(path).json()["turns"] == []
    answer = _best(state)
    taken = _post(client, path, {"shout": answer, "deal": 1})
    assert taken["deal"] == 2 and taken["turns"][-1]["right"]
    again = _post(client, path, {"shout": answer, "deal": 1})
    assert again["turns"][-1] == {"player": "you", "deal": 1, "equation": answer,
                                  "late": True, "taken_by": "you"}
    assert {k: again[k] for k in ("deal", "cards", "deck", "piles")} == \
        {k: taken[k] for k in ("deal", "cards", "deck", "piles")}
    for body in ({"shout": "1+2", "deal": 3}, {"shout": "1+2", "deal": "1"},
                 {"deal": 1}, {"shout": "1+2", "deal": 1, "hint": True}):
        _post(client, path, body, 400)
    assert client.get(path).json()["turns"] == again["turns"]


def _new_race(page, address, seed: int) -> None:
    page.goto(f"{address}/race")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#level", "expert")
    page.fill("#seed", str(seed))
    page.click("#new")
    page.wait_for_function("race !== null && race.deal === 1 && race.turns.length === 0")


def test_a_typo_a_late_answer_and_a_whole_race_on_the_page(page, address):
    _new_race(page, address, 11)
    page.wait_for_function("parseFloat(document.querySelector('#clock').textContent) > 0.3")
    page.fill("#answer", "abc")
    page.keyboard.press("Enter")
    page.wait_for_selector("#error")
    assert "not an equation" in page.text_content("#error")
    page.fill("#answer", "1000+1")
    page.keyboard.press("Enter")
    page.wait_for_function("race.turns.length === 1")
    assert "wrong" in page.text_content("#error")
    first = page.evaluate("race")
    page.fill("#answer", _best(first))                # typed while deal 1 is on the page
    page.wait_for_function("race.deal === 2", timeout=60_000)   # eureka's shout
    taken = page.evaluate("race")
    page.wait_for_timeout(300)
    page.keyboard.press("Enter")                      # sent 0.3 s after the shout
    page.wait_for_selector("#late")
    assert "too late, eureka took deal 1 first" in page.text_content("#late")
    late = page.evaluate("race")
    assert late["turns"][-1]["late"] and late["turns"][-1]["deal"] == 1
    assert late["piles"] == taken["piles"] and late["cards"] == taken["cards"]
    # An answer begun within the reaction time after eureka's shout answers its deal.
    assert page.evaluate("seenAt = performance.now() - 300; dealNow()") == 1
    assert page.evaluate("seenAt = performance.now() - 1500; dealNow()") == 2
    while not (state := page.evaluate("race"))["over"]:
        page.fill("#answer", _best(state))
        page.click("#shout")
        page.wait_for_function(f"race.turns.length > {len(state['turns'])}")
    piles, final = state["piles"], page.text_content("#final")
    words = f"you {piles['you']} cards, eureka {piles['eureka']} cards"
    assert f"Game over: {words}: " in final and f"seed {state['seed']}" in final
    assert f"Game over · {words} · deck {state['deck']}" == page.text_content("#piles")
    assert ("you win" in final) == (state["winner"] == "you")


def test_the_race_page_shows_a_seed_of_128_bits_exactly(page, address):
    seed = 2**128 - 1                                     # past JavaScript's exact integers
    _new_race(page, address, seed)
    assert page.text_content("#started") == f"Seed {seed}."
    assert page.evaluate("String(race.seed)") == str(seed)
