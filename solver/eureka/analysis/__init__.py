"""Questions about a game as a whole, answered exactly: every hand, every target."""
