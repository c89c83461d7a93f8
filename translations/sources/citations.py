"""Citations against the source texts: finding quotes, and Doorstop-style fingerprints that make a citation
*suspect* when the passage it points to changes.

Quotes are matched ignoring whitespace and line breaks; a word hyphenated across a line break in the PDF
extraction ("Insel-\\nplättchen") can be quoted whole ("Inselplättchen") or as printed. The fingerprint of a
citation is a hash of the whole paragraph holding the quote (whitespace removed), so an edit anywhere in that
paragraph flags the citation for review; ``rulespec stamp`` records the reviewed fingerprints in
``citations.lock``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulespec.model import Origin, Spec
from rulespec.problems import Problem, display_path

LOCK_NAME = "citations.lock"
_SOFT_HYPHEN = "\u00ad"
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n|\f")


@dataclass(frozen=True)
class _Index:
    """A whitespace-free copy of a text and, per kept character, its offset in the original."""

    text: str
    offsets: tuple[int, ...]


def _build_index(text: str, join_hyphenated: bool) -> _Index:
    kept: list[str] = []
    offsets: list[int] = []
    n = len(text)
    for i, ch in enumerate(text):
        if ch.isspace() or ch == _SOFT_HYPHEN:
            continue
        if join_hyphenated and ch == "-" and i + 1 < n and text[i + 1] in " \t\r\n":
            # A hyphen at a line end followed by a lower-case letter is PDF hyphenation: drop it.
            j = i + 1
            while j < n and text[j] in " \t\r":
                j += 1
            if j < n and text[j] == "\n":
                while j < n and text[j].isspace():
                    j += 1
                if j < n and text[j].islower():
                    continue
        kept.append(ch)
        offsets.append(i)
    return _Index("".join(kept), tuple(offsets))


@lru_cache(maxsize=32)
def _indexes(text: str) -> tuple[_Index, _Index]:
    return _build_index(text, join_hyphenated=True), _build_index(text, join_hyphenated=False)


def _squash(quote: str) -> str:
    return "".join(ch for ch in quote if not ch.isspace() and ch != _SOFT_HYPHEN)


def find_all(text: str, quote: str) -> list[tuple[int, int]]:
    """Every ``(start, end)`` of ``quote`` in ``text`` (offsets into ``text``), whitespace ignored."""
    needle = _squash(quote)
    if not needle:
        return []
    for index in _indexes(text):
        spans = []
        pos = index.text.find(needle)
        while pos != -1:
            spans.append((index.offsets[pos], index.offsets[pos + len(needle) - 1] + 1))
            pos = index.text.find(needle, pos + 1)
        if spans:
            return spans
    return []


def find_quote(text: str, quote: str, start: int = 0) -> tuple[int, int] | None:
    """The first ``(start, end)`` of ``quote`` in ``text`` at or after offset ``start``, or None."""
    for span in find_all(text, quote):
        if span[0] >= start:
            return span
    return None


def quote_span(text: str, quote: str, until: str | None = None) -> tuple[int, int] | None:
    """The span of a citation: from ``quote`` to the end of ``until`` when given."""
    first = find_quote(text, quote)
    if first is None or until is None:
        return first
    last = find_quote(text, until, first[0])
    return (first[0], last[1]) if last else None


def merge_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, with overlapping or touching ones joined."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def paragraph_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The paragraph(s) around ``[start, end)``: bounded by blank lines or page breaks."""
    before = [m.end() for m in _PARAGRAPH_BREAK.finditer(text, 0, start)]
    begin = before[-1] if before else 0
    after = _PARAGRAPH_BREAK.search(text, end)
    return begin, after.start() if after else len(text)


def fingerprint(text: str, start: int, end: int) -> str:
    """A short hash of the paragraph holding ``[start, end)``, blind to whitespace."""
    begin, finish = paragraph_span(text, start, end)
    return hashlib.sha256(_squash(text[begin:finish]).encode("utf-8")).hexdigest()[:16]


def quotes_of(citation: Any) -> list[tuple[str, str | None]]:
    """``(quote, until)`` pairs of one edition's citation (empty when the edition is silent)."""
    if isinstance(citation, str):
        return [(citation, None)]
    if isinstance(citation, dict):
        return [] if "silent" in citation else [(citation["quote"], citation.get("until"))]
    return [pair for item in citation for pair in quotes_of(item)]


@dataclass(frozen=True)
class ResolvedCitation:
    """One quote of one item located in one edition's text."""

    item: str
    edition: str
    quote: str
    origin: Origin
    span: tuple[int, int] | None
    occurrences: int
    fingerprint: str | None


def resolve_citations(spec: Spec, texts: Mapping[str, str]) -> Iterator[ResolvedCitation]:
    """Locate every quote of every cited item in the texts given (editions without a text are skipped)."""
    for item_id, citations, origin in spec.cited_items():
        for edition, citation in citations.items():
            text = texts.get(edition)
            if text is None:
                continue
            for quote, until in quotes_of(citation):
                span = quote_span(text, quote, until)
                count = len(find_all(text, quote))
                fp = fingerprint(text, *span) if span else None
                yield ResolvedCitation(item_id, edition, quote, origin, span, count, fp)


def lock_path(spec: Spec) -> Path:
    return spec.root / LOCK_NAME


#: A lock holds a few hundred short fingerprints; anything near this size is not one.
MAX_LOCK_BYTES = 5_000_000


def read_lock(spec: Spec) -> dict[str, dict[str, str]]:
    """``{item id: {edition: fingerprint}}`` from the game's citations.lock (empty when there is none).

    Raises :class:`rulespec.bounded_input.InputError` naming the file (and line) when the lock is too large,
    not JSON, or not shaped ``{"fingerprints": {item: {edition: fingerprint}}}``.
    """
    from rulespec.bounded_input import InputError, loads_json, read_text

    path = lock_path(spec)
    if not path.exists() and not path.is_symlink():
        return {}
    data = loads_json(read_text(path, MAX_LOCK_BYTES, LOCK_NAME), str(path))
    fingerprints = data.get("fingerprints", {}) if isinstance(data, dict) else None
    if not isinstance(fingerprints, dict) or not all(
        isinstance(entry, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in entry.items())
        for entry in fingerprints.values()
    ):
        raise InputError(f"{path}: not a citations lock (expected " '{"fingerprints": {item: {edition: fingerprint}}}); '
                         "run `rulespec stamp` to write it afresh")
    return fingerprints


def lock_key(resolved: ResolvedCitation) -> str:
    """Lock entries are per item and edition; several quotes of one edition are joined in quote order."""
    return resolved.item


def render_lock(spec: Spec, texts: Mapping[str, str]) -> str:
    """The citations.lock content for the current texts: sorted, no timestamps, byte-deterministic."""
    fingerprints: dict[str, dict[str, str]] = {}
    for r in resolve_citations(spec, texts):
        if r.fingerprint is None:
            continue
        entry = fingerprints.setdefault(r.item, {})
        entry[r.edition] = f"{entry[r.edition]}+{r.fingerprint}" if r.edition in entry else r.fingerprint
    sources = {e: hashlib.sha256(t.encode("utf-8")).hexdigest() for e, t in sorted(texts.items())}
    body = {"format": 1, "sources": sources,
            "fingerprints": {k: dict(sorted(v.items())) for k, v in sorted(fingerprints.items())}}
    return json.dumps(body, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def check_citations(spec: Spec, texts: Mapping[str, str], names: Mapping[str, str] | None = None) -> list[Problem]:
    """Every quote is found in its edition's text; not-rule passages too; changed passages are *suspect*.

    ``names`` gives the file each text was read from (for messages: it may be an ``--edition`` override).
    """
    from rulespec.bounded_input import InputError

    problems: list[Problem] = []
    try:
        locked = read_lock(spec)
    except InputError as exc:
        problems.append(Problem(display_path(lock_path(spec)), exc.line, "", str(exc).split(": ", 1)[-1], "lock"))
        locked = {}
    current: dict[str, dict[str, list[str]]] = {}
    for r in resolve_citations(spec, texts):
        where = (names or {}).get(r.edition) or spec.editions[r.edition].source
        if r.span is None:
            problems.append(Problem(r.origin.file, r.origin.line_of(f"/citations/{r.edition}"),
                                    f"{r.origin.path}/citations/{r.edition}",
                                    f"{r.item}: quote not found in {r.edition} ({where}): {_clip(r.quote)!r}",
                                    "citations"))
            continue
        if r.occurrences > 1:
            problems.append(Problem(r.origin.file, r.origin.line_of(f"/citations/{r.edition}"),
                                    f"{r.origin.path}/citations/{r.edition}",
                                    f"{r.item}: quote occurs {r.occurrences} times in {r.edition}; lengthen it "
                                    f"so it locates one passage: {_clip(r.quote)!r}", "citations", "warning"))
        current.setdefault(r.item, {}).setdefault(r.edition, []).append(r.fingerprint or "")
    for item, editions in current.items():
        for edition, fps in editions.items():
            stamped = locked.get(item, {}).get(edition)
            if stamped is not None and stamped != "+".join(fps):
                origin = next(o for i, _, o in spec.cited_items() if i == item)
                problems.append(Problem(origin.file, origin.line_of(f"/citations/{edition}"),
                                        f"{origin.path}/citations/{edition}",
                                        f"{item}: suspect — the cited passage of {edition} changed since it was "
                                        "reviewed; check the citation, then run `rulespec stamp`", "suspect"))
    for passage in spec.not_rules:
        text = texts.get(passage.edition)
        if text is not None and quote_span(text, passage.quote, passage.until) is None:
            where = (names or {}).get(passage.edition) or spec.editions[passage.edition].source
            problems.append(Problem(passage.origin.file, passage.origin.line_of("/quote"), f"{passage.origin.path}/quote",
                                    f"not-rule passage not found in {passage.edition} ({where}): {_clip(passage.quote)!r}",
                                    "citations"))
    return problems


def _clip(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
