"""Text the renderers share: a listing grouped by card count, and a hint."""

from eureka.text import plural


def listing_lines(groups: dict, shown: int, limit, line=None, heading=None,
                  indent: str = "  ", lines=None):
    """The lines of a listing grouped by card count, yielded one by one.

    `groups` maps a card count n to its entries. Each group gives its heading (`heading`
    called as heading(n, group), by default '2 cards (11):'), then its entries (`line`
    called as line(entry), after `indent`), `shown` entries in all; what --limit (`limit`,
    named in that line) leaves out is counted in a '... K more' line. Given `lines`,
    called as lines(group, k, indent) for the lines of a group's first k entries,
    indented, made at once as one text, each group's entries come as one block instead.
    """
    heading = heading or (lambda n, group: f"{plural(n, 'card')} ({len(group)}):")
    room = shown
    for n, group in groups.items():
        yield heading(n, group)
        if lines is None:
            yield from (indent + line(entry) for entry in group[:room])
        elif room > 0:
            yield lines(group, room, indent)
        if len(group) > room:
            yield f"{indent}... {len(group) - room:,} more (--limit {limit})"
        room = max(0, room - len(group))


def hint_body(h, answer: str | None, as_ascii: bool = False) -> list:
    """The lines of the hint `h`: its verdict, then its first step or the whole answer.

    At level 2 the first step follows; when `answer` is given (level 3), it follows
    worked step by step. The steps are written in ASCII under `as_ascii`.
    """
    lines = [h.verdict()]
    if h.level == 2 and h.steps:
        lines.append(f"Start with {h.steps[0].text(as_ascii)}")
    if answer is not None:
        lines.append(f"The simplest answer: {answer}")
        lines += [f"  {step.text(as_ascii)}" for step in h.steps]
    return lines
