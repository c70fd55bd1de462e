"""A claimed Mathable turn checked against a position: legal or exactly why not, its
score, and whether a better turn exists."""

from collections import Counter
from dataclasses import dataclass

from eureka.mathable.rules import IllegalPlacement, score_turn
from eureka.mathable.search import Turn, best_turns
from eureka.mathable.tokens import full_rack_bonus


@dataclass(frozen=True)
class TurnVerdict:
    """Whether a claimed turn is legal, its score, and the position's best turn."""

    valid: bool
    reason: str                 # why the turn is illegal ('' when it is legal)
    turn: Turn | None           # the claimed turn, scored, when legal
    best: Turn | None           # the highest-scoring turn of the position (None: none)

    @property
    def better(self) -> Turn | None:
        """The best turn, when it scores more than the claim."""
        if self.best and (not self.turn or self.best.points > self.turn.points):
            return self.best
        return None


def check_turn(position, placements, bonus: bool = True) -> TurnVerdict:
    """Check `placements` (in order) for the mover of `position`."""
    found = best_turns(position.grid, position.rack, top=1,
                       bonus=full_rack_bonus(position.rack, bonus))
    best = found[0] if found else None
    missing = _not_on_rack(placements, position.rack)
    if missing:
        return TurnVerdict(False, missing, None, best)
    try:
        scored = score_turn(dict(position.grid), placements)
    except IllegalPlacement as e:
        return TurnVerdict(False, f"placement {e.number}, {e}", None, best)
    full = len(placements) == len(position.rack)
    turn = Turn(tuple(scored), full_rack_bonus(position.rack, bonus) if full else 0)
    return TurnVerdict(True, "", turn, best)


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
