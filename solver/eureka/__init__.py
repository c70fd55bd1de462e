"""The eureka package: exact solvers for arithmetic card and board games.

Every game is one contract object: its preset (the whole ruleset) and its verbs
(`solve`, `check`, `score`, `simulate`, as the game has them), each returning a result
with `to_json()`; every check returns a `Verdict`.

    >>> import eureka
    >>> sorted(eureka.GAMES)[:3]
    ['arithmetikus', 'arquimedes', 'arvuutin']
    >>> pitagoras = eureka.game("pitagoras")

The names below are imported when first used, so `import eureka` loads no kernel:

- `game(name)`: the contract object of a registered game;
- `GAMES`: the registry, game name -> `GameEntry` (title, summary, verbs, modules);
- `Result`, `Verdict`: what the verbs return (eureka.contract);
- `EurekaError`: the base class of every input error eureka raises (a ValueError);
- `schema(id)`, `all_schemas()`: the JSON Schemas the results name.

docs/API.md has worked examples.
"""

import importlib

__version__ = "0.1.0"

_LAZY = {   # name -> (module, attribute), imported on first use
    "GAMES": ("eureka.games", "GAMES"),
    "GameEntry": ("eureka.games", "GameEntry"),
    "Result": ("eureka.contract", "Result"),
    "Verdict": ("eureka.contract", "Verdict"),
    "EurekaError": ("eureka.errors", "EurekaError"),
    "schema": ("eureka.schemas", "schema"),
    "all_schemas": ("eureka.schemas", "all_schemas"),
}
__all__ = ["__version__", "game", "GAMES", "GameEntry", "Result", "Verdict", "EurekaError",
           "schema", "all_schemas"]


def game(name: str):
    """The contract object of the registered game `name`, imported now.

    `name` is one of 'pitagoras', 'countdown', 'game24', 'numbers', 'mathable',
    'arquimedes', 'arithmetikus', 'arvuutin'. Raises EurekaError for an unknown name.
    """
    from eureka.errors import EurekaError
    from eureka.games import GAMES

    if name not in GAMES:
        raise EurekaError(f"no game {name!r}; the games are: {', '.join(GAMES)}")
    return GAMES[name].load()


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'eureka' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__():
    return sorted({*globals(), *_LAZY})
