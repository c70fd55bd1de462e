"""The review of a game record: self-play games reviewed turn by turn (the policies
that choose by score or by equity lose nothing by their own measure), the judged part
of a turn with draws and why, unknown holders, exchanges, the summaries, the board
before each turn, and the game's course (the bag and the chance to win after each turn,
against the self-play table's own)."""

import functools
import json

import pytest

from eureka.mathable import GAME
from eureka.mathable.board import cell_name
from eureka.mathable.leave import kept, leave_value
from eureka.mathable.outlook import win_chance
from eureka.mathable.record import parse, write
from eureka.mathable.review import COSTLIEST, review
from eureka.mathable.selfplay import game_record, game_rng, play_game
from tests.oracle import mathable as oracle
from tests.paths import EXAMPLES
from tests.schema_check import assert_valid


@functools.cache
def reviewed(policies, seed):
    return review(game_record(policies, seed))


def player_turns(result, player):
    return [t for t in result.turns if t.replayed.play.player == player]


def test_optimal_loses_no_points_and_random_loses_some():
    result = reviewed(("optimal", "random"), 3)
    assert result.valid and all(t.reviewed for t in result.turns)
    optimal, chance = player_turns(result, "P1"), player_turns(result, "P2")
    assert all(t.lost_points == 0 for t in optimal)
    assert all(t.lost_points >= 0 for t in chance)
    assert sum(t.lost_points for t in chance) > 0
    assert any(t.unjudged for t in optimal), "a turn placing a drawn token"
    for t in result.turns:
        if t.by_score is not None:
            assert t.by_score.points >= t.judged.points
            placed = [s.placement.value for s in t.by_score.turn.placements]
            assert t.by_score.equity == pytest.approx(
                t.by_score.points + leave_value(kept(t.replayed.play.holder, placed)))
    for summary, turns in zip(result.players, (optimal, chance)):
        assert (summary.turns, summary.reviewed) == (len(turns), len(turns))
        assert summary.lost_points == sum(t.lost_points for t in turns)
        assert summary.best_by_score == sum(t.lost_points == 0 for t in turns)
        weighed = [t.lost_equity for t in turns if t.lost_equity is not None]
        assert summary.lost_equity == pytest.approx(sum(weighed))
        assert summary.equity_judged == len(weighed)
    assert result.players[0].to_json()["best_by_score_share"] == 1


def test_equity_loses_no_equity():
    result = reviewed(("equity", "greedy"), 1)
    turns = [t for t in player_turns(result, "P1") if t.lost_equity is not None]
    assert turns and all(t.lost_equity == 0 for t in turns)
    assert all(t.lost_equity >= 0 for t in player_turns(result, "P2")
               if t.lost_equity is not None)


def test_best_by_score_agrees_with_the_brute_force():
    holders = ([1, 2, 8, 12, 90, 81, 80], [3, 4, 7, 72, 70, 64, 63])   # no full holder
    text = "\n".join(f"P{k} [{' '.join(map(str, h))}]: exchange 7"
                     for k, h in enumerate(holders, 1))
    result = review(parse(text))
    for t, holder in zip(result.turns, holders):
        best = max(oracle.all_turns(oracle.start(), holder).values())
        assert t.by_score.points == best == t.lost_points > 0
        assert t.lost_equity is None and t.judged.points == 0
        assert oracle.score_sequence(oracle.start(), [
            (s.placement.cell, s.placement.value) for s in t.by_equity.turn.placements]
        ) == t.by_equity.points


def test_a_turn_without_a_drawn_token_placed_is_judged_whole():
    # The rulebook's first turn: 39 points; the best turn for its holder makes 56.
    result = review(parse("P1 [1 2 8 12 16 17 42]: I8=12 H6=8 G9=2 F7=1 J8=16 draw=11"))
    turn, = result.turns
    assert turn.judged.turn.text() == "I8=12 H6=8 G9=2 F7=1 J8=16"
    assert (turn.unjudged, turn.judged.points, turn.by_score.points) == (0, 39, 56)
    assert turn.lost_points == 17 and turn.lost_equity >= 0


def test_placements_of_drawn_tokens_are_not_judged():
    record = game_record(("optimal", "random"), 3)
    result = reviewed(("optimal", "random"), 3)
    for play, t in zip(record.plays, result.turns):
        held = list(play.holder)
        for s in t.judged.turn.placements:
            held.remove(s.placement.value)            # the judged part is on the holder
        rest = t.replayed.scored[len(t.judged.turn.placements):]
        if rest:
            assert rest[0].placement.value not in held and play.draws
        assert t.unjudged == len(rest)


def test_unknown_holders_and_exchanges():
    text = ("P1: I8=12 H6=8\n"
            "P2 [4 4 4 5 6 8 9]: exchange 7\n"
            "P1 [0 0 0 81 90 1 1]: exchange 2\n")
    first, swap, again = review(parse(text)).turns
    assert not first.reviewed and first.lost_points is None and first.judged is None
    assert swap.reviewed and swap.lost_points == swap.by_score.points > 0
    assert swap.lost_equity is None and swap.by_equity is not None
    assert again.reviewed and again.lost_points == again.by_score.points
    data = assert_valid(json.loads(json.dumps(review(parse(text)).to_json())))
    assert data["turns"][0]["reviewed"] is False
    assert data["players"][0] == {
        "player": "P1", "turns": 2, "reviewed": 1, "lost_points": again.lost_points,
        "mean_lost_points": again.lost_points, "best_by_score_share": 0.0,
        "equity_judged": 0, "lost_equity": 0.0, "mean_lost_equity": None,
        "best_by_equity_share": None,
        "costliest": [{"number": 3, "lost_points": again.lost_points, "lost_equity": None}]}
    assert swap.why.startswith("An exchange") and again.why == swap.why
    # P1's holder before its first turn is not written: no bag, no chance; then it is.
    before, after = review(parse(text)).course[:2]
    assert (before.bag, before.chances) == (None, None)
    assert after.bag == 126 - 2 - 14 and sum(after.chances.values()) == pytest.approx(1)


def test_nothing_to_place_loses_nothing():
    # The opening board makes 12 at most: none of these tokens fits.
    result = review(parse("P1 [90 81 80 72 70 64 63]: exchange 7\n"
                          "P2 [60 56 54 50 49 48 45]: exchange 7"))
    for t in result.turns:
        assert t.by_score is None and t.by_equity is None and t.lost_points == 0


def test_review_stops_at_an_illegal_placement():
    result = review(parse("P1 [1 2 8 12 16 17 42]: I8=12\nP2 [3 4 5 6 7 9 10]: A1=3"))
    assert not result.valid and "turn 2" in result.illegal and len(result.turns) == 1


def test_the_summary_is_computed_from_the_turns():
    result = reviewed(("equity", "greedy"), 1)
    for summary in result.players:
        turns = [t for t in player_turns(result, summary.player) if t.reviewed]
        data = summary.to_json()
        best = sum(t.lost_points == 0 for t in turns)
        assert data["best_by_score_share"] == best / len(turns)
        assert data["mean_lost_points"] == sum(t.lost_points for t in turns) / len(turns)
        losses = sorted((t.lost_points for t in turns if t.lost_points), reverse=True)
        costly = [c["lost_points"] for c in data["costliest"]]
        assert costly == losses[:COSTLIEST] and len(costly) == min(COSTLIEST, len(losses))
        for c in data["costliest"]:
            turn = result.turns[c["number"] - 1]
            assert turn.replayed.play.player == summary.player
            assert c["lost_points"] == turn.lost_points > 0
    assert any(summary.costliest for summary in result.players)


def test_each_turn_keeps_the_board_before_it_and_the_best_turns_placements():
    record = game_record(("optimal", "random"), 3)
    data = reviewed(("optimal", "random"), 3).to_json()
    board = {}
    for play, turn in zip(record.plays, data["turns"]):
        assert {k: v for k, v in turn["cells"].items() if k not in ("G7", "H7", "G8", "H8")
                } == board
        assert [f"{p['cell']}={p['value']}" for p in turn["placements"]] == [
            p.text() for p in play.placements]
        for option in (turn["judged"], turn["best_by_score"], turn["best_by_equity"]):
            if option:
                assert " ".join(f"{p['cell']}={p['value']}" for p in option["placements"]
                                ) == option["turn"]
                assert sum(p["points"] for p in option["placements"]) <= option["points"]
        board.update((cell_name(p.cell), p.value) for p in play.placements)


def test_why_a_turn_with_draws_is_judged_as_it_is():
    result = reviewed(("optimal", "random"), 3)
    cut = [t for t in result.turns if t.unjudged]
    assert cut
    for t in cut:
        judged = len(t.judged.turn.placements)
        first = t.replayed.scored[judged].placement
        assert t.why.startswith(f"Judged on its first {judged} placement")
        assert f"{first.text()} places the {first.value} drawn after " in t.why
        assert f"not judged ({t.unjudged} placement" in t.why
        assert (f"The whole turn scored {t.replayed.points}" in t.why
                and f"the judged part {t.judged.points};" in t.why
                and t.why.endswith(f"alone scores {t.by_score.points}."))
    # The best turn can be lower than the turn played: the draws explain it.
    assert any(t.by_score.points < t.replayed.points for t in cut)
    whole = [t for t in result.turns if t.replayed.play.draws and not t.unjudged]
    assert whole and all(t.why.startswith("Judged whole") for t in whole)
    assert all(t.why is None for t in result.turns
               if t.replayed.play.action == "place" and not t.replayed.play.draws)


def test_the_course_has_each_sides_chance_to_win_after_every_turn():
    policies = ("optimal", "random")
    table = []
    game = play_game(policies, game_rng(3, 0), on_turn=table.append)
    result = reviewed(policies, 3)
    course = result.course
    assert len(course) == len(result.turns) + 1 == len(table) + 1
    assert course[0].bag == 126 - 14 and course[0].scores == {"P1": 0, "P2": 0}
    scores = [0, 0]
    for after, (standing, turn) in enumerate(zip(course[1:], table), 1):
        scores[turn.seat] += turn.points
        assert standing.after == after and standing.bag == len(turn.bag)
        assert standing.scores == {"P1": scores[0], "P2": scores[1]}
        chances = standing.chances
        assert all(0 <= p <= 1 for p in chances.values())
        assert sum(chances.values()) == pytest.approx(1)
        if after < len(table):
            worth = [s + leave_value(sorted(h)) for s, h in zip(scores, turn.holders)]
            lead = worth[turn.seat] - worth[1 - turn.seat]
            assert chances[f"P{turn.seat + 1}"] == pytest.approx(
                win_chance(lead, len(turn.bag)), abs=1e-4)
    winner = "P1" if game.scores[0] > game.scores[1] else "P2"
    assert course[-1].chances[winner] == 1 and len(set(game.scores)) == 2
    assert result.final == {"P1": game.scores[0], "P2": game.scores[1]}
    assert 0 < course[0].chances["P1"] < 1
    assert_valid(json.loads(json.dumps(result.to_json())))


def test_three_players_have_their_scores_but_no_chance():
    result = review(game_record(("optimal", "greedy", "random"), 2))
    assert all(c.chances is None and len(c.scores) == 3 for c in result.course)
    assert all(c.bag is not None for c in result.course)
    assert result.final is not None and len(result.players) == 3


def test_self_play_records_round_trip():
    record = game_record(("optimal", "random"), 3)
    text = write(record)
    assert parse(text, source="self-play") == record
    assert write(parse(text)) == text
    assert all(play.holder is not None for play in record.plays)
    assert GAME.game_record(("optimal", "random"), 3) == record
    # The docs' example is this game, as `simulate mathable --record` writes it.
    assert (EXAMPLES / "mathable_review.txt").read_text(encoding="utf-8") == text


# --- the command ------------------------------------------------------------------------


