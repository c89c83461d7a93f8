"""Printing an HTML page (the player aid) to PDF with headless Chromium, driven by Playwright.

Chromium lays the aid out exactly as the browser tests measure it (CSS multi-column, `@page`, hyphenation,
inline SVG), so the PDF and the page-count tests agree. (WeasyPrint, the other candidate, needs Pango from the
system and was not tried.)

The browser is Debian's `chromium` (Playwright's own browser download needs the network); `RULESPEC_CHROMIUM`
names another executable. Missing pieces raise `PdfEngineMissing` with what to install, which the CLI turns
into exit code 2.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

#: Chromium flags for a headless print: no sandbox (containers, root), no GPU, no traffic of its own.
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps", "--no-first-run")
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


class PdfEngineMissing(RuntimeError):
    """No engine to print PDF with; the message says what to install."""


def chromium_path() -> str:
    """The Chromium executable to print with (`RULESPEC_CHROMIUM`, else the usual system paths)."""
    configured = os.environ.get("RULESPEC_CHROMIUM")
    for candidate in ([configured] if configured else []) + list(CANDIDATES):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    raise PdfEngineMissing("no Chromium to print the PDF with: install it (Debian: apt-get install chromium) or set "
                           "RULESPEC_CHROMIUM to its executable")


def html_to_pdf(html: str) -> bytes:
    """The PDF of a self-contained HTML page printed on A4 (the page's `@page` rules apply), backgrounds kept."""
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise PdfEngineMissing("PDF output needs Playwright: pip install 'rulespec[pdf]' (or pip install playwright) "
                               "and a Chromium (Debian: apt-get install chromium)") from None
    executable = chromium_path()
    with tempfile.TemporaryDirectory(prefix="rulespec-pdf-") as folder:
        page_file = Path(folder) / "aid.html"
        page_file.write_text(html, encoding="utf-8")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))
                try:
                    page = browser.new_page()
                    page.goto(page_file.as_uri())
                    page.emulate_media(media="print")
                    return page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
                finally:
                    browser.close()
        except PlaywrightError as exc:
            raise PdfEngineMissing(f"Chromium could not print the PDF ({str(exc).splitlines()[0]})") from None
