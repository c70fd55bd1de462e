"""The `score` verb of Mathable: a game record played out, turn by turn, and scored."""

from eureka.mathable.board import START
from eureka.mathable.legality import IllegalPlacement, score_turn
from eureka.mathable.record import Play, Record, holder_sizes, players_of
from eureka.mathable.results import Replay, TurnScore
from eureka.mathable.tokens import FULL_RACK_BONUS, RACK_SIZE


def replay(record: Record) -> Replay:
    """The `record` played out from the printed four, each turn scored.

    The replay stops at the first illegal placement, or pass (singles.pass_refusal: a
    turn whose holder is not written is checked for the bag alone); the full-holder
    bonus goes to a turn that began with a full holder and emptied it. Returns a Replay,
    whose `mismatches` are the turns that score otherwise than the record's official
    score.
    """
    sizes, _ = holder_sizes(record)
    grid, turns, illegal = dict(START), [], None
    for number, (play, (start, after, bag)) in enumerate(zip(record.plays, sizes), 1):
        refused = _refused_pass(grid, play, bag)
        if refused:
            illegal = f"turn {number} ({play.player}): a pass, but {refused}"
            break
        try:
            scored = score_turn(grid, play.placements)
        except IllegalPlacement as e:
            illegal = f"turn {number} ({play.player}): {e}"
            break
        full = record.bonus and start == RACK_SIZE and after == 0
        turns.append(TurnScore(number, play, tuple(scored),
                               FULL_RACK_BONUS if full else 0))
    players = players_of(record.plays)
    totals = {p: sum(t.points for t in turns if t.play.player == p) for p in players}
    deductions = {p: sum(record.left.get(p, ())) for p in players}
    return Replay(record, turns, totals, deductions,
                  {p: totals[p] - deductions[p] for p in players}, illegal,
                  [t for t in turns
                   if t.play.official is not None and t.points != t.play.official])


def _refused_pass(grid: dict, play: Play, bag: int) -> str | None:
    """Why the rules refuse `play` on `grid` with `bag` tokens in the bag, if it is a pass."""
    if play.action != "pass":
        return None
    from eureka.mathable.arrays import board_array  # the kernels: for a pass only
    from eureka.mathable.singles import pass_refusal

    return pass_refusal(board_array(grid), play.holder or (), bag)
