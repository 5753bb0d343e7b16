"""A game played at a table with shuffled components (data/formats/cosmos.md, "Table logs"):
no seed fixes chance, the log says what the table revealed, and the game is checked
under every rule from that.

The engine keeps exact orders, as in a seeded game. ``start`` deals the game the table
set up; before each decision ``play_revealed`` arranges every hidden order just in time,
so that the draws the decision makes are the cards, tiles and tokens the log reveals:
each comes to the top from among those nobody has seen (what was put under a pile in a
known order comes back in that order; the display is face up). After the decision it
checks that the engine drew exactly what was revealed. A reveal the components cannot
give, or a draw the log does not reveal, raises a ``TableError`` naming its rule
(``pnp.cosmos.reveal`` holds the values and the rules, ``pnp.cosmos.table_arrange`` the
arranging)."""

from __future__ import annotations

from pnp.cosmos.actions import DECK, Action, Advance, Choose, GainPower, Omega, TakeCard
from pnp.cosmos.content import advanced_life, goals, main_board
from pnp.cosmos.game import play
from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.notation import format_action
from pnp.cosmos.reveal import (
    ENERGY,
    GOAL,
    LIFE,
    REFILL,
    TILE,
    Reveal,
    Seen,
    TableError,
    TableSetup,
    energy_counts,
)
from pnp.cosmos.setup import deal_energy
from pnp.cosmos.setup import start as seeded_start
from pnp.cosmos.state import HAND_LIMIT, NONE, TYPES, State, cards
from pnp.cosmos.table_arrange import arrange, arrange_power


def start(names: tuple[str, ...], table: TableSetup) -> State:
    """The game of ``names`` as the table set it up (``table`` as read and checked from a
    log); the piles' unseen orders are any, arranged as the game reveals them."""
    s = seeded_start(names, 0)
    g = geometry()
    where, dark, first = deal_energy(list(table.deal), len(names))
    players = []
    for p, hand, tiles in zip(s.players, table.hands, table.tiles, strict=True):
        b = p.board
        for space, tile in zip(g.starts, tiles, strict=True):
            b = b.with_tile(space, tile)
        players.append(p.replace(board=b, hand=hand))
    left = list(energy_counts())
    for t in table.display:
        left[t] -= 1
    for hand in table.hands:
        for t in range(4):
            left[t] -= hand[t]
    taken = {tile for tiles in table.tiles for tile in tiles}
    life = advanced_life()
    board = main_board()
    unseen = [i for i in range(len(goals())) if i not in table.goals]
    deck = table.goals[1:] + tuple(unseen)[: board.goals_per_game - len(table.goals)]
    return s.replace(
        seed=0,
        players=tuple(players),
        tokens=tuple(where),
        dark=(dark[0], dark[1], dark[2], dark[3]),
        first=first,
        active=first,
        display=table.display,
        deck=tuple(t for t in range(4) for _ in range(left[t])),
        power_decks=tuple(
            tuple(i for i, c in enumerate(cards()) if c.type is kind) for kind in TYPES
        ),
        stacks=tuple(
            tuple(i for i, t in enumerate(nebula_tiles()) if t.size == size and i not in taken)
            for size in (1, 2, 3)
        ),
        life_stack=life.group1[: life.per_player * len(names)] + life.group2,
        goal_deck=deck,
        track=(table.goals[0],) + (NONE,) * (board.goal_track - 1),
    )


def play_revealed(
    s: State,
    seen: Seen,
    action: Action,
    reveals: tuple[Reveal, ...],
    kept: tuple[Reveal, ...] | None,
) -> State:
    """The state after ``action`` whose draws are ``reveals`` (``s`` is left as it was):
    for a power card gained, ``kept`` are the cards the next decision, keep, names (None
    when it is not a keep). The rules' own errors come first: a ``RuleError`` when the
    action is illegal, then a ``TableError`` about what it reveals or leaves
    unrevealed. ``seen`` is brought up to date."""
    after = s.copy()
    try:
        if type(action) is GainPower:
            if kept is None:
                raise TableError(
                    "cosmos.table.reveal",
                    f"{format_action(action)} draws power cards: the next decision is keep, "
                    "naming the card kept, then the others in the order put under",
                )
            arrange_power(after, seen, action, kept)
        arrange(after, seen, reveals)
    except TableError:
        play(s.copy(), action)  # a RuleError, if the action is illegal, says more
        raise
    before = after.copy()
    play(after, action)
    _account(before, after, seen, action, reveals)
    return after


def tiles_drawn(before: State, after: State, action: Action) -> tuple[int, int, int]:
    """By stack size: the tile ``action`` drew from it, or NONE. Tiles are drawn from the
    top, at most one from a stack in one decision, and put back under it; only an omega
    may put back the very tile it drew (no empty nebula space), so a stack whose top
    stays the same was drawn from only by an omega of its size."""
    out = [NONE, NONE, NONE]
    for k in range(3):
        old, new = before.stacks[k], after.stacks[k]
        if old and ((type(action) is Omega and action.size == k + 1) or new[:1] != old[:1]):
            out[k] = old[0]
    return (out[0], out[1], out[2])


def energy_drawn(before: State, after: State) -> int:
    """The energy cards drawn from the deck between two states of one decision (the
    discard pile shuffled in once at most: only the energy phase draws, and it pays
    nothing into the pile)."""
    if after.shuffles == before.shuffles:
        return len(before.deck) - len(after.deck)
    return len(before.deck) + len(before.discard) - len(after.deck)


def _account(
    before: State, after: State, seen: Seen, action: Action, reveals: tuple[Reveal, ...]
) -> None:
    """Whether the engine drew exactly what ``reveals`` say; then ``seen`` updated."""
    text = format_action(action)
    own = [r for r in reveals if r.kind == ENERGY]
    refill = [r for r in reveals if r.kind == REFILL]
    drawn = energy_drawn(before, after)
    mine = int(type(action) is TakeCard and action.slot == DECK and drawn > 0)
    if mine and not own:
        raise _missing(
            f"{text} draws an energy card from the deck: write its type after it ({text} TYPE)"
        )
    if drawn - mine > len(refill):
        raise _missing(
            f"the energy phase ends with {text} and {drawn - mine} card(s) refill the display: "
            f"write refill and the cards turned up, slot 1 first (refill TYPE …)"
        )
    if len(refill) > drawn - mine:
        extra = refill[drawn - mine]
        said = "no card refills" if drawn == mine else f"{drawn - mine} card(s) refill"
        raise TableError(
            "cosmos.table.reveal",
            f"{said} the display here: it is refilled when the energy phase ends, one card "
            "for each empty slot",
            extra,
        )
    tiles = tiles_drawn(before, after, action)
    tile = next((r for r in reveals if r.kind == TILE), None)
    size = next((k + 1 for k in range(3) if tiles[k] != NONE), 0)
    if size and tile is None:
        raise _missing(
            f"{text} draws a tile from the size-{size} nebula stack: write the tile after "
            f"it ({text} TILE)"
        )
    if tile is not None:
        t = nebula_tiles()[tile.value]
        if not size:
            raise TableError("cosmos.table.reveal", f"{text} draws no nebula tile", tile)
        if size != t.size:
            raise TableError(
                "cosmos.table.nebula",
                f"{t.id} is a size-{t.size} tile: {text} draws from the size-{size} stack",
                tile,
            )
    lived = len(before.life_stack) - len(after.life_stack)
    life = next((r for r in reveals if r.kind == LIFE), None)
    if lived and life is None:
        raise _missing(
            f"{text} draws an advanced life token: write its value after it ({text} VALUE), "
            "or by its nebula on the life: line"
        )
    if life is not None and not lived:
        raise TableError("cosmos.table.reveal", f"{text} draws no advanced life token", life)
    _account_goal(before, after, seen, text, tuple(r for r in reveals if r.kind == GOAL))
    _remember(before, after, seen, tiles, life)


def _account_goal(
    before: State, after: State, seen: Seen, text: str, goal: tuple[Reveal, ...]
) -> None:
    """Whether the goal the end phase after ``text`` turns up is revealed once: on the
    header's goals: or by ``goal`` after the decision."""
    number = main_board().goals_per_game - len(after.goal_deck)
    drew = len(after.goal_deck) < len(before.goal_deck)
    if drew and number > seen.goals and not goal:
        raise _missing(
            f"the end phase after {text} turns up goal {number}: write it after {text} "
            f"({text}; goal NAME, by the goal's id or its card's title)"
        )
    if len(goal) > 1:
        raise TableError("cosmos.table.reveal", "an end phase turns up one goal", goal[1])
    if goal and drew and number <= seen.goals:
        said = (
            f"goals: lists goal {number} ({goals()[after.track[0]].id}) already: write each "
            "goal once, on goals: or where it is drawn"
        )
        raise TableError("cosmos.table.reveal", said, goal[0])
    if goal and not drew:
        ended = before.phase is not HAND_LIMIT and (
            after.round != before.round or after.phase is HAND_LIMIT
        )
        said = (
            f"the end phase after {text} turns up no goal: the game's "
            f"{main_board().goals_per_game} goals are drawn"
            if ended
            else f"{text} turns up no goal: a goal is turned up in the end phase, after the "
            "round's last decision"
        )
        raise TableError("cosmos.table.reveal", said, goal[0])


def _missing(message: str) -> TableError:
    return TableError("cosmos.table.reveal", message)


def _remember(
    before: State, after: State, seen: Seen, tiles: tuple[int, int, int], life: Reveal | None
) -> None:
    """What lies under each pile in a known order after a decision: the cards and tiles
    drawn come off the unseen ones first; whatever was put under is known."""
    for k in range(3):
        old, new = len(before.stacks[k]), len(after.stacks[k])
        took = int(tiles[k] != NONE)
        seen.stacks[k] += new - old + took - max(0, took - (old - seen.stacks[k]))
    for t in range(4):
        old, new = len(before.power_decks[t]), len(after.power_decks[t])
        if new > old:
            seen.power[t] += new - old
        else:
            seen.power[t] -= max(0, old - new - (old - seen.power[t]))
    if life is not None and len(seen.group1) < len(after.players) * advanced_life().per_player:
        seen.group1.append(life.value)


def life_listed(s: State, table: TableSetup, action: Action) -> tuple[Reveal, ...]:
    """The value the ``life:`` line gives the advanced life token ``action`` is about to
    draw (advance, or Evolution's choose): the next one listed for that nebula of the
    player's; none when the action draws none or the line lists none."""
    if not table.life:
        return ()
    if type(action) is Advance:
        space = action.nebula
    elif type(action) is Choose and s.needs and s.needs[0].kind == "advanced-life":
        space = action.space
    else:
        return ()
    n = geometry().nebula_index.get(space, NONE)
    for seat, nebula, values in table.life:
        if seat == s.active and nebula == n:
            k = s.players[seat].board.advanced_on(n)
            return values[k : k + 1]
    return ()


def check_life(s: State, table: TableSetup) -> None:
    """At the end: every value the ``life:`` line lists is on its nebula, in the order
    drawn (a value written where it was drawn as well must agree)."""
    g = geometry()
    for seat, n, values in table.life:
        drawn = [v for m, v in s.players[seat].board.advanced if m == n]
        where = f"{s.names[seat]}'s {g.nebula_ids[n]}"
        for k, r in enumerate(values):
            if k >= len(drawn):
                said = f"no advanced life token was drawn for this value: {where} holds {k}"
                raise TableError("cosmos.table.reveal", said, r)
            if drawn[k] != r.value:
                said = f"{where} drew a {drawn[k]} here, as written where it was drawn"
                raise TableError("cosmos.table.reveal", said, r)
