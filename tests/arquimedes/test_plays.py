"""Arquimedes: the play lister against a brute force, the claim checker, scoring (the
rulebook's tie example), and simulated games replayed event by event."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka.arquimedes import claim, kernels
from eureka.arquimedes.cards import deck
from eureka.arquimedes.plays import plays, recommend
from eureka.arquimedes.scoring import score_game, score_round
from eureka.arquimedes.simulate import rank_options, simulate
from eureka.arquimedes.state import Play, State, Top, make_state
from eureka.errors import EurekaError
from tests.oracle import arquimedes as oracle

FULL = deck(True)


@st.composite
def states(draw):
    """A top card and a hand the deck can hold, the joker (on top or in hand) often."""
    pool = [c for c in FULL.elements() if c != kernels.JOKER]
    if draw(st.booleans()):
        top = Top(draw(st.one_of(st.none(), st.integers(1, 13))), True)
        joker_in_hand = False
    else:
        top = Top(draw(st.sampled_from(pool)))
        pool.remove(top.value)
        joker_in_hand = draw(st.booleans())
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=8,
                          unique=True))
    hand = [pool[i] for i in picks] + ([kernels.JOKER] if joker_in_hand else [])
    return State(top, tuple(sorted(hand)), draw(st.sampled_from(["+-*/", "+-"])))


def as_row(p: Play) -> tuple:
    return (p.top, p.op, p.first, p.first_value, p.second, p.second_value)


@given(states())
def test_plays_match_the_brute_force_and_pass_the_checker(state):
    got = plays(state)
    assert {as_row(p) for p in got} == oracle.plays(state.top.value, list(state.hand),
                                                     state.ops)
    assert len({as_row(p) for p in got}) == len(got)
    for p in got:
        judged = claim.check(p.text(), state)
        assert judged.verdict.valid and judged.play == p, (p.text(), judged.verdict.reason)
        assert claim.check(p.text(ascii=True), state).play == p


@given(states())
def test_the_kernel_lists_the_plays_in_a_fixed_order(state):
    # The random strategy picks the i-th play, so seeded games depend on this order:
    # by top value, `=` before the operations in turn, then the card a, then a and b
    # before the joker and b before a and the joker.
    buffer = np.empty(kernels.MAX_PLAYS, np.int64)
    n = kernels.list_plays(state.top.value or 0, int(state.top.free),
                           kernels.counts(state.hand)[None], 0, state.ops_mask, buffer)
    rows = [tuple(r) for r in kernels.rows(buffer[:n]).tolist()]
    joker = [2 if r[kernels.SECOND] == kernels.JOKER else int(r[kernels.FIRST] == kernels.JOKER)
             for r in rows]
    keys = [(r[kernels.TOP], r[kernels.OP], r[kernels.FIRST_VALUE], j) for r, j in zip(rows, joker)]
    assert keys == sorted(set(keys))


@settings(max_examples=max(1, settings.default.max_examples // 3))   # 12,000 claims each
@given(states())
def test_every_written_claim_is_judged_as_the_brute_force_says(state):
    """Every claim `t op a = b` and `t = a` with values 0–14, legal or not."""
    legal = oracle.plays(state.top.value, list(state.hand), state.ops)
    tops = range(1, 14) if state.top.free else (state.top.value,)
    for t in tops:
        for a in range(0, 15):
            expected = any(p[0] == t and p[1] == 0 and p[3] == a for p in legal)
            assert claim.check(f"{t}={a}", state).verdict.valid == expected, (t, a)
            for op, sign in enumerate("+-*/", start=1):
                for b in range(0, 15):
                    expected = any(p[0] == t and p[1] == op and p[3] == a and p[5] == b
                                   for p in legal)
                    verdict = claim.check(f"{t}{sign}{a}={b}", state).verdict
                    assert verdict.valid == expected, (f"{t}{sign}{a}={b}", verdict.reason)


def state(top="3", hand="2 5 7 12 K", ops="+-*/", **kw) -> State:
    return make_state(top, hand.split(), ops, **kw)


@pytest.mark.parametrize("claimed, problem, reason", [
    ("3+2=5", None, "valid: 3 + 2 = 5"),
    ("3 = K", None, "valid: 3 = K(3)"),
    ("3+K=12", None, "valid: 3 + K(9) = 12"),
    ("3 x 4 = 12", None, "valid: 3 × K(4) = 12"),
    ("3 · 4 = 12", None, "valid: 3 × K(4) = 12"),
    ("3 – 2 = K", None, "valid: 3 − 2 = K(1)"),
    ("8=3+5", "result-first", "the result card must come last"),
    ("3+5=9", "wrong-result", "3 + 5 makes 8, not 9"),
    ("3+K=14", "wrong-result", "no card K can stand for makes 3 + K = 14"),
    ("3-5=K", "domain", "3 − 5 is −2: results are never below 1"),
    ("3/2=K", "domain", "3 ÷ 2 is not a whole number"),
    ("3+12=K", "too-large", "3 + 12 is 15: no card is higher than 13"),
    ("3+14=K", "not-a-card", "3 + 14 uses 14, which is not a card value (1–13)"),
    ("3^2=K", "operation", "^ is not played in this game (only + − × ÷)"),
    ("4=4", "not-top", "the equation must start with the top card, 3"),
    ("K(3)=3", "not-top", "the top card is 3, not the joker"),
    ("3+K=8", "card-missing", "you hold no 8 to play"),
    ("3+K=K", "two-jokers", "two jokers"),
    ("3=5", "wrong-result", "3 = 5 is not true"),
])
def test_claims_say_why(claimed, problem, reason):
    verdict = claim.check(claimed, state()).verdict
    assert reason in verdict.reason
    assert verdict.problem == problem
    assert verdict.valid == (problem is None)


def test_claims_under_other_rules():
    judged = claim.check("3*4=12", state(ops="+-"))
    assert "× is not played" in judged.verdict.reason and judged.verdict.problem == "operation"
    free = state(top="K", hand="2 5 7")
    assert claim.check("9 - 2 = 7", free).verdict.valid     # the player names the joker
    assert claim.check("5=5", free).verdict.valid
    assert claim.check("K=5", free).verdict.problem == "joker-value"
    assert claim.check("K(0)=0", free).verdict.problem == "not-a-card"
    last = claim.check("3+2=5", state(hand="2 5"))
    assert last.verdict.valid and last.verdict.reason.endswith("empties your hand and "
                                                               "wins the round")
    with pytest.raises(EurekaError, match="at most two cards"):
        claim.check("3+2+1=6", state())


def test_the_operations_are_spelled_as_eureka_ops_reads_them():
    assert state(ops="+-x:").ops == "+-*/" and state(ops="−+").ops == "+-"
    with pytest.raises(EurekaError, match="operations must be chosen"):
        state(ops="+^")


def test_recommendation():
    advice = recommend(state(hand="2 5"), plays(state(hand="2 5")))
    assert advice.play.text() == "3 + 2 = 5" and advice.basis == "empties-hand"
    assert advice.action == "play" and "empties your hand" in advice.reason
    two = state(hand="1 4 9 13")                 # 3 + 1 = 4 sheds 5; 3 × 3 = 9 needs a 3
    assert [p.text() for p in plays(two)] == ["3 + 1 = 4"]
    wide = state(hand="2 5 7 12 K")
    advice = recommend(wide, plays(wide))
    assert advice.play.shed == max(p.shed for p in plays(wide)) == 25
    assert (advice.basis, advice.answers) == ("sheds-most", 334)
    assert advice.reason == ("it sheds the most points (25) and leaves 12 on top, which "
                             "the cards you have not seen answer in the fewest ways (334)")
    for pile, action in ((0, "pass"), (3, "draw"), (None, "draw")):
        none = state(hand="9 11", draw_pile=pile)
        assert plays(none) == []
        advice = recommend(none, [])
        assert (advice.action, advice.play, advice.basis) == (action, None, None)
    # 2 × 1 = 2 and 2 ÷ 2 = 1 both shed 3 points: the top the unseen cards answer in
    # fewer ways is recommended.
    level = state(top="2", hand="1 2 5 6")
    legal = plays(level)
    top_ways = {}
    unseen = np.zeros(kernels.CODES, np.int64)
    for code in level.unseen_cards():
        unseen[code] += 1
    for p in legal:
        top_ways[p] = kernels.openness(p.new_top, unseen, level.ops_mask)
    most = max(p.shed for p in legal)
    tied = [p for p in legal if p.shed == most]
    assert len(tied) > 1 and len({top_ways[p] for p in tied}) > 1
    chosen = recommend(level, legal).play
    assert top_ways[chosen] == min(top_ways[p] for p in tied)


def test_the_rulebook_tie_example():
    """A holds 2 5 1, B 8, C 3 10; D went out.  A and B draw (7, 5), then B and C
    (10, 3): A 15, B 23, C 16."""
    players = ("A", "B", "C", "D")
    left = {"A": (2, 5, 1), "B": (8,), "C": (3, 10), "D": ()}
    draws = {"A": (7,), "B": (5, 10), "C": (3,), "D": ()}
    r = score_round(players, left, draws, "D")
    assert r.totals == {"A": 15, "B": 23, "C": 16}
    assert r.tokens == {"A": 2, "B": 4, "C": 3, "D": 0}
    pending = score_round(players, left, {"A": (7,), "B": (5,)}, "D")
    assert pending.tokens is None and pending.pending == ((("B", "C"), 13),)
    with pytest.raises(EurekaError, match="drew 2 cards for ties, but 1 was needed"):
        score_round(players, left, {"A": (7, 1), "B": (5, 10), "C": (3,)}, "D")


def test_all_pass_round_and_game_winner():
    players = ("A", "B", "C")
    r = score_round(players, {"A": (13,), "B": (2, 2), "C": (9,)}, {}, None)
    assert r.all_pass and r.tokens == {"A": 3, "B": 1, "C": 2}
    won = score_round(players, {"A": (), "B": (4,), "C": (14,)}, {}, "A")
    assert won.tokens == {"A": 0, "B": 2, "C": 3}             # the joker counts 13
    game = score_game(players, [r, won, won, won, r])
    assert game.totals == {"A": 6, "B": 8, "C": 13} and game.winner == "A"
    assert score_game(players, [r, won]).winner is None


def test_a_tied_game_is_drawn_for():
    players = ("P", "Q")
    p_out = score_round(players, {"P": (), "Q": (3,)}, {}, "P")          # P 0, Q 2
    q_out = score_round(players, {"P": (3,), "Q": ()}, {}, "Q")          # P 2, Q 0
    stuck = score_round(players, {"P": (9,), "Q": (4,)}, {}, None)       # P 2, Q 1
    rounds = [p_out, p_out, q_out, stuck, stuck]
    tied = score_game(players, rounds)
    assert tied.totals == {"P": 6, "Q": 6} and tied.pending == ("P", "Q")
    drawn = score_game(players, rounds, [{"P": 7, "Q": 7}, {"P": 9, "Q": 2}])
    assert drawn.winner == "Q" and len(drawn.deciders) == 2
    with pytest.raises(EurekaError, match="must be made by P and Q"):
        score_game(players, rounds, [{"P": 7}])
    with pytest.raises(EurekaError, match="already decided"):
        score_game(players, rounds, [{"P": 2, "Q": 7}, {"P": 1, "Q": 2}])


# ---------------------------------------------------------------- simulated games

def run_traced(players, strategies, joker, ops, seed, game):
    tokens = np.zeros((kernels.ROUNDS, players), np.int64)
    turns = np.zeros(kernels.ROUNDS, np.int64)
    all_pass = np.zeros(kernels.ROUNDS, np.bool_)
    ties = np.zeros(kernels.ROUNDS, np.int64)
    trace = np.full((20_000, kernels.TRACE_COLUMNS), -1, np.int64)
    winner = kernels.play_game(players, np.array(strategies, np.int64), kernels.deck_counts(joker),
                               ops, seed, game, tokens, turns, all_pass, ties, trace)
    assert trace[-1, 2] == -1                             # the trace did not overflow
    return winner, tokens, turns, all_pass, ties, trace[trace[:, 2] >= 0]


def replay(players, joker, ops_text, result):
    """Replay a traced game event by event with the Python rules; every check fails
    loudly.  Returns the number of plays checked."""
    winner, tokens, turns, all_pass, ties, trace = result
    full = deck(joker)
    names = tuple(str(p) for p in range(players))
    rounds, deciders, checked = [], [], 0
    starter = 0
    for rnd in range(kernels.ROUNDS):
        events = trace[trace[:, 0] == rnd]
        hands = [Counter() for _ in range(players)]
        draw_pile, pile = Counter(full), []
        top = None
        passes, ended, turn_count = 0, None, 0
        tie_draws = {n: [] for n in names}
        first_mover = None
        for _, player, event, card, value, card2, value2, op, top_value in events:
            if event not in (kernels.EV_DEAL, kernels.EV_TURN_UP):      # every card accounted for
                held = sum((Counter(h) for h in hands), Counter())
                drawn = sum((Counter(d) for d in tie_draws.values()), Counter())
                assert held + drawn + Counter(pile) + +draw_pile == full
            if event == kernels.EV_DEAL:
                hands[player][card] += 1
                draw_pile[card] -= 1
            elif event == kernels.EV_TURN_UP:
                draw_pile[card] -= 1
                pile.append(card)
                top = Top(None, True) if card == kernels.JOKER else Top(int(card))
            elif event in (kernels.EV_PLAY, kernels.EV_DRAW, kernels.EV_PASS):
                assert ended is None
                turn_count += 1
                first_mover = player if first_mover is None else first_mover
                hand = tuple(sorted(hands[player].elements()))
                now = State(top, hand, ops_text, joker)
                legal = oracle.plays(top.value, list(hand), ops_text)
                if event == kernels.EV_PLAY:
                    play = Play(int(top_value), int(op), int(card), int(value), int(card2),
                                int(value2))
                    judged = claim.check(play.text(), now)
                    assert judged.verdict.valid and judged.play == play, judged.verdict.reason
                    hands[player] -= Counter(play.cards)
                    pile += play.cards
                    top = Top(play.new_top, play.cards[-1] == kernels.JOKER)
                    passes = 0
                    checked += 1
                    if not hands[player]:
                        ended = names[player]
                else:
                    assert not legal, "a strategy drew or passed while it could play"
                    if event == kernels.EV_DRAW:
                        assert draw_pile[card] > 0
                        draw_pile[card] -= 1
                        hands[player][card] += 1
                    else:
                        assert sum(draw_pile.values()) == 0, "passed with cards to draw"
                        passes += 1
                        if passes == players:
                            ended = "all pass"
            elif event == kernels.EV_RESHUFFLE:
                assert sum(draw_pile.values()) == 0
                draw_pile, pile = Counter(pile), []
            elif event == kernels.EV_TIE_DRAW:
                assert draw_pile[card] > 0
                draw_pile[card] -= 1
                tie_draws[names[player]].append(int(card))
        assert ended is not None and first_mover == starter and turn_count == turns[rnd]
        left = {n: tuple(hands[i].elements()) for i, n in enumerate(names)}
        in_hands = sum((Counter(h) for h in left.values()), Counter())
        tied = sum((Counter(d) for d in tie_draws.values()), Counter())
        assert in_hands + tied + Counter(pile) + +draw_pile == full  # every card accounted
        round_winner = None if ended == "all pass" else ended
        assert all_pass[rnd] == (round_winner is None)
        scored = score_round(names, left, tie_draws, round_winner)
        assert [scored.tokens[n] for n in names] == list(tokens[rnd])
        laid_out = set(range(1, players + 1)) - ({1} if round_winner else set())
        assert sorted(t for t in tokens[rnd] if t) == sorted(laid_out)
        assert ties[rnd] == sum(len(d) for d in tie_draws.values())
        rounds.append(scored)
        starter = int(np.argmax(tokens[rnd]))
    decider_events = trace[trace[:, 0] == kernels.ROUNDS]
    draw = {}
    for _, player, event, card, *_ in decider_events:
        if event == kernels.EV_DECIDER:
            if names[player] in draw:
                deciders.append(draw)
                draw = {}
            draw[names[player]] = int(card)
    if draw:
        deciders.append(draw)
    game = score_game(names, rounds, deciders)
    assert game.winner == names[winner]
    return checked


@pytest.mark.parametrize("players, strategies, joker, ops", [
    (4, [kernels.GREEDY, kernels.RANDOM, kernels.RANDOM, kernels.RANDOM], True, "+-*/"),
    (2, [kernels.TACTICIAN, kernels.GREEDY], True, "+-*/"),
    (3, [kernels.RANDOM] * 3, False, "+-"),
    (6, [kernels.TACTICIAN, kernels.RANDOM, kernels.GREEDY, kernels.RANDOM, kernels.GREEDY,
         kernels.TACTICIAN], True, "+-"),
    (5, [kernels.GREEDY] * 5, False, "+-*/"),
])
def test_simulated_games_replay_under_the_rules(players, strategies, joker, ops):
    mask = sum(1 << {"+": kernels.ADD, "-": kernels.SUB, "*": kernels.MUL,
                     "/": kernels.DIV}[o] for o in ops)
    checked = 0
    for game in range(12):
        result = run_traced(players, strategies, joker, mask, 7, game)
        checked += replay(players, joker, ops, result)
    assert checked > 100


def test_the_kernels_deck_is_the_rulebooks():
    assert kernels.deck_counts(True).tolist() == [0, 6, 6, 6, 6, 6, 6, 3, 3, 3, 3, 2, 3, 1, 1]
    assert kernels.deck_counts(False).sum() == 54
    assert kernels.counts([14, 3, 3]).tolist()[3::11] == [2, 1]


def test_seeded_runs_repeat_and_do_not_depend_on_the_batch():
    codes = np.array([kernels.GREEDY, kernels.RANDOM, kernels.TACTICIAN], np.int64)
    deck_ = kernels.deck_counts(True)
    a = kernels.simulate(0, 40, 3, codes, deck_, kernels.ALL_OPS, 11)
    b = kernels.simulate(0, 40, 3, codes, deck_, kernels.ALL_OPS, 11)
    part = kernels.simulate(25, 10, 3, codes, deck_, kernels.ALL_OPS, 11)
    for x, y, z in zip(a, b, part):
        assert np.array_equal(x, y) and np.array_equal(x[25:35], z)
    other = kernels.simulate(0, 40, 3, codes, deck_, kernels.ALL_OPS, 12)
    assert not np.array_equal(a[1], other[1])


@pytest.mark.parametrize("codes, joker, ops, expected", [
    ([kernels.GREEDY, kernels.RANDOM, kernels.RANDOM, kernels.RANDOM], True, "+-*/",
     ([174, 111, 107, 108], [5219, 5788, 5798, 5833], 66000, 138, 519)),
    ([kernels.TACTICIAN, kernels.GREEDY, kernels.RANDOM], False, "+-",
     ([173, 180, 147], [4165, 4199, 4484], 83918, 348, 212)),
])
def test_seeded_games_are_the_games_they_always_were(codes, joker, ops, expected):
    # Wins, tokens, turns, all-pass rounds and tie draws of 500 games of seed 7, as
    # the kernels played them before they were made faster (issue 12).
    mask = sum(1 << {"+": kernels.ADD, "-": kernels.SUB, "*": kernels.MUL,
                     "/": kernels.DIV}[o] for o in ops)
    w, t, n, a, d = kernels.simulate(0, 500, len(codes), np.array(codes, np.int64),
                                     kernels.deck_counts(joker), mask, 7)
    assert (np.bincount(w, minlength=len(codes)).tolist(), t.sum(axis=(0, 1)).tolist(),
            int(n.sum()), int(a.sum()), int(d.sum())) == expected


def test_summary_and_the_rest_of_the_round():
    s = simulate(300, ["greedy", "random"], seed=3)
    assert sum(seat["wins"] for seat in s.seats) == 300
    # After 3 + 2 = 5 the other player moves first: had the player moved again,
    # 5 + 4 = 9 would empty the hand every time.
    twice = state(hand="2 5 4 9", others=(5,))
    after = [e for e in rank_options(twice, plays(twice), 200, seed=2)
             if e.play and e.play.text() == "3 + 2 = 5"][0]
    assert 0 < after.win < 0.99
    assert 0 <= s.rounds["all_pass"] <= 1 and s.rounds["turns"]["max"] >= 1
    last = state(hand="2 5 9", others=(4, 4))
    ranked = rank_options(last, plays(last), 50, seed=1)
    assert {e.play.text() if e.play else "draw" for e in ranked} == {
        "3 + 2 = 5", "draw"}
    assert rank_options(last, plays(last), 50, seed=1) == ranked
    out = state(hand="2 5", others=(4, 4))
    best = rank_options(out, plays(out), 20)[0]
    assert best.play.text() == "3 + 2 = 5" and best.tokens == 0 and best.win == 1
    with pytest.raises(EurekaError, match="--others"):
        rank_options(state(), plays(state()), 10)
