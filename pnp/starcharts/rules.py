"""The Star Charts rules the checks enforce, each with an id. RULES.md gives every id's
source (a seed passage or a spec line); a test keeps the two in step."""

from __future__ import annotations

from pnp.errors import PnpError

RULES: dict[str, str] = {
    # Set-up
    "setup.chart": "the game names a chart that exists",
    "setup.objectives": "4 different objective cards, obstacle cards only with an obstacle chart",
    "setup.players": "the variant's number of players, each named once",
    "setup.variant": "a known variant",
    # Rounds and dice
    "round.number": "rounds are numbered 1, 2, 3, … and each starts with a roll",
    "roll.dice": "the roll has the variant's number of dice, each 1 to 8",
    "draft.turn": "players draft in the variant's order, starting with the roller",
    "draft.die": "a drafted die is one of the dice still in the pool, at its rolled value",
    "draft.filled": "a player whose grid is full takes no further drafts",
    # Marking
    "run.count": "one run per die, or one per part of a split",
    "run.cost": "a run costs exactly the die's value (1 per cell, 2 per asteroid)",
    "run.empty": "every cell of a run is still empty",
    "run.comet": "a comet is covered only by a run of 2+ cells along its facing",
    # Abilities
    "ability.gained": "an ability is used only if it was gained and not used yet",
    "ability.order": "adjust, flip, reuse and split change the die before its runs are marked",
    "ability.adjust": "adjust adds +1, +2, −1 or −2 and leaves at least 1",
    "ability.flip": "flip turns the value v into 9 − v, which must be at least 1",
    "ability.reuse": "reuse takes the value of a die another player drafted this round",
    "ability.split": "split parts are positive and add up to the die's value",
    "ability.place-x": "place-x marks one empty open or star cell",
    "ability.reroll": "reroll, on your turn before drafting, rolls every die in the pool anew",
    "ability.gain": "a completed line with an uncircled star circles it and gains a new ability",
    "ability.gain-missing": "such a line gains an ability while any is left to gain",
    # Skipping, claiming, ending
    "skip.placeable": "a player skips only when no die in the pool, at its value, has a legal run",
    "claim.timing": "objectives are claimed at the end of a round, after every draft",
    "claim.dealt": "only the dealt objective cards can be claimed",
    "claim.condition": "a claimed card's condition holds on the claimer's sheet",
    "claim.twice": "a player claims each card at most once",
    "claim.closed": "a card is out of play after the second round in which it was claimed",
    "claim.box": "a claim needs an empty objective box",
    "claim.value": "claims in a card's first round score high, in its second round low",
    "claim.number": "a bare number in a box is a value a dealt card the grid meets could give",
    "game.over": "nothing is played after the round in which a Filled Sheet box got a number",
    "game.unfinished": "a game ends after the round in which a Filled Sheet box got a number",
    # Finished sheets
    "sheet.grid": "unmarked cells show the chart's symbol; o only on stars",
    "sheet.boxes": "objective boxes are filled left to right, in round order",
    "sheet.filled": "5 in Filled Sheet exactly when the grid is full; 0 only with every box filled",
    "sheet.circles": "one circled star per gained ability, each in its own completed line",
    "sheet.unchecked": "a bare number in a box is counted but cannot be checked (warning)",
    # What the rules imply about the game that produced finished sheets
    "sheet.round": "rounds written in boxes are numbered from 1",
    "sheet.skip-timing": "a skip comes before the claims of its round",
    "sheet.skip-count": "no more skips in a round than the sheet's drafts in it",
    "sheet.skip-placeable": "no skip when every die value 1–8 fits the final grid",
    "sheet.comet": "a marked comet has a marked neighbour along its facing",
    "sheet.claim-early": "a claim's cells can be marked by the end of its round",
    "sheet.gain-missed": "a completed line with stars, none circled, gained nothing (warning)",
}


class RuleError(PnpError):
    """A step breaks a rule: ``col`` (1-based) points at the offending token if known."""

    def __init__(self, rule: str, message: str, col: int | None = None) -> None:
        assert rule in RULES, rule
        self.rule = rule
        self.message = message
        self.col = col
        super().__init__(f"{message} [{rule}]")
