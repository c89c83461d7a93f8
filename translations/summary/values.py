"""Which attribute values a summary shows: what a player reads off the components, not engine bookkeeping.

Numbers, glossary concepts (ids of concepts render as the term, with an icon in HTML), and lists or mappings
built of those are shown; free strings (engine dispatch ids such as `extra_discover_tile`) are not, since they
are neither printed on the components nor translatable prose. The catalog extraction
(`translations.summary.catalog`) applies the same test, so every label the summary shows has a msgid and no msgid is
extracted for a label it hides. A column is shown when any face shows it; its other string values are then
named by `translations.summary.names` (a term, an item's name or a catalog label), never printed raw. The
`concepts` passed here are `SpecNames.shown_ids`: concept ids and the ids of components and areas with a concept.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def shown(value: Any, concepts: Container[str]) -> bool:
    """True when a summary shows `value` (see module docstring)."""
    if is_number(value) or isinstance(value, bool):
        return True
    if isinstance(value, str):
        return value in concepts
    if isinstance(value, list | tuple):
        return bool(value) and all(shown(v, concepts) for v in value)
    if isinstance(value, dict):
        return bool(value) and all(shown(v, concepts) for v in value.values())
    return False


def shown_attributes(attributes: dict[str, Any], concepts: Container[str]) -> dict[str, Any]:
    """The attributes a summary shows, in their order."""
    return {k: v for k, v in attributes.items() if shown(v, concepts)}
