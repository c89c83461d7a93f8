"""A value no rulebook prints is shown by name to a user (the look-up's "Not printed in any rulebook" line, in the
user's language). The name is what its provenance mark says (`name`), written for a player, or else the param's id
in words; a mark's name belongs to that value alone, and the wrapper still reads as the plain value everywhere
else (engine, summaries)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulespec.model import is_marked_value, load_spec, plain
from translations.summary.catalog import read_catalog
from translations.summary.unprinted import Unprinted

REPO = Path(__file__).resolve().parent.parent
GAMES = ("race_to_the_new_found_land", "francis_drake")


def _mark(value) -> dict:
    """The raw provenance mark of an unprinted value, read from its YAML file by the param's name."""
    data = yaml.safe_load((REPO / value.file).read_text(encoding="utf-8"))
    found: list[dict] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            sub = node.get(value.param)
            if is_marked_value(sub) and plain(sub) == value.value:
                found.append(sub)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data)
    assert found, value
    return found[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_value_is_shown_by_its_marks_name_or_else_its_id_in_words(game: str) -> None:
    values = list(Unprinted(load_spec(REPO / "rulespec" / game)).every())
    assert values
    for value in values:
        mark = _mark(value)
        expected = " ".join(mark["name"].split()) if "name" in mark else value.param.replace("_", " ")
        assert value.name == expected, value


def test_names_are_written_for_players_and_translated() -> None:
    named = [v for game in GAMES for v in Unprinted(load_spec(REPO / "rulespec" / game)).every() if v.given_name]
    assert len(named) >= 10
    assert all(v.name != v.param.replace("_", " ") for v in named)
    for lang in ("de", "nl"):
        catalog = read_catalog(REPO / "translations" / "locale" / lang / "LC_MESSAGES" / "messages.po", lang)
        for value in named:
            message = catalog.get(value.name)
            assert message is not None and message.string and not message.fuzzy, (lang, value.name)


def test_a_named_mark_is_still_a_plain_value() -> None:
    mark = {"value": 3, "provenance": "inferred", "reason": "why", "name": "most spaces"}
    assert is_marked_value(mark) and plain({"p": mark}) == {"p": 3}
    assert not is_marked_value({"value": 3, "provenance": "inferred", "colour": "red"})
