"""The typed model of a game's spec: what generators and services read.

Values here are plain: ``{value, provenance, reason}`` wrappers are unwrapped (their provenance is reported
by :mod:`rulespec.provenance`). Every item remembers its ``origin`` (file and line) for messages.

>>> spec = load_spec("race_to_the_new_found_land")        # doctest: +SKIP
>>> spec.param("land.income", "cloth")                     # doctest: +SKIP
1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Citations = dict[str, Any]


@dataclass(frozen=True)
class Origin:
    """Where an item is written: a file (as displayed to the user) and a 1-based line."""

    file: str
    line: int
    path: str = ""
    #: Lines of the file's JSON paths, to point at a field inside the item.
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"

    def line_of(self, suffix: str) -> int:
        """Line of ``path + suffix`` (or of its nearest ancestor inside this item)."""
        path = self.path + suffix
        while path.startswith(self.path) and path not in self.lines and "/" in path[len(self.path):]:
            path = path.rsplit("/", 1)[0]
        return self.lines.get(path, self.line)


#: The keys of a provenance wrapper around a value no rulebook prints (`marked_value` in schemas/common.schema.json).
MARKED_VALUE_KEYS = frozenset({"value", "provenance", "reason", "name"})


def is_marked_value(value: Any) -> bool:
    """Whether ``value`` is a provenance wrapper ``{value, provenance, reason[, name]}`` rather than a record."""
    return isinstance(value, dict) and "value" in value and "provenance" in value and set(value) <= MARKED_VALUE_KEYS


def plain(value: Any) -> Any:
    """``value`` with every provenance wrapper ``{value, provenance, reason[, name]}`` replaced by its value."""
    if isinstance(value, dict):
        if is_marked_value(value):
            return plain(value["value"])
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Edition:
    id: str
    language: str
    name: str
    source: str
    original: bool = False
    has_supplement: bool = False
    publisher: str = ""
    year: int | None = None


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    kind: str
    count: int
    origin: Origin
    concept: str | None = None
    part_of: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    refs: tuple[str, ...] = ()
    citations: Citations = field(default_factory=dict)


@dataclass(frozen=True)
class Record:
    """One face of a component (a ship tile, an island tile, a card)."""

    id: str
    component: str
    origin: Origin
    name: str = ""
    count: int = 1
    attributes: dict[str, Any] = field(default_factory=dict)
    citations: Citations = field(default_factory=dict)


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    size: int
    parts: tuple[tuple[str, int], ...]
    origin: Origin
    citations: Citations = field(default_factory=dict)


@dataclass(frozen=True)
class Space:
    id: str
    attributes: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    kind: str
    origin: Origin
    on: str | None = None
    concept: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    spaces: tuple[Space, ...] = ()
    refs: tuple[str, ...] = ()
    citations: Citations = field(default_factory=dict)


@dataclass(frozen=True)
class Table:
    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    origin: Origin
    refs: tuple[str, ...] = ()
    citations: Citations = field(default_factory=dict)

    def as_dicts(self) -> list[dict[str, Any]]:
        """Rows as ``{column: value}`` dicts."""
        return [dict(zip(self.columns, row, strict=False)) for row in self.rows]


@dataclass(frozen=True)
class Rule:
    """A cited rule or setup step. ``summary`` is English with ``{param}`` and ``{term:concept}`` slots."""

    id: str
    title: str
    summary: str
    origin: Origin
    file: str = ""
    order: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    refs: tuple[str, ...] = ()
    ruling: str | None = None
    variant: str | None = None
    tags: tuple[str, ...] = ()
    #: Why no engine code implements this rule (it describes components or the board, or states what other rules
    #: already do); None for a rule the engine implements, whose code names it (see :mod:`engine.rule_names`).
    not_in_engine: str | None = None
    citations: Citations = field(default_factory=dict)

    @property
    def section(self) -> str:
        """First segment of the id (``land`` for ``land.income``)."""
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class Variant:
    id: str
    title: str
    origin: Origin
    summary: str = ""
    citations: Citations = field(default_factory=dict)


@dataclass(frozen=True)
class Term:
    term: str
    plural: str = ""
    variants: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    gender: str | None = None
    project_translation: bool = False
    note: str = ""
    cases: dict[str, str] = field(default_factory=dict)  # `dat_pl`, `acc_pl_def`, … → inflected term (see schema)

    def all_forms(self) -> tuple[str, ...]:
        """Every written form of this term: the term, plural, variants and inflections, without repeats."""
        seen = dict.fromkeys(t for t in (self.term, self.plural, *self.variants, *self.forms) if t)
        return tuple(seen)


@dataclass(frozen=True)
class Concept:
    id: str
    kind: str
    origin: Origin
    terms: dict[str, Term]
    definition: str = ""
    refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reading:
    id: str
    editions: tuple[str, ...]
    summary: str
    params: dict[str, Any]
    citations: Citations = field(default_factory=dict)


#: Impact classes measured by play (``rulespec impact``), from no measurable effect to a large one.
IMPACT_CLASSES: tuple[str, ...] = ("none", "low", "medium", "high")


@dataclass(frozen=True)
class MeasuredImpact:
    """What a ruling's non-default readings do to play, as measured by paired bot games.

    Read from the game's generated impact file (written by ``rulespec impact --write``); a ruling that has
    not been measured has none. ``impact_class`` is one of :data:`IMPACT_CLASSES`: the largest class over the
    ruling's readings. ``summary`` is one English line a report can show ("settler_value: mean score +0.4
    [0.2, 0.6]; arises in 63 % of games"); ``readings`` maps each non-default reading to its own class.
    ``exercised`` is False when the ruling's situation arose in too few games to measure anything, so a
    report says "not exercised by these bots" rather than "no effect".
    """

    impact_class: str
    summary: str
    readings: dict[str, str] = field(default_factory=dict)
    exercised: bool = True


@dataclass(frozen=True)
class Ruling:
    id: str
    rules: tuple[str, ...]
    question: str
    readings: dict[str, Reading]
    default: str
    reason: str
    origin: Origin
    #: The measured impact (see :class:`MeasuredImpact`); None until the ruling is measured.
    measured: MeasuredImpact | None = None


@dataclass(frozen=True)
class NotRule:
    edition: str
    quote: str
    kind: str
    reason: str
    origin: Origin
    until: str | None = None


@dataclass(frozen=True)
class AidLine:
    """One line of the player aid (``aid.yaml``): an optional label and a short English text with ``{param}``
    and ``{term:concept}`` slots, condensing the spec rules in ``rules``. ``slots`` maps a slot to one rule's
    param (``rule.id/param``); ``readings`` gives, per ruling, a short line for each reading; ``steps`` are the
    lines a spine step is made of."""

    rules: tuple[str, ...]
    origin: Origin
    label: str = ""
    text: str = ""
    slots: dict[str, str] = field(default_factory=dict)
    readings: dict[str, dict[str, str]] = field(default_factory=dict)
    steps: tuple[AidLine, ...] = ()

    def walk(self) -> Iterator[AidLine]:
        """This line and every step below it, depth first."""
        yield self
        for step in self.steps:
            yield from step.walk()


@dataclass(frozen=True)
class AidBlock:
    """A block of the aid's second page: ``lines`` (label and text per row), or a spec ``table``; ``scoring`` sets off the
    end-of-game scoring."""

    title: str
    origin: Origin
    lines: tuple[AidLine, ...] = ()
    table: str | None = None
    note: AidLine | None = None
    scoring: bool = False


@dataclass(frozen=True)
class Aid:
    """The player aid of a game: the setup lines, the turn as a spine (round → phases → steps/actions), and
    the reference blocks of page 2."""

    spine: AidLine
    origin: Origin
    setup: tuple[AidLine, ...] = ()
    reference: tuple[AidBlock, ...] = ()

    def lines(self) -> Iterator[AidLine]:
        """Every line of the aid, in print order."""
        for line in self.setup:
            yield from line.walk()
        yield from self.spine.walk()
        for block in self.reference:
            yield from block.lines
            if block.note is not None:
                yield block.note


@dataclass
class Spec:
    """A whole game's spec. Dicts keep file order."""

    id: str
    title: str
    root: Path
    players_min: int
    players_max: int
    default_edition: str
    summary_languages: tuple[str, ...]
    designers: tuple[str, ...] = ()
    editions: dict[str, Edition] = field(default_factory=dict)
    components: dict[str, Component] = field(default_factory=dict)
    records: dict[str, Record] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    setup: list[Rule] = field(default_factory=list)
    rules: dict[str, Rule] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    concepts: dict[str, Concept] = field(default_factory=dict)
    rulings: dict[str, Ruling] = field(default_factory=dict)
    not_rules: list[NotRule] = field(default_factory=list)
    #: The player aid (``aid.yaml``); None when the game has none.
    aid: Aid | None = None

    def rule(self, rule_id: str) -> Rule:
        """A rule or setup step by id."""
        if rule_id in self.rules:
            return self.rules[rule_id]
        for step in self.setup:
            if step.id == rule_id:
                return step
        raise KeyError(f"{self.id}: no rule {rule_id!r}")

    def param(self, rule_id: str, name: str) -> Any:
        """The value of param ``name`` of rule ``rule_id``."""
        rule = self.rule(rule_id)
        try:
            return rule.params[name]
        except KeyError:
            raise KeyError(f"{self.id}: rule {rule_id!r} has no param {name!r}") from None

    def records_of(self, component_id: str) -> list[Record]:
        """The records (faces) of one component, in file order."""
        return [r for r in self.records.values() if r.component == component_id]

    def reading(self, ruling_id: str, edition: str | None = None) -> Reading:
        """The reading ``edition`` states for a ruling; the ruling's default when none or it is silent."""
        ruling = self.rulings[ruling_id]
        if edition is not None:
            for reading in ruling.readings.values():
                if edition in reading.editions:
                    return reading
        return ruling.readings[ruling.default]

    def editions_in(self, language: str) -> list[Edition]:
        """Editions written in ``language`` (the original first)."""
        found = [e for e in self.editions.values() if e.language == language]
        return sorted(found, key=lambda e: not e.original)

    def cited_items(self) -> Iterator[tuple[str, Citations, Origin]]:
        """``(id, citations, origin)`` of every item that cites the sources, rulings' readings as ``ruling/reading``."""
        for group in (self.components, self.records, self.decks, self.areas, self.tables):
            for item in group.values():
                if item.citations:
                    yield item.id, item.citations, item.origin
        for step in self.setup:
            yield step.id, step.citations, step.origin
        for rule in self.rules.values():
            yield rule.id, rule.citations, rule.origin
        for variant in self.variants.values():
            if variant.citations:
                yield variant.id, variant.citations, variant.origin
        for ruling in self.rulings.values():
            for reading in ruling.readings.values():
                if reading.citations:
                    yield f"{ruling.id}/{reading.id}", reading.citations, ruling.origin


def load_spec(game: str | Path) -> Spec:
    """Load and validate (YAML and schema) the spec of ``game`` — a game id or a spec folder path.

    Raises :class:`rulespec.problems.SpecError` listing every problem when the files are not valid.
    Semantic checks (references, counts) are :func:`rulespec.validation.validate`'s job.
    """
    from rulespec.loading import load_documents

    loaded = load_documents(game)
    if loaded.errors:
        from rulespec.problems import SpecError

        raise SpecError(loaded.errors)
    assert loaded.spec is not None
    return loaded.spec
