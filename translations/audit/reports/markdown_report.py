"""``rulespec audit --format markdown``: a findings table and, per finding, the passages quoted per edition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from translations.audit.reports.render import counts_line, marked_segments, visible


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def render_markdown(result: Mapping[str, Any], min_severity: str = "medium") -> str:
    """Markdown report; highlighted words (numbers, terms, markers that differ) are in bold."""
    findings = visible(result, min_severity)
    lines = [f"# Translation audit: {result['game']}", ""]
    lines.append("Editions: " + ", ".join(f"`{e['id']}` ({e['language']})" for e in result["editions"]))
    lines += ["", counts_line(result, len(findings)), ""]
    lines += ["| # | severity | kind | rule | missing in | message |", "|---|---|---|---|---|---|"]
    for n, f in enumerate(findings, start=1):
        rule = f"`{f['rule']}`" if f["rule"] else ""
        lines.append(
            f"| {n} | {f['severity']} | {f['kind']} | {rule} | {', '.join(f['missing_in'])} | {_cell(f['message'])} |"
        )
    for n, f in enumerate(findings, start=1):
        lines += ["", f"## {n}. {f['kind']} ({f['severity']}) `{f['id']}`", "", _cell(f["message"]), ""]
        for span in f["spans"]:
            text = "".join(
                f"**{_cell(piece)}**" if marked and piece.strip() else piece
                for piece, marked in marked_segments(span, f.get("_highlights", []))
            )
            lines.append(f"- **{span['edition']}** [{span['start']}–{span['end']}]: {_cell(text)}")
    return "\n".join(lines) + "\n"
