"""Layouts: game data to pages of display items. Pure: no renderer is imported here."""
