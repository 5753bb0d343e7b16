"""The Astra rules the engine enforces, each with an id. RULES.md gives every id's source
(a seed passage or a spec line)."""

from __future__ import annotations

from pnp.errors import PnpError

RULES: dict[str, str] = {
    # Set-up
    "astra.setup.players": "2 to 5 players, each named once by a single word",
    "astra.setup.deck": "the deck is the 48 constellation cards, each once",
    "astra.setup.scoring": "each player has a different Final Scoring card",
    # Turn structure
    "astra.turn.phase": "a step belongs to the phase the turn is in",
    "astra.turn.order": "only the player whose decision is due makes it",
    "astra.turn.over": "a log line is one player's turn: no step after that turn is over",
    "astra.game.over": "nothing is played after the last turn",
    "astra.action.skipped": "no Observe or Rest after an ability that skips the Action phase",
    "astra.action.required": "the Action phase is an Observe or a Rest",
    # Observe
    "astra.observe.card": "stars are marked on an undiscovered constellation around the board",
    "astra.observe.star": "a star is named by its number on the card",
    "astra.observe.start": "the first star on an unmarked card is its Starting star",
    "astra.observe.adjacent": "the first star touches a marked one, each next one the star before",
    "astra.observe.marked": "a marked star is never marked again",
    "astra.observe.stardust": "Observe needs 1 Stardust and costs 1 Stardust a star",
    "astra.observe.telescope": "each Observe after the first in a turn costs 1 Telescope",
    # Rest
    "astra.rest.once": "one Rest a turn, never with an Observe",
    # Abilities
    "astra.ability.owned": "an ability is used from a card the active player owns",
    "astra.ability.exhausted": "an ability is used only from an Active card, then exhausted",
    "astra.ability.targets": "an ability gets the targets its effect needs, and only those",
    "astra.ability.buy": "Telescopes are bought 1 or more at 3 Stardust each",
    # Discovery
    "astra.boon.helper": "only an assisting player (not the discoverer) picks a boon",
    "astra.boon.order": "assisting players pick by descending marks, tied ones together",
    "astra.boon.taken": "a boon crossed out by an earlier pick is not available",
    "astra.boon.index": "a boon is numbered 1 to 4 from the left",
    "astra.boon.activation": "Activation reactivates that many Exhausted cards, or all there are",
    "astra.discard.limit": "the discoverer discards owned cards down to exactly the card limit",
    # Two players: the Dreamer
    "astra.dream.card": "the dreamer pen marks an unmarked card if any, else any undiscovered "
    "one; of those, one with the most stars",
    "astra.dream.count": "the dreamer pen marks the active sphere's number of stars, fewer only "
    "when the path cannot go on",
    "astra.dream.boons": "a helper with fewer marks than the dreamer pen picks one of the two "
    "rightmost boons",
}


class RuleError(PnpError):
    """A step breaks a rule; ``rule`` is its id in ``RULES``."""

    def __init__(self, rule: str, message: str) -> None:
        assert rule in RULES, rule
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")
