"""The edition registry: which rulebook text each edition of a game is read from.

Sources are data under audit: rulespec reads them where they are and never copies them. For each edition the
path is, in order: an override given on the command line (``--source de=PATH``), the edition's ``source`` file
name in the folder named by ``RULESPEC_SOURCES``, or in the first ``shared/sources`` folder found beside the
working directory or the installed package (``../shared/sources`` in a checkout).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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
            raise ValueError(f"--source expects ID=PATH, got {item!r}")
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
        raise SourceError(f"cannot find the folder of rulebook texts for {edition.source}: set {SOURCES_ENV} or "
                          f"pass --source {edition_id}=PATH")
    return folder / edition.source


def read_text_file(path: Path, max_bytes: int = MAX_SOURCE_BYTES) -> str:
    """A source text exactly as in the file (UTF-8 decoded, nothing removed); clear errors for unusable files.

    The size is checked before anything is read (:mod:`rulespec.bounded_input`): a 3 GB file is refused at
    once, and so are folders, devices and FIFOs.
    """
    from rulespec.bounded_input import InputError, read_bytes

    try:
        data = read_bytes(path, max_bytes, "rulebook text")
    except InputError as exc:
        raise SourceError(str(exc)) from None
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


@dataclass(frozen=True)
class Unread:
    """An edition whose text could not be read: where it was looked for and why it failed."""

    edition: str
    source: str
    reason: str


def read_sources(spec: Spec, overrides: Mapping[str, Path] | None = None) -> tuple[dict[str, str], list[Unread]]:
    """Every edition's text that can be read, and the editions that cannot (a command that needs only some
    texts goes on with those and reports the rest with :func:`unread_advice`)."""
    texts: dict[str, str] = {}
    unread: list[Unread] = []
    for edition_id, edition in spec.editions.items():
        try:
            texts[edition_id] = read_source(spec, edition_id, overrides)
        except SourceError as exc:
            unread.append(Unread(edition_id, edition.source, str(exc)))
    return texts, unread


def unread_advice(unread: list[Unread]) -> str:
    """What to tell a user whose rulebook texts could not be read: each edition, where it was looked for and
    why it failed, and the two ways to point at the texts."""
    folder = sources_dir()
    looked = (f"{SOURCES_ENV}={os.environ[SOURCES_ENV]}" if os.environ.get(SOURCES_ENV)
              else str(folder) if folder is not None
              else "no shared/sources folder beside the working directory or the installed package")
    lines = [f"could not read the rulebook text of {len(unread)} edition(s) (looked in: {looked}):"]
    lines += [f"  {u.edition}: {u.reason}" for u in unread]
    names = ", ".join(u.source for u in unread)
    first = unread[0].edition if unread else "ID"
    lines.append(f"point at them with {SOURCES_ENV}=FOLDER (a folder holding {names}), "
                 f"or per edition with --source {first}=PATH")
    return "\n".join(lines)
