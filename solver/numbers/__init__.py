"""The arithmetic-expression engine: cards and rules in, every distinct equation out.

Start with `solve.solve(cards, target, rules)`; presets of `rules.Rules` live in
`solver.pitagoras` and `solver.countdown`.
"""
