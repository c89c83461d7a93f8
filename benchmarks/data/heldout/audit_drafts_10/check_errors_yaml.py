#!/usr/bin/env python3
"""Check the tenth held-out draft set the way score_draft_audit.py reads it, without running the audit.

The third set's checker (``../audit_drafts_3/check_errors_yaml.py``, loaded as the fourth set's script loads it) run
on this set, with every earlier set's sentences spent:

* **Format and placement**, by the first set's checker (``../check_errors_yaml.py``): every error has a known
  ``type`` and a ``note``; a ``changed`` text is found in its draft exactly once (words joined by any
  whitespace, as the scorer finds it) and not in the source; a deleted ``original`` is in the source and no
  longer in the draft; edits lie at least 200 characters apart and every error lies on one of them.
* **A fresh set**: no sentence that the first to ninth sets (``../audit_drafts/`` to ``../audit_drafts_9/``)
  edited in an edition is edited again here (each earlier change widened to its whole sentence, as the second
  set's checker does).
* **Deleted sentences the scorer can place**: the 60 characters before a deleted sentence occur once in the draft.

It then prints the errors per type and language and the errors placed in worked examples, the figures the README
quotes.

usage: python check_errors_yaml.py [errors.yaml]   (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    # the fourth set's script runs the third set's checker with every set numbered below this one spent
    runpy.run_path(str(HERE.parent / "audit_drafts_4" / "check_errors_yaml.py"))["check_set"](HERE)
