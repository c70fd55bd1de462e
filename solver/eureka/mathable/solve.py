"""The `solve` verb of Mathable: the exact best turns of a position, by score or by equity.

The turns are ranked by ranking.py, and with `moves` every legal single placement is
listed too (singles.py).
"""


from eureka.errors import EurekaError
from eureka.mathable.options import MAX_STATES, RANKINGS
from eureka.mathable.position import Position, with_rack
from eureka.mathable.ranking import best_turns
from eureka.mathable.results import Solution
from eureka.mathable.singles import single_placements
from eureka.mathable.tokens import full_rack_bonus


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
