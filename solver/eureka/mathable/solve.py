"""The `solve` verb of Mathable: the exact best turns of a position, by score or by equity.

The turns are ranked by ranking.py, and with `moves` every legal single placement is
listed too (singles.py).
"""

from dataclasses import dataclass
from typing import ClassVar

from eureka.contract import Result
from eureka.errors import EurekaError
from eureka.mathable import leave
from eureka.mathable.options import MAX_STATES, RANKINGS
from eureka.mathable.position import Position, with_rack
from eureka.mathable.ranking import best_turns
from eureka.mathable.singles import single_placements
from eureka.mathable.tokens import full_rack_bonus


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
        return leave.kept(self.position.rack, [s.placement.value for s in turn.placements])

    def equity(self, turn) -> float:
        """The total of `turn` plus the value of its leave (whatever the ranking)."""
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


def solve(position: Position, rack=None, limit: int = 1, moves: bool = False,
          bonus: bool = True, by: str = "score", max_sets: int = MAX_STATES) -> Solution:
    """The `limit` best turns for `rack` (default: the rack of `position`) on its board.

    They are ranked by score or equity (`by`, one of RANKINGS); `bonus` counts the 50
    points for placing a full rack of 7; with `moves`, every legal single placement is
    listed too. Returns a Solution. Raises EurekaError for an unknown ranking or a
    `max_sets` below 1, PositionError without a rack, and SearchTooLarge past `max_sets`
    stored sets of placements.
    """
    if by not in RANKINGS:
        raise EurekaError(f"rank turns by {' or '.join(RANKINGS)}, not {by!r}")
    if max_sets < 1:
        raise EurekaError(f"the search needs room for at least one set, not {max_sets}")
    position = with_rack(position, rack)
    turns = best_turns(position.grid, position.rack, limit,
                       full_rack_bonus(position.rack, bonus), max_sets, by=by,
                       edition=position.edition)
    singles = single_placements(position.grid, position.rack) if moves else None
    return Solution(position, tuple(turns), None if singles is None else tuple(singles),
                    by)
