"""Scoring Arquimedes as the rulebook does: a round's tokens, and the game's winner.

A round: card totals, tie draws and penalty tokens; the game: the five-round total and
the winner with its tie-break.
"""

from dataclasses import dataclass, field

from eureka.arquimedes.cards import MAX_PLAYERS, MIN_PLAYERS, ROUNDS, TOP_VALUE, hand_total
from eureka.errors import EurekaError
from eureka.text import plural


@dataclass(frozen=True)
class RoundScore:
    """One round scored: who went out, the card totals after the tie draws, the tokens.

    `winner` is None when the round ended with every player passing; `totals` holds each
    other player's card total; `pending` holds the groups still tied, with their total,
    who must draw again before tokens can be given (`tokens` is then None).
    """

    players: tuple
    winner: str | None
    totals: dict
    tokens: dict | None
    pending: tuple = ()

    @property
    def all_pass(self) -> bool:
        """Whether the round ended with every player passing, nobody having gone out."""
        return self.winner is None

    @property
    def winner_note(self) -> str:
        """What the player who went out does with the tokens, as the rulebook says."""
        return "returns token 1"


def score_round(players, left: dict, draws: dict, winner: str | None) -> RoundScore:
    """Scores a round from the cards left in each hand and the cards drawn for ties.

    `players` names the seats in order (2–6); `left` maps a name to the card codes left
    in that hand (every player's but the winner's is needed), and `draws` to the cards
    that player drew for ties, in order; `winner` is the player who went out, None after
    an all-pass ending.

    Tied players each draw a card until every total differs; the highest total takes
    the highest token (as many tokens as players, 1 up).  The winner takes none and
    returns token 1; after an all-pass ending the lowest total takes token 1.  When the
    draws given do not settle a tie, the tokens wait (`pending`).  Raises EurekaError
    for a wrong number of players, a tie draw by the winner, or more draws than the ties
    needed.
    """
    players = tuple(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise EurekaError(f"Arquimedes is played by {MIN_PLAYERS}–{MAX_PLAYERS} players, "
                          f"not {len(players)}")
    ranked = [p for p in players if p != winner]
    if winner is not None and draws.get(winner):
        raise EurekaError(f"{winner} went out and cannot draw for a tie")
    totals = {p: hand_total(left[p]) for p in ranked}
    used = dict.fromkeys(ranked, 0)
    pending: tuple = ()
    while True:
        groups = _tied(totals)
        if not groups:
            break
        tied = [p for group in groups for p in group]
        if any(used[p] == len(draws.get(p, ())) for p in tied):
            pending = tuple((group, totals[group[0]]) for group in groups)
            break
        for p in tied:
            totals[p] += hand_total([draws[p][used[p]]])
            used[p] += 1
    for p in ranked:
        if used[p] < len(draws.get(p, ())):
            raise EurekaError(f"{p} drew {plural(len(draws[p]), 'card')} for ties, but "
                              f"{used[p] or 'none'} {'was' if used[p] < 2 else 'were'} "
                              f"needed")
    if pending:
        return RoundScore(players, winner, totals, None, pending)
    order = sorted(ranked, key=lambda p: -totals[p])
    tokens = {p: len(players) - i for i, p in enumerate(order)}
    if winner is not None:
        tokens[winner] = 0
    return RoundScore(players, winner, totals, {p: tokens[p] for p in players})


def _tied(totals: dict) -> list:
    """The groups of players with equal totals, in seat order."""
    groups: dict = {}
    for p, t in totals.items():
        groups.setdefault(t, []).append(p)
    return [tuple(g) for g in groups.values() if len(g) > 1]


@dataclass(frozen=True)
class GameScore:
    """The game so far: its rounds, the token totals of the complete rounds, the winner.

    `winner` is None while rounds are missing or a tie is still to be drawn for
    (`pending`); `complete` once the five rounds all have their tokens.
    """

    players: tuple
    rounds: tuple
    totals: dict
    winner: str | None
    deciders: tuple = ()                     # the decider draws used, {name: card}
    pending: tuple = ()                      # players still tied on the lowest total
    complete: bool = field(default=False)

    @property
    def tie_break(self) -> str:
        """How the players tied on the fewest tokens are separated."""
        return (f"each draws a card, and the lowest card wins (the joker counts "
                f"{TOP_VALUE})")


def score_game(players, rounds, deciders=()) -> GameScore:
    """The game so far: the token totals, and after five rounds the winner, the lowest.

    `players` names the seats; `rounds` are the RoundScores so far, in order (a round
    whose tokens are pending counts for none).  Players tied on the lowest total each
    draw a card (`deciders`, one {name: card code} per draw); the lowest card wins, and
    those still tied draw again.  Raises EurekaError for more than five rounds, decider
    draws before five complete rounds or once the game is decided, or a decider draw
    made by others than the players tied.
    """
    players = tuple(players)
    if len(rounds) > ROUNDS:
        raise EurekaError(f"a game has {ROUNDS} rounds, not {len(rounds)}")
    totals = dict.fromkeys(players, 0)
    for r in rounds:
        if r.tokens is not None:
            for p in players:
                totals[p] += r.tokens[p]
    complete = len(rounds) == ROUNDS and all(r.tokens is not None for r in rounds)
    if not complete:
        if deciders:
            raise EurekaError("decider draws are only made after five complete rounds")
        return GameScore(players, tuple(rounds), totals, None)
    low = min(totals.values())
    alive = [p for p in players if totals[p] == low]
    used = []
    for draw in deciders:
        if len(alive) == 1:
            raise EurekaError("a decider draw was given, but the game is already decided")
        if set(draw) != set(alive):
            raise EurekaError(f"the decider draw must be made by {_names(alive)} "
                              f"(the players tied on {low}), not {_names(list(draw))}")
        used.append(draw)
        lowest = min(hand_total([c]) for c in draw.values())
        alive = [p for p in alive if hand_total([draw[p]]) == lowest]
    winner = alive[0] if len(alive) == 1 else None
    return GameScore(players, tuple(rounds), totals, winner, tuple(used),
                     () if winner else tuple(alive), True)


def _names(names) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
