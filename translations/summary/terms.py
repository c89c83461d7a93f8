"""Which glossary term a summary uses for a concept, in a target language and (optionally) edition.

The glossary keys a concept's terms by edition id (`de`, `en-zman`, …) or, for a language that no edition is
printed in, by a language code with `project_translation: true`. A summary in language `lang` reads terms from:

1. the chosen edition (`--edition en-zman`), when that edition is in `lang`;
2. otherwise `lang`'s own edition (id equal to `lang` first, then the original, then the lowest id);
3. the project's translation keyed by the language code;
4. as a last resort the default edition's term, then any term: such fallbacks are recorded in
   `TermResolver.fallbacks` so the summary can be checked for English words leaking into German or Dutch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def edition_for_language(spec: Any, lang: str) -> str | None:
    """The edition a summary in `lang` follows by default: id == lang, else the original, else the lowest id."""
    candidates = sorted(e.id for e in spec.editions.values() if e.language == lang)
    if not candidates:
        return None
    if lang in candidates:
        return lang
    originals = [e for e in candidates if getattr(spec.editions[e], "original", False)]
    return originals[0] if originals else candidates[0]


@dataclass(frozen=True)
class ResolvedTerm:
    """A concept's term as used in one summary."""

    concept: str
    singular: str
    plural: str
    source: str  # the glossary key it came from: an edition id or a language code
    project_translation: bool
    fallback: bool  # True when no term of the target language/edition exists
    cases: tuple[tuple[str, str], ...] = ()  # the glossary's `cases` (`dat_pl` → "kleinen Schiffen")
    gender: str | None = None

    def form(self, plural: bool = False, case: str | None = None) -> str:
        """The term in number `plural` and, when the glossary has it, grammatical `case` (`dat`, `acc_def`):
        `<case>_<sg|pl>[_def]`, then the same without `_def`, then the plain singular/plural."""
        plain = self.plural if plural else self.singular
        if not case:
            return plain
        forms = dict(self.cases)
        base, _, article = case.partition("_")
        number = "pl" if plural else "sg"
        for key in (f"{base}_{number}_{article}" if article else None, f"{base}_{number}"):
            if key and key in forms:
                return forms[key]
        return plain


@dataclass
class TermResolver:
    """Resolves `{term:concept}` / `{terms:concept}` for one summary (language + edition)."""

    spec: Any
    lang: str
    edition: str | None = None
    fallbacks: set[str] = field(default_factory=set)
    used_project_translation: bool = False
    project_terms: dict[str, str] = field(default_factory=dict)  # concept → term, for project translations used

    def __post_init__(self) -> None:
        if self.edition is not None and self.edition not in self.spec.editions:
            known = ", ".join(sorted(self.spec.editions))
            raise ValueError(f"unknown edition {self.edition!r} of {self.spec.id} (known: {known})")

    @property
    def term_edition(self) -> str | None:
        """The edition whose printed terms this summary uses (None: project translation only)."""
        if self.edition is not None and self.spec.editions[self.edition].language == self.lang:
            return self.edition
        return edition_for_language(self.spec, self.lang)

    @property
    def ruling_edition(self) -> str | None:
        """The edition whose readings of disputed rules this summary follows: the chosen edition, else the
        language's own edition (999 Games' for Dutch); None (the spec's defaults) for a language no edition is
        printed in."""
        if self.edition is not None:
            return self.edition
        return edition_for_language(self.spec, self.lang)

    def keys(self) -> list[str]:
        """Glossary keys tried, in order, before falling back."""
        keys: list[str] = []
        if self.term_edition is not None:
            keys.append(self.term_edition)
        keys.append(self.lang)
        return keys

    def resolve(self, concept_id: str) -> ResolvedTerm:
        """The term of `concept_id`; raises KeyError for an unknown concept."""
        concept = self.spec.concepts.get(concept_id)
        if concept is None:
            raise KeyError(f"unknown glossary concept {concept_id!r}")
        terms = concept.terms
        for key in self.keys():
            term = terms.get(key)
            if term is not None:
                project = bool(getattr(term, "project_translation", False))
                self.used_project_translation |= project
                if project:
                    self.project_terms[concept_id] = term.term
                return ResolvedTerm(concept_id, term.term, term.plural or term.term, key, project, False,
                                    _cases(term), getattr(term, "gender", None))
        for key in [self.spec.default_edition, *sorted(terms)]:
            term = terms.get(key)
            if term is not None:
                self.fallbacks.add(concept_id)
                return ResolvedTerm(concept_id, term.term, term.plural or term.term, key, False, True,
                                    _cases(term), getattr(term, "gender", None))
        raise KeyError(f"glossary concept {concept_id!r} has no terms")

    def term(self, concept_id: str, plural: bool = False, case: str | None = None) -> str:
        """The singular (or plural) term of a concept, in `case` (`dat`, `acc_def`) when the glossary has it."""
        return self.resolve(concept_id).form(plural, case)

    def relative(self, concept_id: str, plural: bool = False) -> str:
        """The relative pronoun (nominative/accusative) referring to the concept's term, from its gender: Dutch
        `die` (de-words and plurals) / `dat` (het-words); German `der`/`die`/`das` (plural `die`). Without a
        gender: `die`."""
        resolved = self.resolve(concept_id)
        return relative_pronoun(self.lang, None if plural else resolved.gender)


def _cases(term: Any) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((getattr(term, "cases", None) or {}).items()))


#: Relative pronoun by language and gender (None: plural or unknown).
_RELATIVE = {"nl": {"n": "dat"}, "de": {"m": "der", "f": "die", "n": "das"}}


def relative_pronoun(lang: str, gender: str | None) -> str:
    """`die`/`dat` (Dutch) or `der`/`die`/`das` (German) for a term of `gender`; `die` otherwise."""
    return _RELATIVE.get(lang.split("_")[0].split("-")[0], {}).get(gender or "", "die")
