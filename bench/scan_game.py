"""A whole Star Charts game played by the bots, its finished sheets marked as players
mark them and photographed one a player: what `pnp starcharts score` should read back
from the photos, and the score `pnp starcharts check` gives the game's log."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import photo_marks as pm
import photos
from scan_sheets import Truth, draw

from pnp.starcharts.finished import PlayerText, parse_finished

PNP = [sys.executable, "-m", "pnp"]


@dataclass(frozen=True)
class Game:
    objectives: tuple[str, ...]
    names: tuple[str, ...]
    truths: tuple[Truth, ...]
    photos: tuple[bytes, ...]  # JPEG, one a player
    totals: dict[str, int]  # by `pnp starcharts check`


def game(seed: int, chart: str = "lyra-8-obstacles", players: int = 3, mp: float = 12.0) -> Game:
    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs"
        run = ["starcharts", "simulate", "--chart", chart, "--players", str(players)]
        subprocess.run(
            [*PNP, *run, "--games", "1", "--seed", str(seed), "--logs", str(logs)],
            check=True, capture_output=True,
        )  # fmt: skip
        (log,) = logs.iterdir()
        sheets = Path(folder) / "sheets"
        checked = subprocess.run(
            [*PNP, "starcharts", "check", str(log), "--json", "--sheets", str(sheets)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        totals = {p["name"]: p["total"] for p in json.loads(checked.stdout)["players"]}
        finished = parse_finished((sheets / log.name).read_text("utf-8"), "sheets")
    rng = np.random.default_rng(seed)
    truths = tuple(_truth(finished.chart, p) for p in finished.players)
    shots = []
    for k, truth in enumerate(truths):
        image = draw(truth, "a4", 1, pm.random_pen(rng), rng, np.random.default_rng([seed, 2, k]))
        shot = photos.photograph(image, rng, mp)
        shots.append(cv2.imencode(".jpg", shot.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    objectives = tuple(text for _, text in finished.objectives)
    names = tuple(p.name for p in finished.players)
    return Game(objectives, names, truths, tuple(shots), totals)


def _truth(chart: str, player: PlayerText) -> Truth:
    grid = tuple(ch.lower() for row in player.grid for _, ch in row.cells)
    boxes = []
    for box in player.boxes:
        if box.kind == "empty":
            boxes.append(".")
        elif box.kind == "skip":
            boxes.append("0")
        else:
            boxes.append(str(box.points))
    filled = "." if player.filled is None else str(player.filled)
    gained = tuple(a.ability + (" used" if a.used else "") for a in player.abilities)
    return Truth(chart, grid, tuple(boxes), filled, gained)
