"""Replaying a Crafting the Cosmos game log through the engine: the first illegal step
stops the replay with ``FILE:LINE:COL: message [rule]``. The finished game is scored
from its record (``game_record``) as ``pnp cosmos score`` scores a file, so both print
the same table; ``final_state_text`` writes that record out."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from pnp.cosmos.actions import GainPower, Keep
from pnp.cosmos.board import Board
from pnp.cosmos.content import goals, player_board
from pnp.cosmos.game import Game
from pnp.cosmos.log import GameLog, Step, at_turn_start, parse_log, said
from pnp.cosmos.messages import discards_due
from pnp.cosmos.notation import format_action
from pnp.cosmos.record import GoalRecord, PlayerRecord, Points, Record
from pnp.cosmos.reveal import LIFE, POWER, Reveal, Seen, TableError
from pnp.cosmos.rules import RuleError
from pnp.cosmos.state import Phase
from pnp.cosmos.table import check_life, life_listed, play_revealed
from pnp.cosmos.table import start as table_start
from pnp.errors import Problem, SourceError
from pnp.score.cosmos import CosmosResult, score_record
from pnp.text.parsing import other_kind, read_source

Galaxies = tuple[tuple[Board, int], ...]  # each player's galaxy and time crystals
HINTS = 3  # legal decisions named when the log stops short or a line comes early


# a game record's lines: players = [...], [[goal]], [[player]] (or [goal], [player])
_RECORD = r"^[ \t]*(?:players[ \t]*=[ \t]*\[|\[\[?[ \t]*(?:goal|player)\b)"


def load_log(path: Path) -> GameLog:
    """The game log in the file at ``path``. A game record (``pnp cosmos score``'s) given
    instead is one problem that says so, where it starts."""
    text, name = read_source(path), str(path)
    try:
        return parse_log(text, name)
    except SourceError:
        import shlex

        use = f"score it with `pnp cosmos score {shlex.quote(name)}`"
        wrong = other_kind(text, name, _RECORD, f"this is a game record, not a game log: {use}")
        if wrong is None:
            raise
        raise wrong from None


def _stop(log: GameLog, line: int, col: int, message: str) -> SourceError:
    return SourceError([Problem(log.path, line, col, message)])


def expected(game: Game) -> str:
    """A few decisions ``game`` takes next, as a log writes them."""
    legal = [format_action(a) for a in game.legal()]
    more = ", …" if len(legal) > HINTS else ""
    return ", ".join(legal[:HINTS]) + more


def _not_due(game: Game, seat: int) -> str:
    """Why player ``seat``'s turn cannot start now."""
    s = game.state
    names = game.players
    if game.over:
        return "the game is over: nothing is played after it has ended [cosmos.game.over]"
    if s.phase is Phase.HAND_LIMIT:
        message = (
            f"first the end phase's discards to the hand limit, in any order "
            f"({discards_due(s)}), like {expected(game)}"
        )
    elif not at_turn_start(game):
        message = (
            f"{names[s.active]}'s turn is not over (it ends with its omega): expected "
            f"{expected(game)}"
        )
    else:
        message = f"it is {names[s.active]}'s turn, not {names[seat]}'s"
    return said(message, "cosmos.log.turn")


def _galaxies(game: Game) -> Galaxies:
    spaces = len(player_board().chamber_scoring)
    return tuple((p.board, p.crystals(spaces)) for p in game.state.players)


def kept_cards(log: GameLog) -> dict[Step, tuple[Reveal, ...]]:
    """A table log's power cards drawn: by step gaining a power card, the cards the keep
    after it names."""
    steps = [step for turn in log.turns for step in turn.steps]
    revealed = log.revealed or {}
    return {
        gain: tuple(r for r in revealed.get(keep, ()) if r.kind == POWER)
        for gain, keep in pairwise(steps)
        if type(gain.action) is GainPower and type(keep.action) is Keep
    }


def replay(log: GameLog, unfinished: bool = False) -> tuple[Game, tuple[Galaxies, ...]]:
    """The finished game the log records with the galaxies as each goal scored, or a
    ``SourceError`` at its first illegal step (or where it ends, if the game has not,
    unless ``unfinished``: then the game as far as the log goes). A table log's draws are
    what it reveals (``pnp.cosmos.table``)."""
    table = log.table  # parse_log has checked the players and the table's set-up
    game = (
        Game.start(log.players, log.seed)
        if table is None
        else Game(table_start(log.players, table))
    )
    seen = None if table is None else Seen(len(table.goals))
    kept = {} if table is None else kept_cards(log)
    revealed = log.revealed or {}
    scored: list[Galaxies] = []
    playing = (-1, -1)  # the round and seat of the turn being written
    for turn in log.turns:
        if turn.player is not None:
            if game.over or not at_turn_start(game) or game.state.active != turn.player:
                raise _stop(log, turn.line, turn.col, _not_due(game, turn.player))
            playing = (game.state.round, turn.player)
        for step in turn.steps:
            s = game.state
            if at_turn_start(game) and (s.round, s.active) != playing:
                name = log.players[playing[1]]
                message = (
                    f"{name}'s turn is over: a line is one turn ({log.players[s.active]}'s "
                    f"starts a line of its own, like {log.players[s.active]}: "
                    f"{expected(game)})"
                )
                raise _stop(log, step.line, step.col, said(message, "cosmos.log.turn"))
            try:
                if seen is None:
                    game = game.apply(step.action)
                else:
                    assert table is not None
                    reveals = revealed.get(step, ())
                    if table.life and all(r.kind != LIFE for r in reveals):
                        reveals += life_listed(game.state, table, step.action)
                    state = play_revealed(game.state, seen, step.action, reveals, kept.get(step))
                    game = Game(state)
            except RuleError as error:
                raise _stop(log, step.line, step.col, str(error)) from None
            except TableError as error:
                at = step if error.at is None else error.at
                raise _stop(log, at.line, at.col, str(error)) from None
            if len(game.state.scored) > len(scored):
                scored.append(_galaxies(game))
    if not game.over and unfinished:
        return game, tuple(scored)
    if not game.over:
        who = game.players[game.to_move]
        message = f"the log ends before the game does: {who} decides next, like {expected(game)}"
        raise _stop(log, log.last, 1, said(message, "cosmos.log.end"))
    if table is not None:
        try:
            check_life(game.state, table)
        except TableError as error:
            assert error.at is not None
            raise _stop(log, error.at.line, error.at.col, str(error)) from None
    return game, tuple(scored)


def game_record(game: Game, scored: tuple[Galaxies, ...]) -> Record:
    """The finished game as the record ``pnp cosmos score`` reads in board mode: the goals
    scored with each player's amount and galaxy then (``scored``, as ``replay`` gives
    them), each player's points by source, advanced life, hand and galaxy at the end."""
    s = game.state
    by_id = {g.id: g for g in goals()}
    goals_scored = tuple(
        GoalRecord(by_id[r.goal], r.counts, galaxies)
        for r, galaxies in zip(s.scored, scored, strict=True)
    )
    players = tuple(
        PlayerRecord(
            name,
            Points(
                p.points.nebulae, p.points.time_chamber, p.points.card_sets, p.points.power_cards
            ),
            tuple(v for _, v in p.board.advanced),
            p.cards,
            p.board,
        )
        for name, p in zip(s.names, s.players, strict=True)
    )
    return Record(players, goals_scored)


def check_log(log: GameLog) -> tuple[CosmosResult, Record]:
    """The replayed game's result, scored from its record as ``score`` scores a file,
    and that record."""
    return score_game(*replay(log))


def score_game(game: Game, scored: tuple[Galaxies, ...]) -> tuple[CosmosResult, Record]:
    """The finished ``game``'s result and record (``replay``'s two values)."""
    record = game_record(game, scored)
    return score_record(record), record
