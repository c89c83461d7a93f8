"""The numbers behind an impact report: exact tallies, paired estimates, pooling and classes."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from engine.runtime.impact import THRESHOLDS, Estimate, Scope, classify, estimate, pooled
from engine.runtime.paired import PairTally
from engine.runtime.stats import Moments, z_for


def test_estimate_is_the_mean_and_standard_error_of_the_values() -> None:
    rng = random.Random(3)
    values = [rng.randint(-9, 9) for _ in range(200)]
    tally = PairTally()
    for v in values:
        tally.add("x", v)
    est = estimate(tally.sums["x"], scale=2)
    assert est.mean == pytest.approx(statistics.fmean(values) / 2)
    assert est.se == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)) / 2)
    low, high = est.interval()
    assert low < est.mean < high


def test_tallies_merge_exactly_in_any_order() -> None:
    rng = random.Random(1)
    parts = []
    for _ in range(5):
        part = PairTally()
        for _ in range(50):
            part.add(rng.choice("ab"), rng.randint(-100, 100))
        parts.append(part.sums)
    forward, backward = PairTally(), PairTally()
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    assert forward.sums == backward.sums
    m = Moments()
    for cell in (p["a"] for p in parts if "a" in p):
        m.merge(Moments(*cell))
    assert [m.n, m.total, m.squares] == forward.sums["a"]


def test_pooled_estimate_weighs_by_pairs() -> None:
    pooled_est = pooled([Estimate(1.0, 0.1, 100), Estimate(3.0, 0.2, 300), Estimate(9.0, 1.0, 0)])
    assert pooled_est.mean == pytest.approx(2.5) and pooled_est.n == 400
    assert pooled_est.se == pytest.approx(math.sqrt((0.25 * 0.1) ** 2 + (0.75 * 0.2) ** 2))


def test_bonferroni_z_grows_with_the_number_of_tests() -> None:
    assert z_for(0.05) == pytest.approx(1.95996, abs=1e-4)
    assert z_for(0.05 / 40) > 3.0


def _scope(score: Estimate, situation: float | None = 0.5, win: Estimate | None = None, pairs: int = 1000) -> Scope:
    zero = Estimate(0.0, 0.01, pairs)
    return Scope(
        pairs=pairs,
        changed=Estimate(0.5, 0.01, pairs),
        score=score,
        spread=zero,
        length=zero,
        win={"seat:0": win or zero},
        situation={"either": Estimate(situation, 0.0, pairs)} if situation is not None else None,
        baseline={"score": 40.0, "spread": 20.0, "length": 200.0},
    )


@pytest.mark.parametrize(
    ("shift", "se", "situation", "expected"),
    [
        (0.0, 0.05, 0.6, "none"),  # nothing beyond noise
        (0.3, 0.2, 0.6, "none"),  # within noise once every figure is counted
        (3.0, 0.1, 0.6, "high"),  # 7.5 % of the mean score, in most games
        (3.0, 0.1, 0.05, "medium"),  # as large, in a rare situation
        (1.0, 0.1, 0.6, "medium"),  # 2.5 %: moderate, frequent
        (1.0, 0.1, 0.05, "low"),  # moderate, rare
        (0.2, 0.02, 0.6, "low"),  # 0.5 %: small but certain
    ],
)
def test_classes_follow_the_documented_thresholds(shift: float, se: float, situation: float, expected: str) -> None:
    scope = _scope(Estimate(shift, se, 1000), situation)
    assert classify({"2": scope, "all": scope}).impact_class == expected


def test_a_large_win_rate_shift_alone_makes_a_class() -> None:
    scope = _scope(Estimate(0.0, 0.05, 1000), 0.9, win=Estimate(0.08, 0.005, 1000))
    verdict = classify({"all": scope})
    assert verdict.impact_class == "high" and verdict.strongest is not None and verdict.strongest[1] == "win"


def test_a_rare_situation_with_no_effect_is_not_exercised() -> None:
    rare = _scope(Estimate(0.0, 0.05, 1000), situation=0.005)
    verdict = classify({"all": rare})
    assert verdict.impact_class == "none" and not verdict.exercised
    common = classify({"all": _scope(Estimate(0.0, 0.05, 1000), situation=0.5)})
    assert common.impact_class == "none" and common.exercised
    assert THRESHOLDS["exercised_share"] < 0.5


def test_without_a_counter_the_changed_games_stand_for_the_frequency() -> None:
    verdict = classify({"all": _scope(Estimate(0.0, 0.05, 1000), situation=None)})
    assert not verdict.counted and verdict.frequency == 0.5
