"""Readers of the paper: photos of our printed sheets read into the text a player would
type, above the layouts (which say where everything is) and the scorers (which check it)."""
