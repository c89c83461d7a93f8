"""Writing generated files: atomically (temp file, then rename), and checking them for staleness.

Like openapi-generator's ensure-up-to-date check, ``--check`` renders everything afresh and compares bytes;
a file that differs or is missing is stale. Nothing is written half-way: each file goes to a temporary file in
its own folder and is renamed over the target.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` via a temp file and a rename, so readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp creates the file 0600; give it the mode an ordinary write would (0666 less the umask).
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def stale_files(files: Mapping[Path, str]) -> list[Path]:
    """Paths whose current content differs from the fresh render (missing files included)."""
    stale = []
    for path, content in sorted(files.items()):
        try:
            current = path.read_bytes()
        except OSError:
            stale.append(path)
            continue
        if current != content.encode("utf-8"):
            stale.append(path)
    return stale


def write_outputs(files: Mapping[Path, str]) -> list[Path]:
    """Write every changed file atomically; return the paths written."""
    changed = stale_files(files)
    for path in changed:
        write_atomic(path, files[path])
    return changed
