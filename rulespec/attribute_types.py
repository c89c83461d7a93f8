"""Typed attributes: each component declares the types of its attributes and of its records' attributes.

A component's records (the faces of its tiles and cards) carry named values — ``sail: 4``, ``cost: [good.wood,
…]``. Without declared types a typo in a value (``sail: eleventy``) or a name (``sial: 4``) validates and
surfaces as a crash or a wrong game much later. So a game's spec declares them, in the ``attribute_types`` list
of its components files (``components/attribute_types.yaml`` in the bundled games)::

    attribute_types:
      - component: ship.small           # for its records, and for those of the components part of it
        records: {sail: integer, crate: integer, settler: integer, telescope: integer}
      - component: ship.small.starting  # adds to what ship.small declares for its records
        records: {nation: id}
        attributes: {back_mark: string} # the component's own attributes (not inherited)

A type is a name — ``integer``, ``number``, ``string``, ``boolean``, ``id`` (a dotted id) — or ``list[T]``,
``map[T]`` (names to ``T``, e.g. ``{crew: 2}``), with ``?`` at the end for "or null"; or an object
``{type, optional, nullable, minimum, maximum, enum, items, values}`` for the rest (``schemas/components.schema
.json`` describes the declaration). Every declared attribute is required unless ``optional: true``; an
attribute nobody declared is an error, so is a value of the wrong type. Values marked with provenance
(``{value, provenance, reason}``) are checked by their value.

:func:`check_attribute_types` reports each problem with the file, line and JSON path of the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rulespec.model import is_marked_value
from rulespec.problems import Problem, display_path
from rulespec.yaml_source import YamlDocument

#: The named types and the JSON Schema each stands for.
SCALARS: dict[str, dict[str, Any]] = {
    "integer": {"type": "integer"},
    "number": {"type": "number"},
    "string": {"type": "string"},
    "boolean": {"type": "boolean"},
    "id": {"type": "string", "pattern": r"^[a-z0-9_]+(\.[a-z0-9_]+)*$(?!\n)"},
}
_SHORTHAND = re.compile(r"(?P<outer>list|map)\[(?P<inner>.+)\]|(?P<name>[a-z]+)")


class DeclarationError(ValueError):
    """A type that is not one of the declaration language (the schema catches most before this)."""


def type_schema(declared: Any) -> dict[str, Any]:
    """The JSON Schema of one declared type (see the module doc); raises :class:`DeclarationError`."""
    if isinstance(declared, str):
        nullable = declared.endswith("?")
        schema = _shorthand(declared.removesuffix("?"))
        return {"anyOf": [schema, {"type": "null"}]} if nullable else schema
    if not isinstance(declared, dict) or "type" not in declared:
        raise DeclarationError(f"not a type: {declared!r}")
    name = declared["type"]
    if name == "list":
        schema: dict[str, Any] = {"type": "array", "items": type_schema(declared.get("items", "string"))}
    elif name == "map":
        schema = {"type": "object", "propertyNames": {"pattern": r"^[a-z][a-z0-9_]*$(?!\n)"},
                  "additionalProperties": type_schema(declared.get("values", "string"))}
    else:
        schema = _shorthand(name)
    schema = dict(schema)
    for bound in ("minimum", "maximum", "enum"):
        if bound in declared:
            schema[bound] = declared[bound]
    return {"anyOf": [schema, {"type": "null"}]} if declared.get("nullable") else schema


def _shorthand(text: str) -> dict[str, Any]:
    match = _SHORTHAND.fullmatch(text.strip())
    if match is None:
        raise DeclarationError(f"unknown type {text!r}")
    if match["name"]:
        if match["name"] not in SCALARS:
            raise DeclarationError(f"unknown type {text!r} (types: {', '.join(SCALARS)}, list[T], map[T])")
        return dict(SCALARS[match["name"]])
    if match["outer"] == "list":
        return {"type": "array", "items": type_schema(match["inner"])}
    return {"type": "object", "propertyNames": {"pattern": r"^[a-z][a-z0-9_]*$(?!\n)"},
            "additionalProperties": type_schema(match["inner"])}


def attributes_schema(declared: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of an ``attributes`` mapping with these declared attributes (no others allowed)."""
    required = sorted(name for name, t in declared.items() if not (isinstance(t, dict) and t.get("optional")))
    return {"type": "object", "properties": {name: type_schema(t) for name, t in declared.items()},
            "required": required, "additionalProperties": False}


@dataclass
class Declarations:
    """The declared attribute types of a spec: per component, for its records and for itself."""

    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    attributes: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: where each component's declaration is written: (document, JSON path)
    where: dict[str, tuple[YamlDocument, str]] = field(default_factory=dict)

    def for_records_of(self, component: str, parents: dict[str, str | None]) -> dict[str, Any] | None:
        """The record attributes declared for ``component`` and the components it is part of (nearest wins);
        None when none of them declares any."""
        chain = []
        seen: set[str] = set()
        current: str | None = component
        while current is not None and current not in seen:
            seen.add(current)
            chain.append(current)
            current = parents.get(current)
        merged: dict[str, Any] = {}
        found = False
        for name in reversed(chain):
            if name in self.records:
                merged.update(self.records[name])
                found = True
        return merged if found else None


def declarations(docs: list[YamlDocument]) -> tuple[Declarations, list[Problem]]:
    """The ``attribute_types`` of a game's components files, and the problems of the declarations themselves."""
    result = Declarations()
    problems: list[Problem] = []
    for doc in docs:
        for i, item in enumerate(doc.data.get("attribute_types", []) or []):
            path = f"/attribute_types/{i}"
            component = item["component"]
            if component in result.where:
                first_doc, first_path = result.where[component]
                problems.append(Problem(display_path(doc.path), doc.line_of(path), f"{path}/component",
                                        f"attribute types of {component!r} declared twice (first at "
                                        f"{display_path(first_doc.path)}:{first_doc.line_of(first_path)})",
                                        "attribute_types"))
                continue
            result.where[component] = (doc, path)
            for section in ("records", "attributes"):
                declared = item.get(section)
                if declared is None:
                    continue
                for name, declared_type in declared.items():
                    try:
                        type_schema(declared_type)
                    except DeclarationError as exc:
                        where = f"{path}/{section}/{name}"
                        problems.append(Problem(display_path(doc.path), doc.line_of(where), where, str(exc),
                                                "attribute_types"))
                        break
                else:
                    getattr(result, section)[component] = declared
    return result, problems


def check_attribute_types(docs: list[YamlDocument], components: set[str], parents: dict[str, str | None]
                          ) -> Iterator[Problem]:
    """Every component's and record's attributes against the declared types (see the module doc)."""
    from jsonschema import Draft202012Validator

    declared, problems = declarations(docs)
    yield from problems
    for component, (doc, path) in declared.where.items():
        if component not in components:
            yield Problem(display_path(doc.path), doc.line_of(f"{path}/component"), f"{path}/component",
                          f"attribute types declared for {component!r}, which is not a component", "attribute_types")
    validators: dict[str, Any] = {}

    def validator(key: str, attributes: dict[str, Any]) -> Any:
        if key not in validators:
            validators[key] = Draft202012Validator(attributes_schema(attributes))
        return validators[key]

    undeclared_reported: set[str] = set()
    for doc in docs:
        for i, item in enumerate(doc.data.get("components", []) or []):
            raw = item.get("attributes") or {}
            if not raw:
                continue
            path = f"/components/{i}"
            own = declared.attributes.get(item["id"])
            if own is None:
                yield _undeclared(doc, path, f"component {item['id']!r} has attributes ({', '.join(raw)}) but no "
                                  "declared types (an `attributes:` entry in its attribute_types)")
                continue
            yield from _check(doc, path, raw, validator(f"component:{item['id']}", own))
        for i, item in enumerate(doc.data.get("records", []) or []):
            raw = item.get("attributes") or {}
            path = f"/records/{i}"
            component = item["component"]
            types = declared.for_records_of(component, parents)
            if types is None:
                if raw and component not in undeclared_reported:
                    undeclared_reported.add(component)  # once per component, at its first record
                    yield _undeclared(doc, path, f"records of {component!r} have attributes but no declared types "
                                      "(a `records:` entry in attribute_types for it or a component it is part of)")
                continue
            yield from _check(doc, path, raw, validator(f"records:{component}", types))


def _undeclared(doc: YamlDocument, path: str, message: str) -> Problem:
    return Problem(display_path(doc.path), doc.line_of(f"{path}/attributes"), f"{path}/attributes", message,
                   "attribute_types")


def _check(doc: YamlDocument, path: str, raw: dict[str, Any], validator: Any) -> Iterator[Problem]:
    from rulespec.model import plain

    for error in validator.iter_errors(plain(raw)):
        parts = list(error.absolute_path)
        if error.validator == "additionalProperties":
            unknown = [k for k in error.instance if k not in error.schema.get("properties", {})]
            parts += unknown[:1]
            message = f"undeclared attribute {unknown[0]!r} (declared: {', '.join(error.schema['properties'])})" \
                if unknown else error.message
        elif error.validator == "required":
            message = f"missing attribute: {error.message.split(' is a required')[0]}"
        else:
            message = f"{_shown(error.instance)} is not {_expected(error)}"
        where = f"{path}/attributes" + _document_path(raw, parts)
        yield Problem(display_path(doc.path), doc.line_of(where), where, message, "attribute_types")


def _document_path(raw: Any, parts: list[Any]) -> str:
    """The JSON path in the file of a path into the plain values: a marked value holds its value under
    ``/value``."""
    out = ""
    node = raw
    for part in parts:
        if is_marked_value(node):
            out += "/value"
            node = node["value"]
        out += f"/{part}"
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    if is_marked_value(node):
        out += "/value"
    return out




def _expected(error: Any) -> str:
    schema = error.schema
    if error.validator == "anyOf":
        options = [s for s in schema["anyOf"] if s != {"type": "null"}]
        return (_describe(options[0]) + " or null") if options else "null"
    if error.validator in ("minimum", "maximum"):
        return f"{'at least' if error.validator == 'minimum' else 'at most'} {schema[error.validator]}"
    if error.validator == "enum":
        return "one of " + ", ".join(map(repr, schema["enum"]))
    if error.validator == "pattern":
        return "an id (lower-case words joined by dots)"
    return _describe(schema)


def _describe(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if kind == "array":
        return "a list"
    if kind == "object":
        return "a mapping"
    if "pattern" in schema:
        return "an id"
    return {"integer": "an integer", "number": "a number", "string": "text", "boolean": "true or false"}.get(
        str(kind), str(kind))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."
