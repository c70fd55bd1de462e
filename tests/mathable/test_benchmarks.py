"""The Mathable benchmarks run and print what they measure (their figures are in
docs/BENCHMARKS.md; nothing here is timed)."""

import random
import re

import pytest

from eureka.benchmarks import (
    mathable_bound,
    mathable_hard,
    mathable_sim,
    mathable_twelve,
    workloads,
)
from eureka.mathable import arrays, legality, lines, montecarlo
from eureka.mathable.legality import Placement
from eureka.mathable.options import Effort


def test_the_calibration_fits_a_positive_cost_to_searches_and_placements(capsys):
    planner = mathable_sim.selfplay.PLANNERS["sim"]
    mathable_sim.calibrate(Effort(candidates=3, plies=1, iterations=8), 1, 3)
    out = capsys.readouterr().out
    search, placement = map(float, re.search(
        r"a search ([\d.]+) µs, a placement tried ([\d.]+) ns", out).groups())
    assert search > 0 and placement > 0 and "montecarlo.SEARCH_WORK: 1,500" in out
    # the planner and the functions it times are put back
    assert mathable_sim.selfplay.PLANNERS["sim"] is planner
    assert montecarlo.choose.__name__ == "choose" and montecarlo.rollout.__name__ == "rollout"


def test_the_hard_rack_benchmark_times_the_best_turn(capsys):
    assert mathable_hard.searches(None)["eureka"]()[1][0, :3].tolist() == [107, 57, 7]
    mathable_hard.main(["--rounds", "1"])
    assert re.search(r"eureka +median +[\d.]+ ms", capsys.readouterr().out)


@pytest.mark.slow
def test_the_twelve_token_benchmark_measures_each_search_in_a_child(capsys):
    run = mathable_twelve.measure(2, "connected")
    assert run["points"] == 103 and run["tried"] > 0 and run["peak_mb"] > 0
    mathable_twelve.main(["--boards", "2", "--searches", "connected"])
    assert re.search(r"connected +103 points +[\d.]+ s +\d+ MB peak",
                     capsys.readouterr().out)


def test_the_bound_benchmark_draws_legal_partial_turns():
    position = workloads.mathable_hard_racks()[2]
    vals, counts = arrays.rack_arrays(list(position.rack))
    board = arrays.board_array(dict(position.grid))
    codes, left = mathable_bound.partial_turn(board, vals, counts, 8, random.Random(3))
    grid = dict(position.grid)
    legality.score_turn(grid, [Placement(arrays.cell_of(c >> lines.CODE_SHIFT),
                                         int(vals[c & 15])) for c in codes])
    assert (arrays.board_array(grid) == board).all()
    assert left.sum() == 4 and (counts - left).sum() == 8


def test_the_bound_is_never_below_the_best_completion(capsys):
    """On random partial turns, with the set's own caps and with its parent's."""
    rng = random.Random(7)
    for position in workloads.mathable_hard_racks()[1:]:
        for s in mathable_bound.samples(position, 4, 40, rng):
            assert s.own >= s.best and s.parent >= s.best and s.placed <= s.face
    mathable_bound.main(["--left", "2", "--samples", "2"])
    out = capsys.readouterr().out
    assert len(re.findall(r"the bound promises -?[\d.]+ with the set's own caps, "
                          r"-?[\d.]+ with its parent's; the best completion scores "
                          r"-?[\d.]+", out)) == 2
    with pytest.raises(SystemExit) as stop:
        mathable_bound.main(["--left", "12"])
    assert stop.value.code == 2 and "--left takes 1-11" in capsys.readouterr().err
