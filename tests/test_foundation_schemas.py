"""Each kind's JSON Schema accepts the real specs and rejects malformed documents: a wrong type, a missing
required field and an unknown field — with the error pointing at the offending path."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rulespec.kinds import KINDS, kind_files
from rulespec.loading import bundled_games, resolve_folder
from rulespec.schema_check import check_document
from rulespec.yaml_source import YamlDocument, load_yaml

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"

CITES = {"en": "a quote", "de": {"silent": "not in this edition"}}

#: A minimal valid document of each kind, and for each a path to a required field and to a typed field.
VALID: dict[str, tuple[dict[str, Any], tuple[Any, ...], tuple[Any, ...]]] = {
    "game": (
        {"id": "g", "title": "G", "players": {"min": 2, "max": 4}, "default_edition": "en", "summary_languages": ["en"],
         "editions": [{"id": "en", "language": "en", "name": "G", "source": "g.en.txt"}]},
        ("title",), ("players", "min"),
    ),
    "components": (
        {"components": [{"id": "coin", "name": "Coin", "kind": "resource", "count": 3, "citations": CITES}],
         "decks": [{"id": "d", "name": "D", "size": 1, "parts": [{"component": "coin", "count": 1}], "citations": CITES}]},
        ("components", 0, "count"), ("components", 0, "count"),
    ),
    "board": (
        {"areas": [{"id": "island.a", "name": "A", "kind": "island", "spaces": [{"id": "island.a.1"}], "citations": CITES}],
         "tables": [{"id": "t", "title": "T", "columns": ["players", "tiles"], "rows": [[2, 3]], "citations": CITES}]},
        ("areas", 0, "kind"), ("tables", 0, "columns"),
    ),
    "setup": (
        {"steps": [{"id": "setup.a", "order": 1, "title": "Arrange", "summary": "Do {n} things.", "params": {"n": 2},
                    "citations": CITES}]},
        ("steps", 0, "order"), ("steps", 0, "order"),
    ),
    "rules": (
        {"rules": [{"id": "land.income", "title": "Income", "summary": "Take {n}.", "params": {"n": 1},
                    "citations": CITES}]},
        ("rules", 0, "summary"), ("rules", 0, "title"),
    ),
    "glossary": (
        {"concepts": [{"id": "coin", "kind": "resource", "terms": {"en": {"term": "Coin"}, "de": {"term": "Münze"}}}]},
        ("concepts", 0, "terms"), ("concepts", 0, "terms", "en", "term"),
    ),
    "rulings": (
        {"rulings": [{"id": "r", "rules": ["land.income"], "question": "How much?", "default": "one", "reason": "Original.",
                      "readings": [{"id": "one", "editions": ["de"], "summary": "One.", "params": {"n": 1}},
                                   {"id": "two", "editions": ["en"], "summary": "Two.", "params": {"n": 2}}]}]},
        ("rulings", 0, "default"), ("rulings", 0, "readings"),
    ),
    "not_rules": (
        {"passages": [{"edition": "en", "quote": "Credits", "kind": "credits", "reason": "Names of the authors."}]},
        ("passages", 0, "reason"), ("passages", 0, "kind"),
    ),
    "aid": (
        {"spine": {"label": "Round", "rules": ["a.b"], "steps": [{"text": "Take {n} {term:x}.", "rules": ["a.b"]}]}},
        ("spine", "rules"), ("spine", "label"),
    ),
}


def _doc(data: Any) -> YamlDocument:
    return YamlDocument(Path("x.yaml"), data, {})


def _at(data: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    for key in path[:-1]:
        data = data[key]
    return data, path[-1]


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(schema)
        assert schema.get("description"), f"{path.name} documents nothing"


@pytest.mark.parametrize("kind", KINDS)
def test_minimal_document_is_accepted(kind: str) -> None:
    assert check_document(kind, _doc(VALID[kind][0]), "x.yaml") == []


@pytest.mark.parametrize("kind", KINDS)
def test_missing_required_field_is_rejected(kind: str) -> None:
    data = copy.deepcopy(VALID[kind][0])
    parent, key = _at(data, VALID[kind][1])
    del parent[key]
    problems = check_document(kind, _doc(data), "x.yaml")
    assert any(f"'{key}' is required" in p.message for p in problems), problems


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_type_is_rejected(kind: str) -> None:
    data = copy.deepcopy(VALID[kind][0])
    parent, key = _at(data, VALID[kind][2])
    parent[key] = {"not": "the right type"} if not isinstance(parent[key], dict) else 42
    problems = check_document(kind, _doc(data), "x.yaml")
    expected = "/" + "/".join(str(p) for p in VALID[kind][2])
    assert any(p.path.startswith(expected) for p in problems), problems


@pytest.mark.parametrize("kind", KINDS)
def test_unknown_field_is_rejected(kind: str) -> None:
    data = copy.deepcopy(VALID[kind][0])
    parent, _ = _at(data, VALID[kind][1])
    parent["colour"] = "red"
    problems = check_document(kind, _doc(data), "x.yaml")
    assert any(p.path.endswith("/colour") and "unknown field" in p.message for p in problems), problems


@pytest.mark.parametrize("game", bundled_games())
def test_real_specs_pass_their_schemas(game: str) -> None:
    for kind, files in kind_files(resolve_folder(game)).items():
        for path in files:
            assert check_document(kind, load_yaml(path), str(path)) == [], path


def test_marked_values_need_a_known_provenance_and_a_reason() -> None:
    data = copy.deepcopy(VALID["rules"][0])
    data["rules"][0]["params"]["n"] = {"value": 1, "provenance": "guessed", "reason": "why not"}
    assert check_document("rules", _doc(data), "x.yaml")
    data["rules"][0]["params"]["n"] = {"value": 1, "provenance": "assumed"}
    assert check_document("rules", _doc(data), "x.yaml")
    data["rules"][0]["params"]["n"] = {"value": 1, "provenance": "assumed", "reason": "printed on the tile only"}
    assert check_document("rules", _doc(data), "x.yaml") == []
