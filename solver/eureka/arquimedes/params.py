"""Arquimedes' verbs as data (eureka.params): solve, check and score, parameters declared.

Each verb is answered by the contract (eureka.arquimedes.GAME).
"""

from eureka.arquimedes.game import GAME
from eureka.params import Param, Verb

RULES = (
    Param("ops", "text", "Operations played: +-*/, or +- (the rulebook's tip for "
          "children).", default=GAME.ops),
    Param("no_joker", "flag", "The deck has no joker."),
)
STATE = (
    Param("top", "text", "The top card of the play pile: 3, K (a freshly turned joker) or "
          "K=7 (the joker played as 7).", required=True),
    Param("cards", "words", "The cards in hand, e.g. --cards 2 5 7 12 K (K or J: the "
          "joker; --hand is the same).", required=True, spellings=("--hand",),
          metavar="CARDS"),
    *RULES,
    Param("draw_pile", "whole", "Cards left in the draw pile, if known."),
    Param("others", "wholes", "The other players' hand sizes, in turn order, e.g. "
          "--others 4 5 3.", low=1),
    Param("seen", "words", "Cards already seen, e.g. the play pile under the top card.",
          metavar="CARDS"),
)
"""What the player to move knows."""


def _game(ops, no_joker):
    return GAME.variant(joker=not no_joker, ops=ops)


def solve(top, cards, ops=GAME.ops, no_joker=False, draw_pile=None, others=None,
          seen=None, simulate=None, strategy="greedy", seed=0, limit=None):
    """Every legal play and the advice; with `simulate`, every option played out.

    The parameters are the verb's, as STATE and VERBS["solve"] declare them: `top`,
    `cards`, `draw_pile`, `others` and `seen` are what the player to move knows; `ops`
    and `no_joker` choose the variant; `simulate` is how many times each option is
    played out, every seat playing `strategy`, the deals drawn from `seed`; `limit` caps
    the plays listed.  Returns a results.Solution (Arquimedes.solve).
    """
    return _game(ops, no_joker).solve(top, cards, draw_pile=draw_pile, others=others,
                                      seen=seen, samples=simulate, strategy=strategy,
                                      seed=seed, limit=limit)


def check(play, top, cards, ops=GAME.ops, no_joker=False, draw_pile=None, others=None,
          seen=None):
    """The claimed `play` judged, as a results.Checked (Arquimedes.check).

    `top`, `cards`, `draw_pile`, `others` and `seen` are what the player to move knows;
    `ops` and `no_joker` choose the variant.
    """
    game = _game(ops, no_joker)
    return game.check(play, game.state(top, cards, draw_pile, others, seen))


def score(record, no_joker=False):
    """The game `record` scored (a results.Scored), without the joker when `no_joker`."""
    return GAME.variant(joker=not no_joker).score(record)


EXAMPLE = {"top": "3", "cards": "2 5 7 12 K"}
VERBS = {
    "solve": Verb("solve", (
        *STATE,
        Param("simulate", "whole", "Rank the plays by the expected penalty of the rest of "
              "the round, played out this many times, 2 to "
              f"{GAME.max_samples:,} (needs --others).", low=2, high=GAME.max_samples),
        Param("strategy", "choice", "How every seat plays the rest of the round.",
              default="greedy", choices=GAME.strategies),
        Param("seed", "whole", "Seed: the same seed deals the same cards.", default=0,
              high=2**63 - 1),
        Param("limit", "whole", "List at most N plays (the counts stay complete).",
              metavar="N")), solve, (EXAMPLE, {**EXAMPLE, "others": "4 5", "simulate": 2})),
    "check": Verb("check", (
        Param("play", "text", "The claimed play, e.g. 3+2=5.", argument=True,
              required=True),
        *STATE), check, ({**EXAMPLE, "play": "3+2=5"},)),
    "score": Verb("score", (
        Param("record", "text", "The game record (docs/ARQUIMEDES.md); on the command line "
              "a file, - for standard input.", argument=True, required=True,
              from_file=True),
        RULES[1]), score,
        ({"record": "players: Ana Ben\nround 1\nAna: out\nBen: 3 4\n"},)),
}
