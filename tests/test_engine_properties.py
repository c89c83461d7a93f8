"""Property tests over random legal play of Race to the New Found Land, for 2–4 players and every edition.

At every step: each component is in exactly one place and the counts match the spec; no player's goods go
negative. Per game: it ends after the spec's number of rounds; the same seed gives the same log; a state
rebuilt from its JSON equals it; an illegal action leaves the state unchanged.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as strats

from engine.race_to_the_new_found_land.generated import components as gen_components
from engine.race_to_the_new_found_land.generated import game_info
from engine.race_to_the_new_found_land.scenario import component_locations
from engine.runtime.api import Action, GameConfig, IllegalActionError, State
from engine.runtime.registry import load_game

GAME = "race_to_the_new_found_land"
EDITIONS = list(game_info.EDITIONS)


def spec_count(*component_ids: str) -> int:
    return sum(gen_components.COMPONENTS[c]["count"] for c in component_ids)


def expected_counts(state: State) -> dict[str, int]:
    """How many of each tracked kind the spec says are in play (unused starting ships may stay in the box)."""
    T = state.T  # type: ignore[attr-defined]
    ships = spec_count("ship.large", "ship.small")
    if not T.unused_start_ships_in_stack:
        ships -= spec_count("ship.small.starting") - state.n  # type: ignore[attr-defined]
    return {
        "ships": ships,
        "cards": spec_count("card.one_x"),
        "island_tiles": spec_count("tile.island"),
        "contracts": spec_count("tile.contract"),
        "objectives": spec_count("card.objective"),
        "captains": spec_count("card.captain"),
        "compass": spec_count("tile.compass"),
        "fifty_cards": spec_count("card.fifty_hundred"),
    }


def check_invariants(state: State) -> None:
    locations = component_locations(state)  # type: ignore[arg-type]
    for kind, expected in expected_counts(state).items():
        pieces = locations[kind]
        duplicates = [x for x, k in Counter(pieces).items() if k > 1]
        assert not duplicates, f"{kind} in two places: {duplicates}"
        assert len(pieces) == expected, f"{kind}: {len(pieces)} in play, spec says {expected}"
    for p in range(state.n):  # type: ignore[attr-defined]
        assert min(state.goods[p]) >= 0, f"player {p} goods {state.goods[p]}"  # type: ignore[attr-defined]


def play_random(config: GameConfig, check_every_step: bool = True) -> State:
    state = load_game(config).new_initial_state()
    rng = random.Random(config.seed + 99)
    check_invariants(state)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions, "a non-terminal state must offer an action"
        state.apply(actions[rng.randrange(len(actions))])
        if check_every_step:
            check_invariants(state)
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=strats.integers(min_value=2, max_value=4),
    edition=strats.sampled_from(EDITIONS),
    seed=strats.integers(min_value=0, max_value=10_000),
    variant=strats.booleans(),
)
def test_random_play_conserves_components_and_ends_after_the_rounds(players: int, edition: str, seed: int, variant: bool) -> None:
    config = GameConfig(GAME, players, seed, edition, variants=("higher_frame_markers",) if variant else ())
    state = play_random(config)
    T = state.T  # type: ignore[attr-defined]
    assert state.round == T.rounds - 1  # type: ignore[attr-defined]
    assert state.current_player == -1 and state.legal_actions() == []
    assert len(state.winners()) >= 1
    assert len(state.scores()) == players


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_log(players: int, edition: str) -> None:
    config = GameConfig(GAME, players, seed=players * 31 + len(edition), edition=edition)
    a = play_random(config, check_every_step=False)
    b = play_random(config, check_every_step=False)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]
    assert a.scores() == b.scores()
    c = play_random(GameConfig(GAME, players, seed=config.seed + 1, edition=edition), check_every_step=False)
    assert [str(x) for x in a.history] != [str(x) for x in c.history]


@settings(max_examples=8, deadline=None)
@given(seed=strats.integers(0, 5000), cut=strats.floats(0.0, 1.0), edition=strats.sampled_from(EDITIONS))
def test_json_round_trip_at_any_point(seed: int, cut: float, edition: str) -> None:
    config = GameConfig(GAME, 3, seed, edition)
    full = play_random(config, check_every_step=False)
    k = int(cut * len(full.history))
    state = load_game(config).new_initial_state()
    for action in full.history[:k]:
        state.apply(action)
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = State.from_json(data)
    assert rebuilt == state
    assert rebuilt.observation(0) == state.observation(0)
    if not state.is_terminal():
        nxt = state.legal_actions()[0]
        state.apply(nxt)
        assert rebuilt != state


@settings(max_examples=8, deadline=None)
@given(seed=strats.integers(0, 5000), steps=strats.integers(0, 150))
def test_illegal_action_leaves_state_unchanged(seed: int, steps: int) -> None:
    config = GameConfig(GAME, 4, seed)
    state = load_game(config).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    before = state.fingerprint()
    legal = state.legal_actions()
    bogus = [Action("nonsense"), Action("build", (("ship", "ship.large.l99"),)), Action("frame", (("good", "gold"),))]
    for action in bogus:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.fingerprint() == before
        assert state.legal_actions() == legal


def test_observation_hides_other_hands_and_stacks() -> None:
    state = load_game(GameConfig(GAME, 3, seed=5)).new_initial_state()
    obs = state.observation(0)
    assert isinstance(obs["players"][0]["cards"], list)
    assert isinstance(obs["players"][1]["cards"], int)
    assert isinstance(obs["stacks"]["islands"], int) and isinstance(obs["objective_stacks"][0], int)
    full = state.fingerprint()
    assert isinstance(full["stacks"]["islands"], list)
    json.dumps(obs)  # JSON-able


def test_actions_have_stable_text_and_json() -> None:
    state = load_game(GameConfig(GAME, 3, seed=2)).new_initial_state()
    for action in state.legal_actions():
        again = Action.from_json(json.loads(json.dumps(action.to_json())))
        assert again == action and str(again) == str(action)
