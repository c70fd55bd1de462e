"""A player's claimed equation, read and judged against the table.

This module is the independent verifier: it shares no code with the search
engine (engine, kernels, normal_form), so an equation the solver prints can be
re-checked here from its text alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import NoReturn, Sequence, Union

from eureka.errors import ClaimSyntaxError, HandError
from eureka.numbers.rules import Rules
from eureka.ops import SPELLINGS, bracketed, sign, spaced

_OPEN = {"(": ")", "[": "]"}
_CLOSE = {")": "(", "]": "["}
_DIGITS = "0123456789"
_MAX_DIGITS = 1000          # longer numbers are refused rather than converted
_MAX_NESTING = 100          # deeper bracket nesting is refused (recursion guard)
LONGEST_ANSWER = 4096
"""The most characters of a claim that are read (a long answer with spaces needs a few
hundred): one that goes on is refused where it does, as its tree would take memory in
proportion."""


@dataclass(frozen=True)
class Num:
    """A number written in the claim; `pos` is its 1-based position."""

    value: int
    pos: int


@dataclass(frozen=True)
class BinOp:
    """An operation on two sub-expressions; `pos` is the operator's 1-based position."""

    op: str
    left: "Node"
    right: "Node"
    pos: int


Node = Union[Num, BinOp]


@dataclass(frozen=True)
class Judgement:
    """The outcome of checking a claim: valid or not, why, and what it computes."""

    valid: bool
    problem: str | None
    reason: str
    value: int | None
    cards_used: tuple[int, ...]


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    kind: str       # "num", "op", "open", "close", "eq", "end"
    text: str       # canonical operator / bracket character, or the digits
    pos: int        # 1-based


class _Parser:
    """Recursive descent over a lazily scanned token stream.

    Tokens are scanned one at a time, just before they are needed, so the
    first problem in reading order is the one reported.
    """

    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.depth = 0
        self.tok = self._scan()

    # -- scanning ----------------------------------------------------------

    def _scan(self) -> _Token:
        text, n = self.text, len(self.text)
        i = self.i
        while i < n and text[i].isspace():
            i += 1
        if i == n:
            self.i = i
            return _Token("end", "", n + 1)
        if i >= LONGEST_ANSWER:
            raise ClaimSyntaxError(f"an answer longer than {LONGEST_ANSWER:,} characters",
                                   i + 1)
        c, pos = text[i], i + 1
        if c in _DIGITS:
            j = i
            while j < n and text[j] in _DIGITS:
                j += 1
            if j < n and text[j] in ".," and j + 1 < n and text[j + 1] in _DIGITS:
                k = j + 1
                while k < n and text[k] in _DIGITS:
                    k += 1
                raise ClaimSyntaxError(
                    f"only whole numbers can be written, not '{text[i:k]}'", pos)
            if j - i > _MAX_DIGITS:
                raise ClaimSyntaxError(f"a number longer than {_MAX_DIGITS} digits", pos)
            self.i = j
            return _Token("num", text[i:j], pos)
        if c == "*" and i + 1 < n and text[i + 1] == "*":
            self.i = i + 2
            return _Token("op", "^", pos)
        if c in SPELLINGS:       # ('**' for ^, two characters, is read above)
            self.i = i + 1
            return _Token("op", SPELLINGS[c], pos)
        if c in _OPEN:
            self.i = i + 1
            return _Token("open", c, pos)
        if c in _CLOSE:
            self.i = i + 1
            return _Token("close", c, pos)
        if c == "=":
            self.i = i + 1
            return _Token("eq", c, pos)
        if c == "." and i + 1 < n and text[i + 1] in _DIGITS:
            raise ClaimSyntaxError("only whole numbers can be written, not decimals", pos)
        raise ClaimSyntaxError(f"unknown character {c!r}", pos)

    def _advance(self) -> _Token:
        tok = self.tok
        self.tok = self._scan()
        return tok

    # -- grammar -------------------------------------------------------------

    def claim(self) -> tuple[Node, int | None]:
        if self.tok.kind == "end":
            raise ClaimSyntaxError("empty claim", 1)
        tree = self.expr()
        claimed = None
        if self.tok.kind == "eq":
            self._advance()
            if self.tok.kind != "num":
                self._no_atom_here(after="after '='")
            claimed = int(self._advance().text)
        if self.tok.kind != "end":
            self._unexpected(after_result=claimed is not None)
        return tree, claimed

    def expr(self) -> Node:
        return self._left_chain("+-", self.term)

    def term(self) -> Node:
        return self._left_chain("*/", self.power)

    def _left_chain(self, ops: str, operand) -> Node:
        """The chain operand (op operand)*, grouped from the left, for the operators in ops."""
        node = operand()
        while self.tok.kind == "op" and self.tok.text in ops:
            op = self._advance()
            node = BinOp(op.text, node, operand(), op.pos)
        return node

    def power(self) -> Node:
        # Collect the chain a ^ b ^ c ... then fold from the right, so that
        # long chains do not recurse.
        operands = [self.atom()]
        carets = []
        while self.tok.kind == "op" and self.tok.text == "^":
            carets.append(self._advance().pos)
            operands.append(self.atom())
        node = operands[-1]
        for k in range(len(carets) - 1, -1, -1):
            node = BinOp("^", operands[k], node, carets[k])
        return node

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind == "num":
            self._advance()
            return Num(int(tok.text), tok.pos)
        if tok.kind == "open":
            self._advance()
            self.depth += 1
            if self.depth > _MAX_NESTING:
                raise ClaimSyntaxError(
                    f"brackets nested more than {_MAX_NESTING} deep", tok.pos)
            inner = self.expr()
            close = self.tok
            if close.kind == "close":
                if close.text != _OPEN[tok.text]:
                    raise ClaimSyntaxError(
                        f"expected {_OPEN[tok.text]!r} to close the {tok.text!r} at "
                        f"position {tok.pos}, found {close.text!r}", close.pos)
                self._advance()
                self.depth -= 1
                return inner
            if close.kind in ("num", "open"):
                self._unexpected(after_result=False)
            raise ClaimSyntaxError(f"missing {_OPEN[tok.text]!r} for the {tok.text!r}",
                                   tok.pos)
        self._no_atom_here()

    # -- errors ----------------------------------------------------------------

    def _no_atom_here(self, after: str = "") -> NoReturn:
        """Raise the error for a token found where a number had to be."""
        tok = self.tok
        if tok.kind == "op" and tok.text == "-":
            raise ClaimSyntaxError("negative numbers cannot be written", tok.pos)
        if tok.kind == "op" and tok.text == "+":
            raise ClaimSyntaxError("a sign cannot be written before a number", tok.pos)
        if after:
            raise ClaimSyntaxError(f"a number was expected {after}", tok.pos)
        raise ClaimSyntaxError("a number or '(' was expected", tok.pos)

    def _unexpected(self, after_result: bool) -> NoReturn:
        """Raise the error for a token found where an operator or the end had to be."""
        tok = self.tok
        if after_result:
            raise ClaimSyntaxError("nothing may follow the result after '='", tok.pos)
        if tok.kind == "num":
            raise ClaimSyntaxError("an operator was expected before this number", tok.pos)
        if tok.kind == "open":
            raise ClaimSyntaxError(
                f"an operator was expected before {tok.text!r} "
                "(write multiplication explicitly)", tok.pos)
        if tok.kind == "eq":
            raise ClaimSyntaxError("unexpected '='", tok.pos)
        raise ClaimSyntaxError(f"unexpected {tok.text!r}", tok.pos)


def parse(text: str) -> tuple[Node, int | None]:
    """The expression tree of the claim `text` and its claimed result after '= N' (else None).

    Raises ClaimSyntaxError, at the first problem in reading order, for a text that cannot
    be read.
    """
    return _Parser(text).claim()


# --------------------------------------------------------------------------
# Printing
# --------------------------------------------------------------------------

def _show(n: int) -> str:
    """An integer as people read it, with a real minus sign."""
    return f"{sign('-')}{-n}" if n < 0 else str(n)


def describe(node: Node) -> str:
    """The tree `node` in infix, with unicode signs and only the brackets its shape needs.

    Brackets as ops.bracketed places them.
    """
    if isinstance(node, Num):
        return _show(node.value)
    left, right = describe(node.left), describe(node.right)
    if isinstance(node.left, BinOp) and bracketed(node.op, node.left.op, right=False):
        left = f"({left})"
    if isinstance(node.right, BinOp) and bracketed(node.op, node.right.op, right=True):
        right = f"({right})"
    return left + spaced(node.op) + right


# --------------------------------------------------------------------------
# Checking
# --------------------------------------------------------------------------

class _StepFailed(Exception):
    """One evaluation step broke the rules: carries the problem code and message."""

    def __init__(self, problem: str, reason: str):
        super().__init__(reason)
        self.problem = problem
        self.reason = reason


def _numbers(node: Node) -> list[int]:
    """The numbers in the tree in reading (left to right) order."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Num):
            out.append(n.value)
        else:
            stack.append(n.right)
            stack.append(n.left)
    return out


def _show_cap(cap: int) -> str:
    """The cap, as a power of ten when it is one."""
    digits = str(cap)
    if len(digits) > 2 and digits == "1" + "0" * (len(digits) - 1):
        return f"10^{len(digits) - 1}"
    return digits


def _power(a: int, b: int, pos: int, rules: Rules) -> int:
    """The power a^b for a, b >= 0, refusing 0^0 and results above the cap without building them."""
    where = f"(at position {pos})"
    if a == 0 and b == 0:
        raise _StepFailed("domain", f"0^0 is not defined {where}")
    if b == 0 or a == 1:
        return 1
    if a == 0:
        return 0
    # a >= 2, b >= 1: 2^((bits(a)-1)*b) <= a^b < 2^(bits(a)*b).
    if (a.bit_length() - 1) * b >= rules.cap.bit_length():
        result = None                       # certainly above the cap
    else:
        result = a ** b                     # at most about 2^(2*bits(cap))
    if result is None or result > rules.cap:
        raise _StepFailed(
            "too-large",
            f"{_show(a)}^{_show(b)} exceeds the largest value the solver forms "
            f"(cap {_show_cap(rules.cap)})")
    return result


def _evaluate(node: Node, rules: Rules) -> int:
    """The tree's value, bottom-up and left first, stopping at the first illegal step."""
    if isinstance(node, Num):
        return node.value
    a = _evaluate(node.left, rules)
    b = _evaluate(node.right, rules)
    op = node.op
    if op not in rules.ops:
        raise _StepFailed("operation", not_allowed(op, node.pos))
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op == "/":
        if b == 0:
            raise _StepFailed("domain", division_by_zero(a, node.pos))
        if a % b == 0:
            r = a // b
        elif rules.domain == "fraction":
            r = Fraction(a, b)
        else:
            raise _StepFailed("domain", not_whole(a, b, node.pos))
    else:
        r = _power(a, b, node.pos, rules)
    if isinstance(r, Fraction) and r.denominator == 1:
        r = r.numerator                      # a whole value stays an int
    if r < rules.lowest:
        raise _StepFailed("domain", below_lowest(a, op, b, r, node.pos, rules.domain))
    return r


# The wording of every verdict, shared with the batch checker (batch.py), which finds
# the same facts by its own kernel.

def not_allowed(op: str, pos: int) -> str:
    """The verdict on the operation `op`, at position `pos`, when the game does not allow it."""
    return f"{sign(op)} is not allowed in this game (at position {pos})"


def division_by_zero(a, pos: int) -> str:
    """The verdict on `a` ÷ 0, the division at position `pos`."""
    return f"division by zero: {_show(a)} {sign('/')} 0 (at position {pos})"


def not_whole(a, b, pos: int) -> str:
    """The verdict on `a` ÷ `b`, at position `pos`, when the quotient is not a whole number."""
    return f"{_show(a)} {sign('/')} {_show(b)} is not a whole number (at position {pos})"


def below_lowest(a, op: str, b, r, pos: int, domain: str) -> str:
    """The verdict on a step whose result `r` falls below the numbers of the `domain`.

    The step is `a` `op` `b` = r, its operator at position `pos`.
    """
    step = (f"{_show(a)}^{_show(b)} = {_show(r)}" if op == "^" else
            f"{_show(a)} {sign(op)} {_show(b)} = {_show(r)}")
    where = f"(at position {pos})"
    if domain == "positive":
        return f"{step} is not positive {where}"
    if domain == "fraction":
        return f"{step} is below 0 {where}"
    return f"{step} leaves the whole numbers {where}"


def missing_card(n, hand) -> str:
    """The verdict on the number `n` written but not on the table (the cards `hand`)."""
    return f"{_show(n)} is not on the table (cards: {' '.join(_show(c) for c in hand)})"


def card_twice(n, uses: int, held: int) -> str:
    """The verdict on the card `n` written `uses` times when the table holds only `held`."""
    return f"{_show(n)} is used {uses} times but the table has only {held}"


def claimed_otherwise(value, claimed) -> str:
    """The verdict on an equation making `value` but claiming '= `claimed`'."""
    return f"the equation makes {_show(value)}, not {_show(claimed)} as written"


def wrong_result(value, target) -> str:
    """The verdict on an equation making `value`, not the `target`."""
    return f"the equation makes {_show(value)}, not {_show(target)}"


def valid_reason(text: str, value) -> str:
    """The verdict on a valid claim: 'valid: 7 × 6 − 12 + 2 = 32'.

    `text` is the claim as describe() prints it, `value` what it makes.
    """
    return f"valid: {text} = {_show(value)}"


def check_table(cards: Sequence[int], rules: Rules) -> list[int]:
    """The `cards` as ints, refusing anything the game could not deal under `rules`.

    Raises HandError for a card that is not a whole number or is outside the rules' numbers.
    """
    hand = []
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int):
            raise HandError(f"card {c!r} is not a whole number")
        if not rules.lowest <= c <= rules.cap:
            raise HandError(f"card {c} is outside the numbers this game allows "
                            f"({rules.lowest} to {rules.cap})")
        hand.append(c)
    return hand


def check(text: str, cards: Sequence[int], target: int, rules: Rules) -> Judgement:
    """The claimed equation `text` judged against the `cards` on the table, `target` and `rules`.

    Returns a Judgement: valid, or the first problem found (a card not dealt or used too
    often, then a step the rules refuse, then a claimed or actual result that is wrong).
    Raises ClaimSyntaxError when the text cannot be parsed, and HandError when a card is
    not a number the game allows or the target is not a number.
    """
    hand = check_table(cards, rules)
    if isinstance(target, bool) or not isinstance(target, (int, Fraction)):
        raise HandError(f"target {target!r} is not a number")
    tree, claimed = parse(text)
    written = _numbers(tree)
    used = tuple(sorted(written))

    def refuse(problem: str, reason: str, value: int | None = None) -> Judgement:
        return Judgement(False, problem, reason, value, used)

    # Every number written must be a card, used no more often than dealt.
    available, uses, seen = Counter(hand), Counter(written), Counter()
    for n in written:
        seen[n] += 1
        if seen[n] > available[n]:
            if available[n] == 0:
                return refuse("card-missing", missing_card(n, hand))
            return refuse("card-twice", card_twice(n, uses[n], available[n]))

    try:
        value = _evaluate(tree, rules)
    except _StepFailed as failed:
        return refuse(failed.problem, failed.reason)

    if claimed is not None and claimed != value:
        return refuse("claimed-result", claimed_otherwise(value, claimed), value)
    if value != target:
        return refuse("wrong-result", wrong_result(value, target), value)
    return Judgement(True, None, valid_reason(describe(tree), value), value, used)
