"""Self-play of complete Mathable games: 2–4 seats, each with a policy.

Policies:
  "optimal"  the exact best turn for its rack (solve.ranked), +50 counted when the
             turn starts with a full holder of 7 and the bonus option is on;
  "greedy"   repeatedly the highest-scoring single placement until none is legal;
  "random"   repeatedly a uniformly random legal single placement until none is legal.

The game follows the rulebook (rules/mathable.txt); the choices its text leaves open:
  * Start (III): every seat draws one token and keeps it; the tied highest draw again
    (and keep that token too) until one is highest; the starter, then the others in seat
    order, fill the holder to 7; play goes round in seat order from the starter.
  * Extra draw (IV.4): a token placed on a restriction square lets the player draw one
    token at once (when the bag holds any).  Every policy takes it, except that
    "optimal" declines while its planned turn empties a full holder (the draw would cost
    the 50).  A drawn token may be placed in the same turn: "optimal" plays its plan,
    then, if it drew, plans again with its current holder on the new board (counting the
    50 only if it started the turn with 7, since emptying the holder still earns it);
    "greedy" and "random" simply keep going with the tokens they hold.
  * +50 (IV.8): the turn started with 7 tokens and the holder is empty when it ends.
  * A player who can place nothing exchanges (V.1): every token of the holder when the
    bag holds as many, else as many of his largest tokens as the bag holds; the new
    tokens are drawn first and the discarded ones then mixed into the bag, so he never
    draws his own back.  With the bag empty he passes.
  * Refill to 7 from the bag at the end of every turn (IV.9).
  * End (V.4): "holder emptied" — the bag is empty and the player who just moved ended
    his turn with an empty holder; "no equation possible" — the player to move can place
    nothing and no remaining token (in any holder or the bag) completes an equation on
    any empty square, so no equation can ever be made again; "stalled" — a safety net
    (MAX_IDLE_TURNS consecutive turns without a placement) that keeps every game finite
    even if the exchanges kept missing the one token that fits.  Each player then
    deducts the tokens left on the holder.

Games are reproducible: `simulate` gives game i its own generator derived from (seed, i)
alone, so game i is the same whatever the number of games run, and whatever the number
of threads that play them (the search releases the GIL, so a run plays CHUNK games at a
time on eureka.parallel's threads).
"""

import operator
import statistics
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from eureka import parallel
from eureka.contract import Result
from eureka.errors import EurekaError
from eureka.mathable.board import SQUARES, START
from eureka.mathable.game import MAX_GAMES, POLICIES
from eureka.mathable.legality import Placement, score_turn
from eureka.mathable.solve import INDEX, any_placement, board_array, ranked, single_placements
from eureka.mathable.tokens import (HOLDERS as MAX_PLAYERS, MIN_PLAYERS, RACK_SIZE,
                                    full_rack_bonus, token_set)

KINDS = (".", "+", "-", "*", "/", "2X", "3X")
END_EMPTIED = "holder emptied"
END_BLOCKED = "no equation possible"
END_STALLED = "stalled"
ENDINGS = (END_EMPTIED, END_BLOCKED, END_STALLED)
CHUNK = 32                        # games handed to the threads at a time
MAX_IDLE_TURNS = 200              # consecutive turns without a placement: "stalled"
_KIND = {cell: square.kind for cell, square in SQUARES.items()}


@dataclass(frozen=True)
class GameResult:
    """One finished game, seat by seat in the order of `policies`."""

    scores: tuple          # final score per seat, after the deductions
    deductions: tuple      # value of the tokens left on each holder
    turns: int             # turns taken, exchanges and passes included
    placements: int        # tokens placed on the board
    bonuses: tuple         # number of 50-point bonuses per seat
    squares: dict          # square kind -> placements on it
    draws: int             # extra tokens drawn on restriction squares
    exchanges: int         # turns spent exchanging tokens
    passes: int            # turns passed (nothing to place, empty bag)
    end: str               # one of ENDINGS
    starter: int = 0       # the seat that played first


@dataclass(frozen=True)
class TurnRecord:
    """What a turn did, given to `play_game`'s `on_turn` hook (for checks and replays)."""

    seat: int
    grid: dict             # the board before the turn (a copy)
    holder: tuple          # the holder at the start of the turn
    placements: tuple      # legality.Scored, in playing order
    bonus: int             # the full-rack bonus earned: 0 or 50
    points: int            # what the turn scored, bonus included
    drawn: tuple           # extra tokens drawn on restriction squares
    exchanged: tuple       # tokens put back in the bag (empty unless exchanging)
    passed: bool
    holders: tuple         # every holder after the turn (refilled), as tuples
    bag: tuple             # the bag after the turn


def check_policies(policies, edition) -> tuple:
    """The policies as a tuple; EurekaError unless 2–4 known ones and a known edition."""
    policies = tuple(policies)
    if not MIN_PLAYERS <= len(policies) <= MAX_PLAYERS:
        raise EurekaError(f"Mathable is played by {MIN_PLAYERS} to {MAX_PLAYERS} "
                          f"players, not {len(policies)}")
    for p in policies:
        if p not in POLICIES:
            raise EurekaError(f"unknown policy {p!r}: choose from {', '.join(POLICIES)}")
    token_set(edition)                      # raises for an unknown edition
    return policies


class _Game:
    """The state of one game in progress."""

    def __init__(self, n, rng, edition):
        self.rng = rng
        self.bag = list(token_set(edition).elements())
        self.grid = dict(START)
        self.board = board_array(self.grid)         # the same, as the kernels' board
        self.holders = [[] for _ in range(n)]

    def draw(self) -> int:
        """A token taken from the bag at random."""
        bag = self.bag
        i = int(self.rng.integers(len(bag)))
        bag[i], bag[-1] = bag[-1], bag[i]
        return bag.pop()

    def refill(self, seat):
        """Fill the seat's holder up to 7, as far as the bag goes."""
        holder = self.holders[seat]
        while len(holder) < RACK_SIZE and self.bag:
            holder.append(self.draw())


def _starter(game: _Game, n: int) -> int:
    """Everyone draws and keeps a token; the tied highest draw again (III)."""
    contenders = list(range(n))
    while len(contenders) > 1:
        drawn = {}
        for s in contenders:
            drawn[s] = game.draw()
            game.holders[s].append(drawn[s])
        top = max(drawn.values())
        contenders = [s for s in contenders if drawn[s] == top]
    return contenders[0]


def _turn(game: _Game, seat: int, policy: str, full_bonus: int, placed: list,
          drawn: list) -> int:
    """Place tokens for `seat` by its policy, appending the placements ((cell, value),
    in order) and the extra tokens drawn; returns the points scored (no bonus)."""
    grid, board, holder, bag = game.grid, game.board, game.holders[seat], game.bag

    def put(cell, value, may_draw):
        grid[cell] = board[INDEX[cell]] = value
        holder.remove(value)
        placed.append((cell, value))
        if SQUARES[cell].op and may_draw and bag:
            drawn.append(game.draw())
            holder.append(drawn[-1])
            return True
        return False

    points = 0
    if policy == "optimal":
        while holder:
            plans = ranked(board, holder, 1, full_bonus)
            if not plans:
                return points
            plan = plans[0]
            keep = plan.total == plan.score     # a draw would cost the full-holder bonus
            again = False
            for cell, value in plan.placements:
                again |= put(cell, value, keep)
            points += plan.score
            if not again:
                return points
    else:
        pick_best = policy == "greedy"
        while holder:
            options = single_placements(grid, holder)
            if not options:
                return points
            s = options[0] if pick_best else options[int(game.rng.integers(len(options)))]
            points += s.points
            put(s.placement.cell, s.placement.value, True)
    return points


def play_game(policies, rng, edition: int = 126, bonus: bool = True,
              on_turn=None) -> GameResult:
    """Play one complete game; `rng` is a numpy Generator.  `on_turn`, if given, is
    called with a TurnRecord after every turn."""
    policies = check_policies(policies, edition)
    n = len(policies)
    game = _Game(n, rng, edition)
    grid, holders, bag = game.grid, game.holders, game.bag
    starter = _starter(game, n)
    for k in range(n):
        game.refill((starter + k) % n)

    scores = [0] * n
    bonuses = [0] * n
    squares = dict.fromkeys(KINDS, 0)
    turns = placements = draws = exchanges = passes = idle = 0
    seat = starter
    while True:
        holder = holders[seat]
        full_bonus = full_rack_bonus(holder, bonus)
        if on_turn is not None:
            before, start_holder = dict(grid), tuple(holder)
        placed, drawn, exchanged = [], [], []
        points = _turn(game, seat, policies[seat], full_bonus, placed, drawn)
        passed = False
        if placed:
            idle = 0
        else:
            remaining = [v for h in holders for v in h]
            remaining += bag
            if not any_placement(game.board, remaining):
                end = END_BLOCKED
                break
            idle += 1
            k = min(len(bag), len(holder))
            if k:
                # Draw the new tokens first, then mix the discarded ones into the bag.
                holder.sort()
                exchanged = holder[len(holder) - k:]
                del holder[len(holder) - k:]
                for _ in range(k):
                    holder.append(game.draw())
                bag.extend(exchanged)
                exchanges += 1
            else:
                passed = True
                passes += 1
        turns += 1
        for cell, _ in placed:
            squares[_KIND[cell]] += 1
        got = full_bonus if (full_bonus and placed and not holder) else 0
        points += got
        scores[seat] += points
        bonuses[seat] += got > 0
        placements += len(placed)
        draws += len(drawn)
        game.refill(seat)
        if on_turn is not None:
            scored = tuple(score_turn(dict(before), [Placement(*p) for p in placed]))
            if sum(s.points for s in scored) + got != points:
                raise RuntimeError(f"self-play and scorer disagree on turn {turns}")
            on_turn(TurnRecord(seat, before, start_holder, scored, got, points,
                               tuple(drawn), tuple(exchanged), passed,
                               tuple(tuple(h) for h in holders), tuple(bag)))
        if not bag and not holder:
            end = END_EMPTIED
            break
        if idle >= MAX_IDLE_TURNS:
            end = END_STALLED
            break
        seat = (seat + 1) % n

    deductions = tuple(sum(h) for h in holders)
    return GameResult(tuple(s - d for s, d in zip(scores, deductions)), deductions,
                      turns, placements, tuple(bonuses), squares, draws, exchanges,
                      passes, end, starter)


def game_rng(seed: int, i: int) -> np.random.Generator:
    """The generator of game i of a run seeded `seed`: depends on (seed, i) only."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))


def _stats(xs) -> dict:
    """Mean, sample standard deviation, minimum, median and maximum."""
    return {"mean": statistics.fmean(xs),
            "sd": statistics.stdev(xs) if len(xs) > 1 else 0.0,
            "min": min(xs), "median": statistics.median(xs), "max": max(xs)}


def _span(xs) -> dict:
    """Mean, minimum and maximum."""
    return {"mean": statistics.fmean(xs), "min": min(xs), "max": max(xs)}


@dataclass
class Summary(Result):
    """Aggregates over a run of games (seats in the order of `policies`)."""

    schema: ClassVar[str] = "eureka.mathable.simulate/1"

    games: int
    policies: tuple
    edition: int
    bonus: bool
    seed: int
    scores: tuple          # per seat: {"mean", "sd", "min", "median", "max"}
    win_rate: tuple        # per seat, ties split equally among the tied
    turns: dict            # {"mean", "min", "max"}
    placements: dict       # {"mean", "min", "max"}
    bonus_rate: tuple      # per seat: 50-point bonuses per game
    square_share: dict     # square kind -> share of all placements
    draws: float           # extra draws per game
    exchanges: float       # exchanges per game
    passes: float          # passes per game
    endings: dict          # end -> number of games
    results: list = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, results, policies, edition, bonus, seed) -> "Summary":
        n, g = len(policies), len(results)
        wins = [0.0] * n
        for r in results:
            top = max(r.scores)
            winners = [s for s in range(n) if r.scores[s] == top]
            for s in winners:
                wins[s] += 1 / len(winners)
        used = Counter()
        for r in results:
            used.update(r.squares)
        total = sum(used.values())
        endings = dict.fromkeys(ENDINGS, 0)
        endings.update(Counter(r.end for r in results))
        return cls(
            games=g, policies=tuple(policies), edition=edition, bonus=bonus, seed=seed,
            scores=tuple(_stats([r.scores[s] for r in results]) for s in range(n)),
            win_rate=tuple(w / g for w in wins),
            turns=_span([r.turns for r in results]),
            placements=_span([r.placements for r in results]),
            bonus_rate=tuple(sum(r.bonuses[s] for r in results) / g for s in range(n)),
            square_share={k: (used[k] / total if total else 0.0) for k in KINDS},
            draws=sum(r.draws for r in results) / g,
            exchanges=sum(r.exchanges for r in results) / g,
            passes=sum(r.passes for r in results) / g,
            endings=endings, results=list(results))

    def json_fields(self) -> dict:
        """Plain JSON-ready values (the per-game results left out)."""
        return {
            "games": self.games, "policies": list(self.policies),
            "edition": self.edition, "bonus": self.bonus, "seed": self.seed,
            "seats": [{"policy": p, "score": dict(sc), "win_rate": w, "bonus_rate": b}
                      for p, sc, w, b in zip(self.policies, self.scores, self.win_rate,
                                             self.bonus_rate)],
            "turns": dict(self.turns), "placements": dict(self.placements),
            "square_share": dict(self.square_share),
            "per_game": {"draws": self.draws, "exchanges": self.exchanges,
                         "passes": self.passes},
            "endings": dict(self.endings),
        }


def _whole(x, least: int, what: str) -> int:
    try:
        value = operator.index(x)
    except TypeError:
        value = None
    if value is None or isinstance(x, bool) or value < least:
        raise EurekaError(f"{what} must be a whole number ≥ {least}, not {x!r}")
    return value


@dataclass(frozen=True)
class Simulation:
    """A run of games, its arguments checked when it is made: EurekaError unless 2–4
    known policies, a known edition, 1 to MAX_GAMES games and a whole seed ≥ 0."""

    games: int
    policies: tuple
    seed: int = 0
    edition: int = 126
    bonus: bool = True

    def __post_init__(self):
        object.__setattr__(self, "policies", check_policies(self.policies, self.edition))
        games = _whole(self.games, 1, "the number of games")
        if games > MAX_GAMES:
            raise EurekaError(f"at most {MAX_GAMES:,} games a run (about half an hour), "
                              f"not {games:,}: a run keeps every game's result (run "
                              f"more seeds for more)")
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", _whole(self.seed, 0, "the seed"))

    def _play(self, i: int) -> GameResult:
        """Game i of the run."""
        return play_game(self.policies, game_rng(self.seed, i), self.edition, self.bonus)

    def run(self, progress=None) -> Summary:
        """Play the games and summarise them; `progress(done)` after each game."""
        results = []
        for first in range(0, self.games, CHUNK):
            count = min(CHUNK, self.games - first)
            with parallel.applied(kernel=("mathable games", self.policies),
                                  units=count) as workers, \
                    ThreadPoolExecutor(workers) as pool:
                for result in pool.map(self._play, range(first, first + count)):
                    results.append(result)
                    if progress is not None:
                        progress(len(results))
        return Summary.of(results, self.policies, self.edition, self.bonus, self.seed)


def simulate(games: int, policies, seed: int = 0, edition: int = 126,
             bonus: bool = True, progress=None) -> Summary:
    """Play `games` games and summarise them; `progress(done)` after each game."""
    return Simulation(games, policies, seed, edition, bonus).run(progress)
