"""Every summary uses its edition's glossary terms: a term only another edition of the same language prints
(Z-Man's "milestone marker" in the `en` summary, "Frame Marker" in Z-Man's) never appears, nor a word the
glossary records as no edition's term for a concept the summaries name."""

from __future__ import annotations

import re

import pytest

from rulespec.loading import bundled_games
from rulespec.model import load_spec
from translations.summary.render import render_aid, render_summary
from translations.summary.terms import TermResolver

#: Words a translator reached for where the edition prints another term (issue #17), and sentence fragments a
#: native reader stumbled on: never in a summary of that language.
NOT_THE_EDITIONS_WORDS = {
    "de": ["Fünfeck", "Siedlerwert", "Waren Karten", "Schiffsmarkt", "Entscheid "],
    "nl": ["vijfhoek", "personenwaarde", "Scheepsmarkt", "lege contractveld ", "Ijzer"],
    "en": ["marked with.", ". When all players", ". As soon as your", "| jewels |"],
}

#: Words only another edition of the language prints, by the edition whose terms a summary uses.
NOT_THIS_EDITIONS_WORDS = {"en": ["1x cards", "1x card "]}

#: One register per language, the books' own: the German rulebook speaks to "du", so no sentence of a German
#: summary addresses the players as "ihr" (imperatives "Mischt", "Legt", "legt ihr" …).
OTHER_REGISTER = {
    "de": re.compile(r"(?:^|[.;:!?|—-]\s+|\*\*\s)(?:Mischt|Legt|Nehmt|Sortiert|Stellt|Gebt|Zieht|Deckt|Setzt|Wählt|Füllt|"
                     r"Bildet|Dreht|Tauscht)\b|\b(?:legt|mischt|nehmt|setzt|zieht|wählt) ihr\b|\b(?:euer|eure|euch)\b",
                     re.MULTILINE),
}

CASES = [(game, lang, edition) for game in bundled_games() for spec in [load_spec(game)]
         for lang in spec.summary_languages
         for edition in [None, *(e for e in spec.editions if spec.editions[e].language == lang)]]


def _distinctive(term: str) -> bool:
    """Terms the check can find without false alarms: those with a capital letter. A lower-case term of another
    edition ("turn order", "draw stack") is also plain prose, so it is not looked for."""
    return any(ch.isupper() for ch in term)


@pytest.mark.parametrize(("game", "lang", "edition"), CASES)
def test_every_term_is_the_editions_glossary_term(game: str, lang: str, edition: str | None) -> None:
    spec = load_spec(game)
    resolver = TermResolver(spec, lang, edition)
    text = render_summary(spec, lang, "md", edition)
    ours = {form.casefold() for c in spec.concepts for form in (resolver.term(c), resolver.term(c, plural=True))}
    followed = resolver.term_edition
    foreign = set()
    for concept in spec.concepts.values():
        for key, term in concept.terms.items():
            same_language = key in spec.editions and spec.editions[key].language == lang
            if key == followed or not same_language or term.project_translation:
                continue
            for form in (term.term, term.plural):
                if form and _distinctive(form) and not any(form.casefold() in o for o in ours):
                    foreign.add(form)
    found = sorted(f for f in foreign if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text))
    assert not found, f"{game} {lang} {edition}: other editions' terms: {found}"
    wrong = [w for w in NOT_THE_EDITIONS_WORDS.get(lang, []) + NOT_THIS_EDITIONS_WORDS.get(followed or "", [])
             if w in text]
    assert not wrong, f"{game} {lang} {edition}: {wrong}"


@pytest.mark.parametrize(("game", "lang", "edition"), CASES)
def test_one_register_per_language(game: str, lang: str, edition: str | None) -> None:
    spec = load_spec(game)
    pattern = OTHER_REGISTER.get(lang)
    if pattern is None:
        pytest.skip(f"no other register known for {lang}")
    for text in (render_summary(spec, lang, "md", edition), render_aid(spec, lang, edition)[0]):
        found = [m.group(0) for m in pattern.finditer(text)]
        assert not found, f"{game} {lang} {edition}: the players addressed as 'ihr': {found[:5]}"
