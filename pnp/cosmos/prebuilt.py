"""The actions that name one space, one type or one slot, built once: by the bitmask
index of their space (``pnp.cosmos.geometry``), by star type (0–3, H He O C), by energy
type, by slot. Actions are frozen values, so ``legal()`` and the bots share these
instead of building a new one for every answer they list or draw."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.cosmos.actions import (
    DECK,
    CardSet,
    Choose,
    Collect,
    Discharge,
    GainPower,
    Omega,
    PlaceLife,
    PlaceStar,
    Shift,
    Stabilize,
    Stop,
    Supernova,
    TakeCard,
    TakeNebula,
)
from pnp.cosmos.geometry import geometry
from pnp.cosmos.model import EnergyType, Star

STARS = tuple(Star)
TYPES = tuple(EnergyType)


class Prebuilt(NamedTuple):
    take_card: tuple[TakeCard, ...]  # by display slot, then DECK
    take_nebula: tuple[TakeNebula, ...]  # by size - 1
    choose_star: tuple[Choose, ...]  # by star space
    choose_life: tuple[Choose, ...]
    choose_nebula: tuple[Choose, ...]
    gain_star: tuple[tuple[Choose, ...], ...]  # by star type, then star space
    place_star: tuple[tuple[PlaceStar, ...], ...]  # by star type, then star space
    place_life: tuple[PlaceLife, ...]
    supernova: tuple[Supernova, ...]  # by star space
    stabilize: tuple[Stabilize, ...]  # by life space
    omega: tuple[Omega, ...]  # by size (0: stabilize)
    gain_power: tuple[tuple[GainPower, ...], ...]  # by slot, then energy type
    card_set: tuple[CardSet, ...]  # by energy type
    discharge: Discharge
    stop: Stop
    collect: Collect
    shift: Shift  # your own token
    shift_dark: tuple[Shift, ...]  # by control


@cache
def prebuilt() -> Prebuilt:
    g = geometry()
    return Prebuilt(
        take_card=tuple(TakeCard(slot) for slot in range(DECK + 1)),
        take_nebula=tuple(TakeNebula(size) for size in (1, 2, 3)),
        choose_star=tuple(Choose(i) for i in g.star_ids),
        choose_life=tuple(Choose(i) for i in g.life_ids),
        choose_nebula=tuple(Choose(i) for i in g.nebula_ids),
        gain_star=tuple(tuple(Choose(i, star) for i in g.star_ids) for star in STARS),
        place_star=tuple(tuple(PlaceStar(star, i) for i in g.star_ids) for star in STARS),
        place_life=tuple(PlaceLife(i) for i in g.life_ids),
        supernova=tuple(Supernova(i) for i in g.star_ids),
        stabilize=tuple(Stabilize(i) for i in g.life_ids),
        omega=tuple(Omega(size) for size in (0, 1, 2, 3)),
        gain_power=tuple(tuple(GainPower(slot, t) for t in TYPES) for slot in range(4)),
        card_set=tuple(CardSet(t) for t in TYPES),
        discharge=Discharge(),
        stop=Stop(),
        collect=Collect(),
        shift=Shift(),
        shift_dark=tuple(Shift(c) for c in range(4)),
    )
