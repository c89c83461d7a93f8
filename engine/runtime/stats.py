"""Small statistics for simulations: means, rates and their 95 % confidence intervals (stdlib only).

Two styles: functions over a list of values (:func:`mean_ci`, :func:`group_stats`) for small samples, and
streaming tallies (:class:`Moments`, :class:`GroupTally`) that hold a few integers whatever the number of
games, merge exactly in any order, and so give the same figures however a run is split over processes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

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


# --------------------------------------------------------------------------- streaming, exact, mergeable


@dataclass
class Moments:
    """Count, sum and sum of squares of integer observations.

    Integers add exactly, so two halves of a run merged in either order give the same moments to the last bit:
    what lets a simulation aggregate games as they finish, on any number of processes or machines, and still
    print the same figures. Memory is three integers whatever the number of games.

    >>> m = Moments(); m.add(3); m.add(5); m.mean()
    4.0
    """

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def mean(self, scale: float = 1.0) -> float:
        """Mean of the observations divided by ``scale`` (e.g. a per-game total per player)."""
        return self.total / self.n / scale if self.n else 0.0

    def sd(self, scale: float = 1.0) -> float:
        """Sample standard deviation (of the observations divided by ``scale``)."""
        if self.n < 2:
            return 0.0
        numerator = self.n * self.squares - self.total * self.total  # exact: n(n-1) times the sample variance
        return math.sqrt(max(numerator, 0) / (self.n * (self.n - 1))) / scale

    def se(self, scale: float = 1.0) -> float:
        """Standard error of the mean."""
        return self.sd(scale) / math.sqrt(self.n) if self.n > 1 else 0.0

    def interval(self, scale: float = 1.0, z: float = Z95) -> Interval:
        """Normal-approximation interval of the mean (``z`` = 1.96 for 95 %)."""
        mean, half = self.mean(scale), z * self.se(scale)
        return Interval(mean - half, mean + half)


def z_for(alpha: float) -> float:
    """Two-sided standard-normal quantile: ``z_for(0.05)`` ≈ 1.96 (for a Bonferroni-adjusted ``alpha``, too)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - alpha / 2)


@dataclass
class GroupTally:
    """Streaming counterpart of :func:`group_stats`: wins and score moments of one group, mergeable exactly."""

    wins: int = 0
    scores: Moments = field(default_factory=Moments)
    low: int | None = None
    high: int | None = None

    def add(self, won: bool, score: int) -> None:
        self.wins += 1 if won else 0
        self.scores.add(score)
        self.low = score if self.low is None else min(self.low, score)
        self.high = score if self.high is None else max(self.high, score)

    def merge(self, other: GroupTally) -> None:
        self.wins += other.wins
        self.scores.merge(other.scores)
        if other.low is not None:
            self.low = other.low if self.low is None else min(self.low, other.low)
        if other.high is not None:
            self.high = other.high if self.high is None else max(self.high, other.high)

    def stats(self) -> GroupStats:
        n = self.scores.n
        return GroupStats(
            games=n,
            wins=float(self.wins),
            win_rate=self.wins / n if n else 0.0,
            win_ci=wilson(self.wins, n),
            score_mean=self.scores.mean(),
            score_sd=self.scores.sd(),
            score_ci=self.scores.interval(),
            score_min=self.low or 0,
            score_max=self.high or 0,
        )

    def to_json(self) -> list[int | None]:
        return [self.wins, self.scores.n, self.scores.total, self.scores.squares, self.low, self.high]

    @classmethod
    def from_json(cls, data: list[int | None]) -> GroupTally:
        wins, n, total, squares, low, high = data
        return cls(int(wins or 0), Moments(int(n or 0), int(total or 0), int(squares or 0)), low, high)
