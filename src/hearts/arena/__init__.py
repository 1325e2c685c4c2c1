"""Tournaments between computer players: duplicate matches, a ladder, reports."""
