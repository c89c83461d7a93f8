"""Reference engine of *Francis Drake* (3 voyages from Plymouth to the Spanish Main).

Every number of the rules comes from the spec ``rulespec/francis_drake`` through the generated module
``generated/constants.py`` (rendered from ``templates/constants.py.j2``; see :mod:`.data`). The mechanics are
split by phase: :mod:`.provisioning` (Plymouth Street), :mod:`.sailing` (steps A–D), :mod:`.resolution`
(steps E–F), :mod:`.scoring` and :mod:`.voyage` (G–H, setup and the end); :mod:`.state` is the runtime API.
"""

from __future__ import annotations

from engine.francis_drake.bots import BOTS
from engine.francis_drake.state import FrancisDrakeGame, FrancisDrakeState

GAME = FrancisDrakeGame

#: Modules that ``python -m engine.native_build`` compiles with mypyc (see :mod:`engine.native`): the rules every
#: move runs through. They must type-check cleanly, and nothing may monkeypatch their functions.
NATIVE_MODULES = ("data", "model", "positions", "provisioning", "resolution", "sailing", "scoring", "state", "voyage")

__all__ = ["BOTS", "GAME", "NATIVE_MODULES", "FrancisDrakeGame", "FrancisDrakeState"]
