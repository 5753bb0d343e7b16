"""The Cosmos search bot against the greedy one: two-player games, each dealt twice with
the seats swapped, at one or more budgets (playouts a decision), on one core.

    python bench/bench_search_cosmos.py [--pairs N] [--budgets 8 16] [--seed S]

Prints the search bot's win rate (a shared victory half a win) with a 95 % Wilson
interval, its mean points beside greedy's, its decisions a second; then how much of the
game each bot used: the share of games in which a player activated each power card (a
Time card's discharge too), flipped a star to a supernova, created advanced life, and
the nebulae of each size it took a game (collected or at the omega)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from duels import wilson  # noqa: E402

from pnp.cosmos.actions import Action, Advance, Discharge, Omega, TakeNebula, Use  # noqa: E402
from pnp.cosmos.bots import greedy_bot  # noqa: E402
from pnp.cosmos.game import to_move  # noqa: E402
from pnp.cosmos.state import State, cards  # noqa: E402
from pnp.play.cosmos_search import SearchBot  # noqa: E402
from pnp.play.cosmos_simulate import game_seed, play  # noqa: E402

BOTS = ("search", "greedy")


@dataclass
class Usage:
    """How much of the game one bot used, over its games."""

    games: int = 0
    cards: Counter[str] = field(default_factory=Counter)  # games a card was activated
    novas: int = 0  # games with a star flipped
    advanced: int = 0  # games with advanced life created
    sizes: Counter[int] = field(default_factory=Counter)  # nebulae taken by size

    def add(self, actions: list[Action], flipped: bool) -> None:
        self.games += 1
        used = {a.card for a in actions if isinstance(a, Use)}
        used |= {a.power for a in actions if isinstance(a, Discharge) and a.power}
        self.cards.update(used)
        self.novas += flipped
        self.advanced += any(isinstance(a, Advance) for a in actions)
        for a in actions:
            if isinstance(a, (TakeNebula, Omega)) and a.size:
                self.sizes[a.size] += 1


@dataclass
class Result:
    wins: float = 0.0
    games: int = 0
    points: dict[str, list[int]] = field(default_factory=lambda: {b: [] for b in BOTS})
    decisions: int = 0
    seconds: float = 0.0
    use: dict[str, Usage] = field(default_factory=lambda: {b: Usage() for b in BOTS})


def one_game(seed: int, budget: int, search_seat: int, result: Result) -> None:
    searcher = SearchBot(budget)
    moved: list[tuple[int, Action]] = []

    def bot(s: State, rng: random.Random) -> Action:
        seat = to_move(s)
        if seat == search_seat:
            start = time.perf_counter()
            action = searcher(s, rng)
            result.seconds += time.perf_counter() - start
            result.decisions += 1
        else:
            action = greedy_bot(s, rng)
        moved.append((seat, action))
        return action

    played = play(2, seed, bot)
    scores, won, _ = played.game.final()
    result.games += 1
    result.wins += (1.0 if len(won) == 1 else 0.5) if search_seat in won else 0.0
    for seat in (0, 1):
        name = BOTS[seat != search_seat]
        result.points[name].append(scores[seat].total)
        mine = [a for who, a in moved if who == seat]
        result.use[name].add(mine, played.game.state.players[seat].board.nova != 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=6, help="deals, each played twice")
    parser.add_argument("--budgets", type=int, nargs="+", default=[8])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"2 players, search vs greedy, {args.pairs} deals x 2 seatings, seed {args.seed}")
    print(
        f"{'budget':>6} {'games':>5} {'search wins':>12} {'95% CI':>13} "
        f"{'points s/g':>11} {'decisions/s':>11}"
    )
    results = {}
    for budget in args.budgets:
        result = Result()
        for k in range(args.pairs):
            for seat in (0, 1):
                one_game(game_seed(args.seed, k), budget, seat, result)
        results[budget] = result
        lo, hi = wilson(result.wins, result.games)
        points = "/".join(f"{sum(result.points[b]) / result.games:.1f}" for b in BOTS)
        interval = f"{lo:.0%}-{hi:.0%}"
        print(
            f"{budget:6} {result.games:5} {result.wins / result.games:12.0%} {interval:>13} "
            f"{points:>11} {result.decisions / result.seconds:11.1f}"
        )
    print_use(results)


def print_use(results: dict[int, Result]) -> None:
    columns = [(f"search {b}", r.use["search"]) for b, r in results.items()]
    columns.append(("greedy", next(iter(results.values())).use["greedy"]))
    print("\nshare of games (a player's) in which it ...")
    print(f"{'':32}" + "".join(f"{name:>11}" for name, _ in columns))
    rows: list[tuple[str, list[str]]] = []
    for card in sorted({c.id for c in cards()}):
        rows.append((f"activated {card}", [_share(u.cards[card], u.games) for _, u in columns]))
    rows.append(("flipped a supernova", [_share(u.novas, u.games) for _, u in columns]))
    rows.append(("created advanced life", [_share(u.advanced, u.games) for _, u in columns]))
    for size in (1, 2, 3):
        taken = [f"{u.sizes[size] / u.games:.1f}" for _, u in columns]
        rows.append((f"size-{size} nebulae taken/game", taken))
    for label, values in rows:
        print(f"{label:32}" + "".join(f"{v:>11}" for v in values))


def _share(n: int, games: int) -> str:
    return f"{n / games:.0%}"


if __name__ == "__main__":
    main()
