"""Dependencies point one way: data → model/rules → scoring and layouts → renderers →
CLI, and shared code knows no game. Checked on every import, lazy ones included."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parent.parent / "pnp"
GAME_PACKAGES = ("starcharts", "astra", "cosmos")


def _module(path: Path) -> str:
    parts = path.relative_to(PNP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@cache  # read when a test first asks, not while every process collects the tests
def _modules() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in sorted(PNP.rglob("*.py"))}


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _offenders(
    modules: list[str], forbidden: list[str], allowed: tuple[str, ...] = ()
) -> list[str]:
    return sorted(
        f"{m} imports {i}"
        for m in modules
        for i in _modules()[m]
        if any(_under(i, f) for f in forbidden) and not any(_under(i, a) for a in allowed)
    )


def _in(*prefixes: str) -> list[str]:
    return [m for m in _modules() if any(_under(m, p) for p in prefixes)]


ABOVE_ENGINES = ["pnp.score", "pnp.play", "pnp.layouts", "pnp.draw", "pnp.render", "pnp.cli"]
DRAWING = ["reportlab", "svgwrite", "shapely", "fontTools"]


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_engines_import_nothing_above_them(game: str) -> None:
    # A chart name is checked against the font that will print it (metrics only).
    allowed = ("pnp.draw.fonts", "fontTools")
    forbidden = [*ABOVE_ENGINES, "pnp.games", "click", *DRAWING]
    assert _offenders(_in(f"pnp.{game}"), forbidden, allowed) == []


def test_scorers_import_no_layout_renderer_or_cli() -> None:
    forbidden = ["pnp.play", "pnp.layouts", "pnp.draw", "pnp.render", "pnp.cli", "click"]
    assert _offenders(_in("pnp.score"), [*forbidden, *DRAWING]) == []


def test_readers_import_no_cli() -> None:
    """Photo readers stand on the layouts (where things are) and the scorers' parsers;
    only the commands stand on them."""
    assert _offenders(_in("pnp.read"), ["pnp.cli", "pnp.play", "click"]) == []
    assert _offenders(_in("pnp.score", "pnp.layouts", "pnp.scan"), ["pnp.read"]) == []


def test_play_imports_no_layout_renderer_or_cli() -> None:
    forbidden = ["pnp.layouts", "pnp.draw", "pnp.render", "pnp.cli", "click", *DRAWING]
    assert _offenders(_in("pnp.play"), forbidden) == []


def test_layouts_import_no_scorer_renderer_or_cli() -> None:
    forbidden = ["pnp.score", "pnp.play", "pnp.render", "pnp.cli", "click"]
    assert _offenders(_in("pnp.layouts"), [*forbidden, "reportlab", "svgwrite"]) == []


def test_only_renderers_touch_reportlab_and_svgwrite() -> None:
    outside = [m for m in _modules() if not _under(m, "pnp.render")]
    # ReportLab's QR encoder only computes which modules are dark: it draws nothing.
    qr = ("reportlab.graphics.barcode.qrencoder",)
    assert _offenders(outside, ["reportlab", "svgwrite"], qr) == []


def test_only_the_cli_touches_click() -> None:
    outside = [m for m in _modules() if not _under(m, "pnp.cli")]
    assert _offenders(outside, ["click"]) == []


def _shared(module: str) -> bool:
    """Code for every game: only the registry (``pnp.games``) may name one."""
    parts = module.split(".")
    if module in ("pnp", "pnp.games", "pnp.entry") or parts[1] in GAME_PACKAGES:
        return False
    if parts[1] in ("layouts", "score", "read", "play", "cli") and len(parts) > 2:
        return not parts[2].startswith(GAME_PACKAGES)
    return True


def test_shared_code_knows_no_game() -> None:
    games = [f"pnp.{g}" for g in GAME_PACKAGES]
    games += [
        f"pnp.{layer}.{g}"
        for layer in ("layouts", "score", "read", "play", "cli")
        for g in GAME_PACKAGES
    ]
    shared = [m for m in _modules() if _shared(m)]
    assert {"pnp.kit", "pnp.layouts.cards", "pnp.cli.kit", "pnp.score.result"} <= set(shared)
    named = sorted(
        f"{m} imports {i}" for m in shared for i in _modules()[m] if i.startswith(tuple(games))
    )
    assert named == []


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_games_do_not_import_each_other(game: str) -> None:
    others = [g for g in GAME_PACKAGES if g != game]
    mine = _in(f"pnp.{game}", f"pnp.layouts.{game}")
    forbidden = [f"pnp.{o}" for o in others] + [f"pnp.layouts.{o}" for o in others]
    assert _offenders(mine, forbidden) == []


def _graph() -> dict[str, set[str]]:
    """Module → the pnp modules it imports (``from m import name``: m, or m.name where
    that is a module), lazy and type-checking imports included."""
    modules = _modules()

    def resolved(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    return {
        m: {r for i in imports if (r := resolved(i)) is not None and r not in (m, "pnp")}
        for m, imports in modules.items()
    }


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_import_circles() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles(_graph()) == []
