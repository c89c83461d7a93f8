"""The kinds of spec file and where each lives in a game folder.

A game folder holds, per kind, ``<kind>.yaml`` and/or ``<kind>/*.yaml``; the lists of all a kind's files are
concatenated in file-name order (``<kind>.yaml`` first). ``game`` and ``aid`` (the player aid) are single files.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

#: Every kind, in the order files are read and reported.
KINDS: tuple[str, ...] = ("game", "components", "board", "setup", "rules", "glossary", "rulings", "not_rules", "aid")

#: Kinds of one file only.
SINGLE_FILE_KINDS: frozenset[str] = frozenset({"game", "aid"})

#: Kinds whose documents hold lists to concatenate, and the list keys of each.
LIST_KEYS: dict[str, tuple[str, ...]] = {
    "components": ("components", "records", "decks", "attribute_types"),
    "board": ("areas", "tables"),
    "setup": ("steps",),
    "rules": ("variants", "rules"),
    "glossary": ("concepts",),
    "rulings": ("rulings",),
    "not_rules": ("passages",),
}

SCHEMAS_DIR = Path(__file__).resolve().parent.parent / "schemas"


def kind_files(folder: Path) -> dict[str, list[Path]]:
    """The spec files of each kind in ``folder`` (missing kinds map to an empty list)."""
    found: dict[str, list[Path]] = {}
    for kind in KINDS:
        files: list[Path] = []
        single = folder / f"{kind}.yaml"
        if _is_entry(single):
            files.append(single)
        sub = folder / kind
        if kind not in SINGLE_FILE_KINDS and sub.is_dir():
            files.extend(sorted(p for p in sub.glob("*.yaml") if _is_entry(p)))
        found[kind] = files
    return found


def _is_entry(path: Path) -> bool:
    """A file the loader must read: a file, or anything else that is not a folder (a broken or looping link, a
    FIFO…), so that reading it reports what is wrong instead of the file being skipped without a word."""
    return path.is_symlink() or (path.exists() and not path.is_dir())


#: Generated files a game folder may hold beside its spec (``rulespec impact --write`` writes impact.yaml).
GENERATED_FILES: tuple[str, ...] = ("impact.yaml",)


def stray_files(folder: Path) -> list[Path]:
    """YAML files in ``folder`` that belong to no kind (probably a typo in a file name)."""
    known = {f for files in kind_files(folder).values() for f in files}
    known |= {folder / name for name in GENERATED_FILES}
    return sorted(p for p in folder.rglob("*.y*ml") if p not in known)


@cache
def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of ``kind``."""
    return json.loads((SCHEMAS_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


@cache
def common_schema() -> dict[str, Any]:
    """The shared definitions every kind's schema refers to."""
    return schema("common")
