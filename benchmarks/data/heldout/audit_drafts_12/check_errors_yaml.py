#!/usr/bin/env python3
"""Check the twelfth held-out draft set the way score_draft_audit.py reads it, without running the audit.

The fourth set's ``check_set`` (``../audit_drafts_4/check_errors_yaml.py``: the third set's checks of format,
placement and deleted sentences, which its docstring lists) run on this set, with every set numbered below this one
spent: no sentence an earlier set edited is edited again. It prints the errors per type and language and those in
worked examples, the figures the README quotes.

usage: python check_errors_yaml.py [errors.yaml]   (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    # the fourth set's script runs the third set's checker with every set numbered below this one spent
    runpy.run_path(str(HERE.parent / "audit_drafts_4" / "check_errors_yaml.py"))["check_set"](HERE)
