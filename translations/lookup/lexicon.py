"""The look-up's language facts (`lexicon.yaml`): validated and compiled at generation time.

`compile_lexicon()` reads the YAML file safely (no aliases, line numbers kept), checks it, and returns the plain
dict that `translations.lookup.index` writes into every game's index under `lexicon` and that
`translations.lookup.language.Lexicon` reads at run time. Phrases, stopwords and cues are normalised here the
way queries are (`Wie viele` → `wie viele`, `für` → `fur`), so the file can be written as people type.

`answers(kinds, title, summary, has_numbers)` decides which kinds of question a rule answers, from the cues of
each kind in its English title and summary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from translations.lookup.language import normalise, ordinal_term, stem

LEXICON_FILE = Path(__file__).resolve().parent / "lexicon.yaml"
LABELS = ("also", "game", "no_match", "name_subject", "instead", "not_printed", "in_english", "assumed", "inferred",
          "example", "ruling", "several_games", "yes", "no", "no_edition")
SNOWBALL = ("english", "german", "dutch")


class LexiconError(ValueError):
    """A problem in the lexicon file, with its line."""


def _fail(path: Path, line: int, field: str, message: str) -> LexiconError:
    return LexiconError(f"{path}:{line}: {field}: {message}")


def compile_lexicon(path: Path = LEXICON_FILE) -> dict[str, Any]:
    """The lexicon as the index stores it (normalised, sorted, deterministic). Raises `LexiconError`."""
    from rulespec.yaml_source import YamlProblem, load_yaml

    try:
        document = load_yaml(path)
    except YamlProblem as exc:
        raise LexiconError(f"{path}:{exc.line}: {exc.message}") from None
    data = document.data if isinstance(document.data, dict) else {}

    def need(value: Any, kind: type, where: str) -> Any:
        if not isinstance(value, kind):
            raise _fail(path, document.line_of(where), where, f"expected a {kind.__name__}")
        return value

    def words(value: Any, where: str) -> list[str]:
        """A list of words, normalised; YAML 1.1 reads a bare `on` or `no` as a boolean, so say where."""
        for number, item in enumerate(need(value, list, where)):
            if not isinstance(item, str):
                raise _fail(path, document.line_of(f"{where}/{number}"), f"{where}/{number}",
                            f"{item!r} is not text (quote it: YAML reads a bare on/no/yes as true/false)")
        return [normalise(item) for item in value]

    kinds: dict[str, Any] = {}
    for name, spec in need(data.get("kinds"), dict, "/kinds").items():
        where = f"/kinds/{name}"
        need(spec, dict, where)
        cues = words(spec.get("cues", []), f"{where}/cues")
        openers = words(spec.get("openers", []), f"{where}/openers")
        kinds[name] = {"cues": sorted(set(cues)), "numbers": bool(spec.get("numbers")),
                       "documents": spec.get("documents"), "openers": sorted(set(openers))}
    languages: dict[str, Any] = {}
    for code, facts in need(data.get("languages"), dict, "/languages").items():
        where = f"/languages/{code}"
        need(facts, dict, where)
        if facts.get("snowball") not in SNOWBALL:
            raise _fail(path, document.line_of(f"{where}/snowball"), f"{where}/snowball",
                        f"must be one of {', '.join(SNOWBALL)}")
        questions = []
        for number, entry in enumerate(need(facts.get("questions"), list, f"{where}/questions")):
            at = f"{where}/questions/{number}"
            need(entry, dict, at)
            asks = need(entry.get("asks"), list, f"{at}/asks")
            unknown = [k for k in asks if k not in kinds]
            if unknown:
                raise _fail(path, document.line_of(f"{at}/asks"), f"{at}/asks", f"unknown kind(s) {unknown}")
            phrase = normalise(need(entry.get("phrase"), str, f"{at}/phrase"))
            if not phrase:
                raise _fail(path, document.line_of(f"{at}/phrase"), f"{at}/phrase", "empty phrase")
            questions.append({"phrase": phrase, "asks": sorted(asks), "content": bool(entry.get("content"))})
        phrases = [q["phrase"] for q in questions]
        duplicates = sorted({p for p in phrases if phrases.count(p) > 1})
        if duplicates:
            raise _fail(path, document.line_of(f"{where}/questions"), f"{where}/questions",
                        f"phrase(s) listed twice: {duplicates}")
        negation = need(facts.get("negation"), dict, f"{where}/negation")
        numbers = need(facts.get("numbers", {}), dict, f"{where}/numbers")
        ordinals = need(facts.get("ordinals", {}), dict, f"{where}/ordinals")
        for field, table in (("numbers", numbers), ("ordinals", ordinals)):
            for word, value in table.items():
                if not isinstance(value, int) or isinstance(value, bool):
                    raise _fail(path, document.line_of(f"{where}/{field}/{word}"), f"{where}/{field}/{word}",
                                "must be a whole number")
        labels = need(facts.get("labels"), dict, f"{where}/labels")
        missing = [k for k in LABELS if not isinstance(labels.get(k), str)]
        if missing:
            raise _fail(path, document.line_of(f"{where}/labels"), f"{where}/labels", f"missing {missing}")
        synonyms = _synonyms(facts.get("synonyms", []), facts["snowball"], set(words(facts.get("stopwords"),
                             f"{where}/stopwords")), lambda at: _fail(path, document.line_of(at), at, "expected a list "
                             "of two or more words or phrases"), f"{where}/synonyms")
        stop = set(words(facts.get("stopwords"), f"{where}/stopwords"))
        derivations = []
        for number, entry in enumerate(need(facts.get("derivations", []), list, f"{where}/derivations")):
            at = f"{where}/derivations/{number}"
            if not (isinstance(entry, dict) and isinstance(entry.get("noun"), str) and isinstance(entry.get("verb"), str)):
                raise _fail(path, document.line_of(at), at, "expected {noun: suffix, verb: ending}")
            derivations.append([normalise(entry["noun"]), normalise(entry["verb"])])
        languages[code] = {
            "snowball": facts["snowball"],
            "synonyms": synonyms,
            "phrase_synonyms": _phrase_synonyms(facts.get("synonyms", []), facts["snowball"], stop),
            "derivations": derivations,
            "particles": sorted(set(words(facts.get("particles", []), f"{where}/particles"))),
            # Longest first, so `poppetje` loses `etje`, not `je`.
            "diminutives": sorted(set(words(facts.get("diminutives", []), f"{where}/diminutives")),
                                  key=lambda suffix: (-len(suffix), suffix)),
            "infinitive_marker": normalise(str(facts.get("infinitive_marker", ""))),
            # Longest first, so `fallst` loses `st`, not `t`.
            "person_endings": sorted(set(words(facts.get("person_endings", []), f"{where}/person_endings")),
                                     key=lambda ending: (-len(ending), ending)),
            "infinitive_ending": normalise(str(facts.get("infinitive_ending", ""))),
            "stopwords": sorted(set(words(facts.get("stopwords"), f"{where}/stopwords"))),
            "negation": {"words": sorted(set(words(negation.get("words", []), f"{where}/negation/words"))),
                         "prefix": normalise(str(negation.get("prefix", "")))},
            "numbers": {normalise(str(word)): str(value) for word, value in sorted(numbers.items())},
            "ordinals": {normalise(str(word)): ordinal_term(value) for word, value in sorted(ordinals.items())},
            "questions": sorted(questions, key=lambda q: q["phrase"]),
            "labels": {k: labels[k] for k in LABELS},
        }
    if "en" not in languages:
        raise _fail(path, document.line_of("/languages"), "/languages", "English (en) is required")
    return {"kinds": kinds, "languages": languages}


def _synonyms(groups: Any, algorithm: str, stopwords: set[str], fail: Any, where: str) -> dict[str, list[str]]:
    """Each synonym's stem → the stems of the other members of its groups (a phrase's member stands for its content
    words: "victory points" → `victori`, `point`). A word in several groups gets all their members."""
    found: dict[str, list[str]] = {}
    if not isinstance(groups, list):
        raise fail(where)
    for number, group in enumerate(groups):
        if not isinstance(group, list) or len(group) < 2 or not all(isinstance(m, str) for m in group):
            raise fail(f"{where}/{number}")
        members = [[stem(w, algorithm) for w in normalise(m).split() if w not in stopwords] for m in group]
        for member in members:
            if len(member) != 1:
                continue  # a phrase is a synonym's meaning, not a word a query is read by
            others = [s for other in members if other is not member for s in other if s != member[0]]
            found.setdefault(member[0], [])
            found[member[0]] += [s for s in dict.fromkeys(others) if s not in found[member[0]]]
    return {key: found[key] for key in sorted(found) if found[key]}


def _phrase_synonyms(groups: list[list[str]], algorithm: str, stopwords: set[str]) -> dict[str, str]:
    """A synonym of several words, read in a query, stands for its group's first member (the word the rules use):
    the stems of the phrase's words, joined by a space → the first member's normalised words ("nieuw engeland" →
    "new england", so Dutch "Nieuw-Engeland" is New England and not England; "victory points" → "points"). Single
    words are `_synonyms`' (already checked there)."""
    found: dict[str, str] = {}
    for group in groups:
        canonical = normalise(group[0])
        for member in group[1:]:
            words = [w for w in normalise(member).split() if w not in stopwords]
            if len(words) > 1:
                found[" ".join(stem(w, algorithm) for w in words)] = canonical
    return dict(sorted(found.items()))


def lemma_table(lang: str, language: Any, surface: set[str]) -> dict[str, str]:
    """Inflected forms → the stem of their lemma, from spaCy's lookup tables (`spacy-lookups-data`; read as data,
    spaCy itself is not imported), for the lemmas this game's texts use: `passeer`, `passeert` → `passer`
    (passeren), `erreicht` → `erreich` (erreichen). Only forms whose own stem differs from their lemma's are kept:
    Snowball already joins the others. `surface` is the set of normalised words of the game's texts in `lang`."""
    table = _lookup_table(lang)
    wanted = {language.stem(w) for w in surface} | {language.stem(table[w]) for w in surface if w in table}
    lemma_stems: dict[str, str] = {}
    found = {}
    for form, lemma in table.items():
        if form in language.ordinals:
            continue  # spaCy's lemma of "third" is "three": a position is not its count
        lemma_stem = lemma_stems.get(lemma)
        if lemma_stem is None:
            lemma_stem = lemma_stems[lemma] = language.stem(lemma)
        if lemma_stem in wanted and language.stem(form) != lemma_stem:
            found[form] = lemma_stem
    return found


@cache
def _lookup_table(lang: str) -> dict[str, str]:
    """spaCy's lemma lookup table of `lang`, normalised (single words only; the first lemma of a form wins); empty
    when the data package lacks the language. Read once per process: every game's index asks for it."""
    import gzip
    import json
    from importlib import resources

    try:
        data = resources.files("spacy_lookups_data").joinpath("data", f"{lang}_lemma_lookup.json.gz").read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return {}
    table: dict[str, str] = {}
    for form, lemma in sorted(json.loads(gzip.decompress(data)).items()):
        key, base = normalise(form), normalise(str(lemma))
        if key and base and " " not in key and " " not in base:
            table.setdefault(key, base)
    return table


_DIGIT = re.compile(r"\d")
_SENTENCE = re.compile(r"[.;:!?]\s+|\n")


#: Suffix of a kind a rule answers only weakly: `number~` for a rule that merely states a number, where
#: "maximum", "up to" or "per" (the `number` cues) answer "how many" outright.
WEAK = "~"


def answers(kinds: Mapping[str, Any], title: str, summary: str, has_numbers: bool, kind_of_doc: str) -> list[str]:
    """The kinds of question a rule answers: a kind whose cues occur in its English title or summary (whole
    words) or one of whose openers opens a sentence of the summary ("When you pass a Frame Marker, take …" says
    what happens then); `number~` (weakly) when it only states a number; and a kind bound to documents of one kind
    (`setup`)."""
    text = f" {normalise(title)} {normalise(summary)} "
    openings = {normalise(sentence).split(" ")[0] for sentence in _SENTENCE.split(summary)} - {""}
    found = []
    for name, spec in kinds.items():
        if spec.get("documents"):
            if spec["documents"] == kind_of_doc:
                found.append(name)
            continue
        if any(f" {cue} " in text for cue in spec["cues"]) or openings & set(spec.get("openers", ())):
            found.append(name)
        elif spec.get("numbers") and (has_numbers or _DIGIT.search(summary)):
            found.append(name + WEAK)
    return sorted(found)
