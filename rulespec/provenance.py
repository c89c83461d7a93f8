"""Where each value of the rules comes from: sourced, example, inferred, assumed — or an unmarked guess.

A value is *sourced* when it is written plainly inside an item whose citations quote at least one edition:
the quoted passage states it. A value is *example*/*inferred*/*assumed* when it, its item, or its file carries
that provenance. Anything else is *unmarked*: a value nobody has vouched for, which validation rejects.
Values are the entries of ``count``, ``attributes``, ``params`` and table ``rows``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulespec.loading import Loaded
from rulespec.problems import Problem, display_path
from rulespec.yaml_source import YamlDocument

CATEGORIES: tuple[str, ...] = ("sourced", "example", "inferred", "assumed", "unmarked")
_VALUE_KEYS = ("count", "attributes", "params", "rows")
#: Keys holding no values of the rules: where values come from, and the declared types of attributes.
_NOT_VALUES = ("citations", "provenance", "attribute_types")


@dataclass(frozen=True)
class ValueSite:
    """One value of a spec file and its provenance category."""

    file: str
    line: int
    path: str
    category: str
    #: The reason given by the nearest provenance mark that has one (the value's own, its item's, or its file's).
    reason: str = ""
    #: The name a player reads for the value, from its own mark only (a name belongs to one value); "" if none.
    name: str = ""


def _is_marked(value: Any) -> bool:
    return isinstance(value, dict) and "provenance" in value and "value" in value


def _cites_something(item: dict[str, Any]) -> bool:
    citations = item.get("citations") or {}
    return any(not (isinstance(c, dict) and "silent" in c) for c in citations.values())


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Leaf values below ``value``, a marked value counting as one leaf."""
    if _is_marked(value):
        yield path, value
    elif isinstance(value, dict):
        for key, sub in value.items():
            yield from _leaves(sub, f"{path}/{key}")
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _leaves(sub, f"{path}/{i}")
    else:
        yield path, value


def _sites(doc: YamlDocument) -> Iterator[ValueSite]:
    shown = display_path(doc.path)
    file_mark = (doc.data.get("provenance") or {}).get("kind") if isinstance(doc.data, dict) else None

    def walk(node: Any, path: str, inherited: str | None, inherited_reason: str) -> Iterator[ValueSite]:
        if isinstance(node, list):
            for i, item in enumerate(node):
                yield from walk(item, f"{path}/{i}", inherited, inherited_reason)
            return
        if not isinstance(node, dict) or _is_marked(node):
            return
        own = node.get("provenance") if isinstance(node.get("provenance"), dict) else {}
        mark = own.get("kind")
        here = mark or inherited
        reason = str(own.get("reason") or "") or inherited_reason
        if here is None and _cites_something(node):
            here = "sourced"
        if node.get("editions"):  # a ruling's reading: the editions that state it vouch for its params
            here = here or "sourced"
        for key, value in node.items():
            sub = f"{path}/{key}"
            if key in _VALUE_KEYS:
                for leaf_path, leaf in _leaves(value, sub):
                    marked = _is_marked(leaf)
                    category = leaf["provenance"] if marked else (here or "unmarked")
                    why = (str(leaf.get("reason") or "") if marked else "") or reason
                    name = str(leaf.get("name") or "") if marked else ""
                    yield ValueSite(shown, doc.line_of(leaf_path), leaf_path, category, why, name)
            elif key not in _NOT_VALUES:
                yield from walk(value, sub, here, reason)

    yield from walk(doc.data, "", file_mark, "")


def value_sites(loaded: Loaded) -> list[ValueSite]:
    """Every value of every file of a loaded spec, with its category."""
    return [site for docs in loaded.documents.values() for doc in docs for site in _sites(doc)]


def provenance_counts(loaded: Loaded) -> dict[str, Counter[str]]:
    """Per file: how many values are sourced / example / inferred / assumed / unmarked."""
    counts: dict[str, Counter[str]] = {}
    for site in value_sites(loaded):
        counts.setdefault(site.file, Counter())[site.category] += 1
    return counts


def check_unmarked(loaded: Loaded) -> list[Problem]:
    """An error for every value that is neither sourced by a citation nor marked with a provenance."""
    return [
        Problem(s.file, s.line, s.path, "value is neither stated by a cited passage nor marked with a provenance "
                "({value, provenance: example|inferred|assumed, reason})", "provenance")
        for s in value_sites(loaded)
        if s.category == "unmarked"
    ]
