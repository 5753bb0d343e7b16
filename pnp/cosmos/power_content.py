"""Reading Crafting the Cosmos's power cards from ``data/cosmos/power.toml`` (seed 001
"POWER CARD REFERENCE", structured): each card's type, cost and effect, an effect being
alternatives of steps whose verbs take the words ``STEPS`` allows. ``power_cards()``
reads the shipped file once."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnp.cosmos.content import RULE, ContentReader, load
from pnp.cosmos.model import Cost, EnergyType, PowerCard, Step, Suit, Verb
from pnp.text.toml_spans import Key

# Each verb's allowed `what` and `where` ("" when it takes none).
STEPS: dict[Verb, tuple[frozenset[str], frozenset[str]]] = {
    Verb.GAIN_STAR: (
        frozenset({"H", "He", "O", "C", "standard"}),
        frozenset({"anywhere", "delta", "psi", "phi"}),
    ),
    Verb.GAIN_LIFE: (
        frozenset({"proto", "stable"}),
        frozenset({"anywhere", "next-to-life", "next-to-stable"}),
    ),
    Verb.MOVE: (
        frozenset({"proto", "stable", "star", "that-star", "star-or-nebula"}),
        frozenset({"movement", "anywhere"}),
    ),
    Verb.STABILIZE: (
        frozenset({""}),
        frozenset(
            {
                "chosen",
                "that-life",
                "next-to-one-supernova",
                "next-to-that-supernova",
                "next-to-O-stars",
                "next-to-C-stars",
            }
        ),
    ),
    Verb.ADVANCED_LIFE: (frozenset({""}), frozenset({"nebula-with-one"})),
    Verb.GAIN_NEBULA: (frozenset({"1", "2", "3"}), frozenset({""})),
}
_PLAIN = (frozenset({""}), frozenset({""}))


def _cost(r: ContentReader, table: dict[str, Any], at: Key) -> Cost:
    key = (*at, "cost")
    cost = r.table(table, at, "cost")
    r.keys(
        cost,
        key,
        (),
        "cards",
        "suit",
        "supernova",
        "graviton",
        "proto-life",
        "stable-life",
        "discharge-star",
    )
    found = Cost(
        cards=r.whole(cost, key, "cards", 0, 5),
        suit=r.choice(cost, key, "suit", Suit, Suit.ANY),
        supernova=r.whole(cost, key, "supernova", 0, 3),
        graviton=r.whole(cost, key, "graviton", 0, 3),
        proto_life=r.whole(cost, key, "proto-life", 0, 3),
        stable_life=r.whole(cost, key, "stable-life", 0, 3),
        discharge_star=r.flag(cost, key, "discharge-star"),
    )
    if found.discharge_star == (found.cards > 0) or ("suit" in cost) != (found.cards > 0):
        r.say(key, RULE, "a cost is energy cards of a suit, or discharge-star = true alone")
    return found


def _step(r: ContentReader, step: object, at: Key) -> Step | None:
    if not r.typed(step, at, dict, "a step is a table { do = …, … }"):
        return None
    assert isinstance(step, dict)
    r.keys(step, at, ("do",), "n", "what", "where", "up-to")
    verb = r.choice(step, at, "do", Verb, Verb.POINTS)
    whats, wheres = STEPS.get(verb, _PLAIN)
    words: dict[str, str] = {}
    for key, allowed in (("what", whats), ("where", wheres)):
        value = step.get(key, "")
        if value not in allowed:
            expected = ", ".join(sorted(allowed - {""})) or "nothing"
            r.say((*at, key), RULE, f"{verb.value} takes {key} {expected}, not {value!r}")
        words[key] = str(value)
    n = r.whole(step, at, "n", 1, 9, default=1)
    return Step(verb, n, words["what"], words["where"], r.flag(step, at, "up-to"))


def _effect(r: ContentReader, table: dict[str, Any], at: Key) -> tuple[tuple[Step, ...], ...]:
    key = (*at, "effect")
    value = table.get("effect", [])
    what = "effect is a list of alternatives, each a list of steps"
    if not r.typed(value, key, list, what) or not value:
        return ()
    found = []
    for i, alternative in enumerate(value):
        if r.typed(alternative, (*key, i), list, what):
            steps = [_step(r, s, (*key, i, j)) for j, s in enumerate(alternative)]
            found.append(tuple(s for s in steps if s is not None))
    return tuple(found)


def parse_power(text: str, path: str) -> tuple[PowerCard, ...]:
    r = ContentReader(text, path)
    r.keys(r.data, (), ("power",))
    seen: set[str] = set()
    found = []
    for at, t in r.tables(r.data, "power"):
        r.keys(t, at, ("id", "type", "cost", "effect"))
        ident = r.ident(t, at, seen)
        kind = r.choice(t, at, "type", EnergyType, EnergyType.LIGHT)
        found.append(PowerCard(ident, kind, _cost(r, t, at), _effect(r, t, at)))
    return r.done(tuple(found))


@cache
def power_cards() -> tuple[PowerCard, ...]:
    """The 32 power cards: Time, Chemistry, Light, Gravity, each in the seed's order."""
    return load("power.toml", parse_power)


def power_card(ident: str) -> PowerCard:
    found = {c.id: c for c in power_cards()}
    return found[ident]
