"""Results as the terminal table and as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.score.result import GameResult, MatchResult, PlayerResult


def _box(number: int, box: Any) -> tuple[str, str]:
    if box.kind == "claim":
        return f"box {number}  {box.objective}, round {box.round}", str(box.points)
    if box.kind == "skip":
        when = f", round {box.round}" if box.round else ""
        return f"box {number}  skipped turn{when}", "0"
    if box.kind == "number":
        return f"box {number}  (unchecked number)", str(box.points)
    return f"box {number}  —", ""


def _player(p: PlayerResult) -> list[str]:
    rows = [_box(i, b) for i, b in enumerate(p.boxes, 1)]
    filled = {5: "5 (full grid)", 0: "0", None: "—"}[p.filled]
    rows.append((f"Filled Sheet  {filled}", str(p.filled_points)))
    unused = ", ".join(p.unused) or "none"
    rows.append((f"unused abilities, 3 each: {unused}", str(3 * len(p.unused))))
    if p.penalty:
        rows.append((f"unclaimed objectives: {', '.join(p.penalty_cards)}", f"-{p.penalty}"))
    width = max(len(label) for label, _ in rows) + 2
    lines = [p.name]
    lines += [f"  {label:<{width}}{points:>4}".rstrip() for label, points in rows]
    lines.append(f"  {'total':<{width}}{p.total:>4}")
    return lines


def format_result(result: GameResult) -> str:
    head = f"{result.chart} · {result.variant} · objectives: {' '.join(result.objectives)}"
    if result.rounds:
        head += f" · {result.rounds} rounds"
    lines = [head, ""]
    for p in result.players:
        lines += [*_player(p), ""]
    lines.append(result.verdict)
    return "\n".join(lines) + "\n"


def format_match(match: MatchResult) -> str:
    parts = [f"Game {n}: " + format_result(g) for n, g in enumerate(match.games, 1)]
    lines = ["Match totals"]
    for name, total, won, margin in match.totals:
        lines.append(f"  {name:<12}{total:>5}   games won {won}   best margin {margin}")
    lines.append(match.verdict)
    return "\n".join(parts) + "\n" + "\n".join(lines) + "\n"


def result_json(result: GameResult) -> dict[str, Any]:
    players = []
    for p in result.players:
        players.append(
            {
                "name": p.name,
                "total": p.total,
                "boxes": [
                    {"kind": b.kind, "objective": b.objective, "round": b.round, "points": b.points}
                    for b in p.boxes
                ],
                "filled": p.filled,
                "filled_points": p.filled_points,
                "unused_abilities": list(p.unused),
                "unused_points": 3 * len(p.unused),
                **({"penalty": p.penalty, "unclaimed": list(p.penalty_cards)} if p.penalty else {}),
            }
        )
    out: dict[str, Any] = {
        "chart": result.chart,
        "variant": result.variant,
        "objectives": list(result.objectives),
        "players": players,
        "winners": list(result.winners),
    }
    if result.rounds:
        out["rounds"] = result.rounds
    out.update(result.extra)
    return out


def match_json(match: MatchResult) -> dict[str, Any]:
    return {
        "games": [result_json(g) for g in match.games],
        "players": [
            {"name": n, "total": t, "games_won": w, "best_margin": m} for n, t, w, m in match.totals
        ],
        "winners": list(match.winners),
    }


def dumps(data: Any) -> str:
    import json  # here: the table, the usual output, needs no json module

    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
