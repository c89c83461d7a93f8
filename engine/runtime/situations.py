"""Counting the situations in which a ruling matters, game by game: the protocol and where a game keeps it.

A ruling can only change a game in which its situation arises: New England settled, a frame marker moved back
with a choice of spaces, a non-fitting island tile drawn at setup. A game's engine package may provide a module
``engine.<game>.situations`` with

- ``SITUATIONS: dict[str, str]`` — ruling id → the situation in words ("New England is settled"), one entry
  per ruling it can count, and
- ``new_counter(rulings) -> SituationCounter`` — a fresh counter for one game that counts the situations of
  the given rulings (a subset of ``SITUATIONS``).

The counter sees the game as a bot does: before each move, the state (its public methods and attributes) and
the action about to be applied (its kind and arguments). The runtime knows no game: it only finds that module.
A ruling the module does not list is reported as "situation not counted".
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Protocol

from engine.runtime.api import Action, State


class SituationCounter(Protocol):
    """Counts, over one game, how often each ruling's situation arises."""

    def observe(self, state: State, action: Action) -> None:
        """Called before every move with the state and the action about to be applied."""
        ...

    def counts(self, state: State) -> dict[str, int]:
        """After the game (``state`` is terminal): ruling id → times its situation arose (0 included)."""
        ...


def situations_module(game_id: str) -> ModuleType | None:
    """``engine.<game_id>.situations``, or None when the game counts no situations."""
    try:
        return importlib.import_module(f"engine.{game_id}.situations")
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{game_id}.situations":
            return None
        raise


def described(game_id: str) -> dict[str, str]:
    """Ruling id → its situation in words, for every ruling ``game_id`` can count."""
    module = situations_module(game_id)
    return dict(getattr(module, "SITUATIONS", {})) if module else {}


class _NoCounter:
    """The counter of a game (or a set of rulings) with nothing to count."""

    def observe(self, state: State, action: Action) -> None:
        return None

    def counts(self, state: State) -> dict[str, int]:
        return {}


def new_counter(game_id: str, rulings: Iterable[str]) -> SituationCounter:
    """A counter for one game of ``game_id`` counting the situations of ``rulings`` it knows (others are left out)."""
    module = situations_module(game_id)
    wanted = [r for r in rulings if module is not None and r in getattr(module, "SITUATIONS", {})]
    if module is None or not wanted:
        return _NoCounter()
    counter: SituationCounter = module.new_counter(wanted)
    return counter
