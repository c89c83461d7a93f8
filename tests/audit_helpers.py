"""Shared helpers of the translation-audit tests (``tests/test_audit_*.py``).

The full four-edition audit takes tens of seconds cold, so it is computed once per test process.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
GAME = "race_to_the_new_found_land"
SCHEMA = REPO.parent / "shared" / "contracts" / "audit-findings.schema.json"


def sources_dir() -> Path:
    from translations.sources.editions import sources_dir as find

    folder = find()
    assert folder is not None, "the shared/sources folder is needed for the audit tests"
    return folder


def source_file(edition: str) -> Path:
    return sources_dir() / f"{GAME}.{edition}.txt"


def source_text(edition: str) -> str:
    return source_file(edition).read_text(encoding="utf-8")


@cache
def shared_cache() -> Path:
    """One cache folder for this test process: editions prepared once are reused by later audits (each
    test that counts cache entries uses its own folder instead)."""
    import tempfile

    return Path(tempfile.mkdtemp(prefix="rulespec-audit-tests-"))


@cache
def full_result() -> dict[str, Any]:
    """The audit of all four editions (six pairs); the shared cache starts empty, so this run is cold."""
    import os

    from translations.audit.pipeline import run_audit

    previous = os.environ.get("RULESPEC_CACHE")
    os.environ["RULESPEC_CACHE"] = str(shared_cache())
    try:
        return run_audit(GAME)
    finally:
        if previous is None:
            os.environ.pop("RULESPEC_CACHE", None)
        else:
            os.environ["RULESPEC_CACHE"] = previous


def contract(result: dict[str, Any]) -> dict[str, Any]:
    from translations.audit.reports.json_report import render_json

    return json.loads(render_json(result, "low"))


def span_of(text: str, snippet: str) -> tuple[int, int]:
    """Offsets of a snippet (whitespace-insensitive) in a source text."""
    from translations.sources.citations import find_quote

    found = find_quote(text, snippet)
    assert found is not None, f"{snippet!r} not found"
    return found


def overlaps(span: dict[str, Any], edition: str, start: int, end: int) -> bool:
    return span["edition"] == edition and span["start"] < end and start < span["end"]


def findings_at(result: dict[str, Any], edition: str, start: int, end: int) -> list[dict[str, Any]]:
    """Findings with a span of ``edition`` overlapping ``[start, end)``."""
    return [f for f in result["findings"] if any(overlaps(s, edition, start, end) for s in f["spans"])]
