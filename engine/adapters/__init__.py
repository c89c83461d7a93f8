"""The engine in the AI ecosystem: OpenSpiel games and PettingZoo environments over the reference engines.

- :mod:`.codes`: every engine action as integers ``0 … N-1`` (a factored code table rendered from the spec);
- :mod:`.stepper`: an engine state advanced one code at a time (the core both adapters share);
- :mod:`.seeded`: the seed dealt by chance nodes, then a stepper: what an OpenSpiel state plays (compiled);
- :mod:`.observing`: the observation string, information-state string and tensor of a seat;
- :mod:`.openspiel`: ``python_<game>`` registered with ``pyspiel`` (``pip install rulespec[ai]``);
- :mod:`.pettingzoo`: ``env(game=…)``, an AEC environment with action masks.

Importing this package imports neither OpenSpiel nor PettingZoo; :mod:`.openspiel` and :mod:`.pettingzoo` do.
"""

from __future__ import annotations

#: Modules that ``python -m engine.native_build`` compiles with mypyc (see :mod:`engine.native`): the adapters'
#: work on every step of a game. They must type-check cleanly, and nothing may monkeypatch their functions.
NATIVE_MODULES = ("identity", "codes", "stepper", "seeded")
