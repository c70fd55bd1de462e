"""The chance a lead wins (outlook.py) and the fit of its table (fit_outlook.py)."""

import pytest

from eureka.mathable import fit_outlook, outlook, selfplay
from eureka.mathable.leave import leave_value


def test_a_lead_wins_more_often_the_larger_it_is_and_the_fewer_tokens_are_left():
    rows = outlook.table()["rows"]
    assert rows[0]["bag"] == 0 and [r["bag"] for r in rows] == sorted(r["bag"] for r in rows)
    empty, full = rows[0], rows[-1]
    assert outlook.win_chance(-empty["mean"], 0) == pytest.approx(0.5)
    chances = [outlook.win_chance(lead, 30) for lead in (-200, -50, 0, 50, 200)]
    assert chances == sorted(chances) and 0 < chances[0] < 0.5 < chances[-1] < 1
    assert outlook.win_chance(150, 0) > outlook.win_chance(150, 100) > 0.5
    assert full["sd"] > empty["sd"]
    # The other side's view: the leader's chance and the trailer's add up to one.
    for bag in (0, 12, 57):
        assert outlook.win_chance(80, bag) + outlook.win_chance(-80, bag, moved=False) == \
            pytest.approx(1)


def test_a_games_rows_are_its_turns_with_the_change_to_the_final_spread():
    turns = []
    result = selfplay.play_game(("equity", "equity"), selfplay.game_rng(3, 0),
                                on_turn=turns.append)
    rows = fit_outlook.rows(result, turns, 2)
    assert len(rows) == len(turns) and rows[-1][0] == 0
    last = turns[-1]
    scores = [sum(t.points for t in turns if t.seat == s) for s in (0, 1)]
    worth = [scores[s] + leave_value(tuple(sorted(last.holders[s]))) for s in (0, 1)]
    side = 1 if last.seat == 0 else -1
    final = result.scores[0] - result.scores[1]
    assert rows[-1][1] == pytest.approx(side * (final - (worth[0] - worth[1])))


def test_the_fit_groups_the_rows_by_the_bag():
    """The empty bag alone, then 1-10 tokens, 11-20 and so on."""
    data = [(0, 10.0), (0, -10.0), (4, 5.0), (10, 7.0), (11, 1.0), (20, 3.0), (21, 2.0)]
    assert fit_outlook.fit(data) == [
        {"bag": 0.0, "turns": 2, "mean": 0.0, "sd": 10.0},
        {"bag": 7.0, "turns": 2, "mean": 6.0, "sd": 1.0},
        {"bag": 15.5, "turns": 2, "mean": 2.0, "sd": 1.0},
        {"bag": 21.0, "turns": 1, "mean": 2.0, "sd": 0.0}]


@pytest.mark.parametrize("args, says", [(["--games", "0"], "--games takes 1 to"),
                                        (["--policy", "luck"], "invalid choice: 'luck'")])
def test_the_fit_refuses_bad_arguments_in_one_line(args, says, tmp_path, capsys):
    out = tmp_path / "outlook.json"
    with pytest.raises(SystemExit) as refused:
        fit_outlook.main([*args, "--out", str(out)])
    error = capsys.readouterr().err
    assert refused.value.code == 2 and "Traceback" not in error and not out.exists()
    assert says in error.strip().splitlines()[-1]
