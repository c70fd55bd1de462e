"""Many claims judged at once: a compiled reading of verifier.py's grammar and rules.

`judge` reads a batch of claims (UTF-8 bytes, one after another) and judges each
against its cards and target as verifier.check does: the numbers written against the
cards in reading order, then every step in the order of evaluation, then the result
written after '=', then the target. It reports what it found as codes and numbers
(OUTCOMES), and the valid claim's text as verifier.describe prints it. Whatever it
cannot decide exactly it leaves to verifier.check (FALLBACK): every syntax error (whose
wording is verifier.py's), powers where they are allowed, numbers past 18 digits, values
past 2^62, bracket nesting past 60 and claims past 120 tokens. The tests compare it with
verifier.check on every outcome.
"""

import numpy as np

from eureka.jit import njit
from eureka.ops import ADD, CODES, DIVIDE, MULTIPLY, OPERATORS, POWER, SUBTRACT

FALLBACK, VALID, CARD_MISSING, CARD_TWICE, OPERATION, DIVIDE_BY_ZERO, NOT_WHOLE, \
    BELOW, CLAIMED_RESULT, WRONG_RESULT = range(10)
OUTCOMES = ("fallback", "valid", "card-missing", "card-twice", "operation",
            "division-by-zero", "not-whole", "below", "claimed-result", "wrong-result")
OPS = CODES
"""The kernel writes operation k (eureka.ops numbering) as k + 1 (0: a number)."""
DOMAINS = {"whole": 0, "positive": 1, "fraction": 2}
TOKENS = 120
NESTING = 60
DIGITS = 18
LARGEST = 2**62
ROOM, ROOM_EACH = 5, 16
"""Room for a valid claim's text: 5 bytes per byte of the claim (a '-' is printed as
' − ', five bytes) and 16 more."""
INFO = 9
"""Numbers per claim in `info`: [0] the card or operator position, [1:7] a, b and the
step's result as numerator and denominator, [7] the uses of a card written twice (or
the length of a valid claim's text), [8] how many numbers are written."""

# the kernel's byte codes for the one-character spellings (ops.SPELLINGS)
_ADD, _SUB, _MUL, _DIV, _POW = (1 + k for k in (ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER))
_PREC = np.array([0] + [OPERATORS[code].precedence for code in CODES], np.int64)
"""How tightly operation code k binds (ops.Operator.precedence); 0 for a number."""
_SIGN = (b"",) + tuple(OPERATORS[code].spaced().encode() for code in CODES)


def signs() -> tuple:
    """The operations as verifier.describe writes them between their operands (ops.spaced).

    Returns (sign, size): sign[k] holds the bytes the kernel writes for operation code k
    (0: none), size[k] how many they are.
    """
    out = np.zeros((6, max(map(len, _SIGN))), np.uint8)
    size = np.zeros(6, np.int64)
    for k, s in enumerate(_SIGN):
        out[k, :len(s)] = list(s)
        size[k] = len(s)
    return out, size


@njit(cache=True, inline="always")
def _space(c):
    """Whether the byte `c` is white space as Python's str.isspace sees an ASCII byte."""
    return c == 32 or 9 <= c <= 13 or 28 <= c <= 31


@njit(cache=True)
def _scan(text, i, end):
    """The token at byte `i` of `text`, up to `end`: (kind, code, next byte, character length).

    kind 0 end, 1 number (code: its digits), 2 operator (code 1..5), 3 '(' 4 ')' (code 0
    round, 1 square), 5 '=', -1 anything the kernel leaves to verifier.check.
    """
    c = text[i] if i < end else 0
    if i >= end:
        return 0, 0, i, 0
    if 48 <= c <= 57:
        j = i
        while j < end and 48 <= text[j] <= 57:
            j += 1
        if j < end and (text[j] == 46 or text[j] == 44):
            return -1, 0, j, 0               # decimals: verifier.py words it
        return 1, j - i, j, j - i
    if c == 43:
        return 2, _ADD, i + 1, 1
    if c == 45:
        return 2, _SUB, i + 1, 1
    if c == 42:
        if i + 1 < end and text[i + 1] == 42:
            return 2, _POW, i + 2, 2
        return 2, _MUL, i + 1, 1
    if c == 120 or c == 88:
        return 2, _MUL, i + 1, 1
    if c == 47 or c == 58:
        return 2, _DIV, i + 1, 1
    if c == 94:
        return 2, _POW, i + 1, 1
    if c == 40 or c == 91:
        return 3, 0 if c == 40 else 1, i + 1, 1
    if c == 41 or c == 93:
        return 4, 0 if c == 41 else 1, i + 1, 1
    if c == 61:
        return 5, 0, i + 1, 1
    if c == 0xC3 and i + 1 < end:
        if text[i + 1] == 0x97:
            return 2, _MUL, i + 2, 1
        if text[i + 1] == 0xB7:
            return 2, _DIV, i + 2, 1
    if c == 0xC2 and i + 1 < end and text[i + 1] == 0xB7:
        return 2, _MUL, i + 2, 1
    if c == 0xE2 and i + 2 < end and text[i + 1] == 0x88 and text[i + 2] == 0x92:
        return 2, _SUB, i + 3, 1
    if c == 0xE2 and i + 2 < end and text[i + 1] == 0x80 and text[i + 2] == 0x93:
        return 2, _SUB, i + 3, 1
    return -1, 0, i, 0


@njit(cache=True)
def _number(text, start, digits):
    """The whole number written in the `digits` bytes of `text` from `start` on."""
    value = 0
    for k in range(start, start + digits):
        value = value * 10 + (text[k] - 48)
    return value


@njit(cache=True, inline="always")
def _apply(op, at, n, n_stack, kind, pos, left, right, stack):
    """Makes node `n` the operator `op` (at character `at`) over the top two parts of `stack`.

    The node replaces them on the stack, which holds `n_stack` parts; its operator and
    position go to `kind` and `pos`, its parts to `left` and `right`.
    """
    kind[n] = op
    pos[n] = at
    right[n] = stack[n_stack - 1]
    left[n] = stack[n_stack - 2]
    stack[n_stack - 2] = n


@njit(cache=True)
def _parse(text, start, end, kind, value, pos, left, right, opstack, oppos, stack):
    """The claim `text`[`start`:`end`] as a tree in post-order; (nodes, claimed result or -1, ok).

    Node n is a number when `kind`[n] is 0 (its value in `value`[n]), else the operator of
    that code, written at character `pos`[n]; `left` and `right` hold its children's node
    indices. `opstack` and `oppos` are the operators' stack (operator codes, 0 for '(' and 9
    for '[') and their positions, `stack` the parts' node indices. ok is False for anything
    verifier.check must word or decide.
    """
    # opstack: operator codes, 0 for '(' and 9 for '['; stack: node indices
    n_ops = 0
    n_stack = 0
    n = 0
    depth = 0
    i = start
    char = 1
    want_operand = True
    claimed = -1
    while True:
        while i < end and _space(text[i]):
            i += 1
            char += 1
        k, c, j, length = _scan(text, i, end)
        if k < 0:
            return 0, -1, False
        here = char
        if want_operand:
            if k == 1:
                if c > DIGITS or n >= TOKENS:
                    return 0, -1, False
                kind[n] = 0
                value[n] = _number(text, i, c)
                pos[n] = here
                stack[n_stack] = n
                n_stack += 1
                n += 1
                want_operand = False
            elif k == 3:
                depth += 1
                if depth > NESTING or n_ops >= TOKENS:
                    return 0, -1, False
                opstack[n_ops] = 0 if c == 0 else 9
                n_ops += 1
            else:
                return 0, -1, False
        else:
            if k == 2:
                prec = _PREC[c]
                while n_ops > 0 and 1 <= opstack[n_ops - 1] <= 5:
                    top = opstack[n_ops - 1]
                    if _PREC[top] > prec or (_PREC[top] == prec and c != _POW):
                        n_ops -= 1
                        if n >= TOKENS:
                            return 0, -1, False
                        _apply(top, oppos[n_ops], n, n_stack, kind, pos, left, right,
                               stack)
                        n_stack -= 1
                        n += 1
                    else:
                        break
                if n_ops >= TOKENS:
                    return 0, -1, False
                opstack[n_ops] = c
                oppos[n_ops] = here
                n_ops += 1
                want_operand = True
            elif k == 4 or k == 5 or k == 0:
                while n_ops > 0 and 1 <= opstack[n_ops - 1] <= 5:
                    n_ops -= 1
                    if n >= TOKENS:
                        return 0, -1, False
                    _apply(opstack[n_ops], oppos[n_ops], n, n_stack, kind, pos, left,
                           right, stack)
                    n_stack -= 1
                    n += 1
                if k == 4:
                    if n_ops == 0 or opstack[n_ops - 1] != (0 if c == 0 else 9):
                        return 0, -1, False
                    n_ops -= 1
                    depth -= 1
                else:
                    if n_ops > 0:
                        return 0, -1, False      # a bracket left open
                    if k == 5:
                        i = j
                        char += length
                        while i < end and _space(text[i]):
                            i += 1
                            char += 1
                        k2, c2, j2, length2 = _scan(text, i, end)
                        if k2 != 1 or c2 > DIGITS:
                            return 0, -1, False
                        claimed = _number(text, i, c2)
                        i = j2
                        while i < end and _space(text[i]):
                            i += 1
                        if i < end:
                            return 0, -1, False
                    return n, claimed, True
            else:
                return 0, -1, False
        i = j
        char += length


@njit(cache=True, inline="always")
def _gcd(a, b):
    """The greatest common divisor of |`a`| and |`b`|."""
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a


@njit(cache=True, inline="always")
def _fits(x, y):
    """Whether `x` * `y` stays below 2^62 in magnitude."""
    return x == 0 or abs(y) <= LARGEST // abs(x)


@njit(cache=True)
def _describe(node, kind, value, left, right, out, at, sign, size):
    """Writes the tree under `node` into `out`[`at`:] as verifier.describe prints it.

    The tree is that of _parse (`kind`, `value`, `left`, `right`); `sign` and `size` are the
    operations' bytes (see signs). Returns the next free place.
    """
    if kind[node] == 0:
        v = value[node]
        if v == 0:
            out[at] = 48
            return at + 1
        digits = 0
        w = v
        while w > 0:
            w //= 10
            digits += 1
        for k in range(digits - 1, -1, -1):
            out[at + k] = 48 + v % 10
            v //= 10
        return at + digits
    op = kind[node]
    prec = _PREC[op]
    for side in range(2):
        part = left[node] if side == 0 else right[node]
        inner = _PREC[kind[part]]
        # ops.bracketed: below the operation's precedence, or at it on the side the
        # operation does not group from (^ groups from the right, the others the left)
        wrap = kind[part] != 0 and (inner < prec or (inner == prec and
                                                     (op == _POW) == (side == 0)))
        if wrap:
            out[at] = 40
            at += 1
        at = _describe(part, kind, value, left, right, out, at, sign, size)
        if wrap:
            out[at] = 41
            at += 1
        if side == 0:
            for k in range(size[op]):
                out[at] = sign[op, k]
                at += 1
    return at


def scratch():
    """The kernel's working rows (the tree, the values, the parser's stacks)."""
    return np.empty((_ROWS, TOKENS), np.int64)


_ROWS = 10
_KIND, _VALUE, _POS, _LEFT, _RIGHT, _NUM, _DEN, _OPS, _OPPOS, _STACK = range(_ROWS)


@njit(cache=True)
def judge(text, starts, ends, cards, card_starts, targets, allowed, domain, sign, size,
          outcome, info, shown, shown_starts, used, used_starts, work):
    """Judges each claim k = `text`[`starts`[k]:`ends`[k]], in order, against its cards and target.

    The cards are `cards`[`card_starts`[k]:card_starts[k + 1]] and the target `targets`[k]
    (below 0: a target past 2^62, left to verifier.check). `allowed`[k] tells whether
    operation k is allowed, `domain` numbers the domain as DOMAINS does, and `sign` and
    `size` are signs(). Writes `outcome`[k] (OUTCOMES), `info`[k] (INFO), and for a valid
    claim its text in `shown`[`shown_starts`[k]:shown_starts[k] + info[k, 7]] (room: ROOM).
    The value made is info[k, 5:7] for a valid claim and a wrong or wrongly claimed result;
    the numbers written, ascending, are `used`[`used_starts`[k]:used_starts[k + 1]] (room:
    the bytes of the claims and one per claim). `work`: scratch().
    """
    for k in range(len(starts)):
        shown_starts[k + 1] = shown_starts[k] + ROOM * (ends[k] - starts[k]) + ROOM_EACH
        outcome[k] = judge_one(text, starts[k], ends[k], cards, card_starts[k],
                               card_starts[k + 1], targets[k], allowed, domain, sign,
                               size, info[k], shown, shown_starts[k], used,
                               used_starts[k], work)
        used_starts[k + 1] = used_starts[k] + info[k, 8]


@njit(cache=True)
def judge_one(text, start, end, cards, c0, c1, target, allowed, domain, sign, size, info,
              shown, at, used, used_at, work):
    """The outcome of one claim, `text`[`start`:`end`], judged against `cards`[`c0`:`c1`].

    The claim must make `target`. `info`, `shown`[`at`:] and `used`[`used_at`:] are written
    as judge describes; `allowed`, `domain`, `sign`, `size` and `work` are judge's.
    """
    kind, value, pos, left, right = work[_KIND], work[_VALUE], work[_POS], work[_LEFT], \
        work[_RIGHT]
    num, den = work[_NUM], work[_DEN]
    lowest = 1 if domain == 1 else 0
    info[:] = 0
    if target < 0:
        return FALLBACK
    n, claimed, ok = _parse(text, start, end, kind, value, pos, left, right, work[_OPS],
                            work[_OPPOS], work[_STACK])
    if not ok or n == 0:
        return FALLBACK
    # the numbers written, ascending
    m = 0
    for a in range(n):
        if kind[a] == 0:
            v = value[a]
            b = m
            while b > 0 and used[used_at + b - 1] > v:
                used[used_at + b] = used[used_at + b - 1]
                b -= 1
            used[used_at + b] = v
            m += 1
    # every number written is a card, used no more often than dealt
    for a in range(n):
        if kind[a] != 0:
            continue
        v = value[a]
        held = 0
        for c in range(c0, c1):
            held += cards[c] == v
        seen = 0
        for b in range(a + 1):
            seen += kind[b] == 0 and value[b] == v
        if seen > held:
            uses = 0
            for b in range(n):
                uses += kind[b] == 0 and value[b] == v
            info[0], info[1], info[7], info[8] = v, held, uses, m
            return CARD_MISSING if held == 0 else CARD_TWICE
    info[8] = m
    # every step, in the order of evaluation
    for a in range(n):
        op = kind[a]
        if op == 0:
            num[a] = value[a]
            den[a] = 1
            continue
        if not allowed[op - 1]:
            info[0], info[1] = pos[a], op
            return OPERATION
        if op == _POW:
            return _fallback(info)                 # powers: verifier.check decides
        an, ad, bn, bd = num[left[a]], den[left[a]], num[right[a]], den[right[a]]
        info[0], info[1], info[2], info[3], info[4] = pos[a], an, ad, bn, bd
        if op == _ADD or op == _SUB:
            if not (_fits(an, bd) and _fits(bn, ad) and _fits(ad, bd)):
                return _fallback(info)
            x, y = an * bd, bn * ad
            rn, rd = (x + y if op == _ADD else x - y), ad * bd
        elif op == _MUL:
            if not (_fits(an, bn) and _fits(ad, bd)):
                return _fallback(info)
            rn, rd = an * bn, ad * bd
        else:
            if bn == 0:
                return DIVIDE_BY_ZERO
            if not (_fits(an, bd) and _fits(ad, bn)):
                return _fallback(info)
            rn, rd = an * bd, ad * bn
            if rd < 0:
                rn, rd = -rn, -rd
            if rn % rd != 0 and domain != 2:
                return NOT_WHOLE
        g = _gcd(rn, rd)
        rn, rd = rn // g, rd // g
        if abs(rn) >= LARGEST or rd >= LARGEST:
            return _fallback(info)
        num[a], den[a] = rn, rd
        if rn < lowest * rd:
            info[5], info[6], info[7] = rn, rd, op
            return BELOW
    root = n - 1
    info[0], info[1], info[2], info[3], info[4] = 0, 0, 0, 0, 0
    info[5], info[6] = num[root], den[root]
    if claimed >= 0 and not (den[root] == 1 and num[root] == claimed):
        info[1] = claimed
        return CLAIMED_RESULT
    if not (den[root] == 1 and num[root] == target):
        return WRONG_RESULT
    info[7] = _describe(root, kind, value, left, right, shown, at, sign, size) - at
    return VALID


@njit(cache=True)
def _fallback(info):
    """Clears the claim's `info` and returns FALLBACK: verifier.check decides."""
    info[:] = 0
    return FALLBACK
