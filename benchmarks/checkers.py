"""Batch checking side by side with the checkers people use, on the same claims.

    python -m eureka.benchmarks.checkers [--claims N] [--seed S] [--json FILE]

Seeded Countdown and 24-game claims (random equations over the dealt cards, about half
of them made to hit their target, a few with a number not dealt, used twice or the text
broken) are judged by eureka's batch check (`check_lines`, in one process and in two,
and the whole `eureka check countdown --batch FILE` command), by a plain single-threaded
Python checker written here (`ast` to parse, `Fraction` to evaluate, the Countdown rules),
and, where the package is installed (`pip install reasoning-gym`), by the scorers of
reasoning-gym's countdown and puzzle24 datasets (on the first --peer-claims claims: they
parse with sympy and are slow). Prints claims per second, each as a ratio to the plain
checker, how often each pair of checkers disagrees and why, and the regression cases
(REGRESSIONS): bugs reported in such checkers.
"""

import argparse
import ast
import json
import operator
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

from eureka import countdown, game24
from eureka.numbers.claim.batch import check_lines

REGRESSIONS = (
    # (what the bug was, game, cards, target, answer, the right verdict)
    ("a number given once, used twice", "game24", [1, 3, 4, 6], 24, "6*4*1*1", False),
    ("a number never dealt", "game24", [4, 6, 1, 1], 24, "3*8*1*1", False),
    ("a result truncated by int()", "game24", [3, 7, 8, 9], 24, "8*3+7/9", False),
    ("3 3 8 8 needs fractions", "game24", [3, 3, 8, 8], 24, "8/(3-8/3)", True),
    ("a step not whole (Countdown)", "countdown", [7, 2, 100, 1, 3, 4], 350,
     "7/2*100*(4-3)*1", False),
    ("fewer cards than dealt (Countdown)", "countdown", [100, 75, 6, 3, 2, 1], 606,
     "100*6+3*2", True),
)
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.Div: operator.truediv}


def plain_check(answer: str, cards, target: int, countdown_rules: bool = True) -> bool:
    """The plain checker's verdict on `answer`: True when it makes `target` by the rules.

    It parses with ast and evaluates with Fraction. Every number must be one of `cards`
    (no more often than dealt); with `countdown_rules` every step is a whole number
    above 0, else (the 24 game) every step is a fraction of at least 0 and every card is
    used (docs/RULES.md). Text that does not parse as + - * / of whole numbers, or divides
    by zero, is not valid.
    """
    used = []

    def value(node):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            used.append(node.value)
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            made = _OPS[type(node.op)](value(node.left), value(node.right))
            if made < 0 or countdown_rules and (made.denominator != 1 or made == 0):
                raise ValueError("a step the rules do not allow")
            return made
        raise ValueError("not + - * / of numbers")

    try:
        made = value(ast.parse(answer, mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError, RecursionError):
        return False
    if not countdown_rules and len(used) != len(cards):
        return False
    return made == target and not Counter(used) - Counter(cards)


def _equation(rng, numbers) -> tuple:
    """(text, value) of a random equation over these numbers, in their order.

    The value is None when a step divides by zero.
    """
    if len(numbers) == 1:
        return str(numbers[0]), Fraction(numbers[0])
    cut = rng.randint(1, len(numbers) - 1)
    (a, x), (b, y) = _equation(rng, numbers[:cut]), _equation(rng, numbers[cut:])
    op = rng.choice("+-*/")
    if x is None or y is None or (op == "/" and y == 0):
        made = None
    else:
        made = {"+": x + y, "-": x - y, "*": x * y, "/": x / y if y else None}[op]
    return f"({a} {op} {b})" if rng.random() < 0.7 else f"{a}{op}{b}", made


def claims(game: str, n: int, seed: int) -> list:
    """Seeded claims {"cards", "target", "answer"} of a game's deals, `n` of them.

    `game` is "countdown" (each answer an equation over 2-6 of the dealt numbers, whose
    value becomes the target about half the time) or "game24" (every card, the simplest
    solution given as the answer about 3 times in 10); eight claims a deal, drawn with
    `seed`. A few are spoilt on purpose: a number changed (maybe to one not dealt), a
    card used once more, or the text cut short.
    """
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if game == "countdown":
            cards, target = countdown.deal(rng)
            picked = rng.sample(cards, rng.randint(2, 6))
        else:
            cards, target = game24.deal(rng)
            picked = rng.sample(cards, 4)
            answer = game24.GAME.solve(cards, limit=0, trees=False).simplest
        for _ in range(8):
            text, made = _equation(rng, rng.sample(picked, len(picked)))
            if game == "game24" and answer is not None and rng.random() < 0.3:
                text = answer.ascii
            if made is not None and made.denominator == 1 and made > 0 and \
                    rng.random() < 0.5 and game == "countdown":
                target = int(made)
            twist = rng.random()
            if twist < 0.03:
                text = text.replace(str(picked[0]), str(picked[0] + 1), 1)
            elif twist < 0.05:
                text = f"{text}+{picked[0]}"
            elif twist < 0.06:
                text = text[:-1]
            out.append({"cards": list(cards), "target": target, "answer": text})
    return out[:n]


def _rate(seconds: float, n: int) -> float:
    return n / seconds if seconds > 0 else float("inf")


def time_eureka(game, lines, workers: int) -> tuple:
    """(seconds, verdicts) of eureka's check_lines on the claims.

    `lines` are the claims as JSON lines (bytes), checked for `game` (such as
    countdown.GAME) in `workers` processes; a verdict is the reply's "valid".
    """
    start = time.perf_counter()
    out = "".join(check_lines(game, lines, workers)).splitlines()
    return time.perf_counter() - start, [json.loads(t).get("valid") for t in out]


def time_command(name: str, lines) -> float:
    """Wall seconds of `eureka check NAME --batch FILE`, start-up included.

    `name` is the game's name on the command line and `lines` the claims as JSON lines
    (bytes), written to a temporary FILE.
    """
    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as f:
        f.writelines(lines)
    try:
        start = time.perf_counter()
        subprocess.run([str(Path(sys.executable).parent / "eureka"), "check", name,
                        "--batch", f.name], check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start
    finally:
        os.unlink(f.name)


def time_plain(lines, countdown_rules: bool) -> tuple:
    """(seconds, verdicts) of the plain checker, reading and writing JSON lines too.

    `lines` are the claims as JSON lines; `countdown_rules` as for plain_check.
    """
    start = time.perf_counter()
    out = []
    for line in lines:
        c = json.loads(line)
        out.append(json.dumps({"valid": plain_check(c["answer"], c["cards"], c["target"],
                                                    countdown_rules)}))
    seconds = time.perf_counter() - start
    return seconds, [json.loads(t)["valid"] for t in out]


def reasoning_gym(name: str):
    """The score_answer of reasoning-gym's dataset `name`, or None if not installed."""
    try:
        import reasoning_gym
    except ImportError:
        return None
    return reasoning_gym.create_dataset(name, size=1, seed=1).score_answer


def time_peer(score, rows) -> tuple:
    """(seconds, verdicts) of a reasoning-gym scorer on the claims.

    `score` is a dataset's score_answer (see reasoning_gym) and `rows` the claims as
    dicts {"cards", "target", "answer"}; a verdict is True when the score is 1.
    """
    start = time.perf_counter()
    out = [score(r["answer"], {"metadata": {"numbers": r["cards"], "target": r["target"]}})
           == 1.0 for r in rows]
    return time.perf_counter() - start, out


def why(row, verdict: dict, peer_cards: int) -> str:
    """The kind of claim eureka and reasoning-gym split on, in a few words.

    `row` is the claim and `verdict` eureka's full reply to it; `peer_cards` is the
    highest card reasoning-gym's 24 game deals.
    """
    if verdict.get("valid"):
        if len(verdict["cards_used"]) < len(row["cards"]):
            return "an answer with fewer cards than dealt (Countdown allows it)"
        if max(row["cards"]) > peer_cards:
            return f"a card above {peer_cards} (reasoning-gym's 24 game deals 1-{peer_cards})"
        return "valid by the rules"
    if verdict.get("problem") == "domain":
        return "a step the rules do not allow (below 0, or not whole in Countdown)"
    if verdict.get("problem") == "wrong-result":
        return "a result near the target, truncated by int()"
    return verdict.get("problem") or "error"


def main() -> None:
    """Times the checkers on seeded claims of both games and prints what they found.

    The options are read from the command line; with --json the rates and splits are
    also written to FILE.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=200_000)
    parser.add_argument("--peer-claims", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    report = {"claims": args.claims, "cores": os.cpu_count(), "games": {}}
    for name, game, peer in (("countdown", countdown.GAME, "countdown"),
                             ("game24", game24.GAME, "puzzle24")):
        rows = claims(name, args.claims, args.seed)
        lines = [(json.dumps(r) + "\n").encode() for r in rows]
        "".join(check_lines(game, lines[:10]))          # load the kernels
        e1, verdicts = time_eureka(game, lines, 1)
        e2, _ = time_eureka(game, lines, 2)
        plain, plain_verdicts = time_plain(lines, countdown_rules=name == "countdown")
        figures = {"eureka 1 process": _rate(e1, len(rows)),
                   "eureka 2 processes": _rate(e2, len(rows)),
                   "plain ast+Fraction": _rate(plain, len(rows))}
        if name == "countdown":
            command = time_command(name, lines)
            figures["eureka check --batch (whole command)"] = _rate(command, len(rows))
        split = sum(a != b for a, b in zip(verdicts, plain_verdicts))
        print(f"{name}: {len(rows):,} claims, {sum(verdicts):,} valid; eureka and the plain "
              f"checker split on {split}")
        score = reasoning_gym(peer)
        if score is not None:
            some = rows[:args.peer_claims]
            seconds, peer_verdicts = time_peer(score, some)
            figures[f"reasoning-gym {peer}"] = _rate(seconds, len(some))
            full = [json.loads(t) for t in check_lines(game, lines[:len(some)])
                    for t in t.splitlines()]
            splits = Counter(f"eureka {'valid' if v['valid'] else 'invalid'}, "
                             f"reasoning-gym {'valid' if p else 'invalid'}: "
                             f"{why(r, v, 10)}"
                             for r, v, p in zip(some, full, peer_verdicts)
                             if v["valid"] != p)
            for kind, count in splits.most_common():
                print(f"  {count:5} of {len(some)}  {kind}")
        else:
            print("  (reasoning-gym not installed: pip install reasoning-gym)")
        for label, rate in figures.items():
            print(f"  {label:40} {rate:12,.0f} claims/s  "
                  f"{rate / figures['plain ast+Fraction']:7.2f}x plain")
        report["games"][name] = {"claims_per_s": figures, "split_with_plain": split}
    print("regressions (the right verdict, eureka, plain, reasoning-gym):")
    for what, name, cards, target, answer, right in REGRESSIONS:
        game = {"countdown": countdown.GAME, "game24": game24.GAME}[name]
        (got,) = game.check_many([(cards, target, answer)])
        score = reasoning_gym("countdown" if name == "countdown" else "puzzle24")
        peer = "-" if score is None else score(answer, {"metadata": {
            "numbers": cards, "target": target}}) == 1.0
        print(f"  {what:34} {name} {cards} -> {target}: {answer:14} right {right!s:5} "
              f"eureka {got.valid!s:5} plain "
              f"{plain_check(answer, cards, target, name == 'countdown')!s:5} "
              f"reasoning-gym {peer}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
