"""The OpenSpiel games pass OpenSpiel's own random simulation test, and its MCTS bot plays them to the end."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import engine.adapters.openspiel as adapter  # noqa: E402  (registers the games)
from engine.adapters.codes import action_codes  # noqa: E402
from engine.runtime.api import GameConfig  # noqa: E402
from engine.runtime.registry import load_game  # noqa: E402

RNFL = "python_race_to_the_new_found_land"
FD = "python_francis_drake"
COUNTS = [(RNFL, n) for n in (2, 3, 4)] + [(FD, n) for n in (3, 4, 5)]


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_random_sim_test_with_serialization(name: str, players: int) -> None:
    """OpenSpiel's checks over whole random games: legal actions sorted and masked, clones and serialised states
    equal to the original, returns within the utility range, game length within max_game_length."""
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type_states_chance_and_information_as_they_are() -> None:
    for name in (RNFL, FD):
        kind = pyspiel.load_game(name).get_type()
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.provides_observation_tensor and kind.provides_information_state_string


def test_num_distinct_actions_is_the_code_table_size() -> None:
    assert pyspiel.load_game(RNFL).num_distinct_actions() == action_codes("race_to_the_new_found_land").size
    assert pyspiel.load_game(FD).num_distinct_actions() == action_codes("francis_drake").size


def test_the_seed_is_dealt_by_chance_nodes_and_replays_the_engine_game() -> None:
    """Four chance nodes of 256 outcomes deal the seed; the game that follows is the engine's game of that seed."""
    game = pyspiel.load_game(RNFL, {"players": 3})
    state = game.new_initial_state()
    for byte in (0, 0, 1, 2):
        assert state.is_chance_node() and len(state.chance_outcomes()) == adapter.SEED_OUTCOMES
        state.apply_action(byte)
    assert not state.is_chance_node()
    engine = load_game(GameConfig(game="race_to_the_new_found_land", players=3, seed=258, edition="de")).new_initial_state()
    assert state.engine_state().fingerprint() == engine.fingerprint()
    assert str(game.new_initial_state_for_seed(258)) == str(state)


def test_parameters_choose_edition_and_single_rulings() -> None:
    game = pyspiel.load_game(RNFL, {"players": 2, "edition": "en-zman", "ruling_new_england_points": "settler_value"})
    readings = game.new_initial_state_for_seed(1).engine_state().game.readings
    assert readings["new_england_points"] == "settler_value"
    zman = load_game(GameConfig(game="race_to_the_new_found_land", players=2, edition="en-zman")).readings
    others = {k: v for k, v in readings.items() if k != "new_england_points"}
    assert others == {k: v for k, v in zman.items() if k != "new_england_points"}
    with pytest.raises((ValueError, pyspiel.SpielError), match="no edition"):
        pyspiel.load_game(RNFL, {"edition": "fr"})
    with pytest.raises((ValueError, pyspiel.SpielError), match="no reading"):
        pyspiel.load_game(RNFL, {"ruling_new_england_points": "double"})
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game(FD, {"players": 2})


def test_serialized_state_round_trips_mid_decision() -> None:
    """A state in the middle of a staged decision (a ship chosen, its payment not yet) serialises and clones."""
    game = pyspiel.load_game(RNFL, {"players": 4})
    rng = np.random.RandomState(3)
    for seed in range(20):
        state = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.stepper.prefix:
                copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
                assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
                clone = state.clone()
                assert str(clone) == str(state) and clone.history() == state.history()
                return
    pytest.fail("no staged decision met")


def test_observations_have_the_declared_shapes() -> None:
    for name, players in ((RNFL, 2), (FD, 5)):
        game = pyspiel.load_game(name, {"players": players})
        state = game.new_initial_state_for_seed(9)
        for player in range(players):
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            assert state.observation_string(player) != state.observation_string((player + 1) % players)
            assert state.information_state_string(player).startswith("{")


@pytest.mark.parametrize("name", [RNFL, FD])
def test_mcts_bot_plays_full_games(name: str) -> None:
    """OpenSpiel's MCTS bot (random rollouts, a few simulations) plays seat 0 of a whole game."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(name, {"players": 3})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state_for_seed(4)
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert moves > 10
    assert sum(state.returns()) == pytest.approx(0.0)
    assert max(state.returns()) > 0
