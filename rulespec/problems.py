"""Problems found in a spec: where (file, line, JSON path) and what, so a user can fix them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a spec. ``severity`` is ``error`` (spec invalid) or ``warning``."""

    file: str
    line: int
    path: str
    message: str
    check: str = "schema"
    severity: str = "error"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.path}" if self.path else ""
        return f"{where}:{field} {self.message} [{self.check}]"


class SpecError(Exception):
    """Raised when a spec cannot be loaded; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "invalid spec")


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it is below it (shorter messages), else absolute."""
    import os

    try:
        # abspath, not resolve(): a path through a looping symbolic link must still be shown
        return os.path.relpath(os.path.abspath(path)) if _below_cwd(path) else str(path)
    except (OSError, ValueError):
        return str(path)


def _below_cwd(path: Path) -> bool:
    import os

    cwd = os.getcwd()
    absolute = os.path.abspath(path)
    return absolute == cwd or absolute.startswith(cwd.rstrip(os.sep) + os.sep)
