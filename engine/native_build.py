"""Build the compiled engine (see :mod:`engine.native`): ``python -m engine.native_build [--dest DIR]``.

mypyc type-checks the listed modules and compiles them to C extension modules (one shared library plus a small
stub per module). The build runs in a temporary folder; the result replaces ``engine/_native`` in one rename,
manifest last, so an interrupted or failed build leaves the previous state (built or not) as it was.

Needs ``mypy`` (which brings mypyc) and a C compiler. Without them, or when the build fails, it says why and
exits non-zero; the engine then simply runs as plain Python.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from engine.native import MANIFEST, NATIVE_DIR, RUNTIME_MODULES, check, digest, source_path

#: The mypyc group: its shared library becomes ``engine._native.lib__mypyc``, inside the native folder.
GROUP = "engine._native.lib"


class NativeBuildError(RuntimeError):
    """The compiled engine could not be built (no mypyc, no compiler, or a type error mypyc refuses)."""


def native_modules() -> tuple[str, ...]:
    """The modules to compile: the runtime's and every game package's ``NATIVE_MODULES``, sorted."""
    import pkgutil

    import engine

    modules = set(RUNTIME_MODULES)
    for info in pkgutil.iter_modules(engine.__path__):
        if not info.ispkg or info.name.startswith("_") or info.name == "runtime":
            continue
        package = importlib.import_module(f"engine.{info.name}")
        modules.update(f"engine.{info.name}.{name}" for name in getattr(package, "NATIVE_MODULES", ()))
    return tuple(sorted(modules))


def build(dest: Path = NATIVE_DIR, root: Path | None = None, verbose: bool = False) -> list[str]:
    """Compile :func:`native_modules` under ``root`` (the folder holding ``engine/``) into ``dest``."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as error:
        raise NativeBuildError(f"mypyc is not installed ({error}); pip install mypy") from error
    base = (root or Path(__file__).resolve().parents[1]).resolve()
    modules = native_modules()
    sources = {m: source_path(m, base) for m in modules}
    hashes = {m: digest(path) for m, path in sources.items()}  # what is compiled is what the manifest vouches for
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    with tempfile.TemporaryDirectory(prefix="rulespec-native-") as tmp:
        work = Path(tmp)
        cwd = os.getcwd()
        os.chdir(base)  # mypyc names modules by their path from here
        try:
            extensions = mypycify(
                [str(sources[m].relative_to(base)) for m in modules],
                opt_level="3",
                group_name=GROUP,
                target_dir=str(work / "c"),
                verbose=verbose,
            )
            dist = Distribution({"name": "rulespec-native", "ext_modules": extensions, "script_args": []})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")  # type: ignore[attr-defined]
            command.build_temp = str(work / "tmp")  # type: ignore[attr-defined]
            command.ensure_finalized()
            command.run()
        except SystemExit as error:  # mypyc reports type errors by exiting
            raise NativeBuildError(f"mypyc refused the sources (exit {error.code}); see the messages above") from error
        except Exception as error:
            raise NativeBuildError(f"the C build failed: {error}") from error
        finally:
            os.chdir(cwd)
        staging = work / "native"
        staging.mkdir()
        lib = work / "lib"
        for m in modules:
            shutil.copy2(lib.joinpath(*m.split(".")).with_suffix(suffix), staging / (m + suffix))
        for shared in lib.joinpath("engine", "_native").glob(f"*{suffix}"):
            shutil.copy2(shared, staging / shared.name)
        (staging / "__init__.py").write_text('"""Built by engine.native_build; not under version control."""\n')
        manifest = {"suffix": suffix, "modules": hashes}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        dest.parent.mkdir(parents=True, exist_ok=True)
        old, new = dest.with_name(dest.name + ".old"), dest.with_name(dest.name + ".new")
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(new, ignore_errors=True)
        shutil.move(str(staging), str(new))  # (a copy where the temporary folder is on another file system)
        if dest.exists():
            dest.rename(old)
        new.rename(dest)  # the two renames happen next to the target, on its own file system
        shutil.rmtree(old, ignore_errors=True)
    return list(modules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=NATIVE_DIR, help="folder to build into (default: %(default)s)")
    parser.add_argument("--force", action="store_true", help="rebuild even when the build matches the sources")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    current = check(args.dest)
    if current.active and set(current.modules) == set(native_modules()) and not args.force:
        print(f"compiled engine up to date: {current.reason}")
        return 0
    try:
        modules = build(args.dest, verbose=args.verbose)
    except NativeBuildError as error:
        print(f"engine.native_build: {error}; the engine runs as plain Python", file=sys.stderr)
        return 1
    print(f"compiled {len(modules)} modules into {args.dest}: {', '.join(modules)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
