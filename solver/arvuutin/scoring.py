"""The final score: each question card won is worth its category's level (the height of
its marker at the end), and so is each hidden card of that category."""

from dataclasses import dataclass

from eureka.errors import EurekaError

CATEGORIES = "ABCDE"


@dataclass(frozen=True)
class Score:
    from_questions: int
    from_hidden: int

    @property
    def total(self) -> int:
        return self.from_questions + self.from_hidden


def score(levels: dict, won: dict, hidden) -> Score:
    """levels {category: level}, won {category: question cards}, hidden [category]."""
    for what, names in (("level", levels), ("question cards", won),
                        ("hidden card", hidden)):
        unknown = sorted(set(names) - set(CATEGORIES))
        if unknown:
            raise EurekaError(f"{what} of category {unknown[0]!r}: the categories are "
                              f"A–E")
    missing = sorted({*won, *hidden} - set(levels))
    if missing:
        raise EurekaError(f"no level given for category {missing[0]} (--levels)")
    return Score(sum(levels[c] * n for c, n in won.items()),
                 sum(levels[c] for c in hidden))
