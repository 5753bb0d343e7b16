"""What the tests of issue 6's print workflow share: Star Charts' objective cards
rendered to PDF once for each paper and set of card options."""

from __future__ import annotations

from functools import cache

from pnp.layouts.cards import CardOptions
from pnp.layouts.starcharts.documents import cards_document
from pnp.paper.sizes import Paper
from pnp.render.pdf import render_pdf


@cache
def cards_pdf(paper: Paper, options: CardOptions) -> bytes:
    return render_pdf(cards_document(paper, options))
