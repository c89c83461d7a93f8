"""Replay ``score_draft_audit.py`` in process, recording every draft finding before the noise floor.

The shared scorer (``/work/shared/tools/score_draft_audit.py``) audits each hand-made draft with ``rulespec audit
--draft`` and counts which listed errors a reported finding covers. This replay runs the same audits in one
process with the noise floor replaced by a recorder (:func:`recorded_audit`), so every finding that concerns the
draft is kept with the judge's inputs (``benchmarks/draft_judge.py``) and any policy of severity can be
simulated offline (``benchmarks/fit_draft_judge.py``). Each finding is labelled:

* ``covers``: the errors of the draft it covers (the scorer's rule: a draft span over the changed text, or within
  80 characters of where a deleted sentence stood);
* ``named``: one of them is of a type its kind names (:data:`NAMES`) — the message names the change;
* ``in_base``: the audit of the unmodified edition given as the draft has a finding of the same kind and spans
  (the scorer's key): a real difference of that edition from the references, not the edit's doing.

The base audits are recorded the same way (a policy must be applied to both, as the scorer does). Rows carry no
text: kind, severities, the judge's inputs, labels, and a digest of the scorer's key.

Run: RULESPEC_SOURCES=/work/shared/sources python benchmarks/replay_draft_audit.py OUT.jsonl ERRORS.yaml...
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: Error type -> the finding kinds whose message names that change.
NAMES: dict[str, frozenset[str]] = {
    "number": frozenset({"number", "number_bound", "number_missing"}),
    "plural": frozenset({"plural", "number_missing", "number"}),
    "comparison": frozenset({"comparison"}),
    "condition": frozenset({"condition"}),
    "modality": frozenset({"modality"}),
    "negation": frozenset({"negation"}),
    "omission": frozenset({"omission"}),
    "timing": frozenset({"timing"}),
    "quantifier": frozenset({"quantifier", "agent"}),
    "agent": frozenset({"agent", "quantifier"}),
    "term": frozenset({"term", "glossary"}),
}
#: How far from where a deleted sentence stood a draft span may be and still cover it (the scorer's).
OMISSION_SLACK = 80


def sources_dir() -> Path:
    """``$RULESPEC_SOURCES``, else ``shared/sources`` beside the checkout (the scorer's default, run from it)."""
    env = os.environ.get("RULESPEC_SOURCES")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "sources"


@dataclass(frozen=True)
class DraftCase:
    """One draft of an errors file, with what auditing it needs: the edition it was copied from and the others."""

    game: str
    draft: Mapping[str, Any]
    path: Path
    text: str
    original_path: Path
    original: str
    others: list[str]


def draft_cases(errors_file: Path) -> Iterator[DraftCase]:
    """Every draft of ``errors_file`` in order, read as the shared scorer reads it."""
    spec = yaml.safe_load(errors_file.read_text(encoding="utf-8"))
    game = spec["game"]
    editions = sorted({p.name.split(".")[1] for p in sources_dir().glob(f"{game}.*.txt")})
    for draft in spec["drafts"]:
        path = (errors_file.parent / draft["file"]).resolve()
        original_path = sources_dir() / f"{game}.{draft['edition']}.txt"
        yield DraftCase(game, draft, path, path.read_text(encoding="utf-8"), original_path,
                        original_path.read_text(encoding="utf-8"), [e for e in editions if e != draft["edition"]])


def scorer_key(finding: Mapping[str, Any]) -> str:
    """A digest of the scorer's identity of a finding: its kind and every span's edition and text."""
    spans = sorted((s["edition"], re.sub(r"\s+", " ", s["text"]).strip()) for s in finding["spans"])
    return hashlib.sha256(json.dumps([finding.get("kind"), spans]).encode()).hexdigest()[:16]


def locate(pattern: str, text: str) -> tuple[int, int] | None:
    """Where ``pattern`` stands in ``text``, any whitespace between its words (the scorer's rule)."""
    m = re.search(r"\s+".join(re.escape(w) for w in pattern.split()), text)
    return (m.start(), m.end()) if m else None


def error_places(draft: Mapping[str, Any], text: str, original: str) -> list[tuple[int, int, int]]:
    """``(start, end, slack)`` in the draft of each listed error, as the scorer finds them."""
    places = []
    for error in draft["errors"]:
        if error.get("changed"):
            where = locate(error["changed"], text)
            if where is None:
                raise SystemExit(f"{draft['file']}: changed text not found: {error['changed'][:60]!r}")
            places.append((where[0], where[1], 0))
        else:
            at = locate(error["original"], original)
            if at is None:
                raise SystemExit(f"{draft['file']}: original text not found: {error['original'][:60]!r}")
            before = original[max(0, at[0] - 60):at[0]]
            pos = text.find(before)
            a = (pos + len(before)) if pos >= 0 else at[0]
            places.append((a, a, OMISSION_SLACK))
    return places


def recorded_audit(game: str, others: Sequence[str], lang: str, path: Path) -> list[dict[str, Any]]:
    """Every finding of the draft audit that concerns the draft, before the noise floor, each with
    ``_rules_reported`` (what the audit reports: above the floor) and ``_judge`` (the judge's inputs).

    The audit runs unchanged but for three stand-ins for the run: ``severity.weigh`` also records the judge's
    inputs (it is handed every per-finding input they need), ``severity.reported`` records its verdict and keeps
    every finding, and the result cache is bypassed (the prepared editions stay cached)."""
    from draft_judge import finding_features

    from translations.audit import pipeline, severity
    from translations.audit.inputs import AuditRequest

    real_weigh, real_reported = severity.weigh, severity.reported

    def weigh(finding: dict[str, Any], m: Any, spec: Any, prepared: Any, selection: Any,
              compared: set[str] | None = None, absorbed: set[str] | None = None) -> None:
        real_weigh(finding, m, spec, prepared, selection, compared, absorbed)
        if selection.draft:
            finding["_judge"] = finding_features(finding, m, selection.draft, compared, prepared)

    def reported(finding: dict[str, Any], draft: bool = False) -> bool:
        finding["_rules_reported"] = real_reported(finding, draft)
        return True

    saved = pipeline.cache_get, pipeline.cache_put
    severity.weigh, severity.reported = weigh, reported  # type: ignore[assignment]
    pipeline.cache_get = lambda key: None  # type: ignore[assignment]
    pipeline.cache_put = lambda key, value: None  # type: ignore[assignment]
    try:
        result = pipeline.audit(AuditRequest(game, {}, list(others), (lang, path)), use_cache=True)
    finally:
        severity.weigh, severity.reported = real_weigh, real_reported  # type: ignore[assignment]
        pipeline.cache_get, pipeline.cache_put = saved  # type: ignore[assignment]
    return [f for f in result["findings"] if "_rules_reported" in f]


def covered(draft_spans: Sequence[Sequence[int]], places: Sequence[tuple[int, int, int]]) -> list[int]:
    """The errors (indices of ``places``, see :func:`error_places`) a finding's draft spans cover: the scorer's
    rule, a span over the changed text or within the slack of where a deleted sentence stood."""
    return [n for n, (a, b, slack) in enumerate(places)
            if any(s < b + slack and e > a - slack for s, e in draft_spans)]


def row(finding: Mapping[str, Any]) -> dict[str, Any]:
    """What a finding's row keeps (no text)."""
    draft_spans = [[s["start"], s["end"]] for s in finding["spans"] if s["edition"] == "draft"]
    return {"kind": finding["kind"], "severity": finding["severity"], "rules_reported": finding["_rules_reported"],
            "score": finding.get("_weighing", {}).get("score"), "features": finding.get("_judge"),
            "key": scorer_key(finding), "draft_spans": draft_spans}


def replay(errors_file: Path) -> Iterator[dict[str, Any]]:
    """One record per draft: its errors (type, language) and its findings' rows, and the base audit's rows."""
    bases: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for case in draft_cases(errors_file):
        draft = case.draft
        base_key = (draft["edition"], draft["lang"])
        if base_key not in bases:
            bases[base_key] = [row(f) for f in recorded_audit(case.game, case.others, draft["lang"],
                                                               case.original_path)]
        base_keys = {r["key"] for r in bases[base_key]}
        places = error_places(draft, case.text, case.original)
        rows = []
        for finding in recorded_audit(case.game, case.others, draft["lang"], case.path):
            r = row(finding)
            r["covers"] = covered(r["draft_spans"], places)
            r["named"] = any(r["kind"] in NAMES.get(draft["errors"][n]["type"], ()) for n in r["covers"])
            r["in_base"] = r["key"] in base_keys
            rows.append(r)
        yield {"set": errors_file.parent.name, "file": draft["file"], "lang": draft["lang"],
               "errors": [e["type"] for e in draft["errors"]], "findings": rows, "base": bases[base_key]}


def main(argv: Sequence[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    out = Path(argv[0])
    with out.open("w", encoding="utf-8") as sink:
        for errors_file in argv[1:]:
            for record in replay(Path(errors_file)):
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                print(f"{record['set']} {record['file']}: {len(record['findings'])} findings", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
