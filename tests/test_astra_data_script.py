"""The script that derives Astra's constellation file from the raw sky
(scripts/derive_astra.py): the committed file is what it makes, each figure keeps its
three brightest stars, and the file is sorted and small."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.astra.constellations import constellations_path
from tests.astra_data_helpers import CARDS, ROOT, SCRIPT
from tests.astra_data_helpers import script as _script

SKY = ROOT.parent / "shared" / "sky"
needs_sky = pytest.mark.skipif(
    not SKY.is_dir(),
    reason="the raw sky data (../shared/sky) sits beside the working checkout, not in "
    "the repository; CI clones the repository alone",
)


@needs_sky
def test_the_committed_file_is_what_the_script_makes(tmp_path: Path) -> None:
    out = tmp_path / "constellations.json"
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--sky", str(SKY), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.read_bytes() == constellations_path().read_bytes()
    assert constellations_path().stat().st_size < 100_000
    assert out.read_text(encoding="utf-8").endswith("}\n")


@needs_sky
def test_pruning_keeps_each_figures_three_brightest_stars() -> None:
    astra_sky = _script("astra_sky")
    sky = astra_sky.load_sky(SKY)
    keys = {c.key: c for c in CARDS}
    figures = {"Arg": ["Car", "Pup", "Vel"]}
    for key, card in keys.items():
        edges = astra_sky.figure_edges(sky, figures.get(key, [key]))
        hips = sorted({h for e in edges for h in e}, key=lambda h: (sky.stars[h].mag, h))
        assert set(hips[:3]) <= {s.hip for s in card.stars}, key


def test_the_json_file_is_sorted_and_small() -> None:
    data = json.loads(constellations_path().read_text(encoding="utf-8"))
    names = [c["name"] for c in data["constellations"]]
    assert names == sorted(names)
    assert "d3-celestial" in data["source"]
