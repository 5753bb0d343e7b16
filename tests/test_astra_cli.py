"""``pnp astra constellations``: the table, the JSON and one card drawn in text."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner, Result

from pnp.cli.astra import astra


def _run(*args: str) -> Result:
    return CliRunner().invoke(astra, list(args), catch_exceptions=False)


def test_the_table_lists_48_cards() -> None:
    result = _run("constellations")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["name", "French", "element", "stars"]
    assert len(lines) == 49
    taurus = next(line for line in lines if line.startswith("Taurus "))
    assert taurus.split()[:5] == ["Taurus", "Taureau", "Earth", "10", "2"]
    assert "Fame 4, Stardust 6," in taurus and taurus.endswith("refund-common")


def test_the_table_in_french() -> None:
    lines = _run("constellations", "--lang", "fr").output.splitlines()
    assert lines[0].split()[:3] == ["nom", "anglais", "élément"]
    assert any(line.startswith("Taureau ") and "Renommée 4" in line for line in lines)


def test_json_has_every_card_with_its_stars_and_boons() -> None:
    result = _run("constellations", "--json")
    assert result.exit_code == 0
    cards = json.loads(result.output)
    assert len(cards) == 48
    taurus = next(c for c in cards if c["name"] == "Taurus")
    assert taurus["name_fr"] == "Taureau"
    assert taurus["element"] == "earth"
    assert taurus["stars"] == 10 and taurus["fame"] == 2
    assert sorted(taurus["grand_stars"]) == ["Aldebaran", "Elnath"]
    assert taurus["boons"][:2] == [
        {"kind": "fame", "amount": 4},
        {"kind": "stardust", "amount": 6},
    ]
    assert taurus["ability"] == "refund-common"
    assert taurus["ability_timing"] == "this-turn"
    assert taurus["ability_text"].startswith("This turn")
    assert [s["number"] for s in taurus["star_list"]] == list(range(1, 11))
    start = [s for s in taurus["star_list"] if s["kind"] == "starting"]
    assert [s["label"] for s in start] == [taurus["starting_star"]]
    assert all(len(e) == 2 for e in taurus["edges"])


def test_json_in_french_has_french_ability_texts() -> None:
    cards = json.loads(_run("constellations", "--json", "--lang", "fr").output)
    assert next(c for c in cards if c["name"] == "Canis Minor")["ability_text"] == (
        "Gagnez 1 point de sagesse."
    )


def test_show_draws_a_card_by_english_or_french_name() -> None:
    english = _run("constellations", "--show", "taurus")
    french = _run("constellations", "--show", "Taureau")
    assert english.exit_code == french.exit_code == 0
    assert english.output == french.output
    out = english.output
    assert out.startswith("Taurus (Taureau, Tau) · Earth · 10 stars · Fame 2\n")
    assert "(10)" in out and "[1]" in out and "[5]" in out  # Starting and Grand marks
    assert "   1  Elnath" in out
    assert "Boons: Fame 4, Stardust 6" in out
    assert "Ability (refund-common): This turn" in out


def test_show_in_french() -> None:
    out = _run("constellations", "--show", "ursa major", "--lang", "FR").output
    assert out.startswith("Grande Ourse (Ursa Major, UMa) · Terre · 14 étoiles")
    assert "Pouvoir (buy-telescopes)\u00a0: Payez 3 poussières d'étoile" in out


def test_show_with_json_prints_one_card() -> None:
    card = json.loads(_run("constellations", "--show", "Cetus", "--json").output)
    assert card["name"] == "Cetus" and card["stars"] == 14
    assert any(s["hip"] == 10826 for s in card["star_list"])


def test_an_unknown_name_is_a_usage_error_with_a_suggestion() -> None:
    result = CliRunner().invoke(astra, ["constellations", "--show", "Taurs"])
    assert result.exit_code == 2
    assert "did you mean Taurus?" in result.output
    assert "--show" in result.output


def test_the_command_stays_light() -> None:
    """Listing the cards loads no drawing library."""
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from pnp.cli.astra import astra\n"
        "CliRunner().invoke(astra, ['constellations', '--show', 'Orion'])\n"
        "print(sorted(m for m in ('reportlab', 'svgwrite', 'shapely') if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
