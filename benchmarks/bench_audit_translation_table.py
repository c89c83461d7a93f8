"""Does a word-translation table learned from the draft itself tell a translator's error from its own wording?
(Issue #13, measured before anything is built into the audit.)

Round five measured static word vectors and leave-one-word-out: a sentence's weakest word was a paraphrased verb
more often than the changed one. This measures the statistical machine-translation answer instead: IBM Model 1
(Brown et al. 1993; the model fast_align refines), trained by EM on the draft's own sure 1:1 links with each
reference — nothing but the texts under audit, so it works for a brand-new translation of any game. A hand-made
error is one sentence in hundreds, so the table learns how the draft translates the reference, and a changed word
(``mag`` for ``muss``, ``alle`` for ``ein``, ``niet`` added) is one the table cannot explain from the linked
reference sentence. Only words frequent enough in the draft (``--min-count``) are judged: their translations are
learned from many sentences, and they are the closed-class words the weak error types change (modality,
negation, quantifier, comparison, plural endings of frequent nouns).

Per draft sentence linked 1:1 with at least two references:

* **added**: for each frequent draft word, its best explanation ``max_u t(word | u)`` over the words ``u`` of
  each linked reference sentence (and NULL); the word's score is the best over references (a word one reference
  explains is not an error), and the sentence's is its weakest word's;
* **lacking**: for each reference, its weakest frequent word's explanation by the draft sentence
  (``t(u | draft words)``); the sentence's score is the *strongest* of these over references (every reference
  must have a word the draft does not say).

It prints, for a range of thresholds, the share of error sentences flagged against the share of unchanged
sentences flagged (the unmodified edition audited as the draft, a sample per draft), as
``bench_audit_word_evidence.py`` does.

Run: RULESPEC_SOURCES=/work/shared/sources python benchmarks/bench_audit_translation_table.py ERRORS.yaml [...]
     (build the drafts first: benchmarks/bench_audit_drafts.py --make, or heldout/build_drafts.py)
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.bench_audit_word_evidence import _pattern, sure_links  # noqa: E402

WORD = re.compile(r"[^\W_]+")
NULL = "\0"

Table = dict[tuple[str, str], float]


def words(text: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(text)]


def model1(pairs: Sequence[tuple[list[str], list[str]]], iterations: int = 6) -> Table:
    """IBM Model 1 by EM: ``t[(target word, source word)]`` = P(target word | source word), NULL in every
    source sentence. Uniform start, so the result does not depend on the order of the pairs."""
    targets = {w for _, tgt in pairs for w in tgt}
    t: Table = defaultdict(lambda: 1.0 / max(len(targets), 1))
    for _ in range(iterations):
        counts: dict[tuple[str, str], float] = defaultdict(float)
        totals: dict[str, float] = defaultdict(float)
        for src, tgt in pairs:
            source = [*src, NULL]
            for w in tgt:
                z = sum(t[(w, u)] for u in source)
                for u in source:
                    c = t[(w, u)] / z
                    counts[(w, u)] += c
                    totals[u] += c
        t = defaultdict(float, {(w, u): c / totals[u] for (w, u), c in counts.items()})
    return t


def explained(word: str, source: list[str], t: Table) -> float:
    return max(t.get((word, u), 0.0) for u in [*source, NULL])


def sentence_scores(result: dict[str, Any], min_count: int) -> dict[int, tuple[float, float]]:
    """Draft sentence -> (added, lacking) for every draft sentence linked 1:1 with at least two references."""
    sentences = result["alignment"]["sentences"]
    links = sure_links(result)
    draft_words = {i: words(s[3]) for i, s in enumerate(sentences["draft"])}
    frequency = Counter(w for ws in draft_words.values() for w in set(ws))
    reference_frequency = {r: Counter(w for s in sentences[r] for w in set(words(s[3]))) for r in links}
    tables = {}
    for reference, linked in links.items():
        pairs = [(words(" ".join(sentences[reference][j][3] for j in theirs)), draft_words[i])
                 for i, theirs in sorted(linked.items())]
        tables[reference] = (model1(pairs), model1([(b, a) for a, b in pairs]))
    # How well each word is explained where it occurs, by its best reference: a word is judged against its own
    # typical explanation (``muss`` is usually explained well by ``must``; ``the`` never is by any one word).
    best_added: dict[int, dict[str, float]] = {}
    best_lacking: dict[int, dict[str, dict[str, float]]] = {}
    for i in sorted(draft_words):
        refs = {r: words(" ".join(sentences[r][j][3] for j in linked[i])) for r, linked in links.items() if i in linked}
        if not refs:
            continue
        best_added[i] = {w: max(explained(w, theirs, tables[r][0]) for r, theirs in refs.items())
                         for w in draft_words[i] if frequency[w] >= min_count}
        best_lacking[i] = {r: {u: explained(u, draft_words[i], tables[r][1]) for u in theirs
                               if reference_frequency[r][u] >= min_count} for r, theirs in refs.items()}
    typical_added = _medians((w, v) for row in best_added.values() for w, v in row.items())
    typical_lacking = {r: _medians((u, v) for row in best_lacking.values() for u, v in row.get(r, {}).items())
                       for r in links}
    scores = {}
    for i in sorted(best_added):
        if len(best_lacking[i]) < 2:
            continue
        added = min((v / typical_added[w] for w, v in best_added[i].items() if typical_added[w] >= RELIABLE),
                    default=1.0)
        lacking = max(min((v / typical_lacking[r][u] for u, v in row.items() if typical_lacking[r][u] >= RELIABLE),
                          default=1.0) for r, row in best_lacking[i].items())
        scores[i] = (added, lacking)
    return scores


def finding_key(finding: dict[str, Any]) -> tuple[Any, ...]:
    """A finding as ``score_draft_audit.py`` tells old from new: its kind and its spans' editions and texts."""
    return finding.get("kind"), tuple(sorted((s["edition"], re.sub(r"\s+", " ", s["text"]).strip())
                                             for s in finding["spans"]))


def classify(finding: dict[str, Any], errors: list[tuple[int, int, str]], baseline: set[Any]) -> str | None:
    """``hit`` when a draft span covers an error, ``false alarm`` when new and on no error, else None."""
    draft = [s for s in finding["spans"] if s["edition"] == "draft"]
    if any(s["start"] < end and s["end"] > start for s in draft for start, end, _ in errors):
        return "hit"
    return None if finding_key(finding) in baseline else "false alarm"


#: A word is judged only when its typical explanation is at least this good (else the table knows no translation).
RELIABLE = 0.2


def _medians(rows: Any) -> dict[str, float]:
    values: dict[str, list[float]] = defaultdict(list)
    for word, value in rows:
        values[word].append(value)
    return {word: float(np.median(v)) for word, v in values.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("errors", nargs="+", type=Path)
    parser.add_argument("--min-count", type=int, default=8, help="judge only draft words in this many sentences")
    parser.add_argument("--unchanged-per-draft", type=int, default=40, help="unchanged sentences sampled per draft")
    args = parser.parse_args()
    from translations.audit.pipeline import run_audit
    from translations.sources.editions import sources_dir

    folder = sources_dir()
    if folder is None:
        raise SystemExit("cannot find the rulebook texts: set RULESPEC_SOURCES")
    rng = random.Random(1)
    on_findings: dict[str, list[float]] = {"hit": [], "false alarm": []}
    on_errors: dict[str, list[tuple[float, float]]] = defaultdict(list)
    unchanged: list[tuple[float, float]] = []
    for errors_file in args.errors:
        spec = yaml.safe_load(errors_file.read_text(encoding="utf-8"))
        editions = sorted(p.name.split(".")[1] for p in folder.glob(f"{spec['game']}.*.txt"))
        for draft in spec["drafts"]:
            path = (errors_file.parent / draft["file"]).resolve()
            text = path.read_text(encoding="utf-8")
            others = [e for e in editions if e != draft["edition"]]
            spans = []
            deletions = []  # where a deleted sentence stood, widened as the scorer widens it
            original = (folder / f"{spec['game']}.{draft['edition']}.txt").read_text(encoding="utf-8")
            for error in draft["errors"]:
                found = _pattern(error["changed"]).search(text) if error.get("changed") else None
                if found:
                    spans.append((found.start(), found.end(), error["type"]))
                elif (gone := _pattern(error["original"]).search(original)) is not None:
                    before = original[max(0, gone.start() - 60):gone.start()]
                    at = text.find(before) + len(before) if before in text else gone.start()
                    deletions.append((at - 80, at + 80, error["type"]))
            baseline: set[Any] = set()
            for source, sample in ((folder / f"{spec['game']}.{draft['edition']}.txt", True), (path, False)):
                result = run_audit(spec["game"], editions=others, draft=(draft["lang"], source))
                sentences = result["alignment"]["sentences"]["draft"]
                scores = sentence_scores(result, args.min_count)
                if sample:
                    baseline = {finding_key(f) for f in result["findings"]}
                else:
                    for finding in result["findings"]:
                        kind = classify(finding, spans + deletions, baseline)
                        covered = [min(scores[i]) for i in scores for span in finding["spans"]
                                   if span["edition"] == "draft" and sentences[i][0] < span["end"]
                                   and sentences[i][1] > span["start"]]
                        if kind and covered:
                            on_findings[kind].append(min(covered))
                if sample:
                    unchanged.extend(scores[i] for i in rng.sample(sorted(scores), min(args.unchanged_per_draft,
                                                                                        len(scores))))
                    continue
                for start, end, kind in spans:
                    hit = [i for i in scores if sentences[i][0] < end and sentences[i][1] > start]
                    if hit:
                        on_errors[kind].append(scores[hit[0]])
            print(f"  {errors_file.parent.name}/{draft['file']}", file=sys.stderr)
    print("the audit's own findings on the draft (any severity) whose draft sentence the table measures:")
    for threshold in (0.2, 0.3, 0.5, 0.7):
        kept = {k: sum(v < threshold for v in values) for k, values in on_findings.items()}
        print(f"  either < {threshold:.1f} keeps {kept['hit']}/{len(on_findings['hit'])} hits, "
              f"{kept['false alarm']}/{len(on_findings['false alarm'])} false alarms")
    every = [s for kind in on_errors.values() for s in kind]
    print(f"{len(every)} error sentences linked 1:1 with >= 2 references, {len(unchanged)} unchanged sentences "
          f"(min count {args.min_count})")
    for name, column in (("added", 0), ("lacking", 1), ("either", None)):
        for threshold in (0.05, 0.1, 0.2, 0.3, 0.5):
            def flag(rows: list[tuple[float, float]], column: int | None = column, threshold: float = threshold) -> float:
                values = np.array([min(r) if column is None else r[column] for r in rows])
                return float((values < threshold).mean()) if len(values) else 0.0
            by_kind = ", ".join(f"{k} {flag(v):.0%}" for k, v in sorted(on_errors.items()))
            print(f"  {name:8} < {threshold:.2f}: errors {flag(every):.0%}, unchanged {flag(unchanged):.0%}  ({by_kind})")


if __name__ == "__main__":
    main()
