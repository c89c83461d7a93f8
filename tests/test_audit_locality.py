"""A local edit of a draft is a local change in the report.

A localiser fixes one sentence and audits again: the findings far from that sentence must stay as they were, or
every re-audit reads as a new report (and a baseline comparison, ``--baseline``, marks findings "new" that the
edit never touched). The audit has whole-text statistics — the length ratio that centres the aligner's length
penalty, the typical similarity the ranker measures a link against — and a statistic that moves with an edit
shifts every score of the pair a little, tipping near ties of the alignment and findings near a severity
threshold anywhere in the text. These tests edit one sentence of a bundled edition given as a draft and compare
the two reports finding by finding (kind, severity and the quoted texts, as the shared scorer keys them).

Distances are counted in draft sentences. A finding that merges differences from several places counts by its
nearest draft span. One coupling is by design and not tested here: a sentence left without counterpart is
matched against the whole other text (a displaced sentence), so deleting a sentence can decide an omission
anywhere it was the best match.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from pathlib import Path
from typing import Any

import pytest
from audit_helpers import GAME, shared_cache, source_text

#: A change must stay within this many draft sentences of the edit (the report of a ~370-sentence rulebook).
NEAR = 30


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))


def _audit(tmp_path: Path, name: str, text: str) -> dict[str, Any]:
    from translations.audit.pipeline import run_audit

    path = tmp_path / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    return run_audit(GAME, editions=["de", "en", "nl"], draft=("en", path))


def _findings(result: dict[str, Any]) -> dict[tuple[Any, ...], list[int]]:
    """Each finding's key -> the draft sentences its draft spans start in."""
    starts = [s[0] for s in result["alignment"]["sentences"]["draft"]]
    norm = lambda t: re.sub(r"\s+", " ", t).strip()  # noqa: E731
    out: dict[tuple[Any, ...], list[int]] = {}
    for f in result["findings"]:
        key = (f["kind"], f["severity"], tuple(sorted((s["edition"], norm(s["text"])) for s in f["spans"])))
        out[key] = [bisect_right(starts, s["start"]) - 1 for s in f["spans"] if s["edition"] == "draft"]
    return out


def _sentence_at(result: dict[str, Any], offset: int) -> int:
    return bisect_right([s[0] for s in result["alignment"]["sentences"]["draft"]], offset) - 1


@pytest.mark.parametrize("old, new", [
    # a sentence deleted in the middle of the action phase, where the editions word things most differently
    ("If you have any ships still in a shipyard (not assigned to an action), that ship cannot be used this round.",
     ""),
    # a condition dropped
    ("If any island has no empty island tile spaces **and** its victory point symbol is uncovered",
     "If any island has no empty island tile spaces"),
    # one word changed
    ("The player with the lowest number", "The player with the highest number"),
])
def test_an_edit_of_one_sentence_changes_no_finding_far_from_it(tmp_path: Path, old: str, new: str) -> None:
    text = source_text("en-zman")
    pattern = re.compile(r"\s+".join(re.escape(w) for w in old.split()))
    found = pattern.search(text)
    assert found is not None
    edited = text[: found.start()] + new + text[found.end():]
    before, after = _audit(tmp_path, "unedited", text), _audit(tmp_path, "edited", edited)
    at_before, at_after = _sentence_at(before, found.start()), _sentence_at(after, found.start())
    old_findings, new_findings = _findings(before), _findings(after)
    far = [("gone", k[:2], where) for k, where in old_findings.items()
           if k not in new_findings and min((abs(s - at_before) for s in where), default=0) > NEAR]
    far += [("new", k[:2], where) for k, where in new_findings.items()
            if k not in old_findings and min((abs(s - at_after) for s in where), default=0) > NEAR]
    assert not far, f"edited at sentence {at_before}: {far}"
