"""The Ray backend: a small sweep and a simulation on a local Ray instance give what the local backend gives."""

from __future__ import annotations

import json

import pytest

from cli.impact_command import build_plan
from engine.runtime.api import GameConfig
from engine.runtime.backends import LocalBackend, RayBackend
from engine.runtime.impact import analyse, run_sweep
from engine.runtime.simulate import simulate_summary
from rulespec.model import load_spec

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'rulespec[ray]')")

GAME = "race_to_the_new_found_land"


@pytest.fixture(scope="module")
def ray_backend():
    """A local Ray instance of 2 CPUs, without its dashboard; shut down after the module."""
    backend = RayBackend(workers=2)
    yield backend
    backend.close()
    assert not ray.is_initialized()


def test_ray_sweep_equals_local_sweep(ray_backend: RayBackend) -> None:
    # two rulings of the spec (the last two: any would do) on two player counts and both bot columns
    rulings = list(load_spec(GAME).rulings)[-2:]
    plan = build_plan(load_spec(GAME), 3, [2, 3], ["heuristic", "random"], 5, rulings, [])
    local = run_sweep(plan, LocalBackend(1))
    games: list[int] = []
    remote = run_sweep(plan, ray_backend, games.append)
    assert remote == local
    assert sum(games) == plan.total_games()
    assert json.dumps(analyse(plan, remote), sort_keys=True) == json.dumps(analyse(plan, local), sort_keys=True)


def test_ray_simulation_equals_local_simulation(ray_backend: RayBackend) -> None:
    config = GameConfig(GAME, 3, seed=9)
    local = simulate_summary(config, 12, ["heuristic", "random"])
    remote = simulate_summary(config, 12, ["heuristic", "random"], backend=ray_backend)
    assert remote.to_json() == local.to_json()
    assert ray_backend.workers == 2


def test_cli_json_is_the_same_on_ray(ray_backend: RayBackend, tmp_path) -> None:
    """`rulespec impact … --backend ray` (joining the running instance) writes the local backend's bytes."""
    from typer.testing import CliRunner

    from cli.app import app

    args = ["impact", GAME, "--games", "2", "--players", "2", "--ruling", next(iter(load_spec(GAME).rulings)), "--json"]
    outputs = []
    for backend in ("local", "ray"):
        out = tmp_path / f"{backend}.json"
        result = CliRunner().invoke(app, [*args, "--backend", backend, "--jobs", "2", "--output", str(out)])
        assert result.exit_code == 0, result.output
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert ray.is_initialized()  # the command joined the instance it found and left it running
