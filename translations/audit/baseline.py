"""``--baseline FILE.json``: which findings are new since an earlier audit.

A publisher's question is "what is new and wrong in this draft": an audit of the previous version (or of the
edition the draft was copied from) is the baseline, and every finding it did not have is marked ``new``. Finding
ids hash the offsets, which an edit earlier in the file shifts, so a finding also matches the baseline by its
kind and the words of its passages (whitespace ignored).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any


class BaselineError(ValueError):
    """A baseline file that cannot be used; the message names the file."""


def finding_key(finding: Mapping[str, Any]) -> tuple[Any, ...]:
    """A finding's identity across versions of a text: its kind and the words of each edition's passage."""
    spans = sorted((s["edition"], re.sub(r"\s+", " ", s["text"]).strip()) for s in finding.get("spans", []))
    return (finding.get("kind"), tuple(spans))


def load_baseline(path: Path) -> tuple[set[str], set[tuple[Any, ...]]]:
    """``(ids, keys)`` of the findings of an earlier ``rulespec audit --format json``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BaselineError(f"{path}: not an audit's JSON ({exc})") from None
    findings = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(findings, list) or not all(isinstance(f, dict) and "spans" in f for f in findings):
        raise BaselineError(f"{path}: not an audit's JSON (expected findings with spans; "
                            "write one with `rulespec audit --format json --output FILE`)")
    return {str(f.get("id")) for f in findings}, {finding_key(f) for f in findings}


def mark_new(result: Mapping[str, Any], baseline: tuple[Iterable[str], Iterable[tuple[Any, ...]]]) -> dict[str, Any]:
    """A copy of ``result`` whose findings say whether they are ``new`` since the baseline."""
    ids, keys = set(baseline[0]), set(baseline[1])
    findings = [{**f, "new": not (f["id"] in ids or finding_key(f) in keys)} for f in result["findings"]]
    return {**result, "findings": findings, "baseline": {"findings": len(keys)}}
