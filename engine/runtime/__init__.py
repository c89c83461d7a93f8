"""The game-agnostic engine runtime: API, registry, bots, replays, simulation."""

from engine.runtime.api import Action, Game, GameConfig, IllegalActionError, State
from engine.runtime.registry import load_game

__all__ = ["Action", "Game", "GameConfig", "IllegalActionError", "State", "load_game"]
