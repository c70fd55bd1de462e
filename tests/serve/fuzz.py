"""A seeded fuzzer of `eureka serve`'s JSON API and of the command line, its requests
made from the verbs' declarations (eureka.params).

Case N of seed S starts from one of a served verb's examples and mutates it (parameters
dropped, repeated, renamed or unknown; values of the wrong type, at and past their
bounds, very long, in other scripts, looking like options or naming files), or is a raw
request that cannot be read (not UTF-8, nested 100,000 deep, the wrong content type, a
broken query string...). The same mutated request goes to the API, to `Verb.read` and
`Verb.run` in this process under an audit hook (no file it names is opened), and, as
options and arguments with stray words added, to the command line. Every case is made
from `random.Random(f"{S}/{N}...")` alone, so a failure is reproduced from its seed and
number; the properties are in `api_problems`, `library_problems` and `cli_problems`.

pytest tests/serve/test_fuzz.py runs a few hundred cases; on demand, more:

    python -m tests.serve.fuzz --seed 7 --requests 3000      # or --case 123: one case
    EUREKA_FUZZ_SEED=7 EUREKA_FUZZ_REQUESTS=3000 pytest tests/serve/test_fuzz.py
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

STATUSES = {200, 400, 403, 404, 405, 408, 413, 415, 421, 503}
"""Every status the API may answer; a 5xx is a bug."""
POSITION = Path(__file__).resolve().parents[2] / "docs/examples/mathable_position.txt"
"""A Mathable position, for the board page's reading of one."""
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


# -- cases -----------------------------------------------------------------------------

@dataclass
class Case:
    """Case `number` of `seed`: its target, its mutated request, and the HTTP request
    sent: that request's, whose parameters the server reads as `values`, or a raw one
    (`values` None)."""

    seed: str
    number: int
    target: Target
    request: dict
    raw: Raw
    values: dict | None

    def shown(self) -> str:
        body = "" if self.raw.body is None else f" body={_short(self.raw.body)}"
        headers = ("" if self.raw.headers == JSON_TYPE
                   else f" headers={self.raw.headers}")
        return (f"{self.raw.method} {_short(self.raw.url)}{headers}{body}\n"
                f"    reproduce: python -m tests.serve.fuzz --seed {self.seed} "
                f"--case {self.number}")


def _short(value, most: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def case(seed: str, number: int, all_targets: list, files: tuple) -> Case:
    """Case `number` of `seed`: a mutated request, or 1 in 5 a raw request."""
    rng = random.Random(f"{seed}/{number}")
    target = rng.choice(all_targets)
    request = mutated(rng, target, files)
    api = random.Random(f"{seed}/{number}/api")
    if api.random() < 0.2:
        example = api.choice(target.declared.examples)
        raw = api.choice(RAW)(api, target, example)
        return Case(seed, number, target, request, raw, None)
    return Case(seed, number, target, request, *as_raw(api, target, request))


# -- properties ------------------------------------------------------------------------

def api_problems(answer, target: Target, schemas: dict, leaks: tuple) -> list:
    """What is wrong with an API answer: a status outside STATUSES, a body that is not
    JSON, an error that is not one line of eureka.error/1, a 200 of the verb's address
    of another schema than its examples', or a leaked secret."""
    problems = [f"the answer holds {leak!r}" for leak in leaks if leak in answer.text]
    if answer.status_code not in STATUSES:
        problems.append(f"status {answer.status_code}")
    try:
        doc = answer.json()
    except ValueError:
        return problems + [f"not JSON: {answer.text[:200]!r}"]
    if answer.status_code == 200:
        if answer.url.path == target.path and (not isinstance(doc, dict) or doc.get(
                "schema") not in schemas[target]):
            problems.append(f"a 200 not of {sorted(schemas[target])}: "
                            f"{answer.text[:200]}")
    elif not (isinstance(doc, dict) and set(doc) == {"schema", "error"}
              and doc["schema"] == "eureka.error/1" and isinstance(doc["error"], str)
              and doc["error"] and "\n" not in doc["error"] and "\r" not in doc["error"]
              and "Traceback" not in doc["error"]):
        problems.append(f"not one line of eureka.error/1: {answer.text[:300]!r}")
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


def cli_problems(argv: list, stdin: bytes | None) -> list:
    """What is wrong with a command's run: an exit code but 0, 1 (a check's or a
    score's verdict) or 2, a traceback, or (exit code 2) not exactly one line of error
    on stderr."""
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
    elif result.exit_code not in ((0, 1, 2) if argv[0] in ("check", "score")
                                  else (0, 2)):
        problems.append(f"exit code {result.exit_code}: {result.output[-200:]!r}")
    if "Traceback" in result.stdout + result.stderr:
        problems.append(f"a traceback: {result.stderr[-300:]!r}")
    if result.exit_code == 2 and not _one_error_line(result.stderr, argv):
        problems.append(f"stderr is not one error line: {result.stderr[:300]!r}")
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
    return client.request(raw.method, raw.url, headers=raw.headers, content=raw.body)


def wait_until_ready(client, seconds: float = 300.0) -> None:
    """Wait for the workers' warm-up: a request before it ends is answered 503."""
    end = time.monotonic() + seconds
    while not client.get("/api/status").json()["ready"]:
        if time.monotonic() > end:
            raise TimeoutError("the kernels did not compile in time")
        time.sleep(0.2)


def schemas_of(client, all_targets: list) -> dict:
    """{target: the schemas of its examples' answers}, each example answered 200."""
    schemas = {}
    for target in all_targets:
        for example in target.declared.examples:
            answer = send(client, Raw("POST", target.path, dict(JSON_TYPE),
                                      json.dumps(example).encode()))
            assert answer.status_code == 200, (target, example, answer.text)
            schemas.setdefault(target, set()).add(answer.json()["schema"])
    return schemas


def run(client, seed, requests: int, sentinel: Path, secret: str, cases=None,
        log=None) -> list:
    """The failures of `requests` cases of `seed` (or of the numbers `cases`), each a
    message naming the case, the request and what is wrong: the API's answer, the
    library's run in this process, the command line's."""
    all_targets = targets()
    files = file_names(str(sentinel))
    leaks = (secret, PASSWD)
    Audit.watch(files)
    wait_until_ready(client)
    schemas = schemas_of(client, all_targets)
    failures = []
    for number in cases if cases is not None else range(requests):
        c = case(str(seed), number, all_targets, files)
        started = time.monotonic()
        answer = send(client, c.raw)
        problems = api_problems(answer, c.target, schemas, leaks)
        if time.monotonic() - started > API_BUDGET:
            problems.append(f"slow: {time.monotonic() - started:.1f} s")
        timed_out = "no answer within" in answer.text
        if c.values is not None and not timed_out:
            problems += library_problems(c.target, c.values, leaks)
        failures += [f"seed {seed} case {number}: {problem}\n    {c.shown()}\n"
                     f"    answer {answer.status_code}: {answer.text[:300]}"
                     for problem in problems]
        argv, stdin = argv_for(random.Random(f"{seed}/{number}/cli"), c.target,
                               c.request, files)
        failures += [f"seed {seed} case {number}: command line: {problem}\n"
                     f"    eureka {_short(argv)} stdin={_short(stdin, 200)}\n"
                     f"    reproduce: python -m tests.serve.fuzz --seed {seed} "
                     f"--case {number}" for problem in cli_problems(argv, stdin)]
        if log is not None and number % 100 == 99:
            log(f"{number + 1} cases, {len(failures)} failures")
    return failures


def main(argv=None) -> int:
    """Fuzz a fresh server (one worker) and the command line; print every failure."""
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
    args = parser.parse_args(argv)
    pool = pool_of(1, args.seconds)
    try:
        with tempfile.TemporaryDirectory() as tmp, TestClient(app_for(pool),
                                                              base_url=BASE) as client:
            secret = f"eureka-fuzz-secret-{uuid.uuid4().hex}"
            sentinel = Path(tmp) / "sentinel.txt"
            sentinel.write_text(secret + "\n")
            failures = run(client, args.seed, args.requests, sentinel, secret,
                           args.case, log=lambda line: print(line, file=sys.stderr))
    finally:
        pool.close()
    print("\n".join(failures) or "no failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
