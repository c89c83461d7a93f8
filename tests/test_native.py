"""The compiled engine (:mod:`engine.native`): used only while it matches its sources, and it plays the same games.

The decision (:func:`engine.native.check`) is tested on folders made here; the equivalence test compares this
process's engine (compiled, where ``tests/bootstrap.sh`` built it) with a child process told to run the plain
sources (``RULESPEC_PURE_PYTHON=1``), game by game.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import native

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _fake_build(tmp_path: Path, sources: dict[str, str], suffix: str = SUFFIX) -> tuple[Path, Path]:
    """A source tree under ``tmp_path/src`` and a native folder whose manifest vouches for those sources."""
    root = tmp_path / "src"
    native_dir = tmp_path / "native"
    native_dir.mkdir(parents=True)
    hashes = {}
    for module, text in sources.items():
        path = native.source_path(module, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        hashes[module] = native.digest(path)
        (native_dir / (module + suffix)).write_bytes(b"")  # only its presence is checked
    (native_dir / native.MANIFEST).write_text(json.dumps({"suffix": suffix, "modules": hashes}))
    return native_dir, root


def test_a_build_matching_its_sources_is_used(tmp_path: Path) -> None:
    native_dir, root = _fake_build(tmp_path, {"pkg.a": "x = 1\n", "pkg.b": "y = 2\n"})
    status = native.check(native_dir, root)
    assert status.active and status.modules == ("pkg.a", "pkg.b")


def test_an_edited_source_makes_the_whole_build_unused(tmp_path: Path) -> None:
    native_dir, root = _fake_build(tmp_path, {"pkg.a": "x = 1\n", "pkg.b": "y = 2\n"})
    native.source_path("pkg.b", root).write_text("y = 3\n")
    status = native.check(native_dir, root)
    assert not status.active and "pkg.b" in status.reason and "pkg.a" not in status.reason


def test_a_deleted_source_or_missing_module_file_makes_it_unused(tmp_path: Path) -> None:
    native_dir, root = _fake_build(tmp_path, {"pkg.a": "x = 1\n"})
    (native_dir / ("pkg.a" + SUFFIX)).unlink()
    assert "missing" in native.check(native_dir, root).reason
    native_dir, root = _fake_build(tmp_path / "again", {"pkg.a": "x = 1\n"})
    native.source_path("pkg.a", root).unlink()
    assert not native.check(native_dir, root).active


def test_a_build_for_another_interpreter_is_unused(tmp_path: Path) -> None:
    native_dir, root = _fake_build(tmp_path, {"pkg.a": "x = 1\n"}, suffix=".cpython-399-other.so")
    status = native.check(native_dir, root)
    assert not status.active and "cpython-399" in status.reason


def test_no_build_or_a_broken_manifest_is_unused(tmp_path: Path) -> None:
    assert "not built" in native.check(tmp_path / "nothing").reason
    (tmp_path / native.MANIFEST).write_text("{not json")
    assert "unreadable" in native.check(tmp_path).reason


_GAMES = r"""
import hashlib, json, sys
from engine import native
from engine.runtime.api import GameConfig
from engine.runtime.bots import make_bot, play_game
from engine.runtime.registry import load_game

configs = [
    GameConfig(game="race_to_the_new_found_land", players=players, seed=seed, edition=edition)
    for players in (2, 3, 4) for edition in ("de", "en", "en-zman", "nl") for seed in range(1, 6)
] + [GameConfig(game="francis_drake", players=players, seed=seed) for players in (3, 4, 5) for seed in range(1, 11)]
out = {"active": native.status().active, "games": []}
for config in configs:
    state = load_game(config).new_initial_state()
    bots = [make_bot("heuristic" if (seat + config.seed) % 2 else "random", config.game) for seat in range(config.players)]
    play_game(state, bots, config.seed)
    text = json.dumps([state.to_json(), state.scores(), state.winners(), state.fingerprint()], sort_keys=True)
    out["games"].append(hashlib.sha256(text.encode()).hexdigest())
print(json.dumps(out))
"""


def _play(pure: bool) -> dict[str, object]:
    env = {**os.environ, native.PURE_ENV: "1" if pure else ""}
    done = subprocess.run([sys.executable, "-c", _GAMES], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_compiled_engine_plays_the_same_games_as_the_sources() -> None:
    if not native.status().active:
        pytest.skip(f"compiled engine not in use here: {native.status().reason}")
    compiled, pure = _play(pure=False), _play(pure=True)
    assert compiled["active"] and not pure["active"]
    assert len(compiled["games"]) == 60 + 30  # type: ignore[arg-type]
    assert compiled["games"] == pure["games"]


def test_the_compiled_modules_are_the_ones_imported() -> None:
    if not native.status().active:
        pytest.skip(f"compiled engine not in use here: {native.status().reason}")
    from engine.race_to_the_new_found_land import state

    assert not state.__file__ or not state.__file__.endswith(".py")
    assert "engine.race_to_the_new_found_land.state" in native.status().modules


def test_compiled_modules_type_check() -> None:
    """mypyc compiles only code that type-checks: a type error in a compiled module would leave the engine plain
    Python without failing anything else, so it fails here."""
    pytest.importorskip("mypy")
    from engine.native_build import native_modules

    files = [str(native.source_path(m, ROOT)) for m in native_modules()]
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports", "--no-error-summary", *files],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_failed_build_says_why_and_writes_nothing(tmp_path: Path) -> None:
    """A compiler that fails (here ``CC=/bin/false``) ends the build with a one-line reason and exit 1; the target
    folder is never created, so the engine stays plain Python rather than half-built."""
    pytest.importorskip("mypyc")
    dest = tmp_path / "native"
    done = subprocess.run(
        [sys.executable, "-m", "engine.native_build", "--dest", str(dest), "--force"],
        cwd=ROOT, env={**os.environ, "CC": "/bin/false"}, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 1
    assert "the C build failed" in done.stderr and "plain Python" in done.stderr and "Traceback" not in done.stderr
    assert not dest.exists() and not dest.with_name("native.new").exists()
