"""What the benches of a search bot against the greedy one share: a bot that times its
decisions, and the 95 % intervals of a win rate."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

Z = 1.96  # the normal quantile of a two-sided 95 % interval


class Timed(Generic[P, R]):
    """A bot that counts its decisions and the time it spends on them."""

    def __init__(self, bot: Callable[P, R]) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        start = time.perf_counter()
        decision = self.bot(*args, **kwargs)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return decision

    @property
    def speed(self) -> float:
        """Decisions a second."""
        return self.decisions / self.seconds if self.seconds else math.nan


def over_deals(shares: list[float]) -> tuple[float, float]:
    """The win rate and the half-width of its normal 95 % interval over deals, each
    deal's share the mean of its games with the seats swapped: they share their luck."""
    rate = statistics.fmean(shares)
    if len(shares) < 2:
        return rate, math.nan
    return rate, Z * statistics.stdev(shares) / math.sqrt(len(shares))


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson 95 % interval of ``wins`` in ``games`` independent games."""
    p, z2 = wins / games, Z * Z
    mid = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return mid - half, mid + half
