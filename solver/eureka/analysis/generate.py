"""Puzzles on demand: deals of a game, kept when they have the properties asked for.

The deals are of the game's own deck and target; each is solved by the engine and its
answer re-checked by the independent checker before it is given.

Deal k of a run is drawn with its own generator, seeded by the run's seed and k, so a
seeded run gives the same puzzles whether the deals are judged in one process or many.

    >>> from eureka.analysis.generate import Wanted, generate
    >>> [p.target for p in generate("game24", 3, seed=1, wanted=Wanted(rated=False))]
    [24, 24, 24]
"""

import gc
import random
from collections import deque
from dataclasses import dataclass, replace
from itertools import count, islice
from typing import Any, ClassVar

from eureka.contract import Result, json_of
from eureka.errors import EurekaError
from eureka.numbers.solve import collector_paused

GAMES = ("pitagoras", "countdown", "game24", "arithmetikus")
BLOCK, RATED_BLOCK = 64, 4
"""Deals judged by one worker task (fewer when each kept puzzle is rated)."""
RAREST = 2_000
"""A run gives up once its deals hold fewer puzzles than one per RAREST deals, plus one:
a property that none of the first RAREST deals has is refused then, as too rare (among
the rarest that are not, Pitagoras' --unique --difficulty easy: one deal in about 330)."""


class NotFound(EurekaError):
    """The deals tried held fewer puzzles with the properties asked for than wanted."""


@dataclass(frozen=True)
class Wanted:
    """The properties asked of a puzzle.

    A `difficulty` level, exactly one distinct answer (`unique`), an answer with at
    least `min_cards` cards, no answer at all (`unsolvable`); `rated`: rate every puzzle
    kept (the rating is the costly part of a puzzle, docs/BENCHMARKS.md).
    """

    difficulty: str | None = None
    unique: bool = False
    min_cards: int | None = None
    unsolvable: bool = False
    rated: bool = True

    def check(self, name: str, hand_size: int) -> None:
        """Raises EurekaError for properties that cannot go together, or that no deal has.

        `name` is the game and `hand_size` the cards of its deal.
        """
        if self.unsolvable and (self.unique or self.min_cards or self.difficulty):
            raise EurekaError("--unsolvable puzzles have no answer: not with --unique, "
                              "--min-cards or --difficulty")
        if self.min_cards is not None and not 1 <= self.min_cards <= hand_size:
            raise EurekaError(f"--min-cards {self.min_cards}: a {name} deal has "
                              f"{hand_size} cards")
        if self.difficulty is not None and name == "arithmetikus":
            raise EurekaError("Arithmetikus puzzles are not rated (docs/DIFFICULTY.md): "
                              "no --difficulty")

    def answered(self, puzzle) -> bool:
        """Whether the answers of `puzzle` have the properties (all but the difficulty)."""
        if self.unsolvable or puzzle.answers == 0:
            return self.unsolvable and puzzle.answers == 0
        return ((not self.unique or puzzle.answers == 1) and
                (self.min_cards is None or puzzle.most_cards >= self.min_cards))

    def rates(self) -> bool:
        """Whether each puzzle kept is rated: asked for, or needed for its difficulty."""
        return self.rated or self.difficulty is not None

    def leveled(self, difficulty) -> bool:
        """Whether the rating `difficulty` (None: not rated) has the level asked for."""
        return self.difficulty is None or (difficulty is not None and
                                           difficulty.level == self.difficulty)


@dataclass(frozen=True)
class Puzzle(Result):
    """A generated puzzle, one line of `eureka generate`.

    The cards in the order dealt, the target, how many distinct answers it has (as the
    game counts them: with the most cards, with every card in the 24 game, with any
    cards in Countdown), the cards of the best, one answer (the simplest, re-checked),
    its rating (None: not rated, or no answer) and which deal of the run it is (from 0).
    """

    schema: ClassVar[str] = "eureka.generate.line/1"
    game: str
    cards: tuple
    target: int
    answers: int
    most_cards: int
    answer: Any = None
    difficulty: Any = None
    deal: int = 0

    def json_fields(self) -> dict:
        """The line's fields: the answer in ASCII, the rating as JSON."""
        return {"game": self.game, "cards": list(self.cards), "target": self.target,
                "answers": self.answers, "most_cards": self.most_cards,
                "answer": self.answer.ascii if self.answer is not None else None,
                "difficulty": json_of(self.difficulty), "deal": self.deal}


def generate(name: str, number: int, seed: int, wanted: Wanted = Wanted(),
             options: dict | None = None, workers: int = 1):
    """Puzzles of the game `name` with the properties `wanted`, in deal order, as made.

    `number` puzzles are given; `seed` seeds the run; `options` are the game's own
    (pitagoras: pow, easy, die; countdown: large); `workers` processes judge the deals
    (1: this process alone).

    Raises EurekaError for an unknown game or properties that cannot go together, and
    NotFound as soon as the deals tried exceed RAREST per puzzle found, plus one.
    """
    maker = Maker(name, options or {}, wanted)
    wanted.check(name, maker.hand_size)
    size = RATED_BLOCK if wanted.rates() else BLOCK
    found = 0
    for judged in _in_order(((first, size, maker, seed) for first in count(0, size)),
                            workers):
        for puzzle in judged:
            if puzzle is not None:
                yield puzzle
                found += 1
                if found == number:
                    return
        tried = judged.first + size
        if tried > RAREST * (found + 1):
            raise NotFound(f"only {found} of {number} puzzles with these properties in "
                           f"{tried:,} deals: too rare to generate (fewer than one in "
                           f"{RAREST:,} deals)")


def _in_order(blocks, workers: int):
    """Each block's judged deals, in block order.

    The first is judged in this process (a run that it ends starts no process), the
    others in this process too, or in `workers` processes with a few blocks queued each
    (those left when the caller stops are cancelled).
    """
    yield _judge_block(*next(blocks))
    if workers <= 1:
        yield from (_judge_block(*b) for b in blocks)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers)
    try:
        waiting = deque(pool.submit(_judge_block, *b) for b in islice(blocks, 2 * workers))
        while True:
            judged = waiting.popleft().result()
            waiting.append(pool.submit(_judge_block, *next(blocks)))
            yield judged
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _Judged(list):
    """A block's deals, judged: a Puzzle where kept, else None; `first`: its first deal."""

    def __init__(self, first: int, items):
        super().__init__(items)
        self.first = first


def _judge_block(first: int, size: int, maker, seed: int) -> _Judged:
    """The block's deals judged with the cyclic collector paused.

    A deal's forms are acyclic, freed as they go. The few cycles the block made (the
    closures that read and render shared parts) are collected after it: they would pile
    up in a process that runs with the collector off, as the command line's does.
    """
    with collector_paused():
        judged = _Judged(first, [maker.kept(k, random.Random(f"{seed}/{k}"))
                                 for k in range(first, first + size)])
    gc.collect(0)
    return judged


class Maker:
    """One game's side of generation: its deal, its solve, its answers counted, its rating.

    The answer is re-checked too. `name`, `options` and `wanted` are as for generate();
    an unknown game raises EurekaError.
    """

    def __init__(self, name: str, options: dict, wanted: Wanted):
        if name not in GAMES:
            raise EurekaError(f"no puzzles of {name!r}: the games are {', '.join(GAMES)}")
        self.name, self.options, self.wanted = name, options, wanted
        if name == "pitagoras":
            from eureka import pitagoras
            self.game, self.hand_size = pitagoras.variant(**options), pitagoras.FACE_UP
        elif name == "countdown":
            from eureka import countdown
            self.game, self.hand_size = countdown.GAME, countdown.HAND_SIZE
        elif name == "game24":
            from eureka import game24
            self.game, self.hand_size = game24.GAME, game24.HAND_SIZE
        else:
            from eureka.arithmetikus import GAME, hands
            self.game, self.hand_size = GAME, hands.HAND_SIZE

    def deal(self, rng) -> tuple:
        """A deal of the game, (cards, target), drawn with `rng` (a random.Random)."""
        if self.name == "pitagoras":
            from eureka.pitagoras import deal
            return deal(self.game, rng)
        if self.name == "countdown":
            from eureka.countdown import deal
            return deal(rng, self.options.get("large"))
        if self.name == "game24":
            from eureka.game24 import deal
            return deal(rng)
        from eureka.arithmetikus.hands import deal
        return deal(rng)

    def kept(self, k: int, rng) -> Puzzle | None:
        """Deal `k` of the run as a Puzzle when it has the properties wanted, else None.

        The deal is drawn with `rng`, solved, filtered, and only then rated.
        """
        cards, target = self.deal(rng)
        puzzle = self.puzzle(cards, target, k)
        if not self.wanted.answered(puzzle):
            return None
        if not (self.wanted.rates() and puzzle.answers and self.name != "arithmetikus"):
            return puzzle
        rating = self.game.difficulty(cards, target, puzzle.most_cards)
        return replace(puzzle, difficulty=rating) if self.wanted.leveled(rating) else None

    def puzzle(self, cards, target: int, k: int) -> Puzzle:
        """The deal of `cards` and `target` solved, its simplest answer re-checked.

        The independent checker re-checks it; `k` is which deal of the run it is.
        Raises AssertionError when the checker refuses the engine's answer.
        """
        if self.name == "arithmetikus":
            solved = self.game.solve(target, cards)
            answer = solved.simplest
            most = len(answer.cards) if answer else 0
            answers = sum(len(c.cards) == most for c in solved.combinations)
            if answer is not None:
                self._recheck(self.game.check(answer.ascii, target, cards).verdict, cards,
                              target, answer)
            return Puzzle(self.name, tuple(cards), target, answers, most, answer, None, k)
        solved = self.game.solve(cards, target, closest=0, trees=False, limit=0)
        if not solved.solvable:
            return Puzzle(self.name, tuple(cards), target, 0, 0, None, None, k)
        answers = (solved.distinct_equations if self.game.any_answer else
                   len(solved.solution.groups[0]))
        answer = solved.simplest
        self._recheck(self.game.check(answer.ascii, cards, target, compare=False).verdict,
                      cards, target, answer)
        return Puzzle(self.name, tuple(cards), target, answers, solved.most_cards, answer,
                      None, k)

    def _recheck(self, verdict, cards, target, answer) -> None:
        if not verdict.valid:
            raise AssertionError(f"the engine's answer {answer.ascii} for {cards} -> "
                                 f"{target} fails the checker: {verdict.reason}")
