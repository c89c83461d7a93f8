"""`simulate` aggregates games as they finish: bounded memory, the same figures on any backend, absurd counts
refused."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cli.app import app
from engine.runtime.api import GameConfig
from engine.runtime.backends import LocalBackend
from engine.runtime.simulate import MAX_GAMES, Tally, simulate, simulate_summary, summarize

GAME = "race_to_the_new_found_land"
runner = CliRunner()


def test_streaming_summary_equals_the_summary_of_every_record() -> None:
    config = GameConfig(GAME, 3, seed=4)
    records = simulate(config, 10, ["heuristic", "random"])
    assert simulate_summary(config, 10, ["heuristic", "random"]).to_json() == summarize(records).to_json()
    pool = LocalBackend(2)
    try:
        assert simulate_summary(config, 10, ["heuristic", "random"], backend=pool).to_json() == summarize(records).to_json()
    finally:
        pool.close()


def test_tallies_merge_in_any_order_to_the_same_figures() -> None:
    records = simulate(GameConfig(GAME, 4, seed=2), 8, ["random"])
    halves = [Tally(), Tally()]
    for i, record in enumerate(records):
        halves[i % 2].add(record)
    ab, ba = Tally(), Tally()
    for part in halves:
        ab.merge(Tally.from_json(part.to_json()))
    for part in reversed(halves):
        ba.merge(Tally.from_json(part.to_json()))
    assert ab.to_json() == ba.to_json()
    assert ab.summary().to_json() == summarize(records).to_json()


def test_a_tally_does_not_grow_with_the_number_of_games() -> None:
    records = simulate(GameConfig(GAME, 2, seed=0), 24, ["random"])
    small, large = Tally(), Tally()
    for record in records[:4]:
        small.add(record)
    for record in records:
        large.add(record)
    shape = lambda t: {g: sorted(items) for g, items in t.to_json()["groups"].items()}  # noqa: E731
    assert shape(small).keys() == shape(large).keys()
    assert len(json.dumps(large.to_json())) < 2 * len(json.dumps(small.to_json()))  # a few more digits, no more


def test_the_pool_is_fed_lazily() -> None:
    """Tasks are drawn from their generator only as workers free up: a run of 10⁷ games never lists them all."""
    drawn: list[int] = []

    def tasks():
        for i in range(1000):
            drawn.append(i)
            yield i

    pool = LocalBackend(2)
    try:
        results = pool.map_unordered(abs, tasks())
        first = next(results)
        assert len(drawn) <= 2 * 3 + 1  # the window of tasks in flight, not the thousand
        assert sorted([first, *results]) == list(range(1000))
    finally:
        pool.close()


def test_absurd_game_counts_are_refused_clearly() -> None:
    result = runner.invoke(app, ["simulate", GAME, "--games", str(MAX_GAMES + 1)])
    assert result.exit_code == 2 and "is more than 10,000,000" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["simulate", GAME, "--games", "0"])
    assert result.exit_code == 2 and "at least 1" in result.output


def test_cli_simulate_is_the_same_on_every_backend() -> None:
    args = ["simulate", GAME, "--games", "6", "--players", "2", "--bots", "heuristic,random", "--json"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.output) == json.loads(two.output)
    bad = runner.invoke(app, [*args, "--backend", "local", "--address", "auto"])
    assert bad.exit_code == 2 and "--address is for the ray backend" in bad.output
