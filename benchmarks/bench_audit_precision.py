"""What a localiser reads: the audit's high and medium findings on the bundled editions, judged.

Prints the figures issue #13 asks of the bundled four editions:

- how many findings rank high or medium (target: at most ~40), and how many of them are the spec's rulings or
  judged by hand to change a rule (target: the large majority);
- each of the spec's rulings whose readings differ in the texts: one finding at high or medium (target: all);
- high findings on a worked example, a caption or flavour text (target: none);
- the two disagreements the tool exists for: New England scoring and unfit island tiles at setup.

The hand judgements (``benchmarks/data/<game>_audit_judgements.json``) say, for findings the audit ranked high or
medium at some point, whether they change the rules (``real``) or not (``false``), and why. They were used while
tuning, so they are a TUNING set: the figure shows the tuning's result, not a held-out measure. No audit code reads
them. A finding is matched by its kind, its first non-empty span's edition and the start of that span's text
(whitespace collapsed); findings that match no judgement are counted as unjudged.

Run: python benchmarks/bench_audit_precision.py [GAME]
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from translations.audit.pipeline import run_audit

DATA = Path(__file__).resolve().parent / "data"
#: The disagreements the audit exists for: (ruling, edition, words of its passage).
KEY_RULINGS = (("new_england_points", "New England scoring"), ("setup_unfit_island_tile", "unfit island tiles at setup"))


def key(kind: str, edition: str, text: str) -> tuple[str, str, str]:
    return kind, edition, " ".join(text.split())[:60].rstrip()


def first_text(finding: dict) -> tuple[str, str]:
    spans = [s for s in finding["spans"] if s["end"] > s["start"]] or finding["spans"] or [{"edition": "", "text": ""}]
    return spans[0]["edition"], spans[0]["text"]


def main() -> None:
    from rulespec.model import load_spec

    game = sys.argv[1] if len(sys.argv) > 1 else "race_to_the_new_found_land"
    path = DATA / f"{'rnfl' if game == 'race_to_the_new_found_land' else game}_audit_judgements.json"
    judged = json.loads(path.read_text(encoding="utf-8"))
    verdicts = {key(j["kind"], j["edition"], j["text"]): j["verdict"] for j in judged["findings"]}
    result = run_audit(game)
    findings = result["findings"]
    serious = [f for f in findings if f["severity"] in ("high", "medium")]
    counts: Counter[str] = Counter()
    for finding in serious:
        if finding["kind"] == "ruling":
            counts["ruling"] += 1
            continue
        counts[verdicts.get(key(finding["kind"], *first_text(finding)), "unjudged")] += 1
    print(f"{game}: {len(findings)} findings; judgements from {path.name} ({judged['judged']})")
    print(f"  high + medium        : {len(serious)} (target <= ~40): {counts['ruling']} rulings of the spec, "
          f"{counts['real']} judged to change a rule, {counts['false']} judged not to, {counts['unjudged']} unjudged")
    share = (counts["ruling"] + counts["real"]) / len(serious) if serious else 0.0
    print(f"  rulings or rule changes among them: {share:.0%} (target: the large majority)")
    spec = load_spec(game)
    differing = [r for r in spec.rulings.values() if sum(1 for x in r.readings.values() if x.editions) >= 2]
    shown = {f["ruling"]: f for f in findings if f["kind"] == "ruling"}
    ok = [r.id for r in differing if shown.get(r.id, {}).get("severity") in ("high", "medium")]
    print(f"  rulings whose readings differ in the texts: {len(differing)}, one finding at high or medium: {len(ok)}; "
          f"shown by the texts (origin text): {sum(shown[r]['origin'] == 'text' for r in ok)}")
    bad = [f for f in findings if f["severity"] == "high"
           and f.get("_weighing", {}).get("passage") in ("example", "caption", "flavour", "heading", "credits")]
    print(f"  high findings on an example, caption or flavour: {len(bad)} (target 0)")
    for ruling_id, what in KEY_RULINGS:
        finding = shown.get(ruling_id)
        told = (f"{finding['severity']}, origin {finding['origin']}, {len(finding['spans'])} passages quoted"
                if finding else "MISSING")
        print(f"  {what:<28}: {told}")
    lost = [j for j in judged["findings"] if j["verdict"] == "real"]
    present = {key(f["kind"], *first_text(f)) for f in serious}
    print(f"  findings judged real earlier that no longer rank high or medium on their own: "
          f"{sum(key(j['kind'], j['edition'], j['text']) not in present for j in lost)} of {len(lost)} "
          "(many now sit inside their ruling's finding)")
    print(f"  cpus / load average  : {os.cpu_count()} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
