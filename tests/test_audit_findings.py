"""The full audit of the four editions: the contract, the offsets, stable ids, and the differences that change
play found from the texts alone (the code names no known finding or sentence; these tests do, to check)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from audit_helpers import SCHEMA, contract, findings_at, full_result, source_text, span_of


@pytest.fixture(scope="module")
def result() -> dict:
    return full_result()


def test_json_output_validates_against_the_contract(result: dict) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    view = contract(result)
    jsonschema.validate(view, schema)
    assert {e["id"] for e in view["editions"]} == {"en", "en-zman", "de", "nl"}
    assert all(set(f) == set(schema["properties"]["findings"]["items"]["required"]) for f in view["findings"])


def test_every_span_is_a_slice_of_the_source_as_read(result: dict) -> None:
    sources = {e: source_text(e) for e in ("en", "en-zman", "de", "nl")}
    spans = [s for f in result["findings"] for s in f["spans"]]
    assert spans
    for span in spans:
        assert sources[span["edition"]][span["start"] : span["end"]] == span["text"]


def test_finding_ids_are_unique_and_depend_on_kind_and_spans(result: dict) -> None:
    from translations.audit.pipeline import finding_id

    ids = [f["id"] for f in result["findings"]]
    assert len(ids) == len(set(ids))
    for finding in result["findings"]:
        if finding["origin"] == "text":
            assert finding["id"] == finding_id(finding["kind"], finding["spans"])


def test_findings_are_ranked_by_severity(result: dict) -> None:
    order = {"high": 0, "medium": 1, "low": 2}
    ranks = [order[f["severity"]] for f in result["findings"]]
    assert ranks == sorted(ranks)
    assert ranks.count(0) >= 5


def _serious(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["severity"] in ("high", "medium")]


def test_setup_island_tile_that_does_not_fit(result: dict) -> None:
    zman = source_text("en-zman")
    start, end = span_of(zman, "If a drawn tile does not fit on the shown island")
    _, end = span_of(zman, "Then shuffle all set-aside tiles back into the stack.")
    found = _serious(findings_at(result, "en-zman", start, end))
    assert found, "the en-zman setup shuffles unfit island tiles back; the others put them on the storage board"
    assert any(f["missing_in"] for f in found)


def test_new_england_scoring(result: dict) -> None:
    zman = source_text("en-zman")
    start, end = span_of(zman, "score points equal to the settler value of that ship")
    found = _serious(findings_at(result, "en-zman", start, end))
    assert found, "en-zman scores the settler value in New England; the others 1 point per unplaced marker"


def test_en_zman_never_lets_gold_replace_another_good(result: dict) -> None:
    en = source_text("en")
    start, end = span_of(en, "Gold can be used in place of")
    found = [f for f in findings_at(result, "en", start, end) if "en-zman" in f["missing_in"]]
    assert _serious(found), "en-zman never lets gold replace another good"


def test_german_frame_marker_moves_back_up_to_three(result: dict) -> None:
    de = source_text("de")
    start, end = span_of(de, "Rahmenmarker um bis zu 3 Felder")
    found = [f for f in findings_at(result, "de", start, end) if f["kind"] in ("number_bound", "number")]
    assert _serious(found), "de moves the frame marker back up to 3 spaces, the others exactly 3"
    # The bound differs; no edition lacks the sentence, so the finding names the other editions in its spans
    # and none in missing_in.
    assert any({s["edition"] for s in f["spans"]} & {"en", "nl", "en-zman"} for f in found)
    assert all(f["missing_in"] == [] for f in found)


def test_more_differences_are_found_and_linked_to_rules(result: dict) -> None:
    serious = _serious(result["findings"])
    rules = {f["rule"] for f in serious if f["rule"]}
    kinds = {f["kind"] for f in serious}
    assert len(rules) >= 10
    assert {"omission", "number", "number_missing", "number_bound"} <= kinds


def test_spec_rulings_not_shown_by_the_texts_have_origin_spec(result: dict) -> None:
    from rulespec.model import load_spec

    spec = load_spec("race_to_the_new_found_land")
    spec_findings = [f for f in result["findings"] if f["origin"] == "spec"]
    reported = set()
    for finding in spec_findings:
        assert finding["kind"] == "ruling"
        ruling = next(r for r in spec.rulings.values() if finding["message"].startswith(f"Ruling {r.id}:"))
        reported.add(ruling.id)
        serious = [
            f for f in result["findings"]
            if f["origin"] == "text" and f["message"].endswith(f"[ruling {ruling.id}]")
            and f["severity"] in ("high", "medium")
        ]
        assert not serious, f"{ruling.id} is shown by {serious[0]['message']}"
    # The frame marker's "bis zu 3" is shown by the texts, so it is no spec finding.
    assert "frame_marker_move_back" in spec.rulings and "frame_marker_move_back" not in reported
