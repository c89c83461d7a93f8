"""The engines name the rules they implement (``Rules:`` docstring lines, :mod:`engine.rule_names`).

For each game: every id named is a rule or setup step of its spec; every rule is named by some function or
method unless its YAML says why no engine code implements it (``not_in_engine``); and a rule marked so is not
named anywhere (the two would contradict each other).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rule_names import named_in, rule_map
from rulespec.model import load_spec

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("race_to_the_new_found_land", "francis_drake")


def test_a_rules_line_names_ids_over_several_lines_up_to_a_blank_line() -> None:
    doc = "Do a thing.\n\nRules: a.b, c.d,\ne.f\n\nMore text: g.h"
    assert named_in(doc) == ["a.b", "c.d", "e.f"]
    assert named_in("Nothing named here.") == []
    assert named_in("Rules: land.income.") == ["land.income"]


@pytest.mark.parametrize("game", GAMES)
def test_every_id_the_engine_names_is_a_rule_or_setup_step_of_the_spec(game: str) -> None:
    spec = load_spec(ROOT / "rulespec" / game)
    known = set(spec.rules) | {step.id for step in spec.setup}
    named = rule_map(ROOT / "engine" / game)
    unknown = {rule_id: where for rule_id, where in named.items() if rule_id not in known}
    assert not unknown, f"ids named by the engine that the spec does not have: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_implemented_somewhere_or_says_why_not(game: str) -> None:
    spec = load_spec(ROOT / "rulespec" / game)
    named = rule_map(ROOT / "engine" / game)
    missing = [r.id for r in spec.rules.values() if r.not_in_engine is None and r.id not in named]
    assert not missing, f"rules no engine function names (name them, or give the rule a not_in_engine reason): {missing}"
    contradicted = {r.id: named[r.id] for r in spec.rules.values() if r.not_in_engine is not None and r.id in named}
    assert not contradicted, f"rules marked not_in_engine that the engine names: {contradicted}"


@pytest.mark.parametrize("game", GAMES)
def test_most_rules_are_implemented_by_the_engine(game: str) -> None:
    """The exemption is for the few rules that describe components or the board, not a way around the check."""
    spec = load_spec(ROOT / "rulespec" / game)
    exempt = [r for r in spec.rules.values() if r.not_in_engine is not None]
    assert len(exempt) <= len(spec.rules) // 5, [r.id for r in exempt]
