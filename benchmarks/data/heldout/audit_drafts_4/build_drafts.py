"""Write the drafts of the fourth held-out audit set (this folder) from the rulebook texts and ``edits.yaml``.

The drafts are built exactly as the first set's: each is its source edition (``$RULESPEC_SOURCES``, default
``shared/sources`` beside the checkout) with the listed exact ``original`` -> ``changed`` replacements applied, and
lands here beside ``errors.yaml`` as a git-ignored ``*.txt``. This script only points the first set's builder
(``../build_drafts.py``) at this folder, so all four sets are built by the same code.

Run: RULESPEC_SOURCES=/work/shared/sources python benchmarks/data/heldout/audit_drafts_4/build_drafts.py
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def first_set_builder() -> ModuleType:
    """The first set's ``build_drafts`` module, loaded from its file (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location("heldout_build_drafts", HERE.parent / "build_drafts.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build() -> list[Path]:
    """Write every draft of this set; stops with a message when an edit no longer applies to its source."""
    builder = first_set_builder()
    builder.DRAFTS = HERE  # build() reads its folder from this module global
    return builder.build()


if __name__ == "__main__":
    print(f"wrote {len(build())} drafts under {HERE}")
