"""A game of Mathable against eureka: you in one seat, a bot at a level in the other.

The game is self-play's (selfplay.Table: the bag dealt from a seed, draws after
restriction squares, exchanges, the end and its deductions), with your turns typed
instead of planned. What you may see is `state()`: the board, your holder, the scores,
the turns so far, and of the bag and the bot's holder their counts only, until the game
is over; then the record, which `eureka score mathable` replays to the same scores.

    match = Match("casual", seed=7)
    match.play("I8=12 H6=8")    # your turn (the bot's follows), or:
    match.exchange([3, 5]); match.pass_turn(); match.end_turn()
    match.hint()                # the best turn for your holder, counted

A token drawn on a restriction square joins your holder at once: the turn stays open
(`state()["turn_open"]`) for more placements, until `end_turn`. A turn that places your
whole holder of 7 draws nothing, so that it keeps the 50-point bonus.
"""

import secrets
from collections import Counter
from dataclasses import replace

from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.board import cell_name
from eureka.mathable.claim import not_on_rack
from eureka.mathable.legality import IllegalPlacement, score_turn
from eureka.mathable.options import LEVELS, PLAYERS
from eureka.mathable.record import claimed_turn
from eureka.mathable.selfplay import END_BLOCKED, Table, checked, game_rng, policy_turn, record_of
from eureka.mathable.singles import any_placement
from eureka.mathable.tokens import RACK_SIZE, full_rack_bonus


class MatchError(EurekaError):
    """A move the game refuses: an illegal turn, an exchange or pass not allowed now."""


class Match:
    """A game between a person and a bot; see the module's docstring."""

    def __init__(self, against: str = "casual", seed: int | None = None,
                 first: str | None = None, edition: int = 126, bonus: bool = True):
        """A new game against the bot of level `against` (a key of LEVELS), dealt.

        `seed` deals the bag (None: a random one, which the state shows only once the
        game is over: it would tell the bag's order); `first` is who moves first, "you"
        or "bot" (None: the rulebook's draw decides); `edition` and `bonus` are the
        game's token set and full-rack bonus. The bot moves at once when it starts.
        Raises MatchError for an unknown level or `first`.
        """
        if against not in LEVELS:
            raise MatchError(f"unknown level {against!r}: choose from {', '.join(LEVELS)}")
        if first not in (None, "you", "bot"):
            raise MatchError(f"first is 'you' or 'bot', not {first!r}")
        self.against, self.policy = against, LEVELS[against]
        self.seed = secrets.randbelow(2**31) if seed is None else int(seed)
        self.chosen = seed is not None          # the seed is yours to know
        self.table = Table(2, game_rng(self.seed, 0), edition, bonus)
        starter = self.table.start()
        self.you = starter if first == "you" else 1 - starter if first == "bot" else 0
        self.bot = 1 - self.you
        self.mover = starter
        self.turns: list = []           # checked selfplay.TurnRecords
        self.hints = 0
        self._open = None               # your turn in progress: [placed, drawn, points, bonus]
        self._advance()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.table.end is not None

    def holder(self) -> list:
        """Your tokens, in ascending order."""
        return sorted(self.table.holders[self.you])

    def play(self, text: str) -> None:
        """Places the tokens of `text` ('I8=12 H6=8', in playing order) for you.

        The turn ends unless a token was drawn (the bot then moves). Raises MatchError
        (RecordError for text that is not placements) and changes nothing when the turn
        is illegal: a token you do not hold, or a placement the rules refuse.
        """
        self._your_move()
        table = self.table
        placements = claimed_turn(text, table.edition)
        holder = table.holders[self.you]
        why = not_on_rack(placements, holder)
        if why:
            raise MatchError(why)
        try:
            scored = score_turn(dict(table.grid), placements)
        except IllegalPlacement as e:
            raise MatchError(f"placement {e.number}, {e}") from None
        if self._open is None:
            self._open = [[], [], 0, table.begin(self.you)]
        placed, drawn, points, full = self._open
        keep = full and len(placements) == len(holder) == RACK_SIZE and not placed
        drew = False
        for placement in placements:
            drew |= table.put(self.you, placement.cell, placement.value, not keep, placed,
                              drawn)
        self._open[2] = points + sum(s.points for s in scored)
        if not (drew and holder):
            self.end_turn()

    def end_turn(self) -> None:
        """Ends your open turn (one with a token drawn); the bot then moves.

        Raises MatchError when no turn of yours is open.
        """
        if self._open is None:
            raise MatchError("no turn of yours is open: place tokens, exchange or pass")
        placed, drawn, points, full = self._open
        self._open = None
        self._close(self.you, placed, drawn, points, full)

    def exchange(self, values) -> None:
        """Exchanges your tokens `values` for as many from the bag (V.1); the bot moves.

        Raises MatchError unless you hold them, the bag holds as many, and no turn of
        yours is open.
        """
        self._your_move(starting=True)
        values = [int(v) for v in values]
        holder, bag = self.table.holders[self.you], self.table.bag
        if not values:
            raise MatchError("name the tokens to exchange, e.g. exchange 3 5")
        if Counter(values) - Counter(holder):
            raise MatchError(f"you can only exchange tokens you hold "
                             f"({' '.join(map(str, sorted(holder)))})")
        if len(values) > len(bag):
            raise MatchError(f"the bag holds {len(bag)} tokens: exchange at most that many")
        self._close(self.you, [], [], 0, self.table.begin(self.you), values)

    def pass_turn(self) -> None:
        """Passes your turn: allowed when you can place nothing and the bag is empty.

        Raises MatchError otherwise (place a token, or exchange while the bag has any).
        """
        self._your_move(starting=True)
        table = self.table
        if any_placement(table.board, table.holders[self.you]):
            raise MatchError("you can place a token, so you must: ask for a hint")
        if table.bag:
            raise MatchError("you can place nothing: exchange tokens (the bag holds "
                             f"{len(table.bag)})")
        self._close(self.you, [], [], 0, table.begin(self.you), [])

    def hint(self, by: str = "score"):
        """The best turn for your holder on the board now (ranking.Ranked), or None.

        Ranked `by` score or equity; counted in the state and the record. Raises
        MatchError when the game is over.
        """
        from eureka.mathable.ranking import plan

        if self.over:
            raise MatchError("the game is over")
        self.hints += 1
        table = self.table
        holder = table.holders[self.you]
        full = self._open[3] if self._open else full_rack_bonus(holder, table.bonus)
        found = plan(table.board, holder, 1, full, by=by, edition=table.edition)
        return found[0] if found else None

    def record(self) -> records.Record:
        """The game's record so far, every holder and draw given, the seats named PLAYERS."""
        names = [""] * 2
        names[self.you], names[self.bot] = PLAYERS
        found = record_of(self.turns, names, self.table.edition, self.table.bonus)
        return replace(found, source="this game")

    def review(self):
        """The review of your turns so far (review.review of the record, yours only)."""
        from eureka.mathable.review import review

        found = review(self.record())
        return replace(found,
                       turns=tuple(t for t in found.turns if t.replayed.play.player == PLAYERS[0]),
                       players=tuple(p for p in found.players if p.player == PLAYERS[0]))

    def record_text(self) -> str:
        """The record's text: a comment naming the game, then records.write's text."""
        heading = (f"# eureka play mathable: you against {self.against} ({self.policy}), "
                   f"seed {self.seed}; hints asked: {self.hints}\n")
        return heading + records.write(self.record())

    def state(self) -> dict:
        """What you may see now, as JSON (the schema is eureka.mathable.play/1).

        The bag's and the bot's tokens are counted, not shown, until the game is over;
        then come the final scores, the tokens left and the record.
        """
        table = self.table
        scores = {PLAYERS[0]: table.scores[self.you], PLAYERS[1]: table.scores[self.bot]}
        out = {
            "schema": "eureka.mathable.play/1", "game": "mathable",
            "against": self.against,
            "seed": self.seed if self.chosen or self.over else None,
            "over": self.over, "end": table.end,
            "to_move": None if self.over else PLAYERS[self.mover != self.you],
            "turn_open": self._open is not None,
            "cells": {cell_name(cell): value for cell, value in sorted(table.grid.items())},
            "rack": self.holder(), "drawn": list(self._open[1]) if self._open else [],
            "scores": scores, "bag": len(table.bag),
            "bot_holder": len(table.holders[self.bot]),
            "turns": [self._shown(t) for t in self.turns], "hints": self.hints,
        }
        if self.over:
            result = table.result()
            out["final"] = {PLAYERS[0]: result.scores[self.you],
                            PLAYERS[1]: result.scores[self.bot]}
            out["left"] = {PLAYERS[0]: sorted(table.holders[self.you]),
                           PLAYERS[1]: sorted(table.holders[self.bot])}
            out["record"] = self.record_text()
        return out

    def _shown(self, turn) -> dict:
        """The TurnRecord `turn` as the state shows it: the bot's draws counted only."""
        mine = turn.seat == self.you
        shown = {"player": PLAYERS[not mine], "points": turn.points, "bonus": turn.bonus,
                 "placements": " ".join(s.placement.text() for s in turn.placements)}
        if turn.exchanged:
            shown["exchanged"] = sorted(turn.exchanged) if mine else len(turn.exchanged)
        shown["drawn"] = list(turn.drawn) if mine else len(turn.drawn)
        shown["passed"] = turn.passed
        return shown

    def _your_move(self, starting: bool = False) -> None:
        """Raises MatchError unless you are to move (at the start of a turn: `starting`)."""
        if self.over:
            raise MatchError("the game is over")
        if starting and self._open is not None:
            raise MatchError("your turn is open: place more tokens or end it")

    def _close(self, seat, placed, drawn, points, full, exchange=None) -> None:
        """Closes the turn of `seat` (selfplay.Table.close), then moves the bot.

        `placed`, `drawn`, `points`, `full` and `exchange` as Table.close takes them.
        """
        turn = self.table.close(seat, placed, drawn, points, full, exchange)
        if turn is not None:
            self.turns.append(checked(turn))
        self.mover = 1 - seat
        self._advance()

    def _advance(self) -> None:
        """The bot's turns until you are to move or the game is over.

        At the start of your turn the game ends when no token left anywhere can be
        placed (END_BLOCKED), as self-play ends it.
        """
        table = self.table
        while not self.over and self.mover == self.bot:
            full = table.begin(self.bot)
            placed, drawn = [], []
            points = policy_turn(table, self.bot, self.policy, full, placed, drawn)
            turn = table.close(self.bot, placed, drawn, points, full)
            if turn is not None:
                self.turns.append(checked(turn))
            self.mover = self.you
        if not self.over and not any_placement(table.board, table.holders[self.you]):
            remaining = [v for h in table.holders for v in h] + table.bag
            if not any_placement(table.board, remaining):
                table.end = END_BLOCKED


def hint_json(best, by: str):
    """The hint `best` as the state's "hint": ranked `by`, its placements and points.

    `best` is a ranking.Ranked, or None when nothing can be placed (then None);
    `by` is "score" or "equity".
    """
    if best is None:
        return None
    return {"by": by, "placements": " ".join(f"{cell_name(c)}={v}" for c, v in best.placements),
            "points": best.total}
