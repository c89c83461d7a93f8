"""Validate each spec document against its kind's JSON Schema, reporting every error with file and line."""

from __future__ import annotations

from functools import cache

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from rulespec.kinds import KINDS, common_schema, schema
from rulespec.problems import Problem
from rulespec.yaml_source import YamlDocument


@cache
def _validator(kind: str) -> Draft202012Validator:
    registry = Registry().with_resources(
        [(f"{k}.schema.json", Resource.from_contents(schema(k))) for k in (*KINDS, "common")]
    )
    common_schema()  # warm the cache: every kind refers to it
    return Draft202012Validator(schema(kind), registry=registry)


def check_document(kind: str, doc: YamlDocument, display: str) -> list[Problem]:
    """Every schema error of ``doc`` (a file of ``kind``), most specific first."""
    problems = []
    for error in _validator(kind).iter_errors(doc.data):
        leaf = _most_specific(error)
        path = "/" + "/".join(str(p) for p in leaf.absolute_path) if leaf.absolute_path else ""
        if leaf.validator == "additionalProperties" and isinstance(leaf.instance, dict):
            # Point at the first unknown key's own line, where the user has to look.
            allowed = set(leaf.schema.get("properties", {}))
            unknown = [k for k in leaf.instance if k not in allowed]
            if unknown:
                path = f"{path}/{unknown[0]}"
        problems.append(Problem(display, doc.line_of(path), path or "/", _message(leaf), "schema"))
    return sorted(set(problems))


def _most_specific(error: ValidationError) -> ValidationError:
    """For anyOf/oneOf failures, the sub-error that got deepest into the document is the useful one."""
    if not error.context:
        return error
    best = max(error.context, key=lambda e: (len(e.absolute_path), -len(e.context or ())))
    if len(best.absolute_path) > len(error.absolute_path):
        return _most_specific(best)
    return error


def _message(error: ValidationError) -> str:
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown field(s)")
    if error.validator == "required":
        return error.message.replace("is a required property", "is required")
    if error.validator in ("anyOf", "oneOf"):
        return f"{_short(error.instance)} is not a valid value here ({error.schema.get('description', '').split('.')[0]})"
    return error.message


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
