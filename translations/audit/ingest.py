"""Ingest: a rulebook text as read, cut into typed blocks of normalised text that remember their offsets.

PDF and markdown extractions carry layout noise that must not reach the analysis, yet every finding must
point back into the file exactly as read (``source[start:end] == text``). So nothing is ever removed from the
source; instead each block holds a *normalised* string plus, for every character of it, the offset of the
source character it came from:

- page breaks (form feeds) and blank lines end a block;
- lines broken inside a sentence are joined with one space;
- a word hyphenated across a line break (``Insel-\\nplättchen``, ``Ablage- \\ntafel``) is joined without the
  hyphen when the next line goes on in lower case (an upper-case continuation keeps the hyphen: ``Start-Schiffe``);
- markdown emphasis (``**x**``, ``*x*``), heading marks (``#``) and list bullets are dropped;
- headings, numbered setup steps, captions, examples and list items get a ``kind``;
- a block repeating an earlier one word for word is marked ``repeated_of`` (extractions repeat whole steps).

Sections start at headings and numbered steps; the aligner uses them to find passages printed in a different
order. The module is pure Python (no spaCy), so it stays cheap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from translations.audit.lexicon import example_openers

BLOCK_KINDS = ("heading", "step", "paragraph", "caption", "example", "list_item")


_STEP_RE = re.compile(r"^(?:-\s+(\d{1,2})\.?\s+(?=\S)|(\d{1,2})\.(?:\s+|$))")
_ONLY_STEP_RE = re.compile(r"^\s*(\d{1,2})\.\s*$")
_BULLET_RE = re.compile(r"^-\s+")
_HEADING_MARK_RE = re.compile(r"^#{1,6}\s+")
_SENTENCE_END = (".", "!", "?", ":", ";", ")", "”", '"', "“")


@dataclass
class Block:
    """A run of source lines read as one unit (a paragraph, a heading, a caption...)."""

    index: int
    kind: str
    start: int
    end: int
    text: str
    offsets: list[int] = field(repr=False)
    section: int = 0
    step: int | None = None
    repeated_of: int | None = None
    page: int = 1

    def source_span(self, begin: int, finish: int) -> tuple[int, int]:
        """Source offsets ``(start, end)`` of the normalised slice ``text[begin:finish]``."""
        begin = max(0, min(begin, len(self.text) - 1))
        finish = max(begin + 1, min(finish, len(self.text)))
        return self.offsets[begin], self.offsets[finish - 1] + 1


@dataclass
class Section:
    """A heading or numbered step and the blocks up to the next one."""

    index: int
    title: str
    blocks: list[int]
    step: int | None = None


@dataclass
class IngestedText:
    """One edition's source text as read, with its blocks and sections."""

    source: str
    blocks: list[Block]
    sections: list[Section]


@dataclass
class _Line:
    start: int  # offset of the first character of the line in the source
    text: str  # the line without its terminator
    page: int
    blank: bool


def _lines(source: str) -> list[_Line]:
    """Split on newlines and form feeds; a form feed is a blank line that also turns the page."""
    lines: list[_Line] = []
    page = 1
    pos = 0
    for match in re.finditer(r"[^\n\f]*(\n|\f|$)", source):
        text = match.group(0)
        if not text:
            break
        body = text.rstrip("\n\f").replace("\r", " ")
        lines.append(_Line(pos, body, page, not body.strip()))
        if text.endswith("\f"):
            page += 1
            lines.append(_Line(pos + len(text) - 1, "", page, True))
        pos += len(text)
    return lines


def _clean_line(line: _Line) -> list[tuple[str, int]]:
    """Characters of one line with their source offsets, markup removed and edges trimmed."""
    text = line.text
    skip = 0
    for pattern in (_HEADING_MARK_RE, _BULLET_RE):
        m = pattern.match(text.lstrip())
        if m:
            skip = len(text) - len(text.lstrip()) + m.end()
            break
    chars: list[tuple[str, int]] = []
    i = skip
    while i < len(text):
        ch = text[i]
        if ch == "*":  # markdown emphasis: dropped, never part of the words
            i += 1
            continue
        if ch == "\\" and i + 1 < len(text) and text[i + 1].isalpha():  # stray TeX macros (\triangle)
            j = i + 1
            while j < len(text) and text[j].isalpha():
                j += 1
            i = j
            continue
        chars.append((" " if ch.isspace() else ch, line.start + i))
        i += 1
    while chars and chars[0][0] == " ":
        chars.pop(0)
    while chars and chars[-1][0] == " ":
        chars.pop()
    return chars


def _join(lines: list[list[tuple[str, int]]]) -> tuple[str, list[int]]:
    """Join cleaned lines: a hyphen at a line end before a lower-case continuation is a broken word."""
    out: list[tuple[str, int]] = []
    for chars in lines:
        if not chars:
            continue
        if out:
            prev, nxt = out[-1][0], chars[0][0]
            hyphen = prev == "-" and len(out) > 1 and out[-2][0].isalpha()
            if hyphen and nxt.islower():
                out.pop()  # a word broken across the line: "Insel-" + "plättchen"
            elif not (hyphen and nxt.isupper()):  # "Start-" + "Schiffe" is a hyphenated compound: keep as is
                out.append((" ", out[-1][1] + 1))
        out.extend(chars)
    squeezed: list[tuple[str, int]] = []
    for ch, off in out:
        if ch == " " and squeezed and squeezed[-1][0] == " ":
            continue
        squeezed.append((ch, off))
    return "".join(c for c, _ in squeezed), [o for _, o in squeezed]


def _is_heading_line(text: str) -> bool:
    """A short title-like line: few words, upper-case start, no closing punctuation, not a number."""
    words = text.split()
    if not words or len(words) > 8 or len(text) > 70:
        return False
    if not (words[0][0].isupper() or words[0][0].isdigit()):
        return False
    if text.rstrip().endswith((*_SENTENCE_END, ",", "-")):
        return False
    return not text.replace(" ", "").isdigit()


def _group(lines: list[_Line]) -> list[list[_Line]]:
    """Cut the lines into raw blocks at blank lines, page breaks, markdown headings and bullets."""
    groups: list[list[_Line]] = []
    current: list[_Line] = []

    def flush() -> None:
        if current:
            groups.append(list(current))
            current.clear()

    for index, line in enumerate(lines):
        if line.blank:
            flush()
            continue
        stripped = line.text.strip()
        starts_unit = bool(_HEADING_MARK_RE.match(stripped) or _BULLET_RE.match(stripped))
        if not starts_unit and current and _STEP_RE.match(stripped) and current[-1].text.rstrip().endswith("."):
            starts_unit = bool(re.match(r"^\d{1,2}\.\s+[A-ZÄÖÜ]", stripped))
        # A title line set directly above its paragraph (no blank line between) in PDF extractions.
        nxt = lines[index + 1] if index + 1 < len(lines) else None
        prev_ends = not current or current[-1].text.rstrip().endswith(_SENTENCE_END)
        title_line = (
            _is_heading_line(stripped)
            and prev_ends
            and nxt is not None
            and not nxt.blank
            and (len(nxt.text.split()) >= len(stripped.split()) + 2 or nxt.text.rstrip().endswith(_SENTENCE_END))
            and nxt.text.strip()[:1].isupper()
        )
        if starts_unit or title_line:
            flush()
            current.append(line)
            if _HEADING_MARK_RE.match(stripped) or title_line:
                flush()
            continue
        current.append(line)
    flush()
    return groups


#: Figure labels are set in narrow lines beside the picture: a short block none of whose lines has more words.
_LABEL_LINE_WORDS = 3
_CAPTION_WORDS = 12


def _kind(raw_first: str, text: str, n_lines: int, widest_line: int = 0) -> str:
    """Classify a block by its first source line, its normalised text and its widest line (in words)."""
    first = raw_first.strip()
    if _HEADING_MARK_RE.match(first):
        return "heading"
    if _STEP_RE.match(first) and (not _BULLET_RE.match(first) or text.rstrip().endswith((".", "!", "?"))):
        return "step"
    lowered = text.lower()
    if lowered.startswith(example_openers()) or (first.startswith("*") and not first.startswith("**")):
        return "example"
    if _BULLET_RE.match(first):
        return "list_item"
    words = text.split()
    if n_lines == 1 and _is_heading_line(text):
        return "heading"
    if len(words) <= _CAPTION_WORDS and not text.rstrip().endswith((".", "!", "?")):
        return "caption"
    if n_lines >= 2 and len(words) <= _CAPTION_WORDS and widest_line <= _LABEL_LINE_WORDS:
        return "caption"  # "A crate / value of 3 / earns 1 Iron." beside the load table
    return "paragraph"


def ingest(source: str) -> IngestedText:
    """Read ``source`` (the file's text exactly as decoded) into blocks and sections; see the module doc."""
    lines = _lines(source)
    blocks: list[Block] = []
    for group in _group(lines):
        text, offsets = _join([_clean_line(line) for line in group])
        if not text:
            continue
        kind = _kind(group[0].text, text, len(group), max(len(line.text.split()) for line in group))
        step = None
        m = _STEP_RE.match(group[0].text.strip())
        if kind == "step" and m:
            step = int(m.group(1) or m.group(2))
        only = _ONLY_STEP_RE.match(text)
        if only:
            kind, step = "step", int(only.group(1))
        blocks.append(Block(len(blocks), kind, offsets[0], offsets[-1] + 1, text, offsets, step=step, page=group[0].page))
    blocks = _merge_broken(blocks)
    _merge_step_markers(blocks)
    _mark_repeats(blocks)
    sections = _sections(blocks)
    return IngestedText(source, blocks, sections)


def _mark_repeats(blocks: list[Block]) -> None:
    """A block whose words repeat an earlier block's (ignoring punctuation and case) is a repeat."""
    seen: dict[str, int] = {}
    for block in blocks:
        key = re.sub(r"\W+", " ", block.text.lower()).strip()
        if len(key) >= 30 and key in seen:
            block.repeated_of = seen[key]
        else:
            seen.setdefault(key, block.index)


def _ends_mid_sentence(block: Block) -> bool:
    """A prose block cut at a column or page break: it stops on a word or comma, not on punctuation."""
    return (
        block.kind in ("paragraph", "step", "example")
        and len(block.text.split()) >= 5
        and (block.text[-1].isalnum() or block.text[-1] in ",-")
    )


def _merge_broken(blocks: list[Block]) -> list[Block]:
    """Re-join blocks that a blank line split inside a sentence (PDF column breaks)."""
    merged: list[Block] = []
    for block in blocks:
        prev = merged[-1] if merged else None
        joinable = prev is not None and (
            (_ends_mid_sentence(prev) and block.kind not in ("heading", "step") and len(block.text.split()) >= 3)
            # any block cut off mid-word-run: it ends on a word and the next one goes on in lower case
            or (
                prev.kind not in ("heading", "step")
                and (prev.text[-1].isalnum() or prev.text[-1] in ",")
                and block.text[:1].islower()
                and block.kind != "heading"
            )
        )
        if prev is not None and joinable:
            prev.text = f"{prev.text} {block.text}"
            prev.offsets = [*prev.offsets, prev.offsets[-1] + 1, *block.offsets]
            prev.end = block.end
            if prev.kind == "caption" and len(prev.text.split()) > _CAPTION_WORDS:
                prev.kind = "paragraph"  # a short first line cut off by a column break, not a figure label
            continue
        block.index = len(merged)
        merged.append(block)
    return merged


def _merge_step_markers(blocks: list[Block]) -> None:
    """A lone ``2.`` block numbers the paragraph after it: carry the number over."""
    for i, block in enumerate(blocks[:-1]):
        if block.kind == "step" and _ONLY_STEP_RE.match(block.text):
            nxt = blocks[i + 1]
            if nxt.kind in ("paragraph", "caption") and nxt.step is None:
                nxt.kind, nxt.step = "step", block.step
                block.kind = "heading"


def _sections(blocks: list[Block]) -> list[Section]:
    """Open a section at every heading and every numbered step: the units the aligner may reorder."""
    sections: list[Section] = []
    for block in blocks:
        opens = block.kind == "heading" or (block.kind == "step" and block.step is not None)
        if opens or not sections:
            sections.append(Section(len(sections), block.text[:80], [], block.step))
        sections[-1].blocks.append(block.index)
        block.section = sections[-1].index
    return sections
