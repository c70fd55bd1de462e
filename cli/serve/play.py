"""The games played against eureka through the API: /api/play/mathable and pitagoras.

Each at `/api/play/GAME` (a new game) and `/api/play/GAME/ID` (its state and moves).
A game is kept in the games' file (eureka.store) from its deal, every move written as
it is played: none is dropped, and a server stopped, even killed, goes on with every
game where it stood. A game's ID is random and unguessable; its moves are played one
at a time, each on the game as the file holds it.
"""

from eureka.errors import EurekaError
from eureka.store import LOOK


class Games:
    """The games of one kind, kept in a store: started, looked at and moved by ID."""

    def __init__(self, kind, store, game: str):
        """Games of the `kind` (Mathable or Races), named `game`, kept in `store`."""
        self.kind, self.store, self.game = kind, store, game

    def start(self, fields: dict) -> dict:
        """A new game from the request's `fields`, kept: its state and ID.

        Raises EurekaError for fields the game refuses.
        """
        played = self.kind.new(fields)
        state = self.kind.look(played)
        return {**state, "id": self.store.add(self.game, played)}

    def state(self, key: str) -> dict:
        """The state of the game `key`. Raises eureka.store.Unknown for a game not kept."""
        return {**self.store.change(key, self.kind.look, LOOK, self.game), "id": key}

    def move(self, key: str, fields: dict) -> dict:
        """Plays the move of the request's `fields` in the game `key`; its new state.

        Raises eureka.store.Unknown for a game not kept, EurekaError for a move the game
        refuses (nothing changes), whatever the move once the game is over.
        """
        state = self.store.change(key, lambda played: self._moved(played, fields),
                                  fields, self.game)
        return {**state, "id": key}

    def _moved(self, played, fields: dict) -> dict:
        """Plays the move of `fields` in the game `played`; EurekaError once it is over."""
        if played.over:
            raise EurekaError("the game is over: it takes no more moves")
        return self.kind.move(played, fields)


class Mathable:
    """Games of Mathable against the bot (eureka.mathable.match)."""

    MOVES = ("turn", "exchange", "pass", "end", "hint")
    WANTED = {"turn": "the placements as text, e.g. I8=12 H6=8",
              "exchange": "the values of the tokens to exchange, e.g. [3, 5]",
              "pass": "true", "end": "true", "hint": '"score" or "equity"'}

    def new(self, fields: dict):
        """A new match from `fields` (against, seed, first, people, names); EurekaError if refused.

        `against` is a level or a list of levels (one a bot), `people` the persons at
        the table and `names` theirs (eureka.mathable.match.Match).
        """
        from eureka.mathable import GAME

        _only(fields, ("against", "seed", "first", "people", "names"))
        against = fields.get("against", "casual")
        if not (isinstance(against, str) or isinstance(against, list)
                and all(isinstance(a, str) for a in against)):
            raise EurekaError("against is a level's name, e.g. casual, or a list of them")
        names = fields.get("names")
        if names is not None and not (isinstance(names, list)
                                      and all(isinstance(n, str) for n in names)):
            raise EurekaError("names is a list of the people's names, e.g. [\"Ann\", \"Bo\"]")
        first = fields.get("first")
        if first is not None and not isinstance(first, str):
            raise EurekaError("first is the name of a seat, e.g. you")
        return GAME.play(against, fields.get("seed"), first, people=fields.get("people", 1),
                         names=names)

    def look(self, match) -> dict:
        """The state of `match`."""
        return match.state()

    def move(self, match, fields: dict) -> dict:
        """Plays the move of `fields` in `match`; its state (with "hint" for a hint).

        One of: {"turn": "I8=12 H6=8"} (with "draw": true, false or one a placement, the
        choice of the draws on restriction squares; default: match.Match.play's),
        {"exchange": [3, 5]}, {"pass": true}, {"end": true}, {"hint": "score" or
        "equity"}; the bots' turns follow. Raises EurekaError for a move the game refuses.
        """
        draw = fields.get("draw") if "turn" in fields else None
        if "turn" in fields and "draw" in fields:
            fields = {k: v for k, v in fields.items() if k != "draw"}
            if not _draw_choice(draw):
                raise EurekaError("draw: true, false, or a list of them (null: the default), "
                                  "one a placement")
        name, value = _one(fields, self.MOVES, '{"turn": "I8=12 H6=8"}, {"turn": "J8=16", '
                           '"draw": false}, {"exchange": [3, 5]}, {"pass": true}, {"end": '
                           'true} or {"hint": "score"}')
        if name == "turn" and isinstance(value, str):
            match.play(value, draw)
        elif name == "exchange" and _values(value) is not None:
            match.exchange(_values(value))
        elif name == "pass" and value is True:
            match.pass_turn()
        elif name == "end" and value is True:
            match.end_turn()
        elif name == "hint" and (value in ("score", "equity") or value is True):
            by = "score" if value is True else value
            best = match.hint(by)
            return {**match.state(), "hint": match.hint_json(best, by)}
        else:
            raise EurekaError(f"{name}: {self.WANTED[name]}")
        return match.state()


class Races:
    """Pitagoras races against the bot (eureka.race).

    The bot shouts when the race is looked at or moved after its time has come.
    """

    def new(self, fields: dict):
        """A new race from `fields` (against, seed, die); EurekaError if refused."""
        from eureka.race import Race

        _only(fields, ("against", "seed", "die"))
        against, die = fields.get("against", "casual"), fields.get("die", "blue")
        if not isinstance(against, str) or not isinstance(die, str):
            raise EurekaError("against is a level's name and die a die's (blue, red, black)")
        return Race(against, fields.get("seed"), die)

    def look(self, race) -> dict:
        """The state of `race`, the bot's shout in it once its time has come."""
        race.poll()
        return race.state()

    def move(self, race, fields: dict) -> dict:
        """Your shout in `race`, timed now; its state.

        `fields` is {"shout": "20+11+1", "deal": 3}: the answer and the number of the
        deal it answers (eureka.race.Race.shout; without it, the deal on the table, or
        the one the bot has just taken). Raises EurekaError for anything else, and for
        text that is not an equation (nothing changes).
        """
        if "shout" not in fields or set(fields) - {"shout", "deal"}:
            raise EurekaError('give your answer: {"shout": "20+11+1", "deal": 3}')
        if not isinstance(fields["shout"], str):
            raise EurekaError("shout: the equation as text, e.g. 20+11+1")
        race.shout(fields["shout"], fields.get("deal"))
        return race.state()


def _only(fields: dict, allowed: tuple) -> None:
    """Raises EurekaError when `fields` has a field outside `allowed`."""
    unknown = set(fields) - set(allowed)
    if unknown:
        raise EurekaError(f"a new game takes {', '.join(allowed)}, not "
                          f"{', '.join(sorted(unknown))[:80]}")


def _one(fields: dict, moves: tuple, example: str) -> tuple:
    """The one move of `fields` among `moves`, as (name, value); EurekaError if not one."""
    asked = [name for name in moves if name in fields]
    if len(asked) != 1 or len(fields) != 1:
        raise EurekaError(f"give one move: {example}")
    return asked[0], fields[asked[0]]


def _draw_choice(draw) -> bool:
    """Whether `draw` is a choice of draws: a boolean, or a list of booleans and nulls."""
    return isinstance(draw, bool) or (isinstance(draw, list)
                                      and all(d is None or isinstance(d, bool) for d in draw))


def _values(value):
    """The token values of an exchange: a list of whole numbers (or one); None if not."""
    items = value if isinstance(value, list) else [value]
    if items and all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        return items
    return None
