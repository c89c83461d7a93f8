"""Reports of an audit result: one ``render(result, min_severity) -> str`` per format.

Formats: ``text`` (rich, passages side by side, here), ``json`` (the contract, :mod:`.audit_report_json`),
``markdown`` (:mod:`.audit_report_markdown`), ``html`` (self-contained, :mod:`.audit_report_html`) and ``tmx``
(aligned sentence pairs, :mod:`.audit_report_tmx`). Every renderer is deterministic: same result, same bytes.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

SEVERITIES = ("high", "medium", "low")
FORMATS = ("text", "json", "markdown", "html", "tmx")


def visible(result: Mapping[str, Any], min_severity: str) -> list[dict[str, Any]]:
    """Findings at or above ``min_severity``, in the result's order (rulings first, then by severity)."""
    limit = SEVERITIES.index(min_severity)
    return [f for f in result["findings"] if SEVERITIES.index(f["severity"]) <= limit]


def counts_line(result: Mapping[str, Any], shown: int) -> str:
    """``"225 findings: 17 rulings; 3 high, 18 medium, 187 low (38 shown)"`` (and how many are new)."""
    findings = result["findings"]
    counts = Counter(f["severity"] for f in findings)
    rulings = sum(f["kind"] == "ruling" for f in findings)
    parts = ", ".join(f"{counts.get(s, 0)} {s}" for s in SEVERITIES)
    new = sum(bool(f.get("new")) for f in findings)
    told = f"; {new} new since the baseline" if "baseline" in result else ""
    return f"{len(findings)} findings: {rulings} rulings; {parts}{told} ({shown} shown)"


def groups(findings: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The report's sections: the spec's rulings first, then the other differences by severity."""
    rulings = [f for f in findings if f["kind"] == "ruling"]
    out = [("Rulings of the spec (where the editions disagree)", rulings)] if rulings else []
    for severity in SEVERITIES:
        chosen = [f for f in findings if f["kind"] != "ruling" and f["severity"] == severity]
        if chosen:
            out.append((f"{severity.capitalize()}: differences found in the texts", chosen))
    return out


def where(span: Mapping[str, Any]) -> str:
    """``"p. 3, l. 45"`` or ``"p. 3, l. 45–47"`` (page only where the text has page breaks)."""
    page = span.get("page")
    line = span.get("line")
    if line is None:
        return f"{span['start']}–{span['end']}"
    last = span.get("last_line")
    lines = f"l. {line}–{last}" if last is not None and last != line else f"l. {line}"
    return f"p. {page}, {lines}" if page else lines


#: At most this many characters (a line break, a space) between two cited spans that read as one passage.
ADJACENT_GAP = 2


def passages(spans: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The spans a reader sees: runs of one edition's spans that follow each other in its text joined into one.

    A rule cited line by line ("p. 4, l. 262", "l. 263", …) is one passage to a reader, not four cards cut
    mid-sentence. Only spans next to each other in the given order join, with a space for the line break between
    them, so highlight offsets still fall on the same characters; an empty span (text missing here) stays alone.
    The JSON report keeps the spans as cited (the contract); this is how the human-readable reports show them.
    """
    out: list[dict[str, Any]] = []
    for span in spans:
        prev = out[-1] if out else None
        gap = span["start"] - prev["end"] if prev else -1
        if (prev is not None and prev["edition"] == span["edition"] and 0 <= gap <= ADJACENT_GAP
                and prev["end"] > prev["start"] and span["end"] > span["start"]):
            prev["text"] = prev["text"] + " " * gap + span["text"]
            prev["end"] = span["end"]
            if span.get("line") is not None:
                prev["last_line"] = span["line"]
            continue
        out.append(dict(span))
    return out


def headline(finding: Mapping[str, Any]) -> str:
    """The finding's first line: severity, kind, rule, origin, ruling and whether it is new."""
    bits = [finding["severity"].upper(), finding["kind"], finding["rule"] or "no rule", finding["origin"]]
    if finding.get("new"):
        bits.append("NEW")
    return " · ".join(bits)


def what_changed(finding: Mapping[str, Any]) -> str:
    """The finding's message without the quotes the statement line shows ("number: 2 (draft) against 3 (de)")."""
    message = finding["message"]
    if finding["kind"] == "ruling" or not finding.get("statement"):
        return message
    head, _, rest = message.partition(" — ")
    return head + rest[len(finding["statement"]):] if rest.startswith(finding["statement"]) else message


def impact_line(finding: Mapping[str, Any]) -> str | None:
    """The measured effect on play of a ruling's finding, in words."""
    impact = finding.get("impact")
    return impact.get("summary") if isinstance(impact, Mapping) else None


@cache
def _summary_anchors(path: str) -> frozenset[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    return frozenset(re.findall(r'\bid="([^"]+)"', text))


def rule_link(game: str, rule_id: str | None, language: str = "en") -> str | None:
    """A link to the rule in the game's generated summary (``summary.<lang>.html#<rule id>``), or None when the
    summary or the rule's anchor is missing."""
    from translations.generate import GENERATED_DIR

    if not rule_id:
        return None
    path = GENERATED_DIR / game / f"summary.{language}.html"
    if rule_id not in _summary_anchors(str(path)):
        return None
    return f"{path.resolve().as_uri()}#{rule_id}"


def marked_segments(span: Mapping[str, Any], highlights: list[list[Any]]) -> list[tuple[str, bool]]:
    """The span's text cut into ``(piece, highlighted)`` runs by the finding's highlight offsets."""
    text = span["text"]
    start = span["start"]
    flags = [False] * len(text)
    for edition, h_start, h_end in highlights:
        if edition != span["edition"]:
            continue
        for k in range(max(h_start, start), min(h_end, start + len(text))):
            flags[k - start] = True
    pieces: list[tuple[str, bool]] = []
    for ch, flag in zip(text, flags, strict=True):
        if pieces and pieces[-1][1] == flag:
            pieces[-1] = (pieces[-1][0] + ch, flag)
        else:
            pieces.append((ch, flag))
    return pieces


def render_text(result: Mapping[str, Any], min_severity: str = "medium", width: int = 160) -> str:
    """A rich console view: the rulings, then the other findings by severity; per finding a header line, the
    one-line statement of the change, and the editions' passages side by side with page and line."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(record=True, width=width, force_terminal=False, color_system=None, file=_Null())
    findings = visible(result, min_severity)
    editions = ", ".join(f"{e['id']} ({e['language']})" for e in result["editions"])
    console.print(Text(f"Translation audit of {result['game']}: {editions}", style="bold"))
    console.print(counts_line(result, len(findings)))
    number = 0
    for title, members in groups(findings):
        console.print(Text(f"\n== {title} ({len(members)}) ==", style="bold"))
        for finding in members:
            number += 1
            console.print(Text(f"\n{number}. [{headline(finding)}]", style="bold"))
            console.print(f"   {what_changed(finding)}")
            if finding.get("statement") and finding["kind"] != "ruling":
                console.print(f"   change: {finding['statement']}")
            if impact_line(finding):
                console.print(f"   effect on play: {impact_line(finding)}")
            if finding["missing_in"]:
                console.print(f"   missing in: {', '.join(finding['missing_in'])}")
            by_edition: dict[str, list[dict[str, Any]]] = {}
            for span in passages(finding["spans"]):
                by_edition.setdefault(span["edition"], []).append(span)
            if not by_edition:
                continue
            table = Table(show_header=True, header_style="bold", expand=True, show_lines=False)
            for edition, spans in by_edition.items():
                table.add_column(f"{edition} ({where(spans[0])})", ratio=1, overflow="fold")
            cells = []
            for spans in by_edition.values():
                cell = Text()
                for k, span in enumerate(spans):
                    if k:
                        cell.append(" … ")
                    if span["end"] == span["start"]:
                        cell.append("[missing here]", style="italic")
                        continue
                    for piece, marked in marked_segments(span, finding.get("_highlights", [])):
                        cell.append(re.sub(r"\s+", " ", piece.replace("*", "")), style="reverse" if marked else "")
                cells.append(cell)
            table.add_row(*cells)
            console.print(table)
    return console.export_text()


class _Null(io.StringIO):
    """A sink for rich's live output: we only want the recorded export."""

    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        return None


def render_report(result: Mapping[str, Any], fmt: str, min_severity: str | None = None) -> str:
    """Render ``result`` in ``fmt``; by default machine formats keep every finding and human-readable ones
    show medium and high (the CLI's defaults)."""
    severity = min_severity or ("low" if fmt in ("json", "tmx") else "medium")
    return renderer(fmt)(result, severity)


def renderer(fmt: str) -> Callable[..., str]:
    """The render function of a format."""
    if fmt == "text":
        return render_text
    if fmt == "json":
        from translations.audit.reports.json_report import render_json

        return render_json
    if fmt == "markdown":
        from translations.audit.reports.markdown_report import render_markdown

        return render_markdown
    if fmt == "html":
        from translations.audit.reports.html_report import render_html

        return render_html
    if fmt == "tmx":
        from translations.audit.reports.tmx_report import render_tmx

        return render_tmx
    raise ValueError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
