"""The compiled schema check (jsonschema-rs) never accepts a spec document the Python validator rejects.

:func:`rulespec.schema_check.check_document` trusts the compiled validator's "valid" and asks the Python
``jsonschema`` for the errors otherwise. So the one thing that must hold is: whenever the Python validator finds
an error, the compiled one finds the document invalid too. These tests break the bundled specs' documents in
many small ways (an unknown key, a required key removed, a value of the wrong type, an empty id, a list emptied)
and compare the two verdicts on every one; they also check that the bundled specs pass the compiled check, so
loading them does take the fast path.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from rulespec.kinds import KINDS, kind_files
from rulespec.loading import resolve_folder
from rulespec.schema_check import _validator, check_document, passes_compiled_check
from rulespec.yaml_source import YamlDocument, load_yaml

GAMES = ["race_to_the_new_found_land", "francis_drake"]


def _documents(game: str) -> list[tuple[str, YamlDocument]]:
    files = kind_files(resolve_folder(game))
    return [(kind, load_yaml(path)) for kind in KINDS for path in files[kind]]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path (keys and indexes) of every value inside ``node``."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield (*here, key)
        yield from _paths(value, (*here, key))


def _mutations(data: Any, limit: int = 60) -> Iterator[Any]:
    """Copies of ``data``, each broken in one place, the places spread over the whole document."""
    paths = list(_paths(data))
    for path in paths[:: max(1, len(paths) // limit)]:
        for breakage in ("unknown key", "delete", "wrong type", "empty"):
            broken = copy.deepcopy(data)
            parent = broken
            for key in path[:-1]:
                parent = parent[key]
            key = path[-1]
            value = parent[key]
            if breakage == "unknown key" and isinstance(value, dict):
                value["no_such_field"] = 1
            elif breakage == "delete" and isinstance(parent, dict):
                del parent[key]
            elif breakage == "wrong type":
                parent[key] = 7 if isinstance(value, str) else "seven" if isinstance(value, (int, float)) else None
            elif breakage == "empty" and isinstance(value, (str, list, dict)):
                parent[key] = type(value)()
            else:
                continue
            yield broken


@pytest.mark.parametrize("game", GAMES)
def test_bundled_spec_passes_the_compiled_check(game: str) -> None:
    for kind, doc in _documents(game):
        assert passes_compiled_check(kind, doc.data), f"{doc.path}: the compiled check rejects a valid document"
        assert check_document(kind, doc, str(doc.path)) == []


@pytest.mark.parametrize("game", GAMES)
def test_compiled_check_never_accepts_what_python_rejects(game: str) -> None:
    compared = rejected = 0
    for kind, doc in _documents(game):
        for broken in _mutations(doc.data):
            python_errors = list(_validator(kind).iter_errors(broken))
            compiled_valid = passes_compiled_check(kind, broken)
            compared += 1
            if python_errors:
                rejected += 1
                assert not compiled_valid, f"{doc.path}: compiled check accepts {python_errors[0].message}"
    assert compared > 200 and rejected > 100


def test_errors_still_come_with_file_line_and_field() -> None:
    kind, doc = next((k, d) for k, d in _documents("race_to_the_new_found_land") if k == "rules")
    broken = YamlDocument(doc.path, copy.deepcopy(doc.data), doc.lines)
    broken.data["rules"][0]["no_such_field"] = True
    problems = check_document(kind, broken, "rules/x.yaml")
    assert problems and problems[0].file == "rules/x.yaml"
    assert "no_such_field" in problems[0].path and problems[0].line > 0
