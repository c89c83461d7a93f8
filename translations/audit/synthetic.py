"""Synthetic divergences made from the aligned editions themselves, and the ranker trained on them.

No hand labels (Divergent mBERT, Briakou & Carpuat 2020, at this project's scale). Every confident 1:1 link
between two editions is a pair of sentences that say the same rule. Editing one side makes a pair that does not:

- **meaning edits** (label 1): a number changed or left out; may ↔ must; a negation dropped or added; a
  comparison or direction turned round (most ↔ fewest, before ↔ after); a quantifier or the agent changed
  (each → one, every player → the start player); a condition clause dropped; the timing changed (immediately →
  at the end of the round); a glossary term swapped for another of its kind (wood → cloth); singular ↔ plural;
- **paraphrases** (label 0): a synonym from the lexicon (may → can), a term's variant for its term, a digit
  written as a word.

The word pairs come from the lexicons (``edits`` in ``lexicons/<lang>.yaml``) and the glossary, never from a
rulebook. The edited sentence is segmented, featured and embedded like any other; the checks run on the edited
link, and each observation they make becomes a training row (:func:`translations.audit.ranking.observation_vector`):
label 1 when it is the kind of difference the edit made, label 0 on the unedited link and for every observation
of a paraphrase. Observations a meaning edit causes of another kind are left out (neither clearly right nor
wrong).

Rows are split by passage (the sentences the alignments join across all editions): a fifth of the passages, chosen
by a hash of their first sentence, is the held-out test set, so no passage is both learnt and tested. The model is
an L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares) in numpy:
deterministic, a few milliseconds, no scikit-learn needed at run time or to check the committed file.

``python -m translations.audit.synthetic [GAME]`` rebuilds ``translations/audit/ranker.json`` and prints the
held-out figures; ``rulespec generate`` does the same, and ``rulespec generate --check`` fails while it is stale.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.ranking import FEATURES, KINDS, MODEL_PATH, observation_vector, pair_stats

#: Which observation kinds each meaning edit is expected to cause.
EXPECTED = {
    "number": {"number", "number_missing", "number_bound"},
    "number_drop": {"number_missing"},
    "modality": {"modality"},
    "negation": {"negation", "modality"},
    "comparison": {"comparison"},
    "quantifier": {"quantifier"},
    "agent": {"agent", "quantifier"},
    "condition": {"condition"},
    "timing": {"timing"},
    "term": {"term", "glossary"},
    "plural": {"plural", "number", "number_missing", "quantifier"},
}
#: At most this many edits of one type (the first ones by a hash of the sentence): balanced, bounded work.
EDITS_PER_TYPE = 260
#: One passage in this many is held out for testing.
TEST_SHARE = 5
#: L2 penalty and Newton steps of the fit.
L2 = 1.0
STEPS = 25
#: Decimals kept in the committed model (the file is the same bytes on every machine that gets the same fit).
DECIMALS = 4


@dataclass(frozen=True)
class Edit:
    """One edited sentence: which link and side, the new text, its type and label."""

    pair: tuple[str, str]
    link: Link
    first: bool  # the edited side is the pair's first edition
    index: int  # the edited sentence
    text: str
    kind: str  # an EXPECTED key, "paraphrase" or "none"
    label: int


def _phrase(words: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in words.split()) + r"(?![\w-])", re.IGNORECASE)


def _replace_first(text: str, old: str, new: str) -> str | None:
    match = _phrase(old).search(text)
    if not match:
        return None
    found = match.group(0)
    if found[:1].isupper():
        new = new[:1].upper() + new[1:]
    return text[: match.start()] + new + text[match.end():]


def _number_words(language: str) -> dict[int, str]:
    from translations.audit.lexicon import lexicon

    lex = lexicon(language)
    return {v: w for w, v in sorted(lex.cardinals.items(), key=lambda kv: -len(kv[0])) if w not in lex.ordinals}


def _edits_of(edition: PreparedEdition, index: int, spec: Any) -> Iterator[tuple[str, int, str]]:
    """``(type, label, new text)`` of every edit this sentence allows (at most one per type)."""
    from translations.audit.lexicon import lexicon

    sentence = edition.sentences[index]
    text = sentence.text
    lex = lexicon(edition.language)
    feats = edition.features[index]
    words = _number_words(edition.language)
    numbers = [n for n in feats.numbers if n.quantity]
    if numbers:
        n = numbers[0]
        start, end = sentence.token_spans[n.first]
        token = text[start:end]
        bumped = n.value + 1 if n.value < 9 else n.value - 1
        new = str(bumped) if token.isdigit() else words.get(bumped, str(bumped))
        yield "number", 1, text[:start] + new + text[end:]
        if token.isdigit() and n.value in words:
            yield "paraphrase", 0, text[:start] + words[n.value] + text[end:]
        counted = next((m for m in numbers if m.counts), None)
        if counted and counted.value > 1:
            start, end = sentence.token_spans[counted.first]
            yield "number_drop", 1, (text[:start] + text[end:].lstrip()).strip()
    for group in ("modality", "comparison", "quantifier", "agent", "timing"):
        for old, new in lex.meaning_edits.get(group, ()):
            edited = _replace_first(text, old, new)
            if edited:
                yield group, 1, edited
                break
    for word in lex.negation_drop:
        edited = _replace_first(text, word, "")
        if edited:
            yield "negation", 1, re.sub(r"\s{2,}", " ", edited).strip()
            break
    else:
        for old, new in lex.negation_insert:
            edited = _replace_first(text, old, new)
            if edited:
                yield "negation", 1, edited
                break
    condition = _drop_condition(edition, index)
    if condition:
        yield "condition", 1, condition
    yield from _term_edits(edition, index, spec)
    for old, new in lex.paraphrases:
        edited = _replace_first(text, old, new)
        if edited:
            yield "paraphrase", 0, edited
            break


def _drop_condition(edition: PreparedEdition, index: int) -> str | None:
    """The sentence without its first conditional clause (from the condition word to the next comma)."""
    sentence = edition.sentences[index]
    spans = sentence.token_spans
    marks = [s for (g, _), found in edition.features[index].markers.items() if g == "condition" for s, _ in found]
    if not marks:
        return None
    start = min(marks)
    comma = next((k for k in range(start + 1, len(sentence.tokens)) if sentence.tokens[k] == ","), None)
    if comma is None:
        head = spans[start][0]
        return sentence.text[:head].rstrip(" ,") + "." if head > 10 else None
    cut = sentence.text[spans[start][0]: spans[comma][1]]
    rest = (sentence.text[: spans[start][0]] + sentence.text[spans[comma][1]:]).strip()
    return rest[:1].upper() + rest[1:] if len(rest) > 10 and cut else None


def _term_edits(edition: PreparedEdition, index: int, spec: Any) -> Iterator[tuple[str, int, str]]:
    """A concept's term swapped for another concept's of the same kind; its singular for its plural; a variant."""
    sentence = edition.sentences[index]
    feats = edition.features[index]
    terms = _edition_terms(spec, edition)
    for concept, spans in sorted(feats.concepts.items()):
        kind = edition.concept_kinds.get(concept)
        mine = terms.get(concept)
        if mine is None or kind not in ("component", "area", "resource"):
            continue
        start, end = sentence.token_spans[spans[0][0]][0], sentence.token_spans[spans[0][1] - 1][1]
        written = sentence.text[start:end]
        others = sorted(c for c, t in terms.items() if c != concept and edition.concept_kinds.get(c) == kind
                        and c not in feats.concepts)
        if others:
            pick = others[int(hashlib.sha256(f"{sentence.text}|{concept}".encode()).hexdigest(), 16) % len(others)]
            other = terms[pick]
            plural = bool(mine.plural) and written.lower() == mine.plural.lower()
            new = (other.plural or other.term) if plural else other.term
            yield "term", 1, sentence.text[:start] + new + sentence.text[end:]
        if mine.plural and written.lower() == mine.term.lower():
            yield "plural", 1, sentence.text[:start] + mine.plural + sentence.text[end:]
        elif mine.plural and written.lower() == mine.plural.lower():
            yield "plural", 1, sentence.text[:start] + mine.term + sentence.text[end:]
        variant = next((v for v in mine.variants if v.lower() != written.lower()), None)
        if variant:
            yield "paraphrase", 0, sentence.text[:start] + variant + sentence.text[end:]
        return


def _edition_terms(spec: Any, edition: PreparedEdition) -> dict[str, Any]:
    from translations.audit.prepare import term_forms

    return term_forms(spec, edition.id, edition.language, edition.id in spec.editions)


class _Rows:
    """An edition's sentences, features or embeddings with one row replaced (the edited sentence)."""

    def __init__(self, base: Any, index: int, row: Any) -> None:
        self.base, self.index, self.row = base, index, row

    def __len__(self) -> int:
        return len(self.base)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, list):
            return np.vstack([self[k] for k in key])
        return self.row if key == self.index else self.base[key]

    def __iter__(self) -> Iterator[Any]:
        return (self[k] for k in range(len(self.base)))


def _patched(edition: PreparedEdition, index: int, sentence: Any, features: Any, embedding: np.ndarray) -> PreparedEdition:
    return replace(edition, sentences=_Rows(edition.sentences, index, sentence),  # type: ignore[arg-type]
                   features=_Rows(edition.features, index, features),  # type: ignore[arg-type]
                   embeddings=_Rows(edition.embeddings, index, embedding))  # type: ignore[arg-type]


def _passage_keys(links_by_pair: Mapping[tuple[str, str], Sequence[Link]]) -> dict[tuple[str, int], str]:
    """(edition, sentence) -> its passage's key (the passage's first sentence, as text)."""
    from translations.audit.merge import Units

    units = Units()
    for (a, b), links in links_by_pair.items():
        for link in links:
            for i in link.a:
                for j in link.b:
                    units.union((a, i), (b, j))
    return {node: f"{units.find(node)[0]}:{units.find(node)[1]}" for node in list(units.parent)}


def _held_out(key: str) -> bool:
    return int(hashlib.sha256(key.encode()).hexdigest(), 16) % TEST_SHARE == 0


def collect_rows(spec: Any, prepared: Mapping[str, PreparedEdition], pairs: Sequence[tuple[str, str]],
                 embed: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """``(rows, labels, held out?, kinds)`` of every observation on the original and the edited links."""
    from translations.audit.alignment import align
    from translations.audit.checks import PairContext, comparable, run_checks
    from translations.audit.features import sentence_features
    from translations.audit.ingest import ingest
    from translations.audit.prepare import glossary_matcher, term_forms
    from translations.audit.segment import lemma_pipeline, segment

    links_by_pair = {(a, b): align(prepared[a], prepared[b]) for a, b in pairs}
    passage = _passage_keys(links_by_pair)
    stats = {pair: pair_stats(prepared[pair[0]], prepared[pair[1]]) for pair in links_by_pair}
    rows: list[np.ndarray] = []
    labels: list[int] = []
    tests: list[bool] = []
    kinds: list[str] = []

    def observe(ctx: Any, link: Link) -> list[Any]:
        return [o for o in run_checks(ctx, [link]) if o.kind in KINDS]

    unedited: dict[int, set[Any]] = {}

    def add(observations: list[Any], ctx: Any, pair: tuple[str, str], label_of: Any, key: str) -> None:
        counts: dict[int, int] = {}
        for o in observations:
            counts[id(o.link)] = counts.get(id(o.link), 0) + 1
        for o in observations:
            label = label_of(o)
            if label is None:
                continue
            rows.append(observation_vector(o, ctx.a, ctx.b, stats[pair], counts[id(o.link)] - 1))
            labels.append(label)
            tests.append(_held_out(key))
            kinds.append(o.kind)

    edits: list[Edit] = []
    for pair, links in links_by_pair.items():
        a, b = prepared[pair[0]], prepared[pair[1]]
        ctx = PairContext(a, b)
        for link in links:
            if len(link.a) != 1 or len(link.b) != 1 or link.score < 0.6 or not comparable(ctx, link):
                continue
            key = passage.get((pair[0], link.a[0]), f"{pair[0]}:{link.a[0]}")
            found = observe(ctx, link)
            unedited[id(link)] = {(o.kind, tuple(sorted(o.values.items()))) for o in found}
            add(found, ctx, pair, lambda o: 0, key)
            for first in (True, False):
                edition = a if first else b
                index = link.a[0] if first else link.b[0]
                for kind, label, text in _edits_of(edition, index, spec):
                    if text and text != edition.sentences[index].text:
                        edits.append(Edit(pair, link, first, index, text, kind, label))
    chosen = _balanced(edits)
    texts = [e.text for e in chosen]
    vectors = embed(texts) if texts else np.zeros((0, 512), dtype=np.float32)
    matchers = {e: glossary_matcher(spec, term_forms(spec, e, prepared[e].language, e in spec.editions),
                                    prepared[e].language) for e in prepared}
    edited_texts: dict[str, list[str]] = {}
    for edit in chosen:
        language = prepared[edit.pair[0] if edit.first else edit.pair[1]].language
        edited_texts.setdefault(language, []).extend(block.text for block in ingest(edit.text).blocks)
    pipelines = {language: lemma_pipeline(language, texts) for language, texts in sorted(edited_texts.items())}
    for edit, vector in zip(chosen, vectors, strict=True):
        a, b = prepared[edit.pair[0]], prepared[edit.pair[1]]
        edition = a if edit.first else b
        pieces = segment(ingest(edit.text), edition.language, pipeline=pipelines[edition.language])
        if len(pieces) != 1:
            continue
        original = edition.sentences[edit.index]
        sentence = replace(pieces[0], index=original.index, block=original.block, section=original.section,
                           kind=original.kind, repeated=original.repeated)
        features = sentence_features(sentence, edition.language, matchers[edition.id])
        patched = _patched(edition, edit.index, sentence, features, np.asarray(vector, dtype=np.float32))
        ctx = PairContext(patched, b) if edit.first else PairContext(a, patched)
        before = unedited[id(edit.link)]
        key = passage.get((edit.pair[0], edit.link.a[0]), f"{edit.pair[0]}:{edit.link.a[0]}")

        def label_of(o: Any, edit: Edit = edit, before: set[Any] = before) -> int | None:
            if edit.label == 0:
                return 0 if (o.kind, tuple(sorted(o.values.items()))) not in before else None
            if (o.kind, tuple(sorted(o.values.items()))) in before:
                return None  # already on the unedited link: counted there
            return 1 if o.kind in EXPECTED[edit.kind] else None

        add(observe(ctx, edit.link), ctx, edit.pair, label_of, key)
    if not rows:
        return np.zeros((0, len(FEATURES))), np.zeros(0), np.zeros(0, dtype=bool), []
    return np.vstack(rows), np.asarray(labels, dtype=np.float64), np.asarray(tests, dtype=bool), kinds


def _balanced(edits: Sequence[Edit]) -> list[Edit]:
    """At most :data:`EDITS_PER_TYPE` edits of each type, chosen by a hash of the text (reproducible)."""
    by_type: dict[str, list[Edit]] = {}
    for edit in edits:
        by_type.setdefault(edit.kind, []).append(edit)
    out: list[Edit] = []
    for kind in sorted(by_type):
        ranked = sorted(by_type[kind], key=lambda e: hashlib.sha256(f"{e.pair}|{e.index}|{e.text}".encode()).hexdigest())
        out.extend(ranked[:EDITS_PER_TYPE])
    return out


def fit(rows: np.ndarray, labels: np.ndarray) -> dict[str, Any]:
    """Standardise, then fit an L2-regularised logistic regression by Newton's method, the two classes weighted
    equally (the synthetic set has more divergent rows than natural ones; a probability of 0.5 should mean
    "as likely a rule change as not", whatever the mix)."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-9] = 1.0
    x = np.hstack([(rows - mean) / scale, np.ones((len(rows), 1))])
    positives = max(float(labels.sum()), 1.0)
    negatives = max(float(len(labels) - labels.sum()), 1.0)
    weight = np.where(labels == 1, len(labels) / (2 * positives), len(labels) / (2 * negatives))
    w = np.zeros(x.shape[1])
    penalty = L2 * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0  # the bias is not shrunk
    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (weight * (p - labels)) + penalty @ w
        hessian = (x * (weight * p * (1 - p))[:, None]).T @ x + penalty
        w -= np.linalg.solve(hessian, gradient)
    return {"features": list(FEATURES), "mean": _round(mean), "scale": _round(scale), "weights": _round(w[:-1]),
            "bias": round(float(w[-1]), DECIMALS)}


def _round(values: np.ndarray) -> list[float]:
    return [round(float(v), DECIMALS) for v in values]


def auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """Area under the ROC curve (the Mann–Whitney statistic; ties count half)."""
    positive, negative = scores[labels == 1], scores[labels == 0]
    if not len(positive) or not len(negative):
        return float("nan")
    greater = (positive[:, None] > negative[None, :]).sum() + 0.5 * (positive[:, None] == negative[None, :]).sum()
    return float(greater / (len(positive) * len(negative)))


def train(spec: Any, prepared: Mapping[str, PreparedEdition], pairs: Sequence[tuple[str, str]], embed: Any) -> dict[str, Any]:
    """The model file's content: the fitted model, and how it was made and how it does on held-out passages."""
    from translations.audit.ranking import Ranker

    rows, labels, tests, kinds = collect_rows(spec, prepared, pairs, embed)
    model = fit(rows[~tests], labels[~tests])
    ranker = Ranker.from_json(model)
    held = ranker.probabilities(rows[tests]) if tests.any() else np.zeros(0)
    truth = labels[tests]
    per_kind = {}
    for kind in KINDS:
        mask = np.asarray([k == kind for k in kinds])[tests]
        if mask.any():
            per_kind[kind] = {"rows": int(mask.sum()), "positive": int(truth[mask].sum()),
                              "accuracy": round(float(((held[mask] >= 0.5) == (truth[mask] == 1)).mean()), 3)}
    metrics = {
        "train_rows": int((~tests).sum()), "test_rows": int(tests.sum()),
        "train_positive": int(labels[~tests].sum()), "test_positive": int(truth.sum()),
        "test_accuracy": round(float(((held >= 0.5) == (truth == 1)).mean()), 3) if len(held) else None,
        "test_auc": round(auc(held, truth), 3) if len(held) else None,
        "per_kind": per_kind,
    }
    return {
        "about": "Ranker of the translation audit (translations/audit/ranking.py), generated by "
                 "`python -m translations.audit.synthetic` / `rulespec generate`; do not edit.",
        "game": spec.id,
        "model": model,
        "held_out": metrics,
    }


def render_model(spec: Any, folder: Path | None = None) -> dict[Path, str]:
    """``{model path: content}`` for ``rulespec generate``; empty when the rulebook texts are not at hand."""
    from translations.audit.cache import AuditError
    from translations.audit.embeddings import EmbeddingWorker
    from translations.audit.inputs import AuditRequest, collect
    from translations.audit.prepare import finish, start

    try:
        inputs, selection = collect(AuditRequest(spec.root))
    except AuditError:
        return {}
    work = start(inputs, selection.editions, use_cache=True)
    try:
        prepared = finish(spec, inputs, work, selection.cited, lambda stage: None, use_cache=True)
    finally:
        if work.worker is not None:
            work.worker.close()
    # The encoder runs in its own process: beside spaCy's lemma tables it was measured several times slower.
    worker = EmbeddingWorker()
    try:
        content = train(spec, prepared, list(selection.pairs), worker.embed)
    finally:
        worker.close()
    path = (folder or MODEL_PATH.parent) / MODEL_PATH.name
    return {path: json.dumps(content, indent=1, sort_keys=True) + "\n"}


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the model file and print its held-out figures."""
    from rulespec.model import load_spec
    from rulespec.outputs import write_atomic

    args = list(sys.argv[1:] if argv is None else argv)
    spec = load_spec(args[0] if args else "race_to_the_new_found_land")
    files = render_model(spec)
    if not files:
        print("the rulebook texts are not at hand (set RULESPEC_SOURCES)", file=sys.stderr)
        return 2
    for path, content in files.items():
        write_atomic(path, content)
        held = json.loads(content)["held_out"]
        print(f"wrote {path}: held-out accuracy {held['test_accuracy']}, AUC {held['test_auc']} "
              f"({held['test_rows']} test rows, {held['train_rows']} train rows)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
