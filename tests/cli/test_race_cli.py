"""`eureka play pitagoras`: a whole race typed on standard input; a typo is a message,
an answer typed during eureka's shout is too late."""

import io
import json
import re

import eureka.race
from eureka.pitagoras import DECK
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import Race
from tests.cli.invoke import run
from tests.schema_check import assert_valid

ARGS = ("play", "pitagoras", "--against", "expert", "--seed", "11")


def _answers(wrong: str | None = None) -> tuple:
    """The best answer to every deal of the race seeded 11, each given at once (after
    the answer `wrong`, when given, to the first deal), and the final piles."""
    race, lines = Race("expert", seed=11, clock=lambda: 0.0), []
    if wrong:
        race.shout(wrong)
    while not race.over:
        lines.append(PITAGORAS.solve(race.table, race.target, best=True).best[0].text)
        race.shout(lines[-1])
    return lines, race.state()["piles"]


def test_a_whole_race_typed_on_standard_input_takes_every_card():
    answers, piles = _answers("1000+1")
    result = run(*ARGS, stdin="\n".join(["1000+1", *answers]) + "\n")
    assert result.exit_code == 0, result.output
    assert "you: 1000+1: wrong" in result.output and "eureka takes 1 hidden card" in result.output
    assert result.output.count("> you ") == len(answers)
    assert piles["eureka"] == 1
    assert f"Game over: you {piles['you']} cards, eureka 1 card: you win; seed 11." \
        in result.output
    left = result.output.splitlines()[-1]                 # every card of the deck told
    table, deck = re.fullmatch(r"Left over: (\d+) cards? on the table.*, (\d+) in the deck\.",
                               left).groups()
    assert piles["you"] + piles["eureka"] + int(table) + int(deck) == sum(DECK.values())


def test_with_json_every_line_is_the_races_state():
    answers, piles = _answers()
    result = run(*ARGS, "--json", stdin="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    states = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert states[-1]["over"] and states[-1]["winner"] == "you"
    assert states[-1]["piles"] == piles and piles["eureka"] == 0


def test_leaving_says_the_piles():
    result = run(*ARGS, stdin="1000+1\nquit\n")
    assert result.exit_code == 0 and "Stopped: you 0 cards, eureka 1 card." in result.output


def test_an_unknown_die_is_one_line():
    result = run("play", "pitagoras", "--die", "green")
    assert result.exit_code == 2 and "green" in result.output


def test_a_typo_is_a_message_and_the_race_goes_on():
    answers, piles = _answers()
    result = run(*ARGS, stdin="\n".join(["abc", "1+", *answers]) + "\n")
    assert result.exit_code == 0, result.output
    assert "abc: not an equation (unknown character 'a' at position 1): not judged" \
        in result.output
    assert "1+: not an equation (a number or '(' was expected at position 3)" \
        in result.output
    assert f"Game over: you {piles['you']} cards, eureka 0 cards: you win; seed 11." \
        in result.output


def test_with_json_a_typo_is_an_error_document_between_the_states():
    answers, _ = _answers()
    result = run(*ARGS, "--json", stdin="\n".join(["abc", *answers]) + "\n")
    assert result.exit_code == 0, result.output
    docs = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert docs[1]["schema"] == "eureka.error/1" and "not an equation" in docs[1]["error"]
    assert docs[0]["turns"] == [] and [t["player"] for t in docs[2]["turns"]] == ["you"]


class Clock:
    """The race's clock, set by the lines as they are typed."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Typist(io.RawIOBase):
    """Standard input typed at set times: (seconds, line) pairs, each line read once the
    clock stands at its time."""

    def __init__(self, clock, typed):
        self.clock, self.typed, self.pending = clock, list(typed), b""

    def readable(self):
        return True

    def readinto(self, buffer):
        if buffer and not self.pending and self.typed:     # read(0) only tests the type
            self.clock.now, line = self.typed.pop(0)
            self.pending = (line + "\n").encode()
        n = min(len(buffer), len(self.pending))
        buffer[:n], self.pending = self.pending[:n], self.pending[n:]
        return n


def test_an_answer_typed_during_eurekas_shout_is_too_late(monkeypatch):
    clock = Clock()

    class OnTheClock(Race):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, clock=clock, **kwargs)

    monkeypatch.setattr(eureka.race, "Race", OnTheClock)
    first = Race("expert", seed=11, clock=lambda: 0.0)
    answer = PITAGORAS.solve(first.table, first.target, best=True).best[0].text
    # Enter on nothing long after the deal: eureka's shout and the next deal are shown;
    # the first deal's answer 0.3 s later, then again once the next deal has been seen.
    typist = Typist(clock, [(100.0, ""), (100.3, answer), (100.3 + 1.2, answer)])
    result = run(*ARGS, stdin=typist)
    assert result.exit_code == 0, result.output
    shout = result.output.index("eureka: Eureka!")
    late = result.output.index(f"you: {answer}: too late, eureka took deal 1 first "
                               f"(not judged)")
    wrong = result.output.index(f"you: {answer}: wrong")
    assert shout < result.output.index("deal 2: cards") < late < wrong
    assert "Stopped: you 0 cards, eureka 6 cards." in result.output   # 5, and 1 hidden


class Meanwhile(io.RawIOBase):
    """Standard input whose lines come once `act()` has run (another player's move)."""

    def __init__(self, act, typed):
        self.act, self.typed, self.pending = act, list(typed), b""

    def readable(self):
        return True

    def readinto(self, buffer):
        if buffer and not self.pending and self.typed:
            self.act()
            self.pending = (self.typed.pop(0) + "\n").encode()
        n = min(len(buffer), len(self.pending))
        buffer[:n], self.pending = self.pending[:n], self.pending[n:]
        return n


def test_the_terminal_shows_the_race_as_kept_when_another_plays_it(monkeypatch, tmp_path):
    from eureka.store import Store

    class Stopped(Race):                            # eureka never shouts: its clock stands
        def __init__(self, *args, **kwargs):
            super().__init__(*args, clock=lambda: 0.0, **kwargs)

        @classmethod
        def restore(cls, doc, clock=None):
            return super().restore(doc, lambda: 0.0)

    monkeypatch.setattr(eureka.race, "Race", Stopped)
    db = tmp_path / "games.db"

    def elsewhere():                                # another process answers the deal
        other = Store(db)
        key = other.latest("pitagoras")
        race = other.game(key, "pitagoras")
        answer = PITAGORAS.solve(race.table, race.target, best=True).best[0].text
        other.change(key, lambda kept: kept.shout(answer), {"shout": answer}, "pitagoras")

    result = run(*ARGS, "--db", str(db), "--json", stdin=Meanwhile(elsewhere, [""]))
    assert result.exit_code == 0, result.output
    first, then = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    kept = Store(db).game(first["id"], "pitagoras").state()
    assert first["deal"] == 1 and then == {**kept, "id": first["id"]}
    assert then["deal"] == 2 and [t["player"] for t in then["turns"]] == ["you"]
