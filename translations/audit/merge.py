"""From pair observations to passages: what several edition pairs say about one passage becomes one finding.

A *passage* is the set of sentences the alignments join across all editions (union-find over confident links,
:class:`Units`). Observations of one kind about one passage merge into a :class:`Merged` group, which knows which
edition differs from the others (:meth:`Merged.odd_edition`: the one every observation involves) and how many
of the editions it could be compared with show the difference (:meth:`Merged.corroboration`): a change of the
rules in one edition shows against every other edition; a difference one pair alone sees is more often a loose
rewording or an alignment slip.

An omission is void where the passage reaches the edition through other pairs' links (A→C→B shows B has it even
when A→B found no counterpart). A run of sentences at the start or end of a text that no other edition has, in an
edition the spec says prints a supplement, collapses into one ``supplement`` observation. Passages the editions
tell as a worked example are marked (:func:`mark_examples`), so severity can weigh them less.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from translations.audit.alignment import Link, PreparedEdition, align
from translations.audit.checks import Observation, PairContext, run_checks

#: Links below this score do not join sentences into one passage.
UNIT_MIN_SCORE = 0.5
#: At the start or end of a text, a run of at least this many sentences almost all without counterpart is a
#: supplement the other edition does not print.
SUPPLEMENT_MIN_SENTENCES = 10
SUPPLEMENT_MAX_LINKED = 0.25

Node = tuple[str, int]


class Units:
    """Union-find over (edition, sentence) nodes: sentences the alignments join form one passage.

    ``one_to_one`` joins only the sentences of 1:1 links: whether a draft said to lack a sentence has it after
    all is read there (``suspects``: the editions read so). An aligner places a sentence with no counterpart by
    joining it to a neighbour's link (2:1), so through such a link every passage would reach the draft that lacks
    it. Published editions keep the loose reading: their translators join sentences all the time.
    """

    def __init__(self, strict: bool = False, suspects: frozenset[str] = frozenset()) -> None:
        self.parent: dict[Node, Node] = {}
        self.one_to_one: Units | None = None if strict else Units(strict=True)
        self.suspects = suspects

    def find(self, x: Node) -> Node:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, x: Node, y: Node) -> None:
        rx, ry = self.find(x), self.find(y)
        if rx != ry:
            self.parent[max(rx, ry)] = min(rx, ry)

    def members(self) -> dict[Node, list[Node]]:
        """Root -> the sentences of that passage."""
        out: dict[Node, list[Node]] = {}
        for node in list(self.parent):
            out.setdefault(self.find(node), []).append(node)
        return out

    def editions(self) -> dict[Node, set[str]]:
        """Root -> editions with a sentence in that passage."""
        return {root: {e for e, _ in nodes} for root, nodes in self.members().items()}


@dataclass
class Merged:
    """Observations of one kind about one passage, across edition pairs."""

    kind: str
    severity: str
    roots: frozenset[Node] = frozenset()
    observations: list[Observation] = field(default_factory=list)
    sentences: set[Node] = field(default_factory=set)
    raw_spans: set[tuple[str, int, int]] = field(default_factory=set)
    missing_in: set[str] = field(default_factory=set)
    highlights: set[tuple[str, int, int, int]] = field(default_factory=set)
    in_example: bool = False
    numbers: set[int] = field(default_factory=set)
    bears_rule: bool = False
    swap: bool = False
    values: dict[str, str] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    probability: float = 0.0
    present: set[str] = field(default_factory=set)  # editions with a sentence in the passage
    concepts: set[str] = field(default_factory=set)  # glossary concepts the difference is about

    @property
    def observed(self) -> int:
        return len(self.observations)

    def odd_edition(self) -> str | None:
        """The one edition every observation involves (the one that differs from the others), if any."""
        if self.kind == "omission":
            return next(iter(self.missing_in)) if len(self.missing_in) == 1 else None
        counts = Counter(e for o in self.observations for e in set(o.pair))
        odd = [e for e, n in counts.items() if n == len(self.observations)]
        return odd[0] if len(odd) == 1 else None

    def partners(self, edition: str) -> set[str]:
        """The editions an observation compared ``edition`` with."""
        return {e for o in self.observations if edition in o.pair for e in o.pair if e != edition}


def pair_observations(
    spec: Any, a: PreparedEdition, b: PreparedEdition, units: Units
) -> tuple[list[Link], list[Observation]]:
    """Align one pair, run the checks, collapse a missing supplement into one observation."""
    links = align(a, b)
    join(units, a.id, b.id, links)
    observations = run_checks(PairContext(a, b, strict=bool({a.id, b.id} & units.suspects)), links)
    for me, them in ((a, b), (b, a)):
        mine_edition = spec.editions.get(me.id)
        their_edition = spec.editions.get(them.id)
        if not (mine_edition and mine_edition.has_supplement and their_edition and not their_edition.has_supplement):
            continue
        linked = {i for lk in links for i in (lk.a if me is a else lk.b) if (lk.b if me is a else lk.a)}
        for lo, hi in _supplement_runs(me, linked):
            inside = [o for o in observations
                      if o.kind == "omission" and all(ed == me.id and lo <= i <= hi for ed, i in o.spans)]
            if not inside:
                continue
            observations = [o for o in observations if o not in inside]
            first, last = me.sentences[lo], me.sentences[hi]
            message = (f"{me.id} prints a supplement ({hi - lo + 1} sentences) that {them.id} does not include "
                       f"(the spec records that {them.id} has no supplement)")
            observations.append(Observation(
                "supplement", "low", message, [], [them.id], [(me.id, lo)], pair=(a.id, b.id),
                values={me.id: "prints a supplement", them.id: "has none"}, raw=(me.id, first.start, last.end)))
    return links, observations


def join(units: Units, a: str, b: str, links: list[Link]) -> None:
    """Join the sentences of every sure link into one passage."""
    for link in links:
        if link.a and link.b and link.score >= UNIT_MIN_SCORE:
            for i in link.a:
                for j in link.b:
                    units.union((a, i), (b, j))
            if units.one_to_one is not None and len(link.a) == len(link.b) == 1:
                units.one_to_one.union((a, link.a[0]), (b, link.b[0]))


def _supplement_runs(edition: PreparedEdition, linked: set[int]) -> list[tuple[int, int]]:
    """Runs of sentences at the start or end of a text that almost never have a counterpart."""
    active = [s.index for s in edition.sentences if not s.repeated and s.kind not in ("heading", "caption")]
    runs: list[tuple[int, int]] = []
    for ordered in (active, active[::-1]):
        best = 0
        hits = 0
        for n, index in enumerate(ordered, start=1):
            hits += index in linked
            if n >= SUPPLEMENT_MIN_SENTENCES and hits / n <= SUPPLEMENT_MAX_LINKED:
                best = n
        if best:
            chosen = ordered[:best]
            runs.append((min(chosen), max(chosen)))
    return runs


def merge(observations: Iterable[Observation], units: Units) -> list[Merged]:
    """Group observations by kind, subject (:attr:`~translations.audit.checks.Observation.subject`) and passage
    (see the module doc)."""
    groups: dict[tuple[str, str, frozenset[Node]], Merged] = {}
    alike: dict[tuple[str, str], list[Merged]] = {}  # (kind, subject) -> its groups
    present = units.editions()
    strict = units.one_to_one or units
    present_strictly = strict.editions()
    for obs in observations:
        roots = frozenset(units.find(u) for u in obs.units)
        reached = set().union(*(present.get(r, {r[0]}) for r in roots))
        if obs.kind == "omission":
            # A suspect (a draft) lacks the sentence unless 1:1 links lead from it to a sentence of the draft.
            have = set().union(*(present_strictly.get(strict.find(u), {u[0]}) for u in obs.units))
            obs.missing_in = [e for e in obs.missing_in if e not in (have if e in units.suspects else reached)]
            if not obs.missing_in:
                continue
        key = (obs.kind, obs.subject, roots)
        merged = groups.get(key)
        if merged is None:
            # One difference seen through a loose link (a displaced one, not joined into the passage) touches the
            # passage too: a group of the same kind and subject sharing a passage is the same finding.
            merged = next((g for g in alike.get(key[:2], ()) if g.roots & roots), None)
        if merged is None:
            merged = groups[key] = Merged(obs.kind, obs.severity, roots=roots)
            alike.setdefault(key[:2], []).append(merged)
        else:
            groups[key] = merged
            merged.roots = merged.roots | roots
        merged.observations.append(obs)
        merged.present |= reached
        merged.in_example = merged.in_example or obs.in_example
        merged.numbers.update(obs.numbers)
        merged.concepts.update(obs.concepts)
        merged.bears_rule = merged.bears_rule or obs.bears_rule
        merged.swap = merged.swap or obs.swap
        if ("high", "medium", "low").index(obs.severity) < ("high", "medium", "low").index(merged.severity):
            merged.severity = obs.severity
        for edition, value in obs.values.items():
            merged.values.setdefault(edition, value)
        for edition, text in obs.readings.items():
            merged.readings.setdefault(edition, text)
        merged.sentences.update(obs.spans)
        if obs.raw:
            merged.raw_spans.add(obs.raw)
        merged.missing_in.update(obs.missing_in)
        merged.highlights.update(obs.highlights)
    return list({id(g): g for g in groups.values()}.values())


def _told_as_example_elsewhere(node: Node, passage: list[Node], is_example: Any) -> bool:
    """Most of the sentence's counterparts in other editions, and at least two of them, are examples."""
    others = [other for other in passage if other[0] != node[0]]
    examples = sum(map(is_example, others))
    return examples >= 2 and examples * 2 > len(others)


def mark_examples(merged: list[Merged], units: Units, prepared: Mapping[str, PreparedEdition]) -> None:
    """Mark the groups on passages the editions tell as a worked example (``in_example``).

    Editions label and phrase examples differently (one says "Example:", another just tells what Yellow does).
    A sentence whose confident counterparts in other editions are mostly (and at least two) examples is one too,
    and so are the sentences such examples surround in its own edition
    (:func:`translations.audit.examples.mark_by_context`), and a block right after an example that no other
    edition has any of. A passage is an example when most of its sentences are.
    """
    from translations.audit.examples import end_stories, mark_by_context, mark_unmatched_continuations

    members = units.members()

    def is_example(node: Node) -> bool:
        edition, index = node
        return edition in prepared and prepared[edition].sentences[index].kind == "example"

    adopted = [
        node for passage in members.values() for node in passage
        if node[0] in prepared
        and prepared[node[0]].sentences[node[1]].kind not in ("heading", "caption", "example")
        and _told_as_example_elsewhere(node, passage, is_example)
    ]
    for edition_id, index in adopted:
        prepared[edition_id].sentences[index].kind = "example"
    matched = {node for passage in members.values() if len({e for e, _ in passage}) > 1 for node in passage}
    for prepared_edition in prepared.values():
        mark_unmatched_continuations(prepared_edition.sentences, {i for e, i in matched if e == prepared_edition.id})
        mark_by_context(prepared_edition.sentences)
        end_stories(prepared_edition.sentences, prepared_edition.language, prepared_edition.source)
    for m in merged:
        if m.kind == "supplement":
            continue
        passage = [u for root in m.roots for u in members.get(root, [root])]
        if m.in_example or sum(map(is_example, passage)) * 2 > len(passage):
            m.in_example = True
