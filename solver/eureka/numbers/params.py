"""The verbs of a numbers game as data (eureka.params): solve, check and hint.

Each verb takes the parameters every preset shares (the cards and the target) and the
preset's own (a Pitagoras die, the generic game's rules), which choose the variant played.
"""

from dataclasses import replace

from eureka.errors import EurekaError
from eureka.numbers.rules import DOMAINS, MAX_CAP
from eureka.params import Param, Verb

CARDS = Param("cards", "wholes", "The cards on the table, e.g. --cards 2 7 6 12 15.",
              high=MAX_CAP, metavar="N...")
TARGET = Param("target", "whole", "The number to make.", metavar="N")
ANY_NUMBERS = Param("any_numbers", "flag", "Allow any cards, not only the game's deck.")
DICE = Param("dice", "wholes", "The two dice rolled, e.g. --dice 30 2 (instead of "
             "--target).", metavar="FACE FACE")
RULES = (
    Param("ops", "text", "Operations allowed, from + - * / ^.", default="+-*/"),
    Param("domain", "choice", "Every step a whole number >= 0, >= 1 (positive), or any "
          "fraction >= 0 (as in the 24 game; without ^).", default="whole",
          choices=DOMAINS),
    Param("cap", "whole", "Largest intermediate value considered.", default=MAX_CAP,
          low=1, high=MAX_CAP, metavar="N"),
)
"""The rules of the generic numbers game, as options."""

SOLVE = (
    Param("limit", "whole", "List at most N equations (the counts stay complete).",
          metavar="N"),
    Param("trees", "switch", "Also count expression trees (default: up to 6 cards, 5 "
          "with fractions)."),
    Param("closest", "whole", "When the target is missed: how many nearest values to "
          "show.", default=2, high=50, metavar="K"),
    Param("best", "flag", "Only one equation with the most cards (quick on large hands)."),
    Param("simplest", "flag", "Only the simplest equation with the most cards (JSON: in "
          "'simplest', no equations listed)."),
)
CLAIM = Param("equation", "text", "The claimed equation, e.g. 7*6-12+2.", argument=True)
LEVEL = Param("level", "whole", "How much to tell: 1, 2 or 3.", default=1, low=1, high=3)


def dealt(game, any_numbers: bool = False):
    """The preset `game`, or with `any_numbers` the preset with any cards allowed."""
    return game.any_numbers() if any_numbers else game


def verbs(game, own: tuple, variant, example: dict) -> dict:
    """The verbs solve, check and hint of the preset `game`, as {verb: Verb}.

    `own` are the preset's own parameters, which `variant` turns into the game played
    as variant(game, **their values) (the deck with any_numbers, a die, the rules), but
    for DICE, which gives the target (a None `variant`: the preset itself is played);
    `example` is a deal, and a claim on it as `equation`, for the verbs' examples.
    """
    names = [p.name for p in own if p is not DICE]

    def played(options: dict):
        chosen = {name: options.pop(name) for name in names}
        return variant(game, **chosen) if variant else game

    def solve(cards, target=None, limit=None, trees=None, closest=2, best=False,
              simplest=False, dice=None, **options):
        if simplest and (best or limit is not None):
            raise EurekaError("--simplest lists one equation: not with --best or --limit")
        return played(options).solve(cards, target, dice=dice, best=best,
                                     closest=closest, trees=trees,
                                     limit=0 if simplest else limit)

    def check(equation=None, cards=None, target=None, dice=None, compare=True, **options):
        if equation is None or not cards:
            raise EurekaError("a claim and --cards are needed")
        return played(options).check(equation, cards, target, dice=dice, compare=compare)

    def hint(cards, target=None, level=1, dice=None, **options):
        return played(options).hint(cards, target, dice=dice, level=level)

    hand = (replace(CARDS, required=True), TARGET)
    deal = {k: v for k, v in example.items() if k != "equation"}
    return {
        "solve": Verb("solve", (*hand, *own, *SOLVE), solve,
                      (deal, {**deal, "best": True}, {**deal, "simplest": True})),
        "check": Verb("check", (CLAIM, CARDS, TARGET, *own), check, (example,),
                      lambda values: played(dict(values))),
        "hint": Verb("hint", (*hand, *own, LEVEL), hint, ({**deal, "level": 3},)),
    }
