"""The HTML report, checked in headless Chromium: self-contained, rulings first, passages side by side with page and
line, differing words highlighted, rule links into the generated summary, filters by severity, edition, check and
rule, search, and a count that always says what is shown."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

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


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import os

    os.environ["RULESPEC_CACHE"] = str(shared_cache())
    out = tmp_path_factory.mktemp("html") / "audit.html"
    run = CliRunner().invoke(app, ["audit", GAME, "--format", "html", "--min-severity", "low", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out


def shown(page) -> int:
    return int(page.locator("#shown").inner_text())


def visible_findings(page) -> int:
    return page.locator("section.finding:not(.hidden)").count()


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
        total = findings.count()
        assert total > 20
        # The default view is everything the page holds, and the count says so.
        assert shown(page) == visible_findings(page) == total
        assert f"This page holds the {total} findings" in page.locator("#counts").inner_text()
        # Rulings first.
        assert page.locator("h2").first.inner_text().startswith("Rulings")
        assert findings.first.get_attribute("data-kind") == "ruling"
        # Side by side, with page and line.
        multi = page.locator("section.finding:has(.passage + .passage)").first
        boxes = [multi.locator(".passage").nth(k).bounding_box() for k in range(2)]
        assert boxes[0] and boxes[1]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[1]["x"] > boxes[0]["x"] + 50
        assert re.search(r"l\. \d+", multi.locator(".passage .place").first.inner_text())
        assert page.locator("section.finding mark").count() > 5
        assert page.locator("section.finding .diff").count() > 5
        # Severity filter.
        low = page.locator("section.finding.low")
        page.locator(".filters input[name=severity][value=low]").uncheck()
        assert shown(page) == visible_findings(page) == total - low.count()
        page.locator(".filters input[name=severity][value=low]").check()
        # Edition filter: untick every edition but nl; every finding left involves nl.
        for box in page.locator(".filters input[name=edition]").all():
            if box.get_attribute("value") != "nl":
                box.uncheck()
        left = page.locator("section.finding:not(.hidden)")
        assert 0 < left.count() < total
        assert all("nl" in (el.get_attribute("data-editions") or "").split() for el in left.all())
        for box in page.locator(".filters input[name=edition]").all():
            box.check()
        # Check (kind) filter.
        page.locator(".filters input[name=kind][value=ruling]").uncheck()
        assert page.locator("section.finding[data-kind=ruling]:not(.hidden)").count() == 0
        page.locator(".filters input[name=kind][value=ruling]").check()
        # Rule filter.
        page.select_option("#rule", "actions.settle.new_england")
        left = page.locator("section.finding:not(.hidden)")
        assert left.count() >= 1 and all(el.get_attribute("data-rule") == "actions.settle.new_england" for el in left.all())
        page.select_option("#rule", "")
        # Search.
        page.fill("#search", "settler value")
        assert 0 < shown(page) < total and shown(page) == visible_findings(page)
        page.fill("#search", "")
        assert shown(page) == total
        browser.close()
    assert all(url.startswith("file://") for url in requests)


def test_rule_links_point_at_an_anchor_of_the_generated_summary(report: Path) -> None:
    html = report.read_text(encoding="utf-8")
    links = re.findall(r'<a class="rule" href="([^"]+)">', html)
    assert len(links) > 10
    for link in set(links):
        parsed = urlparse(link)
        summary = Path(unquote(parsed.path))
        assert summary.name == "summary.en.html" and summary.is_file()
        assert f'id="{parsed.fragment}"' in summary.read_text(encoding="utf-8"), parsed.fragment
