"""A game of Mathable against eureka: people and bots at one table, 2 to 4 seats.

The game is self-play's (selfplay.Table: the bag dealt from a seed, draws after
restriction squares, exchanges, the end and its deductions), with the people's turns
typed instead of planned, and every turn, a bot's or a person's, placed by
Table.place. What a person may see is `state()`: the board, the holder of the person to
move, the scores, the turns so far, and of the bag and the other holders their counts
only, until the game is over; then the record, which `eureka score mathable` replays to
the same scores.

    match = Match("casual", seed=7)
    match.play("I8=12 H6=8")    # your turn (the bot's follows), or:
    match.play("J8=16", draw=False)     # decline the draw of a restriction square
    match.exchange([3, 5]); match.pass_turn(); match.end_turn()
    match.hint()                # the best turn for your holder, counted
    Match(["casual", "expert"])         # you against two bots
    Match([], people=2)                 # two friends at one screen

A token drawn on a restriction square joins the holder at once: the turn stays open
(`state()["turn_open"]`) for more placements, until `end_turn`. Whether to draw is the
mover's choice (selfplay.draw_choices: by default, as the bots, every draw but one that
would cost the 50-point bonus). `snapshot()` and `Match.restore` keep a game.
"""

import re
from collections import Counter
from dataclasses import asdict, replace

from eureka.deck import seed_of
from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.arrays import board_array
from eureka.mathable.board import SQUARES, START, cell_name, parse_cell
from eureka.mathable.options import LEVELS, PLAYERS
from eureka.mathable.record import claimed_turn
from eureka.mathable.selfplay import (
    END_BLOCKED,
    IllegalTurn,
    OpenTurn,
    Table,
    TurnRecord,
    checked,
    draw_choices,
    game_rng,
    policy_turn,
    record_of,
)
from eureka.mathable.singles import any_placement, pass_refusal
from eureka.mathable.tokens import HOLDERS, MIN_PLAYERS, full_rack_bonus, token_set

SNAPSHOT_VERSION = 1
"""The version of `Match.snapshot`'s document."""
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,15}")
"""A person's name: one word, as a record writes it."""
RESERVED = {"left", "edition", "bonus"}
"""Words a record reads as something else than a player."""
DRAW_WORDS = {"draw": True, "nodraw": False}
"""The words after a typed placement that take or decline the draw of its square."""


class MatchError(EurekaError):
    """A move the game refuses: an illegal turn, an exchange or pass not allowed now."""


class Match:
    """A game between people and bots; see the module's docstring."""

    def __init__(self, against="casual", seed: int | None = None, first: str | None = None,
                 edition: int = 126, bonus: bool = True, people: int = 1, names=None):
        """A new game, dealt: `people` persons, then a bot per level of `against`.

        `against` is a level (a key of LEVELS) or a list of them; `people` the persons
        at the table (1-4: more than one play at one screen), named `names` (one word
        each; default "you" for one person, "player1" ... for more); one bot is
        "eureka", several "eureka1", "eureka2" ... `seed` deals the bag (a whole number
        below deck.SEEDS; None: a random one, which the state shows only once the game
        is over: it would tell the bag's order); `first` is the name of the seat that
        moves first ("you" or "bot" with one of each; None: the rulebook's draw decides);
        `edition` and `bonus` are the game's token set and full-rack bonus. The bots move
        at once when they start.
        Raises MatchError for unknown levels, names or `first`, or a table of fewer than
        2 or more than 4 seats; EurekaError for a seed refused.
        """
        if not isinstance(against, (str, list, tuple)):
            raise MatchError(f"against is a level or a list of levels, not {against!r:.40}")
        levels = [against] if isinstance(against, str) else list(against)
        names = _seat_names(levels, people, names)
        if first == "bot" and levels:
            first = names[people]
        if first is not None and first not in names:
            raise MatchError(f"first is the name of a seat ({', '.join(names)}), "
                             f"not {first!r}")
        self.seed = seed_of(seed)
        self.chosen = seed is not None          # the seed is yours to know
        n = len(names)
        self.table = Table(n, game_rng(self.seed, 0), edition, bonus)
        starter = self.table.start()
        shift = 0 if first is None else starter - names.index(first)
        self.names, self.levels = [""] * n, [None] * n     # by the table's seats
        self.order = [(i + shift) % n for i in range(n)]   # the seats as listed
        for seat, name, level in zip(self.order, names, [None] * people + levels):
            self.names[seat], self.levels[seat] = name, level
        self.mover = starter
        self.turns: list = []           # checked selfplay.TurnRecords
        self.hints = 0
        self.moves = 0                  # the moves applied, hints included
        self.viewer = self._first_person()
        self._open = None               # the open turn of the person to move: OpenTurn
        self._advance()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.table.end is not None

    @property
    def against(self) -> str | None:
        """The first bot's level (None at a table of people only)."""
        bots = [level for level in self._listed(self.levels) if level]
        return bots[0] if bots else None

    def holder(self) -> list:
        """The holder of the person to move (else the viewer's), in ascending order."""
        return sorted(self.table.holders[self.viewer])

    def play(self, text: str, draw=None) -> None:
        """Places the tokens of `text` ('I8=12 H6=8', in playing order) for the mover.

        `draw` is the mover's choice of the draws on restriction squares (as
        selfplay.draw_choices takes it: None, a boolean, or one a placement); or `text`
        says it, 'draw' or 'nodraw' after a placement (turn_choices). The turn ends
        unless a token was drawn and the holder holds any (then `end_turn` ends it).
        Raises MatchError (RecordError for text that is not placements) and changes
        nothing when the turn is illegal.
        """
        self._your_move()
        table = self.table
        text, said = turn_choices(text)
        if said is not None:
            if draw is not None:
                raise MatchError("say the draws once: with the placements or apart")
            draw = said
        placements = claimed_turn(text, table.edition)
        turn = self._open or table.begin(self.mover)
        try:
            drew = table.place(self.mover, turn, [(p.cell, p.value) for p in placements],
                               draw)
        except IllegalTurn as e:
            raise MatchError(str(e)) from None
        self._open = turn
        self.moves += 1
        if not (drew and table.holders[self.mover]):
            self._end()

    def end_turn(self) -> None:
        """Ends the mover's open turn (one with a token drawn); the bots then move.

        Raises MatchError when no turn is open.
        """
        self._your_move()
        if self._open is None:
            raise MatchError("no turn of yours is open: place tokens, exchange or pass")
        self.moves += 1
        self._end()

    def exchange(self, values) -> None:
        """Exchanges the mover's tokens `values` for as many from the bag (V.1).

        Raises MatchError unless the mover holds them, the bag holds as many, and no turn
        is open.
        """
        self._your_move(starting=True)
        values = [int(v) for v in values]
        holder, bag = self.table.holders[self.mover], self.table.bag
        if not values:
            raise MatchError("name the tokens to exchange, e.g. exchange 3 5")
        if Counter(values) - Counter(holder):
            raise MatchError(f"you can only exchange tokens you hold "
                             f"({' '.join(map(str, sorted(holder)))})")
        if len(values) > len(bag):
            raise MatchError(f"the bag holds {len(bag)} tokens: exchange at most that many")
        self.moves += 1
        self._close(self.table.begin(self.mover), values)

    def pass_turn(self) -> None:
        """Passes the mover's turn: allowed when it can place nothing and the bag is empty.

        Raises MatchError otherwise, saying why (singles.pass_refusal, the rule).
        """
        self._your_move(starting=True)
        try:
            self._close(self.table.begin(self.mover), [])
        except IllegalTurn as e:
            raise MatchError(f"you {e}") from None
        self.moves += 1

    def can_pass(self) -> bool:
        """Whether the person to move may pass now (pass_turn's rule)."""
        table = self.table
        return (self._person_to_move() and self._open is None and pass_refusal(
            table.board, table.holders[self.mover], len(table.bag)) is None)

    def hint(self, by: str = "score"):
        """The best turn for the mover's holder on the board now (ranking.Ranked), or None.

        Ranked `by` score or equity; counted in the state and the record. Played as
        `hint_json` gives it (its draw choices included), it scores its total. Raises
        MatchError when the game is over.
        """
        from eureka.mathable.ranking import plan

        self._your_move()
        self.hints += 1
        self.moves += 1
        table = self.table
        holder = table.holders[self.mover]
        full = self._full()
        found = plan(table.board, holder, 1, full, by=by, edition=table.edition)
        return found[0] if found else None

    def hint_json(self, best, by: str):
        """The hint `best` as the state's "hint": ranked `by`, placements, points, draws.

        `best` is hint()'s answer (None when nothing can be placed: then None); "draw"
        is the choice a placement that plays it as given, and "text" the turn as typed
        with them ('nodraw' after a restriction square whose draw it declines).
        """
        if best is None:
            return None
        table = self.table
        draws = draw_choices(best.placements, table.holders[self.mover], self._full())
        placed = [f"{cell_name(c)}={v}" for c, v in best.placements]
        typed = [f"{p} nodraw" if SQUARES[c].op and table.bag and not d else p
                 for p, (c, _), d in zip(placed, best.placements, draws)]
        return {"by": by, "placements": " ".join(placed), "points": best.total,
                "draw": draws, "text": " ".join(typed)}

    def record(self) -> records.Record:
        """The game's record so far, every holder and draw given, the seats by name."""
        found = record_of(self.turns, self.names, self.table.edition, self.table.bonus)
        return replace(found, source="this game")

    def review(self):
        """The review of every turn so far (review.review of the record)."""
        from eureka.mathable.review import review

        return review(self.record())

    def record_text(self) -> str:
        """The record's text: a comment naming the game, then records.write's text."""
        names, levels = self._listed(self.names), self._listed(self.levels)
        bots = [f"{level} ({LEVELS[level]})" if levels.count(None) == len(levels) - 1
                else f"{name} ({level}: {LEVELS[level]})"
                for name, level in zip(names, levels) if level]
        people = ", ".join(name for name, level in zip(names, levels) if not level)
        against = f" against {', '.join(bots)}" if bots else ""
        heading = (f"# eureka play mathable: {people}{against}, seed {self.seed}; "
                   f"hints asked: {self.hints}\n")
        return heading + records.write(self.record())

    def state(self) -> dict:
        """What the viewer may see now, as JSON (the schema is eureka.mathable.play/1).

        The bag's and the other seats' tokens are counted, not shown, until the game is
        over; then come the final scores, the tokens left and the record.
        """
        table, viewer = self.table, self.viewer
        listed = self._listed(range(len(self.names)))
        bots = [s for s in listed if self.levels[s]]
        out = {
            "schema": "eureka.mathable.play/1", "game": "mathable",
            "against": self.against,
            "seed": self.seed if self.chosen or self.over else None,
            "over": self.over, "end": table.end,
            "seats": [{"name": self.names[s], "kind": "bot" if self.levels[s] else "person",
                       "level": self.levels[s], "score": table.scores[s],
                       "holder": len(table.holders[s])} for s in listed],
            "to_move": None if self.over else self.names[self.mover],
            "viewer": self.names[viewer],
            "turn_open": self._open is not None,
            "cells": {cell_name(cell): value for cell, value in sorted(table.grid.items())},
            "rack": self.holder(), "drawn": list(self._open.drawn) if self._open else [],
            "scores": {self.names[s]: table.scores[s] for s in listed}, "bag": len(table.bag),
            "bot_holder": len(table.holders[bots[0]]) if bots else None,
            "can_pass": self.can_pass(),
            "can_exchange": self._person_to_move() and self._open is None and bool(table.bag),
            "turn_bonus": self._full() if self._person_to_move() else 0,
            "unseen": self.unseen(),
            "turns": [self._shown(t) for t in self.turns], "hints": self.hints,
            "moves": self.moves,
        }
        if self.over:
            result = table.result()
            out["final"] = {self.names[s]: result.scores[s] for s in listed}
            out["winners"] = self.winners()
            out["left"] = {self.names[s]: sorted(table.holders[s]) for s in listed}
            out["record"] = self.record_text()
        return out

    def winners(self) -> list:
        """The names of the seats with the highest final score (several at a tie).

        Raises MatchError while the game goes on.
        """
        if not self.over:
            raise MatchError("the game goes on: no winner yet")
        final = self.table.result().scores
        return [self.names[s] for s in self._listed(range(len(self.names)))
                if final[s] == max(final)]

    def unseen(self) -> list:
        """The tokens the viewer cannot see: the set less the board and the viewer's holder."""
        table = self.table
        seen = Counter(v for cell, v in table.grid.items() if cell not in START)
        seen.update(table.holders[self.viewer])
        return sorted((token_set(table.edition) - seen).elements())

    def snapshot(self) -> dict:
        """The whole game as a JSON document (`restore` takes it back): nothing is left out.

        It holds the hidden information (the bag's order, every holder, the generator):
        keep it, never show it before the game is over.
        """
        table = self.table
        return {
            "version": SNAPSHOT_VERSION, "seed": self.seed, "chosen": self.chosen,
            "edition": table.edition, "bonus": table.bonus,
            "names": self.names, "levels": self.levels, "order": self.order,
            "mover": self.mover,
            "viewer": self.viewer, "hints": self.hints, "moves": self.moves,
            "rng": table.rng.bit_generator.state,
            "table": {"bag": table.bag, "holders": table.holders,
                      "grid": {cell_name(c): v for c, v in table.grid.items()},
                      "scores": table.scores, "bonuses": table.bonuses,
                      "squares": table.squares, "turns": table.turns,
                      "placements": table.placements, "draws": table.draws,
                      "exchanges": table.exchanges, "passes": table.passes,
                      "idle": table.idle, "end": table.end, "starter": table.starter},
            "open": None if self._open is None else _turn_json(asdict(self._open)),
            "turns": [_record_json(t) for t in self.turns],
        }

    @classmethod
    def restore(cls, doc: dict) -> "Match":
        """The game `doc` (a `snapshot`) exactly where it stood.

        Raises MatchError for a document of another version.
        """
        if doc.get("version") != SNAPSHOT_VERSION:
            raise MatchError(f"a kept game of version {doc.get('version')!r} cannot be "
                             f"read: this eureka reads version {SNAPSHOT_VERSION}")
        match = cls.__new__(cls)
        saved = doc["table"]
        table = Table(len(doc["names"]), game_rng(0, 0), doc["edition"], doc["bonus"])
        table.rng.bit_generator.state = doc["rng"]
        table.bag = list(saved["bag"])
        table.holders = [list(h) for h in saved["holders"]]
        table.grid = _grid(saved["grid"])
        table.board = board_array(table.grid)
        for name in ("scores", "bonuses", "squares", "turns", "placements", "draws",
                     "exchanges", "passes", "idle", "end", "starter"):
            setattr(table, name, saved[name])
        match.table = table
        match.seed, match.chosen = doc["seed"], doc["chosen"]
        match.names, match.levels = list(doc["names"]), list(doc["levels"])
        match.order = list(doc["order"])
        match.mover, match.viewer = doc["mover"], doc["viewer"]
        match.hints, match.moves = doc["hints"], doc["moves"]
        opened = doc["open"]
        match._open = None if opened is None else OpenTurn(**_turn_of(opened,
                                                                      saved.get("before")))
        match.turns = _restored_turns(doc["turns"])
        return match

    def _shown(self, turn) -> dict:
        """The TurnRecord `turn` as the state shows it: others' draws counted only."""
        mine = turn.seat == self.viewer
        shown = {"player": self.names[turn.seat], "points": turn.points, "bonus": turn.bonus,
                 "placements": " ".join(s.placement.text() for s in turn.placements)}
        if turn.exchanged:
            shown["exchanged"] = sorted(turn.exchanged) if mine else len(turn.exchanged)
        shown["drawn"] = list(turn.drawn) if mine else len(turn.drawn)
        shown["passed"] = turn.passed
        return shown

    def _listed(self, values) -> list:
        """The `values` by table seat, as the seats are listed: people first, as named."""
        values = list(values)
        return [values[s] for s in self.order]

    def _first_person(self) -> int:
        """The table seat of the first person, from the mover on in playing order."""
        n = len(self.names)
        return next(s for s in ((self.mover + k) % n for k in range(n)) if not self.levels[s])

    def _full(self) -> int:
        """The full-rack bonus the mover's turn can earn (its open turn's, or a new one's)."""
        if self._open is not None:
            return self._open.full
        return full_rack_bonus(self.table.holders[self.mover], self.table.bonus)

    def _person_to_move(self) -> bool:
        """Whether a person is to move in a game not over."""
        return not self.over and not self.levels[self.mover]

    def _your_move(self, starting: bool = False) -> None:
        """Raises MatchError once the game is over, or (`starting` a turn) one is open.

        A person is to move whenever the game goes on: _advance plays the bots' turns.
        """
        if self.over:
            raise MatchError("the game is over: it takes no more moves")
        if starting and self._open is not None:
            raise MatchError("your turn is open: place more tokens or end it")

    def _end(self) -> None:
        """Closes the open turn of the mover."""
        turn, self._open = self._open, None
        self._close(turn)

    def _close(self, turn: OpenTurn, exchange=None) -> None:
        """Closes the mover's `turn` (selfplay.Table.close), then moves the bots.

        `exchange` as Table.close takes it.
        """
        record = self.table.close(self.mover, turn, exchange)
        if record is not None:
            self.turns.append(checked(record))
        self.mover = (self.mover + 1) % len(self.names)
        self._advance()

    def _advance(self) -> None:
        """The bots' turns until a person is to move or the game is over.

        At the start of a person's turn the game ends when no token left anywhere can be
        placed (END_BLOCKED), as self-play ends it.
        """
        table = self.table
        while not self.over and self.levels[self.mover]:
            turn = table.begin(self.mover)
            policy_turn(table, self.mover, LEVELS[self.levels[self.mover]], turn)
            record = table.close(self.mover, turn)
            if record is not None:
                self.turns.append(checked(record))
            self.mover = (self.mover + 1) % len(self.names)
        if self.over:
            return
        self.viewer = self.mover
        if not any_placement(table.board, table.holders[self.mover]):
            remaining = [v for h in table.holders for v in h] + table.bag
            if not any_placement(table.board, remaining):
                table.end = END_BLOCKED


def turn_choices(text: str) -> tuple:
    """A typed turn's placements and draw choices: 'draw' or 'nodraw' after a placement.

    Returns the placements of `text` as text and the choices, one a placement (None
    where none is said), or None when it says none. Raises MatchError for a word out
    of place.
    """
    placements, draws = [], []
    for word in text.split():
        choice = DRAW_WORDS.get(word.lower())
        if choice is None:
            placements.append(word)
            draws.append(None)
        elif not placements or draws[-1] is not None:
            raise MatchError("'draw' or 'nodraw' follows a placement, once: I8=12 J8=16 "
                             "nodraw")
        else:
            draws[-1] = choice
    said = any(d is not None for d in draws)
    return " ".join(placements), draws if said else None


def _seat_names(levels: list, people, names) -> list:
    """The seats' names, people first; MatchError for levels, counts or names refused."""
    for level in levels:
        if not isinstance(level, str) or level not in LEVELS:
            raise MatchError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    if isinstance(people, bool) or not isinstance(people, int) or not 1 <= people <= HOLDERS:
        raise MatchError(f"people is a whole number from 1 to {HOLDERS}, not {people!r}")
    if not MIN_PLAYERS <= people + len(levels) <= HOLDERS:
        raise MatchError(f"Mathable is played by {MIN_PLAYERS} to {HOLDERS} players, "
                         f"not {people + len(levels)}")
    if names is None:
        names = [PLAYERS[0]] if people == 1 else [f"player{k + 1}" for k in range(people)]
    names = list(names)
    if len(names) != people:
        raise MatchError(f"give one name a person: {people}, not {len(names)}")
    bots = [PLAYERS[1]] if len(levels) == 1 else [f"{PLAYERS[1]}{k + 1}"
                                                  for k in range(len(levels))]
    for name in names:
        if not isinstance(name, str) or not NAME.fullmatch(name) or name in RESERVED:
            raise MatchError(f"a name is one word of up to 16 letters, digits, - or _, "
                             f"starting with a letter, not {str(name)[:40]!r}")
    if len(set(names + bots)) != len(names) + len(bots):
        raise MatchError(f"every seat needs its own name: {', '.join(names + bots)}")
    return names + bots


def _grid_json(grid: dict) -> dict:
    """A board as JSON: cell names to values."""
    return {cell_name(c): v for c, v in grid.items()}


def _grid(doc: dict) -> dict:
    """A board from its JSON (`_grid_json`)."""
    return {parse_cell(name): v for name, v in doc.items()}


def _turn_json(turn: dict) -> dict:
    """An OpenTurn's fields as JSON: the cells by name."""
    return {**turn, "placed": [[cell_name(c), v] for c, v in turn["placed"]],
            "grid": _grid_json(turn["grid"]), "holder": list(turn["holder"])}


def _turn_of(doc: dict, before=None) -> dict:
    """An OpenTurn's fields from `_turn_json`.

    A game kept before open turns held their start has it in `before`, [board, holder].
    """
    grid, holder = (doc["grid"], doc["holder"]) if "grid" in doc else before
    return {**doc, "placed": [(parse_cell(c), v) for c, v in doc["placed"]],
            "grid": _grid(grid), "holder": tuple(holder)}


def _record_json(turn: TurnRecord) -> dict:
    """A checked TurnRecord as JSON, without its board (the earlier turns give it)."""
    return {"seat": turn.seat, "holder": list(turn.holder),
            "placements": [[cell_name(s.placement.cell), s.placement.value]
                           for s in turn.placements],
            "bonus": turn.bonus, "points": turn.points, "drawn": list(turn.drawn),
            "exchanged": list(turn.exchanged), "passed": turn.passed,
            "holders": [list(h) for h in turn.holders], "bag": list(turn.bag),
            "draw_at": list(turn.draw_at)}


def _restored_turns(docs: list) -> list:
    """The checked TurnRecords of `_record_json` documents, each board replayed."""
    grid, turns = dict(START), []
    for doc in docs:
        placements = tuple((parse_cell(c), v) for c, v in doc["placements"])
        turns.append(checked(TurnRecord(
            doc["seat"], dict(grid), tuple(doc["holder"]), placements, doc["bonus"],
            doc["points"], tuple(doc["drawn"]), tuple(doc["exchanged"]), doc["passed"],
            tuple(tuple(h) for h in doc["holders"]), tuple(doc["bag"]),
            tuple(doc["draw_at"]))))
        grid.update(placements)
    return turns
