"""Running the `rulespec` command as a user would, and the assertions every "no traceback" case shares."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
RNFL = "race_to_the_new_found_land"


def rulespec(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, stdin: str = "",
             stdout: object = subprocess.PIPE, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``rulespec ARGS`` in a fresh interpreter running this checkout (``cli.app.main``). ``-P`` keeps the working
    directory off ``sys.path``, as for the installed console script: a ``rulespec/`` folder there is data, not code."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), "RULESPEC_PURE_PYTHON": "1", **(env or {})}
    return subprocess.run([sys.executable, "-P", "-m", "cli.app", *args], cwd=cwd or REPO, env=environment, input=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=timeout)


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int, *needles: str) -> None:
    """Exit ``code``, every needle (the file, the line or field, the reason) in stderr, and no traceback."""
    output = (result.stdout or "") + result.stderr
    assert result.returncode == code, f"exit {result.returncode}, expected {code}:\n{output}"
    for needle in needles:
        assert needle in result.stderr, f"{needle!r} not in stderr:\n{result.stderr}"
    assert "Traceback" not in output, output


def make_char_device(path: Path, major: int, minor: int) -> None:
    """A character device node at ``path`` (``os.mknod``), or skip the test saying why it cannot be made."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(major, minor))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot create a character device here ({exc.strerror}): mknod needs CAP_MKNOD")


def null_device(tmp_path: Path) -> Path:
    """A private /dev/null (1, 3) made with mknod."""
    path = tmp_path / "null"
    make_char_device(path, 1, 3)
    return path


def full_device(tmp_path: Path) -> Path:
    """A private /dev/full (1, 7): every write fails with ENOSPC, like a full disk."""
    path = tmp_path / "full"
    make_char_device(path, 1, 7)
    return path


def mini_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A writable copy of the mini game's spec and of its texts: ``(spec folder, sources folder)``."""
    import shutil

    spec = tmp_path / "mini_game"
    shutil.copytree(FIXTURES / "mini_game", spec)
    sources = tmp_path / "sources"
    shutil.copytree(FIXTURES / "mini_sources", sources)
    return spec, sources
