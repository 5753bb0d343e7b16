"""Solo Astra against Ptolemy in the engine (seed 004, "Règles du mode solo"): his turn
played from the seed after yours, his discoveries and boon picks, the Dream phase after
his Rest, his loss when his library runs out, the end and the verdict; whole games by a
random decision loop, and their logs replayed by ``check``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from pnp.astra.actions import Action, Discard, Dream, End, Observe, PickBoon, Rest, format_action
from pnp.astra.game import Game
from pnp.astra.log import parse_log
from pnp.astra.model import CLOCKWISE, EMPTY, BoonKind, Element
from pnp.astra.ptolemy import format_turn, path
from pnp.astra.ptolemy_state import Library, Source
from pnp.astra.setup import PTOLEMY, solo_game
from pnp.astra.solo import Difficulty, format_difficulty
from pnp.astra.state import GAME_END, Phase, State, card_id, cards
from pnp.score.astra_replay import check_solo, format_solo

YOU = "You"


def start(seed: int = 1, *difficulty: Difficulty) -> Game:
    return Game.start(solo_game(YOU, seed, frozenset(difficulty)))


def edit(g: Game, change: Callable[[State], None]) -> Game:
    s = g._s.copy()
    change(s)
    return Game(s)


def _decide(g: Game, rng: random.Random) -> Action:
    if g.phase is Phase.BOONS:
        boons_of = cards()[card_id(g.resolving or "")].card.boons
        boons = [b for b in g.open_boons() if boons_of[b - 1].kind is not BoonKind.ACTIVATION]
        return PickBoon(YOU, rng.choice(boons or list(g.open_boons())))
    if g.phase is Phase.DISCARD:
        p = g.player(YOU)
        return Discard(tuple(rng.sample(p.active + p.exhausted, g.excess)))
    if g.phase is Phase.DREAM:
        card = rng.choice(g.dream_cards())
        return Dream(Observe(card, rng.choice(g.dream_paths(card))))
    if g.phase is Phase.ACTION:
        return End()
    options = [(c, p) for c in g.board if c for p in g.legal_paths(c)]
    return Observe(*rng.choice(options)) if options and rng.random() < 0.85 else Rest()


def play(seed: int, difficulty: frozenset[Difficulty] = frozenset()) -> tuple[Game, str]:
    """A whole solo game of random legal decisions, and its log: your turns, a boon
    picked on his discovery on a line of its own, his turns as comments."""
    g = Game.start(solo_game(YOU, seed, difficulty))
    rng = random.Random(seed)
    lines = [f"players: {YOU}", f"solo: {format_difficulty(difficulty) or 'none'}", f"seed: {seed}"]
    steps: list[str] = []
    while not g.over:
        action = _decide(g, rng)
        turn, active = g.turn, g.active
        try:
            g = g.apply(action)
        except ValueError:  # an Activation boon with too few exhausted cards: another
            assert isinstance(action, PickBoon)
            action = PickBoon(YOU, g.open_boons()[-1])
            g = g.apply(action)
        if active == PTOLEMY:
            lines.append(format_action(action))
        elif not isinstance(action, End):
            steps.append(format_action(action))
        if g.turn != turn and active == YOU:
            lines.append(f"{YOU}: {'; '.join(steps)}")
            steps = []
            view = g.solo
            if view is not None and view.last is not None and view.last.turn == turn + 1:
                lines.append(f"# Ptolemy: {format_turn(view.last)}")
    if steps:
        lines.append(f"{YOU}: {'; '.join(steps)}")
    return g, "\n".join(lines) + "\n"


def mine(g: Game, avoid: str | None = None) -> Game:
    """Your turn: one star on the first card (not ``avoid``) with a legal Observe; then
    his turn."""
    card = next(c for c in g.board if c and c != avoid and g.legal_paths(c))
    return g.apply(Observe(card, g.legal_paths(card)[0])).apply(End())


def his_library(element_cards: list[int], pile: int = 5) -> Callable[[State], None]:
    """His library made of ``element_cards`` only (left, right, then his pile)."""

    def change(s: State) -> None:
        assert s.solo is not None
        lib = Library(element_cards[0], element_cards[1], tuple(element_cards[2 : 2 + pile]))
        s.solo = replace(s.solo, library=lib)

    return change


def of(element: str) -> list[int]:
    small = [i for i, c in enumerate(cards()) if c.card.element.value == element]
    return small[:7]


def test_set_up_you_first_on_the_two_player_board_his_fame_and_stardust() -> None:
    g = start(4)
    assert g.players == (YOU, PTOLEMY) and g.active == YOU
    assert len(g.board) == 3 and len(g.deck) == 20 - 4 + 1  # 1 discarded, 3 dealt, Game End
    assert g.deck.index("Game End") == 17 - 4
    view = g.solo
    assert view is not None and (view.fame, view.stardust, view.telescopes) == (12, 5, 0)
    assert g.player(YOU).stardust == 8 and view.pile == 23 and view.last is None
    assert start(4, Difficulty.EASY_STARDUST_10).player(YOU).stardust == 10
    hard = start(4, Difficulty.HARD_FAME_20, Difficulty.HARD_STARDUST_6).solo
    assert hard is not None and (hard.fame, hard.stardust) == (20, 6)
    assert start(4, Difficulty.EASY_FAME_0).solo.fame == 0  # type: ignore[union-attr]


def test_his_turn_follows_yours_and_the_game_stays_a_pure_function() -> None:
    g = start(2).apply(Rest())
    if g.phase is Phase.DREAM:
        card = g.dream_cards()[0]
        g = g.apply(Dream(Observe(card, g.dream_paths(card)[0])))
    again = start(2).apply(Rest())
    if again.phase is Phase.DREAM:
        card = again.dream_cards()[0]
        again = again.apply(Dream(Observe(card, again.dream_paths(card)[0])))
    view = g.solo
    assert view is not None and view.last is not None and view.last.turn == 1
    assert g.turn == 2 and g.active == YOU
    assert view == again.solo and 1 <= view.last.die <= 6
    assert view.stardust == 4  # upkeep: 1 Stardust discarded
    used = cards()[view.last.card].card.name
    assert used not in (view.seen[0], view.seen[1])  # the used card left his library


@pytest.mark.parametrize("element", ["earth", "fire", "air"])
def test_earth_fire_air_mark_the_card_closest_to_that_sphere(element: str) -> None:
    from pnp.astra.board import board, closest_slot
    from pnp.astra.model import Element

    g = edit(start(5), his_library(of(element)))
    before = g.board
    g = mine(g)
    last = g.solo.last  # type: ignore[union-attr]
    assert last is not None and cards()[last.card].card.element.value == element
    assert last.source is (Source.LEFT, Source.RIGHT, Source.TOP)[(last.die - 1) // 2]
    open_ = [i for i, c in enumerate(before) if c is not None]
    slot = closest_slot(board(2), Element(element), open_)
    assert cards()[last.target].card.name == before[slot]


def _water_game() -> tuple[Game, str]:
    """Water priority; one card with 2 unmarked stars, not next to each other."""
    g = edit(start(6), his_library(of("water")))
    target = g.board[1]
    assert target is not None
    info = cards()[card_id(target)]
    a = 0
    b = next(i for i in range(info.card.size) if i != a and not info.neighbours[a] >> i & 1)

    def change(s: State) -> None:
        s.marks[1][0] = info.full & ~(1 << a) & ~(1 << b)

    return edit(g, change), target


def test_water_marks_the_card_with_the_fewest_unmarked_stars() -> None:
    g, target = _water_game()
    g = mine(g)
    last = g.solo.last  # type: ignore[union-attr]
    assert last is not None and cards()[last.target].card.name == target
    assert last.telescopes == 0 and len(last.observes) == 1  # no Telescope: one Observe


def test_telescopes_finish_a_discovery_and_you_pick_a_boon_on_it() -> None:
    g, target = _water_game()
    g = mine(edit(g, lambda s: setattr(s.players[1], "telescopes", 2)))
    view = g.solo
    assert view is not None and view.last is not None
    assert view.last.telescopes == 1 and len(view.last.observes) == 2
    assert view.telescopes == 1
    assert g.phase is Phase.BOONS and g.due == (YOU,) and g.resolving == target
    g = g.apply(PickBoon(YOU, g.open_boons()[-1]))
    assert target in g.solo.cards and g.active == YOU  # type: ignore[union-attr]


def test_his_path_starts_at_the_starting_star_and_marks_the_leftmost_boon_at_most() -> None:
    from pnp.astra.board import board, closest_slot
    from pnp.astra.model import Element

    g = edit(start(8), his_library(of("fire")))
    g = mine(g, g.board[closest_slot(board(2), Element.FIRE, range(3))])
    last = g.solo.last  # type: ignore[union-attr]
    assert last is not None and last.target != EMPTY
    name = cards()[last.target].card.name
    info = cards()[last.target]
    stars = last.observes[0]
    x = cards()[last.card].card.boons[0].amount
    assert not g.marks(name)[0]  # your star went elsewhere: the card was unmarked
    assert stars[0] == info.starting.bit_length() and len(stars) <= x
    assert stars == path(last.target, 0, x, _rng(g, 1))
    assert g.marks(name)[1] == tuple(sorted(stars))


def _rng(g: Game, turn: int) -> random.Random:
    solo = g._s.solo
    assert solo is not None
    rng = solo.rng(turn)
    rng.randint(1, 6)  # the die comes first
    return rng


def test_he_takes_the_best_fame_boon_on_your_discovery() -> None:
    g = start(9)
    card = g.board[0]
    assert card is not None
    info = cards()[card_id(card)]
    last = info.full & ~info.starting
    stars = sorted(range(1, info.card.size + 1), key=lambda n: n != info.starting.bit_length())

    def change(s: State) -> None:  # he marked every star but the Starting star
        s.marks[0][1] = last

    g = edit(g, change).apply(Observe(card, (stars[0],)))
    g = g.apply(End())
    view = g.solo
    assert view is not None and view.picks[0][0] == card_id(card)
    fame = [b.amount for b in info.card.boons if b.kind is BoonKind.FAME]
    assert view.picks[0][1].fame == max(fame, default=0)
    assert card in g.player(YOU).active


def test_he_rests_with_no_stardust_then_his_dreamer_pen_marks_by_his_priorities() -> None:
    g = edit(start(10), lambda s: setattr(s.players[1], "stardust", 0))
    sphere = g.sphere
    g = mine(g)
    view = g.solo
    assert view is not None and view.last is not None and view.last.rested
    assert view.stardust == 5 and g.sphere != sphere
    assert view.last.dream is not None
    card, stars = view.last.dream
    name = cards()[card].card.name
    assert g.dreamer(name) == tuple(sorted(stars))
    assert format_turn(view.last).startswith("rest; dream ")


def test_his_library_running_out_loses_you_the_game() -> None:
    g = mine(edit(start(11), his_library(of("air"), pile=0)))
    view = g.solo
    assert g.over and view is not None and view.lost and view.you_win is False
    assert view.score is not None and format_turn(view.last) == "his library has run out"  # type: ignore[arg-type]


def _ending(element: str, pile: int, he_rests: bool = False) -> Callable[[State], None]:
    """His library of ``pile`` cards under two face-up ones, and the next card drawn
    uncovering the Game End card: the marker is on Water, so the next Rest passes the
    discard icon and draws it; ``he_rests``: he has no Stardust, his turn is that Rest."""

    def change(s: State) -> None:
        his_library(of(element), pile)(s)
        s.top = s.deck.index(GAME_END) - 1
        s.sphere = CLOCKWISE.index(Element.WATER)
        if he_rests:
            s.players[1].stardust = 0

    return change


def _dream(g: Game) -> Game:
    card = g.dream_cards()[0]
    return g.apply(Dream(Observe(card, g.dream_paths(card)[0])))


def _played_from_his_face_up_cards(g: Game) -> None:
    view = g.solo
    assert g.over and view is not None and not view.lost and view.last is not None
    assert view.last.source in (Source.LEFT, Source.RIGHT) and view.last.die in (1, 2, 3, 4)
    assert view.last.observes and view.pile == 0 and None in view.seen[:2]
    assert view.score is not None and view.yours is not None
    assert view.you_win is (view.yours > view.score.total)


def test_the_end_shown_on_your_turn_he_plays_his_last_turn_with_an_empty_pile() -> None:
    # Seed 004, "Fin de la partie": the Game End card showed before his pile ran out, so
    # final scoring, and he still plays his turn after yours: the die picks one of his
    # two face-up cards (5–6, the top of an empty pile, is rolled again).
    g = _dream(edit(start(11), _ending("air", 0)).apply(Rest()))
    assert g.last_turn == 1
    _played_from_his_face_up_cards(g)


def test_the_end_shown_on_his_turn_he_still_plays_the_last_round_with_an_empty_pile() -> None:
    g = mine(edit(start(11), _ending("fire", 0, he_rests=True)))
    assert g.last_turn == 3 and not g.over and g.active == YOU
    g = mine(g)
    _played_from_his_face_up_cards(g)


def test_a_pile_emptied_on_his_last_turn_does_not_lose() -> None:
    g = _dream(edit(start(11), _ending("air", 1)).apply(Rest()))
    view = g.solo
    assert g.over and view is not None and not view.lost and view.pile == 0


def test_easy_reshuffle_turns_his_discard_into_his_pile() -> None:
    def change(s: State) -> None:
        assert s.solo is not None
        lib = Library(of("air")[0], of("air")[1], (), tuple(of("air")[2:5]))
        s.solo = replace(s.solo, library=lib)

    g = mine(edit(start(11, Difficulty.EASY_RESHUFFLE), change))
    view = g.solo
    assert view is not None and not view.lost and not g.over and view.pile == 2


def test_hard_telescopes_gives_him_one_each_time_you_discover() -> None:
    for difficulty, gained in ((), 0), ((Difficulty.HARD_TELESCOPES,), 1):
        g = start(9, *difficulty)
        card = g.board[0]
        assert card is not None
        info = cards()[card_id(card)]
        mask = info.full & ~info.starting
        g = edit(g, lambda s, mask=mask: s.marks[0].__setitem__(0, mask))  # type: ignore[misc]
        g = g.apply(Observe(card, (info.starting.bit_length(),))).apply(End())
        fame = {b.amount for b in info.card.boons if b.kind is BoonKind.FAME}
        bonus = int(bool(fame) and max(fame) in (2, 3))
        assert g.solo.telescopes == gained + bonus - g.solo.last.telescopes  # type: ignore[union-attr]


@pytest.mark.parametrize("difficulty", [None, *Difficulty])
def test_whole_games_of_random_decisions_end_and_their_logs_replay(
    difficulty: Difficulty | None,
) -> None:
    chosen = frozenset({difficulty} if difficulty else ())
    for seed in range(3):
        g, text = play(seed, chosen)
        view = g.solo
        assert g.over and view is not None and view.score is not None
        assert view.lost or g.turn % 2 == 0  # the last turn is always his
        result = check_solo(parse_log(text, "solo.txt"))
        assert result.ptolemy == view and result.parts == g.final_of(YOU)
        assert result.ptolemy.you_win == (view.yours > view.score.total and not view.lost)  # type: ignore[operator]


def test_the_example_log_replays_to_both_scores_and_the_verdict() -> None:
    from pathlib import Path

    from pnp.score.astra_replay import load_log, solo_json

    log = load_log(Path(__file__).parent.parent / "docs/examples/astra-solo.txt")
    result = check_solo(log)
    text = format_solo(result)
    assert text.startswith("Astra solo against Ptolemy · difficulty: hard-telescopes\n")
    assert text.endswith(result.verdict + "\n") and "Ptolemy\n" in text
    data = solo_json(result)
    assert data["difficulty"] == ["hard-telescopes"]
    assert data["you_win"] is result.ptolemy.you_win


def test_his_score_is_the_solo_views_not_a_journals() -> None:
    g = start(1)
    assert len(g.final()) == 1
    with pytest.raises(ValueError, match=r"Game\.solo"):
        g.final_of(PTOLEMY)
