"""The game-agnostic runtime and the engine CLI: bots, statistics, simulation, logs and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from engine.runtime.api import GameConfig
from engine.runtime.bots import UnknownBotError, make_bot, play_game
from engine.runtime.registry import load_game
from engine.runtime.replay import LogError, replay, write_log
from engine.runtime.simulate import compare, seat_bots, simulate, summarize
from engine.runtime.stats import group_stats, mean_ci, wilson

GAME = "race_to_the_new_found_land"
runner = CliRunner()


def test_wilson_interval_contains_rate_and_narrows() -> None:
    small, large = wilson(7, 10), wilson(700, 1000)
    assert small.low < 0.7 < small.high and large.low < 0.7 < large.high
    assert large.high - large.low < small.high - small.low
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == pytest.approx(1.0)


def test_mean_ci() -> None:
    mean, sd, ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and round(sd, 4) == 1.291 and ci.low < 2.5 < ci.high
    stats = group_stats([1.0, 0.0, 0.0, 1.0], [10, 5, 7, 9])
    assert stats.win_rate == 0.5 and stats.score_min == 5 and stats.score_max == 10


def test_seat_bots_rotate() -> None:
    assert seat_bots(["h", "r"], 4, 0, True) == ["h", "r", "h", "r"]
    assert seat_bots(["h", "r", "r", "r"], 4, 1, True) == ["r", "r", "r", "h"]
    assert seat_bots(["h"], 3, 2, False) == ["h", "h", "h"]


def test_unknown_bot() -> None:
    with pytest.raises(UnknownBotError):
        make_bot("genius", GAME)


def test_simulate_is_reproducible_and_independent_of_jobs() -> None:
    base = GameConfig(GAME, 3, seed=11)
    one = simulate(base, 4, ["random"], jobs=1)
    two = simulate(base, 4, ["random"], jobs=2)
    assert one == two
    summary = summarize(one)
    assert summary.games == 4
    assert set(summary.groups) >= {"seat", "bot", "nation"}
    assert sum(s.games for s in summary.groups["seat"].values()) == 12


def test_compare_reports_shifts() -> None:
    base = GameConfig(GAME, 3, seed=3)
    de = summarize(simulate(base, 3, ["random"]))
    zman = summarize(simulate(GameConfig(GAME, 3, seed=3, edition="en-zman"), 3, ["random"]))
    result = compare({"de": de, "en-zman": zman})
    assert result["baseline"] == "de" and "seat=0" in result["shifts"]["en-zman"]["groups"]


def test_heuristic_beats_random() -> None:
    records = simulate(GameConfig(GAME, 4, seed=100), 12, ["heuristic", "random", "random", "random"])
    wins = summarize(records).groups["bot"]["heuristic"].win_rate
    assert wins >= 0.7


def test_log_and_replay(tmp_path: Path) -> None:
    state = load_game(GameConfig(GAME, 2, seed=8)).new_initial_state()
    play_game(state, [make_bot("random", GAME)] * 2, 8)
    log = tmp_path / "game.jsonl"
    write_log(log, state)
    lines = log.read_text().splitlines()
    assert "config" in json.loads(lines[0]) and "final" in json.loads(lines[-1])
    assert len(lines) == len(state.history) + 2
    result = replay(log)
    assert result.final_checked and result.state == state
    # a tampered final score is caught, naming the line
    final = json.loads(lines[-1])
    final["final"]["scores"][0] += 1
    log.write_text("\n".join([*lines[:-1], json.dumps(final)]) + "\n")
    with pytest.raises(LogError, match=f":{len(lines)}:"):
        replay(log)
    # a different final state (same scores) is caught through the state digest
    final = json.loads(lines[-1])
    assert len(final["final"]["state"]) == 64
    final["final"]["state"] = "0" * 64
    log.write_text("\n".join([*lines[:-1], json.dumps(final)]) + "\n")
    with pytest.raises(LogError, match="final state differs"):
        replay(log)
    # an illegal action is caught
    bad = json.loads(lines[1])
    bad["action"] = {"kind": "nonsense", "args": {}}
    log.write_text("\n".join([lines[0], json.dumps(bad)]) + "\n")
    with pytest.raises(LogError, match=":2: illegal action"):
        replay(log)


def test_cli_replay(tmp_path: Path) -> None:
    state = load_game(GameConfig(GAME, 3, seed=1)).new_initial_state()
    play_game(state, [make_bot("random", GAME)] * 3, 1)
    log = tmp_path / "g.jsonl"
    write_log(log, state)
    ok = runner.invoke(app, ["replay", str(log)])
    assert ok.exit_code == 0 and "final scores verified" in ok.output
    log.write_text("not json\n")
    bad = runner.invoke(app, ["replay", str(log)])
    assert bad.exit_code == 1 and "g.jsonl:1: not JSON" in bad.output
    assert "Traceback" not in bad.output


def test_cli_play_hot_seat_with_log(tmp_path: Path) -> None:
    """A human at seat 0 plays by typing numbers (always the first action) against a bot; the log replays."""
    log = tmp_path / "play.jsonl"
    answers = "rules settle\n" + "1\n" * 400
    args = ["play", "race_to_the_new_found_land", "--players", "2", "--bots", "first", "--seed", "3", "--log", str(log)]
    result = runner.invoke(app, args, input=answers)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    # the look-up answers with a settle rule (or says clearly why it cannot)
    assert "actions.settle" in result.output or "Rule look-up is not available" in result.output
    assert replay(log).final_checked


def test_cli_simulate_json_and_compare() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "race_to_the_new_found_land",
            "--games",
            "3",
            "--players",
            "3",
            "--bots",
            "heuristic,random",
            "--json",
            "--compare-editions",
            "de,en-zman",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["editions"]) == {"de", "en-zman"}
    assert data["comparison"]["baseline"] == "de"
    readings = data["comparison"]["readings"]
    assert readings["antwerp_capacity"] == {"de": "crate_limited", "en-zman": "any_number"}
    assert "gold_substitute" not in readings  # en-zman is silent on gold: it follows the default (de) reading
    assert set(data["editions"]["de"]["groups"]["bot"]) == {"heuristic", "random"}


def test_cli_bad_input_is_a_clear_error() -> None:
    result = runner.invoke(app, ["simulate", "race_to_the_new_found_land", "--games", "2", "--bots", "genius"])
    assert result.exit_code == 2 and "unknown bot 'genius'" in result.output
    result = runner.invoke(app, ["simulate", "race_to_the_new_found_land", "--games", "2", "--edition", "xx"])
    assert result.exit_code == 2 and "unknown edition" in result.output
    result = runner.invoke(app, ["play", "no_such_game"])
    assert result.exit_code == 2 and "no engine for game" in result.output


def test_cli_log_and_replay_io_errors_are_exit_2_without_traceback(tmp_path: Path) -> None:
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(bytes(range(256)) * 4)
    for path in (binary, tmp_path / "missing.jsonl"):
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    result = runner.invoke(app, ["play", "race_to_the_new_found_land", "--log", str(tmp_path / "no" / "dir.jsonl")],
                           input="quit\n")
    assert result.exit_code == 2 and "cannot write" in result.output
