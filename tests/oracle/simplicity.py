"""The slow reference for how simple an equation is: its printed text read by Python's
own parser, each operation worked out with exact fractions as Python evaluates it (left
to right, brackets first), no form looked at. The weights are the documented ones."""

import ast
from collections import Counter
from fractions import Fraction

from eureka.numbers.simplicity import BRACKETS, DIGIT, FRACTION, OPERATION

_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^"}


def worked(ascii_text: str) -> tuple:
    """(the operations counted by sign, every intermediate result, the cards) of an
    equation written in ASCII ('(15 + 7 + 6 - 12) * 2')."""
    ops, results, cards = Counter(), [], []

    def value(node):
        if isinstance(node, ast.Constant):
            cards.append(node.value)
            return Fraction(node.value)
        a, b = value(node.left), value(node.right)
        op = _OPS[type(node.op)]
        ops[op] += 1
        result = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                  "/": lambda: a / b, "^": lambda: a ** b}[op]()
        results.append(result)
        return result

    value(ast.parse(ascii_text.replace("^", "**"), mode="eval").body)
    return ops, results, cards


def cost(ascii_text: str) -> float:
    """The cost simplicity.cost gives, from the text alone."""
    ops, results, cards = worked(ascii_text)
    fractions = sum(r.denominator != 1 for r in results)
    largest = max([abs(r) for r in results] + cards)
    digits = len(str(int(largest)))
    return (sum(OPERATION[op] * n for op, n in ops.items())
            + BRACKETS * ascii_text.count("(") + FRACTION * fractions
            + DIGIT * max(0, digits - 2))
