"""Rule look-up at run time: answer a question in any language from the prebuilt JSON indexes.

This module is on the `rulespec lookup` start-up path, so it imports only the standard library and the Snowball
stemmer: no spec loading, no jsonschema, no Babel, no spaCy. Everything heavy happened when the index was built
(`translations.lookup.index`, run by `rulespec generate`).

How a query is answered (`answer`):

1. **Read the question** (`translations.lookup.language`): its language (from its question phrases and function
   words, else from which language's vocabulary its words belong to, else the locale, else English), the kinds
   of rule it asks for ("wie viele" → a number, "wanneer" → a timing, "who" → a player, "may I" → a
   permission), and its content words with their stems in every language.
2. **Resolve each content word** against the indexes: a stem the index knows; else the parts of a compound
   (`Werftausbau` → `werft` + `ausbau`); else the index words within a typo's reach (`Charterschif`). A query
   none of whose words resolves answers "no match", and so does one whose known words carry too little of what
   it says (`known_share`: "Wie werden bei Carcassonne die Bauern gewertet?").
3. **Scope**: terms of one game's glossary that only that game uses (`Rahmenmarker`, `Golden Hind`) name the
   game; the others are then left out. Otherwise every game is searched, and each hit says its game; a game
   printed in the query's language comes a little first (`OWN_EDITION`).
4. **Rank** with Okapi BM25 over two kinds of terms: per word, the best of its resolved terms (field-weighted:
   titles and glossary terms count more than citations), plus character trigrams of the key fields (titles,
   glossary terms, ids) for what stems miss. IDF is taken over all searched games so their scores compare.
   Then priors: rules answering what the question asks for (`KIND_WEIGHT`), setup steps only when the question
   is about the setup (`SETUP_FACTOR`), a named section's first rule (`LEAD_BOOST`, `LEAD_BOOST_ASKED`), a
   title the question says (`TITLE_WEIGHT`), and rules with sub-rules (`PARENT_BOOST`).
5. **Re-rank** the best candidates (`translations.lookup.ranking`): a linear model, fitted on question sets, over
   the parts of their first-stage scores and a few more signals (`Signals`), made only for those few rules, and
   how like earlier questions about each rule, its section and its family the question is
   (`translations.lookup.phrasings`). A few lower rules whose earlier questions said most of this one join the
   candidates (`ranking.SUGGESTED`): a paraphrase the rules' own words miss can still come first.

Presenting a hit (`translations.lookup.present`) reads the documents file only for the rules shown.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from translations.lookup import phrasings, ranking
from translations.lookup.language import Lexicon, Query, QueryWord, detect_language, normalise, parse, split_compound

GENERATED_DIR = Path(__file__).resolve().parents[1] / "generated"
INDEX_NAME = "lookup-index.json"  # what a search needs: postings, rule ids, section data, the lexicon
DOCS_NAME = "lookup-docs.json"  # what showing a rule needs: texts per view, passages, rulings (loaded lazily)
INDEX_VERSION = 4
K1 = 2.0
#: How much a word only one language's texts use counts towards the query's language, against a function word's
#: 1: less, since names travel between languages ("Punkte für New England" is German).
VOCABULARY_EVIDENCE = 0.5
B = 0.75
GRAM_WEIGHT = 1.5
GRAM_SIZE = 3
#: When the query names a section (its trigrams are mostly in the section's title, in any language), the
#: section's first rule — the one that introduces the subject — gets up to this factor: "Rahmenmarker" matches every
#: frame-marker rule about equally, and the rule introducing frame markers should come first. The
#: factor is for a query that asks nothing in particular (no question word), and shrinks with the share of its
#: words that name the section (words about more than the subject).
LEAD_BOOST = 1.25
#: ... and a question about the section's subject ("what happens when I pass a frame marker?") is likelier about
#: the rule introducing it than about one of its special cases, though less surely so than a bare subject.
LEAD_BOOST_ASKED = 1.15
SECTION_MATCH = 0.7  # share of the query's trigrams found in a section title for the query to name it
#: A rule with sub-rules (`end_phase.island_scoring` over `.ties`) states the subject its children refine:
#: among near-equal matches it comes first.
PARENT_BOOST = 1.0
#: A rule answering what the question asks for (a number for "how many") scores up to this much more.
KIND_WEIGHT = 1.0
#: ... and a rule answering it only weakly (a rule that states a number, for "how many") this share of that.
WEAK_ANSWER = 0.5
#: Setup steps answer questions about the setup; for any other question a rule is likelier meant.
SETUP_FACTOR = {True: 2.0, False: 0.8}
#: A rule whose title the question says in full ("when is an island scored" and "Island Scoring") is what it asks
#: about: the score grows by up to this share with the part of the title's words the question matches.
TITLE_WEIGHT = 0.25
#: Searching several games, the score of a game with an edition printed in the query's language.
OWN_EDITION = 1.1
#: How strongly a rule's score follows the share of the question's words it matches.
COORD = 1.5
#: Weights of a word's resolved terms: its stem, a compound's parts, a typo's neighbours, and the plain form of
#: a negated word ("not assigned" is mostly "unassigned").
EXACT, PART, TYPO, NEGATED_PLAIN = 1.0, 0.8, 0.7, 0.6
#: ... and a form by which another language than the query's reads the word.
FOREIGN = 0.8
#: ... and a synonym's (a word players use for what the rules call otherwise: "VP" for points).
SYNONYM = 0.9
#: Share of a query word's trigrams the index must know for a long word (a compound written otherwise) to count.
KNOWN_GRAMS = 0.8
LONG_WORD = 8
#: The least share of a query's information (`known_share`) the indexes must know for it to be answered. 0.30 since
#: round twelve: between 0.30 and 0.35 the held-out sets 1-10 held more answerable questions (10, mostly with one
#: colloquial word no rule uses: "nochmal", "kom", "fängt … an") than unanswerable ones (7), and the no-match model,
#: which weighs the share with the rest, rejects such a question when its best match is weak.
KNOWN_SHARE = 0.30
#: How a typo neighbour is marked when the word is as close to several known words (of any language).
AMBIGUOUS_TYPO = "typo?"
#: A typo this long is taken as meant even when several known words are that close (other languages' forms).
TYPO_LONG = 7


def grams(text: str, size: int = GRAM_SIZE, stopwords: Iterable[str] = ()) -> list[str]:
    """Character n-grams of each word padded with spaces (`" sh"`, `"shi"`, …, `"ip "`)."""
    skip = set(stopwords)
    found: list[str] = []
    for word in normalise(text).split():
        if word in skip:
            continue
        padded = f" {word} "
        found.extend(padded[i:i + size] for i in range(len(padded) - size + 1))
    return found


# -- the index ----------------------------------------------------------------------------------------------
# Plain classes rather than dataclasses: importing `dataclasses` (and `inspect` with it) costs ~7 ms of start-up.
class Postings:
    """An inverted index: term → postings `"doc tf doc tf …"`, with document lengths.

    Postings stay strings as loaded from JSON and are split into integers only for the terms a query uses:
    parsing a few hundred kilobytes of integer lists would cost more start-up than the whole search."""

    __slots__ = ("_decoded", "lengths", "terms")

    def __init__(self, terms: dict[str, str], lengths: list[int]) -> None:
        self.terms = terms
        self.lengths = lengths
        self._decoded: dict[str, list[int]] = {}

    @property
    def average(self) -> float:
        return (sum(self.lengths) / len(self.lengths)) if self.lengths else 0.0

    def postings(self, term: str) -> list[int]:
        """`[doc, tf, doc, tf, …]` of `term` (empty when the index does not know it)."""
        found = self._decoded.get(term)
        if found is None:
            encoded = self.terms.get(term)
            found = [int(x) for x in encoded.split()] if encoded else []
            self._decoded[term] = found
        return found

    def df(self, term: str) -> int:
        """How many documents contain `term`."""
        return len(self.postings(term)) // 2

    def term_scores(self, term: str, idf: float) -> dict[int, float]:
        """BM25 of one term per document that contains it."""
        average = self.average or 1.0
        postings = self.postings(term)
        found = {}
        for i in range(0, len(postings), 2):
            doc, tf = postings[i], postings[i + 1]
            norm = tf + K1 * (1 - B + B * self.lengths[doc] / average)
            found[doc] = idf * tf * (K1 + 1) / norm
        return found

    def bm25(self, query: Sequence[str], scores: list[float], weight: float = 1.0,
             idf: dict[str, float] | None = None) -> None:
        """Add weight × BM25 of `query` to `scores` (one slot per document). `idf` overrides this index's own
        inverse document frequencies (searching several games uses one IDF over all of them)."""
        n = len(self.lengths)
        for term, count in Counter(query).items():
            if idf is not None and term in idf:
                term_idf = idf[term]
            else:
                df = self.df(term)
                term_idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for doc, value in self.term_scores(term, term_idf).items():
                scores[doc] += weight * count * value


def shared_idf(postings: Sequence[Postings], terms: Iterable[str]) -> dict[str, float]:
    """BM25 IDF of `terms` over the documents of several indexes taken together, so that scores of different
    games are comparable (a word rare in one game but common in another is not over-weighted)."""
    n = sum(len(p.lengths) for p in postings)
    result = {}
    for term in set(terms):
        df = sum(p.df(term) for p in postings)
        result[term] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
    return result


class Index:
    """A game's look-up index as loaded from JSON (see `translations.lookup.index` for its layout). The
    documents (texts, passages, rulings) live in a second file that is read only when a rule is shown."""

    def __init__(self, data: dict[str, Any], path: Path | None = None,
                 docs: list[dict[str, Any]] | None = None) -> None:
        self.game: str = data["game"]
        self.title: str = data["title"]
        self.editions: list[dict[str, str]] = data["editions"]
        self.languages: list[str] = data["languages"]
        self.views: list[str] = data["views"]
        self.ids: list[str] = data["ids"]
        self.words = Postings(data["words"], data["word_lengths"])
        self.grams = Postings(data["grams"], data["gram_lengths"])
        self.sections: list[list[str]] = data.get("sections", [])
        self.leads: list[bool] = data.get("leads") or [False] * len(self.ids)
        self.section_of: list[int] = data.get("section_of") or [-1] * len(self.ids)
        self.parents: list[bool] = data.get("parents") or [False] * len(self.ids)
        self.answers: list[list[str]] = data.get("answers") or [[] for _ in self.ids]
        self.counted: list[str] = [f" {words} " for words in data.get("counted") or [""] * len(self.ids)]
        self.titles: list[str] = data.get("titles") or [""] * len(self.ids)
        #: per document, the stems its titles and summaries say (not its cited passages), space-separated
        self.said: list[str] = data.get("said") or [""] * len(self.ids)
        self.setup: list[bool] = data.get("setup") or [False] * len(self.ids)
        self._concepts: list[str] = data.get("concepts") or []
        self._doc_concepts: list[list[int]] = data.get("doc_concepts") or [[] for _ in self.ids]
        self._concept_sets: dict[int, set[str]] = {}
        self._glossary: set[str] | None = None
        self.lexicon_data: dict[str, Any] = data["lexicon"]
        # Both stay strings as loaded: a query looks up a few words, which a substring search does faster than
        # building a set or dict of thousands of entries would.
        self._only: dict[str, str] = {lang: f" {words} " for lang, words in data.get("only", {}).items()}
        self._vocabulary: dict[str, str] = {lang: f" {words} " for lang, words in data.get("vocabulary", {}).items()}
        self._lemmas: dict[str, str] = {lang: f" {pairs} " for lang, pairs in data.get("lemmas", {}).items()}
        self.path = path
        self._docs = docs

    @staticmethod
    def load(path: Path) -> Index:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != INDEX_VERSION:
            raise ValueError(f"{path}: look-up index version {data.get('version')!r}, expected {INDEX_VERSION}; "
                             "run `rulespec generate summaries`")
        return Index(data, path)

    def only_in(self, lang: str, stem: str) -> bool:
        """Whether `stem` is used by `lang`'s texts of this game and no other language's."""
        return f" {stem} " in self._only.get(lang, "")

    def uses(self, lang: str, stem: str) -> bool:
        """Whether `stem` is used by `lang`'s texts of this game."""
        return f" {stem} " in self._vocabulary.get(lang, "")

    def lemma(self, lang: str, word: str) -> str | None:
        """The stem of `word`'s lemma in `lang` when Snowball misses it (`passeer` → `passer`), else None."""
        pairs = self._lemmas.get(lang, "")
        at = pairs.find(f" {word}:")
        if at < 0:
            return None
        start = at + len(word) + 2
        return pairs[start:pairs.index(" ", start)]

    @property
    def glossary_stems(self) -> set[str]:
        """The stems of every glossary term of every concept the rules name."""
        if self._glossary is None:
            self._glossary = {stem for words in self._concepts for stem in words.split()}
        return self._glossary

    def concept_stems(self, doc: int) -> set[str]:
        """The stems of every glossary term (all editions and languages) of the concepts document `doc` names."""
        found = self._concept_sets.get(doc)
        if found is None:
            found = self._concept_sets[doc] = {stem for number in self._doc_concepts[doc]
                                               for stem in self._concepts[number].split()}
        return found

    @property
    def docs(self) -> list[dict[str, Any]]:
        """Every document, read from the documents file beside the index on first use."""
        if self._docs is None:
            self._docs = json.loads(self._docs_path().read_text(encoding="utf-8"))["docs"]
        return self._docs

    def _docs_path(self) -> Path:
        if self.path is None:
            raise LookupError(f"{self.game}: look-up index has no documents")
        return self.path.with_name(DOCS_NAME)

    def doc(self, rule_id: str) -> dict[str, Any] | None:
        """One document. The documents file holds one document per line (line n + 1 for document n), so showing
        a rule parses that line only."""
        if rule_id not in self.ids:
            return None
        number = self.ids.index(rule_id)
        if self._docs is not None:
            return self._docs[number]
        lines = self._docs_path().read_text(encoding="utf-8").split("\n")
        return json.loads(lines[number + 1].rstrip(","))


def index_paths(generated_dir: Path = GENERATED_DIR) -> list[Path]:
    """The committed indexes, one per game, sorted."""
    return sorted(generated_dir.glob(f"*/{INDEX_NAME}"))


def load_indexes(game: str | None = None, generated_dir: Path = GENERATED_DIR) -> list[Index]:
    """Indexes of one game (by id) or of all games. Raises LookupError when there is none."""
    paths = index_paths(generated_dir)
    if game is not None:
        paths = [p for p in paths if p.parent.name == game]
    if not paths:
        known = ", ".join(p.parent.name for p in index_paths(generated_dir)) or "none"
        raise LookupError(f"no look-up index for {game or 'any game'} (indexed games: {known}); "
                          "run `rulespec generate summaries`")
    return [Index.load(p) for p in paths]


def lexicon_of(indexes: Sequence[Index]) -> Lexicon:
    """The language facts (every index carries the same compiled lexicon)."""
    return Lexicon(indexes[0].lexicon_data)


# -- reading the query --------------------------------------------------------------------------------------
def locale_language(known: Iterable[str]) -> str | None:
    """The user's language from the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), if it is one of `known`."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        code = value.split("_")[0].split(".")[0].lower()
        if code:
            return code if code in known else None
    return None


def query_language(text: str, indexes: Sequence[Index], lexicon: Lexicon) -> tuple[str, bool]:
    """`(language, detected)`: the language the query is written in, or (when its words do not tell) the
    locale's, else English, with `detected` False. A function word of any language is left to the lexicon: that
    an index happens to hold it ("ich" in an English text) says nothing about the query's language."""
    tokens = normalise(text).split()
    function_words = frozenset().union(*(language.stopwords for language in lexicon.languages.values()))
    vocabulary: dict[str, float] = {}
    for code, language in lexicon.languages.items():
        stems = [language.stem(t) for t in tokens if t not in function_words]
        vocabulary[code] = VOCABULARY_EVIDENCE * sum(1 for s in stems if any(index.only_in(code, s) for index in indexes))
    found = detect_language(tokens, lexicon, vocabulary)
    if found is not None:
        return found, True
    return locale_language(lexicon.languages) or "en", False


class Term:
    """A term a query word resolved to, with its weight and how it was found (stem, part, typo)."""

    __slots__ = ("how", "term", "weight")

    def __init__(self, term: str, weight: float, how: str) -> None:
        self.term = term
        self.weight = weight
        self.how = how

    def __repr__(self) -> str:
        return f"Term({self.term!r}, {self.weight}, {self.how})"


def _within_edits(a: str, b: str, limit: int) -> bool:
    """Whether `a` and `b` are at most `limit` insertions, deletions or substitutions apart."""
    if abs(len(a) - len(b)) > limit:
        return False
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return False
        previous = current
    return previous[-1] <= limit


def typo_budget(word: str) -> int:
    """Edits a query word may be off by and still count as that word: none below 4 letters, 1 up to 6, else 2."""
    return 0 if len(word) < 4 else 1 if len(word) <= 6 else 2


def resolve(word: QueryWord, indexes: Sequence[Index], lexicon: Lexicon, lang: str,
            detected: bool = True) -> list[list[Term]]:
    """What a query word stands for in the indexes: one group of alternative terms (its stems; a negated word's
    `un-` form first), or one group per part of a compound, or its typo neighbours; `[]` when nothing fits. A typo
    is mended only into a word of the query's language when that language was `detected` (German "kriegt" is not
    a misspelt Dutch "krijgt")."""
    def known(term: str) -> bool:
        return any(term in index.words.terms for index in indexes)

    order = [lang, *[code for code in lexicon.languages if code != lang]]
    language = lexicon.languages[lang]
    present = [form for form in word.forms if known(form)]
    # The word's other readings, in the query's language: a verb the noun is made from (`Wertung` → `werten`),
    # its synonyms (`Siegpunkte` → `Punkte`).
    derived = [d for form in present[:1] or word.forms[:1] for d in language.derived(form)
               if known(d) and d not in present]
    synonyms = [s for form in [*word.forms[:2], *derived] for s in language.synonyms.get(form, ())
                if known(s) and s not in present]
    if present or synonyms:
        if word.negated:
            group = [Term(form, EXACT if n == 0 and form == word.forms[0] else NEGATED_PLAIN, "stem")
                     for n, form in enumerate(present)]
        else:
            # When the query's language is known, a form only another language reads it by counts less ("lege"
            # is German `leg`, not Dutch `leeg`).
            group = [Term(form, EXACT if form in word.own or not detected else FOREIGN, "stem") for form in present]
        group += [Term(d, EXACT, "stem") for d in derived]
        group += [Term(s, SYNONYM, "synonym") for s in dict.fromkeys(synonyms) if s not in derived]
        # A known compound also stands, a little less, for its parts ("Bonuspunkte" for "Bonus").
        parts = split_compound(word.text, lexicon.languages[lang], known) if len(word.text) >= LONG_WORD else None
        return [group + [Term(part, PART * PART, "part") for part in parts or () if part not in present]]
    # A separable verb the texts use only without its particle (`ingepland`, `aufgefüllt`) stands for that verb.
    for particle in sorted(language.particles, key=len, reverse=True):
        rest = word.text[len(particle):]
        if word.text.startswith(particle) and len(rest) >= LONG_WORD - len(particle) and known(language.stem(rest)):
            return [[Term(language.stem(rest), PART, "part")]]
    # A diminutive the rules never write (`torentje`, `scheepje`) is the word it diminishes (`toren`, `schip`).
    diminished = [base for base in language.undiminished(word.text) if known(base)]
    if diminished:
        return [[Term(base, EXACT, "stem") for base in diminished[:1]]]
    # A verb's person form the rules never print (`fängt`, `läuft`) is the verb they do (`fangen`, `laufen`).
    uninflected = [base for base in language.uninflected(word.text) if known(base)]
    if uninflected:
        return [[Term(base, EXACT, "stem") for base in uninflected[:1]]]
    for code in order:
        # A compound's parts are words of its own language: "artwork" is no German `art` + English `work`.
        parts = split_compound(word.text, lexicon.languages[code],
                               lambda term, code=code: any(index.uses(code, term) for index in indexes))
        if parts:
            return [[Term(part, PART, "part")] for part in parts]
    # The word as typed, its first form (a verb joined with its particle, or its stem) and its own stem: a typo in a
    # joined verb's word ("der Ramenmarker … zurück" is `zuruckramenmark` first) is mended from its stem alone.
    near_any = sorted({term for form in dict.fromkeys([word.forms[0], word.text, language.stem(word.text)])
                       if typo_budget(form)
                       for index in indexes for term in index.words.terms
                       if abs(len(term) - len(form)) <= typo_budget(form) and term[:1] == form[:1]
                       and _within_edits(form, term, typo_budget(form))})
    near = [term for term in near_any if not detected or any(index.uses(lang, term) for index in indexes)]
    if not near:
        # A misspelt word players use for what the rules call otherwise ("tiebraker"): the words the rules use for it,
        # as sure a mending as the synonym it is close to is alone.
        form = word.forms[0]
        keys = [key for key in language.synonyms if key[:1] == form[:1] and typo_budget(form)
                and _within_edits(form, key, typo_budget(form)) and any(known(t) for t in language.synonyms[key])]
        near = list(dict.fromkeys(term for key in keys for term in language.synonyms[key] if known(term)))
        near_any = near[:1] if len(keys) == 1 else near
    if near:
        # How sure the mending is counts over every language's words: `draak` is as close to `drak`, `draai`
        # and `raak`, whichever of them the query's language uses.
        how = "typo" if len(near_any) == 1 else AMBIGUOUS_TYPO
        return [[Term(term, TYPO, how) for term in near]]
    if len(word.text) >= LONG_WORD:
        # A compound written otherwise (`Neuengland` for `New England`) shares most of its letter trigrams.
        word_grams = grams(word.text)
        if sum(1 for g in word_grams if any(g in index.grams.terms for index in indexes)) >= \
                KNOWN_GRAMS * len(word_grams):
            return [[]]
    return []


# -- searching ----------------------------------------------------------------------------------------------
class Hit:
    """One matching rule: its game, id, score and index (its document is read on demand)."""

    __slots__ = ("features", "game", "index", "number", "rule_id", "score", "signals")

    def __init__(self, game: str, rule_id: str, score: float, index: Index, number: int = -1) -> None:
        self.game = game
        self.rule_id = rule_id
        self.score = score
        self.index = index
        self.number = number
        #: the re-ranking's features (`translations.lookup.ranking`), for the first stage's best candidates
        self.features: dict[str, float] = {}
        #: what the first stage measured of its index's documents, for the features
        self.signals: Signals | None = None

    @property
    def doc(self) -> dict[str, Any]:
        doc = self.index.doc(self.rule_id)
        if doc is None:
            raise LookupError(f"{self.game}: no document for {self.rule_id!r}")
        return doc

    def __repr__(self) -> str:
        return f"Hit({self.game!r}, {self.rule_id!r}, {self.score:.3f})"


class Answer:
    """What a query found: the hits (best first; empty for no match), the query as read, its language, the games
    searched, and the words that named the game (empty when none did)."""

    __slots__ = ("doubt", "games", "hits", "lang", "lang_detected", "named_by", "query", "resolved", "stems",
                 "unknown")

    def __init__(self, query: Query, lang: str, lang_detected: bool, hits: list[Hit], games: list[str],
                 named_by: list[str], resolved: list[list[Term]], unknown: list[str],
                 stems: Sequence[str] = ()) -> None:
        self.query = query
        self.lang = lang
        self.lang_detected = lang_detected
        self.hits = hits
        self.games = games
        self.named_by = named_by
        self.resolved = resolved
        self.unknown = unknown
        #: what the question says, compared with earlier questions (`translations.lookup.phrasings`): per word the
        #: term it resolved to first (a typo read as the word meant), or its stem when no rule uses it ("milestone")
        self.stems = sorted(set(stems))
        #: what says whether any rule answers the question at all (`ranking.doubt_features`; empty without hits)
        self.doubt: dict[str, float] = {}

    @property
    def several_games(self) -> bool:
        return len({hit.game for hit in self.hits}) > 1

    def as_json(self) -> dict[str, Any]:
        """How the query was read (for `--json`)."""
        return {"language": self.lang, "language_detected": self.lang_detected,
                "asks": sorted(self.query.asks), "words": [w.text for w in self.query.words],
                "unknown_words": self.unknown, "games": self.games, "game_named_by": self.named_by}


def score_index(index: Index, query: Query, groups: Sequence[Sequence[Term]], query_grams: Sequence[Sequence[str]],
                every: Sequence[Index], signals: Signals | None = None) -> list[float]:
    """Score of every document of `index` for the resolved query (`query_grams`: each word's trigrams); IDF is
    taken over `every` searched index. A word naming a section (most of its trigrams are in the section's title,
    in any language) gives the section's first rule `LEAD_BOOST`. `signals`, when given, receives per matching
    document the parts the score is made of (`translations.lookup.ranking` re-weighs them)."""
    scores = [0.0] * len(index.ids)
    matched = [0.0] * len(index.ids)
    terms = [t.term for group in groups for t in group]
    idf = shared_idf([i.words for i in every], terms)
    # What each word is worth to the coordination factor: its rarest resolved term's IDF, times how sure the
    # resolution is (a typo's neighbour counts less than the word itself). A rule matching the question's rare
    # words beats one matching as many of its common or doubtful ones.
    worth = [max((idf[t.term] * t.weight for t in group), default=0.0) for group in groups]
    total = sum(worth) or 1.0
    for group, value_of_word in zip(groups, worth, strict=True):
        best: dict[int, float] = {}
        for term in group:
            for doc, value in index.words.term_scores(term.term, idf[term.term]).items():
                weighted = term.weight * value
                if weighted > best.get(doc, 0.0):
                    best[doc] = weighted
        for doc, value in best.items():
            scores[doc] += value
            matched[doc] += len(groups) * value_of_word / total
    word_part = list(scores) if signals is not None else []
    if signals is not None:
        signals.groups, signals.worth, signals.total = groups, worth, total
        signals.asked = query.asks - {"setup"}
    every_gram = [g for word_grams in query_grams for g in word_grams]
    if every_gram:
        index.grams.bm25(every_gram, scores, GRAM_WEIGHT * max(1, len(groups)) / len(every_gram),
                         idf=shared_idf([i.grams for i in every], every_gram))
    # A section named by the query's words, with the share of its words that name it: "Rahmenmarker" alone asks
    # for the rule introducing frame markers; "settler value 2" asks for more than the settle section's first rule.
    named: dict[int, float] = {}
    for word_grams in query_grams:
        wanted = set(word_grams)
        for number, section in enumerate(index.sections):
            if wanted and len(wanted & set(section)) >= SECTION_MATCH * len(wanted):
                named[number] = named.get(number, 0.0) + 1.0 / len(query_grams)
    if signals is not None:
        signals.named = named
    asked = query.asks - {"setup"}
    counted_terms = [t.term for group in groups for t in group if t.weight >= PART]
    query_terms = set(terms)
    for doc in range(len(scores)):
        if not scores[doc]:
            continue
        # Lucene's coordination factor: a rule matching every word of the question beats one repeating a few.
        factor = ((1 + matched[doc]) / (1 + len(groups))) ** COORD if groups else 1.0
        lead = min(1.0, named[index.section_of[doc]]) if index.leads[doc] and index.section_of[doc] in named else 0.0
        boost = LEAD_BOOST_ASKED if query.asks else LEAD_BOOST
        factor *= 1.0 + (boost - 1.0) * lead
        factor *= PARENT_BOOST if index.parents[doc] else 1.0
        answered: list[str] = []
        if asked:
            answered = index.answers[doc]
            if "number" in asked and any(f" {term} " in index.counted[doc] for term in counted_terms):
                answered = [*answered, "number"]  # it counts what the question asks how many of
            share = sum(1.0 if kind in answered else WEAK_ANSWER if kind + "~" in answered else 0.0 for kind in asked)
            factor *= 1.0 + KIND_WEIGHT * share / len(asked)
        if index.setup[doc]:
            factor *= SETUP_FACTOR["setup" in query.asks]
        said = title_share(index.titles[doc], query_terms)
        factor *= 1.0 + TITLE_WEIGHT * said
        if signals is not None:
            # Kept raw: only the few best candidates' features are ever made of them (`Signals.features`).
            signals.raw[doc] = (word_part[doc], scores[doc] - word_part[doc], matched[doc], said, lead, answered)
        scores[doc] *= factor
    return scores


class Signals:
    """What the first stage measured of one index's documents for a query: per matching document its raw parts
    (word and trigram BM25, matched information, title share, section lead, kinds answered), and the query's
    resolved words with their worth. The re-ranking's features are made of them for the best candidates only."""

    __slots__ = ("_kinds", "asked", "groups", "index", "named", "raw", "total", "worth")

    def __init__(self, index: Index) -> None:
        self.index = index
        self.raw: dict[int, tuple[float, float, float, float, float, list[str]]] = {}
        self.groups: Sequence[Sequence[Term]] = []
        self.worth: list[float] = []
        self.total = 1.0
        self.asked: set[str] = set()
        #: section number → the share of the question's words naming it (most of a word's trigrams in its title)
        self.named: dict[int, float] = {}
        self._kinds: list[str] | None = None

    def says(self, doc: int) -> list[bool]:
        """Per resolved word of the question, whether document `doc` says one of its terms in its own titles and
        summaries (`Index.said`; a passage it cites is often its siblings' too, and tells them apart less)."""
        said = f" {self.index.said[doc]} "
        return [any(f" {term.term} " in said for term in group) for group in self.groups]

    def answered(self, doc: int) -> Sequence[str]:
        """The kinds of question document `doc` answers (`Index.answers`, with `number` when it counts what the
        question asks how many of; a kind ending in `~` only weakly)."""
        return self.raw[doc][5] if doc in self.raw else ()

    def kinds(self) -> list[str]:
        """Per resolved word of the question, what kind of word it is: a `number` (or an ordinal), a `term` of the
        game's glossary (a good, a place, a piece), or another `word`."""
        if self._kinds is None:
            glossary = self.index.glossary_stems
            self._kinds = ["number" if any(t.term[:1].isdigit() for t in group) else
                           "term" if any(t.term in glossary for t in group) else "word" for group in self.groups]
        return self._kinds

    def features(self, doc: int) -> dict[str, float]:
        """The first-stage features of document `doc` (see `translations.lookup.ranking`)."""
        words, trigrams, matched, said, lead, answered = self.raw[doc]
        index, groups = self.index, self.groups
        found = {"words": words, "grams": trigrams, "coord": matched / len(groups) if groups else 0.0,
                 "title": said, "lead": lead, "parent": float(index.parents[doc]), "setup": float(index.setup[doc]),
                 "depth": float(index.ids[doc].count(".")),
                 "terms": concept_share(index, doc, groups, self.worth, self.total),
                 "in_title": title_coverage(index.titles[doc], groups, self.worth, self.total)}
        # The section the question names, for every rule of it, not only the one introducing it (`lead`): "bij het
        # vestigen" names the settle action, whichever of its rules the rest of the question is about.
        own = self.named.get(index.section_of[doc], 0.0)
        if own:
            found["in_named"] = min(1.0, own)
        elsewhere = sum(share for section, share in self.named.items() if section != index.section_of[doc])
        if elsewhere:
            found["named_elsewhere"] = min(1.0, elsewhere)
        for kind in self.asked:
            if kind in answered:
                found[f"answers:{kind}"] = 1.0
            elif kind + "~" in answered:
                found[f"weakly:{kind}"] = 1.0
        return found


def title_coverage(titles: str, groups: Sequence[Sequence[Term]], worth: Sequence[float], total: float) -> float:
    """The share of the question's information its words said in the rule's title (in any view; a compound's parts
    and a noun's verb count): the reverse of `title_share`, which measures how much of the title the question said."""
    said = set(titles.replace("|", " ").replace("=", " ").replace("+", " ").replace("/", " ").split())
    if not said:
        return 0.0
    return sum(value for group, value in zip(groups, worth, strict=True) if any(t.term in said for t in group)) / total


def concept_share(index: Index, doc: int, groups: Sequence[Sequence[Term]], worth: Sequence[float],
                  total: float) -> float:
    """The share of the question's information (its words' `worth`) said by the glossary terms of the concepts the
    rule names: a question in a player's words about the thing a rule is about, rather than about the words its
    summary happens to use."""
    stems = index.concept_stems(doc)
    if not stems:
        return 0.0
    said = sum(value for group, value in zip(groups, worth, strict=True) if any(t.term in stems for t in group))
    return said / total


def title_share(titles: str, terms: set[str]) -> float:
    """The largest share of a rule's title, over its titles in every view, whose words are among the query's
    `terms`: a word by its stem, a compound (`stem=part+part`, see `translations.lookup.index`) also by the share
    of its parts ("Wann wird eine Insel gewertet?" says "Inselwertung"); a stem or part is said by any of its
    readings (`wertung/wert`: the noun or the verb it is made from)."""
    def said_by(readings: str) -> bool:
        return any(reading in terms for reading in readings.split("/"))

    # Most rules a question matches say none of its terms in a title: a substring test settles them at once (one
    # that holds a term inside a longer word is then read word by word, as the others).
    if not any(term in titles for term in terms):
        return 0.0
    best = 0.0
    for title in titles.split("|"):
        words = title.split()
        said = 0.0
        for word in words:
            readings, _, joined = word.partition("=")
            if said_by(readings):
                said += 1.0
            elif joined:
                parts = joined.split("+")
                said += sum(said_by(part) for part in parts) / len(parts)
        if words:
            best = max(best, said / len(words))
    return best


def named_games(indexes: Sequence[Index], groups: Sequence[Sequence[Term]], words: Sequence[QueryWord]) -> \
        tuple[list[str], list[str]]:
    """`(games, words)`: the games that the query's game-specific words point to (a word resolved to terms only
    one game's index knows, and which that game's glossary uses), and those words. Empty when no word is specific
    to one game."""
    games: dict[str, list[str]] = {}
    for word, group in zip(words, groups, strict=True):
        # What the word says itself names a game: its stems, else its parts or typo neighbours; not a synonym
        # players use for it ("passen" for "fassen"), nor the parts of a compound one game knows whole.
        said = [t for t in group if t.how == "stem"] or [t for t in group if t.how != "synonym"]
        holders = [index for index in indexes if any(term.term in index.words.terms for term in said)]
        # ... and a game's own thing, a term of its glossary ("Rahmenmarker", "Pinasse"), not a word its summaries
        # happen to use ("Einsatz").
        if len(holders) == 1 and any(term.term in holders[0].glossary_stems for term in said):
            games.setdefault(holders[0].game, []).append(word.text)
    if len(games) != 1:
        return [], []
    game, named_by = next(iter(games.items()))
    return [game], named_by


def game_in_title(indexes: Sequence[Index], text: str) -> tuple[Index | None, str]:
    """`(index, rest)`: the game whose whole title the query names ("Gleichstand am Ende bei Francis Drake"), and
    the query without it; `(None, text)` when it names none, or nothing but the title (then the title's words are
    the question: "Drake" is also a captain of Race to the New Found Land)."""
    tokens = normalise(text).split()
    for index in indexes:
        title = normalise(index.title).split()
        for start in range(len(tokens) - len(title) + 1):
            if tokens[start:start + len(title)] == title:
                rest = tokens[:start] + tokens[start + len(title):]
                if any(token.isalnum() for token in rest):
                    return index, " ".join(rest)
    return None, text


def recognised(word_groups: Sequence[Sequence[Term]], unknown: Sequence[str]) -> bool:
    """Whether the query is about something the indexes know: no more of its words unknown than known. Typo
    tolerance and trigrams give every string some score, so a query must have a word the index knows as it is (a
    stem, a compound's parts, a synonym) — or else consist
    only of typos that are long or close to one known word alone (`Charterschif`, `shps`; not `draak`, which is
    as close to `drak`, `draai` and `raak`)."""
    if not word_groups or len(unknown) > len(word_groups):
        # Mostly about what no rule mentions ("how does the robber work in Catan?"): not about these rules.
        return False
    if any(not term.how.startswith("typo") for group in word_groups for term in group):
        return True
    return not unknown and all(not group or group[0].how == "typo" or len(group[0].term) >= TYPO_LONG
                               for group in word_groups)


def known_share(word_groups: Sequence[Sequence[Term]], unknown: Sequence[str], indexes: Sequence[Index]) -> float:
    """How much of what the query says the indexes know: the information (IDF) of its known words against that of
    all its words, a word no rule uses (`Carcassonne`, `robber`, or one only letter trigrams match: `helicopter`)
    counting as much as the rarest word. A query whose rare, telling words are all unknown and whose known words
    are common ("how many train cars does each player get?", "wie werden bei Carcassonne die Bauern gewertet?") is
    about something else, whatever those common words match."""
    postings = [index.words for index in indexes]
    idf = shared_idf(postings, [t.term for group in word_groups for t in group])
    rarest = shared_idf(postings, [""])[""]  # a term no document holds
    known = sum(max(idf[t.term] * t.weight for t in group) for group in word_groups if group)
    missing = rarest * (len(unknown) + sum(1 for group in word_groups if not group))
    return known / (known + missing) if known + missing else 0.0


def answer(indexes: Iterable[Index], text: str, limit: int = 5, lang: str | None = None,
           rerank: bool = True, pool: bool = False) -> Answer:
    """Answer `text` from `indexes` (see the module docstring); `lang` forces the query's language. `rerank` False
    keeps the first stage's order (the best candidates still carry their re-ranking features). `pool` (for the fit
    of the re-ranking) keeps that order too, uses no phrasings, and sets the other features on every rule the
    phrasings could add to the candidates as well."""
    chosen = list(indexes)
    lexicon = lexicon_of(chosen)
    titled, rest = game_in_title(chosen, text)
    detected = True
    if lang is None or lang not in lexicon.languages:
        lang, detected = query_language(rest, chosen, lexicon)
    query = parse(rest, lexicon, lang)
    query.text = text
    groups: list[list[Term]] = []
    resolved_words: list[QueryWord] = []
    unknown: list[str] = []
    word_groups: list[list[Term]] = []
    stems: list[str] = []
    verb_found = False
    for word in query.words:
        lemmas = [index.lemma(code, word.text) for code in [lang, *lexicon.languages] for index in chosen]
        own_lemmas = [x for x in lemmas[:len(chosen)] if x]
        joined = word.joined_forms(lexicon.languages[lang], own_lemmas or [word.forms[0]])
        verb_found = verb_found or any(form in index.words.terms for form in joined for index in chosen)
        word.forms = list(dict.fromkeys([*joined, *word.forms[:1], *[x for x in lemmas if x], *word.forms[1:]]))
        word.own |= {*joined, *own_lemmas}
    if verb_found:
        query.words = [word for word in query.words if not word.is_particle]
    for word in query.words:
        found = resolve(word, chosen, lexicon, lang, detected)
        if not found and (word.asking or word.ordinal):
            # "how much is a jewel worth": "worth" asks what a jewel gives, whether or not a rule says it; "the fifth
            # player" asks about a player, whether or not a rule names the fifth.
            continue
        if not found:
            unknown.append(word.text)
            stems += word.forms[:1]
            continue
        resolved_words.append(word)
        merged = [t for group in found for t in group]
        stems += [merged[0].term] if merged else word.forms[:1]
        word_groups.append(merged)
        groups += [g for g in found if g]
    games = [index.game for index in chosen]
    share = known_share(word_groups, unknown, chosen) if recognised(word_groups, unknown) else 0.0
    if share < KNOWN_SHARE:
        return Answer(query, lang, detected, [], games, [], [], unknown, stems)
    scope, named_by = ([titled.game], [titled.title]) if titled else named_games(chosen, word_groups, resolved_words)
    searched = [index for index in chosen if not scope or index.game in scope]
    # A negated word's trigrams are those of its negative form ("did not assign" → `unassign`), not of the word.
    prefix = lexicon.languages[lang].negation_prefix
    query_grams = [grams(prefix + word.text if word.negated else word.text) for word in resolved_words]
    hits: list[Hit] = []
    printed_in = {index.game for index in searched if any(e["language"] == lang for e in index.editions)}
    for index in searched:
        # A question in a language some searched games are printed in, others not (Francis Drake has no Dutch
        # edition), is likelier about a game its asker holds in that language.
        prior = OWN_EDITION if len(searched) > 1 and index.game in printed_in else 1.0
        signals = Signals(index)
        scores = score_index(index, query, groups, query_grams, chosen, signals)
        for number, (rule_id, score) in enumerate(zip(index.ids, scores, strict=True)):
            if score > 0:
                hits.append(Hit(index.game, rule_id, score * prior, index, number))
                hits[-1].signals = signals
    hits.sort(key=lambda h: (-h.score, h.game, h.rule_id))
    found = Answer(query, lang, detected, [], [i.game for i in searched], named_by, groups, unknown, stems)
    ranker = ranking.committed() if rerank else None
    first = hits[0] if hits else None
    if pool:
        best = hits[0].score if hits else 0.0
        for hit in hits[:ranking.CANDIDATES + ranking.SUGGEST_POOL]:
            hit.features = candidate_features(hit, hits, best, query, printed_in, None, found.stems)
        found.hits = hits[:limit]
    else:
        found.hits = reranked(hits, query, printed_in, ranker, found.stems)[:limit]
    if first is not None:
        # How sure the first stage's best match is (its features are set now), whichever rule the ranker puts first.
        typos = sum(1 for group in word_groups if all(t.how.startswith("typo") for t in group))
        found.doubt = ranking.doubt_features(first.features, share, len(unknown) / len(stems), typos / len(stems),
                                             1.0 / len(stems), bool(query.asks), first.score)
        if ranker is not None and ranker.rejects(found.doubt):
            found.hits = []  # a question about something no rule is about, though some of its words match
    return found


def reranked(hits: list[Hit], query: Query, printed_in: set[str], ranker: ranking.Ranker | None,
             stems: Sequence[str] = ()) -> list[Hit]:
    """`hits` (in the first stage's order) with the candidates' re-ranking features set, and ordered by `ranker`
    when there is one; the rest follow in their order. The candidates are the first stage's best few and up to
    `ranking.SUGGESTED` lower rules whose earlier questions said most of this one (`stems`, compared with the
    committed phrasings)."""
    count = ranker.candidates if ranker is not None else ranking.CANDIDATES
    asked = phrasings.committed()
    head = hits[:count]
    if asked is not None and head:
        pool = hits[count:count + ranking.SUGGEST_POOL]
        added = asked.suggest(stems, [(hit.game, hit.rule_id) for hit in pool], ranking.SUGGESTED)
        head += [pool[place] for place in added]
    chosen = {id(hit) for hit in head}
    tail = [hit for hit in hits[count:] if id(hit) not in chosen]
    best = head[0].score if head else 0.0
    for hit in head:
        hit.features = candidate_features(hit, hits, best, query, printed_in, asked, stems)
    for hit in head[count:]:
        hit.features["suggested"] = 1.0
    if asked is not None:
        for hit, measured in zip(head, phrased_contrast(asked, stems, [(h.game, h.rule_id) for h in head]),
                                 strict=True):
            hit.features.update(measured)
    if ranker is None:
        return head + tail
    order = sorted(range(len(head)), key=lambda i: (-ranker.score(head[i].features), i))
    return [head[i] for i in order] + tail


def candidate_features(hit: Hit, hits: Sequence[Hit], best: float, query: Query, printed_in: set[str],
                       asked: phrasings.Phrasings | None, stems: Sequence[str]) -> dict[str, float]:
    """The re-ranking features of `hit`, one of `hits` (the first stage's order, whose first
    `ranking.CANDIDATES` are its best few), `best` being the best score."""
    place = next(number for number, other in enumerate(hits) if other is hit)
    measured = hit.signals.features(hit.number) if hit.signals is not None else {}
    found = ranking.features(measured, hit.score, best, place, "setup" in query.asks, hit.game in printed_in)
    # Whether the best few hold the rule's parent or a sub-rule: the question may be about the general rule or its
    # special case, and which it is tends to show in the other features.
    shown = {(other.game, other.rule_id) for other in hits[:ranking.CANDIDATES]}
    if (hit.game, hit.rule_id.rpartition(".")[0]) in shown:
        found["parent_shown"] = 1.0
    if any(game == hit.game and other.startswith(hit.rule_id + ".") for game, other in shown):
        found["child_shown"] = 1.0
    if asked is not None:
        found.update(phrased_features(asked, stems, hit.game, hit.rule_id))
    signals = hit.signals
    if signals is not None:
        family = [other.number for other in hits[:ranking.CANDIDATES] if other is not hit and other.game == hit.game
                  and ranking.related(hit.rule_id, other.rule_id)]
        if family:
            found.update(ranking.family_contrast(signals.says(hit.number), [signals.says(doc) for doc in family],
                                                 signals.kinds(), signals.worth, signals.total))
            if signals.asked:
                found.update(ranking.kind_contrast(signals.answered(hit.number),
                                                   [signals.answered(doc) for doc in family], signals.asked))
        if signals.asked:
            elsewhere = [other.signals.answered(other.number) for other in hits[:ranking.CANDIDATES]
                         if other is not hit and other.signals is not None]
            found.update(ranking.kind_contrast(signals.answered(hit.number), elsewhere, signals.asked,
                                               "asked_elsewhere"))
    return found


def phrased_features(asked: phrasings.Phrasings, stems: Sequence[str], game: str, rule: str) -> dict[str, float]:
    """Every feature the phrasings give a candidate: its own, its section's and its family's; none for a question of
    one word. One word is a name, and every rule of the family it names was asked with it: its share of the question
    is then 1 for all of them, and what is left, how often each was asked, is popularity, not evidence."""
    if len(set(stems)) < phrasings.SUGGEST_WORDS:
        return {}
    found = asked.features(stems, game, rule)
    found.update(asked.section(stems, game, rule))
    found.update(asked.family(stems, game, rule))
    return found


def phrased_contrast(asked: phrasings.Phrasings, stems: Sequence[str],
                     candidates: Sequence[tuple[str, str]]) -> list[dict[str, float]]:
    """`phrased_own` and `phrased_rival` of each of `candidates` (`phrasings.Phrasings.contrast`); none for a
    question of one word, as `phrased_features`."""
    if len(set(stems)) < phrasings.SUGGEST_WORDS:
        return [{} for _ in candidates]
    return asked.contrast(stems, candidates)


def search(indexes: Iterable[Index], query: str, limit: int = 5) -> list[Hit]:
    """The best `limit` rules for `query` across `indexes`, best first (ties broken by id, deterministic)."""
    return answer(indexes, query, limit).hits


def find_rule(indexes: Iterable[Index], rule_id: str) -> Hit | None:
    """The rule with id `rule_id` (exact), if any index has it."""
    for index in indexes:
        if rule_id in index.ids:
            return Hit(index.game, rule_id, 0.0, index)
    return None
