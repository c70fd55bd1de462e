"""The fixed, seeded puzzle sets every solver is timed on."""

import random
from dataclasses import dataclass, replace
from importlib import resources

from eureka import countdown, pitagoras
from eureka.arquimedes.cards import JOKER
from eureka.arquimedes.cards import deck as arquimedes_deck
from eureka.arquimedes.state import State as ArquimedesState
from eureka.arquimedes.state import Top
from eureka.mathable import record as records
from eureka.mathable.board import START
from eureka.mathable.position import Position
from eureka.mathable.ranking import best_turns
from eureka.mathable.tokens import FULL_RACK_BONUS, RACK_SIZE


@dataclass(frozen=True)
class Puzzle:
    """A numbers puzzle: the cards dealt and the target."""

    cards: tuple
    target: int


def countdown_puzzles(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Countdown puzzles, `n` of them from `seed`: six of the 24 tiles, a target from 100-999."""
    rng = random.Random(seed)
    tiles = list(countdown.NUMBERS.elements())
    return [Puzzle(tuple(rng.sample(tiles, countdown.HAND_SIZE)),
                   rng.choice(countdown.TARGETS)) for _ in range(n)]


def pitagoras_deals(n: int = 1000, seed: int = 2026, cards: int = 5) -> list[Puzzle]:
    """Pitagoras deals, `n` of them from `seed`: `cards` cards and the blue dice rolled.

    The cards are dealt from the 55-card deck (five, or more when extra cards are
    dealt); the target is the two blue dice rolled.
    """
    rng = random.Random(seed)
    deck = list(pitagoras.DECK.elements())
    return [Puzzle(tuple(rng.sample(deck, cards)),
                   rng.choice(pitagoras.ONES_DIE) + rng.choice(pitagoras.TENS_DICE["blue"]))
            for _ in range(n)]


def eight_card_deals(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Eight cards face up (three extra cards dealt): min(`n`, 10) deals from `seed`.

    At most ten deals, as they are slow.
    """
    return pitagoras_deals(min(n, 10), seed, cards=8)


@dataclass(frozen=True)
class MathablePosition:
    """A Mathable position: the tokens on the board, the mover's rack and its source."""

    grid: tuple                 # ((cell, value), ...), the printed four included
    rack: tuple
    source: str


def _real_games() -> dict:
    """The five CAVA 2024 games, as {name: [each turn's placements]}.

    Read from benchmarks/data/mathable (game records).
    """
    folder = resources.files("eureka.benchmarks").joinpath("data/mathable")
    return {f.name.removesuffix(".txt"): [play.placements
                                          for play in records.parse(f.read_text()).plays]
            for f in sorted(folder.iterdir(), key=lambda f: f.name)
            if f.name.endswith(".txt")}


def _with_rack(grid: dict, source: str, rng) -> MathablePosition:
    """The position with a rack drawn from the tokens it has not seen."""
    unseen = sorted(Position(dict(grid)).unseen().elements())
    return MathablePosition(tuple(sorted(grid.items())),
                            tuple(rng.sample(unseen, min(RACK_SIZE, len(unseen)))),
                            source)


def mathable_positions(n: int = 1000, seed: int = 2026) -> list[MathablePosition]:
    """Mid-game positions with a 7-token rack drawn from the unseen tokens, at most 200.

    Before every turn but the first of the five real games, then positions of seeded
    self-play (both players taking their best turn): min(`n`, 200) positions in all,
    the racks drawn with `seed`.
    """
    rng = random.Random(seed)
    out = []
    for game, turns in _real_games().items():
        grid = dict(START)
        for number, turn in enumerate(turns):
            if number:
                out.append(_with_rack(grid, f"{game} turn {number + 1}", rng))
            grid.update((p.cell, p.value) for p in turn)
    game = 0
    while len(out) < min(n, 200):
        game += 1
        grid = dict(START)
        for number in range(1, 60):
            if sum(Position(dict(grid)).unseen().values()) < 2 * RACK_SIZE:
                break
            pos = _with_rack(grid, f"self-play {game} turn {number}", rng)
            if number > 1:
                out.append(pos)
            turns = best_turns(grid, pos.rack, bonus=FULL_RACK_BONUS)
            grid.update((s.placement.cell, s.placement.value)
                        for s in (turns[0].placements if turns else ()))
    return out[:min(n, 200)]


def mathable_small_racks(n: int = 1000, seed: int = 2026) -> list[MathablePosition]:
    """The same positions with only the first four tokens of each rack.

    Small enough for the brute-force oracle, which tries every order of every
    placement. `n` and `seed` as for mathable_positions.
    """
    return [replace(p, rack=p.rack[:4]) for p in mathable_positions(n, seed)]


def mathable_hard_racks(n: int = 1000, seed: int = 2026) -> list[MathablePosition]:
    """The hardest racks found: 1–7 on a board of the real games, then 12 tokens on two boards.

    1–7 before turn 13 of train_3 (48 tokens placed), the worst of every real position;
    then the 12 tokens 1–10 1 2 on that board and on docs/examples/mathable_position.txt
    (the rulebook game's board, START and its two turns). `n` and `seed` are unused:
    the set is fixed.
    """
    busy = dict(START)
    for turn in _real_games()["train_3"][:12]:
        busy.update((p.cell, p.value) for p in turn)
    rulebook = dict(START)
    for play in records.parse(RULEBOOK_GAME).plays:
        rulebook.update((p.cell, p.value) for p in play.placements)
    twelve = (*range(1, 11), 1, 2)
    return [MathablePosition(tuple(sorted(busy.items())), tuple(range(1, 8)),
                             "train_3 turn 13, rack 1-7"),
            MathablePosition(tuple(sorted(busy.items())), twelve,
                             "train_3 turn 13, rack 1-10 1 2"),
            MathablePosition(tuple(sorted(rulebook.items())), twelve,
                             "docs/examples/mathable_position.txt, rack 1-10 1 2")]


RULEBOOK_GAME = """P1: I8=12 H6=8 G9=2 F7=1 J8=16
P2: F8=7 F9=6 H9=8 G6=4 E9=3 E8=21 E10=7
"""


def mathable_games(n: int = 1000, seed: int = 2026) -> list[int]:
    """Seeds of complete 2-player self-play games (optimal policy): min(`n`, 50), from `seed`."""
    return [seed * 1000 + i for i in range(min(n, 50))]


def arquimedes_states(n: int = 1000, seed: int = 2026) -> list:
    """Arquimedes states, `n` of them from `seed`: a hand of 5–10 cards and a top card.

    The top card is a freshly turned joker one time in five (the largest case: the
    player may give it any value), else the next card of the shuffled deck.
    """
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(arquimedes_deck().elements())
        rng.shuffle(cards)
        if rng.random() < 0.2:
            cards.remove(JOKER)
            top = Top(None, True)
        else:
            card = cards.pop()
            top = Top(rng.randint(1, 13), True) if card == JOKER else Top(card)
        out.append(ArquimedesState(top, tuple(sorted(cards[:rng.randint(5, 10)]))))
    return out


def arquimedes_batches(n: int = 1000, seed: int = 2026) -> list[int]:
    """Seeds of batches of ARQUIMEDES_BATCH complete 4-player games: min(`n`, 20), from `seed`."""
    return [seed * 1000 + i for i in range(min(n, 20))]


ARQUIMEDES_BATCH = 1000
