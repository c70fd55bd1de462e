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
reviewed.  The review follows the replay (score.replay) up to its first illegal
placement.  Every best turn comes from ranking.best_turns, which scores it again with
legality.score_turn.
"""

import statistics
from collections import Counter

from eureka.mathable.board import START
from eureka.mathable.leave import kept, leave_value
from eureka.mathable.legality import Turn
from eureka.mathable.ranking import best_turns
from eureka.mathable.record import Record
from eureka.mathable.results import Option, PlayerSummary, Review, TurnReview, TurnScore
from eureka.mathable.score import replay
from eureka.mathable.tokens import full_rack_bonus


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


def review(record: Record) -> Review:
    """The review of every turn of `record`, up to its first illegal placement."""
    game = replay(record)
    grid, reviews = dict(START), []
    for turn in game.turns:
        reviews.append(review_turn(dict(grid), turn, record))
        grid.update((s.placement.cell, s.placement.value) for s in turn.scored)
    players = tuple(summarise(p, reviews) for p in game.totals)
    return Review(record, tuple(reviews), players, game.illegal)

