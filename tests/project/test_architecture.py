"""docs/ARCHITECTURE.md's map of the code ("Where things are") names every module of the
package, each where it is, and names no module that is not there."""

import re

from tests.paths import DOCS, PACKAGE, ROOT

TREES = {"solver/eureka": PACKAGE, "cli": ROOT / "cli", "benchmarks": ROOT / "benchmarks"}
NAMES = re.compile(r"^((?:[\w<>]+\.py)(?:,\s*[\w<>]+\.py)*),?(?:\s|$)")


def _map_lines() -> list:
    text = (DOCS / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text[text.index("## Where things are"):]
    return section.split("```")[1].splitlines()[1:]


def mapped() -> set:
    """The modules the map names, as paths from the repository root: a line that starts
    with a folder ('numbers/') opens it for the lines indented below it; a line that
    starts with module names ('game.py, params.py') names them in the open folder."""
    folders, found = [], set()                    # (indent, path) of the open folders
    for line in _map_lines():
        body = line.lstrip()
        indent = len(line) - len(body)
        while folders and folders[-1][0] >= indent:
            folders.pop()
        first = body.split(" ", 1)[0]
        if first.endswith("/") and not folders:
            folders.append((indent, first.rstrip("/")))
        elif first.endswith("/"):
            folders.append((indent, f"{folders[-1][1]}/{first.rstrip('/')}"))
        elif folders and (names := NAMES.match(body)):
            found |= {f"{folders[-1][1]}/{n.strip()}" for n in names.group(1).split(",")}
    return {path for path in found if path.split("/")[0] != "tests"}


def modules() -> set:
    """Every module of the package's three trees (the links in solver/eureka not
    followed), __init__.py aside."""
    return {f"{name}/{p.relative_to(folder).as_posix()}"
            for name, folder in TREES.items() for p in folder.rglob("*.py")
            if p.name != "__init__.py" and "__pycache__" not in p.parts}


def test_the_map_names_every_module():
    assert sorted(modules() - mapped()) == []


def test_the_map_names_no_module_that_is_not_there():
    missing = {p for p in mapped() - modules() if not p.endswith("/__init__.py")}
    assert sorted(missing) == []


def test_the_map_reads_folders_and_names():
    assert {"solver/eureka/numbers/claim/verifier.py", "cli/serve/guard.py",
            "benchmarks/compile.py", "solver/eureka/pitagoras.py"} <= mapped()
