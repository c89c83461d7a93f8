"""Small statistics for simulations: means, rates and their 95 % confidence intervals (stdlib only)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Two-sided 95 % quantile of the standard normal distribution.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    low: float
    high: float

    def to_json(self) -> list[float]:
        return [round(self.low, 4), round(self.high, 4)]


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion: well-behaved near 0 and 1 and for small ``n``."""
    if n <= 0:
        return Interval(0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, Interval]:
    """Mean, sample standard deviation and the normal-approximation interval of the mean."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, Interval(0.0, 0.0)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n > 1 else 0.0
    return mean, sd, Interval(mean - half, mean + half)


@dataclass(frozen=True)
class GroupStats:
    """Results of one group (a seat, a bot, a nation …) over many games."""

    games: int
    wins: float
    win_rate: float
    win_ci: Interval
    score_mean: float
    score_sd: float
    score_ci: Interval
    score_min: int
    score_max: int

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_ci": self.win_ci.to_json(),
            "score_mean": round(self.score_mean, 3),
            "score_sd": round(self.score_sd, 3),
            "score_ci": self.score_ci.to_json(),
            "score_min": self.score_min,
            "score_max": self.score_max,
        }


def group_stats(wins: Sequence[float], scores: Sequence[int]) -> GroupStats:
    """Stats of a group from per-game win indicators (1 for a win, shared wins count) and scores."""
    n = len(scores)
    total = float(sum(wins))
    mean, sd, ci = mean_ci([float(s) for s in scores])
    return GroupStats(
        games=n,
        wins=total,
        win_rate=total / n if n else 0.0,
        win_ci=wilson(total, n),
        score_mean=mean,
        score_sd=sd,
        score_ci=ci,
        score_min=min(scores) if scores else 0,
        score_max=max(scores) if scores else 0,
    )
