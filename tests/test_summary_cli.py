"""`rulespec summary` end to end: output file written atomically, clear errors with exit codes, no tracebacks."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "summary_fixtures" / "mini_voyage"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.app", *args], capture_output=True, text=True, cwd=REPO,
                          check=False)


def test_summary_writes_the_requested_language_and_format(tmp_path: Path) -> None:
    out = tmp_path / "aid.html"
    result = run("summary", "race_to_the_new_found_land", "--lang", "nl", "--format", "html", "--output", str(out))
    assert result.returncode == 0, result.stderr
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="nl">' in html and "kadertegel" in html
    assert not list(tmp_path.glob(".*tmp"))  # no temp file left behind


def test_summary_edition_switches_terms() -> None:
    default = run("summary", "race_to_the_new_found_land", "--lang", "en")
    zman = run("summary", "race_to_the_new_found_land", "--lang", "en", "--edition", "en-zman")
    assert default.returncode == zman.returncode == 0
    assert "Storage Board" in default.stdout and "Storage Board" not in zman.stdout.split("## <a id=\"faces\"")[0]
    assert "discard sheet" in zman.stdout


def test_summary_errors_are_clear() -> None:
    for args, message in [
        (("summary", "no_such_game"), "no spec folder or bundled game"),
        (("summary", "race_to_the_new_found_land", "--lang", "fr"), "no message catalog for language 'fr'"),
        (("summary", "race_to_the_new_found_land", "--edition", "xx"), "has no edition 'xx'"),
        (("summary", "race_to_the_new_found_land", "--format", "pdf"), "--format must be one of md, html"),
    ]:
        result = run(*args)
        assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr, args


def test_invalid_spec_names_file_and_line(tmp_path: Path) -> None:
    spec = tmp_path / "mini_voyage"
    shutil.copytree(FIXTURE, spec)
    rules = spec / "rules" / "01_round.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("    title: Income\n", "    titel: Income\n"),
                     encoding="utf-8")
    result = run("summary", str(spec))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "01_round.yaml:" in result.stderr and "titel" in result.stderr
