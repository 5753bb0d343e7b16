"""Text on Crafting the Cosmos's printed sheets, cards and main board is at least 6 pt
at print size (spec print.md), read back from the PDFs: every glyph, the ruler's label
and the footer included, on A4 and Letter."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.draw.shapes import Document
from pnp.paper.sizes import A4, LETTER, Backs, Paper

SMALLEST = 6.0


def _documents() -> dict[str, Callable[[Paper], Document]]:
    from pnp.layouts.cards import CardOptions
    from pnp.layouts.cosmos import boards, card_documents, score_pad, sheets

    duplex = CardOptions(backs=Backs.DUPLEX)
    return {
        "aid": sheets.aid_document,
        "rules": sheets.rules_document,
        "setup sheet": sheets.setup_sheet_document,
        "score pad": score_pad.score_pad_document,
        "main board": boards.main_board_document,
        "goal cards": lambda p: card_documents.goal_cards_document(p, duplex),
        "energy cards": lambda p: card_documents.energy_cards_document(p, duplex),
        "power cards": lambda p: card_documents.power_cards_document(p, duplex),
    }


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
@pytest.mark.parametrize("name", list(_documents()))
def test_every_glyph_is_at_least_6_pt(name: str, paper: Paper) -> None:
    from pnp.render.pdf import render_pdf

    data = render_pdf(_documents()[name](paper))
    small = sorted(
        (n, text, round(size, 2))
        for n, text, size in glyph_sizes(data)
        if size < SMALLEST - 1e-6 and text.strip()
    )
    assert small == []


def glyph_sizes(pdf: bytes) -> list[tuple[int, str, float]]:
    """(page, glyph, size) of every glyph drawn: the size across its line, as pdfminer
    measures it for upright and upside-down text, and the box's width for text turned a
    quarter (where pdfminer gives the advance)."""
    import io

    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTContainer

    def glyphs(item: object) -> list[LTChar]:
        if isinstance(item, LTChar):
            return [item]
        if isinstance(item, LTContainer):
            return [g for child in item for g in glyphs(child)]
        return []

    out = []
    for n, page in enumerate(extract_pages(io.BytesIO(pdf)), 1):
        for g in glyphs(page):
            turned = abs(g.matrix[0]) < 1e-6
            out.append((n, g.get_text(), g.width if turned else g.size))
    return out
