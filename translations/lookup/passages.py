"""The passage each edition's rulebook gives for a rule, cut from its source text and made readable.

A citation quotes a few words; a player wants the whole sentence. `cited_passages` widens every quote to the
sentences around it (within `PASSAGE_REACH` characters), merges overlapping passages, and makes the text
readable (`readable`): PDF hyphenation joined, Markdown emphasis of the extractions dropped (`**game board**`),
TeX symbol names turned into symbols (`\\triangle` → △), and the holes the extraction left where the book printed
an icon shown as `◇` rather than as stray commas (`the spaces marked with , and on the board` → `the spaces
marked with ◇, ◇ and ◇ on the board` cannot be recovered; what can be seen is that a symbol stood there).
Generation time only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

PASSAGE_REACH = 240  # characters a passage may extend beyond its quote to reach a sentence boundary
PASSAGE_MAX = 700
ICON = "◇"  # where the printed book had a symbol the text extraction lost
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n\s*\n|\f")
_TEX_SYMBOLS = {"triangle": "△", "star": "★", "square": "□", "circle": "○", "pentagon": "⬠", "diamond": "◇"}
_TEX = re.compile(r"\\(" + "|".join(_TEX_SYMBOLS) + r")\b")
_EMPHASIS = re.compile(r"\*+")
_HEADING = re.compile(r"(^|\s)#{1,6}\s")
_PUNCT = ",.;:)"


def clean(text: str) -> str:
    """Source text for display: PDF hyphenation joined, whitespace collapsed."""
    text = re.sub(r"(\w)-\s*\n\s*(?=[a-zäöüß])", r"\1", text)
    return " ".join(text.split())


def readable(text: str, function_words: Iterable[str] = ()) -> str:
    """`text` (already `clean`) without extraction debris: Markdown emphasis and headings, TeX symbol names, and
    icon holes. A punctuation mark after a space closes the word before it (`Wood , Cloth` → `Wood, Cloth`), unless
    that word is a function word or punctuation, where the lost icon stood (`the , , and` → `the ◇, ◇, and`)."""
    text = _TEX.sub(lambda m: _TEX_SYMBOLS[m.group(1)], text)
    text = _EMPHASIS.sub("", text)
    text = _HEADING.sub(r"\1", text)
    small = {w.casefold() for w in function_words}
    out: list[str] = []
    for token in text.split():
        if token[0] in _PUNCT and out:
            before = out[-1]
            stripped = before.rstrip(_PUNCT).casefold()
            if before[-1] in ",(:" or before == "(" or stripped in small or not stripped:
                out.append(ICON + token)
            else:
                out[-1] = before + token
            continue
        if token.startswith("(") and token.rstrip() in ("(", "()"):
            out.append("(" + ICON + (")" if token == "()" else ""))
            continue
        out.append(token)
    joined = " ".join(out)
    return re.sub(r"\(\s*(?=[,)])", "(" + ICON, joined)


def passage_span(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """The quote at `span` widened to whole sentences (within `PASSAGE_REACH` characters)."""
    start, end = span
    begin = max(0, start - PASSAGE_REACH)
    boundaries = [m.end() for m in _SENTENCE_END.finditer(text, begin, start)]
    begin = boundaries[-1] if boundaries else start
    after = _SENTENCE_END.search(text, end, min(len(text), end + PASSAGE_REACH))
    return begin, after.end() if after else end


def cited_passages(spec: Any, citations: Mapping[str, Any], texts: Mapping[str, str],
                   function_words: Mapping[str, Iterable[str]] | None = None) -> list[dict[str, str]]:
    """Per edition (in the spec's edition order), the readable passage(s) an item cites, or the edition's
    silence. `function_words` maps a language to its function words (see `readable`)."""
    from translations.sources.citations import merge_spans, quote_span, quotes_of

    found: dict[str, str] = {}
    for edition in spec.editions:
        citation = citations.get(edition)
        if citation is None:
            continue
        if isinstance(citation, dict) and "silent" in citation:
            found[edition] = f"({citation['silent']})"
            continue
        parts: list[str] = []
        spans: list[tuple[int, int]] = []
        text = texts.get(edition)
        for quote, until in quotes_of(citation):
            span = quote_span(text, quote, until) if text is not None else None
            if text is not None and span is not None:
                spans.append(passage_span(text, span))
            elif clean(quote) not in parts:
                parts.append(clean(quote))
        if text is not None:
            parts = [clean(text[begin:finish]) for begin, finish in merge_spans(spans)] + parts
        small = (function_words or {}).get(spec.editions[edition].language, ())
        joined = " … ".join(readable(part, small) for part in parts)
        found[edition] = joined if len(joined) <= PASSAGE_MAX else joined[: PASSAGE_MAX - 1].rstrip() + "…"
    return [{"edition": edition, "text": text} for edition, text in found.items()]


def quotes(citations: Mapping[str, Any]) -> list[tuple[str, str]]:
    """`(edition, quoted text)` of every quote of an item's citations (a passage's `until` too)."""
    from translations.sources.citations import quotes_of

    found = []
    for edition, citation in citations.items():
        for quote, until in quotes_of(citation):
            found.append((edition, quote))
            if until:
                found.append((edition, until))
    return found


def read_texts(spec: Any, overrides: Mapping[str, Path] | None = None) -> dict[str, str]:
    """Source texts of the editions that can be read (an unreadable one just yields quotes without context)."""
    from translations.sources.editions import SourceError, read_source

    texts = {}
    for edition in spec.editions:
        try:
            texts[edition] = read_source(spec, edition, overrides)
        except SourceError:
            continue
    return texts
