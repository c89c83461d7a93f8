"""The audit ranks a ruling-backed finding by the ruling's measured impact class (none counts as low)."""

from __future__ import annotations

import dataclasses

from rulespec.model import MeasuredImpact, load_spec
from translations.audit.pipeline import _spec_findings, ruling_severity

GAME = "race_to_the_new_found_land"


def test_severity_is_the_measured_class() -> None:
    spec = load_spec(GAME)
    ruling = next(iter(spec.rulings.values()))
    for measured, expected in (("high", "high"), ("medium", "medium"), ("low", "low"), ("none", "low")):
        measured_ruling = dataclasses.replace(ruling, measured=MeasuredImpact(measured, "…"))
        assert ruling_severity(measured_ruling) == expected
    assert ruling_severity(dataclasses.replace(ruling, measured=None)) == "medium"  # not measured yet


def test_spec_findings_carry_the_bundled_measurements() -> None:
    spec = load_spec(GAME)
    findings = {f["message"].split(":", 1)[0].removeprefix("Ruling "): f for f in _spec_findings(spec, {}, set())}
    assert set(findings) == set(spec.rulings)
    for ruling in spec.rulings.values():
        assert ruling.measured is not None
        expected = "low" if ruling.measured.impact_class == "none" else ruling.measured.impact_class
        assert findings[ruling.id]["severity"] == expected, ruling.id
