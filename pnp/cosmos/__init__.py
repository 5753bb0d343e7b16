"""Crafting the Cosmos (Office Dog Games): its content as data, its rules and scoring."""
