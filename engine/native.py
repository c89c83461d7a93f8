"""The compiled engine: the hot modules built with mypyc, used in place of their sources only while they match.

The engines are plain Python, and plain Python is the reference. For speed, ``python -m engine.native_build``
compiles the modules every random game runs through (each game package lists its own in ``NATIVE_MODULES``;
the runtime adds :data:`RUNTIME_MODULES`) into ``engine/_native/``, with a manifest of the SHA-256 of every
source it compiled. :func:`install`, run when :mod:`engine` is imported, puts the compiled modules on the import
path only if

- ``RULESPEC_PURE_PYTHON`` is not set (``1`` asks for the plain sources, e.g. to compare the two),
- they were built for this interpreter (same extension-module suffix), and
- every listed source still hashes to what was compiled.

A source edited since the build therefore never runs as stale machine code: the whole set falls back to the
sources (a compiled module holds native references to the others, so the set is used all or nothing) with one
warning saying how to rebuild. The compiled files sit in their own folder, never beside the sources, so
nothing shadows a ``.py`` file the way an in-place extension build would.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: Where the compiled modules live, next to the package sources.
NATIVE_DIR = Path(__file__).resolve().parent / "_native"
#: The manifest the build writes last: module name → SHA-256 of the source compiled.
MANIFEST = "manifest.json"
#: The environment variable that asks for the plain-Python engine.
PURE_ENV = "RULESPEC_PURE_PYTHON"
#: Runtime modules on every game's hot path (the random bot's draw, shuffles).
RUNTIME_MODULES = ("engine.runtime.chance", "engine.runtime.bots")


@dataclass(frozen=True)
class NativeStatus:
    """Whether the compiled engine is in use, and why (or why not)."""

    active: bool
    reason: str
    modules: tuple[str, ...] = ()


_status = NativeStatus(False, "not checked yet")


def source_path(module: str, root: Path | None = None) -> Path:
    """The ``.py`` file of ``module`` (``engine.runtime.bots`` → ``<root>/engine/runtime/bots.py``)."""
    base = root if root is not None else Path(__file__).resolve().parents[1]
    return base.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(native_dir: Path, root: Path | None = None, suffix: str | None = None) -> NativeStatus:
    """Whether the build in ``native_dir`` may be used for the sources under ``root``: a pure function of the
    files (nothing is imported or installed), so it can be asked of any folder."""
    manifest_path = native_dir / MANIFEST
    if not manifest_path.is_file():
        return NativeStatus(False, f"not built ({manifest_path} missing)")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        modules: dict[str, str] = dict(manifest["modules"])
        built_for = str(manifest["suffix"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        return NativeStatus(False, f"unreadable manifest {manifest_path}: {error}")
    wanted = suffix if suffix is not None else importlib.machinery.EXTENSION_SUFFIXES[0]
    if built_for != wanted:
        return NativeStatus(False, f"built for {built_for}, this interpreter loads {wanted}")
    stale = []
    for module, expected in sorted(modules.items()):
        source = source_path(module, root)
        if not (native_dir / (module + built_for)).is_file():
            return NativeStatus(False, f"compiled {module} missing from {native_dir}")
        if not source.is_file() or digest(source) != expected:
            stale.append(module)
    if stale:
        return NativeStatus(False, "sources changed since the build: " + ", ".join(stale))
    return NativeStatus(True, f"compiled with mypyc ({len(modules)} modules in {native_dir})", tuple(sorted(modules)))


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules as extension modules in the native folder, before the path finder sees the
    ``.py`` sources; every other module is left to the usual finders."""

    def __init__(self, native_dir: Path, modules: tuple[str, ...], suffix: str) -> None:
        self._files = {module: native_dir / (module + suffix) for module in modules}

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        file = self._files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> NativeStatus:
    """Use the compiled modules if :func:`check` allows it (idempotent); warn once when a build is stale."""
    global _status
    if any(isinstance(finder, _CompiledFinder) for finder in sys.meta_path):
        return _status
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _status = NativeStatus(False, f"{PURE_ENV} is set")
        return _status
    if not NATIVE_DIR.is_dir():
        _status = NativeStatus(False, "not built (python -m engine.native_build builds it)")
        return _status
    _status = check(NATIVE_DIR)
    if not _status.active:
        if "engine.native_build" not in getattr(sys, "orig_argv", ()):  # the rebuild itself needs no reminder
            warnings.warn(
                f"the compiled engine is not used: {_status.reason}; running the plain-Python engine "
                "(rebuild with: python -m engine.native_build)",
                RuntimeWarning,
                stacklevel=2,
            )
        return _status
    already = [m for m in _status.modules if m in sys.modules]
    if already:  # imported as sources before the finder existed: mixing the two would break native references
        _status = NativeStatus(False, "imported as sources before the compiled engine was installed: " + ", ".join(already))
        return _status
    sys.meta_path.insert(0, _CompiledFinder(NATIVE_DIR, _status.modules, importlib.machinery.EXTENSION_SUFFIXES[0]))
    return _status


def status() -> NativeStatus:
    """What :func:`install` decided in this process."""
    return _status
