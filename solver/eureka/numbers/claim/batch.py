"""Claims checked in bulk: one verdict for each claim, in the order given.

`judge` judges claims (cards, target, answer) exactly as NumbersGame.check does
without the search for a better answer. Claims are judged a chunk at a time by the
compiled kernel (kernel.py); whatever it leaves open, verifier.check decides. An
answer that cannot be read is a verdict (problem 'malformed'), never an error.
`check_lines` does the same for JSON lines (`{"cards": [...], "target": N, "answer":
"..."}`): the compiled reader (reader.py) reads the lines of the common shape, the
Python reading here every other line, reporting a line that cannot be read with its
number; the chunks are spread over worker processes. Memory does not grow with the
input: a few chunks are in flight at a time, each of at most CHUNK lines and about
CHUNK_BYTES, and `read_lines` keeps no more of a line than LONGEST_LINE bytes.
"""

import json
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, islice
from typing import Any, ClassVar

import numpy as np

from eureka.contract import Result, json_of
from eureka.errors import ClaimSyntaxError, EurekaError
from eureka.numbers.claim import kernel, reader, verifier
from eureka.text import MOST_BYTES

CHUNK = 4096
"""Claims judged by one call of the kernel (and sent to a worker at a time)."""
CHUNK_BYTES = 4 * 2**20
"""A chunk ends early once its lines hold this many bytes (long lines: fewer of them)."""
LONGEST_LINE = 2**16
"""The longest line judged, in bytes, its end of line included: room for the cards, the
target and an answer of verifier.LONGEST_ANSWER characters, escaped; a longer line gets an
error."""
IN_FLIGHT = 2
"""Chunks queued per worker: enough to keep it busy, few enough to bound memory."""
_HANDS_KEPT = 4096
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_STRING = json.encoder.encode_basestring
_BOM = "\ufeff"


@dataclass(frozen=True)
class ClaimLine(Result):
    """The verdict on one claim of a batch, or why its line cannot be read.

    `line` is its place in the input, from 1; the other fields are those of a single check;
    for a line that cannot be read, `error` says why.
    """

    schema: ClassVar[str] = "eureka.check.line/1"
    line: int
    valid: bool = False
    problem: str | None = None
    reason: str = ""
    value: Any = None
    cards_used: tuple = ()
    error: str | None = None

    @property
    def card_count(self) -> int:
        """Cards the claim earns (0 when invalid)."""
        return len(self.cards_used) if self.valid else 0

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the line and its verdict, or its error."""
        if self.error is not None:
            return {"line": self.line, "error": self.error}
        return {"line": self.line, "valid": self.valid, "problem": self.problem,
                "reason": self.reason, "value": json_of(self.value),
                "cards_used": list(self.cards_used), "card_count": self.card_count}

    def line_text(self) -> str:
        """The JSON line of to_json(), written directly (a batch writes millions)."""
        if self.error is not None:
            return _ENCODE(self.to_json()) + "\n"
        return _line_text(self.line, self.valid, self.problem, self.reason, self.value,
                          self.cards_used)


def _line_text(line, valid, problem, reason, value, cards_used) -> str:
    """A verdict's JSON line from its fields (ClaimLine's, in order).

    Encoded as ClaimLine.to_json() encodes it; the tests compare the two.
    """
    value = "null" if value is None else str(value) if type(value) is int else f'"{value}"'
    problem = "null" if problem is None else f'"{problem}"'
    return (f'{{"schema": "{ClaimLine.schema}", "line": {line}, "valid": '
            f'{"true" if valid else "false"}, "problem": {problem}, "reason": '
            f'{_STRING(reason)}, "value": {value}, "cards_used": '
            f'[{", ".join(map(str, cards_used))}], "card_count": '
            f'{len(cards_used) if valid else 0}}}\n')


def judge(game, claims, first_line: int = 1):
    """Each claim judged, in order, as it is reached: a ClaimLine for each.

    `claims` are (cards, target, answer) triples or dicts with those keys (the target may be
    left out where the `game` has its own). Yields a ClaimLine for each, numbered from
    `first_line`; a claim whose cards or target the game refuses gets `error`.
    """
    hands = _Hands(game)
    items = (_item(hands, first_line + k, c) for k, c in enumerate(claims))
    while chunk := list(islice(items, CHUNK)):
        yield from _judged(game, chunk)


def read_lines(stream, name: str):
    """The lines of a binary `stream` (a file, standard input), for check_lines.

    Each line whole up to LONGEST_LINE bytes; of a longer one only its first LONGEST_LINE +
    1 bytes, the rest read past, so that check_lines refuses it. Raises EurekaError (naming
    the stream `name`) when the stream cannot be read, or holds a line longer than
    eureka.text.MOST_BYTES (no end in sight: /dev/zero).
    """
    try:
        while line := stream.readline(LONGEST_LINE + 1):
            rest, size = line, len(line)
            while len(rest) > LONGEST_LINE and not rest.endswith(b"\n"):
                if size > MOST_BYTES:
                    raise EurekaError(f"cannot read {name}: a line longer than "
                                      f"{MOST_BYTES // 2**20} MB")
                rest = stream.readline(LONGEST_LINE + 1)
                size += len(rest)
            yield line
    except OSError as e:
        raise EurekaError(f"cannot read {name}: {e.strerror}") from None


def check_lines(game, lines, workers: int = 1, first_line: int = 1):
    """The JSON text of the verdicts on JSON lines of claims, a chunk at a time, in input order.

    `lines` are bytes (UTF-8, as read_lines reads them from a binary file) or str, judged
    for `game`; they are numbered from `first_line`. Blank lines are skipped (but counted),
    a line longer than LONGEST_LINE bytes gets an error. With `workers` > 1, the chunks
    after the first are judged in that many processes at most, no more than there are
    chunks (forked once the kernel is loaded, so they start at once).
    """
    chunks = _chunks(lines, first_line)
    for first, chunk in islice(chunks, 1):
        yield _chunk_text(game, first, chunk)
    if workers <= 1:
        for first, chunk in chunks:
            yield _chunk_text(game, first, chunk)
        return
    ahead = list(islice(chunks, IN_FLIGHT * workers))
    if not ahead:
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(min(workers, len(ahead))) as pool:
        waiting = deque(pool.submit(_chunk_text, game, *chunk) for chunk in ahead)
        for chunk in chunks:
            yield waiting.popleft().result()
            waiting.append(pool.submit(_chunk_text, game, *chunk))
        while waiting:
            yield waiting.popleft().result()


def _chunks(lines, first_line: int):
    """The chunks of the lines as (first line number, lines): CHUNK lines, or fewer.

    A chunk ends early once its lines hold CHUNK_BYTES.
    """
    chunk, size, first = [], 0, first_line
    for line in lines:
        chunk.append(line)
        size += len(line)
        if len(chunk) == CHUNK or size >= CHUNK_BYTES:
            yield first, chunk
            first += len(chunk)
            chunk, size = [], 0
    if chunk:
        yield first, chunk


def _chunk_text(game, first: int, lines: list) -> str:
    """The verdicts' JSON lines for one chunk of input lines (run in a worker).

    The lines of the common shape are read by the compiled reader, the others by _read.
    """
    raw = [t if isinstance(t, bytes) else t.encode("utf-8", "surrogatepass")
           for t in lines]
    buf = b"".join(raw)
    starts = _offsets(map(len, raw))
    n = len(raw)
    status = np.empty(n, np.int64)
    cards = np.empty(reader.room(len(buf), n), np.int64)
    card_starts = np.zeros(n + 1, np.int64)
    targets = np.empty(n, np.int64)
    answer_starts, answer_ends = np.zeros(n, np.int64), np.zeros(n, np.int64)
    text = np.frombuffer(buf, np.uint8)
    reader.read(text, starts, *reader.game_limits(game), status, cards, card_starts,
                     targets, answer_starts, answer_ends)
    counts = np.diff(card_starts)
    refused = np.diff(starts) > LONGEST_LINE                  # _read says why
    if game.most_cards is not None:         # the compiled reader knows exact sizes only
        refused |= counts > game.most_cards
    status[refused] = reader.SLOW
    fast = np.flatnonzero(status == reader.FAST)
    written = _Written(game, text, answer_starts[fast], answer_ends[fast],
                       cards[:card_starts[-1]][np.repeat(status == reader.FAST, counts)],
                       _offsets(counts[fast]), targets[fast])
    out, slow = [], []
    k = 0
    for at, how in enumerate(status.tolist()):
        if how == reader.FAST:
            out.append(_line_text(*written.fields(k, first + at, buf)))
            k += 1
        elif how == reader.SLOW:
            slow.append((len(out), first + at, raw[at]))
            out.append("")
    hands = _Hands(game)
    items = [(place, _item(hands, line, _read(data, line))) for place, line, data in slow]
    items = [(place, it) for place, it in items if it is not None]
    for (place, _), verdict in zip(items, _judged(game, [it for _, it in items])):
        out[place] = verdict.line_text()
    return "".join(out)


def _offsets(sizes) -> np.ndarray:
    out = np.zeros(1, np.int64)
    return np.append(out, np.cumsum(np.fromiter(sizes, np.int64)))


def _read(data: bytes, line: int):
    """What _parsed makes of a line, or the reason it is not read: too long."""
    if len(data) > LONGEST_LINE:
        return f"a line longer than {LONGEST_LINE:,} bytes"
    return _parsed(_decoded(data, line))


def _decoded(data: bytes, line: int) -> str:
    """A line's text from UTF-8, bytes that are not UTF-8 replaced, a BOM on line 1 dropped."""
    text = data.decode("utf-8", "replace")
    return text.removeprefix(_BOM) if line == 1 else text


def _parsed(text: str):
    """A line's claim (a dict), the reason it cannot be read (a str), or None for a blank line."""
    if not text.strip():
        return None
    try:
        found = json.loads(text)
    except ValueError as e:
        return f"not a JSON object: {e}"
    except RecursionError:
        return "not a JSON object: nested too deeply"
    return found if isinstance(found, dict) else "not a JSON object"


class _Hands:
    """The game's hand check, remembered for hands seen again.

    A batch often holds many answers to one puzzle.
    """

    def __init__(self, game):
        self.game = game
        self.known = {}

    def __call__(self, cards):
        if not isinstance(cards, (list, tuple)) or \
                not all(type(c) is int for c in cards):     # (True, 2) == (1, 2) as keys
            raise EurekaError(f"the cards must be a list of whole numbers, got {cards!r}")
        key = tuple(cards)
        found = self.known.get(key)
        if found is None:
            try:
                found = verifier.check_table(self.game.hand(cards), self.game.rules)
            except EurekaError as e:
                found = e
            if len(self.known) >= _HANDS_KEPT:
                self.known.clear()
            self.known[key] = found
        if isinstance(found, Exception):
            raise found
        return found


def _item(hands, line: int, given):
    """The claim as (line, hand, target, answer), or the ClaimLine saying why it cannot be judged.

    None for a blank line.
    """
    if given is None:
        return None
    if isinstance(given, str):
        return ClaimLine(line, error=given)
    if isinstance(given, dict):
        needed = ("cards", "answer") if hands.game.target is not None else \
            ("cards", "target", "answer")
        missing = [k for k in needed if k not in given]
        if missing:
            return ClaimLine(line, error=f"missing {' and '.join(map(repr, missing))}")
        cards, target, answer = given["cards"], given.get("target"), given["answer"]
    else:
        cards, target, answer = given
    if not isinstance(answer, str):
        return ClaimLine(line, error=f"the answer must be a string, got {answer!r}")
    try:
        return line, hands(cards), hands.game.target_for(target), _text(answer)
    except EurekaError as e:
        return ClaimLine(line, error=str(e))


def _text(answer: str) -> str:
    r"""The answer with any lone surrogate replaced by U+FFFD.

    A lone surrogate (JSON's "\ud800") is no character; it is replaced as a line's bytes that
    are not UTF-8 are.
    """
    if answer.isascii():
        return answer
    return answer.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _judged(game, items: list) -> list:
    """The ClaimLines of a chunk, in order.

    The items are (line, hand, target, answer), or a ClaimLine already (a line that cannot
    be read).
    """
    claims = [it for it in items if not isinstance(it, ClaimLine)]
    verdicts = iter(_kernel_verdicts(game, claims))
    return [it if isinstance(it, ClaimLine) else next(verdicts) for it in items]


def _kernel_verdicts(game, claims: list) -> list:
    if not claims:
        return []
    texts = [c[3].encode() for c in claims]
    largest = kernel.LARGEST
    small = [all(0 <= v < largest for v in c[1]) and c[2] < largest for c in claims]
    starts = _offsets(map(len, texts))
    cards = np.fromiter(chain.from_iterable(c[1] if ok else () for c, ok in
                                            zip(claims, small)), np.int64)
    card_starts = _offsets(len(c[1]) if ok else 0 for c, ok in zip(claims, small))
    targets = np.array([c[2] if ok else -1 for c, ok in zip(claims, small)], np.int64)
    written = _Written(game, np.frombuffer(b"".join(texts), np.uint8), starts[:-1],
                       starts[1:], cards, card_starts, targets)
    return [ClaimLine(*written.fields(k, c[0], None, c)) for k, c in enumerate(claims)]


_SIGNS = kernel.signs()
_MAKES_A_VALUE = (kernel.VALID, kernel.CLAIMED_RESULT, kernel.WRONG_RESULT)


def _rules(game) -> tuple:
    """The kernel's arguments for the game's rules.

    The operations allowed, the domain, and the signs it prints.
    """
    rules = game.rules
    return (np.array([op in rules.ops for op in kernel.OPS]),
            kernel.DOMAINS[rules.domain], *_SIGNS)


class _Written:
    """Claims judged by the kernel; `fields` reads back a claim's ClaimLine fields.

    Claim k is text[starts[k]:ends[k]] against cards[card_starts[k]:card_starts[k + 1]] and
    targets[k].
    """

    def __init__(self, game, text, starts, ends, cards, card_starts, targets):
        n = len(starts)
        self.game = game
        long = np.flatnonzero(ends - starts > verifier.LONGEST_ANSWER)  # bytes >= characters
        read = ends.copy()
        read[long] = starts[long]                       # not read by the kernel: below
        outcome = np.empty(n, np.int64)
        info = np.empty((n, kernel.INFO), np.int64)
        room = kernel.ROOM * int((read - starts).sum()) + kernel.ROOM_EACH * n
        shown = np.empty(room, np.uint8)
        shown_starts = np.zeros(n + 1, np.int64)
        used = np.empty(int((read - starts).sum()) + n, np.int64)
        used_starts = np.zeros(n + 1, np.int64)
        kernel.judge(text, starts, read, cards, card_starts, targets, *_rules(game), outcome,
                           info, shown, shown_starts, used, used_starts, kernel.scratch())
        outcome[long] = kernel.FALLBACK       # verifier.check: too long, unless multi-byte
        self.outcome, self.info, self.shown = outcome.tolist(), info.tolist(), shown.tobytes()
        self.shown_starts = shown_starts.tolist()
        self.used, self.used_starts = used[:used_starts[-1]].tolist(), used_starts.tolist()
        self.starts, self.ends = starts.tolist(), ends.tolist()
        self.cards = cards[:card_starts[-1]].tolist()
        self.card_starts = card_starts.tolist()
        self.targets = targets.tolist()

    def fields(self, k: int, line: int, buf: bytes | None, item=None) -> tuple:
        """Claim k's verdict as ClaimLine's fields, on input line `line`.

        Its answer is buf[starts[k]:ends[k]] (item: (line, hand, target, answer) where it came
        as one).
        """
        outcome, info = self.outcome[k], self.info[k]
        if item is None:
            hand = self.cards[self.card_starts[k]:self.card_starts[k + 1]]
            target = self.targets[k]
        else:
            hand, target = item[1], item[2]
        if outcome == kernel.FALLBACK:
            answer = buf[self.starts[k]:self.ends[k]].decode("utf-8", "replace") \
                if item is None else item[3]
            return _checked(self.game, (line, hand, target, answer))
        numbers = tuple(self.used[self.used_starts[k]:self.used_starts[k + 1]])
        value = _number(info[5], info[6]) if outcome in _MAKES_A_VALUE else None
        if outcome != kernel.VALID:
            problem, reason = _problem(outcome, info, hand, target, value,
                                       self.game.rules.domain)
            return line, False, problem, reason, value, numbers
        at = self.shown_starts[k]
        reason = verifier.valid_reason(self.shown[at:at + info[7]].decode(), value)
        if self.game.every_card and len(numbers) < len(hand):
            v = self.game.verdict(verifier.Judgement(True, None, reason, value, numbers), hand)
            return line, v.valid, v.problem, v.reason, value, numbers
        return line, True, None, reason, value, numbers


def _problem(outcome: int, info: list, hand, target, value, domain: str) -> tuple:
    """The (problem, reason) of an invalid claim from the kernel's numbers.

    Worded by verifier.py.
    """
    pos = info[0]
    if outcome == kernel.CARD_MISSING:
        return "card-missing", verifier.missing_card(info[0], hand)
    if outcome == kernel.CARD_TWICE:
        return "card-twice", verifier.card_twice(info[0], info[7], info[1])
    if outcome == kernel.OPERATION:
        return "operation", verifier.not_allowed(kernel.OPS[info[1] - 1], pos)
    if outcome == kernel.CLAIMED_RESULT:
        return "claimed-result", verifier.claimed_otherwise(value, info[1])
    if outcome == kernel.WRONG_RESULT:
        return "wrong-result", verifier.wrong_result(value, target)
    a, b = _number(info[1], info[2]), _number(info[3], info[4])
    if outcome == kernel.DIVIDE_BY_ZERO:
        return "domain", verifier.division_by_zero(a, pos)
    if outcome == kernel.NOT_WHOLE:
        return "domain", verifier.not_whole(a, b, pos)
    if outcome == kernel.BELOW:
        step = (a, kernel.OPS[info[7] - 1], b, _number(info[5], info[6]))
        return "domain", verifier.below_lowest(*step, pos, domain)
    raise AssertionError(f"no outcome {outcome}")


def _number(num: int, den: int):
    return num if den == 1 else Fraction(num, den)


def _checked(game, item) -> tuple:
    """One claim judged by verifier.check (the kernel left it open), as ClaimLine's fields."""
    line, hand, target, answer = item
    try:
        judged = verifier.check(answer, hand, target, game.rules)
    except ClaimSyntaxError as e:
        return line, False, "malformed", str(e), None, ()
    v = game.verdict(judged, hand)
    return line, v.valid, v.problem, v.reason, judged.value, judged.cards_used
