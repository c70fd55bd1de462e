"""The search over a hand of cards: value tables, reachability and every distinct form.

`HandSearch` builds the kernels' tables for one hand and one ruleset, then answers
questions about any target.  The tables stop one card short of the whole hand (two, in
the positive domain without ^, from four cards on); larger sub-hands are searched
top-down from their stored parts, so a query about one target costs far less than the
table of everything the whole hand can make.  One kernel call per target finds the
graph its forms are made from (kernels.value_graph); Python then builds the forms, the
parts first, each once.
"""

import threading
from functools import lru_cache
from math import comb

import numpy as np

from eureka import ops
from eureka.errors import HandError, SearchTooLarge
from eureka.numbers import kernels, normal_form
from eureka.numbers.form_bound import form_bounds
from eureka.numbers.rules import Rules

VALUE_BUDGET = 100_000_000   # values stored, or made for one table, at most (8 bytes)
FORM_BUDGET = 3_000_000      # normal forms built at most, parts included (a listing
                             # holds each form with its texts: this bounds its memory)
SLOT_BITS = [int(b) for b in kernels.SLOT_BITS]
EVERY, ONE, REACH = 0, 1, 2     # what a graph of forms is for (see kernels.value_graph)
PARTS = [(int(a), int(b)) for a, b in kernels.PART_SLOTS]
_scratch = threading.local()


def marks() -> np.ndarray:
    """The calling thread's scratch marks for the kernels (see kernels.new_marks)."""
    if not hasattr(_scratch, "marks"):
        _scratch.marks = kernels.new_marks()
    return _scratch.marks


@lru_cache(maxsize=1024)
def _numbering(mult: tuple) -> tuple:
    """SubHands' arrays for values held mult[k] times each."""
    stride = np.cumprod([1] + [m + 1 for m in mult[:-1]]).astype(np.int64)
    count = int(np.prod([m + 1 for m in mult]))
    digits = np.arange(count)[:, None] // stride[None, :]
    cnt = (digits % (np.array(mult) + 1)[None, :]).astype(np.int64)
    size = cnt.sum(axis=1)
    order = np.argsort(size[1:], kind="stable").astype(np.int64) + 1
    sizes = size.tolist()
    by_size = sorted(range(1, count), key=lambda X: (-sizes[X], X))
    upto = np.cumsum(np.bincount(size[1:], minlength=sum(mult) + 1)).tolist()
    return stride, cnt, size, order, cnt.tolist(), by_size, upto



# The tables' size, predicted before they are built, so that a hand beyond the budget
# is refused at once rather than after minutes and gigabytes.

PROBE_CARDS = 5
"""Sub-hands of up to this many cards are built to measure how the tables grow: few
enough that measuring costs little beside the search."""


def predicted_values(hand, largest: int, cap: int, build) -> int:
    """The values the tables of every sub-hand of `hand` of up to `largest` cards would hold.

    `hand` is a SubHands; `build`(n) gives the engine's (data, start, stop, ok) for the
    first n sub-hands of hand.order. The tables of up to PROBE_CARDS cards are built,
    the larger ones extrapolated at the rate the last size grew by (itself growing as it
    did from the size before), and never above every value up to `cap` in every slot.
    Returns 2**62 when the built tables already pass their budget (not ok).
    """
    sizes = hand.size[hand.order]
    probe = min(largest, PROBE_CARDS)
    data, start, stop, ok = build(int(np.searchsorted(sizes, probe, side="right")))
    if not ok:
        return 2**62
    span = stop[:, -1] - start[:, 0]
    per_size = [max(span[hand.order[sizes == s]].mean(), 1.0) if s >= 1 else 1.0
                for s in (probe - 2, probe - 1, probe)]
    growth = per_size[2] / per_size[1]
    speedup = max(growth * per_size[0] / per_size[1], 1.0)   # powers grow ever faster
    total, mean = float(len(data)), per_size[2]
    for s in range(probe + 1, largest + 1):
        growth *= speedup
        mean = min(mean * growth, start.shape[1] * (cap + 2.0))
        total += mean * int(np.sum(sizes == s))
    return int(min(total, 2.0**62))


def refuse_beyond(hand, largest: int, cap: int, build, budget: int, what: str) -> None:
    """Raises SearchTooLarge when the tables would hold more than `budget` values.

    Called before the tables are built: those of the sub-hands of `hand` (a SubHands)
    of up to `largest` cards are predicted (see predicted_values, which takes `cap` and
    `build`); `what` names the tables in the error's message. Nothing is predicted, and
    nothing raised, for `largest` up to PROBE_CARDS.
    """
    if largest <= PROBE_CARDS:
        return
    predicted = predicted_values(hand, largest, cap, build)
    if predicted > budget:
        raise SearchTooLarge(
            f"{what} would hold about {predicted:,} values, more than the engine's "
            f"budget ({budget:,}); use fewer cards, or --best for one best equation")


class SubHands:
    """The sub-multisets of a hand, numbered in mixed radix (see kernels).

    `vals` are the distinct card values, `stride` and `cnt` the numbering (sub-hand X
    holds cnt[X, k] copies of vals[k]), `size` the cards of each sub-hand, `order` the
    non-empty sub-hands by size, the smallest first; `by_size`: all but the empty one,
    the largest first; `upto`[s]: how many of them hold at most s cards; `count` is the
    number of sub-hands and `full` the whole hand's. The arrays depend only on how many
    times each value is held, and are shared by the hands held alike: they are never
    changed.
    """

    def __init__(self, cards):
        cards = list(cards)
        self._values = sorted(set(cards))
        self.vals = np.array(self._values, dtype=np.int64)
        (self.stride, self.cnt, self.size, self.order, self._counts, self.by_size,
         self.upto) = _numbering(tuple(map(cards.count, self._values)))
        self.count = len(self._counts)
        self.full = self.count - 1

    def cards(self, X: int) -> tuple:
        """The card values of sub-hand `X`, ascending."""
        return tuple(v for v, c in zip(self._values, self._counts[X]) for _ in range(c))


def checked_cards(cards, rules: Rules, most: int) -> list[int]:
    """The `cards` as ints, refusing an empty hand, too many cards, or a card not allowed.

    Raises HandError for no cards or a card outside `rules` (below rules.lowest or above
    the cap), SearchTooLarge for more than `most` cards.
    """
    cards = [int(c) for c in cards]
    if not cards:
        raise HandError("no cards given")
    if len(cards) > most:
        raise SearchTooLarge(f"{len(cards)} cards is more than this search allows ({most})")
    for c in cards:
        if not rules.lowest <= c <= rules.cap:
            raise HandError(f"card {c} is outside the numbers this game allows "
                            f"({rules.lowest} to {rules.cap})")
    return cards


class HandSearch:
    """Everything a hand can make under a ruleset, queried target by target."""

    def __init__(self, cards, rules: Rules, budget: int | None = None):
        """Builds the value tables of the hand `cards` under `rules`.

        `budget`: the values the tables may hold (default VALUE_BUDGET); a hand that
        needs more raises SearchTooLarge (before the tables are built when it can be
        predicted). The cards are checked as checked_cards checks them, up to
        rules.max_cards.
        """
        budget = VALUE_BUDGET if budget is None else budget
        cards = checked_cards(cards, rules, rules.max_cards)
        self.rules = rules
        self.hand = SubHands(cards)
        self._args = (bool(rules.domain == "positive"),
                      ops.mask(rules.ops), int(rules.cap))
        n = len(cards)
        # The tables stop one card short of the hand, or two where no zero or power can
        # make one value stand for many (then parts are confirmed top-down).
        shallow = rules.domain == "positive" and "^" not in rules.ops and n >= 4
        self.largest_stored = n - 2 if shallow else max(n - 1, 1)
        self.n_stored = self.hand.upto[self.largest_stored]
        refuse_beyond(self.hand, self.largest_stored, rules.cap, self._tables(budget),
                      budget, f"the tables of {n} cards under these rules")
        data, start, stop, ok = kernels.build_tables(
            self.hand.vals, self.hand.cnt, self.hand.stride, self.hand.order,
            self.n_stored, *self._args, budget, marks())
        if not ok:
            raise SearchTooLarge(
                f"the values of {n} cards under these rules exceed the engine's memory "
                f"budget ({budget:,} values); use fewer cards or operations")
        self.data, self.start, self.stop = data, start, stop
        self.stored = np.zeros(self.hand.count, dtype=np.bool_)
        self.stored[self.hand.order[:self.n_stored]] = True
        self.leaf = dict(zip(self.hand.stride.tolist(), self.hand.vals.tolist()))
        self._leaf_of = np.full(self.hand.count, -1, np.int64)
        self._leaf_of[self.hand.stride] = self.hand.vals
        self._forms: dict = {}          # value -> its FormGraph over every sub-hand
        self._forms_built = 0

    # -- values --------------------------------------------------------------------
    def reaches(self, value: int, X: int | None = None) -> bool:
        """Whether the cards of sub-hand `X` (default: any sub-hand) can make `value`."""
        if not self.rules.lowest <= value <= self.rules.cap:
            return False
        if X is not None and self.stored[X]:
            values = self.values(X)
            i = int(np.searchsorted(values, value))
            return i < len(values) and int(values[i]) == value
        roots = self.hand.by_size if X is None else [X]
        return self._graph(value, roots, REACH)[0].max() >= 0

    def hands_reaching(self, value: int) -> list[int]:
        """Every sub-hand with an equation of `value`, the largest first."""
        if not self.rules.lowest <= value <= self.rules.cap:
            return []
        return [X for X, u in zip(self.hand.by_size, self._every(value).reached) if u >= 0]

    def values(self, X: int) -> np.ndarray:
        """Every value the stored sub-hand `X` can make, sorted."""
        return self.data[self.start[X, kernels.ALL]:self.stop[X, kernels.ALL]]

    def closest(self, target: int, how_many: int) -> list:
        """The `how_many` values nearest `target` that some sub-hand makes, nearest first.

        The target itself is left out; the lower comes first on a tie. Returns Python
        numbers. Builds the whole hand's table (see all_values).
        """
        values = self.all_values()
        values = values[values != target]
        i = int(np.searchsorted(values, target))
        below, above = values[max(0, i - how_many):i][::-1], values[i:i + how_many]
        near = sorted(list(below) + list(above), key=lambda v: (abs(v - target), v))
        return [v.item() if hasattr(v, "item") else v for v in near[:how_many]]

    def all_values(self) -> np.ndarray:
        """Every value some sub-hand makes, sorted (builds the whole hand's table).

        Raises SearchTooLarge when that table would pass VALUE_BUDGET values.
        """
        h = self.hand
        refuse_beyond(h, int(h.size[h.full]), self.rules.cap, self._tables(VALUE_BUDGET),
                      VALUE_BUDGET, "the table of every value of the hand")
        data, start, stop, ok = kernels.build_tables(h.vals, h.cnt, h.stride, h.order,
                                                     len(h.order), *self._args, VALUE_BUDGET,
                                                     marks())
        if not ok:
            raise SearchTooLarge(f"the values of all {int(h.size[h.full])} cards exceed the "
                                 f"engine's memory budget ({VALUE_BUDGET:,} values)")
        parts = [data[start[X, kernels.ALL]:stop[X, kernels.ALL]] for X in range(1, h.count)]
        return np.unique(np.concatenate(parts))

    def _tables(self, budget: int):
        """The tables of the first n sub-hands of hand.order, as a function of n."""
        h = self.hand
        return lambda n: kernels.build_tables(h.vals, h.cnt, h.stride, h.order, n, *self._args,
                                              budget, marks())

    # -- forms ---------------------------------------------------------------------
    def forms(self, value: int, X: int) -> frozenset:
        """Every admitted normal form over exactly the cards of sub-hand `X` making `value`.

        Raises SearchTooLarge past FORM_BUDGET forms built.
        """
        if not self.rules.lowest <= value <= self.rules.cap:
            return frozenset()
        graph = self._every(value)
        return self._built(graph, graph.root.get(int(X), -1))

    def forms_bound(self, value: int) -> int:
        """At most how many forms listing `value` over every sub-hand builds, none built.

        See FormGraph.bound.
        """
        if not self.rules.lowest <= value <= self.rules.cap:
            return 0
        graph = self._every(value)
        return graph.bound(0, len(graph.value))

    def forms_of(self, value: int, roots) -> list:
        """The forms of `value` over each sub-hand of `roots`, as forms(value, X) gives them.

        Raises SearchTooLarge, before any form is built, when they would hold more than
        FORM_BUDGET forms together.
        """
        if not self.rules.lowest <= value <= self.rules.cap:
            return [frozenset() for _ in roots]
        graph = self._every(value)
        nodes = [graph.root.get(int(X), -1) for X in roots]
        self._built(graph, max(nodes, default=-1))
        return [self._built(graph, u) for u in nodes]

    def graph_of(self, value: int) -> "FormGraph | None":
        """The graph forms_of(`value`, ...) built its forms from (None before it ran)."""
        return self._forms.get(value)

    def _every(self, value) -> "FormGraph":
        """The graph of every form of value over every sub-hand (kept)."""
        graph = self._forms.get(value)
        if graph is None:
            graph = self._forms[value] = FormGraph(
                self.hand.by_size, *self._graph(value, self.hand.by_size, EVERY),
                hand=self.hand)
        return graph

    def one_form(self, value: int, X: int) -> tuple | None:
        """Some admitted normal form over exactly sub-hand `X` making `value` (None: none)."""
        if not self.rules.lowest <= value <= self.rules.cap:
            return None
        X = int(X)
        graph = FormGraph([X], *self._graph(value, [X], ONE))
        found = self._built(graph, graph.root.get(X, -1))
        return next(iter(found), None)

    def _graph(self, value, roots, mode):
        """The graph the forms of value over each root (sub-hand) are built from.

        Returns kernels.value_graph's (reached, value, leaf, end, edges) arrays.
        """
        return kernels.value_graph(
            int(value), np.array(roots, np.int64), mode, self._leaf_of, self.stored,
            self.data, self.start, self.stop, self.hand.cnt, self.hand.stride, *self._args)

    def _built(self, graph, u) -> frozenset:
        """The forms of node u of the graph (-1: none), building the nodes up to u not built.

        Raises SearchTooLarge past FORM_BUDGET forms, bounded before any is built.
        """
        forms, value, leaf, end, edges = (graph.forms, graph.value, graph.leaf, graph.end,
                                          graph.edges)
        if self._forms_built + graph.bound(len(forms), u + 1) > FORM_BUDGET:
            raise _too_many()               # before building any of them
        cards: dict = {}        # value -> a card's forms, shared by its nodes of any slot
        first = end[len(forms) - 1] if forms else 0
        for i in range(len(forms), u + 1):
            if leaf[i] and first == end[i]:     # a card and nothing else
                found = cards.get(value[i])
                if found is None:
                    found = cards[value[i]] = frozenset(((normal_form.LEAF, value[i]),))
            else:
                found = [(normal_form.LEAF, value[i])] if leaf[i] else []
                for kind, a, b in edges[first:end[i]]:
                    join, A, B = JOINED[kind], forms[a], forms[b]
                    if len(A) == 1 == len(B):   # the most common by far
                        found.append(join(*A, *B))
                    else:
                        found += [join(fa, fb) for fa in A for fb in B]
                first = end[i]
                found = frozenset(found)
            self._forms_built += len(found)
            if self._forms_built > FORM_BUDGET:
                raise _too_many()           # a safety net: the bound comes first
            forms.append(found)
        return forms[u] if u >= 0 else frozenset()

    # -- expression trees ------------------------------------------------------------
    def count_trees(self, value: int | None = None) -> int:
        """How many expression trees (Hutton's count) make `value` (None: of any value)."""
        h = self.hand
        n = int(h.size[h.full])
        every = value is None
        if not every and not self.rules.lowest <= value <= self.rules.cap:
            return 0
        n_stored = len(h.order) if every else h.upto[max(n - 1, 1)]
        binom = np.array([[comb(i, j) for j in range(11)] for i in range(11)], np.int64)
        tv, tc, start, stop = kernels.tree_tables(h.vals, h.cnt, h.stride, h.order, n_stored,
                                                  *self._args, binom)
        return int(kernels.count_trees(-1 if every else value, every, n_stored, h.order, tv, tc,
                                       start, stop, h.cnt, h.stride, *self._args, binom))


class FormGraph:
    """The forms of one value over some roots (sub-hands), built node by node from a graph.

    It takes the arrays of kernels.value_graph, and optionally the SubHands `hand` the
    graph is over (used for the bound when the values are whole): node i makes
    value[i], is a card when leaf[i], and is made by the edges (kind, part a, part b)
    edges[end[i - 1]:end[i]]; parts come first. root[X] is the node of root X (-1: no
    form); forms[i]: the forms of the nodes built so far.
    """

    def __init__(self, roots, reached, value, leaf, end, edges, hand=None):
        self._arrays = leaf, end, edges
        self._value = value
        self._hand = hand if value.dtype == np.int64 else None   # see form_bound
        self.reached = reached.tolist()
        self.root = dict(zip(roots, self.reached))
        self.value, self.leaf, self.end, self.edges = (value.tolist(), leaf.tolist(),
                                                       end.tolist(), edges.tolist())
        self.forms: list = []
        self._made: list | None = None

    def bound(self, first: int, stop: int) -> int:
        """At most how many forms the nodes `first` to `stop` - 1 hold together.

        A node holds at most its card plus, per edge, the product of its parts' bounds
        (each node's bound stops growing past FORM_BUDGET); with the cards known, a sum
        or product of repeated cards is counted once (form_bound).
        """
        if self._made is None:
            made = form_bounds(*self._arrays, self._value, self._hand, FORM_BUDGET + 1)
            self._made = made.tolist()
        return self._made[stop] - self._made[first]


def _too_many() -> SearchTooLarge:
    return SearchTooLarge(
        f"more than {FORM_BUDGET:,} equations and parts of equations to list; "
        f"ask for the best answer only (--best) or use fewer cards")


def edges_graph(search, value, roots, mode):
    """What HandSearch._graph returns, built in Python from the rows of `search`._edges.

    For a `search` whose rows are all exact (every part stored, as in the fraction
    domain): the graph of the forms of `value` over each sub-hand of `roots`, with every
    edge (`mode` EVERY) or one edge a node (ONE). Returns the arrays (reached, value, leaf, end,
    edges), the values as Python numbers.
    """
    number: dict = {}
    made, leaf, end, edges = [], [], [], []

    def visit(slot, X, v):
        key = (slot, X, v)
        if key not in number:
            rows = search._edges(slot, X, v, int(mode == ONE))
            edges.extend([(kind, visit(PARTS[kind][0], A, a), visit(PARTS[kind][1], B, b))
                          for kind, A, a, B, b in rows])
            made.append(v)
            leaf.append(bool(SLOT_BITS[slot] & kernels.LEAF_BIT) and search.leaf.get(X) == v)
            end.append(len(edges))
            number[key] = len(made) - 1
        return number[key]

    reached = [visit(kernels.ALL, X, value) if search.reaches(value, X) else -1 for X in roots]
    return (np.array(reached, np.int64), np.array(made, object), np.array(leaf, np.bool_),
            np.array(end, np.int64), np.array(edges, np.int64).reshape(-1, 3))


SUM, PRODUCT, POWER = normal_form.SUM, normal_form.PRODUCT, normal_form.POWER


def _sum(fa, fb) -> tuple:
    return SUM, tuple(sorted((fa, *fb[1]) if fb[0] == SUM else (fa, fb))), ()


def _difference(fa, fb) -> tuple:
    return SUM, fa[1] if fa[0] == SUM else (fa,), fb[1] if fb[0] == SUM else (fb,)


def _product(fa, fb) -> tuple:
    return PRODUCT, tuple(sorted((fa, *fb[1]) if fb[0] == PRODUCT else (fa, fb))), ()


def _ratio(fa, fb) -> tuple:
    return (PRODUCT, fa[1] if fa[0] == PRODUCT else (fa,),
            fb[1] if fb[0] == PRODUCT else (fb,))


def _power(fa, fb) -> tuple:
    return POWER, fa, fb


JOINED = (_sum, _difference, _product, _ratio, _power)
"""By kind (kernels.PLUS ... POW are 0 ... 4): the form of a root of that kind over
parts fa and fb (see kernels.PART_SLOTS), as normal_form.make_sum, make_product and
make_power make it.  A part's terms (factors) are its own when it is a sum (product),
else the part itself; those of a part made of added terms (or factors) only are sorted
already, so that a difference (or ratio) of two such parts needs no sort."""
