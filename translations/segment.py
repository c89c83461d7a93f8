"""Sentence segmentation with spaCy (``spacy.blank(lang)`` + sentencizer), keeping offsets into the source.

PDF extractions break lines inside sentences and run headings into text. We first cut the text into blocks at
blank lines and page breaks (a sentence never spans those), then let spaCy's sentencizer split each block
with its line breaks read as spaces. Offsets always point into the original text.
spaCy is imported lazily: importing it costs a second or two, and most commands never need it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

_BLOCK_BREAK = re.compile(r"\n[ \t]*\n|\f")
_WORD = re.compile(r"[^\W\d_]{2,}")


@cache
def _pipeline(language: str) -> Any:
    import spacy

    nlp = spacy.blank(language)
    nlp.add_pipe("sentencizer")
    return nlp


def blocks(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the non-blank blocks between blank lines and page breaks."""
    spans = []
    start = 0
    for match in _BLOCK_BREAK.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in (_strip(text, s, e) for s, e in spans) if e > s]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def sentences(text: str, language: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the sentences of ``text``; segments without a word are left out."""
    nlp = _pipeline(language)
    spans: list[tuple[int, int]] = []
    for start, end in blocks(text):
        block = text[start:end].replace("\n", " ").replace("\r", " ")
        for sent in nlp(block).sents:
            s, e = _strip(text, start + sent.start_char, start + sent.end_char)
            if e > s and _WORD.search(text, s, e):
                spans.append((s, e))
    return spans
