"""Each edition made ready for alignment and checks: sentences, lemmas, features, embeddings — cached by content.

A prepared edition is cached by its own key (:func:`translations.audit.inputs.prepared_key`: its text, the spec,
the code, the lexicons), so re-auditing after editing one file prepares only that file again. The cached form is
plain JSON plus numpy arrays (:func:`to_cache`, :func:`from_cache`): nothing in it can run code when read.

Work is split so the two cores work at once: the sentence encoder loads in a worker process
(:class:`~translations.audit.embeddings.EmbeddingWorker`) while this process segments; each edition's sentences
go to the encoder as soon as they are cut, and the spec, lemma tables and features follow here while it encodes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from translations.audit.alignment import PreparedEdition
from translations.audit.cache import AuditInputs
from translations.audit.features import Features, GlossaryMatcher
from translations.audit.segment import Sentence

#: A concept named in more than this share of an edition's sentences is generic ("player", "points"):
#: translators replace it by pronouns freely, so its absence is no finding.
GENERIC_CONCEPT_SHARE = 0.05
#: Glossary kinds whose absence can change play (things, places, goods). Roles, phases and abstract terms are
#: compared through agents and marker words instead.
CHECKED_CONCEPT_KINDS = frozenset({"component", "area", "resource"})
_SENTENCE_FIELDS = ("index", "block", "section", "kind", "start", "end", "text", "tokens", "lemmas", "repeated", "step")


def to_cache(edition: PreparedEdition) -> dict[str, Any]:
    """The prepared edition as JSON-able values and plain numpy arrays (embeddings, character offsets)."""
    sentences = [
        {**{name: getattr(s, name) for name in _SENTENCE_FIELDS}, "token_spans": [list(t) for t in s.token_spans],
         "offsets": len(s.char_offsets)}
        for s in edition.sentences
    ]
    meta = {
        "id": edition.id, "language": edition.language, "sha256": edition.sha256, "sentences": sentences,
        "features": [f.to_json() for f in edition.features],
        "glossary_concepts": sorted(edition.glossary_concepts), "generic_concepts": sorted(edition.generic_concepts),
        "concept_kinds": edition.concept_kinds, "not_rules": sorted(edition.not_rules), "terms": edition.terms,
        "not_rule_kinds": [[i, k] for i, k in sorted(edition.not_rule_kinds.items())],
    }
    offsets = np.fromiter((o for s in edition.sentences for o in s.char_offsets), dtype=np.int64)
    return {"edition": meta, "embeddings": np.asarray(edition.embeddings, dtype=np.float32), "char_offsets": offsets}


def from_cache(value: Any, path: str, source: str) -> PreparedEdition | None:
    """The inverse of :func:`to_cache`; None for anything that is not a well-formed entry."""
    try:
        meta = value["edition"]
        embeddings = np.asarray(value["embeddings"], dtype=np.float32)
        offsets = np.asarray(value["char_offsets"], dtype=np.int64).tolist()
        sentences = []
        at = 0
        for item in meta["sentences"]:
            count = item["offsets"]
            sentence = Sentence(**{name: item[name] for name in _SENTENCE_FIELDS}, char_offsets=offsets[at : at + count],
                                token_spans=[tuple(t) for t in item["token_spans"]])
            sentence.lemma_keys = [None] * len(sentence.tokens)
            sentences.append(sentence)
            at += count
        if embeddings.shape[0] != len(sentences) or at != len(offsets):
            return None
        return PreparedEdition(
            id=meta["id"], language=meta["language"], path=path, sha256=meta["sha256"], source=source,
            sentences=sentences, features=[Features.from_json(f) for f in meta["features"]], embeddings=embeddings,
            glossary_concepts=frozenset(meta["glossary_concepts"]), generic_concepts=frozenset(meta["generic_concepts"]),
            concept_kinds=dict(meta["concept_kinds"]), not_rules=frozenset(meta["not_rules"]), terms=dict(meta["terms"]),
            not_rule_kinds={int(i): str(k) for i, k in meta["not_rule_kinds"]},
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return None


@dataclass
class _Segmented:
    """An edition's sentences (no lemmas yet) and the future of their embeddings."""

    sentences: list[Sentence]
    embeddings: Any


@dataclass
class Preparation:
    """Editions from the cache, editions under way, and the encoder worker (to close)."""

    prepared: dict[str, PreparedEdition]
    segmented: dict[str, _Segmented]
    worker: Any
    inputs: AuditInputs | None = None
    use_cache: bool = False
    #: Segmented editions whose embeddings have arrived (and been cached).
    embedded: set[str] = field(default_factory=set)
    #: The worker's peak memory in kB, once it is closed.
    peak_worker_kb: int = 0

    def wait_for(self, edition_id: str) -> PreparedEdition:
        """The prepared edition with its embeddings, waiting for the encoder if they are still under way; caches the
        edition once complete, and stops the worker when it has sent the last embeddings."""
        edition = self.prepared[edition_id]
        part = self.segmented.get(edition_id)
        if part is not None and edition_id not in self.embedded:
            edition.embeddings = part.embeddings.result()
            self.embedded.add(edition_id)
            if self.use_cache and self.inputs is not None:
                from translations.audit.cache import blob_put
                from translations.audit.inputs import prepared_key

                blob_put(prepared_key(self.inputs, edition_id), to_cache(edition))
            if self.embedded >= self.segmented.keys():
                self.close()
        return edition

    def close(self) -> None:
        """Stop the encoder worker (if it runs), keeping its peak memory."""
        if self.worker is not None:
            self.peak_worker_kb = self.worker.close()
            self.worker = None


def start(inputs: AuditInputs, edition_ids: Sequence[str], use_cache: bool) -> Preparation:
    """Load what the cache holds; segment the rest and hand their sentences to the encoder at once."""
    from translations.audit.cache import blob_get
    from translations.audit.ingest import ingest
    from translations.audit.inputs import prepared_key
    from translations.audit.segment import segment

    prepared: dict[str, PreparedEdition] = {}
    for edition_id in edition_ids:
        cached = blob_get(prepared_key(inputs, edition_id)) if use_cache else None
        edition = from_cache(cached, str(inputs.paths[edition_id]), inputs.sources[edition_id]) if cached else None
        if edition is not None and edition.id == edition_id and edition.sha256 == inputs.digests[edition_id]:
            prepared[edition_id] = edition
    missing = [e for e in edition_ids if e not in prepared]
    worker = None
    if missing:
        from translations.audit.embeddings import EmbeddingWorker

        worker = EmbeddingWorker()  # loads the encoder while spaCy loads and segments here
    segmented: dict[str, _Segmented] = {}
    for edition_id in missing:
        sentences = segment(ingest(inputs.sources[edition_id]), inputs.languages[edition_id], lemmas=False)
        segmented[edition_id] = _Segmented(sentences, worker.submit([s.text for s in sentences]))  # type: ignore[union-attr]
    _out_of_gc_reach()
    return Preparation(prepared, segmented, worker, inputs, use_cache)


def _out_of_gc_reach() -> None:
    """Move every object alive now out of the cyclic garbage collector's reach (:func:`gc.freeze`).

    spaCy's pipelines, the spec and the prepared sentences live until the audit ends: hundreds of thousands of
    objects that every later collection would walk again while alignment and checks allocate (measured: 0.2 s
    of a cold audit's CPU). Frozen objects are still freed by reference counting.
    """
    import gc

    gc.freeze()


def finish(spec: Any, inputs: AuditInputs, work: Preparation, cited: frozenset[str], lap: Callable[[str], None],
           use_cache: bool, *, wait: bool = True) -> dict[str, PreparedEdition]:
    """Lemmas, glossary concepts and features of each segmented edition, then its embeddings; cache them.

    With ``wait=False`` the embeddings are left to come: the caller takes each edition through
    :meth:`Preparation.wait_for` when it needs its embeddings (the audit aligns the first pairs while the encoder
    still works on the last editions).
    """
    work.use_cache = use_cache
    for edition_id, part in work.segmented.items():
        work.prepared[edition_id] = _prepare_text(spec, inputs, edition_id, part.sentences, edition_id in cited)
    _out_of_gc_reach()
    lap("lemmas, glossary, features")
    if wait:
        for edition_id in work.segmented:
            work.wait_for(edition_id)
        lap("embed (USE), waited for")
    return work.prepared


def term_forms(spec: Any, edition_id: str, language: str, cited: bool) -> dict[str, Any]:
    """Concept -> the glossary term (``Term``) an edition is matched with: its own, or for a draft (an edition
    the spec does not know) the terms of every edition in its language, joined into one term base."""
    from rulespec.model import Term

    out: dict[str, Any] = {}
    for concept in spec.concepts.values():
        if cited:
            if edition_id in concept.terms:
                out[concept.id] = concept.terms[edition_id]
            continue
        same = [t for e, t in concept.terms.items() if getattr(spec.editions.get(e), "language", None) == language]
        if same:
            first = same[0]
            variants = tuple(dict.fromkeys(v for t in same for v in t.variants))
            forms = tuple(dict.fromkeys(f for t in same for f in (t.term, t.plural, *t.forms) if f))
            out[concept.id] = Term(first.term, first.plural, variants, forms, first.gender, False, "", dict(first.cases))
    return out


def _prepare_text(spec: Any, inputs: AuditInputs, edition_id: str, sentences: list[Sentence], cited: bool) -> PreparedEdition:
    """One edition's segmented sentences with lemmas and features (the caller adds the embeddings)."""
    from itertools import chain

    from translations.audit.examples import mark_examples
    from translations.audit.features import sentence_features, table_lookups
    from translations.audit.segment import add_lemmas, lemma_table

    source = inputs.sources[edition_id]
    language = inputs.languages[edition_id]
    terms = term_forms(spec, edition_id, language, cited)
    # Every form this edition looks up in the lemma table, read in one pass over the table (see LemmaTable).
    lemma_table(language).prefetch(chain(
        (key for s in sentences for key in s.lemma_keys if key is not None),
        table_lookups((token for s in sentences for token in s.tokens), language),
        glossary_tokens(terms, language),
    ))
    add_lemmas(sentences, language)
    mark_examples(sentences, language, source)

    matcher = glossary_matcher(spec, terms, language)
    features = [sentence_features(s, language, matcher) for s in sentences]
    not_rule_kind = not_rule_kinds(spec, edition_id, source, sentences) if cited else {}
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
        embeddings=np.zeros((0, 0), dtype=np.float32),  # the caller adds them when the encoder is done
        glossary_concepts=frozenset(c for c in terms if spec.concepts[c].kind in CHECKED_CONCEPT_KINDS),
        generic_concepts=generic,
        concept_kinds={c.id: c.kind for c in spec.concepts.values()},
        not_rules=frozenset(not_rule_kind),
        not_rule_kinds=not_rule_kind,
        terms={concept: term.term for concept, term in terms.items()},
    )


def glossary_tokens(terms: Mapping[str, Any], language: str) -> list[str]:
    """The tokens of every form of ``terms``, as :func:`glossary_matcher`'s pipeline cuts them (the lemma table's
    keys it looks up)."""
    from translations.audit.segment import lemma_pipeline

    forms = [form for term in terms.values() for form in term.all_forms()]
    if not forms:
        return []
    tokenizer = lemma_pipeline(language, forms).tokenizer
    return [token.text for form in forms for token in tokenizer(form)]


def glossary_matcher(spec: Any, terms: Mapping[str, Any], language: str) -> GlossaryMatcher | None:
    """The matcher of an edition's glossary terms (every form, lemmatised too; singular and plural forms told)."""
    from translations.audit.segment import lemma_pipeline

    if not terms:
        return None
    forms = {concept: term.all_forms() for concept, term in terms.items()}
    nlp = lemma_pipeline(language, (form for all_forms in forms.values() for form in all_forms))

    def lemmatize(form: str) -> list[str]:
        return [(t.lemma_ or t.text).lower() for t in nlp(form) if not t.is_space]

    numbers = {concept: grammatical_numbers(term) for concept, term in terms.items()}
    kinds = {c.id: c.kind for c in spec.concepts.values()}
    variants = {concept: term.variants for concept, term in terms.items()}
    return GlossaryMatcher(forms, lemmatize, numbers, kinds, variants)


def grammatical_numbers(term: Any) -> dict[str, str]:
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


def not_rule_kinds(spec: Any, edition_id: str, source: str, sentences: Sequence[Sentence]) -> dict[int, str]:
    """Sentence index -> the kind of the spec's not-rule passage (flavour, caption, credits...) covering at least
    half of it."""
    from translations.sources.citations import quote_span

    spans = []
    for passage in getattr(spec, "not_rules", []):
        if passage.edition == edition_id:
            found = quote_span(source, passage.quote, passage.until)
            if found:
                spans.append((found[0], found[1], passage.kind))
    out: dict[int, str] = {}
    for sentence in sentences:
        covered = {kind: 0 for _, _, kind in spans}
        for s, e, kind in spans:
            covered[kind] += max(0, min(e, sentence.end) - max(s, sentence.start))
        if covered and sum(covered.values()) * 2 >= sentence.end - sentence.start:
            out[sentence.index] = max(covered.items(), key=lambda item: (item[1], item[0]))[0]
    return out
