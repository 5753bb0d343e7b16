"""The names a game log's decisions take, checked against our edition before the replay:
power cards, nebula tiles and spaces by their ids, a star's type where a target may be
one (energy types and the notation's own words are ``pnp.cosmos.notation``'s). A name
that is none of them is a ``NotationError`` naming the closest, so that ``keep quazar``
says "did you mean quasar?" instead of the rule it breaks."""

from __future__ import annotations

from functools import cache

from pnp.cosmos.actions import (
    Action,
    Advance,
    Choose,
    Complete,
    Discharge,
    Keep,
    Move,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Stabilize,
    Supernova,
    Use,
)
from pnp.cosmos.galaxy import galaxy
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.notation import STAR_NAMES, NotationError, meant
from pnp.cosmos.power_content import power_cards
from pnp.errors import shown

PROTO = "proto"  # ``place proto L40``


@cache
def _cards() -> tuple[str, ...]:
    return tuple(c.id for c in power_cards())


@cache
def _tiles() -> tuple[str, ...]:
    return tuple(t.id for t in nebula_tiles())


@cache
def _spaces() -> tuple[tuple[str, ...], str]:
    """Every space id, and how they run (``stars S1–S73, …``)."""
    g = galaxy()
    kinds = (("stars", g.stars), ("life", g.life), ("nebulae", g.nebulae))
    runs = ", ".join(f"{what} {ids[0].id}–{ids[-1].id}" for what, ids in kinds)
    return tuple(s.id for _, ids in kinds for s in ids), runs


# How a card's printed title spells what its id spells out ("Relativity Δ", "4th Dimension")
_SPELLED = (("δ", "delta"), ("ψ", "psi"), ("φ", "phi"), ("4th", "fourth"), (" ", "-"))


def check_card(word: str) -> None:
    """Nothing if ``word`` is a power card's id, else a ``NotationError`` with the closest."""
    if word not in _cards():
        spelled = word.casefold()
        for printed, written in _SPELLED:
            spelled = spelled.replace(printed, written)
        hint = meant(spelled, _cards()) or meant(word, _cards())
        raise NotationError(f"no power card {shown(word)}{hint}")


def _space(word: str) -> None:
    ids, runs = _spaces()
    if word not in ids:
        hint = f"; did you mean {word.upper()}?" if word.upper() in ids else ""
        raise NotationError(f"no space {shown(word)} on the galaxy ({runs}){hint}")


def known(action: Action) -> Action:
    """``action`` if every name in it is one of our edition's, else a ``NotationError``."""
    match action:
        case Keep(card=card, bottom=bottom):
            for word in (card, *bottom):
                check_card(word)
        case Use(card=card) | Discharge(power=card) if card:
            check_card(card)
        case PlaceNebula(tile=tile, space=space):
            if tile not in _tiles():
                first, last = _tiles()[0], _tiles()[-1]
                names = (*STAR_NAMES, PROTO, *_tiles())
                raise NotationError(
                    f"expected a star ({', '.join(STAR_NAMES)}), {PROTO} or a nebula tile "
                    f"({first} … {last}) to place, got {shown(tile)}{meant(tile, names)}"
                )
            _space(space)
        case (
            PlaceStar(space=space)
            | PlaceLife(space=space)
            | Supernova(space=space)
            | Stabilize(space=space)
            | Advance(nebula=space)
        ):
            _space(space)
        case Complete(nebula=first, discard=second) | Move(source=first, to=second):
            _space(first)
            _space(second)
        case Choose(space=space, to=to):
            _space(space)
            if to and to not in _spaces()[0] and to.upper() not in _spaces()[0]:
                raise NotationError(
                    f"expected a star's type ({', '.join(STAR_NAMES)}) or a space after "
                    f"{space}, got {shown(to)}{meant(to, tuple(STAR_NAMES))}"
                )
            if to:
                _space(to)
    return action
