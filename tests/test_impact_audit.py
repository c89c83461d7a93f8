"""The audit ranks a ruling-backed finding by the ruling's measured impact class (issue #16): high and medium as
measured, low and none held at medium (texts that disagree must be settled), medium while a ruling is not measured
— on the bundled texts, with the impact files as committed."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.model import MeasuredImpact, load_spec
from translations.audit.rulings import MEASURED_SEVERITY, impact

GAME = "race_to_the_new_found_land"


def test_severity_is_the_measured_class() -> None:
    ruling = next(iter(load_spec(GAME).rulings.values()))
    for measured, expected in (("high", "high"), ("medium", "medium"), ("low", "medium"), ("none", "medium")):
        severity, shown = impact(dataclasses.replace(ruling, measured=MeasuredImpact(measured, "…")))
        assert severity == expected and shown["class"] == measured
    severity, shown = impact(dataclasses.replace(ruling, measured=None))
    assert severity == "medium" and shown["summary"] == "impact not measured"


def test_the_bundled_audit_gives_each_ruling_its_measured_class(tmp_path: Path) -> None:
    out = tmp_path / "audit.json"
    done = subprocess.run([sys.executable, "-m", "cli.app", "audit", GAME, "--format", "json", "--output", str(out)],
                          capture_output=True, text=True)
    if done.returncode not in (0, 1):
        pytest.fail(done.stderr)
    spec = load_spec(GAME)
    rulings = [f for f in json.loads(out.read_text(encoding="utf-8"))["findings"] if f["kind"] == "ruling"]
    assert sorted(f["ruling"] for f in rulings) == sorted(spec.rulings)  # one finding per ruling
    for finding in rulings:
        ruling = spec.rulings[finding["ruling"]]
        printed = [r for r in ruling.readings.values() if set(r.editions) & set(spec.editions)]
        silent = set(spec.editions) - {e for r in printed for e in r.editions}
        if len(printed) < 2 and not silent:  # the texts agree: the ruling is the spec's alone
            assert finding["severity"] == "low" and finding["impact"]["class"] is None, ruling.id
            continue
        measured = ruling.measured
        expected = MEASURED_SEVERITY[measured.impact_class] if measured is not None else "medium"
        assert finding["severity"] == expected, ruling.id
        assert finding["impact"]["class"] == (measured.impact_class if measured is not None else None), ruling.id
