"""A value no rulebook prints is named and explained in the answer's language: its name, its value's words and the
spec's English reason are msgids of the message catalog, extracted from the spec and shown translated in a German
or Dutch look-up (text and JSON) — and a missing translation shows the English, marked as such, never a crash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from rulespec.model import load_spec
from translations.lookup import search as lookup
from translations.lookup.index import unprinted_json
from translations.lookup.present import _unprinted, describe, format_text
from translations.summary.catalog import extract_catalog
from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.unprinted import Unprinted
from translations.summary.view import ViewBuilder

REPO = Path(__file__).resolve().parent.parent
DRAKE = "francis_drake"
#: A setup step of Francis Drake with an assumed value (the fifth player's colour, named nowhere).
RULE = "setup.player_pieces"
PARAM = "fifth_colour"


@pytest.fixture(scope="module")
def spec():
    return load_spec(REPO / "rulespec" / DRAKE)


@pytest.fixture(scope="module")
def assumed(spec):
    """The assumed value under test, as the spec gives it (English name and reason)."""
    values = Unprinted(spec).of_rule(next(step for step in spec.setup if step.id == RULE))
    value = next(v for v in values if v.param == PARAM)
    assert value.provenance == "assumed" and value.reason
    return value


def _lookup(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "cli.app", "lookup", *args], capture_output=True, text=True,
                            cwd=REPO, check=False, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO),
                                                        "LANG": "C.UTF-8", "RULESPEC_PURE_PYTHON": "1"})
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_names_reasons_and_words_of_unprinted_values_are_catalog_msgids(spec) -> None:
    msgids = {message.id for message in extract_catalog([spec.root]) if message.id}
    unprinted = list(Unprinted(spec).every())
    assert unprinted
    for value in unprinted:
        assert value.name in msgids and (not value.reason or value.reason in msgids), value.param


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_an_assumed_value_is_named_and_explained_in_the_answers_language(assumed, lang: str) -> None:
    catalog = translations_for(lang)
    assert catalog.has(assumed.name) and catalog.has(assumed.reason)
    name, reason = catalog.gettext(assumed.name), catalog.gettext(assumed.reason)
    assert name != assumed.name and reason != assumed.reason

    text = " ".join(_lookup("--id", RULE, "--game", DRAKE, "--lang", lang).split())
    line = next(part for part in text.split("* ") if f"{name} = " in part)
    assert reason in line
    assert assumed.name not in line and assumed.reason not in line

    data = json.loads(_lookup("--id", RULE, "--game", DRAKE, "--lang", lang, "--json"))
    shown = next(v for v in data["best"]["unprinted"] if v["param"] == PARAM)
    assert (shown["name"], shown["reason"], shown["in_english"]) == (name, reason, [])
    assert shown["provenance"] == "assumed"


def test_english_answers_keep_the_specs_words(assumed) -> None:
    hit = lookup.find_rule(lookup.load_indexes(DRAKE), RULE)
    shown = next(v for v in describe(hit, "en")["unprinted"] if v["param"] == PARAM)
    assert (shown["name"], shown["reason"], shown["in_english"]) == (assumed.name, assumed.reason, [])


def test_a_missing_translation_shows_the_english_marked(spec, assumed) -> None:
    """A catalog without the value's messages: the index keeps the English and says which fields it is in; the
    German answer marks them ("[auf Englisch]")."""
    lexicon = lookup.lexicon_of(lookup.load_indexes(DRAKE))
    empty = CatalogTranslations(Catalog(locale="de"))
    builder = ViewBuilder(spec, "de", None, html=False, translations=empty)
    entry = next(e for e in unprinted_json([assumed], {"de": builder}, lexicon) if e["param"] == PARAM)
    assert entry["name"]["de"] == assumed.name and entry["reason"]["de"] == assumed.reason
    assert entry["english"]["de"] == ["name", "value", "reason"]
    shown = _unprinted(entry, "de")
    described = {"title": "T", "game_title": "G", "summary": "S", "passages": [], "id": RULE, "game": DRAKE,
                 "view": "de", "unprinted": [shown]}
    text = " ".join(format_text(described, width=400, lexicon=lexicon, lang="de").split())
    mark = lexicon.label("de", "in_english")
    assert mark != lexicon.label("en", "in_english")
    assert f"{assumed.name} [{mark}] = " in text and f"{assumed.reason} [{mark}]" in text
