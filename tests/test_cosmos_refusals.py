"""The galaxy's refusals say why (play test: "nebula N10 cannot be completed", "S19
cannot be reached from S31" said nothing more): every refused placement, completion,
move and advanced life names what the rule expected and what the board has, word for
word below; and in random games every well-formed answer to an effect's step that does
not fit says why."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.cosmos.actions import (
    Action,
    Advance,
    Choose,
    Complete,
    Discharge,
    GainPower,
    Move,
    PlaceLife,
    PlaceNebula,
    PlaceStar,
    Stabilize,
    Supernova,
)
from pnp.cosmos.board import Board
from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.geometry import bits, geometry
from pnp.cosmos.log import parse_log
from pnp.cosmos.model import EnergyType, Star
from pnp.cosmos.needs import fits, has_target
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import Need, Phase, State, card_index
from pnp.errors import SourceError
from pnp.score.cosmos_replay import check_log
from tests.test_cosmos_engine import board, crafting, edit, tile
from tests.test_cosmos_messages import internal


def said(g: Game, action: Action) -> str:
    with pytest.raises(RuleError) as err:
        g.apply(action)
    return str(err.value)


# 1M (He O) on N10, whose corners are S19 S24 S30 S37 S31 S25: the centre's H and He on S24
N10 = board(h=("S37",), he=("S24",), tiles={"N10": "1M"}, proto=("L55",))


def mine(b: Board = N10, **changes: object) -> Game:
    return crafting(board=b, **changes)


def step(need: Need, b: Board = N10) -> Game:
    g = mine(b)
    return edit(g, needs=(need._replace(player=g.state.active),))


MOVE_PROTO = Need("move", 0, "proto", "movement")
AROUND_N1 = ("L1", "L2", "L7", "L8", "L12", "L13")
CASES: list[tuple[Game, Action, str]] = [
    # completing a nebula
    (
        mine(),
        Complete("N10", "S37"),
        "nebula N10 cannot be completed: 1M needs He O; its corners hold H He: one O short "
        "[cosmos.complete]",
    ),
    (
        mine(board(h=("S1",), c=("S4",), he=("S9",), nova=("S9",), tiles={"N1": "3A"})),
        Complete("N1", "S1"),
        "nebula N1 cannot be completed: 3A needs H H H He He O; its corners hold H C and a "
        "supernova: two H, two He and one O missing, the supernova stands in for one: four "
        "short [cosmos.complete]",
    ),
    (
        mine(board(tiles={"N1": "1A"})),
        Complete("N1", "S1"),
        "nebula N1 cannot be completed: 1A needs H H; its corners hold no star: two H short "
        "[cosmos.complete]",
    ),
    (
        mine(board(tiles={"N10": "1M"}, done=("N10",))),
        Complete("N10", "S37"),
        "nebula N10 cannot be completed: your nebula 1M on N10 is completed already "
        "[cosmos.complete]",
    ),
    (
        mine(board()),
        Complete("N5", "S19"),
        "nebula N5 cannot be completed: nebula space N5 holds no nebula [cosmos.complete]",
    ),
    (
        mine(board(he=("S37",), o=("S24",), tiles={"N10": "1M"})),
        Complete("N10", "S44"),
        "S44 is not a corner of N10: the star discarded is on one of its corners "
        "(S19 S24 S25 S30 S31 S37) [cosmos.complete]",
    ),
    (
        mine(board(he=("S37",), o=("S24",), tiles={"N10": "1M"})),
        Complete("N10", "S31"),
        "N10's corner S31 is empty: the star discarded is on one of its corners [cosmos.complete]",
    ),
    # moving a token with a graviton
    (
        mine(board(h=("S31", "S37")), sliders=(0, 0, 1)),
        Move("S31", "S19"),
        "S19 cannot be reached from S31: a movement action hops only over occupied spaces, "
        "and every path between them crosses an empty one (S31 S25 S19 crosses S25) "
        "[cosmos.slider.graviton]",
    ),
    (
        mine(board(h=("S31",)), sliders=(0, 0, 1)),
        Move("S31", "S14"),
        "S14 cannot be reached from S31: a movement action hops only over occupied spaces, "
        "and every path between them crosses an empty one (S31 S25 S19 S14 crosses S25 and "
        "S19) [cosmos.slider.graviton]",
    ),
    (
        mine(sliders=(0, 0, 1)),
        Move("L55", "L37"),
        "L37 cannot be reached from L55: a movement action hops only over occupied spaces, "
        "and every path between them crosses an empty one (L55 L46 L37 crosses L46) "
        "[cosmos.slider.graviton]",
    ),
    (
        mine(sliders=(0, 0, 1)),
        Move("S37", "S24"),
        "star space S24 is taken: your He star is on it [cosmos.slider.graviton]",
    ),
    (
        mine(sliders=(0, 0, 1)),
        Move("S37", "L46"),
        "a star token moves to a star space, not L46 [cosmos.slider.graviton]",
    ),
    (
        mine(board(h=("S37",), nova=("S37",)), sliders=(0, 0, 1)),
        Move("S37", "S31"),
        "the star on S37 is a supernova: supernovae never move [cosmos.slider.graviton]",
    ),
    (
        mine(sliders=(0, 0, 1)),
        Move("S31", "S25"),
        "star space S31 is empty: no star to move [cosmos.slider.graviton]",
    ),
    (
        mine(sliders=(0, 0, 1)),
        Move("L46", "L47"),
        "life space L46 is empty: no life to move [cosmos.slider.graviton]",
    ),
    # placing
    (
        mine(held_tiles=(tile("1A"), tile("3B"))),
        PlaceNebula("2A", "N1"),
        "you hold no nebula tile 2A (you hold 1A 3B) [cosmos.place.nebula]",
    ),
    (
        mine(held_tiles=(tile("1A"),)),
        PlaceNebula("1A", "N10"),
        "nebula space N10 is taken: your nebula 1M is on it [cosmos.place.nebula]",
    ),
    (
        mine(held_stars=(2, 0, 1, 0)),
        PlaceStar(Star.HE, "S1"),
        "you hold no He star (you hold H H O) [cosmos.place.star]",
    ),
    (mine(), PlaceStar(Star.HE, "S1"), "you hold no He star (you hold none) [cosmos.place.star]"),
    (
        mine(held_stars=(1, 0, 0, 0)),
        PlaceStar(Star.H, "S24"),
        "star space S24 is taken: your He star is on it [cosmos.place.star]",
    ),
    (
        mine(held_life=1),
        PlaceLife("L37"),
        "life space L37 is not next to your life: its neighbours L29, L30, L46 and L47 hold "
        "none of yours [cosmos.place.life]",
    ),
    (
        mine(held_life=1),
        PlaceLife("L55"),
        "life space L55 is taken: your proto life is on it [cosmos.place.life]",
    ),
    (
        mine(board(), held_life=1),
        PlaceLife("L46"),
        "you have no life yet: your first proto life goes on the starting space L55 "
        "[cosmos.place.life]",
    ),
    # advanced life
    (
        mine(),
        Advance("N10"),
        "no advanced life can be created on N10: your nebula 1M on N10 is not completed "
        "[cosmos.advanced]",
    ),
    (
        mine(board(tiles={"N10": "1M"}, done=("N10",), proto=("L28", "L36"))),
        Advance("N10"),
        "no advanced life can be created on N10: the six life spaces around N10 must all hold "
        "life, and L29, L37, L45 and L46 are empty [cosmos.advanced]",
    ),
    (
        mine(board(tiles={"N10": "1M"}, done=("N10",), advanced=(("N10", 8),))),
        Advance("N10"),
        "no advanced life can be created on N10: N10 holds advanced life already [cosmos.advanced]",
    ),
    (
        edit(mine(board(tiles={"N1": "1A"}, done=("N1",), proto=AROUND_N1)), life_stack=()),
        Advance("N1"),
        "no advanced life can be created on N1: the advanced life stack is empty [cosmos.advanced]",
    ),
    (
        mine(),
        Advance("N5"),
        "no advanced life can be created on N5: nebula space N5 holds no nebula [cosmos.advanced]",
    ),
    # the other sliders, the time chamber, a power slot
    (
        mine(board(h=("S37",), nova=("S37",)), sliders=(1, 0, 0)),
        Supernova("S37"),
        "the star on S37 is a supernova already [cosmos.slider.supernova]",
    ),
    (
        mine(sliders=(1, 0, 0)),
        Supernova("S1"),
        "star space S1 is empty: no star of yours to flip [cosmos.slider.supernova]",
    ),
    (
        mine(board(stable=("L55",)), sliders=(0, 1, 0)),
        Stabilize("L55"),
        "your life on L55 is stable already [cosmos.slider.dna]",
    ),
    (
        mine(sliders=(0, 1, 0)),
        Stabilize("L46"),
        "life space L46 is empty: no proto life of yours to stabilize [cosmos.slider.dna]",
    ),
    (
        mine(level=4),
        Discharge(),
        "no time crystal waits on the time chamber's top space 6: yours is on 4 [cosmos.discharge]",
    ),
    (
        mine(slots=(card_index("generations"), -1, -1, -1), hand=(4, 4, 4, 4)),
        GainPower(0, EnergyType.TIME),
        "power slot 1 is taken: generations is in it [cosmos.power.slot]",
    ),
    # an effect's step
    (
        step(MOVE_PROTO),
        Choose("L55", to="L37"),
        "'choose L55 L37' does not fit: a proto life of yours to move by a movement action "
        "(choose L… L…); L37 cannot be reached from L55: a movement action hops only over "
        "occupied spaces, and every path between them crosses an empty one (L55 L46 L37 "
        "crosses L46) [cosmos.step.target]",
    ),
    (
        step(MOVE_PROTO, board(stable=("L55",))),
        Choose("L55", to="L46"),
        "'choose L55 L46' does not fit: a proto life of yours to move by a movement action "
        "(choose L… L…); your stable life is on L55, not proto life [cosmos.step.target]",
    ),
    (
        step(Need("gain-star", 0, "standard", "psi")),
        Choose("S1", Star.O),
        "'choose S1 O' does not fit: the star gained, a standard star of a type left in the "
        "supply, on an empty star space in sector Ψ or on its border (choose S… TYPE); S1 is "
        "not in sector Ψ or on its border [cosmos.step.target]",
    ),
    (
        step(Need("gain-star", 0, "H", "anywhere")),
        Choose("S1", Star.O),
        "'choose S1 O' does not fit: the star gained, an H star, on an empty star space "
        "(choose S… TYPE); the star gained is an H star, not O [cosmos.step.target]",
    ),
    (
        step(Need("gain-star", 0, "H", "anywhere")),
        Choose("S37", Star.H),
        "'choose S37 H' does not fit: the star gained, an H star, on an empty star space "
        "(choose S… TYPE); star space S37 is taken: your H star is on it [cosmos.step.target]",
    ),
    (
        step(Need("gain-life", 0, "proto", "next-to-stable")),
        Choose("L46"),
        "'choose L46' does not fit: the proto life gained, on an empty life space next to "
        "your stable life (choose L…); life space L46 is not next to your stable life: its "
        "neighbours L37, L45, L47 and L55 hold none [cosmos.step.target]",
    ),
    (
        step(Need("advanced-life", 0)),
        Choose("N10"),
        "'choose N10' does not fit: a completed nebula of yours with exactly one advanced "
        "life (choose N…); your nebula 1M on N10 is not completed [cosmos.step.target]",
    ),
    (
        step(Need("advanced-life", 0), board(tiles={"N10": "1M"}, done=("N10",))),
        Choose("N10"),
        "'choose N10' does not fit: a completed nebula of yours with exactly one advanced "
        "life (choose N…); N10 holds no advanced life [cosmos.step.target]",
    ),
    (
        step(Need("upgrade-nebula", 0), board(tiles={"N10": "2A"})),
        Choose("N10"),
        "'choose N10' does not fit: an incomplete size-1 nebula of yours to swap for a size 2 "
        "(choose N…); your nebula 2A on N10 is of size 2, not 1 [cosmos.step.target]",
    ),
    (
        step(Need("stabilize", 0, where="next-to-one-supernova")),
        Choose("S37"),
        "'choose S37' does not fit: a supernova of yours with proto life next to it "
        "(choose S…); your H star on S37 is not a supernova [cosmos.step.target]",
    ),
    (
        step(
            Need("move", 0, "star-or-nebula", "anywhere"), board(tiles={"N10": "1M", "N19": "3A"})
        ),
        Choose("N10", to="N19"),
        "'choose N10 N19' does not fit: a star or an incomplete nebula of yours to move "
        "(choose S… S… or choose N… N…); nebula space N19 is taken: your nebula 3A is on it "
        "[cosmos.step.target]",
    ),
    (
        step(Need("discard-star", 0)),
        Choose("S31"),
        "'choose S31' does not fit: a star of yours to discard (choose S…); star space S31 is "
        "empty [cosmos.step.target]",
    ),
    (
        step(
            Need("stabilize", 0, where="next-to-one-supernova"),
            board(h=("S37", "S1"), nova=("S37", "S1"), proto=("L55",)),
        ),
        Choose("S1"),
        "'choose S1' does not fit: a supernova of yours with proto life next to it "
        "(choose S…); no proto life of yours is next to your supernova on S1 "
        "[cosmos.step.target]",
    ),
]


@pytest.mark.parametrize(("g", "action", "expected"), CASES)
def test_a_refusal_says_what_the_rule_expected_and_what_the_board_has(
    g: Game, action: Action, expected: str
) -> None:
    assert said(g, action) == expected
    assert not internal(expected)


# every step answered by a space, as the power cards' effects, the omega and the costs ask
STEPS = [
    Need(kind, 0, what, where)
    for kind, what, where in (
        *(("gain-star", "standard", w) for w in ("anywhere", "delta", "psi", "phi")),
        ("gain-star", "H", "anywhere"),
        *(("gain-life", "proto", w) for w in ("next-to-life", "next-to-stable")),
        ("gain-life", "stable", "anywhere"),
        *(("move", w, m) for w, m in (("proto", "movement"), ("proto", "anywhere"))),
        *(("move", w, m) for w, m in (("stable", "anywhere"), ("star-or-nebula", "anywhere"))),
        ("move", "that-star", "movement"),
        *(("stabilize", "", w) for w in ("chosen", "next-to-one-supernova")),
        *((k, "", "") for k in ("supernova", "unsupernova", "discard-star", "upgrade-nebula")),
        *((k, "", "") for k in ("advanced-life", "pay-proto", "pay-stable")),
    )
]


def _answers(r: random.Random, s: State, need: Need) -> list[Choose]:
    """Well-formed answers to ``need``: spaces of each kind, some of them the player's."""
    g = geometry()
    b = s.player(need.player).board
    kinds = [
        (g.star_ids, b.all_stars),
        (g.life_ids, b.life),
        (g.nebula_ids, b.placed),
    ]
    out = []
    for ids, mine in kinds:
        own = [ids[i] for i in bits(mine)] or list(ids)
        for space in (r.choice(ids), r.choice(own)):
            to = r.choice(ids if r.random() < 0.5 else own)
            if need.kind == "move":
                out.append(Choose(space, to=to))
            elif need.kind == "gain-star":
                out.append(Choose(space, r.choice(tuple(Star))))
            else:
                out.append(Choose(space))
    return out


def test_every_well_formed_answer_refused_says_why() -> None:
    """Every step, due in positions of random games, answered with spaces of every kind:
    a refusal names the step, then why."""
    r = random.Random(5)
    tried: set[str] = set()
    for seed, bot in ((3, "greedy"), (8, "random"), (21, "greedy")):
        game = Game.start(("Ann", "Ben", "Cat"), seed)
        while not game.over:
            s = game.state
            if s.phase is Phase.CRAFT and not s.needs and r.random() < 0.3:
                for kind in STEPS:
                    need = kind._replace(player=s.active, cards=s.stacks[0][:1])
                    if not has_target(s, need):
                        continue
                    due = Game(s.replace(needs=(need,)))
                    for answer in _answers(r, s, need):
                        if fits(s, need, answer):
                            continue
                        tried.add(need.kind + need.what + need.where)
                        message = said(due, answer)
                        assert "); " in message, message  # the step's text, then why
                        assert not internal(message), message
            game = game.apply(BOTS[bot](s, r))
    assert len(tried) >= len(STEPS) - 1  # a supernova with proto life next to it is rare


@pytest.mark.parametrize(
    ("name", "line", "old", "new"),
    [
        ("place.txt", 9, "place O S36", "place H S36"),
        ("move.txt", 7, "move L55 L65", "move L55 L73"),
    ],
)
def test_the_docs_show_what_check_says(name: str, line: int, old: str, new: str) -> None:
    """The formats' reference (and the guide, for move.txt) show the example game with one
    decision changed, and what check says of it."""
    root = Path(__file__).resolve().parent.parent
    lines = (root / "docs" / "examples" / "cosmos-game.txt").read_text("utf-8").splitlines()
    assert lines[line - 1].count(old) == 1
    lines[line - 1] = lines[line - 1].replace(old, new)
    with pytest.raises(SourceError) as err:
        check_log(parse_log("\n".join(lines), name))
    doc = (root / "data" / "formats" / "cosmos.md").read_text("utf-8")
    assert f"\n{err.value}\n" in doc
    if name == "move.txt":
        assert f"\n{err.value}\n" in (root / "docs" / "cosmos.md").read_text("utf-8")
