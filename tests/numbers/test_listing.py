"""Listings: each equation's text as the slow renderer writes it, the listing's order,
and the first N of it (--limit, streaming) exactly the first N of the whole."""


from hypothesis import given
from hypothesis import strategies as st

from eureka import pitagoras
from eureka.numbers import normal_form
from eureka.numbers.graph_texts import GraphTexts
from eureka.numbers.solve import Group, search_for, solve
from eureka.ops import to_ascii
from tests.oracle import infix as oracle
from tests.strategies import hands, rulesets


@st.composite
def listings(draw, max_size=5):
    """A hand, its rules and a target it reaches (often with many equations)."""
    rules = draw(rulesets())
    cards = draw(hands(rules, max_size))
    values = search_for(cards, rules).all_values().tolist()
    target = draw(st.sampled_from(values[:200]))
    return cards, target, rules


@given(listings())
def test_texts_as_the_slow_renderer_writes_them(problem):
    cards, target, rules = problem
    shared, shared_ascii = normal_form.texts(), normal_form.texts(ascii=True)
    for eq in solve(cards, target, rules).equations:
        assert eq.text == normal_form.infix(eq.form) == shared(eq.form) == oracle.infix(eq.form)
        assert eq.ascii == to_ascii(eq.text) == shared_ascii(eq.form) \
            == oracle.infix(eq.form, ascii=True)
        assert eq.cards == normal_form.cards(eq.form)


@given(listings(), st.integers(0, 40), st.booleans())
def test_a_groups_text_is_the_slow_listing(problem, stop, ascii):
    """Group.text (made from the graph of the forms, sortable texts sorted, then
    printable) lists what the slow renderer writes, in the slow order."""
    cards, target, rules = problem
    for group in solve(cards, target, rules).groups:
        slow = [oracle.infix(e.form, ascii) for e in oracle.listing_order(group.listed())]
        assert group.text(ascii) == "\n".join(slow)
        assert group.text(ascii, stop) == "\n".join(slow[:stop])
        assert group.text(ascii, stop, prefix="    ", suffix=f" = {target}") == "\n".join(
            f"    {text} = {target}" for text in slow[:stop])


@given(listings())
def test_equal_solutions_compare_equal(problem):
    cards, target, rules = problem
    assert solve(cards, target, rules) == solve(cards, target, rules)


@given(listings())
def test_graph_texts_cover_every_node_of_a_whole_number_listing(problem):
    """The graph's texts are the forms' own: never given up on (then the forms would be
    rendered one by one) and, for every node of the graph, its forms' texts."""
    cards, target, rules = problem
    for group in solve(cards, target, rules).groups:
        if group.graph is None:
            assert rules.domain == "fraction"
            continue
        text, symbols = normal_form.renderer(sortable=True)
        of_node = GraphTexts(group.graph, symbols)
        for node, (_, forms) in zip(group.nodes, group.found):
            assert sorted(of_node(node)) == sorted(text(f) for f in forms)
        for node, forms in enumerate(group.graph.forms):
            assert sorted(of_node(node)) == sorted(text(f) for f in forms)


@given(listings(), st.data())
def test_texts_with_a_joker(problem, data):
    """A joker's mark leaves the parts of a form out of order: still the same text."""
    cards, target, rules = problem
    for eq in solve(cards, target, rules).equations[:20]:
        marked = normal_form.with_joker(eq.form, data.draw(st.sampled_from(eq.cards)))
        assert normal_form.infix(marked) == oracle.infix(marked)


@given(listings(), st.integers(0, 40))
def test_the_first_n_are_the_first_n_of_the_whole_listing(problem, limit):
    cards, target, rules = problem
    solution = solve(cards, target, rules)
    whole = solution.equations
    assert [e.form for e in whole] == [e.form for e in oracle.listing_order(whole)]
    assert [g.size for g in solution.groups] == sorted({len(e.cards) for e in whole},
                                                       reverse=True)
    assert solution.distinct == len(whole) == sum(len(g) for g in solution.groups)
    first = list(solution.listing(limit))
    assert [(e.text, e.cards) for e in first] == [(e.text, e.cards) for e in whole[:limit]]


def test_a_group_is_rendered_only_when_listed(monkeypatch):
    """--limit: the groups past the limit are counted, never rendered."""
    rendered, listed = [], Group.listed
    monkeypatch.setattr(Group, "listed",
                        lambda group, *stop: rendered.append(group.size) or
                        listed(group, *stop))
    result = pitagoras.GAME.solve([2, 7, 6, 12, 15], 32, limit=3)
    assert len(result.shown) == 3 and result.distinct_equations == 23
    assert rendered == [5]
