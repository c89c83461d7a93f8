#!/usr/bin/env python3
"""Check the fourth held-out draft set the way score_draft_audit.py reads it, without running the audit.

The third set's checker (``../audit_drafts_3/check_errors_yaml.py``) run on this set, with the third set added to
the sets whose sentences are spent:

* **Format and placement**, by the first set's checker (``../check_errors_yaml.py``): every error has a known
  ``type`` and a ``note``; a ``changed`` text is found in its draft exactly once (words joined by any
  whitespace, as the scorer finds it) and not in the source; a deleted ``original`` is in the source and no
  longer in the draft; edits lie at least 200 characters apart and every error lies on one of them.
* **A fresh set**: no sentence that the first, second *or* third set (``../audit_drafts/``,
  ``../audit_drafts_2/``, ``../audit_drafts_3/``) edited in an edition is edited again here (each earlier change
  widened to its whole sentence, as the second set's checker does).
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

HERE = Path(__file__).resolve().parent
SPENT_SETS = tuple(HERE.parent / name / "errors.yaml" for name in ("audit_drafts", "audit_drafts_2", "audit_drafts_3"))


def third_set_checker() -> ModuleType:
    """The third set's ``check_errors_yaml`` module, loaded from its file (the held-out folders are not packages)."""
    spec = importlib.util.spec_from_file_location(
        "heldout_check_errors_yaml_3", HERE.parent / "audit_drafts_3" / "check_errors_yaml.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(spent_sets: tuple[Path, ...], errors_path: Path) -> None:
    """Run the third set's checks on ``errors_path``, refusing edits in the sentences of every set in
    ``spent_sets`` (later sets call this with their own list)."""
    checker = third_set_checker()
    checker.SPENT_SETS = spent_sets  # its main() refuses edits in the sentences of every set listed here
    sys.argv = [sys.argv[0], str(errors_path)]
    checker.main()


def set_number(folder: Path) -> int:
    """The number of a draft set's folder: ``audit_drafts`` is 1, ``audit_drafts_7`` is 7."""
    return int(folder.name.rsplit("_", 1)[1]) if folder.name != "audit_drafts" else 1


def check_set(folder: Path) -> None:
    """Check the set in ``folder`` (its ``errors.yaml``, or the file named on the command line) with every set
    numbered below it spent: what each later set's checker runs, so that it names no list of its own."""
    earlier = sorted((p for p in folder.parent.glob("audit_drafts*") if p.is_dir() and (p / "errors.yaml").is_file()
                      and set_number(p) < set_number(folder)), key=set_number)
    check(tuple(p / "errors.yaml" for p in earlier),
          Path(sys.argv[1]) if len(sys.argv) > 1 else folder / "errors.yaml")


def main() -> None:
    """Run the third set's checks on this set's ``errors.yaml`` (or the file named), with set 3 spent as well."""
    check(SPENT_SETS, Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "errors.yaml")


if __name__ == "__main__":
    main()
