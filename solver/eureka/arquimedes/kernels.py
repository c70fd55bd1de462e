"""Numba kernels of Arquimedes: a hand's plays, the strategies, whole rounds and games.

A card is a code: 1–13 its value, JOKER (14) the Knizia joker.  A hand is a count per
code, and the hands of a round a matrix, hands[p, code]: kernels take (hands, p) rather
than the row hands[p], whose every view costs atomic reference counts.  A play has the
fields

    FIRST, FIRST_VALUE      the first card played and the value it stands for
    SECOND, SECOND_VALUE    the result card and its value (0, 0 for an `=` play)
    OP                      EQ, ADD, SUB, MUL or DIV
    TOP                     the value of the top card it answers (chosen by the player
                            when the top is a freshly turned joker)

so the play reads `TOP OP FIRST_VALUE = SECOND_VALUE`, or `TOP = FIRST_VALUE`.  Rows of
PLAY_COLUMNS hold these fields outside the kernels; inside, a play is one int64 of
8-bit fields (`field`), with two more for the strategies: NEW_TOP, the top it leaves,
and KEY, its cards then the penalty it sheds (CARDS_KEY per card, plus the penalty).
The plays a top can take are listed once, when the module loads (`_equations`).

The round and game kernels keep their state in small arrays (see the S_ indices), draw
from their own generator (splitmix64, seeded per game), and can write a trace of every
event (EV_ codes) for the tests to replay: `trace` is an int64 array of TRACE_COLUMNS
columns, a row per event until it is full (zero rows: no trace).  They do no validation
and no I/O.
"""

import numpy as np
from numba import prange

from eureka.arquimedes.cards import (
    ADD,
    CODES,
    DIV,
    EQ,
    HAND_SIZE,
    JOKER,
    MUL,
    ROUNDS,
    SUB,
    TOP_VALUE,
)
from eureka.arquimedes.cards import deck as full_deck
from eureka.jit import njit

ALL_OPS = (1 << ADD) | (1 << SUB) | (1 << MUL) | (1 << DIV)
FIRST, FIRST_VALUE, SECOND, SECOND_VALUE, OP, TOP, NEW_TOP, KEY = range(8)
PLAY_COLUMNS = 6                      # FIRST .. TOP
CARDS_KEY = 32                        # above any penalty two cards shed (26)
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
    """The deck (cards.deck) as counts per code, with the joker when `joker`."""
    return counts(full_deck(joker).elements())


def counts(codes) -> np.ndarray:
    """The cards `codes` as counts per code (int64[CODES]), the kernels' form of a hand."""
    out = np.zeros(CODES, np.int64)
    for code in codes:
        out[code] += 1
    return out


@njit(cache=True)
def penalty(code):
    """What the card `code` costs when left in hand: its value, 13 for the joker."""
    return TOP_VALUE if code == JOKER else code


def result(top, op, a):
    """The value of `top` `op` `a` when it is a card value (1–13), else -1.

    `op` is ADD, SUB, MUL or DIV (any other code divides); a division must come out
    whole.
    """
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


def pack(first, first_value, second, second_value, op, top):
    """A play as the kernels hold it: one int64 of 8-bit fields (FIRST .. KEY).

    `first`, `first_value`, `second`, `second_value`, `op` and `top` are the play's
    fields (`second` 0 for an `=` play); NEW_TOP and KEY are derived from them.  Pure
    Python: _equations packs every play when the module loads.
    """
    new_top = second_value if second else first_value
    shed = penalty.py_func(first) + penalty.py_func(second)
    key = (2 if second else 1) * CARDS_KEY + shed
    fields = (first, first_value, second, second_value, op, top, new_top, key)
    return sum(value << (8 * f) for f, value in enumerate(fields))


def rows(plays: np.ndarray) -> np.ndarray:
    """The packed `plays` (an int64 array) as rows of PLAY_COLUMNS (FIRST .. TOP)."""
    return (plays[:, None] >> (8 * np.arange(PLAY_COLUMNS))) & 255


@njit(cache=True)
def field(play, f):
    """Field `f` (FIRST .. KEY) of the packed `play`."""
    return (play >> (8 * f)) & 255


def _equations():
    """The tables of every play a top t can take, in the order list_plays gives them.

    EQUAL[t] holds the plays `t = t` and `t = K`; then for each operation op in turn,
    each card a in turn for which t op a = b is a card value: the k-th of them (k <
    PAIR_COUNT[t]) has the cards PAIRS[t, k] = (a, b, op) and the plays
    PAIR_PLAYS[t, k]: with a and b, with the joker and b, with a and the joker.
    Returns (EQUAL, PAIRS, PAIR_PLAYS, PAIR_COUNT).
    """
    equal = np.zeros((TOP_VALUE + 1, 2), np.int64)
    pairs = np.zeros((TOP_VALUE + 1, 4 * TOP_VALUE, 3), np.uint8)
    pair_plays = np.zeros((TOP_VALUE + 1, 4 * TOP_VALUE, 3), np.int64)
    count = np.zeros(TOP_VALUE + 1, np.int64)
    for t in range(1, TOP_VALUE + 1):
        equal[t] = pack(t, t, 0, 0, EQ, t), pack(JOKER, t, 0, 0, EQ, t)
        for op in range(ADD, DIV + 1):
            for a in range(1, TOP_VALUE + 1):
                b = result(t, op, a)
                if b > 0:
                    pairs[t, count[t]] = a, b, op
                    pair_plays[t, count[t]] = (pack(a, a, b, b, op, t),
                                               pack(JOKER, a, b, b, op, t),
                                               pack(a, a, JOKER, b, op, t))
                    count[t] += 1
    return equal, pairs, pair_plays, count


EQUAL, PAIRS, PAIR_PLAYS, PAIR_COUNT = _equations()


@njit(cache=True)
def _put(out, n, play, legal):
    """Writes the play at out[n]; returns the next free place, n + 1 when it is legal, else n.

    There is no branch: whether a card is in hand is not predictable.
    """
    out[n] = play
    return n + legal


@njit(cache=True)
def list_plays(top, free, hands, p, ops, out):
    """Every legal play of hands[p] on the top card, written to out[:n]; returns n.

    `top` is the top card's value; `free` is 1 for a freshly turned joker, which the
    player may give any value 1–13 (`top` is then not read).  `hands` holds the round's
    hands as counts per code, one row a seat, and `p` is the seat to move; `ops` is a
    bit set of ADD..DIV.  The plays are written packed into `out`, which must hold
    MAX_PLAYS, in the order of the _equations tables.
    """
    n = 0
    lo, hi = (1, TOP_VALUE) if free else (top, top)
    joker = hands[p, JOKER] > 0
    for t in range(lo, hi + 1):
        n = _put(out, n, EQUAL[t, 0], hands[p, t] > 0)
        if joker:
            n = _put(out, n, EQUAL[t, 1], True)
        for k in range(PAIR_COUNT[t]):
            a, b, op = PAIRS[t, k, 0], PAIRS[t, k, 1], PAIRS[t, k, 2]
            allowed = (ops >> op) & 1
            n = _put(out, n, PAIR_PLAYS[t, k, 0],
                     allowed & (hands[p, a] > 0) & (hands[p, b] > (a == b)))
            if joker:
                n = _put(out, n, PAIR_PLAYS[t, k, 1], allowed & (hands[p, b] > 0))
                n = _put(out, n, PAIR_PLAYS[t, k, 2], allowed & (hands[p, a] > 0))
    return n


@njit(cache=True)
def shed(play):
    """The penalty the packed `play` takes out of the hand."""
    return field(play, KEY) % CARDS_KEY


@njit(cache=True)
def openness(t, unseen, ops):
    """How many ways cards not yet seen could answer a top of value `t`.

    A way is one card equal to it, or two cards completing an equation of an operation
    in the bit set `ops` (pairs counted by their copies, the joker standing for either
    card); `unseen` holds the cards not yet seen as counts per code.
    """
    w = unseen[t] + unseen[JOKER]
    for k in range(PAIR_COUNT[t]):
        a, b, op = PAIRS[t, k, 0], PAIRS[t, k, 1], PAIRS[t, k, 2]
        if (ops >> op) & 1:
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
    """A random integer 0 <= r < `n`, drawn from the generator `rng`."""
    return np.int64(_next(rng) % np.uint64(n))


@njit(cache=True)
def seeded(seed, game):
    """The generator (a uint64[1]) of one game: it depends on (`seed`, `game`) alone."""
    rng = np.zeros(1, np.uint64)
    rng[0] = np.uint64(seed) * np.uint64(0x2545F4914F6CDD1D) + np.uint64(game)
    _next(rng)
    return rng


@njit(cache=True)
def shuffle(cards, lo, hi, rng):
    """Shuffles cards[lo:hi] of `cards` in place (Fisher–Yates), drawing from `rng`.

    `lo` and `hi` bound the part shuffled, `hi` excluded.
    """
    for i in range(hi - 1, lo, -1):
        j = lo + below(rng, i - lo + 1)
        cards[i], cards[j] = cards[j], cards[i]


# ---------------------------------------------------------------- strategies

@njit(cache=True)
def choose(strategy, plays, n, hands, p, pile_counts, deck, ops, rng):
    """The index in `plays` of the play that seat `p`'s `strategy` makes.

    The strategies, ties between equally good plays broken at random:

    RANDOM     any legal play, uniformly (drawn in play_turns, without this call);
    GREEDY     the most cards, then the most penalty shed;
    TACTICIAN  the most penalty shed, then the top that the fewest unseen cards can
               answer (unseen: not in its hand and not on the play pile).

    `plays`[:`n`] are the packed plays list_plays wrote; `hands` holds the round's hands
    as counts per code; `pile_counts` (the play pile) and `deck` are counts per code;
    `ops` is the bit set of operations; `rng` breaks the ties.
    """
    unseen = deck - hands[p] - pile_counts if strategy == TACTICIAN else deck
    best, ties = -1, 0
    best_key0, best_key1 = -1, 0
    for i in range(n):
        if strategy == GREEDY:
            k0, k1 = field(plays[i], KEY), 0
        else:
            k0, k1 = shed(plays[i]), -openness(field(plays[i], NEW_TOP), unseen, ops)
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
    """The next card of the draw pile, or 0 when there is no card left anywhere.

    When the draw pile is empty, the play pile is shuffled into a new draw pile first.
    """
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
    """Shuffles the deck, deals five cards to each hand, turns up the play pile's first card.

    `deck_cards` holds one code per card of the deck; `hands` (one row a seat, counts
    per code) are filled; `draw` and `pile` receive the draw pile and the play pile,
    and `s` the round's scalar state (the S_ indices).  `rng` is the game's generator;
    the events go to `trace` as round `rnd`.
    """
    m = deck_cards.shape[0]
    for i in range(m):          # by loop: a slice copy compiles an error message
        draw[i] = deck_cards[i]
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
    """Plays the round on from this state, seat `starter` first; returns (winner, turns).

    The round ends when a hand is empty (the winner is that seat) or every player
    passes in a row (-1); turns counts the turns taken, draws and passes included.  A
    player with no play draws a card, or passes when the draw pile is empty.  `hands`,
    `draw`, `pile`, `pile_counts` (the play pile as counts per code) and `s` are the
    round's state, as deal leaves it, and are updated; `strategies` holds a strategy
    code per seat, `deck` the deck as counts per code and `ops` the bit set of
    operations; `rng` is the generator, `plays` a buffer of MAX_PLAYS, and the events
    go to `trace` as round `rnd`.
    """
    players = hands.shape[0]
    held = hands.sum(axis=1)              # cards in each hand
    p, passes, turns = starter, 0, 0
    while True:
        turns += 1
        n = list_plays(s[S_TOP], s[S_FREE], hands, p, ops, plays)
        if n > 0:
            if strategies[p] == RANDOM:     # only the generator: no call, whose
                play = plays[below(rng, n)]  # arguments cost atomic reference counts
            else:
                play = plays[choose(strategies[p], plays, n, hands, p, pile_counts, deck,
                                    ops, rng)]
            first, second = field(play, FIRST), field(play, SECOND)
            for card in (first, second):
                if card != 0:
                    hands[p, card] -= 1
                    held[p] -= 1
                    pile[s[S_PILE]] = card
                    s[S_PILE] += 1
                    pile_counts[card] += 1
            s[S_TOP] = field(play, NEW_TOP)
            s[S_FREE] = 0
            passes = 0
            _log(trace, s, rnd, p, EV_PLAY, first, field(play, FIRST_VALUE), second,
                 field(play, SECOND_VALUE), field(play, OP), field(play, TOP))
            if held[p] == 0:
                return p, turns
        elif s[S_DRAW_POS] < s[S_DRAW_END]:
            card = draw[s[S_DRAW_POS]]
            s[S_DRAW_POS] += 1
            hands[p, card] += 1
            held[p] += 1
            _log(trace, s, rnd, p, EV_DRAW, card, penalty(card), 0, 0, 0, 0)
        else:
            passes += 1
            _log(trace, s, rnd, p, EV_PASS, 0, 0, 0, 0, 0, 0)
            if passes == players:
                return -1, turns
        p = (p + 1) % players


@njit(cache=True)
def score_round(hands, winner, draw, pile, s, rng, trace, rnd, tokens):
    """Writes the round's penalty tokens to `tokens`, one per seat; returns the tie draws.

    The tied players (equal card totals) draw a card each, in seat order, until all
    totals differ; then the highest total takes the highest token, and so on down.  The
    winner takes none (token 1 goes back to the box); after an all-pass ending the
    lowest total takes token 1.  When no card is left anywhere, seat order decides
    among those still tied: the earlier seat takes the higher token.

    `hands` holds the hands left (counts per code; tie draws are added); `winner` is the
    seat that went out, or -1 after an all-pass ending.  The tie draws come from `draw`,
    then from the play pile `pile` reshuffled once the draw pile is empty (the round's
    state `s` and the generator `rng` keep track); the events go to `trace` as round
    `rnd`.
    """
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
    """Plays one complete game of five rounds and returns the winning seat.

    Fills `tokens` (tokens[r, p] for round r, seat p), `turns`, `all_pass` and
    `tie_draws` (one entry per round).  The winner has the lowest token total; tied
    players draw cards, the lowest card wins, again among those still tied.  Seat 0
    starts the first round, and the seat that took the most tokens starts the next.
    `players` seats play `strategies` (a code per seat) with `deck` (counts per code)
    and the operations' bit set `ops`; the game's generator comes from (`seed`,
    `game`); the events go to `trace`.
    """
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
    plays = np.empty(MAX_PLAYS, np.int64)
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
        starter = _first_least(-tokens[rnd])
    return _decide(tokens, draw, pile, s, rng, trace)


@njit(cache=True)
def _decide(tokens, draw, pile, s, rng, trace):
    """The winner: the lowest token total; a tie is drawn for (lowest card wins)."""
    players = tokens.shape[1]
    total = np.zeros(players, np.int64)
    for rnd in range(tokens.shape[0]):
        for p in range(players):
            total[p] += tokens[rnd, p]
    alive = total == total.min()
    first = _first_least(total)                 # the first seat still alive
    while alive.sum() > 1:
        cards = np.full(players, 99, np.int64)
        for p in range(players):
            if alive[p]:
                card = _take(draw, pile, s, rng, trace, ROUNDS)
                if card == 0:
                    return first                # no card left anywhere: seat order
                cards[p] = penalty(card)
                _log(trace, s, ROUNDS, p, EV_DECIDER, card, cards[p], 0, 0, 0, 0)
        alive = cards == cards.min()
        first = _first_least(cards)
    return first


@njit(cache=True)
def _first_least(values) -> int:
    """The first index of the least of `values` (a NumPy array of at least one)."""
    best = 0
    for i in range(1, values.shape[0]):
        if values[i] < values[best]:
            best = i
    return best


@njit(cache=True, nogil=True)
def simulate(first, games, players, strategies, deck, ops, seed):
    """Plays games `first` .. `first` + `games` - 1 one after the other, without the GIL.

    The threads of simulate.played share the games out.  Returns (winners, tokens,
    turns, all_pass, tie_draws), indexed by game, then as play_game fills them; game g
    depends on (`seed`, g) alone.  `players`, `strategies`, `deck` and `ops` are as for
    play_game.
    """
    winners = np.zeros(games, np.int64)
    tokens = np.zeros((games, ROUNDS, players), np.int64)
    turns = np.zeros((games, ROUNDS), np.int64)
    all_pass = np.zeros((games, ROUNDS), np.bool_)
    tie_draws = np.zeros((games, ROUNDS), np.int64)
    no_trace = np.zeros((0, TRACE_COLUMNS), np.int64)
    for g in range(games):
        winners[g] = play_game(players, strategies, deck, ops, seed, first + g, tokens[g],
                               turns[g], all_pass[g], tie_draws[g], no_trace)
    return winners, tokens, turns, all_pass, tie_draws


# ---------------------------------------------------------------- the rest of a round

@njit(cache=True, parallel=True)
def rollouts(hand, top, free, options, unseen, seen, others, draw_size, strategy, deck,
             ops, first, samples, seed):
    """The rest of the round after each option of the player to move (seat 0), sampled.

    Samples `first` .. `first` + `samples` - 1 are played: the `unseen` cards (codes)
    dealt at random to the other hands (sizes `others`, in turn order) and the draw pile
    (`draw_size` cards), the rest under the play pile with the `seen` cards, then every
    seat playing `strategy`, seat 1 first.  `options` are play rows (PLAY_COLUMNS), or a
    row of zeros for "draw a card"; sample s deals the same cards for every option,
    whatever the batch, from the generator of (`seed`, s).  `hand` is the mover's hand
    as counts per code, `top` and `free` the top card as for list_plays, `deck` the
    deck as counts per code and `ops` the bit set of operations.

    Returns (tokens, totals, won), each indexed [option, sample]: seat 0's penalty
    tokens of the round, its card total left in hand, and whether it went out.  The
    caller's side: `unseen` holds at least sum(`others`) + `draw_size` cards, and
    `draw_size` is at least 1 when a row draws a card.
    """
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
        plays = np.empty(MAX_PLAYS, np.int64)
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
