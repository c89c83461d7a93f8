"""Find a game's engine by its id, without the runtime knowing any game.

Each game's engine lives in the package ``engine.<game_id>`` and exposes ``GAME``: its :class:`Game` subclass.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from engine.runtime.api import Game, GameConfig


class UnknownGameError(LookupError):
    """No engine package for that game id."""


def game_class(game_id: str) -> type[Game]:
    """The :class:`Game` subclass of ``engine.<game_id>``.

    ``game_id`` comes from the command line or a log (untrusted): only a plain name is imported, and only a
    package exposing a :class:`Game` subclass as ``GAME`` is a game — ``runtime`` or ``native`` is a module of
    the engine, not a game, and ``../x`` is nothing at all.
    """
    found = _FOUND.get(game_id) if isinstance(game_id, str) else None
    if found is not None:  # simulate loads a game per game played: check the package once
        return found
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id) or not (_ENGINE / game_id).is_dir():
        raise UnknownGameError(f"no engine for game {game_id!r} (expected package engine/{game_id})")
    try:
        module = importlib.import_module(f"engine.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name in (f"engine.{game_id}",):
            raise UnknownGameError(f"no engine for game {game_id!r} (expected package engine/{game_id})") from None
        raise
    game = getattr(module, "GAME", None)
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise UnknownGameError(f"no engine for game {game_id!r}: engine.{game_id} is not a game package")
    _FOUND[game_id] = game
    return game


#: The game classes found so far, by id.
_FOUND: dict[str, type[Game]] = {}


#: A game id: a package name under ``engine/``.
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
#: The ``engine`` package folder: a game is a sub-package (a module such as ``engine.native_build`` never is,
#: and is not even imported).
_ENGINE = Path(__file__).resolve().parent.parent


def load_game(config: GameConfig) -> Game:
    """A game object for ``config``."""
    return game_class(config.game)(config)
