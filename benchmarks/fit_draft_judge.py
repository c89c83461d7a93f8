"""Fit the learned severity judge of draft findings (`benchmarks/data/draft_judge.json`), and measure it.

Input: the rows ``benchmarks/replay_draft_audit.py`` recorded (one JSONL file per draft set: every draft finding
before the noise floor, with the judge's inputs and labels). A finding is a positive when it covers a hand-made
error of a type its kind names (``named``), a negative when it covers no error and is not in the audit of the
unmodified edition (``in_base``: a real difference of that edition from the references, which in a brand-new
translation is a real finding: such rows are not fitted on, and the figures count how many of them the judge
hides or lowers). A finding over an error its kind does not name is not fitted on either: the judge must not
learn to raise a finding of an unrelated kind to buy a hit.

The model is an L2-penalised logistic regression on standardised features (L-BFGS from zero, fixed data order:
deterministic; weights rounded to 5 decimals). Its two thresholds — ``medium`` (at least medium) and ``report``
(reported at all) — are chosen on out-of-fold probabilities, leaving one fit set out in turn, to maximise the
errors reported at medium or above, named, minus the new findings on no error (every severity), minus the
unmodified editions' findings it would hide. The validation
sets' figures (never fitted on, nor used to choose) are printed apart.

Run:
    python benchmarks/fit_draft_judge.py --fit A.jsonl B.jsonl ... [--validate C.jsonl] [--write | --check]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from draft_judge import MODEL, UNJUDGED, decide, probability  # noqa: E402
from replay_draft_audit import NAMES  # noqa: E402

#: L2 penalty on the standardised weights (per row, like the look-up's fit).
PENALTY = 1e-3
#: Threshold grid for ``medium`` and ``report``.
GRID = tuple(round(0.025 * i, 3) for i in range(2, 39))
#: One new finding on no error costs this many errors reported at medium or above.
FALSE_ALARM_COST = 1.0
#: A finding the rules report in the audit of an unmodified edition (a real difference from the references) that
#: the judge would hide costs as much as an error missed: in a brand-new translation it is a real finding.
HIDDEN_COST = 1.0

Record = dict[str, Any]


def load(paths: Iterable[Path]) -> list[Record]:
    """The replay's draft records of every file, in order."""
    return [json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line]


def judged(finding: Mapping[str, Any]) -> bool:
    return finding.get("features") is not None and finding["kind"] not in UNJUDGED


def label(finding: Mapping[str, Any]) -> int | None:
    """1: covers an error its kind names; 0: new on no error; None: not fitted on (see the module doc)."""
    if not judged(finding):
        return None
    if finding["named"]:
        return 1
    if finding["covers"] or finding["in_base"]:
        return None
    return 0


def matrix(records: Sequence[Record], names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    rows, labels = [], []
    for record in records:
        for finding in record["findings"]:
            y = label(finding)
            if y is not None:
                rows.append([finding["features"].get(n, 0.0) for n in names])
                labels.append(y)
    return np.array(rows, dtype=float), np.array(labels, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, names: Sequence[str], penalty: float = PENALTY) -> dict[str, Any]:
    """The logistic regression as ``judge.json`` stores it (thresholds added by the caller)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    z1 = np.hstack([z, np.ones((len(z), 1))])

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = z1 @ w
        p = 1.0 / (1.0 + np.exp(-s))
        eps = 1e-12
        value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)) + penalty * float(w[:-1] @ w[:-1])
        grad = z1.T @ (p - y) / len(y)
        grad[:-1] += 2 * penalty * w[:-1]
        return value, grad

    result = minimize(loss, np.zeros(z1.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 2000})
    w = result.x
    return {"features": list(names), "mean": [round(float(v), 5) for v in mean],
            "scale": [round(float(v), 5) for v in scale], "coef": [round(float(v), 5) for v in w[:-1]],
            "intercept": round(float(w[-1]), 5)}


Policy = Callable[[Mapping[str, Any]], str | None]


def rules_policy(finding: Mapping[str, Any]) -> str | None:
    """What the audit reported before the judge: the rules' severity above the noise floor."""
    return finding["severity"] if finding["rules_reported"] else None


def judge_policy(model: Mapping[str, Any] | None, thresholds: Mapping[str, float]) -> Policy:
    """The judge's decision; ``model`` None: each finding's probability is its ``_p`` (its fold model's)."""
    def policy(finding: Mapping[str, Any]) -> str | None:
        if not judged(finding):
            return rules_policy(finding)
        rules = finding["severity"] if finding["rules_reported"] else None
        p = finding["_p"] if model is None else probability(finding["features"], model)
        return decide(rules, p, thresholds)
    return policy


def score(records: Sequence[Record], policy: Policy) -> dict[str, Any]:
    """The scorer's figures under a policy, with per type counts of both recall definitions, the new findings on
    no error per draft, and what happens to the unlabelled findings (``in_base``, reported by the rules)."""
    out: dict[str, Any] = {"errors": 0, "any": 0, "hm": 0, "named_any": 0, "named_hm": 0, "fa": 0, "fa_hm": 0,
                           "types": defaultdict(Counter), "per_draft": {}, "base_hidden": 0, "base_lowered": 0,
                           "base_raised": 0, "base_rules_reported": 0}
    bases_seen: set[tuple[str, str]] = set()
    for record in records:
        severities = [policy(f) for f in record["findings"]]
        base_keys = {b["key"] for b in record["base"] if policy(b) is not None}
        for n, kind in enumerate(record["errors"]):
            covering = [(f, s) for f, s in zip(record["findings"], severities, strict=True)
                        if s is not None and n in f["covers"]]
            named = [(f, s) for f, s in covering if f["kind"] in _names(kind)]
            hm = any(s in ("high", "medium") for _, s in covering)
            named_hm = any(s in ("high", "medium") for _, s in named)
            out["errors"] += 1
            out["any"] += bool(covering)
            out["hm"] += hm
            out["named_any"] += bool(named)
            out["named_hm"] += named_hm
            t = out["types"][kind]
            t["errors"] += 1
            t["hm"] += hm
            t["named_hm"] += named_hm
            t["any"] += bool(covering)
        alarms = [s for f, s in zip(record["findings"], severities, strict=True)
                  if s is not None and not f["covers"] and f["key"] not in base_keys]
        out["fa"] += len(alarms)
        out["fa_hm"] += sum(s in ("high", "medium") for s in alarms)
        out["per_draft"][f"{record['set']}/{record['file']}"] = len(alarms)
        base_id = (record["lang"], record["file"].split("/")[-1].split("-")[0], record["set"])
        if base_id not in bases_seen:
            bases_seen.add(base_id)
            for b in record["base"]:
                before, after = rules_policy(b), policy(b)
                if before is None:
                    continue
                out["base_rules_reported"] += 1
                out["base_hidden"] += after is None
                rank = {"high": 0, "medium": 1, "low": 2}
                out["base_lowered"] += after is not None and rank[after] > rank[before]
                out["base_raised"] += after is not None and rank[after] < rank[before]
    out["over_3"] = sum(v > 3 for v in out["per_draft"].values())
    return out


def reach(records: Sequence[Record]) -> tuple[Counter[str], Counter[str]]:
    """What any severity judge could do at best: each error by its best finding (pre-floor) — named at medium
    or above by the rules already, named but reported low, named but under the floor (new), named only by a
    finding of the unmodified edition, covered only by findings of other kinds, or by no finding at all — and, per
    type, the errors a judge could still raise (named, reported low or under the floor)."""
    where: Counter[str] = Counter()
    reachable: Counter[str] = Counter()
    for record in records:
        for n, kind in enumerate(record["errors"]):
            covering = [f for f in record["findings"] if n in f["covers"]]
            named = [f for f in covering if f["kind"] in _names(kind)]
            if any(f["rules_reported"] and f["severity"] in ("high", "medium") for f in named):
                where["named, medium or above"] += 1
            elif any(f["rules_reported"] for f in named):
                where["named, reported low"] += 1
                reachable[kind] += 1
            elif any(not f["in_base"] for f in named):
                where["named, under the floor"] += 1
                reachable[kind] += 1
            elif named:
                where["named by the unmodified edition's finding only"] += 1
            else:
                where["other kinds only" if covering else "no finding"] += 1
    return where, reachable


def _names(error_type: str) -> frozenset[str]:
    return NAMES.get(error_type, frozenset())


def out_of_fold(records: Sequence[Record], names: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per fit set, the model fitted on the other fit sets."""
    sets = sorted({r["set"] for r in records})
    models = {}
    for held in sets:
        x, y = matrix([r for r in records if r["set"] != held], names)
        models[held] = fit(x, y, names)
    return models


def fold_policy(thresholds: Mapping[str, float]) -> Policy:
    """Each finding judged by the model of the fold that left its set out (its ``_p``, see :func:`tag`)."""
    return judge_policy(None, thresholds)


def tag(records: Sequence[Record], models: Mapping[str, Mapping[str, Any]]) -> None:
    """Each judged finding's out-of-fold probability ``_p``."""
    for record in records:
        for finding in (*record["findings"], *record["base"]):
            if judged(finding):
                finding["_p"] = probability(finding["features"], models[record["set"]])


def choose(records: Sequence[Record], models: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, float], dict]:
    """The thresholds that maximise, out of fold, the errors reported at medium or above by a finding naming them,
    minus the new findings on no error, minus the unmodified editions' findings hidden (ties: the higher
    ``medium``, the lower ``report``: the fewest changes)."""
    best: tuple[float, float, float] | None = None
    chosen: dict[str, float] = {}
    figures: dict[str, Any] = {}
    for medium in GRID:
        for report in (0.0, *(g for g in GRID if g <= medium)):
            thresholds = {"medium": medium, "report": report}
            s = score(records, fold_policy(thresholds))
            value = (s["named_hm"] - FALSE_ALARM_COST * s["fa"] - HIDDEN_COST * s["base_hidden"], medium, -report)
            if best is None or value > best:
                best, chosen, figures = value, thresholds, s
    return chosen, figures


def summary(name: str, s: Mapping[str, Any]) -> str:
    types = ", ".join(f"{t} {c['hm']}/{c['named_hm']}/{c['errors']}" for t, c in sorted(s["types"].items()))
    worst = sorted(s["per_draft"].values(), reverse=True)[:5]
    return (f"{name}: >=medium {s['hm']}/{s['errors']} (named {s['named_hm']}), any {s['any']} (named "
            f"{s['named_any']}); new on no error {s['fa']} ({s['fa_hm']} >=medium), drafts over 3: {s['over_3']}"
            f"/{len(s['per_draft'])}, worst {worst}; base findings reported by the rules {s['base_rules_reported']}:"
            f" hidden {s['base_hidden']}, lowered {s['base_lowered']}, raised {s['base_raised']}\n"
            f"    by type (>=medium any kind / named / errors): {types}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", nargs="+", type=Path, required=True)
    parser.add_argument("--validate", nargs="*", type=Path, default=[])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true")
    group.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    records = load(args.fit)
    names = sorted(next(f["features"] for r in records for f in r["findings"] if judged(f)))
    models = out_of_fold(records, names)
    tag(records, models)
    thresholds, folds = choose(records, models)
    print(summary("folds, rules before", score(records, rules_policy)))
    print(summary(f"folds, judge (out of fold, thresholds {thresholds})", folds))
    for held in sorted(models):
        part = [r for r in records if r["set"] == held]
        before, after = score(part, rules_policy), score(part, fold_policy(thresholds))
        print(f"  {held}: >=medium {before['hm']} -> {after['hm']}, named {before['named_hm']} -> "
              f"{after['named_hm']}, new on no error {before['fa']} ({before['fa_hm']}) -> {after['fa']} "
              f"({after['fa_hm']})")
    where, reachable = reach(records)
    print(f"folds, where each error's best finding is: {dict(where)}; a judge could raise: {dict(reachable)}")
    x, y = matrix(records, names)
    model = fit(x, y, names)
    model["thresholds"] = thresholds
    model["fitted_on"] = sorted(models)
    model["rows"] = {"positive": int(y.sum()), "negative": int(len(y) - y.sum())}
    order = np.argsort(-np.abs(model["coef"]))
    print("weights:", ", ".join(f"{names[i]} {model['coef'][i]:+.2f}" for i in order[:12]))
    if args.validate:
        held_out = load(args.validate)
        print(summary("VALIDATION, rules before", score(held_out, rules_policy)))
        print(summary("VALIDATION, judge", score(held_out, judge_policy(model, thresholds))))
        where, reachable = reach(held_out)
        print(f"VALIDATION, where each error's best finding is: {dict(where)}; a judge could raise: "
              f"{dict(reachable)}")
    text = json.dumps(model, indent=1, sort_keys=True) + "\n"
    if args.write:
        tmp = MODEL.with_suffix(".json.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(MODEL)
        print(f"wrote {MODEL.relative_to(REPO)}")
    if args.check and (not MODEL.exists() or MODEL.read_text(encoding="utf-8") != text):
        print(f"{MODEL.relative_to(REPO)} differs from what the fit gives", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
