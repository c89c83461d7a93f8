"""Build hook: a regular (non-editable) install also compiles the engine's hot modules with mypyc.

Everything else about the package is in ``pyproject.toml``. The compiled modules land in the wheel's
``engine/_native`` with the manifest that :mod:`engine.native` checks at import; if mypyc or a C compiler is
missing, or ``RULESPEC_PURE_PYTHON=1`` is set, the install goes on without them and the engine runs as plain
Python. Editable installs compile nothing here (their sources change under them): ``tests/bootstrap.sh`` builds
the in-place copy with ``python -m engine.native_build``, which rebuilds after an edit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py


class BuildPyWithNative(build_py):
    """``build_py``, then the compiled engine built from the very files the wheel ships."""

    def run(self) -> None:
        super().run()
        if self.editable_mode or os.environ.get("RULESPEC_PURE_PYTHON", "") not in ("", "0"):
            return
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from engine.native_build import NativeBuildError, build

        lib = Path(self.build_lib)
        try:
            modules = build(lib / "engine" / "_native", root=lib)
        except NativeBuildError as error:
            print(f"rulespec: compiled engine not built ({error}); installing the plain-Python engine", file=sys.stderr)
            return
        print(f"rulespec: compiled engine built ({len(modules)} modules)", file=sys.stderr)


class BinaryDistribution(Distribution):
    """The wheel holds compiled modules for this interpreter and platform: tag it so, never as pure Python."""

    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_py": BuildPyWithNative}, distclass=BinaryDistribution)
