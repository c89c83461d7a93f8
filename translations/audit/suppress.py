"""Suppressions: findings a reviewer has judged and accepted, each with a reason (Xbench/Verifika practice).

A suppression file is YAML: a list of ``{id: <finding id>, reason: "..."}``. Finding ids hash the kind and the
spans, so a suppression keeps working until the passage it refers to changes — then the finding comes back and
deserves a new look.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


class SuppressionError(ValueError):
    """A suppression file that cannot be used; the message names the file and entry."""


def load_suppressions(path: Path) -> dict[str, str]:
    """``{finding id: reason}`` from a suppression file."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SuppressionError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise SuppressionError(f"{path}: cannot read suppressions ({exc})") from None
    if data is None:
        return {}
    if not isinstance(data, list):
        raise SuppressionError(f"{path}: expected a list of {{id, reason}} entries")
    out: dict[str, str] = {}
    for n, entry in enumerate(data, start=1):
        if not isinstance(entry, dict) or not entry.get("id") or not str(entry.get("reason", "")).strip():
            raise SuppressionError(f"{path}: entry {n} needs an id and a non-empty reason")
        out[str(entry["id"])] = str(entry["reason"]).strip()
    return out


def apply_suppressions(result: Mapping[str, Any], suppressions: Mapping[str, str]) -> dict[str, Any]:
    """A copy of ``result`` without the suppressed findings; ``suppressed`` lists them with their reasons."""
    kept = [f for f in result["findings"] if f["id"] not in suppressions]
    gone = [{"id": f["id"], "reason": suppressions[f["id"]]} for f in result["findings"] if f["id"] in suppressions]
    return {**result, "findings": kept, "suppressed": gone}
