"""A seeded fuzzer of `eureka serve`: its JSON API, the games played through it, game
records, and (tests/serve/soak.py) the server under load and slow clients.

Case N of seed S is one of three kinds. A verb's case starts from one of the verb's
examples (eureka.params) and mutates it (parameters dropped, repeated, renamed or unknown;
values of the wrong type, at and past their bounds, very long, in other scripts, looking
like options or naming files), or is a raw request that cannot be read (not UTF-8, nested
100,000 deep, the wrong content type, a broken query string...); the same request goes to
the API, to `Verb.read` and `Verb.run` in this process under an audit hook (no file it
names is opened), and, as options and arguments with stray words added, to the command
line. A record's case sends a hostile Mathable game record (12,000 passes, a line of
200 KB, a header quoting 200 KB...) to score and review, by the API and the command line.
A play case starts a game or a race (/api/play/GAME) with odd fields, or sends a move to
the game it keeps: a legal one, one mutated (wrong types, `1` for `true`, unknown
fields, 200 KB shouts, moves after the end), a raw body, another method or address;
a refused move must leave the game's state as it was. Every case is made from
`random.Random(f"{S}/{N}...")` alone, so a failure is reproduced from its seed and
number (a play case from the run up to it: its game is the one the earlier cases left);
the properties are in `api_problems`, `play_problems`, `library_problems` and
`cli_problems`.

pytest tests/serve/test_fuzz.py runs a few hundred cases and a short soak; on demand, more:

    python -m tests.serve.fuzz --seed 7 --requests 3000      # or --case 123: one case
    EUREKA_FUZZ_SEED=7 EUREKA_FUZZ_REQUESTS=3000 pytest tests/serve/test_fuzz.py
    python -m tests.serve.fuzz --soak 3                       # docs/SERVE.md, "Soak"
"""

import argparse
import json
import math
import os
import random
import signal
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from eureka.errors import EurekaError
from eureka.params import LARGEST, Param, Verb

STATUSES = {200, 400, 403, 404, 405, 408, 413, 415, 421, 429, 503}
"""Every status the API may answer; a 5xx is a bug."""
EXAMPLES = Path(__file__).resolve().parents[2] / "docs/examples"
POSITION = EXAMPLES / "mathable_position.txt"
"""A Mathable position, for the board page's reading of one."""
RECORD = EXAMPLES / "mathable_review.txt"
"""A whole Mathable game's record, every holder given: the record cases mutate it."""
FILE_NAMES = ("/proc/self/environ", "/dev/zero", "/dev/urandom", "/etc/passwd",
              "~/.ssh/id_rsa", "../../etc/passwd", "file:///etc/passwd")
"""Values naming files; the sentinel file's path is added to them."""
PASSWD = ":0:0:"
"""In /etc/passwd (root's line), in no answer."""
OPTIONS = ("--pow", "--help", "-h", "-q", "--batch x", "--workers 64", "--json",
           "--jsonl", "-", "--", "-V", "--version", "--cards 1 2", "-1", "--no-board",
           "--target=5")
"""Values that look like the command line's options."""
UNICODE = ("\u0662", "\u0662\u0664", "\uff12\uff14", "\u00b2", "\u216b",
           "\u200f12\u200e", "\u202e21", "1\x00", "\x00", "\ud800", "\udcff",
           "12\ufeff", "\U0001d7da", "e\u0301", "\u2212 5", "\u00a0 7", "\u0660\u0661",
           "\u00bd", "\ufffd", "\n1", "1\r\n2", "\t", "\u2028")
"""Other scripts' digits, marks, NUL, lone surrogates, odd spaces and line ends."""
ODD = (None, True, False, [], [[]], {}, {"a": 1}, [1, [2]], 1.5, -1, -0.0, 1e308,
       1e-320, math.nan, math.inf, -math.inf, 10**30, 2**63, LARGEST, -(2**63), 0, "",
       " ", "0x10", "1e3", "+5", "3_4", "1.0", " 7 ", "-0", "0" * 40 + "1", "9" * 5000,
       "true", "null", "[1, 2]", "1,2,3")
"""Values of the wrong type or shape for most parameters."""
UNKNOWN = ("bogus", "Cards", "cards ", "__class__", "", "cards[]", "x" * 300, "\u0662",
           "\ud800", "batch", "workers", "json", "help", "q", "hand", "input", "\x00",
           "any-numbers", "values", "self", "request")
"""Parameter names no verb declares (or that only the command line spells)."""
COSTLY = {"simulate": 3, "iterations": 20, "seconds": 1.0, "plies": 1, "candidates": 3,
          "max_sets": 1000}
"""The largest value fuzzed for a parameter that buys search time: past it a request is
legal but slow (the worker pool has one worker)."""
MORE_VALUES = 1
"""A list fuzzed holds at most this many values more than its example (two for a list
the example lacks), or is past its limit: each card more multiplies a search."""
RAW_ARGS = ("--help", "-h", "-q", "--quiet", "--json", "--jsonl", "--ascii", "--", "-",
            "--batch", "--workers", "64", "0", "--no-such-option", "-x", "--cards=1",
            "--target=", "=", "", " ", "\u0662", "--version", "-V", "--pow", "--best",
            "--limit", "-1", "--board", "--no-board", "--detail")
"""Stray words for the command line."""
API_BUDGET = 20.0
"""Seconds after which an answer is reported as slow (a cost the fuzz should avoid)."""
CLI_SECONDS = 30.0
"""The longest a command may run before it is reported as hung (in the main thread)."""
MOST_LINE = 1000
"""The longest error line that is not reported as repeating its input (the API cuts its
errors at 1,000 characters)."""
MOST_ANSWER = 256 * 1024
"""The largest answer not reported as grown: a game's state is a few kilobytes (a race
that keeps every shout in full grows with what it is sent)."""
PLAYED = {"mathable": "eureka.mathable.play/1", "pitagoras": "eureka.pitagoras.race/1"}
"""The games played through /api/play/GAME, and the schema of their states."""
PLAY_SHARE = 0.25
"""The share of cases that are play cases."""
RECORD_SHARE = 0.1
"""The share of cases that send a hostile record to score or review mathable."""


@dataclass(frozen=True)
class Target:
    """A served verb of a game and its declaration."""

    verb: str
    game: str
    declared: Verb

    @property
    def path(self) -> str:
        return f"/api/{self.verb}/{self.game}"


@dataclass
class Raw:
    """An HTTP request as sent: method, path with its query string, headers, body."""

    method: str
    url: str
    headers: dict
    body: bytes | None = None

    def shown(self) -> str:
        """The request in one line, its body and URL cut short."""
        body = "" if self.body is None else f" body={_short(self.body)}"
        headers = "" if self.headers == JSON_TYPE else f" headers={self.headers}"
        return f"{self.method} {_short(self.url)}{headers}{body}"


def targets() -> list:
    """Every verb × game the API serves."""
    from eureka.cli.serve.app import VERBS
    from eureka.games import GAMES

    return [Target(verb, name, declared) for name, entry in GAMES.items()
            for verb, declared in entry.declared().items()
            if verb in VERBS and verb in entry.verbs]


# -- values ----------------------------------------------------------------------------

def bounds(param: Param) -> list:
    """Numbers at and past a parameter's bounds (those COSTLY allows), and as text."""
    low, high = param.low, param.high
    numbers = [low - 1, low, low + 1, high, high + 1, -1, 0, LARGEST, LARGEST + 1]
    if param.kind == "number":
        numbers += [low - 1e-9, high * 1.000001, "nan", "inf", "-inf", "1e999"]
    cap = COSTLY.get(param.name)
    numbers = [n for n in numbers if cap is None or isinstance(n, str)
               or not low <= n <= high or n <= cap]
    whole = param.kind in ("whole", "wholes")
    return numbers + [str(int(n) if whole else n) for n in numbers
                      if not isinstance(n, str) and math.isfinite(n)]


def kind_values(param: Param) -> list:
    """Values a parameter of this kind is likely to get wrong."""
    if param.kind in ("whole", "number"):
        return bounds(param) + ["\u0662", "1.5", "2.0", "0b1", "1_000"]
    if param.kind in ("flag", "switch"):
        return ["true", "1", "yes", "on", "", "false", "0", "no", "off", "TRUE",
                " yes ", "maybe", "y", 2, -1, 0, 1, True, False]
    if param.kind == "choice":
        return [*param.choices, *(str(c).upper() for c in param.choices),
                *(f"{c} " for c in param.choices), "", "none", 1]
    if param.kind == "text":
        return ["", " ", "\n", "-", "1+", "(" * 200 + "1" + ")" * 200,
                "1" * param.limit, "1" * (param.limit + 1), "7*6-12+2 " * 500]
    numbers = bounds(param) if param.kind == "wholes" else ["A=3", "K", "P1=40,20", "x"]
    more = (param.count or 3) + 1
    return [[], "", " ", [numbers[0]], numbers[:more],
            " ".join(map(str, numbers[:more])), ["1"] * (param.limit + 1),
            " ".join(["2"] * (param.limit + 1)),
            [str(n) for n in numbers[:2]], "1,2,3", "1;2", [1, "2 3"], [[1], 2]]


def file_names(sentinel: str) -> tuple:
    """FILE_NAMES and the sentinel file's path."""
    return (*FILE_NAMES, sentinel)


# -- mutations -------------------------------------------------------------------------

def _param(verb: Verb, name: str) -> Param | None:
    try:
        return verb.param(name)
    except EurekaError:
        return None


def _drop(rng, verb, request, files):
    """A parameter left out."""
    if request:
        del request[rng.choice(sorted(request))]


def _unknown(rng, verb, request, files):
    """A parameter no verb declares."""
    request[rng.choice(UNKNOWN)] = rng.choice([*request.values(), *ODD[:8], "1"])


def _twice(rng, verb, request, files):
    """A value given twice: as a list of it, or under a second spelling of its name."""
    if not request:
        return
    name = rng.choice(sorted(request))
    if rng.random() < 0.5:
        request[name] = [request[name], request[name]]
    else:
        request[name.replace("_", "-") if "_" in name else name.upper()] = request[name]


def _replace(pool):
    """A mutation: a parameter (given or not) set to one of `pool(param, files)`."""
    def mutate(rng, verb, request, files):
        name = rng.choice([*request, *(p.name for p in verb.params)])
        param = _param(verb, name)
        request[name] = rng.choice(pool(param, files) if param else ODD)
    return mutate


def _odd(param, files):
    return ODD


def _plausible(param, files):
    """Values a parameter takes: within its bounds, one of its choices, a flag's."""
    if param.kind in ("flag", "switch"):
        return [True, False, "true", "no"]
    if param.kind == "choice":
        return list(param.choices)
    top = min(param.high, COSTLY.get(param.name, param.high), param.low + 30)
    numbers = [param.low, top, (param.low + top) // 2]
    if param.kind == "wholes":
        return [numbers, numbers[:param.count or 2], " ".join(map(str, numbers))]
    return numbers if param.kind in ("whole", "number") else ["", "1", "A"]


def _kind(param, files):
    return kind_values(param)


def _unicode(param, files):
    return [*UNICODE, *(f"1{u}2" for u in UNICODE[:6])]


def _option_like(param, files):
    return OPTIONS


def _file_like(param, files):
    return files


def _nest(rng, verb, request, files):
    """A value inside a list, a list of lists or an object."""
    if request:
        name = rng.choice(sorted(request))
        request[name] = rng.choice([[request[name]], [[request[name]]],
                                    {"value": request[name]}])


def _within(rng, verb, request, files):
    """A word of a text or list value replaced by an odd one (the rest kept)."""
    texts = [n for n, v in request.items() if isinstance(v, str) and v.split()]
    if texts:
        name = rng.choice(texts)
        words = request[name].split()
        words[rng.randrange(len(words))] = str(rng.choice([*UNICODE, *OPTIONS, *files,
                                                           *ODD[17:]]))
        request[name] = " ".join(words)


MUTATIONS = (_drop, _unknown, _twice, _replace(_odd), _replace(_kind), _replace(_kind),
             _replace(_plausible), _replace(_plausible),
             _replace(_unicode), _replace(_option_like), _replace(_file_like), _nest,
             _within)


def costly(verb: Verb, example: dict, request: dict) -> bool:
    """Whether a request is legal but slow: more cards than MORE_VALUES allows, or a
    COSTLY parameter past its cap."""
    for name, value in request.items():
        param = _param(verb, name)
        if param is None:
            continue
        try:
            read = param.read(value)
        except EurekaError:
            continue
        if param.is_list:
            given = _param_value(verb, example, param)
            most = (len(param.read(given)) if given is not None else 1) + MORE_VALUES
            if len(read) > most:
                return True
        elif param.name in COSTLY and read is not None and read > COSTLY[param.name]:
            return True
    return False


def _param_value(verb, request, param):
    """The value `request` gives `param` (under any spelling), None if none."""
    return next((v for n, v in request.items() if _param(verb, n) == param), None)


def mutated(rng: random.Random, target: Target, files: tuple) -> dict:
    """A request: one of the verb's examples with one to three mutations, not costly."""
    verb = target.declared
    while True:
        example = rng.choice(verb.examples)
        request = dict(example)
        for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
            rng.choice(MUTATIONS)(rng, verb, request, files)
        if not costly(verb, example, request):
            return request


# -- raw requests ----------------------------------------------------------------------

JSON_TYPE = {"content-type": "application/json"}


def _body(rng, target, example):
    """A POST whose body cannot be read as a JSON object of parameters."""
    text = json.dumps(example)
    body = rng.choice([
        text.encode()[:-1] + b"\xff\xfe}", b"\xc0\x80", text.encode("utf-16"),
        text.encode("utf-16-le"), text.encode("utf-32"),
        b"\xef\xbb\xbf" + text.encode(),
        b"[" * 100_000, b'{"a":' * 50_000, b'{"cards": ' + b"[" * 100_000,
        b"[]", b'"x"', b"1", b"null", b"true", b"", b" ", b"NaN", b"{", b"}",
        b'{"cards": NaN}', b'{"target": 1e999}', b'{"target": ' + b"9" * 5000 + b"}",
        text[:-1].encode() + b', "cards": [1], "cards": "2"}', b'{"\\ud800": 1}',
        b'{"cards": "\\u0000"}', b"\x00" * 10, text.encode() + b"garbage",
        text.encode() * 2, b"{" + b" " * 300_000 + b"}",
        json.dumps({k: "x" * 200_000 for k in example}).encode()])
    return Raw("POST", target.path, dict(JSON_TYPE), body)


def _content_type(rng, target, example):
    kind = rng.choice(["text/plain", "application/x-www-form-urlencoded",
                       "multipart/form-data; boundary=x", "application/json-seq",
                       "application/jsonx", "APPLICATION/JSON",
                       "application/json; charset=utf-16", "application/json;;", "",
                       "*/*", "application/json\x00"])
    body = urlencode(example, doseq=True) if "form" in kind else json.dumps(example)
    headers = {"content-type": kind} if kind else {}
    return Raw("POST", target.path, headers, body.encode())


def _query(rng, target, example):
    """A GET whose query string is broken, repeated or long (not past the server's
    limit: the client refuses a URL of 64 KB)."""
    name = rng.choice(sorted(example) or ["cards"])
    query = rng.choice([
        f"{name}=%", f"{name}=%zz", f"{name}=%ff", f"{name}=%00", f"{name}=%C0%80",
        f"{name}=%ED%A0%80", f"{name}=%u0041", f"{name}=%F0%9F%98", f"=%&{name}",
        f"{name}=1;{name}=2", "&&&&", f"{name}=1=2", "+++", f"{name}",
        "&".join(f"{name}={i}" for i in range(50)),
        "&".join(f"p{i}=1" for i in range(150)),
        f"{name}=" + "1" * 60_000, f"{name}=1&{name}=2", f"{name}[]=1",
        f"{quote(name)}=%E2%80%AE12", "%" * 1000])
    return Raw("GET", f"{target.path}?{query}", {})


def _both(rng, target, example):
    """A parameter given in the query string and in the body."""
    name = rng.choice(sorted(example) or ["cards"])
    return Raw("POST", f"{target.path}?{urlencode({name: '1'})}", dict(JSON_TYPE),
               json.dumps(example).encode())


def _length(rng, target, example):
    length = rng.choice(["abc", "-1", "99999999999", "0", "1e3", " 5", "262145"])
    return Raw("POST", target.path, {**JSON_TYPE, "content-length": length},
               json.dumps(example).encode())


def _address(rng, target, example):
    """Another method, path or origin than the API's."""
    method, path, headers = "GET", target.path, {}
    match rng.randrange(6):
        case 0:
            method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS"])
        case 1:
            path = rng.choice([
                "/api/solve", "/api/solve/",
                f"/api/{target.verb.upper()}/{target.game}",
                f"{target.path}/extra", "/api/simulate/mathable", "/api/analyze/game24",
                "/api/solve/%00", "/api/solve/..%2f..%2fetc%2fpasswd",
                f"{target.path}%20",
                f"/api/{target.verb}/%E3%82%B2", "/api/status/x", "/api//solve/game24",
                "/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
                "/static/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/etc/passwd"])
        case 2:
            headers = {"host": rng.choice(["evil.example:8765", "127.0.0.1:1", "",
                                           "127.0.0.1:8765.evil", "LOCALHOST:8765x"])}
        case 3:
            headers = {"origin": rng.choice(["http://evil.example", "null", "",
                                             "http://127.0.0.1:8765.evil"])}
        case 4:
            headers = {"sec-fetch-site": rng.choice(["cross-site", "same-site", "x"])}
        case 5:
            method = rng.choice(["GET", "POST"])
            path = rng.choice(["/api/position/mathable", "/api/board/mathable",
                               "/api/status"])
            headers = dict(JSON_TYPE)
    return Raw(method, path, headers, b"{}" if method == "POST" else None)


def _position(rng, target, example):
    """The board page's reading of a position (in the server, not a worker): the
    example's position with a character changed, or an odd text."""
    text = POSITION.read_text()
    at = rng.randrange(len(text))
    odd = rng.choice([*UNICODE, *OPTIONS, "9" * 30, "{", "[", "-", ""])
    text = rng.choice([text[:at] + odd + text[at + 1:], "[" * 100_000,
                       '{"cells": ' * 5000, '{"cells": {"H7": 1e999}, "rack": [1]}',
                       *kind_values(Param("text", "text", "a position")), *ODD])
    fields = rng.choice([{"text": text}, {"text": text, "rack": "1"}, {"txt": text},
                         {}])
    return Raw("POST", "/api/position/mathable", dict(JSON_TYPE),
               json.dumps(fields).encode())


RAW = (_body, _body, _content_type, _query, _query, _both, _length, _address, _position)


def as_text(value) -> str:
    """A value as the command line and a query string write it."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, dict)) or value is None:
        return json.dumps(value)
    return str(value)


def as_raw(rng: random.Random, target: Target, request: dict):
    """(the HTTP request, the parameters the server reads from it) for a request sent
    as a POST (any) or a GET (a short one: its values as text, a list's repeated)."""
    if rng.random() < 0.3 and len(repr(request)) < 4000:
        pairs = [(name, as_text(v)) for name, value in request.items()
                 if value is not None
                 for v in (value if isinstance(value, list) else [value])]
        query = urlencode([(name.encode("utf-8", "surrogatepass"),
                            text.encode("utf-8", "surrogatepass"))
                           for name, text in pairs])
        texts = {}
        for name, text in pairs:
            texts.setdefault(name, []).append(text)
        return (Raw("GET", f"{target.path}?{query}", {}),
                {name: given[0] if len(given) == 1 else given
                 for name, given in texts.items()})
    return (Raw("POST", target.path, dict(JSON_TYPE), json.dumps(request).encode()),
            {k: v for k, v in json.loads(json.dumps(request)).items() if v is not None})


# -- records ---------------------------------------------------------------------------

def hostile_record(rng: random.Random) -> tuple:
    """(a hostile Mathable game record of at most 250,000 characters, why the rules forbid
    it whatever the holders, or None).

    Many passes or exchanges; a line, header, name or holder of 200 KB; a comment or
    blank lines of that size; odd characters; the game played twice, cut short, or with a
    line changed.
    """
    real = RECORD.read_text()
    lines = real.splitlines(keepends=True)
    turns = rng.choice((1, 2, 30, 300, 3000, 12000))
    long = "x" * 200_000
    at = rng.randrange(len(lines))
    odd = rng.choice([*UNICODE, *OPTIONS, "9" * 30, ":", "[", "]", "=", "draw", "left"])
    passes = "passes while the bag holds tokens"
    text, why = rng.choice((
        ("P1: pass\nP2: pass\n" * turns, passes),
        ("".join(f"P{n}: pass\n" for n in range(turns)), passes),
        ("".join(lines[:4]) + "P1: pass\nP2: pass\n" * turns, passes),
        (real + real, "placements on squares already taken"),
        ("P1: exchange 3\nP2: exchange 3\n" * turns, None),
        (lines[2].rstrip("\n") + " G6=2" * 40_000 + "\n", None),
        ("edition: " + "9" * 200_000 + "\n" + real, None),
        (f"P{long}: pass\n", None),
        ("P1 [" + "1 " * 100_000 + "]: G6=2\n", None),
        (real + "left P1: " + "1 " * 100_000 + "\n", None),
        (real.replace("draw=11", "draw=" + "9" * 5000), None),
        (f"# {long}\n" + real, None),
        ("\n" * 200_000 + real, None),
        (real.replace("\n", "\r\n"), None),
        (real[:rng.randrange(len(real))], None),
        ("".join(lines[:at]) + odd + "".join(lines[at:]), None),
        ("".join(lines[:at]) + lines[at].replace(" ", odd, 1) + "".join(lines[at + 1:]),
         None)))
    return text[:250_000], why


def record_case(seed: str, number: int, target: Target, rng: random.Random) -> "Case":
    """Case `number` of `seed`: a hostile record sent to `target` (score or review
    mathable), by the API and on the command line's standard input."""
    text, why = hostile_record(rng)
    raw = Raw("POST", target.path, dict(JSON_TYPE), json.dumps({"record": text}).encode())
    argv = [target.verb, target.game, "-", *(["--json"] if rng.random() < 0.3 else [])]
    return Case(seed, number, target, {"record": text}, raw, None, why,
                (argv, text.encode("utf-8", "surrogatepass")))


# -- cases -----------------------------------------------------------------------------

@dataclass
class Case:
    """Case `number` of `seed`: its target, its mutated request, and the HTTP request
    sent: that request's, whose parameters the server reads as `values`, or a raw one
    (`values` None). A record's case says why the rules forbid its record (`forbidden`)
    and gives the command line's words and standard input (`cli`)."""

    seed: str
    number: int
    target: Target
    request: dict
    raw: Raw
    values: dict | None
    forbidden: str | None = None
    cli: tuple | None = None

    def shown(self) -> str:
        return (f"{self.raw.shown()}\n    reproduce: python -m tests.serve.fuzz --seed "
                f"{self.seed} --case {self.number}")


def _short(value, most: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def case(seed: str, number: int, all_targets: list, files: tuple) -> Case:
    """Case `number` of `seed`: a mutated request, or 1 in 5 a raw request; RECORD_SHARE
    of them a hostile record to score or review mathable."""
    rng = random.Random(f"{seed}/{number}")
    target = rng.choice(all_targets)
    request = mutated(rng, target, files)
    api = random.Random(f"{seed}/{number}/api")
    if api.random() < RECORD_SHARE:
        return record_case(seed, number, api.choice(
            [t for t in all_targets if t.game == "mathable" and t.verb in ("score", "review")]),
            api)
    if api.random() < 0.2:
        example = api.choice(target.declared.examples)
        raw = api.choice(RAW)(api, target, example)
        return Case(seed, number, target, request, raw, None)
    return Case(seed, number, target, request, *as_raw(api, target, request))


# -- properties ------------------------------------------------------------------------

def api_problems(answer, allowed, leaks: tuple) -> list:
    """What is wrong with an API answer: a status outside STATUSES, a body that is not
    JSON, an error that is not one line of eureka.error/1 (or that takes the play API for
    a verb), a 200 of a schema not in `allowed` (None: any), or a leaked secret."""
    problems = [f"the answer holds {leak!r}" for leak in leaks if leak in answer.text]
    if answer.status_code not in STATUSES:
        problems.append(f"status {answer.status_code}")
    if answer.request.method == "HEAD":                # no body to read
        return problems
    try:
        doc = answer.json()
    except ValueError:
        return problems + [f"not JSON: {answer.text[:200]!r}"]
    if answer.status_code == 200:
        if allowed is not None and (not isinstance(doc, dict)
                                    or doc.get("schema") not in allowed):
            problems.append(f"a 200 not of {sorted(allowed)}: {answer.text[:200]}")
    elif not (isinstance(doc, dict) and set(doc) == {"schema", "error"}
              and doc["schema"] == "eureka.error/1" and isinstance(doc["error"], str)
              and doc["error"] and "\n" not in doc["error"] and "\r" not in doc["error"]
              and "Traceback" not in doc["error"]):
        problems.append(f"not one line of eureka.error/1: {answer.text[:300]!r}")
    elif answer.url.path.startswith("/api/play/") and "no verb" in doc["error"]:
        problems.append(f"the play API taken for a verb: {doc['error'][:200]!r}")
    return problems


class Audit:
    """An audit hook (installed once: hooks cannot be removed) recording the files
    opened, of those `watch`ed, while `watching` is set; inert otherwise."""

    watching: ClassVar[bool] = False
    watched: ClassVar[frozenset] = frozenset()
    opened: ClassVar[list] = []
    _installed: ClassVar[bool] = False

    @classmethod
    def watch(cls, names) -> None:
        cls.watched = frozenset(form for name in names for form in _forms(name))
        if not cls._installed:
            sys.addaudithook(cls._hook)
            cls._installed = True

    @classmethod
    def _hook(cls, event, args):
        if not cls.watching or event != "open" or not args:
            return
        try:
            path = os.fsdecode(args[0])
        except TypeError:                                # a file descriptor
            return
        if path in cls.watched or os.path.realpath(path) in cls.watched:
            cls.opened.append(path)


def _forms(name: str) -> set:
    """A file's name as given and as the paths it may be opened by."""
    bare = name.removeprefix("file://")
    return {name, bare, os.path.realpath(os.path.expanduser(bare))}


def library_problems(target: Target, values: dict, leaks: tuple) -> list:
    """What is wrong with `Verb.read` and `Verb.run` called in this process on the
    parameters the server read: an exception but EurekaError, a file named in them
    opened (see Audit), a leaked secret in the document."""
    Audit.opened.clear()
    Audit.watching = True
    problems = []
    try:
        text = json.dumps(target.declared.run(**target.declared.read(values)).to_json())
        problems += [f"the document holds {leak!r}" for leak in leaks if leak in text]
    except EurekaError:
        pass
    except Exception as e:                                 # noqa: BLE001 - the finding
        frame = traceback.extract_tb(e.__traceback__)[-1]
        problems.append(f"in-process {type(e).__name__}: {str(e)[:200]} "
                        f"({frame.filename}:{frame.lineno})")
    finally:
        Audit.watching = False
    return problems + [f"opened {path!r}" for path in Audit.opened]


# -- the play API ----------------------------------------------------------------------

LEVELS = ("beginner", "casual")
"""The bots of the games the play cases keep moving (the stronger ones think longer)."""
START_ODD = {
    "against": ("", "EXPERT", "casual ", "expert", "strong", ["casual"] * 100, [], [[]],
                ["beginner", 7], "x" * 100_000, "\u0662"),
    "seed": (0, 2**53, 2**63 - 1, 2**63, 2**64, 2**128 - 1, 2**128, 10**40, -1, 1.5, "5",
             True, 1e308),
    "first": ("nobody", "", "x" * 10_000, 1, "EUREKA", "you "),
    "people": (0, 1, 2, 4, 5, 1000, -1, True, "2", 1.5),
    "names": (["x" * 100_000], ["a"] * 1000, [""], ["you", "you"], ["eureka"], "Ann", [1]),
    "die": ("green", "", "BLUE", "red ", 1)}
"""Odd values of a new game's fields."""
MOVE_ODD = (1, 0, 1.0, 0.0, -1, "true", "1", "", "yes", None, [], {}, [True], "score ",
            "SCORE", "I8=12 " * 40_000, "A1=1000", "I8=1 I8=1", "Z99=1", "\x00", "\ud800",
            10**30, [1] * 1000, [10**30], "1+" * 100_000 + "1", "x" * 200_000,
            "\u0662+\u0662", "20+11+1", 2**70, "3", True, False)
"""Odd values of a move's fields: `1` for `true` among them, and shouts of 200 KB."""
MOST_MOVE = 1000
"""The longest move, in bytes of JSON, that must be told the game is over once it is (a
longer one may be refused for its length first)."""
FLOOD = 80
"""The wrong answers of 4 KB a flood sends a race: kept in full, more than MOST_ANSWER."""
MOVE_FIELDS = ("turn", "draw", "exchange", "pass", "end", "hint", "shout", "deal")
"""The fields of the games' moves (a race's in a Mathable game's move, and back)."""


def start_fields(rng: random.Random, game: str) -> dict:
    """A new game's fields: a level, a seed, who moves first (a Mathable table of two to
    four, people or bots; a race's die), then none to two of them odd, dropped or
    unknown."""
    if game == "mathable":
        fields = {"against": rng.choice(["beginner", "casual", ["beginner", "casual"]]),
                  "first": rng.choice(["you", "eureka"])}
        if rng.random() < 0.2:
            fields.update(against=[], people=2, names=["Ann", "Bo"], first="Bo")
    else:
        fields = {"against": rng.choice(LEVELS), "die": rng.choice(["blue", "red", "black"])}
    fields["seed"] = rng.randrange(2 ** rng.choice((16, 53, 64, 128)))
    for _ in range(rng.choice((0, 0, 1, 2))):
        name = rng.choice([*fields, *START_ODD, *UNKNOWN[:4]])
        if rng.random() < 0.2:
            fields.pop(name, None)
        else:
            fields[name] = rng.choice([*START_ODD.get(name, ()), *ODD[:12]])
    return fields


def legal_move(rng: random.Random, state: dict) -> dict:
    """A move the rules allow in a Mathable game's `state`: a placement of the holder's
    (one in two on a restriction square when it can), the end of an open turn, an
    exchange while the bag holds tokens, else a pass."""
    from eureka.mathable.board import SQUARES, parse_cell
    from eureka.mathable.singles import single_placements

    if state["turn_open"] and rng.random() < 0.7:
        return {"end": True}
    grid = {parse_cell(cell): value for cell, value in state["cells"].items()}
    options = single_placements(grid, state["rack"])
    restricted = [o for o in options if SQUARES[o.placement.cell].op]
    if restricted and rng.random() < 0.5:
        options = restricted
    if options:
        return {"turn": rng.choice(options).placement.text()}
    if state["turn_open"]:
        return {"end": True}
    if state["bag"]:
        return {"exchange": state["rack"][:rng.randint(1, min(state["bag"],
                                                             len(state["rack"])))]}
    return {"pass": True}


def race_answer(state: dict) -> str:
    """A right answer to the deal of a race's `state` (the library's best); '1+1' if none
    (no cards are left)."""
    from eureka.pitagoras import GAME

    if not state["cards"]:
        return "1+1"
    found = GAME.solve(state["cards"], state["target"], best=True)
    return found.best[0].text if found.reachable and found.best else "1+1"


def plausible_move(rng: random.Random, game: str, state: dict) -> dict:
    """A move such as a player sends: for Mathable a legal one, one that goes on with
    an illegal placement, a hint, a pass, an exchange or an end; for a race a right
    answer (to the deal, or to the one before: late), a wrong one (of up to 200 KB), or
    a typo."""
    if game == "mathable":
        legal = legal_move(rng, state)
        wrong = rng.choice(("A1=1000", "I8=1", "Z99=1", "G7=1", legal.get("turn", "")))
        return rng.choice([legal, legal, {"turn": f"{legal.get('turn', 'I8=12')} {wrong}"},
                           {"hint": rng.choice(["score", "equity", True])}, {"pass": True},
                           {"exchange": state["rack"][:1]}, {"end": True}])
    right, deal = race_answer(state), state["deal"]
    wrong = "+".join(map(str, state["cards"][:2] or [1]))
    return rng.choice([{"shout": right}, {"shout": right, "deal": deal},
                       {"shout": wrong, "deal": deal}, {"shout": right, "deal": deal - 1},
                       {"shout": "+".join("1" * rng.choice((10, 1000, 100_000)))},
                       {"shout": "abc"}])


def mutated_move(rng: random.Random, move: dict) -> tuple:
    """(`move` with none to two of its fields odd, dropped, renamed, nested or added,
    the number of those changes)."""
    move, changes = dict(move), rng.choice((0, 0, 1, 1, 2))
    for _ in range(changes):
        name = rng.choice(sorted(move) or ["turn"])
        match rng.randrange(5):
            case 0:
                move[name] = rng.choice(MOVE_ODD)
            case 1:
                move[rng.choice((*MOVE_FIELDS, *UNKNOWN[:6]))] = rng.choice(
                    (*MOVE_ODD, move.get(name)))
            case 2:
                move.pop(name, None)
            case 3:
                move[rng.choice((name.upper(), f" {name}", f"{name}s"))] = move.pop(name,
                                                                                   True)
            case 4:
                move[name] = rng.choice(([move.get(name)], {"value": move.get(name)}))
    return move, changes


def play_address(rng: random.Random, game: str, key: str, other: str) -> Raw:
    """A request to another method or address than a move's: HEAD and others, a game not
    served, the ID changed or the other game's (`other`), the kept games' routes, a move
    in the query string."""
    method, path = rng.choice((
        ("HEAD", f"/api/play/{game}"), ("GET", f"/api/play/{game}"),
        ("HEAD", f"/api/play/{game}/{key}"),
        (rng.choice(("PUT", "DELETE", "PATCH", "OPTIONS")), f"/api/play/{game}/{key}"),
        ("GET", "/api/play/chess"), ("POST", "/api/play/chess"),
        ("POST", f"/api/play/chess/{key}"), ("GET", f"/api/play/{game}/{key.upper()}"),
        ("GET", f"/api/play/{game}/{key}x"), ("GET", f"/api/play/{game}/{key}/extra"),
        ("GET", f"/api/play/{game}/..%2f{key}"), ("GET", f"/api/play/{game}/{'a' * 300}"),
        ("GET", f"/api/play/{game}/%00"), ("POST", f"/api/play/{game}/{other}"),
        ("GET", f"/api/games/{key}"), ("GET", f"/api/games/{key}%20"),
        ("POST", f"/api/games/{key}"), ("DELETE", f"/api/games/{key}"),
        ("POST", f"/api/play/{game}/{key}?pass=true"),
        ("POST", f"/api/play/{game}/{key}?hint=1")))
    return Raw(method, path, dict(JSON_TYPE),
               b"{}" if method in ("POST", "PUT", "PATCH") else None)


RAW_MOVES = (_body, _content_type, _query, _both, _length)
"""The raw requests sent to a kept game's address (the move as their example)."""


def unchanged(game: str, before: dict, after: dict) -> bool:
    """Whether a game's state `after` a refused request is its state `before` (a race's
    clock aside, and the turns its bot took meanwhile)."""
    if game == "mathable":
        return before == after
    if {**before, "elapsed": 0} == {**after, "elapsed": 0}:
        return True
    turns, later = before["turns"], after["turns"][len(before["turns"]):]
    return after["turns"][:len(turns)] == turns and bool(later) and all(
        turn["player"] == "eureka" for turn in later)


# -- the command line ------------------------------------------------------------------

def argv_for(rng: random.Random, target: Target, request: dict, files: tuple):
    """(argv, stdin bytes) for `eureka VERB GAME` with the request's parameters as
    options and arguments, a file's text on standard input, and stray words added; or
    1 in 8, stray words alone."""
    options, arguments, stdin = [], [], None
    strays = rng.choice((0, 0, 1, 2, 3))
    if rng.random() < 0.125:
        request, strays = {}, rng.randint(1, 5)
    for name, value in request.items():
        param = _param(target.declared, name)
        values = value if isinstance(value, list) else [value]
        words = [as_text(v) for v in values]
        if param is None:
            options += [f"--{name.replace('_', '-')}", *words]
            continue
        flag = f"--{param.name.replace('_', '-')}"
        if param.from_file and value not in files:
            stdin = as_text(value).encode("utf-8", "surrogatepass")
            words = ["-"]
        if param.is_list or param.joined:
            words = [w for word in words for w in word.split()]
        if param.argument:
            arguments += words
        elif param.kind in ("flag", "switch"):
            options += _flag(param, flag, value, words)
        elif param.is_list:
            options += [flag, *words]
        else:
            options += [part for word in words for part in (flag, word)]
    argv = [target.verb, target.game, *options]
    if rng.random() < 0.5:
        argv.append("--")
    argv += arguments
    if rng.random() < 0.3:
        argv.append("--json")
    for _ in range(strays):
        stray = rng.choice([*([word] for word in [*RAW_ARGS, *files, *UNICODE[:4]]),
                            *(option.split(" ") for option in OPTIONS),
                            *(["--batch", name] for name in (*files, "-", "x")),
                            *(["--workers", n] for n in ("64", "0", "65", "x", "2"))])
        at = rng.randint(2, len(argv))
        argv[at:at] = stray
    return [_argv_word(word) for word in argv], stdin


def _flag(param: Param, flag: str, value, words: list) -> list:
    try:
        on = param.read(value)
    except EurekaError:
        return [f"{flag}={words[0] if words else ''}"]
    if param.kind == "switch" and on is False:
        return [f"--no-{flag[2:]}"]
    return [flag] if on else []


def _argv_word(word: str) -> str:
    """A word as it can reach a program: no NUL, an undecodable byte as surrogateescape
    writes it."""
    return (word.replace("\x00", "").encode("utf-8", "surrogatepass")
            .decode("utf-8", "surrogateescape"))


class Hung(BaseException):
    """A command ran past CLI_SECONDS."""


def invoke(argv: list, stdin: bytes | None):
    """CliRunner's result of `eureka *argv`, stopped with Hung past CLI_SECONDS (when
    this is the main thread: a signal)."""
    from click.testing import CliRunner

    from eureka.cli.main import eureka

    main = threading.current_thread() is threading.main_thread()
    if main:
        def stop(signum, frame):
            raise Hung
        previous = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, CLI_SECONDS)
    try:
        return CliRunner().invoke(eureka, argv, input=stdin)
    finally:
        if main:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def cli_problems(argv: list, stdin: bytes | None, forbidden: str | None = None) -> list:
    """What is wrong with a command's run: an exit code but 0, 1 (a check's, a score's
    or a review's verdict) or 2, a traceback, (exit code 2) not exactly one line of error on
    stderr or one longer than MOST_LINE, or exit code 0 for a record the rules forbid
    (`forbidden` says why)."""
    started = time.monotonic()
    try:
        result = invoke(argv, stdin)
    except Hung:
        return [f"ran past {CLI_SECONDS:g} s"]
    problems = []
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        e = result.exception
        frame = traceback.extract_tb(e.__traceback__)[-1]
        problems.append(f"{type(e).__name__}: {str(e)[:200]} ({frame.filename}:"
                        f"{frame.lineno})")
    elif result.exit_code not in ((0, 1, 2) if argv[0] in ("check", "score", "review")
                                  else (0, 2)):
        problems.append(f"exit code {result.exit_code}: {result.output[-200:]!r}")
    if "Traceback" in result.stdout + result.stderr:
        problems.append(f"a traceback: {result.stderr[-300:]!r}")
    if result.exit_code == 2 and not _one_error_line(result.stderr, argv):
        problems.append(f"stderr is not one error line: {result.stderr[:300]!r}")
    if result.exit_code == 2 and len(result.stderr) > MOST_LINE + 1:
        problems.append(f"an error line of {len(result.stderr) - 1:,} characters: "
                        f"{result.stderr[:200]!r}")
    if forbidden and result.exit_code == 0:
        problems.append(f"a record the rules forbid ({forbidden}) is taken as valid")
    if time.monotonic() - started > API_BUDGET:
        problems.append(f"slow: {time.monotonic() - started:.1f} s")
    return problems


def _one_error_line(stderr: str, argv: list) -> bool:
    """One line: `error: ...`, or with --json (--jsonl) an eureka.error/1 object."""
    if stderr.count("\n") != 1 or not stderr.endswith("\n"):
        return False
    if not {"--json", "--jsonl"} & set(argv):
        return stderr.startswith("error: ")
    try:
        doc = json.loads(stderr)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("schema") == "eureka.error/1"


# -- runs ------------------------------------------------------------------------------

def send(client, raw: Raw):
    """The answer of `client`'s server to `raw`."""
    return client.request(raw.method, raw.url, headers=raw.headers, content=raw.body)


def wait_until_ready(client, seconds: float = 300.0) -> None:
    """Wait for the workers' warm-up: a request before it ends is answered 503."""
    end = time.monotonic() + seconds
    while not client.get("/api/status").json()["ready"]:
        if time.monotonic() > end:
            raise TimeoutError("the kernels did not compile in time")
        time.sleep(0.2)


def schemas_of(client, all_targets: list) -> dict:
    """{target: the schemas of its examples' answers}, each example answered 200 (asked
    again while the server is busy)."""
    schemas = {}
    for target in all_targets:
        for example in target.declared.examples:
            raw = Raw("POST", target.path, dict(JSON_TYPE), json.dumps(example).encode())
            answer = send(client, raw)
            for _ in range(60):
                if answer.status_code != 503:
                    break
                time.sleep(1)
                answer = send(client, raw)
            assert answer.status_code == 200, (target, example, answer.text)
            schemas.setdefault(target, set()).add(answer.json()["schema"])
    return schemas


class Fuzzer:
    """The cases of `seed` sent to a server by `client`: the verbs it serves, the files
    and secrets (in `sentinel`) no answer may name, the schemas of the verbs' answers,
    the game of each kind its play cases keep moving (`kept`: ID by game), and the last
    request sent."""

    def __init__(self, client, seed, sentinel: Path, secret: str):
        self.client, self.seed = client, str(seed)
        self.targets = targets()
        self.files = file_names(str(sentinel))
        self.leaks = (secret, PASSWD)
        wait_until_ready(client)
        self.schemas = schemas_of(client, self.targets)
        self.kept: dict = {}
        self.last: Raw | None = None

    def send(self, raw: Raw):
        """The answer to `raw`, sent (and kept as the last request: `last`)."""
        self.last = raw
        return send(self.client, raw)

    def api(self, number: int) -> tuple:
        """(the failures of case `number` by the API, the case and its answer; None and
        None for a play case)."""
        if random.Random(f"{self.seed}/{number}/kind").random() < PLAY_SHARE:
            return self.play(number), None, None
        c = case(self.seed, number, self.targets, self.files)
        started = time.monotonic()
        answer = self.send(c.raw)
        allowed = self.schemas[c.target] if answer.url.path == c.target.path else None
        problems = api_problems(answer, allowed, self.leaks)
        if time.monotonic() - started > API_BUDGET:
            problems.append(f"slow: {time.monotonic() - started:.1f} s")
        if c.forbidden and answer.status_code == 200 and answer.json().get("valid"):
            problems.append(f"a record the rules forbid ({c.forbidden}) is valid")
        return ([f"seed {self.seed} case {number}: {problem}\n    {c.shown()}\n"
                 f"    answer {answer.status_code}: {answer.text[:300]}"
                 for problem in problems], c, answer)

    def play(self, number: int) -> list:
        """The failures of play case `number`: a new game, or a request to a kept game
        (a move, the game played to its end, another address, a raw body)."""
        rng = random.Random(f"{self.seed}/{number}/play")
        game = rng.choice(sorted(PLAYED))
        before, problems = self.state(game)
        if before is None or rng.random() < 0.15:
            return problems + self._start(rng, number, game)
        key = self.kept[game]
        kind = rng.choices(("move", "finish", "flood", "address", "raw"),
                           (50, 5, 20, 12, 13) if game == "pitagoras" else (70, 5, 0, 12, 13))[0]
        if kind == "finish":
            return self._finish(number, game, before)
        if kind == "flood":
            return self._flood(number, before)
        move, changes = mutated_move(rng, plausible_move(rng, game, before))
        path = f"/api/play/{game}/{key}"
        if kind == "move":
            raw = Raw("POST", path, dict(JSON_TYPE), json.dumps(move).encode())
        elif kind == "address":
            other = self.kept.get(next(g for g in PLAYED if g != game), key)
            raw = play_address(rng, game, key, other)
        else:
            raw = rng.choice(RAW_MOVES)(rng, Target("play", f"{game}/{key}", None), move)
        answer = self.send(raw)
        problems = self.checked(answer, game)
        if answer.status_code == 200 and answer.url.path == path:
            if len(answer.content) > MOST_ANSWER:
                del self.kept[game]                        # grown: a fresh game instead
            elif before["over"] and raw.method == "POST" and not problems and \
                    not unchanged(game, before, answer.json()):
                problems.append("a move after the end changed the game")
        else:
            after, lost = self.state(game)
            problems += lost
            if after is not None and not unchanged(game, before, after):
                changed = sorted(k for k in {*before, *after} if before.get(k) != after.get(k))
                problems.append(f"a refused request changed the game: {', '.join(changed)}")
            if before["over"] and kind == "move" and not changes and \
                    len(raw.body) <= MOST_MOVE and answer.status_code == 400 and \
                    "over" not in answer.text:
                problems.append("a move after the end is not told the game is over")
        return self._failures(number, problems, raw, answer)

    def state(self, game: str) -> tuple:
        """(the state of the game of kind `game` kept, None if none or not answered; the
        problems: the game lost)."""
        key = self.kept.get(game)
        if key is None:
            return None, []
        answer = self.send(Raw("GET", f"/api/play/{game}/{key}", {}))
        if answer.status_code == 200:
            return answer.json(), []
        if answer.status_code == 404:
            del self.kept[game]
            return None, [f"the {game} game {key} kept by the fuzz is lost: "
                          f"{answer.text[:200]}"]
        return None, []

    def checked(self, answer, game: str) -> list:
        """What is wrong with an answer of the play API for `game`: api_problems, one
        larger than MOST_ANSWER, and a state that is not valid by its schema."""
        play = answer.url.path.startswith(f"/api/play/{game}")
        problems = api_problems(answer, {PLAYED[game]} if play else None, self.leaks)
        if len(answer.content) > MOST_ANSWER:
            problems.append(f"an answer of {len(answer.content):,} bytes")
        if play and answer.status_code == 200 and not problems:
            problems += schema_problems(answer.json())
        return problems

    def _start(self, rng: random.Random, number: int, game: str) -> list:
        """Starts a game with odd fields (start_fields); it is kept when it plays quickly,
        one in two (always if none is)."""
        fields = start_fields(rng, game)
        raw = Raw("POST", f"/api/play/{game}", dict(JSON_TYPE), json.dumps(fields).encode())
        answer = self.send(raw)
        problems = self.checked(answer, game)
        if answer.status_code == 200 and not problems:
            state, seed = answer.json(), fields.get("seed")
            if isinstance(seed, int) and not isinstance(seed, bool) and \
                    state["seed"] != seed:
                problems.append(f"the seed {seed} is given, {state['seed']} shown")
            quick = ({seat["level"] for seat in state["seats"]} <= {None, *LEVELS}
                     if game == "mathable" else state["against"] in LEVELS)
            if quick and (game not in self.kept or rng.random() < 0.5):
                self.kept[game] = state["id"]
        return self._failures(number, problems, raw, answer)

    def _finish(self, number: int, game: str, state: dict) -> list:
        """Plays the kept game to its end by legal moves (a race: right answers), each
        answer checked."""
        rng = random.Random(f"{self.seed}/{number}/finish")
        path = f"/api/play/{game}/{self.kept[game]}"
        while not state["over"]:
            move = legal_move(rng, state) if game == "mathable" else {
                "shout": race_answer(state), "deal": state["deal"]}
            raw = Raw("POST", path, dict(JSON_TYPE), json.dumps(move).encode())
            answer = self.send(raw)
            problems = self.checked(answer, game)
            if answer.status_code in (400, 404):
                problems.append("a legal move refused")
            if problems or answer.status_code != 200:
                return self._failures(number, problems, raw, answer)
            state = answer.json()
        return []

    def _flood(self, number: int, state: dict) -> list:
        """Sends the kept race FLOOD wrong answers of about 4 KB (a move's most in the
        games' file), each answer checked: its state must not grow with them."""
        path = f"/api/play/pitagoras/{self.kept['pitagoras']}"
        shout = "+".join("1" * 1990)
        for _ in range(FLOOD):
            raw = Raw("POST", path, dict(JSON_TYPE),
                      json.dumps({"shout": shout, "deal": state["deal"]}).encode())
            answer = self.send(raw)
            problems = self.checked(answer, "pitagoras")
            if problems:
                if len(answer.content) > MOST_ANSWER:
                    del self.kept["pitagoras"]            # grown: a fresh race instead
                return self._failures(number, problems, raw, answer)
            if answer.status_code == 200:
                state = answer.json()
        return []

    def _failures(self, number: int, problems: list, raw: Raw, answer) -> list:
        """The messages of `problems` of play case `number`: the request, the answer."""
        return [f"seed {self.seed} case {number}: {problem}\n    {raw.shown()}\n"
                f"    answer {answer.status_code}: {answer.text[:300]}\n"
                f"    reproduce: python -m tests.serve.fuzz --seed {self.seed} "
                f"--requests {number + 1}" for problem in problems]


_VALIDATORS: dict = {}


def schema_problems(document: dict) -> list:
    """The ways `document` is not valid by the schema it names (docs/JSON.md)."""
    import jsonschema

    from eureka.schemas import all_schemas

    if not _VALIDATORS:
        _VALIDATORS.update((name, jsonschema.Draft202012Validator(schema))
                           for name, schema in all_schemas().items())
    validator = _VALIDATORS.get(document.get("schema"))
    if validator is None:
        return [f"no schema {str(document.get('schema'))[:80]!r}"]
    return [f"not valid by {document['schema']}: {error.message[:200]} at "
            f"{'/'.join(map(str, error.absolute_path))}"
            for error in validator.iter_errors(document)][:3]


def run(client, seed, requests: int, sentinel: Path, secret: str, cases=None,
        log=None) -> list:
    """The failures of `requests` cases of `seed` (or of the numbers `cases`), each a
    message naming the case, the request and what is wrong: the API's answer, the
    library's run in this process, the command line's."""
    fuzzer = Fuzzer(client, seed, sentinel, secret)
    Audit.watch(fuzzer.files)
    failures = []
    for number in cases if cases is not None else range(requests):
        found, c, answer = fuzzer.api(number)
        failures += found
        if c is None:
            continue
        if c.values is not None and "no answer within" not in answer.text:
            failures += [f"seed {seed} case {number}: {problem}\n    {c.shown()}\n"
                         f"    answer {answer.status_code}: {answer.text[:300]}"
                         for problem in library_problems(c.target, c.values, fuzzer.leaks)]
        argv, stdin = c.cli or argv_for(random.Random(f"{seed}/{number}/cli"), c.target,
                                        c.request, fuzzer.files)
        failures += [f"seed {seed} case {number}: command line: {problem}\n"
                     f"    eureka {_short(argv)} stdin={_short(stdin, 200)}\n"
                     f"    reproduce: python -m tests.serve.fuzz --seed {seed} "
                     f"--case {number}" for problem in cli_problems(argv, stdin, c.forbidden)]
        if log is not None and number % 100 == 99:
            log(f"{number + 1} cases, {len(failures)} failures")
    return failures


def main(argv=None) -> int:
    """Fuzz a fresh server (one worker) and the command line, or soak `eureka serve`
    (--soak); print every failure (the soak: its figures too)."""
    import tempfile
    import uuid

    from starlette.testclient import TestClient

    from tests.serve.conftest import BASE, app_for, pool_of

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", default="0", help="the run's seed (any text)")
    parser.add_argument("--requests", type=int, default=300, help="cases to run")
    parser.add_argument("--case", type=int, action="append",
                        help="run this case only (repeatable)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="the workers' time limit")
    parser.add_argument("--soak", type=float, metavar="MINUTES",
                        help="soak `eureka serve` this long instead (tests/serve/soak.py)")
    args = parser.parse_args(argv)
    if args.soak is not None:
        from tests.serve import soak

        return soak.main(args.soak * 60, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EUREKA_DB"] = str(Path(tmp) / "games.db")    # not the user's games
        secret = f"eureka-fuzz-secret-{uuid.uuid4().hex}"
        sentinel = Path(tmp) / "sentinel.txt"
        sentinel.write_text(secret + "\n")
        pool = pool_of(1, args.seconds)
        try:
            with TestClient(app_for(pool), base_url=BASE) as client:
                failures = run(client, args.seed, args.requests, sentinel, secret,
                               args.case, log=lambda line: print(line, file=sys.stderr))
        finally:
            pool.close()
    print("\n".join(failures) or "no failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
