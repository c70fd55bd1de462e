"""A kernel's argument types written as JSON, and read back as Numba's types.

The record of the kernels each command compiles (eureka.ahead, data/kernels.json) keeps
their argument types in this form, readable and stable across runs:

- a scalar by its name: "int64", "uint64", "float64", "bool";
- a NumPy array as ["array", dtype, dimensions, layout], e.g. ["array", "int64", 2, "C"]
  (["array", ..., "C", "readonly"] when it is read-only);
- a tuple as ["tuple", [its items' types]], and a named tuple as
  ["namedtuple", "module.Class", [its fields' types]].

    >>> from numba.core import types
    >>> written(types.Array(types.int64, 2, "C"))
    ['array', 'int64', 2, 'C']
    >>> read(['array', 'int64', 2, 'C']) == types.Array(types.int64, 2, "C")
    True

Importing this module imports no Numba: reading or writing a type does.
"""

import importlib


class Unwritable(ValueError):
    """A type this form does not write, or a text it does not read."""


def written(numba_type):
    """The JSON form of the Numba type `numba_type`.

    Raises Unwritable for a type outside the form (a list, a string, a function...).
    """
    from numba.core import types

    if isinstance(numba_type, types.Array):
        form = ["array", written(numba_type.dtype), numba_type.ndim, numba_type.layout]
        return form + ["readonly"] if not numba_type.mutable else form
    if isinstance(numba_type, types.BaseNamedTuple):
        cls = numba_type.instance_class
        return ["namedtuple", f"{cls.__module__}.{cls.__qualname__}",
                [written(t) for t in numba_type.types]]
    if isinstance(numba_type, types.BaseAnonymousTuple):
        return ["tuple", [written(t) for t in numba_type.types]]
    if isinstance(numba_type, (types.Integer, types.Float, types.Boolean)):
        return str(numba_type)
    raise Unwritable(f"not a type the record writes: {numba_type}")


def read(form):
    """The Numba type written `form` (see written).

    Raises Unwritable for any other form, or a named tuple class that is not there.
    """
    from numba.core import types

    if isinstance(form, str):
        found = getattr(types, "boolean" if form == "bool" else form, None)
        if isinstance(found, (types.Integer, types.Float, types.Boolean)):
            return found
    elif isinstance(form, list) and form:
        kind, *rest = form
        if kind == "array" and len(rest) in (3, 4) and isinstance(rest[1], int) \
                and rest[2] in ("C", "F", "A") and rest[3:] in ([], ["readonly"]):
            return types.Array(read(rest[0]), rest[1], rest[2], readonly=bool(rest[3:]))
        if kind == "tuple" and len(rest) == 1 and isinstance(rest[0], list):
            return types.BaseTuple.from_types([read(t) for t in rest[0]])
        if kind == "namedtuple" and len(rest) == 2 and isinstance(rest[1], list):
            return types.BaseTuple.from_types([read(t) for t in rest[1]], _named(rest[0]))
    raise Unwritable(f"not a type the record writes: {form!r}")


def _named(path: str) -> type:
    """The named tuple class at `path` ("module.Class"); Unwritable when it is not one."""
    module, _, name = str(path).rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError):
        raise Unwritable(f"no named tuple {path!r}") from None
    if not (isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise Unwritable(f"not a named tuple: {path!r}")
    return cls
