"""``rulespec audit --format markdown``: the rulings, then the other findings by severity, each with the one-line
statement of the change and the passages quoted per edition with page and line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from translations.audit.reports import render


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def render_markdown(result: Mapping[str, Any], min_severity: str = "medium") -> str:
    """Markdown report; highlighted words (numbers, terms, markers that differ) are in bold."""
    findings = render.visible(result, min_severity)
    lines = [f"# Translation audit: {result['game']}", ""]
    lines.append("Editions: " + ", ".join(f"`{e['id']}` ({e['language']})" for e in result["editions"]))
    lines += ["", render.counts_line(result, len(findings)), ""]
    lines += ["| # | severity | kind | rule | missing in | change |", "|---|---|---|---|---|---|"]
    numbered = [f for _, members in render.groups(findings) for f in members]
    for n, f in enumerate(numbered, start=1):
        link = render.rule_link(result["game"], f["rule"])
        rule = f"[`{f['rule']}`]({link})" if link else (f"`{f['rule']}`" if f["rule"] else "")
        new = " **new**" if f.get("new") else ""
        lines.append(f"| {n} | {f['severity']}{new} | {f['kind']} | {rule} | {', '.join(f['missing_in'])} | "
                     f"{_cell(f.get('statement') or f['message'])} |")
    n = 0
    for title, members in render.groups(findings):
        lines += ["", f"## {title} ({len(members)})"]
        for f in members:
            n += 1
            lines += ["", f"### {n}. {f['kind']} ({f['severity']}) `{f['id']}`", "", _cell(f["message"]), ""]
            if render.impact_line(f):
                lines += [f"Effect on play: {render.impact_line(f)}", ""]
            for span in render.passages(f["spans"]):
                if span["end"] == span["start"]:
                    lines.append(f"- **{span['edition']}** [{render.where(span)}]: *(missing here)*")
                    continue
                text = "".join(
                    f"**{_cell(piece)}**" if marked and piece.strip() else piece
                    for piece, marked in render.marked_segments(span, f.get("_highlights", []))
                )
                lines.append(f"- **{span['edition']}** [{render.where(span)}]: {_cell(text)}")
    return "\n".join(lines) + "\n"
