"""Rule look-up: words in any language find the right rule; the committed index is cheap to start; the result
shows the summary, every edition's cited passage and the rulings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.model import load_spec
from translations.lookup import search as lookup
from translations.lookup.index import build_index, docs_json, index_json
from translations.lookup.language import normalise
from translations.lookup.present import describe

REPO = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "summary_fixtures"

#: The queries of the brief and the rule each must find first (ids are stable spec ids).
EXPECTED = {
    "New England": "actions.settle.new_england",
    "Rahmenmarker": "frame_markers.choose",
    "kadertegel": "frame_markers.choose",
    "milestone": "frame_markers.choose",
    "charter ship": "planning.charter_ships",
    "Charterschiff": "planning.charter_ships",
}
#: Inflected and misspelt forms of the same queries.
TOLERANT = {
    "Rahmenmarkern": "frame_markers.choose",
    "Rahmenmarkr": "frame_markers.choose",
    "kadertegels": "frame_markers.choose",
    "milestones": "frame_markers.choose",
    "Charterschiffe": "planning.charter_ships",
    "Charterschif": "planning.charter_ships",
    "charter shps": "planning.charter_ships",
    "new englnd": "actions.settle.new_england",
}
#: Queries whose words occur in both games: one IDF over both indexes keeps their scores comparable, and a rule
#: with sub-rules comes before its refinements.
ACROSS_GAMES = {
    "island scoring": "end_phase.island_scoring",
    "Inselwertung": "end_phase.island_scoring",
    "Golden Hind": "provisioning.location.golden_hind",
}


@pytest.mark.parametrize(("query", "rule_id"), sorted({**EXPECTED, **TOLERANT, **ACROSS_GAMES}.items()))
def test_query_finds_the_right_rule_first(indexes, query: str, rule_id: str) -> None:
    hits = lookup.search(indexes, query)
    assert hits, f"nothing found for {query!r}"
    assert hits[0].rule_id == rule_id, f"{query!r}: {[(h.rule_id, round(h.score, 2)) for h in hits]}"


def test_normalisation_and_stemming_meet_in_the_middle(indexes) -> None:
    assert normalise("Plättchen, Île d'Anticosti!") == "plattchen ile d anticosti"
    assert normalise("Straße") == "strasse"
    lexicon = lookup.lexicon_of(indexes)
    english, german, dutch = (lexicon.languages[code] for code in ("en", "de", "nl"))
    assert english.stem("markers") == english.stem("marker")
    assert german.stem("schiffe") == german.stem("schiffen") == "schiff"
    assert dutch.stem("telling") == dutch.stem("tellen")
    assert english.terms("the Frame Markers of the game") == english.terms("frame marker game")
    assert len(english.terms("the Frame Markers of the game")) == 3  # function words dropped


def test_description_has_summary_passages_and_rulings(indexes) -> None:
    spec = load_spec("race_to_the_new_found_land")
    hit = lookup.find_rule(indexes, "frame_markers.move_back")
    assert hit is not None
    german = describe(hit, "de")
    english = describe(hit, "en")
    assert german["summary"] != english["summary"] and "Rahmenmarker" in german["summary"]
    assert [p["edition"] for p in german["passages"]] == list(spec.editions)
    touching = {r.id for r in spec.rulings.values() if "frame_markers.move_back" in r.rules}
    assert {r["id"] for r in german["rulings"]} == touching and touching
    for ruling in german["rulings"]:
        assert ruling["followed"] == spec.reading(ruling["id"]).id
    zman = describe(hit, None, "en-zman")
    assert "milestone marker" in zman["summary"].lower()
    for ruling in zman["rulings"]:
        assert ruling["followed"] == spec.reading(ruling["id"], "en-zman").id


def test_passages_are_cut_from_each_edition_source(indexes) -> None:
    from translations.sources.citations import quotes_of
    from translations.sources.editions import read_source

    spec = load_spec("race_to_the_new_found_land")
    rule = spec.rule("actions.settle.new_england")
    hit = lookup.find_rule(indexes, rule.id)
    passages = {p["edition"]: p["text"] for p in hit.doc["passages"]}
    for edition, citation in rule.citations.items():
        quotes = quotes_of(citation)
        if not quotes:
            continue
        squashed = "".join(passages[edition].split())
        assert "".join(quotes[0][0].split()).replace("-", "")[:20] in squashed.replace("-", "")
        assert "".join(passages[edition].split())[:30] in "".join(read_source(spec, edition).split()).replace(
            "-", "") or passages[edition][:30].replace(" ", "") in read_source(spec, edition).replace("\n", "")


def test_fixture_index_builds_and_searches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_SOURCES", str(FIXTURE / "sources"))
    spec = load_spec(FIXTURE / "mini_voyage")
    folder = tmp_path / "generated" / spec.id
    folder.mkdir(parents=True)
    index = build_index(spec)
    text = index_json(index)
    assert text == index_json(build_index(spec))  # deterministic
    (folder / lookup.INDEX_NAME).write_text(text, encoding="utf-8")
    (folder / lookup.DOCS_NAME).write_text(docs_json(index), encoding="utf-8")
    found = lookup.load_indexes(spec.id, tmp_path / "generated")
    best = lookup.search(found, "Hafensteine")[0]
    assert best.rule_id.startswith("round.harbour")
    described = describe(lookup.find_rule(found, "round.harbour"), "en")
    assert described["passages"][1]["text"].startswith("Häfen: Erreicht dein Schiff")  # widened to the sentence
    assert [r["followed"] for r in described["rulings"]] == ["up_to"]


def test_committed_indexes_are_current() -> None:
    from translations.generate import render

    for path in lookup.index_paths():
        spec = load_spec(path.parent.name)
        fresh = render(spec)
        for part in (path, path.with_name(lookup.DOCS_NAME)):
            assert fresh[part] == part.read_text(encoding="utf-8"), f"{part} is stale: run `rulespec generate summaries`"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.app", *args], capture_output=True, text=True, cwd=REPO,
                          check=False)


def test_cli_lookup_json_and_text() -> None:
    result = _run("lookup", "Charterschiff", "--lang", "nl", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["best"]["id"] == EXPECTED["Charterschiff"] and data["best"]["view"] == "nl"
    assert "charterschip" in data["best"]["summary"].lower()
    text = _run("lookup", "--id", "frame_markers.move_back", "--edition", "en-zman")
    assert text.returncode == 0 and "milestone marker" in text.stdout.lower() and "en-zman" in text.stdout.lower()
    rulings = text.stdout.split("\n! ", 1)[1]
    assert "milestone marker" in rulings and "Frame Marker" not in rulings  # readings use the edition's terms


def test_cli_lookup_errors_are_clear() -> None:
    nothing = _run("lookup", "--id", "no.such.rule")
    assert nothing.returncode == 1 and "no rule 'no.such.rule'" in nothing.stderr and "Traceback" not in nothing.stderr
    bad = _run("lookup", "ship", "--edition", "en=foo.txt")
    assert bad.returncode == 2 and "edition id" in bad.stderr
    missing = _run("lookup")
    assert missing.returncode == 2 and "QUERY" in missing.stderr


def test_cold_lookup_imports_nothing_heavy() -> None:
    probe = (
        "import sys\n"
        "from cli import summary_commands\n"
        "code = summary_commands.lookup_main(['New England', '--json'])\n"
        "heavy = [m for m in ('spacy', 'numpy', 'jsonschema', 'babel', 'jinja2', 'yaml', 'rapidfuzz', 'pydantic')"
        " if m in sys.modules]\n"
        "print(code, heavy, file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    assert result.stderr.strip().splitlines()[-1] == "0 []"


def test_edition_reading_that_differs_is_stated_with_the_summary() -> None:
    from translations.lookup.search import find_rule, load_indexes

    indexes = load_indexes("race_to_the_new_found_land")
    hit = find_rule(indexes, "actions.settle.new_england")
    assert hit is not None
    assert describe(hit, "en")["instead"] == []
    zman = describe(hit, "en", "en-zman")
    followed = next(r for r in zman["rulings"] if r["followed"] != r["default"])
    assert zman["instead"] == [next(r["summary"] for r in followed["readings"] if r["id"] == followed["followed"])]


@pytest.mark.parametrize("query", ["banana", "asdfgh", "qwerty", "xyzzy"])
def test_nonsense_finds_nothing(query: str) -> None:
    from translations.lookup.search import load_indexes, search

    assert search(load_indexes(), query) == []


def test_passages_show_each_sentence_once() -> None:
    """Two quotes of one sentence (or overlapping passages) must not print that sentence twice."""
    from translations.lookup.search import load_indexes

    for index in load_indexes():
        for doc in index.docs:
            for item in doc["passages"]:
                pieces = [p.strip() for p in item["text"].split(" … ") if p.strip()]
                sentences = [s for piece in pieces for s in piece.split(". ") if len(s) > 40]
                assert len(sentences) == len(set(sentences)), (index.game, doc.get("id"), item["edition"])


def test_fast_lookup_parser_accepts_exactly_the_typer_options() -> None:
    """`rulespec lookup` is parsed by argparse on its fast path; its options must not drift from typer's."""
    import typer.main

    from cli.app import app
    from cli.summary_commands import lookup_parser

    command = typer.main.get_command(app).commands["lookup"]  # type: ignore[attr-defined]
    typer_options = {opt for param in command.params for opt in param.opts if opt.startswith("-")} - {"--help"}
    fast_options = {opt for action in lookup_parser()._actions for opt in action.option_strings}
    assert fast_options == typer_options
