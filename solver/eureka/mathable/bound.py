"""The most the tokens left could still add to a turn, given caps on each multiplier.

The caps (caps.py) bound each placement's multiplier; the bound is the one of the
branch and bound, shared by the search (search.py) and the round of joins
(components.py).
"""

from eureka.jit import inlined
from eureka.mathable.tokens import MAX_RACK

EXACT = 6
"""Up to this many tokens left, the bound is the best over every order; beyond, relaxed."""
TOKENS = 1 << EXACT
SCRATCH = TOKENS + MAX_RACK
"""The size of order_bound's scratch array: the best of each subset of the tokens left
(up to EXACT of them), then from TOKENS on, each token's rack index."""


@inlined
def order_bound(rack_vals, left, cap, shift, bonus, scratch):
    """The most the tokens left could still add to the turn, given caps.

    `rack_vals`: the rack's distinct values; `left`: how many tokens of each are left;
    `cap`: the caps, cap[k, b] for rack value k with b tokens down before it (caps.py);
    `shift`: how many placements go down before the tokens left, beyond those the caps
    count from; `bonus`: the full-rack bonus; `scratch`: an int64 array of SCRATCH
    entries, overwritten.

    Each token's value × cap[k, i + shift] when i tokens go down before it, maximised
    over the orders (exactly for up to EXACT tokens, else relaxed: the lesser of every
    token at its largest cap and the best token at each place), plus `bonus` unless
    some token can never go down (its last cap is 0). Returns 0 when no token is left.
    """
    nv = rack_vals.size
    r = 0
    for k in range(nv):
        r += left[k]
    if r == 0:
        return 0
    t = 0
    placeable = True
    for k in range(nv):
        for _ in range(left[k]):
            scratch[TOKENS + t] = k
            t += 1
        if left[k] > 0 and cap[k, r - 1 + shift] == 0:
            placeable = False
    if r <= EXACT:
        scratch[0] = 0
        for mask in range(1, 1 << r):
            i, m = shift - 1, mask
            while m:
                i += 1
                m &= m - 1
            top = 0
            for t in range(r):
                if mask >> t & 1:
                    k = scratch[TOKENS + t]
                    top = max(top, scratch[mask ^ (1 << t)] + rack_vals[k] * cap[k, i])
            scratch[mask] = top
        total = scratch[(1 << r) - 1]
    else:
        every, each = 0, 0
        for t in range(r):
            k = scratch[TOKENS + t]
            every += rack_vals[k] * cap[k, r - 1 + shift]
        for i in range(r):
            top = 0
            for t in range(r):
                k = scratch[TOKENS + t]
                top = max(top, rack_vals[k] * cap[k, i + shift])
            each += top
        total = min(every, each)
    return total + (bonus if placeable else 0)
