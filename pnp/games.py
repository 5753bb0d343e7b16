"""The registry: the one place that says which games pnp knows and what each contributes
(its CLI group, its part of the kit with notes and credits, its languages). Everything
is named by import path and loaded on demand, so naming a game here imports nothing."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, cast

if TYPE_CHECKING:
    from pnp.apps.tts.table import Table
    from pnp.kit import Job, KitSettings, Note


class KitPart(Protocol):
    """What a game's kit module provides (see ``pnp.layouts.starcharts.kit``)."""

    FOLDER: str

    def jobs(self, settings: KitSettings) -> list[Job]: ...

    def notes(
        self, written: dict[str, list[str]], settings: KitSettings, calibration: str
    ) -> list[Note]: ...


class Game(NamedTuple):  # not a dataclass: quicker to create when pnp starts
    id: str  # the CLI group's name and the kit's --game choice
    title: str
    cli: str  # "module:attribute" of its click group
    kit: str  # its kit module
    languages: tuple[str, ...] = ("en",)
    bgg_id: int | None = None  # its BoardGameGeek id, for BG Stats (pnp.apps.bgstats)
    highest_wins: bool = True

    def kit_part(self) -> KitPart:
        return cast(KitPart, importlib.import_module(self.kit))

    def tts_table(self, settings: KitSettings) -> Table:
        """Its Tabletop Simulator table: ``table`` of ``tts_table`` beside its kit module."""
        module = importlib.import_module(self.kit.rsplit(".", 1)[0] + ".tts_table")
        return cast("Table", module.table(settings))


GAMES: tuple[Game, ...] = (
    Game(
        "starcharts", "Star Charts", "pnp.cli.starcharts:starcharts", "pnp.layouts.starcharts.kit"
    ),
    # Astra's and Star Charts' BoardGameGeek ids could not be confirmed: none given.
    Game("astra", "Astra", "pnp.cli.astra:astra", "pnp.layouts.astra.kit", ("en", "fr")),
    Game(
        "cosmos",
        "Crafting the Cosmos",
        "pnp.cli.cosmos:cosmos",
        "pnp.layouts.cosmos.kit",
        bgg_id=424785,
    ),
)


def game(game_id: str) -> Game:
    return next(g for g in GAMES if g.id == game_id)


def languages(games: Sequence[Game] = GAMES) -> tuple[str, ...]:
    return tuple(dict.fromkeys(lang for g in games for lang in g.languages))
