"""What a look-up query says, language by language: its words, their stems, and what kind of rule it asks for.

A player asks "wie viele Schiffe passen in eine Werft?", not "Werft Schiff Anzahl". This module reads such a
question with the language facts of `lexicon.yaml` (compiled into every look-up index, so nothing here parses
YAML):

* **normalisation**: case-folded, accents stripped, `ß` → `ss`, punctuation → spaces (`normalise`);
* **language**: the query's language is the one whose question phrases and function words it uses (a question
  phrase counts more than a function word); `detect_language` returns None when the words do not tell, and the
  search then asks the index which language's vocabulary the words belong to;
* **question phrases** (longest first: "wie viele", "wat gebeurt er als", "who goes first") become the *kinds*
  of rule asked for (`number`, `timing`, `agent`, `order`, `permission`, `consequence`, `cost`, `place`, `gain`,
  `setup`) and are not searched as words, unless marked as content ("kostet" is the subject too);
* **negation**: "did not assign" is also looked up as "unassign", "nicht gewertet" as "ungewertet";
* **stems**: Snowball stemmers (`snowballstemmer`, pure Python, ~1.5 ms to import) per language: `Schiffe`,
  `Schiffen` → `schiff`; `scored`, `scoring` → `score`; `telling`, `geteld` → `tel`. Index and query go through
  the same stemmer of the same language, so they meet in the middle.

Standard library and `snowballstemmer` only: this module is on the cold-start path of `rulespec lookup`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

_NON_WORD = re.compile(r"[^0-9a-z]+")
#: A function word or a one-word question phrase counts this much towards a language; a word of a question phrase
#: of several words counts `PHRASE_EVIDENCE`.
FUNCTION_WORD_EVIDENCE = 1.0
PHRASE_EVIDENCE = 2.0


def normalise(text: str) -> str:
    """Case-fold, strip accents (`ä`→`a`, `é`→`e`), `ß`→`ss`, and reduce everything else to spaces."""
    if text.isascii():  # most words: nothing to decompose, and ASCII case-folds as it lowers
        return _NON_WORD.sub(" ", text.lower()).strip()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped).strip()


_STEMMERS: dict[str, Any] = {}


def ordinal_term(position: int) -> str:
    """The term an ordinal is read as in every language (`fifth`, `fünfte`, `vijfde`, `5th` → `5th`): a position,
    which must not meet the count `5` ("the fifth player" is not "5 VP")."""
    return f"{position}th"


def stem(word: str, algorithm: str) -> str:
    """The Snowball stem of a normalised word (`algorithm`: `english`, `german`, `dutch`, ...). Numbers stay."""
    if word.isdigit():
        return word
    stemmer = _STEMMERS.get(algorithm)
    if stemmer is None:
        import snowballstemmer

        stemmer = _STEMMERS[algorithm] = snowballstemmer.stemmer(algorithm)
    return str(stemmer.stemWord(word))


class Language:
    """One language's facts, as compiled into the index (see `translations.lookup.lexicon`)."""

    __slots__ = ("_stems", "code", "derivations", "diminutives", "infinitive_ending", "infinitive_marker", "labels",
                 "negation_prefix", "negations", "numbers", "ordinals", "particles", "person_endings",
                 "phrase_synonyms", "phrases", "snowball", "stopwords", "synonyms")

    def __init__(self, code: str, data: Mapping[str, Any]) -> None:
        self.code = code
        self.snowball: str = data["snowball"]
        self.stopwords = frozenset(data["stopwords"])
        self.negations = frozenset(data["negation"]["words"])
        self.negation_prefix: str = data["negation"]["prefix"]
        #: phrase (tuple of normalised words) → (kinds asked, whether its words are also searched)
        self.phrases: dict[tuple[str, ...], tuple[tuple[str, ...], bool]] = {
            tuple(p["phrase"].split()): (tuple(p["asks"]), bool(p.get("content"))) for p in data["questions"]}
        self.labels: dict[str, str] = dict(data["labels"])
        self.numbers: dict[str, str] = dict(data.get("numbers", {}))
        #: an ordinal word → its term (`funfte` → `5th`, see `ordinal_term`)
        self.ordinals: dict[str, str] = dict(data.get("ordinals", {}))
        #: stem → the stems of its synonyms ("siegpunkt" → "punkt"; "vp" → "victori", "point")
        self.synonyms: dict[str, list[str]] = data.get("synonyms", {})
        #: a synonym of several words (its stems) → the words the rules use for it ("nieuw engeland" → "new england")
        self.phrase_synonyms: dict[tuple[str, ...], list[str]] = {
            tuple(key.split()): words.split() for key, words in data.get("phrase_synonyms", {}).items()}
        #: (noun suffix, verb ending): a noun made from a verb also stands for the verb (`Wertung` → `werten`)
        self.derivations: list[tuple[str, str]] = [(noun, verb) for noun, verb in data.get("derivations", [])]
        #: particles of separable verbs, which end the clause when split off ("lege … ab" → `ablegen`)
        self.particles = frozenset(data.get("particles", []))
        #: suffixes of a diminutive, longest first (Dutch `torentje`, `scheepje`, `poppetje`: a small tower, ship, pawn)
        self.diminutives: tuple[str, ...] = tuple(data.get("diminutives", []))
        #: the word between a separable verb's particle and its infinitive (Dutch "aan te vallen"), if any
        self.infinitive_marker: str = data.get("infinitive_marker", "")
        #: endings of a verb's 2nd/3rd person singular, longest first, and of its infinitive (German `fängt`, `fangen`)
        self.person_endings: tuple[str, ...] = tuple(data.get("person_endings", []))
        self.infinitive_ending: str = data.get("infinitive_ending", "")
        self._stems: dict[str, str] = {}

    @property
    def longest_phrase(self) -> int:
        return max((len(p) for p in self.phrases), default=1)

    def stem(self, word: str) -> str:
        """The word's stem; a number word is its digits (`two`, `zwei`, `twee` → `2`), an ordinal its position's term
        (`fifth`, `fünfte`, `vijfde` → `5th`)."""
        found = self._stems.get(word)
        if found is None:
            found = self._stems[word] = self.numbers.get(word) or self.ordinals.get(word) or stem(word, self.snowball)
        return found

    def rename(self, tokens: Sequence[str]) -> list[str]:
        """`tokens` with every synonym of several words replaced by the words the rules use for it (the longest
        first; compared by stem, so "Nieuw-Engeland" and "nieuw engeland" are one)."""
        if not self.phrase_synonyms:
            return list(tokens)
        longest = max(len(key) for key in self.phrase_synonyms)
        found: list[str] = []
        i = 0
        while i < len(tokens):
            for size in range(min(longest, len(tokens) - i), 1, -1):
                words = self.phrase_synonyms.get(tuple(self.stem(t) for t in tokens[i:i + size]))
                if words is not None:
                    found += words
                    i += size
                    break
            else:
                found.append(tokens[i])
                i += 1
        return found

    def derived(self, word_stem: str) -> list[str]:
        """Stems of the verb a noun's stem is derived from (`wertung` → `wert`, as `werten`), per the language's
        derivations; empty when none applies."""
        found = []
        for noun, verb in self.derivations:
            if word_stem.endswith(noun) and len(word_stem) > len(noun) + 2:
                base = self.stem(word_stem[: len(word_stem) - len(noun)] + verb)
                if base != word_stem and base not in found:
                    found.append(base)
        return found

    def undiminished(self, word: str) -> list[str]:
        """Stems the diminutive `word` may be of, longest suffix first (`torentje` → `toren`'s stem; `scheepje` →
        `scheep`'s after `schee`'s, cut as -pje; `poppetje` → `pop`'s, the doubled consonant undone, then `popp`'s);
        empty when the word ends in no diminutive suffix. Which of them is a word is for the caller to ask the
        index."""
        found: list[str] = []
        for suffix in self.diminutives:
            base = word[: len(word) - len(suffix)]
            if word.endswith(suffix) and len(base) >= PART_MIN:
                doubled = base[-1] == base[-2] and base[-1] not in "aeiou"
                found += [self.stem(b) for b in ([base[:-1], base] if doubled else [base])]
        return list(dict.fromkeys(found))

    def uninflected(self, word: str) -> list[str]:
        """Stems of the verb `word` may be a 2nd or 3rd person singular of, longest ending first: the rest with the
        infinitive's ending, then the rest alone (`fangt`, normalised `fängt` → `fangen`'s stem; `lauft` → `laufen`'s;
        `halt` → `halten`'s). Empty when no ending applies; which is a word is for the caller to ask the index."""
        found: list[str] = []
        for ending in self.person_endings:
            base = word[: len(word) - len(ending)]
            if word.endswith(ending) and len(base) >= PART_MIN:
                found += [self.stem(base + self.infinitive_ending), self.stem(base)]
        return [stem for stem in dict.fromkeys(found) if stem != self.stem(word)]

    def terms(self, text: str) -> list[str]:
        """Stems of a text's words in this language, function words dropped (what the index stores)."""
        return [self.stem(w) for w in normalise(text).split() if w not in self.stopwords]


#: Languages that write compounds as one word (`Werftausbau`, `scorespoor`): a word of theirs may be read as its
#: parts. English writes them apart ("score track"), so an English word the index lacks is not cut into pieces
#: ("artwork" is not `art` + `work`).
COMPOUNDING = ("de", "nl")
#: Linking elements between the parts of a German or Dutch compound (`Schiff-s-bau`, `stad-s-telling`).
LINKS = ("s", "es", "n", "en", "e", "er")
#: Shortest part of a compound worth recognising (`Schiffsbau` → `schiff` + `bau`).
PART_MIN = 3


def split_compound(word: str, language: Language, known: Callable[[str], bool]) -> list[str] | None:
    """The stems of the parts of a compound `word` that are all `known` words (`werftausbau` → `werft`, `ausbau`;
    `schiffsbaukosten` → `schiff`, `bau`, `kosten`), or None. Of several splits the one whose shorter part is
    longest wins; a linking element may join two parts (`schiff-s-bau`)."""
    best: tuple[int, list[str]] | None = None
    for cut in range(PART_MIN, len(word) - PART_MIN + 1):
        left, right = word[:cut], word[cut:]
        right_stem = language.stem(right)
        if not known(right_stem):
            continue
        for link in ("", *LINKS):
            if link and not left.endswith(link):
                continue
            head = left[: len(left) - len(link)]
            if len(head) < PART_MIN:
                continue
            head_stem = language.stem(head)
            parts = [head_stem] if known(head_stem) else split_compound(head, language, known) if len(head) >= \
                2 * PART_MIN else None
            if parts:
                score = min(len(head), len(right))
                if best is None or score > best[0]:
                    best = (score, [*parts, right_stem])
                break
    return best[1] if best else None


class Lexicon:
    """Every language's facts and the kinds of question (the `lexicon` part of a look-up index)."""

    __slots__ = ("kinds", "languages")

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.languages = {code: Language(code, facts) for code, facts in data["languages"].items()}
        self.kinds: dict[str, dict[str, Any]] = dict(data["kinds"])

    def label(self, lang: str, key: str) -> str:
        """A display string in `lang` (English when the language lacks it)."""
        language = self.languages.get(lang) or self.languages["en"]
        return language.labels.get(key) or self.languages["en"].labels[key]


class QueryWord:
    """A content word of a query: as typed (normalised), the forms to look it up by, and the particle of a
    separable verb that ends its clause, if any ("lege … ab": the word may be the verb `ablegen`)."""

    __slots__ = ("asking", "forms", "is_particle", "negated", "ordinal", "own", "particle", "text")

    def __init__(self, text: str, forms: Sequence[str], negated: bool = False) -> None:
        self.text = text
        self.forms = list(dict.fromkeys(forms))
        self.negated = negated
        #: the forms that read it in the query's language (the others are its stems in other languages)
        self.own: set[str] = set(self.forms)
        self.particle: str | None = None
        #: whether it is the particle ending its clause (it is dropped when it joins a verb the index knows)
        self.is_particle = False
        #: whether it is a word of a question phrase that is also searched ("price", "worth"): when no rule uses
        #: it, the question it asks is still understood, so it is no unknown word
        self.asking = False
        #: whether it is an ordinal ("fifth player"): a position the rules may not name, which then is no unknown word
        self.ordinal = False

    def joined_forms(self, language: Language, lemma_stems: Iterable[str]) -> list[str]:
        """The word joined with its particle: as typed (`ab` + `lege` → `ableg`) and as its lemma's stem (`weiter`
        + `gibt` → `weitergeb`, as `weitergeben`)."""
        if self.particle is None:
            return []
        return list(dict.fromkeys([language.stem(self.particle + self.text),
                                   *(self.particle + lemma for lemma in lemma_stems)]))

    def __repr__(self) -> str:
        return f"QueryWord({self.text!r}, {self.forms!r})"


class Query:
    """A parsed query: its language (None when its words do not tell), content words and the kinds asked."""

    __slots__ = ("asks", "lang", "question_words", "text", "words")

    def __init__(self, text: str, lang: str | None, words: list[QueryWord], asks: set[str],
                 question_words: list[str]) -> None:
        self.text = text
        self.lang = lang
        self.words = words
        self.asks = asks
        self.question_words = question_words

    def __repr__(self) -> str:
        return f"Query({self.text!r}, lang={self.lang!r}, words={self.words!r}, asks={sorted(self.asks)!r})"


def _phrase_spans(tokens: Sequence[str], language: Language) -> list[tuple[int, int, tuple[str, ...], bool]]:
    """Question phrases found in `tokens`, longest first, not overlapping: `(start, end, kinds, content)`."""
    found = []
    taken = [False] * len(tokens)
    for size in range(min(language.longest_phrase, len(tokens)), 0, -1):
        for start in range(len(tokens) - size + 1):
            if any(taken[start:start + size]):
                continue
            entry = language.phrases.get(tuple(tokens[start:start + size]))
            if entry is not None:
                found.append((start, start + size, entry[0], entry[1]))
                for i in range(start, start + size):
                    taken[i] = True
    return sorted(found)


def language_evidence(tokens: Sequence[str], lexicon: Lexicon) -> dict[str, float]:
    """How strongly the query's words point at each language: every token a language claims — as a function word
    or in a question phrase — counts once for it (`FUNCTION_WORD_EVIDENCE`), a token of a question phrase of
    several words counts `PHRASE_EVIDENCE` ("wie viele" is German, though "wie" alone is also Dutch's "who"). A
    token counts in its strongest role only, so "Wie rochiere ich?" is German ("wie" and "ich"), not Dutch ("wie")."""
    evidence = {}
    for code, language in lexicon.languages.items():
        strength = [FUNCTION_WORD_EVIDENCE if token in language.stopwords else 0.0 for token in tokens]
        for start, end, _, content in _phrase_spans(tokens, language):
            if not content:
                for i in range(start, end):
                    strength[i] = PHRASE_EVIDENCE if end - start > 1 else FUNCTION_WORD_EVIDENCE
        evidence[code] = sum(strength)
    return evidence


def detect_language(tokens: Sequence[str], lexicon: Lexicon,
                    vocabulary_evidence: Mapping[str, float] | None = None) -> str | None:
    """The language the query is written in, or None when neither its words nor `vocabulary_evidence` (per
    language, from the index: words only that language uses) single one out."""
    evidence = language_evidence(tokens, lexicon)
    for code, extra in (vocabulary_evidence or {}).items():
        evidence[code] = evidence.get(code, 0.0) + extra
    ranked = sorted(evidence.items(), key=lambda item: -item[1])
    if not ranked or ranked[0][1] <= 0 or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def parse(text: str, lexicon: Lexicon, lang: str | None, stem_languages: Iterable[str] | None = None) -> Query:
    """Read `text` as a query in `lang` (None: its stopwords are those of every language): question phrases
    become kinds, negations mark the next word, and every other non-function word becomes a `QueryWord` whose
    forms are its stems in `lang` first, then in the other languages (`stem_languages`), then as typed."""
    language = lexicon.languages.get(lang) if lang else None
    clauses = [normalise(part).split() for part in _CLAUSE_END.split(text)]
    if language is not None:
        clauses = [language.rename(clause) for clause in clauses]
    tokens = [token for clause in clauses for token in clause]
    if language is not None:
        stopwords: frozenset[str] = language.stopwords
        negations = language.negations
        spans = _phrase_spans(tokens, language)
    else:
        stopwords = frozenset().union(*(lg.stopwords for lg in lexicon.languages.values()))
        negations = frozenset().union(*(lg.negations for lg in lexicon.languages.values()))
        spans = []
    order = [language] if language is not None else []
    order += [lg for code, lg in lexicon.languages.items() if lg is not language
              and (stem_languages is None or code in stem_languages)]
    asks: set[str] = set()
    skipped: set[int] = set()
    question_words: list[str] = []
    asking: set[int] = set()
    for start, end, kinds, content in spans:
        asks.update(kinds)
        if not content:
            skipped.update(range(start, end))
            question_words.append(" ".join(tokens[start:end]))
        else:
            asking.update(range(start, end))
    particle_of, particle_at = _particles(clauses, language) if language is not None else ({}, set())
    words: list[QueryWord] = []
    negate_next = False
    for i, token in enumerate(tokens):
        if i in skipped:
            continue
        if token in negations:
            negate_next = True
            continue
        if token in stopwords:
            continue
        forms = [lg.stem(token) for lg in order] + [token]
        if negate_next:
            prefix = language.negation_prefix if language is not None else ""
            if prefix:
                forms = [(language.stem(prefix + token) if language else prefix + token), *forms]
        word = QueryWord(token, forms, negate_next)
        word.own = set(forms[:1 + bool(negate_next and language is not None)]) | {token}
        word.particle = particle_of.get(i)
        word.is_particle = i in particle_at
        word.asking = i in asking
        word.ordinal = any(token in lg.ordinals for lg in order)
        words.append(word)
        negate_next = False
    return Query(text, lang, words, asks, question_words)


_CLAUSE_END = re.compile(r"[,.;:!?()]+")


def _particles(clauses: Sequence[Sequence[str]], language: Language) -> tuple[dict[int, str], set[int]]:
    """A separable verb's particle ends its clause ("Wann lege ich die Karte ab?", "zet je hem terug"): every
    word of the clause before it may be the verb. Returns token position → the particle its clause ends with, and
    the particles' positions; such a word is also looked up joined with it (`ab` + `lege` → `ableg`, as `ablegen`;
    `terug` + `zet` → `terugzet`; see `QueryWord.joined_forms`). Which word is the verb the index decides: a joined
    form no text uses is never found; once one is found, the particle is no word of its own."""
    found: dict[int, str] = {}
    particles: set[int] = set()
    start = 0
    for clause in clauses:
        if len(clause) > 1 and clause[-1] in language.particles:
            found.update((i, clause[-1]) for i in range(start, start + len(clause) - 1))
            particles.add(start + len(clause) - 1)
        # Before an infinitive the particle stands apart too: "om een galjoen aan te vallen" (`aanvallen`).
        for at in range(len(clause) - 2):
            if language.infinitive_marker and clause[at + 1] == language.infinitive_marker and \
                    clause[at] in language.particles:
                found[start + at + 2] = clause[at]
                particles.add(start + at)
        start += len(clause)
    return found, particles
