"""The README is what a newcomer reads in five minutes: short, the two set-up commands
that work on a fresh machine (CI runs the test one), how to print right, a tour of each
game and where the rest is. Its command lines run in tests/test_docs.py."""

from __future__ import annotations

import re

from tests.docs_pages import ROOT, command_lines

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 250


def test_the_two_set_up_commands_are_the_ones_ci_runs() -> None:
    tests = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
    tests += ".venv/bin/python -m pytest -q"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci and f"```sh\n{tests}\n```" in README
    assert any("PNP_MYPYC=1" in line and "scripts/compare_builds.py" in line for line in ci)
    assert (
        "```sh\npython3 -m venv .venv && .venv/bin/pip install . && .venv/bin/pnp kit\n```"
        in README
    )


def test_it_says_how_to_print_and_what_the_kit_writes() -> None:
    text = " ".join(README.split())
    for said in ("--paper letter", "100 % scale", 'never "fit to page"', "README.txt"):
        assert said in text
    assert "pnp kit --gallery` also writes `out/index.html`" in text


def test_a_tour_of_each_game_scores_checks_and_prints_its_formats() -> None:
    tours = re.findall(r"^## Five minutes with (.+)$", README, re.M)
    assert tours == ["Star Charts", "Astra", "Crafting the Cosmos"]
    shown = {tuple(line.words[:2]) for line in command_lines() if line.page == "README.md"}
    for game in ("starcharts", "astra", "cosmos"):
        assert {(game, "score"), (game, "check"), (game, "formats")} <= shown
        assert ("kit", "--game") in shown


def test_it_links_every_page_of_the_site() -> None:
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)\)", README))
    # a formats page is the shipped text it includes: the README links that, readable as it is
    linked |= {f"{g}-formats.md" for g in re.findall(r"\]\(data/formats/([\w-]+)\.md\)", README)}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert pages - linked <= {"rules.md", "scan-plan.md"}  # RULES.md itself is linked
    assert "](RULES.md)" in README


def test_each_games_search_budget_is_the_one_its_bench_row_gives() -> None:
    from pnp.cli.astra_sim import simulate as astra
    from pnp.cli.cosmos_sim import simulate as cosmos
    from pnp.cli.starcharts_play import simulate as starcharts

    said = re.search(
        r"defaults to its budget here \(Star Charts (\d+), Astra (\d+), Cosmos (\d+)\)", README
    )
    assert said, "the README names each game's default --budget"
    rows = {
        game: int(re.search(rf"^\| {game}[^|]* \| (\d+) \|", README, re.M)[1])  # type: ignore[index]
        for game in ("Star Charts", "Astra", "Crafting the Cosmos")
    }
    defaults = [
        next(p.default for p in command.params if p.name == "budget")
        for command in (starcharts, astra, cosmos)
    ]
    assert defaults == [int(n) for n in said.groups()] == list(rows.values())
