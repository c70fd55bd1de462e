"""A numbers listing: the search against turning its equations into text, and peak memory.

    python -m eureka.benchmarks.listing [--cards 1 2 3 4 5 6 7 8] [--target 32]
                                        [--jsonl] [--limit N] [--repeats N]
                                        [--reference PYTHON]

Each run is a fresh process that solves the hand (the search: tables and every distinct
form), then renders its lines as `eureka solve` prints them (each card count's heading
and its equations; the first N equations with --limit; JSON lines with --jsonl) into
/dev/null, block by block. It reports the CPU seconds
of each stage, the lines written and the process's peak RSS. With --reference (the
Python of another eureka install, e.g. the code before a change) the two installs take
turns, run by run, and the medians are compared: the target is a render no slower than
the search (render/search <= 1).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from functools import partial

BLOCK = 4096


def measure(cards, target, jsonl, limit) -> dict:
    """One run in this process: CPU seconds of the search and of the render, and more.

    Solves `cards` to `target` (Pitagoras with any cards) keeping `limit` equations
    (None: all), then writes the listing to /dev/null, as `eureka solve` prints it or,
    with `jsonl`, as JSON lines. Returns {"search_s", "render_s", "lines" (written),
    "peak_mb" (the process's peak RSS)}.
    """
    import gc
    import resource
    import time
    from itertools import islice

    from eureka.pitagoras import GAME

    GAME.any_numbers().solve([1, 2, 3], 6)     # the engine imported, its kernels loaded
    gc.disable()                                # as the command line runs
    clock = time.process_time
    began = clock()
    result = GAME.any_numbers().solve(cards, target, trees=False, limit=limit)
    searched = clock()
    lines = (map(partial(json.dumps, ensure_ascii=False), result.json_lines()) if jsonl
             else text_lines(result))
    written = 0
    with open(os.devnull, "w", encoding="utf-8") as sink:
        while block := "\n".join(islice(lines, BLOCK)):
            sink.write(block + "\n")
            written += block.count("\n") + 1
    rendered = clock()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"search_s": searched - began, "render_s": rendered - searched,
            "lines": written, "peak_mb": peak}


def text_lines(result):
    """The listing's lines of `result` as `eureka solve` prints them.

    Each card count's heading, then its equations, a group's lines as one block (the
    benchmark may not import the command line itself).
    """
    is_ = f" = {result.target}"
    room = result.distinct_equations if result.limit is None else \
        min(result.limit, result.distinct_equations)
    for n, group in result.by_cards().items():
        yield f"  {n} cards: {len(group):,}"
        if room > 0:
            yield _text(group, room, is_)
        room -= len(group)


def _text(group, stop: int, is_: str) -> str:
    """The lines of a group's first `stop` equations, each followed by `is_`.

    From its Equation objects in an install without Group.text (a reference install of
    a version before issue 12).
    """
    if hasattr(group, "text"):
        return group.text(stop=stop, prefix="    ", suffix=is_)
    return "\n".join(["    " + e.text + is_ for e in list(group)[:stop]])


def run(python, args, env=None) -> dict:
    """One measured run in a fresh process of `python` (in the environment `env`).

    `args` are this command's options (cards, target, jsonl, limit). Returns the dict
    the child's measure printed.
    """
    command = [python, os.path.abspath(__file__), "--child", "--target", str(args.target),
               "--cards", *map(str, args.cards)]
    command += ["--jsonl"] if args.jsonl else []
    command += ["--limit", str(args.limit)] if args.limit is not None else []
    out = subprocess.run(command, check=True, capture_output=True, text=True,
                         env=env).stdout
    return json.loads(out.splitlines()[-1])


def main(argv=None) -> None:
    """Times the listing in fresh processes, with a reference install by turns if given.

    `argv`: the command-line arguments (default: sys.argv[1:]), as the module's docstring
    shows. With --child it runs one measure in this process and prints it as JSON (how
    run calls it).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=list(range(1, 9)))
    parser.add_argument("--target", type=int, default=32)
    parser.add_argument("--jsonl", action="store_true")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference", help="the Python of a reference install")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.cards, args.target, args.jsonl, args.limit)))
        return
    pythons = {"this": (sys.executable, None)}
    if args.reference:          # its own install: not this one's PYTHONPATH
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        pythons["reference"] = (args.reference, env)
    for python, env in pythons.values():                # fills the kernel caches
        run(python, argparse.Namespace(**{**vars(args), "cards": args.cards[:4]}), env)
    runs = {name: [] for name in pythons}
    for _ in range(args.repeats):                       # the installs take turns
        for name, (python, env) in pythons.items():
            runs[name].append(got := run(python, args, env))
            print(f"{name:9} search {got['search_s']:6.2f} s  render {got['render_s']:6.2f} s"
                  f"  {got['lines']:,} lines  peak {got['peak_mb']:,.0f} MB", flush=True)
    medians = {name: {key: statistics.median(r[key] for r in found) for key in found[0]}
               for name, found in runs.items()}
    print(f"cards {' '.join(map(str, args.cards))} -> {args.target}"
          f"{' --jsonl' if args.jsonl else ''}"
          f"{f' --limit {args.limit}' if args.limit is not None else ''}, "
          f"medians of {args.repeats}:")
    for name, m in medians.items():
        print(f"  {name:9} search {m['search_s']:.2f} s, render {m['render_s']:.2f} s "
              f"(render/search {m['render_s'] / m['search_s']:.2f}), "
              f"peak {m['peak_mb']:,.0f} MB")
    if args.reference:
        this, ref = medians["this"], medians["reference"]
        print(f"  this/reference: render {this['render_s'] / ref['render_s']:.2f}, "
              f"search {this['search_s'] / ref['search_s']:.2f}, "
              f"peak {this['peak_mb'] / ref['peak_mb']:.2f}")


if __name__ == "__main__":
    main()
