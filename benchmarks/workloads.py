"""The fixed, seeded puzzle sets every solver is timed on."""

import random
from collections import Counter
from dataclasses import dataclass, replace
from importlib import resources

from solver import countdown, pitagoras
from solver.mathable.board import START, parse_cell
from solver.mathable.search import best_turns
from solver.mathable.tokens import FULL_RACK_BONUS, RACK_SIZE, token_set


@dataclass(frozen=True)
class Puzzle:
    cards: tuple
    target: int


def countdown_puzzles(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Six tiles drawn from the 24 Countdown tiles, a target drawn from 100-999."""
    rng = random.Random(seed)
    tiles = list(countdown.NUMBERS.elements())
    return [Puzzle(tuple(rng.sample(tiles, countdown.HAND_SIZE)),
                   rng.choice(countdown.TARGETS)) for _ in range(n)]


def pitagoras_deals(n: int = 1000, seed: int = 2026, cards: int = 5) -> list[Puzzle]:
    """Cards dealt from the 55-card deck (five, or more when extra cards are dealt),
    the two blue dice rolled."""
    rng = random.Random(seed)
    deck = list(pitagoras.DECK.elements())
    return [Puzzle(tuple(rng.sample(deck, cards)),
                   rng.choice(pitagoras.ONES_DIE) + rng.choice(pitagoras.TENS_DICE["blue"]))
            for _ in range(n)]


def eight_card_deals(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Eight cards face up (three extra cards dealt): at most ten deals, they are slow."""
    return pitagoras_deals(min(n, 10), seed, cards=8)


@dataclass(frozen=True)
class MathablePosition:
    grid: tuple                 # ((cell, value), ...), the printed four included
    rack: tuple
    source: str

    def unseen(self) -> list:
        placed = Counter(v for c, v in self.grid if c not in START)
        return sorted((token_set(126) - placed).elements())


def _real_games() -> dict:
    """The CAVA 2024 games, as {game: [turn placements]}, from benchmarks/data."""
    text = resources.files("benchmarks").joinpath("data/mathable_games.txt").read_text()
    games: dict = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            game, _, *moves = line.split()
            games.setdefault(game, []).append(
                [(parse_cell(m.split("=")[0]), int(m.split("=")[1])) for m in moves])
    return games


def _with_rack(grid: dict, source: str, rng) -> MathablePosition:
    pos = MathablePosition(tuple(sorted(grid.items())), (), source)
    return MathablePosition(pos.grid, tuple(rng.sample(pos.unseen(), RACK_SIZE)), source)


def mathable_positions(n: int = 1000, seed: int = 2026) -> list[MathablePosition]:
    """Mid-game positions with a 7-token rack drawn from the unseen tokens: before every
    turn but the first of the five real games, then positions of seeded self-play
    (both players taking their best turn) up to min(n, 200) positions."""
    rng = random.Random(seed)
    out = []
    for game, turns in _real_games().items():
        grid = dict(START)
        for number, turn in enumerate(turns):
            if number:
                out.append(_with_rack(grid, f"{game} turn {number + 1}", rng))
            grid.update(turn)
    game = 0
    while len(out) < min(n, 200):
        game += 1
        grid = dict(START)
        for number in range(1, 60):
            pos = _with_rack(grid, f"self-play {game} turn {number}", rng)
            if len(pos.unseen()) < 2 * RACK_SIZE:
                break
            if number > 1:
                out.append(pos)
            turns = best_turns(grid, pos.rack, bonus=FULL_RACK_BONUS)
            grid.update((s.placement.cell, s.placement.value)
                        for s in (turns[0].placements if turns else ()))
    return out[:min(n, 200)]


def mathable_small_racks(n: int = 1000, seed: int = 2026) -> list[MathablePosition]:
    """The same positions with only the first four tokens of each rack: small enough
    for the brute-force oracle, which tries every order of every placement."""
    return [replace(p, rack=p.rack[:4]) for p in mathable_positions(n, seed)]


def mathable_games(n: int = 1000, seed: int = 2026) -> list[int]:
    """Seeds of complete 2-player self-play games (optimal policy), at most 50."""
    return [seed * 1000 + i for i in range(min(n, 50))]
