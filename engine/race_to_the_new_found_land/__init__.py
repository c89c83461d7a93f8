"""Reference engine of Race to the New Found Land.

``generated/`` holds the spec's values rendered by ``rulespec generate engine`` (never edit it); the modules
here are the hand-written mechanics that read them: :mod:`.tables` (spec values → typed tables, with the
edition's rulings applied), :mod:`.state` (the rules as a state machine, built up one phase per module: see
:mod:`.core`), :mod:`.bots` (a heuristic bot), :mod:`.view` (terminal rendering) and :mod:`.scenario`
(building positions for tests and examples).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.race_to_the_new_found_land.game import RaceGame

GAME = RaceGame


def _heuristic() -> Any:
    from engine.race_to_the_new_found_land.bots import HeuristicBot

    return HeuristicBot()


#: Bots of this game (besides the generic ``random`` and ``first``).
BOTS: dict[str, Callable[[], Any]] = {"heuristic": _heuristic}

#: Modules that ``python -m engine.native_build`` compiles with mypyc (see :mod:`engine.native`): those a random
#: game runs through on every move. They must type-check cleanly, and nothing may monkeypatch their functions.
NATIVE_MODULES = (
    "defs", "game", "core", "track", "cards", "scoring", "setup", "land", "planning", "actions", "end_phase", "state",
    "bots",
)  # fmt: skip

__all__ = ["BOTS", "GAME", "NATIVE_MODULES", "RaceGame"]
