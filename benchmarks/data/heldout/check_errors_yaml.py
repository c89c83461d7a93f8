#!/usr/bin/env python3
"""Check the held-out draft set against what score_draft_audit.py expects, without running the audit.

For every draft listed in ``audit_drafts/errors.yaml`` this checks that:

* every error has a known ``type`` and either a ``changed`` text or an ``original`` sentence;
* a ``changed`` text is found in the draft the way the scorer finds it (words joined by any whitespace),
  exactly once, and does not already stand in the source edition (so it marks an edit);
* an ``original`` sentence is found in the source edition and no longer in the draft;
* the draft differs from its source only in separate edits (errors and paraphrases) that lie at least
  ``MIN_GAP`` characters apart, so that the scorer's windows never catch two edits at once;
* every error lies on one of those edits; edits that carry no error are the draft's paraphrases.

usage: python check_errors_yaml.py [errors.yaml]   (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""
from __future__ import annotations

import difflib
import os
import re
import sys
from pathlib import Path

import yaml

KINDS = {"number", "modality", "negation", "comparison", "quantifier", "plural", "condition", "timing", "term",
         "omission"}
MIN_GAP = 200
SLACK = 40  # how far a diff piece may lie outside the text an error names (a deletion aligns loosely)
HERE = Path(__file__).resolve().parent


def sources_dir() -> Path:
    return Path(os.environ.get("RULESPEC_SOURCES", "/work/shared/sources"))


def matches(pattern: str, text: str) -> list[tuple[int, int]]:
    """Every place the scorer's `locate` could match: the words of `pattern`, separated by any whitespace."""
    regex = r"\s+".join(re.escape(w) for w in pattern.split())
    return [(m.start(), m.end()) for m in re.finditer(regex, text)]


def edit_pieces(source: str, draft: str) -> list[tuple[int, int]]:
    """Character ranges of the draft that differ from the source (a deletion is an empty range).

    Lines are compared first (fast); only changed line blocks are compared character by character."""
    src_lines, dft_lines = source.splitlines(keepends=True), draft.splitlines(keepends=True)
    src_at = [0]
    for line in src_lines:
        src_at.append(src_at[-1] + len(line))
    dft_at = [0]
    for line in dft_lines:
        dft_at.append(dft_at[-1] + len(line))
    pieces: list[tuple[int, int]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, src_lines, dft_lines, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        old, new = source[src_at[i1]:src_at[i2]], draft[dft_at[j1]:dft_at[j2]]
        for op, _a1, _a2, b1, b2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if op != "equal":
                pieces.append((dft_at[j1] + b1, dft_at[j1] + b2))
    return pieces


def clusters(pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pieces nearer than MIN_GAP to each other form one edit (a reworded clause differs in several places)."""
    merged: list[tuple[int, int]] = []
    for a, b in sorted(pieces):
        if merged and a - merged[-1][1] < MIN_GAP:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def check_draft(d: dict, game: str, base: Path) -> tuple[list[str], int, int]:
    """Problems of one draft entry, its number of errors and its number of paraphrase edits."""
    problems: list[str] = []
    name = d["file"]
    draft = (base / name).read_text(encoding="utf-8")
    source = (sources_dir() / f"{game}.{d['edition']}.txt").read_text(encoding="utf-8")
    pieces = edit_pieces(source, draft)
    hunks = clusters(pieces)
    on_error: dict[int, list[tuple[int, int]]] = {}
    for e in d["errors"]:
        if e.get("type") not in KINDS:
            problems.append(f"{name}: unknown type {e.get('type')!r}")
        if not e.get("note"):
            problems.append(f"{name}: {e.get('type')} error without a note")
        if e.get("changed"):
            found = matches(e["changed"], draft)
            if len(found) != 1:
                problems.append(f"{name}: changed text found {len(found)} times: {e['changed'][:60]!r}")
                continue
            if matches(e["changed"], source):
                problems.append(f"{name}: changed text also stands in the source: {e['changed'][:60]!r}")
            a, b = found[0]
        elif e.get("original"):
            at = matches(e["original"], source)
            if len(at) != 1:
                problems.append(f"{name}: original sentence found {len(at)} times in the source")
                continue
            if matches(e["original"], draft):
                problems.append(f"{name}: original sentence still in the draft: {e['original'][:60]!r}")
            before = source[max(0, at[0][0] - 60):at[0][0]]
            pos = draft.find(before)
            if pos < 0:
                problems.append(f"{name}: the text before the deleted sentence is not in the draft")
                continue
            a = b = pos + len(before)
        else:
            problems.append(f"{name}: error with neither changed nor original")
            continue
        hit = [i for i, (x, y) in enumerate(hunks) if x <= b + SLACK and y >= a - SLACK]
        if not hit:
            problems.append(f"{name}: {e['type']} error lies on no edit of the draft")
        for i in hit:
            on_error.setdefault(i, []).append((a, b))
    for i, spans in on_error.items():
        if len(spans) > 1:
            problems.append(f"{name}: {len(spans)} errors less than {MIN_GAP} characters apart at offset {hunks[i][0]}")
        stray = [p for p in pieces if hunks[i][0] <= p[0] <= hunks[i][1]
                 and not any(a - SLACK <= p[0] and p[1] <= b + SLACK for a, b in spans)]
        if stray:
            problems.append(f"{name}: another edit within {MIN_GAP} characters of an error at offset {stray[0][0]}")
    return problems, len(d["errors"]), len(hunks) - len(on_error)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "audit_drafts" / "errors.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    problems: list[str] = []
    for d in spec["drafts"]:
        found, n_errors, n_paraphrases = check_draft(d, spec["game"], path.parent)
        problems += found
        print(f"{d['file']:10s} {d['edition']:8s} errors={n_errors} paraphrase_edits={n_paraphrases}")
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
