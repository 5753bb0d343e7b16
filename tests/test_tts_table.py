"""``pnp kit --tts DIR``: each game's whole table as one Tabletop Simulator saved object,
checked against the ObjectStates schema as TTS writes it, at true sizes, laid out
without overlaps, its pictures on disk, byte-identical from run to run."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from pnp.apps.tts.objects import BASE_MM, CARD_MM
from pnp.apps.tts.table import lay_out, write_table
from pnp.games import GAMES, game
from pnp.kit import KitSettings
from pnp.layouts.cards import CardOptions
from pnp.paper.printer import PrinterProfile
from pnp.paper.sizes import A4
from pnp.render.png import size
from tests.conftest import Run

TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
SHEET = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
}
IMAGES = {"Custom_Board": (), "Custom_Tile": ("CustomTile",), "Custom_Token": ("CustomToken",)}


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("tts")
    settings = KitSettings(A4, CardOptions(), PrinterProfile(), "en")
    found = {}
    for g in GAMES:
        table = g.tts_table(settings)
        path = write_table(folder, table, lay_out(folder, table), 20, None)
        found[g.id] = json.loads(path.read_text(encoding="utf-8"))
    return found


def check_object(obj: dict[str, Any], contained: bool = False) -> None:
    """The keys and types TTS writes for each kind of object."""
    assert isinstance(obj["Name"], str) and isinstance(obj["Nickname"], str)
    assert contained or (isinstance(obj["GUID"], str) and len(obj["GUID"]) == 6)
    assert all(isinstance(obj["Transform"][k], float) for k in TRANSFORM)
    name = obj["Name"]
    if name in ("Card", "DeckCustom"):
        for sheet in obj["CustomDeck"].values():
            assert all(isinstance(sheet[k], t) for k, t in SHEET.items())
    if name == "Card":
        assert isinstance(obj["CardID"], int)
        assert list(obj["CustomDeck"]) == [str(obj["CardID"] // 100)]
    elif name == "DeckCustom":
        cards = obj["ContainedObjects"]
        assert obj["DeckIDs"] == [c["CardID"] for c in cards] and len(cards) > 1
        for card in cards:
            assert card["Name"] == "Card"
            check_object(card, contained=True)
            sheet = obj["CustomDeck"][str(card["CardID"] // 100)]
            assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"]
    elif name.startswith("Die_"):
        assert name in ("Die_4", "Die_6", "Die_8", "Die_10", "Die_12", "Die_20")
    else:
        image = obj["CustomImage"]
        assert isinstance(image["ImageURL"], str) and image["ImageURL"]
        assert all(isinstance(image[k], dict) for k in IMAGES[name])
        if name == "Custom_Board":
            assert image["WidthScale"] > 0


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_each_save_has_the_objectstates_schema(
    saves: dict[str, dict[str, Any]], game_id: str
) -> None:
    states = saves[game_id]["ObjectStates"]
    for obj in states:
        check_object(obj)
    assert len({o["GUID"] for o in states}) == len(states)
    names = {o["Name"] for o in states}
    assert {"DeckCustom", "Custom_Board"} <= names


def test_what_each_table_holds(saves: dict[str, dict[str, Any]]) -> None:
    astra = saves["astra"]["ObjectStates"]
    (game_end,) = [o for o in astra if o["Nickname"] == "Game End card"]
    assert game_end["Name"] == "Card"  # a card, not a deck of one
    assert {o["Name"] for o in astra} >= {"Custom_Tile", "Custom_Token", "Card"}
    assert sum(o["Nickname"] == "Journal" for o in astra) == 4
    assert sum(o["Nickname"].startswith("Player Aid") for o in astra) == 4  # no spare
    starcharts = saves["starcharts"]["ObjectStates"]
    assert sum(o["Name"] == "Die_8" for o in starcharts) == 5  # spec: five d8
    cosmos = saves["cosmos"]["ObjectStates"]
    assert sum(o["Name"] == "Custom_Board" for o in cosmos) == 5  # main board, 4 players'
    assert sum("nebula tiles" in o["Nickname"] for o in cosmos) == 68


def inches(mm: float) -> float:
    return mm / 25.4


def footprint(obj: dict[str, Any]) -> tuple[float, float, float, float]:
    """Left, near, right, far edges on the table, in inches, by the scale rule of
    ``pnp.apps.tts.objects``."""
    t, name = obj["Transform"], obj["Name"]
    if name in ("Card", "DeckCustom"):
        w, d = inches(CARD_MM[0]) * t["scaleX"], inches(CARD_MM[1]) * t["scaleZ"]
    elif name == "Custom_Board":
        w = inches(BASE_MM) * t["scaleX"] * obj["CustomImage"]["WidthScale"]
        d = inches(BASE_MM) * t["scaleZ"]
    else:
        w, d = inches(BASE_MM) * t["scaleX"], inches(BASE_MM) * t["scaleZ"]
    if t["rotY"] % 180 == 90:
        w, d = d, w
    return t["posX"] - w / 2, t["posZ"] - d / 2, t["posX"] + w / 2, t["posZ"] + d / 2


def size_of(obj: dict[str, Any]) -> tuple[float, float]:
    """Its width and depth as drawn, before it is turned."""
    left, near, right, far = footprint(obj)
    turned = obj["Transform"]["rotY"] % 180 == 90
    return (far - near, right - left) if turned else (right - left, far - near)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_nothing_overlaps_and_the_table_is_square_about_its_middle(
    saves: dict[str, dict[str, Any]], game_id: str
) -> None:
    boxes = [footprint(o) for o in saves[game_id]["ObjectStates"]]
    for a, b in itertools.combinations(boxes, 2):
        apart = a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6
        assert apart or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6, (a, b)
    edges = [max(abs(v) for v in box) for box in boxes]
    assert max(edges) < 21  # within a 42-inch table


def test_the_journals_leave_room_for_the_cards_dealt_round_the_board(
    saves: dict[str, dict[str, Any]],
) -> None:
    """Set-up deals a card to each of the Sphere board's places: none may land on a
    Journal, however it is turned."""
    from pnp.astra.board import board

    sides = board(4)
    reach = max(math.hypot(s.x, s.y) for s in sides.slots) + math.hypot(*sides.card) / 2
    states = saves["astra"]["ObjectStates"]
    journals = [footprint(o) for o in states if o["Nickname"] == "Journal"]
    for left, near, right, far in journals:
        dx, dz = max(left, 0.0, -right), max(near, 0.0, -far)
        assert math.hypot(dx, dz) > reach / 25.4


def test_true_sizes(saves: dict[str, dict[str, Any]]) -> None:
    astra = {o["Nickname"]: o for o in saves["astra"]["ObjectStates"]}
    aid = astra["Player Aid 1"]
    assert aid["Transform"]["scaleX"] / aid["Transform"]["scaleZ"] == pytest.approx(
        (65 / 127) / (63.5 / 88.9), abs=1e-3
    )
    assert [v * 25.4 for v in size_of(aid)] == [pytest.approx(65, 0.1), pytest.approx(127, 0.1)]
    board = astra["Sphere board, 4 players"]
    assert size_of(board)[0] == pytest.approx(size_of(board)[1])
    assert size_of(board)[0] * 25.4 == pytest.approx(190, abs=1)  # a 95 mm radius
    main = next(o for o in saves["cosmos"]["ObjectStates"] if o["Nickname"] == "Main board")
    assert [v * 25.4 for v in size_of(main)] == [pytest.approx(362, 0.1), pytest.approx(470, 0.1)]


def test_tarot_cards_keep_their_aspect(tmp_path: Path) -> None:
    from pnp.paper.sizes import CARD_SIZES

    tarot = CARD_SIZES["tarot"]
    settings = KitSettings(A4, CardOptions(size=tarot), PrinterProfile(), "en")
    table = game("astra").tts_table(settings)
    path = write_table(tmp_path, table, lay_out(tmp_path, table), 12, None)
    deck = next(
        o for o in json.loads(path.read_text())["ObjectStates"] if o["Name"] == "DeckCustom"
    )
    t = deck["Transform"]
    assert t["scaleX"] / t["scaleZ"] == pytest.approx(
        (tarot.width / tarot.height) / (CARD_MM[0] / CARD_MM[1]), abs=1e-3
    )
    assert t["scaleZ"] > 1.2  # a tarot card is longer than TTS's standard card


def path_of(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_picture_is_there_at_the_size_the_save_says(
    saves: dict[str, dict[str, Any]], game_id: str
) -> None:
    for obj in saves[game_id]["ObjectStates"]:
        if obj["Name"] in ("Card", "DeckCustom"):
            for sheet in obj["CustomDeck"].values():
                width, height = size(path_of(sheet["FaceURL"]).read_bytes())
                assert width % sheet["NumWidth"] == 0 and height % sheet["NumHeight"] == 0
                card = (width / sheet["NumWidth"], height / sheet["NumHeight"])
                w, d = size_of(obj)
                assert card[0] / card[1] == pytest.approx(w / d, rel=0.03)
                assert path_of(sheet["BackURL"]).exists()
        elif obj["Name"] != "Die_8":  # TTS's own model: no picture
            image = obj["CustomImage"]
            width, height = size(path_of(image["ImageURL"]).read_bytes())
            w, d = size_of(obj)
            assert width / height == pytest.approx(w / d, rel=0.05)
            if image["ImageSecondaryURL"]:
                assert size(path_of(image["ImageSecondaryURL"]).read_bytes()) == (width, height)


def test_kit_writes_the_tables_alike_twice_with_the_base_url(run: Run, tmp_path: Path) -> None:
    args = ("kit", "--game", "starcharts", "--tts", "tts", "--dpi", "36")
    url = "https://example.org/tables/"
    result = run(*args, "--tts-base-url", url)
    assert result.exit_code == 0, result.output
    assert "wrote the Tabletop Simulator table tts/starcharts.json" in result.output
    first = {p.name: p.read_bytes() for p in (tmp_path / "tts").iterdir()}
    saved = json.loads(first["starcharts.json"])
    urls = [o["CustomImage"]["ImageURL"] for o in saved["ObjectStates"] if "CustomImage" in o]
    urls += [s["FaceURL"] for o in saved["ObjectStates"] for s in o.get("CustomDeck", {}).values()]
    assert urls and all(u.startswith(url) and u[len(url) :] in first for u in urls)
    assert run(*args, "--tts-base-url", url).exit_code == 0
    assert {p.name: p.read_bytes() for p in (tmp_path / "tts").iterdir()} == first


@pytest.mark.parametrize("link", [False, True])
def test_refuses_a_file_for_the_folder(run: Run, tmp_path: Path, link: bool) -> None:
    (tmp_path / "file").write_text("keep")
    if link:
        (tmp_path / "tts").symlink_to(tmp_path / "file")
    target = "tts" if link else "file"
    result = run("kit", "--game", "starcharts", "--tts", target)
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1 and "not a folder" in result.output
    assert (tmp_path / "file").read_text() == "keep"


def test_refuses_a_base_url_that_is_no_web_address(run: Run) -> None:
    result = run("kit", "--game", "starcharts", "--tts", "tts", "--tts-base-url", "tables/")
    assert result.exit_code == 2 and "http://" in result.output
