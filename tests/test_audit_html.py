"""The HTML report, checked in headless Chromium: self-contained, passages side by side, differing words
highlighted, severity filters working."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from audit_helpers import GAME, shared_cache
from typer.testing import CliRunner

from cli.app import app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and shutil.which("chromium") is None,
    reason="Debian chromium is not installed (apt-get install -y chromium); the HTML report needs a browser check",
)


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESPEC_CACHE", str(shared_cache()))
    out = tmp_path / "audit.html"
    run = CliRunner().invoke(app, ["audit", GAME, "--pair", "en,en-zman", "--pair", "en,de", "--pair", "de,en-zman",
                                   "--format", "html", "--min-severity", "low", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out


def test_html_report_in_headless_chromium(report: Path) -> None:
    from playwright.sync_api import sync_playwright

    html = report.read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html, "the report must be self-contained"
    requests: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        page = browser.new_page()
        page.on("request", lambda r: requests.append(r.url))
        page.goto(report.as_uri())
        findings = page.locator("section.finding")
        count = findings.count()
        assert count > 20
        assert page.locator("section.finding.high").count() >= 1
        # Side by side: a finding with passages of two editions shows them in one row.
        multi = page.locator("section.finding:has(.passage + .passage)").first
        boxes = [multi.locator(".passage").nth(k).bounding_box() for k in range(2)]
        assert boxes[0] and boxes[1]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[1]["x"] > boxes[0]["x"] + 50
        # Differing words are highlighted: marks from the checks, diff spans between the two English editions.
        assert page.locator("section.finding mark").count() > 5
        assert page.locator("section.finding .diff").count() > 5
        # The severity filter hides and shows findings.
        low = page.locator("section.finding.low")
        if low.count():
            page.locator(".filters input[value=low]").uncheck()
            assert not low.first.is_visible()
            page.locator(".filters input[value=low]").check()
            assert low.first.is_visible()
        browser.close()
    assert all(url.startswith("file://") for url in requests)
