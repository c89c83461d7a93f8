"""Findings as the reports show them: spans into each source, page and line, the rule, a one-line statement.

A finding is a plain JSON-able dict: the contract's fields (``id``, ``kind``, ``severity``, ``origin``, ``rule``,
``message``, ``spans``, ``missing_in``) plus ``statement`` (each edition's reading of the change, quoted:
``de: “…jeder Spieler noch 1 Eisen…”; draft: “…der Startspieler noch 1 Eisen…”``), ``ruling`` and ``impact``
(for a finding the spec records as a ruling) and, with a baseline, ``new``. Keys starting with ``_`` are the
audit's own (highlights, the passage's weighing) and never reach the JSON.

Every span keeps its character offsets into the source exactly as read (``source[start:end] == text``) and adds
``page`` (from the extraction's form feeds; None for a text without page breaks) and ``line`` (1-based, in the
file). Where an edition lacks a passage, the finding marks the place it would go with an empty span there.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.merge import Merged

#: Readings quoted in a statement.
MAX_READINGS = 4
KIND_LABELS = {
    "number": "number", "number_missing": "number left out", "number_bound": "bound of a number",
    "modality": "may/must", "negation": "negation", "comparison": "comparison", "quantifier": "quantifier",
    "agent": "who does it", "condition": "condition", "timing": "timing", "term": "term", "glossary": "term named",
    "plural": "singular/plural", "omission": "sentence without counterpart", "supplement": "supplement",
}


def finding_id(kind: str, spans: Iterable[Mapping[str, Any]]) -> str:
    """A stable id: a hash of the kind and the sorted spans."""
    key = kind + "|" + ";".join(sorted(f"{s['edition']}:{s['start']}-{s['end']}" for s in spans))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def span(edition: str, source: str, start: int, end: int) -> dict[str, Any]:
    """A contract span, located (page and line) in its source."""
    page, line = locate(source, start)
    return {"edition": edition, "start": start, "end": end, "text": source[start:end], "page": page, "line": line}


@cache
def _breaks(source: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (tuple(i for i, ch in enumerate(source) if ch == "\n"), tuple(i for i, ch in enumerate(source) if ch == "\f"))


def locate(source: str, offset: int) -> tuple[int | None, int]:
    """``(page, line)`` of a character offset: the page from form feeds (None when the text has none), the line
    in the file, both 1-based."""
    lines, pages = _breaks(source)
    return (bisect_right(pages, offset - 1) + 1 if pages else None), bisect_right(lines, offset - 1) + 1


def span_order(editions: Sequence[str]) -> Any:
    """Sort key of spans: the game's edition order, the draft last, then position."""
    order = {e: n for n, e in enumerate(editions)}
    return lambda s: (order.get(s["edition"], 99), s["start"], s["end"])


# --- rules -----------------------------------------------------------------------------------------------------


def rule_intervals(spec: Any, sources: Mapping[str, str], cited: Iterable[str]) -> dict[str, list[tuple[int, int, str]]]:
    """Per edition whose citations apply, ``(start, end, rule id)`` of every quote of every rule and setup step."""
    from translations.sources.citations import quote_span, quotes_of

    usable = set(cited)
    out: dict[str, list[tuple[int, int, str]]] = {e: [] for e in sources if e in usable}
    for rule in [*spec.setup, *spec.rules.values()]:
        for edition, citation in rule.citations.items():
            if edition not in out:
                continue
            for quote, until in quotes_of(citation):
                found = quote_span(sources[edition], quote, until)
                if found:
                    out[edition].append((found[0], found[1], rule.id))
    return out


def link_rule(spans: Iterable[Mapping[str, Any]], intervals: Mapping[str, list[tuple[int, int, str]]]) -> str | None:
    """The rule whose citations overlap the spans most (ties: the tighter citation, then the id)."""
    overlap: dict[str, int] = {}
    width: dict[str, int] = {}
    for s in spans:
        for start, end, rule_id in intervals.get(s["edition"], ()):
            common = min(end, s["end"]) - max(start, s["start"])
            if common > 0:
                overlap[rule_id] = overlap.get(rule_id, 0) + common
                width[rule_id] = min(width.get(rule_id, 1 << 30), end - start)
    if not overlap:
        return None
    return min(overlap, key=lambda r: (-overlap[r], width[r], r))


# --- where a missing passage would go --------------------------------------------------------------------------


class Anchors:
    """For each aligned pair, which sentence of one edition answers which of the other: where a sentence an
    edition lacks would stand (right after the counterpart of its nearest linked predecessor)."""

    #: A link this sure lets the checks compare its sentences (see :mod:`translations.audit.checks`).
    COMPARED = 0.4

    def __init__(self) -> None:
        self.maps: dict[tuple[str, str], list[tuple[int, int]]] = {}
        #: as ``maps``, each sentence with the first of its counterparts (where a sentence after it would begin)
        self.firsts: dict[tuple[str, str], list[tuple[int, int]]] = {}
        self.compared: dict[tuple[str, str], set[int]] = {}
        #: (a, b) -> sentences of a the aligner joined with a neighbour against fewer sentences of b
        self.joined: dict[tuple[str, str], set[int]] = {}

    def add(self, a: str, b: str, links: Sequence[Link]) -> None:
        forward = sorted((i, max(lk.b)) for lk in links if lk.a and lk.b for i in lk.a)
        backward = sorted((j, max(lk.a)) for lk in links if lk.a and lk.b for j in lk.b)
        self.maps[(a, b)] = forward
        self.maps[(b, a)] = backward
        self.firsts[(a, b)] = sorted((i, min(lk.b)) for lk in links if lk.a and lk.b for i in lk.a)
        self.firsts[(b, a)] = sorted((j, min(lk.a)) for lk in links if lk.a and lk.b for j in lk.b)
        sure = [lk for lk in links if lk.a and lk.b and lk.score >= self.COMPARED]
        self.compared[(a, b)] = {i for lk in sure for i in lk.a}
        self.compared[(b, a)] = {j for lk in sure for j in lk.b}
        self.joined[(a, b)] = {i for lk in links if lk.b and len(lk.a) > len(lk.b) for i in lk.a}
        self.joined[(b, a)] = {j for lk in links if lk.a and len(lk.b) > len(lk.a) for j in lk.b}

    def absorbed(self, stating: Iterable[tuple[str, int]], missing: str, editions: Iterable[str]) -> set[str]:
        """The editions whose own version of a sentence ``missing`` lacks was joined with a neighbour against
        fewer sentences of ``missing`` — the aligner's way to place a sentence with no counterpart (a 2–1 link
        hides an omission). Their version is found through their links with the editions ``stating`` it."""
        out: set[str] = set()
        for edition in editions:
            if edition == missing or any(e == edition for e, _ in stating):
                continue
            mine = {j for e, i in stating for j in self.counterparts(e, i, edition)}
            if mine and mine <= self.joined.get((edition, missing), set()):
                out.add(edition)
        return out

    def compared_with(self, edition: str, indices: Iterable[int], editions: Iterable[str]) -> set[str]:
        """The editions whose alignment with ``edition`` links one of its sentences ``indices`` surely enough
        for the checks to compare them (an edition the aligner could not link there neither agrees nor
        disagrees)."""
        wanted = set(indices)
        return {e for e in editions if e != edition and wanted & self.compared.get((edition, e), set())}

    def counterparts(self, edition: str, index: int, other: str) -> list[int]:
        """The sentences of ``other`` linked to sentence ``index`` of ``edition``."""
        return sorted({j for i, j in self.maps.get((edition, other), ()) if i == index})

    def insertion(self, have: str, index: int, missing: str, prepared: Mapping[str, PreparedEdition]) -> int | None:
        """Offset in ``missing``'s source where ``have``'s sentence ``index`` would stand, or None.

        Right after the counterpart of the nearest linked sentence before it, or right before the counterpart of
        the nearest linked sentence after it: the same place where the two counterparts follow each other. Where
        they do not (the other edition prints the steps or boxes in another order, or has sentences of its own
        between them), a sentence opening its paragraph or step goes with the sentence after it, any other with
        the sentence before it."""
        pairs = self.maps.get((have, missing))
        if not pairs:
            return None
        keys = [i for i, _ in pairs]
        sentences = prepared[missing].sentences
        at = bisect_right(keys, index - 1)
        before = pairs[at - 1][1] if at > 0 else None
        firsts = self.firsts.get((have, missing), pairs)
        after_at = bisect_right([i for i, _ in firsts], index)
        after = firsts[after_at][1] if after_at < len(firsts) else None
        if after is None:
            return sentences[before].end if before is not None else None
        if before is None or before + 1 == after:
            return sentences[after].start if before is None else sentences[before].end
        mine = prepared[have].sentences
        opens = index == 0 or mine[index - 1].block != mine[index].block
        return sentences[after].start if opens else sentences[before].end


# --- statements ------------------------------------------------------------------------------------------------


def _editions_text(editions: Iterable[str]) -> str:
    return ", ".join(editions)


def headline(m: Merged, odd: str | None, order: Sequence[str]) -> str:
    """What changed, in a few words: "number: 2 (draft) against 3 (de, en, nl)"."""
    by_value: dict[str, list[str]] = {}
    for edition in sorted(m.values, key=lambda e: (e != odd, order.index(e) if e in order else 99)):
        by_value.setdefault(m.values[edition], []).append(edition)
    label = KIND_LABELS.get(m.kind, m.kind)
    return f"{label}: " + " against ".join(f"{value} ({_editions_text(eds)})" for value, eds in by_value.items())


def statement(readings: Mapping[str, str], odd: str | None, order: Sequence[str]) -> str:
    """Each edition's reading, quoted, the odd edition first: ``draft: “…”; de: “…”``."""
    editions = sorted(readings, key=lambda e: (e != odd, order.index(e) if e in order else 99))[:MAX_READINGS]
    return "; ".join(f"{e}: “{readings[e]}”" for e in editions)


def omission_statement(m: Merged, prepared: Mapping[str, PreparedEdition], order: Sequence[str]) -> str:
    quotes = []
    for edition, index in sorted(m.sentences, key=lambda n: (order.index(n[0]) if n[0] in order else 99, n[1])):
        text = " ".join(prepared[edition].sentences[index].text.split())
        quotes.append(f"{edition}: “{text if len(text) <= 120 else text[:119] + '…'}”")
    return "; ".join(quotes[:MAX_READINGS]) + f"; {', '.join(sorted(m.missing_in))}: no counterpart"


def build(
    m: Merged,
    prepared: Mapping[str, PreparedEdition],
    intervals: Mapping[str, list[tuple[int, int, str]]],
    anchors: Anchors,
    order: Sequence[str],
) -> dict[str, Any]:
    """The finding of one merged group (severity and weighing are added by :mod:`translations.audit.severity`)."""
    sources = {e: p.source for e, p in prepared.items()}
    spans = [span(ed, sources[ed], prepared[ed].sentences[i].start, prepared[ed].sentences[i].end)
             for ed, i in sorted(m.sentences)]
    spans += [span(ed, sources[ed], s, e) for ed, s, e in sorted(m.raw_spans)]
    if m.kind == "omission":
        have = sorted(m.sentences)
        for missing in sorted(m.missing_in):
            if missing not in prepared:
                continue
            at = next((p for ed, i in have if (p := anchors.insertion(ed, i, missing, prepared)) is not None), None)
            if at is not None:
                spans.append(span(missing, sources[missing], at, at))
    spans = sorted({(s["edition"], s["start"], s["end"]): s for s in spans}.values(), key=span_order(order))
    highlights = []
    for ed, i, t0, t1 in sorted(m.highlights):
        sentence = prepared[ed].sentences[i]
        if t0 < len(sentence.token_spans) and t1 - 1 < len(sentence.token_spans):
            start, end = sentence.source_span(sentence.token_spans[t0][0], sentence.token_spans[t1 - 1][1])
            highlights.append([ed, start, end])
    odd = m.odd_edition()
    if m.kind == "omission":
        said = omission_statement(m, prepared, order)
        message = f"{KIND_LABELS['omission']} — {said}"
    elif m.kind == "supplement":
        said = m.observations[0].message
        message = said
    else:
        said = statement(m.readings, odd, order)
        message = f"{headline(m, odd, order)} — {said}"
    if m.in_example:
        message += " (in a worked example)"
    subject = m.observations[0].subject if m.observations else ""
    return {
        # Two differences of one kind in one passage (a negation and an "only") are two findings: the subject
        # tells their ids apart.
        "id": finding_id(f"{m.kind}:{subject}" if subject else m.kind, spans),
        "kind": m.kind,
        "severity": m.severity,
        "origin": "text",
        "rule": link_rule([s for s in spans if s["end"] > s["start"]], intervals),
        "message": message,
        "statement": said,
        "spans": spans,
        # Only an omission (or a supplement) says an edition lacks the passage; a number or a modal verb that
        # differs is there in every edition, so its finding names no edition as missing.
        "missing_in": sorted(m.missing_in) if m.kind in ("omission", "supplement") else [],
        "ruling": None,
        "impact": None,
        "_highlights": highlights,
        "_odd": odd,
        "_subject": subject,
    }
