"""The numbers of a game record's ``[[player]]`` table, checked against what the rules
allow (``pnp.cosmos.record_file`` reads the rest): points by source, with time-chamber
points a sum of the chamber's steps and card-set and power-card points 6 at a time; the
advanced life values revealed; the energy cards in hand."""

from __future__ import annotations

from typing import Any

from pnp.cosmos.content import advanced_life, energy_deck, main_board, player_board
from pnp.cosmos.record import MAX_PLAYERS, MAX_POINTS, SOURCES, Points, discharges
from pnp.text.toml_spans import Key, TomlChecker


def read_number(r: TomlChecker, value: object, key: Key, what: str, high: int) -> int | None:
    """``value`` at ``key`` as a whole number from 0 to ``high``, or None (said why)."""
    if not r.typed(value, key, int, f"{what} is a whole number"):
        return None
    assert isinstance(value, int)
    if not 0 <= value <= high:
        given = value if abs(value) < 10**9 else "a number that large"
        r.say(key, "cosmos.score.range", f"{what} is 0 to {high:,}, not {given}")
        return None
    return value


def read_points(r: TomlChecker, table: dict[str, Any], at: Key) -> Points | None:
    value = r.get(table, at, "points", dict, "a table, { nebulae = 19, … }")
    if value is None:
        return None
    key = (*at, "points")
    r.unknown(value, key, SOURCES, "points")
    misspelt = any(s not in SOURCES for s in value)  # a source may be 0 for it
    found = [read_number(r, value.get(s, 0), (*key, s), s, MAX_POINTS) for s in SOURCES]
    nebulae, chamber, sets, power = found
    if chamber is not None and discharges(chamber) is None:
        totals = ", ".join(str(t) for t in player_board().chamber_totals())
        scoring = ", ".join(str(s) for s in player_board().chamber_scoring)
        message = (
            f"time-chamber points add {scoring} from the first discharge: one of "
            f"{totals}, not {chamber}"
        )
        r.say((*key, "time-chamber"), "cosmos.score.time-chamber", message)
        chamber = None
    board = main_board()
    for source, points, rule, why in (
        ("card-sets", sets, "cosmos.score.card-sets", f"{board.set_size} matching cards"),
        ("power-cards", power, "cosmos.score.power-cards", "Speed of Light"),
    ):
        if points is not None and points % board.set_points:
            message = (
                f"{source} points come {board.set_points} at a time ({why}): "
                f"{points} is no multiple of {board.set_points}"
            )
            r.say((*key, source), rule, message)
    if misspelt or nebulae is None or chamber is None or sets is None or power is None:
        return None
    return Points(nebulae, chamber, sets, power)


def read_life(r: TomlChecker, table: dict[str, Any], at: Key) -> tuple[int, ...] | None:
    value = r.get(table, at, "advanced-life", list, "a list of the values revealed")
    if value is None:
        return () if "advanced-life" not in table else None
    stack = advanced_life()
    worth = sorted(set(stack.group1) | set(stack.group2))
    most = stack.in_play(MAX_PLAYERS)
    if len(value) > most:
        message = (
            f"{len(value)} advanced life values, more than the {most} tokens of a "
            f"{MAX_PLAYERS}-player game"
        )
        r.say((*at, "advanced-life", most), "cosmos.score.advanced-life", message)
        return None
    found: list[int] = []
    for j, v in enumerate(value):
        key = (*at, "advanced-life", j)
        if not r.typed(v, key, int, "advanced-life lists whole numbers"):
            return None
        if v not in worth:
            listed = ", ".join(str(w) for w in worth)
            message = f"no advanced life token is worth {v} (they are worth {listed})"
            r.say(key, "cosmos.score.advanced-life", message)
            return None
        found.append(v)
    return tuple(found)


def read_energy_cards(r: TomlChecker, table: dict[str, Any], at: Key) -> int | None:
    if "energy-cards" not in table:
        return None
    value = table["energy-cards"]
    key = (*at, "energy-cards")
    if not r.typed(value, key, int, "energy-cards is a whole number"):
        return None
    deck = len(energy_deck())
    if not 0 <= value <= deck:
        given = value if abs(value) < 10**9 else "a number that large"
        message = f"energy-cards is 0 to {deck} (the whole deck), not {given}"
        r.say(key, "cosmos.score.energy-cards", message)
        return None
    return int(value)
