"""A finished Arithmetikus game's record and its evaluation in the rulebook's order.

The record, written for `eureka score arithmetikus`:

    spielzahl: 17
    player: Anna
    20 7 2 3 = 20 - (7 + 2) / 3     # the cards laid down = how they make the Spielzahl
    17 = 17
    9 8                             # laid down but not explained: a forgotten combination
    extra cards: 1
    player: Ben
    J 9 = J(8) + 9
    extra cards: 2

Cards are 1–24 and J for the joker; `#` starts a comment.  Two players (or teams).
"""

from collections import Counter

from eureka.arithmetikus.hands import (
    JOKER,
    MAX_EXTRA,
    Hand,
    check,
    check_spielzahl,
    check_supply,
    parse_hand,
)
from eureka.arithmetikus.results import Evaluation, Pile, PlayerResult
from eureka.errors import ClaimSyntaxError, EurekaError
from eureka.text import quoted, whole_number


def parse(text: str) -> tuple:
    """The Spielzahl and the players of a game record `text`.

    Returns (Spielzahl, [(name, [(Hand, explanation or None)], extra cards)]), the
    players in the record's order. Raises EurekaError, naming the line, on a line that
    cannot be read; and when the Spielzahl is missing, the players are not two, or more
    copies of a card are laid down than the deck less the Spielzahl has.
    """
    target, players, current = None, [], None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            key, _, value = line.partition(":")
            key = key.strip().lower()
            if key == "spielzahl" and "=" not in line:
                if target is not None:
                    raise EurekaError("the Spielzahl is given twice")
                target = check_spielzahl(_whole(value, "the Spielzahl"))
            elif key == "player" and "=" not in line:
                if not value.strip():
                    raise EurekaError("the player needs a name")
                current = (value.strip(), [], [0], [])
                if any(p[0] == current[0] for p in players):
                    raise EurekaError(f"two players are called {current[0]}")
                players.append(current)
            elif key == "extra cards" and "=" not in line:
                _need(current)
                if current[3]:
                    raise EurekaError(f"{current[0]}'s extra cards are given twice")
                current[3].append(True)
                extra = _whole(value, "the extra cards")
                if extra > MAX_EXTRA:
                    raise EurekaError(f"at most {MAX_EXTRA} extra cards may be drawn, "
                                      f"not {extra}")
                current[2][0] = extra
            else:
                _need(current)
                cards, _, explanation = line.partition("=")
                pile = parse_hand(cards.split(), target, where="in one pile")
                current[1].append((pile, explanation.strip() or None))
        except EurekaError as e:
            raise EurekaError(f"line {number}: {e}") from None
    if target is None:
        raise EurekaError("no Spielzahl: add a line 'spielzahl: N'")
    if len(players) != 2:
        raise EurekaError(f"Arithmetikus is played by two players or teams, not "
                          f"{len(players)}")
    laid = Counter(c for _, piles, _, _ in players for pile, _ in piles
                   for c in pile.numbers + (JOKER,) * pile.joker)
    check_supply(laid, target, "are laid down")
    return target, [(name, piles, extra[0]) for name, piles, extra, _ in players]


def _need(current):
    if current is None:
        raise EurekaError("name the player first: 'player: NAME'")


def _whole(text: str, what: str) -> int:
    value = whole_number(text.strip())
    if value is None:
        raise EurekaError(f"{what} must be a whole number, not {quoted(text.strip())}")
    return value


def _judge(hand: Hand, explanation: str | None, target: int) -> Pile:
    """A pile's verdict: explained, with exactly its cards, making the Spielzahl."""
    cards = hand.written
    if explanation is None:
        return Pile(cards, None, False, "forgotten: no explanation given")
    try:
        checked = check(explanation, hand, target)
    except ClaimSyntaxError as e:
        return Pile(cards, explanation, False, f"cannot be read: {e}")
    verdict = checked.verdict
    if not verdict.valid:
        return Pile(cards, explanation, False, verdict.reason)
    used = len(verdict.cards_used)
    if used != len(cards):
        return Pile(cards, explanation, False,
                    f"the explanation uses {used} of the {len(cards)} cards laid down")
    joker = f" (the joker as {checked.joker})" if checked.joker is not None else ""
    return Pile(cards, explanation, True, verdict.reason + joker)


def evaluate(text: str) -> Evaluation:
    """The evaluation of a game record `text` in the rulebook's order.

    The player with the most cards laid down explains first: 2 cards off per extra card,
    and all the cards of each wrong or forgotten combination. If that player still has
    more cards than the other laid down, that player wins; otherwise the other is
    evaluated too, and the higher result wins (equal results: a draw).

    Raises EurekaError on a record that parse refuses.
    """
    target, players = parse(text)
    results = [PlayerResult(name, tuple(_judge(c, e, target) for c, e in piles), extra)
               for name, piles, extra in players]
    first, second = sorted(results, key=lambda r: -r.laid_down)
    if first.result > second.laid_down:
        return Evaluation(target, (first, second), False, first.name)
    if first.result == second.result:
        return Evaluation(target, (first, second), True, None)
    winner = first if first.result > second.result else second
    return Evaluation(target, (first, second), True, winner.name)
