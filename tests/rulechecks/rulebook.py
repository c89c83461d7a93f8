"""The rulebook sentence a rule check enforces, and the register of every check.

A rule check is a test that sets up a situation, plays it through the engine's public API
(``legal_actions``/``apply``, or a :class:`~engine.race_to_the_new_found_land.scenario.Scenario`), and asserts
what a rulebook says. It names the spec rule it checks and quotes the sentence it enforces, per edition::

    @rulebook(RNFL, "land.income", {"en-zman": "Take one cloth and one wood from the supply"})
    def test_income_is_one_cloth_and_one_wood() -> None:
        ...

The register lets ``test_rulecheck_register.py`` prove that every quote is the edition's own words (found in
its text, whitespace ignored) and every rule exists, and lets the suite report its results per rule section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

RNFL = "race_to_the_new_found_land"
DRAKE = "francis_drake"

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Check:
    """One registered check: the test function's module and name, the rule, and the quoted sentences."""

    game: str
    rule: str
    quotes: tuple[tuple[str, str], ...]  # (edition, sentence)
    module: str
    name: str


#: Every check, in import order.
REGISTER: list[Check] = []


def rulebook(game: str, rule: str, quotes: Mapping[str, str | list[str]]) -> Callable[[F], F]:
    """Mark a test as the check of ``rule`` enforcing ``quotes`` (edition → sentence, or several)."""
    pairs = tuple((edition, q) for edition, qs in quotes.items() for q in ([qs] if isinstance(qs, str) else qs))

    def mark(func: F) -> F:
        REGISTER.append(Check(game, rule, pairs, func.__module__, func.__name__))
        marked: F = pytest.mark.rulebook(game=game, rule=rule)(func)
        return marked

    return mark
