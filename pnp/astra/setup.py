"""An Astra game's set-up: the players in seating order, the deck's order and each
player's Final Scoring card. Chance is fixed here, by a seed or given outright, so a game
is a pure function of its set-up and its decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.astra.constellations import UnknownConstellationError, constellation, constellations
from pnp.astra.rules import RuleError
from pnp.astra.scoring_cards import scoring_card, scoring_cards
from pnp.astra.solo import ON_TOP, Difficulty, SoloSetup, solo_setup
from pnp.text.parsing import name_problem

# Players → (cards under the Game End card, cards on top of it); seed 000, Set-up.
DECK_SPLIT = {2: (29, 19), 3: (25, 23), 4: (18, 30), 5: (11, 37)}

# Starting resources; seed 000, Set-up.
START_STARDUST = 8
PTOLEMY = "Ptolemy"  # the solo opponent's seat


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]  # seating order, first player first
    deck: tuple[str, ...]  # the 48 cards' English names, top first, before any is dealt
    scoring: tuple[str, ...]  # each player's Final Scoring card, "air+fire"
    # Solo against Ptolemy (``solo_game``): his set-up, the modifiers and the seed his
    # die rolls come from; the deck is then the 20 cards of seed 004's set-up 2.
    solo: SoloSetup | None = None
    difficulty: frozenset[Difficulty] = field(default=frozenset())
    seed: int = 0

    @property
    def on_top(self) -> int:
        """How many cards lie on top of the Game End card."""
        return ON_TOP if self.solo else DECK_SPLIT[len(self.players)][1]


def _players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if not 2 <= len(names) <= 5:
        raise RuleError("astra.setup.players", f"expected 2 to 5 players, not {len(names)}")
    for name in names:
        if (why := name_problem(name, word=True)) is not None:
            raise RuleError("astra.setup.players", why)
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("astra.setup.players", "each player is named once")
    if any(n.casefold() == "dreamer" for n in names):  # the end-of-game file's dreamer pen
        raise RuleError("astra.setup.players", "Dreamer is the dreamer pen's name, not a player's")
    return names


def _deck(deck: Sequence[str]) -> tuple[str, ...]:
    try:
        names = tuple(constellation(name).name for name in deck)
    except UnknownConstellationError as exc:
        raise RuleError("astra.setup.deck", str(exc)) from None
    if sorted(names) != sorted(c.name for c in constellations()):
        raise RuleError("astra.setup.deck", "expected the 48 constellation cards, each once")
    return names


def _scoring(keys: Sequence[str], players: int) -> tuple[str, ...]:
    try:
        found = tuple(scoring_card(key).key for key in keys)
    except ValueError as exc:
        raise RuleError("astra.setup.scoring", str(exc)) from None
    if len(found) != players or len(set(found)) != players:
        raise RuleError("astra.setup.scoring", f"expected {players} different Final Scoring cards")
    return found


def setup(
    players: Sequence[str],
    seed: int | None = None,
    deck: Sequence[str] | None = None,
    scoring: Sequence[str] | None = None,
) -> Setup:
    """A set-up for ``players``: the deck and the Final Scoring cards are given, or shuffled
    and dealt with ``random.Random(seed)`` (the deck first, then the scoring cards)."""
    names = _players(players)
    rng = random.Random(seed)
    if deck is None:
        shuffled = [c.name for c in constellations()]
        rng.shuffle(shuffled)
        deck = shuffled
    if scoring is None:
        scoring = [card.key for card in rng.sample(scoring_cards(), len(names))]
    return Setup(names, _deck(deck), _scoring(scoring, len(names)))


def solo_game(player: str, seed: int, difficulty: frozenset[Difficulty] = frozenset()) -> Setup:
    """A solo set-up: ``player`` first, then Ptolemy (seated as the player ``PTOLEMY``),
    dealt by ``solo_setup(seed, difficulty)``; ``scoring`` holds only yours."""
    names = _players([player, PTOLEMY])
    dealt = solo_setup(seed, difficulty)
    deck = tuple(constellations()[c].name for c in dealt.deck)
    return Setup(names, deck, (dealt.scoring,), dealt, difficulty, seed)
