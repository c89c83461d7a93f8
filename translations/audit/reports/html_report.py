"""``rulespec audit --format html``: one self-contained page (inline CSS and JS, no external resources).

Each finding shows the editions' passages side by side. Words the checks point at (a number, a term, a modal
verb) are marked; between two editions in the same language, the words one passage has and the other lacks are
marked too (a word-level diff), so a reviewer sees at a glance what differs.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Mapping
from typing import Any

from translations.audit.reports.render import SEVERITIES, counts_line, marked_segments, visible

_CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:1em 2em;color:#222}
h1{font-size:1.4em} .meta{color:#555}
.filters label{margin-right:1em}
.finding{border:1px solid #ccc;border-left:6px solid #999;border-radius:4px;margin:1em 0;padding:.6em 1em}
.finding.high{border-left-color:#c62828} .finding.medium{border-left-color:#ef6c00} .finding.low{border-left-color:#9e9e9e}
.head{font-weight:600} .sev{text-transform:uppercase;font-size:.8em;padding:0 .4em;border-radius:3px;color:#fff}
.sev.high{background:#c62828} .sev.medium{background:#ef6c00} .sev.low{background:#757575}
.rule{font-family:monospace;color:#1565c0} .missing{color:#6a1b9a}
.passages{display:grid;gap:.8em;margin-top:.5em}
.passage{background:#fafafa;border:1px solid #e0e0e0;padding:.5em;border-radius:3px}
.passage h3{margin:0 0 .3em;font-size:.85em;color:#444}
mark{background:#fff176;padding:0 1px} .diff{background:#ffcdd2;text-decoration:underline dotted}
.hidden{display:none}
"""

_JS = """
document.querySelectorAll('.filters input').forEach(function(box){
  box.addEventListener('change', function(){
    document.querySelectorAll('.finding.'+box.value).forEach(function(el){
      el.classList.toggle('hidden', !box.checked);
    });
  });
});
"""

_WORD = re.compile(r"\w+", re.UNICODE)


def _diff_words(text: str, other: str) -> set[int]:
    """Character offsets (into ``text``) of words that ``other`` (same language) does not have."""
    mine = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(text)]
    theirs = [m.group(0).lower() for m in _WORD.finditer(other)]
    matcher = difflib.SequenceMatcher(a=[w for _, _, w in mine], b=theirs, autojunk=False)
    flagged: set[int] = set()
    for tag, i1, i2, _j1, _j2 in matcher.get_opcodes():
        if tag in ("replace", "delete"):
            for start, end, _ in mine[i1:i2]:
                flagged.update(range(start, end))
    return flagged


def _passage(span: Mapping[str, Any], highlights: list[list[Any]], diff: set[int]) -> str:
    out: list[str] = []
    pos = 0
    for piece, marked in marked_segments(span, highlights):
        chunk: list[str] = []
        for k, ch in enumerate(piece):
            esc = html.escape(ch)
            chunk.append(f'<span class="diff">{esc}</span>' if (pos + k) in diff and not marked else esc)
        text = "".join(chunk).replace('</span><span class="diff">', "")
        out.append(f"<mark>{text}</mark>" if marked else text)
        pos += len(piece)
    return "".join(out).replace("\n", "<br>")


def render_html(result: Mapping[str, Any], min_severity: str = "medium") -> str:
    """The whole page as a string."""
    findings = visible(result, min_severity)
    languages = {e["id"]: e["language"] for e in result["editions"]}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Translation audit: {html.escape(result['game'])}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>Translation audit: {html.escape(result['game'])}</h1>",
        '<p class="meta">Editions: '
        + ", ".join(f"{html.escape(e['id'])} ({html.escape(e['language'])})" for e in result["editions"])
        + "</p>",
        f'<p class="meta" id="counts">{html.escape(counts_line(result, len(findings)))}</p>',
        '<p class="filters">'
        + "".join(f'<label><input type="checkbox" value="{s}" checked> {s}</label>' for s in SEVERITIES)
        + "</p>",
    ]
    for n, f in enumerate(findings, start=1):
        spans = f["spans"]
        columns = max(1, min(4, len(spans)))
        rule = f'<span class="rule">{html.escape(f["rule"])}</span>' if f["rule"] else "no rule"
        missing = (
            f' · <span class="missing">missing in {html.escape(", ".join(f["missing_in"]))}</span>'
            if f["missing_in"]
            else ""
        )
        parts.append(
            f'<section class="finding {f["severity"]}" id="f-{f["id"]}" data-kind="{html.escape(f["kind"])}">'
            f'<div class="head">{n}. <span class="sev {f["severity"]}">{f["severity"]}</span> '
            f"{html.escape(f['kind'])} · {rule} · {html.escape(f['origin'])}{missing}</div>"
            f'<div class="message">{html.escape(f["message"])}</div>'
            f'<div class="passages" style="grid-template-columns:repeat({columns},1fr)">'
        )
        for span in spans:
            same_language = [
                o for o in spans if o is not span and languages.get(o["edition"]) == languages.get(span["edition"])
                and o["edition"] != span["edition"]
            ]
            diff = _diff_words(span["text"], same_language[0]["text"]) if same_language else set()
            parts.append(
                f'<div class="passage" data-edition="{html.escape(span["edition"])}">'
                f'<h3>{html.escape(span["edition"])} <small>{span["start"]}–{span["end"]}</small></h3>'
                f"{_passage(span, f.get('_highlights', []), diff)}</div>"
            )
        parts.append("</div></section>")
    parts.append(f"<script>{_JS}</script></body></html>")
    return "\n".join(parts) + "\n"
