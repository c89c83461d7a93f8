"""``rulespec audit --format json``: exactly the contract in ``shared/contracts/audit-findings.schema.json``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from translations.audit.reports.render import visible


def render_json(result: Mapping[str, Any], min_severity: str = "low") -> str:
    """The contract view (game, editions, findings with spans into the sources as read), pretty-printed."""
    findings = [{k: v for k, v in f.items() if not k.startswith("_")} for f in visible(result, min_severity)]
    view = {"game": result["game"], "editions": [dict(e) for e in result["editions"]], "findings": findings}
    return json.dumps(view, ensure_ascii=False, indent=2) + "\n"
