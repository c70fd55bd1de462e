"""Arvuutin: the answers a hand can give, a question resolved, and the final score."""
