"""The text form of a finished (or unfinished) Arquimedes game, read by `eureka score`.

A record reads:

    players: Ana Ben Cy Dee
    round 1
    Ana: out                  # went out: no cards left
    Ben: 2 5 1 draws 7        # cards left, then the cards drawn for ties, in order
    Cy: 8 draws 5 10
    Dee: 3 10 draws 3
    round 2
    ...
    decider: Ana 5, Ben 9     # after five rounds: the draws of players tied on tokens

Cards are 1–13 and K (or J) for the joker; `#` starts a comment.  A round in which
nobody went out ended with every player passing.
"""

import re
from dataclasses import dataclass

from eureka.arquimedes.cards import MAX_PLAYERS, MIN_PLAYERS, check_cards, parse_card
from eureka.arquimedes.scoring import GameScore, score_game, score_round
from eureka.errors import EurekaError
from eureka.text import quoted

_ROUND = re.compile(r"round\s+\S+$", re.IGNORECASE)


@dataclass(frozen=True)
class RoundRecord:
    """One round as recorded: the cards left in each hand, the tie draws, who went out."""

    left: dict                    # name -> card codes left in hand (() for the winner)
    draws: dict                   # name -> card codes drawn for ties, in order
    winner: str | None            # None: the round ended with every player passing


def parse(text: str, joker: bool = True) -> tuple:
    """The (players, rounds, deciders) of a game record.

    `text` is the record (see the module); `joker` says whether the deck has the joker,
    against which each round's hands and tie draws, and each decider draw, are checked.
    Returns the players' names in seat order, a RoundRecord per round and the decider
    draws ({name: card code} each).  Raises EurekaError naming the line, or the round,
    of the first mistake.
    """
    players: tuple = ()
    rounds: list = []
    deciders: list = []
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            if line.lower().startswith("players:"):
                if players:
                    raise EurekaError("the players are named twice")
                players = tuple(line.split(":", 1)[1].split())
                if len(set(players)) != len(players):
                    raise EurekaError("two players have the same name")
                if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
                    raise EurekaError(f"Arquimedes is played by {MIN_PLAYERS}–"
                                      f"{MAX_PLAYERS} players, not {len(players)}")
            elif _ROUND.match(line):
                _need(players)
                if deciders:
                    raise EurekaError("a round after the decider draws")
                if line.split()[1:] != [str(len(rounds) + 1)]:
                    raise EurekaError(f"expected 'round {len(rounds) + 1}'")
                current = {"left": {}, "draws": {}, "winner": None}
                rounds.append(current)
            elif line.lower().startswith("decider:"):
                _need(players)
                deciders.append(_decider(line.split(":", 1)[1], players))
                check_cards(deciders[-1].values(), joker, "the decider draw")
            else:
                if current is None:
                    raise EurekaError("a player's cards before 'round 1'")
                _hand_line(line, players, current)
        except EurekaError as e:
            raise EurekaError(f"line {number}: {e}") from None
    _need(players)
    out = []
    for n, r in enumerate(rounds, 1):
        missing = [p for p in players if p not in r["left"]]
        if missing:
            raise EurekaError(f"round {n}: no line for {', '.join(missing)}")
        cards = [c for p in players for c in r["left"][p] + r["draws"][p]]
        check_cards(cards, joker, f"round {n}'s hands and tie draws")
        out.append(RoundRecord(r["left"], r["draws"], r["winner"]))
    return players, out, deciders


def _need(players):
    if not players:
        raise EurekaError("name the players first: 'players: Ana Ben ...'")


def _hand_line(line: str, players: tuple, current: dict) -> None:
    if ":" not in line:
        raise EurekaError(f"expected 'NAME: cards' or 'NAME: out', got {quoted(line)}")
    who, rest = (part.strip() for part in line.split(":", 1))
    if who not in players:
        raise EurekaError(f"{quoted(who)} is not one of the players ({' '.join(players)})")
    if who in current["left"]:
        raise EurekaError(f"{who} has two lines in this round")
    words = rest.split()
    if words == ["out"]:
        if current["winner"] is not None:
            raise EurekaError(f"both {current['winner']} and {who} went out")
        current["winner"] = who
        current["left"][who], current["draws"][who] = (), ()
        return
    if "draws" in words:
        i = words.index("draws")
        held, drawn = words[:i], words[i + 1:]
        if not drawn:
            raise EurekaError("'draws' needs the cards drawn")
    else:
        held, drawn = words, []
    if not held:
        raise EurekaError(f"{who}: no cards left means 'out'")
    current["left"][who] = tuple(parse_card(c) for c in held)
    current["draws"][who] = tuple(parse_card(c) for c in drawn)


def _decider(text: str, players: tuple) -> dict:
    draw = {}
    for item in text.split(","):
        words = item.split()
        if len(words) != 2 or words[0] not in players:
            raise EurekaError(f"expected 'decider: NAME CARD, NAME CARD', got "
                              f"{quoted(item.strip())}")
        if words[0] in draw:
            raise EurekaError(f"{words[0]} draws twice in one decider")
        draw[words[0]] = parse_card(words[1])
    return draw


def score(text: str, joker: bool = True) -> GameScore:
    """The GameScore of the game record `text`, round by round.

    `joker` says whether the deck has the joker.  Raises EurekaError at the record's
    first mistake, naming its line or round where it has one (see `parse`).
    """
    players, rounds, deciders = parse(text, joker)
    scored = []
    for n, r in enumerate(rounds, 1):
        try:
            scored.append(score_round(players, r.left, r.draws, r.winner))
        except EurekaError as e:
            raise EurekaError(f"round {n}: {e}") from None
    return score_game(players, scored, deciders)
