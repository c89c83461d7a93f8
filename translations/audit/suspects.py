"""Reprints: which of the spec's citations of a reprinted edition point at a passage that changed.

``--source nl=PATH`` audits a reprint of a known edition. The spec's citations still apply to it; each cited
paragraph's fingerprint is compared with the one recorded when the citation was reviewed (``citations.lock``,
Doorstop style). A citation whose paragraph changed, or whose quote the reprint no longer contains, is *suspect*:
the rule may have changed with it. Each suspect item becomes a finding, and every other finding on that rule
says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from translations.audit.findings import finding_id, span


def suspect_findings(spec: Any, sources: Mapping[str, str], reprinted: frozenset[str]) -> list[dict[str, Any]]:
    """One ``suspect`` finding per cited item of a reprinted edition whose cited passage changed."""
    from translations.sources.citations import read_lock, resolve_citations

    if not reprinted:
        return []
    locked = read_lock(spec)
    rules = {r.id for r in [*spec.setup, *spec.rules.values()]}
    current: dict[tuple[str, str], list[Any]] = {}
    for r in resolve_citations(spec, {e: t for e, t in sources.items() if e in reprinted}):
        current.setdefault((r.item, r.edition), []).append(r)
    out: list[dict[str, Any]] = []
    for (item, edition), resolved in sorted(current.items()):
        stamped = locked.get(item, {}).get(edition)
        now = "+".join(r.fingerprint or "" for r in resolved)
        lost = [r for r in resolved if r.span is None]
        if not lost and (stamped is None or stamped == now):
            continue
        spans = [span(edition, sources[edition], *r.span) for r in resolved if r.span]
        if lost:
            what = f"the reprint no longer contains the quote “{' '.join(lost[0].quote.split())[:80]}”"
        else:
            what = "the cited passage changed since the citation was reviewed"
        rule = item if item in rules else None
        message = (f"suspect citation of {item} in {edition}: {what}; check the rule against the new text, then "
                   "run `rulespec stamp`")
        out.append({
            "id": finding_id(f"suspect:{item}", spans), "kind": "suspect", "severity": "medium", "origin": "spec",
            "rule": rule, "message": message, "statement": what, "spans": spans, "missing_in": [], "ruling": None,
            "impact": None, "_highlights": [], "_weighing": {"passage": "citation", "item": item},
        })
    return out


def mark_suspect_rules(findings: list[dict[str, Any]], suspects: list[dict[str, Any]]) -> None:
    """Say on every finding of a rule with a suspect citation that the rule's cited passage changed."""
    by_rule: dict[str, set[str]] = {}
    for s in suspects:
        if s["rule"]:
            by_rule.setdefault(s["rule"], set()).update(sp["edition"] for sp in s["spans"])
    for finding in findings:
        editions = by_rule.get(finding.get("rule") or "")
        if editions and finding["kind"] != "suspect":
            finding["message"] += f" (citation suspect in {', '.join(sorted(editions))}: the cited passage changed)"
