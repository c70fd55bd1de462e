"""The game contract: what every game's solve, check and score return.

Each game package exports one `Game`-like object (its preset and its verbs). A verb
returns a result dataclass that is a `Result`: it names its JSON Schema in `schema`
(the files in eureka/data/schemas/, printed by `eureka schema`) and builds its own JSON
document with `to_json()`. A check returns a `Verdict`, shared by every game.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar


class Result(ABC):
    """A result a front end can render.

    `schema` is the id of its JSON Schema and `to_json()` the document, with `schema` as
    its first key; a subclass gives the other fields in `json_fields()`.
    """

    schema: ClassVar[str]

    def to_json(self) -> dict:
        """The JSON document of this result, validated by the schema it names."""
        return {"schema": self.schema, **self.json_fields()}

    @abstractmethod
    def json_fields(self) -> dict:
        """The document's fields besides `schema`."""


def json_of(value: Any):
    """The `value` as JSON: results and answers by their own `to_json()`.

    None, booleans, whole numbers, floats and text stay as they are; lists and tuples
    become lists and dicts keep their keys, their items made JSON in turn; anything else
    is its text, so that a fraction is '71/3'.
    """
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [json_of(v) for v in value]
    if isinstance(value, dict):
        return {k: json_of(v) for k, v in value.items()}
    return str(value)


@dataclass(frozen=True)
class Verdict:
    """A claimed answer judged: valid or not, and why in one line.

    `problem` is the kind of problem, `reason` the one line, `better` a better answer
    when the rules know one, and `action` the move the rules require instead where a
    game has one (Arquimedes: 'draw' or 'pass').
    """

    valid: bool
    reason: str
    problem: str | None = None        # a short code: 'malformed', 'cards-unused', ...
    better: Any = None                # a better answer (with its own to_json()), or None
    action: str | None = None

    def to_json(self) -> dict:
        """The verdict as a JSON object, the better answer as its own JSON."""
        return {"valid": self.valid, "problem": self.problem, "reason": self.reason,
                "better": json_of(self.better), "action": self.action}


def by_card_count(answers) -> dict:
    """The groups of a listing: {number of cards: the answers using that many}.

    Each of the `answers` has `cards`; the groups, and the answers in each, come in the
    order the answers do. Each group is a tuple.
    """
    groups: dict = {}
    for answer in answers:
        groups.setdefault(len(answer.cards), []).append(answer)
    return {n: tuple(group) for n, group in groups.items()}
