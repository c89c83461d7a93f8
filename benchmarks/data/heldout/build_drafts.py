"""Write the held-out audit drafts from the rulebook texts and the hand-made edits in ``audit_drafts/edits.yaml``.

The rulebook texts are data under audit and are never copied into the project, so the drafts are not committed:
each is its source edition (``$RULESPEC_SOURCES``, default ``../shared/sources`` of the checkout) with the listed
edits applied, each edit an exact ``original`` → ``changed`` replacement whose ``original`` occurs once in the
source. The drafts land in the set's folder beside ``errors.yaml``, which the shared scorer reads. Every draft set
(``audit_drafts/``, ``audit_drafts_2/`` …) is built by this one script: name the set's folder (default: the first).

Run: python benchmarks/data/heldout/build_drafts.py [benchmarks/data/heldout/audit_drafts_N]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
DRAFTS = HERE / "audit_drafts"


def sources_dir() -> Path:
    """``$RULESPEC_SOURCES``, else ``shared/sources`` beside the checkout."""
    env = os.environ.get("RULESPEC_SOURCES")
    return Path(env) if env else HERE.parents[3] / "shared" / "sources"


def build(folder: Path = DRAFTS) -> list[Path]:
    """Write every draft of the set in `folder` (its ``errors.yaml`` and ``edits.yaml``) beside them; stop with a
    message when an edit no longer applies to its source. Every set is built by this one function."""
    errors = yaml.safe_load((folder / "errors.yaml").read_text(encoding="utf-8"))
    edits = yaml.safe_load((folder / "edits.yaml").read_text(encoding="utf-8"))["edits"]
    written = []
    for draft in errors["drafts"]:
        source = sources_dir() / f"{errors['game']}.{draft['edition']}.txt"
        text = source.read_text(encoding="utf-8")
        for edit in edits[draft["file"]]:
            if text.count(edit["original"]) != 1:
                sys.exit(f"{draft['file']}: an edit's original text is not found exactly once in {source}")
            text = text.replace(edit["original"], edit["changed"], 1)
        path = folder / draft["file"]
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    folder = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else DRAFTS
    print(f"wrote {len(build(folder))} drafts under {folder}")
