"""What the adapters know of one game: its parameters, action codes, observation tensor and length bound.

Each game contributes four pieces, found by convention in its engine package (so this module names no game):

- ``generated/observation_space.py``: players, editions and rulings, and the pieces observations name;
- ``generated/action_codes.py``: the code table (:mod:`engine.adapters.codes`);
- ``observation.py``: the tensor ``LAYOUT`` and ``write(views, observation, player, players)``;
- ``horizon.py``: ``max_decisions(game)``, an upper bound on the decisions of a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.adapters.codes import ActionCodes, action_codes
from engine.adapters.tensor import TensorLayout
from engine.runtime.api import Game


@dataclass(frozen=True)
class GameProfile:
    game_id: str
    title: str
    players_min: int
    players_max: int
    editions: tuple[str, ...]
    default_edition: str
    #: ruling id → its readings
    rulings: dict[str, tuple[str, ...]]
    codes: ActionCodes
    layout: TensorLayout
    write: Callable[[dict[str, Any], dict[str, Any], int, int], None]
    max_decisions: Callable[[Game], int]


@cache
def game_profile(game_id: str) -> GameProfile:
    """The profile of the game whose engine is ``engine.<game_id>``."""
    space = importlib.import_module(f"engine.{game_id}.generated.observation_space")
    observation = importlib.import_module(f"engine.{game_id}.observation")
    horizon = importlib.import_module(f"engine.{game_id}.horizon")
    return GameProfile(
        game_id=game_id,
        title=space.TITLE,
        players_min=int(space.PLAYERS_MIN),
        players_max=int(space.PLAYERS_MAX),
        editions=tuple(space.EDITIONS),
        default_edition=str(space.DEFAULT_EDITION),
        rulings={k: tuple(v) for k, v in space.RULINGS.items()},
        codes=action_codes(game_id),
        layout=observation.LAYOUT,
        write=observation.write,
        max_decisions=horizon.max_decisions,
    )


def adapted_games() -> tuple[str, ...]:
    """Ids of the games whose engine package provides the adapters' pieces (a generated code table), sorted."""
    root = Path(__file__).resolve().parents[1]
    return tuple(sorted(p.parent.parent.name for p in root.glob("*/generated/action_codes.py")))
