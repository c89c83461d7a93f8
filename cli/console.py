"""The rich console every command prints tables through.

When output goes to a pipe or a file, rich assumes 80 columns and folds or truncates table cells ("heurist…");
reports are read later and wider, so they get at least :data:`PIPED_WIDTH` columns there.
"""

from __future__ import annotations

from typing import Any

PIPED_WIDTH = 140


def make_console(**options: Any) -> Any:
    """A ``rich.console.Console``; at least :data:`PIPED_WIDTH` wide when not writing to a terminal."""
    from rich.console import Console

    console = Console(**options)
    if not console.is_terminal and "width" not in options:
        console = Console(width=max(console.width, PIPED_WIDTH), **options)
    return console
