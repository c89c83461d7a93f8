"""``rulespec audit --format html``: one self-contained page (inline CSS and JS, no external resources).

The page lists the spec's rulings first, then the other differences by severity. Each finding says what changed
in one line (each edition's words, quoted), shows the editions' passages side by side with page and line, links
the rule to its place in the game's generated summary, and, for a ruling, the measured effect on play. Words the
checks point at (a number, a term, a modal verb) are marked; between two editions in the same language, the
words one passage has and the other lacks are marked too (a word-level diff).

Filters narrow the list by edition, check, rule and severity, and a search box by any words of the finding; the
line above the list always says how many findings are shown of how many the page holds, so the default view
(everything the page holds) is exactly what it says.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Mapping
from typing import Any

from translations.audit.reports.render import (
    SEVERITIES,
    counts_line,
    groups,
    impact_line,
    marked_segments,
    passages,
    rule_link,
    visible,
    what_changed,
    where,
)

_CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:1em 2em;color:#222}
h1{font-size:1.4em} h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ddd} .meta{color:#555}
.filters{display:flex;flex-wrap:wrap;gap:.6em 1.4em;align-items:center;background:#f5f5f5;padding:.6em 1em;border-radius:4px}
.filters fieldset{border:0;margin:0;padding:0} .filters legend{font-weight:600;font-size:.85em;padding:0}
.filters label{margin-right:.7em;font-size:.9em} .filters select,.filters input[type=search]{font:inherit}
.finding{border:1px solid #ccc;border-left:6px solid #999;border-radius:4px;margin:1em 0;padding:.6em 1em}
.finding.high{border-left-color:#c62828} .finding.medium{border-left-color:#ef6c00} .finding.low{border-left-color:#9e9e9e}
.head{font-weight:600} .sev{text-transform:uppercase;font-size:.8em;padding:0 .4em;border-radius:3px;color:#fff}
.sev.high{background:#c62828} .sev.medium{background:#ef6c00} .sev.low{background:#757575}
.new{background:#2e7d32;color:#fff;font-size:.75em;padding:0 .4em;border-radius:3px}
.rule{font-family:monospace;color:#1565c0} .missing{color:#6a1b9a}
.statement{margin:.3em 0;font-style:italic} .impact{margin:.2em 0;color:#4e342e}
.passages{display:grid;gap:.8em;margin-top:.5em}
.passage{background:#fafafa;border:1px solid #e0e0e0;padding:.5em;border-radius:3px}
.passage h3{margin:0 0 .3em;font-size:.85em;color:#444} .passage .place{color:#777;font-weight:400}
.gap{color:#6a1b9a;font-style:italic}
mark{background:#fff176;padding:0 1px} .diff{background:#ffcdd2;text-decoration:underline dotted}
.hidden{display:none}
"""

_JS = """
(function(){
  var findings = Array.prototype.slice.call(document.querySelectorAll('section.finding'));
  var counter = document.getElementById('shown');
  function checked(name){
    return Array.prototype.slice.call(document.querySelectorAll('.filters input[name='+name+']:checked'))
      .map(function(box){ return box.value; });
  }
  function apply(){
    var severities = checked('severity'), kinds = checked('kind'), editions = checked('edition');
    var rule = document.getElementById('rule').value;
    var words = document.getElementById('search').value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    findings.forEach(function(el){
      var ok = severities.indexOf(el.dataset.severity) >= 0 && kinds.indexOf(el.dataset.kind) >= 0
        && el.dataset.editions.split(' ').some(function(e){ return editions.indexOf(e) >= 0; })
        && (!rule || el.dataset.rule === rule);
      if (ok && words.length) {
        var text = el.textContent.toLowerCase();
        ok = words.every(function(w){ return text.indexOf(w) >= 0; });
      }
      el.classList.toggle('hidden', !ok);
      if (ok) shown++;
    });
    document.querySelectorAll('h2[data-group]').forEach(function(h){
      var any = document.querySelector('section.finding[data-group="'+h.dataset.group+'"]:not(.hidden)');
      h.classList.toggle('hidden', !any);
    });
    counter.textContent = shown;
  }
  document.querySelectorAll('.filters input, .filters select').forEach(function(el){
    el.addEventListener(el.type === 'search' ? 'input' : 'change', apply);
  });
  apply();
})();
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
    if span["end"] == span["start"]:
        return '<span class="gap">[missing here: the passage would stand at this point]</span>'
    out: list[str] = []
    pos = 0
    for piece, marked in marked_segments(span, highlights):
        chunk: list[str] = []
        for k, ch in enumerate(piece):
            esc = html.escape(ch)
            chunk.append(f'<span class="diff">{esc}</span>' if (pos + k) in diff and not marked else esc)
        text = "".join(chunk).replace('</span><span class="diff">', "").replace("*", "")  # markdown emphasis
        out.append(f"<mark>{text}</mark>" if marked else text)
        pos += len(piece)
    return "".join(out).replace("\n", "<br>")


def _checkboxes(name: str, values: list[str], labels: Mapping[str, str] | None = None) -> str:
    boxes = "".join(
        f'<label><input type="checkbox" name="{name}" value="{html.escape(v)}" checked> '
        f"{html.escape((labels or {}).get(v, v))}</label>"
        for v in values
    )
    return f"<fieldset><legend>{name}</legend>{boxes}</fieldset>"


def _finding(n: int, f: Mapping[str, Any], group: int, game: str, languages: Mapping[str, str]) -> list[str]:
    spans = passages(f["spans"])
    editions = sorted({s["edition"] for s in spans} | set(f["missing_in"]))
    link = rule_link(game, f["rule"])
    if f["rule"] and link:
        rule = f'<a class="rule" href="{html.escape(link)}">{html.escape(f["rule"])}</a>'
    else:
        rule = f'<span class="rule">{html.escape(f["rule"])}</span>' if f["rule"] else "no rule"
    missing = (f' · <span class="missing">missing in {html.escape(", ".join(f["missing_in"]))}</span>'
               if f["missing_in"] else "")
    new = ' <span class="new">new</span>' if f.get("new") else ""
    parts = [
        f'<section class="finding {f["severity"]}" id="f-{f["id"]}" data-severity="{f["severity"]}" '
        f'data-kind="{html.escape(f["kind"])}" data-rule="{html.escape(f["rule"] or "")}" '
        f'data-editions="{html.escape(" ".join(editions))}" data-group="{group}">'
        f'<div class="head">{n}. <span class="sev {f["severity"]}">{f["severity"]}</span>{new} '
        f"{html.escape(f['kind'])} · {rule} · {html.escape(f['origin'])}{missing}</div>"
        f'<div class="message">{html.escape(what_changed(f))}</div>'
    ]
    if f.get("statement") and f["kind"] != "ruling":
        parts.append(f'<div class="statement">{html.escape(f["statement"])}</div>')
    if impact_line(f):
        parts.append(f'<div class="impact">Effect on play: {html.escape(impact_line(f) or "")}</div>')
    columns = max(1, min(4, len(spans)))
    parts.append(f'<div class="passages" style="grid-template-columns:repeat({columns},1fr)">')
    for span in spans:
        same_language = [
            o for o in spans if o is not span and languages.get(o["edition"]) == languages.get(span["edition"])
            and o["edition"] != span["edition"] and o["end"] > o["start"]
        ]
        diff = _diff_words(span["text"], same_language[0]["text"]) if same_language else set()
        parts.append(
            f'<div class="passage" data-edition="{html.escape(span["edition"])}">'
            f'<h3>{html.escape(span["edition"])} <span class="place">{html.escape(where(span))}</span></h3>'
            f"{_passage(span, f.get('_highlights', []), diff)}</div>"
        )
    parts.append("</div></section>")
    return parts


def render_html(result: Mapping[str, Any], min_severity: str = "medium") -> str:
    """The whole page as a string."""
    findings = visible(result, min_severity)
    languages = {e["id"]: e["language"] for e in result["editions"]}
    kinds = sorted({f["kind"] for f in findings})
    rules = sorted({f["rule"] for f in findings if f["rule"]})
    severities = [s for s in SEVERITIES if any(f["severity"] == s for f in findings)]
    rule_options = '<option value="">every rule</option>' + "".join(
        f'<option value="{html.escape(r)}">{html.escape(r)}</option>' for r in rules)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Translation audit: {html.escape(result['game'])}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>Translation audit: {html.escape(result['game'])}</h1>",
        '<p class="meta">Editions: '
        + ", ".join(f"{html.escape(e['id'])} ({html.escape(e['language'])})" for e in result["editions"])
        + "</p>",
        f'<p class="meta" id="counts">{html.escape(counts_line(result, len(findings)))}. '
        f'This page holds the {len(findings)} findings at {html.escape(min_severity)} severity or above; '
        f'<b id="shown">{len(findings)}</b> of them match the filters below.</p>',
        '<form class="filters" onsubmit="return false">',
        _checkboxes("severity", severities),
        _checkboxes("edition", [e["id"] for e in result["editions"]]),
        _checkboxes("kind", kinds),
        f'<fieldset><legend>rule</legend><select id="rule">{rule_options}</select></fieldset>',
        '<fieldset><legend>search</legend><input type="search" id="search" placeholder="words of a finding"></fieldset>',
        "</form>",
    ]
    n = 0
    for group, (title, members) in enumerate(groups(findings)):
        parts.append(f'<h2 data-group="{group}">{html.escape(title)} ({len(members)})</h2>')
        for f in members:
            n += 1
            parts.extend(_finding(n, f, group, result["game"], languages))
    parts.append(f"<script>{_JS}</script></body></html>")
    return "\n".join(parts) + "\n"
