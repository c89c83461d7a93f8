"""Semantic checks of a spec beyond its schemas: unique ids, resolving references, consistent counts.

Each check is one named function taking the loaded documents/model and returning problems, so a reader can
find what is checked and why in one place (in the style of translate-toolkit's pofilter checks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from rulespec.loading import Loaded
from rulespec.model import Origin, Ruling, Spec
from rulespec.problems import Problem, display_path

#: ``{name}``, ``{term:concept}`` and ``{terms:concept}`` slots of a summary.
PLACEHOLDER = re.compile(r"\{([a-z_]+:)?([a-z0-9_.]+)\}")

#: Id spaces: the things of the game (components … rules) share one; glossary concepts and rulings have their
#: own, so a component and the concept naming it can both be ``storage_board``.
_ID_SPACES: tuple[dict[str, tuple[str, ...]], ...] = (
    {
        "components": ("components", "records", "decks"),
        "board": ("areas", "tables"),
        "setup": ("steps",),
        "rules": ("variants", "rules"),
    },
    {"glossary": ("concepts",)},
    {"rulings": ("rulings",)},
)


def _problem(origin: Origin, path_suffix: str, message: str, check: str, severity: str = "error") -> Problem:
    return Problem(origin.file, origin.line_of(path_suffix), origin.path + path_suffix, message, check, severity)


def check_unique_ids(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every id is unique in its id space: rules, components, areas, spaces … share one; concepts and rulings
    each have their own."""
    for space in _ID_SPACES:
        yield from _duplicates(loaded, space)


def _duplicates(loaded: Loaded, space: dict[str, tuple[str, ...]]) -> Iterator[Problem]:
    seen: dict[str, str] = {}
    for kind, keys in space.items():
        for doc in loaded.documents.get(kind, []):
            for key in keys:
                for i, item in enumerate(doc.data.get(key, []) or []):
                    entries = [(f"/{key}/{i}", item["id"])]
                    entries += [(f"/{key}/{i}/spaces/{j}", s["id"]) for j, s in enumerate(item.get("spaces", []))]
                    for path, item_id in entries:
                        where = f"{display_path(doc.path)}:{doc.line_of(path)}"
                        if item_id in seen:
                            yield Problem(display_path(doc.path), doc.line_of(path), path + "/id",
                                          f"duplicate id {item_id!r} (first at {seen[item_id]})", "ids")
                        else:
                            seen[item_id] = where


def all_ids(spec: Spec) -> set[str]:
    """Every id an item of the spec can refer to."""
    ids: set[str] = set()
    for group in (spec.components, spec.records, spec.decks, spec.areas, spec.tables, spec.rules,
                  spec.variants, spec.concepts, spec.rulings):
        ids.update(group)
    ids.update(step.id for step in spec.setup)
    ids.update(space.id for area in spec.areas.values() for space in area.spaces)
    return ids


def check_references(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every reference to another item (refs, concept, part_of, component, on, ruling, variant) resolves."""
    ids = all_ids(spec)
    rules_and_steps = set(spec.rules) | {s.id for s in spec.setup}

    def ref(origin: Origin, field: str, target: str | None, pool: set[str] | dict[str, Any], what: str) -> Iterator[Problem]:
        if target is not None and target not in pool:
            yield _problem(origin, f"/{field}", f"{what} {target!r} does not exist", "references")

    for c in spec.components.values():
        yield from ref(c.origin, "concept", c.concept, spec.concepts, "concept")
        yield from ref(c.origin, "part_of", c.part_of, spec.components, "component")
    for r in spec.records.values():
        yield from ref(r.origin, "component", r.component, spec.components, "component")
    for d in spec.decks.values():
        for i, (component, _) in enumerate(d.parts):
            yield from ref(d.origin, f"parts/{i}/component", component, spec.components, "component")
    for a in spec.areas.values():
        yield from ref(a.origin, "on", a.on, spec.components, "component")
        yield from ref(a.origin, "concept", a.concept, spec.concepts, "concept")
    for item in [*spec.components.values(), *spec.areas.values(), *spec.tables.values(), *spec.setup,
                 *spec.rules.values(), *spec.concepts.values()]:
        for i, target in enumerate(item.refs):
            yield from ref(item.origin, f"refs/{i}", target, ids, "referenced id")
    for rule in [*spec.setup, *spec.rules.values()]:
        yield from ref(rule.origin, "ruling", rule.ruling, spec.rulings, "ruling")
        yield from ref(rule.origin, "variant", rule.variant, spec.variants, "variant")
    for ruling in spec.rulings.values():
        for i, target in enumerate(ruling.rules):
            yield from ref(ruling.origin, f"rules/{i}", target, rules_and_steps, "rule")


def check_editions(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Edition ids are unique, one is the default, and every edition id used elsewhere is declared."""
    doc = loaded.documents["game"][0]
    seen: set[str] = set()
    for i, item in enumerate(doc.data["editions"]):
        if item["id"] in seen:
            yield Problem(display_path(doc.path), doc.line_of(f"/editions/{i}"), f"/editions/{i}/id",
                          f"duplicate edition {item['id']!r}", "editions")
        seen.add(item["id"])
    if spec.default_edition not in spec.editions:
        yield Problem(display_path(doc.path), doc.line_of("/default_edition"), "/default_edition",
                      f"default edition {spec.default_edition!r} is not declared", "editions")
    if spec.players_min > spec.players_max:
        yield Problem(display_path(doc.path), doc.line_of("/players"), "/players", "min is larger than max", "editions")
    for item_id, citations, origin in spec.cited_items():
        for edition in citations:
            if edition not in spec.editions:
                yield _problem(origin, "/citations", f"{item_id}: citation of undeclared edition {edition!r}", "editions")
    for passage in spec.not_rules:
        if passage.edition not in spec.editions:
            yield _problem(passage.origin, "/edition", f"undeclared edition {passage.edition!r}", "editions")


def check_every_edition_cited(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every rule, setup step, component, area, table and deck says what each edition states (quote or silent)."""
    for item_id, citations, origin in spec.cited_items():
        if "/" in item_id:  # a ruling's reading cites only the editions that state it
            continue
        missing = [e for e in spec.editions if e not in citations]
        if missing:
            yield _problem(origin, "/citations",
                           f"{item_id}: no citation for edition(s) {', '.join(missing)} (quote it, or "
                           "write {silent: reason})", "citations")


def check_counts(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """A component's records add up to its count; a deck's parts add up to its size; subsets fit their set."""
    for component in spec.components.values():
        records = spec.records_of(component.id)
        if records:
            total = sum(r.count for r in records)
            if total != component.count:
                yield _problem(component.origin, "/count",
                               f"{component.id}: count is {component.count} but its records add up to {total}",
                               "counts")
        if component.part_of and component.part_of in spec.components:
            whole = spec.components[component.part_of]
            if component.count > whole.count:
                yield _problem(component.origin, "/count",
                               f"{component.id}: {component.count} is more than the {whole.count} of "
                               f"{whole.id} it is part of", "counts")
    for deck in spec.decks.values():
        total = sum(count for _, count in deck.parts)
        if total != deck.size:
            parts = " + ".join(f"{count} {component}" for component, count in deck.parts)
            yield _problem(deck.origin, "/size", f"{deck.id}: size is {deck.size} but its parts sum to {total} "
                           f"({parts})", "counts")
        for i, (component, count) in enumerate(deck.parts):
            if component in spec.components and count > spec.components[component].count:
                yield _problem(deck.origin, f"/parts/{i}/count", f"{deck.id}: uses {count} {component} but the "
                               f"game has {spec.components[component].count}", "counts")


def check_glossary(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every concept has a term in every edition; keys that are no edition must be marked project translations."""
    languages = {e.language for e in spec.editions.values()}
    for concept in spec.concepts.values():
        missing = [e for e in spec.editions if e not in concept.terms]
        if missing:
            yield _problem(concept.origin, "/terms", f"concept {concept.id!r} has no term for edition(s) "
                           f"{', '.join(missing)}", "glossary")
        for key, term in concept.terms.items():
            if key in spec.editions:
                continue
            if key in spec.summary_languages and key not in languages and term.project_translation:
                continue
            yield _problem(concept.origin, f"/terms/{key}",
                           f"concept {concept.id!r}: {key!r} is neither an edition nor a summary language without "
                           "an edition marked project_translation: true", "glossary")


def check_rulings(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Readings are distinct, no edition states two readings, all set the same params, the default exists."""
    for ruling in spec.rulings.values():
        if ruling.default not in ruling.readings:
            yield _problem(ruling.origin, "/default", f"ruling {ruling.id!r}: default {ruling.default!r} is not one "
                           "of its readings", "rulings")
        claimed: dict[str, str] = {}
        names = None
        for reading in ruling.readings.values():
            for edition in reading.editions:
                if edition not in spec.editions:
                    yield _problem(ruling.origin, "/readings", f"ruling {ruling.id!r}: reading {reading.id!r} names "
                                   f"undeclared edition {edition!r}", "rulings")
                elif edition in claimed:
                    yield _problem(ruling.origin, "/readings", f"ruling {ruling.id!r}: edition {edition!r} states "
                                   f"both {claimed[edition]!r} and {reading.id!r}", "rulings")
                claimed[edition] = reading.id
            if names is None:
                names = set(reading.params)
            elif set(reading.params) != names:
                yield _problem(ruling.origin, "/readings", f"ruling {ruling.id!r}: reading {reading.id!r} sets "
                               f"params {sorted(reading.params)} but others set {sorted(names)}", "rulings")
        if len(ruling.readings) != len({r.id for r in ruling.readings.values()}):
            yield _problem(ruling.origin, "/readings", f"ruling {ruling.id!r}: duplicate reading ids", "rulings")
        yield from _ruling_params_match_rules(spec, ruling)


def _ruling_params_match_rules(spec: Spec, ruling: Ruling) -> Iterator[Problem]:
    """A reading's params are params of the rules the ruling touches, and those rules hold the default reading.

    The engine lays the chosen reading over the rule's params, so a reading that sets a name no rule has, or a
    rule whose value differs from the default reading's, would make the spec and the engine's default disagree.
    """
    rules = [spec.rule(r) for r in ruling.rules if r in spec.rules or any(s.id == r for s in spec.setup)]
    if not rules or ruling.default not in ruling.readings:
        return
    names = {name for rule in rules for name in rule.params}
    for name, value in ruling.readings[ruling.default].params.items():
        if name not in names:
            yield _problem(ruling.origin, "/readings", f"ruling {ruling.id!r}: param {name!r} of its readings is "
                           f"a param of none of its rules ({', '.join(ruling.rules)})", "rulings")
            continue
        for rule in rules:
            if name in rule.params and rule.params[name] != value:
                yield _problem(ruling.origin, "/default", f"ruling {ruling.id!r}: rule {rule.id} has {name}="
                               f"{rule.params[name]!r} but the default reading {ruling.default!r} has {value!r}",
                               "rulings")


def check_summaries(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every ``{param}`` slot of a summary names a param of its rule; every ``{term:x}`` a concept."""
    items = [(r.origin, r.id, r.summary, r.params) for r in [*spec.setup, *spec.rules.values()]]
    items += [(ruling.origin, f"{ruling.id}/{r.id}", r.summary, r.params)
              for ruling in spec.rulings.values() for r in ruling.readings.values()]
    for origin, item_id, summary, params in items:
        for match in PLACEHOLDER.finditer(summary):
            prefix, name = match.groups()
            if prefix in ("term:", "terms:"):
                if name not in spec.concepts:
                    yield _problem(origin, "/summary", f"{item_id}: summary refers to unknown concept {name!r}",
                                   "summaries")
            elif prefix:
                yield _problem(origin, "/summary", f"{item_id}: unknown placeholder {match.group(0)!r}", "summaries")
            elif name not in params:
                yield _problem(origin, "/summary", f"{item_id}: summary slot {{{name}}} is not a param of the rule",
                               "summaries")


def check_attribute_types(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """Every component's and record's attributes have the types its ``attribute_types`` declare (see
    :mod:`rulespec.attribute_types`)."""
    from rulespec.attribute_types import check_attribute_types as check

    parents = {c.id: c.part_of for c in spec.components.values()}
    yield from check(loaded.documents.get("components", []), set(spec.components), parents)


def check_aid(loaded: Loaded, spec: Spec) -> Iterator[Problem]:
    """The player aid (``aid.yaml``) names existing rules, tables and concepts, every slot of its lines is a
    param of the rules the line names (``rulespec.aid``), and each disputed point has a line per reading."""
    from rulespec.aid import line_problems

    if spec.aid is None:
        return
    for line in spec.aid.lines():
        for suffix, message in line_problems(spec, line):
            yield _problem(line.origin, suffix, message, "aid")
    for block in spec.aid.reference:
        if block.table is not None and block.table not in spec.tables:
            yield _problem(block.origin, "/table", f"aid block shows table {block.table!r}, which does not exist",
                           "aid")


#: Every semantic check, in report order.
CHECKS: tuple[Callable[[Loaded, Spec], Iterator[Problem]], ...] = (
    check_unique_ids,
    check_editions,
    check_references,
    check_every_edition_cited,
    check_counts,
    check_attribute_types,
    check_glossary,
    check_rulings,
    check_summaries,
    check_aid,
)


def check_semantics(loaded: Loaded) -> list[Problem]:
    """Run every semantic check on a loaded spec (nothing to check when it did not load)."""
    if loaded.spec is None:
        return []
    return [problem for check in CHECKS for problem in check(loaded, loaded.spec)]
