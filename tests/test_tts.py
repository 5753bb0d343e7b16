"""``--tts``: face sheets of at most 10 × 7 cards and 4096 px, the back, and a saved object
that TTS loads as one deck (DeckIDs the cards', CardID = deck × 100 + slot)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from hypothesis import given
from hypothesis import strategies as st

from pnp.apps.tts import MAX_COLUMNS, MAX_ROWS, MAX_SIDE, SheetImages, saved_object, sheets
from pnp.cli.images_options import write_tts_deck
from pnp.render.png import size
from tests.conftest import Run


@given(st.integers(1, 500))
def test_sheets_hold_every_card_once_within_10_by_7(count: int) -> None:
    layout = sheets(count)
    assert [s.deck for s in layout] == list(range(1, len(layout) + 1))
    assert sum(s.cards for s in layout) == count
    assert [s.first for s in layout] == [
        sum(t.cards for t in layout[:n]) for n in range(len(layout))
    ]
    for s in layout:
        assert s.columns <= MAX_COLUMNS and s.rows <= MAX_ROWS
        assert s.columns * s.rows >= s.cards > (s.rows - 1) * s.columns  # no empty row
    assert all(s.cards == MAX_COLUMNS * MAX_ROWS for s in layout[:-1])


def test_sheet_grids() -> None:
    assert [(s.columns, s.rows, s.cards) for s in sheets(13)] == [(10, 2, 13)]
    assert [(s.columns, s.rows, s.cards) for s in sheets(70)] == [(10, 7, 70)]
    assert [(s.columns, s.rows, s.cards) for s in sheets(71)] == [(10, 7, 70), (1, 1, 1)]
    assert [(s.columns, s.rows) for s in sheets(7)] == [(7, 1)]


def deck_of(saved: dict[str, Any]) -> dict[str, Any]:
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    return deck  # type: ignore[no-any-return]


def check_ids(deck: dict[str, Any]) -> None:
    """What TTS needs to load the deck: each card on a sheet of the deck, at a slot the
    sheet has, listed in DeckIDs in the same order."""
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    assert len(set(deck["DeckIDs"])) == len(cards)
    slots: dict[int, list[int]] = {}
    for card in cards:
        assert card["Name"] == "Card"
        number, slot = divmod(card["CardID"], 100)
        assert list(card["CustomDeck"]) == [str(number)]
        assert card["CustomDeck"][str(number)] == deck["CustomDeck"][str(number)]
        slots.setdefault(number, []).append(slot)
    for number, used in slots.items():
        sheet = deck["CustomDeck"][str(number)]
        assert used == list(range(len(used)))  # slots 0, 1, … in order
        assert sheet["NumWidth"] * sheet["NumHeight"] >= len(used)
        assert sheet["BackIsHidden"] is True


def test_saved_object_ids() -> None:
    layout = sheets(75)
    images = [SheetImages(f"file:///f{s.deck}.png", "file:///b.png", False) for s in layout]
    names = [f"card-{n}" for n in range(75)]
    deck = deck_of(saved_object("many", names, layout, images))
    check_ids(deck)
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][69:] == [169, *range(200, 205)]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == names
    assert deck["CustomDeck"]["2"]["FaceURL"] == "file:///f2.png"
    assert deck["Nickname"] == "many"


def path_of(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == ""
    path = Path(unquote(parsed.path))
    assert path.is_absolute() and path.exists()
    return path


def test_energy_deck_reads_back(run: Run, tmp_path: Path) -> None:
    result = run("cosmos", "energy-cards", "-o", "e.pdf", "--tts", "tts", "--dpi", "150")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "tts").iterdir()) == [
        "cosmos-energy-back.png",
        "cosmos-energy-faces-1.png",
        "cosmos-energy.json",
    ]
    deck = deck_of(json.loads((tmp_path / "tts" / "cosmos-energy.json").read_text()))
    check_ids(deck)
    assert len(deck["ContainedObjects"]) == 60
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["UniqueBack"]) == (10, 6, False)
    faces = path_of(sheet["FaceURL"])
    assert faces == tmp_path / "tts" / "cosmos-energy-faces-1.png"
    assert size(faces.read_bytes()) == (3750, 3150)  # 375 × 525 px cards at 150 dpi
    assert size(path_of(sheet["BackURL"]).read_bytes()) == (375, 525)


def test_sheets_shrink_to_4096_px(run: Run, tmp_path: Path) -> None:
    run("cosmos", "goal-cards", "-o", "g.pdf", "--tts", "tts")
    deck = deck_of(json.loads((tmp_path / "tts" / "cosmos-goal.json").read_text()))
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 2)
    width, height = size(path_of(sheet["FaceURL"]).read_bytes())
    assert width <= MAX_SIDE < 10 * 750  # 750 px cards at 300 dpi, scaled down
    assert width % 10 == 0 and height % 2 == 0
    assert abs((width / 10) / (height / 2) - 750 / 1050) < 0.01  # the card's proportions


def test_different_backs_make_a_sheet_of_backs(run: Run, tmp_path: Path) -> None:
    run("cosmos", "power-cards", "-o", "p.pdf", "--tts", "tts", "--dpi", "72")
    deck = deck_of(json.loads((tmp_path / "tts" / "cosmos-power.json").read_text()))
    sheet = deck["CustomDeck"]["1"]
    assert sheet["UniqueBack"] is True
    backs = path_of(sheet["BackURL"])
    assert backs.name == "cosmos-power-backs-1.png"
    assert size(backs.read_bytes()) == size(path_of(sheet["FaceURL"]).read_bytes())
    assert not (tmp_path / "tts" / "cosmos-power-back.png").exists()


def test_a_deck_over_70_cards_takes_two_sheets(tmp_path: Path) -> None:
    from PIL import Image

    def card(shade: int) -> bytes:
        out = io.BytesIO()
        Image.new("L", (750, 1050), shade).save(out, "PNG")
        return out.getvalue()

    fronts = [card(n) for n in range(75)]
    names = [f"c{n}" for n in range(75)]
    saved = write_tts_deck(tmp_path, "big", names, fronts, [card(255)] * 75, (63.5, 88.9))
    deck = deck_of(json.loads(saved.read_text()))
    check_ids(deck)
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (5, 1)
    assert size(path_of(first["FaceURL"]).read_bytes())[0] <= MAX_SIDE
    assert first["BackURL"] == second["BackURL"]
    with Image.open(path_of(second["FaceURL"])) as image:  # card 70 leads the second sheet
        assert image.mode == "RGB"  # TTS loads RGB images
        assert image.getpixel((10, 10)) == (70, 70, 70)


def test_same_deck_same_bytes(run: Run, tmp_path: Path) -> None:
    for folder in ("one", "two"):
        run("starcharts", "cards", "-o", f"{folder}.pdf", "--tts", folder, "--dpi", "72")
    for name in ("starcharts-objectives-faces-1.png", "starcharts-objectives-back.png"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    one = json.loads((tmp_path / "one" / "starcharts-objectives.json").read_text())
    two = json.loads((tmp_path / "two" / "starcharts-objectives.json").read_text())
    assert one["ObjectStates"][0]["DeckIDs"] == two["ObjectStates"][0]["DeckIDs"]
    assert one["ObjectStates"][0]["ContainedObjects"][0]["Nickname"] == "two-rows"
