"""Arquimedes as one object, GAME: the preset (the whole ruleset) and the verbs.

The verbs solve, check, score and simulate each return a result of
eureka.arquimedes.results.  Importing it compiles nothing: a verb imports the kernels
when it needs them.
"""

from collections import Counter
from dataclasses import dataclass, replace

from eureka.arquimedes import claim, options, record
from eureka.arquimedes.cards import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    STRATEGIES,
    deck,
)
from eureka.arquimedes.results import Checked, Move, Rollouts, Scored, Simulation, Solution
from eureka.arquimedes.state import State, make_state, normal_ops


@dataclass(frozen=True)
class Arquimedes:
    """The ruleset of Arquimedes, and the verbs that answer in it.

    The deck with or without the joker, the operations played (`+-`: the children's
    game), five cards a hand, five rounds, 2–6 players; the strategies of simulated
    players and the bounds of a simulation.
    """

    joker: bool = True
    ops: str = "+-*/"
    hand_size: int = HAND_SIZE
    rounds: int = ROUNDS
    players: tuple = (MIN_PLAYERS, MAX_PLAYERS)
    strategies: tuple = STRATEGIES
    max_games: int = options.MAX_GAMES
    max_samples: int = options.MAX_SAMPLES
    name: str = "arquimedes"

    @property
    def deck(self) -> Counter:
        """{card code: copies}; the joker is code 14."""
        return deck(self.joker)

    def variant(self, joker: bool | None = None, ops: str | None = None) -> "Arquimedes":
        """The game with or without the joker, or with other operations.

        `joker` and `ops` (any spelling normal_ops reads) replace this game's where they
        are given; None keeps them.  Raises RulesError for operations other than + - * /.
        """
        return replace(self, joker=self.joker if joker is None else joker,
                       ops=self.ops if ops is None else normal_ops(ops))

    def variants(self, compare: bool = False) -> list:
        """The variants `simulate` plays: the game itself, then with `compare` the others.

        The others are each other combination of the joker on or off and + − × ÷ or + −.
        """
        if not compare:
            return [self]
        return [self] + [v for v in (self.variant(j, o) for o in ("+-*/", "+-")
                                     for j in (True, False)) if v != self]

    def state(self, top, hand, draw_pile: int | None = None, others=None,
              seen=()) -> State:
        """What the player to move knows, as a State of this game.

        The cards are written ('3', 'K', 'K=7' for the top; 'K' or 'J' the joker) or
        given as codes: `top` is the top card, `hand` the hand, and where known
        `draw_pile` is the draw pile's size, `others` the other hands' sizes in turn
        order and `seen` the cards seen.  Raises HandError when they could not be a state
        of this game.
        """
        return make_state(top, hand, self.ops, self.joker, draw_pile, others, seen)

    def solve(self, top, hand, *, samples: int | None = None, strategy: str = "greedy",
              seed: int = 0, limit: int | None = None, **known) -> Solution:
        """Every legal play of the state and the advice, as a Solution.

        `top`, `hand` and the keywords `known` (draw_pile, others, seen) give the state,
        as `state` reads them.  With `samples`, every option (and drawing) is played out
        that many times to the end of the round (needs `others`), every seat playing
        `strategy`, the deals drawn from `seed`; `limit`: list at most that many plays
        (the counts stay complete).  A bad state raises before the kernels load; a
        `samples` out of bounds or no `others` raises EurekaError.
        """
        state = self.state(top, hand, **known)        # bad input is told before kernels load
        from eureka.arquimedes.plays import plays, recommend
        from eureka.arquimedes.simulate import assumed_draw_pile, rank_options
        legal = plays(state)
        rollouts = None
        if samples is not None:
            ranked = rank_options(state, legal, samples, strategy, seed)
            rollouts = Rollouts(samples, strategy, len(state.unseen_cards()),
                                state.others, assumed_draw_pile(state), tuple(ranked))
        return Solution(state, tuple(legal), recommend(state, legal), rollouts, limit)

    def check(self, claimed: str, state: State) -> Checked:
        """The `claimed` play judged by the independent checker in `state`, as Checked.

        When it is invalid, the verdict gives the recommended play as `better`, or with
        no legal play the rules' `action`: draw a card, or pass when the draw pile is
        empty.  Raises ClaimSyntaxError when the claim cannot be read.
        """
        judged = claim.check(claimed, state)
        verdict = judged.verdict
        if not verdict.valid:
            from eureka.arquimedes.plays import plays, recommend
            advice = recommend(state, plays(state))
            if advice.play is not None:
                verdict = replace(verdict, better=Move(advice.play, len(state.hand)))
            else:
                verdict = replace(verdict, action=advice.action,
                                  reason=f"{verdict.reason}; {advice.reason}")
        return Checked(claimed, state, verdict, judged.play)

    def score(self, text: str) -> Scored:
        """The game record `text` (eureka.arquimedes.record) scored: totals, tokens, winner.

        Raises EurekaError at the record's first mistake, naming its line or round where
        it has one.
        """
        return Scored(record.score(text, self.joker))

    def simulate(self, games: int, strategies, *, seed: int = 0, compare: bool = False,
                 progress=None) -> Simulation:
        """A Simulation of `games` complete games, one of `strategies` per seat.

        With `compare`, the same games again with and without the joker and × ÷ (see
        `variants`).  Game g depends on (`seed`, g) alone.  `progress`, when given, is
        called with n after each n games played.  Raises EurekaError for a number of
        games out of bounds, an unknown strategy or a wrong number of seats, before any
        game is played.
        """
        from eureka.arquimedes import simulate
        options.check_games(games)
        simulate.strategy_codes(strategies)
        return Simulation(tuple(
            simulate.simulate(games, strategies, seed, v.joker, v.ops, progress)
            for v in self.variants(compare)))


GAME = Arquimedes()
