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
legality.score_turn.  Each turn keeps the board before it, and `why` says how a turn with
draws, an exchange or a pass is judged.

A player's summary adds the COSTLIEST turns that lost the most points.  The game's
course gives, before the first turn and after each, the scores and, in a 2-player game,
each side's chance to win: outlook.win_chance of the last mover's lead in equity (scores
plus the values of both holders then, which the record gives at each player's next turn
and in its 'left' lines), with the tokens left in the bag; once the game is over, 1, ½
or 0 by the final scores.  Where a holder then is not written (or the players are 3 or
4), there is no chance (and without the holders, no bag).
"""

import statistics
from collections import Counter

from eureka.mathable.board import START
from eureka.mathable.leave import kept, leave_value
from eureka.mathable.legality import Turn
from eureka.mathable.outlook import win_chance
from eureka.mathable.ranking import best_turns
from eureka.mathable.record import Record, draws_of
from eureka.mathable.results import (
    Option,
    PlayerSummary,
    Replay,
    Review,
    Standing,
    TurnReview,
    TurnScore,
)
from eureka.mathable.score import replay
from eureka.mathable.tokens import full_rack_bonus, token_set
from eureka.text import plural

COSTLIEST = 3               # the turns a player's summary names


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


def why(turn: TurnScore, part: Turn, best: Option | None) -> str | None:
    """How `turn` is judged, when it drew tokens, exchanged or passed (else None).

    `part` is its judged part; `best`, the best turn by score from its holder.
    """
    play = turn.play
    if play.action == "exchange":
        return ("An exchange loses the best turn's points; its equity loss is not "
                "computed, as the record does not say which tokens went back.")
    if play.action == "pass":
        return "A pass loses the best turn's points."
    if not play.draws:
        return None
    judged, drawn = len(part.placements), draws_of(play)
    if judged == len(turn.scored):
        after = " and ".join(play.placements[i].text() for i in play.draws)
        return (f"Judged whole: every placement could come from the holder the turn began "
                f"with, so the {'draw' if len(drawn) == 1 else 'draws'} after {after} "
                f"changed nothing it is judged on.")
    first = turn.scored[judged].placement
    source = next((f"the {value} drawn after {play.placements[i].text()}"
                   for i, value in drawn.items() if i < judged and value == first.value),
                  "a token drawn during the turn")
    bonus = f" (the {turn.bonus} for the full holder included)" if turn.bonus > part.bonus \
        else ""
    return (f"Judged on its first {plural(judged, 'placement')}: {first.text()} places "
            f"{source}, and what follows a chance draw is not judged "
            f"({plural(len(turn.scored) - judged, 'placement')}). The whole turn scored "
            f"{turn.points}{bonus}, the judged part {part.points}; the best turn from the "
            f"holder alone scores {best.points if best else 0}.")


def review_turn(grid: dict, turn: TurnScore, record: Record) -> TurnReview:
    """The review of one `turn` of `record`, played on `grid` (the board before it)."""
    holder = turn.play.holder
    if holder is None:
        return TurnReview(turn, None, None, None, None, None, grid, None)
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
                      best_points - judged.points, lost_equity, grid,
                      why(turn, part, options["score"]))


def summarise(player: str, reviews) -> PlayerSummary:
    """The summary of `player` from the `reviews` of the game's turns."""
    mine = [r for r in reviews if r.replayed.play.player == player]
    seen = [r for r in mine if r.reviewed]
    weighed = [r.lost_equity for r in seen if r.lost_equity is not None]
    costly = sorted((r for r in seen if r.lost_points),
                    key=lambda r: (-r.lost_points, -(r.lost_equity or 0), r.replayed.number))
    return PlayerSummary(player, len(mine), len(seen),
                         sum(r.lost_points for r in seen),
                         sum(r.lost_points == 0 for r in seen), len(weighed),
                         statistics.fsum(weighed) if weighed else 0.0,
                         sum(lost == 0 for lost in weighed), tuple(costly[:COSTLIEST]))


def holder_after(game: Replay, turns: int, player: str, over: bool) -> tuple | None:
    """`player`'s holder once `turns` turns of `game` are played (None: not written).

    It is the holder written at the player's next turn; after the player's last, the
    tokens left when the game is `over` (the record ends it).
    """
    later = next((t.play for t in game.turns[turns:] if t.play.player == player), None)
    if later is not None:
        return later.holder
    return tuple(game.record.left[player]) if over else None


def standing(game: Replay, turns: int, over: bool) -> Standing:
    """The game once `turns` turns of `game` are played; `over`: the record ends the game."""
    played, record = game.turns[:turns], game.record
    players = list(game.totals)
    scores = {p: sum(t.points for t in played if t.play.player == p) for p in players}
    holders = {p: holder_after(game, turns, p, over) for p in players}
    if any(h is None for h in holders.values()):
        return Standing(turns, scores, None, None)
    bag = (sum(token_set(record.edition).values()) - sum(len(t.scored) for t in played)
           - sum(len(h) for h in holders.values()))
    if len(players) != 2 or not game.turns:
        return Standing(turns, scores, bag, None)
    if over and turns == len(game.turns):
        mover, other = players
        lead = game.final[mover] - game.final[other]
        chance = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    else:                       # before the first turn, the last mover is the second
        mover = played[-1].play.player if played else players[1]
        other = players[1 - players.index(mover)]
        worth = {p: scores[p] + leave_value(sorted(holders[p]), record.edition)
                 for p in players}
        chance = win_chance(worth[mover] - worth[other], bag, moved=True)
    return Standing(turns, scores, bag, {mover: round(chance, 4),
                                         other: round(1 - chance, 4)})


def review(record: Record) -> Review:
    """The review of every turn of `record`, up to its first illegal placement."""
    game = replay(record)
    grid, reviews = dict(START), []
    for turn in game.turns:
        reviews.append(review_turn(dict(grid), turn, record))
        grid.update((s.placement.cell, s.placement.value) for s in turn.scored)
    players = tuple(summarise(p, reviews) for p in game.totals)
    over = game.illegal is None and all(p in record.left for p in game.totals)
    course = tuple(standing(game, k, over) for k in range(len(game.turns) + 1))
    return Review(record, tuple(reviews), players, game.illegal, course,
                  dict(game.final) if over else None)

