"""A claimed Mathable turn checked against a position.

The claim is legal or exactly why not, scored, and then, within a budget, compared with
the best turn, to say whether a better turn exists.
"""

from collections import Counter
from dataclasses import dataclass, replace
from typing import ClassVar

from eureka.contract import Result, Verdict
from eureka.errors import SearchTooLarge
from eureka.mathable.legality import IllegalPlacement, Turn, score_turn
from eureka.mathable.position import Position, with_rack
from eureka.mathable.ranking import best_turns
from eureka.mathable.record import claimed_turn
from eureka.mathable.solve import MAX_STATES
from eureka.mathable.tokens import full_rack_bonus


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

        The search stores at most `budget` sets of placements (solve's MAX_STATES by default);
        past it, the result is returned with `searched` False and the verdict unchanged.
        """
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


def check(position: Position, claim: str, rack=None, bonus: bool = True,
          compare: bool = True, budget: int | None = None) -> TurnCheck:
    """Check the turn `claim` for the mover of `position`, and return the TurnCheck.

    `claim` lists the placements in order ('I8=12 J8=16'); the mover's rack is `rack`
    (default: the position's); `bonus` counts the full-rack bonus when the claim places the
    whole rack. With `compare`, the best turn is searched too, within `budget` (see
    TurnCheck.compared). Raises PositionError without a rack, and RecordError for a claim
    that is not a list of placements.
    """
    position = with_rack(position, rack)
    placements = claimed_turn(claim, position.edition)
    full = full_rack_bonus(position.rack, bonus)
    turn, why = None, _not_on_rack(placements, position.rack)
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
