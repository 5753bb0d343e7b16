"""Exports to other apps: BG Stats plays (link, JSON, QR code), Tabletop Simulator decks
and tables, the kit's HTML gallery. Know no game."""
