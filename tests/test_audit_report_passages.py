"""The human-readable audit reports show one passage per run of adjacent cited spans, not one card per line."""

from __future__ import annotations

from typing import Any

from translations.audit.reports.render import passages, where


def span(edition: str, start: int, text: str, line: int | None, page: int | None = 4) -> dict[str, Any]:
    return {"edition": edition, "start": start, "end": start + len(text), "text": text, "page": page, "line": line}


def test_a_rule_cited_line_by_line_reads_as_one_passage_with_its_line_range() -> None:
    first = span("en", 100, "You may never move the Marker", 262)
    second = span("en", first["end"] + 1, "onto an occupied space.", 263)
    (joined,) = passages([first, second])
    assert joined["text"] == "You may never move the Marker onto an occupied space."
    assert (joined["start"], joined["end"]) == (100, second["end"])
    assert where(joined) == "p. 4, l. 262–263"
    # the offsets still index the same characters, so highlights fall where they did
    assert joined["text"][second["start"] - joined["start"]:] == second["text"]
    assert first == span("en", 100, "You may never move the Marker", 262), "the cited spans are not changed"


def test_spans_of_other_editions_far_apart_or_empty_stay_apart() -> None:
    en = span("en", 0, "Draw two cards.", 10)
    de = span("de", en["end"] + 1, "Ziehe zwei Karten.", 11)
    far = span("de", de["end"] + 40, "Dann endet die Runde.", 14)
    gap = {"edition": "de", "start": far["end"] + 1, "end": far["end"] + 1, "text": "", "page": 4, "line": 15}
    shown = passages([en, de, far, gap])
    assert [s["text"] for s in shown] == [en["text"], de["text"], far["text"], ""]
    assert [where(s) for s in shown] == ["p. 4, l. 10", "p. 4, l. 11", "p. 4, l. 14", "p. 4, l. 15"]


def test_a_span_without_lines_still_names_its_offsets() -> None:
    assert where(span("draft", 5, "abc", None, None)) == "5–8"


def test_the_html_report_shows_one_card_per_passage() -> None:
    from audit_helpers import full_result

    from translations.audit.reports.render import render_report, visible

    result = full_result()
    html = render_report(result, "html")
    shown = visible(result, "medium")
    cards = sum(len(passages(f["spans"])) for f in shown)
    assert html.count('<div class="passage"') == cards
    assert cards < sum(len(f["spans"]) for f in shown), "the bundled rulings cite some rules line by line"
