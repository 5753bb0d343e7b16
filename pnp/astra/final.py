"""Final scoring (spec "Final scoring"; seed 000 "FINAL SCORING"): what each part of a
player's end state is worth. The scorer of finished games and the game engine both
call ``final_parts``, so they cannot disagree. ``EndGame`` is a game's end state as the
end-of-game file gives it (``pnp.astra.endgame`` reads one)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from pnp.astra.journal import card_limit
from pnp.astra.model import Constellation, Element
from pnp.astra.scoring_cards import CardScore, score_card


class FinalParts(NamedTuple):
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


class Owned(NamedTuple):
    card: Constellation
    active: bool  # else Exhausted


class EndPlayer(NamedTuple):
    name: str
    fame: int  # marked on the Fame track during play
    pouch: int  # the Pouch size reached
    wisdom: int  # Wisdom spots marked
    stardust: int
    telescopes: int
    final_scoring: frozenset[Element]  # the Final Scoring card's two elements
    cards: tuple[Owned, ...]

    @property
    def card_limit(self) -> int:
        return card_limit(self.wisdom)

    @property
    def owned(self) -> tuple[Constellation, ...]:
        return tuple(c.card for c in self.cards)

    @property
    def active(self) -> tuple[Constellation, ...]:
        return tuple(c.card for c in self.cards if c.active)


class BoardCard(NamedTuple):
    card: Constellation
    marks: tuple[tuple[str, int], ...]  # (player, stars marked on it)


class EndGame(NamedTuple):
    players: tuple[EndPlayer, ...]  # seating order, first player first
    board: tuple[BoardCard, ...]  # the constellations still around the board

    def marked(self, name: str) -> int:
        """Stars ``name`` marked on the constellations still around the board."""
        return sum(n for b in self.board for player, n in b.marks if player == name)

    def final(self, p: EndPlayer) -> FinalParts:
        """What player ``p`` scores."""
        marked = self.marked(p.name)
        return final_parts(
            p.fame, p.pouch, p.card_limit, p.stardust, marked, p.active, p.owned, p.final_scoring
        )
