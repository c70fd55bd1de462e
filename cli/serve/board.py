"""The Mathable board as the page draws it, from the library's board."""

from eureka.mathable import board


def board_document() -> dict:
    """The empty board as the page draws it: its size, columns, squares and printed tokens.

    {"size", "columns", "squares": rows of '.', an operation or '2X'/'3X', "start":
    {cell: the printed token}}.
    """
    squares = [[board.SQUARES[(r, c)].kind for c in range(board.SIZE)] for r in range(board.SIZE)]
    start = {f"{board.COLUMNS[c]}{r + 1}": v for (r, c), v in sorted(board.START.items())}
    return {"size": board.SIZE, "columns": board.COLUMNS, "squares": squares, "start": start}


def position_document(text: str) -> dict:
    """The position `text` (the text grid or JSON) as the page holds it.

    {"cells": {cell: value} besides the printed tokens, "rack": [...]}. Raises EurekaError
    if the text cannot be read.
    """
    from eureka.mathable.position import parse

    position = parse(text)
    cells = {board.cell_name(cell): value for cell, value in sorted(position.grid.items())
             if board.START.get(cell) != value}
    return {"cells": cells, "rack": list(position.rack)}
