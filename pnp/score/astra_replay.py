"""Replaying an Astra game log through the engine: the first illegal step stops the
replay with ``FILE:LINE:COL: message [rule]``. A finished game is written out in the
end-of-game format ``pnp astra score`` reads (``final_state_text``), so both commands
score it alike.

What a player need not write is inferred: ``end`` after the last Observe of a turn (the
next turn line, a boon pick or a discard closes the Action phase), the refills, the
sphere marker and the end of the game. A solo log (``solo:`` in its header) replays with
Ptolemy's turns played by the engine from the seed; ``check_solo`` gives both scores and
the verdict (there is no end-of-game file for Ptolemy, so no final state)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.astra.actions import Discard, End, PickBoon
from pnp.astra.constellations import constellation
from pnp.astra.endgame import DREAMER, parse_endgame
from pnp.astra.final import FinalParts
from pnp.astra.game import Game
from pnp.astra.log import GAME_END, NO_MODIFIERS, GameLog, Turn
from pnp.astra.log import parse_log as parse_text
from pnp.astra.ptolemy_state import SoloView
from pnp.astra.rules import RuleError
from pnp.astra.setup import Setup, setup, solo_game
from pnp.astra.solo import format_difficulty, parse_difficulty
from pnp.astra.state import Phase
from pnp.astra.text import Lang, text
from pnp.errors import Problem, SourceError
from pnp.score.astra import AstraResult, score_endgame
from pnp.text.parsing import read_source

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")


def load_log(path: Path) -> GameLog:
    return parse_text(read_source(path), str(path))


def _stop(log: GameLog, line: int, col: int, error: RuleError | str) -> SourceError:
    return SourceError([Problem(log.path, line, col, str(error))])


def _where(log: GameLog, *keys: str) -> tuple[int, int]:
    """The line and column of the first of the header lines ``keys`` the log has."""
    for key in keys:
        found = log.header(key)
        if found:
            return found[0].number, found[1].items[0].col
    return 1, 1


def log_setup(log: GameLog) -> Setup:
    """The set-up the log's header writes down, under the engine's set-up rules; the Game
    End card lies under as many cards as the player count puts on top of it."""
    seed = log.header("seed")
    if solo := log.header("solo"):
        assert seed is not None  # parse_log requires it
        chosen = ",".join(t.value for t in solo[1].items if t.value != NO_MODIFIERS)
        try:
            return solo_game(log.players[0], int(seed[1].items[0].value), parse_difficulty(chosen))
        except RuleError as error:
            key = "solo" if error.rule == "astra.solo.difficulty" else "players"
            raise _stop(log, *_where(log, key), error) from None
    deck = log.header("deck")
    scoring = log.header("scoring")
    cards = [t.value for t in deck[1].items] if deck else None
    dealt = None
    if scoring:
        pairs = dict(t.value.split(" ") for t in scoring[1].items)
        by_name = {name.casefold(): pair for name, pair in pairs.items()}
        dealt = [by_name[p.casefold()] for p in log.players]
    try:
        made = setup(
            log.players,
            int(seed[1].items[0].value) if seed else None,
            [c for c in cards if c != GAME_END] if cards else None,
            dealt,
        )
    except RuleError as error:
        keys = {"astra.setup.deck": ("deck", "seed"), "astra.setup.scoring": ("scoring", "seed")}
        raise _stop(log, *_where(log, *keys.get(error.rule, ("players",))), error) from None
    if deck and cards and cards.index(GAME_END) != made.on_top:
        end = deck[1].items[cards.index(GAME_END)]
        misplaced = RuleError(
            "astra.setup.deck",
            f"the Game End card lies under the top {made.on_top} cards with "
            f"{len(made.players)} players, not {cards.index(GAME_END)}",
        )
        raise _stop(log, deck[0].number, end.col, misplaced)
    return made


def _close(game: Game, playing: int) -> Game:
    """Turn ``playing`` with its Action phase ended, if it is still in its Ability or Action
    phase: the ``end`` a player may leave out (after an Observe, or an ability that skips
    the Action phase)."""
    if game.turn == playing and game.phase in (Phase.ABILITY, Phase.ACTION):
        return game.apply(End())
    return game


def _start(game: Game, turn: Turn) -> None:
    if game.over:
        raise RuleError("astra.game.over", "the game is over: its last turn has been played")
    if game.phase is Phase.BOONS:
        raise RuleError(
            "astra.turn.order",
            f"{', '.join(game.due)} first pick a boon on {game.resolving}, like "
            f"pick {game.due[0]} {game.open_boons()[0]}",
        )
    if game.phase is Phase.DISCARD:
        raise RuleError(
            "astra.turn.order",
            f"{game.active} first discards {game.excess} card(s) down to the card limit",
        )
    if game.phase is Phase.DREAM:
        raise RuleError(
            "astra.turn.order",
            f"{game.active} first marks {game.dream_count} star(s) with the dreamer pen, "
            f"like dream {game.dream_cards()[0].replace(' ', '-')}:…",
        )
    if turn.player != game.active:
        raise RuleError("astra.turn.order", f"it is {game.active}'s turn, not {turn.player}'s")


def _turn_over(game: Game, player: str) -> RuleError:
    if game.his_discovery:
        then = "a boon you pick on his discovery goes on a line of its own"
    else:
        then = f"{game.active}'s turn starts a line of its own, like {game.active}: rest"
    return RuleError("astra.turn.over", f"{player}'s turn is over: a line is one turn ({then})")


def replay(log: GameLog, dealt: Setup, lang: Lang = Lang.EN) -> Game:
    """The finished game the log records from the set-up ``dealt`` (``log_setup``), or a
    ``SourceError`` at its first illegal step (or where it ends, if the game has not: said
    in ``lang``)."""
    game = Game.start(dealt)
    last = 1
    playing, opened = -1, (1, 1)  # the turn being written, and where its line starts
    for line in log.lines:
        turn = line.body
        if not isinstance(turn, Turn):
            continue
        last = line.number
        try:
            if turn.player is not None:
                game = _close(game, playing)
                playing, opened = game.turn, (line.number, turn.col)
                _start(game, turn)
        except RuleError as error:
            raise _stop(log, *opened, error) from None
        for first, step in enumerate(turn.steps, 1):
            try:
                if isinstance(step.action, PickBoon | Discard) and game.action_open:
                    game = game.apply(End())
                if game.turn != playing and not game.over:
                    if turn.player is None and first == 1 and game.his_discovery:
                        playing = game.turn  # solo: your pick on his discovery
                    else:
                        raise _turn_over(game, dealt.players[playing % len(dealt.players)])
                game = game.apply(step.action)
            except RuleError as error:
                raise _stop(log, step.line, step.col, error) from None
    try:
        game = _close(game, playing)
    except RuleError as error:
        raise _stop(log, *opened, error) from None
    if not game.over:
        raise _stop(log, last, 1, _unfinished(game, lang))
    return game


def _unfinished(game: Game, lang: Lang) -> str:
    if game.phase is Phase.BOONS:
        assert game.resolving is not None  # a discovery is being resolved
        card = constellation(game.resolving).title(lang)
        return text("report.ends_in_boons", lang).format(players=", ".join(game.due), card=card)
    if game.phase is Phase.DISCARD:
        key = "report.ends_in_discard"
    elif game.phase is Phase.DREAM:
        key = "report.ends_in_dream"
    elif game.last_turn is None:
        key = "report.ends_before_end_card"
    else:
        key = "report.ends_before_last_turn"
    return text(key, lang).format(player=game.active)


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def final_state_text(game: Game, dealt: Setup) -> str:
    """The game's end in the TOML format ``pnp astra score`` reads: scoring it gives the
    totals ``game.final()`` does. ``dealt`` is the game's set-up (its Final Scoring cards)."""
    names = game.players
    out = [f"players = [{', '.join(_string(n) for n in names)}]"]
    for name, pair in zip(names, dealt.scoring, strict=True):
        p = game.player(name)
        owned = [*p.active, *(f"{c}:exhausted" for c in p.exhausted)]
        out += [
            "",
            "[[player]]",
            f"name = {_string(name)}",
            f"fame = {p.fame}",
            f"pouch = {p.pouch_size}",
            f"wisdom = {p.wisdom}",
            f"stardust = {p.stardust}",
            f"telescopes = {p.telescopes}",
            f"final-scoring = {_string(pair)}",
            f"constellations = [{', '.join(_string(c) for c in owned)}]",
        ]
    out += ["", "[board]"]
    for card in game.board:
        if card is None:
            continue
        marks = [
            f"{_key(n)} = {len(stars)}"
            for n, stars in zip(names, game.marks(card), strict=True)
            if stars
        ]
        if dreamt := game.dreamer(card):
            marks.append(f"{DREAMER} = {len(dreamt)}")
        if marks:
            out.append(f"{_key(card)} = {{ {', '.join(marks)} }}")
    return "\n".join(out) + "\n"


def check_log(log: GameLog, lang: Lang = Lang.EN) -> tuple[AstraResult, str]:
    """The replayed game's result, scored from its end state as ``score`` scores a file,
    and that end state's text."""
    if solo := log.header("solo"):
        raise _stop(
            log,
            solo[0].number,
            1,
            "a solo log has no end-of-game file for Ptolemy: check_solo replays and scores it",
        )
    dealt = log_setup(log)
    end = final_state_text(replay(log, dealt, lang), dealt)
    return score_endgame(parse_endgame(end, log.path)), end


@dataclass(frozen=True)
class SoloResult:
    """A replayed solo game: your final score, Ptolemy's side and the verdict."""

    player: str
    scoring: str  # your Final Scoring card
    parts: FinalParts
    ptolemy: SoloView  # its score, yours and you_win are set: the game is over

    @property
    def verdict(self) -> str:
        return self.said(Lang.EN)

    def said(self, lang: Lang) -> str:
        """The verdict in ``lang``."""
        view = self.ptolemy
        assert view.score is not None
        yours, his = self.parts.total, view.score.total
        if view.lost:
            key = "report.solo_ran_out"
        elif view.you_win:
            key = "report.solo_you_win"
        elif yours == his:
            key = "report.solo_tie"
        else:
            key = "report.solo_he_wins"
        return text(key, lang).format(player=self.player, yours=yours, his=his)


def check_solo(log: GameLog, lang: Lang = Lang.EN) -> SoloResult:
    """A solo log replayed (``log.header("solo")`` is set): both scores and who won."""
    dealt = log_setup(log)
    game = replay(log, dealt, lang)
    view = game.solo
    assert view is not None
    name = dealt.players[0]
    return SoloResult(name, dealt.scoring[0], game.final_of(name), view)


def _solo_parts(result: SoloResult) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    p, score = result.parts, result.ptolemy.score
    assert score is not None
    yours = [
        ("fame", p.play_fame),
        ("pouch_size", p.pouch_size),
        ("card_limit", p.card_limit),
        ("stardust", p.stardust),
        ("marked_stars", p.marked),
        ("active_fame", p.active_fame),
        ("final_scoring", p.card.total),
    ]
    his = [
        ("fame", score.fame),
        ("cards", score.cards),
        ("marked_stars", score.stars),
        ("telescopes", score.telescopes),
        ("elements", score.elements),
        ("sets", score.sets),
    ]
    return yours, his


def format_solo(result: SoloResult, lang: Lang = Lang.EN) -> str:
    difficulty = format_difficulty(result.ptolemy.difficulty) or text("report.no_difficulty", lang)
    lines = [text("report.solo_header", lang).format(difficulty=difficulty), ""]
    yours, his = _solo_parts(result)
    sides = [
        (name, [(text(f"report.{side}_{key}", lang), n) for key, n in rows])
        for name, side, rows in (
            (result.player, "solo", yours),
            (text("terms.ptolemy", lang), "ptolemy", his),
        )
    ]
    total = text("report.total", lang)
    width = max(16, *(len(label) + 2 for _, rows in sides for label, _ in rows))
    for name, rows in sides:
        lines.append(name)
        lines += [f"  {label:<{width}}{n:>4}" for label, n in rows]
        lines += [f"  {total:<{width}}{sum(n for _, n in rows):>4}", ""]
    lines.append(result.said(lang))
    return "\n".join(lines) + "\n"


def solo_json(result: SoloResult) -> dict[str, Any]:
    yours, his = _solo_parts(result)
    view = result.ptolemy
    return {
        "difficulty": format_difficulty(view.difficulty).split(",") if view.difficulty else [],
        "player": {
            "name": result.player,
            "final_scoring": result.scoring,
            "total": result.parts.total,
            "parts": dict(yours),
        },
        "ptolemy": {
            "total": sum(n for _, n in his),
            "parts": dict(his),
            "cards": list(view.cards),
            "library_ran_out": view.lost,
        },
        "you_win": view.you_win,
    }
