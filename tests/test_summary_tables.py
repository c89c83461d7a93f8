"""The summaries' tables speak to players: every cell a number, a glossary term or a translated label.

Renders every summary the renderer supports (both games, every language, every edition) and reads each table
cell of the view model, where a raw spec id (`ship.large.l01`, `shipyard_2`, `objective_stack`) would show
through. Headers are checked too, and the grammatical number of a column named by a glossary concept follows the
spec's English key: `points` is a plural header ("Punkte", "punten"), `crate` a singular one ("Kiste").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rulespec.loading import bundled_games
from rulespec.model import load_spec
from translations.summary.names import IDENTIFIER
from translations.summary.view import TableView, build_view

LANGS = ("en", "de", "nl")

#: A token a spec writes and a player never reads: snake_case words (`objective_stack`) or a dotted id
#: (`ship.large.l01`, `card.goods`). Decimal numbers ("1.5") and ordinary words are not matched.
RAW_ID = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b")


def summaries() -> Iterator[tuple[str, str, str | None]]:
    """`(game, lang, edition)` for every summary: each language alone, and with each edition of the game."""
    for game in bundled_games():
        spec = load_spec(game)
        for lang in LANGS:
            yield game, lang, None
            for edition in sorted(spec.editions):
                yield game, lang, edition


@pytest.fixture(scope="module")
def specs() -> dict[str, object]:
    return {game: load_spec(game) for game in bundled_games()}


def all_tables(view) -> list[TableView]:
    ruled = [t for section in view.sections for rule in section.rules for t in rule.tables]
    ruled += [t for step in view.setup for t in step.tables]
    return [*view.appendix_tables, *view.board_tables, *ruled]


def raw_ids(text: str) -> list[str]:
    return RAW_ID.findall(text)


def raw_values(spec) -> set[str]:
    """The spec's own id-like strings that are no glossary concept id (`good`, `sail`, `objective_stack`): a
    cell reading exactly one of them shows the spec, not the game (a single word escapes `RAW_ID`)."""
    values: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, str):
            values.add(value)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for item in [*spec.records.values(), *spec.components.values(), *spec.areas.values()]:
        walk(item.attributes)
    for table in spec.tables.values():
        walk([list(row) for row in table.rows])
    return {v for v in values if IDENTIFIER.fullmatch(v) and v not in spec.concepts}


def cells(view) -> Iterator[tuple[str, str]]:
    """`(where, text)` of every table cell, title and header of a summary view, markup and marks removed."""
    for table in all_tables(view):
        for cell in [table.title, *table.columns, *(c for row in table.rows for c in row)]:
            yield table.id, cell
    for component in view.components:
        for cell in (component.name, component.note, component.kind):
            yield component.id, cell


@pytest.mark.parametrize(("game", "lang", "edition"), list(summaries()))
@pytest.mark.parametrize("html", [False, True], ids=["md", "html"])
def test_no_table_cell_shows_a_raw_id(specs, game: str, lang: str, edition: str | None, html: bool) -> None:
    spec = specs[game]
    view = build_view(spec, lang, edition, html=html)
    raw = raw_values(spec)
    found = []
    for where, cell in cells(view):
        text = re.sub(r"<[^>]*>", "", str(cell))  # HTML cells carry icon markup with ids in attributes
        bare = text.rstrip("†°")
        if RAW_ID.search(text) or bare in raw or any(part.strip().rstrip("†°") in raw for part in bare.split(",")):
            found.append((where, text))
    assert not found, f"{game} {lang} {edition}: raw ids in table cells: {found[:12]}"


def test_the_id_pattern_finds_what_it_must() -> None:
    assert raw_ids("ship.large.l01") == ["ship.large.l01"]
    assert raw_ids("objective_stack°") == ["objective_stack"]
    assert raw_ids("shipyard_2") == ["shipyard_2"]
    assert raw_ids("Großes Schiff 1, 1,5 × Holz†, 50/100er-Karten") == []


@pytest.mark.parametrize(("lang", "points", "crate"), [("en", "Points", "Crate"), ("de", "Punkte", "Kiste"),
                                                       ("nl", "Punten", "Kist")])
def test_a_column_header_takes_the_number_of_its_key(specs, lang: str, points: str, crate: str) -> None:
    """`points` (a count of points) is headed by the plural, `crate` (the crate value) by the singular."""
    view = build_view(specs["race_to_the_new_found_land"], lang)
    tables = {t.id: t for t in view.appendix_tables}
    assert points in tables["table-tile.contract"].columns
    assert "Punkt" not in tables["table-tile.contract"].columns
    assert crate in tables["table-ship.large"].columns


@pytest.mark.parametrize(("lang", "first", "reward"), [("en", "Large Ship 1", "Objective Card stack°"),
                                                       ("de", "Großes Schiff 1", "Stapel mit Zielkarten°"),
                                                       ("nl", "Groot schip 1", "Stapel doelkaarten°")])
def test_a_face_without_a_name_is_named_by_its_component(specs, lang: str, first: str, reward: str) -> None:
    """`ship.large.l01` reads as its component's term and number; a frame marker's `objective_stack` reward as
    a catalog label, still marked as inferred."""
    view = build_view(specs["race_to_the_new_found_land"], lang)
    tables = {t.id: t for t in view.appendix_tables}
    assert tables["table-ship.large"].rows[0][0] == first
    assert [row[0] for row in tables["table-ship.large"].rows][-1].endswith(" 11")
    markers = tables["table-tile.frame_marker"]
    assert reward in markers.rows[0], markers.rows[0]


@pytest.mark.parametrize("lang", LANGS)
def test_board_areas_sharing_a_term_are_told_apart_by_their_own_names(specs, lang: str) -> None:
    """Areas whose concept is shared (five objective spaces, two ship spaces, the two markets) would all read as
    the one term; the board-area table names each by its own (translated) name instead, so no two rows of areas
    with different spec names show the same name."""
    for game, spec in specs.items():
        view = build_view(spec, lang)
        table = next(t for t in view.appendix_tables if t.id == "areas")
        names = [row[0] for row in table.rows]
        apart = [name for area, name in zip(spec.areas.values(), names, strict=True)
                 if area.concept and sum(a.concept == area.concept for a in spec.areas.values()) > 1
                 and len({a.name for a in spec.areas.values() if a.concept == area.concept}) > 1]
        assert len(apart) == len(set(apart)), (game, lang, sorted(apart))
