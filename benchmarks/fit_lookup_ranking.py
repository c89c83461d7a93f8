"""Fit the look-up's re-ranking weights (`translations/lookup/ranking.json`) on question sets, and validate them.

For every question of the fit files that has an answer, the first stage of the look-up
(`translations.lookup.search.answer(..., rerank=False)`) gives its best `CANDIDATES` rules with their features
(`translations.lookup.ranking`). The weights maximise the likelihood of the right rules under a softmax over each
question's candidates (a listwise logistic model), with an L2 penalty whose strength is chosen by
leave-one-file-out cross-validation among the fit files alone. A question none of whose right rules is among the
candidates teaches nothing and is left out of the fit (it still counts, as a miss, in the figures).

The fit is deterministic (L-BFGS from zero, fixed data order); weights are rounded to 4 decimals.

Prints top-1 and top-3 per language for every file, with the first stage's order and re-ranked, and says which
files the weights were fitted on: only the validation files' figures are results. They count the questions with
an answer only (the order cannot mend a "no match"); `bench_lookup_quality.py` gives the figures of record.

Run:
    python benchmarks/fit_lookup_ranking.py --fit A.yaml B.yaml --validate C.yaml [--write | --check]

`--write` writes the weights file; `--check` exits 1 when the committed file differs from what the fit gives.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_lookup_quality import LANGUAGES, Question, load_questions  # noqa: E402

from translations.lookup import ranking  # noqa: E402
from translations.lookup import search as lk  # noqa: E402

#: L2 strengths tried; the one with the best cross-validated log-likelihood is kept.
PENALTIES = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
DECIMALS = 4


class Example:
    """One question's candidates: their feature matrix, which are right, and the question."""

    __slots__ = ("matrix", "question", "right")

    def __init__(self, question: Question, matrix: np.ndarray, right: np.ndarray) -> None:
        self.question = question
        self.matrix = matrix
        self.right = right


def examples(questions: Sequence[Question], indexes: Sequence[lk.Index], names: Sequence[str]) -> list[Example]:
    """The candidates of every question with an answer (no-match questions are the threshold's, not the order's)."""
    found = []
    column = {name: number for number, name in enumerate(names)}
    for question in questions:
        if not question.expect:
            continue
        hits = lk.answer(indexes, question.text, ranking.CANDIDATES, rerank=False).hits
        matrix = np.zeros((len(hits), len(names)))
        for row, hit in enumerate(hits):
            for key, value in hit.features.items():
                if key in column:
                    matrix[row, column[key]] = value
        right = np.array([hit.game == question.game and hit.rule_id in question.expect for hit in hits], dtype=bool)
        found.append(Example(question, matrix, right))
    return found


def loss(weights: np.ndarray, data: Sequence[Example], penalty: float) -> tuple[float, np.ndarray]:
    """Negative log-likelihood of the right candidates plus `penalty` × |w|², and its gradient."""
    total, gradient = penalty * float(weights @ weights), 2 * penalty * weights
    for example in data:
        scores = example.matrix @ weights
        scores -= scores.max()
        every = np.exp(scores)
        right = every * example.right
        total -= float(np.log(right.sum() / every.sum()))
        gradient -= example.matrix.T @ (right / right.sum() - every / every.sum())
    return total, gradient


def fit(data: Sequence[Example], width: int, penalty: float) -> np.ndarray:
    usable = [e for e in data if e.right.any() and not e.right.all()]
    if not usable:
        return np.zeros(width)
    result = minimize(loss, np.zeros(width), args=(usable, penalty), jac=True, method="L-BFGS-B",
                      options={"maxiter": 500})
    return np.round(result.x, DECIMALS)


def choose_penalty(folds: Sequence[Sequence[Example]], width: int) -> float:
    """The penalty whose weights, fitted on all folds but one, best predict the one left out (summed over folds)."""
    if len(folds) < 2:
        return PENALTIES[len(PENALTIES) // 2]
    best, best_loss = PENALTIES[0], float("inf")
    for penalty in PENALTIES:
        held = 0.0
        for left_out in range(len(folds)):
            train = [e for number, fold in enumerate(folds) if number != left_out for e in fold]
            weights = fit(train, width, penalty)
            held += loss(weights, [e for e in folds[left_out] if e.right.any()], 0.0)[0]
        if held < best_loss:
            best, best_loss = penalty, held
    return best


def ranks(data: Sequence[Example], weights: np.ndarray | None) -> list[tuple[str, int | None]]:
    """`(language, rank of the first right candidate or None)` per question, in the first stage's order when
    `weights` is None."""
    found = []
    for example in data:
        if weights is None:
            order = list(range(len(example.right)))
        else:
            scores = example.matrix @ weights
            order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        rank = next((place for place, i in enumerate(order, 1) if example.right[i]), None)
        found.append((example.question.lang, rank))
    return found


def table(data: Sequence[Example], weights: np.ndarray) -> list[str]:
    lines = []
    for label, chosen in (("first stage", None), ("re-ranked", weights)):
        by_lang: dict[str, list[int | None]] = defaultdict(list)
        for lang, rank in ranks(data, chosen):
            by_lang[lang].append(rank)
            by_lang["all"].append(rank)
        cells = []
        for lang in [*LANGUAGES, "all"]:
            got = by_lang.get(lang, [])
            top1 = sum(1 for r in got if r == 1)
            top3 = sum(1 for r in got if r is not None and r <= 3)
            cells.append(f"{lang} {100 * top1 / len(got):5.1f}/{100 * top3 / len(got):5.1f}" if got else f"{lang} -")
        lines.append(f"    {label:<12} " + "  ".join(cells))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fit", nargs="+", type=Path, required=True, help="question files to fit on")
    parser.add_argument("--validate", nargs="*", type=Path, default=[], help="question files kept out of the fit")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help=f"write {ranking.WEIGHTS_PATH.name}")
    group.add_argument("--check", action="store_true", help="exit 1 when the committed weights differ")
    args = parser.parse_args(argv)
    indexes = lk.load_indexes()
    names = ranking.feature_names(lk.lexicon_of(indexes).kinds)
    folds = [examples(load_questions(path), indexes, names) for path in args.fit]
    penalty = choose_penalty(folds, len(names))
    weights = fit([e for fold in folds for e in fold], len(names), penalty)
    print(f"penalty {penalty} (leave-one-file-out over {len(folds)} fit file(s)); top-1/top-3 per language:")
    for path, fold in zip(args.fit, folds, strict=True):
        print(f"  {path} (FITTED ON: not a result)")
        print("\n".join(table(fold, weights)))
    for path in args.validate:
        print(f"  {path} (validation: kept out of the fit)")
        print("\n".join(table(examples(load_questions(path), indexes, names), weights)))
    data = {"candidates": ranking.CANDIDATES, "penalty": penalty,
            "fitted_on": [str(p.resolve().relative_to(REPO)) if p.resolve().is_relative_to(REPO) else p.name
                          for p in args.fit],
            "weights": {name: float(w) for name, w in zip(names, weights, strict=True) if w != 0}}
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if args.check:
        current = ranking.WEIGHTS_PATH.read_text(encoding="utf-8") if ranking.WEIGHTS_PATH.exists() else ""
        if current != text:
            print(f"{ranking.WEIGHTS_PATH}: stale; run with --write", file=sys.stderr)
            return 1
        print(f"{ranking.WEIGHTS_PATH}: up to date")
    if args.write:
        temporary = ranking.WEIGHTS_PATH.with_suffix(".json.tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(ranking.WEIGHTS_PATH)
        print(f"wrote {ranking.WEIGHTS_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
