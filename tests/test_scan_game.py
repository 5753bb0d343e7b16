"""A three-player game from three phone photos: the bots play it, its finished sheets
are marked and photographed (bench/scan_game.py), and `pnp starcharts score` on the
photos, with the player answering each question from the sheet in front of them, gives
the score `pnp starcharts check` gives the game's log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli, starcharts_photos
from pnp.read.starcharts_reading import Doubt

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))

from scan_game import game


def test_three_photos_score_as_the_log_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = game(5)
    paths = []
    for name, photo in zip(played.names, played.photos, strict=True):
        paths.append(tmp_path / f"{name.lower()}.jpg")
        paths[-1].write_bytes(photo)
    truths = dict(zip(played.names, played.truths, strict=True))
    asked: list[str] = []

    def look(name: str, doubt: Doubt, image: Path) -> str:
        assert image.is_file()
        truth = truths[name]
        asked.append(doubt.what)
        kind, k = doubt.slot
        if kind == "grid":
            return truth.grid[k]
        if kind in ("box", "filled"):
            return (*truth.boxes, truth.filled)[k if kind == "box" else 5]
        gained = {a.split()[0]: a.endswith(" used") for a in truth.abilities}
        ability = [a.split()[0] for a in truth.abilities]
        from pnp.starcharts.content import abilities

        name = abilities()[k].id
        mark = name in ability if kind == "gained" else gained.get(name, False)
        return "yes" if mark else "no"

    monkeypatch.setattr(starcharts_photos, "interactive", lambda: True)
    monkeypatch.setattr(starcharts_photos, "answer", look)
    names = [opt for name in played.names for opt in ("--name", name)]
    result = CliRunner().invoke(
        cli,
        ["starcharts", "score", *map(str, paths), *names, "--json",
         "--objectives", *played.objectives, "-o", str(tmp_path / "game.txt")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert {p["name"]: p["total"] for p in data["players"]} == played.totals
