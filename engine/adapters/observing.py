"""What one seat sees of a game in progress, as the learning libraries ask for it.

- the **observation string**: the engine's observation of that seat (:meth:`State.observation
  <engine.runtime.api.State.observation>`, which leaves out what the seat may not see) as canonical JSON, plus,
  for the seat choosing, the steps of its action chosen so far;
- the **information-state string**: everything the seat has observed since the game began, in order, which
  is what OpenSpiel defines an information state to be (perfect recall). The seat's observation at the start,
  then one entry per action played: who played it, the action as that seat saw it (its own in full, the
  others' with their private arguments shown as ``?``: the card kept from a draw, the number of a face-down
  disc; each game's code table lists them), and what changed in the seat's observation after it. What chance
  showed the seat stays in it after the board no longer shows it: the cards a load drew, the ones put back
  face down included, the island tiles a discovery drew. Last come the current observation and, for the
  seat choosing, the steps chosen so far;
- the **observation tensor**: the game's ``observation.py`` writes the same observation into a fixed-shape
  vector.

All three are built only when asked (the adapters' play loop never builds them). The information state
replays the game alongside, one observation per action: a :class:`Recall` keeps that replay, so a caller that
asks again after more moves (an OpenSpiel state does) pays only for the new ones.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from engine.adapters.codes import ActionCodes
from engine.adapters.profile import GameProfile
from engine.adapters.stepper import Stepper
from engine.runtime.api import Action, State


def _choosing(stepper: Stepper, player: int) -> list[str]:
    """The codes the seat to move has chosen so far in this decision (only that seat sees them)."""
    if player != stepper.current_player:
        return []
    return [stepper.describe(code) for code in stepper.prefix]


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def observation_string(stepper: Stepper, player: int) -> str:
    data: dict[str, Any] = {"player": player, "observation": stepper.state.observation(player)}
    choosing = _choosing(stepper, player)
    if choosing:
        data["choosing"] = choosing
    return _dumps(data)


def leaves(value: Any, path: str = "", out: dict[str, str] | None = None) -> dict[str, str]:
    """An observation as ``path → value`` (JSON text) for every leaf: dicts and lists of dicts or lists are
    walked (a list's length is the leaf ``path#``), lists of plain values are leaves. Two observations then
    differ in the leaves that changed, however deep."""
    out = {} if out is None else out
    if isinstance(value, dict):
        if not value:
            out[path] = "{}"
        for key, item in value.items():
            leaves(item, f"{path}/{key}", out)
    elif isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        out[f"{path}#"] = str(len(value))
        for i, item in enumerate(value):
            leaves(item, f"{path}/{i}", out)
    else:
        out[path] = _dumps(value)
    return out


def changes(before: dict[str, str], after: dict[str, str]) -> dict[str, str | None]:
    """The leaves of ``after`` that differ from ``before``, and those ``after`` lacks (as ``None``)."""
    out: dict[str, str | None] = {path: text for path, text in after.items() if before.get(path) != text}
    out.update({path: None for path in before if path not in after})
    return out


class Recall:
    """Everything one seat has observed in one game, kept up to date by replaying the game's actions alongside.

    :meth:`catch_up` plays the actions the game has played since the last call on its own copy, recording after
    each what the seat's observation shows that it did not before (:func:`changes`)."""

    def __init__(self, state: State, player: int, codes: ActionCodes) -> None:
        self.player = player
        self.codes = codes
        self.replay = state.game.new_initial_state()
        # a copy: an engine may hand out parts of its own state in an observation, which later moves change
        self.start = json.loads(_dumps(self.replay.observation(player)))
        self._last = leaves(self.start)
        #: one entry per action: ``[seat that played it, the action as this seat saw it, what changed]``
        self.steps: list[list[Any]] = []

    def catch_up(self, history: list[Action]) -> None:
        """Replay the actions of ``history`` not replayed yet (``history`` must extend what was replayed)."""
        replay, player, public_text = self.replay, self.player, self.codes.public_text
        for action in history[len(self.steps) :]:
            actor = replay.current_player
            replay.apply(action)
            now = leaves(replay.observation(player))
            seen = str(action) if actor == player else public_text(action)
            self.steps.append([actor, seen, changes(self._last, now)])
            self._last = now


def information_state_string(stepper: Stepper, player: int, recalls: dict[int, Recall] | None = None) -> str:
    """The seat's information state (see the module docstring). ``recalls`` (seat → :class:`Recall`), kept by
    the caller for this game, saves replaying the game from the start on every call."""
    recall = recalls.get(player) if recalls is not None else None
    if recall is None:
        recall = Recall(stepper.state, player, stepper.codes)
        if recalls is not None:
            recalls[player] = recall
    recall.catch_up(stepper.state.history)
    data: dict[str, Any] = {
        "player": player,
        "start": recall.start,
        "seen": recall.steps,
        "observation": stepper.state.observation(player),
    }
    choosing = _choosing(stepper, player)
    if choosing:
        data["choosing"] = choosing
    return _dumps(data)


def observation_tensor(stepper: Stepper, player: int, profile: GameProfile, out: np.ndarray | None = None) -> np.ndarray:
    """The seat's observation tensor (written into ``out`` when given: a zeroed-then-filled reused vector)."""
    if out is None:
        out = np.zeros(profile.layout.size, np.float32)
    else:
        out.fill(0)
    profile.write(profile.layout.views(out), stepper.state.observation(player), player, stepper.state.game.num_players)
    return out
