"""A claimed Mathable turn checked against a position: legal or exactly why not, its
score, and whether a better turn exists."""

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from eureka.contract import Result, Verdict
from eureka.mathable.legality import IllegalPlacement, Turn, score_turn
from eureka.mathable.position import Position, with_rack
from eureka.mathable.record import claimed_turn
from eureka.mathable.solve import best_turns
from eureka.mathable.tokens import full_rack_bonus


@dataclass(frozen=True)
class TurnCheck(Result):
    """A claimed turn judged: the verdict (its `better` is the best turn when that scores
    more than the claim), the claim scored when it is legal, and the position's best
    turn."""

    schema: ClassVar[str] = "eureka.mathable.check/1"

    claim: str
    rack: tuple
    verdict: Verdict
    turn: Turn | None           # the claimed turn, scored, when legal
    best: Turn | None           # the highest-scoring turn of the position (None: none)

    @property
    def valid(self) -> bool:
        return self.verdict.valid

    def json_fields(self) -> dict:
        v = self.verdict
        return {"claim": self.claim, "rack": sorted(self.rack), "valid": v.valid,
                "problem": v.problem, "reason": v.reason or None,
                "better": v.better.to_json() if v.better else None,
                "turn": self.turn.to_json() if self.turn else None,
                "best": self.best.to_json() if self.best else None,
                "better_exists": v.better is not None}


def check(position: Position, claim: str, rack=None, bonus: bool = True) -> TurnCheck:
    """Check the claimed turn `claim` ('I8=12 J8=16', placements in order) for the mover
    of `position`, whose rack is `rack` (default: the position's)."""
    position = with_rack(position, rack)
    placements = claimed_turn(claim, position.edition)
    full = full_rack_bonus(position.rack, bonus)
    found = best_turns(position.grid, position.rack, 1, full)
    best = found[0] if found else None
    turn, why = None, _not_on_rack(placements, position.rack)
    if why:
        verdict = Verdict(False, why, "not-on-rack", better=best)
    else:
        try:
            scored = score_turn(dict(position.grid), placements)
        except IllegalPlacement as e:
            verdict = Verdict(False, f"placement {e.number}, {e}", e.problem, better=best)
        else:
            turn = Turn(tuple(scored), full if len(placements) == len(position.rack) else 0)
            verdict = Verdict(True, "", better=best if best.points > turn.points else None)
    return TurnCheck(claim, tuple(position.rack), verdict, turn, best)


def _not_on_rack(placements, rack) -> str:
    """Why the placements need tokens the rack does not hold ('' when it holds them)."""
    need, have = Counter(p.value for p in placements), Counter(rack)
    for value, count in sorted(need.items()):
        if count > have[value]:
            held = f"holds {have[value]}" if have[value] else "holds none"
            rack_text = " ".join(map(str, sorted(rack)))
            places = f"a {value}" if count == 1 else f"{count} tokens of {value}"
            return f"the turn places {places}, but the rack ({rack_text}) {held}"
    return ""
