"""A brand-new translation audited before print (``--editions ... --draft LANG=PATH``), a reprint of a known
edition (``--source ID=PATH``), and what is new since an earlier audit (``--baseline``). The draft's errors here
are made by the tests; the audit code knows none of them."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from audit_helpers import GAME, SCHEMA, shared_cache, source_file, source_text, span_of
from typer.testing import CliRunner

from cli.app import app

CHANGED = ("Elk geleverd product levert hem 1 punt op", "Elk geleverd product levert hem 2 punten op")


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["audit", GAME, *args])
    return result.exit_code, result.output


def draft(tmp_path: Path, old: str = CHANGED[0], new: str = CHANGED[1]) -> tuple[Path, int, int]:
    text = source_text("nl")
    assert text.count(old) == 1
    start = text.index(old)
    path = tmp_path / "nl-draft.txt"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, start, start + len(new)


def audit_json(tmp_path: Path, *args: str, name: str = "out.json") -> dict:
    out = tmp_path / name
    code, output = run(*args, "--format", "json", "--output", str(out))
    assert code in (0, 1), output  # the shared scorer accepts both
    return json.loads(out.read_text(encoding="utf-8"))


def test_a_draft_is_audited_as_edition_draft_against_the_editions_named(tmp_path: Path) -> None:
    path, start, end = draft(tmp_path)
    result = audit_json(tmp_path, "--editions", "de,en,en-zman", "--draft", f"nl={path}")
    jsonschema.validate(result, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert [e["id"] for e in result["editions"]] == ["en", "en-zman", "de", "draft"]
    assert next(e for e in result["editions"] if e["id"] == "draft")["language"] == "nl"
    on_change = [f for f in result["findings"]
                 if any(s["edition"] == "draft" and s["start"] < end and s["end"] > start for s in f["spans"])]
    serious = [f for f in on_change if f["severity"] in ("high", "medium")]
    assert serious, [f["message"] for f in on_change]
    assert any("2" in f["message"] and "1" in f["message"] for f in serious), "the message names the change"
    assert all(s["page"] is None and s["line"] >= 1 for f in serious for s in f["spans"] if s["edition"] == "draft")


def test_a_draft_audit_reads_neither_the_text_nor_the_quotes_of_an_edition_not_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulespec.model import load_spec
    from translations.sources import citations, editions

    monkeypatch.setenv("RULESPEC_CACHE", str(tmp_path / "cache"))  # cold: every stage runs
    read: list[Path] = []
    quoted: list[str] = []
    real_read, real_quote = editions.read_text_file, citations.quote_span
    monkeypatch.setattr(editions, "read_text_file", lambda p, *a: read.append(Path(p)) or real_read(p, *a))
    monkeypatch.setattr(citations, "quote_span", lambda t, q, u=None: quoted.append(q) or real_quote(t, q, u))
    path, _, _ = draft(tmp_path)
    from translations.audit.pipeline import run_audit

    result = run_audit(GAME, editions=["de", "en-zman"], draft=("nl", path))
    assert {p.resolve() for p in read} == {source_file("de").resolve(), source_file("en-zman").resolve(), path.resolve()}
    spec = load_spec(GAME)
    nl_quotes = {q for _, cited, _ in spec.cited_items() for q in _quotes(cited.get("nl"))}
    nl_quotes |= {p.quote for p in spec.not_rules if p.edition == "nl"}
    assert quoted and not set(quoted) & nl_quotes
    assert {e["id"] for e in result["editions"]} == {"de", "en-zman", "draft"}


def _quotes(citation) -> list[str]:
    from translations.sources.citations import quotes_of

    return [q for q, _ in quotes_of(citation)] if citation is not None else []


def test_a_deleted_sentence_of_a_draft_is_reported_where_it_would_stand(tmp_path: Path) -> None:
    sentence = "Leg charterschepen na gebruik op het aflegtableau."
    path, at, _ = draft(tmp_path, sentence, "")
    result = audit_json(tmp_path, "--editions", "de,en,en-zman", "--draft", f"nl={path}")
    places = [s for f in result["findings"] if "draft" in f["missing_in"]
              for s in f["spans"] if s["edition"] == "draft" and s["start"] == s["end"]]
    assert any(abs(s["start"] - at) <= 80 for s in places), "an empty draft span marks the place"


def test_baseline_marks_what_is_new_since_an_earlier_audit(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    code, output = run("--editions", "de,en,en-zman", "--draft", f"nl={source_file('nl')}", "--format", "json",
                       "--output", str(base))
    assert code == 0, output
    path, start, end = draft(tmp_path)
    result = audit_json(tmp_path, "--editions", "de,en,en-zman", "--draft", f"nl={path}", "--baseline", str(base))
    new = [f for f in result["findings"] if f.get("new")]
    assert new and all("new" in f for f in result["findings"])
    assert any(any(s["edition"] == "draft" and s["start"] < end and s["end"] > start for s in f["spans"]) for f in new)
    assert len(new) <= 5, [f["message"] for f in new]
    bad = tmp_path / "bad.json"
    bad.write_text('{"no": "findings"}', encoding="utf-8")
    code, output = run("--baseline", str(bad), "--pair", "en,de")
    assert code == 2 and str(bad) in output and "Traceback" not in output


def test_a_reprint_is_read_with_source_and_its_changed_citations_are_suspect(tmp_path: Path) -> None:
    path, start, _ = draft(tmp_path)
    result = audit_json(tmp_path, "--source", f"nl={path}", "--pair", "de,nl")
    suspects = [f for f in result["findings"] if f["kind"] == "suspect"]
    assert suspects and all(f["origin"] == "spec" and "nl" in f["message"] for f in suspects)
    assert any(s["start"] <= start < s["end"] for f in suspects for s in f["spans"] if s["edition"] == "nl")


def test_the_old_edition_option_still_works_and_says_to_use_source(tmp_path: Path) -> None:
    code, output = run("--edition", f"nl={source_file('nl')}", "--pair", "de,nl", "--format", "json")
    assert code == 0
    assert "--source ID=PATH" in output
    assert output.count("--source") == 1


def test_fail_on_exits_1_when_a_finding_at_that_severity_is_shown(tmp_path: Path) -> None:
    path, _, _ = draft(tmp_path)
    code, _ = run("--editions", "de,en,en-zman", "--draft", f"nl={path}", "--format", "json", "--fail-on", "medium")
    assert code == 1


@pytest.mark.parametrize("args, words", [
    (["--draft", "nl"], ["--draft", "ID=PATH"]),
    (["--draft", "fr=x.txt"], ["fr", "lexicon"]),
    (["--editions", "de,xx"], ["xx"]),
    (["--source", "xx=a.txt"], ["xx"]),
])
def test_bad_draft_options_get_a_clear_message(args: list[str], words: list[str]) -> None:
    code, output = run(*args)
    assert code == 2 and "Traceback" not in output
    for word in words:
        assert word in output


def test_a_draft_in_another_language_than_said_is_refused(tmp_path: Path) -> None:
    code, output = run("--editions", "de,en", "--draft", f"nl={source_file('de')}")
    assert code == 2 and "draft" in output and "nl" in output


def test_the_unmodified_text_as_draft_has_no_serious_finding_where_the_tests_change_it(tmp_path: Path) -> None:
    """The draft tests above are only meaningful if the original text is clean where they change it."""
    result = audit_json(tmp_path, "--editions", "de,en,en-zman", "--draft", f"nl={source_file('nl')}")
    nl = source_text("nl")
    start, end = span_of(nl, CHANGED[0])
    on_it = [f for f in result["findings"] if f["severity"] != "low" and f["kind"] != "ruling"
             and any(s["edition"] == "draft" and s["start"] < end and s["end"] > start for s in f["spans"])]
    assert not on_it, [f["message"] for f in on_it]
