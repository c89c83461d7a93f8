"""Case forms and relative pronouns in translated summaries.

The English msgid keeps `{term:x}` / `{terms:x}`; a German or Dutch msgstr may ask for the term in a case
(`{terms@dat:x}`, `{terms@acc_def:x}`: the glossary's optional `cases`, falling back to the plain form) or for the
relative pronoun agreeing with the term's gender (`{rel:x}`).
"""

from __future__ import annotations

import re

import pytest

from rulespec.model import load_spec
from translations.summary import catalog
from translations.summary.render import render_summary
from translations.summary.terms import TermResolver
from translations.summary.text import expand

RNFL = "race_to_the_new_found_land"
DRAKE = "francis_drake"


@pytest.fixture(scope="module")
def specs():
    return {game: load_spec(game) for game in (RNFL, DRAKE)}


@pytest.fixture(scope="module")
def german(specs):
    return {game: render_summary(spec, "de", "md") for game, spec in specs.items()}


def test_case_placeholder_picks_the_glossary_form_and_falls_back(specs) -> None:
    de = TermResolver(specs[RNFL], "de")
    assert expand("aus den {n} {terms@dat:small_ship}", {"n": 17}, de) == "aus den 17 kleinen Schiffen"
    assert expand("die {terms@acc_def:large_ship}", {}, de) == "die großen Schiffe"
    assert expand("{terms@acc:large_ship}", {}, de) == "große Schiffe"  # no acc_pl: the plain plural
    assert expand("mit {n} {terms@dat:small_ship}", {"n": 1}, de) == "mit 1 kleinem Schiff"  # number agreement
    assert expand("in {terms@dat:island}", {}, de) == "in Inseln"  # no cases at all: the plain form
    assert expand("{terms@dat:small_ship}", {}, TermResolver(specs[RNFL], "en")) == "Small Ships"


def test_dutch_relative_pronoun_follows_the_terms_gender(specs) -> None:
    nl = TermResolver(specs[RNFL], "nl")
    assert specs[RNFL].concepts["island_tile"].terms["nl"].gender == "c"
    assert expand("een {term:island_tile} {rel:island_tile} past", {}, nl) == "een eilandtegel die past"
    assert expand("een {term:ship_figure} {rel:ship_figure} erop staat", {}, nl) == "een houten schip dat erop staat"
    assert expand("{rel:island}", {}, TermResolver(specs[RNFL], "de")) == "die"  # Insel: f
    text = render_summary(specs[RNFL], "nl", "md")
    assert "eilandtegel heen die op geen enkel veld past" in text
    assert "houten schip dat erop staat" in text


def test_catalog_check_accepts_case_and_relative_placeholders() -> None:
    concepts = [frozenset({"small_ship", "island_tile"})]
    msgid = "Sort the {small_ships} {terms:small_ship} out."
    assert catalog.placeholder_problem(msgid, "Aus den {small_ships} {terms@dat:small_ship}.", concepts) is None
    assert catalog.placeholder_problem(msgid, "Die {small_ships} {term@acc_def:small_ship}.", concepts) is None
    assert catalog.placeholder_problem(msgid, "{small_ships} {terms@dat:small_ship} {rel:kraken}", concepts) \
        == "unknown concept(s) kraken"
    assert catalog.placeholder_problem(msgid, "Aus den {small_ships} Schiffen.", concepts) == "drops term:small_ship"


def test_german_summaries_use_the_dative_where_the_catalog_asks(german) -> None:
    assert "Sortiere aus den 17 kleinen Schiffen" in german[RNFL]
    assert "in ungewerteten Städten" in german[RNFL]
    assert "Mische die 11 großen Schiffe" in german[RNFL]
    assert "Liegen die großen Schiffe" in german[RNFL]
    assert "bei den spanischen Galeonen" in german[DRAKE]
    assert "Die spanischen Galeonen auslegen" in german[DRAKE]
    assert "den Informanten" in german[DRAKE]


def test_no_strong_plural_after_an_article_or_dative_preposition(specs, german) -> None:
    """For every German term with case forms: its plain plural never follows an article (`den kleine Schiffe`,
    `die übrigen kleine Schiffe`) when it has an adjective, nor a dative preposition when the dative differs."""
    for game, spec in specs.items():
        for concept in spec.concepts.values():
            term = concept.terms.get("de")
            if term is None or not term.cases or not term.plural:
                continue
            plural = re.escape(term.plural)
            if " " in term.plural:
                bad = re.compile(rf"\b(?:[Dd]en|[Dd]ie|[Dd]er)\s+(?:\d+\s+)?(?:\w+en\s+)?{plural}\b")
                assert not bad.search(german[game]), f"{game}: {bad.search(german[game])[0]!r}"
            if term.cases.get("dat_pl", term.plural) != term.plural:
                bad = re.compile(rf"\b(?:[Ii]n|aus|mit|von|bei|zu|den)\s+(?:\d+\s+)?(?:\w+en\s+)?{plural}(?!\w)")
                assert not bad.search(german[game]), f"{game}: {bad.search(german[game])[0]!r}"
