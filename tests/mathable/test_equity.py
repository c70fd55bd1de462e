"""Equity: the search ranked by score plus leave value against a brute force
(tests/oracle/mathable_equity.py), the leave table's two ways of valuing a leave, the
`equity` policy and `solve mathable --by equity`."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.errors import EurekaError, SearchTooLarge
from eureka.mathable import GAME, arrays, leave, policies, ranking, selfplay, singles
from eureka.mathable.options import POLICIES
from eureka.mathable.tokens import token_set
from tests.mathable.test_solve import check_turn, positions
from tests.oracle import mathable as oracle
from tests.oracle import mathable_equity as equity_oracle

VALUES = sorted(token_set(126))


@st.composite
def tables(draw):
    """The packaged table, or one with random weights in hundredths (large ones, of
    either sign, so that leaves outweigh scores)."""
    if draw(st.booleans()):
        return leave.current()
    weight = st.integers(-3000, 3000).map(lambda x: x / 100)
    weights = {str(v): draw(weight) for v in VALUES}
    weights.update(duplicates=draw(weight), equations=draw(weight))
    return leave.Leaves({"editions": {"126": {"weights": weights}}})


def weights_of(table) -> dict:
    return table.table["editions"]["126"]["weights"]


@given(positions(), st.integers(1, 5), st.sampled_from([0, 50, 7]), st.booleans(),
       tables())
def test_best_turns_by_equity_match_oracle(position, limit, bonus, bound_now, table):
    grid, rack = position
    sets = oracle.all_turns(grid, rack)
    keys = equity_oracle.equity_keys(grid, rack, bonus, weights_of(table))
    with leave.using(table):
        found = ranking.ranked(arrays.board_array(grid), rack, limit, bonus, by="equity",
                               **({"bound_after": 0} if bound_now else {}))
        turns = ranking.best_turns(grid, rack, limit, bonus, by="equity")
    assert len(found) == len(turns) == min(limit, len(keys))
    # The top equities are the oracle's, each turn's equity its total plus its leave.
    got = [round(r.equity * leave.UNIT) for r in found]
    assert got == sorted(keys.values(), reverse=True)[:limit]
    for r, turn in zip(found, turns):
        placed = frozenset(r.placements)
        assert keys[placed] == round(r.equity * leave.UNIT)
        assert r.total == sets[placed] + (bonus if len(placed) == len(rack) else 0)
        # best_turns' turns are re-scored by legality.score_turn.
        assert round(r.equity * leave.UNIT) == keys[check_turn(grid, rack, turn, sets,
                                                               bonus)]


@given(positions(), tables())
def test_zero_leaves_rank_as_score(position, table):
    """With every weight 0 the equity ranking is the score ranking."""
    grid, rack = position
    zero = leave.Leaves({"editions": {"126": {"weights": dict.fromkeys(
        weights_of(table), 0.0)}}})
    with leave.using(zero):
        by_equity = ranking.ranked(arrays.board_array(grid), rack, 3, 50, by="equity")
    by_score = ranking.ranked(arrays.board_array(grid), rack, 3, 50)
    assert [(r.total, r.placements) for r in by_equity] == \
           [(r.total, r.placements) for r in by_score]
    assert [r.equity for r in by_score] == [float(r.total) for r in by_score]


@given(st.lists(st.sampled_from(VALUES), max_size=9), tables())
def test_every_sub_leave_valued_as_alone(rack, table):
    """sub_units (all sub-multisets at once, for the search) agrees with units (one
    leave) and with the oracle, on every sub-multiset of a rack."""
    if not rack:
        assert table.value([]) == 0.0
        return
    vals = sorted(set(rack))
    counts = np.array([rack.count(v) for v in vals])
    units = table.sub_units(vals, counts)
    radix = np.cumprod([1, *(counts[:-1] + 1)])
    assert len(units) == np.prod(counts + 1)
    for s, u in enumerate(units):
        kept = [v for k, v in enumerate(vals) for _ in range(s // radix[k] % (counts[k] + 1))]
        assert u == table.units(kept) == equity_oracle.leave_units(kept, weights_of(table))
        assert table.value(kept) == u / leave.UNIT


@given(positions(max_rack=6))
def test_best_single_matches_oracle(position):
    """What a turn opens (the equity policy's term): the best single placement."""
    grid, values = position
    points = [p for _, _, p in oracle.singles(grid, values)]
    assert singles.best_single(arrays.board_array(grid), values) == max(points, default=0)


def test_the_packaged_table():
    """Every token value of both editions has a weight; the empty leave is worth 0."""
    table = leave.current()
    assert leave.leave_value([]) == 0.0
    for edition in (126, 106):
        for v in token_set(edition):
            assert isinstance(table.value([v], edition), float)
    assert leave.leave_value([3, 3, 6]) == table.value([6, 3, 3])
    assert table.table["command"].startswith("python -m eureka.mathable.fit_leaves")


def test_equity_policy_plays_legal_games():
    """`equity` joins the policies; its games replay under the rules, reproducibly."""
    from tests.mathable.test_selfplay import play_checked
    assert {"optimal", "equity"} <= set(policies.PLANNERS) and \
        set(policies.PLANNERS) <= set(POLICIES)
    first, _ = play_checked(("equity", "optimal"), seed=3)
    again, _ = play_checked(("equity", "optimal"), seed=3)
    assert first == again


def test_equity_planner_past_the_budget(monkeypatch):
    """A holder whose search passes the budget by equity and by score: the best single
    placement."""
    def too_large(*args, **kwargs):
        raise SearchTooLarge("more than 100,000 sets")
    game = selfplay.Table(2, selfplay.game_rng(0, 0), 126, True)
    holder = [1, 8, 2, 12, 16, 42, 17]
    monkeypatch.setattr(ranking, "ranked", too_large)
    plan = policies.PLANNERS["equity"](game, 0, holder, 50)
    best = singles.single_placements(game.grid, holder)[0]
    assert plan.placements == ((best.placement.cell, best.placement.value),)
    assert plan.total == plan.score == best.points
    kept = leave.kept(holder, [best.placement.value])
    assert plan.equity == pytest.approx(best.points + leave.leave_value(kept))
    assert policies.PLANNERS["optimal"](game, 0, holder, 50) == \
        plan._replace(equity=float(best.points))


def test_plan_by_equity_past_the_budget_plays_the_best_turn_by_score(monkeypatch):
    """Only the search by equity passes the budget: the best turn by score, its equity
    its total plus its leave's value."""
    real = ranking.ranked
    board = arrays.board_array(oracle.start())
    holder = [1, 8, 2, 12, 16, 42, 17]

    def by_score_only(*args, by="score", **kwargs):
        if by == "equity":
            raise SearchTooLarge("more than 100,000 sets")
        return real(*args, by=by, **kwargs)
    monkeypatch.setattr(ranking, "ranked", by_score_only)
    [found] = ranking.plan(board, holder, 5, 50, by="equity")
    [best] = real(board, holder, 1, 50)
    assert found[:3] == best[:3]
    kept = leave.kept(holder, [v for _, v in best.placements])
    assert found.equity == pytest.approx(best.total + leave.leave_value(kept))
    assert ranking.plan(board, holder, 1, 50) == [best]


def test_unknown_ranking_refused():
    with pytest.raises(EurekaError, match="score or equity"):
        ranking.ranked(arrays.board_array(oracle.start()), [1, 2], by="sum")
    with pytest.raises(EurekaError, match="not 'sum'"):
        GAME.solve(GAME.position(), [1, 2], by="sum")


