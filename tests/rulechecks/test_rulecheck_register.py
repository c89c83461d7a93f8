"""The register of rule checks: every quote is the edition's own words, every rule exists, every rule section of
each game has checks, and the suite is well past the 60 scripted checks of the play-test it grew from."""

from __future__ import annotations

import importlib
import pkgutil
from collections import Counter
from functools import cache

import pytest

import rulechecks
from rulechecks.rulebook import DRAKE, REGISTER, RNFL, Check
from rulespec.model import Spec, load_spec
from translations.sources.citations import find_quote
from translations.sources.editions import read_source
from translations.summary.view import section_titles


@cache
def register() -> tuple[Check, ...]:
    for module in pkgutil.iter_modules(rulechecks.__path__):
        if module.name.startswith("test_rulecheck_") and module.name != "test_rulecheck_register":
            importlib.import_module(f"rulechecks.{module.name}")
    return tuple(REGISTER)


@cache
def spec(game: str) -> Spec:
    return load_spec(game)


@cache
def text(game: str, edition: str) -> str:
    return read_source(spec(game), edition)


def test_every_check_quotes_a_sentence_its_edition_prints() -> None:
    missing = [(c.name, e, q) for c in register() for e, q in c.quotes if find_quote(text(c.game, e), q) is None]
    assert not missing


def test_every_check_names_a_rule_of_its_game() -> None:
    for check in register():
        assert check.quotes, check.name
        spec(check.game).rule(check.rule)  # raises for an unknown id


@pytest.mark.parametrize("game", [RNFL, DRAKE])
def test_every_rule_section_has_checks(game: str) -> None:
    sections = set(section_titles(spec(game)).values()) | {"Setup"}
    titles = section_titles(spec(game))
    covered = {titles.get(spec(game).rule(c.rule).file, "Setup") for c in register() if c.game == game}
    assert sections <= covered, sorted(sections - covered)


def test_the_suite_is_well_past_sixty_checks() -> None:
    counts = Counter(c.game for c in register())
    assert sum(counts.values()) >= 100, counts
