"""Coverage of the source texts by the spec (``rulespec trace``), in the manner of sphinx-needs/StrictDoc
traceability reports: every sentence of an edition is covered by a citation, explicitly exempted by a
not-rule entry with a reason, or listed as uncovered.

A sentence counts as covered when any cited (or exempted) span overlaps it: a citation is a short quote that
locates a passage, not a copy of it. A *heading* is the exception: PDF text runs a heading into the sentence
after it ("Startspieler Zuletzt gibst du das Startspielerplättchen …"), and a heading's not-rule quote often
takes the first words of that sentence to locate it. Such a quote covers the heading only: it exempts a
sentence only when it spans all of that sentence's text, so a rule sentence behind a heading still needs a
rule's citation.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field

from rulespec.model import Spec
from translations.audit.segment import sentences
from translations.sources.citations import merge_spans, quote_span, resolve_citations


@dataclass
class EditionCoverage:
    """Coverage of one edition's text."""

    edition: str
    total: int = 0
    cited: int = 0
    exempt: int = 0
    uncovered: list[tuple[int, int, str]] = field(default_factory=list)  # (line, start, sentence)

    @property
    def covered(self) -> int:
        return self.cited + self.exempt

    @property
    def ratio(self) -> float:
        return self.covered / self.total if self.total else 1.0


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether any of the sorted, merged ``spans`` overlaps ``[start, end)``."""
    i = bisect_right(spans, (start, float("inf"))) - 1
    return any(0 <= j < len(spans) and spans[j][0] < end and spans[j][1] > start for j in (i, i + 1))


def _spans_all_text(spans: list[tuple[int, int]], text: str, start: int, end: int) -> bool:
    """Whether the sorted, merged ``spans`` cover every non-space character of ``text[start:end]``."""
    i = bisect_right(spans, (start, float("inf"))) - 1
    pos = start
    for span_start, span_end in spans[max(i, 0):]:
        if span_start >= end:
            break
        if span_end <= pos:
            continue
        if text[pos:span_start].strip():  # text before this span (or between two spans) left uncovered
            return False
        pos = max(pos, span_end)
    return not text[pos:end].strip()


def coverage(spec: Spec, texts: Mapping[str, str]) -> list[EditionCoverage]:
    """Coverage of every edition whose text is given."""
    cited: dict[str, list[tuple[int, int]]] = {e: [] for e in texts}
    for r in resolve_citations(spec, texts):
        if r.span:
            cited[r.edition].append(r.span)
    exempt: dict[str, list[tuple[int, int]]] = {e: [] for e in texts}
    headings: dict[str, list[tuple[int, int]]] = {e: [] for e in texts}
    for passage in spec.not_rules:
        if passage.edition in texts:
            span = quote_span(texts[passage.edition], passage.quote, passage.until)
            if span:
                (headings if passage.kind == "heading" else exempt)[passage.edition].append(span)
    report = []
    for edition, text in texts.items():
        language = spec.editions[edition].language
        cited_spans, exempt_spans = merge_spans(cited[edition]), merge_spans(exempt[edition])
        heading_spans = merge_spans(headings[edition])
        result = EditionCoverage(edition)
        for start, end in sentences(text, language):
            result.total += 1
            if _overlaps(cited_spans, start, end):
                result.cited += 1
            elif _overlaps(exempt_spans, start, end) or _spans_all_text(heading_spans, text, start, end):
                result.exempt += 1
            else:
                line = text.count("\n", 0, start) + 1
                result.uncovered.append((line, start, " ".join(text[start:end].split())))
        report.append(result)
    return report
