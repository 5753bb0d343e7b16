"""Final scoring (spec "Final scoring"; seed 000 "FINAL SCORING"): what each part of a
player's end state is worth. The scorer of finished games and the game engine both
call ``final_parts``, so they cannot disagree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.astra.model import Constellation, Element
from pnp.astra.scoring_cards import CardScore, score_card


@dataclass(frozen=True)
class FinalParts:
    """The Fame each part scores, in the spec's order."""

    play_fame: int  # Fame marked on the track during play
    pouch_size: int
    card_limit: int
    stardust: int  # one per three Stardust left
    marked: int  # one per two stars marked on constellations still around the board
    active_fame: int  # the Final Scoring fame of each Active card
    card: CardScore  # the Final Scoring card, for the elements of every owned card

    @property
    def total(self) -> int:
        return (
            self.play_fame
            + self.pouch_size
            + self.card_limit
            + self.stardust
            + self.marked
            + self.active_fame
            + self.card.total
        )


def final_parts(
    fame: int,
    pouch_size: int,
    card_limit: int,
    stardust: int,
    marked: int,
    active: Sequence[Constellation],
    owned: Sequence[Constellation],
    pair: frozenset[Element],
) -> FinalParts:
    """A player's final score: ``owned`` is every card they own, Active or Exhausted
    (``active`` among them); ``pair`` the elements of their Final Scoring card."""
    if min(fame, pouch_size, card_limit, stardust, marked) < 0:
        raise ValueError("Fame, Pouch size, card limit, Stardust and marks cannot be negative")
    return FinalParts(
        play_fame=fame,
        pouch_size=pouch_size,
        card_limit=card_limit,
        stardust=stardust // 3,
        marked=marked // 2,
        active_fame=sum(c.fame for c in active),
        card=score_card(pair, Counter(c.element for c in owned)),
    )
