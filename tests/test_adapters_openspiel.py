"""The OpenSpiel games pass OpenSpiel's own random simulation test, and its MCTS bot plays them to the end."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import engine.adapters.openspiel as adapter  # noqa: E402  (registers the games)
from engine.adapters.codes import action_codes  # noqa: E402
from engine.runtime.api import GameConfig  # noqa: E402
from engine.runtime.registry import load_game  # noqa: E402
from rulespec.model import load_spec  # noqa: E402

RNFL = "python_race_to_the_new_found_land"
FD = "python_francis_drake"
#: Every player count each spec allows (read from the spec, so a changed range is tested as it stands).
COUNTS = [(name, n) for name, game in ((RNFL, "race_to_the_new_found_land"), (FD, "francis_drake"))
          for n in range(load_spec(game).players_min, load_spec(game).players_max + 1)]


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


def _played(name: str, players: int, seed: int, moves: int) -> tuple[object, object]:
    game = pyspiel.load_game(name, {"players": players})
    state = game.new_initial_state_for_seed(seed)
    rng = np.random.RandomState(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def test_a_state_serialises_as_the_game_and_its_history_only() -> None:
    """What OpenSpiel writes for our states: the game string, the history, and the pickle of an empty dict (the
    state has no ``__dict__``), the same line for every state, whatever its history."""
    import base64

    lines = {}
    for name, players in ((RNFL, 4), (FD, 3)):
        game, state = _played(name, players, 11, 60)
        text = pyspiel.serialize_game_and_state(game, state)
        assert not hasattr(state, "__dict__")
        assert f"history={','.join(f'{p}:{a}' for p, a in ((h.player, h.action) for h in state.full_history()))}" in text
        lines[name] = next(line for line in text.split("\n") if line.startswith("__dict__="))
    assert lines[RNFL] == lines[FD]
    payload = base64.b64decode(lines[RNFL].split("=", 1)[1])
    assert len(payload) <= 8 and b"engine" not in payload  # an empty dict names no module, no function


@pytest.mark.parametrize(("name", "players"), [(RNFL, 4), (FD, 5)])
def test_our_reader_replays_the_history(name: str, players: int) -> None:
    """:func:`deserialize_game_and_state` reads what OpenSpiel writes, mid-decision included, to an equal state."""
    game, state = _played(name, players, 12, 80)
    copy_game, copy = adapter.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy_game) == str(game)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    assert [copy.information_state_string(p) for p in range(players)] == [
        state.information_state_string(p) for p in range(players)
    ]


_UNPICKLED: list[bool] = []


def _mark_unpickled() -> None:
    """Called only if a crafted pickle payload is unpickled."""
    _UNPICKLED.append(True)


def test_a_crafted_pickle_payload_is_refused_without_running_it() -> None:
    """A pickle that calls a function when loaded, put in place of the empty dict: our reader refuses it and calls
    nothing; OpenSpiel's own reader runs it, which is why the README says never to give it a foreign string."""
    import base64

    game, state = _played(RNFL, 3, 13, 20)
    text = pyspiel.serialize_game_and_state(game, state)
    crafted_payload = f"c{__name__}\n_mark_unpickled\n(tR.".encode()  # protocol 0: GLOBAL, MARK, TUPLE, REDUCE
    crafted = "\n".join(
        "__dict__=" + base64.b64encode(crafted_payload).decode() if line.startswith("__dict__=") else line
        for line in text.split("\n")
    )
    _UNPICKLED.clear()
    with pytest.raises(adapter.SerializedStateError, match="unpickle"):
        adapter.deserialize_game_and_state(crafted)
    assert _UNPICKLED == []
    with pytest.raises(Exception):  # noqa: B017  (it fails only after running the payload)
        pyspiel.deserialize_game_and_state(crafted)
    assert _UNPICKLED == [True]


def test_our_reader_refuses_what_is_not_a_game_of_ours_or_not_legal() -> None:
    game, state = _played(FD, 3, 14, 12)
    text = pyspiel.serialize_game_and_state(game, state)
    history = next(line for line in text.split("\n") if line.startswith("history="))
    first, rest = history.split(",", 1)
    cases = {
        "not a rulespec game": text.replace(str(game), "tic_tac_toe()"),
        "not the one to move": text.replace(history, f"{first},2:{rest.split(',', 1)[0].split(':')[1]},{rest.split(',', 1)[1]}"),
        "not legal": text.replace(history, history.rsplit(",", 1)[0] + f",{history.rsplit(',', 1)[1].split(':')[0]}:99999"),
        "does not match": text.replace("move_number=", "move_number=1"),
        "player:action": text.replace(history, history + ",x"),
        "Version": text.replace("Version: 1", "Version: 2"),
        "more than": text + "#" * adapter.SERIALIZED_LIMIT,
    }
    for reason, bad in cases.items():
        with pytest.raises(adapter.SerializedStateError, match=reason):
            adapter.deserialize_game_and_state(bad)


def test_information_state_recalls_what_chance_showed_the_player() -> None:
    """After a load, the cards drawn and not kept go back face down: the board no longer shows them to the
    player who drew them, but that player's information state still names them; nobody else's does."""
    game = pyspiel.load_game(RNFL, {"players": 3})
    rng = np.random.RandomState(5)
    for seed in range(30):
        state = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            engine = state.engine_state()
            drawn = list(engine.drawn_cards)
            player = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            if engine.stage == 3 or len(drawn) < 2 or engine.drawn_cards:  # 3: KEEP (still keeping)
                continue
            cards = engine.T.cards
            returned = [cards[c].id for c in drawn if c not in engine.cards[player]]
            if not returned:
                continue
            gone = returned[0]
            assert gone not in state.observation_string(player)
            assert gone in state.information_state_string(player)
            for other in range(3):
                if other != player:
                    assert gone not in state.information_state_string(other)
            return
    pytest.fail("no load that put cards back in 30 games")


@pytest.mark.parametrize(("name", "players"), [(RNFL, 2), (RNFL, 4), (FD, 3)])
def test_python_answers_equal_pyspiels_at_every_node(name: str, players: int) -> None:
    """``legal_actions`` (for the player to move, each seat and the pseudo-players), ``is_chance_node`` and
    ``is_player_node`` answered in Python give what pyspiel's C++ gives, at the chance nodes, mid-decision, on a
    clone that has not yet replayed its history, and at the end."""
    game = pyspiel.load_game(name, {"players": players})
    rng = np.random.default_rng(players)
    state = game.new_initial_state()
    checked_clone = False
    while True:
        current = state.current_player()
        probes = [state]
        if not checked_clone and current >= 0:
            probes.append(state.clone())  # (its first question replays the history)
            checked_clone = True
        for probe in probes:
            assert probe.legal_actions() == pyspiel.State.legal_actions(probe)
            for player in {*range(players), current}:
                assert probe.legal_actions(player) == pyspiel.State.legal_actions(probe, player)
            assert probe.is_chance_node() == pyspiel.State.is_chance_node(probe)
            assert probe.is_player_node() == pyspiel.State.is_player_node(probe)
            assert probe.is_terminal() == pyspiel.State.is_terminal(probe)  # (C++ asks the compiled answer back)
            assert probe.current_player() == pyspiel.State.current_player(probe) == current
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions and isinstance(actions, list) and all(type(a) is int for a in actions)
        state.apply_action(actions[rng.integers(len(actions))])
    assert state.legal_actions() == [] and not state.is_chance_node() and not state.is_player_node()


def test_a_dropped_state_is_freed_at_once_and_its_copies_still_play() -> None:
    """The state's compiled core holds it only weakly (no reference cycle): a state dropped mid-game is freed
    without the garbage collector, and a clone made before keeps replaying the original's history."""
    gc.disable()
    try:
        state = pyspiel.load_game(RNFL).new_initial_state_for_seed(11)
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
        copy = state.clone()
        expected = str(state)
        gone = weakref.ref(state)
        del state
        assert gone() is None
        assert str(copy) == expected and copy.legal_actions()
        copy.apply_action(copy.legal_actions()[-1])
        assert len(copy.history()) == adapter.SEED_NODES + 6
    finally:
        gc.enable()


def test_legal_actions_is_a_new_list_each_call() -> None:
    """Callers may change the list they get (as pyspiel's own is a new list): the state is not changed by it."""
    state = pyspiel.load_game(RNFL).new_initial_state_for_seed(5)
    first = state.legal_actions()
    expected = list(first)
    first.clear()
    assert state.legal_actions() == expected and expected


def _single_option_nodes(game: pyspiel.Game, seeds: range) -> int:
    """How many player nodes with exactly one legal action random games of ``game`` meet."""
    found = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            found += len(legal) == 1
            state.apply_action(int(rng.choice(legal)))
    return found


def test_single_option_decisions_are_nodes_only_when_asked_for() -> None:
    """By default a decision with one option is played at once, so no player node offers a single action; with
    ``ask_forced`` every engine decision is a node, single options included, and the game still serialises."""
    asked = pyspiel.load_game(RNFL, {"players": 4, "ask_forced": True})
    assert _single_option_nodes(pyspiel.load_game(RNFL, {"players": 4}), range(3)) == 0
    assert _single_option_nodes(asked, range(3)) > 0
    pyspiel.random_sim_test(asked, num_sims=1, serialize=True, verbose=False)
