"""A game played at a table with shuffled components (docs/cosmos-log.md, "Table logs"):
no seed fixes chance, the log says what the table revealed, and the game is checked
under every rule from that.

The engine keeps exact orders, as in a seeded game. ``start`` deals the game the table
set up; before each decision ``play_revealed`` arranges every hidden order just in time,
so that the draws the decision makes are the cards, tiles and tokens the log reveals:
each comes to the top from among those nobody has seen (what was put under a pile in a
known order comes back in that order; the display is face up). After the decision it
checks that the engine drew exactly what was revealed. A reveal the components cannot
give, or a draw the log does not reveal, raises a ``TableError`` naming its rule."""

from __future__ import annotations

from typing import NamedTuple

from pnp.cosmos.actions import DECK, Action, GainPower, Omega, TakeCard
from pnp.cosmos.content import advanced_life, energy_deck, goals, main_board, player_board
from pnp.cosmos.game import play
from pnp.cosmos.geometry import geometry
from pnp.cosmos.nebulae import nebula_tiles
from pnp.cosmos.notation import format_action
from pnp.cosmos.setup import deal_energy
from pnp.cosmos.setup import start as seeded_start
from pnp.cosmos.state import NONE, TYPES, State, cards
from pnp.errors import PnpError

RULES: dict[str, str] = {
    "cosmos.table.deal": "the energy tokens dealt are each player's once and the dark "
    "tokens the player count takes",
    "cosmos.table.energy": "an energy card revealed is one the deck (or, once it is used "
    "up, the discard pile shuffled) still holds",
    "cosmos.table.nebula": "a nebula tile revealed is of the stack's size, still in it, "
    "and not under tiles nobody has seen",
    "cosmos.table.power": "the power cards drawn are the number paid, from the deck of "
    "the type paid, unseen ones first, then those put under in that order",
    "cosmos.table.life": "advanced life values come off the stack: group 1 first, then "
    "group 2, no more of a value than it holds",
    "cosmos.table.goals": "the goals drawn are 1 to 6 different universal goals",
    "cosmos.table.reveal": "every draw chance decides is revealed where it is drawn, and "
    "only a draw is",
}

# What a reveal shows: the energy card a decision draws from the deck, a card turned up
# to refill the display, a nebula tile, an advanced life value, a power card drawn.
ENERGY, REFILL, TILE, LIFE, POWER = range(5)


class Reveal(NamedTuple):
    kind: int
    value: int  # an energy type's index, a tile's, a life value, a power card's index
    line: int = 0  # where the log says it
    col: int = 0


class TableSetup(NamedTuple):
    """What the table revealed at set-up."""

    deal: tuple[int, ...]  # the energy tokens in the order dealt from Light: seats, NONE dark
    display: tuple[int, ...]  # energy types, slot 1 first
    hands: tuple[tuple[int, int, int, int], ...]  # by seat: energy cards by type
    tiles: tuple[tuple[int, ...], ...]  # by seat: the set-up nebula tiles, sizes 1, 2, 3
    goals: tuple[int, ...]  # indices into goals(), in the order drawn


class TableError(PnpError):
    """A reveal the components cannot give, or a draw the log does not reveal; ``at``
    is the reveal at fault (None: the decision itself)."""

    def __init__(self, rule: str, message: str, at: Reveal | None = None) -> None:
        assert rule in RULES, rule
        self.rule = rule
        self.at = at
        super().__init__(f"{message} [{rule}]")


class Seen:
    """What the table has seen of the hidden orders, beside the state it replays: the
    cards and tiles lying under each pile in a known order, the group-1 advanced life
    values drawn, and how many goals the log reveals."""

    __slots__ = ("goals", "group1", "power", "stacks")

    def __init__(self, goals_revealed: int) -> None:
        self.power = [0, 0, 0, 0]
        self.stacks = [0, 0, 0]
        self.group1: list[int] = []
        self.goals = goals_revealed


def energy_counts() -> tuple[int, int, int, int]:
    """The energy cards of each type in the box."""
    deck = energy_deck()
    return (
        deck.count(TYPES[0]),
        deck.count(TYPES[1]),
        deck.count(TYPES[2]),
        deck.count(TYPES[3]),
    )


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
            _arrange_power(after, seen, action, kept)
        _arrange(after, seen, reveals)
    except TableError:
        play(s.copy(), action)  # a RuleError, if the action is illegal, says more
        raise
    before = after.copy()
    play(after, action)
    _account(before, after, seen, action, reveals)
    return after


def _arrange(s: State, seen: Seen, reveals: tuple[Reveal, ...]) -> None:
    energy = [r for r in reveals if r.kind in (ENERGY, REFILL)]
    if energy:
        _arrange_energy(s, energy)
    for r in reveals:
        if r.kind == TILE:
            _arrange_tile(s, seen, r)
        elif r.kind == LIFE:
            _arrange_life(s, seen, r)


def _arrange_energy(s: State, reveals: list[Reveal]) -> None:
    """The deck's cards in the order revealed. Past its end comes the discard pile,
    shuffled in as the engine would once the deck is used up (only the energy phase
    draws energy cards, and it pays none, so the pile is the same then)."""
    deck, cut, pile = list(s.deck), len(s.deck), s.discard
    if len(reveals) > cut and pile:
        deck += pile
        s.deck, s.discard, s.shuffles = tuple(deck), (), s.shuffles + 1
    for i, r in enumerate(reveals):
        end = cut if i < cut else len(deck)
        j = next((j for j in range(i, end) if deck[j] == r.value), NONE)
        if j == NONE:
            raise TableError("cosmos.table.energy", _no_energy(s, deck, i, cut, pile, r.value), r)
        deck[i], deck[j] = deck[j], deck[i]
    s.deck = tuple(deck)


def _cards(kinds: list[int]) -> str:
    """Energy cards by type, as ``2 light, 1 time``."""
    return ", ".join(f"{kinds.count(t)} {TYPES[t].value}" for t in range(4) if t in kinds)


def _no_energy(s: State, deck: list[int], i: int, cut: int, pile: tuple[int, ...], t: int) -> str:
    name = TYPES[t].value
    if i >= len(deck):
        return "no energy card is left to draw: the deck and the discard pile are used up"
    if i >= cut:
        return (
            f"the discard pile shuffled into the deck holds no {name} card now "
            f"({_cards(deck[i:])} left)"
        )
    hands = sum(p.hand[t] for p in s.players)
    shown = s.display.count(t)
    later = "; the discard pile is shuffled in only once the deck is used up" if t in pile else ""
    return (
        f"the energy deck holds no {name} card now ({_cards(deck[i:cut])} left): of the "
        f"{energy_counts()[t]} {name} cards, {hands} are in hands, {shown} on the display "
        f"and {pile.count(t)} in the discard pile{later}"
    )


def _arrange_tile(s: State, seen: Seen, r: Reveal) -> None:
    tile = nebula_tiles()[r.value]
    k = tile.size - 1
    stack = list(s.stacks[k])
    unseen = len(stack) - seen.stacks[k]
    if r.value not in stack:
        raise TableError(
            "cosmos.table.nebula",
            f"{tile.id} is not in the size-{tile.size} stack: {_where_tile(s, r.value)}",
            r,
        )
    j = stack.index(r.value)
    if j >= unseen and j:
        raise TableError(
            "cosmos.table.nebula",
            f"{tile.id} lies under the size-{tile.size} stack, put back in a known order: "
            f"the {j} tile(s) above it come first",
            r,
        )
    stack[0], stack[j] = stack[j], stack[0]
    stacks = list(s.stacks)
    stacks[k] = tuple(stack)
    s.stacks = tuple(stacks)


def _where_tile(s: State, tile: int) -> str:
    g = geometry()
    for name, p in zip(s.names, s.players, strict=True):
        if tile in p.board.tiles:
            return f"it is on {name}'s {g.nebula_ids[p.board.tiles.index(tile)]}"
        if tile in p.held_tiles:
            return f"{name} holds it"
    return "it has been drawn"


def _arrange_life(s: State, seen: Seen, r: Reveal) -> None:
    """Group 1's tokens in play are a random few of its eight: any value the eight
    still hold may come next while group-1 tokens are left on top."""
    life = advanced_life()
    stack = list(s.life_stack)
    if not stack:
        return  # nothing to draw: the engine refuses the action
    top = len(stack) - len(life.group2)
    if top > 0:
        pool = list(life.group1)
        for v in seen.group1:
            pool.remove(v)
        if r.value not in pool:
            left = [str(v) for v in sorted(set(pool), reverse=True)]
            values = " or ".join([", ".join(left[:-1]), left[-1]] if len(left) > 1 else left)
            raise TableError(
                "cosmos.table.life",
                f"the next advanced life token is one of the {top} group-1 token(s) left on "
                f"top of the stack: {values}, not {r.value} (group 1: "
                f"{_values(list(life.group1))}; drawn: {_values(seen.group1) or 'none'})",
                r,
            )
        pool.remove(r.value)
        stack[:top] = [r.value, *pool[: top - 1]]
    elif r.value in stack:
        j = stack.index(r.value)
        stack[0], stack[j] = stack[j], stack[0]
    else:
        raise TableError(
            "cosmos.table.life",
            f"the advanced life stack holds no {r.value} now: its group-2 tokens left are "
            f"{_values(stack)}",
            r,
        )
    s.life_stack = tuple(stack)


def _values(values: list[int]) -> str:
    """Life values with their counts, highest first: ``8 ×2, 6``."""
    out = []
    for v in sorted(set(values), reverse=True):
        n = values.count(v)
        out.append(f"{v} ×{n}" if n > 1 else str(v))
    return ", ".join(out)


def _arrange_power(s: State, seen: Seen, action: GainPower, kept: tuple[Reveal, ...]) -> None:
    """The cards keep names on top of the deck the action draws from: unseen cards are
    drawn first, then those put under, in the order put under."""
    costs = player_board().slot_costs
    t = TYPES.index(action.suit)
    if not 0 <= action.slot < len(costs):
        return  # the engine refuses the slot
    deck = list(s.power_decks[t])
    unseen = len(deck) - seen.power[t]
    n = min(costs[action.slot], len(deck))
    named: list[int] = []
    for r in kept:
        card = cards()[r.value]
        if card.type is not action.suit:
            raise TableError(
                "cosmos.table.power",
                f"{card.id} is a {card.type.value} card: {format_action(action)} draws from "
                f"the {action.suit.value} deck",
                r,
            )
        if r.value not in deck or r.value in named:
            where = "named twice" if r.value in named else _where_card(s, r.value)
            raise TableError(
                "cosmos.table.power",
                f"{card.id} is not in the {action.suit.value} deck: {where}",
                r,
            )
        j = deck.index(r.value)
        if j >= max(unseen, n):
            raise TableError(
                "cosmos.table.power",
                f"{card.id} lies under the {action.suit.value} deck, put back in a known "
                f"order: the {j} card(s) above it come first",
                r,
            )
        named.append(r.value)
    if len(named) != n:
        raise TableError(
            "cosmos.table.power",
            f"{format_action(action)} draws {n} {action.suit.value} card(s): keep names "
            f"{len(named)} (the card kept, then the others in the order put under)",
            kept[0] if kept else None,
        )
    if n <= unseen:
        for i, c in enumerate(named):
            j = deck.index(c)
            deck[i], deck[j] = deck[j], deck[i]
    decks = list(s.power_decks)
    decks[t] = tuple(deck)
    s.power_decks = tuple(decks)


def _where_card(s: State, c: int) -> str:
    for name, p in zip(s.names, s.players, strict=True):
        if c in p.slots:
            return f"it is in {name}'s slot {p.slots.index(c) + 1}"
    return "it has been drawn"


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
            f"{text} draws an advanced life token: write its value after it ({text} VALUE)"
        )
    if life is not None and not lived:
        raise TableError("cosmos.table.reveal", f"{text} draws no advanced life token", life)
    drawn_goals = main_board().goals_per_game - len(after.goal_deck)
    if drawn_goals > seen.goals:
        raise _missing(
            f"the end phase after {text} turns up goal {drawn_goals}, but goals: lists "
            f"{seen.goals}: add the goals in the order drawn"
        )
    _remember(before, after, seen, tiles, life)


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
