"""Numba kernels of Arquimedes: the plays of a hand, the strategies, and complete rounds
and games.

A card is a code: 1–13 its value, JOKER (14) the Knizia joker.  A hand is a count per
code, hand[code].  A play is a row of PLAY_COLUMNS:

    FIRST, FIRST_VALUE      the first card played and the value it stands for
    SECOND, SECOND_VALUE    the result card and its value (0, 0 for an `=` play)
    OP                      EQ, ADD, SUB, MUL or DIV
    TOP                     the value of the top card it answers (chosen by the player
                            when the top is a freshly turned joker)

so the play reads `TOP OP FIRST_VALUE = SECOND_VALUE`, or `TOP = FIRST_VALUE`.

The round and game kernels keep their state in small arrays (see the S_ indices), draw
from their own generator (splitmix64, seeded per game), and can write a trace of every
event (EV_ codes) for the tests to replay.  They do no validation and no I/O.
"""

import numpy as np
from numba import njit, prange

from eureka.arquimedes.cards import (ADD, CODES, DIV, EQ, HAND_SIZE, JOKER, MUL, ROUNDS,
                                     SUB, TOP_VALUE)
from eureka.arquimedes.cards import deck as full_deck

ALL_OPS = (1 << ADD) | (1 << SUB) | (1 << MUL) | (1 << DIV)
FIRST, FIRST_VALUE, SECOND, SECOND_VALUE, OP, TOP = range(6)
PLAY_COLUMNS = 6
MAX_PLAYS = 13 * (2 + 4 * 13 * 3)    # a free top: every value, every operation
RANDOM, GREEDY, TACTICIAN = range(3)  # the order of cards.STRATEGIES

# The scalar state of a round: S_DRAW_POS..S_DRAW_END is the draw pile (next card at
# S_DRAW_POS), the play pile holds S_PILE cards, S_TOP its top value (0 and S_FREE = 1
# for a freshly turned joker).
S_DRAW_POS, S_DRAW_END, S_PILE, S_TOP, S_FREE, S_TRACE = range(6)
STATE = 6

# Trace rows: (round, player, event, card, value, card2, value2, op, top).
EV_DEAL, EV_TURN_UP, EV_PLAY, EV_DRAW, EV_PASS, EV_TIE_DRAW, EV_RESHUFFLE, EV_DECIDER = \
    range(8)
TRACE_COLUMNS = 9


# ---------------------------------------------------------------- cards and plays

def deck_counts(joker: bool) -> np.ndarray:
    """The deck (cards.deck) as counts per code."""
    return counts(full_deck(joker).elements())


def counts(codes) -> np.ndarray:
    """Cards as counts per code, the kernels' form of a hand."""
    out = np.zeros(CODES, np.int64)
    for code in codes:
        out[code] += 1
    return out


@njit(cache=True)
def penalty(code):
    """What a card left in hand costs: its value, 13 for the joker."""
    return TOP_VALUE if code == JOKER else code


@njit(cache=True)
def result(top, op, a):
    """top op a when it is a card value (1–13), else -1."""
    if op == ADD:
        r = top + a
    elif op == SUB:
        r = top - a
    elif op == MUL:
        r = top * a
    else:
        if top % a:
            return -1
        r = top // a
    return r if 1 <= r <= TOP_VALUE else -1


@njit(cache=True)
def _add(out, n, first, first_value, second, second_value, op, top):
    out[n, FIRST] = first
    out[n, FIRST_VALUE] = first_value
    out[n, SECOND] = second
    out[n, SECOND_VALUE] = second_value
    out[n, OP] = op
    out[n, TOP] = top
    return n + 1


@njit(cache=True)
def list_plays(top, free, hand, ops, out):
    """Every legal play of `hand` on the top card, written to out[:n]; returns n.

    ops is a bit set of ADD..DIV.  A free top (a freshly turned joker) may be given any
    value 1–13 by the player."""
    n = 0
    lo, hi = (1, TOP_VALUE) if free else (top, top)
    joker = hand[JOKER] > 0
    for t in range(lo, hi + 1):
        if hand[t] > 0:
            n = _add(out, n, t, t, 0, 0, EQ, t)
        if joker:
            n = _add(out, n, JOKER, t, 0, 0, EQ, t)
        for op in range(ADD, DIV + 1):
            if not (ops >> op) & 1:
                continue
            for a in range(1, TOP_VALUE + 1):
                b = result(t, op, a)
                if b < 0:
                    continue
                if hand[a] > 0 and hand[b] > (1 if a == b else 0):
                    n = _add(out, n, a, a, b, b, op, t)
                if joker and hand[b] > 0:
                    n = _add(out, n, JOKER, a, b, b, op, t)
                if joker and hand[a] > 0:
                    n = _add(out, n, a, a, JOKER, b, op, t)
    return n


@njit(cache=True)
def shed(play):
    """The penalty a play takes out of the hand."""
    s = penalty(play[FIRST])
    if play[SECOND] != 0:
        s += penalty(play[SECOND])
    return s


@njit(cache=True)
def openness(t, unseen, ops):
    """How many ways cards not yet seen could answer a top of value t: one card equal
    to it, or two cards completing an equation (pairs counted by their copies)."""
    w = unseen[t] + unseen[JOKER]
    for op in range(ADD, DIV + 1):
        if not (ops >> op) & 1:
            continue
        for a in range(1, TOP_VALUE + 1):
            b = result(t, op, a)
            if b > 0:
                w += unseen[a] * (unseen[b] - (1 if a == b else 0))
                w += unseen[JOKER] * (unseen[a] + unseen[b])
    return w


# ---------------------------------------------------------------- random numbers

@njit(cache=True)
def _next(rng):
    """splitmix64: the next 64 random bits of the generator rng (a uint64[1])."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def below(rng, n):
    """A random integer 0 <= r < n."""
    return np.int64(_next(rng) % np.uint64(n))


@njit(cache=True)
def seeded(seed, game):
    """The generator of one game: it depends on (seed, game) alone."""
    rng = np.zeros(1, np.uint64)
    rng[0] = np.uint64(seed) * np.uint64(0x2545F4914F6CDD1D) + np.uint64(game)
    _next(rng)
    return rng


@njit(cache=True)
def shuffle(cards, lo, hi, rng):
    """Shuffle cards[lo:hi] in place (Fisher–Yates)."""
    for i in range(hi - 1, lo, -1):
        j = lo + below(rng, i - lo + 1)
        cards[i], cards[j] = cards[j], cards[i]


# ---------------------------------------------------------------- strategies

@njit(cache=True)
def choose(strategy, plays, n, hand, pile_counts, deck, ops, rng):
    """The index of the play a strategy makes (ties broken at random):
    RANDOM     any legal play, uniformly;
    GREEDY     the most cards, then the most penalty shed;
    TACTICIAN  the most penalty shed, then the top that the fewest unseen cards can
               answer (unseen: not in its hand and not on the play pile)."""
    if strategy == RANDOM:
        return below(rng, n)
    unseen = deck - hand - pile_counts if strategy == TACTICIAN else deck
    best, ties = -1, 0
    best_key0, best_key1 = -1, 0
    for i in range(n):
        cards = 1 if plays[i, SECOND] == 0 else 2
        if strategy == GREEDY:
            k0, k1 = cards * 1000 + shed(plays[i]), 0
        else:
            top = plays[i, FIRST_VALUE] if plays[i, SECOND] == 0 else plays[i, SECOND_VALUE]
            k0, k1 = shed(plays[i]), -openness(top, unseen, ops)
        if k0 > best_key0 or (k0 == best_key0 and k1 > best_key1):
            best, ties, best_key0, best_key1 = i, 1, k0, k1
        elif k0 == best_key0 and k1 == best_key1:
            ties += 1
            if below(rng, ties) == 0:
                best = i
    return best


# ---------------------------------------------------------------- rounds

@njit(cache=True)
def _log(trace, s, rnd, player, event, card, value, card2, value2, op, top):
    k = s[S_TRACE]
    if k < trace.shape[0]:
        row = trace[k]
        row[0], row[1], row[2], row[3], row[4] = rnd, player, event, card, value
        row[5], row[6], row[7], row[8] = card2, value2, op, top
        s[S_TRACE] = k + 1


@njit(cache=True)
def _take(draw, pile, s, rng, trace, rnd):
    """The next card of the draw pile; when it is empty, the play pile is shuffled into
    a new draw pile first.  0 when there is no card left anywhere."""
    if s[S_DRAW_POS] == s[S_DRAW_END]:
        if s[S_PILE] == 0:
            return 0
        for i in range(s[S_PILE]):
            draw[i] = pile[i]
        s[S_DRAW_POS], s[S_DRAW_END], s[S_PILE] = 0, s[S_PILE], 0
        shuffle(draw, 0, s[S_DRAW_END], rng)
        _log(trace, s, rnd, -1, EV_RESHUFFLE, 0, 0, 0, 0, 0, 0)
    card = draw[s[S_DRAW_POS]]
    s[S_DRAW_POS] += 1
    return card


@njit(cache=True)
def deal(deck_cards, hands, draw, pile, s, rng, trace, rnd):
    """Shuffle, deal five cards each, turn up the first card of the play pile."""
    m = deck_cards.shape[0]
    draw[:m] = deck_cards
    shuffle(draw, 0, m, rng)
    hands[:, :] = 0
    pos = 0
    for p in range(hands.shape[0]):
        for _ in range(HAND_SIZE):
            hands[p, draw[pos]] += 1
            _log(trace, s, rnd, p, EV_DEAL, draw[pos], penalty(draw[pos]), 0, 0, 0, 0)
            pos += 1
    card = draw[pos]
    pile[0] = card
    s[S_DRAW_POS], s[S_DRAW_END], s[S_PILE] = pos + 1, m, 1
    s[S_TOP], s[S_FREE] = (0, 1) if card == JOKER else (card, 0)
    _log(trace, s, rnd, -1, EV_TURN_UP, card, s[S_TOP], 0, 0, 0, 0)


@njit(cache=True)
def play_turns(hands, draw, pile, pile_counts, s, starter, strategies, deck, ops, rng,
               plays, trace, rnd):
    """Play the round from this state, starter first, until a hand is empty (returns
    that player) or every player passes in a row (returns -1); also the turns taken."""
    players = hands.shape[0]
    p, passes, turns = starter, 0, 0
    while True:
        turns += 1
        n = list_plays(s[S_TOP], s[S_FREE], hands[p], ops, plays)
        if n > 0:
            i = choose(strategies[p], plays, n, hands[p], pile_counts, deck, ops, rng)
            row = plays[i]
            for card in (row[FIRST], row[SECOND]):
                if card != 0:
                    hands[p, card] -= 1
                    pile[s[S_PILE]] = card
                    s[S_PILE] += 1
                    pile_counts[card] += 1
            s[S_TOP] = row[FIRST_VALUE] if row[SECOND] == 0 else row[SECOND_VALUE]
            s[S_FREE] = 0
            passes = 0
            _log(trace, s, rnd, p, EV_PLAY, row[FIRST], row[FIRST_VALUE], row[SECOND],
                 row[SECOND_VALUE], row[OP], row[TOP])
            if hands[p].sum() == 0:
                return p, turns
        elif s[S_DRAW_POS] < s[S_DRAW_END]:
            card = draw[s[S_DRAW_POS]]
            s[S_DRAW_POS] += 1
            hands[p, card] += 1
            _log(trace, s, rnd, p, EV_DRAW, card, penalty(card), 0, 0, 0, 0)
        else:
            passes += 1
            _log(trace, s, rnd, p, EV_PASS, 0, 0, 0, 0, 0, 0)
            if passes == players:
                return -1, turns
        p = (p + 1) % players


@njit(cache=True)
def score_round(hands, winner, draw, pile, s, rng, trace, rnd, tokens):
    """The penalty tokens of the round, written to tokens[p]; returns the tie draws.

    The tied players (equal card totals) draw a card each, in seat order, until all
    totals differ; then the highest total takes the highest token, and so on down.  The
    winner takes none (token 1 goes back to the box); after an all-pass ending the
    lowest total takes token 1."""
    players = hands.shape[0]
    totals = np.zeros(players, np.int64)
    for p in range(players):
        for code in range(1, CODES):
            totals[p] += hands[p, code] * penalty(code)
    draws = 0
    stuck = False
    while not stuck:
        tied = np.zeros(players, np.bool_)
        for p in range(players):
            for q in range(p + 1, players):
                if p != winner and q != winner and totals[p] == totals[q]:
                    tied[p] = tied[q] = True
        if not tied.any():
            break
        for p in range(players):
            if tied[p]:
                card = _take(draw, pile, s, rng, trace, rnd)
                if card == 0:
                    stuck = True            # no card left anywhere: seat order decides
                    break
                hands[p, card] += 1
                totals[p] += penalty(card)
                draws += 1
                _log(trace, s, rnd, p, EV_TIE_DRAW, card, penalty(card), 0, 0, 0, 0)
    for p in range(players):
        tokens[p] = 0
        if p == winner:
            continue
        above = 0
        for q in range(players):
            if q != winner and (totals[q] > totals[p] or (totals[q] == totals[p] and q < p)):
                above += 1
        tokens[p] = players - above
    return draws


# ---------------------------------------------------------------- games

@njit(cache=True)
def play_game(players, strategies, deck, ops, seed, game, tokens, turns, all_pass,
              tie_draws, trace):
    """One complete game of five rounds; fills tokens[r, p], turns[r], all_pass[r] and
    tie_draws[r], and returns the winner (lowest token total; tied players draw cards,
    the lowest card wins, again among those still tied)."""
    rng = seeded(seed, game)
    deck_cards = np.empty(deck.sum(), np.int64)
    k = 0
    for code in range(1, CODES):
        for _ in range(deck[code]):
            deck_cards[k] = code
            k += 1
    hands = np.zeros((players, CODES), np.int64)
    draw = np.zeros(deck_cards.shape[0], np.int64)
    pile = np.zeros(deck_cards.shape[0], np.int64)
    plays = np.zeros((MAX_PLAYS, PLAY_COLUMNS), np.int64)
    s = np.zeros(STATE, np.int64)
    s[S_TRACE] = 0
    starter = 0                       # the youngest player: seat 0
    for rnd in range(ROUNDS):
        deal(deck_cards, hands, draw, pile, s, rng, trace, rnd)
        pile_counts = np.zeros(CODES, np.int64)
        pile_counts[pile[0]] += 1
        winner, turns[rnd] = play_turns(hands, draw, pile, pile_counts, s, starter,
                                        strategies, deck, ops, rng, plays, trace, rnd)
        all_pass[rnd] = winner < 0
        tie_draws[rnd] = score_round(hands, winner, draw, pile, s, rng, trace, rnd,
                                     tokens[rnd])
        starter = np.argmax(tokens[rnd])
    return _decide(tokens, draw, pile, s, rng, trace)


@njit(cache=True)
def _decide(tokens, draw, pile, s, rng, trace):
    """The winner: the lowest token total; a tie is drawn for (lowest card wins)."""
    players = tokens.shape[1]
    total = tokens.sum(axis=0)
    alive = total == total.min()
    while alive.sum() > 1:
        cards = np.full(players, 99, np.int64)
        for p in range(players):
            if alive[p]:
                card = _take(draw, pile, s, rng, trace, ROUNDS)
                if card == 0:
                    return np.argmax(alive)        # no card left anywhere: seat order
                cards[p] = penalty(card)
                _log(trace, s, ROUNDS, p, EV_DECIDER, card, cards[p], 0, 0, 0, 0)
        alive = cards == cards.min()
    return np.argmax(alive)


@njit(cache=True, parallel=True)
def simulate(first, games, players, strategies, deck, ops, seed):
    """Games first .. first + games - 1, in parallel: (winners, tokens, turns, all_pass,
    tie_draws); game g depends on (seed, g) alone."""
    winners = np.zeros(games, np.int64)
    tokens = np.zeros((games, ROUNDS, players), np.int64)
    turns = np.zeros((games, ROUNDS), np.int64)
    all_pass = np.zeros((games, ROUNDS), np.bool_)
    tie_draws = np.zeros((games, ROUNDS), np.int64)
    no_trace = np.zeros((0, TRACE_COLUMNS), np.int64)
    for g in prange(games):
        winners[g] = play_game(players, strategies, deck, ops, seed, first + g, tokens[g],
                               turns[g], all_pass[g], tie_draws[g], no_trace)
    return winners, tokens, turns, all_pass, tie_draws


# ---------------------------------------------------------------- the rest of a round

@njit(cache=True, parallel=True)
def rollouts(hand, top, free, options, unseen, seen, others, draw_size, strategy, deck,
             ops, first, samples, seed):
    """The rest of the round after each option of the player to move (seat 0), played
    for samples first .. first + samples - 1: the unseen cards dealt at random to the
    other hands (sizes `others`, in turn order) and the draw pile (`draw_size`), the
    rest under the play pile, then every seat playing `strategy`.  options are play
    rows, or a row of zeros for "draw a card"; sample s deals the same cards for every
    option, whatever the batch.  Returns the tokens, the card total and whether the
    round was won, per (option, sample)."""
    n_opt = options.shape[0]
    players = others.shape[0] + 1
    tokens_out = np.zeros((n_opt, samples), np.int64)
    total_out = np.zeros((n_opt, samples), np.int64)
    won_out = np.zeros((n_opt, samples), np.bool_)
    strategies = np.full(players, strategy, np.int64)
    no_trace = np.zeros((0, TRACE_COLUMNS), np.int64)
    size = deck.sum()
    for k in prange(samples * n_opt):
        smp, o = k // n_opt, k % n_opt
        rng = seeded(seed, first + smp)
        pool = unseen.copy()
        shuffle(pool, 0, pool.shape[0], rng)
        hands = np.zeros((players, CODES), np.int64)
        hands[0] = hand
        pos = 0
        for p in range(1, players):
            for _ in range(others[p - 1]):
                hands[p, pool[pos]] += 1
                pos += 1
        draw = np.zeros(size, np.int64)
        pile = np.zeros(size, np.int64)
        pile_counts = np.zeros(CODES, np.int64)
        s = np.zeros(STATE, np.int64)
        for i in range(draw_size):
            draw[i] = pool[pos + i]
        rest = list(pool[pos + draw_size:]) + list(seen)
        for card in rest:
            pile[s[S_PILE]] = card
            s[S_PILE] += 1
            pile_counts[card] += 1
        s[S_DRAW_POS], s[S_DRAW_END] = 0, draw_size
        s[S_TOP], s[S_FREE] = top, free
        row = options[o]
        if row[FIRST] == 0:                     # draw a card
            hands[0, draw[0]] += 1
            s[S_DRAW_POS] = 1
        else:
            for card in (row[FIRST], row[SECOND]):
                if card != 0:
                    hands[0, card] -= 1
                    pile[s[S_PILE]] = card
                    s[S_PILE] += 1
                    pile_counts[card] += 1
            s[S_TOP] = row[FIRST_VALUE] if row[SECOND] == 0 else row[SECOND_VALUE]
            s[S_FREE] = 0
        plays = np.zeros((MAX_PLAYS, PLAY_COLUMNS), np.int64)
        if hands[0].sum() == 0:
            winner = 0
        else:
            winner, _ = play_turns(hands, draw, pile, pile_counts, s, 1 % players,
                                   strategies, deck, ops, rng, plays, no_trace, 0)
        tokens = np.zeros(players, np.int64)
        score_round(hands, winner, draw, pile, s, rng, no_trace, 0, tokens)
        tokens_out[o, smp] = tokens[0]
        for code in range(1, CODES):
            total_out[o, smp] += hands[0, code] * penalty(code)
        won_out[o, smp] = winner == 0
    return tokens_out, total_out, won_out
