"""Cosmos table logs: a game written down with what the table revealed (no seed) checks
exactly as its seed log does, decision by decision, to the same score table, with its
goals revealed where drawn or all on goals:; the example table log in docs/examples
checks; the rule ids are documented."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import cli as main
from pnp.cosmos.actions import Action
from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.reveal import Seen
from pnp.cosmos.state import State
from pnp.cosmos.table import play_revealed
from pnp.cosmos.table import start as table_start
from pnp.errors import SourceError
from pnp.score.cosmos_replay import check_log, kept_cards

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Ben", "Cat", "Dan")
EXAMPLE = ROOT / "docs" / "examples" / "cosmos-table.txt"


def bot_game(players: int, seed: int, bot: str) -> tuple[Game, list[Action]]:
    game = Game.start(NAMES[:players], seed)
    rng = random.Random(seed)
    actions = []
    while not game.over:
        actions.append(BOTS[bot](game.state, rng))
        game = game.apply(actions[-1])
    return game, actions


def public(s: State) -> tuple[Any, ...]:
    """Everything a table sees of a state: the piles as what they hold, not their hidden
    order (and of the advanced life stack and the goal deck, how many are left); the
    power cards drawn, held in a hand, in no order."""
    needs = tuple(need._replace(cards=tuple(sorted(need.cards))) for need in s.needs)
    return (
        s.names,
        s.players,
        s.tokens,
        s.dark,
        s.supply_stars,
        s.supply_life,
        s.crystals,
        s.display,
        sorted(s.deck),
        sorted(s.discard),
        s.shuffles,
        [sorted(deck) for deck in s.power_decks],
        [sorted(stack) for stack in s.stacks],
        len(s.life_stack),
        len(s.goal_deck),
        s.track,
        s.scored,
        (s.first, s.active, s.round, s.phase, s.moves, s.own_moved, needs, s.last),
    )


def all_on_goals(text: str) -> str:
    """A table log with each goal revealed where drawn (``; goal ID``) listed on its
    goals: line instead, in the order drawn."""
    drawn = re.findall(r"; goal ([\w-]+)", text)
    text = re.sub(r"; goal [\w-]+", "", text)
    return re.sub(r"^goals: .*$", lambda m: ", ".join([m[0], *drawn]), text, count=1, flags=re.M)


def on_a_goal_line(text: str) -> str:
    """A table log with its set-up goal on a goal line instead of goals:."""
    return re.sub(r"^goals: ", "goal ", text, count=1, flags=re.M)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(sorted(BOTS)))
def test_a_game_checks_the_same_from_its_seed_and_from_what_the_table_revealed(
    players: int, seed: int, bot: str
) -> None:
    game, actions = bot_game(players, seed, bot)
    names = NAMES[:players]
    seeded = format_log(names, seed, actions)
    table = format_log(names, seed, actions, reveal=True)
    assert "seed:" not in table and "deal:" in table
    header, line = all_on_goals(table), on_a_goal_line(table)
    assert "; goal" in table and "; goal" not in header and "\ngoal " in line
    for text in (table, header):  # goals revealed where drawn, or all on goals:
        log = parse_log(text, "table.txt")
        assert log.table is not None
        steps = [step for turn in log.turns for step in turn.steps]
        assert [step.action for step in steps] == actions
        s, seen = table_start(names, log.table), Seen(len(log.table.goals))
        kept = kept_cards(log)
        g = Game.start(names, seed)
        assert public(s) == public(g.state)
        for step, action in zip(steps, actions, strict=True):
            reveals = log.revealed.get(step, ()) if log.revealed else ()
            s = play_revealed(s, seen, step.action, reveals, kept.get(step))
            g = g.apply(action)
            assert public(s) == public(g.state)
        assert public(g.state) == public(game.state)
    result = check_log(parse_log(seeded, "seed.txt"))
    for text in (table, header, line):
        assert check_log(parse_log(text, "table.txt")) == result


def test_a_table_log_has_the_set_up_and_every_draw() -> None:
    _, actions = bot_game(3, 4, "random")
    text = format_log(NAMES[:3], 4, actions, "a table", reveal=True)
    lines = text.splitlines()
    assert lines[0] == "# a table" and lines[1] == "players: Ann, Ben, Cat"
    assert [line.split(":")[0] for line in lines[2:7]] == [
        "deal",
        "display",
        "hands",
        "nebulae",
        "goals",
    ]
    assert re.fullmatch(r"goals: [a-z-]+", lines[6])  # the set-up's: the others where drawn
    body = "\n".join(lines[7:])
    assert re.search(r"; goal [a-z-]+\n", body)
    assert re.search(r"card deck (light|time|gravity|chemistry)\b", body)
    assert re.search(r"; refill (light|time|gravity|chemistry)", body)
    assert re.search(r"omega [123] [123][A-Z]\b", body)
    assert not re.search(r"card deck;|nebula [123];|omega [123];|advance N\d+;", body)


def test_seed_logs_are_written_as_before() -> None:
    _, actions = bot_game(2, 9, "random")
    text = format_log(NAMES[:2], 9, actions, "x")
    assert text.splitlines()[1:3] == ["players: Ann, Ben", "seed: 9"]
    assert "refill" not in text and "deal:" not in text


def _example_stops_at_its_end() -> str:
    with pytest.raises(SourceError) as err:
        check_log(parse_log(EXAMPLE.read_text(encoding="utf-8"), "cosmos-table.txt"))
    assert len(err.value.problems) == 1
    return str(err.value)


def test_the_example_table_log_checks_to_its_end() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    said = _example_stops_at_its_end()
    last = len(text.rstrip("\n").splitlines())
    assert said.startswith(f"cosmos-table.txt:{last}:1: the log ends before the game does")
    assert said.endswith("[cosmos.log.end]")
    log = parse_log(text, "cosmos-table.txt")
    assert log.revealed is not None
    reveals = [r for step_reveals in log.revealed.values() for r in step_reveals]
    assert len({r.kind for r in reveals}) == 6  # every kind of reveal is in it


def test_the_doc_shows_the_example_table_log() -> None:
    doc = (ROOT / "data" / "formats" / "cosmos.md").read_text(encoding="utf-8")
    assert f"```text\n{EXAMPLE.read_text(encoding='utf-8')}```" in doc


def test_cli_checks_a_table_log_as_its_seed_log(tmp_path: Path) -> None:
    _, actions = bot_game(3, 11, "greedy")
    runner = CliRunner()
    out = []
    for reveal in (False, True):
        log = tmp_path / f"game-{reveal}.txt"
        log.write_text(format_log(NAMES[:3], 11, actions, reveal=reveal), encoding="utf-8")
        result = runner.invoke(main, ["cosmos", "check", str(log), "--json"])
        assert result.exit_code == 0, result.output
        out.append(result.output)
    assert out[0] == out[1]


def test_simulate_writes_table_logs(tmp_path: Path) -> None:
    runner = CliRunner()
    for kind in ("seed", "table"):
        args = ["cosmos", "simulate", "--players", "2", "--games", "2", "--bot", "random"]
        args += ["--jobs", "1", "--logs", str(tmp_path / kind)]
        result = runner.invoke(main, args + (["--table"] if kind == "table" else []))
        assert result.exit_code == 0, result.output
    for name in ("game-1.txt", "game-2.txt"):
        seeded = (tmp_path / "seed" / name).read_text(encoding="utf-8")
        table = (tmp_path / "table" / name).read_text(encoding="utf-8")
        assert "seed:" in seeded and "deal:" in table and "seed:" not in table
        assert check_log(parse_log(seeded, name)) == check_log(parse_log(table, name))


def test_table_without_logs_is_a_usage_error() -> None:
    args = ["cosmos", "simulate", "--players", "2", "--games", "1", "--table"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "give --logs DIR too" in result.output


def test_every_table_rule_is_in_rules_md_with_its_source() -> None:
    from pnp.cosmos.reveal import RULES

    doc = (ROOT / "RULES.md").read_text(encoding="utf-8")
    section = doc.split("## Crafting the Cosmos: table logs", 1)[1].split("\n## ", 1)[0]
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `(cosmos\.[a-z.-]+)` \|.*$", section, re.M)}
    assert set(rows) == set(RULES)
    for rule, row in rows.items():
        assert re.search(r"spec|seed|ours|issue", row.rstrip(" |").rsplit("|", 1)[1]), rule
