from __future__ import annotations

import re
from pathlib import Path

from pnp.starcharts.rules import RULES

DOC = (Path(__file__).resolve().parent.parent / "RULES.md").read_text(encoding="utf-8")


def test_every_rule_id_is_documented_with_a_source_and_every_documented_one_exists() -> None:
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([a-z.-]+)` \|.*$", DOC, re.M)}
    play = {
        rule
        for rule in rows
        if rule.split(".")[0]
        in {"setup", "round", "roll", "draft", "run", "ability", "skip", "claim", "game", "sheet"}
    }
    assert play == set(RULES)
    for rule in RULES:
        source = rows[rule].rstrip(" |").rsplit("|", 1)[1]
        assert re.search(r"spec|seed|ours|issue", source), rule


def test_every_astra_rule_id_is_documented_with_a_source() -> None:
    from pnp.astra.endgame import RULES as SCORE
    from pnp.astra.rules import RULES as ENGINE
    from pnp.astra.solo import SOLO_RULES
    from pnp.score.astra_pad import RULES as PAD
    from pnp.score.astra_pad_rules import RULES as PAD_CHECKS

    astra = {**ENGINE, **SCORE, **SOLO_RULES, **PAD, **PAD_CHECKS}

    rows = {
        m.group(1): m.group(0) for m in re.finditer(r"^\| `(astra\.[a-z.-]+)` \|.*$", DOC, re.M)
    }
    for rule in astra:
        assert rule in rows, rule
        source = rows[rule].rstrip(" |").rsplit("|", 1)[1]
        assert re.search(r"spec|seed|ours|issue", source), rule
