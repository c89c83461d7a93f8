"""Observations leak nothing hidden: states that differ only in what a seat may not see look the same to it."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from engine.adapters.observing import information_state_string, observation_string, observation_tensor
from engine.adapters.profile import game_profile
from engine.adapters.stepper import Stepper
from engine.runtime.api import GameConfig
from engine.runtime.registry import load_game

RNFL = "race_to_the_new_found_land"
FD = "francis_drake"


def views(stepper: Stepper, player: int) -> tuple[str, str, bytes]:
    profile = game_profile(stepper.state.game.config.game)
    return (
        observation_string(stepper, player),
        information_state_string(stepper, player),
        observation_tensor(stepper, player, profile).tobytes(),
    )


def play_until(game_id: str, players: int, seed: int, stop: Callable[[Stepper], bool]) -> Stepper | None:
    """A stepper played at random until ``stop(stepper)`` holds (None if the game ends first)."""
    stepper = Stepper(load_game(GameConfig(game=game_id, players=players, seed=seed)).new_initial_state())
    rng = random.Random(seed)
    while not stop(stepper):
        if stepper.is_terminal():
            return None
        codes = stepper.legal_codes()
        stepper.apply(codes[rng.randrange(len(codes))])
    return stepper


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rnfl_hidden_hands_and_stacks_do_not_show(players: int) -> None:
    """Change another player's "1x" and objective cards and reorder every face-down stack: the others see the
    same observation string, information state and tensor; the owner of the hand sees the change."""
    for seed in range(40):
        stepper = play_until(RNFL, players, seed, lambda s: s.state.round >= 1 and any(s.state.cards) and not s.prefix)
        if stepper is None:
            continue
        state = stepper.state
        owner = next(p for p in range(players) if state.cards[p] and state.card_stack)
        other = stepper.clone()
        o = other.state
        o.cards[owner][0], o.card_stack[0] = o.card_stack[0], o.cards[owner][0]
        if o.cards[owner][0] == state.cards[owner][0]:
            continue  # the swapped cards were copies of one card
        for stack in (o.card_stack, o.island_stack, o.contract_stack, o.compass_stack, o.small_stack, *o.objective_stacks):
            random.Random(seed).shuffle(stack)
        for player in range(players):
            if player == owner:
                assert views(stepper, player)[0] != views(other, player)[0]
            else:
                assert views(stepper, player) == views(other, player)
        return
    pytest.fail("no hand to change in 40 games")


def test_rnfl_card_kept_from_a_draw_is_private() -> None:
    """Two games that differ only in which drawn card a player kept look the same to everybody else."""
    def keeping(s: Stepper) -> bool:
        kinds = {a.kind for a in s.legal_actions()}
        return kinds == {"keep"} and len({a.get("card") for a in s.legal_actions()}) > 1

    for seed in range(40):
        stepper = play_until(RNFL, 3, seed, keeping)
        if stepper is None:
            continue
        keeper = stepper.current_player
        first, second = stepper.clone(), stepper.clone()
        codes = stepper.legal_codes()
        first.apply(codes[0])
        second.apply(codes[1])
        for player in range(3):
            if player == keeper:
                assert views(first, player) != views(second, player)
            else:
                assert views(first, player) == views(second, player)
        return
    pytest.fail("no choice of cards to keep in 40 games")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fd_face_down_discs_and_counters_do_not_show(players: int) -> None:
    """Before the Mission Discs are turned, another captain's disc numbers and the counters a seat has neither
    placed nor inspected can change without that seat seeing a difference."""
    def placed(s: Stepper) -> bool:
        t = s.state.table
        return t.phase == "missions" and sum(len(v) for v in t.missions.values()) >= players + 1

    for seed in range(40):
        stepper = play_until(FD, players, seed, placed)
        if stepper is None:
            continue
        t = stepper.state.table
        owner = next(seat for seat in range(players) if len(t.disc_at(seat)) >= 2)
        other = stepper.clone()
        ot = other.state.table
        (a, dest_a), (b, dest_b) = sorted(ot.disc_at(owner).items())[:2]
        for dest, old, new in ((dest_a, a, b), (dest_b, b, a)):
            ot.missions[dest] = [(s, new if s == owner and d == old else d) for s, d in ot.missions[dest]]
        for counters in (ot.troops, ot.frigates):
            for dest in counters:
                counters[dest] = max(counters.values()) + 1 if counters[dest] != max(counters.values()) + 1 else 0
        placers = {t.holder("governor"), t.holder("admiral")}
        for player in range(players):
            if player == owner:
                assert views(stepper, player) != views(other, player)
            elif player not in placers and player not in t.knowledge:
                assert views(stepper, player) == views(other, player)
        return
    pytest.fail("no mission discs placed in 40 games")


def test_fd_disc_number_placed_is_private() -> None:
    """Which numbered disc a captain lays face-down at a destination is his alone until the discs turn."""
    def choosing(s: Stepper) -> bool:
        return s.state.table.phase == "missions" and len({a.get("disc") for a in s.legal_actions()}) > 1

    stepper = play_until(FD, 4, 3, choosing)
    assert stepper is not None
    captain = stepper.current_player
    actions = stepper.legal_actions()
    dest = actions[0].get("dest")
    one, two = [a for a in actions if a.get("dest") == dest][:2]
    first, second = stepper.clone(), stepper.clone()
    for copy, action in ((first, one), (second, two)):
        for code in copy.steps_of(action):
            copy.apply(code)
    for player in range(4):
        same = views(first, player) == views(second, player)
        assert same == (player != captain)


def test_partial_choice_is_shown_only_to_the_chooser() -> None:
    """After the first step of a staged decision, the chooser's observation says what he chose; nobody else's."""
    def staged(s: Stepper) -> bool:
        firsts = [s.codes.encode(a)[0] for a in s.legal_actions()]
        return len(set(firsts)) < len(firsts)

    stepper = play_until(RNFL, 4, 1, staged)
    assert stepper is not None
    firsts = [stepper.codes.encode(a)[0] for a in stepper.legal_actions()]
    stepper.apply(next(c for c in firsts if firsts.count(c) > 1))
    chooser = stepper.current_player
    assert stepper.prefix and "choosing" in observation_string(stepper, chooser)
    assert all("choosing" not in observation_string(stepper, p) for p in range(4) if p != chooser)


@pytest.mark.parametrize(("game_id", "players"), [(RNFL, 2), (RNFL, 4), (FD, 3), (FD, 5)])
def test_tensor_shape_is_fixed_and_finite(game_id: str, players: int) -> None:
    profile = game_profile(game_id)
    stepper = play_until(game_id, players, 2, lambda s: s.is_terminal())
    assert stepper is not None
    for player in range(players):
        vector = observation_tensor(stepper, player, profile)
        assert vector.shape == (profile.layout.size,) and vector.dtype == np.float32 and np.isfinite(vector).all()


@pytest.mark.parametrize(("game_id", "players"), [(RNFL, 3), (FD, 4)])
def test_information_state_has_perfect_recall(game_id: str, players: int) -> None:
    """A seat's information state only ever grows: what it saw at the start and after every action stays in it,
    in order, and each action's entry shows the seat's own actions in full."""
    import json

    stepper = Stepper(load_game(GameConfig(game=game_id, players=players, seed=8)).new_initial_state())
    rng = random.Random(8)
    earlier: dict[int, dict] = {}
    recalls: dict = {}
    moves = 0
    while not stepper.is_terminal() and moves < 150:
        codes = stepper.legal_codes()
        stepper.apply(codes[rng.randrange(len(codes))])
        moves += 1
        if moves % 25:
            continue
        for player in range(players):
            now = json.loads(information_state_string(stepper, player, recalls))
            assert now == json.loads(information_state_string(stepper, player))  # the kept replay changes nothing
            before = earlier.get(player)
            if before is not None:
                assert now["start"] == before["start"]
                assert now["seen"][: len(before["seen"])] == before["seen"]
            assert len(now["seen"]) == len(stepper.state.history)
            own = [seen for actor, seen, _ in now["seen"] if actor == player]
            assert own == [str(a) for a, (actor, _, _) in zip(stepper.state.history, now["seen"], strict=True) if actor == player]
            earlier[player] = now
