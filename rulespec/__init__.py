"""rulespec: a board game's rules as one machine-readable, validated, cited specification.

This package loads the YAML spec of a game (``rulespec/<game>/``), validates it against the JSON Schemas in
``schemas/`` and its own semantic rules, and gives the rest of the project a typed model of it
(:func:`rulespec.model.load_spec`). It knows no game: everything game-specific is data in the spec folders.
"""

from pathlib import Path

#: Folder holding one sub-folder per game.
SPECS_DIR = Path(__file__).resolve().parent
