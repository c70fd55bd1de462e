"""Binary heaps for the kernels, over arrays the caller owns (nothing is allocated).

The largest values seen, kept in a min-heap, and a heap sort.
"""

from eureka.jit import inlined, plain


@inlined
def keep_largest(heap, hn, limit, value):
    """Offers `value` to a min-heap that keeps the `limit` largest values offered.

    The heap is the first `hn` items of `heap`; once full, heap[0] is the smallest of
    them. Returns the new `hn`.
    """
    if hn < limit:
        heap[hn] = value
        i = hn
        while i > 0 and heap[(i - 1) // 2] > heap[i]:
            heap[i], heap[(i - 1) // 2] = heap[(i - 1) // 2], heap[i]
            i = (i - 1) // 2
        return hn + 1
    if value > heap[0]:
        heap[0] = value
        i = 0
        while True:
            small, a, b = i, 2 * i + 1, 2 * i + 2
            if a < hn and heap[a] < heap[small]:
                small = a
            if b < hn and heap[b] < heap[small]:
                small = b
            if small == i:
                break
            heap[i], heap[small] = heap[small], heap[i]
            i = small
    return hn


@plain
def heapsort(buf, n):
    """Sorts the first `n` items of `buf` in place, ascending."""
    for root in range(n // 2 - 1, -1, -1):
        _sift(buf, root, n)
    for end in range(n - 1, 0, -1):
        top = buf[0]
        buf[0] = buf[end]
        buf[end] = top
        _sift(buf, 0, end)


@plain
def _sift(buf, root, n):
    """Move buf[root] down the max-heap buf[:n] to its place."""
    v = buf[root]
    child = 2 * root + 1
    while child < n:
        if child + 1 < n and buf[child + 1] > buf[child]:
            child += 1
        if buf[child] <= v:
            break
        buf[root] = buf[child]
        root = child
        child = 2 * root + 1
    buf[root] = v
