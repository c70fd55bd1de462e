"""What Arquimedes' verbs return: result dataclasses that build their own JSON documents.

Their schemas are eureka.arquimedes.solve/1, .check/1, .score/1 and .simulate/1.
"""

from dataclasses import asdict, dataclass
from typing import ClassVar

from eureka.arquimedes.cards import name
from eureka.arquimedes.scoring import GameScore
from eureka.arquimedes.state import Play, State
from eureka.contract import Result, Verdict, by_card_count


@dataclass(frozen=True)
class Move:
    """A play from a hand of `hand_size` cards, as a result shows it."""

    play: Play
    hand_size: int

    def to_json(self) -> dict:
        """The play as JSON (Play.json), judged against the hand of `hand_size` cards."""
        return self.play.json(self.hand_size)


@dataclass(frozen=True)
class Advice:
    """What to do on a turn: play, draw or pass, and why.

    `action` is 'play', or with no legal play 'draw' (a card must be drawn) or 'pass'
    (the draw pile is empty).  A play is chosen because it empties the hand (`basis`
    'empties-hand'), or because it sheds the most points and then leaves the top card
    (`new_top`) that the unseen cards answer in the fewest ways (`basis` 'sheds-most',
    `answers` those ways).
    """

    action: str
    play: Play | None = None
    basis: str | None = None
    answers: int | None = None

    @property
    def reason(self) -> str:
        """Why, in one line."""
        if self.action == "draw":
            return "no legal play: draw a card"
        if self.action == "pass":
            return "no legal play, and the draw pile is empty: pass"
        if self.basis == "empties-hand":
            return "it empties your hand and wins the round"
        return (f"it sheds the most points ({self.play.shed}) and leaves "
                f"{self.play.new_top} on top, which the cards you have not seen answer "
                f"in the fewest ways ({self.answers})")


@dataclass(frozen=True)
class Estimate:
    """The rest of the round after one option, over many deals of the unseen cards."""

    play: Play | None                   # None: draw a card
    tokens: float                       # expected penalty tokens of this round
    stderr: float
    cards_left: float                   # expected card total left in hand
    win: float                          # the share of deals in which it goes out


@dataclass(frozen=True)
class Rollouts:
    """Every option of the player to move played out, the options best first.

    `samples` deals of the `unseen` cards to the other hands (`others`) and a draw pile
    of `draw_pile`, then every seat playing `strategy`; `options` holds an Estimate per
    option.
    """

    samples: int
    strategy: str
    unseen: int
    others: tuple
    draw_pile: int
    options: tuple


@dataclass(frozen=True)
class Solution(Result):
    """What `solve` returns: every legal play of the state, and the advice.

    `rollouts` holds the options played out, when asked.  `limit` caps the plays listed
    (`shown`), never the counts.
    """

    schema: ClassVar[str] = "eureka.arquimedes.solve/1"
    state: State
    plays: tuple
    advice: Advice
    rollouts: Rollouts | None = None
    limit: int | None = None

    @property
    def shown(self) -> tuple:
        """The plays listed: the first `limit` of them."""
        return self.plays if self.limit is None else self.plays[:self.limit]

    def by_cards(self) -> dict:
        """{cards played: every legal play with that many}, two cards first."""
        return by_card_count(self.plays)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`."""
        size, advice = len(self.state.hand), self.advice
        return {
            "top": {"value": self.state.top.value, "joker": self.state.top.joker},
            "hand": self.state.hand_names(), "ops": self.state.ops,
            "legal_plays": len(self.plays), "limit": self.limit,
            "plays": [p.json(size) for p in self.shown],
            "recommended": {"action": advice.action,
                            "play": advice.play.json(size) if advice.play else None,
                            "basis": advice.basis, "answers": advice.answers,
                            "reason": advice.reason},
            "simulated": None if self.rollouts is None else self._rollouts_json(size),
        }

    def _rollouts_json(self, size: int) -> dict:
        r = self.rollouts
        return {"samples": r.samples, "strategy": r.strategy, "unseen": r.unseen,
                "others": list(r.others), "draw_pile": r.draw_pile,
                "options": [{"play": e.play.json(size) if e.play else None,
                             "expected_tokens": e.tokens, "stderr": e.stderr,
                             "expected_cards_left": e.cards_left, "goes_out": e.win}
                            for e in r.options]}


@dataclass(frozen=True)
class Checked(Result):
    """What `check` returns: a claimed play judged.

    The verdict's `better` is the recommended play when the claim is invalid and a play
    exists; its `action` is what the rules make the player do when no play exists
    ('draw', or 'pass' with the draw pile empty).
    """

    schema: ClassVar[str] = "eureka.arquimedes.check/1"
    claim: str
    state: State
    verdict: Verdict
    play: Play | None = None            # the play, when valid

    @property
    def valid(self) -> bool:
        """Whether the claimed play is legal."""
        return self.verdict.valid

    def json_fields(self) -> dict:
        """The document's fields besides `schema`."""
        return {"claim": self.claim, **self.verdict.to_json(),
                "play": self.play.json(len(self.state.hand)) if self.play else None}


@dataclass(frozen=True)
class Scored(Result):
    """What `score` returns: a game record scored round by round."""

    schema: ClassVar[str] = "eureka.arquimedes.score/1"
    game: GameScore

    def json_fields(self) -> dict:
        """The document's fields besides `schema`."""
        g = self.game
        return {"players": list(g.players),
                "rounds": [{"winner": r.winner, "all_pass": r.all_pass,
                            "totals": r.totals, "tokens": r.tokens,
                            "pending_ties": [{"players": list(group), "total": total}
                                             for group, total in r.pending]}
                           for r in g.rounds],
                "totals": g.totals, "complete": g.complete, "winner": g.winner,
                "deciders": [{p: name(c) for p, c in d.items()} for d in g.deciders],
                "tied": list(g.pending)}


@dataclass(frozen=True)
class Summary:
    """Many simulated games of one variant, summarised per seat and per round.

    Per seat (`seats`) its strategy, wins, win rate with a 95% Wilson interval and
    tokens; per round (`rounds`) the turns (mean, median, p90, max), the share of
    all-pass endings and the tie draws.
    """

    games: int
    seed: int
    joker: bool
    ops: str
    seats: list
    rounds: dict


@dataclass(frozen=True)
class Simulation(Result):
    """What `simulate` returns: the variant asked for, then with `compare` the others.

    `variants` holds a Summary per variant.
    """

    schema: ClassVar[str] = "eureka.arquimedes.simulate/1"
    variants: tuple

    def json_fields(self) -> dict:
        """The document's fields besides `schema`."""
        return {"variants": [asdict(s) for s in self.variants]}
