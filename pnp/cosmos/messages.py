"""The engine's messages in the game log's own notation (data/formats/cosmos.md): an action as
a log writes it (``'choose S22 O'``), the step due with the text that answers it
(``choose L…``), controls and energy types by their printed names, players by name and
by the number ``discard`` gives them; never an index, an enum or a class."""

from __future__ import annotations

from pnp.cosmos.actions import Action, Discard, Shift
from pnp.cosmos.content import main_board
from pnp.cosmos.model import PowerCard, Suit
from pnp.cosmos.notation import format_action
from pnp.cosmos.state import NONE, TYPES, Need, State
from pnp.errors import shown

SECTORS = {"delta": "Δ", "psi": "Ψ", "phi": "Φ"}
A_STAR = {"H": "an H star", "He": "a He star", "O": "an O star", "C": "a C star"}
CRAFT = "place, complete, discharge, advance, gain, use, set, supernova, stabilize, move or omega"
_STEPS = {
    "card": "an energy card (card 1–4 or card deck)",
    "nebula": "a nebula stack (nebula 1, 2 or 3)",
    "keep": "the power card kept (keep CARD, then the others drawn)",
    "place-nebula": "the empty nebula space for the omega's nebula (choose N…)",
    "supernova": "a standard star of yours to flip to a supernova (choose S…)",
    "unsupernova": "a supernova of yours to flip back (choose S…)",
    "discard-star": "a star of yours to discard (choose S…)",
    "advanced-life": "a completed nebula of yours with exactly one advanced life (choose N…)",
    "upgrade-nebula": "an incomplete size-1 nebula of yours to swap for a size 2 (choose N…)",
    "pay-proto": "a proto life of yours to pay (choose L…)",
    "pay-stable": "a stable life of yours to pay (choose L…)",
}
_LIFE_SPOTS = {
    "anywhere": "any empty life space",
    "next-to-stable": "an empty life space next to your stable life",
}


def listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def quoted(action: Action) -> str:
    """``action`` as a log writes it, quoted."""
    if isinstance(action, Shift) and not NONE <= action.dark < len(TYPES):
        return "a shift of no control"  # an out-of-range value no text makes
    return shown(format_action(action))


def control(c: int) -> str:
    """Control ``c`` by its printed name: "the Gravity control"."""
    return f"the {TYPES[c].label()} control"


def seat(s: State, i: int) -> str:
    """Player ``i`` by name and by the number a ``discard`` line gives them."""
    return f"{s.names[i]} (player {i + 1})"


def energy_cards(n: int, kind: str = "") -> str:
    """``n`` energy cards, of type ``kind`` if given: "1 energy card", "2 time energy cards"."""
    return f"{n} {kind + ' ' if kind else ''}energy card{'' if n == 1 else 's'}"


def cost_cards(card: PowerCard) -> str:
    """The energy cards power card ``card`` costs: "2 matching energy cards"."""
    n, suit = card.cost.cards, card.cost.suit
    if suit is Suit.ANY:
        return f"{energy_cards(n)} of any type"
    return energy_cards(n, suit.value)


def asks(need: Need) -> str:
    """What ``need`` asks for, with the text that answers it."""
    k = need.kind
    if k in _STEPS:
        return _STEPS[k]
    if k == "hand-limit":
        return f"the discards to the hand limit (discard {need.player + 1} TYPE …)"
    if k == "gain-star":
        kind = A_STAR.get(need.what, "a standard star of a type left in the supply")
        where = (
            "" if need.where == "anywhere" else f" in sector {SECTORS[need.where]} or on its border"
        )
        return f"the star gained, {kind}, on an empty star space{where} (choose S… TYPE)"
    if k == "gain-life":
        spot = _LIFE_SPOTS.get(need.where, "an empty life space next to your life")
        return f"the {need.what} life gained, on {spot} (choose L…)"
    if k == "move" and need.what in ("proto", "stable"):
        how = "by a movement action" if need.where == "movement" else "to any empty life space"
        return f"a {need.what} life of yours to move {how} (choose L… L…)"
    if k == "move" and need.what == "that-star":
        return "where the star flipped back moves by a movement action (choose S… S…)"
    if k == "move":
        return "a star or an incomplete nebula of yours to move (choose S… S… or choose N… N…)"
    if need.where == "chosen":
        return "a proto life of yours to stabilize (choose L…)"
    return "a supernova of yours with proto life next to it (choose S…)"


def not_due(need: Need, action: Action) -> str:
    return f"{asks(need)} is due, not {quoted(action)}"


def not_craft(action: Action, open_step: bool) -> str:
    """Why ``action`` is no craft decision; ``open_step``: it answers an effect's step."""
    why = " (no effect step is open)" if open_step else ""
    return f"a craft action ({CRAFT}) is due, not {quoted(action)}{why}"


def not_shift(action: Action) -> str:
    moves = "an energy move (shift, or shift light … for a dark token) or collect"
    return f"{moves} is due, not {quoted(action)}"


def discards_due(s: State) -> str:
    """Who still discards to the hand limit, and how many: "Ann (player 1) 1 energy card"."""
    return ", ".join(f"{seat(s, need.player)} {energy_cards(need.n)}" for need in s.needs)


def no_discard(s: State, action: Discard) -> str:
    """Why player ``action.player`` discards nothing now."""
    n = len(s.players)
    if not 0 <= action.player < n:
        return f"{quoted(action)} names no player: they are numbered 1–{n} in seating order"
    held = energy_cards(s.players[action.player].cards)
    limit = main_board().hand_limit
    return (
        f"{seat(s, action.player)} holds {held}, within the hand limit of {limit}; "
        f"still to discard: {discards_due(s)}"
    )


def bad_discard(s: State, action: Discard) -> str:
    """Why ``action`` is not a discard to the hand limit for a player over it."""
    who, p, limit = seat(s, action.player), s.players[action.player], main_board().hand_limit
    if len(action.cards) != p.cards - limit:
        return (
            f"{who} holds {energy_cards(p.cards)} and discards {p.cards - limit} to the hand "
            f"limit of {limit}, not {len(action.cards)}"
        )
    short = [t for t, kind in enumerate(TYPES) if action.cards.count(kind) > p.hand[t]]
    kind = TYPES[short[0]] if short else TYPES[0]
    held = energy_cards(p.hand[TYPES.index(kind)], kind.value)
    return f"{who} holds {held}, fewer than the {action.cards.count(kind)} discarded"
