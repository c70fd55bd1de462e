"""The Mathable board as the page draws it, from the library's board."""

from eureka.mathable import board as B


def board_document() -> dict:
    """{"size", "columns", "squares": rows of '.', an operation or '2X'/'3X', "start":
    {cell: the printed token}}."""
    squares = [[B.SQUARES[(r, c)].kind for c in range(B.SIZE)] for r in range(B.SIZE)]
    start = {f"{B.COLUMNS[c]}{r + 1}": v for (r, c), v in sorted(B.START.items())}
    return {"size": B.SIZE, "columns": B.COLUMNS, "squares": squares, "start": start}


def position_document(text: str) -> dict:
    """A position's text (the text grid or JSON) as the page holds it: {"cells": {cell:
    value} besides the printed tokens, "rack": [...]}; EurekaError if it cannot be
    read."""
    from eureka.mathable.position import parse

    position = parse(text)
    cells = {B.cell_name(cell): value for cell, value in sorted(position.grid.items())
             if B.START.get(cell) != value}
    return {"cells": cells, "rack": list(position.rack)}
