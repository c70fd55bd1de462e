"""`eureka play mathable` as the rulebook plays it: the draw on a restriction square said
with the turn ('draw', 'nodraw'), and a table of three seats."""

from eureka.mathable.board import SQUARES, cell_name
from eureka.mathable.match import Match
from tests.cli.invoke import run


def _a_turn_with_a_draw(seed: int = 3) -> tuple:
    """The first turn's hint of a game where it places on a restriction square (not the
    whole holder), as text with a `{}` after each placement on a restriction square."""
    hint = Match("beginner", seed=seed, first="you").hint()
    assert any(SQUARES[c].op for c, _ in hint.placements) and len(hint.placements) < 7
    return " ".join(f"{cell_name(c)}={v}" + (" {}" if SQUARES[c].op else "")
                    for c, v in hint.placements)


def test_a_turn_line_says_whether_to_draw():
    text = _a_turn_with_a_draw()
    args = ("play", "mathable", "--against", "beginner", "--seed", "3", "--first", "you")
    taken = run(*args, stdin=text.replace("{}", "draw") + "\nquit\n")
    assert taken.exit_code == 0, taken.output
    assert "you drew " in taken.output and "place more, or 'end'" in taken.output
    declined = run(*args, stdin=text.replace("{}", "nodraw") + "\nquit\n")
    assert declined.exit_code == 0, declined.output
    lines = [line.removeprefix("> ") for line in declined.output.splitlines()]
    mine = next(line for line in lines if line.startswith("you: "))
    assert mine.startswith(f"you: {text.replace(' {}', '')} (") and "drew" not in mine
    assert "you drew" not in declined.output
    assert any(line.startswith("eureka: ") for line in lines)
    misplaced = run(*args, stdin="nodraw G6=2\nquit\n")
    assert "refused: 'draw' or 'nodraw' follows a placement" in misplaced.output


def test_three_seats_in_the_terminal():
    result = run("play", "mathable", "--against", "beginner", "--against", "casual",
                 "--seed", "3", "--first", "you", stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "eureka1, beginner" in result.output and "eureka2, casual" in result.output
    assert "you 0 · eureka1 0 · eureka2 0" in result.output
    assert "hint (score): " in result.output
