"""A Pitagoras race against eureka: the first right "Eureka!" takes the cards.

Five cards lie face up and the dice are rolled (the blue one-digit die and a two-digit
die: blue, red or black); you and the bot race to make the total from the cards. The
bot shouts after the time its level takes for this deal: a person's predicted time for
the deal's difficulty rating (numbers.difficulty.seconds, fitted on people's times at
the 24 game), times its level's factor (LEVELS: a beginner is slower than the median
person, an expert faster), times a seeded spread; it then takes the cards of the best
answer (the most cards). A right answer before it takes the cards you used; a wrong one
gives the bot a hidden card from the deck, and the race for that deal goes on. With no
answer on the table, a card is added and the dice rolled again (the deck empty: the dice
alone). The game ends when the deck cannot refill the table to five cards; the most
cards wins, a tie going to the last right answer (the rulebook).

Every deal has a number (1 the first), and an answer answers one deal: an answer to a
deal already taken is too late, neither judged nor penalised. Text that is not an
equation, or longer than MOST_ANSWER characters, is refused with the reason, as a typo:
nothing changes; so is any answer once the game is over. A race's memory is bounded:
answers that change nothing (too late, or wrong with the deck out) are kept up to
MOST_IDLE of them, then only counted.

    race = Race("casual", seed=7)
    race.state()            # the cards, the target, the deal, the piles, the clock
    race.shout("20+11+1")   # your answer, timed now
    race.shout("20+11+1", deal=3)   # your answer to deal 3 (too late if it was taken)
    race.poll()             # the bot shouts once its time has come
    Race.restore(race.snapshot())   # the same race, every hidden thing included

What the bot will answer, and when, stays hidden until it shouts.
"""

import math
import random
import time

from eureka.deck import seed_of
from eureka.errors import ClaimSyntaxError, EurekaError
from eureka.numbers.claim.verifier import parse
from eureka.numbers.difficulty import seconds
from eureka.pitagoras import DECK, FACE_UP, ONES_DIE, TENS_DICE, Dice
from eureka.pitagoras import GAME as PITAGORAS

LEVELS = {"beginner": 1.5, "casual": 1.0, "strong": 0.6, "expert": 0.35}
"""The bot's levels, slowest first: its time as a share of a person's predicted time."""
SPREAD = 0.25
"""The spread of the bot's times about its level's: the standard deviation of ln(time)."""
UNRATED = 30.0
"""The predicted seconds of a deal the rating cannot rate (it walks at most six cards)."""
MOST_ROLLS = 50
"""Rolls of the dice on a table with no answer, once the deck is out, before the game
ends."""
REACTION = 1.0
"""Seconds after the bot takes a deal during which an answer that names no deal still
answers the deal it took: the answer was typed before the next deal could be seen."""
MOST_ANSWER = 100
"""The longest answer a race judges, in characters (five cards make one of some tens):
a longer one is refused as a typo."""
MOST_IDLE = 100
"""The answers that change nothing (too late, or wrong with the deck out) a race keeps
in its turns; past them such answers are only counted (the state's "unkept"), so a race
holds at most a turn a card besides them."""
PLAYERS = ("you", "eureka")
VERSION = 1
"""The version of a race's snapshot (Race.snapshot)."""


class RaceError(EurekaError):
    """A shout or snapshot the race refuses, nothing changed.

    Text that is not an equation, a deal not dealt, the game over, a snapshot it cannot
    read.
    """


class Race:
    """A game of Pitagoras between you and the bot; see the module's docstring."""

    def __init__(self, against: str = "casual", seed: int | None = None,
                 die: str = "blue", clock=time.monotonic):
        """A new game against the bot of level `against` (a key of LEVELS), dealt.

        `seed` shuffles the deck and rolls the dice (a whole number below deck.SEEDS;
        None: a random seed, which the state shows only once the game is over: it would
        tell the deck's order); `die` is the two-digit die (blue, red or black); `clock`
        tells the time in seconds. Raises RaceError for an unknown level, HandError for
        an unknown die, EurekaError for a seed refused.
        """
        if against not in LEVELS:
            raise RaceError(f"unknown level {against!r}: choose from {', '.join(LEVELS)}")
        self.against, self.dice, self.clock = against, Dice(die), clock
        self.seed = seed_of(seed)
        self.chosen = seed is not None          # the seed is yours to know
        self.rng = random.Random(self.seed)
        self.deck = [v for v, n in sorted(DECK.items()) for _ in range(n)]
        self.rng.shuffle(self.deck)
        self.table: list = []
        self.piles = {name: [] for name in PLAYERS}
        self.turns: list = []
        self.last_right = None
        self.over = False
        self.deal = 0
        self.unkept = 0
        self._deal()

    def bot_seconds(self, rating: float | None) -> float:
        """The bot's time for a deal rated `rating` (None: unrated), drawn now."""
        typical = UNRATED if rating is None else seconds(rating)
        return typical * LEVELS[self.against] * math.exp(self.rng.gauss(0.0, SPREAD))

    def shout(self, equation: str, deal: int | None = None) -> dict:
        """Your answer `equation` to the deal numbered `deal`, timed now; the turn it made.

        `deal` None: the deal on the table, or the one the bot took less than REACTION
        seconds ago. An answer to a deal already taken is too late (a turn saying so,
        nothing else changes). Otherwise a right answer takes the cards it uses and deals
        again; a wrong one gives the bot a hidden card. A turn that changes nothing is
        kept while fewer than MOST_IDLE are, else counted. Raises RaceError, nothing
        changed, for a game over, a deal not dealt, or text that is not an equation or
        is longer than MOST_ANSWER characters.
        """
        if self.over:
            raise RaceError("the game is over: it takes no more answers")
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int)
                                 or not 1 <= deal <= self.deal):
            raise RaceError(f"no deal {deal!r}: the deals so far are 1 to {self.deal}")
        if len(equation) > MOST_ANSWER:
            raise RaceError(f"an answer is at most {MOST_ANSWER} characters: not judged, "
                            f"type it again")
        try:
            parse(equation)
        except ClaimSyntaxError as error:
            raise RaceError(f"not an equation ({error}): not judged, type it again") \
                from None
        self.poll()
        answered = self._answered() if deal is None else deal
        if answered < self.deal or self.over:
            return self._late(equation, answered)
        elapsed = round(self.clock() - self.shown_at, 2)
        check = PITAGORAS.check(equation, self.table, self.target, compare=False)
        if check.valid:
            return self._take(PLAYERS[0], check.claim, list(check.cards_used), elapsed)
        hidden = [self.deck.pop()] if self.deck else []
        self.piles[PLAYERS[1]] += hidden
        return self._turn({"player": PLAYERS[0], "deal": self.deal, "equation": equation,
                           "right": False, "why": check.reason, "seconds": elapsed,
                           "penalty": len(hidden)})

    def poll(self) -> dict | None:
        """The bot's shout, when its time has come and the deal is still open; else None."""
        if self.over or self.seconds_left() > 0:
            return None
        return self._take(PLAYERS[1], self.answer, list(self.answer_cards),
                          round(self.bot_time, 2))

    def seconds_left(self) -> float:
        """The seconds until the bot shouts, unless you answer first; 0 once it may.

        Hidden from the state: a terminal waits on it. 0 once the game is over.
        """
        if self.over:
            return 0.0
        return max(0.0, self.bot_time - (self.clock() - self.shown_at))

    def state(self) -> dict:
        """What you may see, as JSON (the schema is eureka.pitagoras.race/1)."""
        out = {"schema": "eureka.pitagoras.race/1", "game": "pitagoras",
               "against": self.against,
               "seed": self.seed if self.chosen or self.over else None, "die": self.dice.die,
               "over": self.over, "deal": self.deal, "reaction": REACTION,
               "cards": list(self.table), "dice": list(self.faces), "target": self.target,
               "deck": len(self.deck), "elapsed": round(self.clock() - self.shown_at, 2),
               "piles": {name: len(pile) for name, pile in self.piles.items()},
               "turns": list(self.turns), "unkept": self.unkept}
        if self.over:
            counts = out["piles"]
            out["winner"] = (max(counts, key=counts.get) if counts["you"] != counts["eureka"]
                             else self.last_right)
        return out

    def snapshot(self) -> dict:
        """The race as its last change left it, as JSON, every hidden thing included.

        The deck's order, the hidden cards, the generator and the bot's answer and time
        for the open deal; the open deal's clock stands at the time of the last change
        (a deal, a shout), so a snapshot changes only when the race does. Race.restore
        reads it.
        """
        version, internal, gauss = self.rng.getstate()
        return {"version": VERSION, "game": "pitagoras", "against": self.against,
                "die": self.dice.die, "seed": self.seed, "chosen": self.chosen,
                "rng": [version, list(internal), gauss], "deck": list(self.deck),
                "table": list(self.table),
                "piles": {name: list(pile) for name, pile in self.piles.items()},
                "turns": list(self.turns), "unkept": self.unkept,
                "last_right": self.last_right,
                "over": self.over, "deal": self.deal, "faces": list(self.faces),
                "target": self.target, "answer": self.answer,
                "answer_cards": list(self.answer_cards), "rating": self.rating,
                "elapsed": self.stood, "bot_seconds": self.bot_time}

    @classmethod
    def restore(cls, doc: dict, clock=time.monotonic) -> "Race":
        """The race of the snapshot `doc` (Race.snapshot), where it stood.

        The open deal's clock resumes from the seconds the snapshot holds, by `clock`.
        Raises RaceError for a snapshot of another version or game.
        """
        if doc.get("version") != VERSION or doc.get("game") != "pitagoras":
            raise RaceError(f"not a race's snapshot of version {VERSION}")
        race = cls.__new__(cls)
        race.against, race.dice, race.clock = doc["against"], Dice(doc["die"]), clock
        race.seed, race.chosen = doc["seed"], doc["chosen"]
        version, internal, gauss = doc["rng"]
        race.rng = random.Random()
        race.rng.setstate((version, tuple(internal), gauss))
        race.deck, race.table = list(doc["deck"]), list(doc["table"])
        race.piles = {name: list(doc["piles"][name]) for name in PLAYERS}
        race.turns, race.unkept = list(doc["turns"]), doc.get("unkept", 0)
        race.last_right, race.over, race.deal = doc["last_right"], doc["over"], doc["deal"]
        race.faces, race.target = tuple(doc["faces"]), doc["target"]
        race.answer, race.answer_cards = doc["answer"], tuple(doc["answer_cards"])
        race.rating = doc["rating"]
        race.stood, race.bot_time = doc["elapsed"], doc["bot_seconds"]
        race.shown_at = clock() - race.stood
        return race

    def _answered(self) -> int:
        """The deal an answer naming none answers.

        The one on the table, or the one the bot took less than REACTION seconds ago
        (the game over: the last one).
        """
        just_taken = (self.last_right == PLAYERS[1] and self.deal > 1
                      and self.clock() - self.shown_at < REACTION)
        return self.deal - 1 if just_taken and not self.over else self.deal

    def _late(self, equation: str, deal: int) -> dict:
        """Your `equation` to `deal`, taken already: too late, not judged."""
        taker = next(t["player"] for t in reversed(self.turns)
                     if t["deal"] == deal and t.get("right"))
        return self._turn({"player": PLAYERS[0], "deal": deal, "equation": equation,
                           "late": True, "taken_by": taker})

    def _turn(self, turn: dict) -> dict:
        """`turn`, recorded as the race's last change: kept, or counted (_idle)."""
        if _idle(turn) and sum(map(_idle, self.turns)) >= MOST_IDLE:
            self.unkept += 1
        else:
            self.turns.append(turn)
        self.stood = self.clock() - self.shown_at
        return turn

    def _take(self, player: str, equation: str, cards: list, elapsed: float) -> dict:
        """`player` takes `cards` with the right `equation`, after `elapsed` seconds."""
        for card in cards:
            self.table.remove(card)
        self.piles[player] += cards
        self.last_right = player
        turn = self._turn({"player": player, "deal": self.deal, "equation": equation,
                           "right": True, "cards": cards, "seconds": elapsed,
                           "rating": self.rating})
        self._deal()
        return turn

    def _deal(self) -> None:
        """Deals the next deal, shown now: refills the table and rolls until it has an answer.

        The game ends when the deck cannot refill the table, or no roll has an answer
        after MOST_ROLLS with the deck out.
        """
        if len(self.deck) < FACE_UP - len(self.table):
            self.over = True
            return
        while len(self.table) < FACE_UP:
            self.table.append(self.deck.pop())
        for _ in range(MOST_ROLLS):
            self.faces = (self.rng.choice(ONES_DIE), self.rng.choice(TENS_DICE[self.dice.die]))
            self.target = sum(self.faces)
            found = PITAGORAS.solve(self.table, self.target, best=True)
            if found.reachable and found.best:
                best = found.best[0]
                self.answer, self.answer_cards = best.text, best.cards
                self.rating = found.difficulty.rating if found.difficulty else None
                self.deal += 1
                self.shown_at, self.stood = self.clock(), 0.0
                self.bot_time = self.bot_seconds(self.rating)
                return
            if self.deck:
                self.table.append(self.deck.pop())
        self.over = True


def _idle(turn: dict) -> bool:
    """Whether `turn` changed nothing: an answer too late, or wrong with no card to give."""
    return turn.get("late", False) or turn.get("penalty") == 0
