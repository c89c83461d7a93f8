"""The audit on drafts with hand-made translator errors: how many errors it reports, and at which severity.

A draft is a copy of one bundled edition with errors put in by hand (``benchmarks/data/audit_tuning/errors.yaml``
lists them in the format of ``shared/tools/score_draft_audit.py``). The drafts are not committed — the rulebook
texts are never copied into the project — so this script first writes them from ``$RULESPEC_SOURCES`` (or the
nearest ``shared/sources``) into ``benchmarks/data/audit_tuning/drafts/``, then runs the shared scorer, which
audits each draft with ``rulespec audit GAME --editions <the others> --draft LANG=PATH`` and prints, per error,
whether a finding covers it and at which severity, and the findings the edits added that cover no error.

These drafts are a TUNING set (the audit was tuned on them): their figures show the audit works on the errors it
was built for, nothing more. A held-out set written by someone else measures quality.

Run: python benchmarks/bench_audit_drafts.py [--make] [ERRORS.yaml] [-v]
     (--make only writes the drafts; without it they are written, then scored)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
TUNING = REPO / "benchmarks" / "data" / "audit_tuning" / "errors.yaml"
SCORER = REPO.parent / "shared" / "tools" / "score_draft_audit.py"


def _pattern(snippet: str) -> re.Pattern[str]:
    """``snippet`` matched with any run of whitespace between its words (the texts break lines anywhere)."""
    return re.compile(r"\s+".join(re.escape(word) for word in snippet.split()))


def make_drafts(errors_file: Path) -> list[Path]:
    """Write every draft of ``errors_file`` from its edition's source text and its listed edits."""
    sys.path.insert(0, str(REPO))
    from translations.sources.editions import sources_dir

    folder = sources_dir()
    if folder is None:
        raise SystemExit("cannot find the rulebook texts: set RULESPEC_SOURCES")
    spec = yaml.safe_load(errors_file.read_text(encoding="utf-8"))
    written = []
    for draft in spec["drafts"]:
        text = (folder / f"{spec['game']}.{draft['edition']}.txt").read_text(encoding="utf-8")
        for error in draft["errors"]:
            matches = list(_pattern(error["original"]).finditer(text))
            if len(matches) != 1:
                raise SystemExit(f"{draft['file']}: {len(matches)} matches (need 1) for {error['original']!r}")
            m = matches[0]
            text = text[: m.start()] + error.get("changed", "") + text[m.end():]
        path = errors_file.parent / draft["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    errors_file = Path(args[0]) if args else TUNING
    drafts = make_drafts(errors_file)
    print(f"wrote {len(drafts)} drafts under {drafts[0].parent}")
    if "--make" in sys.argv:
        return
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, str(SCORER), str(errors_file)] + (["-v"] if "-v" in sys.argv else [])
    subprocess.run(command, cwd=REPO, env=env, check=True)
    print(f"cpus / load average: {os.cpu_count()} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
