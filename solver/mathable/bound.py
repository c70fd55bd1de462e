"""The most the tokens left could still add to a turn, given caps on each placement's
multiplier (kernels.caps): the bound of the branch and bound, shared by the search
(kernels.py) and the round of joins (components.py)."""

import numpy as np

from eureka.jit import njit


@njit(cache=True, inline="always")
def order_bound(rack_vals, left, cap, shift, bonus, best):
    """The most the tokens left could still add to the turn, given caps: each token's
    value × cap[k, i + shift] when i tokens go down before it, maximised over the
    orders (exactly for up to 6 tokens, else relaxed), plus the bonus unless some token
    can never go down."""
    nv = rack_vals.size
    r = 0
    for k in range(nv):
        r += left[k]
    if r == 0:
        return 0
    tok = np.empty(r, dtype=np.int64)
    t = 0
    placeable = True
    for k in range(nv):
        for _ in range(left[k]):
            tok[t] = k
            t += 1
        if left[k] > 0 and cap[k, r - 1 + shift] == 0:
            placeable = False
    if r <= 6:
        best[0] = 0
        for mask in range(1, 1 << r):
            i, m = shift - 1, mask
            while m:
                i += 1
                m &= m - 1
            top = 0
            for t in range(r):
                if mask >> t & 1:
                    top = max(top, best[mask ^ (1 << t)] + rack_vals[tok[t]] * cap[tok[t], i])
            best[mask] = top
        total = best[(1 << r) - 1]
    else:
        every, each = 0, 0
        for t in range(r):
            every += rack_vals[tok[t]] * cap[tok[t], r - 1 + shift]
        for i in range(r):
            top = 0
            for t in range(r):
                top = max(top, rack_vals[tok[t]] * cap[tok[t], i + shift])
            each += top
        total = min(every, each)
    return total + (bonus if placeable else 0)
