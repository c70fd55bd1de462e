"""One complete game of Mathable self-play, played by the rulebook, and its record.

A game has 2–4 seats, each with a policy (policies.py), and can be written out as a game
record. The game follows the rulebook (rules/mathable.txt); the choices its text leaves
open:
  * Start (III): every seat draws one token and keeps it; the tied highest draw again
    (and keep that token too) until one is highest; the starter, then the others in seat
    order, fill the holder to 7; play goes round in seat order from the starter.
  * Extra draw (IV.4): a token placed on a restriction square lets the player draw one
    token at once (when the bag holds any), if he so wishes.  Every seat, a person's
    included, places through `Table.place`, which takes a choice per placement; without
    one it applies `draw_choices`' rule: take every draw, except in a submission that
    empties a holder that began the turn with 7 (the draw would cost the 50).  The
    planners follow that rule; "greedy" and "random" always draw.  A drawn token may be
    placed in the same turn: a planner plays its plan, then, if it drew, plans again with
    its current holder on the new board (counting the 50 only if it started the turn
    with 7, since emptying the holder still earns it); "greedy" and "random" simply keep
    going with the tokens they hold.
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

A game is reproducible: it depends on its generator alone (`game_rng(seed, i)`).
"""

from dataclasses import dataclass, field, replace

import numpy as np

from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.arrays import INDEX, board_array
from eureka.mathable.board import SQUARES, START
from eureka.mathable.claim import not_on_rack
from eureka.mathable.legality import IllegalPlacement, Placement, score_turn
from eureka.mathable.policies import PLANNERS, check_policies
from eureka.mathable.singles import any_placement, pass_refusal, single_placements
from eureka.mathable.tokens import RACK_SIZE, full_rack_bonus, token_set

KINDS = (".", "+", "-", "*", "/", "2X", "3X")
END_EMPTIED = "holder emptied"
END_BLOCKED = "no equation possible"
END_STALLED = "stalled"
ENDINGS = (END_EMPTIED, END_BLOCKED, END_STALLED)
MAX_IDLE_TURNS = 200
"""Turns in a row without a placement that end a game ("stalled"); so does reaching
eureka.mathable.record.MOST_TURNS turns in all, so that every game's record reads back."""
_KIND = {cell: square.kind for cell, square in SQUARES.items()}


class IllegalTurn(EurekaError):
    """Placements the table refuses: tokens not held, or a placement the rules forbid."""


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
    placements: tuple      # (cell, value) in playing order; legality.Scored once checked
    bonus: int             # the full-rack bonus earned: 0 or 50
    points: int            # what the turn scored, bonus included
    drawn: tuple           # extra tokens drawn on restriction squares
    exchanged: tuple       # tokens put back in the bag (empty unless exchanging)
    passed: bool
    holders: tuple         # every holder after the turn (refilled), as tuples
    bag: tuple             # the bag after the turn
    draw_at: tuple = ()    # the indexes of the placements after which a token was drawn


@dataclass
class OpenTurn:
    """A turn under way (Table.begin's): what it placed and drew so far, and its points."""

    full: int                                       # the full-rack bonus it can earn
    grid: dict = field(default_factory=dict)        # the board it began on
    holder: tuple = ()                              # the holder it began with
    placed: list = field(default_factory=list)      # (cell, value) in playing order
    drawn: list = field(default_factory=list)       # the tokens drawn
    draw_at: list = field(default_factory=list)     # indexes in placed of the draws
    points: int = 0                                 # the placements' points, no bonus


def draw_choices(placements, holder, full: int, draw=None) -> list:
    """Whether each of `placements` takes the draw its square may entitle it to (IV.4).

    `holder` is the mover's before them and `full` the turn's full-rack bonus. `draw` is
    the mover's choice: True or False for every placement, or one a placement (None
    there: the default). The default is the rule every planner plays by: draw, unless
    the placements empty the holder of a turn that can earn the bonus (the draw would
    cost it). Raises IllegalTurn for a list of the wrong length or kind. Only placements
    on restriction squares, while the bag holds tokens, draw.
    """
    n = len(placements)
    default = not (full and n == len(holder))
    if draw is None or isinstance(draw, bool):
        return [default if draw is None else draw] * n
    if len(draw) != n or not all(d is None or isinstance(d, bool) for d in draw):
        raise IllegalTurn(f"give one draw choice (true, false or null) a placement: {n}, "
                          f"not {len(draw)}")
    return [default if d is None else d for d in draw]


class Table:
    """The table a game is played at: the bag, the holders, the board, the scores.

    Turns are played on it one at a time: `begin` a seat's turn, `place` its placements,
    then `close` it (an exchange or a pass when nothing was placed); `end` is set once
    the game is over. Self-play (play_game) and a game against a person (match.py)
    play the same way.
    """

    def __init__(self, n, rng, edition, bonus):
        self.rng = rng
        self.edition = edition
        self.bonus = bonus                          # the full-rack bonus is played
        self.bag = list(token_set(edition).elements())
        self.grid = dict(START)
        self.board = board_array(self.grid)         # the same, as the kernels' board
        self.holders = [[] for _ in range(n)]
        self.work = 0       # the work of the turn's plans so far (montecarlo.planner's budget)
        self.scores, self.bonuses = [0] * n, [0] * n
        self.squares = dict.fromkeys(KINDS, 0)
        self.turns = self.placements = self.draws = self.exchanges = self.passes = 0
        self.idle = 0                               # turns in a row without a placement
        self.end = None                             # one of ENDINGS once the game is over
        self.starter = None

    def draw(self) -> int:
        """A token taken from the bag at random."""
        bag = self.bag
        i = int(self.rng.integers(len(bag)))
        bag[i], bag[-1] = bag[-1], bag[i]
        return bag.pop()

    def unseen(self, seat) -> list:
        """The tokens the `seat` cannot see: the bag's and the other holders'."""
        return self.bag + [v for s, h in enumerate(self.holders) if s != seat for v in h]

    def refill(self, seat):
        """Fills the holder of `seat` up to 7, as far as the bag goes."""
        holder = self.holders[seat]
        while len(holder) < RACK_SIZE and self.bag:
            holder.append(self.draw())

    def start(self) -> int:
        """Deals: who starts (III), then every holder filled in turn from the starter's.

        Returns the starting seat.
        """
        n = len(self.holders)
        self.starter = _starter(self, n)
        for k in range(n):
            self.refill((self.starter + k) % n)
        return self.starter

    def begin(self, seat) -> OpenTurn:
        """Begins the turn of `seat`: an OpenTurn with its full-rack bonus (0 if none).

        The table is not changed until the turn places (`place`) or ends (`close`).
        """
        holder = self.holders[seat]
        return OpenTurn(full_rack_bonus(holder, self.bonus), dict(self.grid), tuple(holder))

    def place(self, seat, turn: OpenTurn, placements, draw=None) -> bool:
        """Places `placements` ((cell, value) in order) for `seat` in its open `turn`.

        The one place where a turn's placements, draws and points are decided, for every
        seat. Each placement is scored by legality.score_turn and added to `turn`; one on
        a restriction square draws a token at once into the holder when its choice
        (draw_choices of `draw`) says so and the bag holds any. Returns whether a token
        was drawn. Raises IllegalTurn, changing nothing, for tokens the holder lacks or a
        placement the rules refuse.
        """
        moves = [Placement(*p) for p in placements]
        holder = self.holders[seat]
        why = not_on_rack(moves, holder)
        if why:
            raise IllegalTurn(why)
        try:
            scored = score_turn(dict(self.grid), moves)
        except IllegalPlacement as e:
            raise IllegalTurn(f"placement {e.number}, {e}") from None
        drew = False
        for move, take in zip(moves, draw_choices(moves, holder, turn.full, draw)):
            self.grid[move.cell] = self.board[INDEX[move.cell]] = move.value
            holder.remove(move.value)
            turn.placed.append((move.cell, move.value))
            if take and SQUARES[move.cell].op and self.bag:
                turn.drawn.append(self.draw())
                turn.draw_at.append(len(turn.placed) - 1)
                holder.append(turn.drawn[-1])
                drew = True
        turn.points += sum(s.points for s in scored)
        return drew

    def close(self, seat, turn: OpenTurn, exchange=None):
        """Ends the `turn` of `seat` that `begin` began; its TurnRecord, None at a block.

        With nothing placed the seat
        exchanges the tokens `exchange` (a list of values of its holder; None: as many of
        its largest as the bag holds, the whole holder when it can) or passes, where the
        rules allow it (singles.pass_refusal; IllegalTurn, nothing changed, where not);
        and when no token left anywhere can be placed, the game ends (END_BLOCKED) and
        None is returned. Otherwise the holder is refilled and `end` set when the game is
        over.
        """
        bag, holder = self.bag, self.holders[seat]
        placed, drawn, points, full_bonus = turn.placed, turn.drawn, turn.points, turn.full
        exchanged, passed = [], False
        if placed:
            self.idle = 0
        else:
            remaining = [v for h in self.holders for v in h]
            remaining += bag
            if not any_placement(self.board, remaining):
                self.end = END_BLOCKED
                return None
            if exchange is None:
                k = min(len(bag), len(holder))
                exchange = sorted(holder)[len(holder) - k:]
            refused = None if exchange else pass_refusal(self.board, holder, len(bag))
            if refused:
                raise IllegalTurn(f"cannot pass: {refused}")
            self.idle += 1
            if exchange:
                # Draw the new tokens first, then mix the discarded ones into the bag.
                holder.sort()
                for value in exchange:
                    holder.remove(value)
                for _ in exchange:
                    holder.append(self.draw())
                bag.extend(exchange)
                exchanged = list(exchange)
                self.exchanges += 1
            else:
                passed = True
                self.passes += 1
        self.turns += 1
        for cell, _ in placed:
            self.squares[_KIND[cell]] += 1
        got = full_bonus if (full_bonus and placed and not holder) else 0
        points += got
        self.scores[seat] += points
        self.bonuses[seat] += got > 0
        self.placements += len(placed)
        self.draws += len(drawn)
        self.refill(seat)
        record = TurnRecord(seat, turn.grid, turn.holder, tuple(placed), got, points,
                            tuple(drawn), tuple(exchanged), passed,
                            tuple(tuple(h) for h in self.holders), tuple(bag),
                            tuple(turn.draw_at))
        if not bag and not holder:
            self.end = END_EMPTIED
        elif self.idle >= MAX_IDLE_TURNS or self.turns >= records.MOST_TURNS:
            self.end = END_STALLED
        return record

    def result(self) -> "GameResult":
        """The GameResult of the game over: each holder's tokens deducted."""
        deductions = tuple(sum(h) for h in self.holders)
        return GameResult(tuple(s - d for s, d in zip(self.scores, deductions)),
                          deductions, self.turns, self.placements, tuple(self.bonuses),
                          self.squares, self.draws, self.exchanges, self.passes, self.end,
                          self.starter)


def _starter(game: Table, n: int) -> int:
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


def policy_turn(game: Table, seat: int, policy: str, turn: OpenTurn) -> None:
    """Places tokens for `seat` by its `policy` in its open `turn` (Table.begin's).

    `game` is the Table. Every placement goes through Table.place: the planners' plans
    with its rule of draws, "greedy" and "random" a placement at a time, always drawing.
    """
    holder = game.holders[seat]
    game.work = 0
    if policy in PLANNERS:
        while holder:
            plan = PLANNERS[policy](game, seat, holder, turn.full)
            if plan is None or not game.place(seat, turn, plan.placements):
                return
    else:
        pick_best = policy == "greedy"
        while holder:
            options = single_placements(game.grid, holder)
            if not options:
                return
            s = options[0] if pick_best else options[int(game.rng.integers(len(options)))]
            game.place(seat, turn, [(s.placement.cell, s.placement.value)], draw=True)


def play_game(policies, rng, edition: int = 126, bonus: bool = True,
              on_turn=None) -> GameResult:
    """Play one complete game and return its GameResult.

    `policies` are the seats' policies in seat order (checked: EurekaError unless 2–4 known
    ones and a known `edition`); `rng` is the numpy Generator the game depends on alone;
    `bonus` plays the full-rack bonus; `on_turn`, if given, is called with a TurnRecord
    after every turn (and the turn is then scored again by legality.score_turn, a
    RuntimeError if they disagree).
    """
    policies = check_policies(policies, edition)
    game = Table(len(policies), rng, edition, bonus)
    seat = game.start()
    while game.end is None:
        turn = game.begin(seat)
        policy_turn(game, seat, policies[seat], turn)
        turn = game.close(seat, turn)
        if turn is not None and on_turn is not None:
            on_turn(checked(turn))
        seat = (seat + 1) % len(policies)
    return game.result()


def checked(turn: TurnRecord) -> TurnRecord:
    """The TurnRecord `turn`, its placements scored again by legality.score_turn.

    Its placements become legality.Scored. Raises RuntimeError when the two scores
    disagree.
    """
    scored = tuple(score_turn(dict(turn.grid), [Placement(*p) for p in turn.placements]))
    if sum(s.points for s in scored) + turn.bonus != turn.points:
        raise RuntimeError(f"self-play and scorer disagree on a turn of seat {turn.seat}")
    return replace(turn, placements=scored)


def game_rng(seed: int, i: int) -> np.random.Generator:
    """The generator of game `i` of a run seeded `seed`: it depends on (seed, i) only."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))


def game_record(policies, seed: int = 0, deal: int = 0, edition: int = 126,
                bonus: bool = True) -> records.Record:
    """Deal `deal` of a run seeded `seed` as a game record, every holder and draw given.

    `policies` are seated in this order, the seats named P1, P2 ...; `edition` and `bonus`
    are the game's token set and whether the full-rack bonus is played. records.write gives
    the record's text; the record is read back from that text, so it passes every check a
    record does.
    """
    turns = []
    play_game(policies, game_rng(seed, deal), edition, bonus, on_turn=turns.append)
    names = [f"P{s + 1}" for s in range(len(policies))]
    return records.parse(records.write(record_of(turns, names, edition, bonus)),
                         source="self-play")


def record_of(turns: list, names: list, edition: int, bonus: bool) -> records.Record:
    """The game record of the checked TurnRecords `turns`, seat s named `names`[s].

    `edition` and `bonus` are the game's settings; the tokens left are the holders after
    the last turn.
    """
    plays = []
    for t in turns:
        name, holder = names[t.seat], tuple(sorted(t.holder))
        if t.placements:
            plays.append(records.Play(name, "place",
                                      tuple(s.placement for s in t.placements),
                                      t.draw_at, 0, 0, holder=holder, drawn=t.drawn))
        else:
            plays.append(records.Play(name, "exchange" if t.exchanged else "pass", (),
                                      (), len(t.exchanged), 0, holder=holder))
    left = {names[s]: sorted(h) for s, h in enumerate(turns[-1].holders)} if turns else {}
    return records.Record(plays, left, edition, bonus)
