"""Cosmos game logs: ``format_log`` writes what ``pnp cosmos check`` replays to the
engine's totals; every log-level rule and the engine's refuse a step at its line and
column with the rule id; any mutated log is replayed or refused, never a crash."""

from __future__ import annotations

import os
import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import cli as main
from pnp.cosmos.actions import Action, Discard
from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.notation import format_action
from pnp.errors import PnpError, SourceError
from pnp.play.cosmos_simulate import play as simulated
from pnp.score.cosmos_replay import check_log

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Ben", "Cat", "Dan")


def play(players: int, seed: int) -> tuple[Game, list[Action]]:
    game = Game.start(NAMES[:players], seed)
    r = random.Random(seed)
    actions = []
    while not game.over:
        action = r.choice(game.legal())
        actions.append(action)
        game = game.apply(action)
    return game, actions


@cache
def three() -> str:
    _, actions = play(3, 7)
    return format_log(NAMES[:3], 7, actions, "a random game")


def check(text: str) -> object:
    return check_log(parse_log(text, "game.txt"))


def refused(text: str) -> str:
    with pytest.raises(SourceError) as err:
        check(text)
    assert len(err.value.problems) >= 1
    return str(err.value)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(sorted(BOTS)))
def test_a_written_log_replays_to_the_engines_totals(players: int, seed: int, bot: str) -> None:
    game = Game.start(NAMES[:players], seed)
    rng = random.Random(seed)
    actions = []
    while not game.over:
        actions.append(BOTS[bot](game.state, rng))
        game = game.apply(actions[-1])
    result, record = check_log(parse_log(format_log(NAMES[:players], seed, actions), "g"))
    finals, won, tie = game.final()
    assert [p.total for p in result.players] == [f.total for f in finals]
    assert [p.goals for p in result.players] == [f.goals for f in finals]
    assert result.winners == tuple(NAMES[i] for i in won)
    assert result.tie_break is tie
    assert [p.energy_cards for p in record.players] == [f.energy_cards for f in finals]


def test_hand_limit_discards_go_on_a_line_of_their_own() -> None:
    _, actions = play(3, 0)
    text = format_log(NAMES[:3], 0, actions)
    discards = [line for line in text.splitlines() if line.startswith("discard ")]
    assert discards
    assert all(step.startswith("discard ") for line in discards for step in line.split("; "))
    check(text)


def test_the_end_phase_discards_replay_in_any_order() -> None:
    # Issue 27, point 13: the players over the hand limit discard in any order.
    played = simulated(3, 1, BOTS["random"])
    actions = list(played.actions)
    i = next(i for i, a in enumerate(actions) if isinstance(a, Discard))
    first, second = actions[i : i + 2]
    assert isinstance(second, Discard) and isinstance(first, Discard)
    assert first.player != second.player
    swapped = [*actions[:i], second, first, *actions[i + 2 :]]
    text = format_log(NAMES[:3], played.seed, swapped)
    assert f"{format_action(second)}; {format_action(first)}" in text.splitlines()
    result, _ = check_log(parse_log(text, "g"))
    assert [p.total for p in result.players] == [f.total for f in played.game.final()[0]]


def test_the_log_has_a_header_and_a_line_per_turn() -> None:
    text = three()
    lines = text.splitlines()
    assert lines[:3] == ["# a random game", "players: Ann, Ben, Cat", "seed: 7"]
    assert "# round 1" in lines
    turns = [line for line in lines if line.split(":")[0] in NAMES]
    log = parse_log(text, "g")
    assert len([t for t in log.turns if t.player is not None]) == len(turns)


def _line(text: str, prefix: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(prefix))


@pytest.mark.parametrize(
    ("header", "where", "expected"),
    [
        ("players: Ann, Ben\n", "game.txt:1:1:", "expected seed: (the deal) [cosmos.log.header]"),
        ("players: Ann\nseed: 1\n", "game.txt:1:1:", "the game is for 2 to 4 players, not 1"),
        ("players: Ann, Ann\nseed: 1\n", "game.txt:1:15:", "Ann is listed twice"),
        ("players: Ann, Ben\nseed: x1\n", "game.txt:2:7:", "expected a whole number"),
        ("players: Ann, B:n\nseed: 1\n", "game.txt:1:", "[cosmos.log.header]"),
        ("players: Ann, Ben\nseed: 1\nseed: 2\n", "game.txt:3:1:", "seed: is written once"),
    ],
)
def test_header_rules(header: str, where: str, expected: str) -> None:
    said = refused(header)
    assert said.startswith(where) and expected in said and "[cosmos.log.header]" in said


def test_header_after_the_turns() -> None:
    said = refused("players: Ann, Ben\nAnn: shift\nseed: 1\n")
    assert (
        said
        == "game.txt:3:1: seed: belongs to the header, before the first turn [cosmos.log.header]"
    )


def test_every_notation_problem_at_once() -> None:
    said = refused("players: Ann, Ben\nseed: 1\nAnn: shift; card 9\nBen: fly S1\n")
    lines = said.splitlines()
    assert lines[0] == "game.txt:3:18: expected a number 1–4 or deck, got '9' [cosmos.log.notation]"
    assert lines[1].startswith("game.txt:4:6: expected shift") and "[cosmos.log.notation]" in said


def test_player_rules() -> None:
    said = refused("players: Ann, Ben\nseed: 1\nAnne: shift\n")
    assert said == (
        "game.txt:3:1: 'Anne' is not playing (players: Ann, Ben); did you mean Ann? "
        "[cosmos.log.player]"
    )
    said = refused("players: Ann, Ben\nseed: 1\nshift\n")
    assert said.startswith("game.txt:3:1: a line without a name") and "[cosmos.log.player]" in said


def test_a_line_for_the_wrong_player() -> None:
    text = three()
    n = _line(text, "Ann:")
    wrong = text.replace("\nAnn:", "\nBen:", 1)
    said = refused(wrong)
    assert said.startswith(f"game.txt:{n}:1: it is Ann's turn, not Ben's [cosmos.log.turn]")


def test_a_line_holds_one_turn() -> None:
    lines = three().splitlines()
    n = _line(three(), "Ann:")
    joined = [*lines[: n - 1], lines[n - 1] + "; " + lines[n].split(": ", 1)[1], *lines[n + 1 :]]
    said = refused("\n".join(joined))
    col = len(lines[n - 1]) + 3
    assert said.startswith(f"game.txt:{n}:{col}: Ann's turn is over: a line is one turn")
    assert said.endswith("[cosmos.log.turn]")


def test_a_turn_left_unfinished() -> None:
    lines = three().splitlines()
    n = _line(three(), "Ann:")
    cut = lines[n - 1].rsplit("; omega", 1)[0]
    said = refused("\n".join([*lines[: n - 1], cut, *lines[n:]]))
    assert said.startswith(f"game.txt:{n + 1}:1: Ann's turn is not over (it ends with its omega)")
    assert "omega" in said and said.endswith("[cosmos.log.turn]")


def test_the_log_ends_before_the_game() -> None:
    lines = three().splitlines()
    n = _line(three(), "Ben:")
    said = refused("\n".join(lines[:n]))
    assert said.startswith(f"game.txt:{n}:1: the log ends before the game does: Cat decides next")
    assert said.endswith("[cosmos.log.end]")


def test_the_engines_rule_at_the_step() -> None:
    said = refused("players: Ann, Ben\nseed: 1\nAnn: shift; place H S1\n")
    assert said.startswith("game.txt:3:13:") and said.endswith("[cosmos.turn.decision]")


def test_nothing_after_the_end() -> None:
    said = refused(three() + "Ann: shift\n")
    n = len(three().splitlines()) + 1
    assert said == (
        f"game.txt:{n}:1: the game is over: nothing is played after it has ended [cosmos.game.over]"
    )


MUTATIONS = st.lists(
    st.tuples(st.integers(0, 10**6), st.sampled_from(["drop", "swap", "char", "line"])),
    min_size=1,
    max_size=4,
)


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")), deadline=None)
@given(MUTATIONS, st.text(min_size=1, max_size=6))
def test_a_mutated_log_is_replayed_or_refused(mutations: list[tuple[int, str]], junk: str) -> None:
    lines = three().splitlines()[:12]
    for at, kind in mutations:
        n = at % len(lines)
        words = lines[n].split(" ")
        if kind == "drop":
            del lines[n]
        elif kind == "line":
            lines.insert(n, junk)
        elif kind == "swap" and len(words) > 1:
            i = at % (len(words) - 1)
            words[i], words[i + 1] = words[i + 1], words[i]
            lines[n] = " ".join(words)
        elif kind == "char" and lines[n]:
            i = at % len(lines[n])
            lines[n] = lines[n][:i] + junk + lines[n][i + 1 :]
        if not lines:
            lines = [junk]
    try:
        check("\n".join(lines))
    except PnpError as error:
        assert str(error).startswith("game.txt:")


def test_the_example_game_checks() -> None:
    text = (ROOT / "docs" / "examples" / "cosmos-game.txt").read_text(encoding="utf-8")
    check(text)


def test_cli_check(tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text(three(), encoding="utf-8")
    runner = CliRunner()
    table = runner.invoke(main, ["cosmos", "check", str(log)])
    assert table.exit_code == 0 and "Winner" in table.output
    end = tmp_path / "end.toml"
    out = runner.invoke(main, ["cosmos", "check", str(log), "--json", "--final-state", str(end)])
    assert out.exit_code == 0 and out.output.startswith("{")
    scored = runner.invoke(main, ["cosmos", "score", str(end)])
    assert scored.exit_code == 0 and scored.output == table.output
    same = runner.invoke(main, ["cosmos", "check", str(log), "--final-state", str(log)])
    assert same.exit_code == 2 and log.read_text(encoding="utf-8") == three()
    log.write_text("players: Ann, Ben\nseed: 1\nAnn: fly\n", encoding="utf-8")
    bad = runner.invoke(main, ["cosmos", "check", str(log)])
    assert bad.exit_code == 1 and f"{log}:3:6: expected shift" in bad.output


def test_check_imports_no_drawing() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from pnp.cli.cosmos_check import check; "
        "import pnp.score.cosmos_replay; "
        "print(sorted(m for m in ('reportlab', 'svgwrite', 'shapely') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_log_rule_is_in_the_rules_doc() -> None:
    import re

    from pnp.cosmos.log import RULES

    doc = (ROOT / "RULES.md").read_text(encoding="utf-8")
    section = doc.split("## Crafting the Cosmos: game logs", 1)[1].split("\n## ", 1)[0]
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `(cosmos\.[a-z.-]+)` \|.*$", section, re.M)}
    assert set(rows) == set(RULES)
    for rule, row in rows.items():
        assert re.search(r"spec|seed|ours", row.rsplit("|", 2)[1]), rule


def test_the_doc_shows_the_whole_example_game() -> None:
    doc = (ROOT / "data" / "formats" / "cosmos.md").read_text(encoding="utf-8")
    game = (ROOT / "docs" / "examples" / "cosmos-game.txt").read_text(encoding="utf-8")
    assert f"```text\n{game}```" in doc
