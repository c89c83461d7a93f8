"""Write the drafts of the fifth held-out audit set (this folder) from the rulebook texts and ``edits.yaml``.

The drafts are built exactly as the first set's: each is its source edition (``$RULESPEC_SOURCES``, default
``shared/sources`` beside the checkout) with the listed exact ``original`` -> ``changed`` replacements applied, and
lands here beside ``errors.yaml`` as a git-ignored ``*.txt``. This script only runs the first set's builder
(``../build_drafts.py``, whose ``build`` takes the set's folder) on this folder, so every set is built by the same
code.

Run: RULESPEC_SOURCES=/work/shared/sources python benchmarks/data/heldout/audit_drafts_5/build_drafts.py
"""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    build = runpy.run_path(str(HERE.parent / "build_drafts.py"))["build"]  # the folder is not a package
    print(f"wrote {len(build(HERE))} drafts under {HERE}")
