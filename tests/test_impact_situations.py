"""The situation counters: each counts what it says, in whole games, without changing them."""

from __future__ import annotations

import pytest

from engine.race_to_the_new_found_land.situations import SITUATIONS
from engine.runtime.api import GameConfig
from engine.runtime.bots import make_bot, play_game, play_game_observed
from engine.runtime.registry import load_game
from engine.runtime.situations import described, new_counter
from rulespec.model import load_spec

GAME = "race_to_the_new_found_land"


def _play(players: int, seed: int, bot: str = "heuristic", rulings: dict[str, str] | None = None):
    state = load_game(GameConfig(GAME, players, seed, rulings=rulings or {})).new_initial_state()
    counter = new_counter(GAME, SITUATIONS)
    play_game_observed(state, [make_bot(bot, GAME) for _ in range(players)], seed, counter.observe)
    return state, counter.counts(state)


def test_every_detector_names_a_ruling_of_the_spec() -> None:
    assert set(SITUATIONS) <= set(load_spec(GAME).rulings)
    assert described(GAME) == SITUATIONS
    assert described("francis_drake") == {}  # a game that counts nothing yet: "situation not counted"


@pytest.mark.parametrize(("players", "seed", "bot"), [(2, 1, "heuristic"), (3, 2, "random"), (4, 3, "heuristic")])
def test_decision_situations_match_the_moves_played(players: int, seed: int, bot: str) -> None:
    """Where a situation is a kind of move, its count is the number of such moves in the game's history."""
    state, counts = _play(players, seed, bot)
    kinds = [a.kind for a in state.history]
    assert counts["new_england_points"] == kinds.count("new_england")
    assert counts["one_x_card_play"] == kinds.count("play")
    assert counts["frame_marker_move_back"] == kinds.count("frame_back")
    assert counts["setup_island_placement_freedom"] == kinds.count("chart")
    assert counts["frame_reward_optional"] == kinds.count("frame")  # compulsory: every offer takes a reward
    assert set(counts) == set(SITUATIONS)


def test_watching_does_not_change_the_game() -> None:
    watched, _ = _play(3, 7)
    plain = load_game(GameConfig(GAME, 3, 7)).new_initial_state()
    play_game(plain, [make_bot("heuristic", GAME) for _ in range(3)], 7)
    assert watched.history == plain.history and watched.scores() == plain.scores()


def test_a_reading_that_removes_the_choice_removes_the_situation() -> None:
    _, up_to = _play(3, 4, rulings={"frame_marker_move_back": "up_to_three"})
    _, exactly = _play(3, 4, rulings={"frame_marker_move_back": "exactly_three"})
    assert up_to["frame_marker_move_back"] > 0 and exactly["frame_marker_move_back"] == 0
    _, never = _play(3, 4, rulings={"one_x_card_play": "not_stated"})
    assert never["one_x_card_play"] == 0


def test_neutral_markers_only_count_in_two_player_games() -> None:
    assert all(_play(3, seed)[1]["neutral_majority"] == 0 for seed in range(3))
    assert sum(_play(2, seed)[1]["neutral_majority"] for seed in range(6)) > 0


def test_a_counter_counts_only_the_rulings_asked_for() -> None:
    counter = new_counter(GAME, ["new_england_points", "no_such_ruling"])
    state = load_game(GameConfig(GAME, 2, 5)).new_initial_state()
    play_game_observed(state, [make_bot("random", GAME)] * 2, 5, counter.observe)
    assert set(counter.counts(state)) == {"new_england_points"}
    assert new_counter("francis_drake", ["anything"]).counts(state) == {}
