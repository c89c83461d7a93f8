"""Building the look-up index of a game (at generation time; the run-time side is `translations.lookup.search`).

The index is two deterministic JSON files per game under `translations/generated/<game>/`: the search file
`lookup-index.json` (everything below but `docs`, plus per document its id, whether it leads its section, its
section number and whether other rules are nested under it: `ids`, `leads`, `section_of`, `parents`) and
`lookup-docs.json` (`{"docs": [...]}`, read only when a rule is shown). Together they hold:

```
{"version": 1, "game": ..., "title": ..., "languages": ["en", "de", "nl"], "views": ["en", "en@en", ...],
 "editions": [{"id": "de", "language": "de", "name": ...}, ...],
 "docs": [{"id": "land.income", "kind": "rule" | "setup",
           "title": {view: str}, "text": {view: str},            # rendered summary per language/edition view
           "passages": [{"edition", "text"}],                    # the cited passage of each edition's text
           "lead": bool, "section": int,                         # first rule of its section?; section number
           "rulings": [{"id", "default", "question": {view: str},
                        "readings": [{"id", "editions", "text": {view: str}}]}]}, ...],
 "sections": [[trigram, ...], ...],                           # character trigrams of each section's titles
 "words": {term: "doc tf doc tf ..."}, "word_lengths": [...],   # BM25 postings, weighted term frequencies
 "grams": {trigram: "doc tf ..."}, "gram_lengths": [...]}      # (strings: decoded only for the query's terms)
```

A *view* is a summary language (`de`: the language's own edition and the spec's default readings) or
`lang@edition` (`en@en-zman`: that edition's terms and readings). Every document is searchable by its id, its
titles and summaries in every view, the glossary terms (all editions, variants, inflected forms) of the concepts
it names or refers to, the title of its section (the rules file's `section:`, or Setup), its quotes in every
edition, and its rulings; see `translations.lookup.search` for the ranking.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from translations.lookup.search import INDEX_VERSION, grams, words
from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.view import ViewBuilder, section_titles

#: Weight of each field in a document's term frequencies (integers keep the JSON compact and exact).
FIELD_WEIGHTS: dict[str, int] = {"id": 2, "title": 3, "section": 2, "terms": 2, "text": 1, "quotes": 1, "ruling": 1}
#: Fields whose character n-grams are indexed (short, distinctive names; long text would only add noise).
GRAM_FIELDS = ("id", "title", "section", "terms")
_CONCEPT = re.compile(r"\{terms?:([a-z0-9_.]+)\}")
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n\s*\n|\f")
PASSAGE_REACH = 240  # characters a passage may extend beyond its quote to reach a sentence boundary
PASSAGE_MAX = 700


def views(spec: Any) -> list[tuple[str, str, str | None]]:
    """`(key, lang, edition)` of every view: each summary language, then each edition in a summary language."""
    found = [(lang, lang, None) for lang in spec.summary_languages]
    for edition in sorted(spec.editions.values(), key=lambda e: e.id):
        if edition.language in spec.summary_languages:
            found.append((f"{edition.language}@{edition.id}", edition.language, edition.id))
    return found


def clean(text: str) -> str:
    """Source text for display: PDF hyphenation joined, whitespace collapsed."""
    text = re.sub(r"(\w)-\s*\n\s*(?=[a-zäöüß])", r"\1", text)
    return " ".join(text.split())


def passage_span(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """The quote at `span` widened to whole sentences (within `PASSAGE_REACH` characters)."""
    start, end = span
    begin = max(0, start - PASSAGE_REACH)
    boundaries = [m.end() for m in _SENTENCE_END.finditer(text, begin, start)]
    begin = boundaries[-1] if boundaries else start
    after = _SENTENCE_END.search(text, end, min(len(text), end + PASSAGE_REACH))
    return begin, after.end() if after else end


def cited_passages(spec: Any, citations: Mapping[str, Any], texts: Mapping[str, str]) -> list[dict[str, str]]:
    """Per edition (in the spec's edition order), the passage(s) an item cites, or the edition's silence."""
    from translations.sources.citations import merge_spans, quote_span, quotes_of

    found: dict[str, str] = {}
    for edition in spec.editions:
        citation = citations.get(edition)
        if citation is None:
            continue
        if isinstance(citation, dict) and "silent" in citation:
            found[edition] = f"({citation['silent']})"
            continue
        parts: list[str] = []
        spans: list[tuple[int, int]] = []
        text = texts.get(edition)
        for quote, until in quotes_of(citation):
            span = quote_span(text, quote, until) if text is not None else None
            if text is not None and span is not None:
                spans.append(passage_span(text, span))
            elif clean(quote) not in parts:
                parts.append(clean(quote))
        if text is not None:
            parts = [clean(text[begin:finish]) for begin, finish in merge_spans(spans)] + parts
        joined = " … ".join(parts)
        found[edition] = joined if len(joined) <= PASSAGE_MAX else joined[: PASSAGE_MAX - 1].rstrip() + "…"
    return [{"edition": edition, "text": text} for edition, text in found.items()]


def quotes(citations: Mapping[str, Any]) -> list[str]:
    from translations.sources.citations import quotes_of

    found = []
    for citation in citations.values():
        for quote, until in quotes_of(citation):
            found.append(quote)
            if until:
                found.append(until)
    return found


def concepts_of(spec: Any, rule: Any, builders: Iterable[ViewBuilder] = ()) -> list[str]:
    """Concepts a rule names — in its title and summary as translated in every language (translations tag glossary
    terms the English msgid writes as plain words) and in the readings of its rulings — or refers to directly or
    through a component/area with a concept; in a fixed order."""
    texts = [rule.title, rule.summary]
    for builder in builders:
        texts += [builder.msg(rule.title), builder.msg(rule.summary)]
    for ruling in spec.rulings.values():
        if ruling.id == rule.ruling or rule.id in ruling.rules:
            texts += [r.summary for r in ruling.readings.values()]
    named = [m.group(1) for t in texts for m in _CONCEPT.finditer(t)]
    for ref in rule.refs:
        item = spec.components.get(ref) or spec.areas.get(ref)
        named.append(item.concept if item is not None and item.concept else ref)
    return [c for c in dict.fromkeys(named) if c in spec.concepts]


def term_forms(spec: Any, concept_id: str) -> list[str]:
    """Every written form of a concept in every edition and language."""
    concept = spec.concepts[concept_id]
    return [form for key in sorted(concept.terms) for form in concept.terms[key].all_forms()]


def read_texts(spec: Any, overrides: Mapping[str, Path] | None = None) -> dict[str, str]:
    """Source texts of the editions that can be read (an unreadable one just yields quotes without context)."""
    from translations.sources.editions import SourceError, read_source

    texts = {}
    for edition in spec.editions:
        try:
            texts[edition] = read_source(spec, edition, overrides)
        except SourceError:
            continue
    return texts


class _PostingsBuilder:
    def __init__(self) -> None:
        self.terms: dict[str, list[int]] = {}
        self.lengths: list[int] = []

    def add(self, doc: int, counts: Counter[str]) -> None:
        for term in sorted(counts):
            self.terms.setdefault(term, []).extend((doc, counts[term]))
        self.lengths.append(sum(counts.values()))

    def as_json(self) -> dict[str, str]:
        """Postings as strings `"doc tf doc tf …"` (see `translations.lookup.search.Postings`)."""
        return {term: " ".join(map(str, self.terms[term])) for term in sorted(self.terms)}


#: Fields whose tokens count once per document however often they occur: a concept's many written forms
#: (every edition, plural, inflections) must not outweigh a title that names it once.
DISTINCT_FIELDS = ("terms",)


def _weighted(fields: Mapping[str, Iterable[str]], tokenise: Any, names: Iterable[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for name in names:
        weight = FIELD_WEIGHTS[name]
        texts = list(dict.fromkeys(fields.get(name, ())))  # identical strings of several views count once
        tokens = [token for text in texts for token in tokenise(text)]
        for token in (dict.fromkeys(tokens) if name in DISTINCT_FIELDS else tokens):
            counts[token] += weight
    return counts


def build_index(spec: Any, overrides: Mapping[str, Path] | None = None,
                translations: Mapping[str, CatalogTranslations] | None = None) -> dict[str, Any]:
    """The look-up index of `spec` as a JSON-ready dict (see module docstring)."""
    texts = read_texts(spec, overrides)
    view_list = views(spec)
    builders = {}
    for key, lang, edition in view_list:
        tr = translations[lang] if translations and lang in translations else translations_for(lang)
        builders[key] = ViewBuilder(spec, lang, edition, html=False, translations=tr)
    base_builders = {lang: builders[lang] for lang in spec.summary_languages}
    docs: list[dict[str, Any]] = []
    word_postings, gram_postings = _PostingsBuilder(), _PostingsBuilder()
    titles = section_titles(spec)
    items = [("setup", step) for step in spec.setup] + [("rule", rule) for rule in spec.rules.values()]
    first_of_file: dict[str, str] = {}
    for rule in spec.rules.values():
        first_of_file.setdefault(rule.file, rule.id)
    leads = set(first_of_file.values())
    section_numbers: dict[str, int] = {}
    section_grams: dict[int, list[str]] = {}
    for number, (kind, rule) in enumerate(items):
        rendered = {key: builder.rule_view(rule, 0, {}) for key, builder in builders.items()}
        doc: dict[str, Any] = {
            "id": rule.id,
            "kind": kind,
            "title": {key: view.title for key, view in rendered.items()},
            "text": {key: view.text for key, view in rendered.items()},
            "passages": cited_passages(spec, rule.citations, texts),
            "lead": rule.id in leads,
            "section": section_numbers.setdefault(rule.file if kind == "rule" else "", len(section_numbers)),
        }
        ruling_texts: list[str] = []
        rulings = []
        for ruling in base_builders[spec.summary_languages[0]].rulings_of(rule):
            question = {key: b.plain_text(ruling.question, capital=True) for key, b in builders.items()}
            readings = []
            for reading in ruling.readings.values():
                params = {**rule.params, **reading.params}
                text = {key: b.fill(reading.summary, params, f"{ruling.id}/{reading.id}")
                        for key, b in builders.items()}
                readings.append({"id": reading.id, "editions": sorted(reading.editions), "text": text})
                ruling_texts += list(text.values())
            rulings.append({"id": ruling.id, "default": ruling.default, "question": question, "readings": readings})
            ruling_texts += list(question.values())
        doc["rulings"] = rulings
        fields = {
            "id": [rule.id.replace(".", " ").replace("_", " ")],
            "title": list(doc["title"].values()),
            "text": list(doc["text"].values()),
            "terms": [form for concept in concepts_of(spec, rule, base_builders.values())
                      for form in term_forms(spec, concept)],
            "section": [b.plain_text(titles.get(rule.file, "Setup" if kind == "setup" else ""), capital=True)
                        for b in builders.values()] if titles.get(rule.file) or kind == "setup" else [],
            "quotes": quotes(rule.citations),
            "ruling": ruling_texts,
        }
        section_grams.setdefault(doc["section"], sorted({g for t in fields["section"] for g in grams(t)}))
        word_postings.add(number, _weighted(fields, words, FIELD_WEIGHTS))
        gram_postings.add(number, _weighted(fields, grams, GRAM_FIELDS))
        docs.append(doc)
    return {
        "version": INDEX_VERSION,
        "game": spec.id,
        "title": spec.title,
        "languages": list(spec.summary_languages),
        "views": [key for key, _, _ in view_list],
        "editions": [{"id": e.id, "language": e.language, "name": e.name} for e in spec.editions.values()],
        "docs": docs,
        "sections": [section_grams[i] for i in range(len(section_numbers))],
        "words": word_postings.as_json(),
        "word_lengths": word_postings.lengths,
        "grams": gram_postings.as_json(),
        "gram_lengths": gram_postings.lengths,
    }


def index_json(index: Mapping[str, Any]) -> str:
    """The search file (`lookup-index.json`): everything but the documents, plus per document its id, whether it
    leads its section and its section number — what ranking needs. Deterministic, compact JSON."""
    head = {k: v for k, v in index.items() if k != "docs"}
    head["ids"] = [doc["id"] for doc in index["docs"]]
    head["leads"] = [doc["lead"] for doc in index["docs"]]
    head["section_of"] = [doc["section"] for doc in index["docs"]]
    ids = set(head["ids"])
    head["parents"] = [any(other.startswith(doc["id"] + ".") for other in ids) for doc in index["docs"]]
    return json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def docs_json(index: Mapping[str, Any]) -> str:
    """The documents file (`lookup-docs.json`): one document per line (document n on line n + 1), so diffs stay
    readable and the look-up can parse just the line of the rule it shows."""
    docs = ",\n".join(json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                      for doc in index["docs"])
    return '{"docs":[\n' + docs + "\n]}\n"
