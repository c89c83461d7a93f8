"""The player aid: the rules on one A4 sheet (two pages), laid out for play, from the same view as the summary.

`build_aid(spec, lang, edition)` turns the summary's view model (`translations.summary.view`) into what
`templates/aid.html.j2` lays out: the setup, then the sections in play order as numbered steps of a
sequence-of-play spine (round → phases → actions), each rule a run-in title and its text with the numbers
emphasised and icons for goods and ship values. It drops what a player at the table does not need: rule ids,
the component list, the appendix of faces, and every table whose values no rulebook prints (the load tables,
the cartography chart): such values are never shown as rules.

Where the editions disagree, the aid states the reading it follows (the chosen edition's, else the language's
own edition's) in the rule text; without `--edition` a small footnote marker says that other editions read it
otherwise, and the footnotes at the end name them; with `--edition` the markers are left out, so the sheet is
that edition's alone.

The section whose rules file is titled "End of the game" (the spec's `section:`) is the scoring box printed
at a glance; this is a convention of the spec format, not knowledge of a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.view import RuleView, SectionView, SummaryView, TableView, build_view, section_titles

#: The English `section:` title of the rules file shown as the end-of-game scoring box.
SCORING_SECTION = "End of the game"


@dataclass
class Footnote:
    """One disputed point the aid follows one edition on, numbered in the order the aid shows them: which
    other editions read it otherwise (their readings are in the rules summary; the sheet has no room)."""

    number: int
    question: str
    editions: str  # the editions, comma-separated, whose reading the aid does not follow


@dataclass
class AidRule:
    title: str
    text: str
    depth: int
    order: int | None
    notes: list[int] = field(default_factory=list)  # footnote numbers
    tables: list[TableView] = field(default_factory=list)


@dataclass
class AidSection:
    id: str
    number: int
    title: str
    rules: list[AidRule]
    scoring: bool = False


@dataclass
class AidView:
    """What `aid.html.j2` receives as `a`."""

    summary: SummaryView
    setup: list[AidRule]
    sections: list[AidSection]
    footnotes: list[Footnote]
    #: True when `--edition` chose the edition: the sheet then has no edition-difference markers.
    single_edition: bool


class AidBuilder:
    """Builds an `AidView` from a summary view (see module docstring)."""

    def __init__(self, summary: SummaryView, english_titles: dict[str, str], single_edition: bool) -> None:
        self.summary = summary
        self.english_titles = english_titles
        self.single_edition = single_edition
        self.footnotes: list[Footnote] = []
        self._numbers: dict[str, int] = {}  # ruling id → its footnote (a ruling touching two rules has one)

    def rule(self, view: RuleView) -> AidRule:
        notes = []
        if not self.single_edition:
            for ruling in view.rulings:
                # Readings no edition states (a possible reading the spec records) are not another edition's rule.
                others = ", ".join(e for r in ruling.readings if not r.followed for e in r.editions)
                if others and ruling.id not in self._numbers:
                    self.footnotes.append(Footnote(len(self.footnotes) + 1, ruling.question, others))
                    self._numbers[ruling.id] = len(self.footnotes)
                if others:
                    notes.append(self._numbers[ruling.id])
        tables = [t for t in view.tables if t.provenance == "sourced"]
        return AidRule(view.title, view.text, view.depth, view.order, notes, tables)

    def section(self, view: SectionView, number: int) -> AidSection:
        rules = [self.rule(r) for r in view.rules]
        scoring = self.english_titles.get(view.id) == SCORING_SECTION
        return AidSection(view.id, number, view.title, rules, scoring)

    def build(self) -> AidView:
        setup = [self.rule(step) for step in self.summary.setup]
        sections = [self.section(s, i) for i, s in enumerate(self.summary.sections, start=1)]
        return AidView(self.summary, setup, sections, self.footnotes, self.single_edition)


def build_aid(spec: Any, lang: str, edition: str | None = None,
              translations: CatalogTranslations | None = None) -> AidView:
    """The player aid of `spec` in `lang`, following `edition`'s readings (else the language's own edition's)."""
    tr = translations if translations is not None else translations_for(lang)
    summary = build_view(spec, lang, edition, html=True, translations=tr)
    english = {name.rsplit(".", 1)[0]: title for name, title in section_titles(spec).items()}
    return AidBuilder(summary, english, single_edition=edition is not None).build()
