"""Mathable's results as text, line by line (their JSON is their own `to_json()`).

The turns, the endgame's line, verdicts, replays, reviews and self-play summaries.
"""

import textwrap

from eureka import ops
from eureka.cli.base import STDIN
from eureka.mathable import GAME
from eureka.mathable.board import cell_name
from eureka.mathable.position import render
from eureka.mathable.record import action_text
from eureka.text import plural


def _placement_line(label: str, s) -> str:
    """One placement: its label ('1.' or '-'), points, equations and square."""
    eqs = "; ".join(f"{e.text()} ({cell_name(e.near)}, {cell_name(e.far)})"
                    for e in s.equations)
    notes = []
    if len(s.equations) > 1:
        notes.append(f"{len(s.equations)} equations")
    if s.award > 1:
        notes.append(f"{s.award}X square")
    if s.restriction:
        notes.append(f"{ops.sign(s.restriction)} square: may draw a token")
    note = f"  [{', '.join(notes)}]" if notes else ""
    return f"  {label} {s.placement.text():<7} {s.points:>4}  {eqs}{note}"


def placement_lines(placements) -> list:
    """The lines of the scored `placements`, numbered: points, equations and notes."""
    return [_placement_line(f"{n}.", s) for n, s in enumerate(placements, 1)]


def _turn_lines(turn) -> list:
    """The lines of a turn's placements, then its full-rack bonus, if any."""
    lines = placement_lines(turn.placements)
    if turn.bonus:
        lines.append(f"     + {turn.bonus} for placing the full rack")
    return lines


def _by(result) -> str:
    return "" if result.by == "score" else f" by {result.by}"


def _equity(result, turn) -> str:
    """The turn's equity note, '; equity 41.24 (leave 3 42: −14.76)', when ranked by equity.

    Returns '' under any other ranking.
    """
    if result.by != "equity":
        return ""
    kept = result.leave(turn)
    value = result.equity(turn) - turn.points
    return (f"; equity {result.equity(turn):.2f} (leave "
            f"{' '.join(map(str, kept)) or 'none'}: {value:+.2f})")


def _header(result) -> list:
    """The rack and board line, and the line saying no token can be placed (if so)."""
    pos = result.position
    lines = [f"Mathable: rack {' '.join(map(str, sorted(pos.rack)))}; "
             f"{plural(len(pos.grid), 'token')} on the board ({pos.edition}-token set)"]
    if not result.turns:
        lines.append(f"No token of this rack can be placed: {result.fallback}.")
    return lines


def _board_lines(result) -> list:
    """The board after the best turn, its new tokens marked."""
    return ["Board after the best turn ([new] tokens):",
            render(result.board_after(),
                   {s.placement.cell for s in result.turns[0].placements})]


def solution_lines(result, board: bool) -> list:
    """The lines of a solve `result`: the best turn placement by placement, then the others.

    Every legal single placement follows when the result lists them, and the board after
    the best turn when `board` is set.
    """
    turns = result.turns
    lines = _header(result)
    if not turns:
        return lines
    lines += [f"Best turn{_by(result)}: {turns[0].summary()}{_equity(result, turns[0])}",
              *_turn_lines(turns[0])]
    lines += [f"#{k}: {turn.summary()}{_equity(result, turn)}: {turn.text()}"
              for k, turn in enumerate(turns[1:], 2)]
    if result.moves is not None:
        lines.append(f"Every legal single placement: {len(result.moves)}")
        lines += [_placement_line("-", s) for s in result.moves]
    return lines + (_board_lines(result) if board else [])


def simulated_lines(result, board: bool) -> list:
    """The lines of a `solve --by sim` `result`: the best candidate, then every candidate.

    Each candidate comes with its figures (mean, 95% interval, deals, win chance when
    known); the board after the best turn follows when `board` is set.
    """
    turns, effort = result.turns, result.effort
    lines = _header(result)
    if not turns:
        return lines
    lines += [f"Best turn by sim: {turns[0].summary()}", *_turn_lines(turns[0])]
    if len(turns) == 1:
        lines.append("(the only candidate: nothing to simulate)")
    else:
        lead = result.candidates[0].win_probability is not None
        lines.append(f"Simulated: the top {plural(len(turns), 'turn')} by equity, each on "
                     f"up to {plural(effort.iterations, 'deal')} of the unseen tokens "
                     f"(seed {result.seed}),")
        lines.append(f"then {plural(effort.plies, 'turn')} played by the {effort.rollout} "
                     f"rollout; value: the mover's spread in equity then, best first")
        lines.append(f"  {'#':>2} {'mean':>8} {'95% interval':>21} {'deals':>6}"
                     + (f" {'win':>6}" if lead else "") + f" {'points':>6}  turn")
        for k, (turn, c) in enumerate(zip(turns, result.candidates), 1):
            win = f" {c.win_probability:6.1%}" if lead else ""
            lines.append(f"  {k:>2} {c.mean:+8.2f} {c.mean - c.half:+9.2f} to "
                         f"{c.mean + c.half:+7.2f} {c.iterations:>6}{win} "
                         f"{turn.points:>6}  {turn.text()}")
        if any(c.iterations < result.candidates[0].iterations for c in result.candidates):
            lines.append("(fewer deals: dropped once clearly worse than the leader on the "
                         "same deals)")
    return lines + (_board_lines(result) if board else [])


def endgame_lines(result, board: bool) -> list:
    """The lines of the exact endgame `result`: its value, then the line turn by turn.

    The deductions for tokens left and the final scores follow, then, when `board` is
    set, the board after the line.
    """
    pos, name = result.position, result.opponent
    names = ("mover", name)
    now = (pos.score, pos.other_scores.get(name, 0))
    lines = [f"Mathable endgame: mover {' '.join(map(str, sorted(pos.rack)))} (score "
             f"{now[0]}), {name} {' '.join(map(str, sorted(pos.others[name])))} (score "
             f"{now[1]}); {plural(len(pos.grid), 'token')} on the board",
             f"Exact value: {result.value:+d} (mover − {name} at the end, "
             f"{now[0] - now[1]:+d} now), {plural(result.nodes, 'position')} searched"]
    width = max(len(n) for n in names)
    for k, step in enumerate(result.line, 1):
        who = f"{k:>3}. {names[step.player]:<{width}}"
        if step.turn is None:
            lines.append(f"{who}  {'pass':>10}  (nothing can be placed)")
        else:
            bonus = f" (+{step.turn.bonus} full rack)" if step.turn.bonus else ""
            lines.append(f"{who}  {plural(step.turn.points, 'point'):>10}  "
                         f"{step.turn.text()}{bonus}")
    lines.append("Tokens left: " + ", ".join(f"{n} −{d}" for n, d in
                                             zip(names, result.deductions)))
    lines.append("Final scores: " + ", ".join(f"{n} {s}" for n, s in
                                              zip(names, result.final)))
    if board:
        lines.append("Board after the line ([new] tokens):")
        lines.append(render(result.board_after(), result.placed()))
    return lines


def verdict_lines(result) -> list:
    """The lines of a check `result`'s verdict: the legal turn scored, or why not."""
    v = result.verdict
    if not v.valid:
        return [f"invalid: {v.reason}"]
    return [v.reason, *_turn_lines(result.turn)]


def comparison_lines(result) -> list:
    """The lines of what the search for the best turn found, for a check `result`.

    They follow the verdict; none when an illegal claim has no best turn to show.
    """
    if result.searched is False:
        return ["  (too large a search to look for the best turn: skipped)"]
    best = result.best
    if not result.valid:
        return [f"  the best turn: {best.summary()}: {best.text()}"] if best else []
    better = result.verdict.better
    if better:
        return [f"  a better turn: {better.summary()}: {better.text()}"]
    return ["  no turn scores more."]


def _with_draws(play) -> str:
    """A record's placements as written, with its draws."""
    return " ".join(p.text() + (" draw" if n in play.draws else "")
                    for n, p in enumerate(play.placements))


def score_lines(result, detail: bool) -> list:
    """The lines of a replayed record, `result`: every turn scored, then the totals.

    With `detail`, every placement of every turn; the official scores are compared when
    the record gives them.
    """
    record = result.record
    source = "(standard input)" if record.source == STDIN else record.source
    official = any(t.play.official is not None for t in result.turns)
    lines = [f"Mathable record {source}: {plural(len(record.plays), 'turn')}, "
             f"{record.edition} tokens, full-rack bonus {'on' if record.bonus else 'off'}",
             f"{'turn':>4}  {'player':<8} {'points':>6}"
             + (f" {'official':>8}" if official else "") + "  play"]
    for t in result.turns:
        play = t.play
        what = (_with_draws(play) if play.action == "place"
                else f"exchange {play.exchanged}" if play.action == "exchange" else "pass")
        if t.bonus:
            what += f"  (+{t.bonus} full rack)"
        mark = ""
        if official:
            mark = f" {'' if play.official is None else play.official:>8}"
            if play.official is not None and play.official != t.points:
                what += "  <- differs from the official score"
        lines.append(f"{t.number:>4}  {play.player:<8} {t.points:>6}{mark}  {what}")
        if detail:
            lines += ["      " + line for line in placement_lines(t.scored)]
    if result.illegal:
        lines.append(f"illegal: {result.illegal}")
    lines.append("totals: " + ", ".join(f"{p} {v}" for p, v in result.totals.items()))
    if any(result.deductions.values()):
        lines.append("tokens left: " + ", ".join(f"{p} −{v}"
                                                 for p, v in result.deductions.items()))
        lines.append("final: " + ", ".join(f"{p} {v}" for p, v in result.final.items()))
    if official:
        n = sum(t.play.official is not None for t in result.turns)
        lines.append(f"official scores: {n - len(result.mismatches)} of "
                     f"{plural(n, 'turn')} agree")
    return lines


def _option_line(label: str, option, lost: str) -> str:
    """A best turn: its points, equity, the loss of the turn played and its text."""
    if option is None:
        return f"      {label:<16}nothing could be placed"
    return (f"      {label:<16}{option.points:>4} points  equity {option.equity:8.2f}  "
            f"{lost}: {option.turn.text()}")


def _turn_review_lines(t) -> list:
    """One reviewed turn: what was played, the best turns, the losses and how it is judged."""
    play = t.replayed.play
    holder = "" if play.holder is None else f" [{' '.join(map(str, play.holder))}]"
    lines = [f"{t.replayed.number:>4}  {play.player}{holder}: {action_text(play)}"]
    judged = t.judged
    note = (f"  ({plural(t.unjudged, 'placement')} after a draw not judged)"
            if t.unjudged else "")
    lines.append(f"      {'played':<16}{judged.points:>4} points  equity "
                 f"{judged.equity:8.2f}{note}" if judged.turn.placements
                 else f"      {'played':<16}{judged.points:>4} points  ({play.action})")
    lines.append(_option_line("best by score", t.by_score,
                              f"lost {plural(t.lost_points, 'point')}"))
    lost = ("equity loss not computed" if t.lost_equity is None
            else f"lost {t.lost_equity:.2f} equity")
    if t.by_equity is not None and t.by_score is not None and (
            t.by_equity.turn.text() == t.by_score.turn.text()):
        lines.append(f"      {'best by equity':<16}the same turn: {lost}")
    elif t.by_equity is not None:
        lines.append(_option_line("best by equity", t.by_equity, lost))
    if t.why:
        lines += textwrap.wrap(t.why, 88, initial_indent=" " * 6, subsequent_indent=" " * 6)
    return lines


def _share(x) -> str:
    return "-" if x is None else f"{x:.0%}"


def _summary_lines(players) -> list:
    """Per player: the points and equity lost, the share of best turns, the costliest."""
    lines = [f"{'player':<8}{'reviewed':>9}{'points lost':>13}{'mean':>8}"
             f"{'best':>6}{'equity lost':>13}{'mean':>8}{'best':>6}"]
    for p in players:
        s = p.to_json()
        mean_points = "-" if s["mean_lost_points"] is None else f"{s['mean_lost_points']:.1f}"
        mean_equity = "-" if s["mean_lost_equity"] is None else f"{s['mean_lost_equity']:.2f}"
        lines.append(f"{p.player:<8}{f'{p.reviewed}/{p.turns}':>9}{p.lost_points:>13}"
                     f"{mean_points:>8}{_share(s['best_by_score_share']):>6}"
                     f"{s['lost_equity']:>13.2f}{mean_equity:>8}"
                     f"{_share(s['best_by_equity_share']):>6}")
    lines.append("best: the share of reviewed turns that lost nothing (by equity: of the "
                 "turns with placements)")
    for p in players:
        costly = ", ".join(f"turn {t.replayed.number} ({plural(t.lost_points, 'point')})"
                           for t in p.costliest)
        lines.append(f"costliest turns of {p.player}: {costly or 'none lost points'}")
    return lines


def review_lines(result) -> list:
    """The lines of a review `result`: the summary per player, then the turns that lost points."""
    record = result.record
    source = "(standard input)" if record.source == STDIN else record.source
    reviewed = sum(t.reviewed for t in result.turns)
    lines = [f"Review of {source}: {plural(len(result.turns), 'turn')}, {reviewed} "
             f"reviewed, {record.edition} tokens, full-rack bonus "
             f"{'on' if record.bonus else 'off'}"]
    lines += _summary_lines(result.players)
    costly = [t for t in result.turns if t.reviewed and t.lost_points]
    lines.append(f"The {plural(len(costly), 'turn')} that lost points (--json gives every "
                 f"turn):" if costly else "No turn lost points.")
    for t in costly:
        lines += _turn_review_lines(t)
    if result.illegal:
        lines.append(f"illegal: {result.illegal}")
    return lines


def _square(kind: str) -> str:
    """The name of a kind of square: plain, an operation's square, or the kind itself."""
    if kind == ".":
        return "plain"
    return f"{ops.sign(kind)} square" if kind in GAME.preset.operations else kind


def _between(pair, show) -> str:
    """A 95% interval, or '-' when there is none (a single deal)."""
    return "-" if pair is None else f"{show(pair[0])} to {show(pair[1])}"


def _policy_lines(s) -> list:
    """Each policy's win rate and spread, with their 95% intervals over the deals."""
    if not s.policy_rates:
        return []
    lines = [f"{'policy':<9}{'seats':>6}{'wins':>8}  {'95% interval':<17}{'spread':>8}  "
             f"95% interval"]
    for row in s.policy_rates:
        lines.append(f"{row['policy']:<9}{row['seats']:>6}{row['win_rate']:>8.1%}  "
                     f"{_between(row['win_interval'], lambda x: f'{x:.1%}'):<17}"
                     f"{row['spread']:>+8.1f}  "
                     f"{_between(row['spread_interval'], lambda x: f'{x:+.1f}')}")
    deals = plural(s.games, "deal")
    orders = "one game per seat order" if s.seat_orders > 1 else "seats as given"
    lines.append("wins: ties split; spread: the policy's mean score minus the others'")
    lines.append(f"95% intervals over the {deals} ({orders}): Wilson's for the wins, "
                 f"normal for the spread")
    return lines


def summary_lines(s) -> list:
    """The lines of the self-play summary `s`: per seat, per policy, then the games'."""
    games = (f"{s.played} games ({plural(s.games, 'deal')} × {s.seat_orders} seat "
             f"orders)" if s.seat_orders > 1 else plural(s.games, "game"))
    lines = [f"Mathable self-play: {games}, "
             f"{plural(len(s.policies), 'player')}, seed {s.seed}, {s.edition} tokens, "
             f"full-rack bonus {'on' if s.bonus else 'off'}",
             f"{'seat':<5}{'policy':<9}{'wins':>7}{'mean':>9}{'sd':>7}{'min':>6}"
             f"{'median':>8}{'max':>6}{'bonus/game':>12}"]
    for n, (policy, sc, wins, bonus) in enumerate(zip(s.policies, s.scores, s.win_rate,
                                                      s.bonus_rate), 1):
        lines.append(f"{n:<5}{policy:<9}{wins:>7.1%}{sc['mean']:>9.1f}{sc['sd']:>7.1f}"
                     f"{sc['min']:>6}{sc['median']:>8.1f}{sc['max']:>6}{bonus:>12.2f}")
    lines += _policy_lines(s)
    t, p = s.turns, s.placements
    lines.append(f"turns per game: {t['mean']:.1f} ({t['min']}–{t['max']}); tokens "
                 f"placed: {p['mean']:.1f} ({p['min']}–{p['max']})")
    lines.append(f"per game: {s.draws:.2f} extra draws, {s.exchanges:.2f} exchanges, "
                 f"{s.passes:.2f} passes")
    shares = ", ".join(f"{_square(k)} {v:.1%}" for k, v in s.square_share.items())
    lines.append(f"placements by square: {shares}")
    lines.append("endings: " + ", ".join(f"{k} {v}" for k, v in s.endings.items()))
    return lines
