"""The Crafting the Cosmos rules the engine enforces, each with an id. RULES.md ("Crafting
the Cosmos: rules the engine enforces") gives every id's seed passage or spec line."""

from __future__ import annotations

from pnp.errors import PnpError

RULES: dict[str, str] = {
    "cosmos.setup.players": "2 to 4 players, each named once",
    "cosmos.turn.decision": "an action answers the decision that is due",
    "cosmos.game.over": "nothing is played after the game has ended",
    "cosmos.shift.own": "you move your own energy token at least once",
    "cosmos.shift.moves": "energy tokens move a combined total of 1 to 3 spaces",
    "cosmos.shift.token": "only your own token and dark tokens move, from where they are",
    "cosmos.collect.card": "an energy card comes from a face-up display slot or the deck",
    "cosmos.collect.nebula": "a gained nebula comes from a stack that has a tile",
    "cosmos.place.nebula": "a nebula you hold goes on an empty nebula space",
    "cosmos.place.star": "a star you hold goes on an empty star space",
    "cosmos.place.life": "proto life goes on an empty life space next to your life "
    "(the starting space when you have none)",
    "cosmos.complete": "a nebula is completed once, with its stars on its corners "
    "(supernovae wild), discarding one star touching it",
    "cosmos.discharge": "a discharge needs a crystal waiting on the time chamber's top space",
    "cosmos.discharge.power": "only your own Time card that replaces the star replaces it",
    "cosmos.advanced": "advanced life needs a completed nebula without advanced life, all "
    "six life spaces around it filled, and a token left in the stack",
    "cosmos.power.slot": "a power card goes into an empty slot of yours",
    "cosmos.power.pay": "energy cards paid are in your hand and of the suit the cost asks",
    "cosmos.power.deck": "a power card is drawn from a deck that has one",
    "cosmos.power.keep": "you keep one of the cards drawn; the others go to the bottom",
    "cosmos.power.own": "you activate only a power card in one of your slots",
    "cosmos.power.cost": "a power card's cost is paid in full",
    "cosmos.power.cannot": "a power card is not used when its effect says you cannot",
    "cosmos.power.option": "one of the effect's alternatives",
    "cosmos.set": "5 matching energy cards score 6 points",
    "cosmos.slider.supernova": "a supernova resource flips one of your standard stars",
    "cosmos.slider.dna": "a DNA resource stabilizes one of your proto life",
    "cosmos.slider.graviton": "a graviton moves a star or life token (never a supernova) to "
    "an empty space of its kind, hopping over occupied spaces",
    "cosmos.step.target": "the target fits the effect being resolved",
    "cosmos.step.stop": "only an effect that says 'up to' stops early",
    "cosmos.omega": "the omega is a nebula of a size whose stack has a tile, or "
    "stabilizing a proto life",
    "cosmos.hand-limit": "a player over 10 energy cards discards down to exactly 10",
}


class RuleError(PnpError):
    """An action breaks a rule; ``rule`` is its id in ``RULES``."""

    def __init__(self, rule: str, message: str) -> None:
        assert rule in RULES, rule
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")
