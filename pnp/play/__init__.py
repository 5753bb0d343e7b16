"""Playing whole games: simulations and the interactive sessions, over an engine and its scorer."""
