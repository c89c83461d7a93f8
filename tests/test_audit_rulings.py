"""The spec's rulings as findings: one per ruling, every edition's reading quoted, severity from the measured
impact (never the hand-typed field), the draft's reading told apart, summaries' slots filled."""

from __future__ import annotations

import dataclasses

import pytest
from audit_helpers import source_text

from rulespec.model import MeasuredImpact, load_spec
from translations.audit.rulings import _explained, absorb, fill_slots, impact, ruling_finding, ruling_passages

EDITIONS = ("en", "en-zman", "de", "nl")


@pytest.fixture(scope="module")
def spec():
    return load_spec("race_to_the_new_found_land")


@pytest.fixture(scope="module")
def sources() -> dict[str, str]:
    return {e: source_text(e) for e in EDITIONS}


def finding_of(spec, sources, ruling_id: str, measured: MeasuredImpact | None) -> dict:
    ruling = dataclasses.replace(spec.rulings[ruling_id], measured=measured)
    passages = ruling_passages(spec, sources, frozenset(EDITIONS))[ruling_id]
    return ruling_finding(ruling, spec, sources, frozenset(EDITIONS), passages, [], {}, list(EDITIONS))


@pytest.mark.parametrize("measured, severity, said", [
    (MeasuredImpact("high", "settler_value: mean score +4.1"), "high", "measured: high effect on play"),
    (MeasuredImpact("medium", "x"), "medium", "measured: medium effect on play"),
    (MeasuredImpact("low", "x"), "medium", "measured: low effect on play"),
    (MeasuredImpact("none", "no difference in 2,000 games"), "medium", "measured: no effect on play"),
    (MeasuredImpact("none", "", exercised=False), "medium", "not exercised by the bots"),
    (None, "medium", "impact not measured"),
])
def test_a_rulings_severity_is_its_measured_impact(spec, sources, measured, severity: str, said: str) -> None:
    finding = finding_of(spec, sources, "new_england_points", measured)
    assert finding["severity"] == severity
    assert finding["impact"]["summary"].startswith(said)
    if measured is not None and measured.summary:
        assert measured.summary in finding["impact"]["summary"], "the measured effect's summary is shown"


def test_an_impact_typed_by_hand_has_no_place_to_live(spec, sources) -> None:
    """The ruling model has no typed impact, the rulings schema refuses one, and an unmeasured ruling is medium."""
    import json

    from rulespec.kinds import SCHEMAS_DIR

    ruling = spec.rulings["new_england_points"]
    assert "impact" not in {f.name for f in dataclasses.fields(ruling)}
    schema = json.loads((SCHEMAS_DIR / "rulings.schema.json").read_text(encoding="utf-8"))
    ruling_schema = schema["properties"]["rulings"]["items"]
    assert ruling_schema["additionalProperties"] is False and "impact" not in ruling_schema["properties"]
    assert impact(dataclasses.replace(ruling, measured=None))[0] == "medium"


def test_a_ruling_finding_quotes_every_editions_reading_and_fills_every_slot(spec, sources) -> None:
    finding = finding_of(spec, sources, "frame_marker_timing", None)
    for edition in EDITIONS:
        assert f"{edition}: “" in finding["statement"]
    assert "{" not in finding["message"]
    assert "Ship Figure" in fill_slots(spec, "As soon as your {term:ship_figure} starts on it.", {})
    assert finding["spans"] and {s["edition"] for s in finding["spans"]} == set(EDITIONS)


def test_a_ruling_every_audited_edition_reads_alike_is_low(spec, sources) -> None:
    finding = finding_of(spec, sources, "frame_marker_move_back", None)  # all four: exactly_three
    assert finding["severity"] == "low" and "only one reading" in finding["impact"]["summary"]


def test_an_edition_silent_on_a_rule_another_states_is_at_least_medium(spec, sources) -> None:
    finding = finding_of(spec, sources, "unused_starting_ships", None)  # en-zman, nl state it; de, en do not
    assert finding["severity"] == "medium"
    assert finding["impact"]["summary"].startswith("de, en print no reading")


def test_a_finding_joins_a_ruling_only_when_its_editions_state_different_readings(spec) -> None:
    ruling = spec.rulings["antwerp_capacity"]  # crate_limited: de, en, nl; any_number: en-zman
    assert _explained(ruling, [("de", "en-zman")])
    assert not _explained(ruling, [("de", "nl")]), "two editions of one reading differ: something else changed"


def test_absorbing_keeps_one_finding_per_ruling_and_the_draft_that_follows_none(spec, sources) -> None:
    start = sources["en-zman"].index("score points equal to the settler value")
    on_passage = {"kind": "omission", "spans": [{"edition": "en-zman", "start": start, "end": start + 40}],
                  "missing_in": ["de", "en", "nl"], "message": "m", "_pairs": [("de", "en-zman")], "_present": []}
    elsewhere = {"kind": "number", "spans": [{"edition": "de", "start": 0, "end": 5}], "missing_in": [],
                 "message": "m", "_pairs": [("de", "en")]}
    out = absorb([dict(on_passage), dict(elsewhere)], spec, sources, frozenset(EDITIONS), None, list(EDITIONS))
    rulings = [f for f in out if f["kind"] == "ruling"]
    assert len(rulings) == len(spec.rulings)
    assert next(f for f in rulings if f["ruling"] == "new_england_points")["origin"] == "text"
    assert elsewhere["message"] in [f["message"] for f in out if f["kind"] == "number"]
    # A draft that differs from every reading keeps its own finding, which names the ruling.
    drafted = {**on_passage, "spans": on_passage["spans"] + [{"edition": "draft", "start": 0, "end": 9}],
               "missing_in": ["draft"], "_present": ["de", "en", "nl", "en-zman", "draft"],
               "_partners": ["de", "en", "nl", "en-zman"]}
    out = absorb([drafted], spec, sources, frozenset(EDITIONS), "draft", list(EDITIONS))
    kept = [f for f in out if f["kind"] == "omission"]
    assert kept and kept[0]["ruling"] == "new_england_points" and "follows none" in kept[0]["message"]
