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

    race = Race("casual", seed=7)
    race.state()            # the cards, the target, the piles, the time since the deal
    race.shout("20+11+1")   # your answer, timed now
    race.poll()             # the bot shouts once its time has come

What the bot will answer, and when, stays hidden until it shouts.
"""

import math
import random
import secrets
import time

from eureka.errors import EurekaError
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
PLAYERS = ("you", "eureka")


class RaceError(EurekaError):
    """A shout the race refuses: the game is over."""


class Race:
    """A game of Pitagoras between you and the bot; see the module's docstring."""

    def __init__(self, against: str = "casual", seed: int | None = None,
                 die: str = "blue", clock=time.monotonic):
        """A new game against the bot of level `against` (a key of LEVELS), dealt.

        `seed` shuffles the deck and rolls the dice (None: a random seed, which the state
        shows only once the game is over: it would tell the deck's order);
        `die` is the two-digit die (blue, red or black); `clock` tells the time in
        seconds. Raises RaceError for an unknown level, HandError for an unknown die.
        """
        if against not in LEVELS:
            raise RaceError(f"unknown level {against!r}: choose from {', '.join(LEVELS)}")
        self.against, self.dice, self.clock = against, Dice(die), clock
        self.seed = secrets.randbelow(2**31) if seed is None else int(seed)
        self.chosen = seed is not None          # the seed is yours to know
        self.rng = random.Random(self.seed)
        self.deck = [v for v, n in sorted(DECK.items()) for _ in range(n)]
        self.rng.shuffle(self.deck)
        self.table: list = []
        self.piles = {name: [] for name in PLAYERS}
        self.turns: list = []
        self.last_right = None
        self.over = False
        self._deal()

    def bot_seconds(self, rating: float | None) -> float:
        """The bot's time for a deal rated `rating` (None: unrated), drawn now."""
        typical = UNRATED if rating is None else seconds(rating)
        return typical * LEVELS[self.against] * math.exp(self.rng.gauss(0.0, SPREAD))

    def shout(self, equation: str) -> dict:
        """Your answer `equation` to the deal on the table, timed now; the turn it made.

        Too late when the bot has shouted first (the turn says so). A right answer takes
        the cards it uses and deals again; a wrong one gives the bot a hidden card. Raises
        RaceError when the game is over.
        """
        if self.poll() is not None:
            return self.turns[-1]
        if self.over:
            raise RaceError("the game is over")
        elapsed = round(self.clock() - self.shown_at, 2)
        check = PITAGORAS.check(equation, self.table, self.target, compare=False)
        if check.valid:
            return self._take(PLAYERS[0], check.claim, list(check.cards_used), elapsed)
        hidden = [self.deck.pop()] if self.deck else []
        self.piles[PLAYERS[1]] += hidden
        turn = {"player": PLAYERS[0], "equation": equation, "right": False,
                "why": check.reason, "seconds": elapsed, "penalty": len(hidden)}
        self.turns.append(turn)
        return turn

    def poll(self) -> dict | None:
        """The bot's shout, when its time has come and the deal is still open; else None."""
        if self.over or self.clock() < self.due:
            return None
        return self._take(PLAYERS[1], self.answer, list(self.answer_cards),
                          round(self.due - self.shown_at, 2))

    def state(self) -> dict:
        """What you may see, as JSON (the schema is eureka.pitagoras.race/1)."""
        out = {"schema": "eureka.pitagoras.race/1", "game": "pitagoras",
               "against": self.against,
               "seed": self.seed if self.chosen or self.over else None, "die": self.dice.die,
               "over": self.over, "cards": list(self.table), "dice": list(self.faces),
               "target": self.target, "deck": len(self.deck),
               "elapsed": round(self.clock() - self.shown_at, 2),
               "piles": {name: len(pile) for name, pile in self.piles.items()},
               "turns": list(self.turns)}
        if self.over:
            counts = out["piles"]
            out["winner"] = (max(counts, key=counts.get) if counts["you"] != counts["eureka"]
                             else self.last_right)
        return out

    def _take(self, player: str, equation: str, cards: list, elapsed: float) -> dict:
        """`player` takes `cards` with the right `equation`, after `elapsed` seconds."""
        for card in cards:
            self.table.remove(card)
        self.piles[player] += cards
        self.last_right = player
        turn = {"player": player, "equation": equation, "right": True, "cards": cards,
                "seconds": elapsed, "rating": self.rating}
        self.turns.append(turn)
        self._deal()
        return turn

    def _deal(self) -> None:
        """Refills the table to five and rolls until the table has an answer.

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
                self.shown_at = self.clock()
                self.due = self.shown_at + self.bot_seconds(self.rating)
                return
            if self.deck:
                self.table.append(self.deck.pop())
        self.over = True

