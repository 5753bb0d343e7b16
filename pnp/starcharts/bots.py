"""Bots that play Star Charts through the same ``Game`` as the checker.

- ``random``: a uniformly random legal draft; now and then it uses an ability it holds
  (every ability appears in its games, so simulated logs exercise the whole checker).
- ``greedy``: takes the draft that scores best right now: objectives it completes,
  abilities it gains, cells it covers, and awkward cells (asteroids, comets) it clears.

A bot returns the next line of its turn: a reroll (after which it is asked again), a
draft or a skip."""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.starcharts.actions import (
    Action,
    Adjust,
    Draft,
    Flip,
    Gain,
    Mark,
    PlaceX,
    Reroll,
    Reuse,
    Skip,
    Split,
    Turn,
)
from pnp.starcharts.content import objective_by_id
from pnp.starcharts.gains import plan_gains
from pnp.starcharts.game import Game
from pnp.starcharts.matching import star_cells
from pnp.starcharts.objectives import Check, check, cover, one_run
from pnp.starcharts.setup import Variant
from pnp.starcharts.sheet import Sheet
from pnp.starcharts.tokens import ABILITIES

USE = 0.3  # how often the random bot, holding abilities, considers using them


def _lines_completed(sheet: Sheet, before: int, after: int) -> list[int]:
    """Lines complete in ``after`` but not in ``before`` (only lines touched can be)."""
    lines = sheet.g.lines
    return [ln for ln in sheet.g.touched(after & ~before) if after & lines[ln] == lines[ln]]


def _gains(sheet: Sheet, lines: list[int], circled: int, rng: random.Random) -> list[Action]:
    plan = plan_gains(sheet, lines, circled)
    if not plan:
        return []
    choices = rng.sample(sheet.ungained(), len(plan))
    return [
        Gain(ability, star.bit_length() - 1)
        for ability, (_, star) in zip(choices, plan, strict=True)
    ]


def _holds_ability(game: Game, seat: int) -> bool:
    sheet = game.sheets[seat]
    if len(sheet.used) < len(sheet.gained):
        return True
    if game.variant is Variant.SOLO:
        other = game.sheets[1 - seat]
        return len(other.used) < len(other.gained)
    return False


class _Pool:
    """Abilities this seat may still use this turn (in solo, both charts')."""

    def __init__(self, game: Game, seat: int) -> None:
        owners = [game.sheets[seat]]
        if game.variant is Variant.SOLO:
            owners.append(game.sheets[1 - seat])
        self.counts = {a: sum(1 for s in owners if s.has_unused(a)) for a in ABILITIES}

    def take(self, ability: str) -> bool:
        if self.counts[ability] > 0:
            self.counts[ability] -= 1
            return True
        return False


def random_turn(game: Game, seat: int, rng: random.Random) -> Turn:
    if _holds_ability(game, seat) and rng.random() < USE:
        return _random_with_abilities(game, seat, rng)
    sheet = game.sheets[seat]
    avail = sheet.available()
    faces = [f for f in game.pool if avail >> f & 1]
    if not faces:
        return Skip()
    face = faces[int(rng.random() * len(faces))]
    runs = sheet.runs(face)
    run = runs[int(rng.random() * len(runs))]
    g = sheet.g
    after, lines = sheet.marked | run, g.lines
    completed = [ln for ln in g.star_lines_touched(run) if after & lines[ln] == lines[ln]]
    if completed:
        return Draft(face, (Mark(g.run(run)), *_gains(sheet, completed, sheet.circled, rng)))
    return Draft(face, (Mark(g.run(run)),))


def _random_with_abilities(game: Game, seat: int, rng: random.Random) -> Turn:
    sheet = game.sheets[seat]
    pool = _Pool(game, seat)
    if pool.counts["reroll"] and rng.random() < 0.5:
        return Reroll(tuple(rng.randint(1, 8) for _ in game.pool))
    avail = sheet.available()
    faces = [f for f in game.pool if avail >> f & 1]
    if not faces:
        return Skip()
    face = faces[int(rng.random() * len(faces))]
    value = face
    actions: list[Action] = []
    reuse = [f for s, f in game.drafted if game.variant is Variant.SOLO or s != seat]
    options: list[tuple[str, int]] = []
    if pool.counts["adjust"]:
        options += [
            ("adjust", d) for d in (-2, -1, 1, 2) if value + d >= 1 and avail >> (value + d) & 1
        ]
    if pool.counts["flip"] and avail >> (9 - value) & 1:
        options.append(("flip", 0))
    if pool.counts["reuse"]:
        options += [("reuse", v) for v in sorted(set(reuse)) if avail >> v & 1]
    if options and rng.random() < 0.5:
        kind, amount = rng.choice(options)
        pool.take(kind)
        if kind == "adjust":
            actions.append(Adjust(amount))
            value += amount
        elif kind == "flip":
            actions.append(Flip())
            value = 9 - value
        else:
            actions.append(Reuse(amount))
            value = amount
    marked, circled = sheet.marked, sheet.circled
    runs = _split(sheet, value, pool, rng) or [rng.choice(sheet.runs(value))]
    if len(runs) == 2:
        actions.append(Split((_cost(sheet, runs[0]), _cost(sheet, runs[1]))))
    after = marked
    for run in runs:
        actions.append(Mark(sheet.g.run(run)))
        after |= run
    if pool.counts["place-x"] and rng.random() < 0.5:
        free = star_cells(sheet.g.placeable & ~after)  # open or star cells still empty
        if free:
            cell = free[rng.randrange(len(free))]
            actions.append(PlaceX(cell))
            after |= 1 << cell
    actions += _gains(sheet, _lines_completed(sheet, marked, after), circled, rng)
    return Draft(face, tuple(actions))


def _cost(sheet: Sheet, run: int) -> int:
    cells = sheet.g.chart.cells
    return sum(cells[i].cost for i in sheet.g.run(run).cells)


def _split(sheet: Sheet, value: int, pool: _Pool, rng: random.Random) -> list[int]:
    if value < 2 or not pool.counts["split"] or rng.random() >= 0.5:
        return []
    first = rng.randint(1, value - 1)
    seconds = sheet.runs(value - first)
    for a in sheet.runs(first):
        rest = [b for b in seconds if not a & b]
        if rest:
            pool.take("split")
            return [a, rng.choice(rest)]
    return []


def _gain_reach(sheet: Sheet, longest: int) -> int:
    """Cells of which a run must cover one to complete a line with an uncircled star."""
    if not sheet.ungained():
        return 0
    g, marked, open_stars = sheet.g, sheet.marked, ~sheet.circled
    found = 0
    for line, stars in zip(g.lines, g.line_stars, strict=True):
        if stars & open_stars and line & ~marked:
            found |= cover(g, marked, line & ~marked, longest)
    return found


def greedy_drafts(game: Game, seat: int, rng: random.Random) -> list[tuple[float, int, int]]:
    """Every draft of a die and one run, as (score, face, run) in the greedy bot's order:
    the face, plus half of each awkward cell cleared, plus twice the high value of each
    card the run completes and 3 for each ability it gains (and a hundredth at random,
    to break ties). Empty when no die fits."""
    sheet, g = game.sheets[seat], game.g
    marked, lines = sheet.marked, g.lines
    avail = sheet.available()
    faces = [f for f in sorted(set(game.pool), reverse=True) if avail >> f & 1]
    if not faces:
        return []
    # Once per turn: the cards one run could still meet, and the cells such a run (or one
    # completing a line that gains) must cover; a run missing them all scores only its
    # face and awkward cells, so nothing more is checked for it.
    longest, cards = faces[0], objective_by_id()
    targets: list[tuple[float, int, Check]] = []
    for o, rounds in game.claim_rounds.items():
        condition = check(o, g)
        if (
            o not in sheet.claimed
            and len(rounds) < 2
            and not condition(marked)
            and (reach := one_run(o, g, marked, longest))
        ):
            targets.append((2.0 * cards[o].high, reach, condition))
    gains = _gain_reach(sheet, longest)
    anywhere = gains
    for _, reach, _ in targets:
        anywhere |= reach
    hard = g.chart.asteroids | g.comets
    scored: list[tuple[float, int, int]] = []
    for face in faces:
        for run in sheet.runs(face):
            score = face + 0.5 * (run & hard).bit_count() + rng.random() * 0.01
            if run & anywhere:
                after = marked | run
                for value, reach, condition in targets:
                    if run & reach and condition(after):
                        score += value
                if run & gains:
                    completed = [
                        ln for ln in g.star_lines_touched(run) if after & lines[ln] == lines[ln]
                    ]
                    if completed:
                        score += 3 * len(plan_gains(sheet, completed))
            scored.append((score, face, run))
    return scored


def draft(game: Game, seat: int, face: int, run: int, rng: random.Random) -> Draft:
    """Draft ``face`` and mark ``run``, gaining (at random) what the lines it completes give."""
    sheet = game.sheets[seat]
    actions: list[Action] = [Mark(game.g.run(run))]
    completed = _lines_completed(sheet, sheet.marked, sheet.marked | run)
    actions += _gains(sheet, completed, sheet.circled, rng)
    return Draft(face, tuple(actions))


def greedy_turn(game: Game, seat: int, rng: random.Random) -> Turn:
    scored = greedy_drafts(game, seat, rng)
    if not scored:
        return Skip()
    _, face, run = max(scored, key=_score)  # the first of the best
    return draft(game, seat, face, run, rng)


def _score(scored: tuple[float, int, int]) -> float:
    return scored[0]


Bot = Callable[[Game, int, random.Random], Turn]
BOTS: dict[str, Bot] = {"random": random_turn, "greedy": greedy_turn}
