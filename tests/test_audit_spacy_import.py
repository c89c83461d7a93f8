"""The audit imports spaCy without its command-line package, and leaves spaCy whole for anyone after it.

:func:`translations.audit.segment.import_spacy` keeps ``spacy.cli`` (weasel, requests, httpx) out of the audit's
start-up. Run in a fresh interpreter, since spaCy is imported once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import sys
from translations.audit.segment import import_spacy, sentences
spacy = import_spacy()
assert "spacy.cli" not in sys.modules and "weasel" not in sys.modules, "the CLI package was imported"
assert not hasattr(spacy, "cli")
assert [len(s) for s in [sentences("One rule. Another rule here.", "en")]] == [2]
import spacy.cli
assert hasattr(spacy.cli, "download") and spacy.cli.info.__module__ == "spacy.cli.info", "spacy.cli is the real one"
assert callable(spacy.info)
print("ok")
"""


def test_spacy_is_imported_without_its_cli_and_stays_whole() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
