"""The situation counters: each counts what it says, in whole games, without changing them."""

from __future__ import annotations

import importlib

import pytest
from impact_helpers import choice_of_distance, fixed_distance, non_default_readings, reading_where, ruling_with

from engine.race_to_the_new_found_land.scenario import Scenario
from engine.race_to_the_new_found_land.situations import SITUATIONS
from engine.runtime.api import Action, GameConfig
from engine.runtime.bots import make_bot, play_game, play_game_observed
from engine.runtime.registry import load_game
from engine.runtime.situations import SituationCounter, described, new_counter
from rulespec.model import load_spec

GAME = "race_to_the_new_found_land"
DRAKE = "francis_drake"
RED, YELLOW, BLUE = 0, 1, 2
MOVE_BACK, CHOOSE_DISTANCE = reading_where(GAME, "move_back_min", choice_of_distance)
_, FIXED_DISTANCE = reading_where(GAME, "move_back_min", fixed_distance)


def _play(players: int, seed: int, bot: str = "heuristic", rulings: dict[str, str] | None = None, game: str = GAME):
    state = load_game(GameConfig(game, players, seed, rulings=rulings or {})).new_initial_state()
    counter = new_counter(game, described(game))
    play_game_observed(state, [make_bot(bot, game) for _ in range(players)], seed, counter.observe)
    return state, counter.counts(state)


@pytest.mark.parametrize("game", [GAME, DRAKE])
def test_every_ruling_has_its_situation_counted(game: str) -> None:
    """Each ruling of both games has a counter, and each counter names a ruling of the spec."""
    module = importlib.import_module(f"engine.{game}.situations")
    assert described(game) == module.SITUATIONS
    assert set(module.SITUATIONS) == set(load_spec(game).rulings), "a ruling without a counter reports 'not counted'"


@pytest.mark.parametrize(("players", "seed", "bot"), [(2, 1, "heuristic"), (3, 2, "random"), (4, 3, "heuristic")])
def test_decision_situations_match_the_moves_played(players: int, seed: int, bot: str) -> None:
    """Where a situation is a kind of move, its count is the number of such moves in the game's history; under the
    reading that lets the player choose how far a marker moves back, every such choice is a counted situation."""
    state, counts = _play(players, seed, bot, rulings={MOVE_BACK: CHOOSE_DISTANCE})
    kinds = [a.kind for a in state.history]
    assert counts["new_england_points"] == kinds.count("new_england")
    assert counts[MOVE_BACK] == kinds.count("frame_back") > 0
    assert counts["setup_island_placement_freedom"] == kinds.count("chart")
    assert counts["frame_reward_optional"] == kinds.count("frame")  # compulsory: every offer takes a reward
    assert set(counts) == set(SITUATIONS)


@pytest.mark.parametrize("game", [GAME, DRAKE])
def test_watching_does_not_change_the_game(game: str) -> None:
    watched, _ = _play(3, 7, game=game)
    plain = load_game(GameConfig(game, 3, 7)).new_initial_state()
    play_game(plain, [make_bot("heuristic", game) for _ in range(3)], 7)
    assert watched.history == plain.history and watched.scores() == plain.scores()
    assert watched.to_json() == plain.to_json()


def test_a_situation_arises_under_the_reading_that_offers_no_choice() -> None:
    """The situation is where the readings part (room behind the marker), not the choice one reading adds: it is
    counted in a game whose reading moves every marker the full distance, where no one is asked how far."""
    state, counts = _play(3, 4, rulings={MOVE_BACK: FIXED_DISTANCE})
    assert counts[MOVE_BACK] > 0 and [a.kind for a in state.history].count("frame_back") == 0


def test_neutral_markers_only_count_in_two_player_games() -> None:
    assert all(_play(3, seed)[1]["neutral_majority"] == 0 for seed in range(3))
    assert sum(_play(2, seed)[1]["neutral_majority"] for seed in range(6)) > 0


def test_a_counter_counts_only_the_rulings_asked_for() -> None:
    counter = new_counter(GAME, ["new_england_points", "no_such_ruling"])
    state = load_game(GameConfig(GAME, 2, 5)).new_initial_state()
    play_game_observed(state, [make_bot("random", GAME)] * 2, 5, counter.observe)
    assert set(counter.counts(state)) == {"new_england_points"}
    assert new_counter(DRAKE, ["anything"]).counts(state) == {}


# ---------------------------------------------------------------------------- where the readings part


def _watch(sc: Scenario, counter: SituationCounter) -> None:
    """Play the scenario's step to its end, the counter watching every move (each answered with its first option)."""
    while not sc.finished:
        action = sc.state.legal_actions()[0]
        counter.observe(sc.state, action)
        sc.state.apply(action)


DONE = Action("done", ())  # what the counter is shown as "the move about to be played" before a scenario's step


@pytest.mark.parametrize(("lap", "counted"), [(True, 1), (False, 0)])
def test_a_marker_met_on_a_later_lap_is_where_the_lap_readings_part(lap: bool, counted: int) -> None:
    """RED's figure stands just past a marker it has not resolved; points take it round the track past that
    marker's space again (or not quite): counted under both readings, and only there does one reading pend it."""
    ruling = ruling_with(GAME, "counts_on_later_laps")
    pends: dict[object, bool] = {}
    for reading in ruling.readings.values():
        sc = Scenario(3, rulings={ruling.id: reading.id}).clear()
        s = sc.state
        marker = min(range(len(s.frame_pos)), key=lambda m: s.frame_pos[m])
        s.score[RED] = s.frame_pos[marker] + 3
        counter = new_counter(GAME, [ruling.id])
        counter.observe(s, DONE)
        s.gain(RED, s.T.track_length if lap else s.T.track_length - 4)
        assert counter.counts(s)[ruling.id] == counted
        pends[reading.params["counts_on_later_laps"]] = marker in s.pending[RED]
    assert pends == {True: lap, False: False}


@pytest.mark.parametrize(
    ("markers", "parts"),
    [
        ({YELLOW: 3, BLUE: 3, RED: 1}, True),  # tied for first, RED alone next most
        ({YELLOW: 3, BLUE: 3}, False),  # nobody behind the tie
        ({YELLOW: 3, BLUE: 3, RED: 1, 3: 1}, False),  # two behind the tie, tied themselves
        ({YELLOW: 3, BLUE: 2, RED: 1}, False),  # no tie for first
    ],
)
def test_a_tie_for_first_is_counted_where_the_tie_readings_part(markers: dict[int, int], parts: bool) -> None:
    ruling = ruling_with(GAME, "tie_first_others")
    scores, counted = [], []
    for reading in ruling.readings:
        sc = Scenario(max(markers) + 1, rulings={ruling.id: reading}).clear()
        sc.fill_island("island.newfoundland", markers)
        counter = new_counter(GAME, [ruling.id])
        counter.observe(sc.state, DONE)
        sc.run("score_islands")
        _watch(sc, counter)  # frame markers the points reach are resolved on the way
        counted.append(counter.counts(sc.state)[ruling.id])
        scores.append(list(sc.state.score))
    assert counted == [int(parts)] * len(counted)
    assert (scores[0] != scores[1]) is parts


def test_a_stack_rebuilt_after_a_charter_ship_is_where_the_discard_readings_part() -> None:
    """RED loads with a charter ship and takes the last 1x cards; YELLOW's load then rebuilds the stack from the
    storage board: counted under both readings, and only one has the charter ship in that storage board."""
    ruling = ruling_with(GAME, "discarded_after_action")
    for reading in ruling.readings.values():
        sc = Scenario(3, rulings={ruling.id: reading.id}).clear()
        s, T = sc.state, sc.T
        charter = next(c for c in T.cards if c.ship is not None and not c.nation)
        sc.assign(RED, "load", charter.id).assign(YELLOW, "load", "ship.small.regular.s03")
        keep = charter.ship.crate  # RED draws exactly the cards left on the stack
        s.st_cards.extend(s.card_stack[:-keep])
        del s.card_stack[:-keep]
        counter = new_counter(GAME, [ruling.id])
        sc.run("load", RED)
        _watch(sc, counter)
        sc.run("load", YELLOW)
        _watch(sc, counter)
        assert counter.counts(s)[ruling.id] == 1, reading.id
        set_aside = T.card_index[charter.id] in s.played_charters
        assert set_aside is not reading.params["discarded_after_action"]


@pytest.mark.parametrize(
    ("game", "param"), [(DRAKE, "tie_break"), (DRAKE, "unqualified_keeps_place"), (GAME, "tie_first_others")]
)
def test_readings_part_exactly_where_the_situation_arises(game: str, param: str) -> None:
    """With bots that ignore the readings (random), a pair of games under the default and another reading differs
    if and only if the ruling's situation arose in it: the counter counts the moment the readings part."""
    ruling = ruling_with(game, param)
    other = non_default_readings(game, ruling.id)[0]
    spec = load_spec(game)
    arisen = 0
    for players in range(spec.players_min, spec.players_max + 1):
        for seed in range(8):
            base_state, base = _play(players, seed, "random", game=game)
            arm_state, arm = _play(players, seed, "random", {ruling.id: other}, game=game)
            changed = base_state.history != arm_state.history or base_state.scores() != arm_state.scores()
            seen = base[ruling.id] > 0 or arm[ruling.id] > 0
            assert changed == seen, (players, seed)
            arisen += seen
    assert arisen > 0
