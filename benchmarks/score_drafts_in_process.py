"""Score the draft audit on hand-made draft errors in one process: the lines of ``score_draft_audit.py``, faster.

``/work/shared/tools/score_draft_audit.py`` (the shared scorer) runs ``rulespec audit --draft`` twice per draft as
a subprocess: once on the unmodified edition text (the baseline: what the audit says anyway) and once on the draft.
This replay calls :func:`translations.audit.pipeline.audit` directly, audits each unmodified edition once per
errors file, and prints exactly the scorer's lines (``… MISSED`` / ``… medium kind: message``, ``… new finding on
no error: …`` and the last ``reported=… reported_high_medium=… new_false_alarms=…`` line), so the counting tools
that read the scorer's output read this one's too. The shared scorer stays the reference: run it on a set before
a figure goes into the record.

``--trace`` also keeps the findings the draft noise floor drops (:func:`translations.audit.severity.reported`
is bypassed; such a finding is printed as severity ``floor``) and prints, per error, every finding of any kind
on the changed text with whose difference it is (``_odd``) and its score: the round-ten trace of where a miss is
lost (no finding of its kind; one that is a reference's or nobody's; the draft's but too low). It changes no
figure of the normal lines: a below-floor finding counts neither as a hit nor as a new finding.

usage: RULESPEC_SOURCES=/work/shared/sources python benchmarks/score_drafts_in_process.py ERRORS.yaml [-v] [--trace]
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_draft_audit import draft_cases, error_places, scorer_key  # a sibling script

SEVERITIES = ("high", "medium", "low", "floor")


def audit_draft(game: str, others: Sequence[str], lang: str, path: Path, trace: bool) -> list[dict[str, Any]]:
    """The findings of ``rulespec audit GAME --editions OTHERS --draft LANG=PATH --format json`` (every severity);
    with ``trace`` also those under the draft noise floor, as severity ``floor``."""
    from translations.audit import pipeline, severity
    from translations.audit.inputs import collect

    request = pipeline.AuditRequest(game, {}, list(others), (lang, path), None)
    if not trace:
        result = pipeline.audit(request)
    else:
        original = severity.reported

        def keep_all(finding: dict[str, Any], draft: bool = False) -> bool:
            if not original(finding, draft):
                finding["_below_floor"] = True
            return True

        severity.reported = keep_all
        try:
            # the prepared references come from the cache; the result itself must not (nor go into it)
            result = pipeline._compute(*collect(request), True)
        finally:
            severity.reported = original
    shown = []
    for f in result["findings"]:  # the JSON report's findings, in its order, with the internal keys kept
        f = dict(f)
        f["_score"] = f.get("_weighing", {}).get("score")
        if f.get("_below_floor"):
            f["severity"] = "floor"
        shown.append(f)
    return shown








def covers(f: Mapping[str, Any], a: int, b: int, slack: int) -> bool:
    """Whether a finding has a draft span on ``a``–``b`` (give or take ``slack``)."""
    return any(s["edition"] == "draft" and s["start"] < b + slack and s["end"] > a - slack for s in f["spans"])


def score(spec_path: Path, verbose: bool, trace: bool) -> tuple[int, int, int, int]:
    """Print the scorer's lines for one errors file; returns (errors, reported, at medium or above, new)."""
    bases: dict[tuple[str, str], set[str]] = {}
    n = reported = reported_hm = false_alarms = 0
    for case in draft_cases(spec_path):
        d, game, others = case.draft, case.game, case.others
        if (d["edition"], d["lang"]) not in bases:
            found_base = audit_draft(game, others, d["lang"], case.original_path, False)
            bases[d["edition"], d["lang"]] = {scorer_key(f) for f in found_base}
        base = bases[d["edition"], d["lang"]]
        found = audit_draft(game, others, d["lang"], case.path, trace)
        shown = [f for f in found if f["severity"] != "floor"]
        on_error: set[int] = set()
        for e, (a, b, slack) in zip(d["errors"], error_places(d, case.text, case.original), strict=True):
            n += 1

            hits = [(r, f) for r, f in enumerate(shown) if covers(f, a, b, slack)]
            on_error.update(r for r, _ in hits)
            best = min((f["severity"] for _, f in hits), key=SEVERITIES.index, default=None)
            reported += bool(hits)
            reported_hm += best in ("high", "medium")
            if verbose:
                where = "; ".join(f"#{r + 1} {f['severity']} {f.get('kind')}: {f.get('message', '')[:70]}"
                                  for r, f in hits[:2])
                print(f"{d['file']:24s} {e['type']:14s} {'MISSED' if not hits else best:7s} {where}")
            if trace:
                for f in found:
                    if covers(f, a, b, slack):
                        print(f"    trace {f['severity']:6s} {f.get('kind')} odd={f.get('_odd')} "
                              f"score={f.get('_score')}: {f.get('message', '')[:100]}")
        for r, f in enumerate(shown):
            if r not in on_error and scorer_key(f) not in base:
                false_alarms += 1
                if verbose:
                    print(f"{d['file']:24s} new finding on no error: #{r + 1} {f['severity']} {f.get('kind')}: "
                          f"{f.get('message', '')[:90]}")
                    if trace:
                        print(f"    trace odd={f.get('_odd')} score={f.get('_score')}: {f.get('message', '')[90:400]}")
    print(f"reported={reported}/{n} reported_high_medium={reported_hm}/{n} new_false_alarms={false_alarms}")
    return n, reported, reported_hm, false_alarms


def main(argv: Sequence[str]) -> None:
    """Score every errors file named on the command line, one after another."""
    files = [Path(a) for a in argv if not a.startswith("-")]
    for spec_path in files:
        score(spec_path, "-v" in argv, "--trace" in argv)


if __name__ == "__main__":
    main(sys.argv[1:])
