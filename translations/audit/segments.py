"""Anchor segments: what a draft says between two places every reference links surely.

The sentence checks (:mod:`translations.audit.checks`) compare a draft sentence only with the sentences a sure link
ties it to. A changed word often costs a sentence exactly that link — in one reference or in all of them — and then
no check ever reads it. This stage reads those places another way, the way Bleualign and Vecalign treat the text
between sure *anchors*, and the way translation QA tools (Xbench's number and key-term checks) compare a segment's
numbers and terms as bags rather than word by word:

1. **anchors**, per reference: the draft sentences it links surely (score >= the checks' threshold, any shape, not
   displaced); a draft sentence without such a link lies between two of them;
2. **windows**: the draft's unlinked sentences between two anchors (one to three of them) and the reference's
   sentences between the same anchors (at most four) say the same rules, however each text cut them into
   sentences. Each is compared twice: without the anchors (so an unlinked sentence leads its window, as the
   modality check wants) and with both anchors' own sentences on both sides (a reference often joins the
   counterpart of an unlinked sentence to an anchor's link; what the anchors say cancels out);
3. **bags compared**: each window is compared as one link by the very checks the sentence pairs use (numbers,
   glossary terms, modality, negation, comparison and direction, quantifiers and agents, conditions, timing,
   grammatical number);
4. **the references' agreement decides**: a difference is kept when at least two references show it on the same
   draft sentence with the same reading on the draft's side (the draft's "4"; the draft's "immediately" where the
   references have none) — by a window or by their sentence pair — and no reference that compared that sentence
   (by a sure link or a window) fails to show it. Where the references disagree among themselves it is no
   evidence at all. A glossary term or a count only one side names is kept only when a sentence pair saw it too
   (:data:`CONFIRMS_ONLY`).

A kept difference becomes, for each reference, an observation on the one draft sentence that holds the odd words
(or, when the draft lacks them, the draft sentence most like the reference sentence holding them), so that it
merges with whatever a sentence pair saw there and is weighed like any other finding (:mod:`.severity`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise

import numpy as np

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import CHECK_MIN_SCORE, CHECKS, Observation, PairContext

#: At most this many usable draft sentences between two anchors: a longer stretch is a section the aligner lost,
#: and a bag of it would hold every kind of word.
MAX_DRAFT_SENTENCES = 3
#: Kinds a segment only confirms: a glossary term or a count one side names and the other leaves out is the weakest
#: sign there is (wording moves terms around), and a bag of loosely aligned sentences shows it often: it counts when
#: a sentence pair of some reference saw it too.
CONFIRMS_ONLY = frozenset(("glossary", "number_missing"))
#: ...and at most this many on a reference's side between the anchors (editions cut sentences differently).
MAX_REFERENCE_SENTENCES = 4


def sure_links(links: Sequence[Link], draft_is_a: bool) -> dict[int, tuple[int, ...]]:
    """Draft sentence -> the reference sentences of its sure link (any shape, not displaced), for one pair."""
    out: dict[int, tuple[int, ...]] = {}
    for link in links:
        if link.displaced or link.score < CHECK_MIN_SCORE or not (link.a and link.b):
            continue
        mine, theirs = (link.a, link.b) if draft_is_a else (link.b, link.a)
        for i in mine:
            out[i] = theirs
    return out


def _usable(edition: PreparedEdition, index: int) -> bool:
    sentence = edition.sentences[index]
    return not sentence.repeated and sentence.kind not in ("heading", "caption")


def windows(draft: PreparedEdition, reference: PreparedEdition,
            sure: Mapping[int, tuple[int, ...]]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Draft sentences without a sure link to ``reference``, grouped between the two sure links around them
    (the anchors), each group with the reference's sentences between the same anchors: once without the anchors
    (where the group leads its window, as a modal verb leads its sentence) and once *with* the anchors' own
    sentences on both sides (a reference often joins the counterpart of an unlinked draft sentence to an
    anchor's link, a 2:1 link; what both anchors say cancels out of the comparison)."""
    anchors = sorted(sure)
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for before, after in pairwise(anchors):
        if after - before < 2:
            continue
        lo, hi = min(sure[before]), max(sure[after])
        between = tuple(k for k in range(max(sure[before]) + 1, min(sure[after])) if _usable(reference, k))
        unlinked = tuple(k for k in range(before + 1, after) if _usable(draft, k))
        if not (1 <= len(unlinked) <= MAX_DRAFT_SENTENCES and len(between) <= MAX_REFERENCE_SENTENCES and lo < hi):
            continue
        if between:
            out.append((unlinked, between))
        mine = tuple(k for k in range(before, after + 1) if _usable(draft, k))
        out.append((mine, tuple(k for k in range(lo, hi + 1) if _usable(reference, k))))
    return out


def _key(observation: Observation, draft: str) -> tuple[str, str, str]:
    """What must be the same in every reference's observation: kind, subject and the draft's reading."""
    return observation.kind, observation.subject, observation.values.get(draft, "")


def _closest(draft: PreparedEdition, candidates: Sequence[int], reference: PreparedEdition,
             theirs: Sequence[int]) -> int:
    """The draft sentence most like the reference's sentences (where the draft lacks what they hold)."""
    vector = reference.embeddings[list(theirs)].sum(axis=0)
    sims = draft.embeddings[list(candidates)] @ vector
    return candidates[int(np.argmax(sims))]


def _narrowed(observation: Observation, draft: PreparedEdition, reference: PreparedEdition,
              open_: Sequence[int], theirs_all: tuple[int, ...]) -> Observation | None:
    """The observation placed on the draft sentence it is about (one of ``open_``, those no sure link reaches),
    and on the reference sentences it quotes; None when its draft words are in an anchor (the anchor's own
    sentence pair has its say there)."""
    marked = {i for e, i, _, _ in observation.highlights if e == draft.id}
    mine = sorted(marked & set(open_))
    if marked and not mine:
        return None
    theirs = sorted({j for e, j, _, _ in observation.highlights if e == reference.id}) or list(theirs_all)
    if not mine:
        mine = [_closest(draft, open_, reference, theirs)]
    link = Link(tuple(mine), tuple(theirs), 1.0, sandwiched=True)
    spans = [(draft.id, i) for i in mine] + [(reference.id, j) for j in theirs]
    highlights = [h for h in observation.highlights if h[0] != draft.id or h[1] in mine]
    return replace(observation, spans=spans, units=[(draft.id, i) for i in mine], highlights=highlights,
                   link=link, segment=True)


def _draft_sentences(observation: Observation, draft: str) -> set[int]:
    return {i for e, i in observation.spans if e == draft}


def segment_observations(draft: PreparedEdition, references: Mapping[str, PreparedEdition],
                         links: Mapping[str, Sequence[Link]], draft_is_a: Mapping[str, bool],
                         found: Mapping[str, Sequence[Observation]]) -> list[Observation]:
    """Differences the references' segments show against the draft's (see the module doc), one observation per
    reference, each placed on one draft sentence. ``found``: what the sentence checks saw on each pair.

    A difference is kept when at least two references show it, with the same reading on the draft's side, and
    no reference that compared that draft sentence (by a sure link or a segment) fails to show it."""
    if len(references) < 2:
        return []
    candidates: dict[str, list[Observation]] = {}
    shown: dict[tuple[int, tuple[str, str, str]], set[str]] = {}
    paired: set[tuple[int, tuple[str, str, str]]] = set()  # seen by a sentence pair
    compared: dict[int, set[str]] = {}
    for r, reference in references.items():
        sure = sure_links(links[r], draft_is_a[r])
        for i in sure:
            compared.setdefault(i, set()).add(r)
        for o in found[r]:
            if o.link is not None and o.kind not in ("omission", "supplement"):
                for i in _draft_sentences(o, draft.id):
                    shown.setdefault((i, _key(o, draft.id)), set()).add(r)
                    paired.add((i, _key(o, draft.id)))
        ctx = PairContext(draft, reference, strict=True)
        kept: set[tuple[int, tuple[str, str, str]]] = set()
        for mine, theirs in windows(draft, reference, sure):
            for i in mine:
                compared.setdefault(i, set()).add(r)  # (an anchor is compared already)
            link = Link(mine, theirs, 1.0, sandwiched=True)
            for name, check in CHECKS.items():
                if name == "omission":
                    continue
                for o in check(ctx, link):
                    placed = _narrowed(o, draft, reference, [k for k in mine if k not in sure], theirs)
                    if placed is None:
                        continue
                    where = (min(_draft_sentences(placed, draft.id)), _key(placed, draft.id))
                    if where not in kept:  # seen in the window without the anchors already
                        kept.add(where)
                        candidates.setdefault(r, []).append(placed)
                        shown.setdefault(where, set()).add(r)
    out: list[Observation] = []
    for observations in candidates.values():
        for o in observations:
            where = (min(_draft_sentences(o, draft.id)), _key(o, draft.id))
            agree = shown.get(where, set())
            if len(agree) < 2 or not agree >= compared.get(where[0], set()):
                continue
            if o.kind in CONFIRMS_ONLY and where not in paired:
                continue
            out.append(o)
    return out
