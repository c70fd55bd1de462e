"""The Monte Carlo simulation of a turn (montecarlo.py) against a plain Python rollout, and
the `sim` policy and `solve mathable --by sim`."""

import dataclasses
import functools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.errors import EurekaError, SearchTooLarge
from eureka.mathable import GAME, montecarlo, outlook, policies, ranking, selfplay, singles
from eureka.mathable.arrays import board_array
from eureka.mathable.leave import leave_value
from eureka.mathable.legality import score_turn
from eureka.mathable.options import POLICIES, ROLLOUTS, Effort
from eureka.mathable.position import Position
from eureka.mathable.ranking import best_turns, ranked
from eureka.mathable.tokens import FULL_RACK_BONUS, RACK_SIZE, token_set
from tests.oracle import mathable as oracle

VALUES = sorted(token_set(126))
OPENING_RACK = [1, 8, 2, 12, 16, 42, 17]


@functools.cache
def boards() -> list:
    """The opening board and two later boards of a seeded self-play game."""
    records = []
    selfplay.play_game(("optimal", "optimal"), selfplay.game_rng(7, 0),
                         on_turn=records.append)
    return [records[t].grid for t in (0, 6, 12)]


def plain_best(grid, holder, policy, edition):
    """The best (total, placements) of the brute force by total, or by total plus the
    leave's value for "equity" (ties: fewer placements, then the placements in reading
    order); None when nothing can be placed."""
    sets = {k: v for k, v in oracle.all_turns(grid, holder).items() if k}
    bonus = FULL_RACK_BONUS if len(holder) == RACK_SIZE else 0

    def total(k):
        return sets[k] + (bonus if len(k) == len(holder) else 0)

    def rank(k):
        kept = Counter(holder) - Counter(v for _, v in k)
        extra = leave_value(kept.elements(), edition) if policy == "equity" else 0
        return -(total(k) + extra), len(k), sorted(k)

    best = min(sets, key=rank, default=None)
    return None if best is None else (total(best), best)


def plain_rollout(grid, rack, play, dealt, opponent, plies, policy, edition=126,
                  lead=None):
    """The rollout read off the rules with the brute force of tests/oracle (plain_best):
    one opponent holding dealt[:opponent], the bag the rest, drawn in order; spread plus
    leave values at the horizon, or the tokens left deducted when the bag is empty and a
    holder has been emptied. With `lead`, the mover's lead before the turn, also the
    chance to win from the horizon (None without it)."""
    grid = dict(grid)
    holders = [list(rack), list(dealt[:opponent])]
    bag = list(dealt[opponent:])
    points, leaves = [0, 0], [None, None]
    seat = 0
    for ply in range(plies + 1):
        holder = holders[seat]
        if ply:
            play = plain_best(grid, holder, policy, edition)
        if play is not None:
            for cell, value in play[1]:
                grid[cell] = value
                holder.remove(value)
            points[seat] += play[0]
        leaves[seat] = sorted(holder)
        while len(holder) < RACK_SIZE and bag:
            holder.append(bag.pop(0))
        if not holder:
            spread = (points[0] - sum(holders[0])) - (points[1] - sum(holders[1]))
            won = None if lead is None else \
                1.0 if lead + spread > 0 else 0.5 if lead + spread == 0 else 0.0
            return spread, won
        seat = 1 - seat
    worth = [p + (0.0 if kept is None else leave_value(kept, edition))
             for p, kept in zip(points, leaves)]
    spread = worth[0] - worth[1]
    return spread, None if lead is None else \
        outlook.win_chance(lead + spread, len(bag), moved=seat == 1)


@given(board=st.integers(0, 2), rack=st.lists(st.sampled_from(VALUES), min_size=1,
                                               max_size=3),
       unseen=st.lists(st.sampled_from(VALUES), max_size=4), plies=st.integers(0, 3),
       seed=st.integers(0, 2 ** 32), policy=st.sampled_from(sorted(ROLLOUTS)),
       lead=st.none() | st.integers(-300, 300))
def test_a_rollout_is_the_plain_python_rollout_on_the_same_deal(board, rack, unseen,
                                                                  plies, seed, policy, lead):
    """Its value, and with the lead known its chance to win from the horizon."""
    grid = boards()[board]
    opponent = min(2, len(unseen))
    view = montecarlo.View(board_array(grid), tuple(rack), tuple(sorted(unseen)), (opponent,),
                           lead=None if lead is None else (lead,))
    dealt = montecarlo.deal(unseen, seed, 0)
    assert sorted(dealt) == sorted(unseen)
    for turn in ranked(view.board, rack, 3, by="equity"):
        play = (turn.total, turn.placements)
        value, _, chance = montecarlo.rollout(view, turn, dealt, plies, policy)
        assert (value, chance) == pytest.approx(
            plain_rollout(grid, rack, play, dealt, opponent, plies, policy, lead=lead))


def opening_view(**fields) -> montecarlo.View:
    unseen = token_set(126) - Counter(OPENING_RACK)
    return montecarlo.View(**{"board": board_array(oracle.start()), "rack": tuple(OPENING_RACK),
                       "unseen": tuple(sorted(unseen.elements())), **fields})


def opening_plays(k: int) -> list:
    return ranked(board_array(oracle.start()), OPENING_RACK, k, FULL_RACK_BONUS,
                  by="equity")


def test_a_seed_gives_the_same_choice_on_any_number_of_threads():
    effort = Effort(candidates=4, plies=1, iterations=20)
    plays = opening_plays(4)
    one = montecarlo.choose(opening_view(), plays, effort, seed=5)
    assert montecarlo.choose(opening_view(), plays, effort, seed=5, workers=2) == one
    other = montecarlo.choose(opening_view(), plays, effort, seed=6)
    assert [c.values for c in other] != [c.values for c in one]
    assert montecarlo.deal(range(30), 5, 1) != montecarlo.deal(range(30), 5, 2)


def test_candidates_share_deals_and_the_worse_are_dropped():
    plays = opening_plays(10)
    found = montecarlo.choose(opening_view(), plays, Effort(iterations=64), seed=1)
    assert sorted(c.rank for c in found) == list(range(10))
    full = [c for c in found if c.iterations == 64]
    assert full[0] == found[0] and found[0].mean == max(c.mean for c in full)
    assert [c.mean for c in full] == sorted((c.mean for c in full), reverse=True)
    dropped = found[len(full):]
    assert all(c.iterations % montecarlo.ROUND == 0 and c.iterations < 64 for c in dropped)
    # Common random numbers: deal i is the same for every candidate.
    view = opening_view()
    dealt = montecarlo.deal(view.unseen, 1, 3)
    rollout = Effort().rollout
    for c in found[:3]:
        assert c.values[3] == montecarlo.rollout(view, plays[c.rank], dealt, 2, rollout)[0]


def test_the_win_objective_values_a_deal_by_its_chance_to_win_then_its_spread():
    plays = opening_plays(4)
    view = opening_view(lead=(-40,))
    found = montecarlo.choose(view, plays, Effort(iterations=16, objective="win"), seed=2)
    dealt = montecarlo.deal(view.unseen, 2, 5)
    for c in found:
        value, _, chance = montecarlo.rollout(view, plays[c.rank], dealt, 2, "equity")
        assert 0 < chance < 1 and c.values[5] == value + montecarlo.WIN_POINTS * chance
    # Without the leads the objective has no chance to weigh: the spread alone.
    spread = montecarlo.choose(opening_view(), plays, Effort(iterations=16), seed=2)
    assert montecarlo.choose(opening_view(), plays, Effort(iterations=16, objective="win"),
                             seed=2) == spread
    with pytest.raises(EurekaError, match="unknown objective 'luck'"):
        Effort(objective="luck")


def test_one_candidate_is_not_simulated_and_an_empty_bag_is_dealt_once():
    plays = opening_plays(3)
    assert montecarlo.choose(opening_view(), plays[:1])[0].iterations == 0
    known = opening_view(unseen=(5, 9, 30), opponents=(3,))
    assert {c.iterations for c in montecarlo.choose(known, plays)} == {1}


def test_the_time_budget_ends_the_run_between_deals_or_rounds():
    effort = Effort(candidates=3, iterations=100, seconds=1.5)
    for workers, deals in ((1, 2), (2, 2 * montecarlo.ROUND)):     # a second a deal, a round
        found = montecarlo.choose(opening_view(), opening_plays(3), effort, workers=workers,
                           clock=iter(range(1000)).__next__)
        assert {c.iterations for c in found} == {deals}


def test_the_win_probability_counts_the_margins():
    c = montecarlo.Candidate(0, (1.0, 2.0, 3.0, 4.0), margins=(-5, 0, 3, 10))
    assert c.win_probability == (0.5 + 2) / 4
    assert montecarlo.Candidate(0, (1.0,)).win_probability is None
    assert c.half > 0 and montecarlo.Candidate(0, (1.0,)).half == 0


def test_the_margin_is_in_points_against_each_opponent_and_leaves_are_not_counted():
    """Two opponents: the value is the equity spread against their mean, the margin the
    smallest lead in points (the lead before plus the points gained) over each one."""
    plays = opening_plays(1)
    view = opening_view(opponents=(7, 7), lead=(10, -3))
    dealt = montecarlo.deal(view.unseen, 4, 0)
    value, margin, chance = montecarlo.rollout(view, plays[0], dealt, 0, "optimal")
    assert chance is None                   # the chance to win: against one opponent only
    points = plays[0].total
    assert margin == min(10 + points, -3 + points)
    kept = [1, 8, 2, 12, 16, 42, 17]
    for _, v in plays[0].placements:
        kept.remove(v)
    assert value == pytest.approx(points + leave_value(kept))
    assert montecarlo.rollout(opening_view(), plays[0], dealt, 0, "optimal")[1] is None


def opening_game(bonus: bool = True, seed: int = 1):
    """A self-play game at its start: both holders filled."""
    game = selfplay.Table(2, selfplay.game_rng(seed, 0), 126, bonus)
    for seat in (0, 1):
        game.refill(seat)
    return game


def test_the_sim_plan_uses_only_what_the_seat_sees():
    """Permuting the bag and swapping tokens between the bag and the other holder
    (same sizes) leaves the plan unchanged."""
    plan = policies.PLANNERS["sim"]
    base = opening_game()
    holder = list(base.holders[0])
    expected = plan(base, 0, holder, FULL_RACK_BONUS)
    for k in (1, 2):
        game = opening_game()
        order = np.random.default_rng(k).permutation(len(game.bag))
        game.bag[:] = [game.bag[i] for i in order]
        for i in range(k * 3):
            game.bag[i], game.holders[1][i] = game.holders[1][i], game.bag[i]
        assert sorted(game.unseen(0)) == sorted(base.unseen(0))
        assert game.holders[1] != base.holders[1]
        assert plan(game, 0, list(holder), FULL_RACK_BONUS) == expected


def test_the_policy_default_has_no_time_budget(monkeypatch):
    """The default plan is the same however slow the clocks say the machine is."""
    plan = policies.PLANNERS["sim"]
    expected = plan(opening_game(seed=3), 0, list(opening_game(seed=3).holders[0]),
                    FULL_RACK_BONUS)
    ticks = iter(range(0, 10 ** 9, 100))
    for name in ("thread_time", "perf_counter", "process_time", "monotonic"):
        monkeypatch.setattr(montecarlo.time, name, lambda: float(next(ticks)))
    game = opening_game(seed=3)
    assert plan(game, 0, list(game.holders[0]), FULL_RACK_BONUS) == expected
    assert montecarlo.POLICY_EFFORT.seconds is None
    with pytest.raises(EurekaError, match="without a time budget"):
        montecarlo.planner(Effort(seconds=1.0))


def test_the_budget_of_work_ends_the_run_within_a_deal_or_after_a_round():
    """Each rollout search counts the placements it tried plus SEARCH_WORK.  On one
    worker the run stops as soon as the budget is reached: a deal past the first is
    dropped unfinished (every deal counted has every candidate); on two, after the
    round."""
    plays, view = opening_plays(3), opening_view()

    def cost(i: int) -> tuple:
        spent = []
        for play in plays:
            montecarlo.rollout(view, play, montecarlo.deal(view.unseen, 0, i), 1, "optimal", spent)
        return spent, sum(spent) + montecarlo.SEARCH_WORK["optimal"] * len(spent)

    spent, first = cost(0)
    second = cost(1)[1]
    assert len(spent) == 3 and first > 3 * montecarlo.SEARCH_WORK["optimal"]

    def deals(work: int, workers: int = 1) -> set:
        effort = Effort(iterations=50, plies=1, rollout="optimal", work=work)
        return {c.iterations for c in montecarlo.choose(view, plays, effort, workers=workers)}

    assert deals(1) == deals(first) == deals(first + 1) == {1}
    spent = []       # the dropped deal's work counts: at least its first rollout's
    montecarlo.choose(view, plays, Effort(iterations=50, plies=1, rollout="optimal",
                                       work=first + 1), spent=spent)
    assert spent[0] > first
    assert deals(first + second) == {2}
    assert deals(first + 1, workers=2) == {montecarlo.ROUND}


def test_the_plans_of_a_turn_share_its_budget_of_work(monkeypatch):
    """The planner's budget is the turn's: a second plan in the same turn (after an
    extra draw) gets what the first left, at least one deal; self-play resets it."""
    budgets, choose = [], montecarlo.choose

    def spy(view, plays, effort, **kwargs):
        budgets.append(effort.work)
        return choose(view, plays, effort, **kwargs)

    monkeypatch.setattr(montecarlo, "choose", spy)
    plan = montecarlo.planner(Effort(candidates=3, plies=1, iterations=16, work=10 ** 9))
    game = opening_game(seed=3)
    holder = list(game.holders[0])
    plan(game, 0, holder, FULL_RACK_BONUS)
    first = game.work
    plan(game, 0, holder, FULL_RACK_BONUS)
    # the same board and holder: the second plan's search costs what the first's did
    search = 10 ** 9 - budgets[0]
    assert 0 < search < first and budgets[1] == budgets[0] - first
    assert game.work > first + search
    game.work = 10 ** 9
    plan(game, 0, holder, FULL_RACK_BONUS)
    assert budgets[2] == 1
    game.work = 10 ** 9
    selfplay.policy_turn(game, 0, "optimal", selfplay.OpenTurn(FULL_RACK_BONUS))
    assert game.work == 0


@pytest.mark.parametrize("bonus, holder", [(False, [1, 2, 3, 4, 5]), (False, list(range(7))),
                                           (True, [1, 2, 3, 4, 5])])
def test_the_sim_planner_plays_the_games_bonus_setting(monkeypatch, bonus, holder):
    seen = []

    def choose(view, plays, *args, spent, **kwargs):
        seen.append(view)
        spent.append(0)
        return [montecarlo.Candidate(0, (0.0,))]
    monkeypatch.setattr(montecarlo, "choose", choose)
    game = opening_game(bonus)
    montecarlo.planner()(game, 0, holder, FULL_RACK_BONUS if bonus and len(holder) == 7 else 0)
    assert seen[0].full_rack is bonus


def test_the_sim_planner_and_rollouts_survive_searches_past_the_budget(monkeypatch):
    """A crowded holder (the mover's, or one dealt in a rollout) whose searches pass the
    budget is played by its best single placement, never aborting the game."""
    def too_large(*args, **kwargs):
        raise SearchTooLarge("more than 100,000 sets")
    monkeypatch.setattr(ranking, "ranked", too_large)
    game = opening_game()
    holder = list(game.holders[0])
    turn = montecarlo.planner(Effort(candidates=3, plies=2, iterations=2))(
        game, 0, holder, FULL_RACK_BONUS)
    best = singles.single_placements(game.grid, holder)[0]
    assert turn.placements == ((best.placement.cell, best.placement.value),)
    plays = [turn, turn._replace(total=0)]
    effort = Effort(iterations=2, plies=2)
    assert len(montecarlo.choose(opening_view(), plays, effort)) == 2


def test_game_solve_by_sim_is_the_simulation():
    position = Position(rack=list(OPENING_RACK))
    result = GAME.solve(position, by="sim", seed=3, candidates=3, plies=1, iterations=8)
    effort = Effort(candidates=3, plies=1, iterations=8)
    assert result == dataclasses.replace(montecarlo.solve(position, effort=effort, seed=3),
                                         elapsed=result.elapsed)
    for wrong in ({"limit": 2}, {"moves": True}):
        with pytest.raises(EurekaError):
            GAME.solve(position, by="sim", **wrong)
    with pytest.raises(EurekaError, match="by='sim'"):
        GAME.solve(position, by="equity", iterations=8)


@pytest.mark.parametrize("fields", [{"candidates": 0}, {"plies": 9}, {"iterations": 0},
                                    {"iterations": 2.5}, {"seconds": 0}, {"work": 0},
                                    {"rollout": "greedy"}, {"candidates": True}])
def test_bad_effort_is_refused(fields):
    with pytest.raises(EurekaError):
        Effort(**fields)


def test_solve_by_sim_returns_legal_turns_rescored():
    position = Position(rack=list(OPENING_RACK))
    effort = Effort(candidates=5, plies=1, iterations=16)
    result = montecarlo.solve(position, effort=effort, seed=3)
    assert result.candidates == montecarlo.solve(position, effort=effort, seed=3).candidates
    top = best_turns(position.grid, OPENING_RACK, 5, FULL_RACK_BONUS, by="equity")
    assert sorted(t.text() for t in result.turns) == sorted(t.text() for t in top)
    for turn in result.turns:
        again = score_turn(dict(position.grid), [s.placement for s in turn.placements])
        assert sum(s.points for s in again) + turn.bonus == turn.points


@pytest.mark.parametrize("work", [None, 200_000])
def test_the_sim_policy_plays_legal_games_that_repeat(monkeypatch, work):
    """Also with a budget of work small enough to cut plans short (deals dropped
    unfinished)."""
    runs, choose = [], montecarlo.choose

    def counted(view, plays, effort, **kwargs):
        found = choose(view, plays, effort, **kwargs)
        runs.append((effort.work, kwargs["spent"][0]))
        return found

    monkeypatch.setattr(montecarlo, "choose", counted)
    monkeypatch.setitem(policies.PLANNERS, "sim", montecarlo.planner(
        Effort(candidates=3, plies=1, iterations=32, work=work)))
    turns = []
    first = selfplay.play_game(("sim", "optimal"), selfplay.game_rng(2, 0),
                                 on_turn=turns.append)    # the scorer checks each turn
    assert first == selfplay.play_game(("sim", "optimal"), selfplay.game_rng(2, 0))
    assert any(t.placements for t in turns if t.seat == 0)
    assert "sim" in POLICIES
    if work is None:
        assert {budget for budget, _ in runs} == {None}
    else:           # some runs were stopped by the budget
        assert any(spent >= budget for budget, spent in runs)


# --- solve mathable --by sim ---------------------------------------------------------------


def test_every_rollout_has_a_ranking_and_a_search_cost():
    """The rollouts the contract offers (game.ROLLOUTS) are those montecarlo can play."""
    assert set(montecarlo.RANKED_BY) == set(ROLLOUTS) == set(montecarlo.SEARCH_WORK)
    assert Effort().rollout in ROLLOUTS and montecarlo.POLICY_EFFORT.rollout in ROLLOUTS
