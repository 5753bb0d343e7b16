"""Derive Astra's 48 constellation cards from the raw sky data.

    python scripts/derive_astra.py [--sky ../shared/sky] [--out data/astra/constellations.json]
    python scripts/derive_astra.py --check      # exit 1 if the committed file differs

Reads d3-celestial's line figures and star catalogue (BSD-3, Olaf Frohn; positions and
magnitudes from XHIP), the Mira supplement and the IAU WGSN star names, applies the
hand-tuned choices in ``scripts/astra_overrides.toml`` and writes one small JSON file.
Run it from anywhere; the output is byte-for-byte the same on every run.

How a card is made, in order (the figure is read by ``scripts/astra_sky.py``, pruned,
projected and spread by ``scripts/astra_figure.py``):

1. **Figure.** The IAU line figures named by the card (Argo Navis joins Carina, Puppis
   and Vela; Serpens joins Caput and Cauda), each line vertex snapped to the brightest
   catalogue star within 0.02° (this puts α Cen on Rigil Kentaurus, not Toliman, and
   γ Del on γ² Del). Mira, past the catalogue's 6.0 cut-off, comes from the supplement;
   its magnitude is the IAU list's V (6.47), not the supplement's Hipparcos Hp. The
   overrides may ``add`` stars joined to a figure star (γ CMi) or ``join`` two figure
   stars (Serpens' two halves).
2. **Pruning** to ``size`` stars (default: the figure's, at most 14). First the
   override's ``drop`` stars go; then, while too large, a star that is a leaf or sits
   in the middle of a line (two neighbours) goes, except the figure's 3 brightest stars
   and the override's ``keep`` stars: the faintest of those within ``CROWDED`` of
   another star (they would print on top of each other), else the faintest. A star in
   the middle of a line is contracted (its two neighbours are joined), so the outline
   keeps its extent; a star where lines branch is never dropped. The graph stays
   connected.
3. **Projection.** Stereographic, about the mean direction of the card's stars, as a sky
   chart shows it: north up and east on the left (right ascension grows to the left),
   then turned by the override's ``rotate`` degrees (counter-clockwise; none so far).
   The figure is scaled so that its longer side spans 0…1 and the shorter one is
   centred, y up. Stars closer than ``MIN_GAP`` to each other, or than
   ``MIN_EDGE_GAP`` to a line they are not on, are then nudged apart (``spread``).
4. **Numbering.** Stars are numbered 1…n in reading order: from the top of the card
   down (larger y first), and left to right between stars at the same height. Game
   logs cite these numbers: a change here or in the overrides renumbers cards.
5. **Grand stars**: 1 on cards of at most 5 stars, 2 on 6–10, 3 on 11–14. They are the
   brightest stars with an IAU proper name (the 2022 catalogue, then names adopted
   since, in the current WGSN list); if a card has too few named stars, the brightest
   unnamed ones.
6. **Starting star**: the leaf farthest in hops from the card's brightest star that is
   not a Grand star (then the fainter one, then the smaller HIP number); on a figure
   without a free leaf, the farthest star that is not Grand.
7. **Labels**: the IAU proper name (2022, then newer), else the Bayer letter with the
   constellation's abbreviation ("γ CMi"), else the Flamsteed number ("10 Tau"), else
   "HIP n".
8. **Element**: the zodiac's triplicities are fixed (``ZODIAC``); the other 36 come from
   the overrides. Each element gets 12 cards; the script checks the spec's balance.
9. **Fame** (Final Scoring): 1, or 2 on cards of 10 or more stars.
10. **Boons**: see ``boons``.

The cards' figures, as printed on every card size, are laid out from this file by
``scripts/derive_astra_figures.py`` (``data/astra/figures.json``): run it after this one.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from astra_figure import graph_of, hop_counts, project, prune, spread
from astra_sky import Sky, figure_edges, load_sky

ROOT = Path(__file__).resolve().parent.parent
OVERRIDES = ROOT / "scripts" / "astra_overrides.toml"
OUT = ROOT / "data" / "astra" / "constellations.json"

MAX_STARS = 14
ELEMENTS = ("fire", "earth", "air", "water")
ZODIAC = {  # the triplicities, fixed by the spec
    "Ari": "fire",
    "Leo": "fire",
    "Sgr": "fire",
    "Tau": "earth",
    "Vir": "earth",
    "Cap": "earth",
    "Gem": "air",
    "Lib": "air",
    "Aqr": "air",
    "Cnc": "water",
    "Sco": "water",
    "Psc": "water",
}
CARDS_PER_ELEMENT = 12
STAR_TOTAL_TOLERANCE = 3  # the stars per element (about 120) may differ by at most this
GREEK_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def grand_count(size: int) -> int:
    return 1 if size <= 5 else 2 if size <= 10 else 3


def fame(size: int) -> int:
    return 2 if size >= 10 else 1


# Boon values in half-Stardust, to order a card's boons from most to least valuable:
# 1 Fame ≈ 2 Stardust, a Telescope or a reactivated card ≈ 2.5, a Pouch size or a Wisdom
# ≈ 4 (each keeps paying: every Rest, or a bigger card limit, and both score at the end).
BOON_VALUE = {
    "fame": 4,
    "stardust": 2,
    "observation": 5,
    "activation": 5,
    "improvement": 8,
    "wisdom": 8,
}
BOON_PRECEDENCE = ("fame", "stardust", "wisdom", "improvement", "observation", "activation")
OTHER_PAIRS = (  # the two boons after Stardust, in turn by card (English name order)
    ("observation", "improvement"),
    ("wisdom", "activation"),
    ("observation", "wisdom"),
    ("improvement", "activation"),
    ("observation", "activation"),
    ("improvement", "wisdom"),
)


def boons(size: int, index: int) -> list[tuple[str, int]]:
    """A card's 4 boons, left to right, from its star count and its place in the deck
    sorted by English name (``index``, 0…47):

    - leftmost, Fame 2, 3, 4 or 5 for 3–5, 6–8, 9–11 or 12–14 stars (Ptolemy also marks
      that many stars in the solo mode);
    - Stardust ⌊stars / 2⌋ + 1, kept within 3…6 (10 stars: 6, as on Taurus);
    - two of Observation, Improvement, Wisdom and Activation, the pair turning with
      ``index`` through all 6 pairs (so each kind is on 24 cards); Observation and
      Activation give 2 on cards of 10 or more stars, else 1; Improvement and Wisdom 1;
    - the three after Fame ordered by ``BOON_VALUE`` × amount, most valuable first
      (ties: ``BOON_PRECEDENCE``).
    """
    big = 2 if size >= 10 else 1
    amounts = {
        "stardust": min(6, max(3, size // 2 + 1)),
        "observation": big,
        "activation": big,
        "improvement": 1,
        "wisdom": 1,
    }
    kinds = ["stardust", *OTHER_PAIRS[index % len(OTHER_PAIRS)]]
    kinds.sort(key=lambda k: (-BOON_VALUE[k] * amounts[k], BOON_PRECEDENCE.index(k)))
    return [("fame", 2 + (size - 3) // 3)] + [(k, amounts[k]) for k in kinds]


def label(sky: Sky, hip: int) -> str:
    """The IAU name, else "γ² Vel" (Bayer), else "10 Tau" (Flamsteed), else "HIP n"."""
    if hip in sky.iau_2022:
        return sky.iau_2022[hip]
    if hip in sky.iau_new:
        return sky.iau_new[hip]
    info = sky.starnames.get(str(hip), {})
    if info.get("bayer"):
        return f"{info['bayer'].translate(GREEK_DIGITS)} {info['c']}"
    if info.get("flam"):
        return f"{info['flam']} {info['c']}"
    return f"HIP {hip}"


def _card(sky: Sky, key: str, spec: dict[str, Any], index: int) -> dict[str, Any]:
    edges = figure_edges(sky, spec.get("figures", [key]))
    for hip, joined_to in spec.get("add", []):
        edges.add((min(hip, joined_to), max(hip, joined_to)))
    for a, b in spec.get("join", []):
        edges.add((min(a, b), max(a, b)))
    size = spec.get("size", min(MAX_STARS, len({h for e in edges for h in e})))
    edges = prune(sky, edges, size, spec.get("keep", []), spec.get("drop", []), key)
    graph = graph_of(edges)
    hips = sorted(graph)
    xy = spread(project(sky, hips, spec.get("rotate", 0.0)), edges)
    order = sorted(hips, key=lambda h: (-xy[h][1], xy[h][0], h))
    number = {h: i + 1 for i, h in enumerate(order)}

    def named(h: int) -> bool:
        return h in sky.iau_2022 or h in sky.iau_new

    ranked = sorted(hips, key=lambda h: (not named(h), sky.stars[h].mag, h))
    grand = set(ranked[: grand_count(len(hips))])
    brightest = min(hips, key=lambda h: (sky.stars[h].mag, h))
    hops = hop_counts(graph, brightest)
    if "start" in spec:
        start = spec["start"]
    else:
        free = [h for h in hips if h not in grand]
        leaves = [h for h in free if len(graph[h]) == 1] or free
        start = max(leaves, key=lambda h: (hops[h], sky.stars[h].mag, -h))
    if start in grand or start not in graph:
        raise ValueError(f"{key}: the Starting star HIP {start} is Grand or not on the card")
    element = ZODIAC.get(key) or spec["element"]
    return {
        "key": key,
        "name": spec["name"],
        "name_fr": spec["fr"],
        "figures": spec.get("figures", [key]),
        "element": element,
        "fame": fame(len(hips)),
        "ability": spec["ability"],
        "boons": [{"kind": k, "amount": a} for k, a in boons(len(hips), index)],
        "stars": [
            {
                "number": number[h],
                "hip": h,
                "x": xy[h][0],
                "y": xy[h][1],
                "magnitude": sky.stars[h].mag,
                "label": label(sky, h),
                "kind": "starting" if h == start else "grand" if h in grand else "common",
            }
            for h in order
        ],
        "edges": sorted([sorted((number[a], number[b])) for a, b in edges]),
    }


def check_balance(cards: list[dict[str, Any]]) -> None:
    """The spec's element rules, so a hand edit that breaks them fails here."""
    by = {e: [c for c in cards if c["element"] == e] for e in ELEMENTS}
    totals = {e: sum(len(c["stars"]) for c in cs) for e, cs in by.items()}
    problems = [f"{e}: {len(cs)} cards" for e, cs in by.items() if len(cs) != CARDS_PER_ELEMENT]
    if max(totals.values()) - min(totals.values()) > STAR_TOTAL_TOLERANCE:
        problems.append(f"stars per element too uneven: {totals}")
    if sum(len(c["stars"]) == MAX_STARS for c in by["water"]) < 3:
        problems.append("fewer than 3 Water cards of 14 stars")
    for e in ("fire", "earth", "air"):
        if sum(len(c["stars"]) <= 7 for c in by[e]) < 2:
            problems.append(f"fewer than 2 {e} cards of at most 7 stars")
    if problems:
        raise ValueError("; ".join(problems))


def derive(sky_path: Path, overrides: Path = OVERRIDES) -> dict[str, Any]:
    sky = load_sky(sky_path)
    specs: dict[str, dict[str, Any]] = tomllib.loads(overrides.read_text(encoding="utf-8"))
    keys = sorted(specs, key=lambda k: specs[k]["name"])
    cards = [_card(sky, key, specs[key], i) for i, key in enumerate(keys)]
    check_balance(cards)
    return {
        "source": (
            "Derived by scripts/derive_astra.py from d3-celestial (BSD-3-Clause, © 2015 "
            "Olaf Frohn; positions and magnitudes from XHIP) and the IAU WGSN star names."
        ),
        "constellations": cards,
    }


def dumps(value: Any, indent: int = 0) -> str:
    """JSON with one star or edge list per line: small, diffable and stable."""
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        inline = json.dumps(value, ensure_ascii=False)
        if len(inline) <= 120 and not any(isinstance(v, dict | list) for v in value.values()):
            return inline
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(value, list):
        inline = json.dumps(value, ensure_ascii=False)
        if not any(isinstance(v, dict) for v in value) and len(inline) <= 240:
            return inline
        items = [pad + dumps(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sky", type=Path, default=ROOT.parent / "shared" / "sky")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    text = dumps(derive(args.sky)) + "\n"
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out} is {'up to date' if same else 'out of date'}")
        sys.exit(0 if same else 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}; now lay the figures out: python scripts/derive_astra_figures.py")


if __name__ == "__main__":
    main()
