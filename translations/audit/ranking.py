"""The learned ranker: how likely an observed difference between two aligned sentences changes a rule.

The Divergent mBERT idea at this project's scale (Briakou & Carpuat 2020): no hand labels; a small logistic model
learns from *synthetic* divergences made from the aligned editions themselves (:mod:`translations.audit.synthetic`:
a number changed, may turned into must, a negation dropped, a term swapped for another of its kind, ... and
paraphrases that must not count) to tell the differences that change a rule from those a translator's wording
makes. Its input, for one observation (:func:`observation_vector`): which check saw it and whether it is a swap,
the sentence embeddings' similarity (raw and against the edition pair's typical best match), the length mismatch, the
concepts and numbers both sides share, whether the term concerned is one named everywhere, and how many other
differences the same link shows.

At audit time it runs in numpy only (a dot product and a sigmoid); scikit-learn is never imported. The model is a
generated file, ``translations/audit/ranker.json``: rebuilt by ``rulespec generate`` (or
``python -m translations.audit.synthetic``), byte-for-byte the same from the same texts, and ``rulespec generate
--check`` fails while it is stale. Without the file (a fresh checkout before generating) each observation keeps
its check's own estimate.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from translations.audit.alignment import length_ratio

MODEL_PATH = Path(__file__).resolve().parent / "ranker.json"
#: Kinds of observation the ranker knows (omissions and supplements are judged by alignment and spec instead).
KINDS = ("number", "number_missing", "number_bound", "modality", "negation", "comparison", "quantifier", "agent",
         "condition", "timing", "term", "glossary", "plural")
FEATURES = (*(f"kind={k}" for k in KINDS), "swap", "check_severity", "sim", "sim_gap", "length_gap",
            "other_differences", "shared_concepts", "shared_numbers", "large_number", "common_term")
#: Without a model, an observation's probability is its check's own severity.
PRIOR = {"high": 0.9, "medium": 0.6, "low": 0.3}


#: The typical similarity is read in steps of this much (see :func:`pair_stats`).
TYPICAL_SIM_STEP = 0.01


@dataclass(frozen=True)
class PairStats:
    """What is typical of one edition pair: the length ratio, and the similarity of a sentence's best match.

    Both are whole-pair statistics, read in coarse steps so that an edit in one place of a text does not move them:
    a pair statistic that moved would shift every probability of the pair and tip the findings near a severity
    threshold anywhere in the report.
    """

    length_ratio: float
    typical_sim: float


def pair_stats(a: Any, b: Any) -> PairStats:
    """The pair's log length ratio and the similarity of a sure match (see :class:`PairStats`): the mean, over
    every sentence of either edition, of its best embedding similarity in the other. Not read from the links: an
    edit re-aligns the sentences around it, and the median similarity of the sure links moved by 0.016 for one
    deleted sentence (a step of :data:`TYPICAL_SIM_STEP` crossed, every probability of the pair shifted); a
    sentence's best match changes only at the edit (or where the edited sentence is the best), and a mean of
    ~700 such values moves by a few ten-thousandths where a median moved by 0.0016."""
    la = sum(len(s.text) for s in a.sentences)
    lb = sum(len(s.text) for s in b.sentences)
    ia, ib = [s.index for s in a.sentences if not s.repeated], [s.index for s in b.sentences if not s.repeated]
    if ia and ib:
        sim = a.embeddings[ia] @ b.embeddings[ib].T
        typical = float(np.concatenate([sim.max(axis=1), sim.max(axis=0)]).mean())
    else:
        typical = 0.7
    return PairStats(length_ratio(la, lb), round(round(typical / TYPICAL_SIM_STEP) * TYPICAL_SIM_STEP, 4))


def _joined(edition: Any, indices: Sequence[int]) -> np.ndarray:
    vector = edition.embeddings[list(indices)].sum(axis=0)
    return vector / max(float(np.linalg.norm(vector)), 1e-9)


def _jaccard(x: set[Any], y: set[Any]) -> float:
    return len(x & y) / len(x | y) if x | y else 1.0


def observation_vector(observation: Any, a: Any, b: Any, stats: PairStats, others: int) -> np.ndarray:
    """The ranker's input for one observation on a link between editions ``a`` and ``b``."""
    link = observation.link
    kind = observation.kind
    sim = float(_joined(a, link.a) @ _joined(b, link.b))
    la = sum(len(a.sentences[i].text) for i in link.a)
    lb = sum(len(b.sentences[j].text) for j in link.b)
    length_gap = min(abs(math.log((la + 20.0) / (lb + 20.0)) - stats.length_ratio), 2.0)
    concepts_a = {c for i in link.a for c in a.features[i].concepts}
    concepts_b = {c for j in link.b for c in b.features[j].concepts}
    numbers_a = {v for i in link.a for v in a.features[i].strong_values()}
    numbers_b = {v for j in link.b for v in b.features[j].strong_values()}
    large = kind.startswith("number") and any(int(d) > 2 for v in observation.values.values() for d in re.findall(r"\d+", v))
    row = [1.0 if kind == k else 0.0 for k in KINDS]
    row += [
        float(observation.swap), {"high": 1.0, "medium": 0.5}.get(observation.severity, 0.0), sim,
        sim - stats.typical_sim, length_gap, min(others, 3) / 3.0,
        _jaccard(concepts_a, concepts_b), _jaccard(numbers_a, numbers_b), float(large),
        float(bool(observation.concepts & (a.generic_concepts | b.generic_concepts))),
    ]
    return np.asarray(row, dtype=np.float64)


@dataclass(frozen=True)
class Ranker:
    """A logistic model over standardised features (see the module doc)."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """P(the difference changes a rule) for each row of ``rows``."""
        z = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-z))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ranker:
        return cls(tuple(data["features"]), np.asarray(data["mean"], dtype=np.float64),
                   np.asarray(data["scale"], dtype=np.float64), np.asarray(data["weights"], dtype=np.float64),
                   float(data["bias"]))


@cache
def load_ranker(path: Path = MODEL_PATH) -> Ranker | None:
    """The committed model, or None when there is none (or it was made for other features)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ranker = Ranker.from_json(data["model"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return ranker if ranker.features == FEATURES else None


def model_digest(path: Path = MODEL_PATH) -> str:
    """SHA-256 of the model file ("none" without one): part of the audit's cache keys."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "none"


def score(observations: Sequence[Any], rows: Sequence[np.ndarray]) -> list[float]:
    """The probability of each observation (the check's own estimate where no model is committed)."""
    ranker = load_ranker()
    if ranker is None or not rows:
        return [PRIOR.get(o.severity, 0.3) for o in observations]
    return [float(p) for p in ranker.probabilities(np.vstack(rows))]
