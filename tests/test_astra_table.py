"""What the solo companion tells the table (``pnp.play.astra_table``): a mirror of the
printed table that knows only your typed decisions and the announced changes stays the
same as the engine's game through whole games; the game as your turn ends, before
Ptolemy plays; and every change in words, English and French."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.astra.actions import Action, Dream, Observe, UseAbility
from pnp.astra.bots import BOTS
from pnp.astra.constellations import constellations
from pnp.astra.game import Game
from pnp.astra.model import CLOCKWISE, EMPTY, Element
from pnp.astra.setup import PTOLEMY, solo_game
from pnp.astra.solo import parse_difficulty, solo_setup
from pnp.astra.state import YOU, Phase, card_id
from pnp.astra.text import Lang
from pnp.play.astra_solo import read_decisions
from pnp.play.astra_table import (
    Card,
    Change,
    Count,
    Place,
    Resources,
    Stars,
    changes,
    say,
    setup,
    steps,
)


class Mirror:
    """The table as a player keeps it: only what was typed and what was said."""

    def __init__(self, game: Game) -> None:
        s = game.state
        assert s.solo is not None
        self.board = list(s.board)
        self.marks: dict[tuple[int, str], set[int]] = {}
        self.sphere = game.sphere
        you = game.player(game.players[YOU])
        self.you: dict[str, Any] = {k: getattr(you, k) for k in _YOURS}
        self.owned: set[int] = set()
        self.exhausted: set[int] = set()
        view = game.solo
        assert view is not None
        self.him = {"fame": view.fame, "stardust": view.stardust, "telescopes": view.telescopes}
        self.his_cards: set[int] = set()
        self.library: list[int | None] = [s.solo.library.left, s.solo.library.right]  # None: hidden
        self.pile = view.pile
        self.discard = len(s.discard)
        self.game_end = game.last_turn is not None
        self.target = EMPTY

    def typed(self, action: Action) -> None:
        paths = [action] if isinstance(action, Observe) else []
        if isinstance(action, UseAbility):
            paths = list(action.paths)
        for path in paths:
            self.marks.setdefault((card_id(path.card), "you"), set()).update(path.stars)
        if isinstance(action, Dream):
            key = (card_id(action.path.card), "dreamer")
            self.marks.setdefault(key, set()).update(action.path.stars)

    def told(self, change: Change) -> None:
        args = dict(change.args)
        got = args.get("card")
        card = got.id if isinstance(got, Card) else EMPTY
        key = change.key
        if key.startswith("he_rolls_"):
            side = key.removeprefix("he_rolls_")
            if side != "top":
                assert self.library[side == "right"] in (card, None), change
        elif key in {"he_marks", "he_dreams"}:
            self.target = card
            pen = "him" if key == "he_marks" else "dreamer"
            assert isinstance(args["stars"], Stars)
            self.marks.setdefault((card, pen), set()).update(args["stars"].numbers)
        elif key == "you_also_mark":
            assert isinstance(args["stars"], Stars)
            self.marks.setdefault((card, "you"), set()).update(args["stars"].numbers)
        elif key == "he_marks_more":
            assert isinstance(args["stars"], Stars)
            self.marks[(self.target, "him")].update(args["stars"].numbers)
        elif key in ("he_refills_left", "he_refills_right"):
            self.library[key.endswith("right")] = card
        elif key == "he_right_hidden":
            self.library[1] = None
        elif key in ("he_left_empty", "he_right_empty"):
            self.library[key == "he_right_empty"] = EMPTY
        elif key == "sphere":
            assert isinstance(args["element"], Element)
            self.sphere = args["element"]
        elif key == "deck_discard":
            self.discard += 1
        elif key == "you_discard":
            self.discard += 1
            self.owned.discard(card)
            self.exhausted.discard(card)
        elif key.startswith("taken_by_"):
            self.take(card, key.removeprefix("taken_by_"))
        elif key == "refill":
            place = args["place"]
            assert isinstance(place, Place) and self.board[place.slot] == EMPTY
            self.board[place.slot] = card
        elif key in ("your_resources", "his_resources"):
            kept: dict[str, Any] = self.you if key == "your_resources" else self.him
            values = args["values"]
            assert isinstance(values, Resources)
            for name, was, now in values.items:
                assert kept[name] == was, (change, kept)
                kept[name] = now
        elif key == "exhausted":
            self.exhausted.add(card)
        elif key == "reactivated":
            self.exhausted.discard(card)
        elif key == "his_state":
            pile = args["n"]
            assert args["fame"] == self.him["fame"] and isinstance(pile, Count)
            self.pile = pile.n
        elif key == "game_end":
            self.game_end = True

    def take(self, card: int, who: str) -> None:
        """A discovered card leaves the board, its place empty until refilled."""
        if who == "nobody":
            self.discard += 1
        else:
            (self.owned if who == "you" else self.his_cards).add(card)
        self.board[self.board.index(card)] = EMPTY
        for pen in ("you", "him", "dreamer"):
            self.marks.pop((card, pen), None)

    def check(self, game: Game) -> None:
        s = game.state
        assert s.solo is not None
        assert self.board == list(s.board)
        for card in (c for c in s.board if c != EMPTY):
            name = game.board[s.board.index(card)]
            assert name is not None
            yours, his = game.marks(name)
            for pen, real in (("you", yours), ("him", his), ("dreamer", game.dreamer(name))):
                assert self.marks.get((card, pen), set()) == set(real), (name, pen)
        assert self.sphere is game.sphere
        you = game.player(game.players[YOU])
        assert self.you == {k: getattr(you, k) for k in _YOURS}
        assert self.owned == {card_id(c) for c in you.active + you.exhausted}
        assert self.exhausted == {card_id(c) for c in you.exhausted}
        view = game.solo
        assert view is not None
        assert self.him == {
            "fame": view.fame,
            "stardust": view.stardust,
            "telescopes": view.telescopes,
        }
        assert self.his_cards == {card_id(c) for c in view.cards}
        left, right = s.solo.library.left, s.solo.library.right
        assert self.library[0] == left and self.library[1] in (right, None)
        assert self.pile == view.pile and self.discard == len(s.discard)
        assert self.game_end == (game.last_turn is not None)


_YOURS = ("fame", "stardust", "telescopes", "pouch_size", "wisdom", "card_limit")
MODIFIERS = (
    "",
    "easy-reshuffle,easy-top-open",
    "hard-right-hidden,hard-telescopes",
    "easy-water-14",
)


# games (random bot) where rarer things happen: his pile runs out (35), his discard is
# reshuffled (38), you discard down to your card limit before the refill (88), his
# library cannot refill its right card (112) or its left card (895)
RARE = [(35, "easy-stardust-10", "random"), (38, "easy-reshuffle,hard-right-hidden", "random")]
RARE += [(88, "", "random"), (112, "", "random"), (895, "easy-stardust-10", "random")]


def _games() -> list[tuple[int, str, str]]:
    common = [(seed, MODIFIERS[seed % 4], "random" if seed % 2 else "greedy") for seed in range(12)]
    return common + RARE


def _play(seed: int, modifiers: str, bot: str, mirror: bool = True) -> list[Change]:
    """A whole game by a bot, kept on a mirror table; the changes told."""
    game = Game.start(solo_game("You", seed, parse_difficulty(modifiers)))
    table, rng, told = Mirror(game), random.Random(seed), list[Change]()
    table.check(game)
    while not game.over:
        action = BOTS[bot](game, rng)
        table.typed(action)
        for after in steps(game, action):
            for change in changes(game, after, action):
                told.append(change)
                table.told(change)
            if mirror:
                table.check(after)
            game = after
    return told


@pytest.mark.parametrize(("seed", "modifiers", "bot"), _games())
def test_a_table_kept_from_what_is_typed_and_said_stays_the_engines(
    seed: int, modifiers: str, bot: str
) -> None:
    assert _play(seed, modifiers, bot)


def test_the_games_tell_every_common_change_in_both_languages() -> None:
    told = [c for game in _games() for c in _play(*game, mirror=False)]
    wanted = {
        "deck_discard", "exhausted", "found_by_dreamer", "found_by_him", "found_by_you",
        "game_end", "he_aims_closest", "he_aims_water", "he_dreams", "he_marks",
        "he_marks_more", "he_path_stops", "he_refills_left", "he_refills_right", "he_rests",
        "he_right_hidden", "he_takes_boon_0", "he_takes_boon_1", "he_top_open", "reactivated",
        "refill", "sphere", "taken_by_him", "taken_by_nobody", "taken_by_you", "you_also_mark",
    }  # fmt: skip
    rare = {"he_runs_out", "he_reshuffles", "you_discard", "he_right_empty", "he_left_empty"}
    assert wanted | rare <= {c.key for c in told}
    for change in set(told):
        english, french = say(change, Lang.EN), say(change, Lang.FR)
        assert english != french and "{" not in english + french


def _first(seed: int, bot: str, wanted: str) -> tuple[Game, Action]:
    """A game and the decision that brings the first change ``wanted``."""
    game, rng = Game.start(solo_game("You", seed)), random.Random(seed)
    while not game.over:
        action = BOTS[bot](game, rng)
        games = steps(game, action)
        if any(c.key == wanted for g in games for c in changes(game, g)):
            return game, action
        game = games[-1]
    raise AssertionError(f"no {wanted} in game {seed}")


def test_your_turn_ends_before_he_plays() -> None:
    game, action = _first(3, "greedy", "taken_by_you")
    mine, his = steps(game, action)
    assert mine.turn == game.turn + 1 and mine.active == PTOLEMY and not mine.over
    assert mine.solo is not None and game.solo is not None and his.solo is not None
    assert mine.solo.last is game.solo.last and his.solo.last is not game.solo.last
    assert mine.player("You") == his.player("You")
    yours = [c.key for c in changes(game, mine)]
    assert "taken_by_you" in yours and not {"he_rolls_left", "he_rolls_right", "he_rests"} & {
        *yours
    }
    assert next(c.key for c in changes(mine, his)).startswith(("he_rolls", "he_rests"))


def test_the_game_end_showing_as_your_turn_ends() -> None:
    for seed in range(40):
        try:
            game, action = _first(seed, "greedy", "game_end")
        except AssertionError:
            continue
        games = steps(game, action)
        if len(games) == 2 and any(c.key == "game_end" for c in changes(game, games[0])):
            mine, his = games
            assert mine.last_turn == his.last_turn == game.turn + 1  # his turn is the last
            assert his.over and mine.deck == game.apply(action).deck
            return
    raise AssertionError("no game's end showed as your turn ended")


def test_words() -> None:
    orion, leo = Card(card_id("Orion")), Card(card_id("Leo"))
    rolls = Change(
        "he_rolls_right", (("die", 4), ("card", leo), ("element", Element.FIRE), ("x", 4))
    )
    assert say(rolls, Lang.EN) == (
        "Ptolemy rolls 4: the right card of his library, Leo (Fire); he marks 4 stars."
    )
    assert say(rolls, Lang.FR) == (
        "Ptolémée lance le dé : 4, la carte de droite de sa bibliothèque, Lion (Feu) ;"
        " il coche 4 étoiles."
    )
    values = Resources((("fame", 12, 15), ("telescopes", 0, 1)))
    res = Change("his_resources", (("values", values),))
    assert say(res, Lang.EN) == "Ptolemy: Fame 12 → 15, Telescopes 0 → 1."
    assert say(res, Lang.FR) == "Ptolémée : Renommée 12 → 15, Télescopes 0 → 1."
    refill = Change("refill", (("card", orion), ("place", Place(0))))
    assert say(refill, Lang.EN) == (
        "Orion, from the deck, goes to the place between the Water and Fire spheres."
    )
    refill = Change("refill", (("card", orion), ("place", Place(1))))
    assert say(refill, Lang.FR) == (
        "Orion, de la pile Constellation, va à la place entre les éléments Feu et Terre."
    )
    marks = Change("he_marks", (("card", orion), ("stars", Stars((3, 1)))))
    assert say(marks, Lang.EN) == "Ptolemy marks Orion: stars 3-1."
    assert say(Change("sphere", (("element", CLOCKWISE[3]),)), Lang.FR).endswith("Eau.")


def test_a_place_emptied_before_you_discard_is_refilled_after() -> None:
    game, action = _first(88, "random", "you_discard")
    assert game.phase is Phase.DISCARD
    slot = game.board.index(None)
    after = steps(game, action)[0]  # your turn ends with the refill, then he plays
    told = changes(game, after, action)
    assert [c.key for c in told][:2] == ["you_discard", "refill"]
    assert dict(told[1].args)["place"] == Place(slot) and after.board[slot] is not None


def test_the_set_up_lays_out_the_board_his_library_and_both_sides() -> None:
    game = Game.start(solo_game("You", 3))
    told = setup(game)
    places = [dict(c.args) for c in told if c.key == "setup_place"]
    assert [(p["card"], p["place"]) for p in places] == [
        (Card(card_id(name or "")), Place(slot)) for slot, name in enumerate(game.board)
    ]
    assert [say(c, Lang.EN) for c in told[3:]] == [
        "Discard Gemini, the deck's top card: the sphere marker starts on its element, Air.",
        "Your Final Scoring card: Air and Water.",
        "Ptolemy's library: Argo Navis face up on the left, Corona Australis face up on the"
        " right, 24 cards in his pile.",
        "Set aside, out of this game: Ursa Minor, Sagitta.",
        "Lay the other 40 cards face down in one stack, the Game End card beside it: the"
        " companion has shuffled the deck and Ptolemy's pile, and names every card they give;"
        " take it from the stack.",
        "Ptolemy starts with 12 Fame and 5 Stardust; you with 8 Stardust. You play first.",
    ]
    hard = Game.start(solo_game("You", 3, parse_difficulty("hard-scoring,hard-right-hidden")))
    keys = [c.key for c in setup(hard)]
    assert "setup_his_scoring" in keys and "setup_library_hidden" in keys
    opened = setup(Game.start(solo_game("You", 3, parse_difficulty("easy-top-open"))))
    assert any(c.key == "he_top_open" for c in opened)


def test_one_star_one_card_one_telescope_are_singular() -> None:
    orion = Card(card_id("Orion"))
    one = Change("he_marks", (("card", orion), ("stars", Stars((6,)))))
    assert say(one, Lang.EN) == "Ptolemy marks Orion: star 6."
    assert say(one, Lang.FR) == "Ptolémée coche Orion : étoile 6."
    dream = Change("he_dreams", (("card", orion), ("stars", Stars((12, 14)))))
    assert say(dream, Lang.EN) == "Ptolemy's Dream: the dreamer pen marks Orion: stars 12-14."
    assert say(dream, Lang.FR).startswith("Rêve de Ptolémée : le feutre du rêveur coche Orion")
    state = Change("his_state", (("fame", 30), ("n", Count("cards", 1))))
    assert say(state, Lang.EN) == "Ptolemy has 30 Fame and 1 card left in his pile."
    assert say(state, Lang.FR) == "Ptolémée a 30 points de renommée et 1 carte dans sa pioche."


def test_wisdom_is_said_as_the_spots_marked_on_the_journal() -> None:
    values = Resources((("wisdom", 0, 2), ("card_limit", 2, 4)))
    told = Change("your_resources", (("values", values),))
    assert say(told, Lang.EN) == "You: Wisdom spots marked 0 → 2, Card limit 2 → 4."
    assert say(told, Lang.FR) == "Vous : Cases de Sagesse cochées 0 → 2, Limite de cartes 2 → 4."


def test_a_path_that_stops_short_is_said() -> None:
    """Seed 5: after your Rest his card marks 2 stars, but star 2 of Sagittarius leads
    nowhere unmarked; his Dream after his Rest marks 2 of Water's 4 on Hercules."""
    game = Game.start(solo_game("You", 5))
    for line in ("Canis-Major:11-9-8-7", "end", "Orion:1-2-6", "end", "rest"):
        game = steps(game, read_decisions(line)[0])[-1]
    dream = read_decisions("dream Sagittarius:1-4-6")[0]
    told = [say(c, Lang.EN) for g in [steps(game, dream)[-1]] for c in changes(game, g, dream)]
    at = told.index("Ptolemy marks Sagittarius: star 2.")
    assert told[at + 1] == "His path stops there: no unmarked star is next to its last star."
    assert told[at - 2].endswith("he marks 2 stars.")


def test_the_set_up_names_the_cards_set_aside_and_the_stack_to_draw_from() -> None:
    game = Game.start(solo_game("You", 5))
    told = [say(c, Lang.EN) for c in setup(game)]
    dealt = solo_setup(5)
    aside = [constellations()[c].name for c in dealt.removed]
    assert f"Set aside, out of this game: {', '.join(aside)}." in told
    stack = 48 - 3 - 1 - 2 - len(aside)
    assert any(t.startswith(f"Lay the other {stack} cards face down in one stack") for t in told)
    assert all("{" not in say(c, Lang.FR) for c in setup(game))
