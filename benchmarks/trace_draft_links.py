"""Where hand-made draft errors sit in the alignment: how each reference links the draft sentence holding an error.

For every error of an errors file that changes text (an omission has no draft sentence), the draft sentence(s)
its changed text lies in, and per reference the link that sentence has: ``sure`` (both sides, score at least the
checks' threshold, not displaced), ``loose`` (both sides, below it), ``displaced`` or ``none`` (no counterpart).
Each error is printed with whether the audit names it at medium or above, the sentence's length in words and the
three links; the last lines count the misses and the hits by how many references link them surely, by language
and by sentence length. A measurement of round thirteen (issue #13): do short sentences whose only change is a
term or a negation lose their link?

usage: RULESPEC_SOURCES=/work/shared/sources python benchmarks/trace_draft_links.py ERRORS.yaml ... [-v]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_draft_audit import draft_cases, error_places  # sibling scripts
from score_drafts_in_process import covers

from translations.audit.checks import CHECK_MIN_SCORE

DRAFT = "draft"


def link_kind(links: Sequence[Sequence[Any]], draft_is_a: bool, sentence: int) -> str:
    """The kind of link one draft sentence has in one pair's alignment (see the module doc)."""
    for a, b, score, displaced in links:
        mine, theirs = (a, b) if draft_is_a else (b, a)
        if sentence not in mine:
            continue
        if displaced:
            return "displaced"
        if not theirs:
            return "none"
        shape = f"{len(mine)}:{len(theirs)}"
        return f"sure{'' if shape == '1:1' else shape}" if score >= CHECK_MIN_SCORE else f"loose{score:.2f}"
    return "none"


def length_band(words: int) -> str:
    """A coarse length band of a sentence."""
    return "≤8" if words <= 8 else "9-15" if words <= 15 else ">15"


def trace(errors_files: Sequence[Path], verbose: bool) -> None:
    """Print one line per changed-text error and the counts (see the module doc)."""
    from translations.audit import pipeline

    tally: Counter[tuple[str, ...]] = Counter()
    for errors_file in errors_files:
        for case in draft_cases(errors_file):
            d = case.draft
            request = pipeline.AuditRequest(case.game, {}, list(case.others), (d["lang"], case.path), None)
            result = pipeline.audit(request)
            sentences = result["alignment"]["sentences"][DRAFT]
            pairs = [p for p in result["alignment"]["pairs"] if DRAFT in (p["a"], p["b"])]
            for e, (a, b, _) in zip(d["errors"], error_places(d, case.text, case.original), strict=True):
                if not e.get("changed"):
                    continue
                inside = [k for k, (s, t, _, _) in enumerate(sentences) if s < b and t > a]
                # exactly on the changed text (no slack), as round thirteen's figures were counted
                hit = any(f["severity"] in ("high", "medium") and covers(f, a, b, 0) for f in result["findings"])
                kinds = [min((link_kind(p["links"], p["a"] == DRAFT, k) for k in inside), default="none")
                         for p in pairs]
                words = max((len(sentences[k][3].split()) for k in inside), default=0)
                sure = sum(k.startswith("sure") for k in kinds)
                lang = d["lang"]
                tally[("hit" if hit else "miss", lang, length_band(words), f"sure{sure}")] += 1
                tally[("hit" if hit else "miss", e["type"], f"sure{sure}")] += 1
                if verbose:
                    print(f"{errors_file.parent.name:16s} {d['file']:14s} {e['type']:11s} "
                          f"{'hit ' if hit else 'MISS'} {words:3d}w {' '.join(kinds)}")
    print_counts(tally)


def print_counts(tally: Mapping[tuple[str, ...], int]) -> None:
    """The misses and hits by language × length × sure links, then by type × sure links."""
    for key in sorted(tally):
        print(" ".join(key), tally[key])


if __name__ == "__main__":
    trace([Path(a) for a in sys.argv[1:] if not a.startswith("-")], "-v" in sys.argv)
