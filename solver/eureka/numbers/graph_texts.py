"""The texts of a listing's equations, made from the graph their forms were built from.

The graph is an engine.FormGraph, walked node by node: each form's text is joined from
its two parts' entries, as the engine joined the form from the parts' forms
(engine.JOINED), so that no form is looked at, its value is its node's, and a sum's
terms come in order from its parts'. The texts are normal_form.texts' own
(tests/numbers/test_listing.py compares them).

An entry of a node's form: (-value, kind, key, text, text as a factor, parts). Parts
are shown as normal_form.texts shows them, the larger value first, then the smaller form
(_before): key is the form of a card, else (edge, a, b), the edge and the parts'
entries the form was joined from (the form is built only when two parts tie on value
and kind); parts are the entries of a sum's added terms or of a product's factors in
order (None with any taken away: such a form is never joined into another).
"""

from bisect import insort

from eureka.numbers import normal_form
from eureka.numbers.engine import JOINED
from eureka.numbers.kernels import DIFF, PLUS, POW, RATIO, TIMES


def _form(entry) -> tuple:
    """The form of an entry (built anew unless a card's)."""
    if entry[1] == normal_form.LEAF:
        return entry[2]
    edge, a, b = entry[2]
    return JOINED[edge](_form(a), _form(b))


def _order(entry) -> tuple:
    """An entry's place among a form's parts, its form compared when need be."""
    return entry[0], entry[1], _form(entry)


def _before(x, y) -> bool:
    """Whether the part x is shown before the part y (both entries)."""
    if x[0] != y[0]:
        return x[0] < y[0]
    if x[1] != y[1]:
        return x[1] < y[1]
    return _form(x) < _form(y)                 # a tie on value and kind: rare


class GraphTexts:
    """The texts of the forms of a graph's nodes, called as texts(u) for node u.

    texts(u) gives the texts of every form of node u of `graph` (an engine.FormGraph), in
    no order, written with the signs `symbols` (by operation code, see
    normal_form.renderer); None when a part is not of the shape the engine joins (then
    render the forms one by one). The entries of the nodes below are kept for all the
    nodes asked; the texts asked for are made without entries.
    """

    def __init__(self, graph, symbols: dict):
        self.graph = graph
        self.plus, self.minus, self.times, self.divide, self.power = (
            symbols[code] for code in "+-*/^")
        self.made: list = [None] * len(graph.forms)     # by node: its entries, or False
        self.sides = {kind: [None] * len(graph.forms)
                      for kind in (normal_form.SUM, normal_form.PRODUCT)}

    def __call__(self, u: int) -> list | None:
        """The texts of every form of node `u`, in no order (None: not of a joined shape)."""
        return self._node(u, whole=False)

    def _node(self, u: int, whole: bool = True) -> list | None:
        """The entries of node u's forms (whole), else their texts.

        None when they are not of the shapes joined here.
        """
        graph, made = self.graph, self.made
        value = graph.value[u]
        card = (-value, normal_form.LEAF, normal_form.leaf(value), str(value), str(value), None)
        found = [card if whole else card[3]] if graph.leaf[u] else []
        for edge, a, b in graph.edges[graph.end[u - 1] if u else 0:graph.end[u]]:
            A = made[a]
            if A is None:
                A = self._node(a)
            B = made[b]
            if B is None:
                B = self._node(b)
            joined = A and B and self._joined(edge, a, b, A, B, -value, whole)
            if not joined:
                found = False
                break
            found += joined
        else:
            if len(found) != len(graph.forms[u]):       # one form made by two edges
                once = {e[3]: e for e in found} if whole else dict.fromkeys(found)
                found = len(once) == len(graph.forms[u]) and list(once.values() if whole
                                                                   else once)
        if whole:
            made[u] = found
        return found or None

    def _joined(self, edge, a, b, A, B, key, whole) -> list | None:
        """The entries (whole) or texts of the forms joined by this edge from parts in A and B."""
        if edge == PLUS:
            return _merged(edge, A, B, key, whole, normal_form.SUM, self.plus, 3)
        if edge == TIMES:
            return _merged(edge, A, B, key, whole, normal_form.PRODUCT, self.times, 4)
        if edge == DIFF or edge == RATIO:
            kind = normal_form.SUM if edge == DIFF else normal_form.PRODUCT
            sides = self.sides[kind]
            heads = sides[a] if sides[a] is not None else self._side(a, A, kind)
            tails = sides[b] if sides[b] is not None else self._side(b, B, kind)
            if not heads or not tails:
                return None
            return _over(A, B, key, whole, kind, heads[0], tails[1])
        assert edge == POW
        texts = [_atom(ea) + self.power + _atom(eb) for ea in A for eb in B]
        if not whole:
            return texts
        return [(key, normal_form.POWER, (edge, ea, eb), text, text, None)
                for (ea, eb), text in zip(((ea, eb) for ea in A for eb in B), texts)]

    def _side(self, u, entries, kind) -> tuple | bool:
        """Node u's forms as the added and as the taken part of a difference or a ratio.

        A difference for kind SUM, a ratio for PRODUCT. Returns (added texts, taken
        texts), or False if one of the forms has parts taken already.
        """
        sign, shown = (self.minus, 3) if kind == normal_form.SUM else (self.divide, 4)
        found = self.sides[kind][u] = not any(e[1] == kind and e[5] is None
                                              for e in entries) and (
            [e[3] if e[1] == kind else e[shown] for e in entries],
            ["".join([sign + p[shown] for p in e[5]]) if e[1] == kind
             else sign + e[shown] for e in entries])
        return found


def _merged(edge, A, B, key, whole, kind, sign, shown) -> list | None:
    """The entries (whole) or texts of a + b (or a × b) for a in A, b in B.

    a is placed among b's terms (b's factors), in order. None when b's parts are not
    known (b has parts taken away).
    """
    made = []
    add = made.append
    sum_ = kind == normal_form.SUM
    for eb in B:
        if eb[1] == kind:
            parts = eb[5]
            if parts is None:
                return None
            ties = {(e[0], e[1]) for e in parts}   # a part tying with one: ordered by form
            for ea in A:
                joined = list(parts)
                insort(joined, ea, key=_order if (ea[0], ea[1]) in ties else None)
                text = sign.join([e[shown] for e in joined])
                add((key, kind, (edge, ea, eb), text, "(" + text + ")" if sum_ else text,
                     joined) if whole else text)
        elif whole:
            tb, v = eb[shown], eb[0]
            for ea in A:
                if ea[0] < v if ea[0] != v else _before(ea, eb):
                    text, joined = ea[shown] + sign + tb, (ea, eb)
                else:
                    text, joined = tb + sign + ea[shown], (eb, ea)
                add((key, kind, (edge, ea, eb), text, "(" + text + ")" if sum_ else text,
                     joined))
        else:
            tb, v = eb[shown], eb[0]
            made += [ea[shown] + sign + tb if (ea[0] < v if ea[0] != v else _before(ea, eb))
                     else tb + sign + ea[shown] for ea in A]
    return made


def _over(A, B, key, whole, kind, heads, tails) -> list:
    """The entries (whole) or texts of a − b (or a ÷ b) for a in A, b in B.

    a's terms are added (heads), b's taken (tails).
    """
    if not whole:
        return [head + tail for tail in tails for head in heads]
    sum_, edge = kind == normal_form.SUM, DIFF if kind == normal_form.SUM else RATIO
    return [(key, kind, (edge, ea, eb), text, "(" + text + ")" if sum_ else text, None)
            for eb, tail in zip(B, tails) for ea, head in zip(A, heads)
            for text in [head + tail]]


def _atom(entry) -> str:
    """A base or an exponent: bracketed unless it is a single card."""
    return entry[3] if entry[1] == normal_form.LEAF else "(" + entry[3] + ")"
