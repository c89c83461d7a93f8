"""What each sentence says about a rule, as comparable features.

Features are computed once per sentence and used three times: by the aligner (shared numbers and concepts make two
sentences likelier translations of each other), by the checks (a feature on one side only, or a contradicting one
on the other, is a finding) and by the ranker (the differences between two aligned sentences' features are its
input). A sentence's features:

- **numbers**: digits and number words, with their bound ("up to 3", "at least 6"), whether they rank ("second")
  and the glossary concept they count ("3 points");
- **concepts**: the glossary's concepts, matched on whole tokens, longest phrase first, against both the words and
  their lookup lemmas ("Storage Boards" is the concept of "Storage Board"; "Marker" inside "Rahmenmarker" never
  matches), with the grammatical number of the form used ("tile" / "tiles") where the form tells;
- **markers**: words of each class of :mod:`translations.audit.lexicon` (modality, negation, comparison and
  direction, quantifiers, conditions, timing);
- **agents**: who the sentence speaks of — a determiner before a word for "player" ("each player", "the other
  players") or a glossary concept of kind ``role`` ("the start player").

Every form an edition uses for a concept (term, plural, variants, inflections) counts as that concept: variants
never differ.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from translations.audit.lexicon import MARKER_GROUPS, Lexicon, lexicon
from translations.audit.segment import Sentence

_TOKEN = re.compile(r"\d+(?:[.,/]\d+)*|[^\W\d_]+(?:[-'’][^\W\d_]+)*|\S", re.UNICODE)
_DIGITS = re.compile(r"^\d+(?:/\d+)*$")
_QUOTES = frozenset('"\'“”„‘’‚«»')
#: Grammatical number of a glossary form: singular, plural, or unknown (German "Spieler" is both).
SINGULAR, PLURAL = "sg", "pl"


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
    #: concept -> grammatical numbers of its mentions ("sg", "pl"), where the form or a number before it tells
    grammatical: dict[str, set[str]] = field(default_factory=dict)
    #: agent class ("every_player", "other_players", "one_player", "no_player", "role:<concept>") -> token spans
    agents: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: concepts named only loosely: by a variant, or a bare word that heads other terms ("tile", "schepen")
    loose_concepts: set[str] = field(default_factory=set)

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

    def classes(self, group: str) -> set[str]:
        """The marker classes of ``group`` the sentence uses (``agent``: its agent classes)."""
        if group == "agent":
            return set(self.agents)
        return {name for (g, name) in self.markers if g == group}

    def to_json(self) -> dict[str, object]:
        """A JSON-able copy (the audit caches prepared editions as plain JSON)."""
        return {
            "numbers": [[n.value, n.strong, n.bound, n.first, n.last, n.ordinal, n.counts] for n in self.numbers],
            "concepts": {k: [list(s) for s in v] for k, v in self.concepts.items()},
            "weak": sorted(self.weak_concepts),
            "markers": [[g, c, [list(s) for s in v]] for (g, c), v in self.markers.items()],
            "grammatical": {k: sorted(v) for k, v in self.grammatical.items()},
            "agents": {k: [list(s) for s in v] for k, v in self.agents.items()},
            "loose": sorted(self.loose_concepts),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Features:
        """The inverse of :meth:`to_json`."""
        numbers = [NumberMention(v, s, b, f, la, o, c) for v, s, b, f, la, o, c in data["numbers"]]  # type: ignore[attr-defined]
        return cls(
            numbers=numbers,
            concepts={k: [tuple(s) for s in v] for k, v in data["concepts"].items()},  # type: ignore[attr-defined,misc]
            weak_concepts=set(data["weak"]),  # type: ignore[call-overload]
            markers={(g, c): [tuple(s) for s in v] for g, c, v in data["markers"]},  # type: ignore[attr-defined,misc]
            grammatical={k: set(v) for k, v in data["grammatical"].items()},  # type: ignore[attr-defined]
            agents={k: [tuple(s) for s in v] for k, v in data["agents"].items()},  # type: ignore[attr-defined,misc]
            loose_concepts=set(data.get("loose", ())),  # type: ignore[call-overload]
        )


class GlossaryMatcher:
    """Finds the glossary concepts of one edition in its sentences.

    ``forms`` maps concept id to every written form the edition uses for it; ``lemmatize`` turns a form into
    lemma tokens (the same lemmatizer as the sentences), so inflected mentions match too. ``numbers`` optionally
    says which forms are singular or plural (``{concept: {form: "sg" | "pl"}}``); ``kinds`` gives each concept's
    glossary kind (concepts of kind ``role`` name who a rule speaks of).
    """

    def __init__(
        self,
        forms: Mapping[str, Iterable[str]],
        lemmatize: object | None = None,
        numbers: Mapping[str, Mapping[str, str]] | None = None,
        kinds: Mapping[str, str] | None = None,
        variants: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        patterns: dict[tuple[str, ...], dict[str, str | None]] = {}
        loose_forms = {(concept, tuple(tokenize(v))) for concept, vs in (variants or {}).items() for v in vs}
        for concept, words in sorted(forms.items()):
            told = (numbers or {}).get(concept, {})
            for form in words:
                exact = tuple(tokenize(form))
                spellings: list[tuple[tuple[str, ...], str | None]] = [(exact, told.get(form))]
                if callable(lemmatize):
                    spellings.append((tuple(lemmatize(form)), None))
                for toks, number in spellings:
                    if not toks:
                        continue
                    owners = patterns.setdefault(toks, {})
                    if concept in owners and owners[concept] != number:
                        owners[concept] = None  # a form both singular and plural ("Spieler") tells nothing
                    else:
                        owners[concept] = number
        # Longest first: "milestone marker" wins over "marker".
        self.patterns = sorted(patterns.items(), key=lambda item: (-len(item[0]), item[0]))
        #: concept -> the last words of its singular forms: "eilandtegel" + a plural ending is "eilandtegels" even
        #: where the glossary lists no plural (a draft's term base, a compound the glossary lacks)
        self.singular_heads: dict[str, frozenset[str]] = {
            concept: frozenset(toks[-1] for form, number in told.items() if number == SINGULAR
                               for toks in [tokenize(form)] if toks)
            for concept, told in (numbers or {}).items()}
        heads = {toks[-1] for toks in patterns if len(toks) > 1}
        #: (concept, tokens) matches that name the concept loosely: a variant, or a bare word heading other terms
        self.loose = loose_forms | {(c, toks) for toks, owners in patterns.items() if len(toks) == 1 and toks[0] in heads
                                    for c in owners}
        self.concepts = frozenset(forms)
        self.kinds: Mapping[str, str] = kinds or {}
        self._by_first: dict[str, list[tuple[tuple[str, ...], dict[str, str | None]]]] = {}
        for toks, owners in self.patterns:
            self._by_first.setdefault(toks[0], []).append((toks, owners))

    def find(self, tokens: Sequence[str], lemmas: Sequence[str]) -> tuple[dict[str, list[tuple[int, int]]], set[str]]:
        """``(concept id -> token spans, weak concepts)``; see :meth:`find_with_numbers`."""
        found, weak, _ = self.find_with_numbers(tokens, lemmas)
        return found, weak

    def find_with_numbers(
        self, tokens: Sequence[str], lemmas: Sequence[str], loose: set[str] | None = None
    ) -> tuple[dict[str, list[tuple[int, int]]], set[str], dict[tuple[int, int], str]]:
        """``(concept id -> token spans, weak concepts, span -> "sg"/"pl")``; spans never overlap (longest phrase
        first). A form several concepts share (an edition calling two things "ship") makes each of them *weak*.
        Only a match on the written words tells the grammatical number (a lemma is always the singular).
        ``loose`` receives the concepts named only by a loose form (see ``self.loose``)."""
        specific: set[str] = set()
        taken = [False] * len(tokens)
        found: dict[str, list[tuple[int, int]]] = {}
        weak: set[str] = set()
        numbers: dict[tuple[int, int], str] = {}
        for exact, seq in ((True, tokens), (False, lemmas)):
            for i in range(len(seq)):
                for toks, owners in self._by_first.get(seq[i], ()):
                    j = i + len(toks)
                    if j <= len(seq) and tuple(seq[i:j]) == toks and not any(taken[i:j]):
                        for k in range(i, j):
                            taken[k] = True
                        if len(owners) == 1:
                            (concept, number), = owners.items()
                            found.setdefault(concept, []).append((i, j))
                            if exact and number:
                                numbers[(i, j)] = number
                            if (concept, toks) not in self.loose:
                                specific.add(concept)
                        else:
                            weak.update(owners)
                        break
        if loose is not None:
            loose.update(set(found) - specific)
        return found, weak - set(found), numbers


def _phrase_at(tokens: Sequence[str], end: int, phrase: tuple[str, ...]) -> bool:
    start = end - len(phrase)
    return start >= 0 and tuple(tokens[start:end]) == phrase


def _bound_before(tokens: Sequence[str], index: int, lex: Lexicon) -> str:
    for bound, phrases in lex.bounds_before.items():
        for phrase in phrases:
            if _phrase_at(tokens, index, tuple(phrase.split())):
                return bound
    for bound, phrases in lex.bounds_after.items():
        for phrase in phrases:
            words = tuple(phrase.split())
            if tuple(tokens[index + 1 : index + 1 + len(words)]) == words:
                return bound
    return "exact"


def idiom_positions(tokens: Sequence[str], lex: Lexicon) -> frozenset[int]:
    """The token positions inside a phrase where a number word counts nothing (``numbers.idioms``: "one at a
    time", "op één na meeste" — the second most), wherever in the phrase the number word stands."""
    positions: set[int] = set()
    for idiom in {tuple(i.split()) for i in lex.number_idioms}:
        for i in range(len(tokens) - len(idiom) + 1):
            if tuple(tokens[i : i + len(idiom)]) == idiom:
                positions.update(range(i, i + len(idiom)))
    return frozenset(positions)


def extract_numbers(sentence: Sentence, language: str) -> list[NumberMention]:
    """Numbers stated by a sentence: digits and number words, without page references or list labels."""
    lex = lexicon(language)
    tokens = sentence.tokens
    in_idiom = idiom_positions(tokens, lex)
    out: list[NumberMention] = []
    for i, tok in enumerate(tokens):
        values: list[int] = []
        strong = True
        ordinal = tok in lex.ordinals
        if _DIGITS.match(tok):
            prev = tokens[i - 1] if i else ""
            prev2 = tokens[i - 2] if i > 1 else ""
            if prev in lex.page_words or (prev == "." and prev2 in lex.page_words):
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
        elif tok in lex.cardinals:
            if i in in_idiom:
                continue  # "one at a time", "one by one": manner, not a quantity
            values = [lex.cardinals[tok]]
        elif tok in lex.weak_numbers and i not in in_idiom:
            values, strong = [lex.weak_numbers[tok]], False
        for value in values:
            out.append(NumberMention(value, strong, _bound_before(tokens, i, lex), i, i + 1, ordinal))
    return out


@cache
def _marker_index(language: str) -> dict[str, list[tuple[tuple[str, ...], tuple[str, str]]]]:
    """First token -> ``(phrase tokens, (group, class))`` for every marker phrase of a language."""
    lex = lexicon(language)
    index: dict[str, list[tuple[tuple[str, ...], tuple[str, str]]]] = {}
    for group in MARKER_GROUPS:
        for name, phrases in lex.markers.get(group, {}).items():
            for phrase in phrases:
                words = tuple(tokenize(phrase))
                if words:
                    index.setdefault(words[0], []).append((words, (group, name)))
    for entries in index.values():
        entries.sort(key=lambda e: -len(e[0]))
    return index


def extract_markers(sentence: Sentence, language: str) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """``(group, class) -> token spans`` of the marker words of every group (on words, then on lemmas)."""
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
    choices = {k for s, e in found.get(("modality", "choice"), ()) for k in range(s, e)}
    if choices and ("negation", "negation") in found:
        # "whether or not", "al dan niet": the negation word is part of a choice, it negates nothing
        kept = [(s, e) for s, e in found[("negation", "negation")] if not choices & set(range(s, e))]
        if kept:
            found[("negation", "negation")] = kept
        else:
            del found[("negation", "negation")]
    prefixes = lexicon(language).negation_prefixes
    if prefixes:
        classed = {k for spans in found.values() for s, e in spans for k in range(s, e)}
        for i, word in enumerate(sentence.tokens):
            if i not in classed and _negated_word(word, prefixes, language):
                found.setdefault(("negation", "negation"), []).append((i, i + 1))
    return found


#: Endings that make a word form the lookup table lists (it lists inflected forms: "beperkte", not "beperkt").
_KNOWN_FORM_ENDINGS = ("", "e", "en", "s")


def _known_word(word: str, language: str) -> bool:
    """Whether the language's lookup table knows ``word`` as written, capitalised (a German noun) or inflected;
    a few dict look-ups, no set of the whole table built."""
    from translations.audit.segment import lemma_table

    table = lemma_table(language)
    return any(form in table for form in _table_forms(word))


def _table_forms(word: str) -> tuple[str, ...]:
    """The forms :func:`_known_word` looks up for ``word``, in order."""
    return (word.capitalize(), *(word + ending for ending in _KNOWN_FORM_ENDINGS))


#: What follows a negating prefix must be a word this long, so "under", "until" or "unter" never count.
NEGATED_STEM_MIN = 5


def _negated_word(word: str, prefixes: Sequence[str], language: str) -> bool:
    """Whether a prefix negates ``word`` ("unlimited", "unbegrenzt", "onbeperkt"): the prefix, then a word of the
    language of at least :data:`NEGATED_STEM_MIN` letters."""
    return any(_known_word(rest, language) for rest in _negated_stems(word, prefixes))


def _negated_stems(word: str, prefixes: Sequence[str]) -> Iterator[str]:
    """What follows each negating prefix ``word`` starts with, when it is long enough and all letters."""
    for prefix in prefixes:
        rest = word[len(prefix):]
        if word.startswith(prefix) and len(rest) >= NEGATED_STEM_MIN and rest.isalpha():
            yield rest


def table_lookups(tokens: Iterable[str], language: str) -> set[str]:
    """Every form the features of sentences with these tokens may look up in the language's lemma table, so the
    audit reads them in the one pass that reads the sentences' lemmas
    (:meth:`~translations.audit.segment.LemmaTable.prefetch`)."""
    prefixes = lexicon(language).negation_prefixes
    return {form for word in tokens for rest in _negated_stems(word, prefixes) for form in _table_forms(rest)}


@cache
def _agent_phrases(language: str) -> list[tuple[tuple[str, ...], str]]:
    """Determiner phrases of every agent class, longest first (so "all other" is read before "all")."""
    lex = lexicon(language)
    phrases = [(tuple(tokenize(p)), name) for name, items in lex.agent_determiners.items() for p in items]
    return sorted(phrases, key=lambda item: -len(item[0]))


def extract_agents(
    sentence: Sentence, language: str, concepts: Mapping[str, list[tuple[int, int]]], kinds: Mapping[str, str],
    markers: Mapping[tuple[str, str], list[tuple[int, int]]] | None = None,
) -> dict[str, list[tuple[int, int]]]:
    """Who the sentence speaks of: a determiner right before a word for "player", and every glossary concept of
    kind ``role`` whose term ends in a word for player ("the start player", "der Startspieler")."""
    lex = lexicon(language)
    tokens = sentence.tokens
    found: dict[str, list[tuple[int, int]]] = {}
    inside_terms = {k for spans in concepts.values() for s, e in spans if e - s > 1 for k in range(s, e)}
    for i, token in enumerate(tokens):
        if token not in lex.player_nouns or i in inside_terms:
            continue  # "player sheet" is a thing, not a player
        hit, length = next(((name, len(phrase)) for phrase, name in _agent_phrases(language)
                            if phrase and _phrase_at(tokens, i, phrase)), (None, 0))
        if hit == "every_player" and i - length > 0 and tokens[i - length - 1] in lex.compared_among:
            continue  # "if among all players you have the most": the players compared, not who acts
        if hit is not None:
            found.setdefault(hit, []).append((i - 1, i + 1))
        elif markers and _singled_out(tokens, i, lex, markers):
            found.setdefault("one_player", []).append((i - 1, i + 1))
    for concept, spans in concepts.items():
        if kinds.get(concept) != "role":
            continue
        for start, end in spans:
            head = tokens[end - 1]
            # A role that names players ("start player", "Startspieler"), not a role's attribute ("player colour").
            if head in lex.player_nouns and end - start == 1:
                continue  # just "player"
            if any(head.endswith(noun) for noun in lex.player_nouns if len(noun) > 3):
                found.setdefault(f"role:{concept}", []).append((start, end))
    return found


#: How far after a player noun a superlative still singles that player out ("the player with the most points").
SINGLED_OUT_REACH = 5
#: The comparison classes that single one out of several ("the most", "the fewest", "als Erster", "the last").
_SUPERLATIVES = frozenset(("most", "least", "first", "last"))
_BOUNDS = frozenset(("at_most", "at_least"))


def _singled_out(tokens: Sequence[str], i: int, lex: Lexicon,
                 markers: Mapping[tuple[str, str], list[tuple[int, int]]]) -> bool:
    """Whether the player noun at ``i`` names one player a superlative singles out: a definite article and a
    singular player noun, then within a few words a superlative ("the player with the most points", "der
    Spieler, der als Erster 50 Punkte erreicht", "de speler met de meeste punten") — one player, against "each
    player" of the same rule."""
    if i == 0 or tokens[i - 1] not in lex.singled_out_articles or tokens[i] not in lex.singular_player_nouns:
        return False
    # "ten minste", "at least": a bound, whose word "least" singles nobody out
    bounds = {k for (group, name), spans in markers.items() if group == "comparison" and name in _BOUNDS
              for s, e in spans for k in range(s, e)}
    return any(i < s <= i + SINGLED_OUT_REACH and s not in bounds for (group, name), spans in markers.items()
               if group == "comparison" and name in _SUPERLATIVES for s, _ in spans)


#: Endings of plural nouns a lookup lemma strips ("tiles" → "tile", "Schiffe" → "Schiff", "stapels" → "stapel").
_PLURAL_ENDINGS = {"en": ("s", "es"), "de": ("e", "en", "n", "er", "s"), "nl": ("en", "s", "'s")}


def _grammatical_number(
    sentence: Sentence, span: tuple[int, int], concept: str, numbers: Sequence[NumberMention],
    told: Mapping[tuple[int, int], str], lex: Lexicon, singular_heads: frozenset[str] = frozenset(),
    in_idiom: frozenset[int] = frozenset(),
) -> str | None:
    """Singular or plural of one concept mention: a quantity counting it, then the glossary form matched, then an
    article right before it ("a stack"), then a plural ending the lookup lemma strips; None when nothing tells."""
    start, end = span
    before = next((n for n in numbers if n.counts == concept and n.last <= start <= n.last + 2 and n.quantity), None)
    if before:
        return SINGULAR if before.value == 1 else PLURAL
    if span in told:
        return told[span]
    # A plural form tells before a word that may stand for one ("extra eilandtegels", "additional tiles"): the
    # lookup lemma or a singular form of the concept's glossary term, plus a plural ending of the language.
    word, lemma = sentence.tokens[end - 1], sentence.lemmas[end - 1] if end - 1 < len(sentence.lemmas) else ""
    endings = _PLURAL_ENDINGS.get(lex.language, ())
    if lemma and word != lemma and any(word == lemma + ending for ending in endings):
        return PLURAL
    if any(word == head + ending for head in singular_heads for ending in endings):
        return PLURAL
    if lex.singular_determiners & set(sentence.tokens[max(0, start - 2):start]):
        return SINGULAR  # "het product", "das Plättchen", "this tile": the article tells
    if lex.plural_determiners & set(sentence.tokens[max(0, start - 2):start]):
        return PLURAL  # "these tiles"
    if any(sentence.tokens[k] in lex.weak_numbers and lex.weak_numbers[sentence.tokens[k]] == 1
           and k not in in_idiom for k in range(max(0, start - 3), start)):
        return SINGULAR
    return None


def sentence_features(sentence: Sentence, language: str, glossary: GlossaryMatcher | None) -> Features:
    """All features of one sentence."""
    loose: set[str] = set()
    if glossary:
        concepts, weak, told = glossary.find_with_numbers(sentence.tokens, sentence.lemmas, loose)
    else:
        concepts, weak, told = {}, set(), {}
    # A number inside a term names the thing ("the 50/100 cards"), it counts nothing.
    inside = {k for spans in concepts.values() for s, e in spans for k in range(s, e)}
    numbers = [n for n in extract_numbers(sentence, language) if n.first not in inside]
    starts = {start: concept for concept, spans in concepts.items() for start, _ in spans}
    counted = []
    for n in numbers:
        # The thing counted follows within a word or two ("1 punt", "2 wooden crates"); another number ends it.
        ahead = next((k for k in range(n.last, n.last + 3) if k in starts), None)
        blocked = ahead is not None and any(n.last <= m.first < ahead for m in numbers)
        counted.append(replace(n, counts=starts[ahead]) if ahead is not None and not blocked else n)
    grammatical: dict[str, set[str]] = {}
    lex = lexicon(language)
    in_idiom = idiom_positions(sentence.tokens, lex)  # once a sentence, not once a mention
    for concept, spans in concepts.items():
        for span in spans:
            number = _grammatical_number(sentence, span, concept, counted, told, lex,
                                         glossary.singular_heads.get(concept, frozenset()) if glossary else frozenset(),
                                         in_idiom)
            if number:
                grammatical.setdefault(concept, set()).add(number)
    kinds = glossary.kinds if glossary else {}
    found = extract_markers(sentence, language)
    agents = extract_agents(sentence, language, concepts, kinds, found)
    markers = _outside_terms_and_bounds(found, concepts, sentence.tokens, lex)
    return Features(counted, concepts, weak, markers, grammatical, agents, loose)


#: Marker groups whose words inside a glossary term or a number's bound are part of that, not of the rule's
#: wording ("first player marker", "lower market row", "2 or more").
_WORDS_OF_TERMS = frozenset(("comparison", "quantifier", "timing"))
#: ...except the direction of play: a term naming it ("clockwise order") states it.
_STATED_INSIDE_TERMS = frozenset((("comparison", "clockwise"), ("comparison", "counterclockwise")))


def _outside_terms_and_bounds(
    markers: dict[tuple[str, str], list[tuple[int, int]]], concepts: Mapping[str, list[tuple[int, int]]],
    tokens: Sequence[str], lex: Lexicon,
) -> dict[tuple[str, str], list[tuple[int, int]]]:
    # Only terms of several words hold such words ("first player marker"); a one-word match is the word itself.
    covered = {k for spans in concepts.values() for s, e in spans if e - s > 1 for k in range(s, e)}
    bounds: set[int] = set()

    def number_at(k: int) -> bool:
        return 0 <= k < len(tokens) and (tokens[k].isdigit() or tokens[k] in lex.cardinals or tokens[k] in lex.weak_numbers)

    # A bound phrase bounds a number right after it ("up to 3") or right before it ("3 or more"); without one
    # ("the maximum number of ships", "höchstens zuweisen") it is a comparison word of the rule's own.
    for phrases, after in ((lex.bounds_before.values(), True), (lex.bounds_after.values(), False)):
        for phrase in (p for group in phrases for p in group):
            words = tuple(phrase.split())
            for k in range(len(tokens) - len(words) + 1):
                if tuple(tokens[k : k + len(words)]) == words and number_at(k + len(words) if after else k - 1):
                    bounds.update(range(k, k + len(words)))
    covered |= bounds
    out: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for key, spans in markers.items():
        if key[0] in _WORDS_OF_TERMS and key not in _STATED_INSIDE_TERMS:
            kept = [(s, e) for s, e in spans if not covered & set(range(s, e))]
        elif key[0] == "negation":
            kept = [(s, e) for s, e in spans if not bounds & set(range(s, e))]  # "no more than 3" is a bound
        else:
            kept = spans
        if kept:
            out[key] = kept
    return out
