"""Reports of an audit result: one ``render(result, min_severity) -> str`` per format.

Formats: ``text`` (rich, passages side by side, here), ``json`` (the contract, :mod:`.audit_report_json`),
``markdown`` (:mod:`.audit_report_markdown`), ``html`` (self-contained, :mod:`.audit_report_html`) and ``tmx``
(aligned sentence pairs, :mod:`.audit_report_tmx`). Every renderer is deterministic: same result, same bytes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

SEVERITIES = ("high", "medium", "low")
FORMATS = ("text", "json", "markdown", "html", "tmx")


def visible(result: Mapping[str, Any], min_severity: str) -> list[dict[str, Any]]:
    """Findings at or above ``min_severity``, in the result's (ranked) order."""
    limit = SEVERITIES.index(min_severity)
    return [f for f in result["findings"] if SEVERITIES.index(f["severity"]) <= limit]


def counts_line(result: Mapping[str, Any], shown: int) -> str:
    """``"412 findings: 97 high, 130 medium, 185 low (230 shown)"``."""
    counts = Counter(f["severity"] for f in result["findings"])
    parts = ", ".join(f"{counts.get(s, 0)} {s}" for s in SEVERITIES)
    return f"{len(result['findings'])} findings: {parts} ({shown} shown)"


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
    """A rich console view: per finding a header line and the editions' passages side by side."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(record=True, width=width, force_terminal=False, color_system=None, file=_Null())
    findings = visible(result, min_severity)
    editions = ", ".join(f"{e['id']} ({e['language']})" for e in result["editions"])
    console.print(Text(f"Translation audit of {result['game']}: {editions}", style="bold"))
    console.print(counts_line(result, len(findings)))
    for number, finding in enumerate(findings, start=1):
        rule = finding["rule"] or "no rule"
        head = Text(f"\n{number}. [{finding['severity'].upper()}] {finding['kind']} · {rule} · {finding['origin']}")
        head.stylize("bold")
        console.print(head)
        console.print(f"   {finding['message']}")
        if finding["missing_in"]:
            console.print(f"   missing in: {', '.join(finding['missing_in'])}")
        by_edition: dict[str, list[dict[str, Any]]] = {}
        for span in finding["spans"]:
            by_edition.setdefault(span["edition"], []).append(span)
        if not by_edition:
            continue
        table = Table(show_header=True, header_style="bold", expand=True, show_lines=False)
        for edition in by_edition:
            table.add_column(edition, ratio=1, overflow="fold")
        cells = []
        for spans in by_edition.values():
            cell = Text()
            for k, span in enumerate(spans):
                if k:
                    cell.append(" … ")
                for piece, marked in marked_segments(span, finding.get("_highlights", [])):
                    cell.append(re.sub(r"\s+", " ", piece), style="reverse" if marked else "")
            cells.append(cell)
        table.add_row(*cells)
        console.print(table)
    return console.export_text()


class _Null:
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
