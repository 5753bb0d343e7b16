"""Solo Astra against Ptolemy at the table: you play your Journal on paper and type your
decisions in the game log's syntax; the engine (``solo_game``) shuffles with the seed and
plays Ptolemy's turns, and the session says everything to change on the table after each
of your turns and each of his (``pnp.play.astra_table``), shows the board on request,
refuses an illegal line whole and writes the log ``pnp astra check`` replays, marked
unfinished when you stop early. English or French. Pure: text in, text out."""

from __future__ import annotations

from pnp.astra.actions import (
    Action,
    ActionSyntaxError,
    Dream,
    Observe,
    format_action,
    parse_action,
)
from pnp.astra.constellations import (
    UnknownConstellationError,
    constellation,
    constellations,
    fold,
)
from pnp.astra.game import Game
from pnp.astra.ptolemy import format_turn
from pnp.astra.rules import RuleError
from pnp.astra.setup import PTOLEMY, solo_game
from pnp.astra.solo import Difficulty, PtolemyScore, format_difficulty
from pnp.astra.state import Phase, card_id, cards
from pnp.astra.text import Lang, text
from pnp.errors import close_matches
from pnp.play.astra_table import changes, count_of, say, setup, steps
from pnp.play.starcharts_session import Reply
from pnp.score.astra_problems import said

_NAME_WORDS = 2  # the longest card names, English or French, have two words
_KEYWORDS = ("use", "dream", "discard", "pick", "rest", "end")


class DecisionError(ActionSyntaxError):
    """A decision not understood: ``part`` as typed; ``unknown`` the card name in it
    that is no card's, when that is why."""

    def __init__(self, message: str, part: str, unknown: str = "") -> None:
        super().__init__(message)
        self.part, self.unknown = part, unknown


def _known(name: str) -> bool:
    try:
        constellation(name)
    except UnknownConstellationError:
        return False
    return True


def _unknown(words: list[str]) -> str:
    """The name (of up to two words) before a path's colon that is no card's, if any."""
    for i, word in enumerate(words):
        head, colon, _ = word.partition(":")
        if not colon or _known(head):
            continue
        name = [head]
        for before in reversed(words[max(0, i - _NAME_WORDS + 1) : i]):
            if ":" in before or before.lower() in _KEYWORDS or _known(before):
                break
            name.insert(0, before)
        return " ".join(name)
    return ""


def _joined(words: list[str]) -> str | None:
    """``words`` as one card name or path (``Ursa Minor:7-5`` → ``Ursa-Minor:7-5``),
    if they name a card."""
    head, colon, stars = words[-1].partition(":")
    name = "-".join([*words[:-1], head])
    try:
        constellation(name)
    except UnknownConstellationError:
        return None
    return name + colon + stars


def _one_word_names(part: str) -> str:
    """A decision with card names of several words (as ``board`` prints them) hyphened."""
    words, out = part.split(), []
    while words:
        k = next(
            (k for k in range(_NAME_WORDS, 1, -1) if len(words) >= k and _joined(words[:k])),
            1,
        )
        out.append(_joined(words[:k]) if k > 1 else words[0])
        words = words[k:]
    return " ".join(w for w in out if w)


def _decision(part: str) -> Action:
    joined = _one_word_names(part)
    unknown = _unknown(joined.split())
    if unknown:
        raise DecisionError(f"no card is named {unknown!r}", part.strip(), unknown)
    try:
        return parse_action(joined)
    except ActionSyntaxError as error:
        raise DecisionError(str(error), part.strip()) from None


def read_decisions(text: str) -> tuple[Action, ...]:
    """A line of decisions separated by ``;`` (``DecisionError`` names the bad one);
    card names in English or French, any case, with spaces or hyphens."""
    return tuple(_decision(part) for part in text.split(";") if part.strip())


def _alike(name: str, lang: Lang) -> list[str]:
    """Card names spelled like ``name``, in ``lang``."""
    titles = {fold(n): c.title(lang) for c in constellations() for n in (c.name, c.name_fr)}
    return list(dict.fromkeys(titles[f] for f in close_matches(fold(name), titles, cutoff=0.75)))


def _title(name: str, lang: Lang) -> str:
    return cards()[card_id(name)].card.title(lang)


def _marks(stars: tuple[int, ...]) -> str:
    return "-".join(map(str, stars)) or "-"


def show_board(game: Game, lang: Lang = Lang.EN) -> str:
    """The cards round the board with every pen's stars, both sides' resources and what
    you see of his library."""
    view = game.solo
    assert view is not None
    you, _ = game.players
    in_deck = count_of("cards", sum(c != "Game End" for c in game.deck), lang)
    above = game.deck.index("Game End") if "Game End" in game.deck else -1
    end = text("solo.board_game_end", lang).format(n=above) if above >= 0 else ""
    element = text(f"terms.{game.sphere.value}", lang)
    lines = [text("solo.board_head", lang).format(element=element, cards=in_deck, end=end)]
    for card in game.board:
        if card is None:
            continue
        info = cards()[card_id(card)].card
        mine, his = game.marks(card)
        lines.append(
            text("solo.board_card", lang).format(
                card=info.title(lang),
                element=text(f"terms.{info.element.value}", lang),
                size=info.size,
                you=you,
                yours=_marks(mine),
                his=_marks(his),
                dreamer=_marks(game.dreamer(card)),
            )
        )
    p = game.player(you)
    lines.append(
        text("solo.board_you", lang).format(
            you=you,
            fame=p.fame,
            stardust=p.stardust,
            telescopes=count_of("telescopes", p.telescopes, lang),
            pouch=p.pouch_size,
            wisdom=p.wisdom,
            limit=p.card_limit,
            active=" / ".join(_title(c, lang) for c in p.active) or "-",
            exhausted=" / ".join(_title(c, lang) for c in p.exhausted) or "-",
        )
    )
    left, right, top = (_title(c, lang) if c else "-" for c in view.seen)
    lines.append(
        text("solo.board_him", lang).format(
            fame=view.fame,
            stardust=view.stardust,
            telescopes=count_of("telescopes", view.telescopes, lang),
            cards=" / ".join(_title(c, lang) for c in view.cards) or "-",
            left=left,
            right=right,
            top=top,
            n=view.pile,
        )
    )
    return "\n".join(lines)


def say_score(score: PtolemyScore, lang: Lang = Lang.EN) -> str:
    return text("solo.his_total", lang).format(
        total=score.total,
        fame=score.fame,
        cards=score.cards,
        stars=score.stars,
        telescopes=score.telescopes,
        elements=score.elements,
        sets=score.sets,
    )


_HELP = ("help", "aide", "?")
_BOARD = ("board", "plateau")
_QUIT = ("quit", "quitter")


class SoloSession:
    """A solo game fed one line at a time; ``handle`` answers each."""

    def __init__(
        self, name: str, seed: int, difficulty: frozenset[Difficulty], lang: Lang = Lang.EN
    ) -> None:
        self.name, self.seed, self.difficulty, self.lang = name, seed, difficulty, lang
        self.game = Game.start(solo_game(name, seed, difficulty))
        self.body: list[str] = []  # the log's turn lines so far
        self.steps: list[str] = []  # your decisions this turn, not yet written
        self.finished = False

    def opening(self) -> tuple[str, ...]:
        """The set-up to lay out on the table before the first turn."""
        return tuple(say(change, self.lang) for change in setup(self.game))

    def _t(self, key: str, **values: object) -> str:
        return text(f"solo.{key}", self.lang).format(**values)

    def prompt(self) -> str:
        game = self.game
        if game.phase is Phase.BOONS:
            boons = " ".join(map(str, game.open_boons()))
            card = game.resolving or ""
            yours, _ = game.marks(card)
            key = "prompt_boons_dreamer" if len(yours) < len(game.dreamer(card)) else "prompt_boons"
            return self._t(key, card=_title(card, self.lang), boons=boons, you=self.name)
        if game.phase is Phase.DISCARD:
            return self._t("prompt_discard", count=count_of("cards", game.excess, self.lang))
        if game.phase is Phase.DREAM:
            on = text("solo.or", self.lang).join(_title(c, self.lang) for c in game.dream_cards())
            stars = count_of("stars", game.dream_count, self.lang)
            return self._t("prompt_dream", count=stars, cards=on)
        element = text(f"terms.{game.sphere.value}", self.lang)
        now = self._t("prompt_turn", round=game.turn // 2 + 1, element=element)
        if game.phase is not Phase.ACTION:
            return now
        again = game.player(self.name).telescopes > 0
        return self._t("prompt_again" if again else "prompt_end", now=now)

    def handle(self, line: str) -> Reply:
        word = line.strip().lower()
        if word in _HELP:
            return Reply((self._t("help"),))
        if word in _QUIT:
            self.finished = True
            return Reply((self._t("abandoned"),), True)
        if not word:
            return Reply((self._t("type_something"),))
        if word in _BOARD:
            return Reply((show_board(self.game, self.lang),))
        try:
            actions = read_decisions(line)
        except DecisionError as error:
            return Reply((self._not_understood(error),))
        if not actions:  # only separators, like ";"
            return Reply((self._t("type_something"),))
        game, body, steps_, lines = self.game, self.body[:], self.steps[:], []
        try:
            for typed in actions:
                action = self._dream(game, typed)
                # a boon you pick on his discovery goes on a line of its own
                (body if game.active == PTOLEMY else steps_).append(format_action(action))
                before, comments = game, []
                for after in steps(game, action):
                    lines += [say(c, self.lang) for c in changes(game, after, action)]
                    comments += self._his_turn(game, after)
                    game = after
                if steps_ and (game.turn != before.turn or game.over):
                    body.append(self._yours(steps_))
                    steps_ = []
                body += comments
        except RuleError as error:
            return Reply((self._t("not_allowed", error=said(str(error), self.lang)),))
        self.game, self.body, self.steps = game, body, steps_
        if game.over:
            self.finished = True
            return Reply((*lines, *self.result()), True)
        return Reply(tuple(lines))

    def _not_understood(self, error: DecisionError) -> str:
        if not error.unknown:
            return self._t("not_understood", error=error, part=error.part)
        names = _alike(error.unknown, self.lang)
        listed = text("solo.or", self.lang).join(names)
        hint = self._t("did_you_mean", names=listed) if names else ""
        return self._t("unknown_card", name=error.unknown, hint=hint)

    @staticmethod
    def _dream(game: Game, action: Action) -> Action:
        """At the Dream prompt a bare path is the dreamer pen's."""
        if game.phase is Phase.DREAM and isinstance(action, Observe):
            return Dream(action)
        return action

    def _yours(self, steps_: list[str]) -> str:
        return f"{self.name}: {'; '.join(steps_)}"

    @staticmethod
    def _his_turn(before: Game, after: Game) -> list[str]:
        """His turn as a comment in the log, when he played one."""
        was, view = before.solo, after.solo
        assert was is not None and view is not None
        if view.last is None or view.last is was.last:
            return []
        return [f"# {PTOLEMY}: {format_turn(view.last)}"]

    def result(self) -> list[str]:
        view = self.game.solo
        assert view is not None and view.score is not None
        verdict = self._t("you_win" if view.you_win else "he_wins")
        p = self.game.final_of(self.name)
        return [
            self._t(
                "your_total",
                you=self.name,
                total=p.total,
                fame=p.play_fame,
                pouch=p.pouch_size,
                limit=p.card_limit,
                stardust=p.stardust,
                stars=p.marked,
                active=p.active_fame,
                card=p.card.total,
            ),
            say_score(view.score, self.lang),
            verdict,
        ]

    def log(self) -> str:
        """The game so far as a log that ``pnp astra check`` replays; a game not over is
        marked unfinished in a comment at its top."""
        modifiers = format_difficulty(self.difficulty).replace(",", ", ") or "none"
        unfinished = (
            []
            if self.game.over
            else [f"# {self._t('log_unfinished', round=self.game.turn // 2 + 1)}"]
        )
        head = [f"players: {self.name}", f"solo: {modifiers}", f"seed: {self.seed}", ""]
        steps_ = [self._yours(self.steps)] if self.steps else []
        return "\n".join([*unfinished, *head, *self.body, *steps_]) + "\n"
