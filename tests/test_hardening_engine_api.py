"""One rule for both games: ``apply`` takes only an ``Action`` equal to one of ``legal_actions()``; anything else
is ``IllegalActionError`` with the state unchanged. Logs (untrusted) are parsed strictly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.runtime import GameConfig, load_game
from engine.runtime.api import Action, IllegalActionError, legal_match
from engine.runtime.registry import UnknownGameError, game_class

GAMES = (("race_to_the_new_found_land", 3), ("francis_drake", 4))


def _snapshot(state: Any) -> tuple[str, Any, list[str]]:
    return json.dumps(state.to_json()), state.fingerprint(), [str(a) for a in state.legal_actions()]


def _impostors(action: Action) -> list[object]:
    """Things equal or close to a legal action that are not one."""
    kind, args = action
    out: list[object] = [tuple(action), [kind, args], kind, str(action), None, 0, object(), action.to_json()]
    if len(args) > 1:
        out.append(Action(kind, tuple(reversed(args))))  # the same choices in another order
    for i, (name, value) in enumerate(args):
        if type(value) is int and value in (0, 1):  # 1 == True in Python, not in a log
            out.append(Action(kind, (*args[:i], (name, bool(value)), *args[i + 1:])))
        if isinstance(value, tuple):
            out.append(Action(kind, (*args[:i], (name, list(value)), *args[i + 1:])))

    class Subclass(Action):
        __slots__ = ()

    out.append(Subclass(kind, args))
    return out


@pytest.mark.parametrize("game, players", GAMES)
def test_apply_refuses_anything_but_a_listed_action_and_leaves_the_state_unchanged(game: str, players: int) -> None:
    state = load_game(GameConfig(game=game, players=players, seed=11)).new_initial_state()
    refused = 0
    for step in range(120):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        chosen = legal[(step * 7) % len(legal)]
        before = _snapshot(state)
        for impostor in _impostors(chosen):
            with pytest.raises(IllegalActionError):
                state.apply(impostor)  # type: ignore[arg-type]
            refused += 1
        assert _snapshot(state) == before
        state.apply(Action.from_json(json.loads(json.dumps(chosen.to_json()))))  # an equal action from a log
        assert state.history[-1] is chosen  # the history holds the listed action itself
    assert refused > 500
    json.dumps(state.to_json())  # the history serialises (a tuple accepted before made to_json crash)


def test_legal_match_finds_by_identity_then_by_strict_equality() -> None:
    listed = [Action("load", (("ship", "s1"), ("n", 1))), Action("done")]
    assert legal_match(listed[1], listed) is listed[1]
    assert legal_match(Action("load", (("ship", "s1"), ("n", 1))), listed) is listed[0]
    for other in (("load", (("ship", "s1"), ("n", 1))), Action("load", (("n", 1), ("ship", "s1"))),
                  Action("load", (("ship", "s1"), ("n", True))), Action("load", (("ship", "s1"), ("n", 1.0)))):
        assert legal_match(other, listed) is None


@pytest.mark.parametrize("data, needle", [
    ([1, 2], "an action is an object"),
    ({"kind": 3}, "kind is text"),
    ({"kind": "load", "args": [1]}, "args are an object"),
    ({"kind": "load", "args": {"x": {"y": 1}}}, "not objects"),
    ({"kind": "load", "extra": 1}, "unknown field"),
])
def test_action_from_json_says_what_is_wrong(data: object, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        Action.from_json(data)


@pytest.mark.parametrize("changes, needle", [
    ({"seed": "1"}, "config.seed is a whole number"),
    ({"seed": -1}, "between 0 and 2\\*\\*64"),
    ({"seed": 2**64}, "between 0 and 2\\*\\*64"),
    ({"players": 2.0}, "config.players"),
    ({"players": True}, "config.players"),
    ({"game": 5}, "config.game"),
    ({"rulings": {"x": 1}}, "config.rulings"),
    ({"variants": "abc"}, "config.variants"),
    ({"colour": "red"}, "unknown config field"),
])
def test_config_from_json_names_the_bad_field(changes: dict[str, object], needle: str) -> None:
    base = {"game": "race_to_the_new_found_land", "players": 2, "seed": 0}
    with pytest.raises(ValueError, match=needle):
        GameConfig.from_json({**base, **changes})


def test_only_game_packages_are_games() -> None:
    assert game_class("francis_drake").game_id == "francis_drake"
    for name in ("runtime", "native", "native_build", "generate", "../x", "Race", "", "x" * 300):
        with pytest.raises(UnknownGameError):
            game_class(name)
