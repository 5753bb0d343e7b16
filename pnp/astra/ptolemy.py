"""Ptolemy's turn in solo Astra (seed 004, "Phase action", "Entretien"): Rest or Observe,
his library and the d6, the constellation his priority points at, the stars he marks
and the Telescopes he spends. Pure functions over card ids and star masks (star n is
bit n − 1), as in ``pnp.astra.state``; chance comes in as a die or a ``random.Random``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from pnp.astra.board import board, closest_slot
from pnp.astra.model import CLOCKWISE, EMPTY, Element
from pnp.astra.ptolemy_state import Library, PtolemyTurn, Source
from pnp.astra.solo import Difficulty, SoloError
from pnp.astra.state import cards, reach

Path = tuple[int, ...]  # star indices (number − 1) in marking order


def library(cards_top_first: Sequence[int]) -> Library:
    """Set-up 6: the first two cards face up, left then right, the rest his pile."""
    return Library(cards_top_first[0], cards_top_first[1], tuple(cards_top_first[2:]))


def visible(lib: Library, difficulty: frozenset[Difficulty]) -> tuple[int, int, int]:
    """What you see of his library, left, right and the top of his pile (EMPTY when
    hidden): hard-right-hidden keeps the right card face down, easy-top-open shows the
    top of the pile. Neither changes his choice, which the die makes."""
    right = EMPTY if Difficulty.HARD_RIGHT_HIDDEN in difficulty else lib.right
    top = lib.pile[0] if lib.pile and Difficulty.EASY_TOP_OPEN in difficulty else EMPTY
    return lib.left, right, top


def rests(stardust: int) -> bool:
    return stardust <= 0


@dataclass(frozen=True)
class Rest:
    stardust: int
    sphere: int  # index into CLOCKWISE
    discard_top: bool  # the marker passed the discard icon: the deck's top card goes


def rest(stardust: int, sphere: int, difficulty: frozenset[Difficulty]) -> Rest:
    gain = 6 if Difficulty.HARD_STARDUST_6 in difficulty else 5
    after = (sphere + 1) % len(CLOCKWISE)
    return Rest(stardust + gain, after, after == 0)  # Water → Fire passes the icon


def runs_out(lib: Library, difficulty: frozenset[Difficulty]) -> bool:
    """His pile is empty as he Observes: you lose, unless easy-reshuffle."""
    return not lib.pile and Difficulty.EASY_RESHUFFLE not in difficulty


def reshuffle(lib: Library, rng: random.Random) -> Library:
    """easy-reshuffle: his discard, shuffled, is his new pile and refills empty slots."""
    pile = list(lib.pile + lib.discard)
    rng.shuffle(pile)
    left = pile.pop(0) if lib.left == EMPTY and pile else lib.left
    right = pile.pop(0) if lib.right == EMPTY and pile else lib.right
    return Library(left, right, tuple(pile))


def _card(lib: Library, source: Source) -> int:
    if source is Source.TOP:
        return lib.pile[0] if lib.pile else EMPTY
    return lib.left if source is Source.LEFT else lib.right


def _source(die: int) -> Source:
    return (Source.LEFT, Source.RIGHT, Source.TOP)[(die - 1) // 2]


def roll(lib: Library, rng: random.Random) -> int:
    """His d6, rolled again while it points at no card: once the Game End card has shown
    he plays on with an empty pile, choosing between his two face-up cards."""
    assert lib.left != EMPTY or lib.right != EMPTY or lib.pile, "his library is empty"
    while True:
        die = rng.randint(1, 6)
        if _card(lib, _source(die)) != EMPTY:
            return die


def pick(lib: Library, die: int) -> tuple[Source, int]:
    """The library card the d6 selects: 1–2 left, 3–4 right, 5–6 the top of his pile."""
    if not 1 <= die <= 6:
        raise SoloError("astra.ptolemy.die", f"a d6 shows 1 to 6, not {die}")
    source = _source(die)
    card = _card(lib, source)
    if card == EMPTY:
        raise SoloError("astra.ptolemy.library", f"his library has no {source.value} card")
    return source, card


def upkeep(lib: Library, source: Source, stardust: int) -> tuple[Library, int]:
    """The used card to his discard, 1 Stardust discarded, a face-up slot refilled from
    the top of his pile (a revealed top card leaves the pile too)."""
    out = replace(lib, pile=lib.pile[1:], discard=(*lib.discard, _card(lib, source)))
    refill = lib.pile[0] if lib.pile else EMPTY
    if source is Source.LEFT:
        out = replace(out, left=refill)
    elif source is Source.RIGHT:
        out = replace(out, right=refill)
    return out, max(0, stardust - 1)


def stars_to_mark(card: int) -> int:
    """X: the amount of the library card's leftmost boon (always Fame, 2–5)."""
    return cards()[card].card.boons[0].amount


def target(
    board_cards: Sequence[int], marked: Sequence[int], priority: Element, rng: random.Random
) -> int:
    """The slot Ptolemy marks on (EMPTY when no undiscovered card is round the board):
    Earth, Fire, Air the card physically closest to that sphere; Water the card with
    the fewest unmarked stars, ties at random. ``marked`` is every pen's stars by slot."""
    infos = cards()
    open_slots = [i for i, c in enumerate(board_cards) if c != EMPTY and marked[i] != infos[c].full]
    if not open_slots:
        return EMPTY
    if priority is not Element.WATER:
        return closest_slot(board(2), priority, open_slots)
    left = {i: (infos[board_cards[i]].full & ~marked[i]).bit_count() for i in open_slots}
    fewest = [i for i in open_slots if left[i] == min(left.values())]
    return fewest[0] if len(fewest) == 1 else rng.choice(fewest)


@cache
def hops(card: int) -> tuple[tuple[int, ...], ...]:
    """Hops between every two stars of ``card`` along its lines."""
    info = cards()[card]
    n = info.card.size
    out = []
    for start in range(n):
        dist = [n] * n
        dist[start], seen, ring, d = 0, 1 << start, 1 << start, 0
        while ring:
            d += 1
            ring = reach(info, ring) & ~seen
            seen |= ring
            for i in range(n):
                if ring >> i & 1:
                    dist[i] = d
        out.append(tuple(dist))
    return tuple(out)


def _stars(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _first(card: int, marked: int) -> int:
    info = cards()[card]
    return info.starting if not marked else reach(info, marked) & ~marked


def _mask(walk: Path) -> int:
    return sum(1 << i for i in walk)


def _walks(card: int, start: int, free: int, most: int) -> list[Path]:
    """Every path of 1 to ``most`` stars from ``start``, each next star a free neighbour."""
    nbrs = cards()[card].neighbours
    out: list[Path] = []

    def grow(walk: Path, used: int) -> None:
        out.append(walk)
        if len(walk) < most:
            for i in _stars(nbrs[walk[-1]] & free & ~used):
                grow((*walk, i), used | 1 << i)

    grow((start,), 1 << start)
    return out


def _cover(card: int, marked: int, observes: int) -> list[Path] | None:
    """Paths, one per Observe and at most ``observes``, that mark every star left."""
    free = cards()[card].full & ~marked
    if not free:
        return []
    if not observes:
        return None
    for start in _stars(_first(card, marked)):
        for walk in _walks(card, start, free, free.bit_count()):
            rest = _cover(card, marked | _mask(walk), observes - 1)
            if rest is not None:
                return [walk, *rest]
    return None


def path(
    card: int, marked: int, x: int, rng: random.Random, dreamer: bool = False
) -> tuple[int, ...]:
    """One Observe's stars (numbers) by his priorities, also his Dreamer pen's (seed 004,
    "Phase rêve"): up to ``x`` from the Starting star or the first star nearest it, most
    Grand stars first, then closest to the nearest Grand star, then the most stars, then
    at random. Hops count along the card's lines, marked stars included. The ``dreamer``
    pen marks ``x`` stars, fewer only where the path cannot go on (astra.dream.count)."""
    info, d = cards()[card], hops(card)
    free = info.full & ~marked
    home = info.starting.bit_length() - 1
    starts = _stars(_first(card, marked) & free)
    if not starts:
        return ()
    nearest = min(d[home][s] for s in starts)
    ranked: list[tuple[tuple[int, int, int], Path]] = []
    for start in (s for s in starts if d[home][s] == nearest):
        goals = _stars(info.grand & free)
        near = min((d[start][g] for g in goals), default=0)
        goals = [g for g in goals if d[start][g] == near]
        for walk in _walks(card, start, free, x):
            if dreamer and len(walk) < x and info.neighbours[walk[-1]] & free & ~_mask(walk):
                continue
            grand = sum(info.grand >> i & 1 for i in walk)
            closest = min((d[v][g] for v in walk for g in goals), default=0)
            ranked.append(((grand, -closest, len(walk)), walk))
    top = max(key for key, _ in ranked)
    best = [walk for key, walk in ranked if key == top]
    return tuple(i + 1 for i in (best[0] if len(best) == 1 else rng.choice(best)))


@dataclass(frozen=True)
class Marking:
    observes: tuple[tuple[int, ...], ...]  # star numbers, one tuple per Observe
    telescopes: int  # spent: one per Observe after the first


def marking(card: int, marked: int, x: int, telescopes: int, rng: random.Random) -> Marking:
    """The stars Ptolemy marks on ``card`` (``marked``: every pen's stars). When at most
    ``x`` stars are left and ``telescopes`` pay for the Observes that mark them all, he
    discovers the card in the fewest Observes; else one Observe, ``path``."""
    free = cards()[card].full & ~marked
    if not free:
        return Marking((), 0)
    if free.bit_count() <= x:
        for observes in range(1, telescopes + 2):
            cover = _cover(card, marked, observes)
            if cover is not None:
                return Marking(tuple(tuple(i + 1 for i in w) for w in cover), len(cover) - 1)
    return Marking((path(card, marked, x, rng),), 0)


def format_turn(t: PtolemyTurn) -> str:
    """His turn in words and log paths, for a comment in a solo log::

    d6 4: right card Aries (fire), Cetus:1-2-3, 1 Telescope
    rest; dream Orion:1-2-3"""
    names = [c.card.name.replace(" ", "-") for c in cards()]
    if t.rested:
        out = "rest"
    elif not t.die:
        return "his library has run out"
    else:
        used = cards()[t.card].card
        assert t.source is not None
        out = f"d6 {t.die}: {t.source.value} card {used.name} ({used.element.value})"
        if t.target != EMPTY:
            out += "".join(f", {names[t.target]}:{'-'.join(map(str, o))}" for o in t.observes)
        if t.telescopes:
            out += f", {t.telescopes} Telescope{'s' if t.telescopes > 1 else ''}"
    if t.dream:
        out += f"; dream {names[t.dream[0]]}:{'-'.join(map(str, t.dream[1]))}"
    return out
