"""Simulated Arquimedes games, summarised, and the rest of a round played out per option.

`simulate` plays complete games; `rank_options` plays out the rest of a round after each
option of a player.

Strategies (kernels.choose), each plays whenever it can and draws only when it cannot:
  random     any legal play, uniformly at random;
  greedy     the play with the most cards, then the most penalty points shed;
  tactician  the play that sheds the most penalty points, then the one leaving the top
             card that the cards it has not seen can answer in the fewest ways.

Games and deals are played in batches and summarised as they come, so memory does not
grow with their number; the bounds (eureka.arquimedes.options) keep a run within minutes.
"""

import math
from fractions import Fraction

import numpy as np

from eureka import parallel, stats
from eureka.arquimedes import kernels
from eureka.arquimedes.cards import MAX_PLAYERS, MIN_PLAYERS, STRATEGIES
from eureka.arquimedes.options import check_games, check_samples
from eureka.arquimedes.results import Estimate, Summary
from eureka.arquimedes.state import State, normal_ops, ops_mask
from eureka.errors import EurekaError

CHUNK = 20_000                       # games per kernel call (one progress step)
ROLLOUTS_PER_CALL = 1 << 18          # options × deals per kernel call


def strategy_code(name: str) -> int:
    """The kernels' code of the strategy `name` (one of cards.STRATEGIES).

    Raises EurekaError for an unknown strategy.
    """
    if name not in STRATEGIES:
        raise EurekaError(f"unknown strategy {name!r}: choose from {', '.join(STRATEGIES)}")
    return STRATEGIES.index(name)


def strategy_codes(names) -> np.ndarray:
    """The kernels' codes (an int64 array) of `names`, one strategy per seat.

    Raises EurekaError for an unknown strategy, or fewer than 2 or more than 6 seats.
    """
    codes = [strategy_code(n) for n in names]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise EurekaError(f"Arquimedes is played by {MIN_PLAYERS}–{MAX_PLAYERS} players, "
                          f"not {len(names)}")
    return np.array(codes, np.int64)


def played(first, count, players, codes, deck, mask, seed, threads):
    """The five arrays of kernels.simulate for games `first` .. `first` + `count` - 1.

    The games are played on `threads` threads, each a share of them in a row (the kernel
    runs without the GIL), and the arrays joined in game order.  `players`, `codes` (a
    strategy per seat), `deck` (counts per code), `mask` (the operations' bit set) and
    `seed` go to the kernel as they are.
    """
    parts = parallel.in_shares(
        lambda lo, hi: kernels.simulate(first + lo, hi - lo, players, codes, deck, mask, seed),
        count, threads)
    return tuple(np.concatenate(arrays) for arrays in zip(*parts))


def simulate(games: int, strategies, seed: int = 0, joker: bool = True,
             ops: str = "+-*/", progress=None) -> Summary:
    """A Summary of `games` complete five-round games of one variant.

    `strategies` names one strategy per seat; the variant is the deck with or without
    the `joker` and the operations `ops`.  Game g is the same for (`seed`, g) whatever
    else is run.  `progress`, when given, is called with n after each batch of n games
    (CHUNK at most).  Raises EurekaError for a number of games out of bounds, an unknown
    strategy or a wrong number of seats, and RulesError for operations other than
    + - * /.
    """
    check_games(games)
    codes = strategy_codes(strategies)
    ops = normal_ops(ops)
    mask, deck, players = ops_mask(ops), kernels.deck_counts(joker), len(codes)
    wins = np.zeros(players, np.int64)
    tokens = np.zeros(players, np.int64)
    turns = np.zeros(1, np.int64)                     # a histogram of turns per round
    all_pass = ties = 0
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        with parallel.applied(kernel=("arquimedes games", *codes.tolist()),
                              units=count) as threads:
            w, t, n, a, d = played(first, count, players, codes, deck, mask, seed, threads)
        wins += np.bincount(w, minlength=players)
        tokens += t.sum(axis=(0, 1))
        counted = np.bincount(n.ravel())
        turns = np.pad(turns, (0, max(0, len(counted) - len(turns))))
        turns[:len(counted)] += counted
        all_pass += int(a.sum())
        ties += int(d.sum())
        if progress:
            progress(count)
    rounds = games * kernels.ROUNDS
    seats = []
    for name, won, tok in zip(strategies, wins.tolist(), tokens.tolist()):
        low, high = stats.wilson(won / games, games)
        seats.append({"strategy": name, "wins": won, "win_rate": won / games,
                      "ci95": [low, high], "tokens_per_round": tok / rounds,
                      "tokens_per_game": tok / games})
    mean = sum(v * c for v, c in enumerate(turns.tolist())) / rounds
    summary = {"turns": {"mean": mean, "median": quantile(turns, 0.5),
                         "p90": quantile(turns, 0.9), "max": len(turns) - 1},
               "all_pass": all_pass / rounds, "tie_draws": ties / rounds}
    return Summary(games, seed, joker, ops, seats, summary)


def quantile(histogram: np.ndarray, q: float) -> float:
    """The `q`-quantile of the values counted in `histogram` (histogram[v]: how many are v).

    It is interpolated linearly between order statistics, as numpy.percentile does.
    """
    cumulative = np.cumsum(histogram)
    at = q * (int(cumulative[-1]) - 1)
    low = int(math.floor(at))
    a, b = (int(np.searchsorted(cumulative, r, side="right")) for r in (low, low + 1))
    b = b if low + 1 < cumulative[-1] else a
    t = at - low
    return float(a + (b - a) * t) if t < 0.5 else float(b - (b - a) * (1 - t))


def assumed_draw_pile(state: State) -> int:
    """The draw pile's size: as given, else every unseen card the other hands do not hold.

    Raises EurekaError when `state` lacks the other players' hand sizes (`others`).
    """
    if state.others is None:
        raise EurekaError("--simulate needs the other players' hand sizes (--others)")
    if state.draw_pile is not None:
        return state.draw_pile
    return len(state.unseen_cards()) - sum(state.others)


def rank_options(state: State, legal: list, samples: int, strategy: str = "greedy",
                 seed: int = 0) -> list:
    """Each legal play, and drawing a card, ranked by the round's expected penalty tokens.

    `legal` are the plays of `state` (as `plays.plays` lists them); drawing a card is an
    option when the draw pile has one.  The rest of the round is played `samples` times:
    the unseen cards are dealt at random to the other hands and the draw pile, and every
    seat then plays `strategy`; deal s is the same for every option and depends on
    (`seed`, s) alone.

    Returns an Estimate per option (its play None for drawing), the fewest expected
    tokens first, then the fewest cards left; empty when there is no option.  Raises
    EurekaError unless 2 <= `samples` <= options.MAX_SAMPLES and the state gives the
    other players' hand sizes, or for an unknown strategy.
    """
    check_samples(samples)
    code = strategy_code(strategy)
    draw = assumed_draw_pile(state)
    options = [[p.first, p.first_value, p.second, p.second_value, p.op, p.top]
               for p in legal] + ([[0] * kernels.PLAY_COLUMNS] if draw > 0 else [])
    if not options:
        return []
    rows = np.array(options, np.int64)
    step = max(1, ROLLOUTS_PER_CALL // len(options))
    sums = np.zeros((4, len(options)), object)     # tokens, tokens², cards left, wins
    for first in range(0, samples, step):
        with parallel.applied(kernel="arquimedes rollouts",
                              units=len(options) * min(step, samples - first)):
            tokens, totals, won = kernels.rollouts(
                kernels.counts(state.hand), state.top.value or 0, int(state.top.free), rows,
                np.array(state.unseen_cards(), np.int64),
                np.array(state.seen + (state.top_code,), np.int64),
                np.array(state.others, np.int64), draw, code,
                kernels.deck_counts(state.joker), state.ops_mask, first,
                min(step, samples - first), seed)
        for row, part in enumerate((tokens, tokens * tokens, totals, won)):
            sums[row] += np.array(part.sum(axis=1).tolist(), object)
    plays = list(legal) + [None] * (len(options) - len(legal))
    out = [Estimate(play, t / samples, _stderr(t, t2, samples), c / samples, w / samples)
           for play, t, t2, c, w in zip(plays, *sums)]
    return sorted(out, key=lambda e: (e.tokens, e.cards_left))


def _stderr(total: int, squares: int, n: int) -> float:
    """The standard error of a mean, from the sum and the sum of squares (exact)."""
    return math.sqrt(Fraction(squares * n - total * total, n * n * (n - 1)))
