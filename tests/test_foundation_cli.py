"""CLI start-up stays light, and the generated-files check catches stale output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulespec.outputs import stale_files, write_atomic, write_outputs

REPO = Path(__file__).resolve().parent.parent


def test_cli_start_imports_no_heavy_machinery() -> None:
    probe = (
        "import sys, cli.app\n"
        "heavy = [m for m in ('spacy', 'jsonschema', 'numpy', 'engine.runtime', 'jinja2') if m in sys.modules]\n"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == ""


def test_help_lists_every_command() -> None:
    out = subprocess.run([sys.executable, "-m", "cli.app", "--help"], capture_output=True, text=True, check=True, cwd=REPO)
    for command in ("validate", "trace", "stamp", "generate"):
        assert command in out.stdout


def test_stale_check_detects_changed_and_missing_files(tmp_path: Path) -> None:
    files = {tmp_path / "a.py": "A = 1\n", tmp_path / "sub" / "b.py": "B = 2\n"}
    assert stale_files(files) == sorted(files)
    assert write_outputs(files) == sorted(files)
    assert stale_files(files) == []
    (tmp_path / "a.py").write_text("A = 2\n")  # a hand edit makes it stale
    assert stale_files(files) == [tmp_path / "a.py"]
    assert write_outputs(files) == [tmp_path / "a.py"]


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomic(target, "x")
    write_atomic(target, "y")
    assert target.read_text() == "y"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_generated_files_are_up_to_date() -> None:
    """The committed generated files equal a fresh render (openapi-generator's ensure-up-to-date)."""
    result = subprocess.run([sys.executable, "-m", "cli.app", "generate", "--check"], capture_output=True, text=True,
                            cwd=REPO)
    assert result.returncode == 0, result.stdout + result.stderr


def test_atomic_write_gives_the_usual_file_mode(tmp_path: Path) -> None:
    import os
    import stat

    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.txt", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "out.txt").stat().st_mode) == 0o644


def test_generate_never_writes_a_scratch_spec_over_the_bundled_outputs(tmp_path: Path) -> None:
    import shutil

    scratch = tmp_path / "copy"
    shutil.copytree(REPO / "rulespec" / "race_to_the_new_found_land", scratch)
    refused = subprocess.run([sys.executable, "-m", "cli.app", "generate", "engine", str(scratch)], capture_output=True,
                             text=True, cwd=REPO)
    assert refused.returncode == 2 and "--out" in refused.stderr
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "cli.app", "generate", "engine", str(scratch), "--out", str(out)],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in (out / "engine" / "race_to_the_new_found_land" / "generated").iterdir())
    bundled = sorted(p.name for p in (REPO / "engine" / "race_to_the_new_found_land" / "generated").glob("*.py"))
    assert written and set(written) <= set(bundled) | {"__init__.py"}


def test_build_of_an_unknown_game_is_a_usage_error_without_traceback() -> None:
    result = subprocess.run([sys.executable, "-m", "cli.app", "build", "no_such_game"], capture_output=True, text=True,
                            cwd=REPO)
    assert result.returncode == 2
    assert "no spec folder or bundled game" in result.stderr and "Traceback" not in result.stderr
