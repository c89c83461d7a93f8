"""The translation audit: every pair of editions aligned and checked, findings merged, ranked and linked to rules.

Pipeline (each stage its own module):

1. read each edition's source exactly as in its file (:mod:`translations.sources.editions`), refuse unusable files and
   files not written in the edition's language;
2. ingest (:mod:`translations.audit.ingest`) and segment with spaCy (:mod:`translations.audit.segment`);
3. features per sentence: numbers, glossary concepts, marker words (:mod:`translations.audit.features`);
4. embed all sentences once (:mod:`translations.audit.embeddings`), align every pair (:mod:`translations.audit.alignment`);
5. run the checks (:mod:`translations.audit.checks`) on each pair's links;
6. merge observations of one kind about one passage across pairs (the passage is the set of sentences the
   alignments join, across all editions), rank by severity, link each finding to the spec rule whose citations
   overlap its spans, and add the spec's rulings the texts do not show (origin ``spec``).

The result is a plain JSON-able dict (the contract of ``rulespec audit --format json`` plus an ``alignment``
section the reports use), cached by :mod:`translations.audit.cache`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from translations.audit.cache import AuditError, AuditInputs, cache_get, cache_put, collect_inputs

__all__ = ["AuditError", "contract_view", "finding_id", "resolve_pairs", "run_audit"]

SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}
#: Longest text the audit takes: alignment memory grows with the product of two editions' sentence counts,
#: so anything far beyond a rulebook (30-40 k characters) is refused up front, in bounded time and memory.
MAX_AUDIT_CHARS = 1_000_000
#: Links below this score do not join sentences into one passage for merging.
UNIT_MIN_SCORE = 0.5
#: At the start or end of a text, a run of at least this many sentences almost all without counterpart is a
#: supplement the other edition does not print.
SUPPLEMENT_MIN_SENTENCES = 10
SUPPLEMENT_MAX_LINKED = 0.25
#: A concept named in more than this share of an edition's sentences is generic ("player", "points"):
#: translators replace it by pronouns freely, so its absence is no finding.
GENERIC_CONCEPT_SHARE = 0.05
#: Kinds whose finding is raised a level when one edition alone differs from all the others. Marker words and
#: terms are left out: one loose translation drops them everywhere without changing the rules.
CORROBORATED_KINDS = frozenset({"omission", "number", "number_bound", "modality"})
#: Glossary kinds whose absence can change play (things and places). Phases, roles and abstract terms are
#: paraphrased too freely to compare.
CHECKED_CONCEPT_KINDS = frozenset({"component", "area", "resource"})
#: Kinds of finding that say an edition lacks a passage: only these name editions in ``missing_in``.
ABSENCE_KINDS = frozenset({"omission", "supplement"})


@dataclass
class Merged:
    """Observations of one kind about one passage, across edition pairs."""

    kind: str
    severity: str
    observed: int = 0
    messages: list[str] = field(default_factory=list)
    sentences: set[tuple[str, int]] = field(default_factory=set)
    raw_spans: set[tuple[str, int, int]] = field(default_factory=set)
    missing_in: set[str] = field(default_factory=set)
    highlights: set[tuple[str, int, int]] = field(default_factory=set)
    roots: frozenset[tuple[str, int]] = frozenset()
    in_example: bool = False
    values: set[int] = field(default_factory=set)
    bears_rule: bool = False


def _check_language(edition_id: str, language: str, text: str, path: str) -> None:
    """Refuse a file whose function words are not those of the edition's language."""
    from translations.audit.lexicon import languages, lexicon

    stopwords = {lang: lexicon(lang).stopwords for lang in languages()}
    if language not in stopwords:
        return
    words = [w.lower() for w in text[:200_000].split()]
    if len(words) < 20:
        return
    scores = {lang: sum(w in stop for w in words) / len(words) for lang, stop in stopwords.items()}
    best = max(scores, key=lambda k: scores[k])
    if best != language or scores[language] < 0.04:
        raise AuditError(
            f"{path}: edition {edition_id} should be {language} text, but it reads as {best} "
            f"({scores[language]:.0%} {language} function words against {scores[best]:.0%} {best})"
        )


def _segment_missing(
    inputs: AuditInputs, edition_ids: Sequence[str], worker: Any, use_cache: bool = True
) -> tuple[dict[str, Any], dict[str, _Segmented], Any]:
    """Prepared editions from the cache, and the others segmented with their embedding under way.

    A prepared edition is cached by its own content key, so re-auditing after editing one file only prepares
    that file again (and loads no spaCy pipeline for languages it does not need). The encoder process
    ``worker`` is started here if the caller did not (it is returned, to be closed). Segmenting comes first and
    needs neither the spec nor the lemma tables: the sentences reach the encoder process as early as possible,
    and the spec and lemma tables load in this process while it encodes.
    """
    from translations.audit.alignment import PreparedEdition
    from translations.audit.cache import blob_get, edition_key
    from translations.audit.ingest import ingest
    from translations.audit.segment import segment

    prepared: dict[str, PreparedEdition] = {}
    segmented: dict[str, _Segmented] = {}
    for edition_id in edition_ids:
        cached = blob_get(edition_key(inputs, edition_id)) if use_cache else None
        if isinstance(cached, PreparedEdition) and cached.id == edition_id:
            cached.path = str(inputs.paths[edition_id])
            prepared[edition_id] = cached
            continue
        sentences = segment(ingest(inputs.sources[edition_id]), inputs.languages[edition_id], lemmas=False)
        if worker is None:  # a cache entry that was there a moment ago is unreadable after all
            from translations.audit.embeddings import EmbeddingWorker

            worker = EmbeddingWorker()
        # Encode this edition while the next one is segmented.
        segmented[edition_id] = _Segmented(sentences, worker.submit([s.text for s in sentences]))
    return prepared, segmented, worker


@dataclass
class _Segmented:
    """An edition's sentences (no lemmas yet) and the future of their embeddings."""

    sentences: list[Any]
    embeddings: Any


def _finish_prepared(
    spec: Any, inputs: AuditInputs, prepared: dict[str, Any], segmented: Mapping[str, _Segmented], lap: Any,
    use_cache: bool,
) -> None:
    """Lemmas, glossary concepts and features of each segmented edition, then its embeddings; cache them."""
    from translations.audit.cache import blob_put, edition_key

    for edition_id, part in segmented.items():
        prepared[edition_id] = _prepare_text(spec, inputs, edition_id, part.sentences)
    lap("lemmas, glossary, features")
    for edition_id, part in segmented.items():
        prepared[edition_id].embeddings = part.embeddings.result()
    lap("embed (USE), waited for")
    if use_cache:
        for edition_id in segmented:
            blob_put(edition_key(inputs, edition_id), prepared[edition_id])


def _has_prepared(inputs: AuditInputs, edition_id: str) -> bool:
    from translations.audit.cache import cache_dir, edition_key

    return (cache_dir() / f"edition-{edition_key(inputs, edition_id)}.pickle").is_file()


def _prepare_text(spec: Any, inputs: AuditInputs, edition_id: str, sentences: list[Any]) -> Any:
    """One edition's segmented sentences with lemmas and features (the caller adds the embeddings)."""
    from translations.audit.alignment import PreparedEdition
    from translations.audit.examples import mark_examples
    from translations.audit.features import GlossaryMatcher, sentence_features
    from translations.audit.segment import _lemma_pipeline, add_lemmas

    source = inputs.sources[edition_id]
    language = inputs.languages[edition_id]
    nlp = _lemma_pipeline(language)
    add_lemmas(sentences, language)
    mark_examples(sentences, language, source)

    def lemmatize(form: str) -> list[str]:
        return [(t.lemma_ or t.text).lower() for t in nlp(form) if not t.is_space]

    forms = {
        concept.id: concept.terms[edition_id].all_forms()
        for concept in spec.concepts.values()
        if edition_id in concept.terms
    }
    numbers = {
        concept.id: _grammatical_numbers(concept.terms[edition_id])
        for concept in spec.concepts.values()
        if edition_id in concept.terms
    }
    kinds = {c.id: c.kind for c in spec.concepts.values()}
    matcher = GlossaryMatcher(forms, lemmatize, numbers, kinds) if forms else None
    features = [sentence_features(s, language, matcher) for s in sentences]
    not_rules = _not_rule_sentences(spec, edition_id, source, sentences)
    named = [c for f in features for c in f.concepts]
    generic = frozenset(c for c in set(named) if named.count(c) > GENERIC_CONCEPT_SHARE * max(1, len(sentences)))
    return PreparedEdition(
        id=edition_id,
        language=language,
        path=str(inputs.paths[edition_id]),
        sha256=inputs.digests[edition_id],
        source=source,
        sentences=sentences,
        features=features,
        embeddings=None,  # type: ignore[arg-type]  # filled by _prepare, in one batch for all editions
        glossary_concepts=frozenset(c for c in forms if spec.concepts[c].kind in CHECKED_CONCEPT_KINDS),
        generic_concepts=generic,
        concept_kinds={c.id: c.kind for c in spec.concepts.values()},
        not_rules=not_rules,
        terms={c.id: c.terms[edition_id].term for c in spec.concepts.values() if edition_id in c.terms},
    )


def _grammatical_numbers(term: Any) -> dict[str, str]:
    """Form -> "sg" / "pl" for the forms of a glossary term whose number the glossary tells."""
    out = {term.term: "sg"}
    if term.plural and term.plural != term.term:
        out[term.plural] = "pl"
    for case, form in term.cases.items():
        number = "pl" if "_pl" in case else "sg" if "_sg" in case else None
        if number and out.get(form, number) == number:
            out[form] = number
        elif number:
            out.pop(form, None)
    return out


def _not_rule_sentences(spec: Any, edition_id: str, source: str, sentences: Sequence[Any]) -> frozenset[int]:
    """Sentences at least half covered by the spec's ``not_rules`` passages of this edition."""
    from translations.sources.citations import quote_span

    spans = []
    for passage in getattr(spec, "not_rules", []):
        if passage.edition == edition_id:
            found = quote_span(source, passage.quote, passage.until)
            if found:
                spans.append(found)
    out = set()
    for sentence in sentences:
        covered = sum(max(0, min(e, sentence.end) - max(s, sentence.start)) for s, e in spans)
        if covered * 2 >= sentence.end - sentence.start:
            out.add(sentence.index)
    return frozenset(out)


class _Units:
    """Union-find over (edition, sentence) nodes: sentences the alignments join form one passage."""

    def __init__(self) -> None:
        self.parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(self, x: tuple[str, int]) -> tuple[str, int]:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def editions(self) -> dict[tuple[str, int], set[str]]:
        """Root -> editions with a sentence in that passage."""
        out: dict[tuple[str, int], set[str]] = {}
        for node in list(self.parent):
            out.setdefault(self.find(node), set()).add(node[0])
        return out

    def union(self, x: tuple[str, int], y: tuple[str, int]) -> None:
        rx, ry = self.find(x), self.find(y)
        if rx != ry:
            self.parent[max(rx, ry)] = min(rx, ry)


def _supplement_runs(edition: Any, linked: set[int]) -> list[tuple[int, int]]:
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


def _pair_observations(spec: Any, a: Any, b: Any, units: _Units) -> tuple[list[Any], list[Any]]:
    """Align one pair, run the checks, collapse a missing supplement into one observation."""
    from translations.audit.alignment import align
    from translations.audit.checks import Observation, PairContext, run_checks

    links = align(a, b)
    for link in links:
        if link.a and link.b and link.score >= UNIT_MIN_SCORE:
            for i in link.a:
                for j in link.b:
                    units.union((a.id, i), (b.id, j))
    observations = run_checks(PairContext(a, b), links)
    for me, them in ((a, b), (b, a)):
        if not (spec.editions[me.id].has_supplement and not spec.editions[them.id].has_supplement):
            continue
        linked = {i for lk in links for i in (lk.a if me is a else lk.b) if (lk.b if me is a else lk.a)}
        for lo, hi in _supplement_runs(me, linked):
            inside = [
                o for o in observations
                if o.kind == "omission" and all(ed == me.id and lo <= i <= hi for ed, i in o.spans)
            ]
            if not inside:
                continue
            observations = [o for o in observations if o not in inside]
            first, last = me.sentences[lo], me.sentences[hi]
            message = (
                f"{me.id} prints a supplement ({hi - lo + 1} sentences) that {them.id} does not include "
                f"(the spec records that {them.id} has no supplement)"
            )
            obs = Observation("supplement", "low", message, [], [them.id], [(me.id, lo)])
            obs.raw = (me.id, first.start, last.end)  # type: ignore[attr-defined]
            observations.append(obs)
    return links, observations


def _merge(observations: Iterable[Any], units: _Units) -> list[Merged]:
    """Group observations by kind and passage; an omission is void where the passage reaches that edition
    through other pairs' links (A→C→B shows B has it even when A→B found no counterpart)."""
    groups: dict[tuple[str, frozenset[tuple[str, int]]], Merged] = {}
    present = units.editions()
    for obs in observations:
        roots = frozenset(units.find(u) for u in obs.units)
        if obs.kind == "omission":
            reached = set().union(*(present.get(r, set()) for r in roots))
            obs.missing_in = [e for e in obs.missing_in if e not in reached]
            if not obs.missing_in:
                continue
        key = (obs.kind, roots)
        merged = groups.get(key)
        if merged is None:
            merged = groups[key] = Merged(obs.kind, obs.severity, roots=roots)
        merged.observed += 1
        merged.in_example = merged.in_example or obs.in_example
        merged.values.update(getattr(obs, "values", ()))
        merged.bears_rule = merged.bears_rule or getattr(obs, "bears_rule", True)
        if SEVERITY_ORDER[obs.severity] < SEVERITY_ORDER[merged.severity]:
            merged.severity = obs.severity
        if obs.message not in merged.messages:
            merged.messages.append(obs.message)
        merged.sentences.update(obs.spans)
        raw = getattr(obs, "raw", None)
        if raw:
            merged.raw_spans.add(raw)
        merged.missing_in.update(obs.missing_in)
        merged.highlights.update((ed, i, t0 * 1_000_000 + t1) for ed, i, t0, t1 in obs.highlights)
    return list(groups.values())


def _told_as_example_elsewhere(node: tuple[str, int], passage: list[tuple[str, int]], is_example: Any) -> bool:
    """Most of the sentence's counterparts in other editions, and at least two of them, are examples."""
    others = [other for other in passage if other[0] != node[0]]
    examples = sum(map(is_example, others))
    return examples >= 2 and examples * 2 > len(others)


def _weigh_examples(merged: list[Merged], units: _Units, prepared: Mapping[str, Any]) -> None:
    """A difference in a passage that the editions tell as a worked example weighs one level less.

    Editions label and phrase examples differently (one says "Example:", another just tells what Yellow does).
    A sentence whose confident counterparts in other editions are mostly (and at least two) examples is one too, and so
    are the sentences such examples surround in its own edition (:func:`translations.audit.examples.mark_by_context`),
    and a block right after an example that no other edition has any of.
    A passage — the sentences the alignments join across editions — is an example when most of its sentences
    are (one edition's example beside another's rule is more often a layout accident than a shared example).
    """
    from translations.audit.examples import mark_by_context, mark_unmatched_continuations

    levels = list(SEVERITY_ORDER)
    members: dict[tuple[str, int], list[tuple[str, int]]] = {}
    for unit in list(units.parent):
        members.setdefault(units.find(unit), []).append(unit)

    def is_example(node: tuple[str, int]) -> bool:
        edition, index = node
        return edition in prepared and prepared[edition].sentences[index].kind == "example"

    adopted = [
        node
        for passage in members.values()
        for node in passage
        if node[0] in prepared
        and prepared[node[0]].sentences[node[1]].kind not in ("heading", "caption", "example")
        and _told_as_example_elsewhere(node, passage, is_example)
    ]
    for edition, index in adopted:
        prepared[edition].sentences[index].kind = "example"
    matched = {node for passage in members.values() if len({e for e, _ in passage}) > 1 for node in passage}
    for edition in prepared.values():
        mark_unmatched_continuations(edition.sentences, {i for e, i in matched if e == edition.id})
        mark_by_context(edition.sentences)
    for m in merged:
        if m.kind == "supplement":
            continue
        passage = [u for root in m.roots for u in members.get(root, [root])]
        if m.in_example or sum(map(is_example, passage)) * 2 > len(passage):
            m.in_example = True
            m.severity = levels[min(len(levels) - 1, SEVERITY_ORDER[m.severity] + 1)]
            m.messages = [text + " (in a worked example)" for text in m.messages]


def _weigh_agreement(merged: list[Merged], editions: int) -> None:
    """With three or more editions, a difference only one pair shows weighs one level less, and an omission
    several pairs agree on one level more.

    A difference one edition shows against every other edition (it alone lacks something) also weighs one level
    more. A real change of the rules in one edition shows against every other edition; a difference seen by a
    single pair is more often a loose rewording or an alignment slip. An omitted sentence is raised only when it
    states a number, a modal verb, a negation, a condition or a quantifier: one edition's explanation ("this
    number decides the turn order") is missing from all the others just as consistently, and changes nothing.
    """
    levels = list(SEVERITY_ORDER)
    for m in merged:
        if m.kind == "supplement":
            continue
        if m.observed == 1:
            m.severity = levels[min(len(levels) - 1, SEVERITY_ORDER[m.severity] + 1)]
        elif m.in_example or (m.kind == "omission" and not m.bears_rule):
            continue  # an example or an explanation told differently by several editions is still one
        elif (m.kind == "omission" and m.observed >= 2) or (
            m.kind in CORROBORATED_KINDS and len(m.missing_in) == 1 and m.observed >= editions - 1
        ):
            m.severity = levels[max(0, SEVERITY_ORDER[m.severity] - 1)]


def _message(m: Merged, prepared: Mapping[str, Any]) -> str:
    """One readable message for a merged finding."""
    if m.kind == "omission":
        quotes = []
        for edition, index in sorted(m.sentences):
            text = " ".join(prepared[edition].sentences[index].text.split())
            quotes.append(f"{edition}: “{text if len(text) <= 120 else text[:119] + '…'}”")
        return "; ".join(quotes[:4]) + f" — no counterpart in {', '.join(sorted(m.missing_in))}"
    if len(m.messages) > 3:
        return " | ".join(m.messages[:3]) + f" | (+{len(m.messages) - 3} more pairs)"
    return " | ".join(m.messages)


def _weigh_rule_links(findings: list[dict[str, Any]]) -> None:
    """A difference in a passage no rule of the spec cites (flavour, an example, a reminder) weighs one level
    less: the spec's citations say where the rules are."""
    levels = list(SEVERITY_ORDER)
    for finding in findings:
        if finding["rule"] is None and finding["kind"] != "supplement":
            finding["severity"] = levels[min(len(levels) - 1, SEVERITY_ORDER[finding["severity"]] + 1)]


def _rule_numbers(value: Any) -> set[int]:
    """Every integer in a rule's parameters (nested lists and maps included; booleans are no numbers)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_rule_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_rule_numbers(v) for v in value)) if value else set()
    return set()


def _weigh_rule_numbers(spec: Any, findings: list[dict[str, Any]]) -> None:
    """A number one edition leaves out weighs one level less when it is none of the linked rule's parameters.

    "Follow the process for the other 3 actions" against "for each remaining action" leaves out a count the
    rule does not depend on; "draw 3 cards" against "draw cards" leaves out the rule's own parameter. The spec
    holds every number of every rule, so it tells the two apart.
    """
    levels = list(SEVERITY_ORDER)
    for finding in findings:
        if finding["kind"] != "number_missing" or not finding["rule"] or finding["severity"] == "low":
            continue
        if not set(finding.get("_values", ())) & _rule_numbers(spec.rule(finding["rule"]).params):
            finding["severity"] = levels[min(len(levels) - 1, SEVERITY_ORDER[finding["severity"]] + 1)]


def _rule_intervals(spec: Any, sources: Mapping[str, str]) -> dict[str, list[tuple[int, int, str]]]:
    """Per edition, ``(start, end, rule id)`` of every quote of every rule and setup step."""
    from translations.sources.citations import quote_span, quotes_of

    out: dict[str, list[tuple[int, int, str]]] = {e: [] for e in sources}
    for rule in [*spec.setup, *spec.rules.values()]:
        for edition, citation in rule.citations.items():
            if edition not in sources:
                continue
            for quote, until in quotes_of(citation):
                span = quote_span(sources[edition], quote, until)
                if span:
                    out[edition].append((span[0], span[1], rule.id))
    return out


def _link_rule(spans: list[dict[str, Any]], intervals: Mapping[str, list[tuple[int, int, str]]]) -> str | None:
    """The rule whose citations overlap the spans most (ties: the tighter citation)."""
    overlap: dict[str, int] = {}
    width: dict[str, int] = {}
    for span in spans:
        for start, end, rule_id in intervals.get(span["edition"], ()):
            common = min(end, span["end"]) - max(start, span["start"])
            if common > 0:
                overlap[rule_id] = overlap.get(rule_id, 0) + common
                width[rule_id] = min(width.get(rule_id, 1 << 30), end - start)
    if not overlap:
        return None
    return min(overlap, key=lambda r: (-overlap[r], width[r], r))


def finding_id(kind: str, spans: Iterable[Mapping[str, Any]]) -> str:
    """A stable id: a hash of the kind and the sorted spans."""
    key = kind + "|" + ";".join(sorted(f"{s['edition']}:{s['start']}-{s['end']}" for s in spans))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def _span(edition: str, source: str, start: int, end: int) -> dict[str, Any]:
    return {"edition": edition, "start": start, "end": end, "text": source[start:end]}


def _weigh_rulings(spec: Any, findings: list[dict[str, Any]]) -> set[str]:
    """Raise text findings that match a ruling of the spec to the ruling's impact; return the rulings shown.

    A finding matches a ruling of its rule when the editions it says lack something are exactly the editions
    of one reading (or of all the others) among the editions it involves: the texts show the disagreement the
    spec records, so the spec's judgement of its impact on play applies. A ruling is also shown by any finding
    of medium or high severity on its rules.
    """
    shown: set[str] = set()
    by_rule: dict[str, list[Any]] = {}
    for ruling in spec.rulings.values():
        for rule_id in ruling.rules:
            by_rule.setdefault(rule_id, []).append(ruling)
    for finding in findings:
        if not finding["rule"]:
            continue
        own = spec.rule(finding["rule"]).ruling
        differs = finding.get("_differs", finding["missing_in"])
        involved = {s["edition"] for s in finding["spans"]} | set(differs)
        lacking = set(differs) & involved
        for ruling in by_rule.get(finding["rule"], []):
            matches = bool(lacking) and any(
                lacking == set(r.editions) & involved or involved - lacking == set(r.editions) & involved
                for r in ruling.readings.values()
            )
            if matches:
                shown.add(ruling.id)
                if finding["kind"] not in CORROBORATED_KINDS | {"number_missing"}:
                    continue  # a term or marker word on one side matches by chance more often than not
                if finding["kind"] == "number_missing" and finding["severity"] == "low":
                    continue  # a 1 or 2 left implicit ("a", "one or more", "both") is no sign of the disagreement
                impact = ruling.impact if ruling.impact in SEVERITY_ORDER else "medium"
                if SEVERITY_ORDER[impact] < SEVERITY_ORDER[finding["severity"]]:
                    finding["severity"] = impact
            elif ruling.id == own and finding["severity"] in ("high", "medium"):
                shown.add(ruling.id)
    return shown


def _spec_findings(spec: Any, sources: Mapping[str, str], shown: set[str]) -> list[dict[str, Any]]:
    """Rulings of the spec that no text finding shows: reported with origin ``spec``."""
    from translations.sources.citations import quote_span, quotes_of

    out: list[dict[str, Any]] = []
    for ruling in spec.rulings.values():
        if ruling.id in shown:
            continue
        spans: list[dict[str, Any]] = []
        stating: set[str] = set()
        for reading in ruling.readings.values():
            stating.update(reading.editions)
            for edition, citation in reading.citations.items():
                if edition not in sources:
                    continue
                for quote, until in quotes_of(citation):
                    found = quote_span(sources[edition], quote, until)
                    if found:
                        spans.append(_span(edition, sources[edition], *found))
        readings = "; ".join(
            f"{r.id} ({', '.join(r.editions) or 'no edition'}): {r.summary}" for r in ruling.readings.values()
        )
        message = f"Ruling {ruling.id}: {ruling.question} Readings: {readings}. Default: {ruling.default}."
        spans = sorted({(s["edition"], s["start"], s["end"]): s for s in spans}.values(), key=_span_key(spec))
        out.append(
            {
                "id": finding_id("ruling:" + ruling.id, spans),
                "kind": "ruling",
                "severity": ruling.impact if ruling.impact in SEVERITY_ORDER else "medium",
                "origin": "spec",
                "rule": ruling.rules[0] if ruling.rules else None,
                "message": message,
                "spans": spans,
                "missing_in": sorted(e for e in sources if e not in stating),
            }
        )
    return out


def _span_key(spec: Any) -> Any:
    order = {e: n for n, e in enumerate(spec.editions)}
    return lambda s: (order.get(s["edition"], 99), s["start"], s["end"])


def _findings(spec: Any, prepared: Mapping[str, Any], merged: list[Merged]) -> list[dict[str, Any]]:
    sources = {e: p.source for e, p in prepared.items()}
    intervals = _rule_intervals(spec, sources)
    out: list[dict[str, Any]] = []
    for m in merged:
        spans = [
            _span(ed, sources[ed], prepared[ed].sentences[i].start, prepared[ed].sentences[i].end)
            for ed, i in sorted(m.sentences)
        ]
        spans += [_span(ed, sources[ed], s, e) for ed, s, e in sorted(m.raw_spans)]
        spans = sorted({(s["edition"], s["start"], s["end"]): s for s in spans}.values(), key=_span_key(spec))
        highlights = []
        for ed, i, packed in sorted(m.highlights):
            t0, t1 = divmod(packed, 1_000_000)
            sentence = prepared[ed].sentences[i]
            if t0 < len(sentence.token_spans) and t1 - 1 < len(sentence.token_spans):
                start, end = sentence.source_span(sentence.token_spans[t0][0], sentence.token_spans[t1 - 1][1])
                highlights.append([ed, start, end])
        rule = _link_rule(spans, intervals)
        message = _message(m, prepared)
        if rule and spec.rule(rule).ruling:
            message += f" [ruling {spec.rule(rule).ruling}]"
        out.append(
            {
                "id": finding_id(m.kind, spans),
                "kind": m.kind,
                "severity": m.severity,
                "origin": "text",
                "rule": rule,
                "message": message,
                "spans": spans,
                # Only an omission (or a supplement) says an edition lacks the passage; a number or a modal verb
                # that differs is there in every edition, so its finding names no edition as missing.
                "missing_in": sorted(m.missing_in) if m.kind in ABSENCE_KINDS else [],
                "_differs": sorted(m.missing_in),  # the edition(s) that differ from the others, for rulings
                "_values": sorted(m.values),  # numbers left out (number_missing), for the rule's parameters
                "_highlights": highlights,
            }
        )
    return out


def _sort(findings: list[dict[str, Any]], spec: Any) -> list[dict[str, Any]]:
    key = _span_key(spec)
    return sorted(
        findings,
        key=lambda f: (
            SEVERITY_ORDER[f["severity"]],
            f["origin"] != "text",
            key(f["spans"][0]) if f["spans"] else (99, 0, 0),
            f["kind"],
            f["id"],
        ),
    )


def resolve_pairs(edition_ids: Sequence[str], pairs: Sequence[str] | None) -> list[tuple[str, str]]:
    """``["en,de"]`` → ``[("en", "de")]``; all pairs in edition order when none are given."""
    if len(edition_ids) < 2:
        raise AuditError(f"an audit compares editions, and this game has only {', '.join(edition_ids) or 'none'}")
    if not pairs:
        return list(combinations(edition_ids, 2))
    out: list[tuple[str, str]] = []
    for item in pairs:
        parts = [p.strip() for p in item.split(",")]
        if len(parts) != 2 or not all(parts) or parts[0] == parts[1]:
            raise AuditError(f"--pair expects two different edition ids as A,B, got {item!r}")
        for part in parts:
            if part not in edition_ids:
                raise AuditError(f"--pair {item}: unknown edition {part!r} (editions: {', '.join(edition_ids)})")
        if (parts[0], parts[1]) not in out:
            out.append((parts[0], parts[1]))
    return out


def run_audit(
    game: str | Path,
    overrides: Mapping[str, Path] | None = None,
    pairs: Sequence[str] | None = None,
    use_cache: bool = True,
) -> dict[str, Any]:
    """Audit a game's editions; the result dict is what every report renders.

    Raises :class:`AuditError` with a user-facing message for unusable input.
    """
    inputs = collect_inputs(game, overrides or {})
    selected = resolve_pairs(inputs.edition_ids, pairs)
    key = inputs.key(selected)
    if use_cache:
        cached = cache_get(key)
        if cached is not None:
            cached.pop("_key", None)
            return cached
    for edition_id in inputs.edition_ids:
        text = inputs.sources[edition_id]
        if len(text) > MAX_AUDIT_CHARS:
            raise AuditError(
                f"{inputs.paths[edition_id]}: edition {edition_id} has {len(text):,} characters; the audit aligns "
                f"rulebooks of up to {MAX_AUDIT_CHARS:,} (a rulebook text is tens of thousands)"
            )
        _check_language(edition_id, inputs.languages[edition_id], text, str(inputs.paths[edition_id]))
    result = _compute(inputs, selected, use_cache)
    if use_cache:
        cache_put(key, result)
    return result


def _load_spec_or_texts_only(inputs: AuditInputs) -> tuple[Any, list[str]]:
    """The game's spec, or a stand-in without glossary and rules (and a warning) when it is not valid."""
    from rulespec.model import load_spec
    from rulespec.problems import SpecError

    try:
        return load_spec(inputs.folder), []
    except SpecError as exc:
        # The texts can still be compared; only the glossary, rule links and rulings are lost. Say so.
        problems = getattr(exc, "problems", [])
        first = str(problems[0]) if problems else str(exc)
        warning = (
            f"the spec of {inputs.game} is not valid ({len(problems) or 1} problem(s), first: {first}); audited the "
            "texts without glossary, rule links or rulings — run `rulespec validate`"
        )
        return _TextOnlySpec.from_inputs(inputs), [warning]


def _compute(inputs: AuditInputs, selected: list[tuple[str, str]], use_cache: bool = True) -> dict[str, Any]:
    timings: dict[str, float] = {}
    lap = _Laps(timings)

    taking_part = [e for e in inputs.edition_ids if any(e in pair for pair in selected)]
    worker = None
    if not use_cache or not all(_has_prepared(inputs, e) for e in taking_part):
        from translations.audit.embeddings import EmbeddingWorker

        worker = EmbeddingWorker()  # start loading the encoder now: it loads while spaCy loads and segments
    try:
        prepared, segmented, worker = _segment_missing(inputs, taking_part, worker, use_cache)
        lap("ingest, segment (spaCy)")
        spec, warnings = _load_spec_or_texts_only(inputs)
        lap("load spec")
        _finish_prepared(spec, inputs, prepared, segmented, lap, use_cache)
    finally:
        if worker is not None:
            lap.peak_worker_kb = worker.close()  # type: ignore[attr-defined]
    units = _Units()
    observations: list[Any] = []
    alignment: list[dict[str, Any]] = []
    for a_id, b_id in selected:
        links, obs = _pair_observations(spec, prepared[a_id], prepared[b_id], units)
        observations.extend(obs)
        alignment.append(
            {
                "a": a_id,
                "b": b_id,
                "links": [[list(lk.a), list(lk.b), round(lk.score, 4), lk.displaced] for lk in links],
            }
        )
    lap("align and check")
    merged = _merge(observations, units)
    _weigh_examples(merged, units, prepared)
    if len(taking_part) >= 3:
        _weigh_agreement(merged, len(taking_part))
    findings = _findings(spec, prepared, merged)
    if spec.rules:
        _weigh_rule_links(findings)
        _weigh_rule_numbers(spec, findings)
    shown = _weigh_rulings(spec, findings)
    findings += _spec_findings(spec, {e: prepared[e].source for e in taking_part}, shown)
    findings = _sort(findings, spec)
    lap("merge, rank and link")
    import resource

    timings["peak MB, main process"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    timings["peak MB, encoder process"] = round(getattr(lap, "peak_worker_kb", 0) / 1024, 1)
    return {
        "warnings": warnings,
        "timings": timings,
        "game": spec.id,
        "editions": [
            {"id": e, "language": inputs.languages[e], "path": str(inputs.paths[e]), "sha256": inputs.digests[e]}
            for e in taking_part
        ],
        "findings": findings,
        "alignment": {
            "pairs": alignment,
            "sentences": {
                e: [[s.start, s.end, s.kind, s.text] for s in prepared[e].sentences] for e in taking_part
            },
        },
    }


class _Laps:
    """Stage timer: ``lap("stage")`` records the seconds since the previous lap."""

    def __init__(self, timings: dict[str, float]) -> None:
        import time

        self.timings = timings
        self.clock = time.perf_counter()
        self.peak_worker_kb = 0

    def __call__(self, stage: str) -> None:
        import time

        now = time.perf_counter()
        self.timings[stage] = round(now - self.clock, 3)
        self.clock = now


@dataclass
class _TextOnlySpec:
    """What the audit needs of a spec when the spec itself does not validate: the editions, nothing else."""

    id: str
    editions: dict[str, Any]
    concepts: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    setup: list[Any] = field(default_factory=list)
    rulings: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_inputs(cls, inputs: AuditInputs) -> _TextOnlySpec:
        from types import SimpleNamespace

        from translations.audit.cache import _editions

        editions = {
            str(e["id"]): SimpleNamespace(id=str(e["id"]), has_supplement=bool(e.get("has_supplement", False)))
            for e in _editions(inputs.folder)
        }
        return cls(id=inputs.folder.name, editions=editions)

    def rule(self, rule_id: str) -> Any:
        raise KeyError(rule_id)


def contract_view(result: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON contract (audit-findings.schema.json): game, editions, findings without internal keys."""
    return {
        "game": result["game"],
        "editions": [dict(e) for e in result["editions"]],
        "findings": [{k: v for k, v in f.items() if not k.startswith("_")} for f in result["findings"]],
    }
