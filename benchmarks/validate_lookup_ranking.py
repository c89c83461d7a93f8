"""Leave-one-set-out validation of the look-up's second stage, in one process and in a few minutes.

For each question file in turn, the re-ranking weights (with their L2 strength chosen among the other files as
`fit_lookup_ranking.py` does) and the phrasings are fitted on the *other* files, and the left-out file's
answerable questions are ordered by them. Prints top-1 and top-3 per language for every left-out file and for all
of them together, the first stage's order beside the re-ranked one; `-v` lists every miss with the candidates
(re-ranked order, the right ones marked), for reading what is missed and why.

"first stage" and "re-ranked" count only questions with an answer and leave out the no-match model: they say how
well the candidates are ordered. "of record" counts every question as the look-up answers it (the no-match model
fitted on the other files too; a question without answer is right when it gets none), as `bench_lookup_quality.py`
does on a left-out file with weights written by `fit_lookup_ranking.py --fit <the other files> --write`.

Run:
    python benchmarks/validate_lookup_ranking.py TUNING_FILE HELD_OUT_FILE ... [-v] [--only FILE ...]

The first file is taken as the tuning set: the "together" line sums the others. Each miss is classed
(`MISS_CLASSES`): the right rule's parent or sub-rule put first, a sibling (same parent), a rule of the same
section, of another section or game, or the right rule not among the candidates.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_lookup_quality import Question, load_questions  # noqa: E402
from fit_lookup_ranking import (  # noqa: E402
    Doubt,
    Example,
    choose_penalty,
    doubt_matrix,
    doubts,
    examples,
    fit,
    fit_doubt,
    learn,
    phrased_folds,
    ranks,
    with_phrasings,
)
from fit_lookup_ranking import cells as rank_cells  # noqa: E402

from translations.lookup import ranking  # noqa: E402
from translations.lookup import search as lk  # noqa: E402


def left_out(folds: Sequence[list[Example]], number: int, names: Sequence[str],
             penalty: float | None = None) -> tuple[list[Example], np.ndarray]:
    """Fold `number`'s examples with phrasings from the other folds, and the weights fitted on the other folds
    (with `penalty`, or one chosen among the other folds when None)."""
    others = [fold for other, fold in enumerate(folds) if other != number]
    phrased_folds(others, names)
    if penalty is None:
        penalty = choose_penalty(others, len(names))
    weights = fit([e for fold in others for e in fold], len(names), penalty)
    held = folds[number]
    with_phrasings(held, learn([e for fold in others for e in fold]), names)
    return held, weights


def rejected(doubt_folds: Sequence[list[Doubt]], folds: Sequence[list[Example]], number: int) -> set[int]:
    """The questions (by `id`) of fold `number` that the no-match model fitted on the other folds rejects: its
    `phrased` feature, like the fit's, from phrasings of the other folds than the one it is measured on."""
    others = [n for n in range(len(folds)) if n != number]
    matrices = [doubt_matrix(doubt_folds[n], learn([e for k in others if k != n for e in folds[k]]))
                for n in others]
    weights = fit_doubt(np.vstack(matrices), np.array([d.none for n in others for d in doubt_folds[n]], dtype=float))
    held = doubt_folds[number]
    probability = 1.0 / (1.0 + np.exp(-(doubt_matrix(held, learn([e for n in others for e in folds[n]])) @ weights)))
    return {id(d.question) for d, p in zip(held, probability, strict=True) if p > ranking.NO_MATCH}


def of_record(questions: Sequence[Question], held: Sequence[Example], weights: np.ndarray, answered: set[int],
              rejects: set[int]) -> list[tuple[str, bool]]:
    """`(language, right first)` per question as the look-up answers it: a question with an answer is right when
    the first stage found matches (`answered`, by `id`), the no-match model did not reject it and the re-ranking put
    a right rule first; one without, when there were no matches or the model rejected them."""
    first = {id(e.question): bool(e.right.any() and e.right[max(range(len(e.right)), key=lambda i: (
        float(e.matrix[i] @ weights), -i))]) for e in held if len(e.right)}
    return [(q.lang, (id(q) not in answered or id(q) in rejects) if not q.expect else
             (id(q) in answered and id(q) not in rejects and first.get(id(q), False))) for q in questions]


def cells(found: Sequence[tuple[str, int | None]]) -> str:
    """The fit's per-language cells, with how many questions each holds."""
    return rank_cells(found, counts=True)


def by_game(questions: Sequence[Question], record: Sequence[tuple[str, bool]]) -> str:
    """Top-1 of record per game (`record` in the order of `questions`), with how many questions each holds."""
    found: dict[str, list[bool]] = {}
    for question, (_, right) in zip(questions, record, strict=True):
        found.setdefault(question.game, []).append(right)
    return "  ".join(f"{game} {100 * sum(got) / len(got):5.1f} ({len(got)})" for game, got in sorted(found.items()))


#: The kinds of miss, from the closest to the farthest: what the re-ranking put first against the right rule.
MISS_CLASSES = ("sub-rule or parent", "sibling", "same section", "other section", "other game",
                "right rule not among the candidates", "no candidates")


def miss_class(example: Example, first: int | None) -> str:
    """What kind of miss a question is, `first` being the candidate put first (None: there is none): the right rule's
    parent or sub-rule first, a rule of the same parent, of the same section, of another section, of the other
    game; or the right rule not among the candidates at all."""
    if first is None:
        return "no candidates"
    if not example.right.any():
        return "right rule not among the candidates"
    game, rule = example.candidates[first]
    if game != example.question.game:
        return "other game"
    kinds = []
    for expected in example.question.expect:
        if rule.startswith(expected + ".") or expected.startswith(rule + "."):
            kinds.append(0)
        elif rule.rpartition(".")[0] == expected.rpartition(".")[0]:
            kinds.append(1)
        elif rule.split(".")[0] == expected.split(".")[0]:
            kinds.append(2)
        else:
            kinds.append(3)
    return MISS_CLASSES[min(kinds)]


def classes(data: Sequence[Example], weights: np.ndarray) -> dict[str, int]:
    """How many misses of each `MISS_CLASSES` kind `data` has under `weights`."""
    counted = dict.fromkeys(MISS_CLASSES, 0)
    for example in data:
        scores = example.matrix @ weights
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        if order and example.right[order[0]]:
            continue
        counted[miss_class(example, order[0] if order else None)] += 1
    return counted


def misses(data: Sequence[Example], weights: np.ndarray, names: Sequence[str]) -> list[str]:
    """Every question whose right rule the weights do not put first, with its candidates in re-ranked order."""
    lines = []
    for example in data:
        scores = example.matrix @ weights
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        if example.right.any() and example.right[order[0]]:
            continue
        question = example.question
        kind = miss_class(example, order[0] if order else None)
        lines.append(f"  [{question.lang}] {question.text!r}  ({question.where}); expected {question.expect}; {kind}")
        for i in order:
            game, rule = example.candidates[i]
            mark = "*" if example.right[i] else " "
            shown = rule if game == question.game else f"{game}:{rule}"
            top = sorted(((weights[k] * example.matrix[i, k], names[k]) for k in range(len(names))
                          if example.matrix[i, k]), key=lambda x: -abs(x[0]))[:5]
            said = " ".join(f"{name}={value:+.2f}" for value, name in top)
            lines.append(f"     {mark} {scores[i]:6.2f} (stage 1 #{i + 1}) {shown}   {said}")
        if not example.right.any():
            lines.append("       (no right rule among the candidates)")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    parser.add_argument("--only", nargs="*", type=Path, default=None, help="leave out only these files")
    parser.add_argument("--penalty", type=float, default=None,
                        help="hold the L2 penalty (the shipped one) instead of choosing it per fold: ten times faster")
    args = parser.parse_args(argv)
    indexes = lk.load_indexes()
    names = ranking.feature_names(lk.lexicon_of(indexes).kinds)
    asked = [load_questions(path) for path in args.files]
    folds = [examples(questions, indexes, names) for questions in asked]
    doubt_folds = [doubts(questions, indexes) for questions in asked]
    record_all: list[tuple[str, int | None]] = []
    every_first: list[tuple[str, int | None]] = []
    every_ranked: list[tuple[str, int | None]] = []
    every_class = dict.fromkeys(MISS_CLASSES, 0)
    games_all: list[tuple[Question, tuple[str, bool]]] = []
    only = {p.resolve() for p in args.only} if args.only else None
    for number, path in enumerate(args.files):
        if only is not None and path.resolve() not in only:
            continue
        held, weights = left_out(folds, number, names, args.penalty)
        first, ranked = ranks(held, None), ranks(held, weights)
        counted = classes(held, weights)
        rejects = rejected(doubt_folds, folds, number)
        matched = {id(d.question) for d in doubt_folds[number]}
        said_none = sum(1 for q in asked[number] if not q.expect and (id(q) in rejects or id(q) not in matched))
        false_none = sum(1 for q in asked[number] if q.expect and (id(q) in rejects or id(q) not in matched))
        judged = of_record(asked[number], held, weights, matched, rejects)
        record = [(lang, 1 if right else None) for lang, right in judged]
        if number > 0 or only is not None:  # the first file is the tuning set, the others held-out sets
            every_first += first
            every_ranked += ranked
            record_all += record
            games_all += list(zip(asked[number], judged, strict=True))
            every_class = {kind: every_class[kind] + counted[kind] for kind in MISS_CLASSES}
        print(f"{path} left out:")
        print(f"    first stage  {cells(first)}")
        print(f"    re-ranked    {cells(ranked)}")
        print(f"    of record    {cells(record)} top-1 only, every question, the no-match model too; no match "
              f"right {said_none} of {sum(1 for q in asked[number] if not q.expect)}, false no-match {false_none}")
        print(f"    per game     {by_game(asked[number], judged)} (of record, top-1)")
        print("    misses       " + ", ".join(f"{kind} {count}" for kind, count in counted.items()))
        if args.verbose:
            print("\n".join(misses(held, weights, names)))
    print("the files after the first, together (the held-out sets):")
    print(f"    first stage  {cells(every_first)}")
    print(f"    re-ranked    {cells(every_ranked)}")
    print(f"    of record    {cells(record_all)} (top-1 only)")
    print(f"    per game     {by_game([q for q, _ in games_all], [r for _, r in games_all])} (of record, top-1)")
    print("    misses       " + ", ".join(f"{kind} {count}" for kind, count in every_class.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
