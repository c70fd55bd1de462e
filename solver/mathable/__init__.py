"""Mathable: the board, the rules and their scorer, positions and game records, the exact
best turn, claimed turns and self-play."""
