"""The PettingZoo environments pass PettingZoo's own API and seed tests, for every player count of both games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from engine.adapters.codes import action_codes
from engine.adapters.pettingzoo import env
from rulespec.model import load_spec

RNFL = "race_to_the_new_found_land"
FD = "francis_drake"
#: Every player count each spec allows (read from the spec, so a changed range is tested as it stands).
COUNTS = [(name, n) for name, game in ((RNFL, "race_to_the_new_found_land"), (FD, "francis_drake"))
          for n in range(load_spec(game).players_min, load_spec(game).players_max + 1)]


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_api_test(game: str, players: int) -> None:
    api_test(env(game=game, players=players), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game=game, players=players), num_cycles=200)


@pytest.mark.parametrize("game", [RNFL, FD])
def test_whole_games_end_with_zero_sum_rewards(game: str) -> None:
    """Masked random play reaches the end; the mask is the legal codes; the rewards are the win/loss returns."""
    e = env(game=game, players=3)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert np.flatnonzero(mask).tolist() == e.unwrapped.legal_actions()
        assert observation["observation"].shape == e.observation_space(agent)["observation"].shape
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert sum(totals.values()) == pytest.approx(0.0) and max(totals.values()) > 0


def test_spaces_report_the_code_table() -> None:
    e = env(game=RNFL, players=4)
    assert e.action_space("player_0").n == action_codes(RNFL).size
    assert e.observation_space("player_3")["action_mask"].shape == (action_codes(RNFL).size,)


def test_bad_configuration_fails_at_creation() -> None:
    with pytest.raises(ValueError, match="edition"):
        env(game=RNFL, edition="fr")
    with pytest.raises(ValueError):
        env(game=FD, players=7)


def test_render_shows_the_board_to_the_agent_to_move() -> None:
    e = env(game=FD, players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert "Voyage 1" in text and "you" in text


def _trace(e: object, seed: int) -> list[tuple[object, ...]]:
    """What a masked random game shows through ``e`` at every step (agent, last(), the public dicts)."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    seen: list[tuple[object, ...]] = []
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, info = e.last()  # type: ignore[attr-defined]
        seen.append((
            agent, reward, termination, truncation, info, observation["action_mask"].tolist(),
            observation["observation"].tolist(), list(e.agents), dict(e.rewards),  # type: ignore[attr-defined]
            dict(e._cumulative_rewards), dict(e.terminations), dict(e.truncations),  # type: ignore[attr-defined]
        ))  # fmt: skip
        if termination or truncation:
            e.step(None)  # type: ignore[attr-defined]
        else:
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize(("game", "players"), [(RNFL, 3), (FD, 4)])
def test_the_wrapper_shows_what_pettingzoos_own_shows(game: str, players: int) -> None:
    """Our order-enforcing wrapper (properties instead of ``__getattr__``, ``last`` asked of the environment)
    shows, step by step, what PettingZoo's ``OrderEnforcingWrapper`` over the same environment shows."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = env(game=game, players=players)
    theirs = OrderEnforcingWrapper(type(ours.unwrapped)(game=game, players=players))
    assert isinstance(ours, OrderEnforcingWrapper)
    assert _trace(ours, 11) == _trace(theirs, 11)


def test_the_wrapper_refuses_what_pettingzoos_refuses_before_reset() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = env(game=RNFL, players=2)
    theirs = OrderEnforcingWrapper(type(ours.unwrapped)(game=RNFL, players=2))
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos", "num_agents"):
        messages = []
        for e in (ours, theirs):
            with pytest.raises(AttributeError) as raised:
                getattr(e, name)
            messages.append(str(raised.value))
        assert messages[0] == messages[1] == f"{name} cannot be accessed before reset"
    with pytest.raises(AttributeError, match="before reset"):
        ours.last()
    ours.reset(seed=1)
    ours.agent_selection = "player_1"  # written through to the environment, which every reader sees
    assert ours.unwrapped.agent_selection == "player_1" == ours.agent_selection


def test_the_wrapper_enforces_the_order_pettingzoos_enforces(caplog: pytest.LogCaptureFixture) -> None:
    """Iterating twice without a step fails as in PettingZoo's wrapper; so do ``agent_iter`` and ``step`` before
    ``reset()``; a step after every agent is done only logs a warning, and leaves the game as it is."""
    e = env(game=RNFL, players=2)
    with pytest.raises(Exception, match="reset"):
        e.agent_iter()
    with pytest.raises(Exception, match="reset"):
        e.step(0)
    e.reset(seed=2)
    agents = iter(e.agent_iter())
    assert next(agents) == e.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    e.step(e.unwrapped.legal_actions()[0])
    for _ in e.agent_iter():
        _, _, termination, truncation, _ = e.last(observe=False)
        e.step(None if termination or truncation else e.unwrapped.legal_actions()[0])
    assert e.agents == []
    e.step(None)
    assert e.agents == [] and "step() called after all agents are terminated" in caplog.text


def test_the_bare_environment_checks_what_the_wrapper_left_to_it(caplog: pytest.LogCaptureFixture) -> None:
    """From ``reset()`` on the wrapper's ``step`` is the environment's: the environment itself refuses a step
    before any game, only warns of one once every agent is done, and after ``close()`` its ``legal_actions``
    refuses again instead of answering for the closed game."""
    e = env(game=RNFL, players=2)
    raw = e.unwrapped
    with pytest.raises(RuntimeError, match="reset"):
        raw.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        raw.legal_actions()
    e.reset(seed=3)
    assert raw.legal_actions() == raw.stepper.legal_codes()
    for _ in e.agent_iter():
        _, _, termination, truncation, _ = e.last(observe=False)
        e.step(None if termination or truncation else raw.legal_actions()[0])
    history = list(raw.stepper.state.history)
    raw.step(None)
    assert raw.agents == [] and raw.stepper.state.history == history
    assert "step() called after all agents are terminated" in caplog.text
    e.close()
    with pytest.raises(RuntimeError, match="reset"):
        raw.legal_actions()


def test_single_option_decisions_are_steps_only_when_asked_for() -> None:
    """``ask_forced=True`` makes every engine decision a step of its agent (masks with a single legal code
    appear), and the environment still passes PettingZoo's API test; by default such decisions are played at once."""
    def single_masks(e: Any) -> int:
        e.reset(seed=3)
        rng = np.random.default_rng(3)
        found = 0
        for _agent in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            mask = observation["action_mask"]
            found += int(mask.sum()) == 1
            e.step(int(rng.choice(np.flatnonzero(mask))))
        return found

    assert single_masks(env(game=RNFL, players=3)) == 0
    assert single_masks(env(game=RNFL, players=3, ask_forced=True)) > 0
    api_test(env(game=RNFL, players=3, ask_forced=True), num_cycles=100)
