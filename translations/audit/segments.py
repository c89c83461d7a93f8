"""Anchor segments: what a draft says between two places every reference links surely.

The sentence checks (:mod:`translations.audit.checks`) compare a draft sentence only with the sentences a sure link
ties it to. A changed word often costs a sentence exactly that link — in one reference or in all of them — and then
no check ever reads it. This stage reads those places another way, the way Bleualign and Vecalign treat the text
between sure *anchors*, and the way translation QA tools (Xbench's number and key-term checks) compare a segment's
numbers and terms as bags rather than word by word:

1. **anchors**: draft sentences linked 1:1 and surely to a sentence of *every* reference, in the same order in
   each (a greedy increasing chain over the draft's order);
2. **segments**: between two consecutive anchors, the draft's sentences and each reference's sentences say the
   same rules, however each text cut them into sentences; a segment is kept when every side has between one and
   a few usable sentences (no heading, caption or repeated block);
3. **bags compared**: each reference's segment is compared with the draft's as one link, by the very checks the
   sentence pairs use (numbers, glossary terms, modality, negation, comparison and direction, quantifiers and
   agents, conditions, timing, grammatical number);
4. **the references' agreement decides**: a difference is kept only when *every* reference shows it, with the
   same reading on the draft's side (the draft's "4" against every reference; the draft's "immediately" where no
   reference has it). Where the references disagree among themselves it is no evidence at all.

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
#: ...and at most this many on a reference's side (editions cut sentences differently).
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
            sure: Mapping[int, tuple[int, ...]]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Draft sentences without a sure link to ``reference``, grouped between the two sure links around them
    (the anchors), each group with the reference's sentences between the same anchors."""
    anchors = sorted(sure)
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for before, after in pairwise(anchors):
        if after - before < 2:
            continue
        lo, hi = max(sure[before]) + 1, min(sure[after])
        mine = tuple(k for k in range(before + 1, after) if _usable(draft, k))
        theirs = tuple(k for k in range(lo, hi) if _usable(reference, k))
        if 1 <= len(mine) <= MAX_DRAFT_SENTENCES and 1 <= len(theirs) <= MAX_REFERENCE_SENTENCES:
            out[mine] = theirs
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
              mine_all: tuple[int, ...], theirs_all: tuple[int, ...]) -> Observation:
    """The observation placed on the draft sentence it is about, and on the reference sentences it quotes."""
    mine = sorted({i for e, i, _, _ in observation.highlights if e == draft.id})
    theirs = sorted({j for e, j, _, _ in observation.highlights if e == reference.id}) or list(theirs_all)
    if not mine:
        mine = [_closest(draft, mine_all, reference, theirs)]
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
    compared: dict[int, set[str]] = {}
    for r, reference in references.items():
        sure = sure_links(links[r], draft_is_a[r])
        for i in sure:
            compared.setdefault(i, set()).add(r)
        for o in found[r]:
            if o.link is not None and o.kind not in ("omission", "supplement"):
                for i in _draft_sentences(o, draft.id):
                    shown.setdefault((i, _key(o, draft.id)), set()).add(r)
        ctx = PairContext(draft, reference, strict=True)
        for mine, theirs in windows(draft, reference, sure).items():
            for i in mine:
                compared.setdefault(i, set()).add(r)
            link = Link(mine, theirs, 1.0, sandwiched=True)
            for name, check in CHECKS.items():
                if name == "omission":
                    continue
                for o in check(ctx, link):
                    placed = _narrowed(o, draft, reference, mine, theirs)
                    i = min(_draft_sentences(placed, draft.id))
                    if i in sure:
                        continue  # the sentence pair has its say there
                    candidates.setdefault(r, []).append(placed)
                    shown.setdefault((i, _key(placed, draft.id)), set()).add(r)
    out: list[Observation] = []
    for observations in candidates.values():
        for o in observations:
            i = min(_draft_sentences(o, draft.id))
            agree = shown.get((i, _key(o, draft.id)), set())
            if len(agree) >= 2 and agree >= compared.get(i, set()):
                out.append(o)
    return out
