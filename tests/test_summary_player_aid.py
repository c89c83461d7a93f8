"""The HTML player aid in a real browser: it opens in headless Chromium, prints to A4, no text overflows its box,
and it loads nothing from outside. Each run writes a screenshot and the PDF per game and language into
tests/artifacts/ (ignored by git) for a human to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.loading import bundled_games
from rulespec.model import load_spec
from translations.summary.render import render_summary

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
A4_WIDTH_PX = 794  # 210 mm at 96 dpi
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]

#: Boxes whose content must fit their width (text, cells, rule blocks, notes).
OVERFLOW_PROBE = """() => {
  const out = [];
  for (const el of document.querySelectorAll('p, td, th, li, div.rule, aside, caption, h1, h2, h3, table')) {
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${el.tagName}#${el.id || el.closest('[id]')?.id}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push(`document: ${doc.scrollWidth} > ${doc.clientWidth}`);
  return out;
}"""


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed (apt-get install -y chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


CASES = [(game, lang) for game in bundled_games() for lang in load_spec(game).summary_languages]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_player_aid_prints_to_a4_without_overflow(browser, tmp_path: Path, game: str, lang: str) -> None:
    spec = load_spec(game)
    html = render_summary(spec, lang, "html")
    page_file = tmp_path / f"{game}.{lang}.html"
    page_file.write_text(html, encoding="utf-8")
    requests: list[str] = []
    page = browser.new_page(viewport={"width": A4_WIDTH_PX, "height": 1123})
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri())
    page.emulate_media(media="print")
    overflow = page.evaluate(OVERFLOW_PROBE)
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"player-aid.{game}.{lang}.png"), full_page=False)
    (ARTIFACTS / f"player-aid.{game}.{lang}.pdf").write_bytes(pdf)
    page.close()
    assert not overflow, f"{game} {lang}: text overflows its box: {overflow[:10]}"
    assert [u for u in requests if not u.startswith("file:")] == [], "the player aid must be self-contained"
    assert pdf.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    rules = len(spec.rules) + len(spec.setup)
    assert 1 <= pages <= max(4, rules // 12), f"{game} {lang}: {pages} A4 pages for {rules} rules"
    boxes = {tuple(float(x) for x in box.split()) for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)}
    assert boxes and all(abs(b[2] - 595.3) < 1.5 and abs(b[3] - 841.9) < 1.5 for b in boxes), boxes  # A4 in pt
