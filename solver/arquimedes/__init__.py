"""Arquimedes (Knizia): plays, claims, round and game scoring, and simulated games."""
