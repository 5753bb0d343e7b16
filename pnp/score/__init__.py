"""Scoring finished games and reporting results."""
