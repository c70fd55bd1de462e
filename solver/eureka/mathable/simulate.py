"""Self-play of complete Mathable games: 2–4 seats, each with a policy.

Policies:
  "optimal"  the exact best turn for its rack (solve.ranked), +50 counted when the
             turn starts with a full holder of 7 and the bonus option is on;
  "equity"   of the 5 best turns by equity (the total plus the value of the tokens
             kept: leave.py, solve.ranked by="equity"), the one that opens least to
             the tokens it cannot see (_equity);
  "endgame"  "equity" while the bag holds tokens; once it is empty with 2 players, the
             exact endgame's turn (endgame.py), within its budget (else "equity");
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

Games are reproducible: `simulate` gives deal i its own generator derived from (seed, i)
alone, and plays it once in every seat order (the policies rotated round the seats,
`seat_orders`; once, seats as given, without `swap`), so deal i is the same whatever the
number of games run, and whatever the number of threads that play them (the search
releases the GIL, so a run plays CHUNK games at a time on eureka.parallel's threads).
`Summary.policy_rates` gives each policy's win rate and spread with 95% intervals over
the deals, and `game_record` writes a game out as a record with every holder.
"""

import dataclasses
import operator
import statistics
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from eureka import parallel, stats
from eureka.contract import Result
from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.board import SQUARES, START
from eureka.mathable.endgame import planner as exact
from eureka.mathable.legality import Placement, score_turn
from eureka.mathable.montecarlo import planner as simulation
from eureka.mathable.options import MAX_GAMES, POLICIES
from eureka.mathable.solve import (
    INDEX,
    any_placement,
    best_single,
    board_array,
    placed_on,
    plan,
    single_placements,
)
from eureka.mathable.tokens import HOLDERS as MAX_PLAYERS
from eureka.mathable.tokens import MIN_PLAYERS, RACK_SIZE, full_rack_bonus, token_set

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

    def __init__(self, n, rng, edition, bonus):
        self.rng = rng
        self.edition = edition
        self.bonus = bonus                          # the full-rack bonus is played
        self.bag = list(token_set(edition).elements())
        self.grid = dict(START)
        self.board = board_array(self.grid)         # the same, as the kernels' board
        self.holders = [[] for _ in range(n)]
        self.work = 0       # the work of the turn's plans so far (sim.planner's budget)

    def draw(self) -> int:
        """A token taken from the bag at random."""
        bag = self.bag
        i = int(self.rng.integers(len(bag)))
        bag[i], bag[-1] = bag[-1], bag[i]
        return bag.pop()

    def unseen(self, seat) -> list:
        """The tokens the seat cannot see: the bag's and the other holders'."""
        return self.bag + [v for s, h in enumerate(self.holders) if s != seat for v in h]

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


def _ranking(by: str):
    """A planner: the best turn for the holder by score or equity (solve.plan)."""
    def plan_turn(game: _Game, seat: int, holder: list, full_bonus: int):
        plans = plan(game.board, holder, 1, full_bonus, by=by, edition=game.edition)
        return plans[0] if plans else None
    return plan_turn


CANDIDATES = 5          # the equity policy's candidates: the top turns by equity
OPENING = 0.3           # its weight on what a turn opens (measured: docs/MATHABLE.md)


def _equity(game: _Game, seat: int, holder: list, full_bonus: int):
    """The `equity` planner: of the CANDIDATES best turns by equity (solve.plan), the
    one whose equity less OPENING × what it opens is highest: the most a single
    placement of a token the seat cannot see scores on the board after the turn."""
    plans = plan(game.board, holder, CANDIDATES, full_bonus, by="equity",
                 edition=game.edition)
    unseen = game.unseen(seat)
    if len(plans) < 2 or not unseen:
        return plans[0] if plans else None
    return max(plans, key=lambda p: p.equity
               - OPENING * best_single(placed_on(game.board, p.placements), unseen))


# policy -> planner(game, seat, holder, full_bonus) -> solve.Ranked | None: the turn
# to play (its placements in order), None when nothing can be placed
PLANNERS = {
    "optimal": _ranking("score"),
    "equity": _equity,
    "sim": simulation(),
    "endgame": exact(_ranking("equity")),
}


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

    points, game.work = 0, 0
    if policy in PLANNERS:
        while holder:
            plan = PLANNERS[policy](game, seat, holder, full_bonus)
            if plan is None:
                return points
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
    game = _Game(n, rng, edition, bonus)
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


def win_interval(deal_rates, games: int) -> list:
    """The 95% interval of a win rate from the rates of the deals (each the mean of
    its games, one per seat order): Wilson's, over the effective number of games
    p(1 − p) / v, v the variance of the mean rate estimated from the deals (so the
    deals' own spread counts, seat-order pairing included), at most `games`; over the
    deals alone, one game each, when the rate is 0 or 1 or the deals do not vary."""
    p, deals = statistics.fmean(deal_rates), len(deal_rates)
    v = statistics.variance(deal_rates) / deals if deals > 1 else 0.0
    n = min(games, p * (1 - p) / v) if v > 0 and 0 < p < 1 else deals
    return list(stats.wilson(p, n))


def shares(scores) -> list:
    """Each seat's share of a game's win: 1 for the winner, ties split equally."""
    top = max(scores)
    winners = sum(s == top for s in scores)
    return [(s == top) / winners for s in scores]


def by_policy(results, policies, orders: int) -> list:
    """Per policy, when the seats hold two or more: its win rate (the share of the
    games its seats won, ties split) and its spread (its seats' mean score minus the
    other seats'), each with a 95% interval over the deals (`win_interval`, `interval`):
    a deal's games, one per seat order, make one sample, their mean, so the seat-order
    luck of a deal cancels out within it.  `results` are in seat order (`policies`),
    deal by deal, `orders` games a deal."""
    names = list(dict.fromkeys(policies))
    if len(names) < 2:
        return []

    def per_deal(xs):
        return [statistics.fmean(xs[i:i + orders]) for i in range(0, len(xs), orders)]

    rows = []
    for name in names:
        mine = [s for s, p in enumerate(policies) if p == name]
        others = [s for s in range(len(policies)) if s not in mine]
        wins, spreads = [], []
        for r in results:
            wins.append(sum(shares(r.scores)[s] for s in mine))
            spreads.append(statistics.fmean(r.scores[s] for s in mine)
                           - statistics.fmean(r.scores[s] for s in others))
        rows.append({"policy": name, "seats": len(mine),
                     "win_rate": statistics.fmean(wins),
                     "win_interval": win_interval(per_deal(wins), len(wins)),
                     "spread": statistics.fmean(spreads),
                     "spread_interval": stats.mean_interval(per_deal(spreads))})
    return rows


@dataclass
class Summary(Result):
    """Aggregates over a run of games (seats in the order of `policies`: a seat's
    figures follow its policy through the seat orders of a deal)."""

    schema: ClassVar[str] = "eureka.mathable.simulate/1"

    games: int             # deals, each played once in every seat order
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
    seat_orders: int = 1   # seat orders each deal is played in
    policy_rates: list = field(default_factory=list)   # by_policy's rows
    results: list = field(default_factory=list, repr=False)

    @property
    def played(self) -> int:
        """Games played: the deals times the seat orders."""
        return self.games * self.seat_orders

    @classmethod
    def of(cls, results, policies, edition, bonus, seed, orders: int = 1) -> "Summary":
        """The summary of `results` (seat order `policies`, deal by deal, `orders`
        games a deal)."""
        n, g = len(policies), len(results)
        wins = [0.0] * n
        for r in results:
            for s, share in enumerate(shares(r.scores)):
                wins[s] += share
        used = Counter()
        for r in results:
            used.update(r.squares)
        total = sum(used.values())
        endings = dict.fromkeys(ENDINGS, 0)
        endings.update(Counter(r.end for r in results))
        return cls(
            games=g // orders, policies=tuple(policies), edition=edition, bonus=bonus,
            seed=seed,
            scores=tuple(_stats([r.scores[s] for r in results]) for s in range(n)),
            win_rate=tuple(w / g for w in wins),
            turns=_span([r.turns for r in results]),
            placements=_span([r.placements for r in results]),
            bonus_rate=tuple(sum(r.bonuses[s] for r in results) / g for s in range(n)),
            square_share={k: (used[k] / total if total else 0.0) for k in KINDS},
            draws=sum(r.draws for r in results) / g,
            exchanges=sum(r.exchanges for r in results) / g,
            passes=sum(r.passes for r in results) / g,
            endings=endings, seat_orders=orders,
            policy_rates=by_policy(results, policies, orders), results=list(results))

    def json_fields(self) -> dict:
        """Plain JSON-ready values (the per-game results left out)."""
        return {
            "games": self.games, "seat_orders": self.seat_orders, "played": self.played,
            "policies": list(self.policies),
            "edition": self.edition, "bonus": self.bonus, "seed": self.seed,
            "by_policy": [dict(row) for row in self.policy_rates],
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


def seat_orders(policies) -> tuple:
    """The distinct rotations of the policies round the seats, as offsets r (seat s
    plays policies[(s + r) % n]): one for a single policy, n for n different ones."""
    n, seen, orders = len(policies), set(), []
    for r in range(n):
        seated = tuple(policies[(s + r) % n] for s in range(n))
        if seated not in seen:
            seen.add(seated)
            orders.append(r)
    return tuple(orders)


def _in_policy_order(result: GameResult, r: int) -> GameResult:
    """A game played with seat s on policies[(s + r) % n], its seats put back in the
    order of `policies`."""
    n = len(result.scores)

    def back(values):
        return tuple(values[(k - r) % n] for k in range(n))

    return dataclasses.replace(result, scores=back(result.scores),
                               deductions=back(result.deductions),
                               bonuses=back(result.bonuses),
                               starter=(result.starter + r) % n)


@dataclass(frozen=True)
class SelfPlay:
    """A run of games, its arguments checked when it is made: EurekaError unless 2–4
    known policies, a known edition, 1 to MAX_GAMES games in all and a whole seed ≥ 0.
    `games` counts deals: with `swap` (the default), deal i is played from the same
    generator once in every seat order (`seat_orders`), so that each policy sits in
    every seat of every deal; without it, once as `policies` are seated."""

    games: int
    policies: tuple
    seed: int = 0
    edition: int = 126
    bonus: bool = True
    swap: bool = True
    orders: tuple = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "policies", check_policies(self.policies, self.edition))
        games = _whole(self.games, 1, "the number of games")
        orders = seat_orders(self.policies) if self.swap else (0,)
        if games * len(orders) > MAX_GAMES:
            each = f" ({games:,} in each of {len(orders)} seat orders)" if (
                len(orders) > 1) else ""
            raise EurekaError(f"at most {MAX_GAMES:,} games a run (about half an hour), "
                              f"not {games * len(orders):,}{each}: a run keeps every "
                              f"game's result (run more seeds for more)")
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "orders", orders)
        object.__setattr__(self, "seed", _whole(self.seed, 0, "the seed"))

    @property
    def played(self) -> int:
        """Games to play: the deals times the seat orders."""
        return self.games * len(self.orders)

    def seated(self, k: int) -> tuple:
        """(deal, seat order r, the policies seat by seat) of game k of the run."""
        deal, j = divmod(k, len(self.orders))
        r, n = self.orders[j], len(self.policies)
        return deal, r, tuple(self.policies[(s + r) % n] for s in range(n))

    def _play(self, k: int) -> GameResult:
        """Game k of the run, its seats in the order of `policies`."""
        deal, r, seated = self.seated(k)
        result = play_game(seated, game_rng(self.seed, deal), self.edition, self.bonus)
        return _in_policy_order(result, r)

    def run(self, progress=None) -> Summary:
        """Play the games and summarise them; `progress(done)` after each game."""
        results = []
        for first in range(0, self.played, CHUNK):
            count = min(CHUNK, self.played - first)
            with parallel.applied(kernel=("mathable games", self.policies),
                                  units=count) as workers, \
                    ThreadPoolExecutor(workers) as pool:
                for result in pool.map(self._play, range(first, first + count)):
                    results.append(result)
                    if progress is not None:
                        progress(len(results))
        return Summary.of(results, self.policies, self.edition, self.bonus, self.seed,
                          len(self.orders))


def simulate(games: int, policies, seed: int = 0, edition: int = 126,
             bonus: bool = True, progress=None, swap: bool = True) -> Summary:
    """Play `games` deals (each in every seat order unless not `swap`) and summarise
    them; `progress(done)` after each game."""
    return SelfPlay(games, policies, seed, edition, bonus, swap).run(progress)


def game_record(policies, seed: int = 0, deal: int = 0, edition: int = 126,
                bonus: bool = True) -> records.Record:
    """Deal `deal` of a run seeded `seed`, played with `policies` seated in this order,
    as a game record: the seats named P1, P2 ..., every holder and every draw given
    (records.write gives its text).  The record is read back from its text, so it
    passes every check a record does."""
    turns = []
    play_game(policies, game_rng(seed, deal), edition, bonus, on_turn=turns.append)
    plays = []
    for t in turns:
        name, holder = f"P{t.seat + 1}", tuple(sorted(t.holder))
        if t.placements:
            # A token is drawn after each restriction square until the bag runs out,
            # or none for a plan that keeps a full-holder bonus (always the last).
            restricted = [i for i, s in enumerate(t.placements) if s.restriction]
            plays.append(records.Play(name, "place",
                                      tuple(s.placement for s in t.placements),
                                      tuple(restricted[:len(t.drawn)]), 0, 0,
                                      holder=holder, drawn=t.drawn))
        else:
            plays.append(records.Play(name, "exchange" if t.exchanged else "pass", (),
                                      (), len(t.exchanged), 0, holder=holder))
    left = {f"P{s + 1}": sorted(h) for s, h in enumerate(turns[-1].holders)}
    record = records.Record(plays, left, edition, bonus)
    return records.parse(records.write(record), source="self-play")
