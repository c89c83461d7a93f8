"""Issue #15, spec points 5–8 and 10: the rulings, citations, provenance and trace of Race to the New Found Land
that a rules review found wrong, each checked against the rulebook sentence it rests on.

Every test names the sentence it enforces; the sentence is looked up in the edition's text (whitespace
ignored), so a test cannot quote a rulebook that does not say it.
"""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest

from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import GameConfig
from engine.runtime.registry import load_game
from rulespec.loading import load_documents, resolve_folder
from rulespec.model import Spec, load_spec
from rulespec.provenance import value_sites
from rulespec.validation import validate_spec
from translations.sources.citations import find_quote, quotes_of
from translations.sources.editions import read_source
from translations.sources.trace import coverage

GAME = "race_to_the_new_found_land"
EDITIONS = ("en", "en-zman", "de", "nl")


@cache
def spec() -> Spec:
    return load_spec(GAME)


@cache
def text(edition: str) -> str:
    return read_source(spec(), edition)


def says(edition: str, sentence: str) -> None:
    """The edition's text contains ``sentence`` (whitespace and line breaks ignored)."""
    assert find_quote(text(edition), sentence) is not None, f"{edition} does not say {sentence!r}"


def quoted(item_citations: object) -> list[str]:
    return [q for q, _ in quotes_of(item_citations)]  # type: ignore[arg-type]


# --------------------------------------------------------------------------- 5. frame_markers.move_back


def test_move_back_is_exactly_three_in_every_edition_including_de() -> None:
    """de: "Danach musst du den Rahmenmarker um bis zu 3 Felder weit nach hinten … rücken" — compulsory; the
    "bis zu" is what blocking cuts short ("Sollte der Rahmenmarker „anstoßen“ bleibt er auf dem Feld davor
    liegen"), and de's example moves the full 3 "Da kein anderer Rahmenmarker und keine Schiffsfigur eines
    anderen Spielers „im Weg steht“"."""
    says("de", "Danach musst du den Rahmenmarker um bis zu 3 Felder weit nach hinten")
    says("de", "Sollte der Rahmenmarker „anstoßen“ bleibt er auf dem Feld davor liegen.")
    says("de", "Danach rückt er den Rahmenmarker um 3 Felder zurück. Da kein anderer Rahmenmarker und keine "
               "Schiffsfigur eines anderen Spielers „im Weg steht“")
    ruling = spec().rulings["frame_marker_move_back"]
    default = ruling.readings[ruling.default]
    assert set(default.editions) == set(EDITIONS)
    assert default.params == {"move_back_max": 3, "move_back_min": 3}
    assert spec().rule("frame_markers.move_back").params == default.params
    for edition in EDITIONS:
        tables = load_game(GameConfig(GAME, 3, edition=edition)).tables
        assert tables.frame_back_min == tables.frame_back == 3


# --------------------------------------------------------------------------- 6. silence is not a prohibition


@pytest.mark.parametrize("rule_id", ["land.gold_substitute", "actions.load.card_play"])
def test_zman_silence_is_silent_and_follows_the_default(rule_id: str) -> None:
    """en-zman never mentions gold as a substitute nor how goods cards are played: its citation is
    ``silent``, no reading claims en-zman, and the en-zman engine reads what the default edition reads."""
    rule = spec().rule(rule_id)
    assert "silent" in rule.citations["en-zman"]
    for ruling in spec().rulings.values():
        if rule_id in ruling.rules:
            assert all("en-zman" not in r.editions for r in ruling.readings.values()), ruling.id
    zman = load_game(GameConfig(GAME, 3, edition="en-zman")).tables
    default = load_game(GameConfig(GAME, 3)).tables
    assert zman.gold_substitute_in == default.gold_substitute_in
    assert zman.goods_cards_playable == default.goods_cards_playable is True


def test_no_reading_forbids_what_an_edition_only_leaves_out() -> None:
    """The two readings that read silence as "never" are gone; a ruling needs two readings stated or argued."""
    assert "never" not in spec().rulings["gold_substitute"].readings
    assert "one_x_card_play" not in spec().rulings  # de, en and nl agree: nothing left to rule on
    says("de", "Waren- und Punktekarten darfst du jederzeit in deinem Zug ausspielen.")
    says("en", "You may play Goods and Scoring cards at anytime during your turn.")
    says("nl", "**Goederen- en puntenkaarten** mag hij op elk moment in zijn beurt spelen.")


def test_zman_player_may_pay_gold_for_a_ship() -> None:
    """de: "Anstatt 1 Holz, 1 Tuch oder 1 Eisen abzugeben, darfst du stattdessen 1 Gold abgeben." — the default
    reading, so also what an en-zman game does."""
    says("de", "Anstatt 1 Holz, 1 Tuch oder 1 Eisen abzugeben, darfst du stattdessen 1 Gold abgeben.")
    sc = Scenario(3, edition="en-zman").clear()
    sc.goods(0, wood=1, gold=1)
    assert sc.state.payments(0, sc.T.small_ship_cost, "build_ships")


# --------------------------------------------------------------------------- 7. citations


def test_fifty_hundred_does_not_cite_the_milestone_sentence() -> None:
    """en-zman's "if you encounter a milestone marker that you have already resolved, it has no effect" is the
    once-per-player rule, not the 50/100 cards'."""
    sentence = "if you encounter a milestone marker that you have already resolved, it has no effect."
    says("en-zman", sentence)
    assert not any(sentence in q for q in quoted(spec().rule("end_phase.fifty_hundred").citations["en-zman"]))
    assert any(sentence in q for q in quoted(spec().rule("frame_markers.once_per_player").citations["en-zman"]))


def test_new_england_points_value_is_not_cited_from_the_other_reading() -> None:
    """New England's plain 1 point per marker is de/en/nl's ("1 Punkt für jeden nicht gesetzten Marker");
    en-zman's "score points equal to the settler value of that ship" states the other reading and is cited
    by ruling new_england_points only."""
    area = spec().areas["location.new_england"]
    assert area.attributes["points_per_marker"] == 1
    assert not any("settler value of that ship" in q and "score" in q for q in quoted(area.citations["en-zman"]))
    says("de", "erhältst dafür 1 Punkt für jeden nicht gesetzten Marker.")
    reading = spec().reading("new_england_points", "en-zman")
    assert reading.id == "settler_value"


def test_zman_shuffles_its_unused_starting_ships_into_the_stack() -> None:
    """en-zman sorts nothing out: "Take the starting small ship … that matches the flag on your player sheet",
    then "Shuffle all the remaining small ships" — the unused starting ships included."""
    says("en-zman", "Shuffle all the remaining small ships")
    ruling = spec().rulings["unused_starting_ships"]
    assert "en-zman" in ruling.readings["into_draw_stack"].editions
    assert "ambiguous" not in ruling.reason


def test_every_ruling_param_is_a_param_of_its_rules_at_the_default() -> None:
    """The five setup rulings set params their rules lacked; now every reading's params are the rules'."""
    for ruling in spec().rulings.values():
        rules = [spec().rule(r) for r in ruling.rules]
        names = {n for rule in rules for n in rule.params}
        for name, value in ruling.readings[ruling.default].params.items():
            assert name in names, (ruling.id, name)
            assert all(rule.params[name] == value for rule in rules if name in rule.params), (ruling.id, name)


def test_validate_reports_a_ruling_param_no_rule_has(tmp_path: Path) -> None:
    copy = tmp_path / GAME
    shutil.copytree(resolve_folder(GAME), copy)
    setup = copy / "setup.yaml"
    setup.write_text(setup.read_text(encoding="utf-8").replace("      island_draw_stacks: 1\n", ""), encoding="utf-8")
    _, problems = validate_spec(copy)
    assert any("island_draw_stacks" in str(p) and "none of its rules" in str(p) for p in problems)


# --------------------------------------------------------------------------- 8. provenance


def category(file_end: str, path_end: str) -> str:
    sites = [s for s in value_sites(load_documents(GAME)) if s.file.endswith(file_end) and s.path.endswith(path_end)]
    assert sites, (file_end, path_end)
    return sites[0].category


def test_values_no_book_states_are_marked() -> None:
    """Every edition starts the figures "on the green space" and none numbers it; no edition says the track
    shows the markers' symbols."""
    says("de", "Schiffsfigur auf das grüne Feld der Zählleiste")
    assert category("board/board.yaml", "/attributes/start_space") == "inferred"
    icon_sites = [s for s in value_sites(load_documents(GAME))
                  if s.file.endswith("board.yaml") and "/spaces/" in s.path and s.path.endswith("/icon")]
    assert len(icon_sites) == 5
    assert {s.category for s in icon_sites} == {"assumed"}


@pytest.mark.parametrize(("file_end", "path_end", "edition", "sentence"), [
    ("30_frame_markers.yaml", "/once_per_player", "en-zman",
     "if you encounter a milestone marker that you have already resolved, it has no effect."),
    ("70_end_phase.yaml", "/track_continues_from_start", "en-zman", "continue tracking your score from the green space"),
    ("20_land.yaml", "/small_market_spaces", "en",
     "draw the top 4 Small Ships and place 1 face up on each of the Small Ship Market spaces."),
    ("20_land.yaml", "/large_market_spaces", "nl", "Leg dan de bovenste 4 grote schepen van deze stapel"),
    ("player_boards.yaml", "/records/0/attributes/max_ships_settle", "de", "dort das Maximum von 3 Schiffen eingesetzt."),
])
def test_values_a_cited_book_states_are_sourced(file_end: str, path_end: str, edition: str, sentence: str) -> None:
    says(edition, sentence)
    assert category(file_end, path_end) == "sourced"


# --------------------------------------------------------------------------- 10. trace


def _de_coverage(folder: Path) -> object:
    loaded = load_spec(folder)
    return next(c for c in coverage(loaded, {"de": text("de")}) if c.edition == "de")


def test_a_heading_quote_does_not_cover_the_rule_sentence_behind_it(tmp_path: Path) -> None:
    """de's heading "Startspieler" runs into "Zuletzt gibst du das Startspielerplättchen an den Spieler links von
    dir weiter …"; the heading's not-rule quote takes those first words to locate it, but covers the heading
    only: without end_phase.start_player's citation the sentence is uncovered and trace drops below 100 %."""
    sentence = "Zuletzt gibst du das Startspielerplättchen an den Spieler links von dir weiter und es beginnt eine neue Runde."
    says("de", sentence)
    assert any(p.quote.startswith("Startspieler Zuletzt") and p.kind == "heading" for p in spec().not_rules)
    assert _de_coverage(resolve_folder(GAME)).ratio == 1.0
    copy = tmp_path / GAME
    shutil.copytree(resolve_folder(GAME), copy)
    rules = copy / "rules" / "70_end_phase.yaml"
    original = rules.read_text(encoding="utf-8")
    assert f'de: "{sentence}"' in original
    rules.write_text(original.replace(f'de: "{sentence}"', 'de: {silent: "removed for the test"}'), encoding="utf-8")
    report = _de_coverage(copy)
    assert report.ratio < 1.0
    assert [u[2] for u in report.uncovered] == [sentence]
