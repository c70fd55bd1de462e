"""Every legal play of a state, listed by the kernels, and the play to make."""

import numpy as np

from eureka.arquimedes import kernels
from eureka.arquimedes.results import Advice
from eureka.arquimedes.state import Play, State


def plays(state: State) -> list:
    """Every legal play of `state`, the most cards first, then the most points shed."""
    buffer = np.empty(kernels.MAX_PLAYS, np.int64)
    hands = kernels.counts(state.hand)[None]                        # one seat: 0
    n = kernels.list_plays(state.top.value or 0, int(state.top.free), hands, 0, state.ops_mask,
                           buffer)
    rows = kernels.rows(buffer[:n]).tolist()        # columns FIRST .. TOP (kernels)
    found = [Play(t, op, a, av, b, bv) for a, av, b, bv, op, t in rows]
    return sorted(found, key=lambda p: (p.second == 0, -p.shed, p))


def recommend(state: State, legal: list) -> Advice:
    """The Advice for `state`, given its `legal` plays as `plays` lists them.

    A play that empties the hand; else the one that sheds the most points, then leaves
    the top that the unseen cards can answer in the fewest ways (then the first by its
    text).  With no legal play, the rules' move: draw a card, or pass when the draw pile
    is empty.
    """
    if not legal:
        return Advice("pass" if state.draw_pile == 0 else "draw")
    for play in legal:
        if state.empties(play):
            return Advice("play", play, "empties-hand")
    unseen = kernels.counts(state.unseen_cards())
    ways = {p: int(kernels.openness(p.new_top, unseen, state.ops_mask)) for p in legal}
    best = min(legal, key=lambda p: (-p.shed, ways[p], p.text()))
    return Advice("play", best, "sheds-most", ways[best])
