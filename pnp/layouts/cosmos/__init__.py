"""Crafting the Cosmos: our edition's printables."""
