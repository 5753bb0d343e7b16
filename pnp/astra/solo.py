"""Solo Astra against Ptolemy (seed 004, "Règles du mode solo"): the difficulty modifiers,
the set-up, the boon picks when a card is discovered, Ptolemy's final score and who wins.
His turn's decisions are in ``pnp.astra.ptolemy``. Cards are indices into
``constellations()``, as in ``pnp.astra.state``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pnp.astra.constellations import constellations
from pnp.astra.model import CLOCKWISE, BoonKind, Constellation, Element
from pnp.astra.rules import RuleError
from pnp.astra.scoring_cards import scoring_card, scoring_cards
from pnp.errors import PnpError

SOLO_RULES: dict[str, str] = {
    "astra.solo.difficulty": "difficulty modifiers are named from the twelve, each once, and"
    " not both easy-fame-0 and hard-fame-20",
    "astra.solo.setup": "20 Constellation cards (17 on the Game End card), Ptolemy's library of"
    " the other 28 less one card of 7 stars or fewer per element but Water",
    "astra.solo.boon": "you pick a boon from his discovery only with a star marked on it, and"
    " not the two leftmost if the Dreamer marked more stars than you",
    "astra.solo.win": "you win only with strictly more Fame, and lose if his library runs out"
    " before the end shows",
    "astra.ptolemy.action": "Ptolemy Rests with no Stardust (gain 5, marker clockwise), else"
    " Observes",
    "astra.ptolemy.library": "his pile empty when he Observes before the Game End card shows:"
    " you lose",
    "astra.ptolemy.die": "the d6 takes the left card (1-2), the right card (3-4) or the top of"
    " his pile (5-6); the card's element is his priority",
    "astra.ptolemy.target": "Earth, Fire, Air: the card closest to that sphere; Water: the card"
    " with the fewest unmarked stars, ties at random",
    "astra.ptolemy.path": "X = the library card's leftmost boon; from the Starting star or the"
    " unmarked star nearest it, towards the nearest Grand star, most Grand stars first, then"
    " the longest, then at random",
    "astra.ptolemy.telescopes": "Telescopes only for extra Observes that finish a discovery",
    "astra.ptolemy.upkeep": "the card used to his discard, 1 Stardust discarded, the face-up"
    " slot refilled from his pile",
    "astra.ptolemy.boon": "he picks the best Fame boon; 2 or 3 Fame also gives him a Telescope",
    "astra.ptolemy.final": "card Fame, 1 per 2 stars on cards round the board, 2 per Telescope,"
    " 2/3/7/13 per element for 1/2/3/4+ cards, 8/17/27/38 for 1/2/3/4+ sets of four elements",
}


class SoloError(RuleError):
    """A solo step breaks a rule; ``rule`` is its id in ``SOLO_RULES``. A ``RuleError``, so
    the engine's callers catch both alike."""

    def __init__(self, rule: str, message: str) -> None:
        assert rule in SOLO_RULES, rule
        self.rule = rule
        self.message = message
        PnpError.__init__(self, f"{message} [{rule}]")


class Difficulty(Enum):
    """The twelve modifiers (seed 004, "Modificateurs de difficulté"), by the name
    ``--difficulty`` takes."""

    EASY_WATER_14 = "easy-water-14"
    EASY_FAME_0 = "easy-fame-0"
    EASY_NO_TELESCOPES = "easy-no-telescopes"
    EASY_TOP_OPEN = "easy-top-open"
    EASY_RESHUFFLE = "easy-reshuffle"
    EASY_STARDUST_10 = "easy-stardust-10"
    HARD_FAME_20 = "hard-fame-20"
    HARD_TELESCOPES = "hard-telescopes"
    HARD_SCORING = "hard-scoring"
    HARD_STARDUST_6 = "hard-stardust-6"
    HARD_RIGHT_HIDDEN = "hard-right-hidden"
    HARD_FEWER_SMALL = "hard-fewer-small"

    @property
    def source(self) -> str:
        side = "plus facile" if self.value.startswith("easy") else "plus difficile"
        number = list(Difficulty).index(self) % 6 + 1
        return f'seed 004, "Modificateurs de difficulté", pour une partie {side} {number}'


def parse_difficulty(text: str) -> frozenset[Difficulty]:
    """Modifier names separated by commas ("" for none), any case."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    known = {d.value: d for d in Difficulty}
    for name in names:
        if name not in known:
            raise SoloError(
                "astra.solo.difficulty",
                f"no difficulty modifier {name!r}: expected some of {', '.join(known)}",
            )
    if len(set(names)) != len(names):
        raise SoloError("astra.solo.difficulty", "each difficulty modifier is named once")
    return checked(frozenset(known[n] for n in names))


def checked(difficulty: frozenset[Difficulty]) -> frozenset[Difficulty]:
    """``difficulty``, unless it sets Ptolemy's starting Fame twice."""
    if {Difficulty.EASY_FAME_0, Difficulty.HARD_FAME_20} <= difficulty:
        raise SoloError(
            "astra.solo.difficulty", "easy-fame-0 and hard-fame-20 both set his starting Fame"
        )
    return difficulty


def format_difficulty(modifiers: Iterable[Difficulty]) -> str:
    chosen = set(modifiers)
    return ",".join(d.value for d in Difficulty if d in chosen)


DECK = 20  # seed 004, set-up 2: 3 cards, the Game End card, 17 cards
ON_TOP = 17
SMALL = 7  # set-up 5: "celles qui ont 7 étoiles ou moins"


@dataclass(frozen=True)
class SoloSetup:
    deck: tuple[int, ...]  # the Constellation deck, top first; ON_TOP cards lie on Game End
    library: tuple[int, ...]  # Ptolemy's, top first: the first two are his face-up cards
    removed: tuple[int, ...]  # set aside at set-up 5
    fame: int  # Ptolemy's
    stardust: int  # Ptolemy's
    your_stardust: int
    scoring: str  # your Final Scoring card
    his_scoring: str | None  # his, with hard-scoring only


def _removed(
    rest: Sequence[int], difficulty: frozenset[Difficulty], rng: random.Random
) -> list[int]:
    cards = constellations()
    out: list[int] = []
    if Difficulty.EASY_WATER_14 in difficulty:
        big = [c for c in rest if cards[c].element is Element.WATER and cards[c].size == 14]
        out += rng.sample(big, min(3, len(big)))
    rounds = (Difficulty.EASY_WATER_14 not in difficulty) + (
        Difficulty.HARD_FEWER_SMALL in difficulty
    )
    for _ in range(rounds):
        for element in CLOCKWISE:
            small = [
                c
                for c in rest
                if c not in out and cards[c].element is element and cards[c].size <= SMALL
            ]
            if element is not Element.WATER and small:
                out.append(rng.choice(small))
    return out


def solo_setup(seed: int | None, difficulty: frozenset[Difficulty] = frozenset()) -> SoloSetup:
    """Seed 004's set-up 1–9 with ``random.Random(seed)``: the 48 cards shuffled, the
    first 20 the Constellation deck, the other 28 less the removed cards Ptolemy's
    library (shuffled again), then the Final Scoring cards."""
    checked(difficulty)
    rng = random.Random(seed)
    order = list(range(len(constellations())))
    rng.shuffle(order)
    deck, rest = order[:DECK], order[DECK:]
    removed = _removed(rest, difficulty, rng)
    library = [c for c in rest if c not in removed]
    rng.shuffle(library)
    scoring = [c.key for c in rng.sample(scoring_cards(), 2)]
    fame = 0 if Difficulty.EASY_FAME_0 in difficulty else 12
    return SoloSetup(
        tuple(deck),
        tuple(library),
        tuple(removed),
        20 if Difficulty.HARD_FAME_20 in difficulty else fame,
        6 if Difficulty.HARD_STARDUST_6 in difficulty else 5,
        10 if Difficulty.EASY_STARDUST_10 in difficulty else 8,
        scoring[0],
        scoring[1] if Difficulty.HARD_SCORING in difficulty else None,
    )


def your_boons(card: Constellation, yours: int, dreamer: int) -> tuple[int, ...]:
    """The boons (1–4 from the left) you may pick when Ptolemy discovers ``card``, with
    ``yours`` and ``dreamer`` the stars each marked on it (masks)."""
    if not yours:
        return ()
    first = 3 if yours.bit_count() < dreamer.bit_count() else 1
    return tuple(range(first, len(card.boons) + 1))


@dataclass(frozen=True)
class BoonPick:
    boon: int  # 1–4 from the left; 0 when no Fame boon is left
    fame: int
    telescopes: int


def ptolemy_boon(
    card: Constellation, available: Iterable[int], difficulty: frozenset[Difficulty]
) -> BoonPick:
    """His pick as a helper on ``card`` from the ``available`` boons (1–4): the best Fame
    boon, and a Telescope too when it gives 2 or 3 Fame (never with easy-no-telescopes)."""
    fame = [
        (card.boons[i - 1].amount, -i) for i in available if card.boons[i - 1].kind is BoonKind.FAME
    ]
    if not fame:
        return BoonPick(0, 0, 0)
    amount, minus = max(fame)
    telescope = amount in (2, 3) and Difficulty.EASY_NO_TELESCOPES not in difficulty
    return BoonPick(-minus, amount, int(telescope))


def telescopes_when_you_discover(difficulty: frozenset[Difficulty]) -> int:
    """hard-telescopes: 1 each time you discover a card (easy-no-telescopes wins)."""
    return int(
        Difficulty.HARD_TELESCOPES in difficulty and Difficulty.EASY_NO_TELESCOPES not in difficulty
    )


ELEMENT_POINTS = (0, 2, 3, 7, 13)  # by cards of one element, 4 or more scoring the last
SET_POINTS = (0, 8, 17, 27, 38)  # by sets of four different elements


@dataclass(frozen=True)
class PtolemyScore:
    fame: int  # from play, starting Fame included
    cards: int
    stars: int
    telescopes: int
    elements: int
    sets: int

    @property
    def total(self) -> int:
        return self.fame + self.cards + self.stars + self.telescopes + self.elements + self.sets


def ptolemy_final(
    fame: int, owned: Sequence[int], stars: int, telescopes: int, scoring: str | None = None
) -> PtolemyScore:
    """His final score: ``owned`` card ids (all Active), ``stars`` he marked on cards still
    round the board; with hard-scoring his Final Scoring card's two elements count as one
    more card each."""
    cards = constellations()
    counts = {e: sum(cards[c].element is e for c in owned) for e in Element}
    for element in scoring_card(scoring).pair if scoring else ():
        counts[element] += 1
    sets = min(counts.values())
    return PtolemyScore(
        fame,
        sum(cards[c].fame for c in owned),
        stars // 2,
        2 * telescopes,
        sum(ELEMENT_POINTS[min(n, 4)] for n in counts.values()),
        SET_POINTS[min(sets, 4)],
    )


def you_win(yours: int, his: int, library_ran_out: bool) -> bool:
    return yours > his and not library_ran_out
