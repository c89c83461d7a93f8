"""Importing the audit pins BLAS to one thread before numpy loads, unless the user chose a thread count."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_PROBE = "import os, translations.audit.pipeline; print(os.environ['OPENBLAS_NUM_THREADS'], os.environ['OMP_NUM_THREADS'])"


def _probe(**extra: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    env.update({"PYTHONPATH": str(REPO), **extra})
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_importing_the_audit_pins_blas_to_one_thread() -> None:
    assert _probe() == "1 1"


def test_a_thread_count_the_user_set_is_kept() -> None:
    assert _probe(OPENBLAS_NUM_THREADS="2") == "2 1"
