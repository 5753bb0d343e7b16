"""Scoring a finished game of Astra from its end-of-game file: each part of every
player's final scoring, the totals and the winners (a tie shares the victory), as a
table or JSON."""

from __future__ import annotations

from os import PathLike
from typing import Any, NamedTuple

from pnp.astra.endgame import parse_endgame
from pnp.astra.final import EndGame, EndPlayer, FinalParts
from pnp.astra.model import Element
from pnp.astra.scoring_cards import ScoringCard, scoring
from pnp.astra.text import Lang, text
from pnp.text.parsing import read_source


class PlayerScore(NamedTuple):
    player: EndPlayer
    marked: int  # stars marked on the constellations still around the board
    parts: FinalParts

    @property
    def total(self) -> int:
        return self.parts.total


class AstraResult(NamedTuple):
    game: EndGame
    players: tuple[PlayerScore, ...]  # seating order
    winners: tuple[str, ...]

    @property
    def verdict(self) -> str:
        return self.said(Lang.EN)

    def said(self, lang: Lang) -> str:
        """The verdict in ``lang``."""
        best = max(p.total for p in self.players)
        key = "report.winner" if len(self.winners) == 1 else "report.shared"
        names = text("report.and", lang).join(self.winners)
        return text(key, lang).format(names=names, best=best)


def load_endgame(path: str | PathLike[str]) -> EndGame:
    return parse_endgame(read_source(path), str(path))


def score_endgame(game: EndGame) -> AstraResult:
    scores = [PlayerScore(p, game.marked(p.name), game.final(p)) for p in game.players]
    best = max(s.total for s in scores)
    winners = tuple(s.player.name for s in scores if s.total == best)
    return AstraResult(game, tuple(scores), winners)


def element_name(element: Element, lang: Lang) -> str:
    """An element as the tables name it: ``fire`` in English, ``Feu`` in French (the
    rulebook's "la ligne Air")."""
    return element.value if lang is Lang.EN else text(f"terms.{element.value}", lang)


def _said(key: str, lang: Lang, **values: object) -> str:
    return text(f"report.{key}", lang).format(**values)


def _parts(s: PlayerScore, lang: Lang = Lang.EN) -> list[tuple[str, str, int]]:
    """(JSON key, table label, Fame) for each part, in the rulebook's order."""
    p, parts = s.player, s.parts
    active = ", ".join(f"{c.title(lang)} {c.fame}" for c in p.active) or _said("no_cards", lang)
    card = "+".join(element_name(e, lang) for e in sorted(p.final_scoring, key=lambda e: e.value))
    return [
        ("fame", text("score_pad.play_fame", lang), parts.play_fame),
        ("pouch_size", text("terms.pouch_size", lang), parts.pouch_size),
        ("card_limit", _said("card_limit_row", lang, wisdom=p.wisdom), parts.card_limit),
        ("stardust", _said("stardust_row", lang, stardust=p.stardust), parts.stardust),
        ("marked_stars", _said("marked_row", lang, marked=s.marked), parts.marked),
        ("active_fame", _said("active_row", lang, cards=active), parts.active_fame),
        ("final_scoring", _said("card_row", lang, card=card), parts.card.total),
    ]


def _player(s: PlayerScore, lang: Lang) -> list[str]:
    rows = _parts(s, lang)
    width = max(len(label) for _, label, _ in rows) + 2
    lines = [s.player.name]
    lines += [f"  {label:<{width}}{points:>4}" for _, label, points in rows]
    card = s.parts.card
    named = zip(scoring().rows, card.rows, strict=True)
    marks = ", ".join(f"{element_name(e, lang)} {n}" for e, n in named)
    lines.append("    " + text("report.rows", lang).format(rows=marks))
    columns = ", ".join(str(n) for n in card.columns)
    lines.append("    " + text("report.columns", lang).format(columns=columns))
    lines.append(f"  {text('report.total', lang):<{width}}{s.total:>4}")
    return lines


def format_astra(result: AstraResult, lang: Lang = Lang.EN) -> str:
    board = ", ".join(b.card.title(lang) for b in result.game.board)
    head = text("report.header", lang).format(
        players=len(result.players), board=board or text("report.no_marks", lang)
    )
    lines = [head, ""]
    for s in result.players:
        lines += [*_player(s, lang), ""]
    lines.append(result.said(lang))
    return "\n".join(lines) + "\n"


def astra_json(result: AstraResult) -> dict[str, Any]:
    players = []
    for s in result.players:
        p, card = s.player, s.parts.card
        players.append(
            {
                "name": p.name,
                "total": s.total,
                "parts": {key: points for key, _, points in _parts(s)},
                "final_scoring": {
                    "card": ScoringCard(p.final_scoring).key,
                    "rows": {e.value: n for e, n in zip(scoring().rows, card.rows, strict=True)},
                    "columns": list(card.columns),
                },
                "active": [c.name for c in p.active],
                "exhausted": [c.card.name for c in p.cards if not c.active],
            }
        )
    return {"players": players, "winners": list(result.winners)}
