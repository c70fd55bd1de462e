"""A slow reference for games that use every card: take any two numbers, replace them
by what an operation makes of them, until one number is left (Python fractions)."""

from fractions import Fraction


def results(a, b, fractions: bool) -> set:
    """What + − × ÷ make of a and b, never below 0; whole numbers only unless
    `fractions`."""
    out = {a + b, abs(a - b), a * b}
    for x, y in ((a, b), (b, a)):
        if y and (fractions or x % y == 0):
            out.add(Fraction(x, y) if fractions else x // y)
    return out


def makes(numbers, target, fractions: bool = True) -> bool:
    """Whether all the numbers together make target."""
    numbers = [Fraction(n) if fractions else n for n in numbers]
    if len(numbers) == 1:
        return numbers[0] == target
    for i in range(len(numbers)):
        for j in range(i + 1, len(numbers)):
            rest = numbers[:i] + numbers[i + 1:j] + numbers[j + 1:]
            for r in results(numbers[i], numbers[j], fractions):
                if makes(rest + [r], target, fractions):
                    return True
    return False
