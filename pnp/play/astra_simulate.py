"""Simulated Astra games: bots play through ``Game``, each game can be written as a log
that ``pnp astra check`` replays identically, and the results are summarised: scores,
length, and how often each card is discovered and each ability used."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from pnp.astra.actions import Action, Dream, PickBoon, UseAbility, format_action
from pnp.astra.bots import BOTS, Bot
from pnp.astra.constellations import constellation, constellations, fold
from pnp.astra.game import Game
from pnp.astra.game import play as play_in_place
from pnp.astra.model import Element
from pnp.astra.setup import PTOLEMY, Setup, setup, solo_game
from pnp.astra.solo import Difficulty, format_difficulty
from pnp.astra.text import Lang, text
from pnp.play import parallel
from pnp.play.astra_search import SearchBot, seat_due
from pnp.score.astra import element_name

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
MAX_DECISIONS = 10_000  # a game of random bots takes about 150


def game_seed(seed: int, k: int) -> int:
    """The seed that deals game ``k`` of a run: any one game can be replayed on its own."""
    return random.Random(f"{seed}:{k}").getrandbits(63)


@dataclass(frozen=True)
class Played:
    setup: Setup
    seed: int  # what dealt it: the log's ``seed:``
    game: Game
    turns: tuple[tuple[Action, ...], ...]  # each turn's decisions, helpers' picks included
    discovered: tuple[str, ...]  # in the order found
    picks: tuple[tuple[str, int], ...]  # each boon picked: the card and the boon, 1–4
    seen: frozenset[str]  # every card that came round the board
    dreams: int = 0  # Dream phases played (two players)
    dreamt: tuple[str, ...] = ()  # the cards the dreamer pen completed, nobody's
    # solo: whose line each of ``turns`` is; None for your boon picks on his discoveries
    lines: tuple[str | None, ...] = ()


def play(
    players: int,
    seed: int,
    bot: Bot | tuple[Bot, ...],
    difficulty: frozenset[Difficulty] | None = None,
) -> Played:
    """One game dealt by ``seed``, every decision made by ``bot`` (or by each seat's own,
    a tuple of them) with a generator seeded by ``seed`` too; with a ``difficulty`` (a
    set, perhaps empty) a solo game against Ptolemy, whose turns the engine plays. The
    game is played in place on one state (no copy a step); the bot sees it through a
    ``Game``."""
    if difficulty is None:
        dealt = setup(NAMES[:players], seed=seed)
    else:
        dealt = solo_game(NAMES[0], seed, difficulty)
    rng = random.Random(seed)
    game = Game.start(dealt)
    s = game.state
    turns: list[tuple[Action, ...]] = []
    turn: list[Action] = []
    discovered: list[str] = []
    picks: list[tuple[str, int]] = []
    board = {c for c in game.board if c is not None}
    seen = set(board)
    dreams: list[str] = []  # the card of each Dream phase
    dreamt: list[str] = []
    lines: list[str | None] = []
    for _ in range(MAX_DECISIONS):
        if game.over:
            break
        action = (bot[seat_due(game)] if isinstance(bot, tuple) else bot)(game, rng)
        if isinstance(action, PickBoon):
            picks.append((game.resolving or "", action.boon))
        before, who = game.turn, game.active
        play_in_place(s, action)
        if isinstance(action, Dream):
            dreams.append(action.path.card)
            if action.path.card not in game.board:
                dreamt.append(action.path.card)
        turn.append(action)
        if game.turn != before:
            turns.append(tuple(turn))
            lines.append(None if who == PTOLEMY else who)
            turn = []
            now = {c for c in game.board if c is not None}
            discovered += sorted(board - now)
            seen |= now
            board = now
    else:
        raise RuntimeError(f"a simulated game did not end (seed {seed})")
    return Played(
        dealt,
        seed,
        game,
        tuple(turns),
        tuple(discovered),
        tuple(picks),
        frozenset(seen),
        len(dreams),
        tuple(dreamt),
        tuple(lines) if difficulty is not None else (),
    )


def log_text(played: Played) -> str:
    """The game's log in the format ``pnp.astra.log`` reads, one line a turn."""
    names = played.setup.players
    if played.setup.solo is None:
        lines = [f"players: {', '.join(names)}", f"seed: {played.seed}", ""]
        who: tuple[str | None, ...] = tuple(names[n % len(names)] for n in range(len(played.turns)))
    else:
        modifiers = format_difficulty(played.setup.difficulty).replace(",", ", ") or "none"
        lines = [f"players: {names[0]}", f"solo: {modifiers}", f"seed: {played.seed}", ""]
        who = played.lines
    for name, decisions in zip(who, played.turns, strict=True):
        steps = "; ".join(map(format_action, decisions))
        lines.append(steps if name is None else f"{name}: {steps}")
    return "\n".join(lines) + "\n"


@dataclass
class Summary:
    games: int = 0
    scores: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    shared: int = 0  # games whose victory is shared
    seen: Counter[str] = field(default_factory=Counter)  # games a card came round the board
    discovered: Counter[str] = field(default_factory=Counter)
    used: Counter[str] = field(default_factory=Counter)  # uses by ability id
    boons: Counter[str] = field(default_factory=Counter)  # boons picked, "fame 4"
    scoring: Counter[str] = field(default_factory=Counter)  # games each card was dealt
    won: Counter[str] = field(default_factory=Counter)  # games won with it (shared too)
    dreams: int = 0
    dreamt: int = 0  # cards the dreamer pen completed
    his_scores: list[int] = field(default_factory=list)  # solo: Ptolemy's
    his_wins: int = 0
    ran_out: int = 0  # solo games lost as his library ran out

    def add(self, played: Played) -> None:
        game = played.game
        totals = [f.total for f in game.final()]
        best = max(totals)
        won = [total == best for total in totals]
        if (view := game.solo) is not None:
            assert view.score is not None
            won = [bool(view.you_win)]
            self.his_scores.append(view.score.total)
            self.his_wins += not view.you_win
            self.ran_out += view.lost
        self.games += 1
        self.scores += totals
        self.rounds.append(game.turn // len(game.players))
        self.shared += totals.count(best) > 1
        self.seen.update(played.seen)
        self.discovered.update(played.discovered)
        self.dreams += played.dreams
        self.dreamt += len(played.dreamt)
        for pair, wins in zip(played.setup.scoring, won, strict=True):
            self.scoring[pair] += 1
            self.won[pair] += wins
        for turn in played.turns:
            for action in turn:
                if isinstance(action, UseAbility):
                    self.used[constellation(action.card).ability] += 1
        for card, n in played.picks:
            boon = constellation(card).boons[n - 1]
            self.boons[f"{boon.kind.value} {boon.amount}"] += 1


def simulate(
    players: int,
    games: int,
    seed: int,
    bot: str,
    keep_logs: bool = False,
    progress: Callable[[int], object] | None = None,
    difficulty: frozenset[Difficulty] | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    budget: int = 0,
) -> tuple[Summary, list[str]]:
    """Play ``games`` games on ``jobs`` processes; game ``k`` is dealt and played from
    ``game_seed(seed, k)``, so any ``jobs`` gives the same result. ``progress(n)`` is
    called as games end. With a ``difficulty`` the games are solo, against Ptolemy. The
    search bot plays ``budget`` playouts a decision."""
    # other processes get plain values: compiled frozen classes don't unpickle
    modifiers = None if difficulty is None else sorted(d.value for d in difficulty)
    work = partial(_play_block, players, seed, bot, budget, keep_logs, modifiers)
    return parallel.gather(work, games, jobs, progress, Summary(), cluster)


def _play_block(
    players: int,
    seed: int,
    bot: str,
    budget: int,
    keep_logs: bool,
    modifiers: list[str] | None,
    block: range,
) -> tuple[Summary, list[str]]:
    difficulty = None if modifiers is None else frozenset(map(Difficulty, modifiers))
    summary = Summary()
    logs = []
    player = SearchBot(budget) if bot == "search" else BOTS[bot]
    for k in block:
        played = play(players, game_seed(seed, k), player, difficulty)
        summary.add(played)
        if keep_logs:
            logs.append(log_text(played))
    return summary, logs


def _number(number: str, lang: Lang) -> str:
    """A decimal as ``lang`` writes it: 55.2, 55,2."""
    return number if lang is Lang.EN else number.replace(".", ",")


def _rate(share: float, lang: Lang, digits: int = 0) -> str:
    """A share as a percentage: 3.0%, 3,0 %."""
    rate = f"{share:.{digits}%}"
    return rate if lang is Lang.EN else _number(rate, lang).replace("%", "\u00a0%")


def _quartiles(values: list[int], lang: Lang) -> str:
    s = sorted(values)
    q = statistics.quantiles(s, n=4) if len(s) > 1 else [s[0]] * 3
    numbers = {
        "mean": f"{statistics.fmean(s):.1f}",
        "sd": f"{statistics.pstdev(s):.1f}",
        "min": str(s[0]),
        "q1": f"{q[0]:g}",
        "median": f"{q[1]:g}",
        "q3": f"{q[2]:g}",
        "max": str(s[-1]),
    }
    return _said("quartiles", lang, **{k: _number(v, lang) for k, v in numbers.items()})


def _said(key: str, lang: Lang, **values: object) -> str:
    return text(f"report.sim_{key}", lang).format(**values)


def format_summary(
    summary: Summary,
    players: int,
    bot: str,
    difficulty: frozenset[Difficulty] | None = None,
    lang: Lang = Lang.EN,
    budget: int = 0,
) -> str:
    """The run's summary; the search bot's ``budget`` is said with its name."""
    games = summary.games
    if bot == "search":
        bot = _said("search", lang, budget=budget)
    if difficulty is None:
        lines = [
            _said("header", lang, games=games, players=players, bot=bot),
            _said("score", lang, quartiles=_quartiles(summary.scores, lang)),
            _said("rounds", lang, quartiles=_quartiles(summary.rounds, lang)),
            _said("shared", lang, rate=_rate(summary.shared / games, lang, 1)),
        ]
    else:
        modifiers = format_difficulty(difficulty) or text("report.no_difficulty", lang)
        lines = [
            _said("solo_header", lang, games=games, bot=bot, difficulty=modifiers),
            _said("score", lang, quartiles=_quartiles(summary.scores, lang)),
            _said("ptolemy", lang, quartiles=_quartiles(summary.his_scores, lang)),
            _said("rounds", lang, quartiles=_quartiles(summary.rounds, lang)),
            _said(
                "ptolemy_wins",
                lang,
                wins=_rate(summary.his_wins / games, lang, 1),
                ran_out=_rate(summary.ran_out / games, lang, 1),
            ),
        ]
    if summary.dreams:
        dreams = _number(f"{summary.dreams / games:.1f}", lang)
        cards = _number(f"{summary.dreamt / games:.2f}", lang)
        lines.append(_said("dreamer", lang, dreams=dreams, cards=cards))
    lines.append(_said("scoring_head", lang))
    for pair in sorted(summary.scoring):
        dealt = summary.scoring[pair]
        card = "+".join(element_name(Element(e), lang) for e in pair.split("+"))
        won = _rate(summary.won[pair] / dealt, lang)
        lines.append(_said("scoring_row", lang, card=card, dealt=dealt, won=won))
    return "\n".join([*lines, *_discoveries(summary, lang), *_counts(summary, lang)]) + "\n"


def _discoveries(summary: Summary, lang: Lang) -> list[str]:
    lines = [_said("sizes_head", lang)]
    by_size: dict[int, list[str]] = {}
    for card in constellations():
        by_size.setdefault(card.size, []).append(card.name)
    for size in sorted(by_size):
        seen = sum(summary.seen[name] for name in by_size[size])
        found = sum(summary.discovered[name] for name in by_size[size])
        if seen:
            found_rate = _rate(found / seen, lang)
            lines.append(_said("sizes_row", lang, size=size, seen=seen, rate=found_rate))
    lines.append(_said("cards_head", lang))
    rate = {name: summary.discovered[name] / seen for name, seen in summary.seen.items()}
    title = {name: constellation(name).title(lang) for name in rate}
    for name in sorted(rate, key=lambda n: (-rate[n], fold(title[n]), title[n])):
        seen, found_rate = summary.seen[name], _rate(rate[name], lang)
        lines.append(_said("cards_row", lang, card=title[name], seen=seen, rate=found_rate))
    return lines


def _counts(summary: Summary, lang: Lang) -> list[str]:
    lines = [_said("abilities_head", lang)]
    for ability, uses in sorted(summary.used.items(), key=lambda kv: (-kv[1], kv[0])):
        per_game = _number(f"{uses / summary.games:.2f}", lang)
        lines.append(_said("abilities_row", lang, ability=ability, uses=per_game))
    lines.append(_said("boons_head", lang))
    for boon, picks in sorted(summary.boons.items(), key=lambda kv: (-kv[1], kv[0])):
        kind, amount = boon.split(" ")
        name = boon if lang is Lang.EN else f"{text(f'terms.boon_{kind}', lang)} {amount}"
        per_game = _number(f"{picks / summary.games:.2f}", lang)
        lines.append(_said("boons_row", lang, boon=name, picks=per_game))
    return lines
