"""Typed attributes: every component declares its attributes' types and ``validate`` checks every record
against them, naming file, line and path (``sail: eleventy`` fails)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hardening_helpers import REPO, RNFL, assert_clean_failure, rulespec

from rulespec.attribute_types import DeclarationError, type_schema
from rulespec.validation import validate_spec

SHIPS = "components/faces_ships.yaml"


def _copy(tmp_path: Path, game: str = RNFL) -> Path:
    folder = tmp_path / game
    shutil.copytree(REPO / "rulespec" / game, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _attribute_problems(folder: Path) -> list[str]:
    _, problems = validate_spec(folder)
    return [f"{p.file}:{p.line}: {p.path} {p.message}" for p in problems if p.check == "attribute_types"]


def test_the_bundled_games_declare_every_attribute_they_use() -> None:
    for game in (RNFL, "francis_drake"):
        assert _attribute_problems(REPO / "rulespec" / game) == []


def test_sail_eleventy_fails_with_file_line_and_path(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / SHIPS, "{id: ship.large.l02, component: ship.large, attributes: {sail: 4,",
          "{id: ship.large.l02, component: ship.large, attributes: {sail: eleventy,")
    line = next(i for i, text in enumerate((folder / SHIPS).read_text().splitlines(), 1) if "eleventy" in text)
    result = rulespec("validate", str(folder))
    assert_clean_failure(result, 1, f"faces_ships.yaml:{line}:", "/records/1/attributes/sail",
                         "'eleventy' is not an integer")


S01 = "attributes: {sail: 2, crate: 3, settler: 1, telescope: 1}}"


@pytest.mark.parametrize("old, new, needle", [
    (S01, S01.replace("sail", "sial"), "undeclared attribute 'sial'"),
    (S01, S01.replace("sail: 2, ", ""), "missing attribute: 'sail'"),
    ("value: [good.wood, good.wood, good.iron, good.iron]", "value: [good.wood, Good Wood, good.iron, good.iron]",
     "/attributes/cost/value/1 'Good Wood' is not an id"),
    (S01, S01.replace("sail: 2", "sail: -2"), "-2 is not at least 0"),
    (S01, S01.replace("sail: 2", "sail: true"), "True is not an integer"),
], ids=["typo-in-name", "missing", "bad-id-in-marked-list", "below-minimum", "boolean-for-integer"])
def test_each_kind_of_attribute_mistake_is_named(tmp_path: Path, old: str, new: str, needle: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder / SHIPS, old, new)
    problems = _attribute_problems(folder)
    assert any(needle in p and "faces_ships.yaml:" in p for p in problems), problems


def test_inherited_declarations_and_maps(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    # ship.small.starting adds `nation` to what ship.small declares for its records: a regular small ship has none
    _edit(folder / SHIPS, "{id: ship.small.regular.s01, component: ship.small.regular, attributes: {sail: 2,",
          "{id: ship.small.regular.s01, component: ship.small.regular, attributes: {nation: nation.spain, sail: 2,")
    assert any("undeclared attribute 'nation'" in p for p in _attribute_problems(folder))
    drake = _copy(tmp_path, "francis_drake")
    _edit(drake / "components" / "location_tiles.yaml", "[{crew: 4}, {crew: 3}, {crew: 2}]",
          "[{crew: 4}, {crew: lots}, {crew: 2}]")
    assert any("/attributes/circle_gives/value/1/crew 'lots' is not an integer" in p
               for p in _attribute_problems(drake))


def test_undeclared_components_and_bad_declarations_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    types = folder / "components" / "attribute_types.yaml"
    _edit(types, "  - component: tile.compass\n    records: {island: id}\n", "")
    _edit(types, "  - component: good.iron\n", "  - component: good.irn\n")
    problems = _attribute_problems(folder)
    assert any("records of 'tile.compass' have attributes but no declared types" in p for p in problems), problems
    assert any("'good.irn', which is not a component" in p for p in problems), problems
    assert any("component 'good.iron' has attributes (limited) but no declared types" in p for p in problems)
    _edit(types, "  - component: tile.contract\n", "  - component: tile.contract\n    attributes: {x: integr}\n")
    _, problems_all = validate_spec(folder)
    assert any(p.check == "schema" and "attribute_types.yaml" in p.file for p in problems_all)


@pytest.mark.parametrize("declared, good, bad", [
    ("integer", 3, "3"),
    ("integer?", None, 2.5),
    ("list[id]", ["good.wood"], ["Good"]),
    ("map[integer]", {"crew": 2}, {"crew": "2"}),
    ({"type": "string", "enum": ["a", "b"]}, "a", "c"),
    ({"type": "list", "items": "map[integer]"}, [{"a": 1}], [{"a": []}]),
])
def test_type_schemas(declared: object, good: object, bad: object) -> None:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(type_schema(declared))
    assert validator.is_valid(good) and not validator.is_valid(bad)


def test_unknown_types_are_declaration_errors() -> None:
    for declared in ("integr", "list[integr]", {"kind": "integer"}, 3):
        with pytest.raises(DeclarationError):
            type_schema(declared)
