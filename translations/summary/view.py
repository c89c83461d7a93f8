"""The view model of a rules summary: everything the templates show, already translated and filled in.

`build_view(spec, lang, edition, html)` walks the spec in play order — components, setup, then each rules file
in file-name order (the spec's reading order: round, phases, actions, scoring, end of game, variants,
supplement) — and turns every item into plain view objects. Templates only lay these out; they hold no game
knowledge. Section titles come from each rules file's `section:` (a catalog msgid), falling back to the id
prefix of its rules.

Strings of the spec (titles, summaries, ruling questions, reading summaries, variant titles, section titles,
component/area/table names, column and attribute names) are msgids of the message catalog. A string with no
translation shows through in English and is recorded in `SummaryView.untranslated`, so tests and the CLI can
report gaps instead of hiding them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from translations.summary.i18n import CatalogTranslations, translations_for
from translations.summary.icons import IconSet
from translations.summary.names import IDENTIFIER, SpecNames, humanise, label_msgid
from translations.summary.terms import TermResolver
from translations.summary.text import capitalise, expand, format_value
from translations.summary.values import is_number, shown_attributes

CONCEPT_PLACEHOLDER = re.compile(r"\{(?:terms?|rel)(?:@[a-z_]+)?:([a-z0-9_.]+)\}")


#: Any placeholder (`{name}`, `{term:x}`, `{terms@dat:x}`, `{rel:x}`).
ANY_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def nothing_to_translate(message: str) -> bool:
    """True when a message is only slots, numbers and punctuation (`{terms:captain}`, `No. {n}` is not)."""
    return not re.search(r"[^\W\d_]", ANY_PLACEHOLDER.sub("", message))


def N_(message: str) -> str:
    """Mark a string for extraction (Babel keyword `N_`); it is translated where it is shown."""
    return message


#: Ranking of provenance categories from strongest to weakest, and the marks shown after a value.
PROVENANCE_RANK = {"sourced": 0, "example": 1, "inferred": 2, "assumed": 3, "unmarked": 4}
PROVENANCE_MARKS = {"example": "°", "inferred": "°", "assumed": "†", "unmarked": "†"}

#: Labels of the component kinds of the schema (components.schema.json `kind`).
KIND_LABELS: dict[str, str] = {
    "board": N_("board"), "tile": N_("tile"), "card": N_("card"), "piece": N_("piece"), "token": N_("token"),
    "marker": N_("marker"), "die": N_("die"), "resource": N_("resource"), "other": N_("other"),
}


@dataclass
class ReadingView:
    id: str
    text: str
    editions: list[str]
    followed: bool


@dataclass
class RulingView:
    id: str
    question: str
    readings: list[ReadingView]
    followed_by: str  # "default" or an edition id


@dataclass
class RuleView:
    id: str
    title: str
    text: str
    depth: int
    order: int | None = None
    variant: str | None = None
    rulings: list[RulingView] = field(default_factory=list)
    tables: list[TableView] = field(default_factory=list)
    #: The rule's own text, without the followed readings that `text` ends with (what every edition shares).
    shared_text: str = ""


@dataclass
class VariantView:
    id: str
    title: str
    text: str


@dataclass
class TableView:
    id: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    #: The weakest provenance of the table's values (`sourced`, `example`, `inferred`, `assumed`): a table
    #: no rulebook prints is shown marked, or left out of the player aid.
    provenance: str = "sourced"


@dataclass
class SectionView:
    id: str
    title: str
    rules: list[RuleView]
    variants: list[VariantView] = field(default_factory=list)


@dataclass
class ComponentView:
    id: str
    name: str
    count: str
    kind: str
    note: str


@dataclass
class SummaryView:
    """What a summary template receives as `summary`."""

    game_id: str
    title: str
    lang: str
    players_min: int
    players_max: int
    edition: str | None
    edition_name: str | None
    #: The edition whose readings of disputed rules the summary follows (`--edition`, else the language's own
    #: edition); None: the spec's default readings (a language no edition is printed in).
    readings_edition: str | None
    readings_edition_name: str | None
    term_edition: str | None
    term_edition_name: str | None
    project_translation: bool  # no edition in this language: every term is the project's translation
    project_terms: list[str]  # terms the followed edition does not print (the project's translation)
    editions: list[tuple[str, str]]
    components: list[ComponentView]
    setup: list[RuleView]
    sections: list[SectionView]
    board_tables: list[TableView]
    appendix_tables: list[TableView]
    rule_ids: list[str]
    #: Provenance marks used anywhere in the summary (`†`, `°`), so the legend explains exactly those.
    marks_used: set[str] = field(default_factory=set)
    untranslated: set[str] = field(default_factory=set)
    term_fallbacks: set[str] = field(default_factory=set)


def spec_files_signature(root: str | Path) -> tuple[tuple[str, int, int], ...]:
    """Every spec file of `root` with its modification time and size: a cache key that changes with any edit."""
    from rulespec.kinds import kind_files

    signature = []
    for paths in kind_files(Path(root)).values():
        for path in paths:
            stat = path.stat()
            signature.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(signature))


def weakest_provenance(root: str | Path) -> dict[str, dict[str, str]]:
    """Per spec file, the weakest provenance category of the values at or below each path.

    Every summary, aid and look-up index of a game asks this thousands of times; parsing the spec's YAML again
    for each view cost seconds, so the answer is kept per spec as it is on disk.
    """
    return _weakest_provenance(str(root), spec_files_signature(root))


@lru_cache(maxsize=4)
def _weakest_provenance(root: str, signature: tuple[tuple[str, int, int], ...]) -> dict[str, dict[str, str]]:
    try:
        from rulespec.loading import load_documents
        from rulespec.provenance import value_sites

        sites = value_sites(load_documents(root))
    except Exception:  # provenance marks are a courtesy: a spec that loaded must still render
        return {}
    weakest: dict[str, dict[str, str]] = {}
    for site in sites:
        by_path = weakest.setdefault(site.file, {})
        parts = site.path.split("/")
        # A value speaks for every path above it: "/rules/3/params" is as weak as its weakest param.
        for end in range(1, len(parts) + 1):
            prefix = "/".join(parts[:end])
            known = by_path.get(prefix)
            if known is None or PROVENANCE_RANK.get(site.category, 0) > PROVENANCE_RANK.get(known, 0):
                by_path[prefix] = site.category
    return weakest


def section_titles(spec: Any) -> dict[str, str]:
    """`section:` title of each rules file (by file name); files without one are absent."""
    return dict(_section_titles(str(spec.root), spec_files_signature(spec.root)))


@lru_cache(maxsize=4)
def _section_titles(root: str, signature: tuple[tuple[str, int, int], ...]) -> dict[str, str]:
    from rulespec.kinds import kind_files

    titles: dict[str, str] = {}
    for path in kind_files(Path(root))["rules"]:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if isinstance(data, dict) and isinstance(data.get("section"), str):
            titles[path.name] = data["section"]
    return titles


def rules_files(spec: Any) -> list[str]:
    """Names of the rules files in reading order."""
    from rulespec.kinds import kind_files

    return [p.name for p in kind_files(Path(spec.root))["rules"]]


class ViewBuilder:
    """Builds a `SummaryView` for one language/edition (see module docstring)."""

    def __init__(self, spec: Any, lang: str, edition: str | None = None, html: bool = False,
                 translations: CatalogTranslations | None = None, icons: IconSet | None = None) -> None:
        self.spec = spec
        self.lang = lang
        self.html = html
        self.resolver = TermResolver(spec, lang, edition)
        self.tr = translations if translations is not None else translations_for(lang)
        self.icons = icons if icons is not None else IconSet.load()
        self.names = SpecNames(spec)
        self.untranslated: set[str] = set()
        self.marks_used: set[str] = set()
        self._provenance: dict[str, dict[str, str]] | None = None

    # -- text ---------------------------------------------------------------------------------------------
    def msg(self, message: str) -> str:
        """The translation of a spec string (recorded when missing). The catalog is shared by every game, so a
        translation naming a concept this game lacks (`{term:income}` for a generic "Income") is not used.
        A message of slots alone (`{terms:captain}`) has nothing to translate: it is no msgid."""
        if nothing_to_translate(message):
            return message
        if not self.tr.has(message):
            self.untranslated.add(message)
            return message
        translated = self.tr.gettext(message)
        unknown = {c for c in CONCEPT_PLACEHOLDER.findall(translated)} - set(self.spec.concepts)
        if unknown:
            self.untranslated.add(message)
            return message
        return translated

    def fill(self, message: str, params: Mapping[str, Any], where: str, capital: bool = True,
             marks: Mapping[str, str] | None = None) -> str:
        """Translate, then fill placeholders (HTML-escaped in HTML mode); the first letter is upper-cased.
        `marks` gives the provenance mark shown after a param's value (see `param_marks`)."""
        return expand(self.msg(message), params, self.resolver, html=self.html, icon_for=self.icon_for, where=where,
                      capital=capital, marks=marks)

    def plain_text(self, message: str, capital: bool = False) -> str:
        """A translated spec string with no params (names, titles, labels): terms filled, escaped for HTML."""
        return self.fill(message, {}, message, capital=capital)

    def icon_for(self, concept_id: str) -> str | None:
        if not self.html:
            return None
        concept = self.spec.concepts.get(concept_id)
        if concept is None:
            return None
        return self.icons.svg(concept_id, concept.kind, self.resolver.term(concept_id))

    def name_of(self, concept: str | None, name: str, plural: bool = False) -> str:
        """A component/area name, capitalised: its glossary term (singular or plural) when it has a concept,
        else its translated English name."""
        if concept and concept in self.spec.concepts:
            return self.term_html(concept, plural=plural, capital=True)
        return self.plain_text(name, capital=True)

    def term_html(self, concept: str, plural: bool = False, capital: bool = False, case: str | None = None) -> str:
        term = self.resolver.term(concept, plural=plural, case=case)
        if capital:
            term = capitalise(term, self.lang)
        if not self.html:
            return term
        from markupsafe import escape

        return f'{self.icon_for(concept) or ""}{escape(term)}'

    def label(self, key: str, capital: bool = True) -> str:
        """A column or attribute name: the term of the concept the key names (`translations.summary.names`), in
        the number of the English key (`points` → "Punkte"), else the key in words as a msgid; capitalised as
        a header is, unless it counts things after a number ("2 × hout")."""
        header = self.names.header_concept(key)
        if header is not None:
            return self.term_html(header[0], plural=header[1], capital=capital)
        return self.plain_text(humanise(key), capital=capital)

    def item_name(self, item: Any) -> str:
        """A component's, face's or board area's name: its glossary term, its own name, or for a face with
        neither, its component's name and its number among the component's faces ("Großes Schiff 1")."""
        if getattr(item, "concept", None) in self.spec.concepts:
            return self.name_of(item.concept, item.name)
        if getattr(item, "name", ""):
            return self.plain_text(item.name, capital=True)
        component = self.spec.components[item.component]
        name = self.name_of(component.concept, component.name)
        number = format_value(self.names.record_number(item), self.lang)
        return f"{name}\u00a0{number}" if self.html else f"{name} {number}"

    def value(self, value: Any, capital: bool = False) -> str:
        """A cell value: numbers per locale, concept ids as terms (with icons), mappings as `n × term`, other ids
        named as `translations.summary.names` says. `capital`: a word starting a table cell is capitalised
        ("Charterschip", "Koloniaal toezicht"), as the names in the first column are."""
        from markupsafe import escape

        if isinstance(value, dict):
            # {concept: n} is a quantity of things ("2 × Wood"); other keys are named values ("Circles: 3").
            parts = [f"{self.value(v)}\u00a0×\u00a0{self.label(k, capital=False)}" if k in self.spec.concepts and is_number(v)
                     else f"{self.label(k)}: {self.value(v)}" for k, v in value.items()]
            return ", ".join(parts)
        if isinstance(value, list | tuple):
            if not value:
                return "–"
            return ", ".join(self.value(v, capital=capital and i == 0) for i, v in enumerate(value))
        if isinstance(value, str) and (concept := self.names.concept_named(value, variants=False)):
            # A term alone in a cell has no article: the glossary's `nom` form where it differs (nl prints
            # only "het koloniale toezicht"; a bare cell reads "koloniaal toezicht"). Its number is the English
            # id's: `goods` (an objective of goods) reads "Waren", `good` (one good) "Ware".
            return self.term_html(concept, plural=self.names.is_plural(value, concept), case="nom", capital=capital)
        if isinstance(value, str) and (own := self.names.own_name(value)) is not None:
            return self.plain_text(own, capital=capital)
        if isinstance(value, str) and (concept := self._concept_of(value)):
            return self.term_html(concept, capital=capital)
        if isinstance(value, str) and (item := self.names.item(value)) is not None:
            return self.item_name(item)
        if isinstance(value, str) and (concept := self.names.concept_named(value)):
            return self.term_html(concept, case="nom", capital=capital)
        if isinstance(value, str) and IDENTIFIER.fullmatch(value):
            return self.plain_text(label_msgid(value), capital=capital)
        if value is None:
            return "–"
        if isinstance(value, bool):
            return self.plain_text(N_("yes") if value else N_("no"))
        text = format_value(value, self.lang)
        return str(escape(text)) if self.html else text

    def _concept_of(self, item_id: str) -> str | None:
        """The glossary concept naming a component or area id (`good.wood` → `wood`), so tables show terms."""
        item = self.spec.components.get(item_id) or self.spec.areas.get(item_id)
        if item is None:  # a table names a part by its last id segment (`jewels` for `treasure.jewels`)
            parts = [c for c in self.spec.components.values() if c.id.endswith(f".{item_id}")]
            item = parts[0] if len(parts) == 1 else None
        concept = getattr(item, "concept", None)
        return concept if concept in self.spec.concepts else None

    # -- items --------------------------------------------------------------------------------------------
    def rulings_of(self, rule: Any) -> list[Any]:
        """The rulings touching a rule: its `ruling:` and every ruling listing it in `rules`, in spec order."""
        ids = [rule.ruling] if rule.ruling in self.spec.rulings else []
        ids += [r.id for r in self.spec.rulings.values() if rule.id in r.rules]
        return [self.spec.rulings[i] for i in dict.fromkeys(ids)]

    def rule_params(self, rule: Any) -> tuple[dict[str, Any], list[tuple[Any, Any]]]:
        """A rule's params with the followed readings' params laid over them, and `(ruling, followed reading)`
        for every ruling touching it."""
        params = dict(rule.params)
        followed = []
        for ruling in self.rulings_of(rule):
            reading = self.spec.reading(ruling.id, self.resolver.ruling_edition)
            params.update(reading.params)
            followed.append((ruling, reading))
        return params, followed

    def ruling_view(self, ruling: Any, params: Mapping[str, Any], followed: Any) -> RulingView:
        """A ruling's question and every reading, the followed one flagged."""
        readings = []
        for reading in ruling.readings.values():
            merged = {**params, **reading.params}
            text = self.fill(reading.summary, merged, f"{ruling.id}/{reading.id}")
            readings.append(ReadingView(reading.id, text, sorted(reading.editions), reading.id == followed.id))
        return RulingView(ruling.id, self.plain_text(ruling.question, capital=True), readings,
                          self.resolver.ruling_edition or "default")

    def rule_text(self, rule: Any, params: Mapping[str, Any], followed: Iterable[tuple[Any, Any]]) -> tuple[str, str]:
        """`(text, shared)`: the rule as the followed edition states it, and the part every edition shares.

        A rule a ruling touches states in its own summary only what the editions share; the disputed point is
        the followed reading's summary, which ends the rule's text. So `--edition en-zman` (or a language's
        own edition) reads its rule in the rule text itself, and a changed or added reading flows through."""
        shared = self.fill(rule.summary, params, rule.id, marks=self.param_marks(rule.origin, rule.params))
        parts = [shared] + [self.fill(reading.summary, {**params, **reading.params}, f"{ruling.id}/{reading.id}",
                                      marks=self.param_marks(rule.origin, {k: v for k, v in params.items()
                                                                           if k not in reading.params}))
                            for ruling, reading in followed]
        if self.html:
            from markupsafe import Markup

            return Markup(" ").join(parts), shared
        return " ".join(parts), shared

    def rule_view(self, rule: Any, depth: int, tables_by_rule: Mapping[str, list[TableView]]) -> RuleView:
        params, followed = self.rule_params(rule)
        text, shared = self.rule_text(rule, params, followed)
        return RuleView(
            id=rule.id,
            title=self.fill(rule.title, params, f"{rule.id} title"),
            text=text,
            depth=depth,
            order=rule.order,
            variant=self.plain_text(self.spec.variants[rule.variant].title)
            if rule.variant in self.spec.variants else None,
            rulings=[self.ruling_view(ruling, params, reading) for ruling, reading in followed],
            tables=list(tables_by_rule.get(rule.id, [])),
            shared_text=shared,
        )

    def param_marks(self, origin: Any, params: Mapping[str, Any]) -> dict[str, str]:
        """The provenance mark of each shown param of the item at `origin` whose value no rulebook prints."""
        marks = {}
        for name, value in params.items():
            if is_number(value) or isinstance(value, list | tuple):
                mark = PROVENANCE_MARKS.get(self.provenance(origin.file, f"{origin.path}/params/{name}"), "")
                if mark:
                    marks[name] = mark
                    self.marks_used.add(mark)
        return marks

    def table_view(self, table: Any) -> TableView:
        """A table, each value cell marked with its provenance (the first column is the row's key)."""
        file, path = table.origin.file, table.origin.path
        rows = [[self.value(cell, capital=True) if j == 0
                 else self.marked(self.value(cell, capital=True), file, f"{path}/rows/{i}/{j}")
                 for j, cell in enumerate(row)] for i, row in enumerate(table.rows)]
        weakest = max((self.provenance(file, f"{path}/rows/{i}") for i in range(len(table.rows))),
                      key=lambda c: PROVENANCE_RANK.get(c, 0), default="sourced")
        return TableView(f"table-{table.id}", self.plain_text(table.title), [self.label(c) for c in table.columns],
                         rows, weakest)

    # -- provenance of face values ------------------------------------------------------------------------
    def provenance(self, file: str, path: str) -> str:
        """The weakest provenance category among the values at `path` of `file` (`sourced` when unknown)."""
        if self._provenance is None:
            self._provenance = weakest_provenance(self.spec.root)
        return self._provenance.get(file, {}).get(path, "sourced")

    def marked(self, text: str, file: str, path: str) -> str:
        """`text` followed by the mark of its provenance (`†` assumed, `°` inferred or from an example)."""
        mark = PROVENANCE_MARKS.get(self.provenance(file, path), "")
        if mark:
            self.marks_used.add(mark)
        return text + mark

    def components(self) -> list[ComponentView]:
        views = []
        for comp in self.spec.components.values():
            note = ""
            if comp.part_of and comp.part_of in self.spec.components:
                parent = self.spec.components[comp.part_of]
                note = self.name_of(parent.concept, parent.name)
            views.append(ComponentView(comp.id, self.name_of(comp.concept, comp.name, plural=comp.count != 1),
                                       self.value(comp.count),
                                       self.plain_text(KIND_LABELS.get(comp.kind, comp.kind)), note))
        return views

    def component_tables(self) -> list[TableView]:
        """One table per component with records (its faces), columns = attribute names in first-seen order."""
        tables = []
        for comp in self.spec.components.values():
            records = self.spec.records_of(comp.id)
            if not records:
                continue
            keys = self.names.shown_keys(comp.id)
            columns = [self.plain_text(N_("Name")), self.plain_text(N_("Count")), *(self.label(k) for k in keys)]
            rows = [[self.item_name(r), self.value(r.count),
                     *(self.marked(self.value(self.names.face_value(r, k), capital=True), r.origin.file,
                                   f"{r.origin.path}/attributes/{k}")
                       if k in r.attributes else "–" for k in keys)] for r in records]
            tables.append(TableView(f"table-{comp.id}", self.name_of(comp.concept, comp.name, plural=True),
                                    columns, rows))
        for deck in self.spec.decks.values():
            columns = [self.plain_text(N_("Part")), self.plain_text(N_("Count"))]
            rows = [[self.item_name(self.spec.components[c]) if c in self.spec.components else self.value(c),
                     self.value(n)] for c, n in deck.parts]
            rows.append([self.plain_text(N_("Total")), self.value(deck.size)])
            tables.append(TableView(f"table-{deck.id}", self.plain_text(deck.name), columns, rows))
        return tables

    def area_table(self) -> list[TableView]:
        if not self.spec.areas:
            return []
        columns = [self.plain_text(N_("Area")), self.plain_text(N_("Kind")), self.plain_text(N_("Spaces")),
                   self.plain_text(N_("Details"))]
        rows = []
        for area in self.spec.areas.values():
            # areas sharing a term (five spaces are all "Zielfeld") are told apart by their own names
            own = self.names.own_name(area.id)
            name = self.plain_text(own, capital=True) if own is not None else self.name_of(area.concept, area.name)
            rows.append([name, self.plain_text(humanise(area.kind), capital=True),
                         self.value(len(area.spaces)) if area.spaces else "–",
                         ", ".join(self.marked(self.value({key: value}), area.origin.file,
                                               f"{area.origin.path}/attributes/{key}")
                                   for key, value in shown_attributes(area.attributes, self.names.shown_ids).items())])
        return [TableView("areas", self.plain_text(N_("Board areas")), columns, rows)]

    def build(self) -> SummaryView:
        spec = self.spec
        tables = {t.id: self.table_view(t) for t in spec.tables.values()}
        tables_by_rule: dict[str, list[TableView]] = {}
        placed: set[str] = set()
        for rule in [*spec.setup, *spec.rules.values()]:
            for ref in rule.refs:
                if ref in tables and ref not in placed:
                    tables_by_rule.setdefault(rule.id, []).append(tables[ref])
                    placed.add(ref)
        rule_ids = {r.id for r in spec.rules.values()} | {s.id for s in spec.setup}
        setup = [self.rule_view(step, 0, tables_by_rule) for step in spec.setup]
        sections = self.sections(tables_by_rule, rule_ids)
        term_edition = self.resolver.term_edition
        edition = self.resolver.edition
        return SummaryView(
            game_id=spec.id,
            title=spec.title,
            lang=self.lang,
            players_min=spec.players_min,
            players_max=spec.players_max,
            edition=edition,
            edition_name=spec.editions[edition].name if edition else None,
            readings_edition=self.resolver.ruling_edition,
            readings_edition_name=spec.editions[self.resolver.ruling_edition].name
            if self.resolver.ruling_edition else None,
            term_edition=term_edition,
            term_edition_name=spec.editions[term_edition].name if term_edition else None,
            project_translation=term_edition is None and self.resolver.used_project_translation,
            project_terms=sorted(set(self.resolver.project_terms.values()), key=str.casefold)
            if term_edition is not None else [],
            editions=[(e.id, e.name) for e in spec.editions.values()],
            components=self.components(),
            setup=setup,
            sections=sections,
            board_tables=[t for tid, t in tables.items() if tid not in placed],
            appendix_tables=[*self.area_table(), *self.component_tables()],
            rule_ids=[s.id for s in spec.setup] + list(spec.rules),
            marks_used=self.marks_used,
            untranslated=self.untranslated,
            term_fallbacks=self.resolver.fallbacks,
        )

    def sections(self, tables_by_rule: Mapping[str, list[TableView]], rule_ids: Iterable[str]) -> list[SectionView]:
        spec = self.spec
        known = set(rule_ids)
        titles = section_titles(spec)
        sections: list[SectionView] = []
        for name in rules_files(spec):
            rules = [r for r in spec.rules.values() if r.file == name]
            variants = [v for v in spec.variants.values() if Path(v.origin.file).name == name]
            if not rules and not variants:
                continue
            first = rules[0].id.split(".", 1)[0] if rules else variants[0].id.split(".", 1)[0]
            title = titles.get(name, humanise(first))
            section = SectionView(Path(name).stem, self.plain_text(title, capital=True), [])
            for variant in variants:
                text = self.fill(variant.summary, {}, variant.id) if variant.summary else ""
                section.variants.append(VariantView(variant.id, self.plain_text(variant.title, capital=True), text))
            for rule in rules:
                section.rules.append(self.rule_view(rule, depth_of(rule.id, known), tables_by_rule))
            sections.append(section)
        return sections


def depth_of(rule_id: str, known: set[str]) -> int:
    """How many ancestors of `rule_id` (`a.b` for `a.b.c`) are rules themselves: the nesting in the summary."""
    parts = rule_id.split(".")
    return sum(1 for i in range(1, len(parts)) if ".".join(parts[:i]) in known)


def build_view(spec: Any, lang: str, edition: str | None = None, html: bool = False,
               translations: CatalogTranslations | None = None) -> SummaryView:
    """The view model of the summary of `spec` in `lang` (following `edition` where given)."""
    return ViewBuilder(spec, lang, edition, html, translations).build()

