"""Counterparts through the references: a draft sentence compared with every reference that states it.

In a draft audit each reference is aligned with the draft on its own. A reference that tells a passage in other
sentences than the draft's original (one translator joins two sentences, another moves a clause, a third edition
is a rewrite) often gets no sure link to the draft sentence there, and then it neither confirms nor contradicts
what the draft says: the draft's change shows against one reference only, which is as often a loose wording as a
changed rule, and stays low.

The references, though, are published editions aligned with each other (cached, independent of the draft). When a
draft sentence is surely linked 1:1 with a sentence of reference A, and that sentence of A is surely linked with
sentences of reference B that no draft sentence is surely linked with, those sentences of B are the draft
sentence's counterpart too: the passage reaches B through A. This is the agreement of the references used as
evidence — the draft sentence is compared with each reference's own version of it, so a change shows against every
reference that states the passage, and a difference among the references themselves stays visible as such (their
readings differ, so their agreement is weak). It is what pivot alignment through a third language does in
sentence-alignment work (e.g. Vecalign's multi-parallel use, or "triangulation" in parallel-corpus building).

A pivot link is only as sure as the weaker of its two links, and it is made only where both are at least
:data:`~translations.audit.checks.CHECK_MIN_SCORE` and every reference reached through gives the same sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from translations.audit.alignment import Link

PairLinks = Mapping[tuple[str, str], Sequence[Link]]


def _oriented(links: PairLinks, x: str, y: str) -> list[tuple[tuple[int, ...], tuple[int, ...], float]]:
    """The links of ``x`` and ``y`` as ``(x's sentences, y's sentences, score)``, whichever way they were aligned."""
    if (x, y) in links:
        return [(lk.a, lk.b, lk.score) for lk in links[(x, y)]]
    if (y, x) in links:
        return [(lk.b, lk.a, lk.score) for lk in links[(y, x)]]
    return []


def pivot_links(draft: str, reference: str, links: PairLinks, references: Sequence[str],
                sure: float) -> list[Link]:
    """Links ``(draft sentence,) -> reference sentences`` found through the other references (see the module doc),
    for draft sentences with no sure link to ``reference`` of their own. Oriented draft first."""
    direct = _oriented(links, draft, reference)
    linked_draft = {i for d, r, s in direct if d and r for i in d}
    linked_reference = {j for d, r, s in direct if d and r for j in r}
    found: dict[int, set[tuple[int, ...]]] = {}
    scores: dict[int, float] = {}
    for via in references:
        if via in (draft, reference):
            continue
        onward: dict[int, tuple[tuple[int, ...], float]] = {}
        for v, r, s in _oriented(links, via, reference):
            if len(v) == 1 and len(r) == 1 and s >= sure:
                onward[v[0]] = (r, s)
        for d, v, s in _oriented(links, draft, via):
            if len(d) != 1 or len(v) != 1 or s < sure or d[0] in linked_draft or v[0] not in onward:
                continue
            target, s2 = onward[v[0]]
            if set(target) & linked_reference:
                continue  # the reference's sentence answers another draft sentence already
            found.setdefault(d[0], set()).add(tuple(sorted(target)))
            scores[d[0]] = max(scores.get(d[0], 0.0), min(s, s2))
    return [Link((i,), next(iter(targets)), scores[i])
            for i, targets in sorted(found.items()) if len(targets) == 1]
