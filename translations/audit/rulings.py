"""The spec's rulings as findings: one finding per ruling, every edition's reading quoted, the measured impact.

The spec records, for each point where the editions disagree, the readings, the editions stating each (with
quotes) and the reading the engine follows by default (``rulespec/<game>/rulings/``). A text finding on a passage
a ruling cites is that disagreement, already reviewed: it becomes the ruling's finding, so the localiser sees one
finding per ruling, with each edition's words and what the difference does to play. A ruling the texts show no
finding for is reported too (origin ``spec``).

Severity comes from the ruling's *measured* impact (``Ruling.measured``, from paired bot games, issue #16), never
from a class typed by hand, with one floor: editions that print different readings of a rule disagree on the
rules, which the localiser must settle whatever the bots measured, so such a ruling is never below medium. A
measured high impact makes it high; low and none stay medium and say so ("measured: no effect on play", or "not
exercised by the bots" when the situation never arose); not measured yet is medium, saying so. An audited
edition that prints none of the readings while another prints one is silent on a rule its readers need: that is
medium too, saying which edition is silent. A ruling whose audited editions all print the same reading is low:
there is nothing in the texts to settle.

In a draft audit the draft is no edition the spec knows. A difference on a ruling's passage is that ruling only
when the draft sides exactly with the editions of one reading (it follows that reading); a draft that differs
from every reading keeps its own finding, which names the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from translations.audit.findings import finding_id, span, span_order

#: Severity of a ruling whose printed readings differ, by its measured impact class (medium is the floor).
MEASURED_SEVERITY = {"high": "high", "medium": "medium", "low": "medium", "none": "medium"}


def impact(ruling: Any) -> tuple[str, dict[str, Any]]:
    """``(severity, impact for the report)`` of a ruling from its measured impact (see the module doc)."""
    measured = getattr(ruling, "measured", None)
    if measured is None:
        return "medium", {"class": None, "summary": "impact not measured", "exercised": None}
    cls = measured.impact_class
    if cls == "none":
        said = "measured: no effect on play" if measured.exercised else "not exercised by the bots"
    else:
        said = f"measured: {cls} effect on play"
    summary = f"{said} ({measured.summary})" if measured.summary else said
    return MEASURED_SEVERITY.get(cls, "medium"), {"class": cls, "summary": summary, "exercised": measured.exercised}


def fill_slots(spec: Any, text: str, params: Mapping[str, Any]) -> str:
    """A reading's summary with its ``{param}`` and ``{term:concept}`` slots filled (English terms)."""
    from translations.summary.terms import TermResolver
    from translations.summary.text import PLACEHOLDER, expand

    try:
        return str(expand(text, params, TermResolver(spec, "en")))
    except (ValueError, KeyError):
        # A slot the reading's params do not fill: say the concept or param in words rather than show a brace.
        return PLACEHOLDER.sub(lambda m: (m["concept"] or m["param"] or "").replace("_", " "), text)


def ruling_passages(spec: Any, sources: Mapping[str, str], cited: frozenset[str]) -> dict[str, list[tuple[str, int, int, str]]]:
    """Ruling id -> ``(edition, start, end, reading id)`` of every quote of its readings (cited editions only)."""
    from translations.sources.citations import quote_span, quotes_of

    out: dict[str, list[tuple[str, int, int, str]]] = {}
    for ruling in spec.rulings.values():
        found = out.setdefault(ruling.id, [])
        for reading in ruling.readings.values():
            for edition, citation in reading.citations.items():
                if edition not in cited or edition not in sources:
                    continue
                for quote, until in quotes_of(citation):
                    at = quote_span(sources[edition], quote, until)
                    if at:
                        found.append((edition, at[0], at[1], reading.id))
    return out


def _overlap(finding: Mapping[str, Any], passages: Sequence[tuple[str, int, int, str]]) -> int:
    return sum(max(0, min(end, s["end"]) - max(start, s["start"]))
               for s in finding["spans"] for edition, start, end, _ in passages if s["edition"] == edition)


def _draft_side(finding: Mapping[str, Any], draft: str) -> set[str]:
    """The editions a draft's finding says the draft agrees with."""
    present = set(finding.get("_present", ())) - {draft}
    if finding["kind"] == "omission":
        missing = set(finding["missing_in"])
        have = {s["edition"] for s in finding["spans"] if s["end"] > s["start"]}
        return (missing - {draft}) if draft in missing else (have - {draft})
    return present - set(finding.get("_partners", ()))


def _explained(ruling: Any, pairs: Sequence[Sequence[str]]) -> bool:
    """Whether every pair of editions a finding saw differ states a different reading of the ruling, or one of
    the pair states a reading and the other none (an edition silent on the rule)."""
    reading_of = {e: r.id for r in ruling.readings.values() for e in r.editions}
    return all(reading_of.get(a) != reading_of.get(b) for a, b in pairs)


def _follows(ruling: Any, side: set[str], present: set[str]) -> str | None:
    """The reading a draft follows: the one whose editions (among those present) are exactly its side."""
    for reading in ruling.readings.values():
        editions = set(reading.editions) & present
        if side and editions == side:
            return str(reading.id)
    return None


def absorb(
    findings: list[dict[str, Any]], spec: Any, sources: Mapping[str, str], cited: frozenset[str],
    draft: str | None, order: Sequence[str], counterparts: Any = None,
) -> list[dict[str, Any]]:
    """Replace text findings on rulings' passages by one finding per ruling (see the module doc).

    ``counterparts(edition, start, end)`` gives the draft's spans aligned with a passage of a reference: a
    ruling's finding in a draft audit quotes the draft's words for each reading's passage too.
    """
    passages = ruling_passages(spec, sources, cited)
    absorbed: dict[str, list[dict[str, Any]]] = {r: [] for r in spec.rulings}
    follows: dict[str, dict[str, str]] = {r: {} for r in spec.rulings}
    kept: list[dict[str, Any]] = []
    for finding in findings:
        scores = {rid: _overlap(finding, p) for rid, p in passages.items() if p}
        best = max(scores, key=lambda rid: (scores[rid], rid), default=None)
        if best is None or scores[best] == 0:
            kept.append(finding)
            continue
        ruling = spec.rulings[best]
        involved = {s["edition"] for s in finding["spans"]}
        if draft is not None and draft in involved:
            present = set(finding.get("_present", ())) - {draft}
            reading = _follows(ruling, _draft_side(finding, draft), present)
            if reading is None:
                finding["message"] += f" [on the passage of ruling {best}; the draft follows none of its readings]"
                finding["ruling"] = best
                kept.append(finding)
                continue
            follows[best][draft] = reading
        elif not _explained(ruling, finding.get("_pairs", ())):
            # Editions of one reading differ here: something else changed in the ruling's passage.
            finding["message"] += f" [on the passage of ruling {best}, but not between its readings]"
            finding["ruling"] = best
            kept.append(finding)
            continue
        absorbed[best].append(finding)
    out = []
    for rid in spec.rulings:
        finding = ruling_finding(spec.rulings[rid], spec, sources, cited, passages[rid], absorbed[rid], follows[rid],
                                 order, counterparts)
        out.append(finding)
    return out + kept


def ruling_finding(
    ruling: Any, spec: Any, sources: Mapping[str, str], cited: frozenset[str],
    passages: Sequence[tuple[str, int, int, str]], absorbed: Sequence[Mapping[str, Any]],
    follows: Mapping[str, str], order: Sequence[str], counterparts: Any = None,
) -> dict[str, Any]:
    """One ruling's finding: every edition's reading quoted, the draft's aligned words, the impact."""
    # The readings' own passages (and in a draft audit the draft's words aligned with them): the findings a
    # ruling absorbs may reach into neighbouring sentences, which would only blur what the editions say.
    spans = [span(e, sources[e], s, t) for e, s, t, _ in passages]
    if counterparts is not None:
        spans += [s for e, s, t, _ in passages for s in counterparts(e, s, t)]
    spans = sorted({(s["edition"], s["start"], s["end"]): s for s in spans}.values(), key=span_order(order))
    stating = {r.id: [e for e in r.editions if e in cited] for r in ruling.readings.values()}
    printed = [r for r in ruling.readings.values() if stating[r.id]]
    stated = {e for editions in stating.values() for e in editions} | set(follows)
    silent = sorted(e for e in cited if e not in stated)
    if len(printed) >= 2:
        severity, said = impact(ruling)
    elif printed and silent:
        # One edition states the rule, another audited edition says nothing of it: its readers miss a rule.
        severity, said = impact(ruling)
        said = {**said, "summary": f"{', '.join(silent)} print{'s' if len(silent) == 1 else ''} no reading; "
                                   + said["summary"]}
    else:
        severity, said = "low", {"class": None, "exercised": None, "summary": "only one reading is printed"}
    quotes: list[str] = []
    for reading in ruling.readings.values():
        for edition in stating[reading.id]:
            mine = [s for s in spans if s["edition"] == edition]
            if mine:
                quotes.append(f"{edition}: “{_clip(mine[0]['text'])}”")
    for edition, reading_id in follows.items():
        mine = [s for s in spans if s["edition"] == edition]
        if mine:
            quotes.append(f"{edition} (follows {reading_id}): “{_clip(mine[0]['text'])}”")
    readings = "; ".join(
        f"{', '.join(stating[r.id] + [e for e, rid in follows.items() if rid == r.id]) or 'no audited edition'}: "
        f"{fill_slots(spec, r.summary, r.params).rstrip('.')}"
        for r in ruling.readings.values()
    )
    default = ruling.readings[ruling.default].id if ruling.default in ruling.readings else ruling.default
    message = f"Ruling {ruling.id}: {ruling.question} Readings — {readings}. Default: {default}."
    return {
        "id": finding_id("ruling:" + ruling.id, spans),
        "kind": "ruling",
        "severity": severity,
        "origin": "text" if absorbed else "spec",
        "rule": ruling.rules[0] if ruling.rules else None,
        "message": message,
        "statement": "; ".join(quotes),
        "spans": spans,
        "missing_in": [],
        "ruling": ruling.id,
        "impact": said,
        "_highlights": [h for f in absorbed for h in f.get("_highlights", [])],
        "_weighing": {"passage": "ruling", "absorbed": len(absorbed)},
    }


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
