"""Find a game's engine by its id, without the runtime knowing any game.

Each game's engine lives in the package ``engine.<game_id>`` and exposes ``GAME``: its :class:`Game` subclass.
"""

from __future__ import annotations

import importlib

from engine.runtime.api import Game, GameConfig


class UnknownGameError(LookupError):
    """No engine package for that game id."""


def game_class(game_id: str) -> type[Game]:
    """The :class:`Game` subclass of ``engine.<game_id>``."""
    try:
        module = importlib.import_module(f"engine.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name in (f"engine.{game_id}",):
            raise UnknownGameError(f"no engine for game {game_id!r} (expected package engine/{game_id})") from None
        raise
    return module.GAME


def load_game(config: GameConfig) -> Game:
    """A game object for ``config``."""
    return game_class(config.game)(config)
