"""Validate a spec folder: YAML, schemas, semantics and provenance (citations against sources live in
:mod:`translations.sources.citations`, which needs the rulebook texts)."""

from __future__ import annotations

from pathlib import Path

from rulespec.impact_file import check_impact_file
from rulespec.loading import Loaded, load_documents
from rulespec.problems import Problem
from rulespec.provenance import check_unmarked
from rulespec.semantics import check_semantics


def validate_spec(game: str | Path) -> tuple[Loaded, list[Problem]]:
    """Load ``game`` and return it with every problem found (sorted by file and line)."""
    loaded = load_documents(game)
    problems = list(loaded.problems)
    if loaded.spec is not None:
        problems += check_semantics(loaded)
        problems += check_unmarked(loaded)
        problems += check_impact_file(loaded.spec)
    return loaded, sorted(set(problems))
