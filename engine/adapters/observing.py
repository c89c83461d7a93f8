"""What one seat sees of a game in progress, as the learning libraries ask for it.

- the **observation string**: the engine's observation of that seat (:meth:`State.observation
  <engine.runtime.api.State.observation>`, which leaves out what the seat may not see) as canonical JSON, plus,
  for the seat choosing, the steps of its action chosen so far;
- the **information-state string**: the same, plus the game's history as that seat saw it: its own actions
  in full, the others' with their private arguments shown as ``?`` (the card kept from a draw, the number of a
  face-down disc; each game's code table lists them). What chance showed a seat is in its observation: the
  string recalls it as long as the observation shows it;
- the **observation tensor**: the game's ``observation.py`` writes the same observation into a fixed-shape
  vector.

All three are built only when asked (the adapters' play loop never builds them).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from engine.adapters.profile import GameProfile
from engine.adapters.stepper import Stepper


def _choosing(stepper: Stepper, player: int) -> list[str]:
    """The codes the seat to move has chosen so far in this decision (only that seat sees them)."""
    if player != stepper.current_player:
        return []
    return [stepper.describe(code) for code in stepper.prefix]


def observation_string(stepper: Stepper, player: int) -> str:
    data: dict[str, Any] = {"player": player, "observation": stepper.state.observation(player)}
    choosing = _choosing(stepper, player)
    if choosing:
        data["choosing"] = choosing
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def seen_history(stepper: Stepper, player: int) -> list[str]:
    """Every engine action so far as ``player`` saw it: ``p<seat>:<action>``, private arguments of others hidden."""
    codes = stepper.codes
    return [
        f"p{actor}:{action if actor == player else codes.public_text(action)}"
        for actor, action in zip(stepper.actors(), stepper.state.history, strict=True)
    ]


def information_state_string(stepper: Stepper, player: int) -> str:
    data: dict[str, Any] = {
        "player": player,
        "observation": stepper.state.observation(player),
        "history": seen_history(stepper, player),
    }
    choosing = _choosing(stepper, player)
    if choosing:
        data["choosing"] = choosing
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def observation_tensor(stepper: Stepper, player: int, profile: GameProfile, out: np.ndarray | None = None) -> np.ndarray:
    """The seat's observation tensor (written into ``out`` when given: a zeroed-then-filled reused vector)."""
    if out is None:
        out = np.zeros(profile.layout.size, np.float32)
    else:
        out.fill(0)
    profile.write(profile.layout.views(out), stepper.state.observation(player), player, stepper.state.game.num_players)
    return out
