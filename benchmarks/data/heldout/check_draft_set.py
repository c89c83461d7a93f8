#!/usr/bin/env python3
"""Check a held-out draft set (the fifth on) the way score_draft_audit.py reads it, without running the audit.

The fourth set's ``check_set`` (``audit_drafts_4/check_errors_yaml.py``: the third set's checks of format,
placement and deleted sentences, which its docstring lists) runs on the set in FOLDER, with every set numbered
below it spent: no sentence an earlier set edited is edited again. It prints the errors per type and language and
those in worked examples, the figures each set's README section quotes. One entry point for every later set, so
that a new set adds data, not another copy of this script.

usage: python check_draft_set.py FOLDER [errors.yaml]   (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    """Check FOLDER's ``errors.yaml`` (or the file named after it) against every earlier set."""
    if len(sys.argv) < 2 or not Path(sys.argv[1]).is_dir():
        sys.exit("usage: python check_draft_set.py FOLDER [errors.yaml]  (FOLDER: a benchmarks/data/heldout/"
                 "audit_drafts_N folder)")
    folder = Path(sys.argv[1]).resolve()
    # check_set reads an optional errors file from argv[1], as each set's own script was called
    sys.argv = [sys.argv[0], *sys.argv[2:]]
    runpy.run_path(str(HERE / "audit_drafts_4" / "check_errors_yaml.py"))["check_set"](folder)


if __name__ == "__main__":
    main()
