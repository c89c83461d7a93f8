"""Fit the look-up's re-ranking weights (`translations/lookup/ranking.json`) on question sets, and validate them.

For every question of the fit files that has an answer, the first stage of the look-up
(`translations.lookup.search.answer(..., pool=True)`) gives its best `CANDIDATES` rules and the pool below them
the phrasings may add from (`ranking.SUGGESTED` of the next `ranking.SUGGEST_POOL`), with their features
(`translations.lookup.ranking`); which pool rules join is chosen per fold with that fold's phrasings.
The weights maximise the likelihood of the right rules under a softmax over each question's candidates (a
listwise logistic model), with an L2 penalty whose strength is chosen by
leave-one-file-out cross-validation among the fit files alone. A question none of whose right rules is among the
candidates teaches nothing and is left out of the fit (it still counts, as a miss, in the figures).

The fit also writes the phrasings (`translations/lookup/phrasings.json`): the stems of every fit question, kept
for its best answer, which the run-time re-ranking compares a new question with. While fitting, each fit file's
candidates get phrasing features learned from the other fit files only; a validation file's, from all of them.

And it fits the no-match model (`no_match` in `ranking.json`, see `translations.lookup.ranking.doubt_features`):
a logistic regression, over every fit question the first stage found matches for, of whether no rule answers it.

The fit is deterministic (L-BFGS from zero, fixed data order); weights are rounded to 4 decimals.

Prints top-1 and top-3 per language for every file, with the first stage's order and re-ranked, and says which
files the weights were fitted on: only the validation files' figures are results. They count the questions with
an answer only (the order cannot mend a "no match"); `bench_lookup_quality.py` gives the figures of record.

Run:
    python benchmarks/fit_lookup_ranking.py --fit A.yaml B.yaml --validate C.yaml [--write | --check]

`--write` writes the weights and phrasings files; `--check` exits 1 when a committed one differs from what the fit
gives.
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

from translations.lookup import phrasings, ranking  # noqa: E402
from translations.lookup import search as lk  # noqa: E402

#: L2 strengths tried; the one with the best cross-validated log-likelihood is kept.
PENALTIES = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
DECIMALS = 4
#: The features learned from the fit files' own questions (`translations.lookup.phrasings`).
PHRASED = ("phrased", "phrased_weight", "phrased_section", "phrased_parent", "phrased_child", "phrased_own",
           "phrased_own_weight", "phrased_rival", "suggested")
#: L2 strength of the no-match model (chosen by leave-one-set-out with `ranking.NO_MATCH`).
DOUBT_PENALTY = 0.3


class Example:
    """One question's candidates: their feature matrix, which are right, the question, its stems and the
    candidates' `(game, rule id)`. Which candidates there are may depend on the phrasings (they add rules from the
    first stage's pool), so an example made by `examples` also keeps the pool (`hits`, and `rows`: every pool
    rule's features but the phrasings'), from which `with_phrasings` chooses the candidates."""

    __slots__ = ("candidates", "hits", "matrix", "question", "right", "rows", "stems")

    def __init__(self, question: Question, matrix: np.ndarray, right: np.ndarray, stems: Sequence[str] = (),
                 candidates: Sequence[tuple[str, str]] = ()) -> None:
        self.question = question
        self.matrix = matrix
        self.right = right
        self.stems = list(stems)
        self.candidates = list(candidates)
        self.rows: np.ndarray | None = None
        self.hits: list[tuple[str, str]] = []

    @staticmethod
    def pooled(question: Question, rows: np.ndarray, hits: Sequence[tuple[str, str]],
               stems: Sequence[str]) -> Example:
        """An example whose candidates are chosen from a pool: the first `ranking.CANDIDATES` until phrasings add."""
        example = Example(question, rows, np.zeros(0, dtype=bool), stems)
        example.rows, example.hits = rows, list(hits)
        example.choose(list(range(min(len(hits), ranking.CANDIDATES))))
        return example

    def choose(self, chosen: Sequence[int]) -> None:
        """Make the pool rules at places `chosen` the candidates (their phrasing features set by the caller)."""
        assert self.rows is not None
        self.matrix = self.rows[list(chosen)].copy()
        self.candidates = [self.hits[i] for i in chosen]
        self.right = np.array([game == self.question.game and rule in self.question.expect
                               for game, rule in self.candidates], dtype=bool)


def examples(questions: Sequence[Question], indexes: Sequence[lk.Index], names: Sequence[str]) -> list[Example]:
    """The candidate pool of every question with an answer (no-match questions are the threshold's, not the
    order's): the first stage's best rules and those the phrasings could add. Their phrasing features are left 0:
    `with_phrasings` chooses the candidates and sets them."""
    found = []
    column = {name: number for number, name in enumerate(names) if name not in PHRASED}
    for question in questions:
        if not question.expect:
            continue
        answer = lk.answer(indexes, question.text, ranking.CANDIDATES + ranking.SUGGEST_POOL, rerank=False, pool=True)
        hits = answer.hits
        rows = np.zeros((len(hits), len(names)))
        for row, hit in enumerate(hits):
            for key, value in hit.features.items():
                if key in column:
                    rows[row, column[key]] = value
        found.append(Example.pooled(question, rows, [(hit.game, hit.rule_id) for hit in hits], answer.stems))
    return found


def learn(data: Sequence[Example]) -> phrasings.Phrasings:
    """The phrasings of `data`'s questions, each learned for its best answer (the first id it expects)."""
    return phrasings.Phrasings.learn((e.question.game, e.question.expect[0], e.stems) for e in data)


def with_phrasings(data: Sequence[Example], learned: phrasings.Phrasings | None, names: Sequence[str]) -> None:
    """Set the phrasing features of `data`'s candidates from `learned` (0 without)."""
    columns = {name: names.index(name) for name in PHRASED}
    for example in data:
        head = len(example.candidates)
        if example.rows is not None:
            head = min(len(example.hits), ranking.CANDIDATES)
            added = learned.suggest(example.stems, example.hits[head:], ranking.SUGGESTED) if learned and head else []
            example.choose([*range(head), *(head + place for place in added)])
        contrast = (lk.phrased_contrast(learned, example.stems, example.candidates) if learned is not None
                    else [{} for _ in example.candidates])
        for row, (game, rule) in enumerate(example.candidates):
            measured = lk.phrased_features(learned, example.stems, game, rule) if learned is not None else {}
            measured.update(contrast[row])
            if row >= head:
                measured["suggested"] = 1.0
            for name, number in columns.items():
                example.matrix[row, number] = measured.get(name, 0.0)


def phrased_folds(folds: Sequence[list[Example]], names: Sequence[str]) -> None:
    """Give each fit file's candidates phrasing features learned from the *other* fit files only, so the weights
    learn what other askers' words are worth for a new question (a question's own words would always match)."""
    for number, fold in enumerate(folds):
        others = [e for other, data in enumerate(folds) if other != number for e in data]
        with_phrasings(fold, learn(others) if others else None, names)


class Doubt:
    """One question the first stage found matches for: its `ranking.doubt_features`, and whether no rule answers it."""

    __slots__ = ("best", "features", "none", "question", "stems")

    def __init__(self, question: Question, features: dict[str, float], stems: Sequence[str],
                 best: tuple[str, str]) -> None:
        self.question = question
        self.features = features
        self.none = not question.expect
        self.stems = list(stems)
        self.best = best


def doubts(questions: Sequence[Question], indexes: Sequence[lk.Index]) -> list[Doubt]:
    """The no-match model's data: every question, with or without an answer, that the first stage found matches for
    (a question it finds nothing for is no match already)."""
    found = []
    for question in questions:
        answer = lk.answer(indexes, question.text, 1, rerank=False)
        if answer.hits:
            best = answer.hits[0]
            found.append(Doubt(question, dict(answer.doubt), answer.stems, (best.game, best.rule_id)))
    return found


def doubt_matrix(data: Sequence[Doubt], learned: phrasings.Phrasings | None) -> np.ndarray:
    """`data`'s features in `ranking.DOUBT_FEATURES` order, the best match's `phrased` from `learned`."""
    rows = []
    for doubt in data:
        measured = dict(doubt.features)
        measured["phrased"] = learned.features(doubt.stems, *doubt.best).get("phrased", 0.0) if learned else 0.0
        rows.append([measured.get(name, 0.0) for name in ranking.DOUBT_FEATURES])
    return np.array(rows).reshape(len(rows), len(ranking.DOUBT_FEATURES))


def fit_doubt(matrix: np.ndarray, none: np.ndarray, penalty: float = DOUBT_PENALTY) -> np.ndarray:
    """Logistic regression of "no rule answers it" on the doubt features, L2 on all but the bias."""
    if not none.any() or none.all():
        return np.zeros(matrix.shape[1])

    def cost(weights: np.ndarray) -> tuple[float, np.ndarray]:
        logits = matrix @ weights
        probability = 1.0 / (1.0 + np.exp(-logits))
        shrunk = weights.copy()
        shrunk[0] = 0.0
        total = float(np.sum(np.logaddexp(0.0, logits) - none * logits)) + penalty * float(shrunk @ shrunk)
        return total, matrix.T @ (probability - none) + 2 * penalty * shrunk

    result = minimize(cost, np.zeros(matrix.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return np.round(result.x, DECIMALS)


def doubt_table(data: Sequence[Doubt], matrix: np.ndarray, weights: np.ndarray) -> str:
    """How many no-match questions the model rejects, and how many answerable ones it wrongly rejects."""
    rejected = 1.0 / (1.0 + np.exp(-(matrix @ weights))) > ranking.NO_MATCH
    none = np.array([d.none for d in data], dtype=bool)
    return (f"    no match     right {int((rejected & none).sum())} of {int(none.sum())} the first stage answered; "
            f"false no-match {int((rejected & ~none).sum())} of {int((~none).sum())}")


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


def cells(found: Sequence[tuple[str, int | None]], counts: bool = False) -> str:
    """Top-1/top-3 per language and over all, from ``(language, rank or None)`` pairs (``counts``: how many each)."""
    by_lang: dict[str, list[int | None]] = defaultdict(list)
    for lang, rank in found:
        by_lang[lang].append(rank)
        by_lang["all"].append(rank)
    out = []
    for lang in [*LANGUAGES, "all"]:
        got = by_lang.get(lang, [])
        if not got:
            out.append(f"{lang} -")
            continue
        top1 = sum(1 for r in got if r == 1)
        top3 = sum(1 for r in got if r is not None and r <= 3)
        out.append(f"{lang} {100 * top1 / len(got):5.1f}/{100 * top3 / len(got):5.1f}" + (f" ({len(got)})" if counts else ""))
    return "  ".join(out)


def table(data: Sequence[Example], weights: np.ndarray) -> list[str]:
    return [f"    {label:<12} " + cells(ranks(data, chosen))
            for label, chosen in (("first stage", None), ("re-ranked", weights))]


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
    questions = [load_questions(path) for path in args.fit]
    folds = [examples(asked, indexes, names) for asked in questions]
    phrased_folds(folds, names)
    penalty = choose_penalty(folds, len(names))
    weights = fit([e for fold in folds for e in fold], len(names), penalty)
    learned = learn([e for fold in folds for e in fold])
    # The no-match model, its `phrased` feature (like the ranker's) from the other fit files' phrasings.
    doubt_folds = [doubts(asked, indexes) for asked in questions]
    doubt_matrices = [doubt_matrix(data, learn([e for other, fold in enumerate(folds) if other != number
                                                for e in fold]) if len(folds) > 1 else None)
                      for number, data in enumerate(doubt_folds)]
    every_doubt = [d for data in doubt_folds for d in data]
    doubt_weights = fit_doubt(np.vstack(doubt_matrices), np.array([d.none for d in every_doubt], dtype=float))
    print(f"penalty {penalty} (leave-one-file-out over {len(folds)} fit file(s)); top-1/top-3 per language:")
    for path, fold, data, matrix in zip(args.fit, folds, doubt_folds, doubt_matrices, strict=True):
        print(f"  {path} (FITTED ON: not a result; phrasings of the other fit files)")
        print("\n".join(table(fold, weights)))
        print(doubt_table(data, matrix, doubt_weights))
    for path in args.validate:
        print(f"  {path} (validation: kept out of the fit and of the phrasings)")
        held = examples(load_questions(path), indexes, names)
        with_phrasings(held, learned, names)
        print("\n".join(table(held, weights)))
        data = doubts(load_questions(path), indexes)
        print(doubt_table(data, doubt_matrix(data, learned), doubt_weights))
    fitted_on = [str(p.resolve().relative_to(REPO)) if p.resolve().is_relative_to(REPO) else p.name for p in args.fit]
    data = {"candidates": ranking.CANDIDATES, "penalty": penalty, "fitted_on": fitted_on,
            "weights": {name: float(w) for name, w in zip(names, weights, strict=True) if w != 0},
            "no_match": {name: float(w) for name, w in zip(ranking.DOUBT_FEATURES, doubt_weights, strict=True)
                         if w != 0}}
    outputs = {ranking.WEIGHTS_PATH: json.dumps(data, indent=1, sort_keys=True) + "\n",
               phrasings.PHRASINGS_PATH: learned.to_json(fitted_on)}
    if args.check:
        stale = [path for path, text in outputs.items()
                 if (path.read_text(encoding="utf-8") if path.exists() else "") != text]
        for path in stale:
            print(f"{path}: stale; run with --write", file=sys.stderr)
        if stale:
            return 1
        print(f"{ranking.WEIGHTS_PATH} and {phrasings.PHRASINGS_PATH.name}: up to date")
    if args.write:
        for path, text in outputs.items():
            temporary = path.with_suffix(".json.tmp")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
