"""A checked Astra score pad as a table (in English or French, the pad's own words) or
JSON, its rows under the scorer's JSON names."""

from __future__ import annotations

from typing import Any

from pnp.astra.text import Lang, text
from pnp.score.astra_pad import ROWS
from pnp.score.astra_pad_rules import PadResult

# The pad's row labels (pnp.layouts.astra.score_pad.ROWS), by row.
_LABELS = dict(
    zip(
        ROWS,
        (
            "score_pad.play_fame",
            "terms.pouch_size",
            "terms.card_limit",
            "score_pad.stardust",
            "score_pad.marked",
            "score_pad.active",
            "score_pad.card",
        ),
        strict=True,
    )
)


def row_label(row: str, lang: Lang) -> str:
    return text(_LABELS[row], lang)


def verdict(result: PadResult, lang: Lang) -> str:
    best = max(p.total for p in result.players)
    key = "report.winner" if len(result.winners) == 1 else "report.shared"
    names = text("report.and", lang).join(result.winners)
    return text(key, lang).format(names=names, best=best)


def format_pad_result(result: PadResult, lang: Lang = Lang.EN) -> str:
    labels = [row_label(r, lang) for r in ROWS]
    width = max(len(label) for label in labels) + 2
    lines = [f"Astra · {text('score_pad.title', lang)} · {result.source}", ""]
    for p in result.players:
        lines.append(p.name)
        lines += [f"  {label:<{width}}{n:>4}" for label, n in zip(labels, p.rows, strict=True)]
        lines += [f"  {text('report.total', lang):<{width}}{p.total:>4}", ""]
    lines.append(verdict(result, lang))
    return "\n".join(lines) + "\n"


def pad_json(result: PadResult) -> dict[str, Any]:
    players = [
        {"name": p.name, "total": p.total, "parts": dict(zip(ROWS, p.rows, strict=True))}
        for p in result.players
    ]
    return {"source": result.source, "players": players, "winners": list(result.winners)}
