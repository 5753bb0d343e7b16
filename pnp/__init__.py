"""pnp: print-and-play kits and rules-checking scorers for star-themed games."""

__version__ = "0.1.0"
