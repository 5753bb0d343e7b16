"""Cosmos table logs refused: every kind of reveal the components cannot give, and every
draw the log leaves unrevealed, stops the check at the word at fault (FILE:LINE:COL)
with its rule id; any header or reveal text parses or raises our error type."""

from __future__ import annotations

import os
import random
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.notation import NotationError
from pnp.cosmos.table_log import read_step
from pnp.errors import PnpError, SourceError
from pnp.score.cosmos_replay import check_log

# Ben starts (his token is the last player token dealt). Round 1: Ben shifts to Chemistry
# and collects a nebula and two energy cards, Ann shifts to Time and collects one card;
# round 2: Ben shifts to Light and collects three (his power token on Light adds one).
BASE = """\
players: Ann, Ben
deal: Ann, dark, Ben, dark, dark, dark
display: light, light, time, time
hands: Ann time time gravity chemistry, Ben light light light light
nebulae: Ann 1A 2A 3A, Ben 1B 2B 3B
goals: proto-life, carbon-stars

Ben: shift; collect; nebula 1 1C; card 1; card 2; refill time time; gain 1 light
  keep molecular-cloud amino-acids; omega stabilize; choose L55
Ann: shift; collect; card deck chemistry; omega 1 1D; choose N1
Ben: shift; collect; card 1; card deck gravity; card deck light; refill light
"""

# Four players: Dan starts, shifts to Light (3 tokens) and collects three energy cards.
FOUR = (
    "players: Ann, Ben, Cat, Dan\n"
    "deal: Ann, Ben, Cat, Dan, dark, dark, dark\n"
    "display: time, time, time, time\n"
    "hands: Ann time time time time, Ben time time time time, Cat time time time light, "
    "Dan light light light light\n"
    "nebulae: Ann 1A 2A 3A, Ben 1B 2B 3B, Cat 1C 2C 3C, Dan 1D 2D 3D\n"
    "goals: proto-life\n"
    "\n"
    "Dan: shift; collect; card deck light\n"
)


def check(text: str) -> object:
    return check_log(parse_log(text, "game.txt"))


def refused(text: str) -> str:
    """The one problem a log stops at."""
    with pytest.raises(SourceError) as err:
        check(text)
    assert len(err.value.problems) == 1, str(err.value)
    return str(err.value)


def mutated(base: str, old: str, new: str) -> tuple[str, str]:
    """``base`` with ``old`` (once) replaced by ``new`` less its ``^``, and where the
    ``^`` stands: ``game.txt:LINE:COL:``."""
    assert base.count(old) >= 1, old
    start = base.index(old)
    text = base[:start] + new.replace("^", "") + base[start + len(old) :]
    at = start + new.index("^")
    line = text[:at].count("\n") + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return text, f"game.txt:{line}:{col}:"


def test_the_base_logs_check_to_their_end() -> None:
    for text in (BASE, FOUR):
        said = refused(text)
        assert said.endswith("[cosmos.log.end]"), said


GAIN_2 = "refill light; gain 2 light; keep "
CASES = [
    # what the components cannot give
    ("nebula 1 1C", "nebula 1 ^2C", "nebula", "2C is a size-2 tile: nebula 1 draws from the"),
    ("nebula 1 1C", "nebula 1 ^1A", "nebula", "1A is not in the size-1 stack: it is on Ann's N10"),
    ("omega 1 1D", "omega 1 ^1C", "nebula", "1C lies under the size-1 stack, put back in a known"),
    ("keep molecular-cloud", "keep ^binary-star", "power", "binary-star is a gravity card: gain"),
    ("keep molecular-cloud amino-acids", "keep ^molecular-cloud", "power", "gain 1 light draws 2"),
    ("refill light", GAIN_2 + "^amino-acids speed-of-light time-dilation", "power", "amino-acids"),
    (
        "refill light",
        GAIN_2 + "^molecular-cloud speed-of-light time-dilation",
        "power",
        "molecular",
    ),
    ("refill light", "refill light ^time", "reveal", "1 card(s) refill the display here"),
    ("card 1; card 2", "card 1; refill ^light; card 2", "reveal", "no card refills the display"),
    ("choose L55", "choose L55 ^1E", "reveal", "choose L55 draws no nebula tile"),
    # draws the log leaves unrevealed
    ("nebula 1 1C", "^nebula 1", "reveal", "nebula 1 draws a tile from the size-1 nebula stack"),
    ("card deck chemistry", "^card deck", "reveal", "card deck draws an energy card from the"),
    ("card 2; refill time time", "^card 2", "reveal", "the energy phase ends with card 2 and 2"),
    ("gain 1 light\n  keep molecular-cloud amino-acids;", "^gain 1 light;", "reveal", "gain 1 "),
    ("omega 1 1D; choose N1", "omega 1 1D; ^choose N1", "reveal", "the end phase after choose N1"),
]
SAID = {
    "the 23 tile(s)": "1C lies under the size-1 stack, put back in a known order: the 23 tile(s) "
    "above it come first",
    "amino-acids": "amino-acids lies under the light deck, put back in a known order: the 6 "
    "card(s) above it come first",
    "molecular": "molecular-cloud is not in the light deck: it is in Ben's slot 1",
    "gain 1 light draws 2": "gain 1 light draws 2 light card(s): keep names 1",
    "gain 1 ": "gain 1 light draws power cards: the next decision is keep",
    "the end phase after choose N1": "the end phase after choose N1 turns up goal 2: write "
    "it after choose N1 (choose N1; goal NAME, by the goal's id or its card's title) "
    "[cosmos.table.reveal]",
}


@pytest.mark.parametrize(("old", "new", "rule", "message"), CASES)
def test_a_reveal_refused_at_its_word(old: str, new: str, rule: str, message: str) -> None:
    base = BASE
    if "end phase" in message:
        base = BASE.replace("goals: proto-life, carbon-stars", "goals: proto-life")
    text, where = mutated(base, old, new)
    said = refused(text)
    assert said.startswith(f"{where} {SAID.get(message, message)}"), said
    assert said.endswith(f"[cosmos.table.{rule}]")


def test_a_16th_energy_card() -> None:
    text, where = mutated(FOUR, "card deck light", "card deck ^time")
    said = refused(text)
    assert said == (
        f"{where} the energy deck holds no time card now (10 light, 15 gravity, 15 chemistry "
        "left): of the 15 time cards, 11 are in hands, 4 on the display and 0 in the discard "
        "pile [cosmos.table.energy]"
    )
    text, where = mutated(FOUR, "Cat time time time light", "Cat time time time ^time")
    assert (
        refused(text) == f"{where} a 16th time card: the energy deck has 15 [cosmos.table.energy]"
    )


DEAL = "deal: Ann, dark, Ben, dark, dark, dark"
TILES = "Ben 1B 2B 3B"
SHAPES = [
    (DEAL, "deal: Ann, dark, Ben, dark, ^Bem, dark", "table.deal", "'Bem' is not playing"),
    (DEAL, "deal: ^Ann, dark, Ben, dark, dark", "table.deal", "2 players deal 4 dark energy"),
    (DEAL, "deal: ^Ann, dark, dark, dark, dark", "table.deal", "Ben's energy token is missing"),
    (
        "carbon-stars",
        "^carbon-stra",
        "table.goals",
        "no universal goal 'carbon-stra'; did you mean carbon-stars (C stars)",
    ),
    ("carbon-stars", "^Proto life", "table.goals", "proto-life is drawn twice"),
    ("carbon-stars", "^proto-life", "table.goals", "proto-life is drawn twice"),
    (TILES, "Ben 1B 2B ^3A", "table.nebula", "3A is dealt twice"),
    (TILES, "Ben 1B 2B ^2C", "table.nebula", "2C: a player sets up one tile of each size"),
    (TILES, "^Ben 1B 2B", "table.nebula", "Ben sets up a size-1, a size-2 and a size-3 tile"),
    ("gravity chemistry", "gravity ^blue", "log.header", "expected light, time, gravity or"),
    ("light, light, time, time", "^light, light, time", "log.header", "the display shows 4"),
    ("carbon-stars\n", "carbon-stars\n^seed: 3\n", "log.header", "seed: does not go with deal:"),
    ("nebula 1 1C", "nebula 1 ^9Z", "log.notation", "expected a nebula tile (1A … 1Z, 2A … 2V,"),
    ("card deck chemistry", "card deck ^blue", "log.notation", "expected light, time, gravity"),
    ("keep molecular-cloud", "keep ^molecular-clod", "log.notation", "no power card 'molecular"),
]


@pytest.mark.parametrize(("old", "new", "rule", "message"), SHAPES)
def test_a_set_up_or_a_reveal_out_of_shape(old: str, new: str, rule: str, message: str) -> None:
    text, where = mutated(BASE, old, new)
    with pytest.raises(SourceError) as err:
        parse_log(text, "game.txt")
    said = [str(p) for p in err.value.problems if str(p).startswith(f"{where} {message}")]
    assert len(said) == 1, str(err.value)
    assert said[0].endswith(f"[cosmos.{rule}]")


def test_goals_are_named_as_their_cards_are() -> None:
    titled = BASE.replace("goals: proto-life, carbon-stars", "goals: Proto life, C stars")
    assert parse_log(titled, "game.txt").table == parse_log(BASE, "game.txt").table


def test_every_set_up_problem_at_once() -> None:
    text = FOUR.replace("Ann, Ben, Cat, Dan, dark", "Ann, Bob, Cat, Dan, dark")
    text = text.replace("Cat time time time light", "Cat time time time time")
    text = text.replace("light light light light", "light light light blue")
    with pytest.raises(SourceError) as err:
        parse_log(text, "game.txt")
    assert [str(p).split(": ", 1)[1] for p in err.value.problems] == [
        "'Bob' is not playing (players: Ann, Ben, Cat, Dan) [cosmos.table.deal]",
        "Ben's energy token is missing [cosmos.table.deal]",
        "expected light, time, gravity or chemistry, got 'blue' [cosmos.log.header]",
        "a 16th time card: the energy deck has 15 [cosmos.table.energy]",
    ]


def test_the_whole_set_up_is_asked_for() -> None:
    text = BASE.replace("hands: Ann time time gravity chemistry, Ben light light light light\n", "")
    with pytest.raises(SourceError) as err:
        parse_log(text, "game.txt")
    assert str(err.value) == (
        "game.txt:1:1: a table log gives the set-up: expected hands: (each player's 4 energy "
        "cards, like Ann light time time gravity) [cosmos.log.header]"
    )


@cache
def life_game() -> tuple[str, list[tuple[int, int, int]]]:
    """A greedy two-player table log with at least five advanced life tokens drawn (four
    of group 1, then group 2), and where each value stands: (start, end, value)."""
    for seed in range(40):
        game = Game.start(("Ann", "Ben"), seed)
        rng = random.Random(seed)
        actions = []
        while not game.over:
            actions.append(BOTS["greedy"](game.state, rng))
            game = game.apply(actions[-1])
        text = format_log(("Ann", "Ben"), seed, actions, reveal=True)
        found = [
            (m.start(2), m.end(2), int(m[2]))
            for m in re.finditer(r"(advance N\d+|choose N\d+) ([4-8])\b", text)
        ]
        if len(found) >= 5:
            return text, found
    raise AssertionError("no greedy game with five advanced life tokens")


def _with_values(values: dict[int, int]) -> tuple[str, str]:
    """The life game with the k-th value drawn replaced; where the last one stands."""
    text, found = life_game()
    for k in sorted(values, reverse=True):
        start, end, _ = found[k]
        text = text[:start] + str(values[k]) + text[end:]
    start = found[max(values)][0]
    line = text[:start].count("\n") + 1
    return text, f"game.txt:{line}:{start - text.rfind(chr(10), 0, start)}:"


def test_advanced_life_values() -> None:
    check(life_game()[0])
    text, where = _with_values({0: 5})
    said = refused(text)
    assert said.startswith(f"{where} the next advanced life token is one of the 4 group-1 ")
    assert "8, 7 or 6, not 5" in said and said.endswith("[cosmos.table.life]")
    text, where = _with_values({0: 6, 1: 6})
    said = refused(text)
    assert said.startswith(f"{where} the next advanced life token is one of the 3 group-1 ")
    assert "8 or 7, not 6" in said and "drawn: 6)" in said
    text, where = _with_values({4: 8})
    said = refused(text)
    assert said.startswith(f"{where} the advanced life stack holds no 8 now: its group-2 ")
    assert said.endswith("[cosmos.table.life]")


def test_an_advanced_life_value_left_out() -> None:
    text, found = life_game()
    start = found[0][0]
    text = text[: start - 1] + text[found[0][1] :]
    said = refused(text)
    assert "draws an advanced life token: write its value after it" in said
    assert said.endswith("[cosmos.table.reveal]")


WORDS = st.sampled_from(
    ["card", "deck", "nebula", "omega", "refill", "keep", "use", "choose", "advance", "1",
     "2", "3", "1A", "2C", "3Z", "9Z", "8", "4", "9", "time", "light", "N5", "L55", "S12",
     "He", "star-stuff", "molecular-cloud", "stabilize", "goal", "proto-life", "C", "stars",
     ""]
)  # fmt: skip


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")), deadline=None)
@given(st.lists(st.one_of(WORDS, st.text(min_size=1, max_size=5)), min_size=1, max_size=5))
def test_any_reveal_text_reads_or_is_refused(words: list[str]) -> None:
    text = " ".join(" ".join(words).split())
    if not text:
        return
    try:
        rest, found = read_step(text)
    except NotationError:
        return
    assert all(0 <= at < len(text) for _, _, at in found)
    assert not rest or text.startswith(rest)


HEADER_KEYS = ("deal", "display", "hands", "nebulae", "goals", "life")


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")), deadline=None)
@given(st.sampled_from(HEADER_KEYS), st.text(max_size=40), st.sampled_from(["", "Ben: shift"]))
def test_any_set_up_text_parses_or_is_refused(key: str, value: str, turn: str) -> None:
    lines = BASE.split("\n\n", maxsplit=1)[0].splitlines()
    lines = [line for line in lines if not line.startswith(f"{key}:")] + [f"{key}: {value}"]
    try:
        parse_log("\n".join([*lines, turn, ""]), "game.txt")
    except PnpError as error:
        assert str(error).startswith("game.txt:")


MUTATIONS = st.lists(
    st.tuples(st.integers(0, 10**6), st.sampled_from(["drop", "swap", "char", "word"])),
    min_size=1,
    max_size=3,
)


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "60")), deadline=None)
@given(MUTATIONS, st.one_of(WORDS, st.text(min_size=1, max_size=4)))
def test_a_mutated_table_log_is_replayed_or_refused(
    mutations: list[tuple[int, str]], junk: str
) -> None:
    words = life_game()[0].split(" ")[:400]
    for at, kind in mutations:
        n = at % len(words)
        if kind == "drop":
            del words[n]
        elif kind == "swap" and n + 1 < len(words):
            words[n], words[n + 1] = words[n + 1], words[n]
        elif kind == "char" and words[n]:
            i = at % len(words[n])
            words[n] = words[n][:i] + junk + words[n][i + 1 :]
        else:
            words[n] = junk
        if not words:
            words = [junk]
    try:
        check(" ".join(words))
    except PnpError as error:
        assert str(error).startswith("game.txt:")


def _life_line(every: int = 0) -> tuple[str, str]:
    """The life game with its advanced life values moved from where each was drawn to a
    ``life:`` line (each value ``every`` if given), and that line as written."""
    from pnp.cosmos.geometry import geometry
    from pnp.score.cosmos_replay import replay

    text, found = life_game()
    game, _ = replay(parse_log(text, "game.txt"))
    items = []
    for name, p in zip(game.players, game.state.players, strict=True):
        on: dict[int, list[int]] = {}
        for n, v in p.board.advanced:
            on.setdefault(n, []).append(v)
        items += [(name, geometry().nebula_ids[n], vs) for n, vs in on.items()]
    if every:
        items = [(name, space, [every] * len(vs)) for name, space, vs in items]
    line = "life: " + ", ".join(f"{n} {space} {' '.join(map(str, vs))}" for n, space, vs in items)
    for start, end, _ in reversed(found):
        text = text[: start - 1] + text[end:]
    return text.replace("\ngoals:", f"\n{line}\ngoals:", 1), line


def test_advanced_life_values_on_the_life_line() -> None:
    text, line = _life_line()
    assert check(text) == check(life_game()[0])
    wrong, line = _life_line(every=8)  # group 1 has four 8s, group 2 none
    said = refused(wrong)
    n = wrong.splitlines().index(line) + 1
    assert said.startswith(f"game.txt:{n}:") and said.endswith("[cosmos.table.life]")


def test_a_life_line_value_never_drawn_or_not_the_one_drawn() -> None:
    text, line = _life_line()
    single = next(item for item in line[6:].split(", ") if len(item.split()) == 3)
    more = text.replace(single, f"{single} 4", 1)
    said = refused(more)
    n = more.splitlines().index(line.replace(single, f"{single} 4", 1)) + 1
    col = line.index(single) + len(single) + 2
    assert said.startswith(f"game.txt:{n}:{col}: no advanced life token was drawn for this ")
    both = life_game()[0].replace("\ngoals:", f"\n{line}\ngoals:", 1)
    check(both)  # written twice, the same
    name, space, value = line[6:].split(", ")[0].split()[:3]
    other = "4" if value != "4" else "5"
    changed = both.replace(f"{name} {space} {value}", f"{name} {space} {other}", 1)
    said = refused(changed)
    assert f"{name}'s {space} drew a {value} here, as written where it was drawn" in said
    assert said.endswith("[cosmos.table.reveal]")


def test_a_life_line_out_of_shape() -> None:
    with pytest.raises(SourceError) as err:
        parse_log(BASE.replace("\ngoals:", "\nlife: Ann N99 8, Bob N1 7, Ben N2 9\ngoals:"), "g")
    said = str(err.value)
    assert "g:6:7: expected a player, a nebula space and its 1 or 2 values" in said
    assert "g:6:18: 'Bob' is not playing" in said
    assert "g:6:35: expected an advanced life value 4–8, got '9'" in said
