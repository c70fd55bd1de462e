"""A game's review: each turn whose holder the record gives, against the best turns from it.

A turn is judged on what its holder allowed, and what it lost is counted: its
placements up to the first that needs a token drawn during the turn (the judged part;
the placements after it follow a chance draw and are not judged).  The judged part is a
legal turn from the holder, so it scores at most the best turn by score, and its equity
(points plus the value of the tokens kept, leave.py) is at most the best turn's by
equity: the losses are never negative. The full-rack bonus counts for the judged part
when it places the whole holder and the turn earned the bonus.

A turn without placements (an exchange or a pass) loses the best turn's points (0 when
nothing could be placed); its equity loss is not computed: the record does not say
which tokens were exchanged.  A turn whose holder is not written is listed, not
reviewed.  The review follows the replay (record.replay) up to its first illegal
placement.  Every best turn comes from ranking.best_turns, which scores it again with
legality.score_turn.
"""

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from eureka.contract import Result
from eureka.mathable.board import START
from eureka.mathable.leave import kept, leave_value
from eureka.mathable.legality import Turn
from eureka.mathable.ranking import best_turns
from eureka.mathable.record import Record, TurnScore, action_text, replay
from eureka.mathable.tokens import full_rack_bonus


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
        """The turn's text, points and equity, as JSON."""
        return {"turn": self.turn.text(), "points": self.points, "equity": self.equity}


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
        """The turn, its judged part, the best turns and the losses, as JSON."""
        t, play = self.replayed, self.replayed.play
        return {"number": t.number, "player": play.player, "action": play.action,
                "holder": None if play.holder is None else sorted(play.holder),
                "played": action_text(play), "points": t.points,
                "reviewed": self.reviewed,
                "judged": self.judged and self.judged.to_json(),
                "unjudged": self.unjudged,
                "best_by_score": self.by_score and self.by_score.to_json(),
                "best_by_equity": self.by_equity and self.by_equity.to_json(),
                "lost_points": self.lost_points, "lost_equity": self.lost_equity}


def equity(turn: Turn, holder, edition: int) -> float:
    """The `turn`'s points plus the value of the tokens it keeps from `holder`, to 2 decimals.

    The tokens are valued for the `edition` (leave.leave_value).
    """
    placed = [s.placement.value for s in turn.placements]
    return round(turn.points + leave_value(kept(holder, placed), edition), 2)


def judged_part(turn: TurnScore) -> Turn:
    """The judged part of `turn`: its placements up to the first the holder cannot supply.

    Such a placement uses a drawn token. The part has the turn's bonus when it places the
    whole holder and the turn earned it. `turn` must have its holder written.
    """
    left, part = Counter(turn.play.holder), []
    for s in turn.scored:
        if not left[s.placement.value]:
            break
        left[s.placement.value] -= 1
        part.append(s)
    whole = len(part) == len(turn.play.holder)
    return Turn(tuple(part), turn.bonus if whole else 0)


def review_turn(grid: dict, turn: TurnScore, record: Record) -> TurnReview:
    """The review of one `turn` of `record`, played on `grid` (the board before it)."""
    holder = turn.play.holder
    if holder is None:
        return TurnReview(turn, None, None, None, None, None)
    edition, bonus = record.edition, full_rack_bonus(holder, record.bonus)
    options = {}
    for by in ("score", "equity"):
        best = best_turns(grid, holder, 1, bonus, by=by, edition=edition)
        options[by] = Option(best[0], equity(best[0], holder, edition)) if best else None
    part = judged_part(turn)
    judged = Option(part, equity(part, holder, edition))
    best_points = options["score"].points if options["score"] else 0
    lost_equity = None
    if part.placements:
        lost_equity = round(options["equity"].equity - judged.equity, 2)
    return TurnReview(turn, judged, options["score"], options["equity"],
                      best_points - judged.points, lost_equity)


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
                "best_by_equity_share": mean(self.best_by_equity, self.equity_judged)}


def summarise(player: str, reviews) -> PlayerSummary:
    """The summary of `player` from the `reviews` of the game's turns."""
    mine = [r for r in reviews if r.replayed.play.player == player]
    seen = [r for r in mine if r.reviewed]
    weighed = [r.lost_equity for r in seen if r.lost_equity is not None]
    return PlayerSummary(player, len(mine), len(seen),
                         sum(r.lost_points for r in seen),
                         sum(r.lost_points == 0 for r in seen), len(weighed),
                         statistics.fsum(weighed) if weighed else 0.0,
                         sum(lost == 0 for lost in weighed))


@dataclass(frozen=True)
class Review(Result):
    """A game record reviewed turn by turn, with a summary per player.

    `valid`: the record replays without an illegal placement (the review stops at the
    first).
    """

    schema: ClassVar[str] = "eureka.mathable.review/1"

    record: Record
    turns: tuple                    # TurnReview, in playing order
    players: tuple                  # PlayerSummary, in the order of the first round
    illegal: str | None

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
                "players": [p.to_json() for p in self.players]}


def review(record: Record) -> Review:
    """The review of every turn of `record`, up to its first illegal placement."""
    game = replay(record)
    grid, reviews = dict(START), []
    for turn in game.turns:
        reviews.append(review_turn(dict(grid), turn, record))
        grid.update((s.placement.cell, s.placement.value) for s in turn.scored)
    players = tuple(summarise(p, reviews) for p in game.totals)
    return Review(record, tuple(reviews), players, game.illegal)

