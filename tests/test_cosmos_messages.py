"""Every message the Cosmos engine and the log replay give speaks the log's own notation
(issue 27, point 13b): the action as a log writes it (``'choose S22 O'``), the step due
with the text that answers it, controls by name; never an action's or a need's repr, an
enum, a class name, an internal step kind or a control's index. Random games are probed
with one wrong decision at each step, and whole logs with one wrong step each."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from pnp.cosmos import actions as action_types
from pnp.cosmos.actions import Use
from pnp.cosmos.bots import BOTS
from pnp.cosmos.game import Game
from pnp.cosmos.log import format_log, parse_log
from pnp.cosmos.model import EnergyType
from pnp.cosmos.notation import format_action, parse_action
from pnp.cosmos.rules import RuleError
from pnp.errors import SourceError
from pnp.play.cosmos_simulate import Played, play
from pnp.score.cosmos_replay import check_log
from tests.test_cosmos_engine_power import holding

L, T = EnergyType.LIGHT, EnergyType.TIME

CLASSES = [
    name
    for name, value in vars(action_types).items()
    if isinstance(value, type) and value.__module__ == action_types.__name__
] + ["Need", "Star", "EnergyType", "Phase", "Suit", "Verb", "Sector", "Board", "State"]
KINDS = [
    *("pay-proto", "pay-stable", "gain-star", "gain-life", "place-nebula", "discard-star"),
    *("upgrade-nebula", "unsupernova", "hand-limit", "time-crystal", "advanced-life"),
    *("that-star", "that-life", "star-or-nebula"),
]
INTERNAL = re.compile(
    rf"\b(?:{'|'.join(CLASSES)})\b|\b(?:{'|'.join(KINDS)})\b|\bnext-to-[\w-]+|<\w+\.\w+|"
    r"\bcontrol \d|\b\w+=|\bNone\b|\(\)"
)
# Decisions of every form, some the brief names, tried at every step besides the game's own.
FORMS = [
    *("choose S22 O", "place 2C N5", "shift gravity", "shift time", "card 2", "card deck"),
    *("nebula 3", "collect", "stop", "keep nope", "keep star-stuff pulsar", "discard 2 light"),
    *("discard 1 time time", "discard 4 light", "use star-stuff/2 light", "use wormhole light"),
    *("use molecular-cloud light time", "choose L1 L2", "choose S1 S2", "choose N1 N2"),
    *("choose N1", "choose L55", "choose S37 He", "choose X1", "move S1 S2", "move L55 L56"),
    *("supernova S37", "stabilize L55", "gain 1 light", "gain 4 time", "omega 3", "set time"),
    *("omega stabilize", "place proto L99", "place He S37", "complete N1 S1", "advance N10"),
    *("discharge", "discharge black-hole"),
]


def internal(message: str) -> list[str]:
    """What in ``message`` (its rule id left out) is an internal value."""
    return INTERNAL.findall(message.rsplit(" [", 1)[0])


def test_the_pattern_catches_what_the_referees_saw() -> None:
    seen = [
        "Choose(space='S22', star=<Star.O: 'O'>, to='') does not answer place-nebula",
        "card is due: TakeCard, not PlaceNebula(tile='2C', space='N5')",
        "no dark energy token in control 2",
        "the omega's Need(kind='stabilize') is due",
    ]
    assert all(internal(m) for m in seen)
    assert not internal("'choose S22 O' does not fit: a proto life of yours (choose L…)")


@cache
def games() -> tuple[Played, ...]:
    return tuple(
        play(n, seed, BOTS[bot])
        for n, seed, bot in ((2, 5, "random"), (3, 1, "random"), (4, 7, "greedy"))
    )


@cache
def refusals() -> dict[str, str]:
    """Each message refused in the probed games, with the rule it names."""
    r = random.Random(27)
    said: dict[str, str] = {}
    for played in games():
        own = [format_action(a) for a in played.actions]
        game = Game.start(played.game.players, played.seed)
        for action in played.actions:
            for text in [*r.sample(FORMS, 6), *r.sample(own, 4)]:
                try:
                    game.apply(parse_action(text))
                except RuleError as error:
                    said[error.message] = error.rule
            game = game.apply(action)
    return said


def test_no_engine_message_shows_an_internal_value() -> None:
    said = refusals()
    bad = {m: internal(m) for m in said if internal(m)}
    assert not bad
    assert len(said) > 300 and len(set(said.values())) >= 20  # many messages, most rules


@pytest.mark.parametrize(
    "expected",
    [
        "an energy card (card 1–4 or card deck) is due, not 'place 2C N5'",
        "no dark energy token in the Gravity control: the dark tokens are in Time (2) and "
        "Chemistry (1)",
        "display slot 2 holds no card",
        "only an 'up to' effect stops early: a proto life of yours to stabilize (choose L…) "
        "is due, not 'stop'",
    ],
)
def test_the_messages_say_it_as_a_log_does(expected: str) -> None:
    assert expected in refusals()


@pytest.mark.parametrize(
    ("card", "use", "expected"),
    [
        (
            "star-stuff",
            Use("star-stuff", (L,), 2),
            "star-stuff's effect is use star-stuff or use star-stuff/2",
        ),
        (
            "molecular-cloud",
            Use("molecular-cloud", (L, T)),
            "molecular-cloud costs 2 light energy cards",
        ),
        (
            "event-horizon",
            Use("event-horizon", (L, L)),
            "event-horizon costs 1 energy card of any type",
        ),
        (
            "special-relativity",
            Use("special-relativity", (L, T)),
            "special-relativity costs 2 matching energy cards",
        ),
        (
            "quasar",
            Use("quasar", (L,)),
            "quasar cannot be used: its cost takes more slider resources than you have",
        ),
    ],
)
def test_power_card_messages(card: str, use: Use, expected: str) -> None:
    with pytest.raises(RuleError) as err:
        holding(card).apply(use)
    assert err.value.message == expected


def test_choose_is_quoted_as_written() -> None:
    said = [m for m in refusals() if "choose S22 O" in m]
    assert said and all("'choose S22 O'" in m for m in said)


def test_no_replay_message_shows_an_internal_value() -> None:
    """Whole logs with one step replaced: the engine's messages and the replay's own."""
    r = random.Random(13)
    played = games()[1]
    lines = format_log(played.game.players, played.seed, played.actions).splitlines()
    turns = [n for n, line in enumerate(lines) if ";" in line]
    refused = 0
    for _ in range(60):
        n = r.choice(turns)
        steps = lines[n].split("; ")
        k = r.randrange(len(steps))
        head = steps[k].rpartition(": ")[0]
        steps[k] = f"{head}: {r.choice(FORMS)}" if head else r.choice(FORMS)
        text = "\n".join([*lines[:n], "; ".join(steps), *lines[n + 1 :]])
        try:
            check_log(parse_log(text, "g.txt"))
        except SourceError as error:
            refused += 1
            assert not internal(str(error)), str(error)
    assert refused > 40
