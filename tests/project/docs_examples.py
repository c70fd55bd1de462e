"""The `$ command` examples of the Markdown docs: found, run and compared with the output
shown under them.

In a fenced code block, a line `$ eureka ...` or `$ solve ...` is an example; the lines
after it, up to the next `$` line or the end of the block, are its output. A shown line
`...` stands for any number of lines, and a line ending in `...` for any line starting with
the text before it; an example with no line under it shows no output (it must still run).
A block preceded by `<!-- docs-test: skip (reason) -->` is not run.
"""

import difflib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^(\s*)(```|~~~)")
SKIP = re.compile(r"<!--\s*docs-test:\s*skip\s*\((.+)\)\s*-->")
PROGRAMS = ("eureka", "solve")


@dataclass(frozen=True)
class Example:
    """One `$ command` of a doc, with the output shown under it."""

    doc: str
    line: int
    command: str
    shown: tuple
    skip: str | None = None     # the reason, for a block marked skip

    @property
    def words(self) -> list:
        return shlex.split(self.command)

    def allowed_exit(self) -> int:
        """0; 2 for an example shown failing with `error:`; 1 for a `check` shown
        invalid."""
        if self.shown and self.shown[0].startswith("error:"):
            return 2
        words = self.words
        if "check" in words[:2] and any(s.lstrip().startswith("invalid") for s in self.shown):
            return 1
        return 0

    def __str__(self):
        return f"{self.doc}:{self.line}: $ {self.command}"


def examples(path: Path, name: str) -> list:
    """Every example in the Markdown file `path` (named `name` in reports)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, mark = len(fence.group(1)), fence.group(2)
        before = next((s for s in reversed(lines[:i]) if s.strip()), "")
        skip = SKIP.search(before)
        end = next((j for j in range(i + 1, len(lines))
                    if lines[j].strip().startswith(mark)), len(lines))
        body = [s[indent:] if not s[:indent].strip() else s.lstrip() for s in lines[i + 1:end]]
        found += _block(body, name, i + 2, skip.group(1) if skip else None)
        i = end + 1
    return found


def _block(body, name, first_line, skip) -> list:
    found, current = [], None
    for n, text in enumerate(body, first_line):
        if text.startswith("$ "):
            current = [n, text[2:].strip(), []]
            found.append(current)
        elif current:
            current[2].append(text.rstrip())
    out = []
    for n, command, shown in found:
        while shown and not shown[-1]:
            shown.pop()
        out.append(Example(name, n, command, tuple(shown), skip))
    return out


def matches(shown, actual) -> bool:
    """Whether the output lines `actual` fit the shown lines, with their elisions."""
    actual = [a.rstrip() for a in actual]
    while actual and not actual[-1]:
        actual.pop()
    memo = {}

    def fit(i, j):
        if (i, j) not in memo:
            memo[i, j] = _fit(i, j)
        return memo[i, j]

    def _fit(i, j):
        if i == len(shown):
            return j == len(actual)
        pattern = shown[i]
        if pattern.strip() == "...":
            return fit(i + 1, j) or (j < len(actual) and fit(i, j + 1))
        if j == len(actual):
            return False
        line = actual[j]
        if pattern.endswith("..."):
            ok = line.startswith(pattern[:-3]) or line == pattern[:-3].rstrip()
        else:
            ok = line == pattern
        return ok and fit(i + 1, j + 1)

    return fit(0, 0)


def difference(shown, actual) -> str:
    """The shown lines against the printed ones, as a diff (an elision shows as a
    difference too)."""
    return "\n".join(difflib.unified_diff(list(shown), [a.rstrip() for a in actual],
                                           "shown", "printed", lineterm="", n=2))
