"""A kernel's argument types written as JSON and read back (eureka.signatures)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba.core import types

from eureka import signatures
from eureka.mathable.search import Rack

SCALARS = [types.int64, types.int32, types.int8, types.uint64, types.float64, types.boolean]


def _types():
    scalar = st.sampled_from(SCALARS)
    array = st.builds(types.Array, scalar, st.integers(1, 4), st.sampled_from("CFA"),
                      readonly=st.booleans())
    return st.recursive(scalar | array, lambda inner: st.lists(inner, max_size=4).map(
        types.BaseTuple.from_types), max_leaves=8)


@given(_types())
def test_a_written_type_reads_back_as_itself(numba_type):
    form = json.loads(json.dumps(signatures.written(numba_type)))
    assert signatures.read(form) == numba_type


def test_a_named_tuple_is_written_by_its_class():
    rack = types.BaseTuple.from_types([types.Array(types.int64, 1, "C")] * 5
                                      + [types.int64] * 2, Rack)
    form = signatures.written(rack)
    assert form[:2] == ["namedtuple", "eureka.mathable.search.Rack"]
    assert signatures.read(form) == rack


@pytest.mark.parametrize("numba_type", [types.unicode_type, types.List(types.int64),
                                        types.none])
def test_a_type_outside_the_form_is_not_written(numba_type):
    with pytest.raises(signatures.Unwritable):
        signatures.written(numba_type)


@pytest.mark.parametrize("form", ["list", "nonsense", ["array", "int64", 1, "Q"],
                                  ["array", "int64"], ["array", "int64", "1", "C"],
                                  ["tuple", "int64"], ["namedtuple", "eureka.nowhere.Rack", []],
                                  ["namedtuple", "eureka.mathable.search.np", []],
                                  ["namedtuple", "tests.project.test_signatures.Missing", []],
                                  [], 7, None])
def test_a_form_outside_the_record_is_refused(form):
    with pytest.raises(signatures.Unwritable):
        signatures.read(form)
