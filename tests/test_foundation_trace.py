"""`rulespec trace`: coverage of each edition's sentences by citations and not-rule entries."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import edit
from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def coverage(spec: Path) -> dict[str, dict]:
    result = runner.invoke(app, ["trace", str(spec), "--json"])
    assert result.exit_code == 0, result.output
    return {item["edition"]: item for item in json.loads(result.output)}


def test_only_the_title_is_uncovered(mini_spec: Path) -> None:
    report = coverage(mini_spec)
    assert report["en"]["sentences"] == 9
    assert [u["text"] for u in report["en"]["uncovered"]] == ["Mini Game"]
    assert report["en"]["exempt"] == 3
    assert [u["line"] for u in report["de"]["uncovered"]] == [1]


def test_exempting_a_passage_covers_it(mini_spec: Path) -> None:
    (mini_spec / "not_rules.yaml").write_text(
        (mini_spec / "not_rules.yaml").read_text() + '  - {edition: en, quote: "Mini Game", kind: heading, reason: "Title."}\n'
    )
    assert coverage(mini_spec)["en"]["coverage"] == 1.0


def test_removing_a_citation_uncovers_its_sentence(mini_spec: Path) -> None:
    edit(mini_spec / "setup.yaml", 'en: "Each player takes 3 Coins from the supply."', "en: {silent: \"testing\"}")
    texts = [u["text"] for u in coverage(mini_spec)["en"]["uncovered"]]
    assert "Each player takes 3 Coins from the supply." in texts


def test_min_threshold_sets_exit_code(mini_spec: Path) -> None:
    assert runner.invoke(app, ["trace", str(mini_spec), "--min", "0.95"]).exit_code == 1
    assert runner.invoke(app, ["trace", str(mini_spec), "--min", "0.85"]).exit_code == 0


def test_bad_trace_options_are_usage_errors(mini_spec: Path) -> None:
    result = runner.invoke(app, ["trace", str(mini_spec), "--only", "xx"])
    assert result.exit_code == 2 and "unknown edition" in result.output
    result = runner.invoke(app, ["trace", str(mini_spec), "--min", "95"])
    assert result.exit_code == 2 and "between 0 and 1" in result.output
