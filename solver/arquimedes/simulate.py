"""Simulated Arquimedes games, summarised; and the rest of a round played out for each
option of a player (`rank_options`).

Strategies (kernels.choose), each plays whenever it can and draws only when it cannot:
  random     any legal play, uniformly at random;
  greedy     the play with the most cards, then the most penalty points shed;
  tactician  the play that sheds the most penalty points, then the one leaving the top
             card that the cards it has not seen can answer in the fewest ways.
"""

import math
from dataclasses import asdict, dataclass

import numpy as np

from eureka.arquimedes import kernels as K
from eureka.arquimedes.plays import Play, State, normal_ops, ops_mask
from eureka.arquimedes.scoring import MAX_PLAYERS, MIN_PLAYERS
from eureka.errors import EurekaError

STRATEGIES = {"random": K.RANDOM, "greedy": K.GREEDY, "tactician": K.TACTICIAN}
CHUNK = 20_000                       # games per kernel call (one progress step)
Z95 = 1.959964


def strategy_codes(names) -> np.ndarray:
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown:
        raise EurekaError(f"unknown strategy {unknown[0]!r}: choose from "
                          f"{', '.join(STRATEGIES)}")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise EurekaError(f"Arquimedes is played by {MIN_PLAYERS}–{MAX_PLAYERS} players, "
                          f"not {len(names)}")
    return np.array([STRATEGIES[n] for n in names], np.int64)


def wilson(successes: int, n: int) -> tuple:
    """The 95% Wilson score interval of a proportion."""
    p = successes / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return centre - half, centre + half


@dataclass
class Summary:
    games: int
    seed: int
    joker: bool
    ops: str
    seats: list            # per seat: strategy, wins, win_rate, ci95, tokens per round
    rounds: dict           # turns (mean, median, p90, max), all_pass share, tie draws

    def as_dict(self) -> dict:
        return asdict(self)


def simulate(games: int, strategies, seed: int = 0, joker: bool = True,
             ops: str = "+-*/", progress=None) -> Summary:
    """`games` complete five-round games; game g is the same for (seed, g) whatever
    else is run."""
    codes = strategy_codes(strategies)
    ops = normal_ops(ops)
    mask = ops_mask(ops)
    deck = K.deck_counts(joker)
    parts = []
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        parts.append(K.simulate(first, count, len(codes), codes, deck, mask, seed))
        if progress:
            progress(count)
    winners, tokens, turns, all_pass, ties = (np.concatenate(x) for x in zip(*parts))
    seats = []
    for p, name in enumerate(strategies):
        wins = int((winners == p).sum())
        low, high = wilson(wins, games)
        seats.append({"strategy": name, "wins": wins, "win_rate": wins / games,
                      "ci95": [low, high],
                      "tokens_per_round": float(tokens[:, :, p].mean()),
                      "tokens_per_game": float(tokens[:, :, p].sum(axis=1).mean())})
    flat = turns.ravel()
    rounds = {"turns": {"mean": float(flat.mean()), "median": float(np.median(flat)),
                        "p90": float(np.percentile(flat, 90)), "max": int(flat.max())},
              "all_pass": float(all_pass.mean()),
              "tie_draws": float(ties.mean())}
    return Summary(games, seed, joker, ops, seats, rounds)


def assumed_draw_pile(state: State) -> int:
    """The draw pile's size: as given, else every unseen card the other hands do not
    hold."""
    if state.others is None:
        raise EurekaError("--simulate needs the other players' hand sizes (--others)")
    if state.draw_pile is not None:
        return state.draw_pile
    return len(state.unseen_cards()) - sum(state.others)


@dataclass(frozen=True)
class Estimate:
    """The rest of the round after one option, over many deals of the unseen cards."""

    play: Play | None                   # None: draw a card
    tokens: float                       # expected penalty tokens of this round
    stderr: float
    cards_left: float                   # expected card total left in hand
    win: float                          # the share of deals in which it goes out


def rank_options(state: State, legal: list, samples: int, strategy: str = "greedy",
                 seed: int = 0) -> list:
    """Each legal play (and drawing a card, when the pile has one) ranked by the
    expected penalty tokens of the rest of the round: the unseen cards are dealt at
    random to the other hands and the draw pile, and every seat then plays `strategy`.
    Needs the other players' hand sizes."""
    draw = assumed_draw_pile(state)
    unseen = state.unseen_cards()
    options = [[p.first, p.first_value, p.second, p.second_value, p.op, p.top]
               for p in legal] + ([[0] * K.PLAY_COLUMNS] if draw > 0 else [])
    if not options:
        return []
    tokens, totals, won = K.rollouts(
        state.hand_counts(), state.top.value or 0, int(state.top.free),
        np.array(options, np.int64), np.array(unseen, np.int64),
        np.array(state.seen + (state.top_code,), np.int64),
        np.array(state.others, np.int64), draw, STRATEGIES[strategy],
        K.deck_counts(state.joker), state.ops_mask, samples, seed)
    plays = list(legal) + [None] * (len(options) - len(legal))
    out = [Estimate(play, float(t.mean()), float(t.std(ddof=1) / math.sqrt(samples))
                    if samples > 1 else 0.0, float(c.mean()), float(w.mean()))
           for play, t, c, w in zip(plays, tokens, totals, won)]
    return sorted(out, key=lambda e: (e.tokens, e.cards_left))
