"""A claimed Mathable turn checked against a position.

The claim is legal or exactly why not, scored, and then, within a budget, compared with
the best turn, to say whether a better turn exists.
"""

from collections import Counter

from eureka.contract import Verdict
from eureka.mathable.legality import IllegalPlacement, Turn, score_turn
from eureka.mathable.position import Position, with_rack
from eureka.mathable.record import claimed_turn
from eureka.mathable.results import TurnCheck
from eureka.mathable.tokens import full_rack_bonus


def check(position: Position, claim: str, rack=None, bonus: bool = True,
          compare: bool = True, budget: int | None = None) -> TurnCheck:
    """Check the turn `claim` for the mover of `position`, and return the TurnCheck.

    `claim` lists the placements in order ('I8=12 J8=16'); the mover's rack is `rack`
    (default: the position's); `bonus` counts the full-rack bonus when the claim places the
    whole rack. With `compare`, the best turn is searched too, within `budget` (see
    results.TurnCheck.compared). Raises PositionError without a rack, and RecordError for a claim
    that is not a list of placements.
    """
    position = with_rack(position, rack)
    placements = claimed_turn(claim, position.edition)
    full = full_rack_bonus(position.rack, bonus)
    turn, why = None, not_on_rack(placements, position.rack)
    if why:
        verdict = Verdict(False, why, "not-on-rack")
    else:
        try:
            scored = score_turn(dict(position.grid), placements)
        except IllegalPlacement as e:
            verdict = Verdict(False, f"placement {e.number}, {e}", e.problem)
        else:
            turn = Turn(tuple(scored), full if len(placements) == len(position.rack) else 0)
            verdict = Verdict(True, f"valid: {turn.summary()}")
    result = TurnCheck(claim, position, verdict, turn, full)
    return result.compared(budget) if compare else result


def not_on_rack(placements, rack) -> str:
    """Why the `placements` need tokens the `rack` does not hold ('' when it holds them)."""
    need, have = Counter(p.value for p in placements), Counter(rack)
    for value, count in sorted(need.items()):
        if count > have[value]:
            held = f"holds {have[value]}" if have[value] else "holds none"
            rack_text = " ".join(map(str, sorted(rack)))
            places = f"a {value}" if count == 1 else f"{count} tokens of {value}"
            return f"the turn places {places}, but the rack ({rack_text}) {held}"
    return ""
