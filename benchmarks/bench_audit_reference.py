"""Score the audit of the bundled editions against the held-out reference list of their real discrepancies.

``benchmarks/data/heldout/rnfl_discrepancies.yaml`` was written by reading the four Race to the New Found Land
editions side by side, before the audit was tuned, and nobody tuning the audit has seen it. It lists every place
where the editions differ in what the rules say (``discrepancies``, each marked ``changes_rules`` or not) and
places that look different but state the same rule (``not_discrepancies``).

A finding *hits* an entry when one of its spans overlaps the place of one of the entry's quotes in that
edition's text (quotes are located whitespace-insensitively). The script prints, for the findings a localiser
reads (high and medium) and for all findings:

- recall: the share of discrepancies (and of those that change the rules) hit by at least one finding;
- precision: the share of findings that hit a discrepancy; findings on a not-discrepancy are false alarms, and
  findings on no listed place are counted apart (the list may miss a real difference, so they are "unlisted",
  not proven wrong).

Usage (sources where the project reads them, or ``RULESPEC_SOURCES``)::

    python benchmarks/bench_audit_reference.py [--audit-json FILE] [-v]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

GAME = "race_to_the_new_found_land"
REFERENCE = Path(__file__).resolve().parent / "data" / "heldout" / "rnfl_discrepancies.yaml"
SERIOUS = ("high", "medium")


def locate(quote: str, text: str) -> tuple[int, int] | None:
    """Where ``quote`` stands in ``text``, whitespace-insensitively (``None`` when it does not)."""
    words = quote.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    found = re.search(pattern, text)
    return (found.start(), found.end()) if found else None


def places(entries: Iterable[Mapping[str, Any]], texts: Mapping[str, str]) -> dict[str, list[tuple[str, int, int]]]:
    """Entry id -> ``(edition, start, end)`` of each of its quotes found in the texts."""
    out: dict[str, list[tuple[str, int, int]]] = {}
    for entry in entries:
        spots = out.setdefault(entry["id"], [])
        for edition, quote in (entry.get("quotes") or {}).items():
            if quote and edition in texts:
                at = locate(quote, texts[edition])
                if at is None:
                    print(f"warning: quote of {entry['id']} not found in {edition}: {quote[:60]!r}", file=sys.stderr)
                else:
                    spots.append((edition, *at))
    return out


def hits(finding: Mapping[str, Any], spots: Iterable[tuple[str, int, int]]) -> bool:
    """Whether one of the finding's spans overlaps one of the places."""
    return any(s["edition"] == edition and s["start"] < end and start < s["end"]
               for s in finding["spans"] for edition, start, end in spots)


def run_audit() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "audit.json"
        done = subprocess.run([sys.executable, "-m", "cli.app", "audit", GAME, "--format", "json", "--output", str(out)],
                              capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit(f"audit failed: {done.stderr.strip()[-400:]}")
        return dict(json.loads(out.read_text(encoding="utf-8")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--audit-json", type=Path, help="score this audit output instead of running the audit")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the discrepancies missed at medium+")
    args = parser.parse_args()

    from rulespec.model import load_spec
    from translations.sources.editions import read_sources

    reference = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    texts, unread = read_sources(load_spec(GAME))
    if unread:
        sys.exit(f"cannot read the sources: {unread}")
    real = places(reference["discrepancies"], texts)
    looks = places(reference["not_discrepancies"], texts)
    changing = {e["id"] for e in reference["discrepancies"] if e.get("changes_rules")}
    audit = json.loads(args.audit_json.read_text(encoding="utf-8")) if args.audit_json else run_audit()
    findings = audit["findings"]

    for label, chosen in (("high+medium", [f for f in findings if f["severity"] in SERIOUS]), ("all", findings)):
        found = {rid for rid, spots in real.items() if any(hits(f, spots) for f in chosen)}
        on_real = [f for f in chosen if any(hits(f, spots) for spots in real.values())]
        on_false = [f for f in chosen if not any(hits(f, spots) for spots in real.values())
                    and any(hits(f, spots) for spots in looks.values())]
        unlisted = len(chosen) - len(on_real) - len(on_false)
        print(f"{label}: {len(chosen)} findings")
        print(f"  recall: {len(found)}/{len(real)} discrepancies ({len(found) / len(real):.0%}); "
              f"{len(found & changing)}/{len(changing)} that change the rules ({len(found & changing) / len(changing):.0%})")
        share = len(on_real) / len(chosen) if chosen else 0.0
        print(f"  precision: {len(on_real)}/{len(chosen)} on a listed discrepancy ({share:.0%}); "
              f"{len(on_false)} on a not-discrepancy (false alarm); {unlisted} on no listed place")
        if args.verbose and label == "high+medium":
            for rid in sorted(changing - found):
                print(f"    missed (changes rules): {rid}")
            for f in on_false:
                print(f"    false alarm: {f['severity']} {f['kind']}: {f['message'][:110]}")


if __name__ == "__main__":
    main()
