"""The edition registry: which rulebook text each edition of a game is read from.

Sources are data under audit: rulespec reads them where they are and never copies them. For each edition the
path is, in order: an override given on the command line (``--edition de=PATH``), the edition's ``source`` file
name in the folder named by ``RULESPEC_SOURCES``, or in the first ``shared/sources`` folder found beside the
working directory or the installed package (``../shared/sources`` in a checkout).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from rulespec.model import Edition, Spec

SOURCES_ENV = "RULESPEC_SOURCES"
#: Rulebook texts are tens of kilobytes; refuse anything absurd before reading it whole.
MAX_SOURCE_BYTES = 5_000_000


class SourceError(Exception):
    """A source text that cannot be used: missing, unreadable, not UTF-8 text, empty or too large."""


def parse_overrides(items: Iterable[str]) -> dict[str, Path]:
    """``["de=path/de.txt", ...]`` → ``{"de": Path("path/de.txt")}``; raise ValueError on a malformed item."""
    overrides: dict[str, Path] = {}
    for item in items:
        edition, sep, path = item.partition("=")
        if not sep or not edition or not path:
            raise ValueError(f"--edition expects ID=PATH, got {item!r}")
        overrides[edition.strip()] = Path(path.strip())
    return overrides


def sources_dir() -> Path | None:
    """The folder of source texts: ``$RULESPEC_SOURCES``, else the nearest ``shared/sources``."""
    env = os.environ.get(SOURCES_ENV)
    if env:
        return Path(env)
    starts = [Path.cwd().resolve(), Path(__file__).resolve().parent]
    for start in starts:
        for folder in (start, *start.parents):
            for candidate in (folder / "shared" / "sources", folder.parent / "shared" / "sources"):
                if candidate.is_dir():
                    return candidate
    return None


def source_path(spec: Spec, edition_id: str, overrides: Mapping[str, Path] | None = None) -> Path:
    """Where edition ``edition_id`` of ``spec`` is read from."""
    if edition_id not in spec.editions:
        known = ", ".join(spec.editions)
        raise SourceError(f"{spec.id} has no edition {edition_id!r} (editions: {known})")
    if overrides and edition_id in overrides:
        return Path(overrides[edition_id])
    folder = sources_dir()
    edition: Edition = spec.editions[edition_id]
    if folder is None:
        raise SourceError(f"cannot find the source folder for {edition.source}: set {SOURCES_ENV} or pass "
                          f"--edition {edition_id}=PATH")
    return folder / edition.source


def read_text_file(path: Path, max_bytes: int = MAX_SOURCE_BYTES) -> str:
    """A source text exactly as in the file (UTF-8 decoded, nothing removed); clear errors for unusable files."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SourceError(f"{path}: file not found") from None
    except OSError as exc:
        raise SourceError(f"{path}: cannot read ({exc.strerror})") from None
    if not path.is_file():
        raise SourceError(f"{path}: not a file")
    if size > max_bytes:
        raise SourceError(f"{path}: {size} bytes is too large for a rulebook text (limit {max_bytes})")
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        raise SourceError(f"{path}: binary file, expected UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path}: not UTF-8 text (invalid byte at offset {exc.start})") from None
    if not text.strip():
        raise SourceError(f"{path}: file is empty")
    return text


def read_source(spec: Spec, edition_id: str, overrides: Mapping[str, Path] | None = None) -> str:
    """The source text of one edition, exactly as read from its file."""
    return read_text_file(source_path(spec, edition_id, overrides))
