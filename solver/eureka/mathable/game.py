"""Mathable's contract: the ruleset and the verbs solve, check, score and simulate.

Nothing here compiles a kernel: the search and self-play modules are imported by the
verbs that need them.
"""

from collections import Counter
from dataclasses import dataclass, field

from eureka.errors import EurekaError
from eureka.mathable import position as positions
from eureka.mathable import record as records
from eureka.mathable.board import OPERATIONS, SIZE, SQUARES, START, Square
from eureka.mathable.options import MAX_STATES
from eureka.mathable.tokens import (
    FULL_RACK_BONUS,
    HOLDERS,
    MAX_RACK,
    MIN_PLAYERS,
    RACK_SIZE,
    TOKEN_SETS,
    token_set,
)


@dataclass(frozen=True)
class Preset:
    """The whole ruleset: the 14 × 14 board (its squares and the printed 1 2 3 4), the
    restriction squares' operations, the token set of each edition, the holder size,
    the most tokens a turn can hold (a holder and its extra draws), the full-rack bonus,
    and the players a game takes (2–4, one token holder each)."""

    size: int = SIZE
    squares: dict[tuple, Square] = field(default_factory=lambda: dict(SQUARES))
    start: dict[tuple, int] = field(default_factory=lambda: dict(START))
    operations: str = OPERATIONS
    editions: tuple = tuple(TOKEN_SETS)
    edition: int = 126                      # the rulebook's set, the default
    rack_size: int = RACK_SIZE
    max_rack: int = MAX_RACK
    full_rack_bonus: int = FULL_RACK_BONUS
    players: tuple = (MIN_PLAYERS, HOLDERS)

    def tokens(self, edition: int | None = None) -> Counter:
        """The tokens of an edition (this preset's by default)."""
        return token_set(edition or self.edition)


class Mathable:
    """The board game Mathable: each verb returns a result with its `to_json()`."""

    name = "mathable"

    def __init__(self, preset: Preset):
        self.preset = preset

    def position(self, path: str | None = None, text: str | None = None,
                 edition: int | None = None) -> positions.Position:
        """A position read from `text` or the file `path` (a text grid or JSON), or the
        opening board; `edition`, when given, must agree with the file."""
        if text is not None:
            return positions.parse(text, edition)
        if path is not None:
            return positions.read(path, edition)
        return positions.Position(edition=edition or self.preset.edition).validate()

    def solve(self, position, rack=None, limit: int = 1, moves: bool = False,
              bonus: bool = True, by: str = "score", seed: int = 0,
              max_sets: int | None = None, **effort):
        """The `limit` best turns by score or equity (`by`, one of RANKINGS;
        eureka.mathable.solve/1), and with `moves` every legal single placement; `rack`
        replaces the position's own; `max_sets`: the search's budget of stored sets of
        placements (MAX_STATES by default), past which it is refused.  By "sim":
        the top candidates by equity simulated (sim.solve) with the deals seeded by
        `seed` and `effort` (sim.Effort's fields); no `limit`, `moves` or `max_sets`
        then."""
        if by == "sim":
            if limit != 1 or moves or max_sets is not None:
                raise EurekaError("a simulation lists its candidates: no limit, moves or "
                                  "max_sets")
            from eureka.mathable import montecarlo
            return montecarlo.solve(position, rack, bonus, montecarlo.Effort(**effort), seed)
        if effort or seed:
            raise EurekaError(f"the simulation's effort and seed need by='sim', not {by!r}")
        from eureka.mathable.solve import solve
        return solve(position, rack, limit, moves, bonus, by,
                     MAX_STATES if max_sets is None else max_sets)

    def check(self, position, claim: str, rack=None, bonus: bool = True,
              compare: bool = True):
        """A claimed turn ('I8=12 J8=16') judged (eureka.mathable.check/1); with
        `compare`, the best turn is searched too, within a budget, and is `better` when
        it scores more (else call `.compared()` on the result, after the verdict)."""
        from eureka.mathable.claim import check
        return check(position, claim, rack, bonus, compare)

    def record(self, path: str | None = None, text: str | None = None,
               edition: int | None = None, bonus: bool | None = None,
               source: str = "") -> records.Record:
        """A game record from `text`, or from the file `path` (a text record, or a CAVA
        2024 game's N_turns.txt); `edition` and `bonus` must agree with its headers."""
        if text is not None:
            return records.parse(text, edition, bonus, source)
        return records.read(path, edition, bonus)

    def score(self, record: records.Record) -> records.Replay:
        """The record replayed turn by turn (eureka.mathable.score/1)."""
        return records.replay(record)

    def endgame(self, position, rack=None, bonus: bool = True):
        """The exact rest of the game once the bag is empty and both holders are known:
        its value and line (eureka.mathable.endgame/1); `rack` replaces the mover's."""
        from eureka.mathable.endgame import endgame
        return endgame(position, rack, bonus)

    def review(self, record: records.Record):
        """Every turn whose holder the record gives against the best turns by score
        and by equity, and what it lost (eureka.mathable.review/1)."""
        from eureka.mathable.review import review
        return review(record)

    def self_play(self, games: int, policies, seed: int = 0, edition: int | None = None,
                  bonus: bool = True, swap: bool = True):
        """A run of self-play games, its arguments checked (run it with `.run()`):
        `games` deals, each played in every seat order unless not `swap`."""
        from eureka.mathable.simulate import SelfPlayRun
        return SelfPlayRun(games, tuple(policies), seed, edition or self.preset.edition,
                        bonus, swap)

    def simulate(self, games: int, policies, seed: int = 0, edition: int | None = None,
                 bonus: bool = True, progress=None, swap: bool = True):
        """Self-play of complete games, summarised (eureka.mathable.simulate/1)."""
        return self.self_play(games, policies, seed, edition, bonus, swap).run(progress)

    def game_record(self, policies, seed: int = 0, deal: int = 0,
                    edition: int | None = None, bonus: bool = True) -> records.Record:
        """Deal `deal` of a self-play run as a game record with every holder given
        (records.write gives its text)."""
        from eureka.mathable.selfplay import game_record
        return game_record(tuple(policies), seed, deal, edition or self.preset.edition,
                           bonus)


GAME = Mathable(Preset())
