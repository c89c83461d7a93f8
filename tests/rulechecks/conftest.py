"""Tallies the rule checks by rule section and prints the table at the end of a run.

Each check carries ``@pytest.mark.rulebook(game=…, rule=…)`` (set by :func:`rulechecks.rulebook.rulebook`); the
section is the ``section:`` title of the rules file that holds the rule (setup steps: "Setup").
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

import pytest

_CHECKS: dict[str, tuple[str, str]] = {}  # nodeid → (game, rule)
_OUTCOMES: dict[str, str] = {}  # nodeid → passed / failed / xfailed / xpassed / skipped


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rulebook(game, rule): a rule check of the rulebooks (tests/rulechecks)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("rulebook")
        if marker is not None:
            _CHECKS[item.nodeid] = (marker.kwargs["game"], marker.kwargs["rule"])


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.nodeid not in _CHECKS:
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        expected_failure = hasattr(report, "wasxfail")
        _OUTCOMES[report.nodeid] = ("xpassed" if report.passed else "xfailed") if expected_failure else report.outcome


@cache
def section_of(game: str, rule: str) -> str:
    from rulespec.model import load_spec
    from translations.summary.view import section_titles

    spec = load_spec(game)
    titles = section_titles(spec)
    item = spec.rule(rule)
    return titles.get(item.file, "Setup")


def tally() -> dict[tuple[str, str], dict[str, int]]:
    """(game, section) → outcome → count, for the checks run."""
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for nodeid, outcome in _OUTCOMES.items():
        game, rule = _CHECKS[nodeid]
        counts[(game, section_of(game, rule))][outcome] += 1
    return counts


def pytest_terminal_summary(terminalreporter: Any) -> None:
    counts = tally()
    if not counts:
        return
    write = terminalreporter.write_line
    terminalreporter.section("rule checks per section")
    write(f"{'game':<28} {'section':<38} {'checks':>6} {'pass':>5} {'xfail':>5} {'fail':>5}")
    for (game, section), outcomes in sorted(counts.items()):
        total = sum(outcomes.values())
        bad = outcomes.get("failed", 0) + outcomes.get("xpassed", 0)
        write(f"{game:<28} {section:<38} {total:>6} {outcomes.get('passed', 0):>5} "
              f"{outcomes.get('xfailed', 0):>5} {bad:>5}")
    everything = defaultdict(int)
    for outcomes in counts.values():
        for key, value in outcomes.items():
            everything[key] += value
    write(f"{'all':<67} {sum(everything.values()):>6} {everything.get('passed', 0):>5} "
          f"{everything.get('xfailed', 0):>5} {everything.get('failed', 0) + everything.get('xpassed', 0):>5}")
