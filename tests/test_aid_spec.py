"""The player aid is data: each game's `aid.yaml`, validated, loaded into the model, extracted into the catalogs.
Its numbers come from the spec's params (change a param, the sheet changes), its disputed points follow the
edition it is printed for, and `rulespec validate` names every line that does not resolve."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulespec.loading import bundled_games, resolve_folder
from rulespec.model import load_spec
from rulespec.validation import validate_spec
from translations.summary.aid import build_aid
from translations.summary.catalog import extract_catalog
from translations.summary.render import render_aid

GAME = "race_to_the_new_found_land"


def _copy(tmp_path: Path, game: str = GAME) -> Path:
    folder = tmp_path / game
    shutil.copytree(resolve_folder(game), folder)
    return folder


def _text(markup: object) -> str:
    return " ".join(re.sub(r"<title>.*?</title>|<[^>]+>", "", str(markup)).split())


@pytest.mark.parametrize("game", bundled_games())
def test_every_game_has_an_aid_that_validates(game: str) -> None:
    spec = load_spec(game)
    assert spec.aid is not None and spec.aid.spine.steps and spec.aid.reference
    _, problems = validate_spec(game)
    assert [p for p in problems if p.check == "aid"] == []


def test_the_spine_is_the_round_and_its_phases_in_order() -> None:
    spec = load_spec(GAME)
    aid = build_aid(spec, "de")
    phases = [_text(step.label) for step in aid.spine.steps]
    assert phases == ["Landphase", "Planungsphase", "Aktionsphase", "Schlussphase"]
    assert _text(aid.spine.label) == f"Runde × {spec.param('end_of_game.rounds', 'rounds')}"
    actions = [_text(step.label) for step in aid.spine.steps[2].steps]
    assert [a for a in actions if a in ("Beladen", "Siedeln", "Liefern", "Entdecken")] == [
        "Beladen", "Siedeln", "Liefern", "Entdecken"]


def test_a_number_on_the_sheet_is_the_specs_param(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    rules = folder / "rules" / "20_land.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("      cloth: 1\n      wood: 1\n",
                                                               "      cloth: 2\n      wood: 1\n"), encoding="utf-8")
    changed = _text(build_aid(load_spec(folder), "de").spine.steps[0].steps[0].text)
    original = _text(build_aid(load_spec(GAME), "de").spine.steps[0].steps[0].text)
    assert original == "Nimm 1 Tuch + 1 Holz."
    assert changed == "Nimm 2 Tuch + 1 Holz."


def test_a_disputed_point_reads_as_the_chosen_edition() -> None:
    spec = load_spec(GAME)
    html_en, _ = render_aid(spec, "en", "en")
    html_zman, _ = render_aid(spec, "en", "en-zman")
    assert "Once every player has reached it." in html_en and "passed it" not in html_en
    assert "Once every player has passed it." in html_zman and "reached it." not in html_zman


def test_the_catalogs_extract_every_line_of_the_aid() -> None:
    msgids = {m.id for m in extract_catalog() if m.id}
    for game in bundled_games():
        for line in load_spec(game).aid.lines():
            for text in (line.label, line.text, *(t for r in line.readings.values() for t in r.values())):
                if re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", text)):
                    assert text in msgids, text


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Take {cloth} {term:cloth}", "Take {clth} {term:cloth}", "slot {clth} is not a param"),
    ("Take {cloth} {term:cloth}", "Take {cloth} {term:clothes}", "unknown concept 'clothes'"),
    ("rules: [land.income]", "rules: [land.incomes]", "rule 'land.incomes', which does not exist"),
    ("              any_number: \"Any number of goods.\"\n", "", "no line for reading(s) any_number"),
    ("one_value: actions.settle.one/settler_value", "one_value: actions.settle.one/settler", "has no param 'settler'"),
    ("text: \"Instead of settling:\"", "text: \"Instead of settling: {points_basis}\"", "editions dispute"),
])
def test_validate_names_what_does_not_resolve(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = _copy(tmp_path)
    aid = folder / "aid.yaml"
    text = aid.read_text(encoding="utf-8")
    if message:
        assert old in text
    aid.write_text(text.replace(old, new), encoding="utf-8")
    _, problems = validate_spec(folder)
    found = [str(p) for p in problems if p.check == "aid"]
    if message:
        assert any(message in p and "aid.yaml:" in p for p in found), found
    else:
        assert found == []


def test_two_rules_with_one_param_name_need_a_slot(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    aid = folder / "aid.yaml"
    text = aid.read_text(encoding="utf-8").replace("{one_value} → {one_markers}", "{settler_value} → {one_markers}")
    aid.write_text(text, encoding="utf-8")
    _, problems = validate_spec(folder)
    assert any("slot {settler_value} is ambiguous" in str(p) for p in problems)


def test_a_game_without_an_aid_says_so(tmp_path: Path) -> None:
    from translations.summary.aid import NoAid

    folder = _copy(tmp_path, "francis_drake")
    (folder / "aid.yaml").unlink()
    spec = load_spec(folder)
    assert spec.aid is None
    with pytest.raises(NoAid, match=r"aid\.yaml"):
        build_aid(spec, "en")
