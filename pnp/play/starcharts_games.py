"""One Star Charts game played by bots through ``Game``, from the deal or from any
point of it (the search bot's playouts go on from a copy), with the lines of its log."""

from __future__ import annotations

import random

from pnp.starcharts.bots import Bot
from pnp.starcharts.chart import Chart
from pnp.starcharts.content import objectives
from pnp.starcharts.game import Game, Phase
from pnp.starcharts.log import turn_line
from pnp.starcharts.setup import Setup, Variant, dice_count

MAX_ROUNDS = 200
NAMES = ("Ada", "Ben", "Cleo", "Dev")


def variant_for(players: int) -> Variant:
    return {1: Variant.VERSUS_AI, 2: Variant.TWO_PLAYER}.get(players, Variant.STANDARD)


def deal(chart: Chart, rng: random.Random) -> tuple[str, ...]:
    cards = [o.id for o in objectives() if chart.has_obstacles or not o.obstacles]
    return tuple(rng.sample(cards, 4))


def play(
    setup: Setup,
    bot: Bot,
    rng: random.Random,
    record: bool = True,
    dice: random.Random | None = None,
) -> tuple[Game, list[str]]:
    """Play one game; returns it and (when ``record``) the log lines of its rounds. The
    dice come from ``dice`` when given (so that games between different bots can see the
    same rolls), else from ``rng`` as every choice does."""
    game = Game(setup, trusted=True)
    body: list[str] = []
    play_on(game, bot, rng, dice or rng, body if record else None)
    return game, body


def play_on(
    game: Game, bot: Bot, rng: random.Random, dice: random.Random, body: list[str] | None
) -> None:
    """Play ``game`` to its end from wherever it stands (a round's draft under way, its
    claims, or between rounds): every seat by ``bot``, each claiming a card as soon as it
    may; the log lines go to ``body`` unless it is None."""
    n = game.g.n
    count = dice_count(game.variant, len(game.setup.players))
    solo = game.variant is Variant.SOLO
    draft, getrandbits = Phase.DRAFT, dice.getrandbits
    while not game.over:
        if game.phase is Phase.ROLL:
            number = game.round + 1
            if number > MAX_ROUNDS:
                raise RuntimeError("a simulated game did not end")
            faces = [getrandbits(3) + 1 for _ in range(count)]
            if body is not None:
                body += ["", f"round {number}", "roll: " + " ".join(map(str, faces))]
            game.start_round(number, faces)
        while game.phase is draft:
            if solo:
                seats = game.next_seats()
                seat = seats[rng.randrange(len(seats))]
            else:
                seat = game.picks[0]
            turn = bot(game, seat, rng)
            game.play(seat, turn)
            if body is not None:
                body.append(turn_line(game.sheets[seat].name, turn, n))
        for seat, sheet in enumerate(game.sheets):
            while claimable := game.claimable(seat):
                game.claim(seat, claimable[0])
                if body is not None:
                    body.append(f"{sheet.name} claims {claimable[0]}")
        game.finish_round()
