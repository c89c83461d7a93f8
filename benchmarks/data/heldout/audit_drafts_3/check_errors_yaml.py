#!/usr/bin/env python3
"""Check the third held-out draft set the way score_draft_audit.py reads it, without running the audit.

The checks of the second set's checker (``../audit_drafts_2/check_errors_yaml.py``), applied to this set:

* **Format and placement**, by the first set's checker (``../check_errors_yaml.py``): every error has a known
  ``type`` and a ``note``; a ``changed`` text is found in its draft exactly once (words joined by any
  whitespace, as the scorer finds it) and not in the source; a deleted ``original`` is in the source and no
  longer in the draft; edits lie at least 200 characters apart and every error lies on one of them.
* **A fresh set**: no sentence that the first set (``../audit_drafts/``) *or* the second set
  (``../audit_drafts_2/``) edited in an edition is edited again here (each earlier change widened to its whole
  sentence, as the second set's checker does).
* **Deleted sentences the scorer can place**: the 60 characters before a deleted sentence occur once in the draft.

It then prints the errors per type and language and the errors placed in worked examples, the figures the README
quotes.

usage: python check_errors_yaml.py [errors.yaml]   (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import yaml

HERE = Path(__file__).resolve().parent
SPENT_SETS = (HERE.parent / "audit_drafts" / "errors.yaml", HERE.parent / "audit_drafts_2" / "errors.yaml")


def load(name: str, path: Path) -> ModuleType:
    """A checker module loaded from its file (the held-out folders are not packages)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    errors_path = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "errors.yaml"
    second = load("heldout_check_errors_yaml_2", HERE.parent / "audit_drafts_2" / "check_errors_yaml.py")
    base = second.first_set_checker()
    spec = yaml.safe_load(errors_path.read_text(encoding="utf-8"))
    missing = [d["file"] for d in spec["drafts"] if not (errors_path.parent / d["file"]).is_file()]
    if missing:
        sys.exit(f"{errors_path.parent}: drafts not built ({', '.join(missing)}); run build_drafts.py first")
    problems: list[str] = []
    for d in spec["drafts"]:
        found, n_errors, n_paraphrases = base.check_draft(d, spec["game"], errors_path.parent)
        problems += found
        print(f"{d['file']:10s} {d['edition']:8s} errors={n_errors} paraphrase_edits={n_paraphrases}")
    for spent in SPENT_SETS:
        problems += [
            p.replace("the first set edited", f"{spent.parent.name}/ edited")
            for p in second.reused_sentences(errors_path, spent, base.sources_dir())
        ]
    problems += second.ambiguous_deletions(errors_path, base.sources_dir())
    print(second.tally(errors_path))
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
