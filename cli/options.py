"""The arguments and options several commands share: one name, one meaning, one description each.

- ``GAME``: a bundled game's id, or a spec folder written as a path (:func:`rulespec.loading.looks_like_path`).
- ``--source ID=PATH``: read edition ID's rulebook text from PATH (every command that reads the texts).
- ``--edition ID``: follow edition ID's terms and readings (every command that plays or shows the rules).
- ``--output FILE``: where a command's report goes, written by :func:`rulespec.outputs.write_output`.

``--edition ID=PATH`` was once the spelling of ``--source``: :func:`sources` still accepts it through the
hidden :data:`LegacyEditionSourceOpt`, and says to use ``--source``.

Only typer is imported here (the start-up of ``rulespec --help`` stays light).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

#: The one description of the game argument.
GAME_HELP = (
    "A bundled game's id (e.g. race_to_the_new_found_land), or a spec folder written as a path "
    "(./my_game, specs/my_game). When omitted: $RULESPEC_GAME, else every bundled game (validate, generate, build) "
    "or the only one."
)
GameArg = Annotated[str, typer.Argument(help=GAME_HELP, metavar="GAME", show_default=False)]
OptionalGameArg = Annotated[str | None, typer.Argument(help=GAME_HELP, metavar="GAME", show_default=False)]

SourceOpt = Annotated[
    list[str] | None,
    typer.Option("--source", "-s", metavar="ID=PATH",
                 help="Read edition ID's rulebook text from PATH (repeatable).", show_default=False),
]
#: The old spelling of ``--source`` in the commands that read texts: hidden, and answered with a hint.
LegacyEditionSourceOpt = Annotated[list[str] | None, typer.Option("--edition", "-e", hidden=True)]

EditionOpt = Annotated[
    str | None,
    typer.Option("--edition", "-e", metavar="ID", help="Follow edition ID's terms and readings (e.g. en-zman).",
                 show_default=False),
]

OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", metavar="FILE",
                 help="Write to FILE (- for standard output) instead of printing. A file is replaced atomically; a "
                      "device or FIFO is written through; a folder or a link to a file is refused.",
                 show_default=False),
]


def sources(source: list[str] | None, legacy: list[str] | None) -> list[str]:
    """The ``ID=PATH`` items of ``--source`` and of the old ``--edition ID=PATH`` spelling (with a hint)."""
    if legacy:
        typer.echo("rulespec: --edition ID=PATH is now --source ID=PATH (--edition names an edition to follow)",
                   err=True)
    return [*(source or ()), *(legacy or ())]
