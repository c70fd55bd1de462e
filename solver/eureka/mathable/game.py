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
from eureka.mathable.options import MAX_STATES, Effort
from eureka.mathable.results import Replay
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
    """The whole ruleset of Mathable, the rulebook's by default.

    The 14 × 14 board (its squares and the printed 1 2 3 4), the restriction squares'
    operations, the token set of each edition, the holder size, the most tokens a turn can
    hold (a holder and its extra draws), the full-rack bonus, and the players a game takes
    (2–4, one token holder each).
    """

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
        """The tokens of `edition` (this preset's when None), as a Counter of values."""
        return token_set(edition or self.edition)


class Mathable:
    """The board game Mathable: each verb returns a result with its `to_json()`."""

    name = "mathable"

    def __init__(self, preset: Preset):
        self.preset = preset

    def position(self, path: str | None = None, text: str | None = None,
                 edition: int | None = None) -> positions.Position:
        """A position read from `text` or from the file `path`, or the opening board.

        `text` and the file are a text grid or JSON; with neither, the opening board of
        `edition` (the preset's by default). `edition`, when given, must agree with the file.

        Raises PositionError for a malformed position, or one that could not occur in a game.
        """
        if text is not None:
            return positions.parse(text, edition)
        if path is not None:
            return positions.read(path, edition)
        return positions.Position(edition=edition or self.preset.edition).validate()

    def solve(self, position, rack=None, limit: int = 1, moves: bool = False,
              bonus: bool = True, by: str = "score", seed: int = 0,
              max_sets: int | None = None, **effort):
        """The best turns of a position by score or equity, or its top candidates simulated.

        `position` is a Position (see `position`) and `rack`, when given, replaces its rack;
        `limit` turns are kept, ranked `by` one of RANKINGS (eureka.mathable.solve/1); with
        `moves`, every legal single placement is listed too; `bonus` counts the full-rack bonus;
        `max_sets` is the search's budget of stored sets of placements (MAX_STATES by default),
        past which it is refused. By "sim", the top candidates by equity are simulated
        (montecarlo.solve) on deals seeded by `seed`, with `effort` as options.Effort's
        fields; `limit`, `moves` and `max_sets` are then left at their defaults.

        Returns a results.Solution (a results.Simulated by "sim"). Raises EurekaError for an
        effort or seed without "sim", or a limit, moves or max_sets with it; SearchTooLarge past
        `max_sets`.
        """
        if by == "sim":
            if limit != 1 or moves or max_sets is not None:
                raise EurekaError("a simulation lists its candidates: no limit, moves or "
                                  "max_sets")
            from eureka.mathable import montecarlo
            return montecarlo.solve(position, rack, bonus, Effort(**effort), seed)
        if effort or seed:
            raise EurekaError(f"the simulation's effort and seed need by='sim', not {by!r}")
        from eureka.mathable.solve import solve
        return solve(position, rack, limit, moves, bonus, by,
                     MAX_STATES if max_sets is None else max_sets)

    def check(self, position, claim: str, rack=None, bonus: bool = True,
              compare: bool = True):
        """A claimed turn ('I8=12 J8=16') judged against a position (eureka.mathable.check/1).

        `claim` gives the placements in playing order for the mover of `position`; `rack`, when
        given, replaces the position's rack; `bonus` counts the full-rack bonus. With `compare`,
        the best turn is searched too, within a budget, and is the verdict's `better` when it
        scores more (else call `.compared()` on the result, after the verdict).

        Returns a results.TurnCheck.
        """
        from eureka.mathable.claim import check
        return check(position, claim, rack, bonus, compare)

    def record(self, path: str | None = None, text: str | None = None,
               edition: int | None = None, bonus: bool | None = None,
               source: str = "") -> records.Record:
        """A game record read from `text`, or from the file `path` when `text` is None.

        The file is a text record, or a CAVA 2024 game's N_turns.txt; one of the two must be
        given. `edition` and `bonus`, when given, must agree with the record's headers; `source`
        names where `text` came from (a file is named by its path).

        Raises RecordError for neither, for a record that cannot be read, or whose turns
        no game could have had.
        """
        if text is not None:
            return records.parse(text, edition, bonus, source)
        if path is None:
            raise records.RecordError("a game record needs its text or the path of its file")
        return records.read(path, edition, bonus)

    def score(self, record: records.Record) -> Replay:
        """The `record` replayed turn by turn, a results.Replay (eureka.mathable.score/1)."""
        from eureka.mathable.score import replay
        return replay(record)

    def endgame(self, position, rack=None, bonus: bool = True):
        """The exact rest of the game once the bag is empty and both holders are known.

        Its value and line (eureka.mathable.endgame/1) for the mover of `position`; `rack`, when
        given, replaces the mover's holder; `bonus` counts the full-rack bonus. Raises
        PositionError for a position unfit for the exact endgame, SearchTooLarge past its budget.
        """
        from eureka.mathable.endgame import endgame
        return endgame(position, rack, bonus)

    def review(self, record: records.Record):
        """The review of `record` (eureka.mathable.review/1).

        Every turn whose holder the record gives, against the best turns by score and by equity,
        and what it lost.
        """
        from eureka.mathable.review import review
        return review(record)

    def self_play(self, games: int, policies, seed: int = 0, edition: int | None = None,
                  bonus: bool = True, swap: bool = True):
        """A run of self-play games, its arguments checked: run it with `.run()`.

        `games` deals, each played in every seat order unless not `swap`; `policies` (names of
        options.POLICIES) in seat order; deal i is seeded by (`seed`, i); `edition` is the
        preset's by default; `bonus` plays the full-rack bonus.

        Returns a simulate.SelfPlayRun. Raises EurekaError unless 2–4 known policies, a known
        edition, 1 to MAX_GAMES games in all and a whole seed ≥ 0.
        """
        from eureka.mathable.simulate import SelfPlayRun
        return SelfPlayRun(games, tuple(policies), seed, edition or self.preset.edition,
                        bonus, swap)

    def simulate(self, games: int, policies, seed: int = 0, edition: int | None = None,
                 bonus: bool = True, progress=None, swap: bool = True):
        """Self-play of complete games, summarised (eureka.mathable.simulate/1).

        `games`, `policies`, `seed`, `edition`, `bonus` and `swap` as for `self_play`;
        `progress`, when given, is called with the number of games done after each game.
        Returns a results.Summary.
        """
        return self.self_play(games, policies, seed, edition, bonus, swap).run(progress)

    def game_record(self, policies, seed: int = 0, deal: int = 0,
                    edition: int | None = None, bonus: bool = True) -> records.Record:
        """Deal `deal` of a self-play run as a game record with every holder given.

        `policies` are seated in this order and the run seeded `seed`; `edition` is the preset's
        by default; `bonus` plays the full-rack bonus. records.write gives the record's text.
        """
        from eureka.mathable.selfplay import game_record
        return game_record(tuple(policies), seed, deal, edition or self.preset.edition,
                           bonus)

    def play(self, against="casual", seed: int | None = None, first: str | None = None,
             edition: int | None = None, bonus: bool = True, people: int = 1, names=None):
        """A new game against the bots of the level(s) `against`: a match.Match, dealt.

        `seed` deals the bag (None: a random one); `first` is a seat's name, "you" or
        "bot" (None: the rulebook's draw); `edition` is the preset's by default; `bonus`
        plays the full-rack bonus; `people` persons named `names` sit first (match.Match).
        Raises MatchError for an unknown level or a table it refuses.
        """
        from eureka.mathable.match import Match
        return Match(against, seed, first, edition or self.preset.edition, bonus, people,
                     names)


GAME = Mathable(Preset())
