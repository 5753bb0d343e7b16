"""Replaying an Astra game log through the engine: the first illegal step stops the
replay with ``FILE:LINE:COL: message [rule]``. A finished game is written out in the
end-of-game format ``pnp astra score`` reads (``final_state_text``), so both commands
score it alike.

What a player need not write is inferred: ``end`` after the last Observe of a turn (the
next turn line, a boon pick or a discard closes the Action phase), the refills, the
sphere marker and the end of the game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pnp.astra.actions import Discard, End, PickBoon
from pnp.astra.endgame import DREAMER, parse_endgame
from pnp.astra.game import Game
from pnp.astra.log import GAME_END, GameLog, Turn
from pnp.astra.log import parse_log as parse_text
from pnp.astra.rules import RuleError
from pnp.astra.setup import Setup, setup
from pnp.astra.state import Phase
from pnp.errors import Problem, SourceError
from pnp.parsing import read_source
from pnp.score.astra import AstraResult, score_endgame

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


def replay(log: GameLog, dealt: Setup) -> Game:
    """The finished game the log records from the set-up ``dealt`` (``log_setup``), or a
    ``SourceError`` at its first illegal step (or where it ends, if the game has not)."""
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
        for step in turn.steps:
            try:
                if isinstance(step.action, PickBoon | Discard) and game.phase is Phase.ACTION:
                    game = game.apply(End())
                game = game.apply(step.action)
            except RuleError as error:
                raise _stop(log, step.line, step.col, error) from None
    try:
        game = _close(game, playing)
    except RuleError as error:
        raise _stop(log, *opened, error) from None
    if not game.over:
        raise _stop(log, last, 1, _unfinished(game))
    return game


def _unfinished(game: Game) -> str:
    if game.phase is Phase.BOONS:
        return f"the log ends while {', '.join(game.due)} pick a boon on {game.resolving}"
    if game.phase is Phase.DISCARD:
        return f"the log ends before {game.active} discards down to the card limit"
    if game.phase is Phase.DREAM:
        return f"the log ends before {game.active}'s Dream phase (dream, the card and its stars)"
    if game.last_turn is None:
        return (
            "the log ends before the game does: the Game End card has not shown "
            f"({game.active} is next)"
        )
    return f"the log ends before the game's last turn ({game.active} is next)"


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


def check_log(log: GameLog) -> tuple[AstraResult, str]:
    """The replayed game's result, scored from its end state as ``score`` scores a file,
    and that end state's text."""
    dealt = log_setup(log)
    text = final_state_text(replay(log, dealt), dealt)
    return score_endgame(parse_endgame(text, log.path)), text
