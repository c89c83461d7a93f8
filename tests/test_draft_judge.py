"""The learned judge of draft findings, measured in round ten (``benchmarks/draft_judge.py``), and the in-process
replay of the draft scorer that records every draft finding before the noise floor
(``benchmarks/replay_draft_audit.py``). The judge is not in the audit's path: these tests pin what the
measurement rests on — the replay sees what the audit reports and more, labels as the scorer does, and the
judge's file is well-formed and evaluated as its fit meant."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from audit_helpers import GAME, REPO, shared_cache, source_text

sys.path.insert(0, str(REPO / "benchmarks"))

import draft_judge
import fit_draft_judge
import replay_draft_audit


def _model(**changes: Any) -> dict[str, Any]:
    model: dict[str, Any] = {"features": ["swap", "seen"], "mean": [0.5, 1.0], "scale": [0.5, 1.0],
                             "coef": [2.0, 1.0], "intercept": -1.0, "thresholds": {"medium": 0.8, "report": 0.1}}
    model.update(changes)
    return model


def test_the_committed_judge_is_well_formed() -> None:
    model = draft_judge.load()
    assert set(model["thresholds"]) >= {"medium", "report"}
    assert model["rows"]["positive"] > 0 and model["rows"]["negative"] > 0
    assert not any(re.search(r"\d", name) for name in model["features"]), "a feature names a sentence or word"


@pytest.mark.parametrize("changes, message", [
    ({"coef": [1.0]}, "'coef' must be 2 numbers"),
    ({"scale": [0.0, 1.0]}, "must not hold a zero"),
    ({"thresholds": {"medium": 0.2, "report": 0.5}}, "thresholds"),
    ({"features": "swap"}, "list of names"),
])
def test_a_malformed_judge_is_refused_with_what_is_wrong(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        draft_judge.check(_model(**changes))


def test_the_probability_follows_the_weights() -> None:
    model = _model()
    swapped = draft_judge.probability({"swap": 1.0, "seen": 2.0}, model)
    one_sided = draft_judge.probability({"swap": 0.0, "seen": 2.0}, model)
    assert 0.0 < one_sided < swapped < 1.0
    # a missing input counts as 0, as the fit's rows have it
    assert draft_judge.probability({"seen": 2.0}, model) == one_sided


def test_decide_raises_keeps_or_drops_by_the_thresholds() -> None:
    thresholds = {"medium": 0.8, "report": 0.1}
    assert draft_judge.decide(None, 0.9, thresholds) == "medium"  # under the noise floor, raised
    assert draft_judge.decide("high", 0.9, thresholds) == "high"  # a high the rules gave stays high
    assert draft_judge.decide("low", 0.9, thresholds) == "medium"
    assert draft_judge.decide("medium", 0.5, thresholds) == "medium"  # in between: the rules decide
    assert draft_judge.decide(None, 0.5, thresholds) is None
    assert draft_judge.decide("medium", 0.05, thresholds) is None  # dropped


def test_the_fit_is_deterministic_and_learns_the_sign() -> None:
    rng = np.random.default_rng(7)
    x = rng.normal(size=(200, 2))
    y = (x[:, 0] + 0.3 * rng.normal(size=200) > 0).astype(float)
    first, second = fit_draft_judge.fit(x, y, ["a", "b"]), fit_draft_judge.fit(x, y, ["a", "b"])
    assert first == second
    assert first["coef"][0] > 1.0 > abs(first["coef"][1])


def test_covered_is_the_scorers_rule() -> None:
    places = [(100, 120, 0), (300, 300, 80)]  # a changed span, and where a deleted sentence stood
    assert replay_draft_audit.covered([[110, 130]], places) == [0]
    assert replay_draft_audit.covered([[120, 140]], places) == []  # touching the end is not covering
    assert replay_draft_audit.covered([[370, 400]], places) == [1]  # within 80 characters of the deletion
    assert replay_draft_audit.covered([[381, 400]], places) == []


def _record(findings: list[dict[str, Any]], base: list[dict[str, Any]]) -> dict[str, Any]:
    return {"set": "s", "file": "en-1.txt", "lang": "en", "errors": ["number", "term"], "findings": findings,
            "base": base}


def _row(kind: str, severity: str, covers: list[int], key: str, reported: bool = True, named: bool = False,
         in_base: bool = False) -> dict[str, Any]:
    return {"kind": kind, "severity": severity, "rules_reported": reported, "covers": covers, "key": key,
            "named": named, "in_base": in_base, "features": {"swap": 1.0}}


def test_the_score_counts_both_recalls_and_only_new_alarms() -> None:
    findings = [_row("number", "medium", [0], "a", named=True),  # names the number change
                _row("modality", "medium", [1], "b"),  # covers the term change, names another
                _row("negation", "low", [], "c"),  # new on no error
                _row("glossary", "medium", [], "d", in_base=True),  # the unmodified edition's too
                _row("timing", "medium", [], "e", reported=False)]  # under the floor
    base = [_row("glossary", "medium", [], "d")]
    s = fit_draft_judge.score([_record(findings, base)], fit_draft_judge.rules_policy)
    assert (s["hm"], s["named_hm"], s["any"], s["named_any"]) == (2, 1, 2, 1)
    assert (s["fa"], s["fa_hm"]) == (1, 0)
    assert s["types"]["term"]["hm"] == 1 and s["types"]["term"]["named_hm"] == 0
    raised = fit_draft_judge.judge_policy(_model(thresholds={"medium": 0.5, "report": 0.0}),
                                          {"medium": 0.5, "report": 0.0})
    after = fit_draft_judge.score([_record(findings, base)], raised)
    assert after["fa_hm"] == 2  # the negation and the timing under the floor, raised to medium


@pytest.fixture
def _cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))


@pytest.mark.usefixtures("_cache")
def test_the_replay_records_what_the_audit_reports_and_what_it_floors(tmp_path: Path) -> None:
    from translations.audit.pipeline import run_audit

    text = source_text("en-zman")
    old, new = "The player with the lowest number", "The player with the highest number"
    found = re.search(r"\s+".join(re.escape(w) for w in old.split()), text)
    assert found is not None
    draft = tmp_path / "draft.txt"
    draft.write_text(text[: found.start()] + new + text[found.end():], encoding="utf-8")
    recorded = replay_draft_audit.recorded_audit(GAME, ["de", "nl"], "en", draft)
    reported = run_audit(GAME, editions=["de", "nl"], draft=("en", draft), use_cache=False)["findings"]
    keys = {replay_draft_audit.scorer_key(f) for f in recorded if f["_rules_reported"]}
    assert keys == {replay_draft_audit.scorer_key(f) for f in reported}
    assert any(not f["_rules_reported"] for f in recorded), "nothing under the noise floor was recorded"
    names = set(draft_judge.load()["features"])
    judged = [f for f in recorded if f["kind"] not in draft_judge.UNJUDGED]
    assert judged and all(set(f["_judge"]) == names for f in judged)
    places = [(found.start(), found.start() + len(new), 0)]
    covering = [f for f in recorded if replay_draft_audit.covered(
        [[s["start"], s["end"]] for s in f["spans"] if s["edition"] == "draft"], places)]
    assert any(f["kind"] == "comparison" and f["_judge"]["odd_draft"] == 1.0 for f in covering)
