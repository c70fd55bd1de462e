"""The Mathable benchmarks run and print what they measure (their figures are in
docs/BENCHMARKS.md; nothing here is timed)."""

import random
import re

from eureka.benchmarks import mathable_bound, mathable_hard, mathable_sim, workloads
from eureka.mathable import sim


def test_the_calibration_fits_a_positive_cost_to_searches_and_placements(capsys):
    planner = mathable_sim.simulation.PLANNERS["sim"]
    mathable_sim.calibrate(sim.Effort(candidates=3, plies=1, iterations=8), 1, 3)
    out = capsys.readouterr().out
    search, placement = map(float, re.search(
        r"a search ([\d.]+) µs, a placement tried ([\d.]+) ns", out).groups())
    assert search > 0 and placement > 0 and "sim.SEARCH_WORK: 1,500" in out
    # the planner and the functions it times are put back
    assert mathable_sim.simulation.PLANNERS["sim"] is planner
    assert sim.choose.__name__ == "choose" and sim.rollout.__name__ == "rollout"


def test_the_hard_rack_benchmark_times_the_best_turn(capsys):
    assert mathable_hard.searches(None)["eureka"]()[1][0, :3].tolist() == [107, 57, 7]
    mathable_hard.main(["--rounds", "1"])
    assert re.search(r"eureka +median +[\d.]+ ms", capsys.readouterr().out)


def test_the_bound_benchmark_compares_the_bound_with_the_best_completion(capsys):
    """On random partial turns the bound is never below what the tokens left score."""
    rng = random.Random(7)
    for position in workloads.mathable_hard_racks()[1:]:
        rows = mathable_bound.samples(position, 3, 4, rng)
        assert len(rows) == 4
        for face, bound, best in rows:
            assert face > 0 and bound >= best
    mathable_bound.main(["--left", "2", "--samples", "2"])
    out = capsys.readouterr().out
    assert len(re.findall(r"the bound promises median -?[\d.]+ \(mean -?[\d.]+\), "
                          r"the best completion scores median -?[\d.]+", out)) == 2
