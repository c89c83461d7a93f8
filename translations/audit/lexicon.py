"""Language lexicons of the audit, read from data files: the words that carry a rule's meaning, per language.

The facts live in ``translations/audit/lexicons/`` (documented in its README): ``classes.yaml`` names the groups
of words the audit compares (modality, negation, comparison and direction, quantifiers, agents, conditions,
timing), their classes and which classes contradict each other; ``<language>.yaml`` lists, for one language, the
phrases of each class, the number words, the clause words the checks need, and the word pairs the ranker's
synthetic divergences use. They are facts of English, German and Dutch, never sentences of a rulebook: every
game's audit uses them.

Each file is read once per process (:func:`lexicon`). A language without a file has an empty lexicon: its checks
stay silent rather than guess.

>>> lexicon("de").cardinals["zwei"]
2
>>> ("more", "less") in classes().opposites["comparison"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LEXICON_DIR = Path(__file__).resolve().parent / "lexicons"
#: Marker groups a sentence's words are sorted into (``agent`` is derived, see :mod:`translations.audit.features`).
MARKER_GROUPS = ("modality", "negation", "comparison", "quantifier", "condition", "timing")


class LexiconError(ValueError):
    """A lexicon file that cannot be used; the message names the file and the entry."""


@dataclass(frozen=True)
class Classes:
    """The language-independent part: group -> its classes, and the pairs of classes that contradict."""

    groups: Mapping[str, tuple[str, ...]]
    opposites: Mapping[str, frozenset[tuple[str, str]]]

    def contradicts(self, group: str, one: str, other: str) -> bool:
        """Whether classes ``one`` and ``other`` of ``group`` say opposite things (either order)."""
        pairs = self.opposites.get(group, frozenset())
        return (one, other) in pairs or (other, one) in pairs


@dataclass(frozen=True)
class Lexicon:
    """Every word list of one language (empty lists for a language without a lexicon file)."""

    language: str
    cardinals: Mapping[str, int] = field(default_factory=dict)
    ordinals: frozenset[str] = frozenset()
    weak_numbers: Mapping[str, int] = field(default_factory=dict)
    number_idioms: tuple[str, ...] = ()
    bounds_before: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    bounds_after: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    page_words: frozenset[str] = frozenset()
    #: determiners that only stand before a singular ("het", "das", "this") or a plural noun ("these")
    singular_determiners: frozenset[str] = frozenset()
    plural_determiners: frozenset[str] = frozenset()
    #: group -> class -> phrases
    markers: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    #: prefixes that negate the word they open ("un" in "unlimited", "on" in "onbeperkt")
    negation_prefixes: tuple[str, ...] = ()
    player_nouns: frozenset[str] = frozenset()
    #: agent class -> determiner phrases before a player noun
    agent_determiners: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: definite articles and singular player nouns ("the player", "der Spieler", "de speler"): followed by a
    #: superlative they name one player ("the player with the most points")
    singled_out_articles: frozenset[str] = frozenset()
    singular_player_nouns: frozenset[str] = frozenset()
    #: prepositions before "all players" that name the players compared, not who acts ("among all players")
    compared_among: frozenset[str] = frozenset()
    subordinators: frozenset[str] = frozenset()
    clause_initial_conditionals: frozenset[str] = frozenset()
    verb_first_followers: frozenset[str] = frozenset()
    not_verbs: frozenset[str] = frozenset()
    #: prepositions: a concept right after one is where or on what, not the thing a quantifier before it counts
    prepositions: frozenset[str] = frozenset()
    #: the prepositions of where a thing is put or taken from ("onto", "auf", "in de"): a place named after one
    place_prepositions: frozenset[str] = frozenset()
    reference_phrases: tuple[str, ...] = ()
    example_openers: tuple[str, ...] = ()
    player_colours: frozenset[str] = frozenset()
    second_person: frozenset[str] = frozenset()
    third_person_subjects: frozenset[str] = frozenset()
    generic_determiners: frozenset[str] = frozenset()
    stopwords: frozenset[str] = frozenset()
    #: group -> (from, to) phrase pairs that change a rule's meaning (synthetic divergences)
    meaning_edits: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    negation_drop: tuple[str, ...] = ()
    negation_insert: tuple[tuple[str, str], ...] = ()
    #: (from, to) phrase pairs that say the same thing (synthetic paraphrases, which must not count)
    paraphrases: tuple[tuple[str, str], ...] = ()

    def phrases(self, group: str, name: str) -> tuple[str, ...]:
        """The phrases of one marker class (empty when the language has none)."""
        return self.markers.get(group, {}).get(name, ())


def _words(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LexiconError(f"{where}: expected a list of words or phrases")
    return tuple(v.lower() for v in value)


def _numbers(value: Any, where: str) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        raise LexiconError(f"{where}: expected a map of word -> number")
    return {str(k).lower(): int(v) for k, v in value.items()}


def _pairs(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise LexiconError(f"{where}: expected a list of [from, to] pairs")
    return tuple((str(a), str(b)) for a, b in value)


def _read(path: Path) -> dict[str, Any]:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise LexiconError(f"{path}: cannot read the lexicon ({exc})") from None
    if not isinstance(data, dict):
        raise LexiconError(f"{path}: expected a map at the top")
    return data


@cache
def classes() -> Classes:
    """The groups, classes and opposites of ``classes.yaml``."""
    path = LEXICON_DIR / "classes.yaml"
    groups: dict[str, tuple[str, ...]] = {}
    opposites: dict[str, frozenset[tuple[str, str]]] = {}
    for name, body in (_read(path).get("groups") or {}).items():
        where = f"{path}: groups.{name}"
        groups[name] = _words(body.get("classes"), f"{where}.classes")
        pairs = _pairs(body.get("opposites"), f"{where}.opposites")
        for a, b in pairs:
            if a not in groups[name] or b not in groups[name]:
                raise LexiconError(f"{where}.opposites: {a!r} or {b!r} is no class of {name}")
        opposites[name] = frozenset(pairs)
    return Classes(groups, opposites)


@cache
def lexicon(language: str) -> Lexicon:
    """The lexicon of ``language`` (``en``, ``de``, ``nl``), read once; empty for a language without a file."""
    path = LEXICON_DIR / f"{language}.yaml"
    if not path.is_file():
        return Lexicon(language)
    data = _read(path)
    known = classes().groups
    numbers = data.get("numbers") or {}
    markers: dict[str, dict[str, tuple[str, ...]]] = {}
    for group, body in (data.get("markers") or {}).items():
        if group not in known:
            raise LexiconError(f"{path}: markers.{group}: no such group in classes.yaml")
        markers[group] = {}
        for name, phrases in (body or {}).items():
            if name not in known[group]:
                raise LexiconError(f"{path}: markers.{group}.{name}: no such class in classes.yaml")
            markers[group][name] = _words(phrases, f"{path}: markers.{group}.{name}")
    agents = data.get("agents") or {}
    clauses = data.get("clauses") or {}
    examples = data.get("examples") or {}
    edits = data.get("edits") or {}
    meaning = edits.get("meaning") or {}
    return Lexicon(
        language=language,
        cardinals=_numbers(numbers.get("cardinals"), f"{path}: numbers.cardinals"),
        ordinals=frozenset(_words(numbers.get("ordinals"), f"{path}: numbers.ordinals")),
        weak_numbers=_numbers(numbers.get("weak"), f"{path}: numbers.weak"),
        number_idioms=_words(numbers.get("idioms"), f"{path}: numbers.idioms"),
        bounds_before={k: _words(v, f"{path}: numbers.bounds_before.{k}")
                       for k, v in (numbers.get("bounds_before") or {}).items()},
        bounds_after={k: _words(v, f"{path}: numbers.bounds_after.{k}")
                      for k, v in (numbers.get("bounds_after") or {}).items()},
        page_words=frozenset(_words(numbers.get("page_words"), f"{path}: numbers.page_words")),
        singular_determiners=frozenset(_words(numbers.get("singular_determiners"), f"{path}: numbers.singular_determiners")),
        plural_determiners=frozenset(_words(numbers.get("plural_determiners"), f"{path}: numbers.plural_determiners")),
        markers=markers,
        negation_prefixes=_words((data.get("morphology") or {}).get("negation_prefixes"),
                                 f"{path}: morphology.negation_prefixes"),
        player_nouns=frozenset(_words(agents.get("player_nouns"), f"{path}: agents.player_nouns")),
        agent_determiners={k: _words(v, f"{path}: agents.determiners.{k}")
                           for k, v in (agents.get("determiners") or {}).items()},
        singled_out_articles=frozenset(_words((agents.get("singled_out") or {}).get("articles"),
                                              f"{path}: agents.singled_out.articles")),
        singular_player_nouns=frozenset(_words((agents.get("singled_out") or {}).get("nouns"),
                                               f"{path}: agents.singled_out.nouns")),
        compared_among=frozenset(_words(agents.get("compared_among"), f"{path}: agents.compared_among")),
        subordinators=frozenset(_words(clauses.get("subordinators"), f"{path}: clauses.subordinators")),
        clause_initial_conditionals=frozenset(
            _words(clauses.get("clause_initial_conditionals"), f"{path}: clauses.clause_initial_conditionals")),
        verb_first_followers=frozenset(_words(clauses.get("verb_first_followers"), f"{path}: clauses.verb_first_followers")),
        not_verbs=frozenset(_words(clauses.get("not_verbs"), f"{path}: clauses.not_verbs")),
        prepositions=frozenset(_words(clauses.get("prepositions"), f"{path}: clauses.prepositions")),
        place_prepositions=frozenset(_words(clauses.get("place_prepositions"), f"{path}: clauses.place_prepositions")),
        reference_phrases=_words(data.get("reference_phrases"), f"{path}: reference_phrases"),
        example_openers=_words(examples.get("openers"), f"{path}: examples.openers"),
        player_colours=frozenset(_words(examples.get("player_colours"), f"{path}: examples.player_colours")),
        second_person=frozenset(_words(examples.get("second_person"), f"{path}: examples.second_person")),
        third_person_subjects=frozenset(
            _words(examples.get("third_person_subjects"), f"{path}: examples.third_person_subjects")),
        generic_determiners=frozenset(_words(examples.get("generic_determiners"), f"{path}: examples.generic_determiners")),
        stopwords=frozenset(_words(data.get("stopwords"), f"{path}: stopwords")),
        meaning_edits={g: _pairs(v, f"{path}: edits.meaning.{g}") for g, v in meaning.items()
                       if g not in ("negation_drop", "negation_insert")},
        negation_drop=_words(meaning.get("negation_drop"), f"{path}: edits.meaning.negation_drop"),
        negation_insert=_pairs(meaning.get("negation_insert"), f"{path}: edits.meaning.negation_insert"),
        paraphrases=_pairs(edits.get("paraphrase"), f"{path}: edits.paraphrase"),
    )


def languages() -> list[str]:
    """Languages with a lexicon file."""
    return sorted(p.stem for p in LEXICON_DIR.glob("*.yaml") if p.stem != "classes")


@cache
def example_openers() -> tuple[str, ...]:
    """Words opening a worked example in any language (ingest reads blocks before their language is known)."""
    return tuple(sorted({w for lang in languages() for w in lexicon(lang).example_openers}))


def data_digest() -> str:
    """SHA-256 of every lexicon file: the audit's cache keys include it, so an edited lexicon is never stale."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(LEXICON_DIR.glob("*.yaml")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
