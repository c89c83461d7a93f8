"""The full audit of the four editions: the contract, the offsets with page and line, stable ids, the order (rulings
first), one finding per ruling with every edition's reading, and what ranks high or medium (the code names no
known finding or sentence; these tests do, to check)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from audit_helpers import SCHEMA, contract, findings_at, full_result, source_text, span_of


@pytest.fixture(scope="module")
def result() -> dict:
    return full_result()


@pytest.fixture(scope="module")
def spec():
    from rulespec.model import load_spec

    return load_spec("race_to_the_new_found_land")


def _serious(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["severity"] in ("high", "medium")]


def test_json_output_validates_against_the_contract(result: dict) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    view = contract(result)
    jsonschema.validate(view, schema)
    assert {e["id"] for e in view["editions"]} == {"en", "en-zman", "de", "nl"}
    required = set(schema["properties"]["findings"]["items"]["required"])
    for finding in view["findings"]:
        assert required <= set(finding)
        assert not any(key.startswith("_") for key in finding)
        assert all({"page", "line"} <= set(span) for span in finding["spans"])


def test_every_span_is_a_slice_of_the_source_as_read_with_its_page_and_line(result: dict) -> None:
    sources = {e: source_text(e) for e in ("en", "en-zman", "de", "nl")}
    spans = [s for f in result["findings"] for s in f["spans"]]
    assert spans
    for span in spans:
        text = sources[span["edition"]]
        assert text[span["start"] : span["end"]] == span["text"]
        assert span["line"] == text.count("\n", 0, span["start"]) + 1
        if "\f" in text:
            assert span["page"] == text.count("\f", 0, span["start"]) + 1
        else:
            assert span["page"] is None  # a text without page breaks has no pages to name


def test_finding_ids_are_unique_and_depend_on_kind_and_spans(result: dict) -> None:
    from translations.audit.pipeline import finding_id

    ids = [f["id"] for f in result["findings"]]
    assert len(ids) == len(set(ids))
    for finding in result["findings"]:
        if finding["kind"] not in ("ruling", "suspect"):
            subject = finding["_subject"]
            assert finding["id"] == finding_id(f"{finding['kind']}:{subject}" if subject else finding["kind"],
                                               finding["spans"])


def test_rulings_come_first_then_the_other_findings_by_severity(result: dict) -> None:
    order = {"high": 0, "medium": 1, "low": 2}
    kinds = [f["kind"] == "ruling" for f in result["findings"]]
    assert kinds == sorted(kinds, reverse=True), "every ruling before every other finding"
    others = [order[f["severity"]] for f in result["findings"] if f["kind"] != "ruling"]
    assert others == sorted(others)
    assert others.count(0) >= 1


def test_a_localiser_reads_at_most_about_forty_findings_most_of_them_rulings_or_rule_changes(result: dict) -> None:
    serious = _serious(result["findings"])
    assert len(serious) <= 40
    rulings = [f for f in serious if f["kind"] == "ruling"]
    cited = [f for f in serious if f["kind"] != "ruling" and f["rule"]]
    assert len(rulings) + len(cited) >= 0.8 * len(serious)


def test_each_ruling_whose_readings_differ_in_the_texts_is_one_finding_with_every_reading_quoted(
    result: dict, spec
) -> None:
    for ruling in spec.rulings.values():
        printed = [r for r in ruling.readings.values() if r.editions]
        mine = [f for f in result["findings"] if f["kind"] == "ruling" and f["ruling"] == ruling.id]
        assert len(mine) == 1, ruling.id
        finding = mine[0]
        if len(printed) < 2:
            continue  # one reading printed: the texts do not disagree
        assert finding["severity"] in ("high", "medium"), ruling.id
        for reading in printed:
            for edition in reading.editions:
                assert f"{edition}: “" in finding["statement"], (ruling.id, edition)
        from translations.audit.rulings import impact

        assert finding["impact"]["summary"] == impact(ruling)[1]["summary"], "the ruling's measured effect, as measured"
        assert "{" not in finding["message"], "every {term:...} and {param} slot is filled"


@pytest.mark.parametrize("ruling_id, edition, quote", [
    ("new_england_points", "en-zman", "score points equal to the settler value of that ship"),
    ("setup_unfit_island_tile", "en-zman", "Then shuffle all set-aside tiles back into the stack."),
    ("setup_unfit_island_tile", "de", "legst du es auf die Ablagetafel"),
    ("gold_substitute", "en", "This applies to any Goods costs in the game."),
])
def test_the_disagreements_this_tool_exists_for_are_their_rulings_findings(result: dict, ruling_id: str, edition: str,
                                                                          quote: str) -> None:
    start, end = span_of(source_text(edition), quote)
    found = [f for f in _serious(findings_at(result, edition, start, end)) if f.get("ruling") == ruling_id]
    assert found and found[0]["kind"] == "ruling"
    assert found[0]["origin"] == "text", "the texts show the disagreement the spec records"


def test_no_high_finding_on_an_example_a_caption_or_flavour(result: dict) -> None:
    for finding in result["findings"]:
        if finding["severity"] == "high":
            assert finding["_weighing"]["passage"] not in ("example", "caption", "flavour", "heading", "credits"), \
                finding["message"]


def test_flavour_is_never_high(result: dict) -> None:
    de = source_text("de")
    start, end = span_of(de, "Dies symbolisiert eine dritte Großmacht")
    assert not [f for f in findings_at(result, "de", start, end) if f["severity"] == "high"]


def test_the_nl_modality_change_is_found_from_the_texts_alone(result: dict) -> None:
    nl = source_text("nl")
    start, end = span_of(nl, "dan moet hij één van zijn schepen op het aflegtableau leggen")
    found = [f for f in _serious(findings_at(result, "nl", start, end)) if f["kind"] == "modality"]
    assert found and "must (nl)" in found[0]["message"]
    assert "nl: “" in found[0]["statement"] and "en: “" in found[0]["statement"]


def test_findings_link_to_rules_and_several_kinds_rank(result: dict) -> None:
    serious = _serious(result["findings"])
    assert len({f["rule"] for f in serious if f["rule"]}) >= 15
    assert {"ruling", "omission", "modality"} <= {f["kind"] for f in serious}


def test_a_ruling_backed_by_no_text_finding_has_origin_spec(result: dict) -> None:
    for finding in result["findings"]:
        if finding["kind"] == "ruling" and finding["origin"] == "spec":
            assert finding["ruling"] and finding["spans"], finding["message"]
