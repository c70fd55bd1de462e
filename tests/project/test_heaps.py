"""eureka.heaps, the kernels' heaps, against Python's sort."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from eureka.heaps import heapsort, keep_largest

VALUES = st.lists(st.integers(-2**62, 2**62), max_size=60)


@given(VALUES, st.integers(1, 20))
def test_keep_largest_keeps_the_largest_values_offered(values, limit):
    heap, hn = np.empty(limit, np.int64), 0
    for v in values:
        hn = keep_largest(heap, hn, limit, v)
        assert heap[0] == min(heap[:hn])                 # the root is the smallest kept
    assert sorted(heap[:hn].tolist()) == sorted(values)[len(values) - hn:]
    assert hn == min(limit, len(values))


@given(VALUES, st.integers(0, 5))
def test_heapsort_sorts_its_prefix_and_leaves_the_rest(values, extra):
    buf = np.array(values + [7] * extra, np.int64)
    heapsort(buf, len(values))
    assert buf.tolist() == sorted(values) + [7] * extra
