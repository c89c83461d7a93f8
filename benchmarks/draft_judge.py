"""A learned severity judge for the findings of a draft audit: measured in round ten, NOT in the audit's path.

Every round before ten set a draft finding's severity by hand-chosen rules, kind by kind
(:mod:`translations.audit.severity`). This module is what a learned judge would see and do instead, fitted by
``benchmarks/fit_draft_judge.py`` on the rows ``benchmarks/replay_draft_audit.py`` records from hand-made drafts
whose errors are listed (the tuning set and the spent held-out sets): each finding either covers an error of the
type its kind names (a positive) or is new and covers none (a negative). It did not pay (``benchmarks/README.md``,
"Round ten B"), so the audit does not import it; the fitted weights are kept as a measurement
(``benchmarks/data/draft_judge.json``).

What it sees is generic and per finding — never a word or a sentence id, which would memorise sentences, and
never a statistic of the whole text, which would let one edit move findings far away (``test_audit_locality``):

* the kind of difference and whether it is a swap; the check's own severity;
* the ranker's probability, the rules' score and severity (:mod:`translations.audit.severity`);
* the references' agreement: how many read the passage like the draft, against it, or are silent there
  (the odd-one-out grouping, :mod:`translations.audit.odd_one_out`), how many sure links compare it;
* the spec: a rule's passage, the rule's own parameter or term, an example, a caption;
* the alignment: the embedding similarity of the linked sentences, their length ratio, a window between anchors.

The model is a logistic regression stored as JSON numbers (no pickle), evaluated here in pure Python. Its
probability would decide a draft finding's severity (:func:`decide`): at least medium from ``medium`` up (a high
the rules gave stays high), not reported under ``report``, the rules' severity in between.
"""


from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

MODEL = Path(__file__).resolve().parent / "data" / "draft_judge.json"

#: The kinds the judge tells apart; any other kind counts as "other".
KINDS = ("number", "number_bound", "number_missing", "modality", "comparison", "agent", "term", "timing",
         "quantifier", "plural", "condition", "glossary", "negation", "omission")
PASSAGES = ("rule", "uncited", "example")
#: Findings the judge never touches: a ruling is the spec's, a supplement and a suspect citation are no draft's.
UNJUDGED = frozenset({"ruling", "supplement", "suspect"})



def finding_features(finding: Mapping[str, Any], m: Any, draft: str, compared: set[str] | None,
                     prepared: Mapping[str, Any]) -> dict[str, float]:
    """The judge's inputs for one weighed finding of a draft audit (see the module doc); ``m`` is its
    :class:`~translations.audit.merge.Merged` group, ``compared`` the references whose sure links compare the odd
    edition's sentences there."""
    from translations.audit.odd_one_out import references_against_draft

    weighing = finding.get("_weighing", {})
    kind = m.kind if m.kind in KINDS else "other"
    out: dict[str, float] = {f"kind={k}": float(kind == k) for k in (*KINDS, "other")}
    passage = weighing.get("passage", "")
    out.update({f"passage={p}": float(passage == p) for p in PASSAGES})
    out["passage=never_above_low"] = float(passage not in PASSAGES)
    out["holds"] = float(bool(weighing.get("holds")))
    out["score"] = float(weighing.get("score") or 0.0)
    probability = weighing.get("probability")
    out["probability"] = float(probability) if probability is not None else 0.0
    out["rules_high"] = float(finding["severity"] == "high")
    out["rules_medium"] = float(finding["severity"] == "medium")
    out["check_low"] = float(m.severity == "low")
    out["swap"] = float(m.swap)
    out["in_example"] = float(m.in_example)
    out["bears_rule"] = float(m.bears_rule)
    odd = finding.get("_odd")
    out["odd_draft"] = float(odd == draft)
    out["odd_reference"] = float(odd is not None and odd != draft)
    mine = m.values.get(draft)
    references = [e for e in m.values if e != draft]
    out["refs_with_draft"] = float(sum(m.values[e] == mine for e in references)) if mine is not None else 0.0
    out["refs_against_draft"] = float(references_against_draft(m, draft))
    seen = m.partners(draft)
    out["seen"] = float(len(seen))
    out["compared"] = float(len(compared or set()))
    out["silent"] = float(len((compared or set()) - seen))
    out["observations"] = float(len(m.observations))
    out["segment"] = float(sum(o.segment for o in m.observations))
    scores = [o.link.score for o in m.observations if o.link is not None and draft in o.pair]
    out["similarity"] = sum(scores) / len(scores) if scores else 0.0
    out["similarity_min"] = min(scores) if scores else 0.0
    out["no_link"] = float(not scores)
    out["one_to_one"] = float(any(len(o.link.a) == 1 and len(o.link.b) == 1 for o in m.observations
                                  if o.link is not None and draft in o.pair))
    draft_chars = sum(len(prepared[e].sentences[i].text) for e, i in m.sentences if e == draft and e in prepared)
    ref_chars = [len(prepared[e].sentences[i].text) for e, i in m.sentences if e != draft and e in prepared]
    out["length_ratio"] = abs(math.log((draft_chars + 20) / (sum(ref_chars) / len(ref_chars) + 20))) \
        if ref_chars and draft_chars else 0.0
    out["missing"] = float(len(m.missing_in))
    out["draft_missing"] = float(draft in m.missing_in)
    out["editions_present"] = float(len(m.present))
    return out


def load(path: Path = MODEL) -> dict[str, Any]:
    """The fitted judge, checked (:func:`check`)."""
    model = json.loads(path.read_text(encoding="utf-8"))
    check(model)
    return model


def check(model: Mapping[str, Any]) -> None:
    """Refuse a judge file that is not what :func:`probability` evaluates (a clear message, no traceback later)."""
    names = model.get("features")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("draft judge: 'features' must be a list of names")
    for key in ("mean", "scale", "coef"):
        values = model.get(key)
        if not isinstance(values, list) or len(values) != len(names) \
                or not all(isinstance(v, int | float) for v in values):
            raise ValueError(f"draft judge: {key!r} must be {len(names)} numbers")
    if any(v == 0 for v in model["scale"]):
        raise ValueError("draft judge: 'scale' must not hold a zero")
    thresholds = model.get("thresholds", {})
    if not (isinstance(model.get("intercept"), int | float) and isinstance(thresholds.get("medium"), int | float)
            and isinstance(thresholds.get("report"), int | float) and thresholds["report"] <= thresholds["medium"]):
        raise ValueError("draft judge: needs an 'intercept' and thresholds 'report' <= 'medium'")


def probability(features: Mapping[str, float], model: Mapping[str, Any]) -> float:
    """The judge's probability that the finding is the draft's real error, named by its kind."""
    z = float(model["intercept"])
    for name, mean, scale, coef in zip(model["features"], model["mean"], model["scale"], model["coef"], strict=True):
        z += coef * (features.get(name, 0.0) - mean) / scale
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))


def decide(rules: str | None, p: float, thresholds: Mapping[str, float]) -> str | None:
    """A draft finding's severity from the judge's probability ``p`` and the rules' severity (``rules``; None when
    the rules put it under the noise floor); None: not reported. From ``thresholds["medium"]`` at least medium
    (a high the rules gave stays high); under ``thresholds["report"]`` not reported; between them, what the rules
    say."""
    if p >= thresholds["medium"]:
        return "high" if rules == "high" else "medium"
    if p < thresholds["report"]:
        return None
    return rules
