"""Building the look-up index of a game (at generation time; the run-time side is `translations.lookup.search`).

The index is two deterministic JSON files per game under `translations/generated/<game>/`: the search file
`lookup-index.json` (everything below but `docs`, plus per document what ranking needs: `ids`, `leads`,
`section_of`, `parents`, `answers`, `setup`) and `lookup-docs.json` (`{"docs": [...]}`, read only when a rule is
shown). Together they hold:

```
{"version": 4, "game": ..., "title": ..., "languages": ["en", "de", "nl"], "views": ["en", "en@en", ...],
 "editions": [{"id": "de", "language": "de", "name": ...}, ...],
 "lexicon": {...},                                             # translations/lookup/lexicon.yaml, compiled
 "docs": [{"id": "land.income", "kind": "rule" | "setup",
           "title": {view: str}, "text": {view: str},            # rendered summary per language/edition view
           "passages": [{"edition", "text"}],                    # the cited passage of each edition's text
           "lead": bool, "section": int,                         # first rule of its section?; section number
           "answers": [kind, ...],                               # kinds of question the rule answers
           "unprinted": [{"param", "provenance",                   # its values no rulebook prints,
                          "name": {view: str}, "value": {view: str},   # named, shown and explained per view,
                          "reason": {view: str},
                          "english": {view: [field, ...]}}],     # (fields with no translation in a view)
           "rulings": [{"id", "default", "question": {view: str},
                        "readings": [{"id", "editions", "text": {view: str}, "sets": [param, ...],
                                      "unprinted": [...]}]}]}, ...],
 "sections": [[trigram, ...], ...],                           # character trigrams of each section's titles
 "only": {lang: "stem stem ..."},                             # stems only that language's texts use
 "vocabulary": {lang: "stem stem ..."},                       # stems that language's texts use
 "counted": ["stem stem ...", ...],                           # per document, what its title and summary count
 "concepts": ["stem stem ...", ...],                          # per concept, the stems of its glossary terms
 "doc_concepts": [[concept, ...], ...],                       # per document, the concepts it names (numbers)
 "titles": ["stem stem=part+part|stem ...", ...],             # per document, its titles' words, view by view
 "said": ["stem stem ...", ...],                              # per document, the stems its titles and summaries say
 "lemmas": {lang: "form:stem form:stem ..."},                 # inflected forms → their lemma's stem (spaCy)
 "words": {stem: "doc tf doc tf ..."}, "word_lengths": [...],   # BM25 postings, weighted term frequencies
 "grams": {trigram: "doc tf ..."}, "gram_lengths": [...]}      # (strings: decoded only for the query's terms)
```

A *view* is a summary language (`de`: the language's own edition and the spec's default readings) or
`lang@edition` (`en@en-zman`: that edition's terms and readings). Every document is searchable by its id, its
titles and summaries in every view, the glossary terms (all editions, variants, inflected forms) of the concepts
it names or refers to, the title of its section (the rules file's `section:`, or Setup), its quotes in every
edition, and its rulings. Each text is cut into words and stemmed in its own language (a German summary with the
German stemmer, a Dutch quote with the Dutch one), and also as its lemma's stem where Snowball misses an
inflection (`passeert` → `passer`, like `passeren`); German and Dutch compounds also count as their parts
(`Inselwertung` → `insel` + `wertung`). See `translations.lookup.search` for the ranking.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from translations.lookup.language import COMPOUNDING, Lexicon, normalise, split_compound
from translations.lookup.lexicon import answers, compile_lexicon, lemma_table
from translations.lookup.passages import cited_passages, quotes, read_texts
from translations.lookup.search import INDEX_VERSION, grams
from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.text import format_list, format_value
from translations.summary.unprinted import Unprinted, UnprintedValue, value_words
from translations.summary.view import ViewBuilder, section_titles

#: Weight of each field in a document's term frequencies (integers keep the JSON compact and exact).
FIELD_WEIGHTS: dict[str, int] = {"id": 2, "title": 3, "section": 2, "terms": 2, "text": 1, "quotes": 1, "ruling": 1}
#: Fields whose character n-grams are indexed (short, distinctive names; long text would only add noise).
GRAM_FIELDS = ("id", "title", "section", "terms")
#: Fields whose tokens count once per document however often they occur: a concept's many written forms
#: (every edition, plural, inflections) must not outweigh a title that names it once.
DISTINCT_FIELDS = ("terms",)
#: The shortest word of a compounding language worth splitting into its parts.
COMPOUND_MIN = 8
_CONCEPT = re.compile(r"\{terms?:([a-z0-9_.]+)\}")

Field = tuple[str, str, str]  # (field name, language, text)


def views(spec: Any) -> list[tuple[str, str, str | None]]:
    """`(key, lang, edition)` of every view: each summary language, then each edition in a summary language."""
    found = [(lang, lang, None) for lang in spec.summary_languages]
    for edition in sorted(spec.editions.values(), key=lambda e: e.id):
        if edition.language in spec.summary_languages:
            found.append((f"{edition.language}@{edition.id}", edition.language, edition.id))
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


def language_of(spec: Any, key: str) -> str:
    """The language of an edition id, or `key` itself when it is a language (glossaries of games with one edition
    key their project translations by language)."""
    edition = spec.editions.get(key)
    return edition.language if edition is not None else key


def term_forms(spec: Any, concept_id: str) -> list[tuple[str, str]]:
    """`(language, form)` of every written form of a concept in every edition and language."""
    concept = spec.concepts[concept_id]
    return [(language_of(spec, key), form) for key in sorted(concept.terms) for form in concept.terms[key].all_forms()]


def shown_value(value: Any, builder: ViewBuilder, lexicon: Lexicon) -> str:
    """A value no rulebook prints as a view shows it: yes/no in the view's language (the look-up's lexicon labels),
    concept ids as the edition's terms, other words through the message catalog (`value_words`), numbers and
    lists per locale."""
    if isinstance(value, bool):
        return lexicon.label(builder.lang, "yes" if value else "no")
    if isinstance(value, list | tuple):
        return format_list([shown_value(item, builder, lexicon) for item in value], locale=builder.lang)
    if isinstance(value, str) and value not in builder.spec.concepts:
        return builder.plain_text(value.replace("_", " "))
    return format_value(value, builder.lang, builder.resolver)


def unprinted_json(values: Iterable[UnprintedValue], builders: Mapping[str, ViewBuilder],
                   lexicon: Lexicon) -> list[dict[str, Any]]:
    """Values no rulebook prints as index entries: name, value and reason in every view (name and reason
    translated through the message catalog, the edition's terms filled in), and per view the fields that show in
    English for want of a translation (`english`), so that the look-up can mark them."""
    found = []
    for value in values:
        entry: dict[str, Any] = {"param": value.param, "provenance": value.provenance, "name": {}, "value": {},
                                 "reason": {}, "english": {}}
        for key, builder in builders.items():
            entry["name"][key] = builder.plain_text(value.name)
            entry["value"][key] = shown_value(value.value, builder, lexicon)
            entry["reason"][key] = builder.plain_text(value.reason) if value.reason else ""
            messages = {"name": [value.name], "value": value_words(value.value, builder.spec.concepts),
                        "reason": [value.reason] if value.reason else []}
            english = [field for field, found in messages.items() if any(m in builder.untranslated for m in found)]
            if english:
                entry["english"][key] = english
        found.append(entry)
    return found


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


class _Vocabulary:
    """The words of every document, per language, so that compounds can be split into words the index knows."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.stems: dict[str, set[str]] = {code: set() for code in lexicon.languages}
        self.surface: dict[str, set[str]] = {code: set() for code in lexicon.languages}
        self.lemmas: dict[str, dict[str, str]] = {code: {} for code in lexicon.languages}

    def add(self, fields: Iterable[Field]) -> None:
        for _, lang, text in fields:
            language = self.lexicon.languages[lang]
            words = [w for w in normalise(text).split() if w not in language.stopwords]
            self.surface[lang].update(words)
            self.stems[lang].update(language.stem(w) for w in words)

    def add_lemmas(self) -> None:
        """Look up the lemmas of every language's words (after `add` saw them all)."""
        for code, language in self.lexicon.languages.items():
            self.lemmas[code] = lemma_table(code, language, self.surface[code])
            self.stems[code].update(self.lemmas[code][w] for w in self.surface[code] if w in self.lemmas[code])

    def title_words(self, lang: str, text: str) -> str:
        """A title's content words as the search reads them (`translations.lookup.search.title_share`): each
        word's stem, a compound's as `stem=part+part` (`inselwertung=insel+wertung`), each stem followed by the
        verbs a noun is made from (`wertung/wert`)."""
        language = self.lexicon.languages[lang]

        def readings(word_stem: str) -> str:
            return "/".join([word_stem, *language.derived(word_stem)])

        found = []
        for word in normalise(text).split():
            if word in language.stopwords:
                continue
            parts: list[str] = []
            if lang in COMPOUNDING and len(word) >= COMPOUND_MIN:
                parts = split_compound(word, language, self.stems[lang].__contains__) or []
            found.append(readings(language.stem(word)) + ("=" + "+".join(map(readings, parts)) if parts else ""))
        return " ".join(found)

    def tokens(self, lang: str, text: str) -> list[tuple[str, int]]:
        """`(stem, weight share)` of a text's words: each word's stem at full weight, and in a compounding
        language the stems of a long word's parts at half weight."""
        language = self.lexicon.languages[lang]
        known = self.stems[lang]
        found: list[tuple[str, int]] = []
        for word in normalise(text).split():
            if word in language.stopwords:
                continue
            word_stem = language.stem(word)
            found.append((word_stem, 2))
            lemma = self.lemmas[lang].get(word)
            if lemma is not None:
                found.append((lemma, 2))
            parts: list[str] = []
            if lang in COMPOUNDING and len(word) >= COMPOUND_MIN:
                parts = split_compound(word, language, known.__contains__) or []
                found += [(part, 1) for part in parts]
            # A noun made from a verb also stands, at half weight, for the verb (`Inselwertung` → `werten`).
            for base in dict.fromkeys(b for s in [word_stem, *parts[-1:]] for b in language.derived(s)):
                found.append((base, 1))
        return found


def _weighted(fields: Iterable[Field], vocabulary: _Vocabulary, names: Iterable[str]) -> Counter[str]:
    """BM25 term frequencies of a document: per field, its weight per occurrence (compound parts half)."""
    counts: Counter[str] = Counter()
    wanted = set(names)
    for name in FIELD_WEIGHTS:
        if name not in wanted:
            continue
        texts = list(dict.fromkeys((lang, text) for field, lang, text in fields if field == name))
        tokens = [token for lang, text in texts for token in vocabulary.tokens(lang, text)]
        if name in DISTINCT_FIELDS:
            tokens = list(dict.fromkeys(tokens))
        for term, share in tokens:
            counts[term] += max(1, FIELD_WEIGHTS[name] * share // 2)
    return counts


#: Fields whose counted things (a number and the words after it) say what a rule gives a number of.
COUNTED_FIELDS = ("title", "text")
#: Fields whose words are what a rule says itself (`said`): between siblings, which one says the question's words.
SAID_FIELDS = ("title", "text")
#: How many content words after a number it may count (`3 Large Ships`: the ships are counted, and large).
COUNTED_REACH = 2


def counted_words(fields: Iterable[Field], lexicon: Lexicon) -> list[str]:
    """Stems of what a rule's title and summary count, in every language: the content words right after a number
    (`The game consists of 3 voyages` → `voyag`; `Jede Werft fasst 1 Schiff` → `schiff`). A rule that counts the
    thing a "how many" question names answers it outright."""
    found: set[str] = set()
    for name, lang, text in fields:
        if name not in COUNTED_FIELDS:
            continue
        language = lexicon.languages[lang]
        tokens = [t for t in normalise(text).split() if t not in language.stopwords]
        for at, token in enumerate(tokens):
            if token.isdigit() or token in language.numbers:
                found.update(language.stem(t) for t in tokens[at + 1:at + 1 + COUNTED_REACH]
                             if not t.isdigit() and t not in language.numbers)
    return sorted(found)


def _gram_counts(fields: Iterable[Field]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for name in GRAM_FIELDS:
        texts = list(dict.fromkeys(text for field, _, text in fields if field == name))
        for gram in [g for text in texts for g in grams(text)]:
            counts[gram] += FIELD_WEIGHTS[name]
    return counts


def build_index(spec: Any, overrides: Mapping[str, Path] | None = None,
                translations: Mapping[str, CatalogTranslations] | None = None) -> dict[str, Any]:
    """The look-up index of `spec` as a JSON-ready dict (see module docstring)."""
    lexicon_data = compile_lexicon()
    lexicon = Lexicon(lexicon_data)
    function_words = {code: language.stopwords for code, language in lexicon.languages.items()}
    texts = read_texts(spec, overrides)
    view_list = views(spec)
    builders = {}
    for key, lang, edition in view_list:
        tr = translations[lang] if translations and lang in translations else translations_for(lang)
        builders[key] = ViewBuilder(spec, lang, edition, html=False, translations=tr)
    view_lang = {key: lang for key, lang, _ in view_list}
    base_builders = {lang: builders[lang] for lang in spec.summary_languages}
    titles = section_titles(spec)
    items = [("setup", step) for step in spec.setup] + [("rule", rule) for rule in spec.rules.values()]
    first_of_file: dict[str, str] = {}
    for rule in spec.rules.values():
        first_of_file.setdefault(rule.file, rule.id)
    leads = set(first_of_file.values())
    unprinted = Unprinted(spec)
    section_numbers: dict[str, int] = {}
    section_grams: dict[int, list[str]] = {}
    docs: list[dict[str, Any]] = []
    every_fields: list[list[Field]] = []
    every_concepts: list[list[str]] = []
    for kind, rule in items:
        rendered = {key: builder.rule_view(rule, 0, {}) for key, builder in builders.items()}
        doc: dict[str, Any] = {
            "id": rule.id,
            "kind": kind,
            "title": {key: view.title for key, view in rendered.items()},
            "text": {key: view.text for key, view in rendered.items()},
            "passages": cited_passages(spec, rule.citations, texts, function_words),
            "lead": rule.id in leads,
            "section": section_numbers.setdefault(rule.file if kind == "rule" else "", len(section_numbers)),
            "unprinted": unprinted_json(unprinted.of_rule(rule), builders, lexicon),
        }
        ruling_fields: list[Field] = []
        rulings = []
        for ruling in base_builders[spec.summary_languages[0]].rulings_of(rule):
            question = {key: b.plain_text(ruling.question, capital=True) for key, b in builders.items()}
            readings = []
            for reading in ruling.readings.values():
                params = {**rule.params, **reading.params}
                text = {key: b.fill(reading.summary, params, f"{ruling.id}/{reading.id}")
                        for key, b in builders.items()}
                readings.append({"id": reading.id, "editions": sorted(reading.editions), "text": text,
                                 "sets": sorted(reading.params),
                                 "unprinted": unprinted_json(unprinted.of_reading(ruling, reading.id), builders, lexicon)})
                ruling_fields += [("ruling", view_lang[key], value) for key, value in text.items()]
            rulings.append({"id": ruling.id, "default": ruling.default, "question": question, "readings": readings})
            ruling_fields += [("ruling", view_lang[key], value) for key, value in question.items()]
        doc["rulings"] = rulings
        english = spec.summary_languages[0] if "en" not in rendered else "en"
        has_numbers = any(isinstance(v, int) and not isinstance(v, bool) for v in rule.params.values())
        doc["answers"] = answers(lexicon_data["kinds"], doc["title"][english], doc["text"][english], has_numbers,
                                 kind)
        section_title = titles.get(rule.file, "Setup" if kind == "setup" else "")
        fields: list[Field] = [("id", "en", rule.id.replace(".", " ").replace("_", " "))]
        fields += [("title", view_lang[key], value) for key, value in doc["title"].items()]
        fields += [("text", view_lang[key], value) for key, value in doc["text"].items()]
        named_concepts = concepts_of(spec, rule, base_builders.values())
        every_concepts.append(named_concepts)
        fields += [("terms", lang, form) for concept in named_concepts for lang, form in term_forms(spec, concept)]
        if section_title:
            fields += [("section", view_lang[key], b.plain_text(section_title, capital=True))
                       for key, b in builders.items()]
        fields += [("quotes", language_of(spec, edition), quote) for edition, quote in quotes(rule.citations)]
        fields += ruling_fields
        fields = [(name, lang, text) for name, lang, text in fields if lang in lexicon.languages]
        section_grams.setdefault(doc["section"], sorted({g for name, _, t in fields if name == "section"
                                                         for g in grams(t)}))
        docs.append(doc)
        every_fields.append(fields)
    vocabulary = _Vocabulary(lexicon)
    for fields in every_fields:
        vocabulary.add(fields)
    vocabulary.add_lemmas()
    counted = [" ".join(counted_words(fields, lexicon)) for fields in every_fields]
    # What a rule says itself, in every view, apart from the passages it cites, which its siblings often cite too.
    said = [" ".join(sorted({term for name, lang, text in fields if name in SAID_FIELDS
                             for term, _ in vocabulary.tokens(lang, text)})) for fields in every_fields]
    concept_list = sorted({c for named in every_concepts for c in named})
    concept_number = {concept: number for number, concept in enumerate(concept_list)}
    concept_stems = [" ".join(sorted({term for lang, form in term_forms(spec, concept)
                                      if lang in lexicon.languages for term, _ in vocabulary.tokens(lang, form)}))
                     for concept in concept_list]
    word_postings, gram_postings = _PostingsBuilder(), _PostingsBuilder()
    used_by: dict[str, set[str]] = {}
    for number, fields in enumerate(every_fields):
        word_postings.add(number, _weighted(fields, vocabulary, FIELD_WEIGHTS))
        gram_postings.add(number, _gram_counts(fields))
        for name, lang, text in fields:
            if name != "id":
                for term, _ in vocabulary.tokens(lang, text):
                    used_by.setdefault(term, set()).add(lang)
    only = {code: " ".join(sorted(t for t, langs in used_by.items() if langs == {code}))
            for code in lexicon.languages}
    vocabulary_of = {code: " ".join(sorted(t for t, langs in used_by.items() if code in langs))
                     for code in lexicon.languages}
    return {
        "version": INDEX_VERSION,
        "game": spec.id,
        "title": spec.title,
        "languages": list(spec.summary_languages),
        "views": [key for key, _, _ in view_list],
        "editions": [{"id": e.id, "language": e.language, "name": e.name} for e in spec.editions.values()],
        "lexicon": lexicon_data,
        "docs": docs,
        "sections": [section_grams[i] for i in range(len(section_numbers))],
        "only": only,
        "vocabulary": vocabulary_of,
        "lemmas": {code: " ".join(f"{form}:{stem}" for form, stem in sorted(table.items()))
                   for code, table in vocabulary.lemmas.items()},
        "counted": counted,
        "said": said,
        "concepts": concept_stems,
        "doc_concepts": [[concept_number[c] for c in named] for named in every_concepts],
        "titles": ["|".join(dict.fromkeys(words for key, text in doc["title"].items()
                                          if (words := vocabulary.title_words(view_lang[key], text))))
                   for doc in docs],
        "words": word_postings.as_json(),
        "word_lengths": word_postings.lengths,
        "grams": gram_postings.as_json(),
        "gram_lengths": gram_postings.lengths,
    }


def index_json(index: Mapping[str, Any]) -> str:
    """The search file (`lookup-index.json`): everything but the documents, plus per document what ranking
    needs (id, whether it leads its section, its section number, whether rules are nested under it, the kinds of
    question it answers, whether it is a setup step). Deterministic, compact JSON."""
    head = {k: v for k, v in index.items() if k != "docs"}
    head["ids"] = [doc["id"] for doc in index["docs"]]
    head["leads"] = [doc["lead"] for doc in index["docs"]]
    head["section_of"] = [doc["section"] for doc in index["docs"]]
    ids = set(head["ids"])
    head["parents"] = [any(other.startswith(doc["id"] + ".") for other in ids) for doc in index["docs"]]
    head["answers"] = [doc["answers"] for doc in index["docs"]]
    head["setup"] = [doc["kind"] == "setup" for doc in index["docs"]]
    return json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def docs_json(index: Mapping[str, Any]) -> str:
    """The documents file (`lookup-docs.json`): one document per line (document n on line n + 1), so diffs stay
    readable and the look-up can parse just the line of the rule it shows."""
    docs = ",\n".join(json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                      for doc in index["docs"])
    return '{"docs":[\n' + docs + "\n]}\n"
