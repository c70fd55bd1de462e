"""What Mathable's verbs return: result dataclasses that build their own JSON documents.

One per verb, each naming its schema: Solution (eureka.mathable.solve/1; Simulated, the
same ranked by simulation), TurnCheck (check/1), Endgame (endgame/1), Replay (score/1),
Review (review/1) and Summary (simulate/1). They hold what the verbs found; the searching
is the verbs' own (solve.py, claim.py, endgame.py, score.py, review.py, simulate.py,
montecarlo.py).
"""

from dataclasses import dataclass, field, replace
from typing import ClassVar

from eureka.contract import Result, Verdict
from eureka.errors import SearchTooLarge
from eureka.mathable.board import cell_name
from eureka.mathable.legality import Turn
from eureka.mathable.options import MAX_STATES, Effort
from eureka.mathable.position import Position
from eureka.mathable.record import Play, Record, action_text


@dataclass(frozen=True)
class Solution(Result):
    """The best turns for the mover of a position by score or equity (`by`), best first.

    There are none when nothing can be placed; with `moves`, every legal single placement
    is listed too.
    """

    schema: ClassVar[str] = "eureka.mathable.solve/1"

    position: Position
    turns: tuple                # Turn, best first
    moves: tuple | None         # Scored, best first; None unless asked for
    by: str = "score"

    def leave(self, turn) -> list:
        """The tokens `turn` keeps on the holder, ascending."""
        from eureka.mathable import leave  # compiles a kernel: not for the other verbs

        return leave.kept(self.position.rack, [s.placement.value for s in turn.placements])

    def equity(self, turn) -> float:
        """The total of `turn` plus the value of its leave (whatever the ranking)."""
        from eureka.mathable import leave

        return leave.current().equity(turn.points, self.leave(turn), self.position.edition)

    @property
    def fallback(self) -> str | None:
        """What the rules leave the mover when no token can be placed (None: a turn exists)."""
        return None if self.turns else "exchange tokens or pass"

    def board_after(self) -> dict:
        """The board after the best turn (the position's board when there is none)."""
        grid = dict(self.position.grid)
        for s in self.turns[0].placements if self.turns else ():
            grid[s.placement.cell] = s.placement.value
        return grid

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the rack, turns (equity, leave) and moves."""
        return {"edition": self.position.edition, "rack": sorted(self.position.rack),
                "tokens_on_board": len(self.position.grid),
                "by": self.by,
                "turns": [{**t.to_json(), "equity": self.equity(t), "leave": self.leave(t)}
                          for t in self.turns],
                "moves": None if self.moves is None else [s.to_json() for s in self.moves]}


@dataclass(frozen=True)
class Simulated(Solution):
    """The answer of `solve --by sim`: the candidate turns best first by simulated mean.

    Each turn comes with its Candidate figures, and the effort spent is kept.
    """

    schema: ClassVar[str] = "eureka.mathable.solve/1"

    candidates: tuple = ()      # Candidate, in the order of `turns`
    effort: Effort = Effort()
    seed: int = 0
    elapsed: float = 0.0        # wall-clock seconds the simulation took

    def json_fields(self) -> dict:
        """The solution's fields, with each turn's simulation figures and the effort."""
        fields = super().json_fields()
        for turn, c in zip(fields["turns"], self.candidates):
            low, high = c.mean - c.half, c.mean + c.half
            turn["simulation"] = {"mean": c.mean, "low": low, "high": high,
                                  "iterations": c.iterations,
                                  "win_probability": c.win_probability}
        fields["simulation"] = {"candidates": self.effort.candidates,
                                "plies": self.effort.plies,
                                "iterations": self.effort.iterations,
                                "seconds": self.effort.seconds,
                                "rollout": self.effort.rollout, "seed": self.seed,
                                "elapsed": self.elapsed}
        return fields


@dataclass(frozen=True)
class TurnCheck(Result):
    """A claimed turn judged: the verdict, and the claim scored when it is legal.

    Once `compared`, the position's best turn and the verdict's `better` (the best turn,
    when it scores more than the claim or the claim is illegal); `searched` is None before
    the comparison, False when the search went past its budget (the verdict stands).
    """

    schema: ClassVar[str] = "eureka.mathable.check/1"

    claim: str
    position: Position          # with the mover's rack
    verdict: Verdict
    turn: Turn | None           # the claimed turn, scored, when legal
    full_bonus: int             # what placing the whole rack earns (0 or 50)
    best: Turn | None = None    # the highest-scoring turn (None: none, or not searched)
    searched: bool | None = None

    @property
    def valid(self) -> bool:
        """Whether the claim is valid: its tokens on the rack and every placement legal."""
        return self.verdict.valid

    @property
    def rack(self) -> tuple:
        """The mover's rack, ascending."""
        return tuple(sorted(self.position.rack))

    def compared(self, budget: int | None = None) -> "TurnCheck":
        """The result with the best turn searched, offered as `better` when it beats the claim.

        The search stores at most `budget` sets of placements (MAX_STATES by default);
        past it, the result is returned with `searched` False and the verdict unchanged.
        """
        from eureka.mathable.ranking import best_turns  # the search: not for the other verbs

        try:
            found = best_turns(self.position.grid, self.position.rack, 1, self.full_bonus,
                               MAX_STATES if budget is None else budget)
        except SearchTooLarge:
            return replace(self, best=None, searched=False)
        best = found[0] if found else None
        beats = best is not None and (self.turn is None or best.points > self.turn.points)
        return replace(self, verdict=replace(self.verdict, better=best if beats else None),
                       best=best, searched=True)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the claim, the verdict and the turns."""
        v = self.verdict
        return {"claim": self.claim, "rack": list(self.rack), "valid": v.valid,
                "problem": v.problem, "reason": v.reason,
                "better": v.better.to_json() if v.better else None,
                "turn": self.turn.to_json() if self.turn else None,
                "best": self.best.to_json() if self.best else None,
                "better_exists": v.better is not None if self.searched else None}


PLAYERS = ("mover", "opponent")


@dataclass(frozen=True)
class Step:
    """One turn of the line: who plays and the turn.

    `player` is 0 for the mover, 1 for the opponent; `turn` is None for a pass (nothing can
    be placed).
    """

    player: int
    turn: Turn | None


@dataclass(frozen=True)
class Endgame(Result):
    """The exact rest of the game for the mover of a position: its value and principal line.

    The value is the final difference, mover − opponent, from the current scores.
    """

    schema: ClassVar[str] = "eureka.mathable.endgame/1"

    position: Position
    opponent: str               # the opponent's name in the position
    value: int
    line: tuple                 # Step, in playing order
    deductions: tuple           # (mover, opponent): the values left on each holder
    final: tuple                # (mover, opponent): the final scores
    nodes: int                  # positions searched

    def placed(self) -> set:
        """The squares the line fills."""
        return {s.placement.cell for step in self.line if step.turn
                for s in step.turn.placements}

    def board_after(self) -> dict:
        """The board when the game ends."""
        grid = dict(self.position.grid)
        for step in self.line:
            for s in step.turn.placements if step.turn else ():
                grid[s.placement.cell] = s.placement.value
        return grid

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the holders, scores, value, line and finals."""
        pos = self.position
        return {"edition": pos.edition, "rack": sorted(pos.rack),
                "opponent": {"name": self.opponent,
                             "rack": sorted(pos.others[self.opponent])},
                "scores": _pair([pos.score, pos.other_scores.get(self.opponent, 0)]),
                "tokens_on_board": len(pos.grid),
                "endgame_value": self.value,
                "line": [_step_json(s) for s in self.line],
                "deductions": _pair(self.deductions),
                "final_scores": _pair(self.final),
                "positions_searched": self.nodes}


def _pair(values) -> dict:
    """(mover's, opponent's) as {"mover": ..., "opponent": ...}."""
    return dict(zip(PLAYERS, values))


def _step_json(step: Step) -> dict:
    """A turn of the line as JSON: no placement may draw, the bag being empty."""
    if step.turn is None:
        return {"player": PLAYERS[step.player], "pass": True, "turn": "", "points": 0,
                "bonus": 0, "placements": []}
    turn = step.turn.to_json()
    return {"player": PLAYERS[step.player], "pass": False, "turn": turn["turn"],
            "points": turn["points"], "bonus": turn["bonus"],
            "placements": [{**p, "may_draw": False} for p in turn["placements"]]}


@dataclass(frozen=True)
class TurnScore:
    """A replayed turn: what each placement scored, and the full-holder bonus."""

    number: int
    play: Play
    scored: tuple               # legality.Scored per placement
    bonus: int

    @property
    def turn(self) -> Turn:
        """The placements and bonus as a turn."""
        return Turn(self.scored, self.bonus)

    @property
    def points(self) -> int:
        """The turn's points, the full-holder bonus included."""
        return self.turn.points

    def to_json(self) -> dict:
        """The turn's fields, what the record says, and the draws it records."""
        turn = self.turn.to_json()
        for n, placement in enumerate(turn["placements"]):
            placement["drew"] = n in self.play.draws
        return {"number": self.number, "player": self.play.player,
                "action": self.play.action, "official": self.play.official,
                "exchanged": self.play.exchanged, **turn}


@dataclass(frozen=True)
class Replay(Result):
    """A record played out: the turns up to the first illegal placement, and the scores.

    `valid`: no illegal placement, and every official turn score matched.
    """

    schema: ClassVar[str] = "eureka.mathable.score/1"

    record: Record
    turns: list
    totals: dict                # player -> points of the turns
    deductions: dict            # player -> tokens left at the end
    final: dict                 # totals - deductions
    illegal: str | None         # the first illegal placement, explained
    mismatches: list            # turns whose points differ from the official score

    @property
    def valid(self) -> bool:
        """Whether no placement was illegal and every official turn score matched."""
        return self.illegal is None and not self.mismatches

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the record's settings, turns and scores."""
        r = self.record
        return {"record": r.source, "edition": r.edition, "bonus": r.bonus,
                "valid": self.valid, "illegal": self.illegal,
                "turns": [t.to_json() for t in self.turns], "totals": self.totals,
                "deductions": self.deductions, "final": self.final,
                "mismatches": [t.number for t in self.mismatches]}


@dataclass(frozen=True)
class Option:
    """A turn from the holder with its points and equity."""

    turn: Turn
    equity: float

    @property
    def points(self) -> int:
        """The turn's points, the full-rack bonus included."""
        return self.turn.points

    def to_json(self) -> dict:
        """The turn's text, points, equity and placements, as JSON."""
        return {"turn": self.turn.text(), "points": self.points, "equity": self.equity,
                "placements": _placements_json(self.turn.placements)}


def _placements_json(scored) -> list:
    """The Scored placements `scored` as JSON: each one's square, token and points."""
    return [{"cell": cell_name(s.placement.cell), "value": s.placement.value,
             "points": s.points} for s in scored]


def _cells_json(grid: dict) -> dict:
    """The board `grid` as JSON: {"I8": 12, ...}, square by square."""
    return {cell_name(cell): value for cell, value in sorted(grid.items())}


@dataclass(frozen=True)
class TurnReview:
    """One turn of the record: what was played and, when the holder is known, how it compares.

    The judged part is set against the best turns by score and by equity.
    """

    replayed: TurnScore
    judged: Option | None           # None: the holder is not known
    by_score: Option | None         # None: not reviewed, or nothing could be placed
    by_equity: Option | None
    lost_points: int | None         # None: not reviewed
    lost_equity: float | None       # None: not reviewed, or no placements
    before: dict                    # the board before the turn: cell -> value
    why: str | None                 # how a turn with draws, an exchange or a pass is judged

    @property
    def reviewed(self) -> bool:
        """Whether the turn was reviewed: its holder is known."""
        return self.judged is not None

    @property
    def unjudged(self) -> int:
        """Placements after the judged part (they follow a draw)."""
        if not self.reviewed:
            return 0
        return len(self.replayed.scored) - len(self.judged.turn.placements)

    def to_json(self) -> dict:
        """The board before the turn, the turn, its judged part, the best turns and the losses."""
        t, play = self.replayed, self.replayed.play
        return {"number": t.number, "player": play.player, "action": play.action,
                "holder": None if play.holder is None else sorted(play.holder),
                "cells": _cells_json(self.before),
                "played": action_text(play), "points": t.points,
                "placements": _placements_json(t.scored),
                "reviewed": self.reviewed, "why": self.why,
                "judged": self.judged and self.judged.to_json(),
                "unjudged": self.unjudged,
                "best_by_score": self.by_score and self.by_score.to_json(),
                "best_by_equity": self.by_equity and self.by_equity.to_json(),
                "lost_points": self.lost_points, "lost_equity": self.lost_equity}


@dataclass(frozen=True)
class PlayerSummary:
    """A player's reviewed turns: the points and equity lost, the share of best turns."""

    player: str
    turns: int                      # turns of the player in the replay
    reviewed: int                   # of them, reviewed
    lost_points: int
    best_by_score: int              # reviewed turns that lost no points
    equity_judged: int              # reviewed turns with an equity loss (placements)
    lost_equity: float
    best_by_equity: int             # of those, turns that lost no equity
    costliest: tuple                # TurnReview: the turns that lost the most points, first

    def to_json(self) -> dict:
        """The player's figures as JSON, with the means and shares (None over no turns)."""
        def mean(total, n):
            return total / n if n else None

        return {"player": self.player, "turns": self.turns, "reviewed": self.reviewed,
                "lost_points": self.lost_points,
                "mean_lost_points": mean(self.lost_points, self.reviewed),
                "best_by_score_share": mean(self.best_by_score, self.reviewed),
                "equity_judged": self.equity_judged,
                "lost_equity": round(self.lost_equity, 2),
                "mean_lost_equity": mean(self.lost_equity, self.equity_judged),
                "best_by_equity_share": mean(self.best_by_equity, self.equity_judged),
                "costliest": [{"number": t.replayed.number, "lost_points": t.lost_points,
                               "lost_equity": t.lost_equity} for t in self.costliest]}


@dataclass(frozen=True)
class Standing:
    """The game after a turn (after 0: before the first): scores, bag, chances to win.

    `bag` is None when a holder then is not known; `chances` (each player's chance to
    win, outlook.py) is None also with more than two players.
    """

    after: int                      # turns played
    scores: dict                    # player -> points of the turns so far
    bag: int | None
    chances: dict | None            # player -> chance to win, from 0 to 1

    def to_json(self) -> dict:
        """The standing as JSON."""
        return {"after": self.after, "scores": dict(self.scores), "bag": self.bag,
                "chances": self.chances and dict(self.chances)}


@dataclass(frozen=True)
class Review(Result):
    """A game record reviewed turn by turn, with a summary per player and the game's course.

    `valid`: the record replays without an illegal placement (the review stops at the
    first). `final`: the final scores, once the record gives every player's tokens left
    (the game is over).
    """

    schema: ClassVar[str] = "eureka.mathable.review/1"

    record: Record
    turns: tuple                    # TurnReview, in playing order
    players: tuple                  # PlayerSummary, in the order of the first round
    illegal: str | None
    course: tuple                   # Standing, before the first turn and after each
    final: dict | None              # player -> final score; None: the game is not over

    @property
    def valid(self) -> bool:
        """Whether the record replays without an illegal placement."""
        return self.illegal is None

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the record's settings, turns and players."""
        r = self.record
        return {"record": r.source, "edition": r.edition, "bonus": r.bonus,
                "valid": self.valid, "illegal": self.illegal,
                "turns": [t.to_json() for t in self.turns],
                "players": [p.to_json() for p in self.players],
                "course": [c.to_json() for c in self.course],
                "final": self.final and dict(self.final)}


@dataclass
class Summary(Result):
    """Aggregates over a run of games, seat by seat in the order of `policies`.

    A seat's figures follow its policy through the seat orders of a deal.
    """

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
