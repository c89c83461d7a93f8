"""Showing a look-up's answer: as plain data (`--json`) or for the terminal.

A hit is shown in the query's language (or `--lang`), with the edition's terms and readings when `--edition`
names one: its title and summary, each edition's cited passage side by side, the rulings touching it (with the
reading the edition follows), the values no rulebook prints marked as such (with their provenance and reason),
and the runners-up by title. When the hits come from several games, each says its game.

Standard library only (on the `rulespec lookup` start-up path).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from translations.lookup.language import Lexicon
from translations.lookup.search import Answer, Hit, Index

_EMPHASIS = re.compile(r"\*\*|__")


def plain(text: str) -> str:
    """Text without Markdown emphasis markers (`**bold**` → `bold`)."""
    return _EMPHASIS.sub("", text)


def view_key(index: Index, lang: str | None, edition: str | None) -> str:
    """Which rendered text to show: `lang@edition` when the index has it, else the language's default."""
    editions = {e["id"]: e for e in index.editions}
    if edition is not None and edition not in editions:
        raise LookupError(f"{index.game} has no edition {edition!r} (editions: {', '.join(editions)})")
    if lang is None:
        lang = editions[edition]["language"] if edition else "en"
    if lang not in index.languages:
        raise LookupError(f"{index.game}: no summaries in {lang!r} (languages: {', '.join(index.languages)})")
    if edition is not None and f"{lang}@{edition}" in index.views:
        return f"{lang}@{edition}"
    return lang


def describe(hit: Hit, lang: str | None = None, edition: str | None = None) -> dict[str, Any]:
    """A hit as plain data (what `--json` prints): summary in the chosen language, passages per edition, the
    rulings touching it with the reading that the chosen edition (or the default) follows, and the values no
    rulebook prints (`unprinted`)."""
    doc = hit.doc
    key = view_key(hit.index, lang, edition)
    result: dict[str, Any] = {
        "game": hit.game,
        "game_title": hit.index.title,
        "id": hit.rule_id,
        "kind": doc.get("kind", "rule"),
        "score": round(hit.score, 4),
        "view": key,
        "title": plain(doc["title"][key]),
        "summary": plain(doc["text"][key]),
        "passages": [{"edition": p["edition"], "text": plain(p["text"])} for p in doc["passages"]],
        "unprinted": [_unprinted(value, key) for value in doc.get("unprinted", [])],
    }
    result["rulings"] = []
    for ruling in doc.get("rulings", []):
        followed = ruling["default"]
        if edition is not None:
            followed = next((r["id"] for r in ruling["readings"] if edition in r["editions"]), followed)
        result["rulings"].append({
            "id": ruling["id"],
            "question": plain(ruling["question"][key]),
            "default": ruling["default"],
            "followed": followed,
            "readings": [{"id": r["id"], "editions": r["editions"], "summary": plain(r["text"][key])}
                         for r in ruling["readings"]],
        })
    # Values no rulebook prints: the rule's own, and those of the readings followed (the edition's, or the default).
    # A followed reading that sets a value replaces the rule's own.
    followed_of = {ruling["id"]: ruling["followed"] for ruling in result["rulings"]}
    followed = [reading for ruling in doc.get("rulings", []) for reading in ruling["readings"]
                if reading["id"] == followed_of[ruling["id"]]]
    replaced = {param for reading in followed for param in reading.get("sets", [])}
    result["unprinted"] = [v for v in result["unprinted"] if v["param"] not in replaced]
    for reading in followed:
        shown = [_unprinted(value, key) for value in reading.get("unprinted", [])]
        result["unprinted"] += [v for v in shown if v not in result["unprinted"]]
    # The summary states the default reading: where the chosen edition reads a disputed point otherwise, say so.
    result["instead"] = [
        next(r["summary"] for r in ruling["readings"] if r["id"] == ruling["followed"])
        for ruling in result["rulings"]
        if ruling["followed"] != ruling["default"]
    ]
    return result


def _unprinted(value: dict[str, Any], key: str) -> dict[str, Any]:
    """A value no rulebook prints as shown in view `key`: its name, value and reason in the view's language, and
    which of them show in English for want of a translation (`in_english`)."""
    return {"param": value["param"], "name": value["name"][key], "value": value["value"][key],
            "provenance": value["provenance"], "reason": value["reason"][key],
            "in_english": list(value.get("english", {}).get(key, []))}


def answer_json(answer: Answer, described: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The whole answer as data: the query as read, the best hit and the others, each complete."""
    return {"query": answer.query.text, "read_as": answer.as_json(),
            "best": described[0] if described else None, "others": list(described[1:])}


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """`text` wrapped to `width`; lines after the first start with `indent`, so a bullet's text hangs under it."""
    import textwrap

    return textwrap.wrap(text, width=max(width, 10), subsequent_indent=indent) or [""]


def _marked(value: dict[str, Any], field: str, in_english: str) -> str:
    """A field of a value no rulebook prints; English shown for want of a translation says so (`[auf Englisch]`),
    as a summary reports its untranslated messages rather than hiding them."""
    return value[field] + (f" [{in_english}]" if field in value.get("in_english", ()) else "")


def format_text(described: dict[str, Any], others: Sequence[dict[str, Any]] = (), width: int = 100,
                lexicon: Lexicon | None = None, lang: str = "en", show_game: bool = True) -> str:
    """A hit for the terminal: title (and game), summary, the values no rulebook prints, the cited passages side
    by side (stacked when the terminal is too narrow), the rulings, and the runners-up by title (with their game
    when `show_game`: the hits come from several games)."""
    def label(key: str, fallback: str) -> str:
        return lexicon.label(lang, key) if lexicon is not None else fallback

    lines = [f"{described['title']}  ({described['game_title']})", ""]
    lines += _wrap(described["summary"], width)
    for text in described.get("instead", []):
        lines += _wrap(f"-> {label('instead', 'In this edition instead')}: {text}", width)
    in_english = label("in_english", "in English")
    for value in described.get("unprinted", []):
        why = f" {_marked(value, 'reason', in_english)}" if value.get("reason") else ""
        lines += _wrap(f"* {label('not_printed', 'Not printed in any rulebook')} "
                       f"({label(value['provenance'], value['provenance'])}): {_marked(value, 'name', in_english)} = "
                       f"{_marked(value, 'value', in_english)}.{why}", width, "  ")
    passages = {p["edition"]: p["text"] for p in described["passages"]}
    if passages:
        lines.append("")
        editions = list(passages)
        column = (width - 3 * (len(editions) - 1)) // max(1, len(editions))
        if column >= 28:
            blocks = [[e.upper(), "-" * min(column, len(e) + 2), *_wrap(passages[e], column)] for e in editions]
            height = max(len(b) for b in blocks)
            for row in range(height):
                cells = [(b[row] if row < len(b) else "").ljust(column) for b in blocks]
                lines.append(" | ".join(cells).rstrip())
        else:
            for edition in editions:
                lines.append(f"[{edition}]")
                lines += ["  " + line for line in _wrap(passages[edition], width - 2)]
    for ruling in described.get("rulings", []):
        lines += ["", *_wrap(f"! {ruling['question']}", width, "  ")]
        for reading in ruling["readings"]:
            mark = "*" if reading["id"] == ruling["followed"] else "-"
            editions = ", ".join(reading["editions"]) or label("no_edition", "no edition")
            lines += _wrap(f"  {mark} {reading['summary']} ({editions})", width, "    ")
    if others:
        titles = [o["title"] + (f" ({o['game_title']})" if show_game else "") for o in others]
        lines += ["", *_wrap(f"{label('also', 'also')}: " + "; ".join(titles), width)]
    lines += ["", f"[{described['id']} · {described['game']} · {described['view']}]"]
    return "\n".join(lines) + "\n"
