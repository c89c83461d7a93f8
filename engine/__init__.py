"""Reference engines generated from rulespec specs.

`engine.runtime` is the game-agnostic runtime (the API every game implements, bots, replays, simulation);
each game has its own package `engine.<game_id>` whose `generated/` modules are rendered from the spec.
"""

from engine import native

native.install()  # the compiled engine, where built and up to date with these sources (see engine.native)
