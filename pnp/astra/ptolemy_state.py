"""What Ptolemy's side of a solo game is, as data (``pnp.astra.ptolemy`` plays it): his
library, his last turn, the solo state the engine keeps (``State.solo``) and what the
player sees of him. Below the engine's state, which holds a ``Solo``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from pnp.astra.model import EMPTY
from pnp.astra.solo import BoonPick, Difficulty, PtolemyScore


@dataclass(frozen=True)
class Library:
    left: int  # card ids face up; EMPTY when his pile could not refill it
    right: int
    pile: tuple[int, ...]  # top first
    discard: tuple[int, ...] = ()


class Source(Enum):
    LEFT = "left"
    RIGHT = "right"
    TOP = "top"


@dataclass(frozen=True)
class PtolemyTurn:
    """What Ptolemy did on a turn, for the player to copy onto the table."""

    turn: int  # the game's turn number, counting from 0
    rested: bool
    die: int = 0  # 1–6; 0 after a Rest
    source: Source | None = None
    card: int = EMPTY  # the library card the die chose
    target: int = EMPTY  # the constellation he marked on (EMPTY: none was left)
    observes: tuple[tuple[int, ...], ...] = ()  # star numbers, one tuple per Observe
    telescopes: int = 0  # spent
    dream: tuple[int, tuple[int, ...]] | None = None  # after his Rest: card, star numbers


@dataclass(frozen=True)
class Solo:
    """A solo game's own state, kept on the engine's ``State`` (``state.solo``)."""

    seed: int  # his die and his draws come from it and the turn number
    difficulty: frozenset[Difficulty]
    library: Library
    scoring: str | None  # his Final Scoring card, with hard-scoring
    lost: bool = False  # his pile was empty when he Observed
    last: PtolemyTurn | None = None
    picks: tuple[tuple[int, BoonPick], ...] = ()  # his boon picks as a helper: card, pick

    def rng(self, turn: int) -> random.Random:
        return random.Random(f"ptolemy {self.seed} {turn}")


@dataclass(frozen=True)
class SoloView:
    """What a solo player needs to know of Ptolemy (``Game.solo``). Cards are English
    names; ``seen`` is his library as you see it (None: face down or none)."""

    difficulty: frozenset[Difficulty]
    fame: int  # from play, his starting Fame included
    stardust: int
    telescopes: int
    cards: tuple[str, ...]  # the constellations he discovered
    seen: tuple[str | None, str | None, str | None]  # left, right, top of his pile
    pile: int  # cards left in his pile
    last: PtolemyTurn | None  # his last turn
    picks: tuple[tuple[int, BoonPick], ...]  # his boon picks as a helper, card ids
    lost: bool  # his pile ran out: you lost
    score: PtolemyScore | None  # once the game is over
    yours: int | None  # your total, once the game is over
    you_win: bool | None  # once the game is over
