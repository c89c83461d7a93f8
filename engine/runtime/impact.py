"""What each reading of a disputed rule does to play, measured by paired bot games, and its impact class.

For every ruling and every reading other than its default, :func:`run_sweep` plays paired games (see
:mod:`engine.runtime.paired`) at every player count with every bot, and :func:`analyse` turns the tallies into
figures with 95 % intervals from the paired differences:

- ``score``: the mean score shift per player; ``spread``: the shift of the gap between the best and the worst
  score of a game; ``length``: the shift in moves per game;
- ``win``: the win-rate shift of every seat and of every seat label (the nation a seat plays);
- ``changed``: the share of pairs whose two games differ at all; ``situation``: the share of pairs in which the
  ruling's situation arose (counted by the game's :mod:`situations <engine.runtime.situations>` module), in the
  default game, in the reading's, or in either.

**Impact classes.** A reading's class comes from its largest *significant* shift and how often its situation
arises (:data:`THRESHOLDS`, documented in the README). A shift is significant when its interval at the
family-wise level ``alpha`` — Bonferroni over every figure tested for that reading (each player count and all
pooled; score, spread, length and each seat's and nation's win rate) — excludes zero; so dozens of win rates
do not make a class by chance. Its size is *large*, *moderate* or *small* by the relative shift of the mean
score, spread or length, or the absolute win-rate shift. Then:

- ``none``: nothing significant (including readings that play exactly like the default);
- ``high``: a large shift, and the situation arises in at least ``frequent_share`` of games;
- ``medium``: a large shift in rarer situations, or a moderate one in frequent situations;
- ``low``: any other significant shift.

A ruling's class is the largest of its readings'. A reading whose situation arose in fewer than
``exercised_share`` of the pairs, with nothing significant, is *not exercised by these bots*: the report says
so rather than "no effect". The class is read from one bot column (the heuristic bots where they played).

Everything here is a function of integer tallies, so the report is identical for any backend or worker count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.runtime.backends import Backend
from engine.runtime.paired import DEFAULT_ARM, PairTally, PairTask, arm_key, play_pairs
from engine.runtime.situations import described
from engine.runtime.stats import Z95, z_for

#: The classes, weakest first (as :data:`rulespec.model.IMPACT_CLASSES`).
CLASSES = ("none", "low", "medium", "high")

#: How classes are drawn from the figures (see the module docstring and the README).
THRESHOLDS: dict[str, Any] = {
    "alpha": 0.05,
    "exercised_share": 0.02,
    "exercised_pairs": 10,
    "frequent_share": 0.10,
    "large": {"score": 0.05, "spread": 0.10, "length": 0.10, "win": 0.05},
    "moderate": {"score": 0.01, "spread": 0.03, "length": 0.03, "win": 0.02},
}

#: The bot whose column decides the class when it played.
CLASS_BOT = "heuristic"

#: Decimals kept in the report: enough for any interval, few enough that every platform prints the same.
DIGITS = 4


@dataclass(frozen=True)
class ReadingPlan:
    """One reading of a ruling: its id, the editions that state it, its summary."""

    id: str
    editions: tuple[str, ...] = ()
    summary: str = ""


@dataclass(frozen=True)
class RulingPlan:
    """A ruling to measure: every reading (the default among them) and the question it answers."""

    id: str
    default: str
    readings: tuple[ReadingPlan, ...]
    question: str = ""

    def others(self) -> list[ReadingPlan]:
        """The readings compared with the default."""
        return [r for r in self.readings if r.id != self.default]


@dataclass(frozen=True)
class SweepPlan:
    """What a sweep plays: ``games`` seeds per player count, bot and reading; all rulings at their defaults but one.

    ``unmeasured`` names the default reading of every other ruling of the spec: the games play them as that spec
    says (a copy of a spec folder may choose other defaults than the bundled engine), though none is measured."""

    game: str
    rulings: tuple[RulingPlan, ...]
    players: tuple[int, ...]
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    variants: tuple[str, ...] = ()
    unmeasured: tuple[tuple[str, str], ...] = ()

    def arms(self) -> list[tuple[str, str]]:
        return [(r.id, reading.id) for r in self.rulings for reading in r.others()]

    def defaults(self) -> tuple[tuple[str, str], ...]:
        """Every ruling's default reading: the measured ones', then the others'."""
        return tuple((r.id, r.default) for r in self.rulings) + self.unmeasured

    def total_games(self) -> int:
        """Games the sweep plays (each seed's default game once, then one per reading; none without a reading)."""
        if not self.arms():
            return 0
        return self.games * len(self.players) * len(self.bots) * (1 + len(self.arms()))

    def tasks(self, workers: int) -> Iterator[PairTask]:
        """The sweep in tasks of a few seeds each: enough tasks to keep ``workers`` busy to the end."""
        arms = tuple(self.arms())
        if not arms:
            return
        size = max(1, min(25, self.games * len(self.players) * len(self.bots) // (workers * 8) or 1))
        for start in range(0, self.games, size):
            for bot in self.bots:
                for players in self.players:
                    yield PairTask(
                        self.game, players, bot, self.seed, start, min(self.games, start + size),
                        self.defaults(), arms, self.variants,
                    )  # fmt: skip

    def parameters(self) -> dict[str, Any]:
        """The run's parameters as a report records them."""
        return {
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "players": list(self.players),
            "variants": list(self.variants),
        }


def run_sweep(plan: SweepPlan, backend: Backend, progress: Callable[[int], None] | None = None) -> dict[str, list[int]]:
    """Play the sweep on ``backend``; the merged tally (``players|bot|arm|metric`` → ``[n, sum, squares]``)."""
    tally = PairTally()
    for part in backend.map_unordered(play_pairs, plan.tasks(backend.workers)):
        tally.merge(part["sums"])
        if progress:
            progress(int(part["games"]))
    return tally.sums


# --------------------------------------------------------------------------- estimates


@dataclass(frozen=True)
class Estimate:
    """A mean (of paired differences, or of a baseline) with its standard error and pair count."""

    mean: float
    se: float
    n: int

    def interval(self, z: float = Z95) -> tuple[float, float]:
        return self.mean - z * self.se, self.mean + z * self.se

    def beyond_noise(self, z: float) -> bool:
        """Whether the interval at ``z`` excludes zero."""
        if self.n < 2 or not math.isfinite(self.se):
            return False
        return abs(self.mean) > z * self.se if self.se > 0 else self.mean != 0

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        ci = [_r(low), _r(high)] if math.isfinite(self.se) else None
        return {"shift": _r(self.mean), "ci": ci, "n": self.n}


def _r(value: float) -> float:
    rounded = round(value, DIGITS)
    return 0.0 if rounded == 0 else rounded  # no "-0.0"


def estimate(cell: list[int] | None, scale: float = 1.0) -> Estimate:
    """Mean and standard error of ``[n, sum, squares]`` divided by ``scale``, exactly from the integers."""
    if not cell or cell[0] == 0:
        return Estimate(0.0, 0.0, 0)
    n, total, squares = cell
    mean = total / n / scale
    if n < 2:
        return Estimate(mean, math.inf, n)  # one pair says nothing of the spread: no interval, never significant
    variance = max(n * squares - total * total, 0) / (n * (n - 1))
    return Estimate(mean, math.sqrt(variance / n) / scale, n)


def pooled(parts: list[Estimate]) -> Estimate:
    """Estimates of several player counts pooled, each weighted by its pairs."""
    parts = [p for p in parts if p.n]
    total = sum(p.n for p in parts)
    if not total:
        return Estimate(0.0, 0.0, 0)
    mean = sum(p.n * p.mean for p in parts) / total
    se = math.sqrt(sum((p.n / total) ** 2 * p.se**2 for p in parts))
    return Estimate(mean, se, total)


@dataclass
class Scope:
    """Figures of one reading at one player count (or all pooled) for one bot."""

    pairs: int
    changed: Estimate
    score: Estimate
    spread: Estimate
    length: Estimate
    win: dict[str, Estimate]
    situation: dict[str, Estimate] | None
    baseline: dict[str, float]
    win_baseline: dict[str, float] = field(default_factory=dict)

    def tests(self) -> list[tuple[str, str, Estimate, float]]:
        """``(measure, key, estimate, size)``: each figure a class may rest on, with its size on the thresholds'
        scale (relative shift of score, spread and length; absolute shift of a win rate)."""
        out = []
        for measure in ("score", "spread", "length"):
            est: Estimate = getattr(self, measure)
            base = self.baseline.get(measure, 0.0)
            out.append((measure, measure, est, abs(est.mean) / base if base > 0 else 0.0))
        for key, est in sorted(self.win.items()):
            out.append(("win", key, est, abs(est.mean)))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "changed": _r(self.changed.mean),
            "situation": {k: _r(v.mean) for k, v in sorted(self.situation.items())} if self.situation else None,
            "score": self.score.to_json(),
            "spread": self.spread.to_json(),
            "length": self.length.to_json(),
            "win": {k: v.to_json() for k, v in sorted(self.win.items())},
            "baseline": {k: _r(v) for k, v in sorted(self.baseline.items())},
            "win_baseline": {k: _r(v) for k, v in sorted(self.win_baseline.items())},
        }


def _cells(sums: dict[str, list[int]], players: int, bot: str, arm: str) -> dict[str, list[int]]:
    prefix = f"{players}|{bot}|{arm}|"
    return {key[len(prefix) :]: cell for key, cell in sums.items() if key.startswith(prefix)}


def _scope(arm: dict[str, list[int]], base: dict[str, list[int]], players: int) -> Scope:
    wins = {key[4:]: estimate(cell) for key, cell in arm.items() if key.startswith("win:")}
    situation = {key[4:]: estimate(cell) for key, cell in arm.items() if key.startswith("sit:")} or None
    return Scope(
        pairs=arm.get("changed", [0])[0],
        changed=estimate(arm.get("changed")),
        score=estimate(arm.get("score"), players),
        spread=estimate(arm.get("spread")),
        length=estimate(arm.get("length")),
        win=wins,
        situation=situation,
        baseline={
            "score": estimate(base.get("seat_score")).mean,
            "spread": estimate(base.get("spread")).mean,
            "length": estimate(base.get("length")).mean,
        },
        win_baseline={key[4:]: estimate(cell).mean for key, cell in base.items() if key.startswith("win:")},
    )


def _pool_scopes(scopes: list[Scope]) -> Scope:
    def pool(get: Callable[[Scope], Estimate | None]) -> Estimate:
        return pooled([e for e in (get(s) for s in scopes) if e is not None])

    def pool_mean(values: list[tuple[int, float]]) -> float:
        total = sum(n for n, _ in values)
        return sum(n * v for n, v in values) / total if total else 0.0

    win_keys = sorted({k for s in scopes for k in s.win})
    situation_keys = sorted({k for s in scopes if s.situation for k in s.situation})
    return Scope(
        pairs=sum(s.pairs for s in scopes),
        changed=pool(lambda s: s.changed),
        score=pool(lambda s: s.score),
        spread=pool(lambda s: s.spread),
        length=pool(lambda s: s.length),
        win={k: pool(lambda s, k=k: s.win.get(k)) for k in win_keys},  # type: ignore[misc]
        situation={k: pool(lambda s, k=k: (s.situation or {}).get(k)) for k in situation_keys} or None,  # type: ignore[misc]
        baseline={m: pool_mean([(s.pairs, s.baseline[m]) for s in scopes]) for m in ("score", "spread", "length")},
        win_baseline={
            k: pool_mean([(s.pairs, s.win_baseline[k]) for s in scopes if k in s.win_baseline])
            for k in sorted({k for s in scopes for k in s.win_baseline})
        },
    )


# --------------------------------------------------------------------------- classes


@dataclass
class Verdict:
    """A reading's class and what it rests on."""

    impact_class: str
    exercised: bool
    frequency: float
    counted: bool
    strongest: tuple[str, str, str, Estimate, float, int] | None  # scope, measure, key, estimate, size, level

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "class": self.impact_class,
            "exercised": self.exercised,
            "frequency": _r(self.frequency),
            "frequency_of": "situation" if self.counted else "changed games",
        }
        if self.strongest:
            scope, measure, key, est, size, _ = self.strongest
            out["strongest"] = {"players": scope, "measure": measure, "key": key, **est.to_json(), "size": _r(size)}
        return out


def _level(measure: str, size: float) -> int:
    if size >= THRESHOLDS["large"][measure]:
        return 3
    if size >= THRESHOLDS["moderate"][measure]:
        return 2
    return 1


def classify(scopes: dict[str, Scope]) -> Verdict:
    """The class of one reading from its scopes (each player count and ``all``) of the class bot's column."""
    tests = [(name, *test) for name, scope in scopes.items() for test in scope.tests()]
    z = z_for(THRESHOLDS["alpha"] / max(1, len(tests)))
    strongest = None
    for name, measure, key, est, size in tests:
        if not est.beyond_noise(z):
            continue
        level = _level(measure, size)
        if strongest is None or (level, size) > (strongest[5], strongest[4]):
            strongest = (name, measure, key, est, size, level)
    whole = scopes["all"]
    counted = whole.situation is not None
    frequency = whole.situation["either"].mean if whole.situation else whole.changed.mean
    level = strongest[5] if strongest else 0
    frequent = frequency >= THRESHOLDS["frequent_share"]
    if level == 0:
        impact = "none"
    elif level == 3:
        impact = "high" if frequent else "medium"
    elif level == 2 and frequent:
        impact = "medium"
    else:
        impact = "low"
    arisen = frequency * whole.pairs
    exercised = level > 0 or (frequency >= THRESHOLDS["exercised_share"] and arisen >= THRESHOLDS["exercised_pairs"])
    return Verdict(impact, exercised, frequency, counted, strongest)


# --------------------------------------------------------------------------- the report


def key_label(key: str) -> str:
    """A win-rate key in words: ``seat:0`` → ``seat 0``, ``nation:nation.england`` → ``nation.england``."""
    group, _, value = key.partition(":")
    return value if value.startswith(group + ".") else f"{group} {value}"


def _percent(share: float) -> str:
    return f"{share:.0%}" if share >= 0.01 or share == 0 else f"{share:.1%}"


def reading_summary(ruling: RulingPlan, reading: ReadingPlan, verdict: Verdict, whole: Scope, situation: str | None) -> str:
    """One English line: what the reading does, with its interval, and how often it arises."""
    arises = f"{situation} in {_percent(verdict.frequency)} of games" if situation else "situation not counted"
    if whole.changed.mean == 0:
        return (f"{reading.id} plays exactly like {ruling.default}: no game of {whole.pairs:,} changed "
                f"({arises})")  # fmt: skip
    if not verdict.exercised:
        return f"{reading.id}: not exercised by these bots ({arises})"
    low, high = whole.score.interval()
    interval = f" [{low:+.2f}, {high:+.2f}]" if math.isfinite(whole.score.se) else ""
    text = f"{reading.id}: mean score {whole.score.mean:+.2f}{interval} per player"
    if verdict.strongest and verdict.strongest[1] != "score":
        scope, measure, key, est, _, _ = verdict.strongest
        where = "" if scope == "all" else f" at {scope} players"
        if measure == "win":
            text += f"; win rate of {key_label(key)} {est.mean * 100:+.1f} points{where}"
        else:
            text += f"; {measure} {est.mean:+.2f}{where}"
    if verdict.impact_class == "none":
        text += ", within noise once every figure tested is counted"
    changed = f"changes {_percent(whole.changed.mean)} of games"
    return f"{text}; {arises}; {changed}"


def analyse(plan: SweepPlan, sums: dict[str, list[int]]) -> dict[str, Any]:
    """The report of a sweep as plain data (see :func:`engine.runtime.impact_report` for renderings)."""
    situations = described(plan.game)
    class_bot = CLASS_BOT if CLASS_BOT in plan.bots else plan.bots[0]
    rulings_out = []
    for ruling in plan.rulings:
        readings_out = []
        for reading in ruling.others():
            arm = arm_key(ruling.id, reading.id)
            bots_out: dict[str, Any] = {}
            verdict: Verdict | None = None
            whole: Scope | None = None
            for bot in plan.bots:
                scopes = {
                    str(p): _scope(_cells(sums, p, bot, arm), _cells(sums, p, bot, DEFAULT_ARM), p) for p in plan.players
                }
                scopes["all"] = _pool_scopes(list(scopes.values()))
                bot_verdict = classify(scopes)
                bots_out[bot] = {"class": bot_verdict.to_json(), "players": {k: s.to_json() for k, s in scopes.items()}}
                if bot == class_bot:
                    verdict, whole = bot_verdict, scopes["all"]
            assert verdict is not None and whole is not None
            readings_out.append({
                "id": reading.id,
                "editions": list(reading.editions),
                "class": verdict.impact_class,
                "exercised": verdict.exercised,
                "summary": reading_summary(ruling, reading, verdict, whole, situations.get(ruling.id)),
                "bots": bots_out,
            })  # fmt: skip
        worst = max(readings_out, key=lambda r: (CLASSES.index(r["class"]), r["exercised"]), default=None)
        rulings_out.append({
            "id": ruling.id,
            "question": ruling.question,
            "default": ruling.default,
            "situation": situations.get(ruling.id),
            "class": worst["class"] if worst else "none",
            "exercised": any(r["exercised"] for r in readings_out),
            "summary": "; ".join(r["summary"] for r in readings_out) or "a single reading: nothing to compare",
            "readings": readings_out,
        })  # fmt: skip
    return {
        "game": plan.game,
        "parameters": {**plan.parameters(), "class_bot": class_bot},
        "thresholds": THRESHOLDS,
        "rulings": rulings_out,
    }
