"""The player aid: one A4 sheet, both sides, laid out as a publisher would print it, from the game's `aid.yaml`.

`build_aid(spec, lang, edition)` turns the spec's aid (`rulespec.model.Aid`, validated by `rulespec validate`)
into what `templates/aid.html.j2` lays out:

* page 1, the turn as a spine: the round (× the number of rounds), its phases in order, each phase's steps and
  the actions in their order, one or two short imperative lines each; the setup as a compact block beside it;
* page 2, the reference blocks: end-of-game scoring, then the tables a player looks up mid-game.

Every line is a msgid of the message catalogs, translated like a rule summary and filled the same way
(`ViewBuilder.fill`): `{param}` from the params of the rules the line names, `{term:concept}` from the glossary
of the edition the aid is printed for, with icons for goods and ship values. A param whose value no rulebook
prints carries its provenance mark (†/°), explained in the legend; a spec table is shown only when a rulebook
prints its values. The aid knows no game: all of this is the spec's.

Where the editions disagree, a line states what they share and ends with the followed reading's own line (the
chosen edition's, else the language's own edition's). Without `--edition` a small footnote marker says that
other editions read it otherwise, and the footnote gives their lines; with `--edition` there are no markers, so
the sheet is that edition's alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from rulespec.aid import line_params, reading_params, slots
from rulespec.model import AidBlock, AidLine
from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.view import SummaryView, TableView, ViewBuilder


class NoAid(LookupError):
    """The game's spec has no `aid.yaml`."""


@dataclass
class Footnote:
    """A disputed point the aid follows one edition on: what the other editions say instead."""

    number: int
    #: `(editions, line)` of every other reading an edition states: "en-zman" and its short line.
    readings: list[tuple[str, str]]


@dataclass
class AidLineView:
    label: str
    text: str
    notes: list[int] = field(default_factory=list)  # footnote numbers
    steps: list[AidLineView] = field(default_factory=list)


@dataclass
class AidBlockView:
    title: str
    lines: list[AidLineView]
    table: TableView | None = None
    note: AidLineView | None = None
    scoring: bool = False


@dataclass
class AidView:
    """What `aid.html.j2` receives as `a`."""

    summary: SummaryView
    setup: list[AidLineView]
    spine: AidLineView
    blocks: list[AidBlockView]
    footnotes: list[Footnote]
    #: True when `--edition` chose the edition: the sheet then has no edition-difference markers.
    single_edition: bool


class AidBuilder:
    """Builds an `AidView` from the spec's aid with a summary's `ViewBuilder` (see module docstring)."""

    def __init__(self, spec: Any, view: ViewBuilder, single_edition: bool) -> None:
        self.spec = spec
        self.view = view
        self.edition = view.resolver.ruling_edition
        self.single_edition = single_edition
        self.footnotes: list[Footnote] = []
        self._numbers: dict[str, int] = {}  # ruling id → its footnote (a ruling on two lines has one)

    def marks(self, line: AidLine) -> dict[str, str]:
        """The provenance mark of each slot of the line's own label and text whose value no rulebook prints
        (from the rule it comes from)."""
        used = {name for text in (line.label, line.text) for kind, name in slots(text) if kind == "param"}
        marks: dict[str, str] = {}
        for rule_id in line.rules:
            rule = self.spec.rule(rule_id)
            found = self.view.param_marks(rule.origin, {k: v for k, v in rule.params.items()
                                                        if k in used and k not in line.slots})
            marks.update(found)
        for name, target in line.slots.items():
            if name not in used:
                continue
            rule_id, _, param = target.rpartition("/")
            rule = self.spec.rule(rule_id)
            found = self.view.param_marks(rule.origin, {param: rule.params[param]})
            if param in found:
                marks[name] = found[param]
        return marks

    def line(self, line: AidLine) -> AidLineView:
        params = line_params(self.spec, line, self.edition)
        marks = self.marks(line)
        where = f"aid line at {line.origin}"
        label = self.view.fill(line.label, params, where, marks=marks) if line.label else ""
        parts = [self.view.fill(line.text, params, where, marks=marks)] if line.text else []
        notes = []
        for ruling_id, lines in line.readings.items():
            followed = self.spec.reading(ruling_id, self.edition)
            parts.append(self.view.fill(lines[followed.id], {**params, **followed.params}, where))
            others = [(", ".join(sorted(r.editions)),
                       str(self.view.fill(lines[r.id], reading_params(self.spec, line, ruling_id, r.id), where)))
                      for r in self.spec.rulings[ruling_id].readings.values()
                      if r.id != followed.id and r.editions and r.id in lines]
            if self.single_edition or not others:
                continue
            if ruling_id not in self._numbers:
                self.footnotes.append(Footnote(len(self.footnotes) + 1, others))
                self._numbers[ruling_id] = len(self.footnotes)
            notes.append(self._numbers[ruling_id])
        return AidLineView(label, Markup(" ").join(parts), notes, [self.line(step) for step in line.steps])

    def block(self, block: AidBlock) -> AidBlockView:
        table = None
        if block.table is not None:
            shown = self.view.table_view(self.spec.tables[block.table])
            table = shown if shown.provenance == "sourced" else None
        note = self.line(block.note) if block.note is not None else None
        return AidBlockView(self.view.plain_text(block.title, capital=True), [self.line(x) for x in block.lines],
                            table, note, block.scoring)

    def build(self, summary: SummaryView) -> AidView:
        aid = self.spec.aid
        setup = [self.line(x) for x in aid.setup]
        spine = self.line(aid.spine)
        blocks = [self.block(b) for b in aid.reference]
        summary.marks_used = set(self.view.marks_used)
        summary.untranslated = set(self.view.untranslated)
        return AidView(summary, setup, spine, blocks, self.footnotes, self.single_edition)


def build_aid(spec: Any, lang: str, edition: str | None = None,
              translations: CatalogTranslations | None = None) -> AidView:
    """The player aid of `spec` in `lang`, following `edition`'s readings (else the language's own edition's).
    Raises `NoAid` when the game's spec has no `aid.yaml`."""
    if spec.aid is None:
        raise NoAid(f"{spec.id} has no player aid: write {spec.root.name}/aid.yaml (see schemas/aid.schema.json)")
    tr = translations if translations is not None else translations_for(lang)
    view = ViewBuilder(spec, lang, edition, html=True, translations=tr)
    summary = view.build()
    # The aid shows only its own lines: marks and gaps count from here on, not the full summary's.
    view.marks_used.clear()
    view.untranslated.clear()
    return AidBuilder(spec, view, single_edition=edition is not None).build(summary)
