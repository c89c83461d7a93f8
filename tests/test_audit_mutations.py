"""Mutation tests: copy an edition's text with one change, audit it with ``--edition ID=PATH`` against the
German original, and require a finding at the changed spot. Detection is generic: the audit code names no
sentence; only these tests know where they changed the text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audit_helpers import GAME, findings_at, shared_cache, source_text, span_of
from typer.testing import CliRunner

from cli.app import app


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))


def audit(edition: str, text: str, tmp_path: Path, pair: str = "en,de") -> dict:
    path = tmp_path / f"{edition}.txt"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "audit.json"
    run = CliRunner().invoke(
        app, ["audit", GAME, "--edition", f"{edition}={path}", "--pair", pair, "--format", "json", "-o", str(out)]
    )
    assert run.exit_code == 0, run.output
    return json.loads(out.read_text(encoding="utf-8"))


def replace_once(text: str, old: str, new: str) -> tuple[str, int, int]:
    assert text.count(old) == 1, old
    start = text.index(old)
    return text.replace(old, new, 1), start, start + len(new)


def test_a_changed_number_is_reported_where_it_changed(tmp_path: Path) -> None:
    old = "If you build a Large Ship, you immediately earn 3 points"
    text, start, end = replace_once(source_text("en"), old, old.replace("3 points", "5 points"))
    result = audit("en", text, tmp_path)
    found = [f for f in findings_at(result, "en", start, end) if f["kind"] == "number"]
    assert found and found[0]["severity"] == "high"


def test_a_deleted_sentence_is_reported_at_its_counterpart(tmp_path: Path) -> None:
    sentence = "You may unlock the 2 expansion in either order, and even during the same Land Phase."
    text, _, _ = replace_once(source_text("en"), sentence, "")
    de = source_text("de")
    start, end = span_of(de, "Du darfst beide Ausbauten in beliebiger Reihenfolge")
    result = audit("en", text, tmp_path)
    found = [f for f in findings_at(result, "de", start, end) if "en" in f["missing_in"]]
    assert found, [f["message"] for f in result["findings"][:20]]


def test_an_added_sentence_is_reported_where_it_was_added(tmp_path: Path) -> None:
    anchor = "All benefits from\nexpansions will last for the rest of the game."
    added = " Each player must also pay 2 Gold to the supply whenever an expansion is unlocked."
    text, start, end = replace_once(source_text("en"), anchor, anchor + added)
    result = audit("en", text, tmp_path)
    found = [f for f in findings_at(result, "en", start + len(anchor), end) if "de" in f["missing_in"]]
    assert found


def test_may_turned_into_must_is_reported(tmp_path: Path) -> None:
    old = "Next, you may expand your Harbor and then build new Ships."
    text, start, end = replace_once(source_text("en"), old, old.replace("you may", "you must"))
    result = audit("en", text, tmp_path)
    found = [f for f in findings_at(result, "en", start, end) if f["kind"] == "modality"]
    assert found and found[0]["severity"] == "high"


def test_the_unchanged_text_has_no_finding_at_those_spots(tmp_path: Path) -> None:
    """The mutation tests are only meaningful if the original text is clean where they change it."""
    en = source_text("en")
    result = audit("en", en, tmp_path)
    for snippet, kind in (
        ("If you build a Large Ship, you immediately earn 3 points", "number"),
        ("Next, you may expand your Harbor and then build new Ships.", "modality"),
    ):
        start, end = span_of(en, snippet)
        assert not [f for f in findings_at(result, "en", start, end) if f["kind"] == kind]


def test_windows_line_endings_and_a_byte_order_mark_keep_offsets_exact(tmp_path: Path) -> None:
    text = "\ufeff" + source_text("en").replace("\n", "\r\n")
    result = audit("en", text, tmp_path)
    spans = [s for f in result["findings"] for s in f["spans"] if s["edition"] == "en"]
    assert spans
    for span in spans:
        assert text[span["start"] : span["end"]] == span["text"]
    assert not any("\r" in f["message"] for f in result["findings"])


@pytest.mark.parametrize("must", ["moet", "**moet**"])
def test_may_turned_into_must_beside_a_second_modal_verb_is_reported(tmp_path: Path, must: str) -> None:
    """The sentence also says "as long as he can pay": a modal verb in a subordinate clause must not hide the
    change of the main clause's "may" into "must" (emphasis markers around it neither)."""
    old = "Een speler mag in 1 landfase meerdere schepen bouwen"
    text, start, end = replace_once(source_text("nl"), old, old.replace("mag", must))
    result = audit("nl", text, tmp_path, pair="de,nl")
    found = [f for f in findings_at(result, "nl", start, end) if f["kind"] == "modality"]
    assert found and found[0]["severity"] == "high", [f["message"] for f in findings_at(result, "nl", start, end)]
    assert found[0]["missing_in"] == [], "both editions state the sentence: none lacks it"


@pytest.mark.parametrize("pair", ["de,nl", "en,nl", "en-zman,nl"])
def test_a_changed_count_is_a_number_finding_in_every_pair(tmp_path: Path, pair: str) -> None:
    """The other number of the passage (1 crate per good) stays: only the thing counted shows the change."""
    old = "Elk geleverd product levert hem 1 punt op"
    text, start, end = replace_once(source_text("nl"), old, old.replace("1 punt", "2 punten"))
    result = audit("nl", text, tmp_path, pair=pair)
    here = findings_at(result, "nl", start, end)
    found = [f for f in here if f["kind"] == "number" and f["severity"] in ("high", "medium")]
    assert found, [(f["kind"], f["severity"], f["message"]) for f in here]
    assert all(f["missing_in"] == [] for f in found)
    assert not [f for f in here if f["kind"] == "omission"], "the sentence has its counterpart"


def test_the_unchanged_dutch_text_is_clean_at_those_spots(tmp_path: Path) -> None:
    nl = source_text("nl")
    for pair in ("de,nl", "en-zman,nl"):
        result = audit("nl", nl, tmp_path, pair=pair)
        for snippet, kinds in (
            ("Een speler mag in 1 landfase meerdere schepen bouwen", {"modality"}),
            ("Elk geleverd product levert hem 1 punt op", {"number", "omission"}),
        ):
            start, end = span_of(nl, snippet)
            assert not [f for f in findings_at(result, "nl", start, end) if f["kind"] in kinds], (pair, snippet)


def test_missing_in_never_names_an_edition_that_shows_the_passage(tmp_path: Path) -> None:
    from audit_helpers import full_result

    for finding in full_result()["findings"]:
        if finding["origin"] != "text":
            continue
        # An empty span marks where the passage would stand in the edition lacking it; it shows nothing.
        shown = {s["edition"] for s in finding["spans"] if s["end"] > s["start"]}
        assert not set(finding["missing_in"]) & shown, finding["message"]
        if finding["kind"] not in ("omission", "supplement"):
            assert finding["missing_in"] == [], finding["message"]


def test_a_counterpart_the_embeddings_miss_answers_an_omission_and_its_removal_brings_it_back(tmp_path: Path) -> None:
    """en-zman's "unlimited number of commodities ... and markers" has its de counterpart right where expected
    ("Die Marker der Spieler und die Waren sind nicht begrenzt"), though sentence embeddings score the pair
    poorly: no omission. Replace the de sentence by an unrelated one and the omission must come back."""
    zman = source_text("en-zman")
    start, end = span_of(zman, "There is an unlimited number of commodities in the supply")
    de = source_text("de")
    old = "Die Marker der Spieler und die Waren sind nicht \nbegrenzt."
    result = audit("de", de, tmp_path, pair="de,en-zman")
    assert not [f for f in findings_at(result, "en-zman", start, end) if f["kind"] == "omission"]
    text, _, _ = replace_once(de, old, "Räumt das Spiel nach der Partie wieder ordentlich in die Schachtel.")
    result = audit("de", text, tmp_path, pair="de,en-zman")
    found = [f for f in findings_at(result, "en-zman", start, end) if f["kind"] == "omission"]
    assert found and found[0]["missing_in"] == ["de"]


def test_a_caption_printed_beside_the_text_answers_an_omission(tmp_path: Path) -> None:
    zman = source_text("en-zman")
    start, end = span_of(zman, "Place the tile so that it matches the island's shape.")
    result = audit("de", source_text("de"), tmp_path, pair="de,en-zman")
    assert not [f for f in findings_at(result, "en-zman", start, end) if f["kind"] == "omission"]


def test_pair_mode_shows_the_missing_rule_itself_and_no_label_as_a_high_number(tmp_path: Path) -> None:
    """de,en-zman: the rule en-zman lacks is reported on the sentence that states it (not only on a side
    remark), and a number printed on a card ('the "5" card') is no high number conflict."""
    de = source_text("de")
    result = audit("de", de, tmp_path, pair="de,en-zman")
    start, end = span_of(de, "darfst du stattdessen 1 Gold abgeben")
    # The spec records this as ruling gold_substitute (en-zman never lets gold replace a good): its finding.
    found = [f for f in findings_at(result, "de", start, end) if f.get("ruling") == "gold_substitute"]
    assert found and found[0]["severity"] in ("high", "medium") and found[0]["origin"] == "text"
    start, end = span_of(de, "Sortiere die 50/100er-Karten")
    assert not [f for f in findings_at(result, "de", start, end) if f["severity"] == "high"]


def test_a_changed_number_in_an_unlabelled_worked_example_is_reported_but_weighs_less(tmp_path: Path) -> None:
    # No "Example:" label here: the story is recognised from "Yellow ... he receives" (translations.audit.examples).
    old = "so he receives\nanother 10 points"
    text, start, end = replace_once(source_text("en"), old, old.replace("10 points", "12 points"))
    result = audit("en", text, tmp_path)
    found = [f for f in findings_at(result, "en", start, end) if f["kind"].startswith("number")]
    assert found, [f["message"] for f in result["findings"][:20]]
    assert all(f["severity"] != "high" for f in found)
    assert any("worked example" in f["message"] for f in found)
