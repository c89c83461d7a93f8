"""Rule look-up at run time: find rules by words in any language, from a prebuilt JSON index.

This module is on the `rulespec lookup` start-up path, so it imports only the standard library: no spec
loading, no jsonschema, no Babel, no spaCy. Everything heavy happened when the index was built
(`translations.lookup.index`, run by `rulespec generate`): the rules' summaries rendered in every language and
edition, their cited passages cut from each edition's source, the rulings, and the inverted index.

Ranking is Okapi BM25 over two kinds of terms, so queries tolerate inflection, compounds and typos:

* *words*: normalised (case-folded, accents stripped, `ß`→`ss`) and lightly stemmed (`Schiffe`, `ships` →
  `schiff`, `ship`) tokens of every field, weighted per field (title and glossary terms count more than
  citations);
* *grams*: character trigrams of the short key fields (titles in every language, glossary terms and their
  variants/forms, the rule id), which still match "Charterschif", "kadertegels" or "milestones".

`score = bm25(words) + GRAM_WEIGHT · bm25(grams) · (#query words / #query grams)`: the gram part is scaled to
count about as much per query word as the word part. Searching several games, IDF is computed over all of them
so their scores compare. When the query names a section, that section's first rule gets a small prior
(`LEAD_BOOST`), so near-ties go to the rule that introduces the subject; rules with sub-rules get a smaller
one (`PARENT_BOOST`).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

GENERATED_DIR = Path(__file__).resolve().parents[1] / "generated"
INDEX_NAME = "lookup-index.json"  # what a search needs: postings, rule ids, section data
DOCS_NAME = "lookup-docs.json"  # what showing a rule needs: texts per view, passages, rulings (loaded lazily)
INDEX_VERSION = 2
K1 = 1.2
B = 0.75
GRAM_WEIGHT = 1.0
GRAM_SIZE = 3
#: When the query names a section (its trigrams are mostly in the section's title, in any language), the
#: section's first rule — the one that introduces the subject — gets this factor: "Rahmenmarker" matches every
#: frame-marker rule about equally, and the rule introducing frame markers should come first.
LEAD_BOOST = 1.25
SECTION_MATCH = 0.7  # share of the query's trigrams found in a section title for the query to name it
#: A rule with sub-rules (`end_phase.island_scoring` over `.ties`) states the subject its children refine:
#: among near-equal matches it comes first.
PARENT_BOOST = 1.05

#: Function words of en/de/nl that carry no meaning for a look-up.
STOPWORDS = frozenset({
    "a", "aan", "als", "an", "and", "are", "as", "at", "be", "bij", "by", "das", "de", "dem", "den", "der",
    "des", "die", "du", "een", "ein", "eine", "einen", "einer", "eines", "en", "er", "for", "from", "het",
    "if", "ihr", "im", "in", "into", "is", "ist", "it", "its", "je", "jij", "jouw", "mit", "nach", "oder",
    "of", "on", "op", "or", "te", "the", "their", "then", "this", "to", "und", "van", "von", "voor", "wird",
    "with", "you", "your", "zu", "zum", "zur",
})
_SUFFIXES = ("ungen", "ingen", "heiten", "ern", "en", "es", "er", "e", "s", "n")
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalise(text: str) -> str:
    """Case-fold, strip accents (`ä`→`a`, `é`→`e`), `ß`→`ss`, and reduce everything else to spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped).strip()


def stem(word: str) -> str:
    """A light, language-agnostic suffix stripper (en/de/nl plural and case endings) for words of 5+ letters.

    It need not produce real lemmas: index and query go through the same function, so `Schiffe`, `Schiffen`,
    `Schiff` meet at `schiff`, and `markers`/`marker` at `mark`."""
    for _ in range(2):  # two passes, so that `markers` → `marker` → `mark` meets `marker` → `mark`
        if len(word) < 5 or word.isdigit():
            return word
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 4:
                word = word[: -len(suffix)]
                break
        else:
            return word
    return word


def words(text: str) -> list[str]:
    """Stemmed word terms of a text (stopwords dropped)."""
    return [stem(w) for w in normalise(text).split() if w not in STOPWORDS]


def grams(text: str, size: int = GRAM_SIZE) -> list[str]:
    """Character n-grams of each word padded with spaces (`" sh"`, `"shi"`, …, `"ip "`)."""
    found: list[str] = []
    for word in normalise(text).split():
        if word in STOPWORDS:
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

    def bm25(self, query: Sequence[str], scores: list[float], weight: float = 1.0,
             idf: dict[str, float] | None = None) -> None:
        """Add weight × BM25 of `query` to `scores` (one slot per document). `idf` overrides this index's own
        inverse document frequencies (searching several games uses one IDF over all of them)."""
        n = len(self.lengths)
        average = self.average or 1.0
        for term, count in Counter(query).items():
            postings = self.postings(term)
            if not postings:
                continue
            if idf is not None and term in idf:
                term_idf = idf[term]
            else:
                df = len(postings) // 2
                term_idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for i in range(0, len(postings), 2):
                doc, tf = postings[i], postings[i + 1]
                norm = tf + K1 * (1 - B + B * self.lengths[doc] / average)
                scores[doc] += weight * count * term_idf * tf * (K1 + 1) / norm


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

    def __init__(self, game: str, title: str, editions: list[dict[str, str]], languages: list[str],
                 views: list[str], ids: list[str], words: Postings, grams: Postings,
                 sections: list[list[str]] | None = None, leads: list[bool] | None = None,
                 section_of: list[int] | None = None, parents: list[bool] | None = None, path: Path | None = None,
                 docs: list[dict[str, Any]] | None = None) -> None:
        self.game = game
        self.title = title
        self.editions = editions
        self.languages = languages
        self.views = views
        self.ids = ids
        self.words = words
        self.grams = grams
        self.sections = sections or []
        self.leads = leads or [False] * len(ids)
        self.section_of = section_of or [-1] * len(ids)
        self.parents = parents or [False] * len(ids)
        self.path = path
        self._docs = docs

    @staticmethod
    def load(path: Path) -> Index:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != INDEX_VERSION:
            raise ValueError(f"{path}: look-up index version {data.get('version')!r}, expected {INDEX_VERSION}; "
                             "run `rulespec generate summaries`")
        return Index(data["game"], data["title"], data["editions"], data["languages"], data["views"], data["ids"],
                     Postings(data["words"], data["word_lengths"]), Postings(data["grams"], data["gram_lengths"]),
                     data["sections"], data["leads"], data["section_of"], data["parents"], path)

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


# -- searching ----------------------------------------------------------------------------------------------
class Hit:
    """One matching rule: its game, id, score and index (its document is read on demand)."""

    __slots__ = ("game", "index", "rule_id", "score")

    def __init__(self, game: str, rule_id: str, score: float, index: Index) -> None:
        self.game = game
        self.rule_id = rule_id
        self.score = score
        self.index = index

    @property
    def doc(self) -> dict[str, Any]:
        doc = self.index.doc(self.rule_id)
        if doc is None:
            raise LookupError(f"{self.game}: no document for {self.rule_id!r}")
        return doc

    def __repr__(self) -> str:
        return f"Hit({self.game!r}, {self.rule_id!r}, {self.score:.3f})"


def score_query(index: Index, query: str, others: Sequence[Index] = ()) -> list[float]:
    """BM25 score of every document of `index` for `query`; IDF is taken over `index` and `others`."""
    scores = [0.0] * len(index.ids)
    query_words = words(query)
    query_grams = grams(query)
    every = [index, *others]
    index.words.bm25(query_words, scores, idf=shared_idf([i.words for i in every], query_words))
    if query_grams:
        index.grams.bm25(query_grams, scores, GRAM_WEIGHT * max(1, len(query_words)) / len(query_grams),
                         idf=shared_idf([i.grams for i in every], query_grams))
    named = set()
    if query_grams:
        wanted = set(query_grams)
        for number, section in enumerate(index.sections):
            if len(wanted & set(section)) >= SECTION_MATCH * len(wanted):
                named.add(number)
    return [score * (LEAD_BOOST if lead and section in named else 1.0) * (PARENT_BOOST if parent else 1.0)
            for score, lead, section, parent in zip(scores, index.leads, index.section_of, index.parents,
                                                    strict=True)]


#: Share of a query word's trigrams the index must know for the word to count as known.
KNOWN_GRAMS = 0.8


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


def recognised(indexes: Sequence[Index], query: str) -> bool:
    """Whether some query word is a word of the indexes, or a typo of one.

    Character n-grams make the ranking tolerant of typos, but they also give every string some score; a query
    none of whose words is known (``banana``, ``asdfgh``) must find nothing rather than a confident answer."""
    vocabulary = [term for index in indexes for term in index.words.terms]
    for word in words(query):
        if any(word in index.words.terms for index in indexes):
            return True
        budget = typo_budget(word)
        if budget and any(_within_edits(word, term, budget) for term in vocabulary):
            return True
        # A compound written otherwise (`Neuengland` for `New England`) shares most of its letter trigrams.
        word_grams = grams(word)
        known = sum(1 for g in word_grams if any(g in index.grams.terms for index in indexes))
        if len(word) >= 4 and known >= KNOWN_GRAMS * len(word_grams):
            return True
    return False


def search(indexes: Iterable[Index], query: str, limit: int = 5) -> list[Hit]:
    """The best `limit` rules for `query` across `indexes`, best first (ties broken by id, deterministic)."""
    chosen = list(indexes)
    if not recognised(chosen, query):
        return []
    hits: list[Hit] = []
    for index in chosen:
        others = [other for other in chosen if other is not index]
        for rule_id, score in zip(index.ids, score_query(index, query, others), strict=True):
            if score > 0:
                hits.append(Hit(index.game, rule_id, score, index))
    hits.sort(key=lambda h: (-h.score, h.game, h.rule_id))
    return hits[:limit]


def find_rule(indexes: Iterable[Index], rule_id: str) -> Hit | None:
    """The rule with id `rule_id` (exact), if any index has it."""
    for index in indexes:
        if rule_id in index.ids:
            return Hit(index.game, rule_id, 0.0, index)
    return None


# -- presenting ---------------------------------------------------------------------------------------------
def view_key(index: Index, lang: str | None, edition: str | None) -> str:
    """Which rendered text to show: `lang@edition` when the index has it, else the language's default."""
    editions = {e["id"]: e for e in index.editions}
    if edition is not None and edition not in editions:
        raise LookupError(f"{index.game} has no edition {edition!r} (editions: {', '.join(editions)})")
    if lang is None:
        lang = editions[edition]["language"] if edition else "en"
    if lang not in index.languages:
        raise LookupError(f"{index.game}: no summaries in {lang!r} (languages: {', '.join(index.languages)})")
    if edition is not None and f"{lang}@{edition}" in index.views:
        return f"{lang}@{edition}"
    return lang


def describe(hit: Hit, lang: str | None = None, edition: str | None = None) -> dict[str, Any]:
    """A hit as plain data (what `--json` prints): summary in the chosen language, passages per edition,
    and the rulings touching it with the reading that the chosen edition (or the default) follows."""
    doc = hit.doc
    key = view_key(hit.index, lang, edition)
    result: dict[str, Any] = {
        "game": hit.game,
        "id": hit.rule_id,
        "score": round(hit.score, 4),
        "view": key,
        "title": doc["title"][key],
        "summary": doc["text"][key],
        "passages": doc["passages"],
    }
    result["rulings"] = []
    for ruling in doc.get("rulings", []):
        followed = ruling["default"]
        if edition is not None:
            followed = next((r["id"] for r in ruling["readings"] if edition in r["editions"]), followed)
        result["rulings"].append({
            "id": ruling["id"],
            "question": ruling["question"][key],
            "default": ruling["default"],
            "followed": followed,
            "readings": [{"id": r["id"], "editions": r["editions"], "summary": r["text"][key]}
                         for r in ruling["readings"]],
        })
    # The summary states the default reading: where the chosen edition reads a disputed point otherwise, say so.
    result["instead"] = [
        next(r["summary"] for r in ruling["readings"] if r["id"] == ruling["followed"])
        for ruling in result["rulings"]
        if ruling["followed"] != ruling["default"]
    ]
    return result


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=max(width, 10)) or [""]


def format_text(described: dict[str, Any], others: Sequence[Hit] = (), width: int = 100) -> str:
    """A hit for the terminal: title and summary, the cited passages side by side (stacked when the terminal
    is too narrow), the ruling, and the runners-up."""
    lines = [f"{described['title']}  [{described['id']}, {described['game']}]", ""]
    lines += _wrap(described["summary"], width)
    for text in described.get("instead", []):
        lines += _wrap(f"-> In this edition instead: {text}", width)
    passages = {p["edition"]: p["text"] for p in described["passages"]}
    if passages:
        lines.append("")
        editions = list(passages)
        column = (width - 3 * (len(editions) - 1)) // max(1, len(editions))
        if column >= 28:
            blocks = [[e.upper(), "-" * min(column, len(e) + 2), *_wrap(passages[e], column)] for e in editions]
            height = max(len(b) for b in blocks)
            for row in range(height):
                cells = [(b[row] if row < len(b) else "").ljust(column) for b in blocks]
                lines.append(" | ".join(cells).rstrip())
        else:
            for edition in editions:
                lines.append(f"[{edition}]")
                lines += ["  " + line for line in _wrap(passages[edition], width - 2)]
    for ruling in described.get("rulings", []):
        lines += ["", f"! {ruling['question']}  [{ruling['id']}]"]
        for reading in ruling["readings"]:
            mark = "*" if reading["id"] == ruling["followed"] else "-"
            editions = ", ".join(reading["editions"]) or "-"
            lines += _wrap(f"  {mark} {reading['summary']} ({editions})", width)
    if others:
        lines += ["", "also: " + "; ".join(f"{h.rule_id} ({h.score:.1f})" for h in others)]
    return "\n".join(lines) + "\n"
