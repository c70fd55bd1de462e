"""A hint rather than the answer, one level at a time.

Level 1 tells whether the puzzle can be done and with how many cards, level 2 the first
step of the simplest best answer, level 3 the whole answer worked step by step.
"""

from eureka.errors import HandError
from eureka.numbers import simplicity


def shown_steps(form, level: int) -> tuple:
    """The steps a hint of `level` shows of the answer `form` (None: no answer).

    None at level 1, the first at level 2, every one at level 3.
    """
    if form is None or level == 1:
        return ()
    worked = tuple(simplicity.steps(form))
    return worked[:1] if level == 2 else worked


def done_with(most: int, held: int) -> str:
    """Level 1 for a game where more cards score more ('It can be done with all 5 cards.').

    `most` is how many cards the longest answer uses, `held` how many cards are held.
    """
    if most == held:
        return f"It can be done with all {held} cards."
    return f"It can be done with {most} of the {held} cards (no answer uses more)."


def check_level(level: int) -> int:
    """The `level` asked for, when it is 1, 2 or 3 (raises HandError otherwise)."""
    if level not in (1, 2, 3):
        raise HandError(f"the hint's level is 1, 2 or 3, not {level!r}")
    return level
