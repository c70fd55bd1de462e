"""Arithmetikus: combinations for the Spielzahl (a preset of the numbers engine), claims
checked, and finished games scored in the rulebook's order."""
