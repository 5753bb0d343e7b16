"""A game log that stops before the game's end (``pnp cosmos check --unfinished``): legal
so far, who decides next, the table as pnp sees it (the controls' energy tokens, the
display, the goal track and the goals scored; each player's hand, time chamber, power
cards and galaxy by space id), so that a slip in the log shows at once, and each
player's points so far by source. Advanced life lies face down until the end, so it is
counted, not valued."""

from __future__ import annotations

from typing import Any, NamedTuple

from pnp.cosmos.board_record import galaxy_spaces
from pnp.cosmos.content import goals
from pnp.cosmos.game import Game
from pnp.cosmos.record import GALAXY_KEYS
from pnp.cosmos.state import NONE, TYPES, Points, State, cards
from pnp.cosmos.text import Lang, text

_KEYS = ("nebulae", "time-chamber", "card-sets", "power-cards", "goals")
DARK = "dark"


class SoFar(NamedTuple):
    name: str
    points: Points
    advanced: int  # advanced life tokens face down
    hand: dict[str, int]  # energy cards by type, the types held
    chamber: int  # the crystal counting up, 0–5
    waiting: int  # crystals on the top space
    discharges: int
    power: tuple[str, ...]  # power cards in the slots, by id
    galaxy: tuple[dict[str, str], ...]  # stars, life, nebulae by space id, as board mode


class Progress(NamedTuple):
    round: int  # counted from 1, as the log's "# round N"
    next: str  # who decides next
    like: str  # legal decisions, as a log writes them
    controls: dict[str, tuple[str, ...]]  # each control's energy tokens: names, "dark"
    display: tuple[str, ...]  # energy types, "" for an empty slot
    deck: int
    crystals: int  # in the main supply
    track: tuple[str, ...]  # goal ids by space from the first, "" for an empty space
    scored: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]  # id, counts, points
    players: tuple[SoFar, ...]  # seating order


def progress(game: Game, like: str) -> Progress:
    """Where the unfinished ``game`` stands; ``like`` names decisions it takes next."""
    s = game.state
    return Progress(
        s.round + 1,
        s.names[game.to_move],
        like,
        _controls(s),
        tuple(TYPES[t].value if t != NONE else "" for t in s.display),
        len(s.deck),
        s.crystals,
        tuple(goals()[g].id if g != NONE else "" for g in s.track),
        tuple((r.goal, r.counts, r.points) for r in s.scored),
        tuple(
            SoFar(
                name,
                p.points,
                len(p.board.advanced),
                {kind.value: n for kind, n in zip(TYPES, p.hand, strict=True) if n},
                p.level,
                p.waiting,
                p.discharges,
                tuple(cards()[c].id for c in p.slots if c != NONE),
                galaxy_spaces(p.board, values=False),
            )
            for name, p in zip(s.names, s.players, strict=True)
        ),
    )


def _controls(s: State) -> dict[str, tuple[str, ...]]:
    return {
        kind.value: tuple(n for n, at in zip(s.names, s.tokens, strict=True) if at == c)
        + (DARK,) * s.dark[c]
        for c, kind in enumerate(TYPES)
    }


def format_progress(p: Progress, lang: Lang = Lang.EN) -> str:
    def said(key: str, **values: object) -> str:
        return text(f"report.{key}", lang).format(**values)

    def listed(items: tuple[str, ...] | list[str]) -> str:
        return ", ".join(items) if items else "—"

    controls = " · ".join(
        f"{text(f'terms.{c}', lang)}: {listed(tokens)}" for c, tokens in p.controls.items()
    )
    track = [f"{k} {g}" for k, g in enumerate(p.track, 1) if g]
    lines = [
        said("so-far-header", players=len(p.players), round=p.round, name=p.next, like=p.like),
        "",
        said("so-far-controls", controls=controls),
        said(
            "so-far-board",
            display=listed([t or "—" for t in p.display]),
            deck=p.deck,
            crystals=p.crystals,
            track=listed(track),
        ),
    ]
    for k, (goal, counts, points) in enumerate(p.scored, 1):
        each = " · ".join(
            f"{player.name} {n} → {won}"
            for player, n, won in zip(p.players, counts, points, strict=True)
        )
        lines.append(said("so-far-goal", k=k, goal=goal, each=each))
    for player in p.players:
        sources = ", ".join(
            f"{said(key).lower()} {n}" for key, n in zip(_KEYS, player.points, strict=True) if n
        )
        cards_held = sum(player.hand.values())
        lines += [
            "",
            said(
                "so-far-points",
                name=player.name,
                total=sum(player.points),
                sources=sources or said("so-far-none"),
                advanced=player.advanced,
            ),
            said(
                "so-far-hand",
                n=cards_held,
                cards=said("card" if cards_held == 1 else "cards"),
                hand=listed([f"{kind} {n}" for kind, n in player.hand.items()]),
                level=player.chamber,
                waiting=player.waiting,
                discharges=player.discharges,
                power=listed(player.power),
            ),
            *(
                f"  {key}: {listed([f'{space} {v}' for space, v in spaces.items()])}"
                for key, spaces in zip(GALAXY_KEYS, player.galaxy, strict=True)
            ),
        ]
    return "\n".join([*lines, "", said("so-far-foot")]) + "\n"


def progress_json(p: Progress) -> dict[str, Any]:
    return {
        "over": False,
        "round": p.round,
        "next": p.next,
        "controls": {c: list(tokens) for c, tokens in p.controls.items()},
        "display": list(p.display),
        "deck": p.deck,
        "crystals": p.crystals,
        "track": list(p.track),
        "scored": [
            {
                "id": goal,
                "counts": dict(zip((q.name for q in p.players), counts, strict=True)),
                "points": dict(zip((q.name for q in p.players), points, strict=True)),
            }
            for goal, counts, points in p.scored
        ],
        "players": [
            {
                "name": player.name,
                "total": sum(player.points),
                "points": dict(zip(_KEYS, player.points, strict=True)),
                "advanced_life_face_down": player.advanced,
                "hand": player.hand,
                "energy_cards": sum(player.hand.values()),
                "time_chamber": {
                    "crystal": player.chamber,
                    "waiting": player.waiting,
                    "discharges": player.discharges,
                },
                "power_cards": list(player.power),
                **dict(zip(GALAXY_KEYS, player.galaxy, strict=True)),
            }
            for player in p.players
        ],
    }
