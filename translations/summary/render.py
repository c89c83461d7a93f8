"""Rendering a rules summary (Markdown or HTML) and the player aid (HTML) through Jinja templates.

The templates (`templates/summary.md.j2`, `templates/summary.html.j2`) use `jinja2.ext.i18n`: their fixed
sentences are `{% trans %}` blocks (trimmed, with `{% pluralize %}` where a number is involved) translated
through the language's Babel catalog; everything from the spec arrives already translated in the view model
(`translations.summary.view`). The environment is strict and deterministic: `StrictUndefined`, `trim_blocks`,
`lstrip_blocks`, `keep_trailing_newline`, no timestamps.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.view import SummaryView, build_view

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
STATIC_DIR = Path(__file__).resolve().parent / "static"
FORMATS = ("md", "html")


def md_cell(value: Any) -> str:
    """Text safe inside a Markdown table cell (pipes escaped, line breaks flattened)."""
    return " ".join(str(value).split()).replace("|", "\\|")


def make_environment(fmt: str, translations: CatalogTranslations) -> Environment:
    """A Jinja environment for format `fmt` with the gettext callables of `translations` installed."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown summary format {fmt!r} (one of {', '.join(FORMATS)})")
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES_DIR)),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=fmt == "html",
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    env.filters["md_cell"] = md_cell
    return env


@lru_cache(maxsize=4)
def stylesheet(name: str = "summary.css") -> str:
    """A stylesheet of `static/` (inlined into the HTML so the file is self-contained)."""
    return (STATIC_DIR / name).read_text(encoding="utf-8")


def render_view(view: SummaryView, fmt: str, translations: CatalogTranslations | None = None) -> str:
    """Render a prepared view model."""
    tr = translations if translations is not None else translations_for(view.lang)
    env = make_environment(fmt, tr)
    template = env.get_template(f"summary.{fmt}.j2")
    return template.render(s=view, css=Markup(stylesheet()) if fmt == "html" else "")


def render_summary(spec: Any, lang: str, fmt: str = "md", edition: str | None = None,
                   translations: CatalogTranslations | None = None) -> str:
    """The complete rules summary of `spec` in `lang` and format `fmt` (`md` or `html`)."""
    tr = translations if translations is not None else translations_for(lang)
    view = build_view(spec, lang, edition, html=fmt == "html", translations=tr)
    return render_view(view, fmt, tr)


def summary_with_view(spec: Any, lang: str, fmt: str = "md", edition: str | None = None,
                      translations: CatalogTranslations | None = None) -> tuple[str, SummaryView]:
    """Like `render_summary`, also returning the view (for its `untranslated` and `term_fallbacks`)."""
    tr = translations if translations is not None else translations_for(lang)
    view = build_view(spec, lang, edition, html=fmt == "html", translations=tr)
    return render_view(view, fmt, tr), view


def render_aid(spec: Any, lang: str, edition: str | None = None,
               translations: CatalogTranslations | None = None) -> tuple[str, SummaryView]:
    """The HTML player aid of `spec` in `lang` (one A4 sheet; see `translations.summary.aid`), and its
    summary view (for `untranslated` and `term_fallbacks`)."""
    from translations.summary.aid import build_aid

    tr = translations if translations is not None else translations_for(lang)
    aid = build_aid(spec, lang, edition, tr)
    template = make_environment("html", tr).get_template("aid.html.j2")
    return template.render(a=aid, css=Markup(stylesheet("aid.css"))), aid.summary
