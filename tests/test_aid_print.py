"""The player aid printed by a real browser: every game, language and edition fits one A4 sheet (two pages): the
spine on the front, the reference blocks on the back; body text at 8.5 pt or more in one size, no rule id, no
table no rulebook prints, and edition differences marked only when no edition was chosen. Each run writes the
PDF to tests/artifacts/ (ignored by git) for a person to look at."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest

from rulespec.loading import bundled_games
from rulespec.model import Ruling, load_spec
from translations.summary.aid import build_aid
from translations.summary.pdf import CHROMIUM_ARGS
from translations.summary.render import render_aid

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
MIN_BODY_PT = 8.5
PX_PER_PT = 96 / 72

#: Computed font sizes (px) of the body text: the setup, the spine's and the blocks' labels and lines.
BODY_SIZES = """() => [...document.querySelectorAll('aside.setup dt, aside.setup dd, p.lead, table.steps th, td')]
  .map(el => parseFloat(getComputedStyle(el).fontSize))"""


def plain(markup: object) -> str:
    """The text of a piece of the aid's HTML (tags dropped, entities read), as a PDF's text shows it."""
    return html.unescape(re.sub(r"<title>.*?</title>|<[^>]+>", "", str(markup)))

CASES = [(game, lang, edition) for game in bundled_games() for spec in [load_spec(game)]
         for lang in spec.summary_languages for edition in [None, *spec.editions]]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed (apt-get install -y chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        yield launched
        launched.close()


@pytest.mark.parametrize(("game", "lang", "edition"), CASES)
def test_the_aid_prints_on_one_sheet(browser, tmp_path: Path, game: str, lang: str, edition: str | None) -> None:
    pypdf = pytest.importorskip("pypdf")
    spec = load_spec(game)
    html, _ = render_aid(spec, lang, edition)
    page_file = tmp_path / "aid.html"
    page_file.write_text(html, encoding="utf-8")
    requests: list[str] = []
    page = browser.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri())
    page.emulate_media(media="print")
    sizes = page.evaluate(BODY_SIZES)
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    page.close()
    name = f"aid.{game}.{lang}.{edition or 'default'}"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) <= 2, f"{name}: {len(pages)} A4 pages"
    texts = [p.extract_text() for p in pages]
    assert len(pages) == 2, f"{name}: the aid has a front (the turn) and a back (scoring, tables)"
    front, back = texts
    aid = build_aid(spec, lang, edition)
    assert all(plain(block.title) in back for block in aid.blocks), f"{name}: a reference block on the front"
    assert all(plain(phase.label) in front for phase in aid.spine.steps), f"{name}: the spine spills onto the back"
    assert sizes and min(sizes) >= MIN_BODY_PT * PX_PER_PT - 0.01, f"{name}: body text below {MIN_BODY_PT} pt"
    assert len(set(sizes)) == 1, f"{name}: body text in several sizes {sorted(set(sizes))}"
    assert [u for u in requests if not u.startswith("file:")] == [], "the aid must be self-contained"
    rule_ids = {r.id for r in spec.rules.values() if "." in r.id} | {s.id for s in spec.setup}
    assert not [i for i in rule_ids if i in "".join(texts)], f"{name}: rule ids printed"


@pytest.mark.parametrize("game", bundled_games())
def test_the_aid_shows_no_value_no_rulebook_prints(game: str) -> None:
    spec = load_spec(game)
    for lang in spec.summary_languages:
        aid = build_aid(spec, lang)
        assert all(b.table is None or b.table.provenance == "sourced" for b in aid.blocks)
        html, _ = render_aid(spec, lang)
        assert "†</td>" not in html and "°</td>" not in html
        # A value a line shows that no rulebook prints carries its mark, and the legend explains the marks.
        marked = 'class="prov"' in html
        assert marked == bool(aid.summary.marks_used), (game, lang)


def test_edition_notes_only_without_an_edition() -> None:
    spec = load_spec("race_to_the_new_found_land")
    default = build_aid(spec, "nl")
    assert default.footnotes and not default.single_edition
    # nl follows 999 Games; every edition that states another reading of a point the aid shows gets a note
    def reading_of(ruling: Ruling, edition: str) -> str:
        return next((r.id for r in ruling.readings.values() if edition in r.editions), ruling.default)

    shown = {ruling for line in spec.aid.lines() for ruling in line.readings}
    expected = {edition for ruling in map(spec.rulings.__getitem__, shown) for reading in ruling.readings.values()
                for edition in reading.editions if reading.id != reading_of(ruling, "nl")}
    noted = {edition for note in default.footnotes for editions, _ in note.readings for edition in editions.split(", ")}
    assert expected and noted == expected
    chosen = build_aid(spec, "en", "en-zman")
    assert chosen.single_edition and not chosen.footnotes
    html, _ = render_aid(spec, "en", "en-zman")
    assert 'class="fn"' not in html and "milestone marker" in html.lower()


def test_the_back_opens_with_end_of_game_scoring() -> None:
    for game in bundled_games():
        aid = build_aid(load_spec(game), "en")
        assert aid.blocks[0].scoring and aid.blocks[0].title == "End of the game", game
        assert [b for b in aid.blocks if b.scoring] == aid.blocks[:1], game
