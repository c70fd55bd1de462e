"""Numba's compiler for eureka's kernels, with a disk cache that cannot run stale code.

It also gives word of when it compiles. Every kernel module takes `njit` from here.
Numba keys a cached kernel on the file that defines it, not on the files of the kernels
it calls or of the constants it reads: a changed callee would leave its callers running
the old code. So eureka's kernels are cached in a folder named by `key()`, a hash of the
kernel sources, of every eureka module they import, and of the versions of Numba and
Python: a change to any of them starts a new folder. The folder is under NUMBA_CACHE_DIR
when it is set, else under the user's cache directory (XDG_CACHE_HOME, or ~/.cache); of
the other keys' folders the KEPT newest stay.

    with jit.watched(started, ended):   # started() when a kernel begins to compile
        ...                             # (not when it loads from the cache), ended()

Importing this module imports no Numba: the first kernel defined does.
"""

import atexit
import functools
import gc
import hashlib
import json
import os
import platform
import re
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:                 # Windows: saves are not locked
    fcntl = None

PACKAGE = Path(__file__).resolve().parent
KEPT = 3
"""How many caches of other keys stay (other checkouts, other versions)."""
_KERNELS = re.compile(r"^\s*(?:from|import)\s+(?:numba|eureka\.jit)\b", re.MULTILINE)
_IMPORT = re.compile(r"^\s*(?:from|import)\s+(eureka(?:\.\w+)*)", re.MULTILINE)
_FROM = re.compile(r"^\s*from\s+(eureka(?:\.\w+)*)\s+import\s+\(?([\w\s,]+)", re.MULTILINE)
OPT = 2
"""LLVM's optimisation level for the kernels (Numba's default is 3): they compile faster
at the same speed (docs/BENCHMARKS.md, "First use"). NUMBA_OPT, when set, is obeyed."""
COLLECTING = (50_000, 20, 20)
"""The garbage collector's thresholds while a kernel compiles: it runs, since a compile
leaves cyclic garbage that would raise the peak memory, but seldom, since collecting
often slows the compile down."""
_watchers: list = []
_plans: list = []
_planning = threading.RLock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_plans.clear)     # a forked worker plans nothing


def _file(module: str) -> Path | None:
    """The source file of the eureka module `module`, if it is one."""
    parts = module.split(".")[1:]
    for path in (PACKAGE.joinpath(*parts).with_suffix(".py"),
                 PACKAGE.joinpath(*parts, "__init__.py")):
        if path.is_file():
            return path
    return None


def sources() -> list[Path]:
    """The kernel modules and every eureka module they import, directly or not.

    The kernel modules are those that import Numba or this module; together with their
    imports they are what a kernel's compiled code can depend on.
    """
    texts = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
    todo = [path for path, text in texts.items() if _KERNELS.search(text)]
    found = set()
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        text = texts[path]
        names = set(_IMPORT.findall(text))
        for package, imported in _FROM.findall(text):   # from eureka.x import module
            names.update(f"{package}.{name.split()[0]}" for name in imported.split(",")
                         if name.split())
        todo.extend(f for f in map(_file, names) if f is not None)
    return sorted(found)


def key() -> str:
    """A hash of the sources a kernel can depend on, the compiler's versions and its level.

    The level is the optimisation level; the machine's architecture is hashed too.
    """
    import numba

    digest = hashlib.sha256()
    for part in (numba.__version__, sys.version, platform.machine(), repr(_optimised())):
        digest.update(part.encode())
    for path in sources():
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def folder() -> Path:
    """Where the kernels of these sources are cached."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        base = Path(root)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "eureka"
    return base / f"kernels-{key()}"


def _prune(kept: Path) -> None:
    """Remove the caches of other keys beside `kept`, all but the newest KEPT."""
    others = sorted((p for p in kept.parent.glob("kernels-*") if p != kept and p.is_dir()),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in others[KEPT:]:
        shutil.rmtree(old, ignore_errors=True)


@functools.cache
def cache() -> Path | None:
    """The folder of the kernel cache, made now; None when none can be written.

    Without one the kernels compile in every process. Making the folder removes the
    caches of other keys but the newest KEPT.
    """
    path = folder()
    if not path.is_dir():
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        _prune(path)
    return path if os.access(path, os.W_OK) else None


def njit(**options):
    """Numba's njit decorator with `options`, the kernel cached in `cache()` when asked.

    `options` are numba.njit's; with `cache=True` the kernel is cached in `cache()`
    (when there is one). The folder is Numba's for this decoration only: other Numba
    code in the process keeps its own, and Numba re-reading NUMBA_CACHE_DIR later cannot
    move eureka's. The kernels compile for their arguments' types, not their values.
    """
    import numba

    _listen()
    _optimised()
    where = cache()
    options["cache"] = options.get("cache", False) and where is not None
    compiler = numba.njit(**options)

    def decorate(function):
        before = numba.config.CACHE_DIR
        numba.config.CACHE_DIR = str(where)
        try:
            kernel = _planned(_by_type(compiler(function)))
            return _locked(kernel) if options["cache"] else kernel
        finally:
            numba.config.CACHE_DIR = before

    return decorate


def plain(function):
    """The kernel helper `function` compiled without Numba's reference counts, cached.

    `function` must allocate no array. Passing it arrays costs no atomic increments, so
    the hot loops can call it (rather than have it inlined, which compiles slower).
    """
    return njit(cache=True, _nrt=False)(function)


def inlined(function):
    """The kernel helper `function` compiled without reference counts, inlined by LLVM.

    `function` must allocate no array; LLVM inlines it into every caller.
    """
    return njit(cache=True, _nrt=False, forceinline=True)(function)


@functools.cache
def _optimised():
    """The optimisation level the kernels compile at: OPT unless NUMBA_OPT is set.

    Set before Numba's compiler starts (the first compile in the process).
    """
    import numba

    if "NUMBA_OPT" not in os.environ:
        numba.config.OPT = numba.config._OptLevel(OPT)
    return numba.config.OPT


def _by_type(dispatcher):
    """The kernel `dispatcher`, compiled for the types of its arguments only, not values.

    Numba compiles a kernel once more for every constant another kernel passes it
    (`f(a, 0)` beside `f(a, i)`: one specialisation for the literal 0): compiles that
    cost time and gain nothing at run time.
    """
    from numba.core import types

    ask = dispatcher.get_call_template

    def get_call_template(args, kws):
        return ask(tuple(map(types.unliteral, args)),
                   {name: types.unliteral(t) for name, t in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def _locked(dispatcher):
    """The kernel `dispatcher`, saving into the disk cache one process at a time.

    Numba saves a kernel by reading the function's index, adding to it and writing it
    back; two processes saving two signatures of one function at once (a command and its
    helper, eureka.ahead, or `eureka warm`'s pool) could pair an index entry with the
    other's code. A lock on the cache folder's `.lock` file makes each save whole.
    """
    cached = getattr(dispatcher, "_cache", None)
    save = getattr(cached, "save_overload", None)
    if fcntl is None or save is None or cache() is None:
        return dispatcher

    def locked(signature, data):
        with open(cache() / ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                save(signature, data)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    cached.save_overload = locked
    return dispatcher


def _planned(dispatcher):
    """The kernel `dispatcher`, running the plan of `before_compiling` first when needed.

    The plan runs before a call finds no compiled code in the process (and so compiles
    the kernel, or loads it from the cache). Other threads that call an uncompiled
    kernel meanwhile wait for the plan to end: else one would compile on its own what
    the plan shares out.
    """
    compile_for_args = dispatcher._compile_for_args

    def planned(*args, **kws):
        with _planning:
            try:
                plan = _plans.pop()
            except IndexError:
                pass
            else:
                plan()
        return compile_for_args(*args, **kws)

    dispatcher._compile_for_args = planned
    return dispatcher


@contextmanager
def before_compiling(plan):
    """Within the block, `plan` is called once, before the first kernel called is compiled.

    Nothing runs when every kernel called is already compiled in the process, or when
    none is called; the watchers (`watched`) hear of the compiles the plan makes.
    """
    _plans.append(plan)
    try:
        yield
    finally:
        if plan in _plans:
            _plans.remove(plan)


@contextmanager
def watched(started, ended):
    """A block within which `started` and `ended` are told of each kernel's compile.

    `started()` is called when a kernel begins to compile and `ended()` when it is
    compiled: its callees' compiles are part of it, and a kernel loaded from the cache
    calls neither.
    """
    watcher = (started, ended)
    _watchers.append(watcher)
    try:
        yield
    finally:
        _watchers.remove(watcher)


@functools.cache
def _listen() -> None:
    """Tells the watchers of each outermost compile, from Numba's compile events.

    It also runs the cyclic garbage collector while a kernel compiles, even where it is
    off; with EUREKA_COMPILE_LOG set, it writes there at exit, as JSON
    (eureka.benchmarks.compile): {"kernels": each kernel compiled and its own seconds
    (its callees' compiles taken out), "compiled": each of eureka's kernels compiled, in
    the order they were done, as module, name, argument types (eureka.signatures'
    form, or None where it has none), own seconds, and the kernels it calls among them
    (their places in the list), "outermost": the places of the outermost compiles}.
    """
    from numba.core import event

    log = os.environ.get("EUREKA_COMPILE_LOG")
    records: list = []
    compiled: list = []             # (dispatcher, argument types, own seconds)
    outermost: list = []
    stack: list = []

    class Listener(event.Listener):
        def on_start(self, started):
            dispatcher = started.data["dispatcher"]
            stack.append([dispatcher, tuple(started.data["args"]), time.perf_counter(), 0.0,
                          (gc.isenabled(), gc.get_threshold())])
            if len(stack) == 1:
                gc.enable()                 # compiling leaves cyclic garbage: collect it
                gc.set_threshold(*COLLECTING)
                for begun, _ended in list(_watchers):
                    begun()

        def on_end(self, _):
            dispatcher, args, start, inner, (collecting, threshold) = stack.pop()
            took = time.perf_counter() - start
            func = dispatcher.py_func
            if func.__module__.startswith("eureka."):
                compiled.append((dispatcher, args, round(took - inner, 3)))
            if stack:
                stack[-1][3] += took
            else:
                if func.__module__.startswith("eureka."):
                    outermost.append(len(compiled) - 1)
                gc.set_threshold(*threshold)    # then as the caller had it (the console
                if not collecting:              # scripts run without the collector)
                    gc.disable()
                for _begun, ended in list(_watchers):
                    ended()
            records.append((f"{func.__module__}.{func.__qualname__}", took - inner))

    event.register("numba:compile", Listener())
    if log:
        atexit.register(lambda: Path(log).write_text(json.dumps(
            {"kernels": records, "compiled": _calls(compiled), "outermost": outermost})))


def _calls(compiled: list) -> list:
    """The log's "compiled" list (see _listen) from `compiled` (dispatcher, types, seconds).

    Which kernels each calls is read from the libraries its code links in.
    """
    from eureka import signatures

    place = {}
    for i, (dispatcher, args, _) in enumerate(compiled):
        done = dispatcher.overloads.get(args)
        if done is not None:
            place[id(done.library)] = i
    out = []
    for dispatcher, args, seconds in compiled:
        done = dispatcher.overloads.get(args)
        linked = getattr(done.library, "_linking_libraries", ()) if done else ()
        try:
            types = [signatures.written(t) for t in args]
        except signatures.Unwritable:
            types = None
        func = dispatcher.py_func
        out.append([func.__module__, func.__qualname__, types, seconds,
                    sorted({place[id(lib)] for lib in linked if id(lib) in place})])
    return out
