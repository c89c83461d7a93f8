"""Precision of the audit's high and medium findings, against findings judged by hand.

The judgements (``benchmarks/data/<game>_audit_judgements.json``) say, for findings the audit once ranked high
or medium, whether they change the rules (``real``) or not (``false``), and why. They are a measuring stick
only: no audit code reads them. A finding is matched by its kind, its first span's edition and the start of
that span's text (whitespace collapsed); findings that match no judgement are counted as unjudged, so a
change that surfaces new findings shows up here instead of silently improving the figure.

Run: python benchmarks/bench_audit_precision.py [GAME]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from translations.audit.pipeline import contract_view, run_audit

DATA = Path(__file__).resolve().parent / "data"


def key(kind: str, edition: str, text: str) -> tuple[str, str, str]:
    return kind, edition, " ".join(text.split())[:60].rstrip()


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "race_to_the_new_found_land"
    path = DATA / f"{'rnfl' if game == 'race_to_the_new_found_land' else game}_audit_judgements.json"
    judged = json.loads(path.read_text(encoding="utf-8"))
    verdicts = {key(j["kind"], j["edition"], j["text"]): j["verdict"] for j in judged["findings"]}
    findings = contract_view(run_audit(game))["findings"]
    counts: dict[str, Counter[str]] = {"high": Counter(), "medium": Counter(), "low": Counter()}
    for finding in findings:
        first = finding["spans"][0] if finding["spans"] else {"edition": "", "text": ""}
        verdict = verdicts.get(key(finding["kind"], first["edition"], first["text"]), "unjudged")
        counts[finding["severity"]][verdict] += 1
    print(f"{game}: {len(findings)} findings; hand judgements from {path.name} ({judged['judged']})")
    for severity in ("high", "medium"):
        c = counts[severity]
        judged_n = c["real"] + c["false"]
        share = f"{c['real'] / judged_n:.0%}" if judged_n else "n/a"
        print(f"  {severity:<6}: {sum(c.values()):4d} findings, {c['real']:3d} real, {c['false']:3d} false alarms, "
              f"{c['unjudged']:3d} unjudged — precision of the judged {share}")
    print(f"  low   : {sum(counts['low'].values()):4d} findings (not judged: the list a reviewer skims last)")
    top = counts["high"] + counts["medium"]
    judged_top = top["real"] + top["false"]
    if judged_top:
        print(f"  high + medium: precision {top['real'] / judged_top:.0%} over {judged_top} judged findings")
    lost = [j for j in judged["findings"] if j["verdict"] == "real"]
    found = {key(f["kind"], f["spans"][0]["edition"], f["spans"][0]["text"]) for f in findings if f["spans"]}
    missing = [j for j in lost if key(j["kind"], j["edition"], j["text"]) not in found]
    print(f"  real findings judged earlier and no longer reported at all: {len(missing)}")


if __name__ == "__main__":
    main()
