"""Cosmos table logs reveal each goal where it is drawn (play test: the goals: header
had to be edited after every end phase): ``goal NAME`` after the round's last decision
(or after the end phase's discards), the set-up goal on goals: or on a goal line before
the first turn; the header listing them all still works, and a goal given both ways, a
goal where none is drawn, one drawn twice or one left out is refused at the word."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.state import State
from pnp.errors import SourceError
from pnp.score.cosmos_replay import check_log, replay
from tests.test_cosmos_table_refused import BASE, mutated, refused

# BASE with the second goal revealed where round 1's end phase turns it up
AS_YOU_GO = BASE.replace("goals: proto-life, carbon-stars", "goals: proto-life").replace(
    "choose N1\n", "choose N1; goal carbon-stars\n"
)


def so_far(text: str) -> State:
    return replay(parse_log(text, "game.txt"), unfinished=True)[0].state


@pytest.mark.parametrize(
    "text",
    [
        AS_YOU_GO,
        AS_YOU_GO.replace("goals: proto-life", "goal proto-life"),  # the set-up's on a line
        AS_YOU_GO.replace("goals: proto-life", "# set-up\ngoal Proto life"),  # by its title
        AS_YOU_GO.replace("goal carbon-stars", "goal C stars"),  # a title of two words
        AS_YOU_GO.replace("; goal carbon-stars", "\n  goal carbon-stars"),  # a line of its own
    ],
)
def test_goals_revealed_where_drawn_check_as_the_header_listing_them(text: str) -> None:
    assert refused(text).endswith("[cosmos.log.end]")
    assert so_far(text).track == so_far(BASE).track
    assert parse_log(text, "game.txt").table == parse_log(AS_YOU_GO, "game.txt").table


CASES = [
    (
        BASE,
        "choose N1\n",
        "choose N1; goal ^carbon-stars\n",
        "goals: lists goal 2 (carbon-stars) already: write each goal once, on goals: or where "
        "it is drawn [cosmos.table.reveal]",
    ),
    (
        AS_YOU_GO,
        "card deck chemistry",
        "card deck chemistry; goal ^delta-life",
        "card deck turns up no goal: a goal is turned up in the end phase, after the round's "
        "last decision [cosmos.table.reveal]",
    ),
    (
        AS_YOU_GO,
        "goal carbon-stars",
        "goal ^proto-life",
        "proto-life is drawn twice: it is on space 1 of the goal track [cosmos.table.goals]",
    ),
    (
        AS_YOU_GO,
        "goal carbon-stars",
        "goal carbon-stars; goal ^delta-life",
        "an end phase turns up one goal [cosmos.table.reveal]",
    ),
    (  # left out: said at the decision it follows
        AS_YOU_GO,
        "omega 1 1D; choose N1; goal carbon-stars",
        "omega 1 1D; ^choose N1",
        "the end phase after choose N1 turns up goal 2: write it after choose N1 (choose N1; "
        "goal NAME, by the goal's id or its card's title) [cosmos.table.reveal]",
    ),
]


@pytest.mark.parametrize(("base", "old", "new", "expected"), CASES)
def test_a_goal_reveal_refused_at_its_word(base: str, old: str, new: str, expected: str) -> None:
    text, where = mutated(base, old, new)
    assert refused(text) == f"{where} {expected}"


HEADER = [
    (
        "goals: proto-life",
        "goals: proto-life\ngoal ^proto-life",
        "goals: (line 6) lists the set-up goal already: write each goal once, on goals: or "
        "where it is drawn [cosmos.table.reveal]",
    ),
    (
        "goals: proto-life",
        "goal proto-life\ngoal ^delta-life",
        "the set-up turns up one goal; the next is turned up in the end phase: write it after "
        "the round's last decision (goal NAME) [cosmos.table.reveal]",
    ),
    (
        "goals: proto-life",
        "goal ^carbon-stra",
        "no universal goal 'carbon-stra'; did you mean carbon-stars (C stars)",
    ),
    ("goals: proto-life", "^goal", "goal takes the goal turned up, by id or title: goal "),
    (
        "Ben: shift;",
        "Ben: ^goal proto-life; shift;",
        "a goal follows the round's last decision; the set-up goal goes on goals: or on a line "
        "of its own before the first turn (goal NAME) [cosmos.log.notation]",
    ),
]


@pytest.mark.parametrize(("old", "new", "expected"), HEADER)
def test_the_set_up_goal_once_on_goals_or_a_goal_line(old: str, new: str, expected: str) -> None:
    text, where = mutated(AS_YOU_GO, old, new)
    with pytest.raises(SourceError) as err:
        parse_log(text, "game.txt")
    said = [str(p) for p in err.value.problems]
    assert any(p.startswith(f"{where} {expected}") for p in said), said


def test_the_set_up_goal_asked_for_and_a_goal_line_in_a_seed_log() -> None:
    with pytest.raises(SourceError) as err:
        parse_log(AS_YOU_GO.replace("goals: proto-life\n", ""), "game.txt")
    assert str(err.value) == (
        "game.txt:1:1: a table log gives the set-up: expected goals: (the goal turned up at "
        "set-up, then any drawn since, in the order drawn), or the set-up goal alone on a line "
        "before the first turn (goal NAME) [cosmos.log.header]"
    )
    with pytest.raises(SourceError) as err:
        parse_log("players: Ann, Ben\nseed: 3\ngoal proto-life\n", "game.txt")
    assert str(err.value) == (
        "game.txt:3:6: goal NAME reveals a goal a table drew: a seed log's seed draws the "
        "goals [cosmos.log.header]"
    )


@cache
def bot_log() -> tuple[str, str]:
    """A greedy two-player table log with the end phase's discards and a game ended by its
    last goal (so the last end phases draw none), and its seed log."""
    for seed in range(60):
        game = Game.start(("Ann", "Ben"), seed)
        rng = random.Random(seed)
        actions = []
        while not game.over:
            actions.append(BOTS["greedy"](game.state, rng))
            game = game.apply(actions[-1])
        table = format_log(("Ann", "Ben"), seed, actions, reveal=True)
        if "\ndiscard " in table and len(game.state.scored) == 6:
            return table, format_log(("Ann", "Ben"), seed, actions)
    raise AssertionError("no greedy game with discards that scores all six goals")


def test_a_goal_written_after_the_end_phases_discards() -> None:
    table, seeded = bot_log()
    moved = re.sub(r"; (goal [\w-]+)(\n(?:discard [^\n]*\n)+)", r"\2\1\n", table)
    assert moved != table
    assert check_log(parse_log(moved, "game.txt")) == check_log(parse_log(seeded, "seed.txt"))


def test_no_goal_is_left_once_six_are_drawn() -> None:
    table, _ = bot_log()
    lines = table.rstrip("\n").splitlines()
    last = max(n for n, line in enumerate(lines) if line.startswith("# round")) - 2
    while not lines[last] or lines[last].startswith(("#", "discard")):
        last -= 1  # the last decision of the round before the last
    text = "\n".join([*lines[:last], lines[last] + "; goal proto-life", *lines[last + 1 :]])
    said = refused(text)
    assert "turns up no goal: the game's 6 goals are drawn [cosmos.table.reveal]" in said
    assert said.startswith(f"game.txt:{last + 1}:{len(lines[last]) + 8}:")
