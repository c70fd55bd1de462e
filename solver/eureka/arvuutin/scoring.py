"""Arvuutin's final score, from the question cards won and the hidden cards.

Each question card won is worth its category's level (the height of its marker at the
end), and so is each hidden card of that category.
"""

from eureka.arvuutin.results import Score
from eureka.errors import EurekaError
from eureka.text import plural, whole_number

CATEGORIES = "ABCDE"
QUESTION_CARDS = 50        # in each category's box
HIDDEN_CARDS = 20          # in the game
MAX_LEVEL = 1 + QUESTION_CARDS     # a marker rises one notch per question asked


def named(items, what: str) -> dict:
    """The `items` ['A=3', 'b=4'] as a dict {'A': 3, 'B': 4}.

    Each item is CATEGORY=NUMBER, the number in ASCII digits, the category in either
    case. Raises EurekaError, its message starting with `what`, on an item of another
    form or a category given twice.
    """
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        name, number = name.strip().upper(), whole_number(value.strip())
        if not sep or number is None:
            raise EurekaError(f"{what}: CATEGORY=NUMBER, e.g. A=3, not {item!r}")
        if name in out:
            raise EurekaError(f"{what}: category {name} is given twice")
        out[name] = number
    return out


def _counted(counts: dict, what: str) -> dict:
    """`counts` with its categories upper-cased.

    Raises EurekaError for a count (`what`) that is not a whole number ≥ 0, or for a
    category given twice.
    """
    out = {}
    for name, count in counts.items():
        category = str(name).upper()
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise EurekaError(f"{what} of category {category}: a whole number ≥ 0, "
                              f"not {count!r}")
        if category in out:
            raise EurekaError(f"{what}: category {category} is given twice")
        out[category] = count
    return out


def score(levels: dict, won: dict, hidden) -> Score:
    """The final score from the categories' `levels`, the question cards `won`, the `hidden` cards.

    `levels` is {category: level}, `won` {category: question cards} and `hidden`
    [category], one per hidden card (categories in either case): each a whole number
    from 0 to what the game holds (levels 0–51, 50 question cards a category, 20 hidden
    cards).

    Raises EurekaError past those, for a count that is not a whole number, for a
    category outside A–E, or for one won or hidden without a level.
    """
    levels, won = _counted(levels, "level"), _counted(won, "question cards")
    hidden = [str(h).upper() for h in hidden]
    for what, names in (("level", levels), ("question cards", won),
                        ("hidden card", hidden)):
        unknown = sorted(set(names) - set(CATEGORIES))
        if unknown:
            raise EurekaError(f"{what} of category {unknown[0]!r}: the categories are "
                              f"A–E")
    missing = sorted({*won, *hidden} - set(levels))
    if missing:
        raise EurekaError(f"no level given for category {missing[0]}")
    for c, level in levels.items():
        if level > MAX_LEVEL:
            raise EurekaError(f"category {c} is at level {level}, but a marker rises at "
                              f"most {QUESTION_CARDS} notches (one per question card)")
    for c, n in won.items():
        if n > QUESTION_CARDS:
            raise EurekaError(f"{plural(n, 'question card')} of category {c} won, but a "
                              f"category has {QUESTION_CARDS}")
    if len(hidden) > HIDDEN_CARDS:
        raise EurekaError(f"{len(hidden)} hidden cards, but the game has {HIDDEN_CARDS}")
    return Score(sum(levels[c] * n for c, n in won.items()),
                 sum(levels[c] for c in hidden))
