"""`pnp cosmos check --unfinished`: a game in progress is checked as far as its log goes,
with who decides next and the points so far; a finished log scores as without it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from pnp.cli import cli
from pnp.cosmos.board_record import galaxy_spaces
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.score.cosmos_replay import replay

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
GAME = EXAMPLES / "cosmos-game.txt"


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["cosmos", "check", *args], catch_exceptions=False)


def _cut(text: str, lines: int, folder: Path) -> Path:
    """The first ``lines`` lines of a log, as a file."""
    path = folder / "so-far.txt"
    path.write_text("\n".join(text.splitlines()[:lines]) + "\n", encoding="utf-8")
    return path


def test_a_table_log_of_three_rounds_is_legal_so_far() -> None:
    result = _run("--unfinished", str(EXAMPLES / "cosmos-table.txt"))
    assert result.exit_code == 0, result.output
    assert "legal so far: the log stops in round 4, Ann decides next" in result.output
    assert "Ann: 6 points so far (nebulae 3, time chamber 3)" in result.output
    assert "1 advanced life face down" in result.output
    assert (
        "Energy tokens: Light: dark · Time: Ann, dark, dark · Gravity: — · Chemistry: Ben, dark"
        in result.output
    )
    assert "6 energy cards in hand (time 2, gravity 1, chemistry 3)" in result.output
    assert "power cards: molecular-cloud" in result.output
    without = _run(str(EXAMPLES / "cosmos-table.txt"))
    assert without.exit_code == 1
    assert "[cosmos.log.end]" in without.output


def test_the_points_so_far_are_the_engines(tmp_path: Path) -> None:
    text = GAME.read_text(encoding="utf-8")
    for lines in (8, 12, 20, 27, 33):
        path = _cut(text, lines, tmp_path)
        game, _ = replay(parse_log(path.read_text(encoding="utf-8"), str(path)), True)
        assert not game.over
        data = json.loads(_run("--unfinished", "--json", str(path)).output)
        s = game.state
        assert data["over"] is False
        assert data["round"] == s.round + 1
        assert data["next"] == s.names[game.to_move]
        for row, p in zip(data["players"], s.players, strict=True):
            assert row["total"] == sum(p.points) == sum(row["points"].values())
            assert row["energy_cards"] == p.cards == sum(row["hand"].values())
            assert row["advanced_life_face_down"] == len(p.board.advanced)
            assert row["time_chamber"]["crystal"] == p.level
        where = {name: c for c, names in enumerate(data["controls"].values()) for name in names}
        assert [where[name] for name in s.names] == list(s.tokens)
        dark = [names.count("dark") for names in data["controls"].values()]
        assert dark == list(s.dark)
        assert data["deck"] == len(s.deck)
        assert [g["id"] for g in data["scored"]] == [r.goal for r in s.scored]
        for row, p in zip(data["players"], s.players, strict=True):
            spaces = galaxy_spaces(p.board, values=False)
            assert (row["stars"], row["life"], row["nebulae"]) == spaces
            assert len(row["stars"]) == p.board.all_stars.bit_count()


def test_advanced_life_stays_face_down() -> None:
    result = _run("--unfinished", str(EXAMPLES / "cosmos-table.txt"))
    assert "N10 1G done advanced," in result.output  # Ann's 8, not shown
    assert "done 8" not in result.output


def test_a_finished_log_scores_as_without_it() -> None:
    assert _run("--unfinished", str(GAME)).output == _run(str(GAME)).output


def test_an_illegal_step_is_still_refused(tmp_path: Path) -> None:
    game = Game.start(("Ann", "Ben"), 5)
    actions = []
    for _ in range(12):
        action = game.legal()[0]
        actions.append(action)
        game = game.apply(action)
    text = format_log(("Ann", "Ben"), 5, actions) + "Ben: place He S1\n"
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = _run("--unfinished", str(path))
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:{len(text.splitlines())}:")


def test_a_game_in_progress_writes_no_end(tmp_path: Path) -> None:
    for option in (["--final-state", str(tmp_path / "end.toml")], ["--bgstats"]):
        result = _run("--unfinished", *option, str(GAME))
        assert result.exit_code == 2
        assert "--unfinished checks a game in progress" in result.output
    assert not (tmp_path / "end.toml").exists()
