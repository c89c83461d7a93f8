"""Renderings of an impact report (:func:`engine.runtime.impact.analyse`): text, JSON, Markdown and HTML.

JSON is the report itself, keys sorted, so the same sweep prints the same bytes. Markdown and HTML add a chart
per ruling, drawn with matplotlib as inline SVG (no network, no browser needed, prints as vectors): each
reading's mean score shift per player with its 95 % interval, per player count and pooled, for every bot column,
and beside it the win-rate shift of every seat and nation for the bot that decides the class.
"""

from __future__ import annotations

import html
import io
import json
from typing import Any

from engine.runtime.impact import key_label

CLASS_COLOURS = {"none": "#9e9e9e", "low": "#4c9f70", "medium": "#e0a030", "high": "#c0392b"}


def render(report: dict[str, Any], fmt: str) -> str:
    """``report`` as ``text``, ``json``, ``markdown`` or ``html``."""
    if fmt == "json":
        return json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        return markdown(report)
    if fmt == "html":
        return html_page(report)
    return text(report)


def _ci(figure: dict[str, Any], scale: float = 1.0, digits: int = 2) -> str:
    if figure["ci"] is None:  # a single pair: no interval
        return f"{figure['shift'] * scale:+.{digits}f} [no interval]"
    low, high = figure["ci"]
    return f"{figure['shift'] * scale:+.{digits}f} [{low * scale:+.{digits}f}, {high * scale:+.{digits}f}]"


def _situation(scope: dict[str, Any]) -> str:
    sit = scope.get("situation")
    return f"{sit['either']:.0%}" if sit else "not counted"


def _rows(reading: dict[str, Any]) -> list[list[str]]:
    rows = []
    for bot, column in reading["bots"].items():
        for players, scope in column["players"].items():
            rows.append([
                bot, players, f"{scope['pairs']:,}", _ci(scope["score"]), _ci(scope["spread"]), _ci(scope["length"], digits=1),
                f"{scope['changed']:.0%}", _situation(scope),
            ])  # fmt: skip
    return rows


HEADERS = ["bots", "players", "pairs", "score/player [95 % CI]", "spread", "moves", "changed", "situation"]


def _banner(report: dict[str, Any]) -> str:
    p = report["parameters"]
    return (f"{report['game']}: {p['games']:,} paired games per reading, player count and bot; players "
            f"{', '.join(map(str, p['players']))}; bots {', '.join(p['bots'])}; seed {p['seed']}; "
            f"classes from the {p['class_bot']} bots")  # fmt: skip


def text(report: dict[str, Any]) -> str:
    """A terminal report: each ruling's class and summary, then each reading's figures in a table."""
    out = [_banner(report), ""]
    widths = [len(h) for h in HEADERS]
    tables = []
    for ruling in report["rulings"]:
        for reading in ruling["readings"]:
            rows = _rows(reading)
            tables.append(rows)
            for row in rows:
                widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    if not report["rulings"]:
        out.append("The spec records no ruling: nothing to measure.")
    index = 0
    for ruling in report["rulings"]:
        flag = "" if ruling["exercised"] else "  (not exercised by these bots)"
        out.append(f"{ruling['id']}: {ruling['class'].upper()}{flag}")
        if ruling["situation"]:
            out.append(f"  situation: {ruling['situation']}")
        for reading in ruling["readings"]:
            out.append(f"  {reading['id']} vs {ruling['default']} → {reading['class']}: {reading['summary']}")
            out.append("    " + "  ".join(h.ljust(w) for h, w in zip(HEADERS, widths, strict=True)).rstrip())
            for row in tables[index]:
                out.append("    " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
            index += 1
        if not ruling["readings"]:
            out.append("  a single reading: nothing to compare")
        out.append("")
    return "\n".join(out)


# --------------------------------------------------------------------------- charts


def chart_svg(ruling: dict[str, Any], class_bot: str) -> str:
    """The chart of one ruling as an SVG document (empty when it has no reading to compare)."""
    if not ruling["readings"]:
        return ""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rulespec"  # stable element ids: the same report, the same bytes
    readings = ruling["readings"]
    score_rows: list[tuple[str, float, float, float, str]] = []
    markers = {bot: m for bot, m in zip(readings[0]["bots"], ("o", "s", "^", "D"), strict=False)}
    for reading in readings:
        for bot, column in reading["bots"].items():
            for players, scope in column["players"].items():
                low, high = scope["score"]["ci"] or (scope["score"]["shift"],) * 2
                label = f"{reading['id']} · {bot} · {'all' if players == 'all' else players + 'p'}"
                score_rows.append((label, scope["score"]["shift"], low, high, bot))
    win_rows: list[tuple[str, float, float, float]] = []
    for reading in readings:
        scope = reading["bots"].get(class_bot, next(iter(reading["bots"].values())))["players"]["all"]
        for key, figure in scope["win"].items():
            low, high = figure["ci"] or (figure["shift"],) * 2
            win_rows.append((f"{reading['id']} · {key_label(key)}", figure["shift"] * 100, low * 100, high * 100))
    height = 0.9 + 0.24 * max(len(score_rows), len(win_rows))
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, height), gridspec_kw={"width_ratios": [1, 1]})
    colour = CLASS_COLOURS.get(ruling["class"], "#333333")
    for y, (_, mean, low, high, bot) in enumerate(score_rows):
        left.errorbar(mean, y, xerr=[[mean - low], [high - mean]], fmt=markers.get(bot, "o"), color=colour, ms=4, capsize=2)
    left.set_yticks(range(len(score_rows)), [r[0] for r in score_rows], fontsize=7)
    left.axvline(0, color="#555555", lw=0.8)
    left.invert_yaxis()
    left.set_title("mean score shift per player (95 % CI)", fontsize=8)
    for y, (_, mean, low, high) in enumerate(win_rows):
        right.errorbar(mean, y, xerr=[[mean - low], [high - mean]], fmt="o", color=colour, ms=3, capsize=2)
    right.set_yticks(range(len(win_rows)), [r[0] for r in win_rows], fontsize=7)
    right.axvline(0, color="#555555", lw=0.8)
    right.invert_yaxis()
    right.set_title(f"win-rate shift, points ({class_bot}, all counts)", fontsize=8)
    for axis in (left, right):
        axis.tick_params(axis="x", labelsize=7)
    fig.tight_layout()
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]  # inline: without the XML declaration and doctype


# --------------------------------------------------------------------------- Markdown and HTML


def markdown(report: dict[str, Any]) -> str:
    """A Markdown report: a table of classes, then per ruling its chart (inline SVG) and figures."""
    class_bot = report["parameters"]["class_bot"]
    out = [f"# Impact of the rulings — {report['game']}", "", _banner(report) + ".", ""]
    out += ["| ruling | class | exercised | summary |", "|---|---|---|---|"]
    for ruling in report["rulings"]:
        summary = ruling["summary"].replace("|", "\\|")
        out.append(f"| `{ruling['id']}` | **{ruling['class']}** | {'yes' if ruling['exercised'] else 'no'} | {summary} |")
    for ruling in report["rulings"]:
        out += ["", f"## `{ruling['id']}` — {ruling['class']}", "", ruling["question"], ""]
        if ruling["situation"]:
            out += [f"Situation counted: {ruling['situation']}.", ""]
        svg = chart_svg(ruling, class_bot)
        if svg:
            out += [svg, ""]
        for reading in ruling["readings"]:
            out += [f"**{reading['id']}** ({', '.join(reading['editions']) or 'no edition'}) — {reading['summary']}", ""]
            out += ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
            out += ["| " + " | ".join(row) + " |" for row in _rows(reading)]
            out.append("")
    return "\n".join(out) + "\n"


STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: 12px; }
th, td { border: 1px solid #ddd; padding: .2em .5em; text-align: right; } th { background: #f4f4f4; }
td:first-child, th:first-child { text-align: left; } td.summary { text-align: left; }
.class { display: inline-block; padding: 0 .5em; border-radius: .3em; color: #fff; font-weight: 600;
         -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.note { color: #666; } svg { max-width: 100%; height: auto; }
section { break-inside: avoid; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } }
"""


def _badge(impact_class: str) -> str:
    return f'<span class="class" style="background:{CLASS_COLOURS.get(impact_class, "#333")}">{impact_class}</span>'


def html_page(report: dict[str, Any]) -> str:
    """A self-contained HTML page (inline CSS and SVG charts) that reads well on screen and prints."""
    e = html.escape
    class_bot = report["parameters"]["class_bot"]
    parts = [
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Impact of the rulings — {e(report['game'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>Impact of the rulings — {e(report['game'])}</h1>", f'<p class="note">{e(_banner(report))}.</p>',
        "<table><tr><th>ruling</th><th>class</th><th>exercised</th><th>summary</th></tr>",
    ]  # fmt: skip
    for ruling in report["rulings"]:
        parts.append(
            f'<tr><td><a href="#{e(ruling["id"])}">{e(ruling["id"])}</a></td><td>{_badge(ruling["class"])}</td>'
            f'<td>{"yes" if ruling["exercised"] else "no"}</td><td class="summary">{e(ruling["summary"])}</td></tr>'
        )
    parts.append("</table>")
    for ruling in report["rulings"]:
        parts.append(f'<section id="{e(ruling["id"])}"><h2>{e(ruling["id"])} {_badge(ruling["class"])}</h2>')
        parts.append(f"<p>{e(ruling['question'])}</p>")
        if ruling["situation"]:
            parts.append(f'<p class="note">Situation counted: {e(ruling["situation"])}.</p>')
        parts.append(chart_svg(ruling, class_bot))
        for reading in ruling["readings"]:
            editions = ", ".join(reading["editions"]) or "no edition"
            parts.append(f"<p><b>{e(reading['id'])}</b> ({e(editions)}) {_badge(reading['class'])} {e(reading['summary'])}</p>")
            parts.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in HEADERS) + "</tr>")
            for row in _rows(reading):
                parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
            parts.append("</table>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
