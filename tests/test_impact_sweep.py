"""`rulespec impact`: paired sweeps that are reproducible, backend-independent, and say what they measured."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from impact_helpers import choice_of_distance, non_default_readings, reading_where, ruling_with
from typer.testing import CliRunner

from cli.app import app
from cli.impact_command import build_plan
from engine.runtime.backends import LocalBackend
from engine.runtime.impact import SweepPlan, analyse, run_sweep
from engine.runtime.impact_report import render
from rulespec import SPECS_DIR
from rulespec.model import load_spec

GAME = "race_to_the_new_found_land"
runner = CliRunner()
#: A ruling whose readings differ in wording and not in play (one New England ship scores the same either way).
ALIKE = "new_england_points"
#: A ruling with a reading that gives the player a choice the bots take: it changes games.
CHOICE, CHOICE_READING = reading_where(GAME, "move_back_min", choice_of_distance)
SMALL = ["--games", "4", "--players", "2,3", "--ruling", ALIKE, "--ruling", CHOICE]


def _plan(games: int = 4, rulings: tuple[str, ...] = (ALIKE, CHOICE), bots=("heuristic",)):
    return build_plan(load_spec(GAME), games, [2, 3], list(bots), 0, list(rulings), [])


def test_every_reading_is_paired_with_the_defaults() -> None:
    plan = _plan()
    spec = load_spec(GAME)
    arms = [(ruling, reading) for ruling in (ALIKE, CHOICE) for reading in non_default_readings(GAME, ruling)]
    assert plan.arms() == arms and (CHOICE, CHOICE_READING) in arms
    assert dict(plan.defaults()) == {ruling.id: ruling.default for ruling in spec.rulings.values()}  # all played
    assert plan.total_games() == 4 * 2 * 1 * (1 + len(arms))  # seeds × player counts × bots × (default + readings)
    tasks = list(plan.tasks(workers=2))
    assert sum(t.games for t in tasks) == plan.total_games()


def test_sweep_is_identical_on_one_or_two_processes() -> None:
    plan = _plan()
    one = run_sweep(plan, LocalBackend(1))
    pool = LocalBackend(2)
    try:
        two = run_sweep(plan, pool)
    finally:
        pool.close()
    assert one == two
    assert json.dumps(analyse(plan, one), sort_keys=True) == json.dumps(analyse(plan, two), sort_keys=True)


def test_readings_that_play_alike_are_reported_as_such() -> None:
    plan = _plan(games=6)
    report = analyse(plan, run_sweep(plan, LocalBackend(1)))
    rulings = {r["id"]: r for r in report["rulings"]}
    alike = rulings[ALIKE]
    (reading,) = alike["readings"]
    scope = reading["bots"]["heuristic"]["players"]["all"]
    assert scope["changed"] == 0 and scope["score"]["shift"] == 0 and scope["pairs"] == 12
    assert scope["situation"]["either"] > 0  # New England was settled: the readings were put to the test
    assert alike["class"] == "none" and alike["exercised"]
    assert f"plays exactly like {load_spec(GAME).rulings[ALIKE].default}" in reading["summary"]
    # a reading that lets the player choose changes the games; the report says how much, with an interval
    choice = next(r for r in rulings[CHOICE]["readings"] if r["id"] == CHOICE_READING)
    choice_scope = choice["bots"]["heuristic"]["players"]["all"]
    assert choice_scope["changed"] > 0
    low, high = choice_scope["score"]["ci"]
    assert low <= choice_scope["score"]["shift"] <= high


def test_cli_json_is_reproducible_and_lists_every_reading(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for out in (first, second):
        result = runner.invoke(app, ["impact", GAME, *SMALL, "--jobs", "1", "--json", "--output", str(out)])
        assert result.exit_code == 0, result.output
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    assert [r["id"] for r in data["rulings"]] == [r for r in load_spec(GAME).rulings if r in (ALIKE, CHOICE)]
    for ruling in data["rulings"]:
        assert ruling["class"] in ("none", "low", "medium", "high")
        for reading in ruling["readings"]:
            for bot in ("heuristic", "random"):  # heuristic bots by default, random as a second column
                scopes = reading["bots"][bot]["players"]
                assert set(scopes) == {"2", "3", "all"}
                assert {"score", "spread", "length", "win", "changed", "situation"} <= set(scopes["all"])
                assert any(key.startswith("nation:") for key in scopes["all"]["win"])
                assert any(key.startswith("seat:") for key in scopes["all"]["win"])
    assert data["parameters"] == {"games": 4, "seed": 0, "bots": ["heuristic", "random"], "players": [2, 3],
                                  "variants": [], "class_bot": "heuristic"}  # fmt: skip
    assert len(data["digest"]) == 64


def test_text_markdown_and_html_reports() -> None:
    plan = _plan(games=3)
    report = analyse(plan, run_sweep(plan, LocalBackend(1)))
    text = render(report, "text")
    assert f"{ALIKE}: NONE" in text and f"{CHOICE}:" in text and "score/player" in text
    page = render(report, "html")
    assert page.count("<svg") == 2 and page.startswith("<!doctype html>")  # a chart per ruling
    assert render(report, "html") == page  # charts render byte for byte the same
    assert render(report, "markdown").count("<svg") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "9000000"], "lower --games"),
        (["--ruling", "no_such"], "unknown ruling"),
        (["--players", "7"], "not 7"),
        (["--players", "two"], "--players expects numbers"),
        (["--bots", "genius"], "unknown bot"),
        (["--format", "pdf"], "--format must be one of"),
        (["--backend", "spark", "--games", "1", "--ruling", "new_england_points"], "unknown backend"),
        (["--write", "--ruling", "new_england_points"], "--write records every ruling"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["impact", GAME, *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_a_game_without_rulings_gets_an_empty_report() -> None:
    """A game with no ruling (both bundled games have some: a plan of none stands in) plays no game and still
    gets a report that says so."""
    plan = SweepPlan("francis_drake", (), (3, 4, 5), ("heuristic", "random"), 2)
    assert plan.total_games() == 0 and list(plan.tasks(workers=2)) == []
    report = analyse(plan, run_sweep(plan, LocalBackend(1)))
    assert report["rulings"] == [] and report["parameters"]["players"] == [3, 4, 5]
    assert "nothing to measure" in render(report, "text")


def test_francis_drake_rulings_are_measured(tmp_path: Path) -> None:
    out = tmp_path / "fd.json"
    result = runner.invoke(app, ["impact", "francis_drake", "--games", "2", "--players", "3", "--json", "--output", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    spec = load_spec("francis_drake")
    assert [r["id"] for r in data["rulings"]] == list(spec.rulings)
    for ruling in data["rulings"]:
        assert [r["id"] for r in ruling["readings"]] == non_default_readings("francis_drake", ruling["id"])
        scope = ruling["readings"][0]["bots"]["heuristic"]["players"]["all"]
        assert scope["situation"] is not None and scope["pairs"] == 2  # the game's counter watched the pairs


def _copy_with_default(tmp_path: Path, ruling: str, reading: str) -> Path:
    """A copy of the game's spec folder in which ``ruling``'s default reading is ``reading``."""
    folder = tmp_path / reading / GAME
    shutil.copytree(SPECS_DIR / GAME, folder)
    for path in (folder / "rulings").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in data.get("rulings", []):
            if entry["id"] == ruling:
                entry["default"] = reading
                path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
                return folder
    raise AssertionError(f"{ruling} not found in {folder}")


def _later_lap_situation(tmp_path: Path, folder: Path, laps: str) -> float:
    out = tmp_path / f"{folder.parent.name}.json"
    args = ["impact", str(folder), "--ruling", laps, "--games", "30", "--players", "3", "--bots", "heuristic",
            "--jobs", "1", "--json", "-o", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    (ruling,) = json.loads(out.read_text())["rulings"]
    return float(ruling["readings"][0]["bots"]["heuristic"]["players"]["all"]["situation"]["either"])


def test_a_copy_plays_its_own_default_of_every_ruling_not_measured(tmp_path: Path) -> None:
    """Measuring one ruling of a copy plays every other ruling at the copy's default, not the bundled one. Shown
    on the frame-marker laps: a figure meets a marker it has not resolved on a later lap only where a marker can
    move back past a figure, so the laps' situation arises under a blocking reading that stops on an occupied
    space, and never under one that stops before it without passing it."""
    laps = ruling_with(GAME, "counts_on_later_laps").id
    blocking, stops_on = reading_where(GAME, "stops", lambda p: p["stops"] == "on_occupied_space")
    _, stops_before = reading_where(
        GAME, "stops", lambda p: p["stops"] == "before_occupied_space" and not p["may_pass_occupied"]
    )
    passes_figures = _copy_with_default(tmp_path, blocking, stops_on)
    plan = build_plan(load_spec(passes_figures), 4, [3], ["heuristic"], 0, [laps], [])
    assert dict(plan.defaults())[blocking] == stops_on and plan.arms() == [(laps, r) for r in non_default_readings(GAME, laps)]
    assert _later_lap_situation(tmp_path, passes_figures, laps) > 0
    assert _later_lap_situation(tmp_path, _copy_with_default(tmp_path, blocking, stops_before), laps) == 0
