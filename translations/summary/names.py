"""How a summary's tables name what the spec writes as ids: a player reads terms and labels, never `shipyard_2`.

A table cell or column header that holds a spec string is shown, in order of preference, as

1. the glossary term of the concept it is the id of (`captain` → "Kapitän");
2. the name of the component, face (record) or board area it is the id of (`card.start.spain` → its name;
   an item with a glossary concept → the term). A face with no name of its own is named by its component and
   its place among the component's faces: `ship.large.l01` → "Großes Schiff 1" (`record_number`);
3. the glossary term of the concept the spec's *English* words name: `sail` is the English variant of the
   concept `sail_value` ("Segelwert", Z-Man's "speed"), `good` its singular of `goods` (`concept_named`). So a
   value is spelled as each edition spells the thing, without a list of ids;
4. a face's own name for it (`unique_expansion_name: Shipyard` beside `unique_expansion: shipyard_2`), named
   by steps 1-3 or, as prose, by the catalog (`face_value`);
5. otherwise a label of the message catalog: the id in words (`objective_stack` → msgid "Objective stack"),
   extracted by `translations.summary.catalog` with the same test (`needs_label`), so a German or Dutch table
   never shows an untranslated label.

The number of a header follows the spec's English key: a column `points` counts points and is headed by the
plural ("Punkte"), a column `crate` holds a crate value and is headed by the singular ("Kiste")
(`header_concept`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from translations.summary.values import shown_attributes

#: A string written as an id (`objective_stack`, `sail`, `ship.large.l01`), not as prose.
IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*")


def humanise(identifier: str) -> str:
    """`victory_points` → `Victory points`: the English label (and msgid) of an id with no glossary concept."""
    words = identifier.replace(".", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def label_msgid(value: str) -> str:
    """The catalog msgid of a string no concept or item names: an id in words, prose as written."""
    return humanise(value) if IDENTIFIER.fullmatch(value) else value


class SpecNames:
    """The naming rules of the module docstring for one spec (its English words read once)."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        # The spec's ids are English as the edition `en` spells it; another English edition's words (Z-Man's
        # "order" for a contract tile, "goal" for an objective card) would misread plain ids such as `order`.
        english = {"en"} if "en" in spec.editions else {e.id for e in spec.editions.values() if e.language == "en"}
        english.add("en")
        #: Per concept: its English singular terms, plurals and variants, case-folded.
        self.english: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {}
        for concept in spec.concepts.values():
            terms = [term for key, term in concept.terms.items() if key in english]
            singular = {t.term.casefold() for t in terms}
            plural = {t.plural.casefold() for t in terms if t.plural} - singular
            variants = {v.casefold() for t in terms for v in t.variants} - singular - plural
            self.english[concept.id] = (frozenset(singular), frozenset(plural), frozenset(variants))
        #: The strings a table shows as terms: concept ids, and ids of components and board areas with a concept
        #: (`good.wood` reads "Holz": an objective card names its good, a compass tile its island).
        items = [*spec.components.values(), *spec.areas.values()]
        self.shown_ids = frozenset(spec.concepts) | {i.id for i in items if getattr(i, "concept", None) in spec.concepts}
        #: Ids of board areas that share their concept with other areas and whose names tell them apart (five
        #: spaces are all "Zielfeld"; "Objective card space (square)" says which): a table naming one of them
        #: shows its own name, since the term alone does not say which it is. Areas named alike ("Crew" twice)
        #: keep the term.
        per_concept: dict[str, list[Any]] = {}
        for area in spec.areas.values():
            if area.concept in spec.concepts and area.name:
                per_concept.setdefault(area.concept, []).append(area)
        self.named_apart = frozenset(area.id for areas in per_concept.values()
                                     if len(areas) > 1 and len({a.name for a in areas}) == len(areas) for area in areas)

    def concept_named(self, text: str, variants: bool = True) -> str | None:
        """The concept `text` is the id of, else the one concept whose English term or plural (or, with
        `variants`, variant) it spells: `good` → `goods`, `Shipyard` → `shipyard`, `sail` → `sail_value` (a
        variant); None when none or several do. A column header is matched without variants: a key names
        its column exactly (`vp` is the header "Vp", not the singular of "victory point")."""
        if text in self.spec.concepts:
            return text
        wanted = humanise(text).casefold() if IDENTIFIER.fullmatch(text) else text.casefold()
        found = [cid for cid, (singular, plural, other) in self.english.items()
                 if wanted in singular or wanted in plural or (variants and wanted in other)]
        return found[0] if len(found) == 1 else None

    def header_concept(self, key: str) -> tuple[str, bool] | None:
        """The concept heading a column `key`, and whether in the plural: a key spelled as the English plural
        (`points`, `island_tiles`) counts things, one spelled as the singular (`crate`) names a value."""
        concept = self.concept_named(key, variants=False)
        if concept is None:
            return None
        return concept, self.is_plural(key, concept)

    def is_plural(self, text: str, concept: str) -> bool:
        """True when `text` spells the English plural of `concept` (`goods`, `points`), not its singular."""
        return humanise(text).casefold() in self.english[concept][1]

    def item(self, item_id: str) -> Any | None:
        """The component, face (record) or board area `item_id` names, if any."""
        spec = self.spec
        return spec.components.get(item_id) or spec.records.get(item_id) or spec.areas.get(item_id)

    def own_name(self, item_id: str) -> str | None:
        """The name a table shows for an id instead of its concept's term (see `named_apart`), else None."""
        return self.spec.areas[item_id].name if item_id in self.named_apart else None

    def record_number(self, record: Any) -> int:
        """A face's place (from 1) among its component's faces: "Großes Schiff 1" for a face with no name."""
        faces = self.spec.records_of(record.component)
        return next(i for i, r in enumerate(faces, start=1) if r.id == record.id)

    def face_value(self, record: Any, key: str) -> Any:
        """What a face table shows for `key`: the attribute, or the face's own `<key>_name` where the attribute
        is an id no concept or item names (`unique_expansion: shipyard_2` with `unique_expansion_name:
        Shipyard` shows "Shipyard", a glossary term)."""
        value = record.attributes.get(key)
        name = record.attributes.get(f"{key}_name")
        if isinstance(value, str) and isinstance(name, str) and self.needs_label(value):
            return name
        return value

    def needs_label(self, value: str) -> bool:
        """True when a shown string is named by a catalog label (step 5 of the module docstring)."""
        return self.item(value) is None and self.concept_named(value) is None

    def shown_keys(self, component_id: str) -> list[str]:
        """The attribute columns of a component's face table: those a summary shows for any of its faces."""
        records = self.spec.records_of(component_id)
        return list(dict.fromkeys(k for r in records for k in shown_attributes(r.attributes, self.shown_ids)))

    def label_messages(self) -> dict[str, set[str]]:
        """Catalog labels the face tables and spec tables show, by the item they come from (`record:<id>`,
        `table:<id>`): what `translations.summary.catalog` extracts for step 5."""
        spec = self.spec
        found: dict[str, set[str]] = {}
        for component_id in spec.components:
            keys = self.shown_keys(component_id)
            for record in spec.records_of(component_id):
                for key in keys:
                    for text in strings_in(self.face_value(record, key)):
                        if self.needs_label(text):
                            found.setdefault(f"record:{record.id}", set()).add(label_msgid(text))
                        elif (own := self.own_name(text)) is not None:
                            found.setdefault(f"record:{record.id}", set()).add(own)
        for table in spec.tables.values():
            for text in strings_in([list(row) for row in table.rows]):
                if IDENTIFIER.fullmatch(text) and self.needs_label(text):
                    found.setdefault(f"table:{table.id}", set()).add(label_msgid(text))
                elif (own := self.own_name(text)) is not None:
                    found.setdefault(f"table:{table.id}", set()).add(own)
        return found


def strings_in(value: Any) -> Iterator[str]:
    """Every string of a cell value (lists and mappings walked; mapping keys are labels, not values)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings_in(v)
