"""Star Charts, a dice-drafting roll-and-write: charts, content, engine and checks."""
