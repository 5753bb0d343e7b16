"""Board mode of the Cosmos game record: galaxies by space id at the end and when each
goal scored; goals counted from them (typed counts must agree); each board check at its
line and column with its rule id; a replayed game's record reads back and scores alike."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cosmos.board_record import RULES
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.record_file import format_record, parse_record
from pnp.errors import PnpError, SourceError
from pnp.score.cosmos import cosmos_json, score_record
from pnp.score.cosmos_replay import check_log

ROOT = Path(__file__).resolve().parent.parent
BASE = """\
players = ["Ann", "Ben"]

[[goal]]
id = "proto-life"
counts = { Ann = 2, Ben = 1 }

[goal.galaxy.Ann]
life = { L1 = "proto", L2 = "proto" }

[goal.galaxy.Ben]
time-crystals = 1
life = { L5 = "proto" }

[[player]]
name = "Ann"
points = { nebulae = 3, time-chamber = 3 }
energy-cards = 4
stars = { S1 = "H", S2 = "*" }
life = { L1 = "stable", L2 = "proto" }
nebulae = { N1 = "1A done", N2 = "2C" }

[[player]]
name = "Ben"
points = { time-chamber = 3 }
advanced-life = [8]
energy-cards = 2
stars = { S5 = "He" }
nebulae = { N3 = "1B done 8" }
"""


def problems(text: str) -> list[str]:
    with pytest.raises(SourceError) as caught:
        parse_record(text, "r.toml")
    return [str(p).removeprefix("r.toml:") for p in caught.value.problems]


def test_the_galaxies_give_the_counts_nebula_points_and_advanced_life() -> None:
    record = parse_record(BASE.replace("counts = { Ann = 2, Ben = 1 }\n", ""), "r.toml")
    assert record.goals[0].counts == (2, 1)
    ann, ben = record.players
    assert (ann.points.nebulae, ben.points.nebulae) == (3, 3)
    assert ben.advanced_life == (8,)
    result = score_record(record)
    assert [p.total for p in result.players] == [12, 17] and result.winners == ("Ben",)
    # what the file types agrees, so scoring it typed or counted is the same
    assert score_record(parse_record(BASE, "r.toml")) == result


def test_a_galaxy_read_back() -> None:
    record = parse_record(BASE, "r.toml")
    again = parse_record(format_record(record), "again.toml")
    assert again == record


ILLEGAL = [
    (
        'S5 = "He"',
        'L5 = "He"',
        "27:11: L5 is a life space: stars go on star spaces S1–S73 [cosmos.board.space]",
    ),
    (
        'S5 = "He"',
        'S99 = "He"',
        "27:11: no star space 'S99' (they are S1–S73) [cosmos.board.space]",
    ),
    (
        'S1 = "H"',
        'S1 = "X"',
        "18:16: a star is H, He, O, C, or * for a supernova, not 'X' [cosmos.board.star]",
    ),
    (
        'L2 = "proto" }\nneb',
        'L2 = "dead" }\nneb',
        "19:30: a life token is proto or stable, not 'dead' [cosmos.board.life]",
    ),
    (
        'N2 = "2C"',
        'N2 = "2C 7"',
        "20:34: advanced life goes on a completed nebula: 2C done 7 [cosmos.board.nebula]",
    ),
    (
        'N2 = "2C"',
        'N2 = "2Z"',
        "20:34: a nebula is a tile id (1A … 3T), then done when "
        "completed and its advanced life, not '2Z' [cosmos.board.nebula]",
    ),
    (
        '"1B done 8"',
        '"1A done 8"',
        "28:18: tile 1A is already on Ann's N1: each tile lies in "
        "one place [cosmos.board.tile-once]",
    ),
    (
        "points = { time-chamber = 3 }",
        "points = { nebulae = 6, time-chamber = 3 }",
        "24:22: the completed nebulae on the galaxy score 3, not 6 [cosmos.board.nebula-points]",
    ),
    (
        "advanced-life = [8]",
        "advanced-life = [7]",
        "25:17: the advanced life on the galaxy's nebulae is 8 [cosmos.board.advanced-life]",
    ),
    (
        "Ann = 2, Ben = 1",
        "Ann = 3, Ben = 1",
        "5:18: Ann's galaxy counts 2 for proto-life, not 3 [cosmos.board.counts]",
    ),
    (
        "time-crystals = 1",
        "time-crystals = 6",
        "11:17: time-crystals is 0 to 5 (the scoring spaces), not 6 [cosmos.board.crystals]",
    ),
]


@pytest.mark.parametrize("case", ILLEGAL, ids=lambda case: case[-1].rsplit("[", 1)[-1][:-1])
def test_each_board_check_at_its_line_column_and_rule(case: tuple[str, str, str]) -> None:
    old, new, expected = case
    assert old in BASE
    assert problems(BASE.replace(old, new, 1)) == [expected]


def test_more_tokens_than_the_box() -> None:
    many = ", ".join(f'S{i} = "He"' for i in range(10, 39))
    said = problems(BASE.replace('S5 = "He"', many))
    assert said == [
        "27:1: the galaxies hold more star tokens than the box (H 36, He 28, O 20, C 20): "
        "H 1, He 29, O 0, C 0, supernovae 1 [cosmos.board.tokens]"
    ]


def test_every_board_rule_is_checked_and_in_the_rules_doc() -> None:
    tested = {re.search(r"\[([a-z.-]+)\]$", c[-1])[1] for c in ILLEGAL}  # type: ignore[index]
    assert set(RULES) == tested | {"cosmos.board.tokens"}
    doc = (ROOT / "RULES.md").read_text(encoding="utf-8")
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `(cosmos\.[a-z0-9.-]+)` \|.*$", doc, re.M)}
    for rule in RULES:
        assert re.search(r"spec|seed|ours|issue|\*\*D\*\*", rows[rule].rsplit("|", 2)[1]), rule


def test_typed_counts_still_needed_without_a_galaxy() -> None:
    text = BASE.replace('[goal.galaxy.Ben]\ntime-crystals = 1\nlife = { L5 = "proto" }\n', "")
    text = text.replace("counts = { Ann = 2, Ben = 1 }", "counts = { Ann = 2 }")
    assert problems(text) == ["5:10: 'Ben' has no count here (0 if none) [cosmos.score.counts]"]


@settings(max_examples=4, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_a_replayed_games_record_reads_back_and_scores_alike(players: int, seed: int) -> None:
    names = ("Ann", "Ben", "Cat", "Dan")[:players]
    game = Game.start(names, seed)
    r = random.Random(seed)
    actions = []
    while not game.over:
        actions.append(r.choice(game.legal()))
        game = game.apply(actions[-1])
    result, record = check_log(parse_log(format_log(names, seed, actions), "g"))
    assert all(len(g.galaxies) == players for g in record.goals)
    again = parse_record(format_record(record), "end.toml")
    assert format_record(again) == format_record(record)  # a supernova's type is not kept
    assert cosmos_json(score_record(again)) == cosmos_json(result)
    assert [p.total for p in result.players] == [f.total for f in game.final()[0]]


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "80")), deadline=None)
@given(st.integers(0, len(BASE) - 1), st.text(max_size=5))
def test_a_mutated_board_record_is_read_or_refused(at: int, junk: str) -> None:
    text = BASE[:at] + junk + BASE[at + 1 :]
    try:
        parse_record(text, "r.toml")
    except PnpError as error:
        assert str(error).startswith("r.toml")


def test_the_docs_board_mode_example_scores() -> None:
    doc = (ROOT / "data" / "formats" / "cosmos.md").read_text(encoding="utf-8")
    board_mode = doc[doc.index("## Board mode") :]
    match = re.search(r"```toml\n(.*?)```", board_mode, re.S)
    assert match is not None
    record = parse_record(match[1], "doc.toml")
    assert [p.total for p in score_record(record).players] == [12, 17]
