"""Star Charts printables: player sheets, objective cards and the player aid."""
