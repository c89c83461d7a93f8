"""What each sentence says, as comparable features: numbers (with bounds), glossary concepts and markers.

Features are computed once per sentence and used twice: by the aligner (shared numbers and concepts make two
sentences likelier translations of each other) and by the checks (a feature on one side only is a finding).

Glossary concepts are matched on whole tokens, longest phrase first, against both the words and their lookup
lemmas, so "Storage Boards" is the concept of "Storage Board" while "Marker" inside "Rahmenmarker" is never
matched (no partial words). Every form an edition uses for a concept (term, plural, variants, inflections)
counts as that concept: variants never differ.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from translations.audit.lexicon import (
    MARKERS,
    NUMBER_BOUNDS,
    NUMBER_IDIOMS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    PAGE_WORDS,
    WEAK_NUMBER_WORDS,
)
from translations.audit.segment import Sentence

_TOKEN = re.compile(r"\d+(?:[.,/]\d+)*|[^\W\d_]+(?:[-'’][^\W\d_]+)*|\S", re.UNICODE)
_DIGITS = re.compile(r"^\d+(?:/\d+)*$")
_QUOTES = frozenset('"\'“”„‘’‚«»')


def tokenize(text: str) -> list[str]:
    """Lower-case tokens exactly as :mod:`translations.audit.segment` cuts them."""
    return [m.group(0).lower() for m in _TOKEN.finditer(text)]


@dataclass(frozen=True)
class NumberMention:
    """A number a sentence states: its value, whether it is stated outright, its bound and its tokens."""

    value: int
    strong: bool
    bound: str  # "exact" | "max" | "min"
    first: int
    last: int
    ordinal: bool = False  # "second", "2nd", "2." before a word, "twice": a rank or frequency, never bounded
    counts: str | None = None  # the glossary concept right after the number ("3 points" counts ``points``)

    @property
    def quantity(self) -> bool:
        """Whether this states a quantity of the rules outright: a strong cardinal that is not "one or more"
        (which says "any", like an article)."""
        return self.strong and not self.ordinal and not (self.value == 1 and self.bound == "min")


@dataclass
class Features:
    """Comparable content of one sentence (token indices refer to ``Sentence.tokens``)."""

    numbers: list[NumberMention] = field(default_factory=list)
    concepts: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: concepts only named by a form several concepts share ("ship"): they answer a finding, never raise one
    weak_concepts: set[str] = field(default_factory=set)
    markers: dict[tuple[str, str], list[tuple[int, int]]] = field(default_factory=dict)

    def strong_values(self) -> set[int]:
        return {n.value for n in self.numbers if n.strong}

    def all_values(self) -> set[int]:
        return {n.value for n in self.numbers}

    def quantities(self) -> set[int]:
        """Values stated as quantities (no ranks, frequencies or "one or more")."""
        return {n.value for n in self.numbers if n.quantity}

    def ranks(self) -> set[int]:
        """Values stated as ranks or frequencies ("second", "twice")."""
        return {n.value for n in self.numbers if n.strong and n.ordinal}

    def counted(self) -> dict[str, set[int]]:
        """Glossary concept -> quantities stated right before it ("2 points" -> ``{"points": {2}}``)."""
        out: dict[str, set[int]] = {}
        for n in self.numbers:
            if n.quantity and n.counts:
                out.setdefault(n.counts, set()).add(n.value)
        return out


class GlossaryMatcher:
    """Finds the glossary concepts of one edition in its sentences.

    ``forms`` maps concept id to every written form the edition uses for it; ``lemmatize`` turns a form into
    lemma tokens (the same lemmatizer as the sentences), so inflected mentions match too.
    """

    def __init__(self, forms: Mapping[str, Iterable[str]], lemmatize: object | None = None) -> None:
        patterns: dict[tuple[str, ...], set[str]] = {}
        for concept, words in sorted(forms.items()):
            for form in words:
                variants = [tuple(tokenize(form))]
                if callable(lemmatize):
                    variants.append(tuple(lemmatize(form)))
                for toks in variants:
                    if toks:
                        patterns.setdefault(toks, set()).add(concept)
        # Longest first: "milestone marker" wins over "marker".
        self.patterns = sorted(
            ((toks, tuple(sorted(owners))) for toks, owners in patterns.items()), key=lambda item: (-len(item[0]), item[0])
        )
        self.concepts = frozenset(forms)
        self._by_first: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
        for toks, owners in self.patterns:
            self._by_first.setdefault(toks[0], []).append((toks, owners))

    def find(self, tokens: Sequence[str], lemmas: Sequence[str]) -> tuple[dict[str, list[tuple[int, int]]], set[str]]:
        """``(concept id -> token spans, weak concepts)``; spans never overlap (longest phrase first).

        A form several concepts share (an edition calling two things "ship") makes each of them *weak*.
        """
        taken = [False] * len(tokens)
        found: dict[str, list[tuple[int, int]]] = {}
        weak: set[str] = set()
        for seq in (tokens, lemmas):
            for i in range(len(seq)):
                for toks, owners in self._by_first.get(seq[i], ()):
                    j = i + len(toks)
                    if j <= len(seq) and tuple(seq[i:j]) == toks and not any(taken[i:j]):
                        for k in range(i, j):
                            taken[k] = True
                        if len(owners) == 1:
                            found.setdefault(owners[0], []).append((i, j))
                        else:
                            weak.update(owners)
                        break
        return found, weak - set(found)


def _bound_before(tokens: Sequence[str], index: int, language: str) -> str:
    for bound, per_language in NUMBER_BOUNDS.items():
        for phrase in per_language.get(language, ()):
            words = phrase.split()
            start = index - len(words)
            if start >= 0 and list(tokens[start:index]) == words:
                return bound
    after = list(tokens[index + 1 : index + 3])
    if bound_after := {"or more": "min", "oder mehr": "min", "of meer": "min"}.get(" ".join(after)):
        return bound_after
    return "exact"


def extract_numbers(sentence: Sentence, language: str) -> list[NumberMention]:
    """Numbers stated by a sentence: digits and number words, without page references or list labels."""
    tokens = sentence.tokens
    strong_words = NUMBER_WORDS.get(language, {})
    weak_words = WEAK_NUMBER_WORDS.get(language, {})
    pages = PAGE_WORDS.get(language, ())
    out: list[NumberMention] = []
    for i, tok in enumerate(tokens):
        values: list[int] = []
        strong = True
        ordinal = tok in ORDINAL_WORDS.get(language, ())
        if _DIGITS.match(tok):
            prev = tokens[i - 1] if i else ""
            prev2 = tokens[i - 2] if i > 1 else ""
            if prev in pages or (prev == "." and prev2 in pages):
                continue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            if i == 0 and (nxt == "." or sentence.kind == "step"):
                continue  # the label of a numbered step or list item, not a number of the rules
            if nxt == "x":  # "1x cards": a card name
                continue
            # 'the "5" card': a label printed on a component; it answers a number, never raises one.
            strong = not (prev in _QUOTES and nxt in _QUOTES)
            values = [int(part) for part in tok.split("/") if part.isdigit() and len(part) <= 4]
            after = tokens[i + 2] if i + 2 < len(tokens) else ""
            ordinal = nxt in ("nd", "rd", "th", "st") or (nxt == "." and after.isalpha() and language == "de")
        elif tok in strong_words:
            if " ".join(tokens[i : i + 4]) in NUMBER_IDIOMS.get(language, ()) or " ".join(
                tokens[i : i + 3]
            ) in NUMBER_IDIOMS.get(language, ()):
                continue  # "one at a time", "one by one": manner, not a quantity
            values = [strong_words[tok]]
        elif tok in weak_words:
            values, strong = [weak_words[tok]], False
        for value in values:
            bound = _bound_before(tokens, i, language)
            out.append(NumberMention(value, strong, bound, i, i + 1, ordinal))
    return out


@cache
def _marker_index(language: str) -> dict[str, list[tuple[tuple[str, ...], tuple[str, str]]]]:
    """First token -> ``(phrase tokens, (check, class))`` for every marker phrase of a language."""
    index: dict[str, list[tuple[tuple[str, ...], tuple[str, str]]]] = {}
    for check, classes in MARKERS.items():
        for name, per_language in classes.items():
            for phrase in per_language.get(language, ()):
                words = tuple(tokenize(phrase))
                if words:
                    index.setdefault(words[0], []).append((words, (check, name)))
    return index


def extract_markers(sentence: Sentence, language: str) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """``(check, class) -> token spans`` of modality, quantifier, negation, timing and condition words."""
    index = _marker_index(language)
    found: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for seq in (sentence.tokens, sentence.lemmas):
        for i, word in enumerate(seq):
            for words, key in index.get(word, ()):
                j = i + len(words)
                if j <= len(seq) and tuple(seq[i:j]) == words:
                    spans = found.setdefault(key, [])
                    if (i, j) not in spans:
                        spans.append((i, j))
    return found


def sentence_features(sentence: Sentence, language: str, glossary: GlossaryMatcher | None) -> Features:
    """All features of one sentence."""
    concepts, weak = glossary.find(sentence.tokens, sentence.lemmas) if glossary else ({}, set())
    numbers = extract_numbers(sentence, language)
    starts = {start: concept for concept, spans in concepts.items() for start, _ in spans}
    counted = []
    for n in numbers:
        # The thing counted follows within a word or two ("1 punt", "2 wooden crates"); another number ends it.
        ahead = next((k for k in range(n.last, n.last + 3) if k in starts), None)
        blocked = ahead is not None and any(n.last <= m.first < ahead for m in numbers)
        counted.append(replace(n, counts=starts[ahead]) if ahead is not None and not blocked else n)
    return Features(counted, concepts, weak, extract_markers(sentence, language))
