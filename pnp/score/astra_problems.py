"""The problems ``pnp astra score`` and ``check`` report, as a player reads them in the
language asked for. In French each broken rule leads with its statement from
``data/astra/text/rules.toml``, then the engine's details (in English: they are written
where the rule is checked); a problem with no rule id (the log's or the file's syntax)
stays as it is."""

from __future__ import annotations

import re

from pnp.astra.text import Lang, has, text
from pnp.errors import PnpError, SourceError

_RULE = re.compile(r"(?P<details>.*) \[(?P<rule>astra\.[a-z0-9.-]+)\]\Z", re.DOTALL)


def rule_statement(rule: str, lang: Lang) -> str | None:
    """What rule id ``rule`` expects, in ``lang``; None for an id with no statement yet."""
    key = f"rules.{rule}"
    return text(key, lang) if has(key) else None


def said(message: str, lang: Lang) -> str:
    """A problem's message (``details [rule]``) in ``lang``."""
    found = _RULE.match(message)
    if lang is Lang.EN or found is None:
        return message
    statement = rule_statement(found["rule"], lang)
    if statement is None:
        return message
    return text("report.broken_rule", lang).format(statement=statement, **found.groupdict())


def in_lang(error: SourceError, lang: Lang) -> PnpError:
    """``error`` as its lines read in ``lang`` (English: ``error`` itself)."""
    if lang is Lang.EN:
        return error
    lines = [str(p._replace(message=said(p.message, lang))) for p in error.problems]
    if error.more:
        key = "report.more_problem" if error.more == 1 else "report.more_problems"
        lines.append(text(key, lang).format(count=error.more))
    return PnpError("\n".join(lines))
