"""Queries on a hand: every distinct equation, the most and fewest cards, the closest miss."""

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby, zip_longest
from operator import itemgetter
from typing import Any

from eureka.contract import json_of
from eureka.errors import SearchTooLarge
from eureka.numbers import engine, normal_form, simplicity
from eureka.numbers.best import BestSearch
from eureka.numbers.engine import HandSearch
from eureka.numbers.graph_texts import GraphTexts
from eureka.numbers.rational import FractionSearch
from eureka.numbers.rules import Rules
from eureka.ops import to_ascii


@dataclass(repr=False, slots=True)
class Equation:
    """One distinct equation: its normal form, value, the cards it uses and its text.

    The cards and the text are worked out from the form unless given.
    """

    form: tuple
    value: int                # a Fraction when the fraction domain's value is not whole
    cards: tuple = None
    text: str = None

    def __post_init__(self):
        if self.cards is None:
            self.cards = normal_form.cards(self.form)
        if self.text is None:
            self.text = normal_form.infix(self.form)

    @property
    def ascii(self) -> str:
        """The equation's text in ASCII."""
        return to_ascii(self.text)

    def shown(self, ascii: bool = False) -> str:
        """The equation and its value: '(15 + 7 + 6 − 12) × 2 = 32' (in ASCII with `ascii`)."""
        return f"{self.ascii if ascii else self.text} = {self.value}"

    def __repr__(self) -> str:
        return f"Equation({self.shown()!r})"

    def to_json(self) -> dict:
        """The equation as a JSON object: its text, in ASCII, value, cards and card count."""
        return {"equation": self.text, "ascii": self.ascii, "value": json_of(self.value),
                "cards": list(self.cards), "card_count": len(self.cards)}


SIMPLEST_FIRST_UP_TO = 10_000
"""A group of up to this many equations is listed simplest first (simplicity.py); a
larger one shortest first, as reading every equation would cost more than the search."""


@dataclass(frozen=True)
class Group:
    """The equations using one number of cards, in listing order.

    The simplest come first (simplicity.cost; up to SIMPLEST_FIRST_UP_TO equations, else
    the shortest first), then the shortest, then alphabetical. Counted when found; rendered
    only when listed (`group[:n]`, iteration, `text`), anew each time, so that a listing
    holds one group's equations at a time (`text` keeps the parts of equations, made once
    for every group of the solution, in `shared` while the solution lives).
    """

    size: int                 # the cards each equation uses
    value: int
    found: tuple              # ((cards of a sub-hand, its forms), ...)
    graph: Any = field(default=None, compare=False, repr=False)
    """The graph the forms were built from (engine.FormGraph)."""
    nodes: tuple = field(default=(), compare=False, repr=False)
    """Each sub-hand's node in the graph."""
    shared: dict = field(default_factory=dict, compare=False, repr=False)
    """What the groups of one solution share: the texts of the graph's nodes."""

    def __len__(self) -> int:
        return sum(len(forms) for _, forms in self.found)

    def __iter__(self):
        return iter(self.listed())

    def __getitem__(self, part: slice) -> list:
        """The equations listed in this part (a slice: rendering is for many at once)."""
        if part.start is None and part.step is None:
            return self.listed(part.stop) if part.stop is None or part.stop > 0 else []
        return self.listed()[part]

    @property
    def simplest_first(self) -> bool:
        """Whether the group is listed simplest first (up to SIMPLEST_FIRST_UP_TO equations)."""
        return len(self) <= SIMPLEST_FIRST_UP_TO

    def listed(self, stop: int | None = None) -> list:
        """The first `stop` equations of the group (None: all), in listing order."""
        text = normal_form.texts(sortable=True)   # one group's shared parts: rendered once each
        found = [(text(f), f, cards) for cards, forms in self.found for f in forms]
        if self.simplest_first:
            read, cost = simplicity.reader(), simplicity.cost
            found.sort(key=lambda row: (cost(read(row[1])), len(row[0]), row[0]))
        else:
            found.sort(key=_first)
            found.sort(key=_length_of_first)
        return [Equation(f, self.value, cards, normal_form.readable(t))
                for t, f, cards in found[:stop]]

    def simplest(self) -> Equation:
        """The simplest equation of the group, however many it holds.

        It is the first the group lists when it lists the simplest first. Only the equations of
        the lowest cost are rendered, to break ties.
        """
        read, cost = simplicity.reader(), simplicity.cost
        costs = [(cost(read(f)), f, cards) for cards, forms in self.found for f in forms]
        low = min(c for c, _, _ in costs)
        text = normal_form.texts(sortable=True)
        t, f, cards = min(((text(f), f, cards) for c, f, cards in costs if c == low),
                          key=lambda row: (len(row[0]), row[0]))
        return Equation(f, self.value, cards, normal_form.readable(t))

    def text(self, ascii: bool = False, stop: int | None = None, prefix: str = "",
             suffix: str = "") -> str:
        """The texts of the first `stop` equations (None: all) in listing order, as printed.

        In ASCII with `ascii`; one a line, each between `prefix` and `suffix`. A listing's fast
        way, without Equation objects, made from the graph the forms were built from where
        known.
        """
        if self.simplest_first:
            made = "\n".join(prefix + e.text + suffix for e in self.listed(stop))
            return to_ascii(made) if ascii else made
        text, symbols = normal_form.renderer(sortable=True)
        of_node = None if self.graph is None else self.shared.get(id(self.graph))
        if of_node is None and self.graph is not None:
            of_node = self.shared[id(self.graph)] = GraphTexts(self.graph, symbols)
        found = []
        for (_, forms), node in zip_longest(self.found, self.nodes):
            made = of_node(node) if of_node else None
            found += made if made is not None else [text(f) for f in forms]
        found.sort()
        found.sort(key=len)
        if stop is not None:
            del found[max(stop, 0):]
        if not found:
            return ""
        return normal_form.readable(prefix + (suffix + "\n" + prefix).join(found) + suffix, ascii)


_first = itemgetter(0)


def _length_of_first(row) -> int:
    return len(row[0])


@dataclass(frozen=True)
class Equations:
    """Every distinct equation of a hand for one target, and the closest misses.

    The equations are grouped by card count, the most cards first; the closest misses are
    given when the target is missed.
    """

    cards: tuple
    target: int
    rules: Rules
    groups: tuple             # of Group, the most cards first
    closest: tuple            # of Equation: the nearest values, when the target is missed

    @cached_property
    def equations(self) -> tuple:
        """Every equation: the most cards first, then the shortest."""
        return tuple(e for group in self.groups for e in group)

    def listing(self, limit: int | None = None):
        """The first `limit` equations (None: all) in listing order, one group rendered at a time.

        The groups past the limit are not rendered.
        """
        room = limit
        for group in self.groups:
            if room is not None and room <= 0:
                return
            yield from group[:room]
            room = None if room is None else room - len(group)

    @property
    def reachable(self) -> bool:
        """Whether some equation makes the target."""
        return bool(self.groups)

    @property
    def distinct(self) -> int:
        """How many distinct equations make the target."""
        return sum(len(group) for group in self.groups)

    @property
    def most_cards(self) -> int:
        """The most cards an equation making the target uses (0: none makes it)."""
        return self.groups[0].size if self.groups else 0

    @property
    def fewest_cards(self) -> int:
        """The fewest cards an equation making the target uses (0: none makes it)."""
        return self.groups[-1].size if self.groups else 0


def search_for(cards, rules: Rules, budget: int | None = None) -> HandSearch:
    """The search over the hand `cards` for the number domain of `rules`.

    A FractionSearch in the fraction domain, else a HandSearch; `budget`: the values its
    tables may hold (see HandSearch).
    """
    if rules.domain == "fraction":
        return FractionSearch(cards, rules, budget)
    return HandSearch(cards, rules, budget)


def solve(cards, target: int, rules: Rules, closest: int = 2,
          search: HandSearch | None = None) -> Equations:
    """Every distinct equation of the hand `cards` making `target` under `rules`.

    When there is none, the solution holds one equation for each of the `closest` nearest
    values. `search` is a search over the same cards and rules to reuse (default: a new one,
    search_for). Raises SearchTooLarge past the engine's budgets.
    """
    search = search or search_for(cards, rules)
    size = search.hand.size
    hands = sorted(search.hands_reaching(target), key=lambda X: (-size[X], X))
    with collector_paused():
        found = [(int(size[X]), search.hand.cards(X), forms, X)
                 for X, forms in zip(hands, search.forms_of(target, hands))]
    graph = search.graph_of(target) if type(search) is HandSearch else None
    nodes = graph.root if graph is not None else {}   # (fractions: forms one by one)
    shared: dict = {}
    groups = tuple(Group(n, target, tuple((cards, forms) for _, cards, forms, _ in same),
                         graph, tuple(nodes[int(X)] for *_, X in same if nodes), shared)
                   for n, same in groupby((f for f in found if f[2]), key=lambda f: f[0])
                   for same in [list(same)])
    near = () if groups or not closest else tuple(
        best_equation(search, v) for v in search.closest(target, closest))
    return Equations(tuple(sorted(cards)), target, rules, groups, near)


def answered(cards, target: int, rules: Rules, equation: Equation) -> Equations:
    """The solution holding one `equation` only (a best answer, found without listing).

    `cards`, `target` and `rules` are the hand, the target and the rules it answers.
    """
    group = Group(len(equation.cards), target, ((equation.cards, (equation.form,)),))
    return Equations(tuple(sorted(cards)), target, rules, (group,), ())


@contextmanager
def collector_paused():
    """Pauses the cyclic garbage collector in the block it wraps (a context manager).

    Forms are acyclic tuples, made by the hundred thousand: the cyclic garbage collector only
    slows their making. It is enabled again at the end if it was before.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def best_equation(search: HandSearch, value: int) -> Equation | None:
    """One equation of `value` using as many cards as possible, without listing them all.

    Found by `search`; None when no sub-hand makes the value.
    """
    hands = search.hands_reaching(value)
    if not hands:
        return None
    largest = max(hands, key=lambda X: (search.hand.size[X], -X))
    return Equation(search.one_form(value, largest), value)


def most_cards(cards, target: int, rules: Rules, budget: int | None = None
               ) -> Equation | None:
    """The Pitagoras question: an equation of the hand `cards` with the most cards, or None.

    The equation makes `target` under `rules`; goal first (see best.py), else by the
    complete engine; either within `budget` values.
    """
    if rules.domain != "fraction":
        form, exact = BestSearch(cards, rules, budget).best(target)
        if exact:
            return None if form is None else Equation(form, target)
    return best_equation(search_for(cards, rules, budget), target)


# A listing's size, predicted from smaller hands, so that a listing far beyond the form
# budget is refused before the whole hand's tables are built (costly in time and memory
# on large hands).

PREDICTED_FROM = 10
"""Hands of at least this many cards are predicted; smaller ones are measured exactly
(their graph's bound, engine.FormGraph.bound), which is quick below it."""
MARGIN = 10
"""A listing is refused when predicted beyond MARGIN times the budget: the prediction
is an estimate, and one near the budget is left to the exact bound."""

PROBE_VALUES = engine.VALUE_BUDGET // 10
"""The values the smaller hands' tables may hold (80 MB): the whole hand's tables are
larger still, and their own prediction (engine.refuse_beyond) refuses them at once."""


def predicted_forms(cards, target: int, rules) -> float:
    """The forms listing `target` over the hand `cards` would build, extrapolated.

    Extrapolated from the bounds of the listings over its lowest n - 3 and n - 2 cards under
    `rules`, at the rate they grew by (0 when the smaller one makes nothing, or their tables
    are beyond PROBE_VALUES).
    """
    cards = sorted(cards)
    n = len(cards)
    try:
        smaller, small = (search_for(cards[:k], rules, PROBE_VALUES).forms_bound(target)
                          for k in (n - 3, n - 2))
    except SearchTooLarge:      # left to the whole hand's tables, refused at once
        return 0.0
    if not smaller:
        return 0.0
    rate = small / smaller
    return small * rate * rate


def refuse_huge_listing(cards, target: int, rules) -> None:
    """Raises SearchTooLarge when listing `target` over `cards` is predicted far too large.

    Checked before the tables are built, for a hand of PREDICTED_FROM cards or more under
    `rules`: the listing is refused when it is predicted to build more than MARGIN times the
    form budget.
    """
    if len(cards) < PREDICTED_FROM:
        return
    predicted = predicted_forms(cards, target, rules)
    if predicted > MARGIN * engine.FORM_BUDGET:
        raise SearchTooLarge(
            f"listing every equation of {len(cards)} cards would build about "
            f"{predicted:,.0f} equations and parts, far more than the budget "
            f"({engine.FORM_BUDGET:,}); ask for the best answer only (--best) or use "
            f"fewer cards")
